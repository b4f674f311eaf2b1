// Shared by the troop commands (hold, rout, army-morale, abatis, casualties,
// move): rule ids with their rulings, and required numbers.
#pragma once

#include <optional>
#include <string>
#include <vector>

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

// A required number: the command line insists on it (Need::required); a
// batch line or a log entry that leaves it out is refused here.
[[nodiscard]] inline int required(const std::optional<int>& v, const std::string& command,
                                  const std::string& option) {
  if (!v) fail_usage("missing-option", command + ": " + option + " N is required");
  return *v;
}

}  // namespace siege::cli
