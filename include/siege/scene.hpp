// siege/scene.hpp - one scene of a siege in an evening (rulings E1-E4) and
// what the characters' own scene changes in it (R29, R32).
//
// play_scene() is pure: a snapshot of the siege, the tables and a seed in; the
// snapshot updated and a SceneOutcome with every attack's full trace out.
// Engines that attack a section go through resolve_attack (R1-R15 apply);
// an engine or the camp hit by the defenders is a target with the Armor and
// Hull of its engines.json row and no structure rules (resolve_engine_hit).
// Every change of Hull suffered in a snapshot - an engine's hit, a sortie
// (resolve_sortie), the referee's damage or repair - is written by
// change_hull, which also keeps ladder states, knocked-out engines and
// abatis in step. aim_engine re-aims an engine (R29).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "siege/structure.hpp"
#include "siege/state.hpp"
#include "siege/units.hpp"
#include "siege/rule.hpp"

namespace siege {

// The rules this header applies, as outcomes list them (siege/rules.hpp
// gathers every header's into the catalogue).
inline constexpr RuleInfo scene_rules[] = {
    {"scene-attacks", "E1", "each scene every engine not knocked out makes one attack, besiegers first"},
    {"engine-target", "E2", "an engine or the camp is hit with its own Armor and Hull, no structure rules"},
    {"knocked-out", "E2", "an engine (or the camp) that has suffered its whole Hull is out"},
    {"play-the-assault", "E3", "a section is breached: play the assault"},
    {"own-scene", "E3", "after the engines, play one scene of the characters' own"},
    {"evening-length", "E4", "a siege in an evening is three or four scenes"},
    {"sortie", "E3", "the characters' sortie hits an engine or the camp as an engine's attack does (E2)"},
    {"engine-targets", "R29", "a besieger aims at a section; a defender at a besieger engine or the camp, never its own wall"},
    {"nothing-to-shoot", "R29", "an engine with no target, or one breached, knocked out or wrecked, waits to be re-aimed"},
    {"referee-damage", "R32", "the referee's damage: Hull suffered added, capped at the Hull, no structure rules"},
    {"referee-repair", "R32", "the referee's repair: Hull suffered taken away, never more than was suffered"},
    {"breach-repaired", "R32", "a breach repaired is closed, and its abatis goes with it"},
    {"back-in-action", "R32", "an engine repaired below its Hull is back in action; the camp is no longer wrecked"},
    {"best-aim", "R45", "the best plan of one side's aims over the coming scenes, every plan weighed exactly"},
};

// E4: a siege in an evening is three or four scenes.
inline constexpr int evening_scenes = 4;

// E1: the seed of the attack of engine number `index` (0-based, in the
// state's order) in a scene rolled with `scene_seed`: one SplitMix64 step, so
// that scenes seeded 1, 2, 3 do not share rolls, kept below 2^53 like every
// reported seed. `siege attack --seed` with it re-rolls the same dice.
[[nodiscard]] constexpr std::uint64_t attack_seed(std::uint64_t scene_seed, std::size_t index) noexcept {
  std::uint64_t z = scene_seed + 0x9e3779b97f4a7c15ULL * (static_cast<std::uint64_t>(index) + 1);
  z = (z ^ (z >> 30u)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27u)) * 0x94d049bb133111ebULL;
  z ^= z >> 31u;
  return z & ((std::uint64_t{1} << 53u) - 1);
}

// ---------------------------------------------------------------- Hull changes

// R32: the referee's own change of Hull suffered: damage adds, repair takes away.
enum class HullDirection { damage, repair };
inline constexpr std::array<std::string_view, 2> hull_direction_names{"damage", "repair"};
[[nodiscard]] inline std::string_view name_of(HullDirection d) {
  return hull_direction_names[static_cast<std::size_t>(d)];
}

// The most Hull one change given by the referee may add or take away.
inline constexpr int max_hull_change = 100000;

struct HullChangeInput {
  std::string target;  // a section, an engine of either side, or "camp"
  HullDirection direction = HullDirection::damage;
  int amount = 0;      // 1 to max_hull_change
  std::string cause;   // the referee's words ("Burn", "a night's repair"), carried as given; may be ""
};

