// print/json.hpp - every outcome of the rules core as JSON (docs/json.md;
// JSON Schema: docs/schema/outcome.schema.json).
//
// The core computes an outcome struct; the printers here write it. One
// write_* function per outcome type, shared by the single commands and batch
// mode so both print the same bytes. Every outcome object starts with
// "schema" and "action" and carries "rules", "notes" and "not_modelled".
// The definitions are in the .cpp files beside this one, one per area:
// attack.cpp (checks, attacks, the scene), works.cpp (demolition, mine,
// escalade, countermine, abatis), troops.cpp (hold, casualties, move, rout,
// army morale, the units a troop action changed), state.cpp (the
// siege of a state file: status, init, log, replay, undo, redo, what chronicle
// wrote), tables.cpp (list, show); units.cpp, declared in units.hpp, the
// actions on units and engines (add, remove, split, merge, and order, move
// and casualties of a unit); odds.cpp, declared in odds.hpp (which brings in
// Boost's headers), the outcomes of `odds`. A command may keep all the
// printers of its outcome in one header of its own, print/NAME.hpp
// (print/note.hpp), included only by its command file.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "siege/breach.hpp"
#include "siege/demolition.hpp"
#include "siege/detail/json_writer.hpp"
#include "siege/escalade.hpp"
#include "siege/gallery.hpp"
#include "siege/mine.hpp"
#include "siege/morale.hpp"
#include "siege/scene.hpp"
#include "siege/state_json.hpp"
#include "siege/tables.hpp"
#include "siege/units.hpp"

