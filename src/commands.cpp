// The command table: name, one-line help, example, setup.
#include "commands.hpp"
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
      {"demolish", "Set demolition charges against a section: Craft check, then Hull damage",
       "siege demolish --structure stone-bridge --on-pier --charge powder-keg:2 --craft-successes 1\n"
       "  siege demolish --structure iron-bound-door --charge petard", setup_demolish},
      {"mine", "Dig a mine under a section day by day, then fire it",
       "siege mine --structure curtain-wall --seed 7\n"
       "  siege mine --structure rampart --day-results \"1:0,2:2,0:1\" --countermine", setup_mine},
      {"escalade", "Climb an unbreached section by ladder, grapnel or siege tower, round by round",
       "siege escalade --method ladder --ladders 2 --attackers 10 --defended --seed 3\n"
       "  siege escalade --method tower --attackers 10", setup_escalade},
  };
  return table;
}

}  // namespace siege::cli
