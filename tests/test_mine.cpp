// A mine from digging to firing: rulings R9, R19.
#include <catch2/catch.hpp>

#include <algorithm>

#include "error_of.hpp"
#include "print/json.hpp"
#include "support.hpp"

using namespace siege;

namespace {

bool has_rule(const MineOutcome& o, std::string_view id) {
  return std::find(o.rules.begin(), o.rules.end(), id) != o.rules.end();
}

bool has_note(const MineOutcome& o, std::string_view text) {
  const auto notes = siege::test::printed_notes(o.notes);  // as the command line prints them
  return std::any_of(notes.begin(), notes.end(),
                     [&](const std::string& n) { return n.find(text) != std::string::npos; });
}

MineInput mine(std::string_view structure, std::vector<MineDayResult> days) {
  MineInput in;
  in.structure = &test::tables().structure(structure);
  in.referee_days = std::move(days);
  return in;
}

MineOutcome resolve(const MineInput& in, std::uint64_t seed = 1) {
  Rng rng(seed);
  return resolve_mine(in, test::tables().dice, rng);
}

// n days on which the gallery stays hidden.
std::vector<MineDayResult> hidden(int n) { return std::vector<MineDayResult>(static_cast<std::size_t>(n), {1, 0}); }

}  // namespace

TEST_CASE("A mine takes one day of digging per point of listed Armor (R19, R9)", "[mine]") {
  CHECK(resolve(mine("curtain-wall", hidden(4))).days_needed == 4);
  CHECK(resolve(mine("tower", hidden(5))).days_needed == 5);
  CHECK(resolve(mine("rampart", hidden(3))).days_needed == 3);
  CHECK(resolve(mine("concrete-fortress", hidden(8))).days_needed == 8);
  const auto o = resolve(mine("curtain-wall", hidden(4)));
  CHECK(o.days.size() == 4);
  CHECK(o.days_dug == 4);
  CHECK(o.days.back().day == 4);
  CHECK(has_rule(o, "mine-days"));
}

TEST_CASE("A fired mine on an intact curtain wall leaves it breached, 20 of 20 (R19)", "[mine]") {
  const auto o = resolve(mine("curtain-wall", hidden(4)));
  CHECK(o.fired);
  CHECK(o.damage == 20);
  CHECK(o.hull.max == 20);
  CHECK(o.hull.after == 20);
  CHECK(o.overkill == 0);
  CHECK(o.before == BreachState::intact);
  CHECK(o.after == BreachState::breached);
  CHECK(has_rule(o, "mine-fired"));
}

TEST_CASE("A fired mine ignores Armor: a tower suffers the full 20 of 30, cracked (R19)", "[mine]") {
  const auto o = resolve(mine("tower", hidden(5)));
  CHECK(o.hull.after == 20);
  CHECK(o.after == BreachState::cracked);
}

TEST_CASE("A fired mine breaches a rampart, which charges cannot (R9, R19)", "[mine]") {
  const auto o = resolve(mine("rampart", hidden(3)));
  CHECK(o.hull.after == 12);
  CHECK(o.overkill == 8);
  CHECK(o.after == BreachState::breached);
  CHECK(has_rule(o, "dug-through"));
  CHECK_FALSE(has_rule(o, "dug-not-knocked-down"));
}

TEST_CASE("A structure with Armor 0 needs no digging and the mine fires at once (R19)", "[mine]") {
  const auto o = resolve(mine("timber-house", {}));
  CHECK(o.days_needed == 0);
  CHECK(o.days.empty());
  CHECK(o.fired);
  CHECK(o.hull.after == 6);
  CHECK(o.overkill == 14);
}

TEST_CASE("The defenders find the gallery only with strictly more net Successes (R19)", "[mine]") {
  CHECK_FALSE(gallery_detected(2, 2));
  CHECK_FALSE(gallery_detected(0, 0));
  CHECK_FALSE(gallery_detected(3, 2));
  CHECK(gallery_detected(2, 3));
  CHECK(gallery_detected(-1, 0));
}

TEST_CASE("A tie in the daily check goes to the sappers: all ties and the mine fires (R19)", "[mine]") {
  const auto o = resolve(mine("curtain-wall", {{1, 1}, {0, 0}, {2, 2}, {-1, -1}}));
  CHECK_FALSE(o.detected_on.has_value());
  CHECK(o.fired);
  CHECK(has_rule(o, "tie-to-sappers"));
}

TEST_CASE("A detected mine is not fired: countermine possible (R19)", "[mine]") {
  const auto o = resolve(mine("curtain-wall", {{1, 0}, {1, 2}}));
  REQUIRE(o.detected_on.has_value());
  CHECK(*o.detected_on == 2);
  CHECK(o.days.size() == 2);
  CHECK(o.days[1].detected);
  CHECK_FALSE(o.fired);
  CHECK(o.damage == 0);
  CHECK(o.hull.after == 0);
  CHECK(o.after == BreachState::intact);
  CHECK(has_rule(o, "countermine-possible"));
  CHECK(has_note(o, "countermine possible"));
}

