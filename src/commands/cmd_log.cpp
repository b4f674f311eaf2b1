// `siege log`: the log of a siege, one resolution a line.
#include "commands/cmd_state.hpp"
#include "commands/command.hpp"
#include "print/json.hpp"
#include "print/text.hpp"
#include "state/state_file.hpp"

namespace siege::cli {

void run_log(const NoInputs&, Context& ctx) {
  require_state(ctx, "log");
  StateFile file(ctx.globals.state_file, StateFile::Access::read);
  const SiegeState st = load_state(file, ctx);
  ctx.emit(print::json_text(print::write_log, st, file.path()), print::log_text(st, entry_words()));
}

SIEGE_COMMAND(log) = plain_command<NoInputs, no_inputs, run_log>({
    .name = "log",
    .rank = 300,
    .summary = "List every resolution in a state file's log",
    .example = "siege --state siege.json log"});

}  // namespace siege::cli
