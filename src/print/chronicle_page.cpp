// The chronicle laid out: one HTML5 page, or the same content as Markdown
// (chronicle.hpp). Only layout here; every fact comes from the Chronicle.
//
// The page holds no script and asks for nothing: the CSS and the SVG charts
// are inline, the fonts the system's own. Every colour has its text beside
// it (a ladder state is written out, a chart's lines are labelled), so the
// page reads in black and white, and the print stylesheet sets it on A4
// without dark backgrounds. Every text that comes from the state file or
// the log goes through html_escape (markdown_escape for Markdown).
#include <algorithm>
#include <cmath>
#include <iterator>
#include <set>

#include <fmt/format.h>

#include "print/chronicle.hpp"
#include "print/render.hpp"
#include "siege/rules.hpp"
#include "siege/units.hpp"

namespace siege::cli {

std::string command_line(const std::string& file, const ChronicleEntry& e) {
  // A name that starts with '-' would read as an option.
  const std::string name = !file.empty() && file[0] == '-' ? "./" + file : file;
  std::string out = "siege --state ";
  out += shell_word(name);
  out += " --seed ";
  out += std::to_string(e.seed);
  out += ' ';
  out += shell_word(e.action);
  if (!e.options.empty()) out.append(" ").append(e.options);
  return out;
}

// ---------------------------------------------------------------- escaping

namespace {

// The printable ASCII bytes that stand for themselves in HTML text and
// attributes (markdown: false), and those that do in Markdown as well.
struct PlainBytes {
  bool html[128] = {};
  bool markdown[128] = {};
  constexpr PlainBytes() {
    for (int c = 0x20; c < 0x7f; ++c) {
      const bool special = c == '&' || c == '<' || c == '>' || c == '"' || c == '\'';
      html[c] = !special;
      markdown[c] = !special && std::string_view("\\`*_[]|#").find(static_cast<char>(c)) == std::string_view::npos;
    }
  }
};
constexpr PlainBytes plain_bytes;

// Appends `text` escaped; `markdown` also escapes Markdown's own characters.
void escape_into(std::string& out, std::string_view text, bool markdown) {
  const bool* plain = markdown ? plain_bytes.markdown : plain_bytes.html;
  for (std::size_t i = 0; i < text.size();) {
    // A run of bytes that need nothing, appended at once.
    std::size_t run = i;
    while (run < text.size() && static_cast<unsigned char>(text[run]) < 0x80 &&
           plain[static_cast<unsigned char>(text[run])])
      ++run;
    out.append(text.data() + i, run - i);
    if (run == text.size()) return;
    i = run;
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      ++i;
      switch (c) {
        case '&': out += "&amp;"; continue;
        case '<': out += "&lt;"; continue;
        // In Markdown a '>' opens nothing but a quote at the start of a line.
        case '>': out += !markdown ? "&gt;" : i == 1 ? "\\>" : ">"; continue;
        case '"': out += markdown ? "\"" : "&quot;"; continue;
        case '\'': out += markdown ? "'" : "&#39;"; continue;
        default: break;
      }
      if (c < 0x20 || c == 0x7f) {
        fmt::format_to(std::back_inserter(out), "\\x{:02x}", static_cast<unsigned>(c));
      } else if (markdown && std::string_view("\\`*_[]|#").find(static_cast<char>(c)) != std::string_view::npos) {
        out += '\\';
        out += static_cast<char>(c);
      } else {
        out += static_cast<char>(c);
      }
      continue;
    }
    char32_t cp = 0;
    const std::size_t n = utf8_at(text, i, cp);
    if (n == 0) {
      fmt::format_to(std::back_inserter(out), "\\x{:02x}", static_cast<unsigned>(c));
      ++i;
      continue;
    }
    // C1 controls and the non-characters are parse errors in HTML5.
    const bool noncharacter = (cp >= 0xfdd0 && cp <= 0xfdef) || (cp & 0xfffe) == 0xfffe;
    if (cp <= 0x9f || noncharacter || cp == 0x2028 || cp == 0x2029)
      fmt::format_to(std::back_inserter(out), "\\u{:04x}", static_cast<unsigned>(cp));
    else if (text::is_format_char(cp))  // R42: nothing on the page reverses or hides the text around it
      out += text::shown_format_char(cp);
    else
      out.append(text.substr(i, n));
    i += n;
  }
}

}  // namespace

std::string html_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  escape_into(out, text, false);
  return out;
}

std::string markdown_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  escape_into(out, text, true);
  return out;
}

