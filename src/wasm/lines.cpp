// The package's module reads command lines (line_reader.hpp): linked into
// the package's module only, not into the calculator page's.
#include "front/parse.hpp"
#include "wasm/line_reader.hpp"

namespace siege::cli::wasm {
namespace {

[[maybe_unused]] const bool reads_lines = (line_reader = &read_state_line, true);

}  // namespace
}  // namespace siege::cli::wasm
