#include "render.hpp"

#include <fmt/core.h>
#include <fmt/format.h>

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
    out += "[" + (sym.empty() ? std::string(" ") : sym) + "]";
  }
  return out;
}

std::string render_check(const CheckResult& c, std::uint64_t seed) {
  if (!c.rolled)
    return fmt::format("{} check, the referee's roll: {} net Successes, {} net Boons -> {}",
                       capitalised(name_of(c.difficulty)), c.net_successes, c.net_boons,
                       c.passed() ? "pass" : "fail");
  int n[4] = {0, 0, 0, 0};
  for (const auto& d : c.dice) ++n[static_cast<int>(d.kind)];
  std::string dice = fmt::format("{} skill + {} difficulty", n[0], n[1]);
  if (n[2] > 0) dice += fmt::format(" + {} Bane", n[2]);
  if (n[3] > 0) dice += fmt::format(" + {} Boon", n[3]);
  return fmt::format(
      "{} check, {} dice (seed {})\n          {}\n          {} success, {} failure, {} boon, {} "
      "bane -> {} net Successes, {} net Boons -> {}",
      capitalised(name_of(c.difficulty)), dice, seed, render_dice(c), c.successes, c.failures,
      c.boons, c.banes, c.net_successes, c.net_boons, c.passed() ? "pass" : "fail");
}

std::string hull_bar(int suffered, int hull, int width) {
  if (hull <= 0) return "";
  const long filled = static_cast<long>(suffered) * width / hull;
  std::string bar = "[";
  for (int i = 0; i < width; ++i) bar += i < filled ? '#' : '.';
  return bar + fmt::format("] {}/{}", suffered, hull);
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
                     name_of(before), name_of(after));
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
  for (const auto& n : notes) out += fmt::format("  - {}\n", n);
  for (const auto& n : not_modelled) out += fmt::format("  - not modelled here: {}\n", n);
  return out;
}

Format parse_format(std::string_view s) {
  if (s == "text") return Format::text;
  if (s == "markdown") return Format::markdown;
  if (s == "csv") return Format::csv;
  if (s == "json") return Format::json;
  fail_usage("bad-format", "--format: unknown format '" + std::string(s) + "' (expected text, markdown, csv or json)");
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
  for (char ch : c) out += ch == '|' ? std::string("\\|") : std::string(1, ch);
  return out;
}

}  // namespace

std::string render_table(const std::vector<std::vector<std::string>>& rows, Format f, std::size_t width) {
  std::string out;
  if (f == Format::csv) {
    for (const auto& r : rows) {
      for (std::size_t i = 0; i < r.size(); ++i) out += (i ? "," : "") + csv_cell(r[i]);
      out += "\r\n";
    }
    return out;
  }
  if (f == Format::markdown) {
    for (std::size_t n = 0; n < rows.size(); ++n) {
      out += "|";
      for (const auto& c : rows[n]) out += " " + md_cell(c) + " |";
      out += "\n";
      if (n == 0) {
        out += "|";
        for (std::size_t i = 0; i < rows[0].size(); ++i) out += "---|";
        out += "\n";
      }
    }
    return out;
  }
  std::vector<std::size_t> w;
  for (const auto& r : rows)
    for (std::size_t i = 0; i < r.size(); ++i) {
      if (w.size() <= i) w.push_back(0);
      w[i] = std::max(w[i], r[i].size());
    }
  for (const auto& r : rows) {
    std::string line;
    for (std::size_t i = 0; i < r.size(); ++i)
      line += i + 1 < r.size() ? fmt::format("{:<{}}  ", r[i], w[i]) : r[i];
    while (!line.empty() && line.back() == ' ') line.pop_back();
    if (width > 3 && line.size() > width) line = line.substr(0, width - 3) + "...";
    out += line + "\n";
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

std::string painted_state(BreachState s) {
  static constexpr Colour colours[] = {Colour::green, Colour::yellow, Colour::red};
  return paint(name_of(s), colours[static_cast<int>(s)]);
}

std::string ruling_of(const std::string& rule) {
  const RuleInfo* r = rule_info(rule);
  return r == nullptr ? std::string() : std::string(r->ruling);
}

}  // namespace siege::cli
