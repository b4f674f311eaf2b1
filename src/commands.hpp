// Requests of the commands, shared by the command line and batch mode: each
// command fills its request from options (or a batch line's JSON keys, which
// have the same names) and calls its run_* function.
#pragma once

#include <optional>
#include <string>

#include "actions.hpp"
#include "cli.hpp"
#include "siege/structure.hpp"

namespace siege::cli {

// `check`: one dice check.
struct CheckRequest {
  std::string difficulty = "average";
  int pool = 3;
  int bane_dice = 0;
  int boon_dice = 0;
};
[[nodiscard]] CheckResult run_check(const CheckRequest& r, Context& ctx);
[[nodiscard]] std::string check_json(const CheckResult& c, std::uint64_t seed);
[[nodiscard]] std::string check_text(const CheckResult& c, std::uint64_t seed);
void add_check_options(CLI::App& app, CheckRequest& r);
void check_fields(Fields& f, CheckRequest& r);
[[nodiscard]] ActionResult check_action(const CheckRequest& r, Context& ctx, SiegeState* state);
[[nodiscard]] std::string describe_check(const nlohmann::json& outcome);
[[nodiscard]] CheckSpec check_spec(const CheckRequest& r);

// `attack`: one attack on one section.
struct AttackRequest {
  std::string structure;
  std::string weapon;  // empty: inline weapon
  std::optional<int> hull_damage, pierce, crit;
  std::string mount;  // empty: the row's, or standard
  bool gunpowder = false, indirect = false, blast = false;
  std::optional<int> successes, boons, spend_boons;
  std::optional<int> pool, bane_dice, boon_dice;
  std::optional<int> damage_taken;
  std::string from;  // steps mode: state before
  std::string ladder = "hull";
  bool portcullis = false, firing_slit = false;
  std::string section;  // with --state: the section attacked (instead of structure)
  std::string engine;   // with --state: a besieger engine makes its attack
};
// The attack with everything but the dice: `spec` is the check to roll, or
// empty when the referee gave the result (then input.check holds it).
struct PreparedAttack {
  AttackInput input;
  std::optional<CheckSpec> spec;
};
[[nodiscard]] PreparedAttack prepare_attack(const AttackRequest& r, const Tables& t);
[[nodiscard]] AttackOutcome run_attack(const AttackRequest& r, Context& ctx);
void add_attack_options(CLI::App& app, AttackRequest& r);
[[nodiscard]] std::string attack_json(const AttackOutcome& o, std::uint64_t seed);
[[nodiscard]] std::string attack_text(const AttackOutcome& o, std::uint64_t seed);
// As an action (actions.hpp): its fields, and the run with or without a state.
void attack_fields(Fields& f, AttackRequest& r);
[[nodiscard]] ActionResult attack_action(const AttackRequest& r, Context& ctx, SiegeState* state);
[[nodiscard]] std::string describe_attack(const nlohmann::json& outcome);

// Setup functions of the command table (commands.cpp).
Runner setup_list(CLI::App& app);
Runner setup_show(CLI::App& app);
Runner setup_check(CLI::App& app);
Runner setup_attack(CLI::App& app);
Runner setup_odds(CLI::App& app);
Runner setup_batch(CLI::App& app);

}  // namespace siege::cli
