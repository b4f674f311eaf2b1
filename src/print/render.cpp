#include "print/render.hpp"

#include <locale.h>
#include <wchar.h>

#include <algorithm>
#include <cctype>
#include <optional>

#include <fmt/core.h>
#include <fmt/format.h>

#include "siege/error.hpp"
#include "siege/text.hpp"
#include "siege/rules.hpp"

namespace siege::cli {

std::string capitalised(std::string_view s) {
  std::string out(s);
  if (!out.empty() && out[0] >= 'a' && out[0] <= 'z') out[0] = static_cast<char>(out[0] - 'a' + 'A');
  return out;
}

std::string render_dice(const CheckResult& c) {
  std::string out;
  DieKind last = DieKind::skill;
  bool first = true;
  for (const auto& d : c.dice) {
    if (!first && d.kind != last) out += " |";
    if (!first) out += ' ';
    first = false;
    last = d.kind;
    std::string sym;
    auto put = [&](int n, char ch) {
      for (int i = 0; i < n; ++i) sym += sym.empty() ? std::string(1, ch) : std::string(" ") + ch;
    };
    put(d.symbols.success, 'S');
    put(d.symbols.failure, 'F');
    put(d.symbols.boon, 'B');
    put(d.symbols.bane, 'X');
    out += '[';
    out += sym.empty() ? std::string(" ") : sym;
    out += ']';
  }
  return out;
}

std::string render_check(const CheckResult& c, std::uint64_t seed) {
  if (!c.rolled)
    return fmt::format("{} check, the referee's roll: {} net Successes, {} net Boons -> {}",
                       capitalised(name_of(c.difficulty)), c.net_successes, c.net_boons,
                       painted_pass(c.passed()));
  int n[4] = {0, 0, 0, 0};
  for (const auto& d : c.dice) ++n[static_cast<int>(d.kind)];
  std::string dice = fmt::format("{} skill + {} difficulty", n[0], n[1]);
  if (n[2] > 0) dice += fmt::format(" + {} Bane", n[2]);
  if (n[3] > 0) dice += fmt::format(" + {} Boon", n[3]);
  return fmt::format(
      "{} check, {} dice (seed {})\n          {}\n          {}\n"
      "          {} success, {} failure, {} boon, {} bane -> {} net Successes, {} net Boons -> {}",
      capitalised(name_of(c.difficulty)), dice, seed, render_dice(c), dice_legend(), c.successes, c.failures,
      c.boons, c.banes, c.net_successes, c.net_boons, painted_pass(c.passed()));
}

std::string_view dice_legend() { return "Dice: S Success, F Failure, B Boon, X Bane, [ ] blank"; }

std::string hull_bar(int suffered, int hull, int width) {
  if (hull <= 0) return "";
  const long filled = static_cast<long>(suffered) * width / hull;
  std::string bar = "[";
  for (int i = 0; i < width; ++i) bar += i < filled ? '#' : '.';
  return bar + fmt::format("] {}/{}", suffered, hull);
}

std::vector<std::string> one_width(std::vector<std::string> cells) {
  std::size_t w = 0;
  for (const auto& c : cells) w = std::max(w, display_width(c));
  for (auto& c : cells) c = pad_to(c, w);
  return cells;
}

std::string render_armor(const ArmorTrace& a) {
  std::string s = fmt::format("Armor     {:>3}  listed\n", a.listed);
  for (const auto& st : a.steps)
    s += fmt::format("          {:>+3}  {} ({})\n", st.change, st.rule, ruling_of(st.rule));
  return s + fmt::format("          {:>3}  effective\n", a.effective);
}

std::string render_hull_and_state(const HullTrace& h, int overkill, BreachState before, BreachState after) {
  return fmt::format("Hull      {} suffered{}\nState     {} -> {}\n", hull_bar(h.after, h.max),
                     overkill > 0 ? fmt::format(" ({} overkill)", overkill) : std::string(),
                     painted_state(before), painted_state(after));
}

std::string render_trailer(const std::vector<std::string>& rules, const std::vector<std::string>& notes,
                           const std::vector<std::string>& not_modelled) {
  std::string s = fmt::format("Rules     {}\n", fmt::join(rules, ", "));
  if (!notes.empty() || !not_modelled.empty()) s += "Notes\n" + render_notes(notes, not_modelled);
  return s;
}

std::string render_notes(const std::vector<std::string>& notes,
                         const std::vector<std::string>& not_modelled) {
  std::string out;
  for (const auto& n : notes) out += fmt::format("  - {}\n", escape_text(n));
  for (const auto& n : not_modelled) out += fmt::format("  - not modelled here: {}\n", escape_text(n));
  return out;
}

Format parse_format(std::string_view s) {
  if (s == "text") return Format::text;
  if (s == "markdown") return Format::markdown;
  if (s == "csv") return Format::csv;
  if (s == "json") return Format::json;
  if (s == "html") return Format::html;
  fail_input("bad-format", "format", {},
             "unknown format '" + std::string(s) + "' (expected text, markdown, csv, json or html)");
}

namespace {

std::string csv_cell(const std::string& c) {
  if (c.find_first_of(",\"\r\n") == std::string::npos) return c;
  std::string q = "\"";
  for (char ch : c) q += ch == '"' ? std::string("\"\"") : std::string(1, ch);
  return q + "\"";
}

std::string md_cell(const std::string& c) {
  std::string out;
  for (char ch : escape_text(c)) out += ch == '|' ? std::string("\\|") : std::string(1, ch);
  return out;
}

bool printable_ascii(std::string_view text);  // below

// The widest word of an escaped cell that must stay whole (an id, a
// number, a word of prose); a word with a wide character in it (CJK, whose
// text has no spaces) or an escaped control byte (\xNN) may be broken
// between two characters, so it counts 0.
std::size_t longest_whole_word(std::string_view cell) {
  const auto breakable = [](std::string_view word) {
    if (word.find("\\x") != std::string_view::npos) return true;
    for (std::size_t i = 0; i < word.size();) {
      char32_t cp = 0;
      const std::size_t n = std::max<std::size_t>(utf8_at(word, i, cp), 1);
      if (display_width(word.substr(i, n)) > 1) return true;
      i += n;
    }
    return false;
  };
  // Printable ASCII (most cells): a character a column, and only an
  // escaped byte breakable, without the calls a character of the loop below.
  const bool ascii = printable_ascii(cell);
  std::size_t longest = 0;
  for (std::size_t i = 0; i < cell.size();) {
    const std::size_t at = std::min(cell.find_first_not_of(' ', i), cell.size());
    const std::size_t end = std::min(cell.find(' ', at), cell.size());
    const std::string_view word = cell.substr(at, end - at);
    if (ascii ? word.find("\\x") == std::string_view::npos : !breakable(word))
      longest = std::max(longest, ascii ? word.size() : display_width(word));
    i = end;
  }
  return longest;
}

// A table too wide for `width` even with every column at its least: each
// row as a block of "HEADER  value" lines (the value wrapped under itself),
// a blank line between rows, so that no id is cut.
std::string table_as_records(const std::vector<std::vector<std::string>>& shown, std::size_t width) {
  std::size_t label = 0;
  for (const auto& h : shown[0]) label = std::max(label, display_width(h));
  label += 2;
  std::string out;
  for (std::size_t n = 1; n < shown.size(); ++n) {
    if (n > 1) out += '\n';
    for (std::size_t i = 0; i < shown[n].size(); ++i) {
      const std::string head = i < shown[0].size() ? shown[0][i] : std::string();
      out += wrap_line(pad_to(head, label) + shown[n][i], width, label) + "\n";
    }
  }
  return out;
}

}  // namespace

std::string render_table(const std::vector<std::vector<std::string>>& rows, Format f, std::size_t width) {
  std::string out;
  if (f == Format::csv) {
    for (const auto& r : rows) {
      for (std::size_t i = 0; i < r.size(); ++i) {
        if (i != 0) out += ',';
        out += csv_cell(r[i]);
      }
      out += "\r\n";
    }
    return out;
  }
  if (f == Format::markdown) {
    for (std::size_t n = 0; n < rows.size(); ++n) {
      out += "|";
      for (const auto& c : rows[n]) {
        out += ' ';
        out += md_cell(c);
        out += " |";
      }
      out += "\n";
      if (n == 0) {
        out += "|";
        for (std::size_t i = 0; i < rows[0].size(); ++i) out += "---|";
        out += "\n";
      }
    }
    return out;
  }
  std::vector<std::vector<std::string>> shown(rows.size());
  std::vector<std::size_t> w;
  std::vector<std::size_t> least;  // the narrowest a column may be: its header, and its longest whole word
  for (std::size_t n = 0; n < rows.size(); ++n)
    for (std::size_t i = 0; i < rows[n].size(); ++i) {
      shown[n].push_back(escape_text(rows[n][i]));
      if (w.size() <= i) w.push_back(0), least.push_back(0);
      w[i] = std::max(w[i], display_width(shown[n][i]));
      least[i] = std::max(least[i], n == 0 ? display_width(shown[n][i]) : longest_whole_word(shown[n][i]));
    }
  std::size_t total = w.empty() ? 0 : 2 * (w.size() - 1);
  for (const auto x : w) total += x;
  if (width > 0 && total > width) {
    // Too wide: narrow the widest column, a column at a time, down to its
    // least; its cells then take more than one line, broken between words.
    std::size_t floor = w.empty() ? 0 : 2 * (w.size() - 1);
    for (const auto x : least) floor += x;
    if (floor > width) return table_as_records(shown, width);
    while (total > width) {
      std::size_t k = w.size();
      for (std::size_t i = 0; i < w.size(); ++i)
        if (w[i] > least[i] && (k == w.size() || w[i] > w[k])) k = i;
      if (k == w.size()) break;
      --w[k];
      --total;
    }
  }
  std::vector<std::size_t> cell_width;  // of the row's cells, for the fast path below
  for (const auto& r : shown) {
    // A row whose cells all fit their columns on one line (most rows): its
    // line written as it is, without wrapping a copy of each cell.
    bool fits = true;
    cell_width.clear();
    for (std::size_t i = 0; i < r.size() && fits; ++i) {
      cell_width.push_back(display_width(r[i]));
      fits = r[i].find('\n') == std::string::npos && cell_width[i] <= w[i];
    }
    if (fits) {
      const std::size_t start = out.size();
      for (std::size_t i = 0; i < r.size(); ++i) {
        out += r[i];
        if (i + 1 < r.size()) out.append(w[i] - cell_width[i] + 2, ' ');
      }
      while (out.size() > start && out.back() == ' ') out.pop_back();
      out += '\n';
      continue;
    }
    std::vector<std::vector<std::string>> parts(r.size());  // each cell's lines
    std::size_t height = 1;
    for (std::size_t i = 0; i < r.size(); ++i) {
      const std::string cell = wrap_line(r[i], w[i], 0);
      for (std::string_view c = cell;;) {
        const std::size_t nl = c.find('\n');
        parts[i].emplace_back(c.substr(0, nl));
        if (nl == std::string_view::npos) break;
        c.remove_prefix(nl + 1);
      }
      height = std::max(height, parts[i].size());
    }
    for (std::size_t j = 0; j < height; ++j) {
      std::string line;
      for (std::size_t i = 0; i < r.size(); ++i) {
        const std::string part = j < parts[i].size() ? parts[i][j] : std::string();
        line += i + 1 < r.size() ? pad_to(part, w[i]) + "  " : part;
      }
      while (!line.empty() && line.back() == ' ') line.pop_back();
      out += line + "\n";
    }
  }
  return out;
}

namespace {
bool g_colour = false;
}  // namespace

void set_colour(bool on) { g_colour = on; }
bool colour_on() { return g_colour; }

std::string paint(std::string_view text, Colour c) {
  if (!g_colour || c == Colour::none) return std::string(text);
  static constexpr const char* codes[] = {"", "1", "32", "33", "31", "2"};
  return fmt::format("\x1b[{}m{}\x1b[0m", codes[static_cast<int>(c)], text);
}

std::string painted_state(BreachState s, std::size_t width) {
  static constexpr Colour colours[] = {Colour::green, Colour::yellow, Colour::red};
  const std::string_view name = name_of(s);
  return paint(name, colours[static_cast<int>(s)]) +
         std::string(width > name.size() ? width - name.size() : 0, ' ');
}

std::string painted_pass(bool passed) {
  return passed ? paint("pass", Colour::green) : paint("fail", Colour::red);
}

std::string painted_alarm(std::string_view text) { return paint(text, Colour::red); }

// ---------------------------------------------------------------- the terminal

namespace {

using text::is_control;

// The bytes around a command_line() in text for wrap_text (two C0
// controls that escape_text writes as \x02 and \x03, so no data string
// can bring them in raw; not the core's marks of an input or a hint,
// \x1f and \x1e, which a front end spells before the text is wrapped).
constexpr char command_start = '\x02';
constexpr char command_end = '\x03';

std::string without_markers(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text)
    if (c != command_start && c != command_end) out += c;
  return out;
}

// The words of a command as the shell splits them: at spaces outside quotes.
std::vector<std::string_view> shell_words(std::string_view command) {
  std::vector<std::string_view> out;
  for (std::size_t i = 0; i < command.size();) {
    if (command[i] == ' ') {
      ++i;
      continue;
    }
    std::size_t j = i;
    for (char quote = 0; j < command.size(); ++j) {
      const char c = command[j];
      if (quote != 0) {
        if (c == quote)
          quote = 0;
        else if (c == '\\' && quote == '"' && j + 1 < command.size())
          ++j;
      } else if (c == '\'' || c == '"') {
        quote = c;
      } else if (c == '\\' && j + 1 < command.size()) {
        ++j;
      } else if (c == ' ') {
        break;
      }
    }
    out.push_back(command.substr(i, j - i));
    i = j;
  }
  return out;
}

// The length of the colour sequence paint() writes (ESC [ digits and ; m)
// at s[i], or 0.
std::size_t colour_sequence_at(std::string_view s, std::size_t i) {
  if (s[i] != '\x1b' || i + 1 >= s.size() || s[i + 1] != '[') return 0;
  for (std::size_t k = i + 2; k < s.size(); ++k) {
    if (s[k] == 'm') return k + 1 - i;
    if (!((s[k] >= '0' && s[k] <= '9') || s[k] == ';')) return 0;
  }
  return 0;
}

// Columns of one printable code point.
std::size_t columns_of(char32_t cp) {
  if (cp < 0x7f) return 1;  // before the locale: plain ASCII output never loads it
  // The C.UTF-8 locale for wcwidth, once; null when the system lacks it.
  static const locale_t utf8 = newlocale(LC_CTYPE_MASK, "C.UTF-8", locale_t{});
  if (utf8 == locale_t{}) return 1;
  const locale_t before = uselocale(utf8);
  const int w = wcwidth(static_cast<wchar_t>(cp));
  uselocale(before);
  return w < 0 ? 1 : static_cast<std::size_t>(w);
}

// Printable ASCII (a space to '~'): its own escaped form, one column wide.
bool printable_ascii(char c) { return c >= 0x20 && c < 0x7f; }
bool printable_ascii(std::string_view text) {
  return std::all_of(text.begin(), text.end(), [](char c) { return printable_ascii(c); });
}

// Escapes `text` as escape_text does; with Keep::layout the newlines and
// paint()'s colour sequences stay as they are.
enum class Keep { nothing, layout };
std::string escaped(std::string_view text, Keep keep) {
  const auto kept = [](char c) {
    return c == '\n' || printable_ascii(c) || c == command_start || c == command_end;
  };
  if (keep == Keep::layout && std::all_of(text.begin(), text.end(), kept)) return std::string(text);
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    if (keep == Keep::layout) {
      if (text[i] == '\n' || text[i] == command_start || text[i] == command_end) {
        out += text[i];
        ++i;
        continue;
      }
      if (const std::size_t n = colour_sequence_at(text, i)) {
        out.append(text, i, n);
        i += n;
        continue;
      }
    }
    char32_t cp = 0;
    const std::size_t n = utf8_at(text, i, cp);
    if (n == 0 || is_control(cp)) {
      for (std::size_t k = 0; k < std::max<std::size_t>(n, 1); ++k)
        out += fmt::format("\\x{:02x}", static_cast<unsigned char>(text[i + k]));
      i += std::max<std::size_t>(n, 1);
    } else if (text::is_format_char(cp)) {
      out += text::shown_format_char(cp);
      i += n;
    } else {
      out.append(text, i, n);
      i += n;
    }
  }
  return out;
}

}  // namespace

