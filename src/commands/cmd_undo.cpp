// `siege undo` and `siege redo` (R40): take entries back from the end of the
// log (the rest is replayed from the start) and put them back exactly, with
// their inputs and seeds. Neither is a log entry: each is one lock and one
// write of the state file.
#include <fmt/format.h>

#include "commands/cmd_state.hpp"
#include "commands/actions.hpp"
#include "commands/command.hpp"
#include "print/json.hpp"
#include "print/text.hpp"
#include "state/state_file.hpp"

namespace siege::cli {

namespace {

using print::entries_word;
using print::entry_span;

struct UndoRequest {
  Given<int> count = 1;
  std::optional<int> to;
};

void undo_inputs(Fields& f, UndoRequest& r) {
  f.number({"count", "Take back the last N entries", "N"}, r.count, 1, max_log_entries);
  f.number({"to", "Take back every entry after entry K (0: all of them)", "K"}, r.to, 0, max_log_entries);
}

void run_undo(const UndoRequest& r, Context& ctx) {
  require_state(ctx, "undo");
  if (r.count.given() && r.to) fail_usage("bad-usage", "undo: give --count N or --to K, not both");
  const bool dry = ctx.globals.dry_run;
  StateFile file(ctx.globals.state_file, dry ? StateFile::Access::dry_run : StateFile::Access::update,
                 ctx.lock_wait());
  const SiegeState st = load_state(file, ctx);
  const std::size_t n = st.log.size();
  if (n == 0) fail_usage("nothing-to-undo", "undo: the log of " + file.path() + " is empty: nothing to undo");
  std::size_t keep = 0;  // the entries left
  if (r.to) {
    const auto k = static_cast<std::size_t>(*r.to);
    if (k > n)
      fail_input("no-such-entry", "to", std::to_string(k),
                 fmt::format("the log of {} has no entry {}: it has {} {}", file.path(), k, n, entries_word(n)));
    if (k == n)
      fail_input("nothing-to-undo", "to", std::to_string(k),
                 fmt::format("entry {} is the last of the log of {}: nothing after it to undo", k, file.path()));
    keep = k;
  } else {
    const auto c = static_cast<std::size_t>(*r.count);
    if (c > n)
      fail_input("too-many-entries", "count", std::to_string(c),
                 fmt::format("the log of {} has only {} {}", file.path(), n, entries_word(n)));
    keep = n - c;
  }
  SiegeState back = replay_log(st, keep, ctx, file.path());
  // R40: the entries taken back can be redone, the first of them first,
  // before what could be redone already.
  back.redo.assign(st.log.begin() + static_cast<std::ptrdiff_t>(keep), st.log.end());
  back.redo.append(st.redo.begin(), st.redo.end());
  // Every entry left is one the file held: only the rest is read back.
  const siege::StateText written = checked_state_text(back, file.path(), ctx.tables(), back.log.size());
  if (!dry) file.commit(written);
  const LogEntry& last = st.log.back();
  if (!dry)
    ctx.note_commit(fmt::format("the siege in {} was updated: log {} undone", file.path(),
                                entry_span(st.log[keep].entry, last.entry)));

  ctx.emit(print::json_text(print::write_undo_redo, "undo", file.path(), dry, last, n - keep, back),
           print::undo_text(st, keep, back, file.path(), dry, ctx.tables(), entry_words()));
}

struct RedoRequest {
  Given<int> count = 1;
};

void redo_inputs(Fields& f, RedoRequest& r) {
  f.number({"count", "Put back the next N entries undo took back", "N"}, r.count, 1, max_log_entries);
}

void run_redo(const RedoRequest& r, Context& ctx) {
  require_state(ctx, "redo");
  const bool dry = ctx.globals.dry_run;
  StateFile file(ctx.globals.state_file, dry ? StateFile::Access::dry_run : StateFile::Access::update,
                 ctx.lock_wait());
  const SiegeState st = load_state(file, ctx);
  if (st.redo.empty())
    fail_usage("nothing-to-redo", "redo: nothing to redo in " + file.path() +
                                      " (only what undo took back, until a new log entry clears it: R40)");
  const auto c = static_cast<std::size_t>(*r.count);
  if (c > st.redo.size())
    fail_input("too-many-entries", "count", std::to_string(c),
               fmt::format("only {} {} can be redone in {}", st.redo.size(), entries_word(st.redo.size()),
                           file.path()));
  // R40: each entry runs again with its inputs and seed and must give its
  // logged outcome (else a state error, and nothing is written).
  SiegeState work = st;
  work.redo.clear();
  for (std::size_t i = 0; i < c; ++i) (void)replay_entry(work, st.redo[i], "/redo/" + std::to_string(i), ctx, file.path());
  work.redo.assign(st.redo.begin() + static_cast<std::ptrdiff_t>(c), st.redo.end());
  // The entries the file held before are not read back again.
  const siege::StateText written = checked_state_text(work, file.path(), ctx.tables(), st.log.size());
  if (!dry) file.commit(written);
  const LogEntry& last = st.redo[c - 1];
  if (!dry)
    ctx.note_commit(fmt::format("the siege in {} was updated: log {} redone", file.path(),
                                entry_span(st.redo.front().entry, last.entry)));

  ctx.emit(print::json_text(print::write_undo_redo, "redo", file.path(), dry, last, c, work),
           print::redo_text(st, c, work, file.path(), dry, ctx.tables(), entry_words()));
}

}  // namespace

namespace {

// What the references say of `undo` (tools/gen-refs writes docs/siege.1, README.md,
// docs/state.md and the outcome schema from it).
CommandDoc undo_doc() {
  return {
      .synopsis = "`siege --state` *FILE* `undo` [`--count` *N* | `--to` *K*]",
      .about = R"doc(Take back the last log entry, the last *N*, or every entry after entry *K* (`--to 0` takes back
all of them), in one step: the siege is replayed from its start to what is left and written back
once (R40). The entries taken back go to the file's `redo` list, which `redo` puts back; a new
log entry clears it. Undo is not a log entry and is refused as a batch line. An empty log, more
entries than the log holds, and `--to` an entry that does not exist or the last one are refused
(status 2, the file unchanged). With `--dry-run` it prints what it would take back and writes
nothing.)doc",
      .inputs = R"doc(@count: Take back the last N entries.
@to: Take back every entry after entry K; not with `--count`.)doc",
      .example = R"doc(Example:

    $ siege --state siege.json undo
    Undo      entry 2: attack --section gatehouse --successes 2 --weapon
              ram (seed 5)
    Replayed  the 1 entry before it; siege.json written
    Redo      1 entry can be redone ('siege redo'))doc",
      .with_state = R"doc(R40: takes back the last entry, the last N, or every entry after entry K (`--to 0`: all), replaying the others from the initial siege; the entries taken back go to the `redo` list; not a log entry (refused in batch))doc",
      .outcome = R"json({
  "undo_outcome": {
    "allOf": [{"$ref": "#/$defs/base"}],
    "properties": {
      "action": {"const": "undo"},
      "file": {"type": "string"},
      "dry_run": {"type": "boolean"},
      "undone": {"description": "the last entry taken back (of the log's, the latest)", "$ref": "#/$defs/log_entry"},
      "count": {"description": "R40: how many entries were taken back", "type": "integer", "minimum": 1},
      "log_entries": {"$ref": "#/$defs/count"},
      "redo_entries": {"description": "R40: the entries that can be redone now", "type": "integer", "minimum": 1},
      "scene": {"$ref": "#/$defs/count"}
    },
    "required": ["file", "dry_run", "undone", "count", "log_entries", "redo_entries", "scene"],
    "unevaluatedProperties": false
  }
})json"};
}

}  // namespace

SIEGE_COMMAND(undo) = plain_command<UndoRequest, undo_inputs, run_undo>({
    .name = "undo",
    .rank = 310,
    .summary = "Take back the last log entry, or the last N, or every one after entry K (the rest is replayed)",
    .example = "siege --state siege.json undo --count 3",
    .doc = undo_doc});

namespace {

// What the references say of `redo` (tools/gen-refs writes docs/siege.1, README.md,
// docs/state.md and the outcome schema from it).
CommandDoc redo_doc() {
  return {
      .synopsis = "`siege --state` *FILE* `redo` [`--count` *N*]",
      .about = R"doc(Put back the next entry (or the next *N*) that `undo` took back, with the same inputs and the
same seeds, so the file comes back byte for byte (R40). Each entry is run again on the siege as
it is and must give the outcome its log recorded; if one does not (other `--data` tables), redo
is refused with status 4 and nothing is written. Nothing to redo (none taken back, or a new
entry logged since) and more entries than can be redone are refused (status 2). Redo is not a
log entry and is refused as a batch line.)doc",
      .inputs = R"doc(@count: Put back the next N entries.)doc",
      .example = R"doc(Example:

    $ siege --state siege.json redo
    Redo      entry 2: attack --section gatehouse --successes 2
              --weapon ram (seed 5)
    Log       entry 2 put back as logged; siege.json written)doc",
      .with_state = R"doc(R40: puts back the next N entries of the `redo` list with their inputs and seeds, each checked against its logged outcome (exit 4, nothing written, when one differs); nothing to redo is exit 2; not a log entry (refused in batch))doc",
      .outcome = R"json({
  "redo_outcome": {
    "description": "`siege redo [--count N]` (R40): entries undo took back, put back with their inputs and seeds.",
    "allOf": [{"$ref": "#/$defs/base"}],
    "properties": {
      "action": {"const": "redo"},
      "file": {"type": "string"},
      "dry_run": {"type": "boolean"},
      "redone": {"description": "the last entry put back", "$ref": "#/$defs/log_entry"},
      "count": {"type": "integer", "minimum": 1},
      "log_entries": {"$ref": "#/$defs/count"},
      "redo_entries": {"description": "the entries that can still be redone", "$ref": "#/$defs/count"},
      "scene": {"$ref": "#/$defs/count"}
    },
    "required": ["file", "dry_run", "redone", "count", "log_entries", "redo_entries", "scene"],
    "unevaluatedProperties": false
  }
})json"};
}

}  // namespace

SIEGE_COMMAND(redo) = plain_command<RedoRequest, redo_inputs, run_redo>({
    .name = "redo",
    .rank = 320,
    .summary = "Put back entries undo took back, with the same inputs and seeds, until a new entry is logged",
    .example = "siege --state siege.json redo --count 3",
    .doc = redo_doc});

}  // namespace siege::cli
