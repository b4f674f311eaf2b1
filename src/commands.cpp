// The command table: name, one-line help, example, setup.
#include "cmd_state.hpp"
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
