// print/text.hpp - every outcome of the rules core as text, the lines a
// command prints on a terminal (json.hpp writes the same outcomes as JSON).
//
// One *_text function per outcome type, called by the commands
// (src/commands/) with the outcome the core computed. The definitions are in
// the .cpp files beside this one, one per area, each beside its JSON:
// attack_text.cpp (checks, attacks, sorties, damage and repair, target, the
// scene), works_text.cpp (demolition, mine, escalade, countermine, abatis),
// troops_text.cpp (hold, casualties, move, rout, army morale),
// units_text.cpp (add, remove, split, merge, and order, move and casualties
// of a unit), state_text.cpp (status and its tables, init, log, undo, redo,
// replay, what chronicle wrote), tables.cpp (list, show) and log_lines.cpp
// (each logged action's line in the log). The odds' text is in
// odds_text.cpp, declared in odds.hpp. A command may keep all the printers
// of its outcome in one header of its own, print/NAME.hpp (print/note.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "siege/breach.hpp"
#include "siege/demolition.hpp"
#include "siege/escalade.hpp"
#include "siege/gallery.hpp"
#include "siege/mine.hpp"
#include "siege/morale.hpp"
#include "siege/roster.hpp"
#include "siege/scene.hpp"
#include "siege/state.hpp"
#include "siege/state_json.hpp"
#include "siege/structure.hpp"
#include "siege/tables.hpp"
#include "siege/units.hpp"

