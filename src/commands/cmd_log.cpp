// `siege log`: the log of a siege, one resolution a line.
#include "commands/cmd_state.hpp"
#include "commands/actions.hpp"
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

namespace {

// What the references say of `log` (tools/gen-refs writes docs/siege.1, README.md,
// docs/state.md and the outcome schema from it).
CommandDoc log_doc() {
  return {
      .synopsis = "`siege --state` *FILE* `log`",
      .about = R"doc(List every resolution in the file's log: its number, the command, the options it was given, its
seed and a one-line outcome; then the entries `undo` took back, which `redo` can put back (R40).)doc",
      .example = R"doc(Example:

    $ siege --state siege.json log
       1  scene   seed 7
          scene 1: 6 attacks, 5 hits, 25 damage
       2  attack  --section gatehouse --successes 2 --weapon ram  seed 5
          gatehouse: 4 damage, Hull 4 -> 8, intact -> cracked)doc",
      .with_state = R"doc(each entry: number, action, the options it was given, seed, and a one-line outcome; then the entries that can be redone)doc",
      .outcome = R"json({
  "log_outcome": {
    "allOf": [{"$ref": "#/$defs/base"}],
    "properties": {
      "action": {"const": "log"},
      "file": {"type": "string"},
      "entries": {"type": "array", "items": {"$ref": "#/$defs/log_entry"}},
      "redo": {
        "description": "R40: the entries undo took back, which redo puts back, the next first",
        "type": "array",
        "items": {"$ref": "#/$defs/log_entry"}
      }
    },
    "required": ["file", "entries", "redo"],
    "unevaluatedProperties": false
  }
})json"};
}

}  // namespace

SIEGE_COMMAND(log) = plain_command<NoInputs, no_inputs, run_log>({
    .name = "log",
    .rank = 300,
    .summary = "List every resolution in a state file's log",
    .example = "siege --state siege.json log",
    .doc = log_doc});

}  // namespace siege::cli
