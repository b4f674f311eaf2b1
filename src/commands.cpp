// The command table: name, one-line help, example, setup.
#include "commands.hpp"

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
      {"odds", "Exact odds of a check's or an attack's outcomes; --compare weapons against structures",
       "siege odds attack --structure curtain-wall --weapon cannon --attacks 3\n"
       "  siege odds check --difficulty hard --pool 4\n"
       "  siege odds --compare --weapons cannon,trebuchet --structures curtain-wall,tower --attacks 4",
       setup_odds},
  };
  return table;
}

}  // namespace siege::cli