struct HullChangeOutcome {
  std::string target;
  TargetKind kind = TargetKind::section;
  std::string row;  // the section's structure id, or the engines.json row of an engine or the camp
  HullDirection direction = HullDirection::damage;
  std::string cause;
  int amount = 0;    // asked for
  int change = 0;    // Hull suffered added (damage) or taken away (repair)
  int overkill = 0;  // damage past the Hull, not stored (R4)
  HullTrace hull;
  BreachState before = BreachState::intact;  // a section's ladder state (R4); intact otherwise
  BreachState after = BreachState::intact;
  bool out_before = false;  // an engine knocked out, the camp wrecked
  bool out_after = false;
  bool breached_now = false;  // E3: a section this change breached
  bool abatis_lost = false;   // R32: abatis standing or under way went with the breach
  std::vector<std::string> rules;
  std::vector<std::string> notes;
  std::vector<std::string> not_modelled;
};

namespace detail {

// E2: the news of a target that has just suffered its whole Hull.
inline void knocked_out_news(std::string_view target, std::vector<std::string>& rules,
                             std::vector<std::string>& notes, std::vector<std::string>& not_modelled) {
  add_rule(rules, "knocked-out");
  if (target == camp_id) {
    notes.emplace_back("The camp has suffered its whole Hull: it is wrecked.");
    not_modelled.emplace_back("what a wrecked camp means for the besiegers");
  } else {
    notes.emplace_back(std::string(target) + " has suffered its whole Hull: it is knocked out and makes no more "
                                             "attacks.");
  }
}

// E3: the news of a section just breached: play the assault; a breached
// wooden bridge cuts the way instead (R13).
template <typename Rules>
inline void breach_news(const Structure& s, const std::string& id, Rules& rules, std::vector<std::string>& notes) {
  if (s.has(Tag::impassable_when_breached)) {
    add_rule(rules, "impassable-when-breached");
    notes.emplace_back(id + " is breached and impassable: there is no assault across it.");
  } else {
    add_rule(rules, "play-the-assault");
    notes.emplace_back(id + " is breached: play the assault.");
  }
}

// change_hull without the bounds of a change the referee gives: an
// engine's hit in a scene deals whatever its numbers come to.
[[nodiscard]] inline HullChangeOutcome apply_hull_change(Snapshot& s, const Tables& t, const HullChangeInput& in) {
  const std::string verb(name_of(in.direction));
  HullChangeOutcome o;
  o.target = in.target;
  o.direction = in.direction;
  o.cause = in.cause;
  o.amount = in.amount;
  SectionState* sec = nullptr;
  EngineState* eng = nullptr;
  const Structure* structure = nullptr;
  int* suffered = nullptr;
  int hull = 0;
  if (in.target == camp_id) {
    o.kind = TargetKind::camp;
    o.row = camp_row(t).id;
    hull = camp_row(t).hull;
    suffered = &s.camp.hull_suffered;
  } else if ((sec = s.find_section(in.target)) != nullptr) {
    o.kind = TargetKind::section;
    structure = &t.structure(sec->structure);
    o.row = structure->id;
    hull = stats_of(*sec, t).hull;
    suffered = &sec->hull_suffered;
  } else if ((eng = s.find_engine(in.target)) != nullptr) {
    detail::refuse_gone(*eng);
    const Engine* row = row_of(*eng, t);
    if (row == nullptr)
      fail_refusal("no-engine-row", "engine '" + eng->id + "' has no engines.json row to give it a Hull");
    o.kind = TargetKind::engine;
    o.row = row->id;
    hull = row->hull;
    suffered = &eng->hull_suffered;
  } else {
    std::vector<std::string> ids;
    for (const auto& x : s.sections) ids.push_back(x.id);
    for (const auto& x : s.engines) ids.push_back(x.id);
    ids.emplace_back(camp_id);
    fail_refusal("unknown-target", "unknown target '" + in.target + "'" + did_you_mean(in.target, ids) +
                                     " (give a section, an engine or camp; see '" + command_words({"status"}) + "')");
  }
  const int before = *suffered;
  o.hull = {hull, before, before};
  o.out_before = eng != nullptr ? eng->knocked_out : before >= hull;
  add_rule(o.rules, in.direction == HullDirection::damage ? "referee-damage" : "referee-repair");
  if (in.direction == HullDirection::damage) {
    const HullChange c = suffer(before, in.amount, hull, EarthCap::no);
    o.hull.after = c.after;
    o.overkill = c.overkill;
    if (c.overkill > 0) {
      add_rule(o.rules, "hull-cap");
      o.notes.emplace_back(std::to_string(c.overkill) + " of it is past its Hull of " + std::to_string(hull) +
                           ": overkill, not stored.");
    }
  } else {
    if (in.amount > before)
      fail_input("bad-repair", "hull", std::to_string(in.amount),
                 in.target + " has suffered " + std::to_string(before) + " of its " + std::to_string(hull) +
                     " Hull, and a repair takes away at most what was suffered (R32)");
    if (sec != nullptr && before >= hull) {  // out of "breached": not while anyone is through it
      std::string who;
      for (const UnitState* u : units_at(s, sec->id))
        if (u->through > 0)
          who += (who.empty() ? "" : ", ") + std::to_string(u->through) + " of " + u->id;
      if (!who.empty())
        fail_refusal("figures-through", "" + sec->id + " cannot be repaired out of its breach while figures "
                                      "are through it (" + who + ") (R32)");
    }
    o.hull.after = before - in.amount;
  }
  o.change = in.direction == HullDirection::damage ? o.hull.after - before : before - o.hull.after;
  *suffered = o.hull.after;

  if (sec != nullptr) {
    o.before = ladder_state(before, hull);
    o.after = ladder_state(o.hull.after, hull);
    sec->state = o.after;
    if (o.after != o.before) {
      add_rule(o.rules, "breach-ladder");
      ladder_notes(*structure, o.after, o.rules, o.notes);
    }
    if (o.after == BreachState::breached && o.before != BreachState::breached) {
      o.breached_now = true;
      breach_news(*structure, sec->id, o.rules, o.notes);
    }
    if (o.before == BreachState::breached && o.after != BreachState::breached) {
      add_rule(o.rules, "breach-repaired");
      o.notes.emplace_back(sec->id + " is no longer breached: the gap is closed.");
      if (sec->abatis.standing || sec->abatis.progress > 0) {
        o.abatis_lost = true;
        o.notes.emplace_back(std::string("Its abatis goes with the breach (") +
                             (sec->abatis.standing ? "it stood" : "its work was under way") +
                             "): none stands, and any new one starts from nothing.");
      }
      sec->abatis = AbatisProgress{};
    }
  } else if (eng != nullptr) {
    if (in.direction == HullDirection::damage && !eng->knocked_out && o.hull.after >= hull) {
      eng->knocked_out = true;
      knocked_out_news(eng->id, o.rules, o.notes, o.not_modelled);
    }
    if (in.direction == HullDirection::repair && eng->knocked_out && o.hull.after < hull) {
      eng->knocked_out = false;
      add_rule(o.rules, "back-in-action");
      o.notes.emplace_back(eng->id + " is repaired below its Hull (" + std::to_string(o.hull.after) + " of " +
                           std::to_string(hull) + "): it is back in action.");
    }
    o.out_after = eng->knocked_out;
  } else {
    o.out_after = o.hull.after >= hull;
    if (!o.out_before && o.out_after) knocked_out_news(camp_id, o.rules, o.notes, o.not_modelled);
    if (o.out_before && !o.out_after) {
      add_rule(o.rules, "back-in-action");
      o.notes.emplace_back("The camp is repaired below its Hull (" + std::to_string(o.hull.after) + " of " +
                           std::to_string(hull) + "): it is no longer wrecked.");
    }
  }
  return o;
}

}  // namespace detail

