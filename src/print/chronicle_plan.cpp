// The schematic plan of the castle on the chronicle's page (chronicle.hpp):
// the state file has no geometry, so the sections stand in the
// description's order clockwise around a ring from the top, every section
// the same share of it. A wall is an arc, a tower or keep a round bastion on
// the ring, a gate (a structure that opens to a charge) a gap with its two
// doors; each is drawn in its ladder state and labelled with it. Besieger
// engines stand outside the ring opposite their targets, defender engines
// inside, each with an arrow to its target; the camp outside; each unit as a
// counter where it stands: at a section, a besieger's before its outer side
// and a defender's against its inner side, each tied to the wall by a
// dotted line.
//
// Labels and counters are laid out by a small placer: each goes to the
// free spot nearest where it wants to be (on its side of the walls), so no
// two overlap. Coordinates are whole numbers, so the same state file gives
// the same bytes.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <iterator>
#include <map>
#include <string_view>
#include <tuple>
#include <unordered_map>

#include <fmt/format.h>

#include "print/chronicle.hpp"
#include "print/render.hpp"

namespace siege::cli {

namespace {

constexpr double pi = 3.14159265358979323846;
// The text: its size, the height of a line, a character's width, plain
// and bold (generous: the widest of the fonts the page names), the room
// around a counter's text.
constexpr int font_size = 13, line_height = 16, char_width = 8, bold_width = 10, padding = 5;
constexpr int wall_width = 14, bastion_radius = 24;
constexpr int keep_clear = 30;  // how far labels and counters stay from the ring's centre line
constexpr int margin = 6;       // the least room between two of them

// Colours (presentation attributes: the page's CSS variables do not reach them).
constexpr std::string_view ink = "#1c1c1c",
                           besieger_fill = "#f7ecec", besieger_line = "#8c2f2f", defender_fill = "#e8f0fa",
                           defender_line = "#1f5fa8", camp_fill = "#f4efe2", wood = "#6d4c2f",
                           paper = "#ffffff", cross = "#e08a8a";

struct Pt {
  int x = 0, y = 0;
};

struct Box {
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  [[nodiscard]] Pt centre() const { return {(x0 + x1) / 2, (y0 + y1) / 2}; }
  [[nodiscard]] bool meets(const Box& o, int room) const {
    return x0 < o.x1 + room && o.x0 < x1 + room && y0 < o.y1 + room && o.y0 < y1 + room;
  }
  // The squared distances from the ring's centre (0, 0) to the nearest and the farthest point.
  [[nodiscard]] long nearest2() const {
    const long dx = std::max({0, x0, -x1}), dy = std::max({0, y0, -y1});
    return dx * dx + dy * dy;
  }
  [[nodiscard]] long farthest2() const {
    const long dx = std::max(std::abs(x0), std::abs(x1)), dy = std::max(std::abs(y0), std::abs(y1));
    return dx * dx + dy * dy;
  }
};

double radians(double degrees) { return degrees * pi / 180; }
Pt polar(double degrees, int r) {
  const double a = radians(degrees);
  return {static_cast<int>(std::lround(r * std::cos(a))), static_cast<int>(std::lround(r * std::sin(a)))};
}
double angle_of(Pt p) { return p.x == 0 && p.y == 0 ? 90 : std::atan2(p.y, p.x) * 180 / pi; }

enum class Side { outside, inside };

// What the placer lays out: a block of text lines (a label, or a counter
// with a frame).
struct Block {
  std::vector<std::string> lines;  // plain text; the first is the name
  Box box;
  [[nodiscard]] int width() const {
    std::size_t most = 0;
    for (std::size_t i = 0; i < lines.size(); ++i)
      most = std::max(most, display_width(escape_text(lines[i])) * (i == 0 ? bold_width : char_width));
    return static_cast<int>(most) + 2 * padding;
  }
  // The room it takes, with the margin around it.
  [[nodiscard]] long area() const { return static_cast<long>(width() + margin) * (height() + margin); }
  [[nodiscard]] int height() const { return static_cast<int>(lines.size()) * line_height + 2 * padding - 2; }
};

class Placer {
 public:
  explicit Placer(int ring) : ring_(ring) {}
  // The box of `b` nearest to `want` (its centre) that meets no box placed
  // yet and stays clear of the ring on `side`; where none is free within
  // reach, at `want` itself.
  Box place(const Block& b, Pt want, Side side) {
    const int w = b.width(), h = b.height();
    const long clear_out = static_cast<long>(ring_ + keep_clear) * (ring_ + keep_clear);
    const long clear_in = static_cast<long>(ring_ - keep_clear) * (ring_ - keep_clear);
    // A spot refused to a block of this size wanting this place stays
    // refused (boxes are only added): the next such block starts after the
    // last spot given.
    std::size_t& from = resume_[{want.x, want.y, w, h, side == Side::outside}];
    const auto& all = offsets();
    for (; from < all.size(); ++from) {
      const Pt& d = all[from];
      const Box box{want.x + d.x - w / 2, want.y + d.y - h / 2, want.x + d.x - w / 2 + w,
                    want.y + d.y - h / 2 + h};
      if (side == Side::outside ? box.nearest2() <= clear_out : box.farthest2() >= clear_in) continue;
      if (meets_taken(box)) continue;
      reserve(box);
      ++from;
      return box;
    }
    const Box box{want.x - w / 2, want.y - h / 2, want.x - w / 2 + w, want.y - h / 2 + h};
    reserve(box);
    crowded_ = true;
    return box;
  }
  // Whether a block found no free spot (then the ring is made larger).
  [[nodiscard]] bool crowded() const { return crowded_; }
  void reserve(const Box& b) {
    const auto i = static_cast<std::uint32_t>(taken_.size());
    taken_.push_back(b);
    // Filed under every cell its reach (the box and the margin around it)
    // touches: a box that meets it touches one of those cells.
    for (int cy = cell(b.y0 - margin); cy <= cell(b.y1 + margin); ++cy)
      for (int cx = cell(b.x0 - margin); cx <= cell(b.x1 + margin); ++cx) cells_[key(cx, cy)].push_back(i);
  }
  [[nodiscard]] const std::vector<Box>& taken() const { return taken_; }

