// `siege status`: the siege at a glance (print::status_text, and
// print::write_status for --json).
#include "commands/cmd_state.hpp"
#include "commands/command.hpp"
#include "print/json.hpp"
#include "print/text.hpp"
#include "state/state_file.hpp"

namespace siege::cli {

void run_status(const NoInputs&, Context& ctx) {
  require_state(ctx, "status");
  StateFile file(ctx.globals.state_file, StateFile::Access::read);
  const SiegeState st = load_state(file, ctx);
  const std::string json = print::json_text(print::write_status, st, ctx.tables(), file.path(), "status");
  // The sections as a table, and the rest as tables, to paste into campaign notes.
  if (ctx.globals.format == "markdown" || ctx.globals.format == "csv")
    return ctx.emit_tables(json, print::status_tables(st, ctx.tables()));
  ctx.emit(json, print::status_text(st, ctx.tables()));
}

SIEGE_COMMAND(status) = plain_command<NoInputs, no_inputs, run_status>({
    .name = "status",
    .rank = 290,
    .summary = "Show the siege in a state file at a glance",
    .example = "siege --state siege.json status",
    .tables = true});

}  // namespace siege::cli