namespace {

// ---------------------------------------------------------------- shared words

using K = ChronicleChange::Kind;

std::string plural(int n, std::string_view one, std::string_view many) {
  return fmt::format("{} {}", n, n == 1 ? one : many);
}

// "12.5%"; a chance that is not 0 or 1 never shows as 0% or 100%.
std::string percent_text(double p) {
  if (p <= 0) return "0%";
  if (p >= 1) return "100%";
  if (p < 0.0005) return "under 0.1%";
  if (p > 0.9995) return "over 99.9%";
  return fmt::format("{:.1f}%", p * 100);
}

std::string change_label(K k) {
  switch (k) {
    case K::breach: return "Breach";
    case K::knock_out: return "Knocked out";
    case K::rout: return "Rout";
    case K::army_check: return "Army morale";
    case K::other: break;
  }
  return "";
}

std::string scene_title(int scene) { return scene == 0 ? "Before the first scene" : fmt::format("Scene {}", scene); }

std::string point_label(const ChroniclePoint& p) {
  if (p.entry == 0) return "start";
  if (p.scene == 0) return "before scene 1";
  return fmt::format("scene {}", p.scene);
}

// "Easy check, rolled" (the dice follow) or "Easy check, the referee's roll".
std::string roll_head(const ChronicleRoll& r) {
  return capitalised(r.difficulty.empty() ? std::string("a") : r.difficulty) + " check, " +
         (r.rolled ? "rolled" : "the referee's roll");
}
// ": 2 net Successes, 1 net Boon, pass".
std::string roll_tail(const ChronicleRoll& r) {
  return fmt::format(": {} net Success{}, {} net Boon{}, {}", r.successes,
                     r.successes == 1 || r.successes == -1 ? "" : "es", r.boons, r.boons == 1 || r.boons == -1 ? "" : "s",
                     r.passed ? "pass" : "fail");
}

std::string hull_text(const std::optional<int>& before, const std::optional<int>& after, const std::optional<int>& max) {
  if (!before || !after) return "-";
  return fmt::format("{} to {}{}", *before, *after, max ? fmt::format(" of {}", *max) : std::string());
}

std::string result_text(const ChronicleShot& s) { return s.hit ? fmt::format("hit, {} damage", s.damage) : "miss"; }

std::string abatis_text(const SectionState& x, const Tables& t) {
  if (x.abatis.standing) return "standing";
  if (x.abatis.progress > 0) return fmt::format("{} of {} turns built", x.abatis.progress, t.troops.abatis_turns);
  return "none";
}

std::string mine_text(const SectionState& x) {
  if (x.mine.days_dug == 0 && !x.mine.detected) return "none";
  return plural(x.mine.days_dug, "day", "days") + " dug" + (x.mine.detected ? ", found" : "");
}

std::string unit_place(const UnitState& u) {
  if (!u.present()) return u.gone == Gone::merged ? "gone: merged into another unit" : "gone: left the siege";
  switch (u.where) {
    case UnitPlace::outside: return u.sallying() ? "outside the walls, on a sally" : "outside the walls";
    case UnitPlace::within_walls: return "within the walls";
    case UnitPlace::section: break;
  }
  return fmt::format("at {}: {} through, {} behind", u.section, u.through, u.behind);
}

// The one-third mark of R25: the fewest killed with killed x 3 >= strength.
int third_of(int strength) { return (strength + 2) / 3; }

// An army's one-third mark as the Armies table shows it: "-" for defenders
// in a castle, unless the check was called (on a sally, R38) before.
std::string third_cell(const ArmyState& a, Sally sally) {
  return in_a_castle(a, sally) && !a.called ? std::string("-") : std::to_string(third_of(a.strength));
}

std::string army_check_text(const ArmyState& a, Sally sally) {
  if (a.called) return "called: it checks its morale (R25)";
  if (in_a_castle(a, sally)) return "never: defenders in a castle do not check (R25)";
  return fmt::format("at {} killed ({} to go)", third_of(a.strength), third_of(a.strength) - a.killed);
}

std::string engine_what(const EngineState& e) {
  if (e.weapon.empty()) return e.engine.empty() ? "-" : e.engine + " (no weapon)";
  return e.engine.empty() || e.engine == e.weapon ? e.weapon : e.weapon + " (" + e.engine + ")";
}

// The facts at the top: who holds what.
struct Holdings {
  std::vector<std::string> cracked;
  int held = 0;
  std::vector<std::string> besiegers_out, defenders_out;
  int besiegers = 0, defenders = 0;
  std::vector<std::string> inside;  // besieger units within the walls or through a breach
};

Holdings holdings_of(const Snapshot& s) {
  Holdings h;
  for (const auto& x : s.sections) {
    if (x.state != BreachState::breached) ++h.held;
    if (x.state == BreachState::cracked) h.cracked.push_back(x.id);
  }
  for (const auto& e : s.engines) {
    const bool b = e.side == EngineSide::besieger;
    ++(b ? h.besiegers : h.defenders);
    if (e.knocked_out) (b ? h.besiegers_out : h.defenders_out).push_back(e.id);
  }
  for (const auto& u : s.units)
    if (u.side == UnitSide::besieger && u.figures > 0 &&
        (u.where == UnitPlace::within_walls || (u.where == UnitPlace::section && u.through > 0)))
      h.inside.push_back(u.id);
  return h;
}

std::string joined(const std::vector<std::string>& v) {
  std::string s;
  for (std::size_t i = 0; i < v.size(); ++i) s += (i == 0 ? "" : i + 1 == v.size() ? " and " : ", ") + v[i];
  return s;
}

// The facts as sentences (plain text: each writer escapes them).
std::vector<std::pair<bool, std::string>> holding_lines(const Snapshot& s, const Tables& t) {
  const Holdings h = holdings_of(s);
  std::vector<std::pair<bool, std::string>> out;
  out.emplace_back(false, fmt::format("The defenders hold {} of {} of the wall.", h.held,
                                      plural(static_cast<int>(s.sections.size()), "section", "sections")));
  // Facts, not orders: the players' page is read by the whole table.
  if (const auto open = breaches(s, t, Abatis::none); !open.empty())
    out.emplace_back(true, "Breached, open to an assault: " + joined(open) + ".");
  if (const auto blocked = breaches(s, t, Abatis::standing); !blocked.empty())  // R26
    out.emplace_back(true, "Breached, blocked by standing abatis: " + joined(blocked) + ".");
  if (const auto cut = breaches(s, t, Passable::no); !cut.empty())  // R13
    out.emplace_back(true, "Breached and impassable: " + joined(cut) + ". No assault across it.");
  if (!h.cracked.empty()) out.emplace_back(false, "Cracked: " + joined(h.cracked) + ".");
  const auto side_line = [](std::string_view who, int n, const std::vector<std::string>& out_of_action) {
    if (n == 0) return fmt::format("{}: no engines.", who);
    std::string line = fmt::format("{}: {}, ", who, plural(n, "engine", "engines"));
    line += out_of_action.empty() ? "none knocked out." : "knocked out: " + joined(out_of_action) + ".";
    return line;
  };
  out.emplace_back(!h.besiegers_out.empty(), side_line("Besiegers", h.besiegers, h.besiegers_out));
  out.emplace_back(!h.defenders_out.empty(), side_line("Defenders", h.defenders, h.defenders_out));
  const int camp_hull = camp_row(t).hull;
  out.emplace_back(s.camp.hull_suffered >= camp_hull,
                   s.camp.hull_suffered >= camp_hull
                       ? fmt::format("The besiegers' camp is wrecked ({} of {} Hull suffered).", s.camp.hull_suffered,
                                     camp_hull)
                       : fmt::format("The besiegers' camp has suffered {} of {} Hull.", s.camp.hull_suffered, camp_hull));
  if (!h.inside.empty()) out.emplace_back(true, "Besiegers inside: " + joined(h.inside) + ".");
  return out;
}

// Every rule id cited, in the order first cited.
std::vector<std::string> rules_cited(const Chronicle& c) {
  std::vector<std::string> out;
  std::set<std::string> seen;
  const auto add = [&](const std::vector<std::string>& ids) {
    for (const auto& id : ids)
      if (seen.insert(id).second) out.push_back(id);
  };
  for (const auto& e : c.entries) {
    add(e.rules);
    for (const auto& s : e.shots) add(s.rules);
  }
  return out;
}

std::string rule_with_ruling(const std::string& id) {
  const std::string r = ruling_of(id);
  return r.empty() ? id : id + " (" + r + ")";
}

std::vector<std::string> scenes_ahead(const ChronicleOutlook& o) {
  std::vector<std::string> v;
  for (int k = 1; k <= o.scenes; ++k) v.push_back(fmt::format("scene {}", o.played + k));
  return v;
}

std::string outlook_intro(const ChronicleOutlook& o) {
  return fmt::format(
      "The exact chance, from odds scene, that each section is breached by the end of each of the next {} "
      "(scene {} to scene {}), if the engines shoot as siege scene has them shoot.",
      plural(o.scenes, "scene", "scenes"), o.played + 1, o.played + o.scenes);
}

std::string series_value(const ChronicleSeries& s, int v) {
  if (s.section) {
    const BreachState st = ladder_state(v, s.hull);
    return st == BreachState::intact ? std::to_string(v) : fmt::format("{} ({})", v, name_of(st));
  }
  return v >= s.hull ? fmt::format("{} ({})", v, s.id == camp_id ? "wrecked" : "out") : std::to_string(v);
}

// ================================================================ HTML

constexpr std::string_view page_css =
    R"(:root{--ink:#1c1c1c;--muted:#555;--line:#c9c9c9;--soft:#f3f3f1;--intact:#2e7d32;--cracked:#a05a00;--breached:#c62828;--engine:#1f5fa8}
*{box-sizing:border-box}
body{margin:0 auto;max-width:62rem;padding:1rem 1.25rem 2rem;color:var(--ink);background:#fff;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","DejaVu Sans","Liberation Sans",Arial,sans-serif}
h1{font-size:1.9rem;margin:.3rem 0 .2rem}
h2{font-size:1.35rem;margin:2rem 0 .5rem;padding-bottom:.2rem;border-bottom:2px solid var(--line)}
h3{font-size:1.1rem;margin:1.3rem 0 .4rem}
h4{font-size:1rem;margin:0 0 .2rem}
p{margin:.3rem 0}
.lead{color:var(--muted)}
nav ul{display:flex;flex-wrap:wrap;gap:.3rem 1.2rem;padding:0;list-style:none}
a{color:var(--engine)}
table{border-collapse:collapse;margin:.4rem 0 1rem;font-size:.9rem}
caption{text-align:left;font-weight:600;padding:.2rem 0}
th,td{border:1px solid var(--line);padding:.2rem .45rem;text-align:left;vertical-align:top}
thead th{background:var(--soft)}
td.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
tbody th{white-space:nowrap}
td.hull{white-space:nowrap;font-variant-numeric:tabular-nums}
.wide{overflow-x:auto}
table.shots{font-size:.82rem}
td small,th small{color:var(--muted);font-weight:normal}
td.rules{font-size:.76rem;color:var(--muted)}
code,.dice{font-family:ui-monospace,"DejaVu Sans Mono","Liberation Mono",Menlo,monospace;font-size:.85em}
.dice{white-space:nowrap}
.state{display:inline-block;padding:0 .35rem;border:1px solid currentColor;border-radius:.25rem;font-weight:600;font-size:.85em}
.intact{color:var(--intact)}.cracked{color:var(--cracked)}.breached,.alarm{color:var(--breached)}
.alarm{font-weight:700}
.holds li{margin:.1rem 0}
.entry{margin:.6rem 0;padding:.35rem .8rem;border-left:4px solid var(--line)}
.entry.flagged{border-left-color:var(--breached);background:#fdf2f2}
.changes{margin:.2rem 0;padding-left:1.2rem}
.notes{margin:.2rem 0;padding-left:1.2rem;color:var(--muted);font-size:.85rem}
.rules{font-size:.85rem;color:var(--muted)}
.charts{display:flex;flex-wrap:wrap;gap:.8rem 1.2rem}
figure{margin:0}
figcaption{font-size:.85rem;color:var(--muted);max-width:300px}
svg{overflow:visible}
svg text{font-family:inherit;fill:var(--ink)}
.bar{vertical-align:middle;margin-right:.35rem}
svg.chart{max-width:100%;height:auto}
figure.plan{margin:.6rem 0 1rem}figure.plan figcaption{max-width:46rem}.plan-frame{overflow-x:auto}svg.plan{display:block;max-width:none;height:auto;scroll-initial-target:nearest;scroll-snap-align:center}.plan-words{margin:0 0 1rem;font-size:.9rem}
code{overflow-wrap:anywhere}
@media screen and (max-width:600px){body{padding:.75rem .8rem 1.5rem}.wide table,.wide caption,.wide tbody,.wide tr,.wide th,.wide td{display:block}.wide thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}.wide tbody tr{margin:0 0 .5rem;padding:.25rem .55rem;border:1px solid var(--line);border-radius:.3rem}.wide tbody th,.wide td{border:0;padding:.05rem 0;text-align:left;white-space:normal}.wide tbody th{font-size:1rem}.wide td[data-label]::before{content:attr(data-label) ": ";font-weight:600}.wide td.rules::before{color:var(--ink)}}
footer{margin-top:2rem;font-size:.8rem;color:var(--muted)}
@page{size:A4;margin:14mm 12mm}
@media print{body{max-width:none;padding:0;font-size:9.5pt;background:#fff;color:#000}nav{display:none}.entry.flagged{background:none}thead th{background:none}h2,h3,h4{break-after:avoid}figure,tr{break-inside:avoid}a{color:inherit;text-decoration:none}.wide,.plan-frame{overflow:visible}svg.plan{max-width:100%}tbody th,td.hull,td.n,.dice{white-space:normal}table.shots{font-size:7.5pt}td.rules{font-size:7pt}}
)";

// Colours of the SVG (the CSS variables do not reach a presentation attribute).
constexpr std::string_view colour_engine = "#1f5fa8";
constexpr std::string_view colour_frame = "#8a8a8a";
constexpr std::string_view colour_grid = "#e2e2e2";

class Page {
 public:
  std::string out;

  template <typename... Args>
  void put(fmt::format_string<Args...> f, Args&&... args) {
    fmt::format_to(std::back_inserter(out), f, std::forward<Args>(args)...);
  }
  void raw(std::string_view s) { out += s; }
  void text(std::string_view s) { escape_into(out, s, false); }
};

std::string esc(std::string_view s) { return html_escape(s); }

// About the bytes of an HTML page (measured: some 500 an entry, 1,000 an
// attack in an entry, 60,000 for the rest; the Markdown is smaller),
// reserved at once: a long log's page is megabytes, and each time a string
// outgrows its room it is copied to new memory, whose first touch is slow.
std::size_t page_bytes(const Chronicle& c) {
  std::size_t n = 64 * 1024;
  for (const auto& e : c.entries) n += 512 + 1024 * e.shots.size();
  return n;
}

std::string state_badge(BreachState s) {
  return fmt::format("<span class=\"state {0}\">{0}</span>", name_of(s));
}
std::string state_badge(const std::string& s) {
  if (s == "intact" || s == "cracked" || s == "breached")
    return fmt::format("<span class=\"state {0}\">{0}</span>", s);
  return esc(s);
}

// A Hull bar in a table cell: the bar, then "7 / 20" beside it.
std::string hull_cell(int suffered, int hull, std::string_view colour, std::string_view what) {
  const int width = hull > 0 ? static_cast<int>(static_cast<long>(std::min(suffered, hull)) * 100 / hull) : 0;
  return fmt::format(
      "<svg class=\"bar\" width=\"102\" height=\"12\" viewBox=\"0 0 102 12\" role=\"img\" aria-label=\"{0} of {1} "
      "Hull suffered\"><title>{2}: {0} of {1} Hull suffered</title><rect x=\"0.5\" y=\"0.5\" width=\"101\" "
      "height=\"11\" fill=\"none\" stroke=\"{3}\"/><rect x=\"1\" y=\"1\" width=\"{4}\" height=\"10\" "
      "fill=\"{5}\"/></svg>{0} / {1}",
      suffered, hull, esc(what), colour_frame, width, colour);
}

// A table: `head` the column headers (plain text), each row's cells HTML,
// the first cell a row header; `classes` gives a column's class ("n": a
// number, right-aligned; "hull": a Hull bar).
void table(Page& p, std::string_view caption, const std::vector<std::string>& head,
           const std::vector<std::vector<std::string>>& rows, const std::vector<std::string_view>& classes = {},
           std::string_view table_class = {}) {
  if (table_class.empty()) p.raw("<div class=\"wide\"><table>");
  else p.put("<div class=\"wide\"><table class=\"{}\">", table_class);
  if (!caption.empty()) {
    p.raw("<caption>");
    p.text(caption);
    p.raw("</caption>");
  }
  p.raw("<thead><tr>");
  for (const auto& h : head) {
    p.raw("<th scope=\"col\">");
    p.text(h);
    p.raw("</th>");
  }
  p.raw("</tr></thead>\n<tbody>\n");
  // Each cell names its column (data-label): on a narrow screen a row is a
  // card of "column: value" lines (the CSS), the header row hidden.
  std::vector<std::string> labels;
  for (const auto& h : head) labels.push_back(esc(h));
  for (const auto& r : rows) {
    p.raw("<tr>");
    for (std::size_t i = 0; i < r.size(); ++i) {
      const std::string_view c = i < classes.size() ? classes[i] : std::string_view();
      const std::string_view label = i < labels.size() ? std::string_view(labels[i]) : std::string_view();
      if (i == 0) p.put("<th scope=\"row\">{}</th>", r[i]);
      else if (c.empty())
        p.put("<td data-label=\"{}\">{}</td>", label, r[i]);
      else
        p.put("<td class=\"{}\" data-label=\"{}\">{}</td>", c, label, r[i]);
    }
    p.raw("</tr>\n");
  }
  p.raw("</tbody></table></div>\n");
}

// ---- the Hull chart of one series: a line over the chart's points

// The chart's frame, in the units of its viewBox (600 x 320, drawn at half
// size). Along the bottom: a slot for the start, then one band per scene
// (every scene from the first point's to the last's, so a scene with no
// point left after thinning keeps its place), each scene's points spread
// evenly inside its band.
constexpr int chart_left = 70, chart_right = 575, chart_top = 34, chart_bottom = 250;
constexpr int chart_start_slot = 70;   // the width of the start's slot
constexpr int chart_font = 22;         // the labels' size
constexpr int chart_digit_width = 14;  // a digit at that size, generously
constexpr int chart_label_gap = 10;    // the least room between two labels of the axis

struct SceneAxis {
  int first = 0, last = 0;  // the scenes of the bands
  std::vector<int> x;       // each point's x
  [[nodiscard]] int bands() const { return last - first + 1; }
  [[nodiscard]] int band_left(int b) const {
    return chart_left + chart_start_slot +
           static_cast<int>(static_cast<long>(b) * (chart_right - chart_left - chart_start_slot) / bands());
  }
};

SceneAxis scene_axis(const std::vector<ChroniclePoint>& pts) {
  SceneAxis a;
  a.x.assign(pts.size(), chart_left + chart_start_slot / 2);
  if (pts.size() < 2) return a;
  a.first = pts[1].scene;
  a.last = pts.back().scene;
  for (std::size_t i = 1; i < pts.size(); ++i) {
    a.first = std::min(a.first, pts[i].scene);
    a.last = std::max(a.last, pts[i].scene);
  }
  for (std::size_t i = 1; i < pts.size();) {
    std::size_t j = i;
    while (j < pts.size() && pts[j].scene == pts[i].scene) ++j;
    const int b = pts[i].scene - a.first;
    const long left = a.band_left(b), width = a.band_left(b + 1) - left;
    const long m = static_cast<long>(j - i);
    for (std::size_t k = i; k < j; ++k)
      a.x[k] = static_cast<int>(left + width * static_cast<long>(k - i + 1) / (m + 1));
    i = j;
  }
  return a;
}

int y_at(int v, int hull) {
  const int h = std::max(hull, 1);
  return chart_bottom - static_cast<int>(static_cast<long>(std::clamp(v, 0, h)) * (chart_bottom - chart_top) / h);
}

// The first of 1, 2, 5, 10, 20, 50, ... that is at least `least`.
int round_step(long least) {
  for (long step = 1;; step *= 10)
    for (const long k : {1L, 2L, 5L})
      if (k * step >= least) return static_cast<int>(k * step);
}

std::string point_words(const ChroniclePoint& p) {
  return p.entry == 0 ? "at the start" : fmt::format("after entry {} ({})", p.entry, point_label(p));
}

void hull_chart(Page& p, const ChronicleSeries& s, const std::vector<ChroniclePoint>& pts) {
  const std::size_t n = pts.size();
  const std::string id = esc(s.id);
  const SceneAxis axis = scene_axis(pts);
  std::string desc = fmt::format("Hull suffered by {} ({}, Hull {}):", s.id, s.what, s.hull);
  for (std::size_t i = 0; i < n; ++i)
    desc += fmt::format("{} {} {}", i == 0 ? "" : ";", s.suffered[i], point_words(pts[i]));
  desc += s.section ? fmt::format(". It cracks at {} and is breached at {}.", (s.hull + 1) / 2, s.hull)
                    : fmt::format(". It is {} at {}.", s.id == camp_id ? "wrecked" : "knocked out", s.hull);
  p.put(
      "<figure><svg class=\"chart\" width=\"300\" height=\"160\" viewBox=\"0 0 600 320\" role=\"img\" "
      "aria-labelledby=\"chart-{0}-t chart-{0}-d\" font-size=\"{2}\"><title id=\"chart-{0}-t\">Hull suffered "
      "by "
      "{0} over the scenes</title><desc id=\"chart-{0}-d\">{1}</desc>\n",
      id, esc(desc), chart_font);
  // The y axis: 0, a round step (at most four between 0 and the Hull), the
  // Hull at the top; a step too close under the top is left out.
  const int step = round_step((s.hull + 3) / 4);
  for (int v = 0; v < s.hull; v += step) {
    const int y = y_at(v, s.hull);
    if (v != 0 && y - chart_top < chart_font + 4) break;
    if (v != 0)
      p.put("<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\" stroke=\"{3}\" stroke-width=\"1\"/>",
            chart_left, y, chart_right, colour_grid);
    p.put("<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>\n", chart_left - 8, y + 7, v);
  }
  p.put("<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>\n", chart_left - 8, chart_top + 7, s.hull);
  p.put("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"1.5\"/>\n",
        chart_left, chart_top, chart_right - chart_left, chart_bottom - chart_top, colour_frame);
  // The marks of the ladder, labelled at the right (a Hull of 1 cracks and
  // breaches at once: one mark).
  const auto mark = [&](int v, std::string_view colour, const std::string& label) {
    const int y = y_at(v, s.hull);
    p.put(
        "<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\" stroke=\"{3}\" stroke-width=\"2\" "
        "stroke-dasharray=\"10 6\"/><text x=\"{4}\" y=\"{5}\" text-anchor=\"end\" "
        "font-size=\"20\">{6}</text>\n",
        chart_left, y, chart_right, colour, chart_right - 4, y - 6, esc(label));
  };
  if (s.section) {
    const int crack = (s.hull + 1) / 2;
    if (crack < s.hull) mark(crack, colour_cracked, fmt::format("cracked at {}", crack));
    mark(s.hull, colour_breached,
         fmt::format("{} at {}", crack < s.hull ? "breached" : "cracked and breached", s.hull));
  } else {
    mark(s.hull, colour_breached, fmt::format("{} at {}", s.id == camp_id ? "wrecked" : "knocked out", s.hull));
  }
  // The x axis: "start", then each scene's band, parted by dotted lines; a
  // band's number where there is room for it (every 1st, 2nd, 5th, 10th, ...
  // scene, so that no two labels touch).
  const int label_y = chart_bottom + 30;
  p.put("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">start</text>\n", chart_left + chart_start_slot / 2,
        label_y);
  if (n >= 2) {
    const int bands = axis.bands();
    const long band = (chart_right - chart_left - chart_start_slot) / bands;  // at least this wide
    const int digits =
        static_cast<int>(std::max(std::to_string(axis.first).size(), std::to_string(axis.last).size()));
    const int every = round_step(
        (static_cast<long>(digits) * chart_digit_width + chart_label_gap + band - 1) / std::max(band, 1L));
    for (int b = 0; b < bands; ++b) {
      const int x = axis.band_left(b);
      if (band >= 6 || (axis.first + b) % every == 0)
        p.put("<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" stroke=\"{3}\" stroke-dasharray=\"2 5\"/>",
              x, chart_top, chart_bottom + 8, colour_frame);
      if ((axis.first + b) % every == 0)
        p.put("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>", (x + axis.band_left(b + 1)) / 2,
              label_y, axis.first + b);
    }
    p.raw("\n");
  }
  p.put("<text x=\"{}\" y=\"{}\" text-anchor=\"end\">scene</text>\n", chart_right, label_y + 28);
  // The line, and a dot at each point in the colour of its state.
  std::string line;
  for (std::size_t i = 0; i < n; ++i)
    line += fmt::format("{}{},{}", i == 0 ? "" : " ", axis.x[i], y_at(s.suffered[i], s.hull));
  p.put("<polyline points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"3\"/>\n", line, colour_engine);
  for (std::size_t i = 0; i < n; ++i) {
    const int v = s.suffered[i];
    const std::string_view colour = s.section ? state_colour(ladder_state(v, s.hull))
                                    : v >= s.hull ? colour_breached
                                                  : colour_engine;
    p.put("<circle cx=\"{}\" cy=\"{}\" r=\"5\" fill=\"{}\"/>", axis.x[i], y_at(v, s.hull), colour);
  }
  const int last = n == 0 ? 0 : s.suffered[n - 1];
  p.raw("\n</svg><figcaption>");
  std::string caption = fmt::format("{} ({}): {} of {} Hull suffered", s.id, s.what, last, s.hull);
  if (s.section) caption += fmt::format(", {}", name_of(ladder_state(last, s.hull)));
  else if (last >= s.hull) caption += s.id == camp_id ? ", wrecked" : ", knocked out";
  p.text(caption);
  p.raw("</figcaption></figure>\n");
}

// ---- the outlook of one section or engine: a bar per coming scene

void outlook_chart(Page& p, const ChronicleOutlook::Row& r, const ChronicleOutlook& o, std::string_view what) {
  constexpr int left = 60, right = 590, top = 40, bottom = 210;
  const std::size_t k = r.chance.size();
  const std::string id = esc(r.id);
  std::string desc = fmt::format("The chance that {} is {} by the end of", r.id, what);
  for (std::size_t i = 0; i < k; ++i)
    desc += fmt::format("{} scene {}: {}", i == 0 ? "" : ";", o.played + 1 + static_cast<int>(i),
                        percent_text(r.chance[i]));
  desc += ".";
  p.put(
      "<figure><svg class=\"chart\" width=\"300\" height=\"140\" viewBox=\"0 0 600 280\" role=\"img\" "
      "aria-labelledby=\"odds-{0}-t odds-{0}-d\" font-size=\"22\"><title id=\"odds-{0}-t\">The chance {0} is "
      "{1} "
      "by the end of each coming scene</title><desc id=\"odds-{0}-d\">{2}</desc>\n",
      id, what, esc(desc));
  p.put("<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\" stroke=\"{3}\" stroke-width=\"1.5\"/>"
        "<line x1=\"{0}\" y1=\"{4}\" x2=\"{2}\" y2=\"{4}\" stroke=\"{3}\" stroke-dasharray=\"4 6\"/>"
        "<text x=\"{5}\" y=\"{6}\" text-anchor=\"end\">0%</text><text x=\"{5}\" y=\"{7}\" "
        "text-anchor=\"end\">100%</text>\n",
        left, bottom, right, colour_frame, top, left - 6, bottom + 7, top + 7);
  const int slot = k == 0 ? 0 : (right - left) / static_cast<int>(k);
  for (std::size_t i = 0; i < k; ++i) {
    const int h = static_cast<int>(std::lround(std::clamp(r.chance[i], 0.0, 1.0) * (bottom - top)));
    const int x = left + static_cast<int>(i) * slot + slot / 5;
    const int w = slot * 3 / 5;
    p.put("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>"
          "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"{}\">{}</text>"
          "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n",
          x, bottom - h, w, h, colour_breached, x + w / 2, bottom - h - 8, k > 8 ? 14 : 20,
          esc(percent_text(r.chance[i])), x + w / 2, bottom + 30, o.played + 1 + static_cast<int>(i));
  }
  p.put("<text x=\"{}\" y=\"{}\" text-anchor=\"end\">scene</text>\n", right, bottom + 58);
  p.raw("</svg><figcaption>");
  p.text(fmt::format("{} ({} now), shot at by {}", r.id, r.state, joined(r.attackers)));
  p.raw("</figcaption></figure>\n");
}

std::string rules_html(const std::vector<std::string>& ids) {
  std::string s;
  for (std::size_t i = 0; i < ids.size(); ++i) {
    if (i != 0) s += ", ";
    escape_into(s, rule_with_ruling(ids[i]), false);
  }
  return s;
}

// Every entry is written straight into the page, its texts escaped where
// they go: a long log has tens of thousands.
void entry_html(Page& p, const std::string& file, const ChronicleEntry& e) {
  const bool flagged = e.alarm();
  const auto number = fmt::format_int(e.number);
  const std::string_view n(number.data(), number.size());
  p.raw(flagged ? "<article class=\"entry flagged\" id=\"entry-" : "<article class=\"entry\" id=\"entry-");
  p.raw(n);
  p.raw("\" aria-labelledby=\"entry-");
  p.raw(n);
  p.raw("-h\">\n<h4 id=\"entry-");
  p.raw(n);
  p.raw("-h\">Entry ");
  p.raw(n);
  p.raw(": ");
  p.text(e.action);
  if (flagged) p.raw(" <span class=\"alarm\">(!)</span>");
  p.raw("</h4>\n<p><code>");
  p.text(command_line(file, e));
  p.raw("</code></p>\n<p>");
  p.text(e.line);
  p.raw("</p>\n");
  if (!e.changes.empty()) {
    p.raw("<ul class=\"changes\">\n");
    for (const auto& c : e.changes) {
      if (c.alarm()) {
        p.raw("<li class=\"alarm\"><strong>");
        p.text(change_label(c.kind));
        p.raw(":</strong> ");
      } else {
        p.raw("<li>");
      }
      p.text(c.text);
      p.raw("</li>\n");
    }
    p.raw("</ul>\n");
  }
  if (e.roll) {
    p.raw("<p>Dice: ");
    p.text(roll_head(*e.roll));
    if (e.roll->rolled) {
      p.raw(" <span class=\"dice\">");
      p.text(e.roll->dice);
      p.raw("</span>");
    }
    p.text(roll_tail(*e.roll));
    p.raw("</p>\n");
  }
  if (!e.shots.empty()) {
    std::vector<std::vector<std::string>> rows;
    for (const auto& s : e.shots) {
      std::string dice = "-";
      if (s.roll)
        dice = s.roll->rolled ? "<span class=\"dice\">" + esc(s.roll->dice) + "</span>" : "the referee's roll";
      if (s.seed) dice += fmt::format("<br><small>seed {}</small>", *s.seed);
      std::string change;
      if (!s.state_before.empty() && s.state_before != s.state_after)
        change = state_badge(s.state_before) + " to " + state_badge(s.state_after);
      else if (!s.state_after.empty())
        change = state_badge(s.state_after);
      if (s.knocked_out)
        change = fmt::format("<strong class=\"alarm\">{}</strong>", s.target == camp_id ? "wrecked" : "knocked out");
      rows.push_back({esc(s.engine) + (s.side.empty() ? std::string() : "<br><small>" + esc(s.side) + "</small>"),
                      esc(s.target), dice, s.roll ? fmt::format("{} / {}", s.roll->successes, s.roll->boons) : "-",
                      esc(result_text(s)), esc(hull_text(s.hull_before, s.hull_after, s.hull_max)), change,
                      rules_html(s.rules)});
    }
    table(p, fmt::format("The attacks of entry {}", e.number),
          {"Engine", "Target", "Dice", "Net Successes / Boons", "Result", "Hull", "State", "Rules"}, rows,
          {"", "", "", "n", "", "hull", "", "rules"}, "shots");
  }
  if (!e.rules.empty()) {
    p.raw("<p class=\"rules\">Rules: ");
    p.raw(rules_html(e.rules));
    p.raw("</p>\n");
  }
  if (!e.notes.empty()) {
    p.raw("<ul class=\"notes\">\n");
    for (const auto& note : e.notes) {
      p.raw("<li>");
      p.text(note);
      p.raw("</li>\n");
    }
    p.raw("</ul>\n");
  }
  p.raw("</article>\n");
}

}  // namespace

std::string chronicle_html(const Chronicle& c) {
  const SiegeState& st = *c.state;
  const Tables& t = *c.tables;
  const Snapshot& now = st.now;
  const std::string title = st.name.empty() ? std::string("A siege") : st.name;
  Page p;
  p.out.reserve(page_bytes(c));
  p.raw("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        "<meta name=\"generator\" content=\"siege chronicle\">\n<title>");
  p.text(title + ": the chronicle");
  p.raw("</title>\n<style>\n");
  p.raw(page_css);
  p.raw("</style>\n");
  p.raw(c.live_head);
  p.raw("</head>\n<body>\n");
  p.raw(c.live_banner);
  p.raw("<header>\n<h1>");
  p.text(title);
  p.put("</h1>\n<p class=\"lead\">The chronicle of the siege: {} played (a scene is one {}), {} in the log.</p>\n",
        plural(now.scene, "scene", "scenes"), name_of(st.scene_length),
        plural(static_cast<int>(st.log.size()), "entry", "entries"));
  p.raw("<ul class=\"holds\">\n");
  for (const auto& [alarm, line] : holding_lines(still_in_siege(now), t)) {
    p.raw(alarm ? "<li class=\"alarm\">" : "<li>");
    p.text(line);
    p.raw("</li>\n");
  }
  p.raw("</ul>\n</header>\n<nav aria-label=\"Contents\"><ul><li><a href=\"#glance\">The castle at a glance</a></li>"
        "<li><a href=\"#hull\">Hull over the scenes</a></li><li><a href=\"#log\">Scene by scene</a></li>");
  if (!c.outlook_hidden) p.raw("<li><a href=\"#outlook\">The outlook</a></li>");
  p.raw("<li><a href=\"#rules\">The rules cited</a></li></ul></nav>\n<main>\n");

  // ---- the castle at a glance
  p.raw(
      "<section id=\"glance\" aria-labelledby=\"glance-h\">\n<h2 id=\"glance-h\">The castle at a "
      "glance</h2>\n"
      "<figure class=\"plan\">"
      // The plan at its own size, its labels 13 px, never shrunk to the
      // screen: a narrow one scrolls it sideways in its frame, which opens
      // on the middle of the castle (scroll-initial-target).
      "<div class=\"plan-frame\" role=\"region\" aria-label=\"The plan (it scrolls sideways on a narrow "
      "screen)\" tabindex=\"0\">");
  p.raw(castle_plan_svg(still_in_siege(now), t));
  p.raw(
      "</div><figcaption>A schematic plan, not to scale: the sections in the order of the description, clockwise "
      "from "
      "the top, each labelled with its state; the besiegers' engines and camp outside the walls, the "
      "defenders' "
      "engines inside, an arrow from each engine to its target; the units where they stand, one at a section "
      "tied to its wall by a dotted line, before it (a besieger) or against its inner side (a defender) "
      "(square corners: an engine, round: a unit; a cross: knocked out or wrecked).</figcaption></figure>\n"
      "<details class=\"plan-words\"><summary>The plan in words</summary><ul>\n");
  for (const auto& f : castle_plan_facts(still_in_siege(now), t)) p.put("<li>{}</li>\n", esc(f));
  p.raw("</ul></details>\n<h3>Sections</h3>\n");
  {
    std::vector<std::vector<std::string>> rows;
    for (const auto& x : now.sections) {
      const int hull = stats_of(x, t).hull;
      rows.push_back({esc(x.id), esc(x.variant.empty() ? x.structure : x.structure + ", " + x.variant),
                      hull_cell(x.hull_suffered, hull, state_colour(x.state), x.id), state_badge(x.state),
                      esc(abatis_text(x, t)), esc(mine_text(x))});
    }
    table(p, "", {"Section", "Structure", "Hull suffered", "State", "Abatis", "Mine"}, rows,
          {"", "", "hull", "", "", ""});
  }
  p.raw("<h3>Engines</h3>\n");
  if (now.engines.empty()) {
    p.raw("<p>No engines in this siege.</p>\n");
  } else {
    std::vector<std::vector<std::string>> rows;
    for (const auto& e : now.engines) {
      const Engine* row = row_of(e, t);
      rows.push_back({esc(e.id), std::string(name_of(e.side)), esc(engine_what(e)),
                      e.weapon.empty() ? "-" : std::to_string(e.pool), e.target.empty() ? "-" : esc(e.target),
                      row == nullptr ? "-"
                                     : hull_cell(e.hull_suffered, row->hull,
                                                 e.knocked_out ? colour_breached : colour_engine, e.id),
                      !e.present()    ? std::string("gone (removed)")
                      : e.knocked_out ? "<strong class=\"alarm\">knocked out</strong>"
                                      : "in action"});
    }
    table(p, "", {"Engine", "Side", "Fires", "Pool", "Target", "Hull suffered", "Action"}, rows,
          {"", "", "", "n", "", "hull", ""});
  }
  p.raw("<h3>The camp</h3>\n");
  {
    const int hull = camp_row(t).hull;
    const bool wrecked = now.camp.hull_suffered >= hull;
    p.put("<p>{}{}</p>\n",
          hull_cell(now.camp.hull_suffered, hull, wrecked ? colour_breached : colour_engine, "the camp"),
          wrecked ? " <strong class=\"alarm\">wrecked</strong>" : "");
  }
  p.raw("<h3>Units and armies</h3>\n");
  if (now.units.empty() && !now.armies.besieger && !now.armies.defender) {
    p.raw("<p>No units or armies in this siege.</p>\n");
  } else {
    if (!now.units.empty()) {
      std::vector<std::vector<std::string>> rows;
      for (const auto& u : now.units)
        rows.push_back({esc(u.id) + (u.hero ? " (hero)" : ""), std::string(name_of(u.side)),
                        fmt::format("{} of {}", u.figures, u.start_figures),
                        u.order == Order::good ? std::string("good")
                                               : fmt::format("<strong class=\"alarm\">{}</strong>", name_of(u.order)),
                        esc(unit_place(u))});
      table(p, "Units", {"Unit", "Side", "Figures", "Order", "Where"}, rows, {"", "", "n", "", ""});
    }
    std::vector<std::vector<std::string>> rows;
    for (const UnitSide side : {UnitSide::besieger, UnitSide::defender})
      if (const auto& a = now.armies.of(side))
        rows.push_back({fmt::format("the {}s", name_of(side)), std::to_string(a->strength), std::to_string(a->killed),
                        third_cell(*a, siege::sally_for(now, side)),
                        a->called ? "<strong class=\"alarm\">" + esc(army_check_text(*a, siege::sally_for(now, side))) + "</strong>"
                                  : esc(army_check_text(*a, siege::sally_for(now, side)))});
    if (!rows.empty())
      table(p, "Armies", {"Army", "Strength", "Killed", "One third", "Morale check"}, rows,
            {"", "n", "n", "n", ""});
  }
  p.raw("</section>\n");

  // ---- Hull over the scenes
  p.raw("<section id=\"hull\" aria-labelledby=\"hull-h\">\n<h2 id=\"hull-h\">Hull suffered over the scenes</h2>\n");
  if (!c.replay_note.empty()) {
    p.raw("<p class=\"alarm\">");
    p.text("The log does not replay to its end, so the charts stop where it differs: " + c.replay_note);
    p.raw("</p>\n");
  }
  if (c.points.size() < 2) {
    p.raw("<p>Nothing has happened yet: the charts begin with the first entry of the log.</p>\n");
  } else {
    p.raw(
        "<p>Each line is the Hull suffered after each entry of the log. Along the bottom, the start, then a "
        "band "
        "for each scene, numbered, that holds the entries of that scene in the order played; up the side, "
        "the Hull "
        "suffered. The dashed lines mark where a section cracks and where it is breached (an engine: where "
        "it is "
        "knocked out), and the dots are coloured by state.</p>\n");
    p.raw("<h3>Sections</h3>\n<div class=\"charts\">\n");
    for (const auto& s : c.series)
      if (s.section) hull_chart(p, s, c.points);
    p.raw("</div>\n<h3>Engines and the camp</h3>\n<div class=\"charts\">\n");
    // An engine never hit has no line worth drawing: it is named below.
    std::vector<std::string> untouched;
    for (const auto& s : c.series) {
      if (s.section) continue;
      if (std::all_of(s.suffered.begin(), s.suffered.end(), [](int v) { return v == 0; })) untouched.push_back(s.id);
      else hull_chart(p, s, c.points);
    }
    p.raw("</div>\n");
    if (!untouched.empty()) {
      p.raw("<p>");
      p.text("No Hull suffered all along: " + joined(untouched) + ".");
      p.raw("</p>\n");
    }
  }
  if (!c.scene_ends.empty()) {
    std::vector<std::string> head{"Hull suffered"};
    for (const auto& pt : c.scene_ends) head.push_back(point_label(pt));
    std::vector<std::vector<std::string>> rows;
    for (const auto& s : c.series) {
      std::vector<std::string> r{esc(s.id)};
      for (const int v : s.at_scene) r.push_back(esc(series_value(s, v)));
      rows.push_back(std::move(r));
    }
    table(p, "At the end of each scene", head, rows, std::vector<std::string_view>(head.size(), "n"));
  }
  p.raw("</section>\n");

  // ---- scene by scene
  p.raw("<section id=\"log\" aria-labelledby=\"log-h\">\n<h2 id=\"log-h\">Scene by scene</h2>\n");
  if (c.entries.empty()) p.raw("<p>The log is empty: nothing has been resolved yet.</p>\n");
  else
    p.raw("<p>Every entry of the log in the order played: the command that plays it again, the outcome in a line, "
          "what changed, the dice (S success, F failure, B boon, X bane; a bracket is one die, a bar parts the skill "
          "dice from the difficulty dice) and the rules applied. Entries marked (!) breach a section, knock out an "
          "engine, rout a unit or call an army's morale check.</p>\n");
  int scene = -1;
  for (const auto& e : c.entries) {
    if (e.scene != scene) {
      scene = e.scene;
      p.put("<h3 id=\"scene-{0}\">{1}</h3>\n", scene, scene_title(scene));
    }
    entry_html(p, c.file, e);
  }
  p.raw("</section>\n");

  // ---- the outlook (left out of the players' view of siege serve)
  const auto outlook = [&] {
    p.raw("<section id=\"outlook\" aria-labelledby=\"outlook-h\">\n<h2 id=\"outlook-h\">The outlook</h2>\n");
    if (!c.outlook) {
      p.raw("<p>");
      p.text("The outlook is left out: " + c.outlook_note);
      p.raw("</p>\n");
    } else {
      const ChronicleOutlook& o = *c.outlook;
      p.raw("<p>");
      p.text(outlook_intro(o));
      p.raw("</p>\n<div class=\"charts\">\n");
      std::vector<std::string> quiet;
      for (const auto& r : o.sections) {
        if (r.state == "breached") quiet.push_back(r.id + " is already breached.");
        else if (r.attackers.empty()) quiet.push_back(r.id + ": no engine shoots at it; it stays " + r.state + ".");
        else outlook_chart(p, r, o, "breached");
      }
      p.raw("</div>\n");
      if (!quiet.empty()) {
        p.raw("<ul>\n");
        for (const auto& q : quiet) p.put("<li>{}</li>\n", esc(q));
        p.raw("</ul>\n");
      }
      std::vector<std::string> head{"Breached by the end of"};
      for (const auto& s : scenes_ahead(o)) head.push_back(s);
      std::vector<std::vector<std::string>> rows;
      for (const auto& r : o.sections) {
        std::vector<std::string> row{esc(r.id)};
        for (const double v : r.chance) row.push_back(esc(percent_text(v)));
        rows.push_back(std::move(row));
      }
      table(p, "The chance each section is breached", head, rows, std::vector<std::string_view>(head.size(), "n"));
      if (!o.engines.empty()) {
        head[0] = o.engines.back().id == camp_id ? "Knocked out (the camp: wrecked) by the end of"
                                                 : "Knocked out by the end of";
        rows.clear();
        for (const auto& r : o.engines) {
          std::vector<std::string> row{esc(r.id)};
          for (const double v : r.chance) row.push_back(esc(percent_text(v)));
          rows.push_back(std::move(row));
        }
        table(p, "The chance each besieger engine the defenders shoot at is knocked out (the camp: wrecked)",
              head, rows, std::vector<std::string_view>(head.size(), "n"));
      }
      if (!o.notes.empty() || !o.not_modelled.empty()) {
        p.raw("<ul class=\"notes\">\n");
        for (const auto& n : o.notes) p.put("<li>{}</li>\n", esc(n));
        for (const auto& n : o.not_modelled) p.put("<li>Not modelled here: {}</li>\n", esc(n));
        p.raw("</ul>\n");
      }
    }
    p.raw("</section>\n");
  };
  if (!c.outlook_hidden) outlook();

  // ---- the rules cited
  p.raw("<section id=\"rules\" aria-labelledby=\"rules-h\">\n<h2 id=\"rules-h\">The rules cited</h2>\n");
  const auto cited = rules_cited(c);
  if (cited.empty()) {
    p.raw("<p>No rule has been applied yet.</p>\n");
  } else {
    std::vector<std::vector<std::string>> rows;
    for (const auto& id : cited) {
      const RuleInfo* r = rule_info(id);
      rows.push_back({esc(id), r == nullptr ? "-" : esc(r->ruling), r == nullptr ? "" : esc(r->summary)});
    }
    table(p, "", {"Rule", "Ruling", "What it says"}, rows);
  }
  p.raw("</section>\n</main>\n<footer><p>");
  p.raw(c.live_footer.empty() ? "Written by siege chronicle from the state file and its log alone: the same file "
                                "gives the same page. No script, nothing fetched."
                              : c.live_footer);
  p.raw("</p></footer>\n</body>\n</html>\n");
  return std::move(p.out);
}

// ================================================================ Markdown

namespace {

std::string md(std::string_view s) { return markdown_escape(s); }

// `text` as a Markdown code span (in a table, its '|' escaped, as GFM
// asks), or escaped text when it holds what could end the span or that a
// renderer might take for markup anyway (a backtick, a control character,
// < or &), or what must be shown escaped (R42's format characters, C1
// controls, bytes that are not UTF-8).
void md_code_into(std::string& out, std::string_view text, bool in_table = false) {
  bool unsafe = text.empty();
  for (std::size_t i = 0; i < text.size() && !unsafe;) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c < 0x7f) {  // printable ASCII: neither a control nor a format character
      unsafe = c == '`' || c == '<' || c == '&';
      ++i;
      continue;
    }
    char32_t cp = c;
    const std::size_t n = c < 0x80 ? 1 : utf8_at(text, i, cp);
    unsafe = n == 0 || text::is_control(cp) || text::is_format_char(cp);
    i += n;
  }
  if (unsafe) return escape_into(out, text, true);
  out += '`';
  if (!in_table) {
    out.append(text);
  } else {
    for (const char ch : text) {
      if (ch == '|') out += '\\';
      out += ch;
    }
  }
  out += '`';
}
std::string md_code(std::string_view text, bool in_table = false) {
  std::string out;
  md_code_into(out, text, in_table);
  return out;
}

template <typename... Args>
void add(std::string& out, fmt::format_string<Args...> f, Args&&... args) {
  fmt::format_to(std::back_inserter(out), f, std::forward<Args>(args)...);
}

void md_table(std::string& out, const std::vector<std::string>& head, const std::vector<std::vector<std::string>>& rows) {
  out += "|";
  for (const auto& h : head) {
    out += ' ';
    out += md(h);
    out += " |";
  }
  out += "\n|";
  for (std::size_t i = 0; i < head.size(); ++i) out += "---|";
  out += "\n";
  for (const auto& r : rows) {
    out += "|";
    for (const auto& cell : r) {
      out += ' ';
      out += cell.empty() ? std::string_view("-") : std::string_view(cell);
      out += " |";
    }
    out += "\n";
  }
  out += "\n";
}

std::string md_state(const std::string& s) { return s == "intact" || s.empty() ? md(s) : "**" + md(s) + "**"; }

void md_rules_into(std::string& out, const std::vector<std::string>& ids) {
  for (std::size_t i = 0; i < ids.size(); ++i) {
    if (i != 0) out += ", ";
    escape_into(out, rule_with_ruling(ids[i]), true);
  }
}
std::string md_rules(const std::vector<std::string>& ids) {
  std::string s;
  md_rules_into(s, ids);
  return s;
}

}  // namespace