 private:
  // The boxes placed are filed in a grid of square cells, so that a try
  // looks at those near it, not at every one: a crowded plan tries
  // thousands of spots for each of hundreds of blocks.
  static constexpr int cell_size = 64;
  static int cell(int v) { return v >= 0 ? v / cell_size : -((-v + cell_size - 1) / cell_size); }
  static std::int64_t key(int cx, int cy) {
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(static_cast<std::uint32_t>(cx)) << 32 |
                                     static_cast<std::uint32_t>(cy));
  }
  [[nodiscard]] bool meets_taken(const Box& box) const {
    for (int cy = cell(box.y0); cy <= cell(box.y1); ++cy)
      for (int cx = cell(box.x0); cx <= cell(box.x1); ++cx) {
        const auto it = cells_.find(key(cx, cy));
        if (it == cells_.end()) continue;
        for (const std::uint32_t i : it->second)
          if (box.meets(taken_[i], margin)) return true;
      }
    return false;
  }

  // Steps of 6 units out to 270 each way, nearest first.
  static const std::vector<Pt>& offsets() {
    static const std::vector<Pt> all = [] {
      std::vector<Pt> v;
      for (int dy = -45; dy <= 45; ++dy)
        for (int dx = -45; dx <= 45; ++dx) v.push_back({dx * 6, dy * 6});
      std::stable_sort(v.begin(), v.end(), [](const Pt& a, const Pt& b) {
        return static_cast<long>(a.x) * a.x + static_cast<long>(a.y) * a.y <
               static_cast<long>(b.x) * b.x + static_cast<long>(b.y) * b.y;
      });
      return v;
    }();
    return all;
  }
  int ring_;
  std::vector<Box> taken_;
  std::unordered_map<std::int64_t, std::vector<std::uint32_t>> cells_;
  std::map<std::tuple<int, int, int, int, bool>, std::size_t> resume_;
  bool crowded_ = false;
};

// The centre a block of size w x h wants so that its nearest edge is `gap`
// beyond radius r in the direction `degrees` (outwards; inwards for a
// negative gap).
Pt beside(double degrees, int r, int gap, int w, int h) {
  const double a = radians(degrees);
  const double c = std::cos(a), s = std::sin(a);
  const double reach = std::abs(c) * w / 2.0 + std::abs(s) * h / 2.0;
  const double at = gap >= 0 ? r + gap + reach : r + gap - reach;
  return {static_cast<int>(std::lround(at * c)), static_cast<int>(std::lround(at * s))};
}

// The centre of a w x h block in the direction `degrees` standing as near
// the circle of radius r as the placer lets it: inside it, every corner
// within r; outside it, no point of it within r.
Pt against(double degrees, int r, int w, int h, Side side) {
  const double a = radians(degrees), c = std::cos(a), s = std::sin(a);
  const auto box_at = [&](double t) {
    const int x = static_cast<int>(std::lround(t * c)), y = static_cast<int>(std::lround(t * s));
    return Box{x - w / 2, y - h / 2, x - w / 2 + w, y - h / 2 + h};
  };
  const long r2 = static_cast<long>(r) * r;
  double lo = side == Side::inside ? 0 : r, hi = side == Side::inside ? r : r + w + h;
  for (int k = 0; k < 40; ++k) {
    const double mid = (lo + hi) / 2;
    const bool fits = side == Side::inside ? box_at(mid).farthest2() < r2 : box_at(mid).nearest2() > r2;
    // inside: the farthest distance that fits; outside: the nearest.
    if (fits == (side == Side::inside)) lo = mid;
    else hi = mid;
  }
  return box_at(side == Side::inside ? lo : hi).centre();
}

enum class Shape { wall, tower, gate };

Shape shape_of(const SectionState& x, const Tables& t) {
  const Structure* s = t.find_structure(x.structure);
  if (s == nullptr) return Shape::wall;
  if (s->id == "tower") return Shape::tower;
  if (s->has(Tag::opens_to_charge)) return Shape::gate;
  return Shape::wall;
}

std::string figures_of(const UnitState& u) {
  if (u.hero) return u.figures > 0 ? "hero" : "hero, fallen";
  return fmt::format("{} of {}", u.figures, u.start_figures);
}

// The words of the plan, shared by the picture (its labels and its
// description) and the Markdown list.
std::string section_words(const SectionState& x, const Tables& t) {
  std::string s =
      x.structure + (x.variant.empty() ? "" : ", " + x.variant) + ", " + std::string(name_of(x.state));
  if (x.state == BreachState::breached && impassable_breach(x, t)) s += " and impassable";
  return s;
}
std::string abatis_words(const SectionState& x, const Tables& t) {
  if (x.abatis.standing) return "abatis standing";
  if (x.abatis.progress > 0)
    return fmt::format("abatis {} of {} turns built", x.abatis.progress, t.troops.abatis_turns);
  return "";
}
std::string mine_words(const SectionState& x) {
  return x.mine.detected ? fmt::format("a mine found ({} dug)", x.mine.days_dug == 1
                                                                    ? std::string("1 day")
                                                                    : fmt::format("{} days", x.mine.days_dug))
                         : "";
}
std::string engine_kind(const EngineState& e) {
  if (!e.weapon.empty()) return e.weapon;
  return e.engine.empty() ? "no weapon" : e.engine;
}
std::string unit_words(const UnitState& u) {
  std::string s = fmt::format("{} ({}, {}", u.id, name_of(u.side), figures_of(u));
  if (u.order != Order::good) s += ", " + std::string(name_of(u.order));
  if (u.where == UnitPlace::section && u.through > 0)
    s += fmt::format(": {} through, {} behind", u.through, u.behind);
  return s + ")";
}
// What an engine of `s` aims at; an engine no longer in `s` (still_in_siege:
// it has left) leaves it nothing to shoot (R36).
std::string target_words(const std::string& target, const Snapshot& s) {
  if (target.empty()) return "no target";
  if (target == camp_id) return "shoots at the camp";
  if (s.find_section(target) == nullptr && s.find_engine(target) == nullptr)
    return "nothing to shoot: " + target + " has left the siege";
  return "shoots at " + target;
}

std::string list_of(const std::vector<std::string>& v) {
  std::string s;
  for (std::size_t i = 0; i < v.size(); ++i) s += (i == 0 ? "" : i + 1 == v.size() ? " and " : ", ") + v[i];
  return s;
}

// ---- drawing

class Svg {
 public:
  std::string out;
  template <typename... Args>
  void put(fmt::format_string<Args...> f, Args&&... args) {
    fmt::format_to(std::back_inserter(out), f, std::forward<Args>(args)...);
  }
  void arc(int r, double from, double to, std::string_view colour, int width, std::string_view extra = {}) {
    const Pt a = polar(from, r), b = polar(to, r);
    put("<path d=\"M{} {}A{} {} 0 {} 1 {} {}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\"{}/>\n", a.x,
        a.y, r, r, to - from > 180 ? 1 : 0, b.x, b.y, colour, width, extra);
  }
  void line(Pt a, Pt b, std::string_view colour, int width, std::string_view extra = {}) {
    put("<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\" stroke-width=\"{}\"{}/>\n", a.x, a.y,
        b.x, b.y, colour, width, extra);
  }
  // A crack: a zigzag across the wall at `at` degrees.
  void crack(double at, int r, int half) {
    const double step = 120.0 / r;  // about 2 units each way along the wall
    put("<polyline points=\"");
    for (int k = 0; k < 4; ++k) {
      const Pt p = polar(at + (k % 2 == 0 ? -step : step), r - half + k * 2 * half / 3);
      put("{}{},{}", k == 0 ? "" : " ", p.x, p.y);
    }
    put("\" fill=\"none\" stroke=\"{}\" stroke-width=\"3\"/>\n", paper);
  }
  void rubble(double at, double spread, int r, std::string_view colour) {
    for (int k = -1; k <= 1; ++k) {
      const Pt p = polar(at + k * spread / 3, r + (k == 0 ? 6 : -4));
      put("<circle cx=\"{}\" cy=\"{}\" r=\"4\" fill=\"{}\"/>\n", p.x, p.y, colour);
    }
  }
  // An arrow from `a` to `b`, its head a triangle at `b`.
  void arrow(Pt a, Pt b, std::string_view colour) {
    const double dx = b.x - a.x, dy = b.y - a.y, len = std::hypot(dx, dy);
    if (len < 14) return;
    const double ux = dx / len, uy = dy / len;
    const Pt base{static_cast<int>(std::lround(b.x - 11 * ux)), static_cast<int>(std::lround(b.y - 11 * uy))};
    const Pt l{static_cast<int>(std::lround(base.x - 5 * uy)),
               static_cast<int>(std::lround(base.y + 5 * ux))};
    const Pt r{static_cast<int>(std::lround(base.x + 5 * uy)),
               static_cast<int>(std::lround(base.y - 5 * ux))};
    line(a, base, colour, 2);
    put("<polygon points=\"{},{} {},{} {},{}\" fill=\"{}\"/>\n", b.x, b.y, l.x, l.y, r.x, r.y, colour);
  }
  // The lines of a block, centred in its box; the first in bold.
  void text(const Block& b) {
    const Pt c = b.box.centre();
    put("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">", c.x, b.box.y0 + padding + 11);
    for (std::size_t i = 0; i < b.lines.size(); ++i)
      put("<tspan x=\"{}\"{}{}>{}</tspan>", c.x, i == 0 ? "" : fmt::format(" dy=\"{}\"", line_height),
          i == 0 ? " font-weight=\"bold\"" : "", html_escape(b.lines[i]));
    put("</text>\n");
  }
  // A counter: a framed block; `crossed` strikes it through (knocked out, wrecked).
  void counter(const Block& b, std::string_view fill, std::string_view stroke, int round, bool crossed) {
    const Box& x = b.box;
    put("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"{}\" fill=\"{}\" stroke=\"{}\" "
        "stroke-width=\"2\"/>\n",
        x.x0, x.y0, x.x1 - x.x0, x.y1 - x.y0, round, fill, stroke);
    if (crossed) {
      line({x.x0, x.y0}, {x.x1, x.y1}, cross, 2);
      line({x.x0, x.y1}, {x.x1, x.y0}, cross, 2);
    }
    text(b);
  }
};

// Where a line from the centre of `b` towards `to` leaves it.
Pt edge_of(const Box& b, Pt to) {
  const Pt c = b.centre();
  const double dx = to.x - c.x, dy = to.y - c.y;
  if (dx == 0 && dy == 0) return c;
  const double hw = (b.x1 - b.x0) / 2.0 + 2, hh = (b.y1 - b.y0) / 2.0 + 2;
  const double k = std::min(dx == 0 ? 1e9 : hw / std::abs(dx), dy == 0 ? 1e9 : hh / std::abs(dy));
  return {static_cast<int>(std::lround(c.x + dx * k)), static_cast<int>(std::lround(c.y + dy * k))};
}

int whole_sqrt(long v) {
  int r = 0;
  while (static_cast<long>(r + 1) * (r + 1) <= v) ++r;
  return r;
}

// An engine's counter: its id, what it fires, and whether it is out of action or has no target.
Block engine_block(const EngineState& e) {
  Block b;
  b.lines = {e.id, engine_kind(e)};
  if (e.knocked_out)
    b.lines.emplace_back("knocked out");
  else if (e.target.empty())
    b.lines.emplace_back("no target");
  return b;
}

// A unit's counter: its id, side and figures, its order when not good, the figures through a breach.
Block unit_block(const UnitState& u) {
  Block b;
  b.lines = {u.id, std::string(name_of(u.side)) + ", " + figures_of(u)};
  if (u.order != Order::good) b.lines.emplace_back(name_of(u.order));
  if (u.where == UnitPlace::section && u.through > 0) b.lines.push_back(fmt::format("{} through", u.through));
  return b;
}

struct Placed {
  Block block;
  std::string_view fill, stroke;
  int round = 3;
  bool crossed = false;
};

}  // namespace

std::vector<std::string> castle_plan_facts(const Snapshot& s, const Tables& t) {
  std::vector<std::string> out;
  for (const auto& x : s.sections) {
    std::string line = x.id + ": " + section_words(x, t);
    for (const auto& more : {abatis_words(x, t), mine_words(x)})
      if (!more.empty()) line += "; " + more;
    std::vector<std::string> by, at;
    for (const auto& e : s.engines)
      if (e.target == x.id) by.push_back(e.id + " (" + std::string(name_of(e.side)) + ")");
    for (const auto& u : s.units)
      if (u.figures > 0 && u.at(x.id)) at.push_back(unit_words(u));
    if (!by.empty()) line += ". Shot at by " + list_of(by);
    if (!at.empty()) line += ". At it: " + list_of(at);
    out.push_back(line + ".");
  }
  std::vector<std::string> engines_out, engines_in, units_out, units_in;
  for (const auto& e : s.engines) {
    std::string w = e.id + " (" + engine_kind(e) + ", " + target_words(e.target, s) +
                    (e.knocked_out ? ", knocked out" : "") + ")";
    (e.side == EngineSide::besieger ? engines_out : engines_in).push_back(std::move(w));
  }
  for (const auto& u : s.units) {
    if (u.figures == 0) continue;
    if (u.where == UnitPlace::outside) units_out.push_back(unit_words(u));
    if (u.where == UnitPlace::within_walls) units_in.push_back(unit_words(u));
  }
  const int camp_hull = camp_row(t).hull;
  std::string outside =
      fmt::format("Outside the walls: the besiegers' camp ({} of {} Hull suffered{})", s.camp.hull_suffered,
                  camp_hull, s.camp.hull_suffered >= camp_hull ? ", wrecked" : "");
  if (!engines_out.empty()) outside += "; the besiegers' engines " + list_of(engines_out);
  if (!units_out.empty()) outside += "; " + list_of(units_out);
  out.push_back(outside + ".");
  std::string inside = "Within the walls: ";
  if (engines_in.empty() && units_in.empty()) inside += "no engine and no unit";
  if (!engines_in.empty()) inside += "the defenders' engines " + list_of(engines_in);
  if (!units_in.empty()) inside += std::string(engines_in.empty() ? "" : "; ") + list_of(units_in);
  out.push_back(inside + ".");
  return out;
}

namespace {

// The plan on a ring of radius `ring`; `crowded` tells whether a label or
// counter found no free spot on it.
std::string draw_plan(const Snapshot& s, const Tables& t, int ring, bool& crowded);

}  // namespace

std::string castle_plan_svg(const Snapshot& s, const Tables& t) {
  const int n = static_cast<int>(s.sections.size());
  // The ring: big enough for a label per section around it and for what stands inside.
  // Inside: a disc of radius ring - keep_clear with room for the counters
  // there and as much again around them (2.4 / pi, about 24 / 31).
  long inside = 0;
  for (const auto& e : s.engines)
    if (e.side == EngineSide::defender) inside += engine_block(e).area();
  for (const auto& u : s.units)
    if (u.figures > 0 && (u.where == UnitPlace::within_walls ||
                          (u.where == UnitPlace::section && u.side == UnitSide::defender)))
      inside += unit_block(u).area();
  int ring = std::max({150, 24 * n, keep_clear + whole_sqrt(inside * 24 / 31)});
  // The defenders posted at a section stand against its inner side, one
  // behind the other: the ring is big enough that the last of them still
  // stands in the outer two thirds of its inside, clear of the middle where
  // the units within the walls stand (a wide counter stands lower under the
  // curve of the wall than a narrow one).
  std::unordered_map<std::string_view, std::pair<double, double>> posted;  // section: (depth, widest)
  for (const auto& u : s.units)
    if (u.figures > 0 && u.where == UnitPlace::section && u.side == UnitSide::defender) {
      const Block b = unit_block(u);
      auto& [depth, widest] = posted[u.section];
      depth += b.height() + margin;
      widest = std::max<double>(widest, b.width() + margin);
    }
  for (const auto& [id, p] : posted) {
    // (Copies, not a structured binding: clang 14 cannot capture one.)
    const double depth = p.first;
    const double widest = p.second;
    const auto stands_clear = [&](int r) {
      const double room = r - keep_clear;
      return room > widest / 2 && std::sqrt(room * room - widest * widest / 4) >= depth + room / 3;
    };
    while (!stands_clear(ring)) ring += 4;
  }
  // A ring too small for what it holds grows until everything has its spot.
  for (int attempt = 0;; ++attempt, ring += ring / 4) {
    bool crowded = false;
    std::string svg = draw_plan(s, t, ring, crowded);
    if (!crowded || attempt == 6) return svg;
  }
}

namespace {

std::string draw_plan(const Snapshot& s, const Tables& t, int ring, bool& crowded) {
  const int n = static_cast<int>(s.sections.size());
  const double span = n == 0 ? 360.0 : 360.0 / n;
  const auto centre_of = [&](int i) { return -90.0 + i * span; };
  std::unordered_map<std::string_view, int> index_of;  // a plan of many sections looks them up often
  index_of.reserve(s.sections.size());
  for (int i = 0; i < n; ++i) index_of.emplace(s.sections[static_cast<std::size_t>(i)].id, i);
  const auto section_index = [&](std::string_view id) {
    const auto it = index_of.find(id);
    return it == index_of.end() ? -1 : it->second;
  };
  std::vector<int> target_of;  // the section each engine aims at, or -1
  target_of.reserve(s.engines.size());
  for (const auto& e : s.engines) target_of.push_back(section_index(e.target));

  Svg g;
  Placer placer(ring);
  std::vector<Placed> counters;
  std::vector<Block> labels;
  std::vector<std::pair<Pt, Pt>> arrows_out, arrows_in;  // (from, to) of besieger and defender engines
  struct Tie {
    Pt from, to;
    std::string_view colour;
  };
  std::vector<Tie> ties;  // a unit at a section: a dotted line from its counter to the wall

  // ---- the walls
  for (int i = 0; i < n; ++i) {
    const SectionState& x = s.sections[static_cast<std::size_t>(i)];
    const double mid = centre_of(i), from = mid - span / 2 + 1.5, to = mid + span / 2 - 1.5;
    const std::string_view colour = state_colour(x.state);
    const Shape shape = shape_of(x, t);
    const bool broken = x.state == BreachState::breached;
    if (shape == Shape::tower) {
      const double half = bastion_radius * 180 / (pi * ring);
      g.arc(ring, from, mid - half, colour, wall_width);
      g.arc(ring, mid + half, to, colour, wall_width);
      const Pt c = polar(mid, ring);
      if (broken) {
        // The bastion broken open on its outer face.
        const Pt a = polar(mid + 50, bastion_radius), b = polar(mid - 50 + 360, bastion_radius);
        g.put("<path d=\"M{} {}A{} {} 0 1 1 {} {}\" fill=\"{}\" stroke=\"{}\" stroke-width=\"7\"/>\n",
              c.x + a.x, c.y + a.y, bastion_radius, bastion_radius, c.x + b.x, c.y + b.y, paper, colour);
        g.rubble(mid, 8, ring + bastion_radius, colour);
      } else {
        g.put("<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\" stroke=\"{}\" stroke-width=\"7\"/>\n", c.x,
              c.y, bastion_radius, paper, colour);
        if (x.state == BreachState::cracked) {
          const Pt p = polar(mid, ring + bastion_radius - 3), q = polar(mid, ring + bastion_radius - 14);
          g.put("<polyline points=\"{},{} {},{} {},{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"3\"/>\n",
                p.x, p.y, (p.x + q.x) / 2 + 4, (p.y + q.y) / 2 + 4, q.x, q.y, ink);
        }
      }
    } else if (shape == Shape::gate) {
      const double half = std::min(span * 0.2, 7.0);
      g.arc(ring, from, mid - half, colour, wall_width);
      g.arc(ring, mid + half, to, colour, wall_width);
      const Pt h1 = polar(mid - half, ring), h2 = polar(mid + half, ring);
      if (broken) {
        // The doors thrown open inwards.
        g.line(h1, polar(mid - half * 0.6, ring - 22), colour, 5);
        g.line(h2, polar(mid + half * 0.6, ring - 22), colour, 5);
      } else {
        // The doors shut: two leaves meeting a little inside the gap.
        const Pt shut = polar(mid, ring - 5);
        g.line(h1, shut, wood, 8);
        g.line(h2, shut, wood, 8);
        if (x.state == BreachState::cracked) g.crack(mid - half / 2, ring, 6);
        if (!x.variant.empty())
          g.line(polar(mid - half, ring - 11), polar(mid + half, ring - 11), ink, 3,
                 " stroke-dasharray=\"3 3\"");
      }
    } else if (broken) {
      const double gap = std::min(span * 0.35, 22.0) / 2;
      g.arc(ring, from, mid - gap, colour, wall_width);
      g.arc(ring, mid + gap, to, colour, wall_width);
      g.rubble(mid, gap * 1.4, ring, colour);
    } else {
      g.arc(ring, from, to, colour, wall_width);
      if (x.state == BreachState::cracked) g.crack(mid, ring, 8);
    }
    if (x.abatis.standing || x.abatis.progress > 0) {
      // Abatis: a row of crossed stakes before the wall (fewer while it is being built).
      const int stakes =
          x.abatis.standing ? 5 : std::max(1, 5 * x.abatis.progress / std::max(1, t.troops.abatis_turns));
      for (int k = 0; k < stakes; ++k) {
        const Pt c = polar(mid + (k - 2) * 4.0 * 150 / ring,
                           ring + (shape == Shape::tower ? bastion_radius + 12 : 20));
        g.line({c.x - 5, c.y - 5}, {c.x + 5, c.y + 5}, wood, 2);
        g.line({c.x - 5, c.y + 5}, {c.x + 5, c.y - 5}, wood, 2);
      }
    }
    if (x.mine.detected) {
      // The gallery, dashed, dug towards the wall from outside.
      const Pt a = polar(mid - span * 0.12, ring + 70), b = polar(mid - 2, ring);
      g.line(a, b, ink, 2, " stroke-dasharray=\"5 4\"");
      g.put("<circle cx=\"{}\" cy=\"{}\" r=\"5\" fill=\"{}\" stroke=\"{}\" stroke-width=\"2\"/>\n", b.x, b.y,
            paper, ink);
    }
  }
  // The ring itself and the bastions are in the way of every label.
  for (int i = 0; i < n; ++i)
    if (shape_of(s.sections[static_cast<std::size_t>(i)], t) == Shape::tower) {
      const Pt c = polar(centre_of(i), ring);
      const int r = bastion_radius + 16;
      placer.reserve({c.x - r, c.y - r, c.x + r, c.y + r});
    }

  // ---- the sections' labels, beside each, clockwise of its middle
  std::vector<Box> section_boxes;
  for (int i = 0; i < n; ++i) {
    const SectionState& x = s.sections[static_cast<std::size_t>(i)];
    Block b;
    b.lines = {x.id, x.structure + (x.variant.empty() ? "" : ", " + x.variant),
               std::string(name_of(x.state)) +
                   (x.state == BreachState::breached && impassable_breach(x, t) ? ", impassable" : "")};
    if (const auto a = abatis_words(x, t); !a.empty()) b.lines.push_back(a);
    if (x.mine.detected) b.lines.emplace_back("mine found");
    const double at = centre_of(i) + (n == 1 ? 40 : span * 0.3);
    b.box = placer.place(b, beside(at, ring, keep_clear + 4, b.width(), b.height()), Side::outside);
    labels.push_back(b);
  }

  // ---- the besiegers' engines that shoot at a section, opposite it
  std::vector<Box> engine_box(s.engines.size());
  std::vector<bool> engine_placed(s.engines.size(), false);
  const auto add_engine = [&](std::size_t k, Pt want, Side side) {
    const EngineState& e = s.engines[k];
    Block b = engine_block(e);
    b.box = placer.place(b, want, side);
    engine_box[k] = b.box;
    engine_placed[k] = true;
    const bool ours = e.side == EngineSide::besieger;
    counters.push_back(
        {b, ours ? besieger_fill : defender_fill, ours ? besieger_line : defender_line, 3, e.knocked_out});
  };
  for (int i = 0; i < n; ++i) {
    std::vector<std::size_t> at;
    for (std::size_t k = 0; k < s.engines.size(); ++k)
      if (s.engines[k].side == EngineSide::besieger && target_of[k] == i) at.push_back(k);
    const double step = std::min(14.0, span * 0.5 / static_cast<double>(std::max<std::size_t>(at.size(), 1)));
    for (std::size_t j = 0; j < at.size(); ++j) {
      const double a =
          centre_of(i) + (static_cast<double>(j) - (static_cast<double>(at.size()) - 1) / 2) * step;
      const Block b = engine_block(s.engines[at[j]]);
      add_engine(at[j], beside(a, ring, 110, b.width(), b.height()), Side::outside);
      const bool tower = shape_of(s.sections[static_cast<std::size_t>(i)], t) == Shape::tower;
      arrows_out.emplace_back(
          edge_of(engine_box[at[j]], polar(a, ring)),
          polar(centre_of(i) + (a - centre_of(i)) / 3, ring + (tower ? bastion_radius + 6 : 10)));
    }
  }

  // ---- the camp, outside where the fewest engines stand
  double camp_at = 45;
  {
    int best = -1;
    for (int i = 0; i < std::max(n, 1); ++i) {
      const double a = n == 0 ? 90 : centre_of(i) + span / 2;
      int crowd = 0;
      for (std::size_t e = 0; e < s.engines.size(); ++e) {
        const int k = target_of[e];
        if (s.engines[e].side == EngineSide::besieger && k >= 0 && (k == i || k == (i + 1) % std::max(n, 1)))
          ++crowd;
      }
      // The fewest engines; between equals, the nearest to the bottom.
      const double from_bottom = std::abs(std::remainder(a - 90, 360.0));
      const int score = crowd * 1000 + static_cast<int>(from_bottom);
      if (best < 0 || score < best) {
        best = score;
        camp_at = a;
      }
    }
  }
  const int camp_hull = camp_row(t).hull;
  const bool wrecked = s.camp.hull_suffered >= camp_hull;
  Block camp;
  camp.lines = {"the camp", fmt::format("{} of {} Hull", s.camp.hull_suffered, camp_hull)};
  if (wrecked) camp.lines.emplace_back("wrecked");
  camp.box = placer.place(camp, beside(camp_at, ring, 150, camp.width(), camp.height()), Side::outside);
  counters.push_back({camp, camp_fill, besieger_line, 0, wrecked});

  // ---- units at a section: besiegers before it, defenders behind it
  const auto add_unit = [&](const UnitState& u, Pt want, Side side) {
    Block b = unit_block(u);
    b.box = placer.place(b, want, side);
    const bool ours = u.side == UnitSide::besieger;
    counters.push_back(
        {b, ours ? besieger_fill : defender_fill, ours ? besieger_line : defender_line, 12, false});
    return b.box;
  };
  for (const auto& u : s.units) {
    if (u.figures == 0 || u.where != UnitPlace::section) continue;
    const int i = section_index(u.section);
    if (i < 0) continue;
    const Block b = unit_block(u);
    const bool ours = u.side == UnitSide::besieger;
    const Box box =
        ours ? add_unit(u, against(centre_of(i) - span * 0.3, ring + keep_clear, b.width(), b.height(), Side::outside),
                        Side::outside)
             // against the wall's inner side, at its middle
             : add_unit(u, against(centre_of(i), ring - keep_clear, b.width(), b.height(), Side::inside),
                        Side::inside);
    // Tied to its own stretch of the wall, where the counter faces it.
    const double half = span / 2 - std::min(span / 4, 3.0);
    const double a = centre_of(i) + std::clamp(std::remainder(angle_of(box.centre()) - centre_of(i), 360.0), -half, half);
    const Pt wall_at = polar(a, ring + (ours ? 1 : -1) * (wall_width / 2 + 3));
    ties.push_back({edge_of(box, wall_at), wall_at, ours ? besieger_line : defender_line});
  }
  // ---- units outside the walls, and besieger engines with no section to
  // shoot at, by the camp on its far side (clear of the arrows to it)
  const Pt behind_camp = beside(camp_at, ring, 150 + camp.height() + 2 * margin, camp.width(), camp.height());
  for (const auto& u : s.units)
    if (u.figures > 0 && u.where == UnitPlace::outside) add_unit(u, behind_camp, Side::outside);
  for (std::size_t k = 0; k < s.engines.size(); ++k)
    if (s.engines[k].side == EngineSide::besieger && !engine_placed[k])
      add_engine(k, behind_camp, Side::outside);
  // ---- the defenders' engines, inside, towards their targets
  const auto target_point = [&](const std::string& target, Pt from) -> std::optional<Pt> {
    if (target == camp_id) return edge_of(camp.box, from);
    for (std::size_t k = 0; k < s.engines.size(); ++k)
      if (s.engines[k].id == target && engine_placed[k]) return edge_of(engine_box[k], from);
    if (const int i = section_index(target); i >= 0) return polar(centre_of(i), ring - 10);
    return std::nullopt;
  };
  for (std::size_t k = 0; k < s.engines.size(); ++k) {
    const EngineState& e = s.engines[k];
    if (e.side != EngineSide::defender) continue;
    const auto aim = target_point(e.target, {0, 0});
    const double a = aim ? angle_of(*aim) : 90;
    const Block b = engine_block(e);
    add_engine(k, beside(a, ring, -keep_clear - 40, b.width(), b.height()), Side::inside);
  }
  // ---- units within the walls, round the middle
  for (const auto& u : s.units)
    if (u.figures > 0 && u.where == UnitPlace::within_walls) add_unit(u, {0, 0}, Side::inside);
  // The arrows of engines that shoot at an engine or the camp (a besieger
  // engine at a defender's, a defender's at either).
  for (std::size_t k = 0; k < s.engines.size(); ++k) {
    const EngineState& e = s.engines[k];
    if (e.side == EngineSide::besieger && (e.target.empty() || section_index(e.target) >= 0)) continue;
    const auto aim = target_point(e.target, engine_box[k].centre());
    if (!aim) continue;
    (e.side == EngineSide::besieger ? arrows_out : arrows_in)
        .emplace_back(edge_of(engine_box[k], *aim), *aim);
  }

  // ---- the picture: arrows under the counters, labels on top
  for (const auto& [a, b] : arrows_out) g.arrow(a, b, besieger_line);
  for (const auto& [a, b] : arrows_in) g.arrow(a, b, defender_line);
  for (const auto& tie : ties)
    if (std::hypot(tie.to.x - tie.from.x, tie.to.y - tie.from.y) >= 6)
      g.line(tie.from, tie.to, tie.colour, 2, " stroke-dasharray=\"2 3\"");
  for (const auto& c : counters) g.counter(c.block, c.fill, c.stroke, c.round, c.crossed);
  for (const auto& l : labels) g.text(l);

  // The frame: everything drawn, and a margin.
  Box all{-ring - 20, -ring - 20, ring + 20, ring + 20};
  for (const auto& b : placer.taken()) {
    all.x0 = std::min(all.x0, b.x0);
    all.y0 = std::min(all.y0, b.y0);
    all.x1 = std::max(all.x1, b.x1);
    all.y1 = std::max(all.y1, b.y1);
  }
  all = {all.x0 - 10, all.y0 - 10, all.x1 + 10, all.y1 + 10};
  std::string desc;
  for (const auto& f : castle_plan_facts(s, t)) desc += (desc.empty() ? "" : " ") + f;
  std::string head = fmt::format(
      "<svg class=\"plan\" width=\"{0}\" height=\"{1}\" viewBox=\"{2} {3} {0} {1}\" role=\"img\" "
      "aria-labelledby=\"plan-t plan-d\" font-size=\"{4}\"><title id=\"plan-t\">A plan of the castle: the "
      "sections around the walls, the engines, the camp and the units</title><desc "
      "id=\"plan-d\">{5}</desc>\n",
      all.x1 - all.x0, all.y1 - all.y0, all.x0, all.y0, font_size, html_escape(desc));
  crowded = placer.crowded();
  return head + g.out + "</svg>";
}

}  // namespace

}  // namespace siege::cli
