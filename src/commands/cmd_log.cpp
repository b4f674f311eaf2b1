// `siege log`: the log of a siege, one resolution a line.
#include <fmt/format.h>

#include "commands/cmd_state.hpp"
#include "front/command.hpp"
#include "print/json.hpp"
#include "print/render.hpp"
#include "state/state_file.hpp"

namespace siege::cli {

namespace {

// One line about a logged outcome; a hand-edited outcome the action cannot
// read is shown as it is.
std::string describe(const LogEntry& e) {
  try {
    return find_action(e.action).describe(e.outcome);
  } catch (const nlohmann::json::exception&) {
    return e.outcome.dump();
  }
}

}  // namespace

std::string log_json(const SiegeState& st, const std::string& path) {
  std::string out;
  siege::JsonWriter w(out);
  w.begin_object();
  w.field("schema", schema_version).field("action", "log").field("file", path);
  w.key("entries").begin_array();
  for (const auto& e : st.log) siege::write_log_entry(w, e);
  w.end_array();
  // R40: the entries undo took back, which redo can put back, first first.
  w.key("redo").begin_array();
  for (const auto& e : st.redo) siege::write_log_entry(w, e);
  w.end_array();
  print::write_trailer(w, {}, {}, {});
  w.end_object();
  return out;
}

std::string log_text(const SiegeState& st) {
  std::size_t w_action = 6;
  for (const auto& e : st.log) w_action = std::max(w_action, e.action.size());
  for (const auto& e : st.redo) w_action = std::max(w_action, e.action.size());
  const auto lines = [&](const std::vector<LogEntry>& entries) {
    std::string s;
    for (const auto& e : entries) {
      const std::string options = escape_text(inputs_as_options(e.action, e.inputs));
      s += fmt::format("{:>4}  {:<{}}  {}{}seed {}\n      {}\n", e.entry, e.action, w_action, options,
                       options.empty() ? "" : "  ", e.seed, escape_text(describe(e)));
    }
    return s;
  };
  std::string s = st.log.empty() ? "Log       empty: nothing resolved yet\n" : lines(st.log);
  if (!st.redo.empty()) {
    const std::size_t n = st.redo.size();
    // R40: what undo took back, until a new entry clears it.
    s += fmt::format("Redo      {} {} can be redone ('siege redo{}'), until a new entry:\n", n,
                     n == 1 ? "entry" : "entries", n == 1 ? std::string() : fmt::format(" --count {}", n));
    s += lines(st.redo);
  }
  return s;
}

void run_log(const NoInputs&, Context& ctx) {
  require_state(ctx, "log");
  StateFile file(ctx.globals.state_file, StateFile::Access::read);
  const SiegeState st = load_state(file, ctx);
  ctx.emit(log_json(st, file.path()), log_text(st));
}

Command log_command() {
  return plain_command<NoInputs, no_inputs, run_log>("log", "List every resolution in a state file's log",
                                                     "siege --state siege.json log");
}

}  // namespace siege::cli