// R32, with R4, E2 and E3: the referee's own damage or repair of a section,
// an engine (of either side) or the camp, written into `s`. Damage is
// capped at the Hull (the rest is overkill) and ignores every structure
// rule, so it may breach even a rampart; a repair of more than was suffered
// is refused. A section's ladder state follows R4 with its variant (a gate
// with its portcullis has Hull 10); one breached by the change gets E3's
// "play the assault" (a wooden bridge: impassable, R13); one repaired out of
// "breached" loses its abatis. An engine is knocked out at its Hull and back
// in action once repaired below it; the camp is wrecked at its Hull. Usage
// errors: an amount outside 1..max_hull_change, an unknown target, an engine
// with no engines.json row, a repair of more than was suffered, a repair of
// a breach while a unit has figures through it (R33's "through"). Nothing
// changes when it throws.
[[nodiscard]] inline HullChangeOutcome change_hull(Snapshot& s, const Tables& t, const HullChangeInput& in) {
  if (in.amount < 1 || in.amount > max_hull_change)
    fail_input("bad-hull", "hull", std::to_string(in.amount),
               "expected from 1 to " + std::to_string(max_hull_change));
  return detail::apply_hull_change(s, t, in);
}

// E3 with R4: the Hull a section suffered in an attack, a demolition or a
// mine fired (resolved, and capped, by its own rule) written into `s` by
// change_hull's path, so the ladder state follows the section's variant; a
// section it breached gets E3's news (a wooden bridge: impassable, R13) in
// `rules` and `notes`. `after` is what the resolution left; the state the
// resolution reported must agree (an internal error otherwise).
template <typename Rules>
inline void record_section_hull(Snapshot& s, const Tables& t, const std::string& section, int after,
                                BreachState state_after, Rules& rules, std::vector<std::string>& notes) {
  SectionState* found = s.find_section(section);
  if (found == nullptr) throw Error(ErrorKind::internal, "internal", "record_section_hull: no section " + section);
  SectionState& sec = *found;
  const int change = after - sec.hull_suffered;
  if (change < 0) throw Error(ErrorKind::internal, "internal", "record_section_hull: a hit took Hull away");
  if (change == 0) return;
  const HullChangeOutcome c = detail::apply_hull_change(s, t, {sec.id, HullDirection::damage, change, std::string()});
  if (c.after != state_after || c.hull.after != after)
    throw Error(ErrorKind::internal, "internal", "record_section_hull: the resolution and the Hull change disagree");
  if (c.breached_now) detail::breach_news(t.structure(sec.structure), sec.id, rules, notes);
}

