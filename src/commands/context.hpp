// What one run of a command shares between its parts, whatever front end
// runs it: the global options, the tables (loaded on first use), the one
// random generator, and where its output goes (an Output the front end
// gives: the terminal's standard output, a batch line, a string).
//
// Nothing here knows a terminal, an argv or a socket: the command line
// (src/cli/), batch, play and serve each give a Context their own Output.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "siege/dice.hpp"
#include "siege/tables.hpp"
#include "state/state_file.hpp"

namespace siege::cli {

struct StateLine;  // command.hpp

struct Globals {
  bool json = false;
  std::string data_dir;  // --data, else SIEGE_DATA
  std::optional<std::uint64_t> seed;
  std::string state_file;
  bool dry_run = false;
  int lock_wait = default_lock_wait_seconds;  // --lock-wait: seconds a writer waits for another's lock
  std::string color = "auto";   // auto, always, never
  std::string format = "text";  // text, markdown, csv, json (tables); html, markdown (chronicle)
  bool format_given = false;    // --format was given (chronicle refuses an explicit text)
};

// Where a command's output goes. write() throws the output error (exit 5)
// when the bytes cannot be written; width() is the columns text is fitted
// to (0: no limit); committed() is called once a state file has been
// updated (from then on a closed pipe is an error to report, not a quiet
// end: INTERFACE.md).
class Output {
 public:
  Output() = default;
  Output(const Output&) = delete;
  Output& operator=(const Output&) = delete;
  virtual ~Output() = default;
  virtual void write(std::string_view bytes) = 0;
  [[nodiscard]] virtual std::size_t width() const = 0;
  virtual void committed() {}
};

// An Output that keeps what is written (tests, and front ends that hand the
// bytes on themselves).
class StringOutput final : public Output {
 public:
  std::string text;
  std::size_t columns = 80;
  void write(std::string_view bytes) override { text.append(bytes); }
  [[nodiscard]] std::size_t width() const override { return columns; }
};

// Random seed when none is given: below 2^53 so it survives jq and JavaScript.
[[nodiscard]] std::uint64_t random_seed();

class Context {
 public:
  // `out`: where emit() and write() go; it outlives the context. Without
  // one, what is written is kept in a StringOutput of the context's own.
  explicit Context(Output* out = nullptr) : out_(out) {}
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;

  Globals globals;
  // The exit status when the command finished without throwing but must
  // still report a failure (batch: some lines failed).
  int exit_status = 0;
  // What this invocation has already changed on disk, in words ("the siege
  // in s.json was updated: log entry 7"), set by note_commit() right after
  // the commit; a later write error names it. Empty: nothing changed.
  std::string committed;
  // R38: true while replay_log runs a log entry written before sallies were
  // recorded (its outcome has no "sally"): a defender's move outside keeps
  // its old meaning.
  bool replaying_before_sallies = false;
  // True while replay_entry runs a log entry again (replay, undo, redo, the
  // chronicle): only its outcome is compared, so no text is laid out.
  bool replaying = false;
  // Whether an action lays out the referee's text: not for --json, not
  // while replaying.
  [[nodiscard]] bool wants_text() const noexcept { return !globals.json && !replaying; }
  // Batch mode points this at its output while a line runs without a state
  // file, the line's head written already: an action may append its outcome
  // object there itself, leaving ActionResult::json empty, and so spare a
  // copy of every outcome (src/batch/cmd_batch.cpp; outcome_result in
  // command.hpp). Null elsewhere.
  std::string* outcome_out = nullptr;
  // The front end's own entry point, for a command that runs whole command
  // lines itself (play runs each of its lines as `siege --state FILE
  // LINE`); null where there is none.
  int (*run_command_line)(int argc, char** argv) = nullptr;
  // The front end's reader of one state command line as typed at play's
  // prompt ("target --engine ram --at gate --seed 3"), for `odds scene --if`
  // (command.hpp's StateLine); null where there is none.
  StateLine (*read_state_line)(std::string_view line) = nullptr;
  // True while `odds scene --if` runs a line given no --seed: an action
  // that asks for its seed (to roll, or to record it: scene, attack ...) is
  // then refused (seed(), rng()), as the what-if of unknown dice is no outlook.
  bool rolls_refused = false;

  // Sets `committed` and tells the output (Output::committed).
  void note_commit(std::string what);

  // (Inline, as the other three: batch calls them for every line.)
  [[nodiscard]] const Tables& tables() {
    if (tables_ == nullptr) tables_ = &load_tables();
    return *tables_;
  }
  // Runs with `t` as the tables (the caller keeps them alive): a front end
  // that loads them once for many runs (the WebAssembly package).
  void use_tables(const Tables& t) { tables_ = &t; }
  // The seed of this invocation: --seed, or one drawn at random once.
  [[nodiscard]] std::uint64_t seed() {
    if (rolls_refused) refuse_roll();
    if (!seed_) seed_ = globals.seed ? *globals.seed : random_seed();
    return *seed_;
  }
  [[nodiscard]] Rng& rng() {
    if (!rng_) rng_.emplace(seed());
    return *rng_;
  }
  // Seeds every roll from here on with `seed` (replaying a logged action).
  void reseed(std::uint64_t seed) {
    seed_ = seed;
    rng_.reset();
  }

  // Where the output goes, and its bytes as they are.
  [[nodiscard]] Output& out() { return out_ != nullptr ? *out_ : own_; }
  void write(std::string_view bytes) { out().write(bytes); }
  // What a context without an Output of its own kept (tests).
  [[nodiscard]] const std::string& written() const { return own_.text; }

  // Prints an outcome: the JSON text with --json, the text otherwise (fitted
  // to the output's width).
  void emit(const std::string& json, const std::string& text);
  // Prints a table (first row the header) in the --format asked for, or
  // `json` with --json / --format json; as text, after `heading` (a line
  // fitted to the width like any text) when there is one.
  void emit_table(const std::string& json, const std::vector<std::vector<std::string>>& rows,
                  std::string_view heading = {});
  // The same with several tables, one after the other with a blank line between.
  void emit_tables(const std::string& json, const std::vector<std::vector<std::vector<std::string>>>& tables);
  // How a writer of this run waits for another's lock (--lock-wait).
  [[nodiscard]] LockWait lock_wait() const { return {.seconds = globals.lock_wait}; }
  // Refuses --format markdown/csv on a command that prints no table.
  void text_or_json_only(std::string_view command) const;

 private:
  // The refusal of a seed while rolls_refused (a usage error, "no-seed").
  [[noreturn]] static void refuse_roll();
  // The built-in tables, or those with --data / SIEGE_DATA merged in.
  const Tables& load_tables();
  Output* out_;
  StringOutput own_;
  const Tables* tables_ = nullptr;  // what tables() returns, once loaded
  std::unique_ptr<Tables> loaded_;
  std::optional<std::uint64_t> seed_;
  std::optional<Rng> rng_;
};

// ---- numbers as the inputs give them: strict decimal, with bounds

// Parses a whole decimal number in [lo, hi]; `what` names the option.
[[nodiscard]] std::int64_t parse_int(std::string_view text, std::int64_t lo, std::int64_t hi,
                                     std::string_view what);

// Parses a seed: a whole decimal number from 0 to 2^64 - 1 (R42); `what`
// names the option.
[[nodiscard]] std::uint64_t parse_seed(std::string_view text, std::string_view what);

}  // namespace siege::cli
