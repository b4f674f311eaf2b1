// siege/breach.hpp - troops at a breach: holding it (R21, R22), casualties on
// a unit partly through (R23), moving through (R15) and abatis (R26).
//
// Every resolve_* function is pure: an input struct in, an outcome with its
// rule trace out, usage errors (exit 2) for input the rules refuse. The
// outcomes are printed in src/print/ (troops.cpp, works.cpp).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "siege/dice_expr.hpp"
#include "siege/error.hpp"
#include "siege/morale.hpp"
#include "siege/structure.hpp"
#include "siege/tables.hpp"
#include "siege/rule.hpp"

namespace siege {

// The rules this header applies, as outcomes list them (siege/rules.hpp
// gathers every header's into the catalogue).
inline constexpr RuleInfo breach_rules[] = {
    {"breach-rough-terrain", "R15", "through a breach troops move at Rough Terrain speed, rounded down"},
    {"hold-the-breach", "R21", "a declared hold: check morale (pass at or under the number needed), no withdrawing instead"},
    {"forced-through", "R21", "a failed hold lets rolled - needed enemy figures past; defenders step back just enough"},
    {"hold-keeps-order", "R21", "failing while holding costs no order: good stays good, shaken stays shaken"},
    {"hero-never-fails", "R21", "a hero holding a breach never fails a morale check"},
    {"morale-dice", "R28", "the morale roll uses the data's dice expression (default 2d10)"},
    {"hold-site", "R22", "holding needs a bottleneck or barrier, not a wide corridor, bridge or passage"},
    {"barrier-protected", "R22", "on a wall-top or breastwork every figure in contact is behind the barrier"},
    {"casualties-through-first", "R23", "casualties on a unit partly through a breach come from those through first"},
    {"fill-the-gaps", "R23", "defenders may step forward into gaps left by figures removed from those through"},
    {"abatis-work", "R26", "abatis is built or torn down in 3 turns of work"},
    {"abatis-spoiled", "R26", "attackers in the breach (build) or an attack (tear) reset the work to 0"},
    {"abatis-mantlet", "R26", "standing abatis counts as a movable mantlet"},
};

// ---------------------------------------------------------------- holding the breach

// Where a unit may try to hold (R22). The first four are bottlenecks, the
// next four barriers whose top the unit stands behind, the last three wide
// places where holding does not apply.
enum class HoldSite {
  breach,
  gateway,
  doorway,
  window,
  wall_top,
  rampart,
  parapet,
  breastwork,
  corridor,
  bridge,
  passage
};
inline constexpr std::array<std::string_view, 11> hold_site_names{
    "breach",  "gateway",    "doorway",  "window", "wall-top", "rampart",
    "parapet", "breastwork", "corridor", "bridge", "passage"};
[[nodiscard]] inline std::string_view name_of(HoldSite s) {
  return hold_site_names[static_cast<std::size_t>(s)];
}
[[nodiscard]] inline HoldSite parse_hold_site(std::string_view s) {
  for (std::size_t i = 0; i < hold_site_names.size(); ++i)
    if (hold_site_names[i] == s) return static_cast<HoldSite>(i);
  std::vector<std::string> known(hold_site_names.begin(), hold_site_names.end());
  fail_input("bad-site", "site", quoted(s),
             "unknown site" + detail::did_you_mean(s, known) +
                 " (expected breach, gateway, doorway, window, wall-top, rampart, parapet, "
                 "breastwork, corridor, bridge or passage)");
}

enum class SiteKind { bottleneck, barrier, wide };
inline constexpr std::array<std::string_view, 3> site_kind_names{"bottleneck", "barrier", "wide"};
[[nodiscard]] inline std::string_view name_of(SiteKind k) {
  return site_kind_names[static_cast<std::size_t>(k)];
}
[[nodiscard]] constexpr SiteKind site_kind(HoldSite s) noexcept {
  if (s >= HoldSite::corridor) return SiteKind::wide;
  if (s >= HoldSite::wall_top) return SiteKind::barrier;
  return SiteKind::bottleneck;
}

enum class Hero { no, yes };

inline constexpr int max_morale_number = 1000000;

struct HoldInput {
  Order order = Order::good;
  HoldSite site = HoldSite::breach;
  int unprotected_in_contact = 0;   // figures in contact not behind the barrier
  Hero hero = Hero::no;
  std::optional<int> needed;        // the roll needed; required unless a hero holds
  std::optional<DiceRoll> roll;     // rolled or the referee's; absent only for a hero
  std::optional<int> figures;       // the defending unit's figures (reported)
  std::optional<int> enemy_figures; // enemy figures that could pass: caps those through
};

struct HoldOutcome {
  HoldSite site = HoldSite::breach;
  Order order_before = Order::good;
  Order order_after = Order::good;
  bool hero = false;
  std::optional<int> needed;
  std::optional<DiceRoll> roll;
  std::optional<int> figures;
  std::optional<int> enemy_figures;
  bool passed = true;        // the morale check (always true for a hero)
  std::int64_t margin = 0;   // rolled - needed when the check failed
  std::int64_t through = 0;  // enemy figures that force their way past
  bool capped = false;       // through was limited by enemy_figures
  std::vector<std::string> rules;
  std::vector<std::string> notes;
  std::vector<std::string> not_modelled;
};

// Whether the caller will roll the morale dice after validating (the input
// has no roll yet).
enum class RollComing { no, yes };

// R21, R22: refuses a routed unit, a wide site, unprotected figures on a
// barrier top, and missing or out-of-range numbers. Called by resolve_hold();
// callers may call it first to refuse before rolling any dice.
inline void validate_hold(const HoldInput& in, RollComing coming = RollComing::no) {
  if (in.order == Order::routed)
    fail_refusal("routed-cannot-hold", "a routed unit cannot hold the breach (R21); only a unit in good or "
                                     "shaken order can");
  if (site_kind(in.site) == SiteKind::wide)
    fail_refusal("not-a-bottleneck", "a line across a " + std::string(name_of(in.site)) +
                                       " is not a bottleneck or barrier, so it cannot be held as a breach; the "
                                       "normal combat and morale rules apply (R22)");
  if (in.unprotected_in_contact < 0 || in.unprotected_in_contact > max_figures)
    fail_input("bad-number", "unprotected-in-contact", std::to_string(in.unprotected_in_contact),
               "expected a whole number from 0 to " + std::to_string(max_figures));
  if (in.unprotected_in_contact > 0) {
    if (site_kind(in.site) != SiteKind::barrier)
      fail_refusal("bad-option", input_word("unprotected-in-contact") +
                                   " is for a wall-top, rampart, parapet or breastwork, not a " + std::string(name_of(in.site)) + " (R22)");
    fail_refusal("unprotected-in-contact",
                 std::to_string(in.unprotected_in_contact) + " of the figures in contact with the enemy " +
                   (in.unprotected_in_contact == 1 ? "is" : "are") + " not protected by the " +
                   std::string(name_of(in.site)) + "; to hold there every figure in contact must be (R22)");
  }
  if (in.figures && (*in.figures < 1 || *in.figures > max_figures))
    fail_input("bad-number", "figures", std::to_string(*in.figures),
               "expected a whole number from 1 to " + std::to_string(max_figures));
  if (in.enemy_figures && (*in.enemy_figures < 1 || *in.enemy_figures > max_figures))
    fail_input("bad-number", "enemy-figures", std::to_string(*in.enemy_figures),
               "expected a whole number from 1 to " + std::to_string(max_figures));
  if (in.needed && (*in.needed < 0 || *in.needed > max_morale_number))
    fail_input("bad-number", "needed", std::to_string(*in.needed),
               "expected a whole number from 0 to " + std::to_string(max_morale_number));
  if (in.hero == Hero::no) {
    if (!in.needed) fail_refusal("no-needed", input_word("needed") + " N is required (the morale roll needed)");
    if (!in.roll && coming == RollComing::no) fail_refusal("no-roll", "give " + input_word("rolled") + " N or let the dice be rolled");
  } else if (in.roll && !in.needed) {
    fail_refusal("no-needed", input_word("rolled") + " needs " + input_word("needed") + " N to compare with");
  }
}

[[nodiscard]] inline HoldOutcome resolve_hold(const HoldInput& in) {
  validate_hold(in);
  HoldOutcome o;
  o.site = in.site;
  o.order_before = in.order;
  o.order_after = in.order;
  o.hero = in.hero == Hero::yes;
  o.needed = in.needed;
  o.roll = in.roll;
  o.figures = in.figures;
  o.enemy_figures = in.enemy_figures;
  detail::add_rule(o.rules, "hold-the-breach");
  detail::add_rule(o.rules, "hold-site");
  if (site_kind(in.site) == SiteKind::barrier) detail::add_rule(o.rules, "barrier-protected");
  if (in.roll && in.roll->rolled) detail::add_rule(o.rules, "morale-dice");

  const bool roll_passed = !in.roll || morale_passed(in.roll->total, *in.needed);
  if (o.hero) {
    detail::add_rule(o.rules, "hero-never-fails");
    o.passed = true;
    if (!in.roll)
      o.notes.emplace_back("A hero holds the breach and never fails a morale check: no roll is needed.");
    else if (!roll_passed)
      o.notes.emplace_back("The roll of " + std::to_string(in.roll->total) + " against " +
                           std::to_string(*in.needed) + " would fail, but a hero never fails a morale check.");
    else
      o.notes.emplace_back("A hero never fails a morale check.");
  } else {
    o.passed = roll_passed;
  }
  o.notes.emplace_back("Having declared the hold before the melee, the unit may not withdraw instead of "
                       "taking a required morale check.");
  if (site_kind(in.site) == SiteKind::barrier)
    o.notes.emplace_back("Every figure in contact with the enemy is protected by the " +
                         std::string(name_of(in.site)) + ", as holding there requires.");

  if (o.passed) {
    o.notes.emplace_back("The unit holds: no enemy figure gets past the " + std::string(name_of(in.site)) + ".");
    return o;
  }

  detail::add_rule(o.rules, "forced-through");
  detail::add_rule(o.rules, "hold-keeps-order");
  o.margin = static_cast<std::int64_t>(in.roll->total) - *in.needed;
  o.through = o.margin;
  if (in.enemy_figures && o.through > *in.enemy_figures) {
    o.through = *in.enemy_figures;
    o.capped = true;
  }
  const std::string n = std::to_string(o.through);
  o.notes.emplace_back("Failed by " + std::to_string(o.margin) + " (rolled " + std::to_string(in.roll->total) +
                       ", needed " + std::to_string(*in.needed) + " or less): " + n + " enemy " +
                       (o.through == 1 ? "figure forces its" : "figures force their") + " way past the " +
                       std::string(name_of(in.site)) + ".");
  if (o.capped)
    o.notes.emplace_back("Only " + std::to_string(*in.enemy_figures) +
                         " enemy figures could pass, so that many do, not the full margin.");
  o.notes.emplace_back("The defenders step back just far enough to let " + n + " through and no further; "
                       "there is no 4\" withdrawal, and no defending figure is lost.");
  o.notes.emplace_back(in.order == Order::good
                           ? "The unit stays in good order: failing while holding does not make it shaken."
                           : "The unit stays shaken, no worse.");
  o.notes.emplace_back("Until it takes its place at the " + std::string(name_of(in.site)) +
                       " again the normal withdrawal rules apply; once it does, it may hold again.");
  return o;
}

// ---------------------------------------------------------------- casualties (R23)

struct CasualtiesInput {
  int through = 1;  // enemy figures already through the breach
  int behind = 1;   // enemy figures not yet through
  int killed = 0;   // casualties the defenders inflict on that unit
};

struct CasualtiesOutcome {
  int through = 0;
  int behind = 0;
  int killed = 0;
  int removed_through = 0;
  int removed_behind = 0;
  int through_after = 0;
  int behind_after = 0;
  int gaps = 0;  // places the defenders may step forward into
  std::vector<std::string> rules;
  std::vector<std::string> notes;
  std::vector<std::string> not_modelled;
};

// R23. Refuses a unit that is not partly through (through or behind 0: the
// normal rules apply) and more casualties than the unit has figures (the
// referee caps them; a typo must not pass silently).
[[nodiscard]] inline CasualtiesOutcome resolve_casualties(const CasualtiesInput& in) {
  auto range = [](const char* key, int v, int lo) {
    if (v < lo || v > max_figures)
      fail_input("bad-number", key, std::to_string(v),
                 "expected a whole number from " + std::to_string(lo) + " to " + std::to_string(max_figures));
  };
  range("through", in.through, 0);
  range("behind", in.behind, 0);
  range("killed", in.killed, 0);
  if (in.through == 0 || in.behind == 0)
    fail_refusal("not-partly-through",
                 "the unit is not partly through a breach (" + input_word("through") + " " +
                     std::to_string(in.through) + ", " + input_word("behind") + " " + std::to_string(in.behind) +
                   "); both must be at least 1, otherwise remove casualties by the normal rules (R23)");
  const int total = in.through + in.behind;
  if (in.killed > total)
    fail_input("too-many-killed", "killed", std::to_string(in.killed),
               "the unit has only " + std::to_string(total) + " figures (" + std::to_string(in.through) +
                   " through + " + std::to_string(in.behind) + " behind); give at most " +
                   std::to_string(total));
  CasualtiesOutcome o;
  o.through = in.through;
  o.behind = in.behind;
  o.killed = in.killed;
  o.removed_through = std::min(in.killed, in.through);
  o.removed_behind = in.killed - o.removed_through;
  o.through_after = in.through - o.removed_through;
  o.behind_after = in.behind - o.removed_behind;
  o.gaps = o.removed_through;
  detail::add_rule(o.rules, "casualties-through-first");
  o.notes.emplace_back("Casualties come first from the " + std::to_string(in.through) +
                       " figures through the breach: " + std::to_string(o.removed_through) + " removed there.");
  if (o.removed_behind > 0)
    o.notes.emplace_back("The other " + std::to_string(o.removed_behind) +
                         " come from the figures behind, chosen by the normal rules.");
  if (o.gaps > 0) {
    detail::add_rule(o.rules, "fill-the-gaps");
    o.notes.emplace_back("The defenders may at once step forward into the " + std::to_string(o.gaps) +
                         (o.gaps == 1 ? " gap" : " gaps") + " those removals leave.");
  }
  o.notes.emplace_back("This applies at any breach, whether or not a hold was declared there.");
  if (o.removed_behind > 0) o.not_modelled.emplace_back("which figures behind are removed (normal rules)");
  return o;
}

// ---------------------------------------------------------------- moving through (R15)

enum class ThroughBreach { no, yes };

inline constexpr int max_speed = 1000;

struct MoveInput {
  int speed = 0;  // the unit's move in whole inches
  ThroughBreach through_breach = ThroughBreach::no;
  Ratio rough_terrain{1, 2};  // from the data (troops.json)
};

struct MoveOutcome {
  int speed = 0;
  bool through_breach = false;
  Ratio factor{1, 1};  // applied factor (1/1 when not through a breach)
  int speed_after = 0;
  bool rounded = false;  // a fraction of an inch was dropped
  std::vector<std::string> rules;
  std::vector<std::string> notes;
  std::vector<std::string> not_modelled;
};

// R15: through a breach, speed * numerator / denominator, rounded down.
[[nodiscard]] inline MoveOutcome resolve_move(const MoveInput& in) {
  if (in.speed < 0 || in.speed > max_speed)
    fail_input("bad-number", "speed", std::to_string(in.speed),
               "expected a whole number from 0 to " + std::to_string(max_speed));
  if (in.rough_terrain.denominator < 1 || in.rough_terrain.numerator < 1 ||
      in.rough_terrain.numerator > in.rough_terrain.denominator)
    fail_data("bad-table", "troops.json:/rough_terrain: expected 1 <= numerator <= denominator");
  MoveOutcome o;
  o.speed = in.speed;
  o.through_breach = in.through_breach == ThroughBreach::yes;
  if (!o.through_breach) {
    o.speed_after = in.speed;
    o.notes.emplace_back("Not through a breach: the speed is unchanged.");
    return o;
  }
  o.factor = in.rough_terrain;
  const int scaled = in.speed * o.factor.numerator;
  o.speed_after = scaled / o.factor.denominator;
  o.rounded = scaled % o.factor.denominator != 0;
  detail::add_rule(o.rules, "breach-rough-terrain");
  o.notes.emplace_back("Through a breach troops move at Rough Terrain speed: " + std::to_string(in.speed) +
                       "\" x " + std::to_string(o.factor.numerator) + "/" + std::to_string(o.factor.denominator) +
                       " = " + std::to_string(o.speed_after) + "\"" +
                       (o.rounded ? ", rounded down to whole inches." : "."));
  return o;
}

// ---------------------------------------------------------------- abatis (R26)

enum class AbatisWork { build, tear };
inline constexpr std::array<std::string_view, 2> abatis_work_names{"build", "tear"};
[[nodiscard]] inline std::string_view name_of(AbatisWork w) {
  return abatis_work_names[static_cast<std::size_t>(w)];
}
[[nodiscard]] inline AbatisWork parse_abatis_work(std::string_view s) {
  for (std::size_t i = 0; i < abatis_work_names.size(); ++i)
    if (abatis_work_names[i] == s) return static_cast<AbatisWork>(i);
  fail_refusal("bad-work", "unknown work '" + std::string(s) + "' (expected build or tear)");
}

enum class AttackersInBreach { no, yes };
enum class Interrupted { no, yes };

struct AbatisInput {
  AbatisWork work = AbatisWork::build;
  int progress = 0;  // uninterrupted turns of this work done so far
  AttackersInBreach attackers_in_breach = AttackersInBreach::no;  // build: spoils the turn
  Interrupted interrupted = Interrupted::no;  // tear: attacked or killed, spoils the turn
  int turns = 3;  // from the data (troops.json abatis_turns)
};

struct AbatisOutcome {
  AbatisWork work = AbatisWork::build;
  int turns = 3;
  int progress_before = 0;
  int progress_after = 0;
  bool spoiled = false;
  bool complete = false;    // build: it stands; tear: it is destroyed
  bool standing_before = false;
  bool standing_after = false;
  std::vector<std::string> rules;
  std::vector<std::string> notes;
  std::vector<std::string> not_modelled;
};

// R26: one turn of work. Refuses progress outside 0..turns-1 and a spoiler
// of the other kind of work (--interrupted on a build, --attackers-in-breach
// on a tear).
[[nodiscard]] inline AbatisOutcome resolve_abatis(const AbatisInput& in) {
  if (in.turns < 1 || in.turns > 100)
    fail_data("bad-table", "troops.json:/abatis_turns: expected an integer from 1 to 100");
  if (in.progress < 0 || in.progress >= in.turns)
    fail_input("bad-progress", "progress", std::to_string(in.progress),
               "expected from 0 to " + std::to_string(in.turns - 1) + " (turns already done; turn " +
                   std::to_string(in.turns) + " finishes the work)");
  const bool build = in.work == AbatisWork::build;
  if (build && in.interrupted == Interrupted::yes)
    fail_refusal("bad-option", input_word("interrupted") + " is for tearing down; building is spoiled by " +
                                   input_word("attackers-in-breach") + " (R26)");
  if (!build && in.attackers_in_breach == AttackersInBreach::yes)
    fail_refusal("bad-option", input_word("attackers-in-breach") + " is for building; tearing down is spoiled by " +
                                   input_word("interrupted") + " (attacked or killed) (R26)");
  AbatisOutcome o;
  o.work = in.work;
  o.turns = in.turns;
  o.progress_before = in.progress;
  o.standing_before = !build;
  o.spoiled = build ? in.attackers_in_breach == AttackersInBreach::yes : in.interrupted == Interrupted::yes;
  detail::add_rule(o.rules, "abatis-work");
  const std::string total = std::to_string(in.turns);
  if (o.spoiled) {
    detail::add_rule(o.rules, "abatis-spoiled");
    o.progress_after = 0;
    o.notes.emplace_back(build ? "Attackers are in the breach: this turn's work is spoiled and the building "
                                 "starts again from nothing (0 of " + total + " turns)."
                               : "The attackers were attacked or killed before finishing: the abatis counts "
                                 "as undamaged (0 of " + total + " turns).");
  } else {
    o.progress_after = in.progress + 1;
    o.complete = o.progress_after == in.turns;
  }
  o.standing_after = build ? o.complete : !o.complete;
  if (!o.spoiled && !o.complete)
    o.notes.emplace_back("Turn " + std::to_string(in.progress + 1) + " of " + total + " done; " +
                         std::to_string(in.turns - in.progress - 1) + " more " +
                         (build ? "turn(s) free of attackers in the breach" : "uninterrupted turn(s)") +
                         " to go.");
  if (o.complete)
    o.notes.emplace_back(build ? "The abatis stands: the breach is blocked." : "The abatis is torn down.");
  if (o.standing_after) {
    detail::add_rule(o.rules, "abatis-mantlet");
    o.notes.emplace_back("Standing abatis counts as a movable mantlet for protection and defensive values.");
  }
  if (!build && o.complete) o.notes.emplace_back("It can be rebuilt, the same way as it was first built.");
  if (o.standing_after) o.not_modelled.emplace_back("the movable mantlet's protection values");
  return o;
}

}  // namespace siege
