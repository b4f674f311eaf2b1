// Climbing an unbreached wall: ruling R20.
#include <catch2/catch.hpp>

#include <algorithm>

#include "print/json.hpp"
#include "support.hpp"

using namespace siege;

namespace {

bool has_rule(const EscaladeOutcome& o, std::string_view id) {
  return std::find(o.rules.begin(), o.rules.end(), id) != o.rules.end();
}

bool has_note(const EscaladeOutcome& o, std::string_view text) {
  return std::any_of(o.notes.begin(), o.notes.end(),
                     [&](const std::string& n) { return n.find(text) != std::string::npos; });
}

// Dice with one face each: a skill die is one success, a Bane die one
// failure, the difficulty and Boon dice blank. Every check then comes out at
// exactly pool - Bane dice net Successes.
DiceTable sure_dice() {
  DiceTable d = test::tables().dice;
  d.faces[static_cast<std::size_t>(DieKind::skill)] = {Face{1, 0, 0, 0}};
  d.faces[static_cast<std::size_t>(DieKind::difficulty)] = {Face{}};
  d.faces[static_cast<std::size_t>(DieKind::bane)] = {Face{0, 1, 0, 0}};
  d.faces[static_cast<std::size_t>(DieKind::boon)] = {Face{}};
  return d;
}

EscaladeInput climb(ClimbMethod m, int attackers, int lanes = 1) {
  EscaladeInput in;
  in.structure = &test::tables().structure("curtain-wall");
  in.method = m;
  in.attackers = attackers;
  in.lanes = lanes;
  // R41: a tower climbs by its row's carries_climbers (the built-in siege-tower's).
  if (m == ClimbMethod::tower) in.tower_climbers = test::tables().engine("siege-tower").carries_climbers;
  return in;
}

EscaladeOutcome resolve(const EscaladeInput& in, const DiceTable& dice = test::tables().dice,
                        std::uint64_t seed = 1) {
  Rng rng(seed);
  return resolve_escalade(in, dice, rng);
}

std::vector<int> ups(const EscaladeOutcome& o) {
  std::vector<int> v;
  for (const auto& r : o.rounds) v.push_back(r.up);
  return v;
}

}  // namespace

TEST_CASE("A ladder is Average Athletics, defenders at the top add 2 Bane dice (R20)", "[escalade]") {
  const auto open = climb_check_spec(ClimbMethod::ladder, Defended::no, 3);
  REQUIRE(open);
  CHECK(open->difficulty == Difficulty::average);
  CHECK(open->pool == 3);
  CHECK(open->bane_dice == 0);
  const auto held = climb_check_spec(ClimbMethod::ladder, Defended::yes, 3);
  REQUIRE(held);
  CHECK(held->bane_dice == 2);
}

TEST_CASE("A grapnel is Hard Athletics and the defended Bane dice are for ladders only (R20)", "[escalade]") {
  const auto rope = climb_check_spec(ClimbMethod::grapnel, Defended::yes, 3);
  REQUIRE(rope);
  CHECK(rope->difficulty == Difficulty::hard);
  CHECK(rope->bane_dice == 0);
}

TEST_CASE("R41: a tower climbs by its row's carries_climbers, 4 for the built-in siege-tower",
          "[escalade][R41]") {
  CHECK(test::tables().engine("siege-tower").carries_climbers == 4);  // the rules' four a round
  for (const char* other : {"cannon", "ram-shed", "trebuchet", "camp"})
    CHECK(test::tables().engine(other).carries_climbers == 0);
  auto six = climb(ClimbMethod::tower, 13);
  six.tower_climbers = 6;  // a homebrew row
  const auto o = resolve(six);
  REQUIRE(o.rounds.size() == 3u);  // 6, 12, 13
  CHECK(o.rounds[0].attempting == 6);
  CHECK(o.rounds[2].up == 13);
  auto none = climb(ClimbMethod::tower, 4);
  none.tower_climbers = 0;  // an engine that carries no one is no tower
  CHECK_THROWS_WITH(resolve(none), Catch::Contains("carries_climbers"));
}

