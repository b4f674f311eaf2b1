// `siege undo` and `siege redo` (R40): take entries back from the end of the
// log (the rest is replayed from the start) and put them back exactly, with
// their inputs and seeds. Neither is a log entry: each is one lock and one
// write of the state file.
#include <fmt/format.h>

#include "commands/cmd_state.hpp"
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
  StateFile file(ctx.globals.state_file, dry ? StateFile::Access::dry_run : StateFile::Access::update);
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
  back.redo.insert(back.redo.end(), st.redo.begin(), st.redo.end());
  // Every entry left is one the file held: only the rest is read back.
  const std::string written = checked_state_text(back, file.path(), ctx.tables(), back.log.size());
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
  StateFile file(ctx.globals.state_file, dry ? StateFile::Access::dry_run : StateFile::Access::update);
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
  const std::string written = checked_state_text(work, file.path(), ctx.tables(), st.log.size());
  if (!dry) file.commit(written);
  const LogEntry& last = st.redo[c - 1];
  if (!dry)
    ctx.note_commit(fmt::format("the siege in {} was updated: log {} redone", file.path(),
                                entry_span(st.redo.front().entry, last.entry)));

  ctx.emit(print::json_text(print::write_undo_redo, "redo", file.path(), dry, last, c, work),
           print::redo_text(st, c, work, file.path(), dry, ctx.tables(), entry_words()));
}

}  // namespace

SIEGE_COMMAND(undo) = plain_command<UndoRequest, undo_inputs, run_undo>({
    .name = "undo",
    .rank = 310,
    .summary = "Take back the last log entry, or the last N, or every one after entry K (the rest is replayed)",
    .example = "siege --state siege.json undo --count 3"});

SIEGE_COMMAND(redo) = plain_command<RedoRequest, redo_inputs, run_redo>({
    .name = "redo",
    .rank = 320,
    .summary = "Put back entries undo took back, with the same inputs and seeds, until a new entry is logged",
    .example = "siege --state siege.json redo --count 3"});

}  // namespace siege::cli
