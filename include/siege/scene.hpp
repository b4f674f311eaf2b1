// siege/scene.hpp - one scene of a siege in an evening (rulings E1-E4) and
// what the characters' own scene changes in it (R29).
//
// play_scene() is pure: a snapshot of the siege, the tables and a seed in; the
// snapshot updated and a SceneOutcome with every attack's full trace out.
// Engines that attack a section go through resolve_attack (R1-R15 apply);
// an engine or the camp hit by the defenders is a target with the Armor and
// Hull of its engines.json row and no structure rules (resolve_engine_hit).
// aim_engine re-aims an engine (R29).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "siege/report.hpp"
#include "siege/state.hpp"
#include "siege/structure.hpp"

namespace siege {

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
[[nodiscard]] inline EngineHit resolve_engine_hit(const EngineHitInput& in) {
  if (in.row == nullptr) fail_usage("no-target", "attack on an engine: no engines.json row given");
  refuse_personal(in.weapon);
  const Engine& row = *in.row;
  const Weapon& w = in.weapon;
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
    const int boons = in.spend_boons ? *in.spend_boons : std::max(0, in.check.net_boons);
    if (w.crit > 0 && boons >= w.crit) {
      o.crit_bundles = boons / w.crit;
      o.damage += 2 * o.crit_bundles;
      detail::add_rule(o.rules, "crit-bundle");
    }
    o.hull.after = std::min(row.hull, o.hull.before + o.damage);
    o.overkill = o.damage - (o.hull.after - o.hull.before);
    if (o.overkill > 0) detail::add_rule(o.rules, "hull-cap");
    if (!o.knocked_out && o.hull.after >= row.hull) {
      o.knocked_out = true;
      detail::add_rule(o.rules, "knocked-out");
      o.notes.emplace_back(in.target == camp_id
                               ? "The camp has suffered its whole Hull: it is wrecked."
                               : in.target + " has suffered its whole Hull: it is knocked out and makes "
                                             "no more attacks.");
      if (in.target == camp_id) o.not_modelled.emplace_back("what a wrecked camp means for the besiegers");
    }
  }
  if (row.has(Tag::burns)) {
    detail::add_rule(o.rules, "burns");
    o.notes.emplace_back("It is wooden and can burn: apply the Burn rules of the ship chapter.");
    o.not_modelled.emplace_back("burn");
  }
  return o;
}

// ---------------------------------------------------------------- the characters' scene

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
  if (e == nullptr) {
    std::vector<std::string> ids;
    for (const auto& x : s.engines) ids.push_back(x.id);
    fail_usage("unknown-engine", "target: unknown engine '" + std::string(engine) + "'" +
                                     detail::did_you_mean(engine, ids) + "; see 'siege status'");
  }
  if (e->knocked_out)
    fail_usage("knocked-out", "target: engine '" + e->id + "' is knocked out and cannot be re-aimed (R29)");
  const std::string to = target == no_target_id ? std::string() : std::string(target);
  const AimCheck check = check_aim(s, *e, to);
  if (!check.ok()) fail_usage("bad-target", "target: " + check.message);
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
enum class IdleReason { no_target, own_wall, target_breached, target_knocked_out, camp_wrecked };
inline constexpr std::array<std::string_view, 5> idle_reason_names{"no-target", "own-wall", "target-breached",
                                                                   "target-knocked-out", "camp-wrecked"};
[[nodiscard]] inline std::string_view name_of(IdleReason r) { return idle_reason_names[static_cast<std::size_t>(r)]; }

