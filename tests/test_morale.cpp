// Unit order, routs within walls (R24) and army morale (R25).
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

#include "siege/morale.hpp"
#include "support.hpp"

using namespace siege;

namespace {

bool has_rule(const std::vector<std::string>& rules, const std::string& id) {
  return std::find(rules.begin(), rules.end(), id) != rules.end();
}

RoutInput rout(int figures, Order order = Order::good) {
  RoutInput in;
  in.figures = figures;
  in.order = order;
  return in;
}

}  // namespace

TEST_CASE("R21: morale checks pass at or under the number needed", "[morale][R21]") {
  CHECK(morale_passed(12, 12));
  CHECK(morale_passed(11, 12));
  CHECK_FALSE(morale_passed(13, 12));
}

TEST_CASE("Orders parse by name and a bad one names the option", "[morale]") {
  CHECK(parse_order("good") == Order::good);
  CHECK(parse_order("shaken") == Order::shaken);
  CHECK(parse_order("routed") == Order::routed);
  CHECK_THROWS_WITH(parse_order("broken"), Catch::Contains("--order 'broken'"));
}

// ---------------------------------------------------------------- rout

TEST_CASE("R24: a rout within walls makes the unit shaken, costs one extra figure and moves the rest 4\"",
          "[morale][rout][R24]") {
  auto in = rout(8);
  in.blocked = 2;
  const auto o = resolve_rout(in);
  REQUIRE(o.steps.size() == 3);
  CHECK(o.steps[0].rule == "rout-shaken");
  CHECK(o.steps[0].figures == 8);
  CHECK(o.steps[1].rule == "rout-extra-figure");
  CHECK(o.steps[1].removed == 1);
  CHECK(o.steps[1].figures == 7);
  CHECK(o.steps[2].rule == "rout-move");
  CHECK(o.moving == 7);
  CHECK(o.move_inches == 4);
  CHECK(o.steps[2].removed == 2);
  CHECK(o.steps[2].figures == 5);
  CHECK(o.special_figures_after == 5);
  CHECK(o.special_order_after == Order::shaken);
}

TEST_CASE("R24: the standard rout is shown beside the special procedure as the player's choice",
          "[morale][rout][R24]") {
  const auto o = resolve_rout(rout(8));
  CHECK(o.standard_figures_after == 8);
  CHECK(o.standard_order_after == Order::routed);
  CHECK(has_rule(o.rules, "standard-rout"));
  CHECK(std::any_of(o.notes.begin(), o.notes.end(),
                    [](const std::string& n) { return n.find("after seeing the dice") != std::string::npos; }));
}

TEST_CASE("R24: a shaken unit stays shaken", "[morale][rout][R24]") {
  const auto o = resolve_rout(rout(6, Order::shaken));
  CHECK(o.steps[0].text.find("stays shaken") != std::string::npos);
  CHECK(o.special_order_after == Order::shaken);
  CHECK(o.special_figures_after == 5);
}

TEST_CASE("R24: in a split unit only the affected room moves, but the whole unit is shaken", "[morale][rout][R24]") {
  auto in = rout(10);
  in.room_figures = 4;
  in.blocked = 1;
  const auto o = resolve_rout(in);
  CHECK(o.split);
  CHECK(o.room_figures == 4);
  CHECK(o.moving == 3);  // the extra figure comes from the affected room
  CHECK(o.steps[1].figures == 9);
  CHECK(o.steps[2].figures == 8);
  CHECK(o.special_order_after == Order::shaken);
  CHECK(has_rule(o.rules, "rout-split-room"));
  // Blocked can be at most the room's movers.
  in.blocked = 4;
  CHECK_THROWS_WITH(resolve_rout(in), Catch::Contains("only 3 figures"));
}

TEST_CASE("R24: a room holding the whole unit is not a split", "[morale][rout][R24]") {
  auto in = rout(5);
  in.room_figures = 5;
  const auto o = resolve_rout(in);
  CHECK_FALSE(o.split);
  CHECK(o.moving == 4);
}

TEST_CASE("R24: a single figure is lost to the extra removal and nothing moves", "[morale][rout][R24]") {
  const auto o = resolve_rout(rout(1));
  CHECK(o.moving == 0);
  CHECK(o.special_figures_after == 0);
  auto in = rout(1);
  in.blocked = 1;
  CHECK_THROWS(resolve_rout(in));
}

