// `siege replay`: recomputes the siege from its log and checks the file.
#include "commands/cmd_state.hpp"
#include "commands/actions.hpp"
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
  // Every logged outcome matched; now the siege as the file has it. Both
  // are written the one way: the same text is the same siege, and only
  // texts that differ are read to name where.
  // The log built again refers to the file's own entries (replay_log):
  // the same bytes kept are not compared byte by byte.
  const siege::StateText as_file = siege::write_state_text(st);
  const siege::StateText replayed = siege::write_state_text(again);
  const bool same_kept = as_file.kept.data() == replayed.kept.data() && as_file.kept.size() == replayed.kept.size();
  if (!(same_kept && as_file.head == replayed.head && as_file.tail == replayed.tail)) {
    const std::string a = as_file.str();
    const std::string b = replayed.str();
    if (a != b) {
      if (auto d = first_difference(nlohmann::json::parse(a), nlohmann::json::parse(b), ""))
        fail_state("replay-differs", file.path() + ":" + *d);
    }
  }

  ctx.emit(print::json_text(print::write_replay, st, file.path()), print::replay_text(st, file.path()));
}

namespace {

// What the references say of `replay` (tools/gen-refs writes docs/siege.1, README.md,
// docs/state.md and the outcome schema from it).
CommandDoc replay_doc() {
  return {
      .synopsis = "`siege --state` *FILE* `replay`",
      .about = R"doc(Recompute the siege from its start and its log, and check that the file matches; the first
difference is reported with status 4. Give the same `--data` as when the siege was played.)doc",
      .example = R"doc(Example:

    $ siege --state siege.json replay
    replay matches: 1 log entry replayed from the initial state give
    siege.json)doc",
      .with_state = R"doc(recomputes the siege from the initial state and the log; exit 0 "replay matches", else exit 4 naming the first difference)doc",
      .outcome = R"json({
  "replay_outcome": {
    "allOf": [{"$ref": "#/$defs/base"}],
    "properties": {
      "action": {"const": "replay"},
      "file": {"type": "string"},
      "matches": {"const": true},
      "log_entries": {"$ref": "#/$defs/count"},
      "scene": {"$ref": "#/$defs/count"}
    },
    "required": ["file", "matches", "log_entries", "scene"],
    "unevaluatedProperties": false
  }
})json"};
}

}  // namespace

SIEGE_COMMAND(replay) = plain_command<NoInputs, no_inputs, run_replay>({
    .name = "replay",
    .rank = 330,
    .summary = "Recompute the siege from its log and check that the file matches",
    .example = "siege --state siege.json replay",
    .doc = replay_doc});

}  // namespace siege::cli
