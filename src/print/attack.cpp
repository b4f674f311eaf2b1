// print/attack.cpp - checks, attacks and the scene as JSON (print/json.hpp).
#include <array>
#include <type_traits>
#include <vector>

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

// A rolled die's object, {"die":"skill","face":8,"symbols":["success"]}. A
// batch writes the same few dozen dice again and again, so the text of each
// kind and face is kept (per thread) with the symbols it was written for, and
// copied whole; a die whose symbols differ (other tables) is written afresh.
void write_die(JsonWriter& w, const RolledDie& d) {
  struct Kept {
    Face symbols;
    std::string text;
  };
  thread_local std::array<std::vector<Kept>, die_kind_names.size()> kept;
  auto& of_kind = kept[static_cast<std::size_t>(d.kind)];
  const auto face = static_cast<std::size_t>(d.face);
  if (face >= of_kind.size()) of_kind.resize(face + 1);
  Kept& k = of_kind[face];
  if (k.text.empty() || !(k.symbols == d.symbols)) {
    k.symbols = d.symbols;
    k.text.clear();
    JsonWriter one(k.text);
    one.begin_object();
    one.field("die", JsonWord{name_of(d.kind)});
    one.field("face", d.face + 1);
    one.key("symbols");
    write_face(one, d.symbols);
    one.end_object();
  }
  w.raw(k.text);
}

// The "weapon_stats" object: the stats an attack actually used.
void write_weapon_stats(JsonWriter& w, const Weapon& x) {
  w.begin_object();
  w.fields("hull_damage", x.hull_damage, "pierce", x.pierce);
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
  if constexpr (std::is_same_v<Attack, AttackOutcome>)
    w.fields("hit", o.hit, "hull_damage", o.hull_damage, "crit_bundles", o.crit_bundles, "damage", o.damage,
             "overkill", o.overkill);
  else
    w.fields("hit", o.hit, "crit_bundles", o.crit_bundles, "damage", o.damage, "overkill", o.overkill);
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
  w.fields("listed", a.listed, "effective", a.effective);
  w.key("steps").begin_array();
  for (const auto& s : a.steps)
    w.begin_object().fields("rule", JsonWord{s.rule}, "change", s.change).end_object();
  w.end_array().end_object();
}

void write_hull(JsonWriter& w, const HullTrace& h) {
  w.begin_object();
  w.fields("max", h.max, "before", h.before, "after", h.after);
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
  w.fields("difficulty", JsonWord{name_of(c.difficulty)}, "rolled", c.rolled);
  write_seed(w, c.rolled ? seed : std::nullopt);
  w.key("dice").begin_array();
  for (const auto& d : c.dice) write_die(w, d);
  w.end_array();
  w.fields("successes", c.net_successes, "boons", c.net_boons);
  if (c.rolled) {
    w.key("symbols").begin_object();
    w.fields("success", c.successes, "failure", c.failures, "boon", c.boons, "bane", c.banes);
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
  w.fields("structure", JsonWord{o.structure}, "weapon", JsonWord{o.weapon});
  write_attack_roll(w, o, seed);
  w.key("ladder").begin_object();
  w.field("mode", JsonWord{o.ladder == LadderMode::hull ? "hull" : "steps"});
  if (o.ladder == LadderMode::steps) w.fields("step", o.ladder_step, "steps_moved", o.steps_moved);
  w.end_object();
  w.key("state").begin_object();
  w.fields("before", JsonWord{name_of(o.before)}, "after", JsonWord{name_of(o.after)});
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
