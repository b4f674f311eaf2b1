// One line of `siege batch`: the part of the batch loop that turns an input
// line into an output line, apart from reading and writing the streams, so
// that the fuzz harness (fuzz/fuzz_batch_line.cpp) runs exactly what the
// command runs; and the reader that cuts the input into lines.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "commands/context.hpp"
#include "commands/flat_json.hpp"
#include "siege/state_json.hpp"

namespace siege::cli {

// Reads lines from a file descriptor, keeping at most `limit` bytes of a
// line in memory: a longer line is skipped up to its newline without being
// stored, and reported as too long. Lines come without their "\n" or
// "\r\n"; a last line without a newline counts. The descriptor is not
// closed.
class LineReader {
 public:
  enum class Got {
    line,      // `text` is the next line
    too_long,  // the next line was longer than the limit and is skipped
    end,       // end of input
    error,     // a read failed; errno says why
  };

  LineReader(int fd, std::size_t limit);
  ~LineReader();
  LineReader(const LineReader&) = delete;
  LineReader& operator=(const LineReader&) = delete;

  // The next line; `text` stays valid up to the next call.
  Got next(std::string_view& text);

  // Whether next() has a whole line (or the end) at hand without reading:
  // false means the next call may wait for the writer.
  [[nodiscard]] bool line_at_hand() const noexcept;

 private:
  // Reads more after end_, growing the buffer up to its cap; false at the
  // end of input or on an error (eof_, error_).
  bool fill();

  int fd_;
  std::size_t limit_;
  char* buf_;  // malloc'd, so that it can grow with realloc
  std::size_t cap_;
  std::size_t begin_ = 0;  // the unread bytes are [begin_, end_)
  std::size_t end_ = 0;
  bool eof_ = false;
  int error_ = 0;
};

class BatchRunner {
 public:
  // `name` names the input in messages ("<stdin>", a path); `batch_seed`
  // seeds the lines without a "seed" key; `state` (may be null) is the
  // siege the lines change, in memory; `state_path` names its file in
  // messages.
  BatchRunner(Context& ctx, std::string name, std::uint64_t batch_seed, SiegeState* state,
              std::string state_path = "the state file");

  // Runs input line number `line` (its text without the line break) and
  // appends the output line, with its '\n', to `out`: the outcome with
  // "line" first, or an error object. Returns 0, or the failed line's exit
  // status. A blank line appends nothing and returns 0. A failed line
  // leaves the state as it was. With a state, a line that would take the
  // siege past the limits of a state file (a scene past max_scene, a text
  // past max_state_bytes) fails at its line, exit 4, as the commit would
  // refuse it.
  int run(std::string_view text, long line, std::string& out);

  // Appends the error object of input line `line`, which was longer than
  // `limit` bytes and skipped; returns its exit status (2).
  int refuse_long(long line, std::size_t limit, std::string& out);

  // Whether any line changed the state.
  [[nodiscard]] bool changed() const { return changed_; }

 private:
  // The fast path for flat lines without a state (flat_json.hpp);
  // false: the line is not for it, and nothing was written.
  bool run_flat(std::string_view text, long line, std::string& out);
  // "NAME:LINE": where messages place an error of input line `line`.
  [[nodiscard]] std::string place_of(long line) const { return name_ + ":" + std::to_string(line); }

  Context& ctx_;
  std::string name_;
  std::uint64_t batch_seed_;
  SiegeState* state_;
  std::string state_path_;
  // The bytes of the state's log entries (siege::log_entry_bytes), once counted.
  std::optional<std::size_t> entry_bytes_;
  bool changed_ = false;
  FlatObject flat_;
};

}  // namespace siege::cli
