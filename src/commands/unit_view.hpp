// What the troop commands share when they work on the units of a state file
// (R33): the checks of their inputs, their rule traces, and the summary a log
// entry keeps of the units and armies they changed (their text and JSON
// fields are in print/troop_words.hpp).
#pragma once

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include <nlohmann/json.hpp>

#include "commands/command.hpp"
#include "commands/inputs.hpp"
#include "siege/error.hpp"
#include "siege/units.hpp"

namespace siege::cli {

// ---------------------------------------------------------------- inputs

// A number the command needs here although its declaration cannot say so
// (a state file without units asks for what one with units knows):
// missing, refused as check_declared refuses a declared one (fail_missing).
[[nodiscard]] inline int required(const std::optional<int>& v, std::string_view key) {
  if (!v) fail_missing("missing-option", key, "a number");
  return *v;
}

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

// A core rule's result joined with the troop outcome of a state file (hold,
// rout and escalade on units): its JSON `json` with `fields` (its own keys)
// and the units and armies `o` changed after its "action", its `text` with
// `lines` (its own) and the troop lines before its "Rules" line, and the
// log summary of `o` with `keys` added.
[[nodiscard]] ActionResult with_troops(std::string json, std::string_view action, const std::string& fields,
                                       std::string text, const std::string& lines, const TroopOutcome& o,
                                       nlohmann::json keys);

// What the log keeps of the units and armies changed: {"units": [{"id",
// "figures", "order", "where", "section", "through", "behind"}], "armies":
// [{"side", "killed", "called"}]}, each as it is after.
[[nodiscard]] nlohmann::json troop_summary(const TroopOutcome& o);

}  // namespace siege::cli
