// `siege replay`: recomputes the siege from its log and checks the file.
#include "commands/cmd_state.hpp"
#include "commands/command.hpp"
#include "print/json.hpp"
#include "print/text.hpp"
#include "state/state_file.hpp"

namespace siege::cli {

void run_replay(const NoInputs&, Context& ctx) {
  require_state(ctx, "replay");
  StateFile file(ctx.globals.state_file, StateFile::Access::read);
  const SiegeState st = load_state(file, ctx);
  SiegeState again = replay_log(st, st.log.size(), ctx, file.path());
  again.redo = st.redo;  // R40: replay ignores what could be redone
  // Every logged outcome matched; now the siege as the file has it.
  const auto as_file = nlohmann::json::parse(write_state(st));
  const auto replayed = nlohmann::json::parse(write_state(again));
  if (auto d = first_difference(as_file, replayed, ""))
    fail_state("replay-differs", file.path() + ":" + *d);

  ctx.emit(print::json_text(print::write_replay, st, file.path()), print::replay_text(st, file.path()));
}

SIEGE_COMMAND(replay) = plain_command<NoInputs, no_inputs, run_replay>({
    .name = "replay",
    .rank = 330,
    .summary = "Recompute the siege from its log and check that the file matches",
    .example = "siege --state siege.json replay"});

}  // namespace siege::cli
