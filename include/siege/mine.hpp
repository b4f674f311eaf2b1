// siege/mine.hpp - a mine from digging to firing (rulings R9, R19).
//
// Sappers dig one day per point of the section's listed Armor. Each day both
// sides make a Perception check: each rolls its own pool plus the difficulty
// dice of an Average check, and the defenders find the gallery when their net
// Successes are strictly more than the sappers' (a tie goes to the sappers).
// A gallery dug to the end unseen is fired: 20 Hull damage, Armor ignored,
// no earthwork cap. A found gallery is not fired ("countermine possible").
//
// resolve_mine() is pure: the day-by-day results come from the referee or
// are rolled with the Rng passed in.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "siege/structure.hpp"
#include "siege/rule.hpp"

namespace siege {

// The rules this header applies, as outcomes list them (siege/rules.hpp
// gathers every header's into the catalogue).
inline constexpr RuleInfo mine_rules[] = {
    {"mine-days", "R19", "a mine takes one day of digging per point of listed Armor"},
    {"dug-through", "R9", "a mine or digging through breaches an earthwork"},
    {"mine-opposed-check", "R19", "each day: opposed Perception, each side pool + Average dice"},
    {"tie-to-sappers", "R19", "equal net Successes: the gallery stays hidden"},
    {"countermine-possible", "R19", "a detected mine is not fired: countermine possible"},
    {"mine-fired", "R19", "a fired mine deals 20 Hull damage and ignores Armor"},
    {"scene-days", "R30", "a gallery digs at most the scene's days: 1 in a day-long scene, 7 in a week-long one"},
};

// R19: the Hull damage of a fired mine.
inline constexpr int mine_hull_damage = 20;
// Upper bound on days of digging and on the days given by the referee.
inline constexpr int max_mine_days = 1000;

enum class Countermine { no, yes };

// R19: each side's daily Perception check: its pool plus the Average dice.
[[nodiscard]] inline CheckSpec perception_check_spec(int pool) {
  CheckSpec spec;
  spec.pool = pool;
  spec.difficulty = Difficulty::average;
  return spec;
}

// The referee's net Successes of one day's opposed check.
struct MineDayResult {
  int sappers = 0;
  int defenders = 0;
};

struct MineInput {
  const Structure* structure = nullptr;
  Portcullis portcullis = Portcullis::no;  // the section's variant (R12): its Armor and Hull
  int days_dug = 0;                // days already dug before this call
  std::optional<int> days;         // dig at most this many more days (default: to the end)
  int damage_taken = 0;            // Hull the section has already suffered
  Countermine countermine = Countermine::no;
  int sapper_pool = 3;
  int defender_pool = 3;
  // The referee's results, one a day; when given, nothing is rolled and
  // digging goes on for as many days as there are results.
  std::optional<std::vector<MineDayResult>> referee_days;
};

struct MineDay {
  int day = 0;  // counted from the start of the mine
  CheckResult sappers;
  CheckResult defenders;
  bool detected = false;
};

struct MineOutcome {
  std::string structure;
  int days_needed = 0;  // R19: the listed Armor
  int days_before = 0;
  int days_dug = 0;     // after this call
  Countermine countermine = Countermine::no;
  std::vector<MineDay> days;
  std::optional<int> detected_on;
  bool fired = false;
  int damage = 0;
  int overkill = 0;
  HullTrace hull;
  BreachState before = BreachState::intact;
  BreachState after = BreachState::intact;
  std::vector<std::string> rules;
  std::vector<std::string> notes;
  std::vector<std::string> not_modelled;