TEST_CASE("With --countermine a found gallery is met underground, a fight not modelled (R19)", "[mine]") {
  auto in = mine("curtain-wall", {{0, 1}});
  in.countermine = Countermine::yes;
  const auto o = resolve(in);
  CHECK_FALSE(o.fired);
  CHECK(has_note(o, "countermine"));
  CHECK(o.not_modelled == std::vector<std::string>{"the fight in the gallery"});
}

TEST_CASE("A countermine that finds nothing does not stop the mine (R19)", "[mine]") {
  auto in = mine("curtain-wall", hidden(4));
  in.countermine = Countermine::yes;
  const auto o = resolve(in);
  CHECK(o.fired);
  CHECK(o.after == BreachState::breached);
  CHECK(has_note(o, "has not found the gallery"));
}

TEST_CASE("Digging goes on from the days already dug (R19)", "[mine]") {
  auto in = mine("curtain-wall", hidden(1));
  in.days_dug = 3;
  const auto o = resolve(in);
  REQUIRE(o.days.size() == 1);
  CHECK(o.days[0].day == 4);
  CHECK(o.fired);

  auto done = mine("curtain-wall", {});
  done.days_dug = 4;
  const auto d = resolve(done);
  CHECK(d.days.empty());
  CHECK(d.fired);
}

TEST_CASE("Fewer days than needed: the gallery is not finished and nothing fires (R19)", "[mine]") {
  const auto o = resolve(mine("curtain-wall", hidden(2)));
  CHECK_FALSE(o.fired);
  CHECK(o.days_dug == 2);
  CHECK(o.days_left() == 2);
  CHECK(o.hull.after == 0);
  CHECK(has_note(o, "--days-dug 2"));
}

TEST_CASE("A mine under a cracked section adds its 20 to the Hull already suffered (R19, R4)", "[mine]") {
  auto in = mine("curtain-wall", hidden(4));
  in.damage_taken = 10;
  const auto o = resolve(in);
  CHECK(o.hull.after == 20);
  CHECK(o.overkill == 10);
}

TEST_CASE("Rolled days: each side rolls its pool plus the 2 Average dice, reproducibly (R19, R27)", "[mine]") {
  MineInput in;
  in.structure = &test::tables().structure("tower");
  in.sapper_pool = 4;
  in.defender_pool = 1;
  const auto a = resolve(in, 99);
  const auto b = resolve(in, 99);
  REQUIRE_FALSE(a.days.empty());
  CHECK(a.days[0].sappers.rolled);
  CHECK(a.days[0].sappers.dice.size() == 4 + 2);
  CHECK(a.days[0].defenders.dice.size() == 1 + 2);
  CHECK(a.days.size() == b.days.size());
  CHECK(a.fired == b.fired);
  for (const auto& d : a.days)
    CHECK(d.detected == (d.defenders.net_successes > d.sappers.net_successes));
}

TEST_CASE("A days limit stops the rolled digging of one call (R19)", "[mine]") {
  // Dice whose every face shows exactly one success (skill) or nothing (the
  // rest): the sappers' 3 net Successes always beat the defenders' 0.
  DiceTable sure = test::tables().dice;
  sure.faces[static_cast<std::size_t>(DieKind::skill)] = {Face{1, 0, 0, 0}};
  sure.faces[static_cast<std::size_t>(DieKind::difficulty)] = {Face{}};
  MineInput in;
  in.structure = &test::tables().structure("tower");
  in.defender_pool = 0;
  in.days = 2;
  Rng rng(5);
  const auto o = resolve_mine(in, sure, rng);
  CHECK(o.days.size() == 2);
  CHECK(o.days[0].sappers.net_successes == 3);
  CHECK(o.days[0].defenders.net_successes == 0);
  CHECK(o.days_dug == 2);
  CHECK(o.days_left() == 3);
  CHECK_FALSE(o.fired);
}

TEST_CASE("Bad mine input is refused", "[mine]") {
  auto too_far = mine("curtain-wall", {});
  too_far.days_dug = 5;
  CHECK_THROWS_WITH(resolve(too_far), Catch::Contains("--days-dug 5"));
  auto negative = mine("curtain-wall", {});
  negative.days_dug = -1;
  CHECK_THROWS_WITH(resolve(negative), Catch::Contains("--days-dug -1"));
  CHECK_THROWS_WITH(resolve(mine("curtain-wall", hidden(5))), Catch::Contains("5 days given"));
}

TEST_CASE("The mine outcome as JSON carries the days and each day's checks", "[mine][json]") {
  std::string out;
  detail::JsonWriter w(out);
  print::write_mine(w, resolve(mine("curtain-wall", {{2, 2}, {0, 1}})), std::nullopt);
  const auto j = nlohmann::json::parse(out);
  CHECK(j["schema"] == 1);
  CHECK(j["action"] == "mine");
  CHECK(j["seed"].is_null());
  CHECK(j["days"] == nlohmann::json{{"needed", 4}, {"before", 0}, {"dug", 2}, {"left", 2}});
  CHECK(j["checks"].size() == 2);
  CHECK(j["checks"][1]["defenders"]["successes"] == 1);
  CHECK(j["detected"] == true);
  CHECK(j["detected_on"] == 2);
  CHECK(j["fired"] == false);
}