std::string chronicle_markdown(const Chronicle& c) {
  const SiegeState& st = *c.state;
  const Tables& t = *c.tables;
  const Snapshot& now = st.now;
  std::string out;
  out.reserve(page_bytes(c));
  add(out, "# {}\n\nThe chronicle of the siege: {} played (a scene is one {}), {} in the log.\n\n",
      md(st.name.empty() ? std::string("A siege") : st.name), plural(now.scene, "scene", "scenes"),
      name_of(st.scene_length), plural(static_cast<int>(st.log.size()), "entry", "entries"));
  for (const auto& [alarm, line] : holding_lines(still_in_siege(now), t)) add(out, "- {}{}{}\n", alarm ? "**" : "", md(line), alarm ? "**" : "");

  out +=
      "\n## The castle at a glance\n\n### The plan\n\nThe sections in the order of the description, around "
      "the walls:\n\n";
  for (const auto& f : castle_plan_facts(still_in_siege(now), t)) add(out, "- {}\n", md(f));
  out += "\n### Sections\n\n";
  {
    std::vector<std::vector<std::string>> rows;
    for (const auto& x : now.sections)
      rows.push_back({md(x.id), md(x.variant.empty() ? x.structure : x.structure + ", " + x.variant),
                      fmt::format("{} / {}", x.hull_suffered, stats_of(x, t).hull),
                      md_state(std::string(name_of(x.state))), md(abatis_text(x, t)), md(mine_text(x))});
    md_table(out, {"Section", "Structure", "Hull suffered", "State", "Abatis", "Mine"}, rows);
  }
  out += "### Engines\n\n";
  if (now.engines.empty()) {
    out += "No engines in this siege.\n\n";
  } else {
    std::vector<std::vector<std::string>> rows;
    for (const auto& e : now.engines) {
      const Engine* row = row_of(e, t);
      rows.push_back({md(e.id), std::string(name_of(e.side)), md(engine_what(e)),
                      e.weapon.empty() ? "-" : std::to_string(e.pool), e.target.empty() ? "-" : md(e.target),
                      row == nullptr ? "-" : fmt::format("{} / {}", e.hull_suffered, row->hull),
                      !e.present() ? "gone (removed)" : e.knocked_out ? "**knocked out**" : "in action"});
    }
    md_table(out, {"Engine", "Side", "Fires", "Pool", "Target", "Hull suffered", "Action"}, rows);
  }
  {
    const int hull = camp_row(t).hull;
    add(out, "### The camp\n\n{} / {} Hull suffered{}.\n\n", now.camp.hull_suffered, hull,
        now.camp.hull_suffered >= hull ? ": **wrecked**" : "");
  }
  out += "### Units and armies\n\n";
  if (now.units.empty() && !now.armies.besieger && !now.armies.defender) {
    out += "No units or armies in this siege.\n\n";
  } else {
    if (!now.units.empty()) {
      std::vector<std::vector<std::string>> rows;
      for (const auto& u : now.units)
        rows.push_back({md(u.id) + (u.hero ? " (hero)" : ""), std::string(name_of(u.side)),
                        fmt::format("{} of {}", u.figures, u.start_figures),
                        u.order == Order::good ? std::string("good") : fmt::format("**{}**", name_of(u.order)),
                        md(unit_place(u))});
      md_table(out, {"Unit", "Side", "Figures", "Order", "Where"}, rows);
    }
    std::vector<std::vector<std::string>> rows;
    for (const UnitSide side : {UnitSide::besieger, UnitSide::defender})
      if (const auto& a = now.armies.of(side))
        rows.push_back({fmt::format("the {}s", name_of(side)), std::to_string(a->strength), std::to_string(a->killed),
                        third_cell(*a, siege::sally_for(now, side)),
                        a->called ? "**" + md(army_check_text(*a, siege::sally_for(now, side))) + "**"
                                  : md(army_check_text(*a, siege::sally_for(now, side)))});
    if (!rows.empty()) md_table(out, {"Army", "Strength", "Killed", "One third", "Morale check"}, rows);
  }

  out += "## Hull suffered over the scenes\n\n";
  if (!c.replay_note.empty())
    add(out, "**The log does not replay to its end, so this table stops where it differs:** {}\n\n", md(c.replay_note));
  if (!c.scene_ends.empty()) {
    std::vector<std::string> head{"Hull suffered"};
    for (const auto& pt : c.scene_ends) head.push_back(point_label(pt));
    std::vector<std::vector<std::string>> rows;
    for (const auto& s : c.series) {
      std::vector<std::string> r{md(s.id) + " (of " + std::to_string(s.hull) + ")"};
      for (const int v : s.at_scene) r.push_back(md(series_value(s, v)));
      rows.push_back(std::move(r));
    }
    md_table(out, head, rows);
  }

  out += "## Scene by scene\n\n";
  if (c.entries.empty())
    out += "The log is empty: nothing has been resolved yet.\n\n";
  else
    out += "Dice: S success, F failure, B boon, X bane; a bracket is one die, a bar parts the skill dice from the "
           "difficulty dice.\n\n";
  int scene = -1;
  for (const auto& e : c.entries) {
    if (e.scene != scene) {
      scene = e.scene;
      add(out, "### {}\n\n", scene_title(scene));
    }
    // Written straight into the page, as entry_html() writes an entry.
    out += "#### Entry ";
    out += fmt::format_int(e.number).c_str();
    out += ": ";
    escape_into(out, e.action, true);
    if (e.alarm()) out += " (!)";
    out += "\n\n";
    md_code_into(out, command_line(c.file, e));
    out += "\n\n";
    escape_into(out, e.line, true);
    out += "\n\n";
    for (const auto& ch : e.changes) {
      out += "- ";
      if (ch.alarm()) {
        out += "**";
        escape_into(out, change_label(ch.kind), true);
        out += ":** ";
      }
      escape_into(out, ch.text, true);
      out += "\n";
    }
    if (!e.changes.empty()) out += "\n";
    if (e.roll) {
      out += "Dice: ";
      escape_into(out, roll_head(*e.roll), true);
      if (e.roll->rolled) {
        out += ' ';
        md_code_into(out, e.roll->dice);
      }
      escape_into(out, roll_tail(*e.roll), true);
      out += "\n\n";
    }
    if (!e.shots.empty()) {
      std::vector<std::vector<std::string>> rows;
      for (const auto& s : e.shots) {
        std::string dice = !s.roll ? "-" : s.roll->rolled ? md_code(s.roll->dice, true) : "the referee's roll";
        if (s.seed) dice += fmt::format(" (seed {})", *s.seed);
        std::string change = !s.state_before.empty() && s.state_before != s.state_after
                                 ? md_state(s.state_before) + " to " + md_state(s.state_after)
                                 : md_state(s.state_after);
        if (s.knocked_out) change = s.target == camp_id ? "**wrecked**" : "**knocked out**";
        rows.push_back({md(s.engine) + (s.side.empty() ? std::string() : " (" + md(s.side) + ")"), md(s.target), dice,
                        s.roll ? fmt::format("{} / {}", s.roll->successes, s.roll->boons) : "-", md(result_text(s)),
                        md(hull_text(s.hull_before, s.hull_after, s.hull_max)), change, md_rules(s.rules)});
      }
      md_table(out, {"Engine", "Target", "Dice", "Net Successes / Boons", "Result", "Hull", "State", "Rules"}, rows);
    }
    if (!e.rules.empty()) {
      out += "Rules: ";
      md_rules_into(out, e.rules);
      out += "\n\n";
    }
    for (const auto& n : e.notes) add(out, "- {}\n", md(n));
    if (!e.notes.empty()) out += "\n";
  }

  out += "## The outlook\n\n";
  if (!c.outlook) {
    add(out, "The outlook is left out: {}\n\n", md(c.outlook_note));
  } else {
    const ChronicleOutlook& o = *c.outlook;
    add(out, "{}\n\n", md(outlook_intro(o)));
    std::vector<std::string> head{"Breached by the end of"};
    for (const auto& s : scenes_ahead(o)) head.push_back(s);
    std::vector<std::vector<std::string>> rows;
    for (const auto& r : o.sections) {
      std::vector<std::string> row{md(r.id)};
      for (const double v : r.chance) row.push_back(md(percent_text(v)));
      rows.push_back(std::move(row));
    }
    md_table(out, head, rows);
    if (!o.engines.empty()) {
      head[0] = o.engines.back().id == camp_id ? "Knocked out (the camp: wrecked) by the end of"
                                               : "Knocked out by the end of";
      rows.clear();
      for (const auto& r : o.engines) {
        std::vector<std::string> row{md(r.id)};
        for (const double v : r.chance) row.push_back(md(percent_text(v)));
        rows.push_back(std::move(row));
      }
      md_table(out, head, rows);
    }
    for (const auto& n : o.notes) add(out, "- {}\n", md(n));
    for (const auto& n : o.not_modelled) add(out, "- Not modelled here: {}\n", md(n));
    if (!o.notes.empty() || !o.not_modelled.empty()) out += "\n";
  }

  out += "## The rules cited\n\n";
  const auto cited = rules_cited(c);
  if (cited.empty()) {
    out += "No rule has been applied yet.\n\n";
  } else {
    std::vector<std::vector<std::string>> rows;
    for (const auto& id : cited) {
      const RuleInfo* r = rule_info(id);
      rows.push_back({md(id), r == nullptr ? "-" : md(r->ruling), r == nullptr ? "-" : md(r->summary)});
    }
    md_table(out, {"Rule", "Ruling", "What it says"}, rows);
  }
  out += "Written by siege chronicle from the state file and its log alone.\n";
  return out;
}

}  // namespace siege::cli
