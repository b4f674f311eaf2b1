// print/odds_text.cpp - the outcomes of `siege odds` as text (print/odds.hpp),
// and the chances as percentages and bars.
#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>

#include <fmt/format.h>

#include "print/odds.hpp"
#include "print/render.hpp"

namespace siege::cli {

double shown(const odds::Int& num, const odds::Int& den) {
  const double v = odds::nearest_double(num, den);
  if (num != 0 && v == 0) return std::numeric_limits<double>::denorm_min();
  if (num != den && v == 1) return std::nextafter(1.0, 0.0);
  return v;
}
double shown(const odds::Rational& r) {
  return shown(boost::multiprecision::numerator(r), boost::multiprecision::denominator(r));
}
double shown(const odds::Fraction& f) { return shown(f.num, f.den); }

std::string percent(double p) {
  if (p > 0 && p < 0.00005) return "< 0.01%";
  if (p < 1 && p >= 0.99995) return ">99.99%";
  return fmt::format("{:6.2f}%", 100.0 * p);
}

std::string bar(double p, int width) {
  if (p <= 0) return {};
  int n = static_cast<int>(p * width + 0.5);
  n = std::max(n, 1);
  if (p < 1) n = std::min(n, width - 1);
  return std::string(static_cast<std::size_t>(std::max(n, 0)), '#');
}

std::string dice_words(const CheckSpec& spec, const DiceTable& t) {
  std::string s = fmt::format("{} skill + {} difficulty", spec.pool, difficulty_dice(t, spec.difficulty));
  if (spec.bane_dice > 0) s += fmt::format(" + {} Bane", spec.bane_dice);
  if (spec.boon_dice > 0) s += fmt::format(" + {} Boon", spec.boon_dice);
  return s + " dice";
}

}  // namespace siege::cli

