// `siege undo` and `siege redo` (R40): take entries back from the end of the
// log (the rest is replayed from the start) and put them back exactly, with
// their inputs and seeds. Neither is a log entry: each is one lock and one
// write of the state file.
#include <fmt/format.h>

#include "commands/cmd_state.hpp"
#include "front/command.hpp"
#include "print/json.hpp"
#include "print/render.hpp"
#include "state/state_file.hpp"

namespace siege::cli {

namespace {

// Lists shown one entry a line; past it, the rest are counted.
constexpr std::size_t entries_shown = 10;

// "entry 12: attack --section gate --weapon cannon (seed 7)"
std::string entry_line(const LogEntry& e) {
  const std::string options = escape_text(inputs_as_options(e.action, e.inputs));
  return fmt::format("entry {}: {}{}{} (seed {})", e.entry, e.action, options.empty() ? "" : " ", options, e.seed);
}

// One line a taken-back or redone entry, under `label`.
std::string entry_lines(std::string_view label, const std::vector<LogEntry>& entries, std::size_t from,
                        std::size_t to) {
  std::string s;
  for (std::size_t i = from; i < to && i < from + entries_shown; ++i)
    s += fmt::format("{:<10}{}\n", label, entry_line(entries[i]));
  if (to - from > entries_shown) s += fmt::format("{:<10}... and {} more\n", label, to - from - entries_shown);
  return s;
}

std::string entries_word(std::size_t n) { return n == 1 ? "entry" : "entries"; }

// "entry 12" / "entries 10 to 12".
std::string entry_span(int first, int last) {
  return first == last ? fmt::format("entry {}", first) : fmt::format("entries {} to {}", first, last);
}

// What can be redone now, one line ("" when nothing can).
std::string redo_hint(const SiegeState& st) {
  if (st.redo.empty()) return {};
  const std::size_t n = st.redo.size();
  return fmt::format("Redo      {} {} can be redone ('{}')\n", n, entries_word(n),
                     n == 1 ? hint({"redo"}) : hint({"redo", input_word("count"), std::to_string(n)}));
}

// The undo and redo --json object: the state file, the entries taken back or
// put back (the last of them, and how many), what the log and the redo list
// hold now.
std::string undo_redo_json(std::string_view action, const std::string& path, bool dry, const LogEntry& last,
                           std::size_t count, const SiegeState& after) {
  std::string json;
  siege::JsonWriter w(json);
  w.begin_object();
  w.field("schema", schema_version).field("action", action).field("file", path);
  w.field("dry_run", dry);
  w.key(action == "undo" ? "undone" : "redone");
  siege::write_log_entry(w, last);
  w.field("count", static_cast<long>(count));
  w.field("log_entries", static_cast<long>(after.log.size()));
  w.field("redo_entries", static_cast<long>(after.redo.size()));
  w.field("scene", after.now.scene);
  print::write_trailer(w, {}, {}, {});
  w.end_object();
  return json;
}

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

  std::string text = entry_lines("Undo", st.log, keep, n);
  text += dry ? fmt::format("Dry run   {} is unchanged (--dry-run)\n", file.path())
              : fmt::format("Replayed  the {} {} before {}; {} written\n", keep, entries_word(keep),
                            n - keep == 1 ? "it" : "them", file.path());
  text += redo_hint(back);
  ctx.emit(undo_redo_json("undo", file.path(), dry, last, n - keep, back), text + status_text(back, ctx.tables()));
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

  std::string text = entry_lines("Redo", st.redo, 0, c);
  text += dry ? fmt::format("Dry run   {} is unchanged (--dry-run)\n", file.path())
              : fmt::format("Log       {} put back as logged; {} written\n",
                            entry_span(st.redo.front().entry, last.entry), file.path());
  text += redo_hint(work);
  ctx.emit(undo_redo_json("redo", file.path(), dry, last, c, work), text + status_text(work, ctx.tables()));
}

}  // namespace

Command undo_command() {
  return plain_command<UndoRequest, undo_inputs, run_undo>(
      "undo", "Take back the last log entry, or the last N, or every one after entry K (the rest is replayed)",
      "siege --state siege.json undo --count 3");
}

Command redo_command() {
  return plain_command<RedoRequest, redo_inputs, run_redo>(
      "redo", "Put back entries undo took back, with the same inputs and seeds, until a new entry is logged",
      "siege --state siege.json redo --count 3");
}

}  // namespace siege::cli
