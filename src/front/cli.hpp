// The command-line layer: global options, the per-invocation context, the
// command table and the option helpers every command uses.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "siege/dice.hpp"
#include "siege/tables.hpp"

namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace siege::cli {

struct Globals {
  bool json = false;
  std::string data_dir;  // --data, else SIEGE_DATA
  std::optional<std::uint64_t> seed;
  std::string state_file;
  bool dry_run = false;
  std::string color = "auto";   // auto, always, never
  std::string format = "text";  // text, markdown, csv, json (tables); html, markdown (chronicle)
  bool format_given = false;    // --format was given (chronicle refuses an explicit text)
};

// What one invocation shares between its parts: the global options, the
// tables (loaded on first use) and the one random generator.
class Context {
 public:
  Globals globals;
  // The exit status when the command finished without throwing but must
  // still report a failure (batch: some lines failed).
  int exit_status = 0;
  // What this invocation has already changed on disk, in words ("the siege
  // in s.json was updated: log entry 7"), set by note_commit() right after
  // the commit; a later write error on stdout names it. Empty: nothing
  // changed.
  std::string committed;
  // R38: true while replay_log runs a log entry written before sallies were
  // recorded (its outcome has no "sally"): a defender's move outside keeps
  // its old meaning.
  bool replaying_before_sallies = false;
  // Batch mode points this at its output while a line runs without a state
  // file, the line's head written already: an action may append its outcome
  // object there itself, leaving ActionResult::json empty, and so spare a
  // copy of every outcome (cmd_batch.cpp; outcome_result in command.hpp).
  // Null elsewhere.
  std::string* outcome_out = nullptr;
  // Sets `committed`. From then on a closed stdout pipe is a write error
  // (exit 5, naming what was committed) instead of a silent death by
  // SIGPIPE: SIGPIPE is ignored for the rest of the run. A command that
  // commits nothing keeps ending quietly by SIGPIPE (INTERFACE.md).
  void note_commit(std::string what);

  [[nodiscard]] const Tables& tables();
  // The seed of this invocation: --seed, or one drawn at random once.
  [[nodiscard]] std::uint64_t seed();
  [[nodiscard]] Rng& rng();
  // Seeds every roll from here on with `seed` (replaying a logged action).
  void reseed(std::uint64_t seed);
  // Prints an outcome: the JSON text with --json, the text otherwise.
  void emit(const std::string& json, const std::string& text) const;
  // Prints a table (first row the header) in the --format asked for, or
  // `json` with --json / --format json; as text, after `heading` (a line
  // fitted to the width like any text) when there is one.
  void emit_table(const std::string& json, const std::vector<std::vector<std::string>>& rows,
                  std::string_view heading = {}) const;
  // The same with several tables, one after the other with a blank line between.
  void emit_tables(const std::string& json,
                   const std::vector<std::vector<std::vector<std::string>>>& tables) const;
  // Refuses --format markdown/csv on a command that prints no table.
  void text_or_json_only(std::string_view command) const;

 private:
  // The built-in tables, or those with --data / SIEGE_DATA merged in.
  const Tables& load_tables();
  const Tables* tables_ = nullptr;  // what tables() returns, once loaded
  std::unique_ptr<Tables> loaded_;
  std::optional<std::uint64_t> seed_;
  std::optional<Rng> rng_;
};

// Writes `bytes` to stdout. A failed write throws the output error (exit 5,
// "write error: <strerror>"); stdout may be buffered, so cli::main flushes
// and closes it, with the same check, before it returns.
void write_stdout(std::string_view bytes);
// Flushes stdout now, with write_stdout's check: for a command that runs on
// after it has written (serve's address).
void flush_stdout();
// Whether standard input was closed when the program started (main gives a
// closed descriptor a stand-in that fails every read) or is closed now.
[[nodiscard]] bool standard_input_closed();

// `message` as one line that is safe on a terminal: control bytes (C0, DEL,
// C1), U+2028/U+2029 and bytes that are not UTF-8 are quoted as \n, \r, \t,
// \u001b, \xff ..., R42's format characters as \u{202E}; everything else is
// kept as it is.
[[nodiscard]] std::string one_line(std::string_view message);

// Prints `e` as cli::main prints an error that reached it (one line on
// stderr; the error object on stdout with --json) and returns its exit status.
int print_failure(const Globals& g, const Error& e);

// Entry point: parses argv, runs one command, maps every error to its exit
// status (the only place that does).
int main(int argc, char** argv);

// ---- option helpers: strict decimal numbers with bounds ----

// Parses a whole decimal number in [lo, hi]; `what` names the option.
[[nodiscard]] std::int64_t parse_int(std::string_view text, std::int64_t lo, std::int64_t hi,
                                     std::string_view what);

// Parses a seed: a whole decimal number from 0 to 2^64 - 1 (R42); `what`
// names the option.
[[nodiscard]] std::uint64_t parse_seed(std::string_view text, std::string_view what);

// Random seed when none is given: below 2^53 so it survives jq and JavaScript.
[[nodiscard]] std::uint64_t random_seed();

}  // namespace siege::cli
