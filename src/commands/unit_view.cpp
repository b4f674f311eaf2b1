#include "commands/unit_view.hpp"
#include "commands/hint.hpp"

#include <fmt/core.h>

#include "commands/actions.hpp"
#include "print/troop_words.hpp"
#include "siege/error.hpp"

namespace siege::cli {

// ---------------------------------------------------------------- inputs

void refuse_unit_options(std::initializer_list<std::pair<std::string_view, bool>> inputs) {
  for (const auto& [key, given] : inputs)
    if (given)
      refuse_input("no-state", key, "needs --state FILE (a siege made with '" + hint({"init"}) + "' that holds the units)");
}

const std::string& required_id(const std::string& value, std::string_view key) {
  if (value.empty()) fail_missing("missing-option", key, "ID (see '" + hint({"status"}) + "'); needed with --state");
  return value;
}

void refuse_known(std::string_view key, bool given, std::string_view what) {
  if (given) refuse_input("bad-option", key, "goes without --state; the state file knows " + std::string(what));
}

// ---------------------------------------------------------------- outcomes

nlohmann::json troop_summary(const TroopOutcome& o) {
  nlohmann::json units = nlohmann::json::array();
  for (const auto& c : o.units) {
    const UnitState& u = c.after;
    units.push_back(
        {{"id", u.id},
         {"figures", u.figures},
         {"order", name_of(u.order)},
         {"where", name_of(u.where)},
         {"section", u.where == UnitPlace::section ? nlohmann::json(u.section) : nlohmann::json()},
         {"through", u.through},
         {"behind", u.behind}});
  }
  nlohmann::json armies = nlohmann::json::array();
  for (const auto& a : o.armies)
    armies.push_back({{"side", name_of(a.side)}, {"killed", a.after.killed}, {"called", a.check_called}});
  return {{"units", std::move(units)}, {"armies", std::move(armies)}};
}

ActionResult with_troops(std::string json, std::string_view action, const std::string& fields, std::string text,
                         const std::string& lines, const TroopOutcome& o, nlohmann::json keys) {
  nlohmann::json summary = troop_summary(o);
  for (auto& [k, v] : keys.items()) summary[k] = std::move(v);
  return {with_fields(std::move(json), action, fields + "," + troop_fields(o)),
          before_rules(std::move(text), lines + troop_text(o)), std::move(summary)};
}

}  // namespace siege::cli
