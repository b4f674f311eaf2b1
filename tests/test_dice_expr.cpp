// Dice expressions of morale rolls (R28): parsing, bounds, rolling, ranges.
#include <catch2/catch.hpp>

#include <string>

#include "siege/dice_expr.hpp"
#include "siege/tables_json.hpp"
#include "support.hpp"

using siege::DiceExpr;
using siege::parse_dice_expr;

TEST_CASE("The accepted forms of a dice expression parse to count, faces and modifier", "[dice-expr]") {
  CHECK(parse_dice_expr("2d10") == DiceExpr{2, 10, 0});
  CHECK(parse_dice_expr("d20") == DiceExpr{1, 20, 0});
  CHECK(parse_dice_expr("3d6+2") == DiceExpr{3, 6, 2});
  CHECK(parse_dice_expr("2d10-1") == DiceExpr{2, 10, -1});
  CHECK(parse_dice_expr("d6-3") == DiceExpr{1, 6, -3});
  CHECK(parse_dice_expr("100d1000") == DiceExpr{100, 1000, 0});
  CHECK(parse_dice_expr("1d1") == DiceExpr{1, 1, 0});
}

TEST_CASE("A dice expression is written back in its canonical form", "[dice-expr]") {
  CHECK(siege::to_string(parse_dice_expr("d20")) == "1d20");
  CHECK(siege::to_string(parse_dice_expr("3d6+2")) == "3d6+2");
  CHECK(siege::to_string(parse_dice_expr("2d10-1")) == "2d10-1");
  CHECK(siege::to_string(parse_dice_expr("2d10+0")) == "2d10");
}

TEST_CASE("Anything but the accepted forms is a usage error naming the expression", "[dice-expr]") {
  const char* bad[] = {"d",      "0d6",     "2d0",   "2d10+", "99999999999d9", " 2d10", "2d10 ", "2 d10",
                       "2d10x",  "2D10",    "",      "101d6", "2d1001",        "+2d6",  "-2d6",  "2d10+-1",
                       "2d10++1", "2d10+1d6", "2d", "abc",   "2d10+2147483647", "d6-2147483649"};
  for (const char* text : bad) {
    INFO("expression '" << text << "'");
    try {
      (void)parse_dice_expr(text);
      FAIL("accepted");
    } catch (const siege::Error& e) {
      CHECK(e.kind() == siege::ErrorKind::usage);
      CHECK(e.id() == "bad-dice-expression");
      CHECK(std::string(e.what()).find("'" + std::string(text) + "'") != std::string::npos);
    }
  }
}

TEST_CASE("The bounds are at most 100 dice, 1000 faces and totals within 32 bits", "[dice-expr]") {
  CHECK_THROWS_WITH(parse_dice_expr("101d6"), Catch::Contains("from 1 to 100"));
  CHECK_THROWS_WITH(parse_dice_expr("99999999999d9"), Catch::Contains("from 1 to 100"));
  CHECK_THROWS_WITH(parse_dice_expr("2d1001"), Catch::Contains("from 1 to 1000"));
  CHECK_THROWS_WITH(parse_dice_expr("2d10+"), Catch::Contains("expected a number after '+'"));
  CHECK_THROWS_WITH(parse_dice_expr("2d10x"), Catch::Contains("unexpected 'x' at column 5"));
  // 100d1000 + M must stay <= 2147483647.
  CHECK_NOTHROW(parse_dice_expr("100d1000+2147383647"));
  CHECK_THROWS_WITH(parse_dice_expr("100d1000+2147383648"), Catch::Contains("32-bit"));
  CHECK_NOTHROW(parse_dice_expr("d6-2147483648"));
  CHECK_THROWS_WITH(parse_dice_expr("d6-2147483649"), Catch::Contains("32-bit"));
}

TEST_CASE("The range of an expression runs from all ones to all highest faces", "[dice-expr]") {
  CHECK(siege::dice_range(parse_dice_expr("2d10")).min == 2);
  CHECK(siege::dice_range(parse_dice_expr("2d10")).max == 20);
  CHECK(siege::dice_range(parse_dice_expr("3d6+2")).min == 5);
  CHECK(siege::dice_range(parse_dice_expr("3d6+2")).max == 20);
  CHECK(siege::dice_range(parse_dice_expr("d20")).min == 1);
  CHECK(siege::dice_range(parse_dice_expr("2d10-1")).max == 19);
}

TEST_CASE("Each die is Rng::below(faces) + 1, drawn in order, and the total adds the modifier", "[dice-expr]") {
  const auto e = parse_dice_expr("3d6+2");
  siege::Rng rng(42), mirror(42);
  const auto r = siege::roll_dice(e, rng);
  REQUIRE(r.rolled);
  CHECK(r.expression == "3d6+2");
  REQUIRE(r.dice.size() == 3);
  int sum = 2;
  for (int d : r.dice) {
    CHECK(d == static_cast<int>(mirror.below(6)) + 1);
    sum += d;
  }
  CHECK(r.modifier == 2);
  CHECK(r.total == sum);
}

TEST_CASE("Rolled totals always fall within the expression's range", "[dice-expr]") {
  const auto e = parse_dice_expr("2d10-1");
  const auto range = siege::dice_range(e);
  siege::Rng rng(7);
  bool saw_min = false, saw_max = false;
  for (int i = 0; i < 2000; ++i) {
    const auto r = siege::roll_dice(e, rng);
    REQUIRE(r.total >= range.min);
    REQUIRE(r.total <= range.max);
    saw_min = saw_min || r.total == range.min;
    saw_max = saw_max || r.total == range.max;
  }
  CHECK(saw_min);
  CHECK(saw_max);
}

TEST_CASE("R28: a morale roll uses the data's expression, 2d10 by default", "[dice-expr][R28]") {
  const auto& dice = siege::test::tables().dice;
  CHECK(dice.morale == "2d10");
  siege::Rng rng(1);
  const auto r = siege::roll_morale(dice, rng);
  CHECK(r.expression == "2d10");
  CHECK(r.dice.size() == 2);
  siege::DiceTable d20 = dice;
  d20.morale = "d20";
  CHECK(siege::roll_morale(d20, rng).dice.size() == 1);
}

TEST_CASE("A referee's total carries no dice", "[dice-expr][R28]") {
  const auto r = siege::referee_roll(15);
  CHECK_FALSE(r.rolled);
  CHECK(r.dice.empty());
  CHECK(r.total == 15);
}

TEST_CASE("R28: dice.json with a bad morale expression is a data error at its JSON pointer", "[dice-expr][R28][tables]") {
  siege::Tables t = siege::test::tables();
  try {
    siege::merge_table_text(t, "dice.json", R"({"morale": "2d0"})", "my/dice.json");
    FAIL("accepted");
  } catch (const siege::Error& e) {
    CHECK(e.kind() == siege::ErrorKind::data);
    CHECK(std::string(e.what()).find("my/dice.json:/morale:") == 0);
    CHECK(std::string(e.what()).find("'2d0'") != std::string::npos);
  }
  siege::merge_table_text(t, "dice.json", R"({"morale": "3d6+1"})", "my/dice.json");
  CHECK(t.dice.morale == "3d6+1");
}
