// Requests of the troop commands (hold, rout, army-morale, abatis,
// casualties, move): fields are named like the options, so batch mode can
// fill them from a JSON line's keys. Each run_* calls the core (breach.hpp,
// morale.hpp) and returns its outcome; *_json and *_text render it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "actions.hpp"
#include "cmd_action.hpp"
#include "cli.hpp"
#include "siege/breach.hpp"
#include "siege/morale.hpp"
#include "siege/rules.hpp"

namespace siege::cli {

// `hold`: a unit holding a breach takes a morale check (R21, R22, R28).
struct HoldRequest {
  std::optional<int> needed;
  std::optional<int> rolled;  // absent: roll the data's morale dice
  std::string order;          // good, shaken (routed is refused); required unless hero
  std::string site = "breach";
  int unprotected_in_contact = 0;
  bool hero = false;
  std::optional<int> figures;
  std::optional<int> enemy_figures;
};
[[nodiscard]] HoldOutcome run_hold(const HoldRequest& r, Context& ctx);
[[nodiscard]] std::string hold_json(const HoldOutcome& o, std::uint64_t seed);
[[nodiscard]] std::string hold_text(const HoldOutcome& o, std::uint64_t seed);

// `rout`: a rout result within walls (R24).
struct RoutRequest {
  std::optional<int> figures;
  std::string order = "good";
  std::string side = "defender";
  bool all_within_walls = false;  // also --within-walls
  std::optional<int> room_figures;
  int blocked = 0;
};
[[nodiscard]] RoutOutcome run_rout(const RoutRequest& r, Context& ctx);
[[nodiscard]] std::string rout_json(const RoutOutcome& o);
[[nodiscard]] std::string rout_text(const RoutOutcome& o);

// `army-morale`: whether the army checks morale (R25).
struct ArmyMoraleRequest {
  std::optional<int> strength;
  std::optional<int> killed;
  bool defender_in_castle = false;
};
[[nodiscard]] ArmyMoraleOutcome run_army_morale(const ArmyMoraleRequest& r, Context& ctx);
[[nodiscard]] std::string army_morale_json(const ArmyMoraleOutcome& o);
[[nodiscard]] std::string army_morale_text(const ArmyMoraleOutcome& o);

// `abatis build|tear`: one turn of abatis work (R26).
struct AbatisRequest {
  std::string work;  // build or tear (the positional argument)
  std::optional<int> progress;  // turns done before this one (default 0); refused with --state
  bool attackers_in_breach = false;
  bool interrupted = false;
  std::string section;  // with --state: the section's breach (progress from the file)
};
[[nodiscard]] AbatisOutcome run_abatis(const AbatisRequest& r, Context& ctx);
[[nodiscard]] std::string abatis_json(const AbatisOutcome& o);
[[nodiscard]] std::string abatis_text(const AbatisOutcome& o);

// `casualties`: casualties on a unit partly through a breach (R23).
struct CasualtiesRequest {
  std::optional<int> through;
  std::optional<int> behind;
  std::optional<int> killed;
};
[[nodiscard]] CasualtiesOutcome run_casualties(const CasualtiesRequest& r, Context& ctx);
[[nodiscard]] std::string casualties_json(const CasualtiesOutcome& o);
[[nodiscard]] std::string casualties_text(const CasualtiesOutcome& o);

// `move`: a unit's speed, through a breach at Rough Terrain speed (R15).
struct MoveRequest {
  std::optional<int> speed;
  bool through_breach = false;
};
[[nodiscard]] MoveOutcome run_move(const MoveRequest& r, Context& ctx);
[[nodiscard]] std::string move_json(const MoveOutcome& o);
[[nodiscard]] std::string move_text(const MoveOutcome& o);

// As actions (actions.hpp): fields keyed by option name (abatis's positional
// build|tear is "work"), the run, one line for `siege log`.
void hold_fields(Fields& f, HoldRequest& r);
[[nodiscard]] ActionResult hold_action(const HoldRequest& r, Context& ctx, SiegeState* state);
[[nodiscard]] std::string describe_hold(const nlohmann::json& outcome);
void rout_fields(Fields& f, RoutRequest& r);
[[nodiscard]] ActionResult rout_action(const RoutRequest& r, Context& ctx, SiegeState* state);
[[nodiscard]] std::string describe_rout(const nlohmann::json& outcome);
void army_morale_fields(Fields& f, ArmyMoraleRequest& r);
[[nodiscard]] ActionResult army_morale_action(const ArmyMoraleRequest& r, Context& ctx, SiegeState* state);
[[nodiscard]] std::string describe_army_morale(const nlohmann::json& outcome);
void abatis_fields(Fields& f, AbatisRequest& r);
[[nodiscard]] ActionResult abatis_action(const AbatisRequest& r, Context& ctx, SiegeState* state);
[[nodiscard]] std::string describe_abatis(const nlohmann::json& outcome);
void casualties_fields(Fields& f, CasualtiesRequest& r);
[[nodiscard]] ActionResult casualties_action(const CasualtiesRequest& r, Context& ctx, SiegeState* state);
[[nodiscard]] std::string describe_casualties(const nlohmann::json& outcome);
void move_fields(Fields& f, MoveRequest& r);
[[nodiscard]] ActionResult move_action(const MoveRequest& r, Context& ctx, SiegeState* state);
[[nodiscard]] std::string describe_move(const nlohmann::json& outcome);

// Setup functions of the command table (commands.cpp).
Runner setup_hold(CLI::App& app);
Runner setup_rout(CLI::App& app);
Runner setup_army_morale(CLI::App& app);
Runner setup_abatis(CLI::App& app);
Runner setup_casualties(CLI::App& app);
Runner setup_move(CLI::App& app);

// ---- shared by the troop renderers ----

// "hold-the-breach (R21), forced-through (R21)".
[[nodiscard]] inline std::string rules_with_rulings(const std::vector<std::string>& rules) {
  std::string out;
  for (const auto& id : rules) {
    if (!out.empty()) out += ", ";
    out += id;
    if (const RuleInfo* info = rule_info(id)) out += " (" + std::string(info->ruling) + ")";
  }
  return out;
}

// A required number: present on the command line (CLI11 checks) or in a
// batch line (checked here).
[[nodiscard]] inline int required(const std::optional<int>& v, const std::string& command,
                                  const std::string& option) {
  if (!v) fail_usage("missing-option", command + ": " + option + " N is required");
  return *v;
}

}  // namespace siege::cli