// An engine that had a weapon and was in action but made no attack: it
// waits for `siege target --engine ID --at ID`.
struct IdleEngine {
  std::string engine;
  std::string target;  // "" for none
  IdleReason reason = IdleReason::no_target;
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

// The hint every note of an engine with nothing to shoot ends with.
[[nodiscard]] inline std::string re_aim_hint(const std::string& engine) {
  return "Re-aim it with: siege target --engine " + engine + " --at ID.";
}

// E1-E4: plays scene number s.scene + 1. Every besieger engine that has a
// weapon and is not knocked out attacks its section; then every such defender
// engine attacks its target. An engine makes no attack, with a note naming
// `siege target` (R29), when it has no target, when it is a defender aimed
// at a section (as a state file written before R29 may have it), or when its
// target is already breached, knocked out or wrecked. Each attack rolls the
// engine's crew pool on an Easy check (R2) with attack_seed(seed, index).
[[nodiscard]] inline SceneOutcome play_scene(Snapshot& s, SceneLength length, const Tables& t,
                                             std::uint64_t seed) {
  SceneOutcome o;
  o.scene = ++s.scene;
  o.length = length;
  o.seed = seed;
  detail::add_rule(o.rules, "scene-attacks");
  for (const EngineSide side : {EngineSide::besieger, EngineSide::defender}) {
    for (std::size_t i = 0; i < s.engines.size(); ++i) {
      EngineState& e = s.engines[i];
      if (e.side != side || e.weapon.empty()) continue;
      if (e.knocked_out) {
        o.notes.emplace_back(e.id + " is knocked out and makes no attack.");
        continue;
      }
      auto idle = [&](IdleReason reason, const std::string& why) {
        detail::add_rule(o.rules, reason == IdleReason::own_wall ? "engine-targets" : "nothing-to-shoot");
        o.idle.push_back({e.id, e.target, reason});
        o.notes.emplace_back(e.id + " makes no attack: " + why + ". " + re_aim_hint(e.id));
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
        sec.hull_suffered = a.on_section->hull.after;
        sec.state = a.on_section->after;
        if (a.on_section->after == BreachState::breached) o.breached.push_back(sec.id);
      } else {
        const bool camp = a.kind == TargetKind::camp;
        EngineState* target = camp ? nullptr : s.find_engine(e.target);
        const Engine& row = camp ? camp_row(t) : *row_of(*target, t);
        int& suffered = camp ? s.camp.hull_suffered : target->hull_suffered;
        if (camp ? suffered >= row.hull : target->knocked_out) {
          if (camp) idle(IdleReason::camp_wrecked, "the camp is already wrecked");
          else idle(IdleReason::target_knocked_out, e.target + " is already knocked out");
          continue;
        }
        EngineHitInput in;
        in.row = &row;
        in.target = e.target;
        in.weapon = w;
        in.hull_suffered = suffered;
        in.check = roll();
        a.on_engine = resolve_engine_hit(in);
        suffered = a.on_engine->hull.after;
        if (!camp && a.on_engine->knocked_out) {
          target->knocked_out = true;
          o.knocked_out.push_back(target->id);
        }
      }
      const auto& nm = a.on_section ? a.on_section->not_modelled : a.on_engine->not_modelled;
      for (const auto& n : nm)
        if (std::find(o.not_modelled.begin(), o.not_modelled.end(), n) == o.not_modelled.end())
          o.not_modelled.push_back(n);
      o.attacks.push_back(std::move(a));
    }
  }
  for (const auto& sec : s.sections)
    o.sections.push_back({sec.id, stats_of(sec, t).hull, sec.hull_suffered, sec.state});
  o.open_breaches = open_breaches(s);
  for (const auto& id : o.breached) {
    detail::add_rule(o.rules, "play-the-assault");
    o.notes.emplace_back(id + " is breached: play the assault.");
  }
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

inline void write_engine_hit(detail::JsonWriter& w, const EngineHit& o, std::optional<std::uint64_t> seed) {
  w.begin_object();
  w.field("schema", schema_version).field("action", "attack");
  w.field("target", o.target).field("engine_row", o.row).field("weapon", o.stats.id);
  detail::write_seed(w, seed);
  w.key("weapon_stats");
  detail::write_weapon_stats(w, o.stats);
  w.key("check");
  write_check(w, o.check, seed);
  w.key("armor");
  detail::write_armor(w, o.armor);
  w.field("hit", o.hit).field("crit_bundles", o.crit_bundles);
  w.field("damage", o.damage).field("overkill", o.overkill);
  w.key("hull");
  detail::write_hull(w, o.hull);
  w.field("knocked_out", o.knocked_out);
  detail::write_trailer(w, o.rules, o.notes, o.not_modelled);
  w.end_object();
}

// `siege target` (R29): action "target"; a target of none is null.
inline void write_aim(detail::JsonWriter& w, const AimOutcome& o) {
  w.begin_object();
  w.field("schema", schema_version).field("action", "target");
  w.field("engine", o.engine).field("side", name_of(o.side));
  w.key("target").begin_object();
  detail::write_id_or_null(w, "before", o.before);
  detail::write_id_or_null(w, "after", o.after);
  w.end_object();
  detail::write_trailer(w, o.rules, o.notes, {});
  w.end_object();
}

inline void write_scene(detail::JsonWriter& w, const SceneOutcome& o) {
  w.begin_object();
  w.field("schema", schema_version).field("action", "scene");
  w.field("scene", o.scene).field("scene_length", name_of(o.length));
  detail::write_seed(w, o.seed);
  w.key("attacks").begin_array();
  for (const auto& a : o.attacks) {
    w.begin_object();
    w.field("engine", a.engine).field("side", name_of(a.side));
    w.field("target", a.target).field("target_kind", name_of(a.kind));
    w.field("seed", static_cast<unsigned long long>(a.seed));
    w.key("outcome");
    if (a.on_section) write_attack(w, *a.on_section, a.seed);
    else write_engine_hit(w, *a.on_engine, a.seed);
    w.end_object();
  }
  w.end_array();
  w.key("sections").begin_array();
  for (const auto& s : o.sections) {
    w.begin_object().field("id", s.id);
    w.key("hull").begin_object().field("max", s.hull).field("suffered", s.suffered).end_object();
    w.field("state", name_of(s.state)).end_object();
  }
  w.end_array();
  w.string_array("knocked_out", o.knocked_out);
  w.string_array("breached", o.breached);
  w.string_array("open_breaches", o.open_breaches);
  detail::write_trailer(w, o.rules, o.notes, o.not_modelled);
  w.end_object();
}

}  // namespace siege
