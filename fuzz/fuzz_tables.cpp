// Fuzz target: one table file of any kind through the validating loader.
// The first byte picks the table; the rest is the file's text. Any
// siege::Error is an expected refusal; anything else (a crash, a sanitizer
// report, another exception) is a finding.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "siege/tables_json.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const auto name = siege::table_files[data[0] % siege::table_files.size()];
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  siege::Tables t;
  try {
    siege::merge_table_text(t, name, text, std::string(name));
    siege::validate_tables(t, "");
  } catch (const siege::Error&) {
  }
  return 0;
}