std::string escape_text(std::string_view text) {
  return printable_ascii(text) ? std::string(text) : escaped(text, Keep::nothing);
}

std::size_t display_width(std::string_view text) {
  if (printable_ascii(text)) return text.size();
  std::size_t w = 0;
  for (std::size_t i = 0; i < text.size();) {
    if (const std::size_t n = colour_sequence_at(text, i)) {
      i += n;
      continue;
    }
    char32_t cp = 0;
    const std::size_t n = utf8_at(text, i, cp);
    if (n == 0) {
      ++w;
      ++i;
      continue;
    }
    if (!is_control(cp)) w += columns_of(cp);
    i += n;
  }
  return w;
}

std::string pad_to(std::string_view text, std::size_t width) {
  const std::size_t w = display_width(text);
  std::string out(text);
  if (w < width) out.append(width - w, ' ');
  return out;
}

std::size_t hanging_indent(std::string_view line, std::size_t width) {
  const std::size_t lead = std::min(line.find_first_not_of(' '), line.size());
  if (line.substr(lead).starts_with("- ")) return lead + 2;
  const std::size_t gap = line.find("  ", lead);
  if (gap != std::string_view::npos) {
    const std::size_t text = line.find_first_not_of(' ', gap);
    if (text != std::string_view::npos) {
      const std::size_t column = display_width(line.substr(0, text));
      if (column <= width / 2) return column;
    }
  }
  return lead > 0 && lead < 8 ? lead + 2 : lead;  // an item goes on a step further in
}