// ---------------------------------------------------------------- engine hits

struct EngineHitInput {
  const Engine* row = nullptr;  // the target's Armor and Hull
  std::string target;           // the engine's id in the siege, or "camp"
  Weapon weapon;
  CheckResult check;
  int hull_suffered = 0;
  std::optional<int> spend_boons;  // R3: default spends every full bundle
};

struct EngineHit {
  std::string target;
  std::string row;  // engines.json id
  Weapon stats;
  CheckResult check;
  ArmorTrace armor;
  bool hit = false;
  int crit_bundles = 0;
  int damage = 0;
  int overkill = 0;
  HullTrace hull;
  bool knocked_out = false;  // after the hit
  std::vector<std::string> rules;
  std::vector<std::string> notes;
  std::vector<std::string> not_modelled;
};

// E2: an attack on an engine or the camp. Damage, Pierce and Crit as on a
// structure (R1-R3) against the row's Armor; Hull suffered is capped at the
// row's Hull (R4) and the target is knocked out once it has suffered all of
// it. No structure rules apply; a target that burns carries the Burn note (R14).
// Refuses (usage error) a missing row, a personal weapon (R7) and a
// spend_boons outside 0..the roll's net Boons.
[[nodiscard]] inline EngineHit resolve_engine_hit(const EngineHitInput& in) {
  if (in.row == nullptr) fail_usage("no-target", "attack on an engine: no engines.json row given");
  refuse_personal(in.weapon);
  const Engine& row = *in.row;
  const Weapon& w = in.weapon;
  const int net_boons = std::max(0, in.check.net_boons);
  if (in.spend_boons && (*in.spend_boons < 0 || *in.spend_boons > net_boons))
    fail_input("bad-spend-boons", "spend-boons", std::to_string(*in.spend_boons),
               "the roll has " + std::to_string(net_boons) + " net Boons to spend");
  Structure as_target;  // Armor only: no tags, no variant
  as_target.id = row.id;
  as_target.name = row.name;
  as_target.armor = row.armor;
  as_target.hull = row.hull;

  EngineHit o;
  o.target = in.target;
  o.row = row.id;
  o.stats = w;
  o.check = in.check;
  o.armor = effective_armor(as_target, w, Portcullis::no, FiringSlit::no, BreachState::intact);
  o.hull = {row.hull, in.hull_suffered, in.hull_suffered};
  o.knocked_out = in.hull_suffered >= row.hull;
  detail::add_rule(o.rules, "engine-target");
  if (!in.check.passed()) {
    detail::add_rule(o.rules, "miss");
    o.notes.emplace_back("The attack check failed (" + std::to_string(in.check.net_successes) +
                         " net Successes): a miss.");
  } else {
    o.hit = true;
    detail::add_rule(o.rules, "damage");
    for (const auto& st : o.armor.steps) detail::add_rule(o.rules, st.rule);
    o.damage = std::max(0, w.hull_damage + in.check.net_successes - o.armor.effective);
    const int boons = in.spend_boons ? *in.spend_boons : net_boons;
    if (w.crit > 0 && boons >= w.crit) {
      o.crit_bundles = boons / w.crit;
      o.damage += 2 * o.crit_bundles;
      detail::add_rule(o.rules, "crit-bundle");
    }
    const HullChange c = suffer(o.hull.before, o.damage, row.hull, EarthCap::no);
    o.hull.after = c.after;
    o.overkill = c.overkill;
    if (o.overkill > 0) detail::add_rule(o.rules, "hull-cap");
    if (!o.knocked_out && o.hull.after >= row.hull) {
      o.knocked_out = true;
      detail::knocked_out_news(in.target, o.rules, o.notes, o.not_modelled);
    }
  }
  if (row.has(Tag::burns)) {
    detail::add_rule(o.rules, "burns");
    o.notes.emplace_back("It is wooden and can burn: apply the Burn rules of the ship chapter.");
    o.not_modelled.emplace_back("burn");
  }
  return o;
}

