// siege/report.hpp - outcomes as JSON (docs/json.md; JSON Schema: docs/schema/outcome.schema.json).
//
// One write_* function per outcome type, shared by the single commands and
// batch mode so both print the same bytes. Every outcome object starts with
// "schema" and "action" and carries "rules", "notes" and "not_modelled".
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "siege/detail/json_writer.hpp"
#include "siege/dice.hpp"
#include "siege/structure.hpp"

namespace siege {

inline constexpr int schema_version = 1;

namespace detail {
inline void write_face(JsonWriter& w, const Face& f) {
  w.begin_array();
  for (int i = 0; i < f.success; ++i) w.value("success");
  for (int i = 0; i < f.failure; ++i) w.value("failure");
  for (int i = 0; i < f.boon; ++i) w.value("boon");
  for (int i = 0; i < f.bane; ++i) w.value("bane");
  w.end_array();
}

inline void write_seed(JsonWriter& w, std::optional<std::uint64_t> seed) {
  w.key("seed");
  if (seed) w.value(static_cast<unsigned long long>(*seed));
  else w.null();
}

inline void write_trailer(JsonWriter& w, const std::vector<std::string>& rules,
                          const std::vector<std::string>& notes,
                          const std::vector<std::string>& not_modelled) {
  w.string_array("rules", rules);
  w.string_array("notes", notes);
  w.string_array("not_modelled", not_modelled);
}

// The "weapon_stats" object: the stats an attack actually used.
inline void write_weapon_stats(JsonWriter& w, const Weapon& x) {
  w.begin_object();
  w.field("hull_damage", x.hull_damage).field("pierce", x.pierce);
  w.key("crit");
  if (x.crit > 0) w.value(x.crit);
  else w.null();
  w.field("mount", name_of(x.mount));
  w.key("qualities").begin_array();
  for (std::size_t i = 0; i < quality_names.size(); ++i)
    if (x.qualities & (1u << i)) w.value(quality_names[i]);
  w.end_array().end_object();
}

// The "armor" object: listed, effective and every step between (R1).
inline void write_armor(JsonWriter& w, const ArmorTrace& a) {
  w.begin_object();
  w.field("listed", a.listed).field("effective", a.effective);
  w.key("steps").begin_array();
  for (const auto& s : a.steps) w.begin_object().field("rule", s.rule).field("change", s.change).end_object();
  w.end_array().end_object();
}

// The "hull" object: the Hull, and what was suffered before and after.
inline void write_hull(JsonWriter& w, const HullTrace& h) {
  w.begin_object();
  w.field("max", h.max).field("before", h.before).field("after", h.after);
  w.end_object();
}

// "hull" (max, before, after) and "state" (before, after).
inline void write_hull_and_state(JsonWriter& w, const HullTrace& h, BreachState before,
                                 BreachState after) {
  w.key("hull");
  write_hull(w, h);
  w.key("state").begin_object();
  w.field("before", name_of(before)).field("after", name_of(after));
  w.end_object();
}

// The end of an outcome that damages a section: "damage", "overkill",
// "hull", "state", the trailer, and the closing brace.
template <typename Outcome>
inline void write_damage_and_close(JsonWriter& w, const Outcome& o) {
  w.field("damage", o.damage).field("overkill", o.overkill);
  write_hull_and_state(w, o.hull, o.before, o.after);
  write_trailer(w, o.rules, o.notes, o.not_modelled);
  w.end_object();
}
}  // namespace detail

// Public: what the program needs of the above (the rest stays internal).
using detail::write_trailer;  // writes an outcome's "rules", "notes" and "not_modelled"

// The "check" object: difficulty, who rolled, the dice and the net result.
inline void write_check(detail::JsonWriter& w, const CheckResult& c,
                        std::optional<std::uint64_t> seed) {
  w.begin_object();
  w.field("difficulty", name_of(c.difficulty));
  w.field("rolled", c.rolled);
  detail::write_seed(w, c.rolled ? seed : std::nullopt);
  w.key("dice").begin_array();
  for (const auto& d : c.dice) {
    w.begin_object();
    w.field("die", name_of(d.kind));
    w.field("face", d.face + 1);
    w.key("symbols");
    detail::write_face(w, d.symbols);
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

inline void write_check_outcome(detail::JsonWriter& w, const CheckResult& c,
                                std::optional<std::uint64_t> seed) {
  w.begin_object();
  w.field("schema", schema_version).field("action", "check");
  detail::write_seed(w, seed);
  w.key("check");
  write_check(w, c, seed);
  std::vector<std::string> rules{"symbol-dice"};
  std::vector<std::string> notes{c.passed() ? "Passed." : "Failed: fewer than 1 net Success."};
  detail::write_trailer(w, rules, notes, {});
  w.end_object();
}

inline void write_attack(detail::JsonWriter& w, const AttackOutcome& o,
                         std::optional<std::uint64_t> seed) {
  w.begin_object();
  w.field("schema", schema_version).field("action", "attack");
  w.field("structure", o.structure).field("weapon", o.weapon);
  detail::write_seed(w, seed);
  w.key("weapon_stats");
  detail::write_weapon_stats(w, o.stats);
  w.key("check");
  write_check(w, o.check, seed);
  w.key("armor");
  detail::write_armor(w, o.armor);
  w.field("hit", o.hit);
  w.field("hull_damage", o.hull_damage);
  w.field("crit_bundles", o.crit_bundles);
  w.field("damage", o.damage).field("overkill", o.overkill);
  w.key("hull");
  detail::write_hull(w, o.hull);
  w.key("ladder").begin_object();
  w.field("mode", o.ladder == LadderMode::hull ? "hull" : "steps");
  if (o.ladder == LadderMode::steps) w.field("step", o.ladder_step).field("steps_moved", o.steps_moved);
  w.end_object();
  w.key("state").begin_object();
  w.field("before", name_of(o.before)).field("after", name_of(o.after));
  w.end_object();
  detail::write_trailer(w, o.rules, o.notes, o.not_modelled);
  w.end_object();
}

}  // namespace siege
