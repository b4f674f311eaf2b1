// The command table: name, one-line help, example, setup.
#include "cmd_state.hpp"
#include "commands.hpp"
#include "cmd_troops.hpp"
#include "cmd_works.hpp"

namespace siege::cli {

const std::vector<Command>& commands() {
  static const std::vector<Command> table{
      {"list", "List a table: structures, weapons, charges or engines",
       "siege list structures", setup_list},
      {"show", "Show one structure, weapon, charge or engine with all its rules notes",
       "siege show curtain-wall", setup_show},
      {"check", "Roll one symbol-dice check", "siege check --difficulty hard --pool 4 --seed 7",
       setup_check},
      {"attack", "Resolve one attack on one section of a structure",
       "siege attack --structure curtain-wall --weapon cannon --seed 42\n"
       "  siege attack --structure castle-gate --portcullis --weapon ram --successes 2 --boons 2",
       setup_attack},
      {"odds",
       "Exact odds of a check, an attack, charges, a climb, a mine or the coming scenes of a siege; "
       "--compare weapons against structures",
       "siege odds attack --structure curtain-wall --weapon cannon --attacks 3\n"
       "  siege odds check --difficulty hard --pool 4\n"
       "  siege odds demolish --structure stone-bridge --on-pier --charge powder-keg:2\n"
       "  siege odds escalade --method ladder --attackers 20 --ladders 2 --defended\n"
       "  siege odds mine --structure curtain-wall --sapper-pool 4\n"
       "  siege --state siege.json odds scene --scenes 4\n"
       "  siege odds --compare --weapons cannon,trebuchet --structures curtain-wall,tower --attacks 4",
       setup_odds},
      {"batch", "Resolve JSON Lines of actions (keys: the options' names), one JSON outcome per line",
       "echo '{\"action\": \"attack\", \"structure\": \"curtain-wall\", \"weapon\": \"cannon\", "
       "\"successes\": 2}' | siege batch\n"
       "  siege batch actions.jsonl --seed 7 > outcomes.jsonl\n"
       "  siege batch --state siege.json --fail-fast night-assault.jsonl",
       setup_batch},
      {"hold", "Hold a breach: the morale check and how many enemy figures force their way through",
       "siege hold --needed 12 --rolled 15 --order good --site breach", setup_hold},
      {"rout", "A rout result within walls: the special procedure beside the standard rout",
       "siege rout --figures 8 --order good --blocked 1", setup_rout},
      {"army-morale", "Whether an army checks morale after its losses",
       "siege army-morale --strength 30 --killed 10", setup_army_morale},
      {"abatis", "One turn of building or tearing down abatis in a breach",
       "siege abatis build --progress 2", setup_abatis},
      {"casualties", "Casualties on an enemy unit partly through a breach",
       "siege casualties --through 3 --behind 7 --killed 4", setup_casualties},
      {"move", "A unit's move, at Rough Terrain speed through a breach",
       "siege move --speed 9 --through-breach", setup_move},
      {"demolish", "Set demolition charges against a section: Craft check, then Hull damage",
       "siege demolish --structure stone-bridge --on-pier --charge powder-keg:2 --craft-successes 1\n"
       "  siege demolish --structure iron-bound-door --charge petard", setup_demolish},
      {"mine", "Dig a mine under a section day by day, then fire it",
       "siege mine --structure curtain-wall --seed 7\n"
       "  siege mine --structure rampart --day-results \"1:0,2:2,0:1\" --countermine", setup_mine},
      {"escalade", "Climb an unbreached section by ladder, grapnel or siege tower, round by round",
       "siege escalade --method ladder --ladders 2 --attackers 10 --defended --seed 3\n"
       "  siege escalade --method tower --attackers 10", setup_escalade},
      {"init", "Write a new siege state file from a description of the siege",
       "siege init siege.json --from examples/castle-siege.json", setup_init},
      {"scene", "Play one scene of a siege in an evening (with --state)",
       "siege --state siege.json scene --seed 7", setup_scene},
      {"status", "Show the siege in a state file at a glance", "siege --state siege.json status",
       setup_status},
      {"log", "List every resolution in a state file's log", "siege --state siege.json log", setup_log},
      {"undo", "Remove the last log entry (the rest is replayed from the start)",
       "siege --state siege.json undo", setup_undo},
      {"replay", "Recompute the siege from its log and check that the file matches",
       "siege --state siege.json replay", setup_replay},
  };
  return table;
}

}  // namespace siege::cli
