// siege/dice.hpp - symbol dice (ruling R27) and the seeded generator.
//
// A check rolls the skill pool, the difficulty dice (easy 1, average 2, hard 3,
// daunting 4 by default) and any extra Bane or Boon dice. Every die type is a
// list of faces from dice.json; a face carries a count of each symbol. Net
// Successes = successes - failures, and the check passes when that is >= 1.
// Net Boons = boons - banes. Odds are computed from the very same faces.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "siege/error.hpp"
#include "siege/rule.hpp"

namespace siege {

// The rules this header applies, as outcomes list them (siege/rules.hpp
// gathers every header's into the catalogue).
inline constexpr RuleInfo dice_rules[] = {
    {"symbol-dice", "R27", "skill pool + difficulty dice; pass on 1+ net Success"},
    {"exact-odds", "R27", "odds by exact enumeration of the dice faces"},
};

struct Face {
  int success = 0;
  int failure = 0;
  int boon = 0;
  int bane = 0;
  friend bool operator==(const Face&, const Face&) = default;
};

enum class DieKind { skill, difficulty, bane, boon };
inline constexpr std::array<std::string_view, 4> die_kind_names{"skill", "difficulty", "bane",
                                                                "boon"};
[[nodiscard]] inline std::string_view name_of(DieKind k) {
  return die_kind_names[static_cast<std::size_t>(k)];
}

enum class Difficulty { easy, average, hard, daunting };
inline constexpr std::array<std::string_view, 4> difficulty_names{"easy", "average", "hard",
                                                                  "daunting"};
[[nodiscard]] inline std::string_view name_of(Difficulty d) {
  return difficulty_names[static_cast<std::size_t>(d)];
}
// Throws a usage error naming the accepted values.
[[nodiscard]] inline Difficulty parse_difficulty(std::string_view s) {
  for (std::size_t i = 0; i < difficulty_names.size(); ++i)
    if (difficulty_names[i] == s) return static_cast<Difficulty>(i);
  fail_usage("bad-difficulty", "unknown difficulty '" + std::string(s) +
                                   "' (expected easy, average, hard or daunting)");
}

struct DiceTable {
  // Faces of each die kind, indexed by DieKind.
  std::array<std::vector<Face>, 4> faces;
  // Number of difficulty dice for easy, average, hard, daunting.
  std::array<int, 4> difficulty_dice{1, 2, 3, 4};
  // Dice expression of morale rolls (R28), e.g. "2d10".
  std::string morale = "2d10";

  [[nodiscard]] const std::vector<Face>& of(DieKind k) const {
    return faces[static_cast<std::size_t>(k)];
  }
};

// PCG32 (O'Neill's pcg32, XSH-RR output, 64-bit LCG state), seeded as
// pcg32_srandom_r(seed, 0xda3e39cb94b95bdb). Bounded picks use rejection
// sampling with threshold (2^32 - bound) % bound, so every face is exactly
// equally likely and the sequence is the same on every compiler and platform.
class Rng {
 public:
  static constexpr std::uint64_t stream = 0xda3e39cb94b95bdbULL;

  explicit Rng(std::uint64_t seed, std::uint64_t sequence = stream) noexcept {
    inc_ = (sequence << 1u) | 1u;
    state_ = 0;
    next();
    state_ += seed;
    next();
  }

  std::uint32_t next() noexcept {
    const std::uint64_t old = state_;
    state_ = old * 6364136223846793005ULL + inc_;
    const auto xorshifted = static_cast<std::uint32_t>(((old >> 18u) ^ old) >> 27u);
    const auto rot = static_cast<std::uint32_t>(old >> 59u);
    return (xorshifted >> rot) | (xorshifted << ((-rot) & 31u));
  }

  // Uniform integer in [0, bound); bound must be >= 1.
  std::uint32_t below(std::uint32_t bound) noexcept {
    const std::uint32_t threshold = (0u - bound) % bound;
    for (;;) {
      const std::uint32_t r = next();
      if (r >= threshold) return r % bound;
    }
  }

 private:
  std::uint64_t state_ = 0;
  std::uint64_t inc_ = 0;
};

struct CheckSpec {
  int pool = 3;
  Difficulty difficulty = Difficulty::easy;
  int bane_dice = 0;
  int boon_dice = 0;
};

struct RolledDie {
  DieKind kind = DieKind::skill;
  int face = 0;  // index into the die's faces
  Face symbols;
  friend bool operator==(const RolledDie&, const RolledDie&) = default;
};

struct CheckResult {
  bool rolled = false;  // false: the referee gave the result
  Difficulty difficulty = Difficulty::easy;
  std::vector<RolledDie> dice;
  int successes = 0;  // raw symbol counts (rolled checks only)
  int failures = 0;
  int boons = 0;
  int banes = 0;
  int net_successes = 0;
  int net_boons = 0;
  [[nodiscard]] bool passed() const noexcept { return net_successes >= 1; }
  friend bool operator==(const CheckResult&, const CheckResult&) = default;
};

// Upper bound on any one group of dice; keeps every count far from overflow.
inline constexpr int max_dice = 50;

namespace detail {
inline void add_die(CheckResult& r, const DiceTable& table, DieKind kind, Rng& rng) {
  const auto& faces = table.of(kind);
  const auto i = static_cast<int>(rng.below(static_cast<std::uint32_t>(faces.size())));
  const Face& f = faces[static_cast<std::size_t>(i)];
  r.dice.push_back({kind, i, f});
  r.successes += f.success;
  r.failures += f.failure;
  r.boons += f.boon;
  r.banes += f.bane;
}
}  // namespace detail

[[nodiscard]] inline int difficulty_dice(const DiceTable& table, Difficulty d) {
  return table.difficulty_dice[static_cast<std::size_t>(d)];
}

// Rolls one check. Dice are drawn in a fixed order: skill pool, difficulty
// dice, Bane dice, Boon dice (odds and replays rely on it).
// roll_check() into `r`, which may hold an earlier check: its dice keep
// their memory (batch mode rolls a check a line).
inline void roll_check_into(const CheckSpec& spec, const DiceTable& table, Rng& rng, CheckResult& r) {
  auto dice = std::move(r.dice);
  dice.clear();
  r = CheckResult{};
  r.dice = std::move(dice);
  r.rolled = true;
  r.difficulty = spec.difficulty;
  r.dice.reserve(static_cast<std::size_t>(spec.pool + difficulty_dice(table, spec.difficulty) +
                                          spec.bane_dice + spec.boon_dice));
  for (int i = 0; i < spec.pool; ++i) detail::add_die(r, table, DieKind::skill, rng);
  for (int i = 0; i < difficulty_dice(table, spec.difficulty); ++i)
    detail::add_die(r, table, DieKind::difficulty, rng);
  for (int i = 0; i < spec.bane_dice; ++i) detail::add_die(r, table, DieKind::bane, rng);
  for (int i = 0; i < spec.boon_dice; ++i) detail::add_die(r, table, DieKind::boon, rng);
  r.net_successes = r.successes - r.failures;
  r.net_boons = r.boons - r.banes;
}

[[nodiscard]] inline CheckResult roll_check(const CheckSpec& spec, const DiceTable& table,
                                            Rng& rng) {
  CheckResult r;
  roll_check_into(spec, table, rng, r);
  return r;
}

// A check whose result the referee rolled at the table and typed in.
[[nodiscard]] inline CheckResult referee_check(Difficulty d, int net_successes, int net_boons) {
  CheckResult r;
  r.rolled = false;
  r.difficulty = d;
  r.net_successes = net_successes;
  r.net_boons = net_boons;
  return r;
}

}  // namespace siege
