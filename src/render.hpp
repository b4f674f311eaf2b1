// Text rendering shared by the commands: dice, Hull bars, rule lines, notes.
#pragma once

#include <string>
#include <vector>

#include "siege/dice.hpp"
#include "siege/structure.hpp"

namespace siege::cli {

// "[S S] [F] [B] [ ]": one bracket a die, S success, F failure, B boon, X bane.
[[nodiscard]] std::string render_dice(const CheckResult& c);
// One line describing a check, e.g. "Easy check: 3 skill + 1 difficulty dice, seed 42".
[[nodiscard]] std::string render_check(const CheckResult& c, std::uint64_t seed);
// "[#######.............]  7/20" with width cells.
[[nodiscard]] std::string hull_bar(int suffered, int hull, int width = 20);
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
// Output format of tables (list, odds --compare, status).
enum class Format { text, markdown, csv, json };
[[nodiscard]] Format parse_format(std::string_view s);

// A table as rows of cells, the first row the header: aligned text (the
// last column cut to fit `width` when width > 0), a Markdown table, or CSV.
[[nodiscard]] std::string render_table(const std::vector<std::vector<std::string>>& rows, Format f,
                                       std::size_t width = 0);

// Colour on the terminal (ANSI), set once by the CLI: --color, NO_COLOR.
enum class Colour { none, bold, green, yellow, red, dim };
void set_colour(bool on);
[[nodiscard]] bool colour_on();
[[nodiscard]] std::string paint(std::string_view text, Colour c);
// A ladder state's name in its colour: intact green, cracked yellow, breached red.
[[nodiscard]] std::string painted_state(BreachState s);

// The ruling of a rule id, e.g. "R6", or "" when unknown.
[[nodiscard]] std::string ruling_of(const std::string& rule);
[[nodiscard]] std::string capitalised(std::string_view s);

}  // namespace siege::cli