std::string inline_weapon_words(const Weapon& w) {
  std::string s = fmt::format("inline weapon (--hull-damage {}", w.hull_damage);
  if (w.pierce != 0) s += fmt::format(" --pierce {}", w.pierce);
  if (w.crit != 0) s += fmt::format(" --crit {}", w.crit);
  if (w.mount != Mount::standard) s += fmt::format(" --mount {}", name_of(w.mount));
  for (std::size_t i = 0; i < quality_names.size(); ++i)
    if ((w.qualities & (1u << i)) != 0) s += fmt::format(" --{}", quality_names[i]);
  return s + ")";
}

namespace {

// A word with a character that text shows escaped (a control character
// from a file, an R42 format character): in ANSI-C quoting, $'...', whose
// \uXXXX bash, zsh and the play prompt read back as that character, so
// the line stays one that plays the entry again, and shows no raw bidi
// control. The apostrophe is \x27 there, so that a plain quote-matcher
// (wrapping) still sees one quoted run.
std::optional<std::string> ansi_c_quoted(std::string_view word) {
  const auto escaped = [](char32_t cp) { return text::is_control(cp) || text::is_format_char(cp); };
  bool needed = false;
  for (std::size_t i = 0; i < word.size() && !needed;) {
    char32_t cp = 0;
    const std::size_t n = text::utf8_at(word, i, cp);
    needed = n != 0 && escaped(cp);
    i += n == 0 ? 1 : n;
  }
  if (!needed) return std::nullopt;
  std::string out = "$'";
  for (std::size_t i = 0; i < word.size();) {
    char32_t cp = 0;
    const std::size_t n = text::utf8_at(word, i, cp);
    if (n != 0 && escaped(cp)) {
      out += fmt::format("\\u{:04X}", static_cast<unsigned>(cp));
    } else if (word[i] == '\\') {
      out += "\\\\";
    } else if (word[i] == '\'') {
      out += "\\x27";
    } else {
      out.append(word.substr(i, n == 0 ? 1 : n));
    }
    i += n == 0 ? 1 : n;
  }
  return out + "'";
}

}  // namespace

