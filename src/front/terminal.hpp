// What every front end that runs in a process of its own shares: standard
// output and its errors, the terminal's width, the one line an error is
// printed as. The command line, batch, play and serve include this; the
// command layer (src/commands/) does not: it writes through its Output.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "commands/context.hpp"
#include "siege/error.hpp"

namespace siege::cli {

// Writes `bytes` to stdout. A failed write throws the output error (exit 5,
// "write error: <strerror>"); stdout may be buffered, so the program's main
// flushes and closes it, with the same check (finish_stdout), before it returns.
void write_stdout(std::string_view bytes);
// Flushes stdout now, with write_stdout's check: for a command that runs on
// after it has written (serve's address).
void flush_stdout();
// Flushes stdout and closes its descriptor, so that an error the kernel
// reports only then (a full disk, NFS) is still caught.
void finish_stdout();

// Gives a closed descriptor 0, 1 or 2 a stand-in that fails every transfer
// (/dev/null opened the other way round), so that no file opened later (a
// state file, its lock) takes its number and receives the output, and
// writing to a closed stdout stays the EBADF error it was. Called first
// thing in main.
void guard_standard_descriptors();
// Whether standard input was closed when the program started (main gives a
// closed descriptor a stand-in that fails every read) or is closed now.
[[nodiscard]] bool standard_input_closed();

// The width to fit text, tables and help to: the terminal's; COLUMNS on a
// terminal that does not say; 80 when stdout is not a terminal.
[[nodiscard]] std::size_t output_width();

// The Output of a command run in this process: standard output, fitted to
// output_width(). Once a state file is committed a closed pipe is a write
// error (exit 5, naming the commit) instead of a silent death by SIGPIPE:
// SIGPIPE is ignored for the rest of the run.
class StdoutOutput final : public Output {
 public:
  void write(std::string_view bytes) override { write_stdout(bytes); }
  [[nodiscard]] std::size_t width() const override { return output_width(); }
  void committed() override;
};

// `message` as one line that is safe on a terminal: control bytes (C0, DEL,
// C1), U+2028/U+2029 and bytes that are not UTF-8 are quoted as \n, \r, \t,
// \u001b, \xff ..., R42's format characters as \u{202E}; everything else is
// kept as it is.
[[nodiscard]] std::string one_line(std::string_view message);

// The JSON error object of an error ({"error": {"code", "id", "message"
// (one_line), "input" (when not empty), and with others "errors" and
// "errors_total"}}), as --json prints it and the WebAssembly package throws it.
[[nodiscard]] std::string error_object(int code, std::string_view id, const std::string& message,
                                       std::string_view input = {}, const Error* with_others = nullptr);

// Prints one error: one line on stderr (control bytes quoted, one_line) and,
// with --json (`g`), the error object with the same text on stdout. Never
// throws: it runs when memory or the output may be gone.
// An error found with others in one input (`error.others()`, siege init's
// description) is followed by a line for each and a line counting those
// left out, and with --json its object lists them all in "errors".
void print_error(const Globals& g, int code, std::string_view id, const std::string& message,
                 std::string_view input = {}, const Error* with_others = nullptr) noexcept;
// Prints `e` as the program's main prints an error that reached it and
// returns its exit status.
int print_failure(const Globals& g, const Error& e);

}  // namespace siege::cli
