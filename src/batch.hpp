// One line of `siege batch`: the part of the batch loop that turns an input
// line into an output line, apart from reading and writing the streams, so
// that the fuzz harness (fuzz/fuzz_batch_line.cpp) runs exactly what the
// command runs.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "cli.hpp"
#include "siege/detail/flat_json.hpp"
#include "siege/state.hpp"

namespace siege::cli {

class BatchRunner {
 public:
  // `name` names the input in messages ("<stdin>", a path); `batch_seed`
  // seeds the lines without a "seed" key; `state` (may be null) is the
  // siege the lines change, in memory.
  BatchRunner(Context& ctx, std::string name, std::uint64_t batch_seed, SiegeState* state);

  // Runs input line number `line` (its text without the line break) and
  // appends the output line, with its '\n', to `out`: the outcome with
  // "line" first, or an error object. Returns 0, or the failed line's exit
  // status. A blank line appends nothing and returns 0. A failed line
  // leaves the state as it was.
  int run(std::string_view text, long line, std::string& out);

  // Whether any line changed the state.
  [[nodiscard]] bool changed() const { return changed_; }

 private:
  // The fast path for flat lines without a state (siege/detail/flat_json.hpp);
  // false: the line is not for it, and nothing was written.
  bool run_flat(std::string_view text, long line, std::string& out);

  Context& ctx_;
  std::string name_;
  std::uint64_t batch_seed_;
  SiegeState* state_;
  bool changed_ = false;
  detail::FlatObject flat_;
};

}  // namespace siege::cli
