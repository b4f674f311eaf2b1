// print/attack.cpp - checks, attacks and the scene as JSON (print/json.hpp).
#include <type_traits>

#include "print/json.hpp"

namespace siege::print {

namespace {

void write_face(JsonWriter& w, const Face& f) {
  w.begin_array();
  for (int i = 0; i < f.success; ++i) w.value(JsonWord{"success"});
  for (int i = 0; i < f.failure; ++i) w.value(JsonWord{"failure"});
  for (int i = 0; i < f.boon; ++i) w.value(JsonWord{"boon"});
  for (int i = 0; i < f.bane; ++i) w.value(JsonWord{"bane"});
  w.end_array();
}

// The "weapon_stats" object: the stats an attack actually used.
void write_weapon_stats(JsonWriter& w, const Weapon& x) {
  w.begin_object();
  w.field("hull_damage", x.hull_damage).field("pierce", x.pierce);
  w.field_or_null("crit", x.crit > 0, x.crit);
  w.field("mount", JsonWord{name_of(x.mount)});
  w.key("qualities").begin_array();
  for (std::size_t i = 0; i < quality_names.size(); ++i)
    if (x.qualities & (1u << i)) w.value(JsonWord{quality_names[i]});
  w.end_array().end_object();
}

// What every attack writes between its target's keys and what the hit
// leaves: "seed" to "hull". Only an attack on a section has "hull_damage"
// (its weapon's, halved for Blast on a structure, R9).
template <typename Attack>
void write_attack_roll(JsonWriter& w, const Attack& o, std::optional<std::uint64_t> seed) {
  write_seed(w, seed);
  w.key("weapon_stats");
  write_weapon_stats(w, o.stats);
  w.key("check");
  write_check(w, o.check, seed);
  w.key("armor");
  write_armor(w, o.armor);
  w.field("hit", o.hit);
  if constexpr (std::is_same_v<Attack, AttackOutcome>) w.field("hull_damage", o.hull_damage);
  w.field("crit_bundles", o.crit_bundles);
  w.field("damage", o.damage).field("overkill", o.overkill);
  w.key("hull");
  write_hull(w, o.hull);
}

}  // namespace

void write_seed(JsonWriter& w, std::optional<std::uint64_t> seed) {
  w.key("seed");
  if (seed)
    w.value(static_cast<unsigned long long>(*seed));
  else
    w.null();
}

void write_trailer(JsonWriter& w, const std::vector<std::string>& rules,
                   const std::vector<std::string>& notes, const std::vector<std::string>& not_modelled) {
  w.word_array("rules", rules);  // ids of siege/rules.hpp
  w.string_array("notes", notes);
  w.string_array("not_modelled", not_modelled);
}

void write_armor(JsonWriter& w, const ArmorTrace& a) {
  w.begin_object();
  w.field("listed", a.listed).field("effective", a.effective);
  w.key("steps").begin_array();
  for (const auto& s : a.steps)
    w.begin_object().field("rule", JsonWord{s.rule}).field("change", s.change).end_object();
  w.end_array().end_object();
}

void write_hull(JsonWriter& w, const HullTrace& h) {
  w.begin_object();
  w.field("max", h.max).field("before", h.before).field("after", h.after);
  w.end_object();
}

void write_hull_and_state(JsonWriter& w, const HullTrace& h, BreachState before, BreachState after) {
  w.key("hull");
  write_hull(w, h);
  w.key("state").begin_object();
  w.field("before", name_of(before)).field("after", name_of(after));
  w.end_object();
}

void write_check(JsonWriter& w, const CheckResult& c, std::optional<std::uint64_t> seed) {
  w.begin_object();
  w.field("difficulty", JsonWord{name_of(c.difficulty)});
  w.field("rolled", c.rolled);
  write_seed(w, c.rolled ? seed : std::nullopt);
  w.key("dice").begin_array();
  for (const auto& d : c.dice) {
    w.begin_object();
    w.field("die", JsonWord{name_of(d.kind)});
    w.field("face", d.face + 1);
    w.key("symbols");
    write_face(w, d.symbols);
    w.end_object();
  }
  w.end_array();
  w.field("successes", c.net_successes);
  w.field("boons", c.net_boons);
  if (c.rolled) {
    w.key("symbols").begin_object();
    w.field("success", c.successes).field("failure", c.failures);
    w.field("boon", c.boons).field("bane", c.banes);
    w.end_object();
  }
  w.field("passed", c.passed());
  w.end_object();
}

void write_check_outcome(JsonWriter& w, const CheckResult& c, std::optional<std::uint64_t> seed) {
  begin_outcome(w, "check");
  write_seed(w, seed);
  w.key("check");
  write_check(w, c, seed);
  std::vector<std::string> rules{"symbol-dice"};
  std::vector<std::string> notes{c.passed() ? "Passed." : "Failed: fewer than 1 net Success."};
  write_trailer(w, rules, notes, {});
  w.end_object();
}

void write_attack(JsonWriter& w, const AttackOutcome& o, std::optional<std::uint64_t> seed) {
  begin_outcome(w, "attack");
  // Table ids (or "inline"): kebab-case words.
  w.field("structure", JsonWord{o.structure}).field("weapon", JsonWord{o.weapon});
  write_attack_roll(w, o, seed);
  w.key("ladder").begin_object();
  w.field("mode", JsonWord{o.ladder == LadderMode::hull ? "hull" : "steps"});
  if (o.ladder == LadderMode::steps) w.field("step", o.ladder_step).field("steps_moved", o.steps_moved);
  w.end_object();
  w.key("state").begin_object();
  w.field("before", JsonWord{name_of(o.before)}).field("after", JsonWord{name_of(o.after)});
  w.end_object();
  end_outcome(w, o);
}

void write_engine_hit(JsonWriter& w, const EngineHit& o, std::optional<std::uint64_t> seed,
                      std::string_view action) {
  begin_outcome(w, action);
  w.field("target", o.target).field("engine_row", o.row).field("weapon", o.stats.id);
  write_attack_roll(w, o, seed);
  w.field("knocked_out", o.knocked_out);
  end_outcome(w, o);
}

void write_hull_change(JsonWriter& w, const HullChangeOutcome& o) {
  begin_outcome(w, name_of(o.direction));
  w.field("target", o.target).field("target_kind", name_of(o.kind)).field("row", o.row);
  w.key("cause");
  if (o.cause.empty())
    w.null();
  else
    w.value(o.cause);
  w.field("amount", o.amount).field("change", o.change).field("overkill", o.overkill);
  w.key("hull");
  write_hull(w, o.hull);
  if (o.kind == TargetKind::section) {
    w.key("state").begin_object();
    w.field("before", name_of(o.before)).field("after", name_of(o.after));
    w.end_object();
    w.field("abatis_lost", o.abatis_lost);
  } else {
    w.key("knocked_out").begin_object();
    w.field("before", o.out_before).field("after", o.out_after);
    w.end_object();
  }
  end_outcome(w, o);
}

void write_aim(JsonWriter& w, const AimOutcome& o) {
  begin_outcome(w, "target");
  w.field("engine", o.engine).field("side", name_of(o.side));
  w.key("target").begin_object();
  siege::write_id_or_null(w, "before", o.before);
  siege::write_id_or_null(w, "after", o.after);
  w.end_object();
  write_trailer(w, o.rules, o.notes, {});
  w.end_object();
}

void write_scene(JsonWriter& w, const SceneOutcome& o) {
  begin_outcome(w, "scene");
  w.field("scene", o.scene).field("scene_length", name_of(o.length));
  write_seed(w, o.seed);
  w.key("attacks").begin_array();
  for (const auto& a : o.attacks) {
    w.begin_object();
    w.field("engine", a.engine).field("side", name_of(a.side));
    w.field("target", a.target).field("target_kind", name_of(a.kind));
    w.field("seed", static_cast<unsigned long long>(a.seed));
    w.key("outcome");
    if (a.on_section)
      write_attack(w, *a.on_section, a.seed);
    else
      write_engine_hit(w, *a.on_engine, a.seed);
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
  w.key("idle").begin_array();
  for (const auto& e : o.idle) {
    w.begin_object().field("engine", e.engine);
    siege::write_id_or_null(w, "target", e.target);
    w.field("reason", name_of(e.reason));
    w.field("command", e.command).end_object();
  }
  w.end_array();
  end_outcome(w, o);
}

}  // namespace siege::print
