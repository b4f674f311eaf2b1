// siege/rule.hpp - a rule as an outcome's trace names it.
//
// Each rule header declares the rules its outcomes list, in one array named
// after it (`inline constexpr RuleInfo structure_rules[]`); siege/rules.hpp
// gathers them into the catalogue (tools/gen-refs writes it), so a new rule
// is declared once, beside the code that applies it.
#pragma once

#include <string_view>

namespace siege {

struct RuleInfo {
  std::string_view id;       // as outcomes list it: "vulnerable-to-guns"
  std::string_view ruling;   // the ruling it implements (RULINGS.md): "R6"
  std::string_view summary;  // one line for the text
};

}  // namespace siege