// E2: an attack with `w` and `check` on `target` of `s`, a besieger engine or
// "camp": resolve_engine_hit against its engines.json row, its damage
// written into `s` by change_hull (so the engine is knocked out at its Hull).
// The scene's attacks and a sortie both come here. A target of another kind
// is a usage error; whether to attack one already knocked out is the
// caller's to decide.
[[nodiscard]] inline EngineHit hit_engine_target(Snapshot& s, const Tables& t, std::string_view target,
                                                 const Weapon& w, const CheckResult& check,
                                                 std::optional<int> spend_boons = std::nullopt) {
  const auto kind = target_kind(s, target);
  if (kind != TargetKind::engine && kind != TargetKind::camp)
    fail_usage("bad-target", quoted(target) + " is not a besieger engine or the camp");
  const EngineState* e = kind == TargetKind::camp ? nullptr : s.find_engine(target);
  EngineHitInput in;
  in.row = e == nullptr ? &camp_row(t) : row_of(*e, t);
  in.target = std::string(target);
  in.weapon = w;
  in.check = check;
  in.hull_suffered = e == nullptr ? s.camp.hull_suffered : e->hull_suffered;
  in.spend_boons = spend_boons;
  EngineHit hit = resolve_engine_hit(in);
  if (hit.damage > 0) {
    const HullChangeOutcome c =
        detail::apply_hull_change(s, t, {in.target, HullDirection::damage, hit.damage, std::string()});
    if (c.hull.after != hit.hull.after || c.out_after != hit.knocked_out)
      throw Error(ErrorKind::internal, "internal", "hit_engine_target: the hit and the Hull change disagree");
  }
  return hit;
}

// ---------------------------------------------------------------- the characters' scene

// A sortie (E3: "a sortie" is one of the characters' own scenes): the
// characters attack a besieger engine or the camp.
struct SortieInput {
  std::string target;  // a besieger engine or "camp"
  Weapon weapon;       // a weapons.json row, or the caller's inline stats
  // The referee's net Successes and Boons (referee_check), or a roll of the
  // attack's Easy check (attack_check_spec) made by the caller.
  CheckResult check;
  std::optional<int> spend_boons;  // R3
};

// The sortie's attack: the same arithmetic as an engine's attack on that
// target in a scene (hit_engine_target: R1-R3 against its row, E2), so a
// target that suffers its whole Hull is knocked out (the camp wrecked).
// Refused (usage error, nothing changes): a target that is not a besieger
// engine or the camp, an engine with no engines.json row or already knocked
// out, a camp already wrecked, a personal weapon (R7).
[[nodiscard]] inline EngineHit resolve_sortie(Snapshot& s, const Tables& t, const SortieInput& in) {
  const auto kind = target_kind(s, in.target);
  if (kind == TargetKind::section)
    fail_refusal("bad-target", "'" + in.target + "' is a section of the wall: a sortie attacks a besieger "
                                                       "engine or the camp");
  if (!kind) {
    if (s.find_engine(in.target) != nullptr)
      fail_refusal("bad-target", "'" + in.target + "' is a defender engine: a sortie attacks a besieger "
                                                         "engine or the camp");
    std::vector<std::string> ids;
    for (const auto& e : s.engines)
      if (e.side == EngineSide::besieger) ids.push_back(e.id);
    ids.emplace_back(camp_id);
    fail_refusal("unknown-target", "unknown target '" + in.target + "'" + detail::did_you_mean(in.target, ids) +
                                     " (a sortie attacks a besieger engine or the camp; see '" + command_words({"status"}) + "')");
  }
  if (kind == TargetKind::engine) {
    const EngineState& e = *present_engine(s, in.target);
    if (e.engine.empty())
      fail_refusal("no-engine-row", "engine '" + e.id + "' has no engines.json row to give its Armor and Hull");
    if (e.knocked_out) fail_refusal("knocked-out", "" + e.id + " is already knocked out");
  } else if (s.camp.hull_suffered >= camp_row(t).hull) {
    fail_refusal("knocked-out", "the camp is already wrecked");
  }
  EngineHit hit = hit_engine_target(s, t, in.target, in.weapon, in.check, in.spend_boons);
  detail::add_rule(hit.rules, "sortie");
  return hit;
}

