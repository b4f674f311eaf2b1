// siege/rules.hpp - the catalogue of rule ids that appear in outcome traces.
//
// Every id an outcome lists in "rules" or in an Armor step is here, with the
// ruling it implements (RULINGS.md) and a one-line summary for text output.
#pragma once

#include <string_view>

namespace siege {

struct RuleInfo {
  std::string_view id;
  std::string_view ruling;
  std::string_view summary;
};

inline constexpr RuleInfo rule_catalogue[] = {
    {"symbol-dice", "R27", "skill pool + difficulty dice; pass on 1+ net Success"},
    {"damage", "R2", "Hull damage + net Successes - effective Armor, never below 0"},
    {"miss", "R2", "a failed check deals no damage"},
    {"portcullis", "R12", "a portcullis makes the gate Armor 3 and adds 4 Hull"},
    {"vulnerable-to-guns", "R6", "gunpowder of standard mount or more: tall masonry -2 Armor"},
    {"cracked", "R1", "a cracked section has 1 less Armor"},
    {"indirect-fire", "R10", "indirect fire that hits a bunker ignores 1 Armor"},
    {"pierce", "R1", "the weapon's Pierce lowers Armor"},
    {"firing-slit", "R11", "through the slit: +3 Bane dice, Armor ignored"},
    {"armor-floor", "R1", "Armor never goes below 0"},
    {"heavy-weapons-only", "R8", "only heavy and capital weapons mark reinforced concrete"},
    {"blast-halved", "R9", "Blast does half its Hull damage (round down) to earth"},
    {"dug-not-knocked-down", "R9", "attacks and charges leave earthworks at most cracked"},
    {"crit-bundle", "R3", "each full Crit's worth of Boons buys +2 Hull damage"},
    {"hull-cap", "R4", "damage past the Hull is overkill, not stored"},
    {"breach-ladder", "R4", "intact below half, cracked from half, breached at full Hull"},
    {"ladder-steps", "R5", "ladder steps of half the Hull (rounded up); remainder lost"},
    {"cover-lost", "R15", "cracked: people behind it lose one step of cover"},
    {"breach-gap", "R15", "breached: a gap two abreast, rubble at Rough Terrain speed"},
    {"impassable-when-breached", "R13", "a breached wooden bridge cannot be crossed"},
    {"burns", "R14", "wooden: Burn applies (not modelled here)"},
    {"personal-weapon", "R7", "personal weapons use the personal-combat rules"},
    {"charge-opens-door", "R18", "a petard or breaching charge opens a door or gate"},
    {"pier-counts-double", "R13", "a charge on a stone bridge pier counts double"},
    // A siege in an evening (docs/state.md): rulings E1-E4, to be numbered in docs/rulings.md.
    {"scene-attacks", "E1", "each scene every engine not knocked out makes one attack, besiegers first"},
    {"engine-target", "E2", "an engine or the camp is hit with its own Armor and Hull, no structure rules"},
    {"knocked-out", "E2", "an engine (or the camp) that has suffered its whole Hull is out"},
    {"play-the-assault", "E3", "a section is breached: play the assault"},
    {"own-scene", "E3", "after the engines, play one scene of the characters' own"},
    {"evening-length", "E4", "a siege in an evening is three or four scenes"},
};

// The catalogue entry of `id`, or nullptr.
[[nodiscard]] constexpr const RuleInfo* rule_info(std::string_view id) noexcept {
  for (const auto& r : rule_catalogue)
    if (r.id == id) return &r;
  return nullptr;
}

}  // namespace siege
