// What the troop commands share when they work on the units of a state file
// (R33): the checks of their inputs, and the units and armies they changed
// as text, as JSON fields and as the summary a log entry keeps.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

#include <nlohmann/json.hpp>

#include "siege/units.hpp"

namespace siege::cli {

// ---------------------------------------------------------------- inputs

// Without --state: refuses the first of `inputs` ({"unit", given}, ...)
// that was given; they name what only a state file holds. Each refusal is
// about its input (refuse_input): "hold: --enemy: needs --state FILE ...".
void refuse_unit_options(std::initializer_list<std::pair<std::string_view, bool>> inputs);

// With --state: the value of a required id input, or its refusal as missing
// (fail_missing: "hold: --enemy: missing: give ID (see 'siege status') ...").
[[nodiscard]] const std::string& required_id(const std::string& value, std::string_view key);

// With --state: refuses input `key` when given; the file knows `what`
// ("its figures", "its order").
void refuse_known(std::string_view key, bool given, std::string_view what);

// A siege with no units (a file from before units came in, or one played
// without troops) keeps the troop commands' numbers: with --state and no
// --unit (army-morale: no --side) such a command runs as it does without a
// state file, and is logged changing nothing, so the logs of older files
// still replay. nullptr then, else `st`.
[[nodiscard]] inline SiegeState* units_state(SiegeState* st, bool unit_given) {
  return st != nullptr && st->now.units.empty() && !unit_given ? nullptr : st;
}

// ---------------------------------------------------------------- outcomes

// The rule trace of `core` replaced by the troop outcome's, which holds it.
template <typename Core>
void adopt_trace(Core& core, const TroopOutcome& o) {
  core.rules = o.rules;
  core.notes = o.notes;
  core.not_modelled = o.not_modelled;
}

// The troop outcome's rules and notes after those of `core`, for a troop
// outcome made apart from the core rule's (escalade_unit records a climb).
template <typename Core>
void append_trace(Core& core, const TroopOutcome& o) {
  for (const auto& r : o.rules) siege::add_rule(core.rules, r);
  for (const auto& n : o.notes) core.notes.push_back(n);
  for (const auto& n : o.not_modelled) siege::add_unique(core.not_modelled, n);
}

// `"units":[...],"armies":[...]` (siege::write_troop_changes), for with_fields.
[[nodiscard]] std::string troop_fields(const TroopOutcome& o);

// One "Unit" block per unit changed (before and after; a unit the command
// only looked at, such as a holder whose order stays, is left out) and one
// "Army" line per army changed, for the text of a command.
[[nodiscard]] std::string troop_text(const TroopOutcome& o);

// troop_text(o), then the "Rules" line and the notes: the end of a troop
// command's text.
[[nodiscard]] std::string troop_text_and_trace(const TroopOutcome& o);

// `text` (a command's text, ending in its "Rules" line and notes) with
// `lines` put in before the "Rules" line.
[[nodiscard]] std::string before_rules(std::string text, const std::string& lines);

// What the log keeps of the units and armies changed: {"units": [{"id",
// "figures", "order", "where", "section", "through", "behind"}], "armies":
// [{"side", "killed", "called"}]}, each as it is after.
[[nodiscard]] nlohmann::json troop_summary(const TroopOutcome& o);

// "; the besieger army checks morale" for each army whose check a logged
// troop command called (its summary), for `siege log`.
[[nodiscard]] std::string called_words(const nlohmann::json& summary);

// "30 of 30 figures, good, at north-wall: 3 through, 27 behind": a unit at a
// glance (status and the troop commands), the order painted on a terminal.
[[nodiscard]] std::string unit_words(const UnitState& u);
// "outside", "within the walls", "at north-wall: 3 through, 27 behind" ("at
// north-wall" for a defender, which stands on the inner side).
[[nodiscard]] std::string unit_place(const UnitState& u);
// An order's name in its colour: good as it is, shaken yellow, routed red.
[[nodiscard]] std::string painted_order(Order o);
// "5 killed of 42 (a third is 14: 9 to go)", "... the check is called",
// "... defenders in a castle never check".
// R38: `sally`, whether defenders are out on a sally.
[[nodiscard]] std::string army_words(const ArmyState& a, Sally sally);

}  // namespace siege::cli
