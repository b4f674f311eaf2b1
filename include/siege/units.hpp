// siege/units.hpp - the troop rules on the units of a siege (R21-R26, R33).
//
// Each function takes the Snapshot (its units, armies and sections), checks
// the request, and only then changes the snapshot and returns an outcome:
// every unit and army it changed (before and after), the outcome of the core
// rule it applied (breach.hpp, morale.hpp, escalade.hpp) and the rule trace.
// A refusal is a usage error (exit 2) thrown before anything changes. Like
// play_scene() they are pure: no files, no dice (a hold is given its roll).
//
// Losses: every figure a unit loses counts as killed for its army (R33),
// and the function whose losses first bring an army's killed to a third
// calls its morale check (R25): ArmyChange::check_called, a note, and the
// rule "army-third-called". Castle defenders never check.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "siege/army.hpp"
#include "siege/breach.hpp"
#include "siege/detail/suggest.hpp"
#include "siege/error.hpp"
#include "siege/escalade.hpp"
#include "siege/morale.hpp"
#include "siege/state.hpp"
#include "siege/rule.hpp"

namespace siege {

// The rules this header applies, as outcomes list them (siege/rules.hpp
// gathers every header's into the catalogue).
inline constexpr RuleInfo units_rules[] = {
    {"unit-place", "R33", "a unit stands outside, at a section (through and behind) or within the walls"},
    {"unit-through", "R33", "figures through a breach count as through; with none behind the unit is within the walls"},
    {"unit-within-walls", "R33", "every figure left is through: the unit is within the walls"},
    {"hold-moves-enemy", "R33", "a failed hold moves the margin of enemy figures through, capped at those behind"},
    {"unit-losses", "R33", "every figure a unit loses counts as killed for its army"},
    {"army-third-called", "R33", "the army's one-third check is called once, when killed x 3 first reaches strength"},
    {"rout-losses-killed", "R33", "figures a rout within walls removes or eliminates leave the unit, killed"},
    {"order-recorded", "R33", "the referee records the result of the standard morale rules as the unit's order"},
    {"climbers-through", "R33", "climbers up on the wall walk count as through, those at the foot as behind"},
    {"attackers-spoil-abatis", "R33", "a besieger unit at a breached section spoils the turn of building abatis"},
    {"sally-checks", "R38", "while defenders are out on a sally their army checks at a third like any other"},
};

// ---------------------------------------------------------------- outcomes

struct UnitChange {
  UnitState before;
  UnitState after;
};

struct ArmyChange {
  UnitSide side = UnitSide::besieger;
  ArmyState before;
  ArmyState after;
  bool check_called = false;  // this change brought killed to a third: the army checks morale now
  Sally sally = Sally::no;    // R38: defenders out on a sally after the change
};

// What every troop function returns: the units and armies it changed, in
// the order it changed them, and the rule trace of the whole.
struct TroopOutcome {
  std::vector<UnitChange> units;
  std::vector<ArmyChange> armies;
  std::vector<std::string> rules;
  std::vector<std::string> notes;
  std::vector<std::string> not_modelled;

