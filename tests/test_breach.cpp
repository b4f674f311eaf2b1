// Troops at a breach: holding it (R21, R22), casualties on a unit partly
// through (R23), moving through (R15) and abatis (R26).
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

#include "print/json.hpp"
#include "siege/breach.hpp"
#include "siege/tables_json.hpp"
#include "support.hpp"

using namespace siege;

namespace {

bool has_rule(const std::vector<std::string>& rules, const std::string& id) {
  return std::find(rules.begin(), rules.end(), id) != rules.end();
}

bool mentions(const std::vector<std::string>& notes, const std::string& words) {
  return std::any_of(notes.begin(), notes.end(), [&](const std::string& n) { return n.find(words) != std::string::npos; });
}

HoldInput hold(int needed, int rolled, Order order = Order::good, HoldSite site = HoldSite::breach) {
  HoldInput in;
  in.needed = needed;
  in.roll = referee_roll(rolled);
  in.order = order;
  in.site = site;
  return in;
}

std::string usage_id(const HoldInput& in) {
  try {
    (void)resolve_hold(in);
  } catch (const Error& e) {
    CHECK(e.kind() == ErrorKind::usage);
    return e.id();
  }
  return "accepted";
}

}  // namespace

// ---------------------------------------------------------------- hold

TEST_CASE("R21: the texts' example, needed 12 and rolled 15, lets 3 enemy figures through", "[breach][hold][R21]") {
  const auto o = resolve_hold(hold(12, 15));
  CHECK_FALSE(o.passed);
  CHECK(o.margin == 3);
  CHECK(o.through == 3);
  CHECK(has_rule(o.rules, "forced-through"));
  CHECK(mentions(o.notes, "just far enough"));
  CHECK(mentions(o.notes, "no 4\" withdrawal"));
}

TEST_CASE("R21: a morale check passes when the roll is at most the number needed", "[breach][hold][R21]") {
  CHECK(resolve_hold(hold(12, 12)).passed);
  CHECK(resolve_hold(hold(12, 12)).through == 0);
  CHECK(resolve_hold(hold(12, 2)).passed);
  const auto o = resolve_hold(hold(12, 13));
  CHECK_FALSE(o.passed);
  CHECK(o.through == 1);
}

TEST_CASE("R21: a good unit that fails while holding stays good, a shaken one stays shaken", "[breach][hold][R21]") {
  const auto good = resolve_hold(hold(9, 17, Order::good));
  CHECK_FALSE(good.passed);
  CHECK(good.through == 8);
  CHECK(good.order_after == Order::good);
  CHECK(has_rule(good.rules, "hold-keeps-order"));
  const auto shaken = resolve_hold(hold(9, 17, Order::shaken));
  CHECK(shaken.order_after == Order::shaken);
}

TEST_CASE("R21: the declared hold forbids withdrawing instead, and the unit may hold again once back in place",
          "[breach][hold][R21]") {
  const auto o = resolve_hold(hold(12, 15));
  CHECK(has_rule(o.rules, "hold-the-breach"));
  CHECK(mentions(o.notes, "may not withdraw instead"));
  CHECK(mentions(o.notes, "it may hold again"));
}

TEST_CASE("R21: a hero never fails, with or without a roll", "[breach][hold][R21]") {
  HoldInput in;
  in.hero = Hero::yes;
  const auto no_roll = resolve_hold(in);
  CHECK(no_roll.passed);
  CHECK(no_roll.through == 0);
  CHECK(has_rule(no_roll.rules, "hero-never-fails"));
  in.needed = 5;
  in.roll = referee_roll(19);
  const auto bad_roll = resolve_hold(in);
  CHECK(bad_roll.passed);
  CHECK(bad_roll.through == 0);
  CHECK(mentions(bad_roll.notes, "would fail"));
}

TEST_CASE("R21: a routed unit cannot hold", "[breach][hold][R21]") {
  CHECK(usage_id(hold(12, 5, Order::routed)) == "routed-cannot-hold");
}