// R29: re-aiming an engine (`siege target`).
struct AimOutcome {
  std::string engine;
  EngineSide side = EngineSide::besieger;
  std::string before;  // its target before, "" for none
  std::string after;   // its target now, "" for none
  std::vector<std::string> rules;
  std::vector<std::string> notes;
};

// R29: aims engine `engine` of `s` at `target`, or at nothing when `target`
// is "none" (or ""). Refused (usage error naming the problem, nothing
// changes): an unknown engine, a knocked-out one, and any target check_aim
// refuses (a besieger aims at a section; a defender at a besieger engine or
// the camp, never at a section). A target already breached, knocked out or
// wrecked is accepted with a note: the engine will have nothing to shoot.
[[nodiscard]] inline AimOutcome aim_engine(Snapshot& s, const Tables& t, std::string_view engine,
                                           std::string_view target) {
  EngineState* e = s.find_engine(engine);
  if (e != nullptr) detail::refuse_gone(*e);
  if (e == nullptr) {
    std::vector<std::string> ids;
    for (const auto& x : s.engines) ids.push_back(x.id);
    fail_refusal("unknown-engine", "unknown engine '" + std::string(engine) + "'" +
                                     detail::did_you_mean(engine, ids) + "; see '" + command_words({"status"}) + "'");
  }
  if (e->knocked_out)
    fail_refusal("knocked-out", "engine '" + e->id + "' is knocked out and cannot be re-aimed (R29)");
  const std::string to = target == no_target_id ? std::string() : std::string(target);
  const AimCheck check = check_aim(s, *e, to);
  if (!check.ok()) fail_refusal("bad-target", "" + check.message);
  AimOutcome o;
  o.engine = e->id;
  o.side = e->side;
  o.before = e->target;
  o.after = to;
  e->target = to;
  detail::add_rule(o.rules, "engine-targets");
  if (o.after.empty()) o.notes.emplace_back(e->id + " has no target: it makes no attack until it is aimed again.");
  else if (o.after == o.before) o.notes.emplace_back(e->id + " was already aimed at " + o.after + ".");
  else o.notes.emplace_back(e->id + " now aims at " + o.after + ".");
  if (const SectionState* sec = s.find_section(o.after); sec != nullptr && sec->state == BreachState::breached)
    o.notes.emplace_back(sec->id + " is already breached: " + e->id + " will have nothing to shoot.");
  if (const EngineState* x = s.find_engine(o.after); x != nullptr && x->knocked_out)
    o.notes.emplace_back(x->id + " is already knocked out: " + e->id + " will have nothing to shoot.");
  if (o.after == camp_id && s.camp.hull_suffered >= camp_row(t).hull)
    o.notes.emplace_back("The camp is already wrecked: " + e->id + " will have nothing to shoot.");
  return o;
}

// ---------------------------------------------------------------- a scene

struct SceneAttack {
  std::string engine;
  EngineSide side = EngineSide::besieger;
  std::string target;
  TargetKind kind = TargetKind::section;
  std::uint64_t seed = 0;
  std::optional<AttackOutcome> on_section;  // kind == section
  std::optional<EngineHit> on_engine;       // kind == engine or camp

  [[nodiscard]] bool hit() const { return on_section ? on_section->hit : on_engine->hit; }
  [[nodiscard]] int damage() const { return on_section ? on_section->damage : on_engine->damage; }
  [[nodiscard]] const HullTrace& hull() const { return on_section ? on_section->hull : on_engine->hull; }
};