TEST_CASE("A siege tower makes no check (R20)", "[escalade]") {
  CHECK_FALSE(climb_check_spec(ClimbMethod::tower, Defended::yes, 3).has_value());
}

TEST_CASE("Defenders at the top: the 2 Bane dice turn 2 sure Successes into none (R20)", "[escalade]") {
  auto in = climb(ClimbMethod::ladder, 4);
  in.pool = 2;
  const auto open = resolve(in, sure_dice());
  CHECK(open.up == 4);
  CHECK(open.rounds.size() == 4);
  in.defended = Defended::yes;
  const auto held = resolve(in, sure_dice());
  CHECK(held.check->bane_dice == 2);
  CHECK(held.hopeless);
  CHECK(held.up == 0);
  CHECK(has_rule(held, "defenders-at-top"));
}

TEST_CASE("A siege tower puts 4 a round on the wall: 10 attackers take 3 rounds (R20)", "[escalade]") {
  const auto o = resolve(climb(ClimbMethod::tower, 10));
  REQUIRE(o.rounds.size() == 3);
  CHECK(o.rounds[0].attempting == 4);
  CHECK(o.rounds[2].attempting == 2);
  CHECK(ups(o) == std::vector<int>{4, 8, 10});
  CHECK(o.up == 10);
  CHECK(o.at_foot() == 0);
  CHECK(has_rule(o, "escalade-tower"));
}

TEST_CASE("One climber a round on each ladder: 5 attackers on 2 ladders take 3 rounds (R20)", "[escalade]") {
  const auto o = resolve(climb(ClimbMethod::ladder, 5, 2), sure_dice());
  REQUIRE(o.rounds.size() == 3);
  CHECK(o.rounds[0].attempting == 2);
  CHECK(o.rounds[2].attempting == 1);
  CHECK(ups(o) == std::vector<int>{2, 4, 5});
  CHECK_FALSE(has_rule(o, "climb-retry"));
}

TEST_CASE("Failed climbers stay at the foot and try again next round (R20)", "[escalade]") {
  auto in = climb(ClimbMethod::ladder, 3, 2);
  in.referee_rounds = std::vector<int>{0, 1, 2};
  const auto o = resolve(in);
  REQUIRE(o.rounds.size() == 3);
  CHECK(o.rounds[0].attempting == 2);
  CHECK(o.rounds[1].attempting == 2);
  CHECK(o.rounds[2].attempting == 2);
  CHECK(ups(o) == std::vector<int>{0, 1, 3});
  CHECK(has_rule(o, "climb-retry"));
  CHECK_FALSE(o.rolled);
}

TEST_CASE("Given a number of rounds, the outcome says how many are up after them (R20)", "[escalade]") {
  auto in = climb(ClimbMethod::tower, 10);
  in.rounds = 2;
  const auto o = resolve(in);
  CHECK(o.rounds.size() == 2);
  CHECK(o.up == 8);
  CHECK(o.at_foot() == 2);
  CHECK_FALSE(o.limit_reached);
}

TEST_CASE("Grapnel climbs are silent, and say so (R20)", "[escalade]") {
  const auto o = resolve(climb(ClimbMethod::grapnel, 2, 2), sure_dice());
  CHECK(o.check->difficulty == Difficulty::hard);
  CHECK(has_note(o, "silent"));
  CHECK(has_rule(o, "escalade-grapnel"));
}

TEST_CASE("A breached section is not climbed: move through the breach (R20, R15)", "[escalade]") {
  auto in = climb(ClimbMethod::ladder, 5);
  in.damage_taken = 20;
  const auto o = resolve(in);
  CHECK_FALSE(o.climbed);
  CHECK(o.state == BreachState::breached);
  CHECK(o.rounds.empty());
  CHECK(o.up == 0);
  CHECK(has_rule(o, "breach-not-climbed"));
  CHECK(has_note(o, "Rough Terrain speed"));
}

TEST_CASE("A cracked section is still climbed (R20)", "[escalade]") {
  auto in = climb(ClimbMethod::tower, 1);
  in.damage_taken = 19;
  CHECK(resolve(in).up == 1);
}

