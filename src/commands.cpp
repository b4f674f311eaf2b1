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
  };
  return table;
}

}  // namespace siege::cli
