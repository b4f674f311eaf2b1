// `siege undo`: removes the last log entry by replaying the others.
#include <fmt/format.h>

#include "cmd_state.hpp"
#include "command.hpp"
#include "state_file.hpp"

namespace siege::cli {

void run_undo(const NoInputs&, Context& ctx) {
  require_state(ctx, "undo");
  const bool dry = ctx.globals.dry_run;
  StateFile file(ctx.globals.state_file, dry ? StateFile::Access::dry_run : StateFile::Access::update);
  const SiegeState st = load_state(file, ctx);
  if (st.log.empty()) fail_usage("nothing-to-undo", "undo: the log of " + file.path() + " is empty: nothing to undo");
  const LogEntry last = st.log.back();
  const SiegeState back = replay_log(st, st.log.size() - 1, ctx, file.path());
  // Every entry left is one the file held: only the rest is read back.
  const std::string written = checked_state_text(back, file.path(), ctx.tables(), back.log.size());
  if (!dry) file.commit(written);
  if (!dry) ctx.note_commit(fmt::format("the siege in {} was updated: log entry {} undone", file.path(), last.entry));

  std::string json;
  detail::JsonWriter w(json);
  w.begin_object();
  w.field("schema", schema_version).field("action", "undo").field("file", file.path());
  w.field("dry_run", dry);
  w.key("undone");
  detail::write_log_entry(w, last);
  w.field("log_entries", static_cast<long>(back.log.size()));
  w.field("scene", back.now.scene);
  detail::write_trailer(w, {}, {}, {});
  w.end_object();
  const std::string options = inputs_as_options(last.action, last.inputs);
  std::string text = fmt::format("Undo      entry {}: {}{}{} (seed {})\n", last.entry, last.action,
                                 options.empty() ? "" : " ", options, last.seed);
  text += dry ? fmt::format("Dry run   {} is unchanged (--dry-run)\n", file.path())
              : fmt::format("Replayed  the {} entr{} before it; {} written\n", back.log.size(),
                            back.log.size() == 1 ? "y" : "ies", file.path());
  ctx.emit(json, text + status_text(back, ctx.tables()));
}

Command undo_command() {
  return plain_command<NoInputs, no_inputs, run_undo>(
      "undo", "Remove the last log entry (the rest is replayed from the start)", "siege --state siege.json undo");
}

}  // namespace siege::cli
