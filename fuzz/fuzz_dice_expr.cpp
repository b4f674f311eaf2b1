// Fuzz target: any text through the dice expression parser. What parses
// must print back to an expression that parses to the same value, and its
// range must be ordered; a siege::Error is an expected refusal. A crash, a
// sanitizer report (signed overflow included), another exception or a
// broken round trip is a finding.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "siege/dice_expr.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  siege::DiceExpr e;
  try {
    e = siege::parse_dice_expr(text);
  } catch (const siege::Error&) {
    return 0;
  }
  if (e.count < 1 || e.count > siege::max_expr_dice || e.faces < 1 || e.faces > siege::max_expr_faces)
    std::abort();
  if (siege::parse_dice_expr(siege::to_string(e)) != e) std::abort();
  const siege::DiceRange r = siege::dice_range(e);
  if (r.min > r.max) std::abort();
  return 0;
}
