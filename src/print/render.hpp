// Text rendering shared by the commands: dice, Hull bars, rule lines, notes.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "siege/dice.hpp"
#include "siege/structure.hpp"
#include "siege/text.hpp"

namespace siege::cli {

// "[S S] [F] [B] [ ]": one bracket a die, S success, F failure, B boon, X bane.
[[nodiscard]] std::string render_dice(const CheckResult& c);
// What render_dice's symbols mean, one line for under the dice (text only).
[[nodiscard]] std::string_view dice_legend();
// One line describing a check, e.g. "Easy check: 3 skill + 1 difficulty dice, seed 42".
[[nodiscard]] std::string render_check(const CheckResult& c, std::uint64_t seed);
// "[#######.............]  7/20" with width cells.
[[nodiscard]] std::string hull_bar(int suffered, int hull, int width = 20);
// `cells` each padded with spaces to the widest of them (display_width): a
// column of Hull bars whose "0/6" and "0/20" leave what follows aligned.
[[nodiscard]] std::vector<std::string> one_width(std::vector<std::string> cells);
// The "Armor" lines: listed, each step of R1 with its ruling, effective.
[[nodiscard]] std::string render_armor(const ArmorTrace& a);
// The "Hull" bar (with any overkill) and the "State" line of a section.
[[nodiscard]] std::string render_hull_and_state(const HullTrace& h, int overkill, BreachState before,
                                                BreachState after);
// The "Rules" line, then the notes and not-modelled items under "Notes".
[[nodiscard]] std::string render_trailer(const std::vector<std::string>& rules,
                                         const std::vector<std::string>& notes,
                                         const std::vector<std::string>& not_modelled);
// "  - note" lines for notes and not-modelled items.
[[nodiscard]] std::string render_notes(const std::vector<std::string>& notes,
                                       const std::vector<std::string>& not_modelled);
// Output format of tables (list, odds --compare, status), and of the
// chronicle's page (html, markdown).
enum class Format { text, markdown, csv, json, html };
[[nodiscard]] Format parse_format(std::string_view s);

// A table as rows of cells, the first row the header: aligned text (cells
// escaped, escape_text; when width > 0 and the table is wider, its widest
// columns narrowed, down to their header or their longest word, their
// cells wrapped within them between words, so that no id or number is cut;
// where even that is too wide, each row as "HEADER  value" lines), a
// Markdown table (cells escaped), or CSV.
[[nodiscard]] std::string render_table(const std::vector<std::vector<std::string>>& rows, Format f,
                                       std::size_t width = 0);

// Colour on the terminal (ANSI), set once by the CLI: --color, NO_COLOR.
enum class Colour { none, bold, green, yellow, red, dim };
void set_colour(bool on);
[[nodiscard]] bool colour_on();
[[nodiscard]] std::string paint(std::string_view text, Colour c);
// A ladder state's name in its colour: intact green, cracked yellow, breached red;
// padded with spaces to `width` columns (outside the colour) when wider.
[[nodiscard]] std::string painted_state(BreachState s, std::size_t width = 0);
// "pass" in green or "fail" in red.
[[nodiscard]] std::string painted_pass(bool passed);
// What goes wrong for a side, in red: "KNOCKED OUT", a breach to assault.
[[nodiscard]] std::string painted_alarm(std::string_view text);

// ---- the terminal: display width, escaping, wrapping

// The columns `text` takes on a terminal: each UTF-8 character by glibc's
// wcwidth in the C.UTF-8 locale (a CJK ideograph 2, a combining accent 0,
// any other printable character 1; 1 each when that locale is missing), and
// none for the colour sequences paint() writes. Meant for escaped text
// (escape_text): a control character counts 0, a byte that is not UTF-8 1.
[[nodiscard]] std::size_t display_width(std::string_view text);
// `text` as a terminal may show it: every byte a terminal would act on
// (C0 controls, newline and tab included, DEL, the C1 controls U+0080 to
// U+009F) and every byte that is not part of valid UTF-8 written as \xNN,
// R42's format characters as \u{202E} (text::shown_format_char); other
// printable UTF-8 unchanged. For the strings of data and state files.
[[nodiscard]] std::string escape_text(std::string_view text);
// `text` padded with spaces to `width` columns (display_width); as it is
// when it is already as wide.
[[nodiscard]] std::string pad_to(std::string_view text, std::size_t width);
// `text` with every line wider than `width` columns broken at spaces, the
// continuation lines indented as hanging_indent() says (wrap_line: by
// `indent` columns, 0 when that leaves less than 12 columns); a word wider than the room left is broken between two
// characters, never inside one. Control bytes other than newline and the
// colour sequences of paint() are escaped (escape_text). Width 0: no limit.
[[nodiscard]] std::string wrap_text(std::string_view text, std::size_t width);
[[nodiscard]] std::string wrap_line(std::string_view line, std::size_t width, std::size_t indent);
// Where the continuation of `line` starts: under the text after a label
// ("Armor     4  listed": column 10) or a help screen's name column (the
// first run of two spaces), under the text of a "  - " note, two columns
// in from an item indented less than 8 (an example under --help), else
// under the line's own first character (a help description on a line of
// its own); a label column past half of `width` does not count.
[[nodiscard]] std::size_t hanging_indent(std::string_view line, std::size_t width);

// A weapon given by its stats alone (no row: `attack --hull-damage 3`) as
// the user gave it: "inline weapon (--hull-damage 3 --mount heavy)",
// its Hull damage and each stat that is not an inline weapon's default
// written as its option. Messages and text name it so, never by the
// placeholder id "inline" that its JSON keeps.
[[nodiscard]] std::string inline_weapon_words(const Weapon& w);
// `word` as a POSIX shell reads it back: as it is when it holds only
// letters, digits, -_.,:/=+@% and bytes of UTF-8 past ASCII (none of them
// special to the shell in a word after the first), else in single quotes
// ("a night's repair" -> 'a night'\''s repair'). Every word a printed
// command takes from a file, a path or the user goes through it: a hint and
// the chronicle's command lines alike.
[[nodiscard]] std::string shell_word(std::string_view word);
// `command` (its words already shell_word()ed) marked for wrap_text: kept on
// one line when it fits, else started on a line of its own and broken only
// between its shell words (never inside a word or a quoted value), each
// line but the last ending in " \", so that pasting it runs it. For text
// that wrap_text prints (help, text outcomes), never for JSON or tables.
[[nodiscard]] std::string command_line(std::string_view command);

// A hint in a printer's text: a command line the program takes, marked
// (siege/error.hpp's command_words) for the front end to spell as it prints
// the text (Context::emit): on the command line "siege redo --count 2".
// An input among the words is input_word("count"). The first word must be
// a command of the program (tests/check_core_words.py).
[[nodiscard]] std::string hint_mark(std::initializer_list<std::string_view> words);
// The same on the state file `file`: "siege --state FILE scene".
[[nodiscard]] std::string hint_mark_on(std::string_view file, std::initializer_list<std::string_view> words);

// The ruling of a rule id, e.g. "R6", or "" when unknown.
[[nodiscard]] std::string ruling_of(std::string_view rule);
[[nodiscard]] std::string capitalised(std::string_view s);

// The UTF-8 decoder of R42's text utilities (siege/text.hpp).
using text::utf8_at;

}  // namespace siege::cli
