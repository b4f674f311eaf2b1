// Fuzz target: a state file's text through the loader every state command
// uses (load_state_text: read_state on the built-in tables, then the log's
// action names). Whatever loads must also survive a round trip: written out
// and read back, it writes the same bytes. The reader that takes a text as
// write_state writes it without building its log must agree with the one
// that builds the whole document: the same siege, or the same refusal. And
// a text the dump() form reader (json_canon.hpp) takes whole must parse
// under parse_strict and dump to the same bytes. A siege::Error is an
// expected refusal; a crash, a sanitizer report, another exception, a round
// trip that changes the text or two readers that disagree is a finding.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "commands/actions.hpp"
#include "state/builtin_tables.hpp"
#include "siege/detail/json_canon.hpp"
#include "siege/state_json.hpp"

namespace {

// The siege's text a reader gives, or "refused: " and its message.
template <typename Read>
std::string outcome_of(Read&& read) {
  try {
    return siege::write_state(read());
  } catch (const siege::Error& e) {
    return std::string("refused: ") + e.what();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const siege::Tables& tables = siege::cli::builtin_tables();
  const siege::JsonSource src{"fuzz.json", siege::ErrorKind::state};

  if (siege::is_dump_text(text)) {
    nlohmann::json v;
    try {
      v = siege::parse_strict(text, src);
    } catch (const siege::Error&) {
      std::abort();  // taken as dump()'s form, refused by the strict reader
    }
    if (v.dump() != text) std::abort();
  }
  for (const std::size_t first : {std::size_t{0}, std::size_t{2}}) {
    const std::string fast = outcome_of([&] { return siege::read_state_from(text, src, tables, first); });
    const std::string built = outcome_of([&] { return siege::read_state_built(text, src, tables, first); });
    if (fast != built) std::abort();
  }

  std::string written;
  try {
    written = siege::write_state(siege::cli::load_state_text(text, "fuzz.json", tables));
  } catch (const siege::Error&) {
    return 0;
  }
  // Loaded: the text this siege writes for it must load and write the same.
  const std::string again = siege::write_state(siege::cli::load_state_text(written, "fuzz.json", tables));
  if (again != written) std::abort();
  return 0;
}
