// Actions: the commands that change a siege (or resolve something), as the
// log, replay, undo and batch mode see them. An action's inputs are a JSON
// object keyed like its options (inputs.hpp); its command object
// (command.hpp) gives its run and its line for `siege log`.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "commands/command.hpp"
#include "print/text.hpp"
#include "siege/detail/json_read.hpp"
#include "siege/state_json.hpp"

namespace siege::cli {

class StateFile;

// The action called `name` (a row of the command table with an `act`);
// unknown: a usage error with did-you-mean.
[[nodiscard]] const Command& find_action(std::string_view name);
// The names of every action, in the table's order.
[[nodiscard]] std::vector<std::string> action_names();

// The dispatcher of replay, undo and batch mode: runs action `name` from its
// inputs with every roll seeded by `seed` (ctx is reseeded).
ActionResult run_logged_action(std::string_view name, const siege::Cursor& inputs, std::uint64_t seed,
                               SiegeState* state, Context& ctx);
// The same with the inputs of batch mode's fast reader (its Command::act_flat
// when it has one).
ActionResult run_logged_action(std::string_view name, FlatReader& inputs, std::uint64_t seed,
                               SiegeState* state, Context& ctx);

// Runs action `name` on `st` as a command line with --state runs it
// (run_on_state), the file aside: its rolls seeded by `seed`, its log entry
// appended (log_new_entry) and returned, what it did in `result`.
LogEntry apply_action(SiegeState& st, Context& ctx, std::string_view name, const nlohmann::json& inputs,
                      std::uint64_t seed, ActionResult& result);

// A line of batch mode (and of the WebAssembly package): a JSON object, the
// action named by its "action" key, its inputs the object without "action"
// and "seed", its "seed" when given (a whole number, 0 to 2^64 - 1).
struct ActionLine {
  std::string action;
  nlohmann::json inputs;
  std::optional<std::uint64_t> seed;
};
// Reads one (parse_strict); an error names `src`.
[[nodiscard]] ActionLine read_action_line(std::string_view text, const siege::JsonSource& src);

// One action on a siege read from a state file, as run_on_state runs it
// once the file is read: applied (apply_action, seeded by ctx.seed()), the
// text the file is then to hold (checked_state_text, naming `path`) and the
// outcome as --json prints it, with "log_entry" and "dry_run". The WebAssembly
// package's apply() is this on a siege handed to it.
struct StateStep {
  siege::StateText text;  // the state file's new text
  std::string json;     // the outcome
  std::string referee;  // the referee's text, without the line naming the file
  int entry = 0;        // the new log entry's number
};
[[nodiscard]] StateStep step_on_state(SiegeState& st, Context& ctx, std::string_view name,
                                      const nlohmann::json& inputs, const std::string& path, bool dry_run);

// ---------------------------------------------------------------- helpers

// The state file's contents, checked (exit 4 naming the file and place).
[[nodiscard]] SiegeState load_state(const StateFile& file, Context& ctx);
// The same check on a state file's text read from `path` (fuzz/fuzz_state.cpp).
[[nodiscard]] SiegeState load_state_text(std::string_view text, const std::string& path, const Tables& tables);

// The state file's text of `st`, once it has been read back as the next
// command will read it (load_state_text, with `tables`). Every commit writes
// this text, never write_state()'s own: what the reader would refuse (a file
// past max_state_bytes, a scene past max_scene, any value out of its range)
// is a state error naming `path` instead, and nothing is written.
// `entries_from_file`: how many of st.log's first entries load_state read
// from the file and the command kept as they were; those lines are not read
// again (0: the whole text is read back).
// In parts: the entries kept as read stay in the file's own bytes.
[[nodiscard]] siege::StateText checked_state_text(const SiegeState& st, const std::string& path,
                                                  const Tables& tables, std::size_t entries_from_file = 0);

// The limits of a state file that checked_state_text holds a siege to:
// past max_scene scenes, or past max_state_bytes of text (`text_bytes`), a
// state error naming `path` and ending with `consequence` ("siege.json is
// left as it was"). Batch mode holds each line to them (src/front/cmd_batch.cpp).
void refuse_scene_past_limit(const SiegeState& st, const std::string& path, std::string_view consequence);
void refuse_size_past_limit(std::size_t text_bytes, const std::string& path, std::string_view consequence);

// Replays the first `count` log entries from the initial snapshot, checking
// each outcome against the logged one; returns the state reached (its log
// holds those entries). The first difference is a state error naming the
// file and its JSON pointer.
[[nodiscard]] SiegeState replay_log(const SiegeState& st, std::size_t count, Context& ctx,
                                    const std::string& path);
// Runs logged entry `e` (at JSON pointer `at` of the file: "/log/3",
// "/redo/0") on `work` with its inputs and seed, checks that it gives its
// logged outcome and scene, and appends it to work.log as it is; a
// difference or an entry that no longer runs is a state error naming the
// file and the pointer.
ActionResult replay_entry(SiegeState& work, const LogEntry& e, const std::string& at, Context& ctx,
                          const std::string& path);
// The same without appending `e` to work.log (the caller does).
ActionResult replay_entry_only(SiegeState& work, const LogEntry& e, const std::string& at, Context& ctx,
                               const std::string& path);
// The same, calling `after_each(i, result, state)` once log entry i (from 0)
// has replayed and matched: `result` is what the action gave, `state` the
// siege reached (its log holds entries 0 to i). `chronicle` reads the
// siege's course this way.
using ReplayVisitor = std::function<void(std::size_t, const ActionResult&, const SiegeState&)>;
[[nodiscard]] SiegeState replay_log(const SiegeState& st, std::size_t count, Context& ctx,
                                    const std::string& path, const ReplayVisitor& after_each);

// The first place where `a` (the file) and `b` (recomputed) differ, as
// "POINTER: the file has A, replaying gives B"; nullopt when equal.
[[nodiscard]] std::optional<std::string> first_difference(const nlohmann::json& a, const nlohmann::json& b,
                                                          const std::string& pointer);

// With a state file the section's own figures come from the file: refuses
// --structure, --damage-taken and --portcullis when given (true), each as
// its input's refusal (refuse_input).
void refuse_section_options(bool structure, bool damage_taken, bool portcullis);

// A command that needs a state file refuses to run without one.
void require_state(const Context& ctx, std::string_view command);
// The refusal of input `key` without a state file, about that input
// (refuse_input): "abatis: --section: needs --state FILE (a siege made with
// 'siege init')", then `then` ("; without one give " + input_word("progress") + " N").
[[noreturn]] void refuse_without_state(std::string_view key, const std::string& then = {});

// `f()`, a refusal it raises (Error::refusal) named as command `name`'s
// ("odds attack"): a command that runs another's rule names itself.
template <typename F>
decltype(auto) as_command(std::string_view name, F&& f) {
  try {
    return f();
  } catch (const Error& e) {
    throw e.in_command(name);
  }
}

// With a state: the section `id` names (unknown: usage error, did-you-mean).
[[nodiscard]] SectionState& state_section(SiegeState& st, const std::string& id, std::string_view command);

// Inserts `fields` (e.g. "\"section\":\"north-wall\"") right after the
// outcome's "action" key.
[[nodiscard]] std::string with_fields(std::string json, std::string_view action, std::string_view fields);
// `"key":"value"` / `"key":n`, for with_fields.
[[nodiscard]] std::string json_field(std::string_view key, std::string_view value);
[[nodiscard]] std::string json_field(std::string_view key, long long value);

// "--section north-wall --weapon cannon --successes 2": the inputs of a log
// entry of `action` as its command line takes them: positional inputs first
// as plain words, then the others in the order the command declares them,
// then any key it does not declare (in the order of `inputs`, whose keys
// the file keeps sorted); values quoted for the shell where needed.
[[nodiscard]] std::string inputs_as_options(std::string_view action, const nlohmann::json& inputs);

// inputs_as_options for many entries (the chronicle's whole log): each
// action's declaration is looked up once, not once an entry (describing a
// command's inputs builds a JSON object an input).
class OptionsWriter {
 public:
  [[nodiscard]] std::string of(std::string_view action, const nlohmann::json& inputs);

 private:
  struct Declared {
    std::vector<std::string> keys, positional;
  };
  std::vector<std::pair<std::string, Declared>> of_;
  const Declared& declared(std::string_view action);
};

// How the printers name a log entry (print::EntryWords): inputs_as_options,
// and the `describe` of its action's object (a hand-edited outcome it
// cannot read: the outcome as it is).
[[nodiscard]] const print::EntryWords& entry_words();

}  // namespace siege::cli
