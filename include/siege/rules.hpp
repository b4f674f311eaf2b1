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
    {"portcullis-holds", "R34", "a petard or breaching charge does not open a castle gate with its portcullis"},
    {"pier-counts-double", "R13", "a charge on a stone bridge pier counts double"},
    {"exact-odds", "R27", "odds by exact enumeration of the dice faces"},
    {"breach-rough-terrain", "R15", "through a breach troops move at Rough Terrain speed, rounded down"},
    {"hold-the-breach", "R21", "a declared hold: check morale (pass at or under the number needed), no withdrawing instead"},
    {"forced-through", "R21", "a failed hold lets rolled - needed enemy figures past; defenders step back just enough"},
    {"hold-keeps-order", "R21", "failing while holding costs no order: good stays good, shaken stays shaken"},
    {"hero-never-fails", "R21", "a hero holding a breach never fails a morale check"},
    {"morale-dice", "R28", "the morale roll uses the data's dice expression (default 2d10)"},
    {"hold-site", "R22", "holding needs a bottleneck or barrier, not a wide corridor, bridge or passage"},
    {"barrier-protected", "R22", "on a wall-top or breastwork every figure in contact is behind the barrier"},
    {"casualties-through-first", "R23", "casualties on a unit partly through a breach come from those through first"},
    {"fill-the-gaps", "R23", "defenders may step forward into gaps left by figures removed from those through"},
    {"rout-within-walls", "R24", "a rout result within walls: the special procedure or the standard rout"},
    {"rout-shaken", "R24", "rout within walls, step 1: the unit becomes (or stays) shaken"},
    {"rout-extra-figure", "R24", "step 2: one more figure removed, no further check"},
    {"rout-move", "R24", "step 3: the rest move 4\" from the enemy; those blocked or touching it are eliminated"},
    {"rout-split-room", "R24", "a split unit: only the affected room moves, the whole unit is shaken"},
    {"standard-rout", "R24", "the player may take the standard rout instead, even after the dice"},
    {"army-morale", "R25", "the army checks morale once a third of it is killed (killed x 3 >= strength)"},
    {"castle-defenders-never-check", "R25", "defenders in a castle never check army morale"},
    {"unit-place", "R33", "a unit stands outside, at a section (through and behind) or within the walls"},
    {"unit-through", "R33", "figures through a breach count as through; with none behind the unit is within the walls"},
    {"unit-within-walls", "R33", "every figure left is through: the unit is within the walls"},
    {"hold-moves-enemy", "R33", "a failed hold moves the margin of enemy figures through, capped at those behind"},
    {"unit-losses", "R33", "every figure a unit loses counts as killed for its army"},
    {"army-third-called", "R33", "the army's one-third check is called once, when killed x 3 first reaches strength"},
    {"rout-losses-killed", "R33", "figures a rout within walls removes or eliminates leave the unit, killed"},
    {"order-recorded", "R33", "the referee records the result of the standard morale rules as the unit's order"},
    {"climbers-through", "R33", "climbers up on the wall walk count as through, those at the foot as behind"},
    {"attackers-spoil-abatis", "R33", "a besieger unit at a breached section spoils the turn of building abatis"},
    {"abatis-work", "R26", "abatis is built or torn down in 3 turns of work"},
    {"abatis-spoiled", "R26", "attackers in the breach (build) or an attack (tear) reset the work to 0"},
    {"abatis-mantlet", "R26", "standing abatis counts as a movable mantlet"},
    {"charge-craft-check", "R16", "charges are set with an Average Craft check, Prepare maneuvers"},
    {"charge-fails", "R16", "a failed Craft check: the charges do nothing"},
    {"siege-rating", "R17", "a charge's Hull damage comes from its Siege rating"},
    {"charges-add", "R17", "charges set together add up; Armor is taken off once"},
    {"charge-not-a-gun", "R17", "a charge is no mounted gun: no gun weakness, no mount limit"},
    {"mine-days", "R19", "a mine takes one day of digging per point of listed Armor"},
    {"dug-through", "R9", "a mine or digging through breaches an earthwork"},
    {"mine-opposed-check", "R19", "each day: opposed Perception, each side pool + Average dice"},
    {"tie-to-sappers", "R19", "equal net Successes: the gallery stays hidden"},
    {"countermine-possible", "R19", "a detected mine is not fired: countermine possible"},
    {"mine-fired", "R19", "a fired mine deals 20 Hull damage and ignores Armor"},
    {"breach-not-climbed", "R20", "a breached section is not climbed: go through the breach"},
    {"escalade-ladder", "R20", "ladder: Average Athletics, one climber a round per ladder"},
    {"escalade-grapnel", "R20", "grapnel: Hard Athletics, one climber a round per rope, silent"},
    {"escalade-tower", "R20", "siege tower at the wall: no check, 4 attackers a round"},
    {"defenders-at-top", "R20", "defenders at the top of a ladder: +2 Bane dice"},
    {"climb-retry", "R20", "failed climbers stay at the foot and try again next round"},
    // A siege in an evening (docs/state.md): rulings E1-E4, to be numbered in docs/rulings.md.
    {"scene-attacks", "E1", "each scene every engine not knocked out makes one attack, besiegers first"},
    {"engine-target", "E2", "an engine or the camp is hit with its own Armor and Hull, no structure rules"},
    {"knocked-out", "E2", "an engine (or the camp) that has suffered its whole Hull is out"},
    {"play-the-assault", "E3", "a section is breached: play the assault"},
    {"own-scene", "E3", "after the engines, play one scene of the characters' own"},
    {"evening-length", "E4", "a siege in an evening is three or four scenes"},
    {"sortie", "E3", "the characters' sortie hits an engine or the camp as an engine's attack does (E2)"},
    // The whole evening in the state file (RULINGS.md R29-R32).
    {"engine-targets", "R29", "a besieger aims at a section; a defender at a besieger engine or the camp, never its own wall"},
    {"nothing-to-shoot", "R29", "an engine with no target, or one breached, knocked out or wrecked, waits to be re-aimed"},
    {"scene-days", "R30", "a gallery digs at most the scene's days: 1 in a day-long scene, 7 in a week-long one"},
    {"countermine-collapsed", "R31", "the countermine collapses the found gallery: 0 days dug, the scene's days stay used"},
    {"countermine-failed", "R31", "the countermine fails: the sappers dig on, and the daily checks go on"},
    {"referee-damage", "R32", "the referee's damage: Hull suffered added, capped at the Hull, no structure rules"},
    {"referee-repair", "R32", "the referee's repair: Hull suffered taken away, never more than was suffered"},
    {"breach-repaired", "R32", "a breach repaired is closed, and its abatis goes with it"},
    {"back-in-action", "R32", "an engine repaired below its Hull is back in action; the camp is no longer wrecked"},
    // The siege as it changes during an evening (RULINGS.md R35-R41).
    {"unit-arrives", "R35", "a unit joins the siege, checked as a description's unit; its army's strength grows"},
    {"engine-arrives", "R35", "an engine joins the siege, checked as a description's engine (R7, R29)"},
    {"unit-leaves", "R36", "a unit leaves: its record stays, gone; its figures alive leave the army's strength"},
    {"engine-leaves", "R36", "an engine leaves: its record stays, gone; engines aimed at it have nothing to shoot"},
    {"unit-split", "R37", "part of a unit becomes a new unit of the same side, order and place"},
    {"unit-merge", "R37", "a unit joins another of its side at its place; the worse order stays"},
    {"sally", "R38", "a defender unit outside the walls is a sally: the defenders are not in a castle"},
    {"sally-checks", "R38", "while defenders are out on a sally their army checks at a third like any other"},
    {"note", "R39", "a line of free text in the log, in the current scene; it changes nothing else"},
};

// The catalogue entry of `id`, or nullptr.
[[nodiscard]] constexpr const RuleInfo* rule_info(std::string_view id) noexcept {
  for (const auto& r : rule_catalogue)
    if (r.id == id) return &r;
  return nullptr;
}

}  // namespace siege