std::string shell_word(std::string_view word) {
  if (auto quoted = ansi_c_quoted(word)) return *quoted;
  const bool plain = !word.empty() && std::all_of(word.begin(), word.end(), [](char ch) {
    const auto c = static_cast<unsigned char>(ch);
    return std::isalnum(c) != 0 || std::string_view("-_.,:/=+@%").find(ch) != std::string_view::npos || c >= 0x80;
  });
  if (plain) return std::string(word);
  std::string out = "'";
  for (const char c : word) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string hint_mark(std::initializer_list<std::string_view> words) { return command_words(words); }

std::string hint_mark_on(std::string_view file, std::initializer_list<std::string_view> words) {
  std::string out = command_words({"--state", file});
  out.pop_back();  // the words go on inside the same mark
  for (std::string_view w : words) {
    out += '\x1d';
    out += w;
  }
  out += '\x1e';
  return out;
}

std::string command_line(std::string_view command) {
  return std::string(1, command_start) + std::string(command) + command_end;
}

std::string wrap_line(std::string_view line, std::size_t width, std::size_t indent) {
  const bool has_command = line.find(command_start) != std::string_view::npos;
  if (width == 0 || display_width(line) <= width)
    return has_command ? without_markers(line) : std::string(line);
  if (indent + 12 > width) indent = 0;
  std::string out;
  std::size_t col = 0;
  bool word_on_line = false;  // a word placed at or past `indent` on this line
  auto new_line = [&] {
    while (!out.empty() && out.back() == ' ') out.pop_back();
    out += '\n';
    out.append(indent, ' ');
    col = indent;
    word_on_line = false;
  };
  // Places one word, broken after a hyphen, else between characters, where
  // it is wider than the room.
  auto place = [&](std::string_view word) {
    while (col + display_width(word) > width && col < width) {
      std::size_t cut = 0;
      for (std::size_t p = word.find('-'); p != std::string_view::npos && p + 1 < word.size();
           p = word.find('-', p + 1))
        if (col + display_width(word.substr(0, p + 1)) <= width) cut = p + 1;
      if (cut == 0) break;
      out.append(word.substr(0, cut));
      col += display_width(word.substr(0, cut));
      new_line();
      word.remove_prefix(cut);
    }
    if (col + word.size() <= width && printable_ascii(word)) {
      // Fits whole (the loop below would place it a byte at a time, and
      // break no line).
      out.append(word);
      col += word.size();
      word_on_line = word_on_line || col > indent;
      return;
    }
    for (std::size_t i = 0; i < word.size();) {
      std::size_t n = colour_sequence_at(word, i);
      std::size_t w = 0;
      if (n == 0 && printable_ascii(word[i])) {
        n = 1;  // what the lines below give a printable ASCII byte, without their calls
        w = 1;
      } else if (n == 0) {
        char32_t cp = 0;
        n = std::max<std::size_t>(utf8_at(word, i, cp), 1);
        w = display_width(word.substr(i, n));
      }
      if (w > 0 && col + w > width && col > indent) new_line();
      out.append(word, i, n);
      col += w;
      i += n;
    }
    word_on_line = word_on_line || col > indent;
  };
  // Places a command whole: on this line when it fits, else from the start
  // of the next; wider than that, broken between its shell words with a
  // " \" at the end of each line, never inside a word.
  auto place_command = [&](std::size_t spaces, std::string_view command) {
    if (col + spaces + display_width(command) > width && word_on_line) {
      new_line();
    } else {
      out.append(spaces, ' ');
      col += spaces;
    }
    const std::size_t go_on = col + 2;
    // The pieces kept on one line: a word, or an option with its value.
    std::vector<std::string> pieces;
    bool value_may_follow = false;
    for (const auto word : shell_words(command)) {
      const bool option = word.size() > 1 && word[0] == '-';
      if (value_may_follow && !option && word != "|")
        pieces.back().append(1, ' ').append(word);
      else
        pieces.emplace_back(word);
      value_may_follow = option;
    }
    for (std::size_t k = 0; k < pieces.size(); ++k) {
      const std::size_t w = display_width(pieces[k]);
      const std::size_t room = k + 1 < pieces.size() ? 2 : 0;  // for the backslash after it
      if (k > 0 && col + 1 + w + room > width && col > go_on) {
        out += " \\\n";
        out.append(go_on, ' ');
        col = go_on;
      } else if (k > 0) {
        out += ' ';
        ++col;
      }
      out.append(pieces[k]);
      col += w;
    }
    word_on_line = true;
  };
  for (std::size_t i = 0; i < line.size();) {
    const std::size_t word_at = std::min(line.find_first_not_of(' ', i), line.size());
    const std::size_t spaces = word_at - i;
    if (word_at == line.size()) break;  // trailing spaces
    if (line[word_at] == command_start) {
      const std::size_t close = std::min(line.find(command_end, word_at), line.size());
      place_command(spaces, line.substr(word_at + 1, close - word_at - 1));
      i = std::min(close + 1, line.size());
      continue;
    }
    const std::size_t word_end = std::min(line.find(' ', word_at), line.size());
    const std::string_view word = line.substr(word_at, word_end - word_at);
    const std::size_t w = display_width(word);
    if (col + spaces + w <= width || col + spaces <= indent || !word_on_line) {
      out.append(spaces, ' ');
      col += spaces;
    } else {
      new_line();
    }
    place(word);
    i = word_end;
  }
  return out;
}

std::string wrap_text(std::string_view text, std::size_t width) {
  const std::string shown = escaped(text, Keep::layout);
  std::string out;
  out.reserve(shown.size());
  std::string_view rest = shown;
  while (!rest.empty()) {
    const std::size_t end = rest.find('\n');
    const std::string_view line = rest.substr(0, end);
    out += wrap_line(line, width, hanging_indent(line, width));
    if (end == std::string_view::npos) break;
    out += '\n';
    rest.remove_prefix(end + 1);
  }
  return out;
}

std::string ruling_of(std::string_view rule) {
  const RuleInfo* r = rule_info(rule);
  return r == nullptr ? std::string() : std::string(r->ruling);
}

}  // namespace siege::cli
