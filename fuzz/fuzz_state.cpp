// Fuzz target: a state file's text through the loader every state command
// uses (load_state_text: read_state on the built-in tables, then the log's
// action names). Whatever loads must also survive a round trip: written out
// and read back, it writes the same bytes. A siege::Error is an expected
// refusal; a crash, a sanitizer report, another exception or a round trip
// that changes the text is a finding.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "commands/actions.hpp"
#include "state/builtin_tables.hpp"
#include "siege/state_json.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const siege::Tables& tables = siege::cli::builtin_tables();
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