namespace siege::print {

using cli::all_states;
using cli::bar;
using cli::capitalised;
using cli::dice_words;
using cli::display_width;
using cli::escape_text;
using cli::hull_bar;
using cli::pad_to;
using cli::painted_state;
using cli::percent;
using cli::render_trailer;
using cli::shown;
using odds::Fraction;
using odds::Int;
using odds::Rational;

namespace {

// For display only (a chance not 0 never shows as 0, nor one not 1 as 1).
double value(const Rational& r) { return shown(r); }
double value(const Fraction& f) { return shown(f); }

// "exactly a/b", or where to find a fraction too long for a glance.
std::string exactly(const Fraction& f) {
  const std::string t = odds::fraction_text(f);
  return t.size() <= 40 ? "exactly " + t : "the exact fraction is in --json";
}

// "State after" lines of a distribution over the ladder states.
template <class P>
std::string state_lines(const std::string& title, P p_state) {
  std::string s = title + "\n";
  for (auto st : all_states) {
    const auto p = p_state(st);
    s += fmt::format("  {}   {}  {}\n", painted_state(st, 9), percent(value(p)), bar(value(p)));
  }
  return s;
}

std::string outcome_words(const DemolitionOutcome& o) {
  if (o.opened) return "opens the way (R18)";
  if (!o.went_off) return "fails: no effect (R16)";
  return fmt::format("goes off: {} damage, {}/{} {}", o.damage, o.hull.after, o.hull.max,
                     painted_state(o.after));
}

// The first round by which everybody is up with chance at least num/den.
std::optional<int> round_reaching(const odds::ClimbOdds& c, int num, int den) {
  for (std::size_t i = 0; i < c.all_up_by.size(); ++i)
    if (c.all_up_by[i].num * den >= c.all_up_by[i].den * num) return c.first_round + static_cast<int>(i);
  return std::nullopt;
}

// "castle-gate, portcullis": the structure and any variant.
std::string what_of(const odds::SectionOutlook& x) {
  return escape_text(x.variant.empty() ? x.structure : x.structure + ", " + x.variant);
}

std::string p_line(std::string_view label, int scene, const Fraction& p) {
  const double v = shown(p);
  return fmt::format("    {} {:<4} {}  {}\n", label, scene, percent(v), bar(v));
}

}  // namespace

// ---------------------------------------------------------------- check

std::string check_odds_text(const CheckOddsFigures& f) {
  const CheckSpec& spec = f.spec;
  const odds::CheckOdds& c = f.c;
  std::string text =
      fmt::format("Odds      {} check, {} ({} equally likely ways)\n", capitalised(name_of(spec.difficulty)),
                  dice_words(spec, f.dice), c.total.str());
  text += fmt::format("Pass      {}  {}\n", percent(value(c.pass())), bar(value(c.pass())));
  text += "Net Successes\n";
  for (const auto& [v, ways] : f.succ) {
    const double p = shown(ways, c.total);
    text += fmt::format("  {:>4}  {}  {}\n", v, cli::percent(p), cli::bar(p));
  }
  return text;
}

// ---------------------------------------------------------------- attack

std::string attack_odds_text(const AttackOddsFigures& f) {
  const AttackInput& in = f.in;
  const odds::AttackOdds& one = f.one;
  const auto& after = f.after;
  const auto& expected = f.expected;
  std::string text =
      fmt::format("Odds      {} on {}, {}/{} suffered ({}), {}\n",
                  in.weapon_inline ? std::string("inline weapon") : in.weapon.id, in.structure->id, f.before,
                  f.hull, painted_state(ladder_state(f.before, f.hull)),
                  f.spec ? fmt::format("{}: {} ways", dice_words(*f.spec, f.dice), one.total.str())
                         : std::string("the referee's roll"));
  auto p_of = [&](const Int& ways) { return shown(ways, one.total); };
  const double pm = p_of(f.miss);
  text += fmt::format("Miss          {}  {}\n", cli::percent(pm), cli::bar(pm));
  for (const auto& [d, ways] : f.by_damage) {
    const double pd = p_of(ways);
    text += fmt::format("Damage {:>4}   {}  {}\n", d, cli::percent(pd), cli::bar(pd));
  }
  text += "After 1 attack\n";
  for (auto s : all_states) {
    const double ps = p_of(f.by_state.at(s));
    text += fmt::format("  {}   {}  {}\n", painted_state(s, 9), cli::percent(ps), cli::bar(ps));
  }
  if (f.attacks > 1) {
    text += fmt::format("After {} attacks\n", f.attacks);
    for (auto s : all_states) {
      const double ps = shown(after.back()[static_cast<std::size_t>(s)]);
      text += fmt::format("  {}   {}  {}\n", painted_state(s, 9), cli::percent(ps), cli::bar(ps));
    }
  }
  text +=
      expected
          ? fmt::format("Expected attacks to breach: {:.2f} (exactly {})\n", odds::to_double(*expected),
                        odds::fraction_text(*expected))
          : std::string("Expected attacks to breach: never (it cannot be breached by attacks like this)\n");
  return text;
}

// ---------------------------------------------------------------- compare

std::vector<std::vector<std::string>> compare_odds_rows(const CompareFigures& f) {
  const auto& weapons = f.weapons;
  const auto& structures = f.structures;
  const auto& cells = f.cells;
  std::vector<std::vector<std::string>> rows;
  rows.emplace_back(std::vector<std::string>{"WEAPON"});
  for (const auto* st : structures) rows[0].push_back(st->id);
  for (std::size_t i = 0; i < weapons.size(); ++i) {
    rows.emplace_back(std::vector<std::string>{weapons[i]->id});
    for (std::size_t j = 0; j < structures.size(); ++j) {
      const auto& c = cells[i][j];
      const std::string e = c.expected ? fmt::format("{:.1f}", odds::to_double(*c.expected)) : "never";
      // As percent() does, at one decimal: a chance not 0 (or 1) never shows as 0.0% (or 100.0%).
      const double b = shown(c.breached);
      const std::string pct = b > 0 && b < 0.0005    ? std::string("< 0.1%")
                              : b < 1 && b >= 0.9995 ? std::string(">99.9%")
                                                     : fmt::format("{:.1f}%", 100 * b);
      rows.back().push_back(fmt::format("{} ({})", pct, e));
    }
  }
  return rows;
}

std::string compare_odds_heading(const CompareFigures& f) {
  return fmt::format("Breached within {} attack(s) (expected attacks to breach), {} skill dice\n", f.attacks,
                     f.pool);
}

// ---------------------------------------------------------------- demolish

std::string demolish_odds_text(const DemolishOddsFigures& f) {
  const odds::DemolitionOdds& d = f.d;
  const DemolitionOutcome& any = f.any;
  const auto& pass = f.pass;
  std::string charges;
  for (const auto& l : any.charges)
    charges += fmt::format("{}{} x {}", charges.empty() ? "" : ", ", l.count, l.id);
  std::string text = fmt::format("Odds      {} on {}{}, {}/{} suffered ({})\n", charges, any.structure,
                                 any.on_pier == OnPier::yes ? " (on a pier)" : "", any.hull.before,
                                 any.hull.max, painted_state(any.before));
  if (f.spec)
    text += fmt::format("Check     Average Craft, {} ({} equally likely ways)\n", dice_words(*f.spec, f.dice),
                        d.total.str());
  else if (any.opened)
    text += "Check     none: the charge opens the door or gate (R18)\n";
  else
    text += fmt::format("Check     the referee's Craft result, {} net Successes\n", any.craft->net_successes);
  if (pass) text += fmt::format("Pass      {}  {}\n", percent(value(*pass)), bar(value(*pass)));
  text +=
      fmt::format("Set       {} maneuver{} (Prepare, R16)\n", any.maneuvers, any.maneuvers == 1 ? "" : "s");
  text += "Outcomes\n";
  for (const auto& [k, b] : d.outcomes) {
    const double pr = shown(b.ways, d.total);
    text += fmt::format("  {}  {}  {}\n", pad_to(outcome_words(b.outcome), 38), percent(pr), bar(pr));
  }
  text += state_lines("After the charges", [&](BreachState s) { return d.p_state(s); });
  text += render_trailer(d.rules(), f.notes, d.not_modelled());
  return text;
}

// ---------------------------------------------------------------- escalade

std::string escalade_odds_text(const EscaladeOddsFigures& f) {
  const odds::EscaladeOdds& e = f.e;
  const EscaladeOutcome& o = e.trace;
  std::string how;
  switch (o.method) {
    case ClimbMethod::ladder:
      how = fmt::format("{} ladder(s)", o.lanes);
      break;
    case ClimbMethod::grapnel:
      how = fmt::format("{} grapnel rope(s)", o.lanes);
      break;
    case ClimbMethod::tower:
      how = "a siege tower";
      break;
  }
  std::string text =
      fmt::format("Odds      {} attackers by {} on {} ({}){}\n", o.attackers, how, o.structure,
                  painted_state(o.state), o.defended == Defended::yes ? ", defenders at the top" : "");
  if (e.spec) {
    text += fmt::format("Check     each climber: {} Athletics, {} ({} ways)\n",
                        capitalised(name_of(e.spec->difficulty)), dice_words(*e.spec, f.dice),
                        e.check->total.str());
    text += fmt::format("Pass      {}  {}\n", percent(value(e.check->pass())), bar(value(e.check->pass())));
  } else if (e.referee) {
    text += "Check     the referee's results\n";
  } else if (o.climbed) {
    text += fmt::format("Check     none: the tower's bridge puts {} a round on the wall walk\n",
                        o.tower_climbers);
  }
  if (e.climb) {
    const auto& c = *e.climb;
    text += fmt::format("Up after round {} (expected {:.2f})\n", c.after, odds::to_double(c.expected_up));
    for (std::size_t u = 0; u < c.up.size(); ++u) {
      const double v = odds::to_double(c.up[u]);
      if (v >= 0.00005) text += fmt::format("  {:>5}     {}  {}\n", u, percent(v), bar(v));
    }
    if (!c.all_up_by.empty()) {
      text += "All up by round\n";
      const std::size_t count = c.all_up_by.size();
      const std::size_t stride = count <= 25 ? 1 : (count + 19) / 20;
      for (std::size_t i = 0; i < count; ++i) {
        if (i % stride != 0 && i + 1 != count) continue;
        text += fmt::format("  {:>5}     {}  {}\n", c.first_round + static_cast<int>(i),
                            percent(value(c.all_up_by[i])), bar(value(c.all_up_by[i])));
      }
      std::vector<std::string> marks;
      if (c.all_up_by.front().num != c.all_up_by.front().den)
        for (auto [num, den, words] : {std::tuple{1, 2, "half the time"}, std::tuple{9, 10, "9 times in 10"},
                                       std::tuple{99, 100, "99 in 100"}})
          if (const auto k = round_reaching(c, num, den))
            marks.push_back(fmt::format("{} by round {}", words, *k));
      if (!marks.empty()) text += fmt::format("All up    {}\n", fmt::join(marks, "; "));
    }
    if (c.expected_rounds)
      text += fmt::format("Expected  {:.2f} rounds to put all up ({})\n", odds::to_double(*c.expected_rounds),
                          exactly(*c.expected_rounds));
    else if (!e.referee)
      text += "Expected  never: nobody climbs\n";
  } else {
    text += "Result    nothing climbed: the section is " + painted_state(BreachState::breached) + "\n";
  }
  text += render_trailer(f.rules, f.notes, o.not_modelled);
  return text;
}

// ---------------------------------------------------------------- mine

std::string mine_odds_text(const MineOddsFigures& f) {
  const MineInput& in = f.in;
  const odds::MineOdds& m = f.m;
  const MineOutcome& last = f.last;
  std::string text =
      fmt::format("Odds      mine under {}: {} day(s) of digging (listed Armor, R19), {} dug before\n",
                  last.structure, last.days_needed, last.days_before);
  auto line = [](const std::string& label, const Fraction& p, const std::string& tail) {
    return fmt::format("{:<24}{}  {:<20}{}\n", label, percent(value(p)), bar(value(p), 20), tail);
  };
  if (m.found_each_day) {
    text += fmt::format("Checks    each day, opposed Perception: sappers {}, defenders {}\n",
                        dice_words(perception_check_spec(in.sapper_pool), f.dice),
                        dice_words(perception_check_spec(in.defender_pool), f.dice));
    text += fmt::format("{:<24}{}  (defenders' net Successes strictly above the sappers')\n",
                        "Found on any one day", percent(value(*m.found_each_day)));
  } else if (in.referee_days) {
    text += "Checks    the referee's day results\n";
  }
  for (const auto& b : m.branches) {
    const auto p = m.share(b.ways);
    const MineOutcome& o = b.outcome;
    if (o.detected_on)
      text += line(fmt::format("Found on day {}", *o.detected_on), p, "  -> countermine possible, not fired");
    else if (o.fired)
      text += line("Fired", p,
                   fmt::format("  -> {} Hull damage, Armor ignored: {}/{} {}", o.damage, o.hull.after,
                               o.hull.max, painted_state(o.after)));
    else
      text += line("Unseen", p, fmt::format("  -> digging goes on: {} day(s) left", o.days_left()));
  }
  if (m.branches.size() > 2) text += line("Found in all", m.p_found(), "");
  text += state_lines("State after", [&](BreachState s) { return m.p_state(s); });
  text += render_trailer(m.rules(), f.notes, m.not_modelled());
  return text;
}

// ---------------------------------------------------------------- scene

std::string scene_odds_text(const odds::SceneOdds& o, const SiegeState& st, const Tables& t) {
  const int first = o.played + 1, last = o.played + o.scenes;
  std::string s = fmt::format(
      "Odds      {} of {} ({} played; a scene is one {})\n",
      first == last ? fmt::format("scene {}", first) : fmt::format("scenes {} to {}", first, last),
      st.name.empty() ? std::string("the siege") : escape_text(st.name), o.played, name_of(st.scene_length));
  std::size_t w_id = 6, w_what = 6;
  for (const auto& x : o.sections) {
    w_id = std::max(w_id, display_width(escape_text(x.id)));
    w_what = std::max(w_what, display_width(what_of(x)));
  }
  s += "Sections\n";
  std::vector<std::string> bars;
  for (const auto& x : o.sections) bars.push_back(hull_bar(x.suffered, x.hull));
  bars = cli::one_width(std::move(bars));
  for (std::size_t i = 0; i < o.sections.size(); ++i) {
    const auto& x = o.sections[i];
    s += fmt::format("  {}  {}  {}  {}\n", pad_to(escape_text(x.id), w_id), pad_to(what_of(x), w_what), bars[i],
                     painted_state(x.state));
    if (x.state == BreachState::breached) {
      s += "    already " + painted_state(BreachState::breached) +
           (t.structure(x.structure).has(Tag::impassable_when_breached)
                ? ": impassable, no assault across it (R13)\n"
                : ": play the assault\n");
    } else if (x.attackers.empty()) {
      s += fmt::format("    no engine shoots at it: it stays {}\n", name_of(x.state));
    } else {
      s += escape_text(fmt::format("    shot at by {}", fmt::join(x.attackers, ", "))) + "\n";
      for (std::size_t k = 0; k < x.by_scene.size(); ++k)
        s += p_line("breached by scene", first + static_cast<int>(k),
                    x.by_scene[k][static_cast<std::size_t>(BreachState::breached)]);
    }
  }
  // The engines whose fate is in doubt (in action, with defenders shooting
  // at them), a siege tower too, and then the camp.
  bool header = false;
  for (const auto& e : o.engines) {
    if (!e.exposed) continue;
    if (!header) s += "Engines\n";
    header = true;
    s += escape_text(fmt::format("  {}{}, shot at by {}", e.id,
                                 e.target.empty() ? std::string() : " -> " + e.target,
                                 fmt::join(e.attackers, ", "))) +
         "\n";
    for (std::size_t k = 0; k < e.knocked_out.size(); ++k)
      s += p_line("knocked out by scene", first + static_cast<int>(k), e.knocked_out[k]);
  }
  if (o.camp.exposed) {
    s += escape_text(fmt::format("Camp      shot at by {}", fmt::join(o.camp.attackers, ", "))) + "\n";
    for (std::size_t k = 0; k < o.camp.knocked_out.size(); ++k)
      s += p_line("wrecked by scene", first + static_cast<int>(k), o.camp.knocked_out[k]);
  }
  s += render_trailer(o.rules, o.notes, o.not_modelled);
  return s;
}

}  // namespace siege::print