TEST_CASE("R24: an attacker gets the special procedure only when all its figures are within the walls",
          "[morale][rout][R24]") {
  auto in = rout(6);
  in.side = Side::attacker;
  const auto outside = resolve_rout(in);
  CHECK_FALSE(outside.within_walls);
  CHECK(outside.steps.empty());
  CHECK(outside.standard_order_after == Order::routed);
  CHECK(outside.notes.front().find("every surviving figure") != std::string::npos);
  in.within_walls = WithinWalls::yes;
  const auto inside = resolve_rout(in);
  CHECK(inside.within_walls);
  CHECK(inside.special_figures_after == 5);
}

TEST_CASE("R24: a routed unit, bad room or blocked counts are refused", "[morale][rout][R24]") {
  CHECK_THROWS_WITH(resolve_rout(rout(5, Order::routed)), Catch::Contains("already routed"));
  auto in = rout(5);
  in.room_figures = 6;
  CHECK_THROWS_WITH(resolve_rout(in), Catch::Contains("--room-figures 6"));
  in.room_figures = 0;
  CHECK_THROWS(resolve_rout(in));
  in = rout(5);
  in.blocked = 5;
  CHECK_THROWS_WITH(resolve_rout(in), Catch::Contains("only 4 figures"));
  CHECK_THROWS(resolve_rout(rout(0)));
}

TEST_CASE("R24: the rout move distance comes from the data", "[morale][rout][R24][tables]") {
  auto in = rout(5);
  in.move_inches = test::tables().troops.rout_move_inches;
  CHECK(resolve_rout(in).move_inches == 4);
  in.move_inches = 6;
  CHECK(resolve_rout(in).steps[2].text.find("6\"") != std::string::npos);
}

// ---------------------------------------------------------------- army morale

TEST_CASE("R25: exactly a third killed brings the army morale check due", "[morale][army][R25]") {
  const auto at = army_morale({30, 10, InCastle::no});
  CHECK(at.due);
  CHECK(at.threshold == 10);
  CHECK(at.remaining == 0);
  const auto below = army_morale({30, 9, InCastle::no});
  CHECK_FALSE(below.due);
  CHECK(below.remaining == 1);
}

TEST_CASE("R25: the threshold is a third rounded up, in whole figures", "[morale][army][R25]") {
  const auto o31 = army_morale({31, 10, InCastle::no});
  CHECK_FALSE(o31.due);
  CHECK(o31.threshold == 11);
  CHECK(o31.remaining == 1);
  CHECK(army_morale({31, 11, InCastle::no}).due);
  CHECK(army_morale({32, 11, InCastle::no}).due);
  CHECK(army_morale({33, 11, InCastle::no}).due);
  CHECK_FALSE(army_morale({34, 11, InCastle::no}).due);
  CHECK(army_morale({1, 1, InCastle::no}).due);
  CHECK_FALSE(army_morale({1, 0, InCastle::no}).due);
  // No overflow at the top of the range.
  CHECK(army_morale({max_army, max_army / 3 + 1, InCastle::no}).due);
  CHECK_FALSE(army_morale({max_army, max_army / 3, InCastle::no}).due);
}

TEST_CASE("R25: defenders in a castle never check, whatever their losses", "[morale][army][R25]") {
  const auto o = army_morale({30, 30, InCastle::yes});
  CHECK_FALSE(o.due);
  CHECK(has_rule(o.rules, "castle-defenders-never-check"));
}

TEST_CASE("R25: a strength below 1 or killed outside 0..strength is refused", "[morale][army][R25]") {
  CHECK_THROWS_WITH(army_morale({0, 0, InCastle::no}), Catch::Contains("--strength 0"));
  CHECK_THROWS_WITH(army_morale({10, 11, InCastle::no}), Catch::Contains("--killed 11"));
  CHECK_THROWS_WITH(army_morale({10, -1, InCastle::no}), Catch::Contains("--killed -1"));
}

TEST_CASE("Every rule id of a morale outcome is in the catalogue", "[morale][rules]") {
  auto split = rout(6);
  split.room_figures = 3;
  auto outside = rout(6);
  outside.side = Side::attacker;
  for (const auto& rules : {resolve_rout(split).rules, resolve_rout(outside).rules,
                            army_morale({30, 30, InCastle::yes}).rules})
    for (const auto& id : rules) {
      INFO(id);
      CHECK(rule_info(id) != nullptr);
    }
}