namespace siege {

// The version of the outcome objects (their "schema" key).
inline constexpr int schema_version = 1;

namespace print {

using JsonWriter = siege::JsonWriter;
using JsonWord = siege::JsonWord;

// What `write(w, args...)` writes, appended to `out`: batch mode writes an
// outcome straight into its output this way (Context::outcome_out).
template <typename Write, typename... Args>
void append_json(std::string& out, Write&& write, const Args&... args) {
  JsonWriter w(out);  // its stage goes into `out` when it goes out of scope
  write(w, args...);
}

// The text `write(w, args...)` writes: what every `--json` output and
// batch line of one outcome is.
template <typename Write, typename... Args>
[[nodiscard]] std::string json_text(Write&& write, const Args&... args) {
  std::string out;
  append_json(out, write, args...);
  return out;
}

// ---------------------------------------------------------------- pieces

// "seed": the seed, or null when no dice were rolled.
void write_seed(JsonWriter& w, std::optional<std::uint64_t> seed);
// "rules", "notes" and "not_modelled", which end every outcome.
void write_trailer(JsonWriter& w, const std::vector<std::string>& rules,
                   const std::vector<std::string>& notes, const std::vector<std::string>& not_modelled);
// The same for rule ids held as string_views (an attack's: literals of
// siege/rules.hpp). A template, so that a braced list still means the above.
template <typename Rules>
  requires std::is_same_v<Rules, std::vector<std::string_view>>
void write_trailer(JsonWriter& w, const Rules& rules, const std::vector<std::string>& notes,
                   const std::vector<std::string>& not_modelled) {
  w.word_array("rules", rules);
  w.string_array("notes", notes);
  w.string_array("not_modelled", not_modelled);
}
// The "armor" object: listed, effective and every step between (R1).
void write_armor(JsonWriter& w, const ArmorTrace& a);
// The "hull" object: the Hull, and what was suffered before and after.
void write_hull(JsonWriter& w, const HullTrace& h);
// "hull" (max, before, after) and "state" (before, after).
void write_hull_and_state(JsonWriter& w, const HullTrace& h, BreachState before, BreachState after);
// The "check" object: difficulty, who rolled, the dice and the net result.
void write_check(JsonWriter& w, const CheckResult& c, std::optional<std::uint64_t> seed);

// The start of every outcome object: "schema" and "action" (a command's
// name: a word without bytes to escape).
[[gnu::always_inline]] inline JsonWriter& begin_outcome(JsonWriter& w, std::string_view action) {
  return w.begin_object().fields("schema", schema_version, "action", JsonWord{action});
}

// The end of an outcome that carries its own trace: its trailer and the
// closing brace.
template <typename Outcome>
void end_outcome(JsonWriter& w, const Outcome& o) {
  write_trailer(w, o.rules, o.notes, o.not_modelled);
  w.end_object();
}

// The end of an outcome that damages a section: "damage", "overkill",
// "hull", "state", the trailer, and the closing brace.
template <typename Outcome>
void write_damage_and_close(JsonWriter& w, const Outcome& o) {
  w.field("damage", o.damage).field("overkill", o.overkill);
  write_hull_and_state(w, o.hull, o.before, o.after);
  end_outcome(w, o);
}

// ---------------------------------------------------------------- outcomes

// attack.cpp
void write_check_outcome(JsonWriter& w, const CheckResult& c, std::optional<std::uint64_t> seed);
// An attack on a section, and (write_engine_hit) one on an engine or the
// camp, which a sortie writes as action "sortie": the same object but for
// the target's keys and what the hit leaves (a ladder state, or knocked out).
void write_attack(JsonWriter& w, const AttackOutcome& o, std::optional<std::uint64_t> seed);
void write_engine_hit(JsonWriter& w, const EngineHit& o, std::optional<std::uint64_t> seed,
                      std::string_view action = "attack");
// `damage` / `repair` (R32): action "damage" or "repair".
void write_hull_change(JsonWriter& w, const HullChangeOutcome& o);
// `target` (R29): action "target"; a target of none is null.
void write_aim(JsonWriter& w, const AimOutcome& o);
void write_scene(JsonWriter& w, const SceneOutcome& o);

// works.cpp
void write_demolition(JsonWriter& w, const DemolitionOutcome& o, std::optional<std::uint64_t> seed);
void write_mine(JsonWriter& w, const MineOutcome& o, std::optional<std::uint64_t> seed);
void write_escalade(JsonWriter& w, const EscaladeOutcome& o, std::optional<std::uint64_t> seed);
// R31: action "countermine".
void write_countermine(JsonWriter& w, const CountermineOutcome& o);
void write_abatis(JsonWriter& w, const AbatisOutcome& o);
// `"spoilers":[...]`: the units whose presence spoiled an abatis turn (R33),
// for with_fields.
[[nodiscard]] std::string spoiler_fields(const std::vector<std::string>& spoilers);

// troops.cpp
void write_hold(JsonWriter& w, const HoldOutcome& o, std::optional<std::uint64_t> seed);
void write_casualties(JsonWriter& w, const CasualtiesOutcome& o);
void write_move(JsonWriter& w, const MoveOutcome& o);
void write_rout(JsonWriter& w, const RoutOutcome& o);
void write_army_morale(JsonWriter& w, const ArmyMoraleOutcome& o);
// The units and armies a troop function changed, as object fields:
// "units": [{"id", "before": UNIT, "after": UNIT}], "armies": [{"side",
// "before": ARMY, "after": ARMY, "check_called"}]. UNIT and ARMY are as in
// the state file.
void write_troop_changes(JsonWriter& w, const TroopOutcome& o);

// state.cpp
// `status`: the siege of the state file `path` at a glance; `init` writes
// the same object with action "init".
void write_status(JsonWriter& w, const SiegeState& st, const Tables& t, const std::string& path,
                  std::string_view action);
// `log`: every entry of the log, and those redo can put back (R40).
void write_log(JsonWriter& w, const SiegeState& st, const std::string& path);
// `replay`: the log replayed from the start matches the file.
void write_replay(JsonWriter& w, const SiegeState& st, const std::string& path);
// `undo` / `redo` (R40), action "undo" or "redo": the entries taken back or
// put back (the last of them, and how many), what the log and the redo list
// hold now.
void write_undo_redo(JsonWriter& w, std::string_view action, const std::string& path, bool dry,
                     const LogEntry& last, std::size_t count, const SiegeState& after);
// `chronicle -o FILE`: the page of `bytes` bytes written to `output`, in
// `format`; `outlook`: whether it holds the outlook; `notes`: what it left out.
void write_chronicle_written(JsonWriter& w, const SiegeState& st, const std::string& path,
                             const std::string& output, std::string_view format, std::size_t bytes,
                             bool outlook, const std::vector<std::string>& notes);

// tables.cpp
// `list TABLE`: the entries of structures, weapons, charges or engines
// (an array; empty for any other name).
void write_table_list(JsonWriter& w, const Tables& t, std::string_view table);
// `show ID`: every entry of any table with that id.
void write_show(JsonWriter& w, const Tables& t, const std::string& id);

}  // namespace print
}  // namespace siege
