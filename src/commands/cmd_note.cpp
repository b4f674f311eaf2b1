// `siege note TEXT`: a line of free text in the log of a siege (R39).
#include <fmt/core.h>

#include "commands/command.hpp"
#include "print/note.hpp"

namespace siege::cli {

namespace {

struct NoteRequest {
  std::string text;  // the positional argument; batch and log key "text"
  bool is_private = false;  // R44: batch and log key "private"
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
  f.flag({"private", "A note only the referee sees: never in the players' view (R44)"}, r.is_private);
}

ActionResult note_action(const NoteRequest& r, Context&, SiegeState* st) {
  const NoteOutcome o =
      resolve_note(r.text, st->now.scene, r.is_private ? Privacy::referee_only : Privacy::shared);
  std::string json = print::json_text(print::write_note, o);
  nlohmann::json summary = {{"text", o.text}};
  if (o.privacy == Privacy::referee_only) summary["private"] = true;  // hidden_from_players reads it
  return {std::move(json), print::note_text(o), std::move(summary)};
}

}  // namespace

namespace {

// What the references say of `note` (tools/gen-refs writes docs/siege.1, README.md,
// docs/state.md and the outcome schema from it).
CommandDoc note_doc() {
  return {
      .synopsis = "`siege --state` *FILE* `note` [`--private`] *TEXT*",
      .about = R"doc(Log a line of free text: a parley, a ruling, who killed whom (R39). The note belongs to the
scene under way (R30) and changes nothing else in the siege; it shows in `log`, in `status` (the
last three notes, in every format) and in the chronicle, in its scene. Needs `--state`; logged
(batch key `text`). A note past 1000 bytes, one that is not valid UTF-8, and one with a control
character (a newline, a tab: C0 and C1, R42) are refused (status 2). A note given `--private` is
the referee's alone (R44): `log`, `status` and the referee's chronicle show it marked private; the
players' view (`serve`, `chronicle --view players`) leaves it out and numbers its entries without
it.)doc",
      .inputs = R"doc(@text: The note, one line of UTF-8; the option gives it too, for a note that starts with a dash.
@private: The note is for the referee alone: never in the players' view (R44).)doc",
      .example = R"doc(Example:

    $ siege --state siege.json note 'parley: terms until dawn'
    Note      parley: terms until dawn
    Scene     2)doc",
      .with_state = "R39: the note logged in the current scene, nothing else changed; needs a state; R44: `--private` keeps it from the players' view",
      .outcome = R"json({
  "note_outcome": {
    "description": "`siege note TEXT` (R39): a line of free text logged in the scene under way; nothing else changes.",
    "allOf": [{"$ref": "#/$defs/base"}, {"$ref": "#/$defs/logged"}],
    "properties": {
      "action": {"const": "note"},
      "text": {"type": "string", "minLength": 1},
      "scene": {"$ref": "#/$defs/count"},
      "private": {"const": true, "description": "R44: present on a note for the referee alone"}
    },
    "required": ["text", "scene"],
    "unevaluatedProperties": false
  }
})json"};
}

}  // namespace

SIEGE_COMMAND(note) = action_command<NoteRequest, note_inputs, note_action, print::describe_note>({
    .name = "note",
    .rank = 260,
    .summary = "Log a line of free text, in the current scene (with --state)",
    .example = "siege --state siege.json note 'parley: terms until dawn'",
    .needs_state = true,
    .doc = note_doc});

}  // namespace siege::cli