TEST_CASE("R22: bottlenecks and barriers can be held, corridors, bridges and passages cannot", "[breach][hold][R22]") {
  for (auto site : {HoldSite::breach, HoldSite::gateway, HoldSite::doorway, HoldSite::window, HoldSite::wall_top,
                    HoldSite::rampart, HoldSite::parapet, HoldSite::breastwork}) {
    INFO(name_of(site));
    CHECK(resolve_hold(hold(12, 15, Order::good, site)).through == 3);
  }
  for (auto site : {HoldSite::corridor, HoldSite::bridge, HoldSite::passage}) {
    INFO(name_of(site));
    CHECK(usage_id(hold(12, 15, Order::good, site)) == "not-a-bottleneck");
    try {
      (void)resolve_hold(hold(12, 15, Order::good, site));
    } catch (const Error& e) {
      CHECK(std::string(e.what()).find("normal combat and morale rules apply") != std::string::npos);
    }
  }
}

TEST_CASE("R22: on a barrier top every figure in contact must be protected", "[breach][hold][R22]") {
  auto in = hold(12, 15, Order::good, HoldSite::parapet);
  CHECK(has_rule(resolve_hold(in).rules, "barrier-protected"));
  in.unprotected_in_contact = 1;
  CHECK(usage_id(in) == "unprotected-in-contact");
  auto gate = hold(12, 15, Order::good, HoldSite::gateway);
  gate.unprotected_in_contact = 2;
  CHECK(usage_id(gate) == "bad-option");
}

TEST_CASE("Figures through are the margin, capped only by the enemy figures that could pass", "[breach][hold][R21]") {
  auto in = hold(3, 20);
  in.figures = 2;  // the defender's own size does not limit the enemy
  CHECK(resolve_hold(in).through == 17);
  in.enemy_figures = 5;
  const auto o = resolve_hold(in);
  CHECK(o.margin == 17);
  CHECK(o.through == 5);
  CHECK(o.capped);
}

TEST_CASE("A hold without the number needed or a roll is refused", "[breach][hold]") {
  HoldInput in;
  in.roll = referee_roll(4);
  CHECK(usage_id(in) == "no-needed");
  in = HoldInput{};
  in.needed = 10;
  CHECK(usage_id(in) == "no-roll");
  CHECK_NOTHROW(validate_hold(in, RollComing::yes));
}

TEST_CASE("R28: a rolled morale check lists the dice rule and its dice in the JSON", "[breach][hold][R28]") {
  Rng rng(42);
  auto in = hold(12, 0);
  in.roll = roll_morale(test::tables().dice, rng);
  const auto o = resolve_hold(in);
  CHECK(has_rule(o.rules, "morale-dice"));
  std::string out;
  detail::JsonWriter w(out);
  print::write_hold(w, o, 42);
  const auto j = nlohmann::json::parse(out);
  CHECK(j["action"] == "hold");
  CHECK(j["seed"] == 42);
  CHECK(j["roll"]["expression"] == "2d10");
  CHECK(j["roll"]["dice"].size() == 2);
  CHECK(j["roll"]["total"] == o.roll->total);
  CHECK(j["passed"] == morale_passed(o.roll->total, 12));
}

// ---------------------------------------------------------------- casualties

TEST_CASE("R23: casualties come first from the figures through the breach", "[breach][casualties][R23]") {
  const auto o = resolve_casualties({3, 7, 2});
  CHECK(o.removed_through == 2);
  CHECK(o.removed_behind == 0);
  CHECK(o.through_after == 1);
  CHECK(o.behind_after == 7);
  CHECK(o.gaps == 2);
  CHECK(has_rule(o.rules, "fill-the-gaps"));
}

TEST_CASE("R23: the excess over those through comes from the rest, and only gaps through are filled",
          "[breach][casualties][R23]") {
  const auto o = resolve_casualties({3, 7, 5});
  CHECK(o.removed_through == 3);
  CHECK(o.removed_behind == 2);
  CHECK(o.through_after == 0);
  CHECK(o.behind_after == 5);
  CHECK(o.gaps == 3);
  CHECK_FALSE(o.not_modelled.empty());
}

TEST_CASE("R23: no casualties leave no gaps", "[breach][casualties][R23]") {
  const auto o = resolve_casualties({4, 4, 0});
  CHECK(o.gaps == 0);
  CHECK_FALSE(has_rule(o.rules, "fill-the-gaps"));
}

