// siege/dice_expr.hpp - numeric dice expressions for morale rolls (R28).
//
// The troop rules roll numbered dice, not symbol dice: a morale check is a
// total compared with the number needed (R21). The expression comes from the
// data (dice.json "morale", default "2d10"). Accepted forms, and nothing else:
//
//   NdF, dF, NdF+M, NdF-M, dF+M, dF-M
//
// with N from 1 to max_expr_dice (omitted: 1), F from 1 to max_expr_faces and
// a modifier M such that every possible total fits in a signed 32-bit integer.
// No spaces, no upper-case D, no sign on N or F. A bad expression is a usage
// error that quotes it; the table loader turns it into a data error.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "siege/dice.hpp"
#include "siege/error.hpp"

namespace siege {

inline constexpr int max_expr_dice = 100;
inline constexpr int max_expr_faces = 1000;

struct DiceExpr {
  int count = 1;     // dice rolled
  int faces = 6;     // faces per die, numbered 1..faces
  int modifier = 0;  // added to the sum
  friend bool operator==(const DiceExpr&, const DiceExpr&) = default;
};

// Lowest and highest total an expression can give.
struct DiceRange {
  int min = 0;
  int max = 0;
};

namespace detail {

[[noreturn]] inline void bad_dice_expr(std::string_view text, const std::string& why) {
  fail_usage("bad-dice-expression", "dice expression '" + std::string(text) + "': " + why +
                                        " (expected NdF, NdF+M or NdF-M, e.g. 2d10 or 3d6+2)");
}

// Reads the decimal digits at text[i...]; false when there are none. Stops
// growing the value once it passes `cap` (the caller then reports the range).
inline bool read_digits(std::string_view text, std::size_t& i, std::int64_t cap,
                        std::int64_t& value) {
  const std::size_t start = i;
  value = 0;
  while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
    if (value <= cap) value = value * 10 + (text[i] - '0');
    ++i;
  }
  return i > start;
}

}  // namespace detail

// Parses a dice expression; throws a usage error naming it when it is not one
// of the accepted forms or is out of bounds.
[[nodiscard]] inline DiceExpr parse_dice_expr(std::string_view text) {
  using detail::bad_dice_expr;
  constexpr std::int64_t int32_max = std::numeric_limits<std::int32_t>::max();
  constexpr std::int64_t int32_min = std::numeric_limits<std::int32_t>::min();
  if (text.empty()) bad_dice_expr(text, "empty");
  std::size_t i = 0;
  std::int64_t count = 1;
  if (text[0] != 'd') {
    if (!detail::read_digits(text, i, max_expr_dice, count))
      bad_dice_expr(text, "expected a number of dice or 'd' at column 1");
    if (i == text.size() || text[i] != 'd')
      bad_dice_expr(text, "expected 'd' after the number of dice at column " + std::to_string(i + 1));
    if (count < 1 || count > max_expr_dice)
      bad_dice_expr(text, "the number of dice must be from 1 to " + std::to_string(max_expr_dice));
  }
  ++i;  // the 'd'
  std::int64_t faces = 0;
  if (!detail::read_digits(text, i, max_expr_faces, faces))
    bad_dice_expr(text, "expected the number of faces after 'd' at column " + std::to_string(i + 1));
  if (faces < 1 || faces > max_expr_faces)
    bad_dice_expr(text, "the number of faces must be from 1 to " + std::to_string(max_expr_faces));
  std::int64_t modifier = 0;
  if (i < text.size()) {
    const char sign = text[i];
    if (sign != '+' && sign != '-')
      bad_dice_expr(text, "unexpected '" + std::string(1, sign) + "' at column " + std::to_string(i + 1));
    ++i;
    if (!detail::read_digits(text, i, int32_max + 1, modifier))
      bad_dice_expr(text, "expected a number after '" + std::string(1, sign) + "' at column " +
                              std::to_string(i + 1));
    if (i < text.size())
      bad_dice_expr(text, "unexpected '" + std::string(1, text[i]) + "' at column " + std::to_string(i + 1));
    if (sign == '-') modifier = -modifier;
  }
  // count and faces are small, so these sums cannot overflow 64 bits.
  const std::int64_t lo = count + modifier;
  const std::int64_t hi = count * faces + modifier;
  if (lo < int32_min || hi > int32_max || modifier < int32_min || modifier > int32_max)
    bad_dice_expr(text, "its totals do not fit in a 32-bit integer");
  return DiceExpr{static_cast<int>(count), static_cast<int>(faces), static_cast<int>(modifier)};
}

// The expression written back in its canonical form ("2d10", "3d6+2").
[[nodiscard]] inline std::string to_string(const DiceExpr& e) {
  std::string s = std::to_string(e.count) + "d" + std::to_string(e.faces);
  if (e.modifier > 0) s += "+" + std::to_string(e.modifier);
  if (e.modifier < 0) s += std::to_string(e.modifier);
  return s;
}

[[nodiscard]] constexpr DiceRange dice_range(const DiceExpr& e) noexcept {
  return {e.count + e.modifier, e.count * e.faces + e.modifier};
}

// One numeric roll: the dice in the order they were drawn, or only the total
// when the referee rolled at the table.
struct DiceRoll {
  bool rolled = false;     // false: the referee's total, no dice here
  std::string expression;  // what was rolled ("" for a referee's total)
  std::vector<int> dice;   // each die, 1..faces
  int modifier = 0;
  int total = 0;
};

// Rolls `e`: each die is rng.below(faces) + 1, drawn in order.
[[nodiscard]] inline DiceRoll roll_dice(const DiceExpr& e, Rng& rng) {
  DiceRoll r;
  r.rolled = true;
  r.expression = to_string(e);
  r.modifier = e.modifier;
  r.dice.reserve(static_cast<std::size_t>(e.count));
  std::int64_t total = e.modifier;
  for (int k = 0; k < e.count; ++k) {
    const int die = static_cast<int>(rng.below(static_cast<std::uint32_t>(e.faces))) + 1;
    r.dice.push_back(die);
    total += die;
  }
  r.total = static_cast<int>(total);  // within the range checked by parse_dice_expr
  return r;
}

// A total the referee rolled and typed in.
[[nodiscard]] inline DiceRoll referee_roll(int total) {
  DiceRoll r;
  r.total = total;
  return r;
}

// R28: a morale roll with the data's expression.
[[nodiscard]] inline DiceRoll roll_morale(const DiceTable& table, Rng& rng) {
  return roll_dice(parse_dice_expr(table.morale), rng);
}

}  // namespace siege