TEST_CASE("A hopeless climb (no skill dice against Hard) ends at once, never hangs (R20, R27)",
          "[escalade]") {
  auto in = climb(ClimbMethod::grapnel, 5);
  in.pool = 0;
  const auto o = resolve(in);
  CHECK(o.hopeless);
  CHECK(o.rounds.empty());
  CHECK(o.up == 0);
  CHECK(has_note(o, "Hopeless"));
}

TEST_CASE("The best roll of a check is counted from the faces", "[escalade][dice]") {
  CheckSpec spec;
  spec.pool = 2;
  spec.difficulty = Difficulty::hard;
  // Default dice: a skill die at best 2 Successes, a difficulty die at best 0.
  CHECK(best_net_successes(spec, test::tables().dice) == 4);
  spec.pool = 0;
  CHECK(best_net_successes(spec, test::tables().dice) == 0);
}

TEST_CASE("A climb that cannot finish stops at the round limit with a clear note (R20)", "[escalade]") {
  const auto o = resolve(climb(ClimbMethod::ladder, 1500), sure_dice());
  CHECK(o.rounds.size() == static_cast<std::size_t>(max_climb_rounds));
  CHECK(o.up == 1000);
  CHECK(o.at_foot() == 500);
  CHECK(o.limit_reached);
  CHECK(has_note(o, "limit of 1000 rounds"));
}

TEST_CASE("Rolled climbs are reproducible from the seed (R27)", "[escalade]") {
  const auto in = climb(ClimbMethod::ladder, 20, 3);
  CHECK(ups(resolve(in, test::tables().dice, 7)) == ups(resolve(in, test::tables().dice, 7)));
}

TEST_CASE("Bad escalade input is refused", "[escalade]") {
  CHECK_THROWS_WITH(resolve(climb(ClimbMethod::ladder, 0)), Catch::Contains("--attackers 0"));
  CHECK_THROWS_WITH(resolve(climb(ClimbMethod::ladder, 3, 0)), Catch::Contains("--ladders 0"));
  CHECK_THROWS_WITH(resolve(climb(ClimbMethod::grapnel, 3, 0)), Catch::Contains("--ropes 0"));
  auto too_many = climb(ClimbMethod::ladder, 2);
  too_many.referee_rounds = std::vector<int>{2};
  CHECK_THROWS_WITH(resolve(too_many), Catch::Contains("only 1 climber"));
  auto too_long = climb(ClimbMethod::ladder, 1);
  too_long.referee_rounds = std::vector<int>{1, 0};
  CHECK_THROWS_WITH(resolve(too_long), Catch::Contains("everybody was up after 1"));
  auto both = climb(ClimbMethod::ladder, 1);
  both.referee_rounds = std::vector<int>{1};
  both.rounds = 1;
  CHECK_THROWS_WITH(resolve(both), Catch::Contains("--rounds"));
  auto tower = climb(ClimbMethod::tower, 1);
  tower.referee_rounds = std::vector<int>{1};
  CHECK_THROWS_WITH(resolve(tower), Catch::Contains("no check"));
  CHECK_THROWS_WITH(parse_climb_method("rope"), Catch::Contains("ladder, grapnel or tower"));
}

TEST_CASE("The escalade outcome as JSON carries each round", "[escalade][json]") {
  std::string out;
  detail::JsonWriter w(out);
  print::write_escalade(w, resolve(climb(ClimbMethod::tower, 10)), 3);
  const auto j = nlohmann::json::parse(out);
  CHECK(j["schema"] == 1);
  CHECK(j["action"] == "escalade");
  CHECK(j["method"] == "tower");
  CHECK(j["check"].is_null());
  CHECK(j["lanes"].is_null());
  CHECK(j["rounds"].size() == 3);
  CHECK(j["rounds"][2] == nlohmann::json{{"round", 3}, {"attempting", 2}, {"succeeded", 2}, {"up", 10}});
  CHECK(j["up"] == 10);
  CHECK(j["at_foot"] == 0);
}