namespace siege::print {

namespace {

// One outlook's chances of something by the end of each coming scene.
struct Track {
  int played = 0;
  std::vector<Fraction> p;  // empty: that outlook has no such row
};

Track breach_track(const odds::SceneOdds& o, const odds::SectionOutlook* x) {
  Track t{o.played, {}};
  if (x != nullptr)
    for (const auto& k : x->by_scene) t.p.push_back(k[static_cast<std::size_t>(BreachState::breached)]);
  return t;
}

// The columns of scene_odds_if_text: a row's label (30 columns), today's
// chance and the chance after the lines.
std::string beside_row(std::string_view label, std::string_view today, std::string_view after) {
  std::string row = fmt::format("{:<30}{:>7}  {:>7}", label, today, after);
  row.erase(row.find_last_not_of(' ') + 1);
  return row + "\n";
}

// "    breached by scene 3       80.36%   92.00%" for every scene either
// outlook reaches (a scene line may have played one): blank where one does
// not reach it.
std::string beside_rows(std::string_view label, const Track& today, const Track& after) {
  int from = 0, to = -1;
  for (const Track* t : {&today, &after}) {
    if (t->p.empty()) continue;
    const int first = t->played + 1, last = t->played + static_cast<int>(t->p.size());
    from = to < from ? first : std::min(from, first);
    to = std::max(to, last);
  }
  const auto cell = [](const Track& t, int scene) {
    const int k = scene - t.played - 1;
    return k < 0 || k >= static_cast<int>(t.p.size()) ? std::string() : percent(shown(t.p[static_cast<std::size_t>(k)]));
  };
  std::string s;
  for (int n = from; n <= to; ++n)
    s += beside_row(fmt::format("    {} {}", label, n), cell(today, n), cell(after, n));
  return s;
}

std::string shot_at_words(const std::vector<std::string>& attackers, std::string_view none) {
  return attackers.empty() ? std::string(none) : fmt::format("shot at by {}", fmt::join(attackers, ", "));
}

template <typename Row>
const Row* row_of(const std::vector<Row>& rows, const std::string& id) {
  for (const auto& r : rows)
    if (r.id == id) return &r;
  return nullptr;
}

// The ids of `today`'s rows and then those only `after` has, each once.
template <typename Row, typename Keep>
std::vector<std::string> ids_of_both(const std::vector<Row>& today, const std::vector<Row>& after, Keep keep) {
  std::vector<std::string> ids;
  for (const auto* rows : {&today, &after})
    for (const auto& r : *rows)
      if (keep(r) && std::find(ids.begin(), ids.end(), r.id) == ids.end()) ids.push_back(r.id);
  return ids;
}

}  // namespace

std::string scene_odds_if_text(const SceneOddsIf& f) {
  const odds::SceneOdds& a = f.today;
  const odds::SceneOdds& b = f.after;
  const int first = a.played + 1, last = a.played + a.scenes;
  std::string s = fmt::format(
      "Odds      {} of {} ({} played; a scene is one {})\n",
      first == last ? fmt::format("scene {}", first) : fmt::format("scenes {} to {}", first, last),
      f.st.name.empty() ? std::string("the siege") : escape_text(f.st.name), a.played, name_of(f.st.scene_length));
  for (std::size_t i = 0; i < f.lines.size(); ++i)
    s += (i == 0 ? "If        " : "          ") + escape_text(f.lines[i]) + "\n";
  s += b.played == a.played ? std::string("          played on a copy of the siege: nothing is written\n")
                            : fmt::format("          played on a copy of the siege, {} played after them: nothing "
                                          "is written\n",
                                          b.played);
  s += beside_row("Sections", "today", "if");
  const auto all = [](const auto&) { return true; };
  for (const auto& id : ids_of_both(a.sections, b.sections, all)) {
    const odds::SectionOutlook* x = row_of(a.sections, id);
    const odds::SectionOutlook* y = row_of(b.sections, id);
    const odds::SectionOutlook& shown_row = x != nullptr ? *x : *y;
    s += fmt::format("  {}  {}  {}  {}\n", escape_text(id), what_of(shown_row),
                     hull_bar(shown_row.suffered, shown_row.hull), painted_state(shown_row.state));
    if (x == nullptr) s += "    not in the siege today\n";
    if (y == nullptr) s += "    not in the siege after the lines\n";
    if (x != nullptr && y != nullptr && (x->suffered != y->suffered || x->hull != y->hull || x->state != y->state))
      s += fmt::format("    if: {}  {}\n", hull_bar(y->suffered, y->hull), painted_state(y->state));
    const std::string none = "no engine shoots at it";
    if (x != nullptr && y != nullptr && x->attackers.empty() && y->attackers.empty() && x->state == y->state) {
      s += fmt::format("    {}: it stays {} either way\n", none, name_of(x->state));
      continue;
    }
    if (x != nullptr) s += escape_text("    " + shot_at_words(x->attackers, none)) + "\n";
    if (y != nullptr && (x == nullptr || x->attackers != y->attackers))
      s += escape_text("    if: " + shot_at_words(y->attackers, none)) + "\n";
    s += beside_rows("breached by scene", breach_track(a, x), breach_track(b, y));
  }
  const auto exposed = [](const odds::EngineOutlook& e) { return e.exposed; };
  const auto track = [](const odds::SceneOdds& o, const odds::EngineOutlook* e) {
    return e != nullptr ? Track{o.played, e->knocked_out} : Track{o.played, {}};
  };
  const std::vector<std::string> engines = ids_of_both(a.engines, b.engines, exposed);
  if (!engines.empty()) s += beside_row("Engines", "today", "if");
  for (const auto& id : engines) {
    const odds::EngineOutlook* x = row_of(a.engines, id);
    const odds::EngineOutlook* y = row_of(b.engines, id);
    const auto said = [](const odds::EngineOutlook* e) {
      if (e == nullptr) return std::string("not in the siege");
      const bool out = !e->knocked_out.empty() && e->knocked_out.front().num == e->knocked_out.front().den;
      return (e->target.empty() ? std::string() : "-> " + e->target + ", ") +
             (out ? std::string("knocked out") : e->exposed ? shot_at_words(e->attackers, "") : "not shot at");
    };
    s += escape_text("  " + id + (x != nullptr ? " " : ": ") + said(x)) + "\n";
    if (said(x) != said(y)) s += escape_text("    if: " + said(y)) + "\n";
    s += beside_rows("knocked out by scene", track(a, x), track(b, y));
  }
  if (a.camp.exposed || b.camp.exposed) {
    s += beside_row("Camp", "today", "if");
    const std::string none = "no engine shoots at it";
    s += escape_text("    " + shot_at_words(a.camp.attackers, none)) + "\n";
    if (a.camp.attackers != b.camp.attackers) s += escape_text("    if: " + shot_at_words(b.camp.attackers, none)) + "\n";
    s += beside_rows("wrecked by scene", track(a, &a.camp), track(b, &b.camp));
  }
  s += render_trailer(b.rules, b.notes, b.not_modelled);
  return s;
}

}  // namespace siege::print