// A section as the scene left it.
struct SectionAfter {
  std::string id;
  int hull = 0;
  int suffered = 0;
  BreachState state = BreachState::intact;
};

// R29: why an engine in action made no attack in a scene.
enum class IdleReason { no_target, own_wall, target_breached, target_knocked_out, camp_wrecked, target_gone };
inline constexpr std::array<std::string_view, 6> idle_reason_names{
    "no-target", "own-wall", "target-breached", "target-knocked-out", "camp-wrecked", "target-gone"};
[[nodiscard]] inline std::string_view name_of(IdleReason r) { return idle_reason_names[static_cast<std::size_t>(r)]; }

// An engine that had a weapon and was in action but made no attack: it
// waits for the target command to re-aim it.
struct IdleEngine {
  std::string engine;
  std::string target;  // "" for none
  IdleReason reason = IdleReason::no_target;
  std::string command;  // the command line that re-aims it (re_aim_command: marked, error.hpp)
};

struct SceneOutcome {
  int scene = 0;  // this scene's number, from 1
  SceneLength length = SceneLength::day;
  std::uint64_t seed = 0;
  std::vector<SceneAttack> attacks;
  std::vector<SectionAfter> sections;
  std::vector<std::string> knocked_out;    // engines knocked out in this scene
  std::vector<std::string> breached;       // sections breached in this scene
  std::vector<std::string> open_breaches;  // every breached section now
  std::vector<IdleEngine> idle;            // engines with nothing to shoot (R29)
  std::vector<std::string> rules;
  std::vector<std::string> notes;
  std::vector<std::string> not_modelled;
};

// The command line that re-aims `engine`, marked for the front end to write
// (command_words): the target command with the engine and a placeholder.
[[nodiscard]] inline std::string re_aim_command(const std::string& engine) {
  return command_words({"target", input_word("engine"), engine, input_word("at"), "ID"});
}

// The hint every note of an engine with nothing to shoot ends with (marked:
// the front end spells a note's marks before it prints it).
[[nodiscard]] inline std::string re_aim_hint(const std::string& engine) {
  return "Re-aim it with: " + re_aim_command(engine) + ".";
}

