// siege/rules.hpp - the catalogue of the rule ids that outcomes list: the
// rules each core header declares beside the code that applies them (its
// *_rules array), gathered here by tools/gen-refs. Edit those, not this file.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <iterator>
#include <string_view>

#include "siege/breach.hpp"
#include "siege/demolition.hpp"
#include "siege/dice.hpp"
#include "siege/escalade.hpp"
#include "siege/gallery.hpp"
#include "siege/mine.hpp"
#include "siege/morale.hpp"
#include "siege/note.hpp"
#include "siege/roster.hpp"
#include "siege/scene.hpp"
#include "siege/structure.hpp"
#include "siege/units.hpp"
#include "siege/rule.hpp"

namespace siege {

namespace detail {
template <std::size_t... N>
constexpr auto join_rules(const RuleInfo (&... parts)[N]) {
  std::array<RuleInfo, (N + ...)> out{};
  std::size_t at = 0;
  ((std::copy(std::begin(parts), std::end(parts), out.begin() + static_cast<std::ptrdiff_t>(at)), at += N), ...);
  return out;
}
}  // namespace detail

inline constexpr auto rule_catalogue = detail::join_rules(
    breach_rules,
    demolition_rules,
    dice_rules,
    escalade_rules,
    gallery_rules,
    mine_rules,
    morale_rules,
    note_rules,
    roster_rules,
    scene_rules,
    structure_rules,
    units_rules);

// The catalogue entry of `id`, or nullptr.
[[nodiscard]] constexpr const RuleInfo* rule_info(std::string_view id) noexcept {
  for (const auto& r : rule_catalogue)
    if (r.id == id) return &r;
  return nullptr;
}

// No id twice (checked as the program is compiled).
[[nodiscard]] constexpr bool rule_ids_unique() noexcept {
  for (std::size_t i = 0; i < rule_catalogue.size(); ++i)
    for (std::size_t j = i + 1; j < rule_catalogue.size(); ++j)
      if (rule_catalogue[i].id == rule_catalogue[j].id) return false;
  return true;
}
static_assert(rule_ids_unique(), "two core headers declare one rule id");

}  // namespace siege
