// Symbol dice and the seeded generator (R27).
#include <catch2/catch.hpp>

#include "support.hpp"

using namespace siege;

TEST_CASE("The generator is O'Neill's pcg32: reference outputs for seed 42, stream 54",
          "[dice][R27]") {
  // pcg32-demo prints these for pcg32_srandom_r(&rng, 42, 54).
  Rng rng(42, 54);
  CHECK(rng.next() == 0xa15c02b7u);
  CHECK(rng.next() == 0x7b47f409u);
  CHECK(rng.next() == 0xba1d3330u);
  CHECK(rng.next() == 0x83d2f293u);
  CHECK(rng.next() == 0xbfa4784bu);
  CHECK(rng.next() == 0xcbed606eu);
}

TEST_CASE("The same seed gives the same rolls, another seed gives others", "[dice][R27]") {
  const CheckSpec spec{5, Difficulty::hard, 2, 1};
  Rng a(7), b(7), c(8);
  const auto x = roll_check(spec, test::tables().dice, a);
  const auto y = roll_check(spec, test::tables().dice, b);
  REQUIRE(x.dice.size() == y.dice.size());
  for (std::size_t i = 0; i < x.dice.size(); ++i) CHECK(x.dice[i].face == y.dice[i].face);
  std::vector<int> fx, fz;
  for (int i = 0; i < 20; ++i) {
    fx.push_back(static_cast<int>(a.below(1000)));
    fz.push_back(static_cast<int>(c.below(1000)));
  }
  CHECK(fx != fz);
}

TEST_CASE("Bounded picks stay in range and cover every face", "[dice]") {
  Rng rng(1);
  std::array<int, 6> seen{};
  for (int i = 0; i < 600; ++i) {
    const auto v = rng.below(6);
    REQUIRE(v < 6u);
    ++seen[v];
  }
  for (int n : seen) CHECK(n > 50);
  CHECK(rng.below(1) == 0u);
}

TEST_CASE("R27: a check rolls the pool, then the difficulty dice, then Bane and Boon dice",
          "[dice][R27]") {
  const auto& dice = test::tables().dice;
  CHECK(dice.difficulty_dice == std::array<int, 4>{1, 2, 3, 4});
  Rng rng(3);
  const auto r = roll_check({3, Difficulty::daunting, 2, 1}, dice, rng);
  REQUIRE(r.dice.size() == 10u);
  for (int i = 0; i < 3; ++i) CHECK(r.dice[i].kind == DieKind::skill);
  for (int i = 3; i < 7; ++i) CHECK(r.dice[i].kind == DieKind::difficulty);
  CHECK(r.dice[7].kind == DieKind::bane);
  CHECK(r.dice[8].kind == DieKind::bane);
  CHECK(r.dice[9].kind == DieKind::boon);
  int s = 0, f = 0, b = 0, x = 0;
  for (const auto& d : r.dice) {
    CHECK(d.symbols == dice.of(d.kind)[static_cast<std::size_t>(d.face)]);
    s += d.symbols.success;
    f += d.symbols.failure;
    b += d.symbols.boon;
    x += d.symbols.bane;
  }
  CHECK(r.net_successes == s - f);
  CHECK(r.net_boons == b - x);
  CHECK(r.passed() == (s - f >= 1));
}

TEST_CASE("R27: a check passes on 1 or more net Successes", "[dice][R27]") {
  CHECK(referee_check(Difficulty::easy, 1, 0).passed());
  CHECK_FALSE(referee_check(Difficulty::easy, 0, 3).passed());
  CHECK_FALSE(referee_check(Difficulty::easy, -1, 0).passed());
}

TEST_CASE("R27: the built-in skill and difficulty dice are mirror images", "[dice][R27][tables]") {
  const auto& dice = test::tables().dice;
  const auto& skill = dice.of(DieKind::skill);
  const auto& diff = dice.of(DieKind::difficulty);
  REQUIRE(skill.size() == 8u);
  REQUIRE(diff.size() == 8u);
  for (std::size_t i = 0; i < skill.size(); ++i) {
    CHECK(skill[i].success == diff[i].failure);
    CHECK(skill[i].boon == diff[i].bane);
  }
}

TEST_CASE("Difficulty names parse, others are refused", "[dice]") {
  CHECK(parse_difficulty("hard") == Difficulty::hard);
  CHECK_THROWS_WITH(parse_difficulty("Hard"), Catch::Contains("expected easy, average, hard or daunting"));
}
