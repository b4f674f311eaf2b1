// Fuzz target: one line of `siege batch` through BatchRunner (src/front/batch.hpp),
// the code the command runs for each line. The input is cut at its first
// '\n' and a '\r' before it is dropped, as the command's line reader does.
// Each line runs twice: without a state, then against a copy of a small
// siege (built once from the description below, as `siege init` builds one).
//
// Findings, besides crashes, sanitizer reports and escaping exceptions:
//  * a blank line (JSON white space only) that prints something or fails,
//    or another line that does not print exactly one line ending in '\n';
//  * an output line that is not JSON, or whose first key is not "line" with
//    the line's number;
//  * a status that disagrees with the output: non-zero exactly when there is
//    an "error" object, and then its "code" is the status;
//  * a failed line that changed the siege (write_state before and after
//    differ), or a good line whose siege no longer loads from its own text.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "commands/actions.hpp"
#include "batch/batch.hpp"
#include "state/builtin_tables.hpp"
#include "commands/flat_json.hpp"
#include "siege/state_json.hpp"

namespace {

// One of each: intact, breached, with an abatis, with a gallery dug, and
// engines of both sides with and without a target.
constexpr std::string_view description = R"({
  "schema": 1, "name": "Fuzzing ground", "scene_length": "day",
  "sections": [
    {"id": "north-wall", "structure": "curtain-wall"},
    {"id": "east-wall", "structure": "curtain-wall", "hull_suffered": 20},
    {"id": "gatehouse", "structure": "castle-gate", "variant": "portcullis", "abatis": {"standing": true, "progress": 0}},
    {"id": "river-tower", "structure": "tower", "hull_suffered": 12, "mine": {"days_dug": 2, "detected": false}},
    {"id": "stockade", "structure": "palisade"}
  ],
  "besiegers": [
    {"id": "great-bombard", "engine": "bombard", "pool": 4, "target": "north-wall"},
    {"id": "trebuchet", "engine": "trebuchet", "pool": 3, "target": "river-tower"},
    {"id": "ram", "engine": "ram-shed", "pool": 3, "target": "gatehouse"},
    {"id": "belfry", "engine": "siege-tower"}
  ],
  "defenders": [
    {"id": "wall-mangonel", "weapon": "mangonel", "pool": 3, "target": "trebuchet"},
    {"id": "tower-ballista", "weapon": "ballista", "pool": 3, "target": "camp"}
  ]
})";

constexpr long line_number = 7;
constexpr std::uint64_t batch_seed = 20261130;

const siege::SiegeState& base_state() {
  static const siege::SiegeState st = siege::read_description(
      description, siege::JsonSource{"fuzz-description.json", siege::ErrorKind::usage},
      siege::cli::builtin_tables());
  return st;
}

void check(bool ok) {
  if (!ok) std::abort();
}

// The output of one run of `text`, held to the invariants above.
void check_output(std::string_view text, int status, const std::string& out) {
  if (siege::cli::blank(text)) {
    check(status == 0 && out.empty());
    return;
  }
  check(!out.empty() && out.find('\n') == out.size() - 1);
  const auto j = nlohmann::ordered_json::parse(out);  // throws (a finding) if not JSON
  check(j.is_object() && !j.empty() && j.begin().key() == "line" && j.begin().value() == line_number);
  const auto error = j.find("error");
  if (status == 0) {
    check(error == j.end());
  } else {
    check(error != j.end() && error->is_object() && error->value("code", 0) == status);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  text = text.substr(0, text.find('\n'));
  if (!text.empty() && text.back() == '\r') text.remove_suffix(1);

  static siege::cli::Context ctx;
  ctx.globals.json = true;  // as `siege batch` sets it: every line prints JSON

  {
    siege::cli::BatchRunner runner(ctx, "fuzz.jsonl", batch_seed, nullptr);
    std::string out;
    const int status = runner.run(text, line_number, out);
    check_output(text, status, out);
  }

  siege::SiegeState st = base_state();
  const std::string before = siege::write_state(st);
  siege::cli::BatchRunner runner(ctx, "fuzz.jsonl", batch_seed, &st);
  std::string out;
  const int status = runner.run(text, line_number, out);
  check_output(text, status, out);
  const std::string after = siege::write_state(st);
  if (status != 0) {
    check(after == before && !runner.changed());
  } else if (runner.changed()) {
    // What `siege batch --state` would write must load again.
    const auto again = siege::cli::load_state_text(after, "fuzz.json", siege::cli::builtin_tables());
    check(siege::write_state(again) == after);
  }
  return 0;
}
