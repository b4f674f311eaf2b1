// Shared by the troop commands (hold, rout, army-morale, abatis, casualties,
// move): rule ids with their rulings, and required numbers.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "front/inputs.hpp"
#include "siege/error.hpp"
#include "siege/rules.hpp"

namespace siege::cli {

// "hold-the-breach (R21), forced-through (R21)": rule ids with their rulings.
[[nodiscard]] inline std::string rules_with_rulings(const std::vector<std::string>& rules) {
  std::string out;
  for (const auto& id : rules) {
    if (!out.empty()) out += ", ";
    out += id;
    if (const RuleInfo* info = rule_info(id)) out += " (" + std::string(info->ruling) + ")";
  }
  return out;
}

// A number the command needs here although its declaration cannot say so
// (a state file without units asks for what one with units knows):
// missing, refused as check_declared refuses a declared one (fail_missing).
[[nodiscard]] inline int required(const std::optional<int>& v, std::string_view key) {
  if (!v) fail_missing("missing-option", key, "a number");
  return *v;
}

}  // namespace siege::cli