  [[nodiscard]] int days_left() const noexcept { return days_needed - days_dug; }
};

// R19: the defenders find the gallery only when they beat the sappers.
[[nodiscard]] constexpr bool gallery_detected(int sapper_net, int defender_net) noexcept {
  return defender_net > sapper_net;
}

// The days one call digs: all that are left, at most `days`, or as many as
// the referee gave. Refuses (usage error) a missing structure, days dug
// outside 0..days needed, `days` outside 1..max_mine_days, a bad
// damage_taken, and more referee days than are left.
[[nodiscard]] inline int mine_days_to_dig(const MineInput& in) {
  if (in.structure == nullptr) fail_refusal("no-structure", "no structure given");
  const Structure& s = *in.structure;
  const SectionStats st = section_stats(s, in.portcullis);
  const int needed = st.base_armor;
  if (in.days_dug < 0 || in.days_dug > needed)
    fail_input("bad-days-dug", "days-dug", std::to_string(in.days_dug),
               s.id + " takes " + std::to_string(needed) +
                   " days of digging (one a point of its listed Armor), so expected "
                   "from 0 to " +
                   std::to_string(needed));
  if (in.days && (*in.days < 1 || *in.days > max_mine_days))
    fail_input("bad-days", "days", std::to_string(*in.days),
               "expected from 1 to " + std::to_string(max_mine_days));
  require_damage_taken(in.damage_taken, st.hull);
  const int left = needed - in.days_dug;
  if (in.referee_days) {
    const int given = static_cast<int>(in.referee_days->size());
    if (given > left)
      fail_input("too-many-days", "day-results", {},
                 std::to_string(given) + " days given, but " + s.id + " has only " + std::to_string(left) +
                     " days of digging left");
    return given;
  }
  return in.days ? std::min(*in.days, left) : left;
}

[[nodiscard]] inline MineOutcome resolve_mine(const MineInput& in, const DiceTable& dice, Rng& rng) {
  const int today = mine_days_to_dig(in);
  const Structure& s = *in.structure;
  const SectionStats st = section_stats(s, in.portcullis);
  MineOutcome o;
  o.structure = s.id;
  o.days_needed = st.base_armor;
  o.countermine = in.countermine;
  o.days_before = o.days_dug = in.days_dug;
  o.hull.max = st.hull;
  o.hull.before = o.hull.after = in.damage_taken;
  o.before = o.after = ladder_state(in.damage_taken, st.hull);

  detail::add_rule(o.rules, "mine-days");
  if (s.has(Tag::dug_not_knocked_down)) detail::add_rule(o.rules, "dug-through");

  for (int i = 0; i < today; ++i) {
    MineDay d;
    d.day = in.days_dug + i + 1;
    if (in.referee_days) {
      const auto& r = (*in.referee_days)[static_cast<std::size_t>(i)];
      d.sappers = referee_check(Difficulty::average, r.sappers, 0);
      d.defenders = referee_check(Difficulty::average, r.defenders, 0);
    } else {
      d.sappers = roll_check(perception_check_spec(in.sapper_pool), dice, rng);
      d.defenders = roll_check(perception_check_spec(in.defender_pool), dice, rng);
    }
    detail::add_rule(o.rules, "mine-opposed-check");
    if (d.sappers.net_successes == d.defenders.net_successes) detail::add_rule(o.rules, "tie-to-sappers");
    d.detected = gallery_detected(d.sappers.net_successes, d.defenders.net_successes);
    o.days.push_back(d);
    o.days_dug = d.day;
    if (d.detected) {
      o.detected_on = d.day;
      break;
    }
  }

  if (o.detected_on) {
    detail::add_rule(o.rules, "countermine-possible");
    o.notes.emplace_back("The defenders found the gallery on day " + std::to_string(*o.detected_on) +
                         ": countermine possible. The mine is not fired.");
    if (in.countermine == Countermine::yes) {
      o.notes.emplace_back("The defenders' countermine can now break into the gallery: play the "
                           "fight underground; the mine fires only if the sappers win it and "
                           "finish their days.");
      o.not_modelled.emplace_back("the fight in the gallery");
    } else {
      o.notes.emplace_back("The defenders may now dig a countermine toward it.");
    }
    return o;
  }
  if (in.countermine == Countermine::yes)
    o.notes.emplace_back("The defenders dug a countermine, but it has not found the gallery.");
  if (o.days_left() > 0) {
    o.notes.emplace_back(std::to_string(o.days_dug) + " of " + std::to_string(o.days_needed) +
                         " days dug, unseen: " + std::to_string(o.days_left()) +
                         " left. Go on with " + input_word("days-dug") + " " + std::to_string(o.days_dug) + ".");
    return o;
  }

  o.fired = true;
  detail::add_rule(o.rules, "mine-fired");
  if (o.days_needed == 0)
    o.notes.emplace_back("No Armor: the gallery needs no days of digging.");
  o.damage = mine_hull_damage;
  const HullChange c = suffer(o.hull.before, o.damage, st.hull, EarthCap::no);
  o.hull.after = c.after;
  o.overkill = c.overkill;
  o.after = ladder_state(o.hull.after, st.hull);
  o.notes.emplace_back("The mine is fired: " + std::to_string(mine_hull_damage) +
                       " Hull damage to the section above, its Armor ignored.");
  if (s.has(Tag::dug_not_knocked_down) && o.after == BreachState::breached)
    o.notes.emplace_back("A mine breaches an earthwork, which shot and charges can only crack.");
  if (o.overkill > 0) detail::add_rule(o.rules, "hull-cap");
  if (o.after != o.before) detail::add_rule(o.rules, "breach-ladder");
  detail::section_notes(s, o.after, o.rules, o.notes, o.not_modelled);
  return o;
}

}  // namespace siege
