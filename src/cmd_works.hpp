// Requests of the siege-works commands (demolish, mine, escalade), shared by
// the command line and batch mode: field names follow the options.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "actions.hpp"
#include "cmd_action.hpp"
#include "cli.hpp"
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
  std::optional<int> pool;             // skill dice of the Craft check (default 3)
  std::string section;                 // with --state: the section (instead of structure)
};
// The charges with everything but the dice: `spec` is the Craft check to
// roll, or empty when the referee gave it (input.craft) or none is needed (R18).
struct PreparedDemolition {
  DemolitionInput input;
  std::optional<CheckSpec> spec;
};
[[nodiscard]] PreparedDemolition prepare_demolish(const DemolishRequest& r, const Tables& t);
void add_demolish_options(CLI::App& app, DemolishRequest& r);
[[nodiscard]] DemolitionOutcome run_demolish(const DemolishRequest& r, Context& ctx);
[[nodiscard]] std::string demolish_json(const DemolitionOutcome& o, std::uint64_t seed);
[[nodiscard]] std::string demolish_text(const DemolitionOutcome& o, std::uint64_t seed);

// `mine`: digging day by day, then firing (R9, R19).
struct MineRequest {
  std::string structure;
  std::optional<int> days_dug;     // days dug before this call
  std::optional<int> days;         // dig at most N more days
  std::optional<int> damage_taken;
  std::optional<int> sapper_pool, defender_pool;
  std::optional<std::string> day_results;  // the referee's "S:D,S:D,...", net Successes a day
  bool countermine = false;
  bool portcullis = false;  // a castle gate with its portcullis (R12)
  std::string section;  // with --state: the section whose gallery is dug
};
// The mine's input with everything but the dice (resolve_mine rolls them).
[[nodiscard]] MineInput prepare_mine(const MineRequest& r, const Tables& t);
void add_mine_options(CLI::App& app, MineRequest& r);
[[nodiscard]] MineOutcome run_mine(const MineRequest& r, Context& ctx);
[[nodiscard]] std::string mine_json(const MineOutcome& o, std::uint64_t seed);
[[nodiscard]] std::string mine_text(const MineOutcome& o, std::uint64_t seed);

// `escalade`: climbing an unbreached section (R20).
struct EscaladeRequest {
  std::string structure = "curtain-wall";
  std::string method;
  std::optional<int> attackers;
  std::optional<int> ladders, ropes;
  bool defended = false;
  std::optional<int> rounds;
  std::optional<int> damage_taken;
  std::optional<int> pool;
  std::optional<std::string> successes_per_round;  // the referee's "N,N,...": climbers who passed each round
  bool portcullis = false;  // a castle gate with its portcullis (R12)
  std::string section;  // with --state: the section climbed (read, not changed)
};
// The climb's input with everything but the dice (resolve_escalade rolls them).
[[nodiscard]] EscaladeInput prepare_escalade(const EscaladeRequest& r, const Tables& t);
void add_escalade_options(CLI::App& app, EscaladeRequest& r);
[[nodiscard]] EscaladeOutcome run_escalade(const EscaladeRequest& r, Context& ctx);
[[nodiscard]] std::string escalade_json(const EscaladeOutcome& o, std::uint64_t seed);
[[nodiscard]] std::string escalade_text(const EscaladeOutcome& o, std::uint64_t seed);

// As actions (actions.hpp): fields keyed by option name, the run with or
// without a state, one line for `siege log`.
void demolish_fields(Fields& f, DemolishRequest& r);
[[nodiscard]] ActionResult demolish_action(const DemolishRequest& r, Context& ctx, SiegeState* state);
[[nodiscard]] std::string describe_demolish(const nlohmann::json& outcome);
void mine_fields(Fields& f, MineRequest& r);
[[nodiscard]] ActionResult mine_action(const MineRequest& r, Context& ctx, SiegeState* state);
[[nodiscard]] std::string describe_mine(const nlohmann::json& outcome);
void escalade_fields(Fields& f, EscaladeRequest& r);
[[nodiscard]] ActionResult escalade_action(const EscaladeRequest& r, Context& ctx, SiegeState* state);
[[nodiscard]] std::string describe_escalade(const nlohmann::json& outcome);

Runner setup_demolish(CLI::App& app);
Runner setup_mine(CLI::App& app);
Runner setup_escalade(CLI::App& app);

// The comma-separated items of a list option, spaces around them trimmed;
// refuses an empty list or an empty item, naming `what`.
[[nodiscard]] std::vector<std::string_view> split_list(std::string_view text, std::string_view what);

}  // namespace siege::cli