namespace siege::print {

// ---------------------------------------------------------------- attack_text.cpp

// The line above an action's text when it was done to a section of the
// state file: "Section   north-wall", and " (engine ram)" when an engine of
// the file did it.
[[nodiscard]] std::string section_line(std::string_view section, std::string_view engine = {});

// `check`: "Check     Easy check: ...".
[[nodiscard]] std::string check_text(const CheckResult& c, std::uint64_t seed);
// `attack`: the check, the Armor steps, the damage, the Hull and the state.
[[nodiscard]] std::string attack_text(const AttackOutcome& o, std::uint64_t seed);
// `sortie`: the characters' hit on an engine or the camp.
[[nodiscard]] std::string sortie_text(const EngineHit& o, std::uint64_t seed);
// `damage` / `repair`: the Hull the referee adds or takes away, and the state.
[[nodiscard]] std::string hull_change_text(const HullChangeOutcome& o);
// `target`: an engine re-aimed.
[[nodiscard]] std::string aim_text(const AimOutcome& o);
// `scene`: every attack of the scene, the sections after, the breaches and
// the idle engines; `after` is the siege after the scene.
[[nodiscard]] std::string scene_text(const SceneOutcome& o, const Snapshot& after, const Tables& t);
// The "Breaches" lines of scene and status: the breaches to assault (E3),
// and apart those breached and impassable (R13); "" when there are none.
[[nodiscard]] std::string breaches_text(const Snapshot& s, const Tables& t);

// ---------------------------------------------------------------- log_lines.cpp

// Each logged action's one line in `siege log` and undo/redo ("north-wall:
// missed"), from what the log keeps of its outcome (its summary); the
// command table's `describe` of each action.
[[nodiscard]] std::string describe_abatis(const nlohmann::json& o);
[[nodiscard]] std::string describe_add(const nlohmann::json& o);
[[nodiscard]] std::string describe_army_morale(const nlohmann::json& o);
[[nodiscard]] std::string describe_attack(const nlohmann::json& o);
[[nodiscard]] std::string describe_casualties(const nlohmann::json& o);
[[nodiscard]] std::string describe_check(const nlohmann::json& o);
[[nodiscard]] std::string describe_countermine(const nlohmann::json& o);
[[nodiscard]] std::string describe_demolish(const nlohmann::json& o);
[[nodiscard]] std::string describe_escalade(const nlohmann::json& o);
[[nodiscard]] std::string describe_hold(const nlohmann::json& o);
[[nodiscard]] std::string describe_hull_change(const nlohmann::json& o);
[[nodiscard]] std::string describe_merge(const nlohmann::json& o);
[[nodiscard]] std::string describe_mine(const nlohmann::json& o);
[[nodiscard]] std::string describe_move(const nlohmann::json& o);
[[nodiscard]] std::string describe_order(const nlohmann::json& o);
[[nodiscard]] std::string describe_remove(const nlohmann::json& o);
[[nodiscard]] std::string describe_rout(const nlohmann::json& o);
[[nodiscard]] std::string describe_scene(const nlohmann::json& o);
[[nodiscard]] std::string describe_sortie(const nlohmann::json& o);
[[nodiscard]] std::string describe_split(const nlohmann::json& o);
[[nodiscard]] std::string describe_target(const nlohmann::json& o);

// ---------------------------------------------------------------- works_text.cpp

// The line above a unit's climb of a section of the state file:
// "Section   north-wall: storming-party climbs".
[[nodiscard]] std::string climb_line(std::string_view section, std::string_view unit);
// `demolish`: the charges, the Craft check, the damage, the Hull and the state.
[[nodiscard]] std::string demolish_text(const DemolitionOutcome& o, std::uint64_t seed);
// `mine`: the days dug, each day's opposed checks, and what came of it.
[[nodiscard]] std::string mine_text(const MineOutcome& o, std::uint64_t seed);
// `escalade`: the climb, round by round.
[[nodiscard]] std::string escalade_text(const EscaladeOutcome& o, std::uint64_t seed);
// `countermine`: the gallery the defenders found, collapsed or failed.
[[nodiscard]] std::string countermine_text(const CountermineOutcome& o);
// `abatis`: one turn of building or tearing down.
[[nodiscard]] std::string abatis_text(const AbatisOutcome& o);

// ---------------------------------------------------------------- troops_text.cpp

// The line above a unit's hold of a section of the state file:
// "Section   north-wall: garrison holds against storming-party".
[[nodiscard]] std::string hold_line(std::string_view section, std::string_view holder, std::string_view enemy);

// `hold`: the morale roll of a unit holding a breach, and the enemy figures
// it lets through.
[[nodiscard]] std::string hold_text(const HoldOutcome& o, std::uint64_t seed);
// `casualties` without a state file: the figures removed, and the gaps.
[[nodiscard]] std::string casualties_text(const CasualtiesOutcome& o);
// `move` without a state file: a speed, through a breach or not.
[[nodiscard]] std::string move_text(const MoveOutcome& o);
// `rout`: the special rout (R24) beside the standard one.
[[nodiscard]] std::string rout_text(const RoutOutcome& o);
// `army-morale`: the third killed, and whether the check is due.
[[nodiscard]] std::string army_morale_text(const ArmyMoraleOutcome& o);

// ---------------------------------------------------------------- units_text.cpp

// `add`: the unit or engine that arrives.
[[nodiscard]] std::string add_text(const ArrivalOutcome& o);
// `remove`: the unit or engine that leaves, and why.
[[nodiscard]] std::string remove_text(const RemovalOutcome& o);
// `split`: the figures that become a unit of their own.
[[nodiscard]] std::string split_text(const SplitOutcome& o);
// `merge`: one unit taken into another.
[[nodiscard]] std::string merge_text(const MergeOutcome& o);
// `order` with a unit: the order the referee records.
[[nodiscard]] std::string order_text(const UnitOrderOutcome& o);
// `move` with a unit: where it goes, and its speed.
[[nodiscard]] std::string unit_move_text(const UnitMoveOutcome& o);
// `casualties` with a unit: the figures killed, and the gaps.
[[nodiscard]] std::string unit_casualties_text(const UnitCasualtiesOutcome& o);

// ---------------------------------------------------------------- state_text.cpp

// How a logged entry reads: its inputs as the options of its command line
// (abatis's WORK first, a value quoted for the shell) and its one line for
// `siege log` (the `describe` of its command object; a hand-edited outcome
// its command cannot read, as it is). The command layer gives them
// (cli::entry_words(), src/commands/actions.hpp): a printer knows no command.
struct EntryWords {
  std::string (*options)(const LogEntry& e);
  std::string (*describe)(const LogEntry& e);
};

// `status`: the siege at a glance.
[[nodiscard]] std::string status_text(const SiegeState& st, const Tables& t);
// `status --format markdown|csv`: the sections, then every other part of the
// text (engines, camp, units, armies, breaches, galleries, the siege itself,
// the last notes) as tables, so that no format leaves a part out.
[[nodiscard]] std::vector<std::vector<std::vector<std::string>>> status_tables(const SiegeState& st,
                                                                               const Tables& t);
// `init`: the siege written to `path` (or not, with `dry`), as status shows it.
[[nodiscard]] std::string init_text(const SiegeState& st, const Tables& t, const std::string& path, bool dry);
// `log`: every resolution, one a line, and what redo can put back.
[[nodiscard]] std::string log_text(const SiegeState& st, const EntryWords& words);
// `replay`: the log of the state file `path` matches it.
[[nodiscard]] std::string replay_text(const SiegeState& st, const std::string& path);
// `undo`: the entries of `before` from `keep` on taken back, and the siege
// `after`; `redo`: the first `count` entries of its redo list put back.
[[nodiscard]] std::string undo_text(const SiegeState& before, std::size_t keep, const SiegeState& after,
                                    const std::string& path, bool dry, const Tables& t, const EntryWords& words);
[[nodiscard]] std::string redo_text(const SiegeState& before, std::size_t count, const SiegeState& after,
                                    const std::string& path, bool dry, const Tables& t, const EntryWords& words);
// "entry" or "entries", for `n`; "entry 12" or "entries 10 to 12".
[[nodiscard]] std::string entries_word(std::size_t n);
[[nodiscard]] std::string entry_span(int first, int last);
// `chronicle -o FILE`: what was written, and the notes of what it left out.
[[nodiscard]] std::string chronicle_written_text(const SiegeState& st, const std::string& output,
                                                 std::string_view format, std::size_t bytes,
                                                 const std::vector<std::string>& notes);

// ---------------------------------------------------------------- tables.cpp

// `list TABLE` as a table, first row the header (none for any other name).
[[nodiscard]] std::vector<std::vector<std::string>> table_list_rows(const Tables& t, std::string_view table);
// `show ID`: every entry with that id, "" when no table has it.
[[nodiscard]] std::string show_text(const Tables& t, const std::string& id);

}  // namespace siege::print
