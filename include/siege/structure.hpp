// siege/structure.hpp - attacking a structure (rulings R1-R15).
//
// resolve_attack() is pure: an AttackInput (structure row, weapon stats, the
// check already rolled or typed in, what the section has suffered) in, an
// AttackOutcome with the full trace out. Rule ids in the trace are the ones
// listed in docs/rulings.md.
#pragma once

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "siege/dice.hpp"
#include "siege/error.hpp"
#include "siege/tables.hpp"
#include "siege/rule.hpp"

namespace siege {

// The rules this header applies, as outcomes list them (siege/rules.hpp
// gathers every header's into the catalogue).
inline constexpr RuleInfo structure_rules[] = {
    {"damage", "R2", "Hull damage + net Successes - effective Armor, never below 0"},
    {"miss", "R2", "a failed check deals no damage"},
    {"portcullis", "R12", "a portcullis makes the gate Armor 3 and adds 4 Hull"},
    {"vulnerable-to-guns", "R6", "gunpowder of standard mount or more: tall masonry -2 Armor"},
    {"cracked", "R1", "a cracked section has 1 less Armor"},
    {"indirect-fire", "R10", "indirect fire that hits a bunker ignores 1 Armor"},
    {"pierce", "R1", "the weapon's Pierce lowers Armor"},
    {"firing-slit", "R11", "through the slit: +3 Bane dice, Armor ignored"},
    {"armor-floor", "R1", "Armor never goes below 0"},
    {"heavy-weapons-only", "R8", "only heavy and capital weapons mark reinforced concrete"},
    {"blast-halved", "R9", "Blast does half its Hull damage (round down) to earth"},
    {"dug-not-knocked-down", "R9", "attacks and charges leave earthworks at most cracked"},
    {"crit-bundle", "R3", "each full Crit's worth of Boons buys +2 Hull damage"},
    {"hull-cap", "R4", "damage past the Hull is overkill, not stored"},
    {"breach-ladder", "R4", "intact below half, cracked from half, breached at full Hull"},
    {"ladder-steps", "R5", "ladder steps of half the Hull (rounded up); remainder lost"},
    {"cover-lost", "R15", "cracked: people behind it lose one step of cover"},
    {"breach-gap", "R15", "breached: a gap two abreast, rubble at Rough Terrain speed"},
    {"impassable-when-breached", "R13", "a breached wooden bridge cannot be crossed"},
    {"burns", "R14", "wooden: Burn applies (not modelled here)"},
    {"personal-weapon", "R7", "personal weapons use the personal-combat rules"},
};

enum class BreachState { intact, cracked, breached };
inline constexpr std::array<std::string_view, 3> breach_state_names{"intact", "cracked",
                                                                    "breached"};
[[nodiscard]] inline std::string_view name_of(BreachState s) {
  return breach_state_names[static_cast<std::size_t>(s)];
}
[[nodiscard]] inline BreachState parse_breach_state(std::string_view s) {
  for (std::size_t i = 0; i < breach_state_names.size(); ++i)
    if (breach_state_names[i] == s) return static_cast<BreachState>(i);
  fail_usage("bad-state", "unknown ladder state '" + std::string(s) +
                              "' (expected intact, cracked or breached)");
}

// How the table tracks damage (R4, R5).
enum class LadderMode { hull, steps };

// R4: the ladder state of a section of Hull `hull` that has suffered `suffered`.
[[nodiscard]] constexpr BreachState ladder_state(int suffered, int hull) noexcept {
  if (suffered >= hull) return BreachState::breached;
  if (2 * suffered >= hull) return BreachState::cracked;
  return BreachState::intact;
}

// R5: one step of the Ranged Armory ladder is half the Hull, rounded up.
[[nodiscard]] constexpr int ladder_step(int hull) noexcept { return (hull + 1) / 2; }

// In ladder-steps mode the Hull suffered that stands for a state: intact 0,
// cracked one step, breached the whole Hull (so hull.before/after stay
// meaningful in the outcome).
[[nodiscard]] constexpr int suffered_for(BreachState s, int hull) noexcept {
  switch (s) {
    case BreachState::intact: return 0;
    case BreachState::cracked: return ladder_step(hull);
    case BreachState::breached: return hull;
  }
  return 0;
}

// Whether an earthwork's "dug, not knocked down" cap applies to the damage
// (R9): attacks and charges use it, a mine does not.
enum class EarthCap { no, yes };

// Hull suffered after `damage` more on a section that has suffered `before`
// out of `hull` (R4): capped at the Hull, or at Hull - 1 under the earthwork
// cap (R9); never below `before`. What the section could not take is overkill.
struct HullChange {
  int after = 0;
  int overkill = 0;
  bool earth_capped = false;  // the earthwork cap held the damage back
};
[[nodiscard, gnu::always_inline]] constexpr HullChange suffer(int before, int damage, int hull, EarthCap cap) noexcept {
  const int limit = cap == EarthCap::yes ? hull - 1 : hull;
  HullChange c;
  c.after = std::max(before, std::min(before + damage, limit));
  c.overkill = damage - (c.after - before);
  c.earth_capped = cap == EarthCap::yes && before <= limit && before + damage > limit;
  return c;
}

// Refuses a --damage-taken outside 0..hull (usage error naming the option).
inline void require_damage_taken(int taken, int hull) {
  if (taken < 0 || taken > hull)
    fail_input("bad-damage-taken", "damage-taken", std::to_string(taken),
               "expected from 0 to the section's Hull " + std::to_string(hull));
}

// R5/R9: the state after `damage` in ladder-steps mode: whole steps only,
// at most breached (at most cracked for a section dug, not knocked down).
[[nodiscard]] constexpr BreachState state_after_steps(BreachState before, int damage, int step,
                                                      bool dug_only) noexcept {
  int to = static_cast<int>(before) + damage / step;
  const int cap = dug_only ? 1 : 2;
  if (to > cap) to = cap;
  if (to < static_cast<int>(before)) to = static_cast<int>(before);
  return static_cast<BreachState>(to);
}

enum class Portcullis { no, yes };
enum class FiringSlit { no, yes };

// Hull and Armor of a structure row with its variant applied (R12).
struct SectionStats {
  int listed_armor = 0;  // the row's Armor
  int base_armor = 0;    // after the variant
  int hull = 1;          // after the variant
};

[[nodiscard]] inline SectionStats section_stats(const Structure& s, Portcullis p) {
  SectionStats st{s.armor, s.armor, s.hull};
  if (p == Portcullis::yes) {
    const Variant* v = s.variant("portcullis");
    if (v == nullptr)
      fail_input("no-portcullis", "portcullis", {},
                 s.id +
                     " has no portcullis variant "
                     "(only a castle gate has one)");
    st.base_armor = v->armor;
    st.hull = s.hull + v->hull_bonus;
  }
  return st;
}

struct ArmorStep {
  std::string_view rule;  // an id of siege/rules.hpp: a literal, never freed
  int change = 0;
  friend bool operator==(const ArmorStep&, const ArmorStep&) = default;
};

struct ArmorTrace {
  int listed = 0;
  int effective = 0;
  std::vector<ArmorStep> steps;
  friend bool operator==(const ArmorTrace&, const ArmorTrace&) = default;
};

struct AttackInput {
  const Structure* structure = nullptr;
  Weapon weapon;           // the row, with any inline overrides applied
  bool weapon_inline = false;  // no table row: described by inline stats only
  CheckResult check;
  Portcullis portcullis = Portcullis::no;
  FiringSlit firing_slit = FiringSlit::no;
  LadderMode ladder = LadderMode::hull;
  int damage_taken = 0;                     // hull mode: Hull already suffered
  BreachState from = BreachState::intact;   // steps mode: the state before
  std::optional<int> spend_boons;           // R3: default spends every full bundle
};

struct HullTrace {
  int max = 0;
  int before = 0;
  int after = 0;
  friend bool operator==(const HullTrace&, const HullTrace&) = default;
};

// (A member added here is reset in detail::reset_outcome too: a test in
// tests/test_structure.cpp compares a reset outcome with a new one.)
struct AttackOutcome {
  std::string structure;
  std::string weapon;  // weapon id, or "inline"
  Weapon stats;        // the stats actually used
  CheckResult check;
  ArmorTrace armor;
  bool hit = false;
  int hull_damage = 0;    // the weapon's Hull damage after halving (R9)
  int crit_bundles = 0;   // R3
  int damage = 0;         // Hull damage dealt by the action
  int overkill = 0;       // part of damage the section could not suffer
  HullTrace hull;
  LadderMode ladder = LadderMode::hull;
  int ladder_step = 0;    // steps mode: Hull per step
  int steps_moved = 0;    // steps mode
  BreachState before = BreachState::intact;
  BreachState after = BreachState::intact;
  std::vector<std::string_view> rules;  // ids of siege/rules.hpp (literals: no copy, no allocation)
  std::vector<std::string> notes;
  std::vector<std::string> not_modelled;
  friend bool operator==(const AttackOutcome&, const AttackOutcome&) = default;
};

namespace detail {
// `rules` holds std::string, or std::string_view when every id it gets is a
// literal of siege/rules.hpp (an attack's trace).
template <typename Id>
inline void add_rule(std::vector<Id>& rules, std::string_view id) {
  if (std::find(rules.begin(), rules.end(), id) == rules.end()) rules.emplace_back(id);
}

// R6: gunpowder, standard mount or larger, against tall masonry.
[[nodiscard]] inline bool vulnerable_to(const Structure& s, const Weapon& w) {
  return s.has(Tag::vulnerable_to_guns) && w.has(Quality::gunpowder) && w.mount >= Mount::standard;
}

// Notes on the ladder state a section of `s` ends in (R13, R15). A breached
// wooden bridge is impassable, not a gap (R13).
template <typename Rules>
inline void ladder_notes(const Structure& s, BreachState after, Rules& rules, std::vector<std::string>& notes) {
  if (after == BreachState::cracked) {
    add_rule(rules, "cover-lost");
    notes.emplace_back("Cracked: its Armor is 1 lower, and people behind it lose one step of cover.");
  }
  if (after == BreachState::breached) {
    if (s.has(Tag::impassable_when_breached)) {  // R13: no gap to pass, the way is cut
      add_rule(rules, "impassable-when-breached");
      notes.emplace_back("A breached " + s.name + " is impassable: nobody can cross it.");
    } else {
      add_rule(rules, "breach-gap");
      notes.emplace_back("Breached: a gap two people can pass abreast; the rubble is difficult "
                         "ground, crossed at Rough Terrain speed.");
    }
  }
  if (s.has(Tag::heavy_cover) && after != BreachState::breached)
    notes.emplace_back("Those inside have heavy cover.");
}

// Notes that depend only on the structure and where it ends up (R13-R15):
// ladder_notes, and that a wooden one burns (R14).
template <typename Rules>
inline void section_notes(const Structure& s, BreachState after, Rules& rules, std::vector<std::string>& notes,
                          std::vector<std::string>& not_modelled) {
  ladder_notes(s, after, rules, notes);
  if (s.has(Tag::burns)) {
    add_rule(rules, "burns");
    notes.emplace_back("It is wooden and can burn: apply the Burn rules of the ship chapter.");
    not_modelled.emplace_back("burn");
  }
}
}  // namespace detail

// Public: what the program needs of the above (the rest stays internal).
using detail::add_rule;  // adds a rule id to a trace once

// R7: personal weapons use the personal-combat rules. `named`: the weapon
// as the front end's user knows it (a weapon given by its stats alone has
// no row to name); by default "weapon 'ID'".
inline void refuse_personal(const Weapon& w, std::string_view named = {}) {
  if (w.mount == Mount::personal)
    fail_usage("personal-weapon", (named.empty() ? "weapon '" + w.id + "'" : std::string(named)) +
                                      " is a personal weapon: attacks with it use the personal-combat rules "
                                      "(Chapter 4), not the structure rules");
}

// The check an attack makes: Easy (R2), 3 extra Bane dice through a firing
// slit (R11).
[[nodiscard]] inline CheckSpec attack_check_spec(FiringSlit slit, int pool, int extra_banes = 0,
                                                 int extra_boons = 0) {
  CheckSpec spec;
  spec.pool = pool;
  spec.difficulty = Difficulty::easy;
  spec.bane_dice = extra_banes + (slit == FiringSlit::yes ? 3 : 0);
  spec.boon_dice = extra_boons;
  return spec;
}

// Armor after every modifier, in the order of R1; `on_step(rule, change)`
// hears each modifier as it is applied. `hits`: whether the attack hit (a
// bunker's indirect-fire step is for fire that hits, R10).
template <class OnStep>
[[nodiscard]] inline int armor_after_modifiers(const Structure& s, const Weapon& w, Portcullis p,
                                               FiringSlit slit, BreachState before, bool hits,
                                               OnStep&& on_step) {
  const SectionStats st = section_stats(s, p);
  int armor = st.listed_armor;
  auto step = [&](std::string_view rule, int change) {
    armor += change;
    on_step(rule, change);
  };
  if (p == Portcullis::yes) step("portcullis", st.base_armor - st.listed_armor);
  if (detail::vulnerable_to(s, w)) step("vulnerable-to-guns", -2);
  if (before == BreachState::cracked) step("cracked", -1);
  if (hits && s.has(Tag::indirect_ignores_1) && w.has(Quality::indirect)) step("indirect-fire", -1);
  if (w.pierce > 0) step("pierce", -w.pierce);
  if (slit == FiringSlit::yes && armor > 0) step("firing-slit", -armor);
  if (armor < 0) step("armor-floor", -armor);
  return armor;
}

// The same for a hit, with every step written down.
[[nodiscard]] inline ArmorTrace effective_armor(const Structure& s, const Weapon& w, Portcullis p,
                                                FiringSlit slit, BreachState before) {
  ArmorTrace a;
  a.listed = s.armor;
  a.effective = armor_after_modifiers(s, w, p, slit, before, true, [&](std::string_view rule, int change) {
    a.steps.push_back({rule, change});
  });
  return a;
}

// The numbers of an attack without its trace: everything resolve_attack
// decides, as plain integers. Exact odds count these (no strings, no
// allocation); resolve_attack reports them with the rule behind each.
struct AttackCore {
  SectionStats stats;
  bool dug_only = false;     // R9: the section is dug, not knocked down
  int armor = 0;             // effective Armor (R1)
  BreachState before = BreachState::intact;
  BreachState after = BreachState::intact;
  int hull_before = 0;
  int hull_after = 0;
  int ladder_step = 0;       // steps mode: Hull per step (R5)
  bool hit = false;
  bool too_light = false;    // heavy weapons only, and this one is lighter
  bool blast_halved = false; // R9
  int hull_damage = 0;       // the weapon's, after halving
  int crit_bundles = 0;      // R3
  int damage = 0;
  int overkill = 0;
  int steps_moved = 0;       // steps mode
  bool earth_capped = false; // hull mode: the earthwork cap held damage back
};

// Checks the input (usage errors as resolve_attack reports them) and works
// out the numbers; `on_armor_step(rule, change)` hears each Armor modifier.
template <class OnArmorStep>
[[nodiscard]] inline AttackCore attack_core(const AttackInput& in, OnArmorStep&& on_armor_step) {
  if (in.structure == nullptr) fail_refusal("no-structure", "no structure given");
  const Structure& s = *in.structure;
  const Weapon& w = in.weapon;
  refuse_personal(w);
  if (in.firing_slit == FiringSlit::yes && !s.has(Tag::firing_slit))
    fail_input("no-firing-slit", "firing-slit", {}, s.id + " has no firing slit (only a pillbox has one)");

  AttackCore c;
  c.stats = section_stats(s, in.portcullis);
  const int hull = c.stats.hull;
  c.dug_only = s.has(Tag::dug_not_knocked_down);
  if (in.ladder == LadderMode::hull) {
    require_damage_taken(in.damage_taken, hull);
    c.hull_before = in.damage_taken;
    c.before = ladder_state(in.damage_taken, hull);
  } else {
    c.before = in.from;
    c.hull_before = suffered_for(in.from, hull);
    c.ladder_step = ladder_step(hull);
  }
  c.hull_after = c.hull_before;
  c.after = c.before;
  c.armor = armor_after_modifiers(s, w, in.portcullis, in.firing_slit, c.before, in.check.passed(), on_armor_step);
  c.hull_damage = w.hull_damage;
  // R9: the weapon's Hull damage as this section takes it, hit or miss.
  if (s.has(Tag::blast_halved) && w.has(Quality::blast)) {
    c.hull_damage = w.hull_damage / 2;
    c.blast_halved = true;
  }
  if (!in.check.passed()) return c;
  c.hit = true;
  if (s.has(Tag::heavy_weapons_only) && w.mount < Mount::heavy) {
    c.too_light = true;
    return c;
  }
  c.damage = std::max(0, c.hull_damage + in.check.net_successes - c.armor);

  const int net_boons = std::max(0, in.check.net_boons);
  if (in.spend_boons && (*in.spend_boons < 0 || *in.spend_boons > net_boons))
    fail_input("bad-spend-boons", "spend-boons", std::to_string(*in.spend_boons),
               "the roll has " + std::to_string(net_boons) + " net Boons to spend");
  const int boons = in.spend_boons ? *in.spend_boons : net_boons;
  if (w.crit > 0 && boons >= w.crit) {
    c.crit_bundles = boons / w.crit;
    c.damage += 2 * c.crit_bundles;
  }

  if (in.ladder == LadderMode::hull) {
    const HullChange h = suffer(c.hull_before, c.damage, hull, c.dug_only ? EarthCap::yes : EarthCap::no);
    c.hull_after = h.after;
    c.after = ladder_state(h.after, hull);
    c.earth_capped = h.earth_capped;
    c.overkill = h.overkill;
  } else {
    c.after = state_after_steps(c.before, c.damage, c.ladder_step, c.dug_only);
    c.steps_moved = static_cast<int>(c.after) - static_cast<int>(c.before);
    c.hull_after = suffered_for(c.after, hull);
    c.overkill = c.damage - c.steps_moved * c.ladder_step;
  }
  return c;
}
[[nodiscard]] inline AttackCore attack_core(const AttackInput& in) {
  return attack_core(in, [](std::string_view, int) {});
}

namespace detail {
// resolve_attack's outcome of `in` into `o` (a default AttackOutcome, or one
// whose vectors are empty), but for o.stats and o.check, which the caller
// fills from `in` after it.
inline void resolve_attack_trace(const AttackInput& in, AttackOutcome& o) {
  o.rules.reserve(8);  // one allocation for the usual handful of rule ids
  o.armor.steps.reserve(4);
  // Checks the input first; the Armor steps are written down as applied.
  const AttackCore c = attack_core(in, [&](std::string_view rule, int change) {
    o.armor.steps.push_back({rule, change});
  });
  const Structure& s = *in.structure;
  const Weapon& w = in.weapon;
  o.structure = s.id;
  o.weapon = in.weapon_inline ? "inline" : w.id;
  o.ladder = in.ladder;
  o.hull = {c.stats.hull, c.hull_before, c.hull_after};
  o.ladder_step = c.ladder_step;
  o.before = c.before;
  o.after = c.after;
  o.hull_damage = c.hull_damage;
  o.armor.listed = s.armor;
  o.armor.effective = c.armor;
  if (in.firing_slit == FiringSlit::yes) {
    detail::add_rule(o.rules, "firing-slit");
    o.notes.emplace_back(in.check.rolled
                             ? "Aimed through the firing slit: 3 Bane dice were added to the roll "
                               "and its Armor is ignored."
                             : "Aimed through the firing slit: the referee's roll already includes "
                               "the 3 Bane dice; its Armor is ignored.");
  }

  if (!c.hit) {
    detail::add_rule(o.rules, "miss");
    o.notes.emplace_back("The attack check failed (" + std::to_string(in.check.net_successes) +
                         " net Successes): a miss, the section is unchanged.");
    detail::section_notes(s, o.after, o.rules, o.notes, o.not_modelled);
    return;
  }
  o.hit = true;
  detail::add_rule(o.rules, "damage");
  for (const auto& stp : o.armor.steps) detail::add_rule(o.rules, stp.rule);

  if (c.too_light) {
    detail::add_rule(o.rules, "heavy-weapons-only");
    o.notes.emplace_back("Only heavy and capital weapons mark " + s.name + ": a " +
                         std::string(name_of(w.mount)) + " weapon does no damage.");
    detail::section_notes(s, o.after, o.rules, o.notes, o.not_modelled);
    return;
  }

  if (c.blast_halved) detail::add_rule(o.rules, "blast-halved");
  o.damage = c.damage;
  o.crit_bundles = c.crit_bundles;
  if (c.crit_bundles > 0) detail::add_rule(o.rules, "crit-bundle");
  o.overkill = c.overkill;
  o.steps_moved = c.steps_moved;

  if (in.ladder == LadderMode::hull) {
    if (c.earth_capped) detail::add_rule(o.rules, "dug-not-knocked-down");
  } else {
    detail::add_rule(o.rules, "ladder-steps");
    if (c.dug_only && static_cast<int>(c.before) + c.damage / c.ladder_step > 1)
      detail::add_rule(o.rules, "dug-not-knocked-down");
  }
  if (c.overkill > 0 && in.ladder == LadderMode::hull && !c.dug_only) detail::add_rule(o.rules, "hull-cap");
  if (o.after != o.before) detail::add_rule(o.rules, "breach-ladder");
  const int cap = c.dug_only ? c.stats.hull - 1 : c.stats.hull;
  if (c.dug_only && o.after == BreachState::cracked && o.hull.before + o.damage > cap)
    o.notes.emplace_back("It can be dug through, not knocked down: attacks leave it at most cracked "
                         "(a mine or digging through breaches it).");
  detail::section_notes(s, o.after, o.rules, o.notes, o.not_modelled);
}
}  // namespace detail

[[nodiscard]] inline AttackOutcome resolve_attack(const AttackInput& in) {
  AttackOutcome o;
  detail::resolve_attack_trace(in, o);
  o.stats = in.weapon;
  o.check = in.check;
  return o;
}

namespace detail {
// `o` as a default AttackOutcome but for o.stats and o.check (which
// resolve_attack assigns whole), member by member: its strings and vectors
// are emptied and keep their memory.
inline void reset_outcome(AttackOutcome& o) {
  o.structure.clear();
  o.weapon.clear();
  o.armor.listed = 0;
  o.armor.effective = 0;
  o.armor.steps.clear();
  o.hit = false;
  o.hull_damage = 0;
  o.crit_bundles = 0;
  o.damage = 0;
  o.overkill = 0;
  o.hull = {};
  o.ladder = LadderMode::hull;
  o.ladder_step = 0;
  o.steps_moved = 0;
  o.before = BreachState::intact;
  o.after = BreachState::intact;
  o.rules.clear();
  o.notes.clear();
  o.not_modelled.clear();
}
}  // namespace detail

// The same outcome into `o`, which may hold an earlier one: its strings and
// vectors keep their memory (batch mode resolves an attack a line), and the
// weapon's stats and the check are copied into it, so a line allocates only
// where it needs more than the lines before.
inline void resolve_attack(const AttackInput& in, AttackOutcome& o) {
  detail::reset_outcome(o);
  detail::resolve_attack_trace(in, o);
  o.stats = in.weapon;
  o.check = in.check;
}

}  // namespace siege