  [[nodiscard]] const UnitChange* unit(std::string_view id) const noexcept {
    for (const auto& u : units)
      if (u.after.id == id) return &u;
    return nullptr;
  }
  // The army change that called the one-third check, or nullptr.
  [[nodiscard]] const ArmyChange* called() const noexcept {
    for (const auto& a : armies)
      if (a.check_called) return &a;
    return nullptr;
  }
};

// ---------------------------------------------------------------- lookups

// The unit `id` of the snapshot; a refusal (Error::refusal) when there is none.
[[nodiscard]] inline const UnitState& unit_of(const Snapshot& s, std::string_view id) {
  if (const auto* u = detail::find_by_id(s.units, id)) {
    detail::refuse_gone(*u);
    return *u;
  }
  std::vector<std::string> ids;
  for (const auto& u : s.units) ids.push_back(u.id);
  fail_refusal("unknown-unit", "unknown unit '" + std::string(id) + "'" + detail::did_you_mean(id, ids) +
                                   (ids.empty() ? "; the siege has no units (give \"units\" to '" +
                                                      command_words({"init"}) + "')"
                                                : "; see '" + command_words({"status"}) + "'"));
}
[[nodiscard]] inline UnitState& unit_of(Snapshot& s, std::string_view id) {
  return const_cast<UnitState&>(unit_of(std::as_const(s), id));
}

// Units with figures at section `id` (gone ones are not: R36), in the order
// of the file.
[[nodiscard]] inline std::vector<const UnitState*> units_at(const Snapshot& s, std::string_view id) {
  std::vector<const UnitState*> out;
  for (const auto& u : s.units)
    if (u.present() && u.at(id) && u.figures > 0) out.push_back(&u);
  return out;
}

// Figures of any unit through section `id` (R32 refuses to repair a breach
// while this is not 0).
[[nodiscard]] inline int figures_through(const Snapshot& s, std::string_view id) {
  int n = 0;
  for (const auto* u : units_at(s, id)) n += u->through;
  return n;
}

// ---------------------------------------------------------------- internals

namespace detail {

inline void require_figures(const UnitState& u) {
  if (u.figures == 0)
    fail_refusal("no-figures",
                 "unit '" + u.id + "' has lost " +
                   (u.start_figures == 1 ? std::string("its one figure")
                                         : "all its " + std::to_string(u.start_figures) + " figures"));
}

// "outside", "within the walls", "at north-wall (3 through, 9 behind)".
[[nodiscard]] inline std::string place_words(const UnitState& u) {
  switch (u.where) {
    case UnitPlace::outside: return "outside";
    case UnitPlace::within_walls: return "within the walls";
    case UnitPlace::section: break;
  }
  return "at " + u.section + " (" + std::to_string(u.through) + " through, " + std::to_string(u.behind) +
         " behind)";
}

inline void place_at(UnitState& u, UnitPlace where, std::string section = {}) {
  u.where = where;
  u.section = where == UnitPlace::section ? std::move(section) : std::string();
  u.through = 0;
  u.behind = where == UnitPlace::section ? u.figures : 0;
}

// R33: a unit at a section with figures left and none behind is within the
// walls. Notes it in `o`.
inline void settle(UnitState& u, TroopOutcome& o) {
  if (u.where != UnitPlace::section || u.figures == 0 || u.behind > 0) return;
  const std::string section = u.section;
  place_at(u, UnitPlace::within_walls);
  add_rule(o.rules, "unit-within-walls");
  o.notes.emplace_back("Every figure of " + u.id + " left is through at " + section + ": it is within the walls.");
}

inline void record(TroopOutcome& o, const UnitState& before, const UnitState& after) {
  o.units.push_back({before, after});
}

inline void add_unique(std::vector<std::string>& v, const std::string& s) {
  if (std::find(v.begin(), v.end(), s) == v.end()) v.push_back(s);
}

// R38: whether the army of `side` is out of its castle: the besiegers
// always, the defenders while figures of theirs are out on a sally.
[[nodiscard]] inline Sally sally_for(const Snapshot& s, UnitSide side) {
  return side == UnitSide::defender ? sally_of(s.units) : Sally::no;
}

// R25, R38: the army of `side` (changed from `before` by the caller) calls
// its one-third check when killed x 3 has reached its strength while it can
// check and the check was not called yet. The change is recorded in `o`
// when the army changed, the check was called, or (Record::always) the
// caller counted losses.
enum class Record { if_changed, always };
inline void settle_army(Snapshot& s, UnitSide side, const ArmyState& before, TroopOutcome& o,
                        Record record = Record::if_changed) {
  auto& army = s.armies.of(side);
  ArmyChange c;
  c.side = side;
  c.before = before;
  const std::string name(name_of(side));
  const Sally sally = sally_for(s, side);
  const ArmyMoraleOutcome m = army_morale(army_morale_input(*army, sally));
  const bool reached_third = static_cast<std::int64_t>(army->killed) * 3 >= army->strength &&
                             static_cast<std::int64_t>(before.killed) * 3 < army->strength;
  if (m.due && !army->called) {
    army->called = true;
    c.check_called = true;
    add_rule(o.rules, "army-morale");
    add_rule(o.rules, "army-third-called");
    o.notes.emplace_back("The " + name + " army has lost " + std::to_string(army->killed) + " of " +
                         std::to_string(army->strength) + " figures, a third or more (the mark is " +
                         std::to_string(m.threshold) + "): it checks morale now, once, on the standard "
                         "tables by troop type.");
    add_unique(o.not_modelled, "the standard morale tables by troop type");
    if (side == UnitSide::defender && sally == Sally::out && army->in_castle) {
      add_rule(o.rules, "sally-checks");
      o.notes.emplace_back("Defenders are out on a sally: the " + name +
                           " army checks at a third like any other (R38).");
    }
  } else if (in_a_castle(*army, sally) && reached_third) {
    add_rule(o.rules, "castle-defenders-never-check");
    o.notes.emplace_back("The " + name + " army has lost a third of its figures (" + std::to_string(army->killed) +
                         " of " + std::to_string(army->strength) +
                         "), but defenders in a castle never check army morale.");
  }
  c.after = *army;
  c.sally = sally;
  const bool changed = c.after.strength != before.strength || c.after.killed != before.killed ||
                       c.after.called != before.called;
  if (changed || record == Record::always) o.armies.push_back(c);
}

// R38: after a change of units that may start a sally or lower an army's
// strength, each army whose check is now due calls it.
inline void settle_armies(Snapshot& s, TroopOutcome& o) {
  for (const UnitSide side : {UnitSide::besieger, UnitSide::defender})
    if (const auto& a = s.armies.of(side); a && !a->called) settle_army(s, side, ArmyState(*a), o);
}

// R33, R25: `lost` figures of a unit of `side` count as killed for its army;
// calls the one-third check when they first bring killed to it.
inline void count_killed(Snapshot& s, UnitSide side, int lost, TroopOutcome& o) {
  if (lost <= 0) return;
  auto& army = s.armies.of(side);
  if (!army)  // read_troops gives every side with units an army
    throw Error(ErrorKind::internal, "internal", "count_killed: no " + std::string(name_of(side)) + " army");
  const ArmyState before = *army;
  army->killed = std::min(army->strength, army->killed + lost);
  add_rule(o.rules, "unit-losses");
  settle_army(s, side, before, o, Record::always);
}

// Appends a core outcome's trace to `o`'s.
template <typename Core>
void take_trace(TroopOutcome& o, const Core& core) {
  for (const auto& r : core.rules) add_rule(o.rules, r);
  for (const auto& n : core.notes) o.notes.push_back(n);
  for (const auto& n : core.not_modelled) add_unique(o.not_modelled, n);
}

}  // namespace detail

// Public: what the program needs of the above (the rest stays internal).
using detail::sally_for;  // the sally a side is on (R38)
using detail::add_unique;  // adds a text to a list once

// ---------------------------------------------------------------- move (R15, R26, R33)

enum class UnitDestination { section, outside, within_walls };

struct UnitMoveInput {
  std::string unit;
  UnitDestination to = UnitDestination::section;
  std::string section;                 // to == section
  std::optional<int> through_figures;  // to == section: move this many of those behind through the breach
  std::optional<int> speed;            // the unit's move in inches: the outcome gives its speed (R15)
  // R38: a defender moved outside is a sally, but not when an entry logged
  // before R38 is replayed (it keeps its old meaning).
  enum class Meaning { r38, before_r38 } meaning = Meaning::r38;
};

struct UnitMoveOutcome : TroopOutcome {
  std::string section;    // "" unless to == section
  int moved_through = 0;  // figures moved through the breach
  bool sally = false;     // R38: a defender moved outside the walls on a sally
  std::optional<MoveOutcome> move;  // the speed, when one was given (Rough Terrain through a breach)
};

// R33. To a section: the unit stands there, every figure behind (figures
// that were through step back). With through_figures N: a besieger unit
// outside or at that section moves N of its figures behind through the
// breach (from outside it comes to the section first); refused unless the
// section is breached, passable (a breached wooden bridge is not, R13) and
// no abatis stands there (R26); at 0 behind the unit is within the walls.
// Outside: any unit. Within the walls: defenders only (attackers get in
// through a breach or up the wall). A unit with no figures left is refused.
[[nodiscard]] inline UnitMoveOutcome move_unit(Snapshot& s, const UnitMoveInput& in, const Tables& t) {
  UnitState& u = unit_of(s, in.unit);
  detail::require_figures(u);
  const SectionState* sec = nullptr;
  if (in.to == UnitDestination::section) sec = &section_of(s, in.section);
  else if (in.through_figures)
    fail_refusal("bad-option", "figures go through the breach of a section; give " + input_word("section") + " ID");
  const bool through = in.through_figures.has_value();
  if (in.to == UnitDestination::within_walls && u.side == UnitSide::besieger)
    fail_refusal("not-within-walls", "besieger unit '" + u.id + "' gets within the walls only through a "
                                   "breach or up the wall (move " + input_word("through-breach") + ", escalade) (R33)");
  if (through) {
    if (u.side == UnitSide::defender)
      fail_refusal("wrong-side", "'" + u.id + "' is a defender unit; only besiegers move through a breach "
                               "into the castle (a sortie: move it outside) (R33)");
    if (u.where == UnitPlace::within_walls || (u.where == UnitPlace::section && !u.at(sec->id)))
      fail_refusal("not-at-section", "'" + u.id + "' is " + detail::place_words(u) + ", not outside or at " +
                                       sec->id + "; bring it to " + sec->id + " first (R33)");
    if (sec->state != BreachState::breached)
      fail_refusal("not-breached", "" + sec->id + " is " + std::string(name_of(sec->state)) +
                                     ", not breached; figures go through only a breach (climb it: escalade) (R33)");
    if (impassable_breach(*sec, t))
      fail_refusal("impassable", "" + sec->id + " is a breached " + sec->structure +
                                   ": impassable, nobody crosses it; there is no assault across it (R13)");
    if (sec->abatis.standing)
      fail_refusal("abatis-blocks", "abatis stands in the breach of " + sec->id +
                                      "; it blocks the way through until it is torn down (R26, R33)");
    const int behind = u.at(sec->id) ? u.behind : u.figures;
    if (*in.through_figures < 1 || *in.through_figures > behind)
      fail_input("bad-figures", "figures", std::to_string(*in.through_figures),
                 "'" + u.id + "' has " + std::to_string(behind) + " figure" + (behind == 1 ? "" : "s") +
                     " behind the breach; give from 1 to " + std::to_string(behind));
  }
  std::optional<MoveOutcome> speed;
  if (in.speed)
    speed = resolve_move({*in.speed, through ? ThroughBreach::yes : ThroughBreach::no, t.troops.rough_terrain});

  UnitMoveOutcome o;
  const UnitState before = u;
  detail::add_rule(o.rules, "unit-place");
  if (in.to == UnitDestination::outside || in.to == UnitDestination::within_walls) {
    detail::place_at(u, in.to == UnitDestination::outside ? UnitPlace::outside : UnitPlace::within_walls);
    o.notes.emplace_back(u.id + " is now " + detail::place_words(u) + " (it was " + detail::place_words(before) +
                         ").");
    if (u.side == UnitSide::defender && in.to == UnitDestination::outside &&
        in.meaning == UnitMoveInput::Meaning::r38) {
      u.sally = o.sally = true;
      detail::add_rule(o.rules, "sally");
      o.notes.emplace_back(u.id + " goes out on a sally: while it is outside the defenders check army morale at a "
                           "third like any other army (R38).");
    }
  } else if (!through) {
    detail::place_at(u, UnitPlace::section, sec->id);
    o.section = sec->id;
    o.notes.emplace_back(u.id + " stands at " + sec->id +
                         (u.figures == 1 ? std::string(", its one figure behind") : std::string(", all ").append(figures_word(u.figures)).append(" behind")) +
                         (before.where == UnitPlace::section && before.through > 0
                              ? " (the " + std::to_string(before.through) + " through step back)."
                              : "."));
    if (u.side == UnitSide::besieger && sec->state != BreachState::breached)
      o.notes.emplace_back(sec->id + " is " + std::string(name_of(sec->state)) +
                           ", not breached: the way in is up the wall (escalade).");
  } else {
    if (!u.at(sec->id)) {
      detail::place_at(u, UnitPlace::section, sec->id);
      o.notes.emplace_back(u.id + " comes to " + sec->id + " first, all behind.");
    }
    o.section = sec->id;
    o.moved_through = *in.through_figures;
    u.through += o.moved_through;
    u.behind -= o.moved_through;
    detail::add_rule(o.rules, "unit-through");
    detail::add_rule(o.rules, "breach-rough-terrain");
    o.notes.emplace_back(std::to_string(o.moved_through) + " of " + u.id + " move through the breach of " + sec->id +
                         " at Rough Terrain speed: " + std::to_string(u.through) + " through, " +
                         std::to_string(u.behind) + " behind.");
    detail::settle(u, o);
  }
  if (!o.sally) u.sally = false;  // back from a sally (or never on one)
  if (speed) {
    detail::take_trace(o, *speed);
    o.move = std::move(speed);
  }
  detail::record(o, before, u);
  if (o.sally) detail::settle_armies(s, o);  // R38: the check may be due now
  return o;
}

// ---------------------------------------------------------------- hold (R21, R22, R33)

struct UnitHoldInput {
  std::string holder;   // a defender unit at the section
  std::string enemy;    // a besieger unit at the same section
  std::string section;
  std::optional<HoldSite> site;  // default: breach on a breached section, wall-top on another
  int unprotected_in_contact = 0;
  std::optional<int> needed;
  std::optional<DiceRoll> roll;  // absent only for a hero, or before the caller rolls
};

struct UnitHoldOutcome : TroopOutcome {
  std::string section;
  HoldOutcome hold;  // resolve_hold's outcome (R21, R22)
  int moved_through = 0;  // enemy figures moved through: the margin capped at those behind
};

// R21, R22, R33: the HoldInput for `in` from the file: the holder's order,
// whether it is a hero and its figures, the enemy's figures behind as the
// cap. Refuses unknown units or section, a holder that is not a defender or
// an enemy that is not a besieger, either not at the section, a unit with
// no figures, a breach site on a section that is not breached, and what
// validate_hold() refuses (a routed holder, a wide site ...). With
// RollComing::yes the roll may still be missing: the caller rolls it next.
[[nodiscard]] inline HoldInput hold_input(const Snapshot& s, const UnitHoldInput& in,
                                          RollComing coming = RollComing::no) {
  const SectionState& sec = section_of(s, in.section);
  const UnitState& h = unit_of(s, in.holder);
  const UnitState& e = unit_of(s, in.enemy);
  if (h.id == e.id) fail_refusal("bad-option", "'" + h.id + "' cannot hold the breach against itself");
  if (h.side != UnitSide::defender)
    fail_refusal("wrong-side", "the holder '" + h.id + "' is a besieger unit; the breach is held by a "
                             "defender unit against a besieger unit (R33)");
  if (e.side != UnitSide::besieger)
    fail_refusal("wrong-side", "the enemy '" + e.id + "' is a defender unit; the breach is held against a "
                             "besieger unit (R33)");
  detail::require_figures(h);
  detail::require_figures(e);
  for (const UnitState* u : {&h, &e})
    if (!u->at(sec.id))
      fail_refusal("not-at-section", "'" + u->id + "' is " + detail::place_words(*u) + ", not at " + sec.id +
                                       "; both units must be at the section (" +
                                       command_words({"move", input_word("unit"), u->id, input_word("section"), sec.id}) +
                                       ") (R33)");
  const HoldSite site = in.site.value_or(sec.state == BreachState::breached ? HoldSite::breach : HoldSite::wall_top);
  if (site == HoldSite::breach && sec.state != BreachState::breached)
    fail_refusal("not-breached", sec.id + " is " + std::string(name_of(sec.state)) +
                                   ", not breached; hold it at the wall-top (" + input_word("site") + " wall-top) (R22)");
  HoldInput hi;
  hi.order = h.order;
  hi.site = site;
  hi.unprotected_in_contact = in.unprotected_in_contact;
  hi.hero = h.hero ? Hero::yes : Hero::no;
  hi.needed = in.needed;
  hi.roll = in.roll;
  hi.figures = h.figures;
  hi.enemy_figures = e.behind;
  validate_hold(hi, coming);
  return hi;
}

// R21, R33: the holder checks morale (resolve_hold); a failure moves the
// margin of enemy figures through, capped at those behind; the holder's
// order does not change. Refuses what hold_input() refuses, and a missing
// roll (but for a hero).
[[nodiscard]] inline UnitHoldOutcome hold_unit(Snapshot& s, const UnitHoldInput& in) {
  const HoldInput hi = hold_input(s, in);
  UnitHoldOutcome o;
  o.section = in.section;
  o.hold = resolve_hold(hi);
  UnitState& h = unit_of(s, in.holder);
  UnitState& e = unit_of(s, in.enemy);
  const UnitState holder_before = h;
  const UnitState enemy_before = e;
  detail::take_trace(o, o.hold);
  h.order = o.hold.order_after;  // R21: unchanged
  o.moved_through = static_cast<int>(o.hold.through);
  if (o.moved_through > 0) {
    e.through += o.moved_through;
    e.behind -= o.moved_through;
    detail::add_rule(o.rules, "hold-moves-enemy");
    detail::add_rule(o.rules, "unit-through");
    o.notes.emplace_back(std::to_string(o.moved_through) + " of " + e.id + " are through at " + in.section + ": " +
                         std::to_string(e.through) + " through, " + std::to_string(e.behind) + " behind.");
    detail::settle(e, o);
  }
  detail::record(o, holder_before, h);
  detail::record(o, enemy_before, e);
  return o;
}

// ---------------------------------------------------------------- casualties (R23, R33)

struct UnitCasualtiesInput {
  std::string unit;
  int killed = 0;
};

struct UnitCasualtiesOutcome : TroopOutcome {
  int killed = 0;
  int removed_through = 0;
  int removed_behind = 0;
  std::optional<CasualtiesOutcome> through_first;  // R23, when the unit was partly through
};

// R23, R33: losses of any unit. On a unit at a section with figures both
// through and behind they come first from those through (resolve_casualties;
// also for climbers on the wall walk, the wall-top being the breach there);
// its army's killed grow. Refuses more killed than the unit has figures.
[[nodiscard]] inline UnitCasualtiesOutcome unit_casualties(Snapshot& s, const UnitCasualtiesInput& in) {
  UnitState& u = unit_of(s, in.unit);
  detail::require_figures(u);
  if (in.killed < 0 || in.killed > u.figures)
    fail_input("too-many-killed", "killed", std::to_string(in.killed),
               "'" + u.id + "' has " + std::to_string(u.figures) + " figure" + (u.figures == 1 ? "" : "s") +
                   "; give from 0 to " + std::to_string(u.figures));
  UnitCasualtiesOutcome o;
  const UnitState before = u;
  o.killed = in.killed;
  if (u.where == UnitPlace::section && u.through > 0 && u.behind > 0) {
    o.through_first = resolve_casualties({u.through, u.behind, in.killed});
    detail::take_trace(o, *o.through_first);
    o.removed_through = o.through_first->removed_through;
    o.removed_behind = o.through_first->removed_behind;
  } else {
    o.removed_behind = u.where == UnitPlace::section ? in.killed : 0;
    o.notes.emplace_back(u.id + " is " + detail::place_words(u) + ": its " + std::to_string(in.killed) +
                         " casualties are taken by the normal rules.");
  }
  u.figures -= in.killed;
  if (u.where == UnitPlace::section) {
    u.through -= o.removed_through;
    u.behind -= o.removed_behind;
  }
  if (u.figures == 0) o.notes.emplace_back(u.id + " has lost every figure.");
  detail::settle(u, o);
  detail::record(o, before, u);
  detail::count_killed(s, u.side, in.killed, o);
  return o;
}

// ---------------------------------------------------------------- rout (R24, R33)

enum class RoutChoice { special, standard };

struct UnitRoutInput {
  std::string unit;
  std::optional<int> room_figures;  // a split unit: figures in the room that took the rout result
  int blocked = 0;                  // movers that cannot finish the move or touch the enemy
  RoutChoice choice = RoutChoice::special;  // standard: the player takes the standard rout (R24)
};

struct UnitRoutOutcome : TroopOutcome {
  RoutOutcome rout;        // resolve_rout's outcome: both choices
  bool standard = false;   // the standard rout was taken (by choice, or as the only one open)
  int removed = 0;         // figures removed and eliminated (the special procedure)
};

// R24, R33: a rout result on a unit. Within the walls (a defender, or a
// besieger unit with every figure within the walls) the special procedure:
// shaken, one figure removed, the blocked ones eliminated; those figures
// leave the unit and count as killed for its army. With RoutChoice::standard,
// or for a besieger unit not wholly within the walls, the standard rout: the
// unit is routed and keeps its figures (the flight itself is the standard
// rules'). Refuses what resolve_rout() refuses (an already routed unit, a
// room or blocked count too large) and a unit with no figures.
[[nodiscard]] inline UnitRoutOutcome rout_unit(Snapshot& s, const UnitRoutInput& in, const Tables& t) {
  UnitState& u = unit_of(s, in.unit);
  detail::require_figures(u);
  RoutInput ri;
  ri.figures = u.figures;
  ri.order = u.order;
  ri.side = rout_side(u.side);
  ri.within_walls = u.where == UnitPlace::within_walls ? WithinWalls::yes : WithinWalls::no;
  ri.room_figures = in.room_figures;
  ri.blocked = in.blocked;
  ri.move_inches = t.troops.rout_move_inches;
  UnitRoutOutcome o;
  o.rout = resolve_rout(ri);
  // The file knows where the unit is: no hint to give --all-within-walls.
  for (auto& n : o.rout.notes)
    if (const auto at = n.find(all_within_walls_hint()); at != std::string::npos)
      n.erase(at, all_within_walls_hint().size());
  const UnitState before = u;
  detail::take_trace(o, o.rout);
  o.standard = in.choice == RoutChoice::standard || !o.rout.within_walls;
  if (o.standard) {
    u.order = o.rout.standard_order_after;
    detail::add_rule(o.rules, "standard-rout");
    o.notes.emplace_back(in.choice == RoutChoice::standard
                             ? "The player takes the standard rout: " + u.id + " is routed."
                             : u.id + " is " + detail::place_words(u) + ", not wholly within the walls: it takes "
                               "the standard rout and is routed.");
  } else {
    o.removed = u.figures - o.rout.special_figures_after;
    u.figures = o.rout.special_figures_after;
    u.order = o.rout.special_order_after;
    if (u.where == UnitPlace::section) u.behind -= o.removed;  // a defender at a section: all behind
    detail::add_rule(o.rules, "rout-losses-killed");
    o.notes.emplace_back("The " + std::to_string(o.removed) + " figure" + (o.removed == 1 ? "" : "s") +
                         " removed and eliminated leave " + u.id + " and count as killed: " +
                         std::to_string(u.figures) + " left, shaken.");
  }
  detail::record(o, before, u);
  detail::count_killed(s, u.side, o.removed, o);
  return o;
}

// ---------------------------------------------------------------- order (R33)

struct UnitOrderInput {
  std::string unit;
  Order order = Order::good;
};

struct UnitOrderOutcome : TroopOutcome {};

// R33: the standard morale rules are outside these texts; the referee
// records their result (a rally, a unit shaken by the standard tables).
// Refuses a unit with no figures.
[[nodiscard]] inline UnitOrderOutcome set_unit_order(Snapshot& s, const UnitOrderInput& in) {
  UnitState& u = unit_of(s, in.unit);
  detail::require_figures(u);
  UnitOrderOutcome o;
  const UnitState before = u;
  u.order = in.order;
  detail::add_rule(o.rules, "order-recorded");
  o.notes.emplace_back(before.order == u.order
                           ? u.id + " stays " + std::string(name_of(u.order)) + "."
                           : u.id + ": " + std::string(name_of(before.order)) + " -> " +
                                 std::string(name_of(u.order)) + ", as the referee records.");
  o.not_modelled.emplace_back("the standard morale rules that gave this order");
  detail::record(o, before, u);
  return o;
}

// ---------------------------------------------------------------- escalade (R20, R33)

// R33: the climbers a besieger unit puts to the wall of section `section`:
// its figures at the foot (all of them when it is outside). Refuses a
// defender, a unit within the walls or at another section, and one with no
// figures.
[[nodiscard]] inline int escalade_climbers(const Snapshot& s, std::string_view unit, std::string_view section) {
  const SectionState& sec = section_of(s, section);
  const UnitState& u = unit_of(s, unit);
  detail::require_figures(u);
  if (u.side != UnitSide::besieger)
    fail_refusal("wrong-side", "'" + u.id + "' is a defender unit; besiegers climb the wall (R20)");
  if (u.where == UnitPlace::within_walls || (u.where == UnitPlace::section && !u.at(sec.id)))
    fail_refusal("not-at-section", "'" + u.id + "' is " + detail::place_words(u) + ", not outside or at " +
                                     sec.id + " (R33)");
  return u.at(sec.id) ? u.behind : u.figures;
}

struct UnitEscaladeOutcome : TroopOutcome {
  std::string section;
  int climbed = 0;  // climbers up on the wall walk this time
};

// R20, R33: records `climb` (resolve_escalade's outcome for
// escalade_climbers(s, unit, section) attackers) on the unit: it stands at
// the section, the climbers up count as through, those at the foot as
// behind; with none at the foot it is within the walls. A breached section
// is not climbed (climb.climbed is false): the unit comes to the section,
// all behind, or stays as it stands when it is there already. Refuses what escalade_climbers() refuses and an outcome for
// another number of attackers.
[[nodiscard]] inline UnitEscaladeOutcome escalade_unit(Snapshot& s, std::string_view unit, std::string_view section,
                                                       const EscaladeOutcome& climb) {
  const int climbers = escalade_climbers(s, unit, section);
  if (climb.attackers != climbers || climb.up < 0 || climb.up > climb.attackers)
    fail_refusal("bad-option", "the climb was for " + std::to_string(climb.attackers) + " attackers, but '" +
                                 std::string(unit) + "' has " + std::to_string(climbers) + " at the foot");
  UnitState& u = unit_of(s, unit);
  UnitEscaladeOutcome o;
  o.section = std::string(section);
  const UnitState before = u;
  detail::add_rule(o.rules, "unit-place");
  if (!u.at(section)) detail::place_at(u, UnitPlace::section, o.section);
  if (climb.climbed) {
    o.climbed = climb.up;
    u.through += climb.up;
    u.behind -= climb.up;
    detail::add_rule(o.rules, "climbers-through");
    o.notes.emplace_back(std::to_string(climb.up) + " of " + u.id + " are up on the wall walk of " + o.section +
                         " (counted as through), " + std::to_string(u.behind) + " at the foot (behind).");
    detail::settle(u, o);
  } else if (before.at(section)) {  // already there: nothing moves (R33: through a breach is a move)
    o.notes.emplace_back(o.section + " is breached, not climbed: " + u.id + " stays as it stands, " +
                         std::to_string(u.through) + " through and " + std::to_string(u.behind) + " behind.");
  } else {
    o.notes.emplace_back(o.section + " is not climbed: " + u.id + " stands at it, all behind.");
  }
  detail::record(o, before, u);
  return o;
}

// ---------------------------------------------------------------- abatis (R26, R33)

struct SectionAbatisInput {
  std::string section;
  AbatisWork work = AbatisWork::build;
  Interrupted interrupted = Interrupted::no;  // tear: attacked or killed
  // build: the referee's word that attackers are in the breach, besides the
  // besieger units the file has there.
  AttackersInBreach attackers_in_breach = AttackersInBreach::no;
};

struct SectionAbatisOutcome : TroopOutcome {
  std::string section;
  AbatisOutcome abatis;
  std::vector<std::string> spoilers;  // besieger units at the breach that spoiled a build turn
};

// R26, R33: one turn of abatis work on a section, from the progress the
// file has. A build turn is spoiled by any besieger unit with figures at the
// section while it is breached (or by the referee's word). Refuses building
// where abatis stands, tearing where none stands or where no besieger unit
// stands at the section (R46), and the spoiler of the other kind of work. Changes the section's abatis, no unit.
[[nodiscard]] inline SectionAbatisOutcome abatis_turn(Snapshot& s, const SectionAbatisInput& in, const Tables& t) {
  const SectionState& sec = section_of(s, in.section);
  const bool build = in.work == AbatisWork::build;
  if (build && sec.abatis.standing)
    fail_refusal("bad-option", "an abatis already stands in " + sec.id + "; see '" + command_words({"status"}) + "'");
  if (!build && !sec.abatis.standing)
    fail_refusal("bad-option", "no abatis stands in " + sec.id + "; see '" + command_words({"status"}) + "'");
  if (!build) {  // R46: the attackers tear it down, so one of them must be there
    const auto at = units_at(s, sec.id);
    if (std::none_of(at.begin(), at.end(), [](const UnitState* u) { return u->side == UnitSide::besieger; }))
      fail_refusal("no-attackers", "no besieger unit stands at " + sec.id + " to tear the abatis down (R46); move one there with '" +
                                       command_words({"move", input_word("unit"), "ID", input_word("section"), sec.id}) +
                                       "'");
  }
  SectionAbatisOutcome o;
  o.section = sec.id;
  if (build && sec.state == BreachState::breached)
    for (const auto* u : units_at(s, sec.id))
      if (u->side == UnitSide::besieger) o.spoilers.push_back(u->id);
  AbatisInput ai;
  ai.work = in.work;
  ai.progress = sec.abatis.progress;
  ai.attackers_in_breach =
      in.attackers_in_breach == AttackersInBreach::yes || !o.spoilers.empty() ? AttackersInBreach::yes
                                                                             : AttackersInBreach::no;
  ai.interrupted = in.interrupted;
  ai.turns = t.troops.abatis_turns;
  o.abatis = resolve_abatis(ai);
  if (!o.spoilers.empty()) {
    detail::add_rule(o.rules, "attackers-spoil-abatis");
    std::string names;
    for (std::size_t i = 0; i < o.spoilers.size(); ++i)
      names += (i == 0 ? "" : i + 1 == o.spoilers.size() ? " and " : ", ") + o.spoilers[i];
    o.notes.emplace_back(names + (o.spoilers.size() == 1 ? " is" : " are") + " in the breach of " + sec.id +
                         ": the turn of building is spoiled.");
  }
  detail::take_trace(o, o.abatis);
  SectionState& w = *s.find_section(sec.id);
  w.abatis.standing = o.abatis.standing_after;
  w.abatis.progress = o.abatis.complete ? 0 : o.abatis.progress_after;
  return o;
}

// ---------------------------------------------------------------- army morale (R25, R33)

struct SideMoraleOutcome {
  UnitSide side = UnitSide::besieger;
  ArmyState army;
  ArmyMoraleOutcome morale;  // army_morale() on the file's strength and killed
};

// R25, R33: the army's check from the file. Changes nothing: the check is
// called by the function whose losses reach the mark (army.called says
// whether that happened). Refuses a side with no army.
[[nodiscard]] inline SideMoraleOutcome side_morale(const Snapshot& s, UnitSide side) {
  const auto& a = s.armies.of(side);
  if (!a)
    fail_refusal("no-army", "the siege has no " + std::string(name_of(side)) +
                              " army (no units of that side, no \"strength\" in \"armies\")");
  SideMoraleOutcome o;
  o.side = side;
  o.army = *a;
  o.morale = army_morale(army_morale_input(*a, detail::sally_for(s, side)));
  if (a->called)
    o.morale.notes.emplace_back("The check was called when the losses reached a third; it is called once.");
  return o;
}

}  // namespace siege
