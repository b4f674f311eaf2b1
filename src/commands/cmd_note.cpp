// `siege note TEXT`: a line of free text in the log of a siege (R39).
#include <fmt/core.h>

#include "commands/command.hpp"
#include "print/note.hpp"

namespace siege::cli {

namespace {

struct NoteRequest {
  std::string text;  // the positional argument; batch and log key "text"
};

void note_inputs(Fields& f, NoteRequest& r) {
  f.text({.key = "text",
          .help = "The note: a parley, a ruling, who killed whom (one line of UTF-8)",
          .value_name = "TEXT",
          .also = "--text",
          .need = Need::required,
          .positional = true,
          .max_bytes = max_note_bytes},
         r.text);
}

ActionResult note_action(const NoteRequest& r, Context&, SiegeState* st) {
  const NoteOutcome o = resolve_note(r.text, st->now.scene);
  std::string json = print::json_text(print::write_note, o);
  return {std::move(json), print::note_text(o), {{"text", o.text}}};
}

}  // namespace

SIEGE_COMMAND(note) = action_command<NoteRequest, note_inputs, note_action, print::describe_note>({
    .name = "note",
    .rank = 260,
    .summary = "Log a line of free text, in the current scene (with --state)",
    .example = "siege --state siege.json note 'parley: terms until dawn'",
    .needs_state = true});

}  // namespace siege::cli