// E1-E4: plays scene number s.scene + 1. Every besieger engine that has a
// weapon and is not knocked out attacks its section; then every such defender
// engine attacks its target. An engine makes no attack, with a note naming
// `siege target` (R29), when it has no target, when it is a defender aimed
// at a section (as a state file written before R29 may have it), or when its
// target is already breached, knocked out or wrecked. Each attack rolls the
// engine's crew pool on an Easy check (R2) with attack_seed(seed, index).
// Every change of Hull is written by change_hull.
[[nodiscard]] inline SceneOutcome play_scene(Snapshot& s, SceneLength length, const Tables& t,
                                             std::uint64_t seed) {
  if (s.sections.empty())  // R43: a siege made with a name alone is built before it is played
    fail_refusal("no-sections", "the siege has no sections yet; add the castle's first with '" +
                                    command_words({"add", input_word("section"), "ID", input_word("structure"),
                                                   "STRUCTURE"}) +
                                    "' (R43)");
  SceneOutcome o;
  o.scene = ++s.scene;
  o.length = length;
  o.seed = seed;
  detail::add_rule(o.rules, "scene-attacks");
  std::vector<std::size_t> idle_notes;  // the note of each o.idle entry, in step
  for (const EngineSide side : {EngineSide::besieger, EngineSide::defender}) {
    for (std::size_t i = 0; i < s.engines.size(); ++i) {
      EngineState& e = s.engines[i];
      if (e.side != side || e.weapon.empty() || !e.present()) continue;  // a gone engine is out of the siege (R36)
      if (e.knocked_out) {
        o.notes.emplace_back(e.id + " is knocked out and makes no attack.");
        continue;
      }
      auto idle = [&](IdleReason reason, const std::string& why) {
        detail::add_rule(o.rules, reason == IdleReason::own_wall ? "engine-targets" : "nothing-to-shoot");
        o.idle.push_back({e.id, e.target, reason, re_aim_command(e.id)});
        idle_notes.push_back(o.notes.size());
        o.notes.emplace_back(e.id + " makes no attack: " + why + ".");
      };
      if (e.target.empty()) {
        idle(IdleReason::no_target, "it has no target");
        continue;
      }
      const auto kind = target_kind(s, e.target);
      if (!kind) fail_usage("unknown-target", "engine '" + e.id + "': unknown target '" + e.target + "'");
      if (e.side == EngineSide::defender && *kind == TargetKind::section) {
        idle(IdleReason::own_wall, e.target + " is a section of its own castle, and a defender engine aims at a "
                                              "besieger engine or the camp (R29)");
        continue;
      }
      SceneAttack a;
      a.engine = e.id;
      a.side = e.side;
      a.target = e.target;
      a.kind = *kind;
      a.seed = attack_seed(seed, i);
      const Weapon& w = t.weapon(e.weapon);
      auto roll = [&] {
        Rng rng(a.seed);
        return roll_check(attack_check_spec(FiringSlit::no, e.pool), t.dice, rng);
      };
      if (a.kind == TargetKind::section) {
        SectionState& sec = *s.find_section(e.target);
        if (sec.state == BreachState::breached) {
          idle(IdleReason::target_breached, sec.id + " is already breached");
          continue;
        }
        AttackInput in;
        in.structure = &t.structure(sec.structure);
        in.weapon = w;
        in.portcullis = portcullis_of(sec);
        in.damage_taken = sec.hull_suffered;
        in.check = roll();
        a.on_section = resolve_attack(in);
        // resolve_attack has capped the damage (R4, R9): what is stored is the change.
        const int change = a.on_section->hull.after - a.on_section->hull.before;
        if (change > 0) {
          const HullChangeOutcome c =
              detail::apply_hull_change(s, t, {sec.id, HullDirection::damage, change, std::string()});
          if (c.after != a.on_section->after)
            throw Error(ErrorKind::internal, "internal", "play_scene: the attack and the Hull change disagree");
          if (c.breached_now) o.breached.push_back(sec.id);
        }
      } else {
        const bool camp = a.kind == TargetKind::camp;
        const EngineState* target = camp ? nullptr : s.find_engine(e.target);
        if (!camp && !target->present()) {  // R36: it left the siege
          idle(IdleReason::target_gone, e.target + " has left the siege");
          continue;
        }
        if (camp ? s.camp.hull_suffered >= camp_row(t).hull : target->knocked_out) {
          if (camp) idle(IdleReason::camp_wrecked, "the camp is already wrecked");
          else idle(IdleReason::target_knocked_out, e.target + " is already knocked out");
          continue;
        }
        a.on_engine = hit_engine_target(s, t, e.target, w, roll());
        if (!camp && a.on_engine->knocked_out) o.knocked_out.push_back(e.target);
      }
      const auto& nm = a.on_section ? a.on_section->not_modelled : a.on_engine->not_modelled;
      for (const auto& n : nm)
        if (std::find(o.not_modelled.begin(), o.not_modelled.end(), n) == o.not_modelled.end())
          o.not_modelled.push_back(n);
      o.attacks.push_back(std::move(a));
    }
  }
  // An idle engine knocked out later in the scene waits for repair (R32), not
  // for a target: it leaves `idle`, and its note offers no re-aim.
  std::vector<IdleEngine> waiting;
  for (std::size_t k = 0; k < o.idle.size(); ++k) {
    if (std::find(o.knocked_out.begin(), o.knocked_out.end(), o.idle[k].engine) != o.knocked_out.end()) continue;
    o.notes[idle_notes[k]].append(" ").append(re_aim_hint(o.idle[k].engine));
    waiting.push_back(std::move(o.idle[k]));
  }
  o.idle = std::move(waiting);
  for (const auto& sec : s.sections)
    o.sections.push_back({sec.id, stats_of(sec, t).hull, sec.hull_suffered, sec.state});
  o.open_breaches = open_breaches(s);
  for (const auto& id : o.breached) detail::breach_news(t.structure(s.find_section(id)->structure), id, o.rules, o.notes);
  for (const auto& id : o.knocked_out) o.notes.emplace_back(id + " is knocked out.");
  detail::add_rule(o.rules, "own-scene");
  o.notes.emplace_back("Now play one scene of the characters' own: a sortie, a night climb, a "
                       "countermine or a parley.");
  if (o.scene > evening_scenes) {
    detail::add_rule(o.rules, "evening-length");
    o.notes.emplace_back("This is scene " + std::to_string(o.scene) +
                         ": a siege in an evening was meant to end after three or four scenes.");
  }
  return o;
}

// ---------------------------------------------------------------- JSON

}  // namespace siege
