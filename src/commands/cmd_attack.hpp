// The requests of `check` and `attack`, which `odds check` and `odds attack`
// share: their inputs (inputs.hpp) and the check or attack they ask for.
#pragma once

#include <optional>
#include <string>

#include "commands/actions.hpp"
#include "commands/context.hpp"
#include "commands/inputs.hpp"
#include "siege/structure.hpp"

namespace siege::cli {

// `check`: one dice check.
struct CheckRequest {
  std::string difficulty;  // required: no default
  Given<int> pool = 3;
  Given<int> bane_dice = 0;
  Given<int> boon_dice = 0;
};
void check_inputs(Fields& f, CheckRequest& r);
[[nodiscard]] CheckSpec check_spec(const CheckRequest& r);

// `attack`: one attack on one section.
struct AttackRequest {
  std::string structure;
  std::string weapon;  // empty: inline weapon
  std::optional<int> hull_damage, pierce, crit;
  std::string mount;  // empty: the row's, or standard
  bool gunpowder = false, indirect = false, blast = false;
  std::optional<int> successes, boons, spend_boons;
  Given<int> pool = 3;
  Given<int> bane_dice = 0, boon_dice = 0;
  std::optional<int> damage_taken;
  std::string from;  // steps mode: state before
  Given<std::string> ladder = std::string("hull");
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
// The weapon of `r`: its --weapon row with any inline stats over it.
[[nodiscard]] Weapon request_weapon(const AttackRequest& r, const Tables& t);
// The same into `w`, whose strings keep their memory.
void request_weapon_into(const AttackRequest& r, const Tables& t, Weapon& w);
// The roll of `r`: the referee's (check) or the Easy attack check to roll (spec).
struct PreparedRoll {
  std::optional<CheckResult> check;
  std::optional<CheckSpec> spec;
};
[[nodiscard]] PreparedRoll prepare_roll(const AttackRequest& r, FiringSlit firing_slit);
[[nodiscard]] PreparedAttack prepare_attack(const AttackRequest& r, const Tables& t);
// The same into `p`, which may hold an earlier attack whose memory it reuses
// (every member is set).
void prepare_attack_into(const AttackRequest& r, const Tables& t, PreparedAttack& p);
// The declarations of the attack's inputs are templates over their visitor
// F: Fields for every front end, and batch mode's FlatReader for the attack
// itself, whose visits are then direct calls (cmd_attack.cpp holds both
// instances).
//
// --structure ID, the structure of a section given without --state
// (attack, demolish, mine and their odds): required then.
template <typename F>
void structure_input(F& f, std::string& structure);
// The inputs of the attack itself (weapon, roll, section), shared with
// `odds attack`; attack_inputs adds those of a siege in a state file.
template <typename F>
void attack_weapon_inputs(F& f, AttackRequest& r);
// Its parts a sortie shares: the weapon (row or inline stats) and the roll.
// `weapon_unless`: the inputs that stand for --weapon (--hull-damage, an inline weapon).
template <typename F>
void weapon_stat_inputs(F& f, AttackRequest& r, Words weapon_unless);
template <typename F>
void attack_roll_inputs(F& f, AttackRequest& r);
template <typename F>
void attack_inputs(F& f, AttackRequest& r);
// --engine ID with a state: the besieger engine's weapon, pool and target
// (its section) go into `r`; refusals name `command`.
void use_engine(AttackRequest& r, SiegeState& st, std::string_view command);

}  // namespace siege::cli