TEST_CASE("R23: more killed than the unit has, or a unit not partly through, is refused", "[breach][casualties][R23]") {
  CHECK_THROWS_WITH(resolve_casualties({3, 2, 6}), Catch::Contains("only 5 figures"));
  CHECK_NOTHROW(resolve_casualties({3, 2, 5}));
  CHECK_THROWS_WITH(resolve_casualties({0, 5, 1}), Catch::Contains("not partly through"));
  CHECK_THROWS_WITH(resolve_casualties({5, 0, 1}), Catch::Contains("not partly through"));
}

// ---------------------------------------------------------------- move

TEST_CASE("R15: through a breach troops move at Rough Terrain speed, half rounded down", "[breach][move][R15]") {
  const Ratio half = test::tables().troops.rough_terrain;
  REQUIRE(half == Ratio{1, 2});
  const auto odd = resolve_move({9, ThroughBreach::yes, half});
  CHECK(odd.speed_after == 4);
  CHECK(odd.rounded);
  CHECK(has_rule(odd.rules, "breach-rough-terrain"));
  CHECK(mentions(odd.notes, "rounded down"));
  const auto even = resolve_move({12, ThroughBreach::yes, half});
  CHECK(even.speed_after == 6);
  CHECK_FALSE(even.rounded);
  CHECK(resolve_move({1, ThroughBreach::yes, half}).speed_after == 0);
}

TEST_CASE("R15: without a breach the speed is unchanged", "[breach][move][R15]") {
  const auto o = resolve_move({9, ThroughBreach::no, Ratio{1, 2}});
  CHECK(o.speed_after == 9);
  CHECK(o.rules.empty());
}

TEST_CASE("R15: the Rough Terrain factor comes from troops.json", "[breach][move][R15][tables]") {
  Tables t = test::tables();
  merge_table_text(t, "troops.json", R"({"rough_terrain": {"numerator": 2, "denominator": 3}})", "troops.json");
  CHECK(t.troops.rough_terrain == Ratio{2, 3});
  CHECK(t.troops.rout_move_inches == 4);
  CHECK(resolve_move({10, ThroughBreach::yes, t.troops.rough_terrain}).speed_after == 6);
}

TEST_CASE("troops.json is validated strictly", "[breach][tables]") {
  const char* bad[] = {
      R"({"rough_terrain": {"numerator": 3, "denominator": 2}})",
      R"({"rough_terrain": {"numerator": 0, "denominator": 2}})",
      R"({"rough_terrain": {"numerator": 1}})",
      R"({"rough_terrain": {"numerator": 1, "denominator": 2, "extra": 1}})",
      R"({"rout_move_inches": 0})",
      R"({"rout_move_inches": 4.5})",
      R"({"abatis_turns": "3"})",
      R"({"speed": 1})",
      R"([1])",
  };
  for (const char* text : bad) {
    INFO(text);
    Tables t = test::tables();
    try {
      merge_table_text(t, "troops.json", text, "troops.json");
      FAIL("accepted");
    } catch (const Error& e) {
      CHECK(e.kind() == ErrorKind::data);
      CHECK(std::string(e.what()).rfind("troops.json:", 0) == 0);
    }
  }
}

TEST_CASE("The built-in troops table holds the rules' numbers", "[breach][tables]") {
  const auto& t = test::tables().troops;
  CHECK(t.rough_terrain == Ratio{1, 2});
  CHECK(t.rout_move_inches == 4);
  CHECK(t.abatis_turns == 3);
}

// ---------------------------------------------------------------- abatis

namespace {
AbatisOutcome turn(AbatisWork w, int progress, bool spoil = false) {
  AbatisInput in;
  in.work = w;
  in.progress = progress;
  if (spoil && w == AbatisWork::build) in.attackers_in_breach = AttackersInBreach::yes;
  if (spoil && w == AbatisWork::tear) in.interrupted = Interrupted::yes;
  return resolve_abatis(in);
}
}  // namespace

