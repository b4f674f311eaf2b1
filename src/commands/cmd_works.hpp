// Requests of the siege-works commands (demolish, mine, escalade), shared by
// the command line and batch mode: field names follow the options.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "commands/actions.hpp"
#include "commands/context.hpp"
#include "commands/inputs.hpp"
#include "siege/demolition.hpp"
#include "siege/escalade.hpp"
#include "siege/mine.hpp"

namespace siege::cli {

// `demolish`: charges set against one section (R9, R13, R16-R18).
struct DemolishRequest {
  std::string structure;
  std::vector<std::string> charge;  // "ID" or "ID:COUNT", repeatable
  bool on_pier = false;
  bool portcullis = false;
  std::optional<int> damage_taken;
  std::optional<int> craft_successes;  // the referee's Craft result (no dice rolled)
  Given<int> pool = 3;                 // skill dice of the Craft check
  std::string section;                 // with --state: the section (instead of structure)
};
// The charges with everything but the dice: `spec` is the Craft check to
// roll, or empty when the referee gave it (input.craft) or none is needed (R18).
struct PreparedDemolition {
  DemolitionInput input;
  std::optional<CheckSpec> spec;
};
[[nodiscard]] PreparedDemolition prepare_demolish(const DemolishRequest& r, const Tables& t);

// `mine`: digging day by day, then firing (R9, R19).
struct MineRequest {
  std::string structure;
  std::optional<int> days_dug;     // days dug before this call
  std::optional<int> days;         // dig at most N more days
  std::optional<int> damage_taken;
  Given<int> sapper_pool = 3, defender_pool = 3;
  std::optional<std::string> day_results;  // the referee's "S:D,S:D,...", net Successes a day
  bool countermine = false;
  bool portcullis = false;  // a castle gate with its portcullis (R12)
  std::string section;  // with --state: the section whose gallery is dug
};
// The mine's input with everything but the dice (resolve_mine rolls them).
[[nodiscard]] MineInput prepare_mine(const MineRequest& r, const Tables& t);

// `escalade`: climbing an unbreached section (R20).
struct EscaladeRequest {
  Given<std::string> structure = std::string("curtain-wall");
  std::string method;
  std::optional<int> attackers;
  Given<int> ladders = 1, ropes = 1;
  bool defended = false;
  std::optional<int> rounds;
  std::optional<int> damage_taken;
  Given<int> pool = 3;  // Athletics dice of each climber
  std::optional<std::string> successes_per_round;  // the referee's "N,N,...": climbers who passed each round
  bool portcullis = false;  // a castle gate with its portcullis (R12)
  std::string section;  // with --state: the section climbed (read, not changed)
  std::string unit;     // with --state: the besieger unit that climbs (its figures at the foot)
  std::string engine;   // with --state and --method tower: the siege tower of the siege that climbs
};
// The climb's input with everything but the dice (resolve_escalade rolls them).
// A tower climbs by `tower`'s carries_climbers, by default the siege-tower
// row's (R41); a default row that carries none is refused.
[[nodiscard]] EscaladeInput prepare_escalade(const EscaladeRequest& r, const Tables& t,
                                             const Engine* tower = nullptr);

// Their inputs: those of the work itself, shared with `odds demolish|mine|
// escalade`, and (*_inputs) those of a siege in a state file with them.
void demolish_work_inputs(Fields& f, DemolishRequest& r);
void demolish_inputs(Fields& f, DemolishRequest& r);
void mine_work_inputs(Fields& f, MineRequest& r);
void mine_inputs(Fields& f, MineRequest& r);
void escalade_work_inputs(Fields& f, EscaladeRequest& r);
void escalade_inputs(Fields& f, EscaladeRequest& r);
// The climbers of a siege in a state file: --unit and --engine (the tower).
void escalade_climber_inputs(Fields& f, EscaladeRequest& r);

// With --state: the besieger engine `id` that climbs by --method tower, as
// its engines.json row (R41). Refuses, as `cmd`'s error, an engine that is
// not a present besieger, has no row that carries climbers, or is knocked
// out.
[[nodiscard]] const Engine& tower_row_of(const SiegeState& st, const std::string& id, Context& ctx,
                                         const char* cmd);
// With --state: the climbers unit `unit` puts to the wall of `section`
// (escalade_climbers, R33), refused past the most a climb takes.
[[nodiscard]] int unit_climbers(const SiegeState& st, const std::string& unit, const std::string& section,
                                const char* cmd);

// The comma-separated items of a list option, spaces around them trimmed;
// refuses an empty list or an empty item as input `key`'s error.
[[nodiscard]] std::vector<std::string_view> split_list(std::string_view text, std::string_view key);

}  // namespace siege::cli
