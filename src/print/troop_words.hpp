// print/troop_words.hpp - the text pieces the troop commands and their
// printers share: rule ids with their rulings, a unit and an army at a
// glance, and the units and armies a troop outcome changed, as text and as
// JSON fields (defined in print/troop_words.cpp; the checks of the troop
// commands' inputs are in commands/unit_view.hpp).
#pragma once

#include <string>
#include <vector>

#include "siege/rules.hpp"
#include "siege/units.hpp"

namespace siege::cli {

// "hold-the-breach (R21), forced-through (R21)": rule ids with their rulings.
template <typename Rules>  // of std::string or std::string_view
[[nodiscard]] std::string rules_with_rulings(const Rules& rules) {
  std::string out;
  for (const auto& id : rules) {
    if (!out.empty()) out += ", ";
    out += id;
    if (const RuleInfo* info = rule_info(id)) out += " (" + std::string(info->ruling) + ")";
  }
  return out;
}

// ---------------------------------------------------------------- outcomes

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

// `rout --unit`: which rout the player took, "Taken     the standard rout
// ..." or the special procedure with the figures it removed.
[[nodiscard]] std::string rout_taken_line(bool standard, int removed);

// ---------------------------------------------------------------- words

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