TEST_CASE("R26: three free turns of work make the abatis stand, as a movable mantlet", "[breach][abatis][R26]") {
  const auto t1 = turn(AbatisWork::build, 0);
  CHECK(t1.progress_after == 1);
  CHECK_FALSE(t1.complete);
  CHECK_FALSE(t1.standing_after);
  CHECK(turn(AbatisWork::build, 1).progress_after == 2);
  const auto t3 = turn(AbatisWork::build, 2);
  CHECK(t3.progress_after == 3);
  CHECK(t3.complete);
  CHECK(t3.standing_after);
  CHECK(has_rule(t3.rules, "abatis-mantlet"));
  CHECK(mentions(t3.notes, "movable mantlet"));
}

TEST_CASE("R26: attackers in the breach spoil a building turn and reset the progress to 0", "[breach][abatis][R26]") {
  const auto o = turn(AbatisWork::build, 2, true);
  CHECK(o.spoiled);
  CHECK(o.progress_before == 2);
  CHECK(o.progress_after == 0);
  CHECK_FALSE(o.standing_after);
  CHECK(has_rule(o.rules, "abatis-spoiled"));
}

TEST_CASE("R26: tearing down takes three uninterrupted turns, an attack before the third resets it",
          "[breach][abatis][R26]") {
  CHECK(turn(AbatisWork::tear, 0).progress_after == 1);
  CHECK(turn(AbatisWork::tear, 1).standing_after);
  const auto spoiled = turn(AbatisWork::tear, 2, true);
  CHECK(spoiled.progress_after == 0);
  CHECK(spoiled.standing_after);
  const auto done = turn(AbatisWork::tear, 2);
  CHECK(done.complete);
  CHECK_FALSE(done.standing_after);
  CHECK(mentions(done.notes, "rebuilt"));
}

TEST_CASE("R26: a whole build-tear-rebuild cycle follows the same counts", "[breach][abatis][R26]") {
  int progress = 0;
  for (int i = 0; i < 2; ++i) progress = turn(AbatisWork::build, progress).progress_after;
  progress = turn(AbatisWork::build, progress, true).progress_after;  // attackers arrive
  CHECK(progress == 0);
  for (int i = 0; i < 2; ++i) progress = turn(AbatisWork::build, progress).progress_after;
  CHECK(turn(AbatisWork::build, progress).complete);
  CHECK(turn(AbatisWork::tear, 2).complete);
  CHECK(turn(AbatisWork::build, 2).standing_after);  // rebuilt the same way
}

TEST_CASE("R26: progress outside 0..2 and a spoiler of the other work are refused", "[breach][abatis][R26]") {
  CHECK_THROWS_WITH(turn(AbatisWork::build, 3), Catch::Contains("from 0 to 2"));
  CHECK_THROWS_WITH(turn(AbatisWork::tear, -1), Catch::Contains("from 0 to 2"));
  AbatisInput in;
  in.interrupted = Interrupted::yes;
  CHECK_THROWS_WITH(resolve_abatis(in), Catch::Contains("--attackers-in-breach"));
  in = AbatisInput{};
  in.work = AbatisWork::tear;
  in.attackers_in_breach = AttackersInBreach::yes;
  CHECK_THROWS_WITH(resolve_abatis(in), Catch::Contains("--interrupted"));
}

TEST_CASE("Every troop rule id in a breach outcome is in the catalogue", "[breach][rules]") {
  std::vector<std::string> ids;
  for (const auto& v : {resolve_hold(hold(12, 15, Order::good, HoldSite::rampart)).rules,
                        [] {
                          HoldInput h;
                          h.hero = Hero::yes;
                          return resolve_hold(h).rules;
                        }(),
                        resolve_casualties({3, 7, 5}).rules, resolve_move({9, ThroughBreach::yes, Ratio{1, 2}}).rules,
                        turn(AbatisWork::build, 2).rules, turn(AbatisWork::build, 1, true).rules})
    ids.insert(ids.end(), v.begin(), v.end());
  for (const auto& id : {"morale-dice", "hold-site"}) ids.emplace_back(id);
  for (const auto& id : ids) {
    INFO(id);
    CHECK(rule_info(id) != nullptr);
  }
}
