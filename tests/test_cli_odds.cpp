// `siege odds` end to end.
#include <algorithm>

#include <catch2/catch.hpp>

#include "support.hpp"
#include "temp_dir.hpp"

namespace {
siege::test::Run run(const std::vector<std::string>& args) { return siege::test::siege(args); }
}  // namespace

TEST_CASE("odds check gives exact fractions that add up to 1", "[cli][odds]") {
  const auto r = run({"odds", "check", "--difficulty", "easy", "--pool", "1", "--json"});
  REQUIRE(r.status == 0);
  const auto j = r.json();
  CHECK(j["action"] == "odds");
  CHECK(j["of"] == "check");
  CHECK(j["pass"]["p"] == "19/64");
  CHECK(j["pass"]["value"].get<double>() == Approx(19.0 / 64));
  double sum = 0;
  for (const auto& e : j["net_successes"]) sum += e["probability"]["value"].get<double>();
  CHECK(sum == Approx(1.0));
}

TEST_CASE("odds attack lists the miss, each damage and the state after", "[cli][odds]") {
  const auto r = run({"odds", "attack", "-s", "interior-door", "-w", "ram", "--attacks", "2", "--json"});
  REQUIRE(r.status == 0);
  const auto j = r.json();
  CHECK(j["of"] == "attack");
  CHECK(j["ways"] == "4096");
  // Hull 1: every hit breaches it, so the breach chance is the pass chance.
  const auto miss = j["miss"]["value"].get<double>();
  CHECK(j["state_after"]["breached"]["value"].get<double>() == Approx(1 - miss));
  CHECK(j["after_attacks"].size() == 2u);
  CHECK(j["after_attacks"][1]["breached"]["value"].get<double>() == Approx(1 - miss * miss));
  CHECK(j["expected_attacks_to_breach"]["value"].get<double>() == Approx(1 / (1 - miss)));
}

TEST_CASE("odds attack uses the attack's own options and refusals", "[cli][odds]") {
  auto r = run({"odds", "attack", "-s", "curtain-wall", "-w", "musket"});
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Catch::Contains("personal weapon"));
  r = run({"odds", "attack", "-s", "castle-gate", "--portcullis", "-w", "ram", "--successes", "2", "--json"});
  REQUIRE(r.status == 0);
  CHECK(r.json()["outcomes"].size() == 1u);
  CHECK(r.json()["outcomes"][0]["damage"] == 4);
  CHECK(r.json()["outcomes"][0]["probability"]["p"] == "1/1");
  r = run({"odds", "attack", "-s", "rampart", "-w", "mortar", "--json"});
  REQUIRE(r.status == 0);
  CHECK(r.json()["expected_attacks_to_breach"].is_null());
}

TEST_CASE("odds --compare tabulates weapons against structures", "[cli][odds]") {
  auto r = run({"odds", "--compare", "--weapons", "cannon,trebuchet", "--structures", "curtain-wall,tower",
                "--attacks", "4", "--json"});
  REQUIRE(r.status == 0);
  const auto j = r.json();
  REQUIRE(j["cells"].size() == 4u);
  // Guns beat trebuchets against tall masonry.
  CHECK(j["cells"][0]["breached"]["value"].get<double>() > j["cells"][2]["breached"]["value"].get<double>());
  r = run({"odds", "--compare", "--weapons", "canon"});
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Catch::Contains("did you mean cannon"));
  r = run({"odds"});
  CHECK(r.status == 2);
}

// ---------------------------------------------------------------- the siege works

TEST_CASE("odds demolish gives the Craft check's pass chance and each outcome", "[cli][odds][works]") {
  const auto r = run({"odds", "demolish", "-s", "stone-bridge", "--on-pier", "-c", "powder-keg:2", "--json"});
  REQUIRE(r.status == 0);
  const auto j = r.json();
  CHECK(j["action"] == "odds");
  CHECK(j["of"] == "demolish");
  CHECK(j["check"]["difficulty"] == "average");
  CHECK(j["check"]["ways"] == "32768");
  CHECK(j["pass"]["p"] == "9259/16384");
  REQUIRE(j["outcomes"].size() == 2u);
  CHECK(j["outcomes"][0]["went_off"] == false);
  CHECK(j["outcomes"][0]["probability"]["p"] == "7125/16384");
  CHECK(j["outcomes"][1]["damage"] == 20);
  CHECK(j["outcomes"][1]["hull_after"] == 20);
  CHECK(j["outcomes"][1]["state"] == "cracked");
  CHECK(j["state_after"]["cracked"]["p"] == "9259/16384");
  CHECK(j["rules"][0] == "exact-odds");
  CHECK(j.contains("not_modelled"));
}

TEST_CASE("odds demolish: a petard opens a door for certain (R18)", "[cli][odds][works][R18]") {
  const auto r = run({"odds", "demolish", "-s", "iron-bound-door", "-c", "petard", "--json"});
  REQUIRE(r.status == 0);
  const auto j = r.json();
  CHECK(j["check"].is_null());
  CHECK(j["pass"].is_null());
  REQUIRE(j["outcomes"].size() == 1u);
  CHECK(j["outcomes"][0]["opened"] == true);
  CHECK(j["state_after"]["breached"]["p"] == "1/1");
}

TEST_CASE("odds escalade: two climbers on one ladder, all up by round 2 with p^2",
          "[cli][odds][works][R20]") {
  // One skill die against Average passes in 69 of 512 ways.
  const auto r = run({"odds", "escalade", "--method", "ladder", "--attackers", "2", "--pool", "1", "--rounds",
                      "2", "--json"});
  REQUIRE(r.status == 0);
  const auto j = r.json();
  CHECK(j["of"] == "escalade");
  CHECK(j["pass"]["p"] == "69/512");
  CHECK(j["after"]["rounds"] == 2);
  REQUIRE(j["all_up_by_round"].size() == 1u);
  CHECK(j["all_up_by_round"][0]["round"] == 2);
  CHECK(j["all_up_by_round"][0]["probability"]["p"] == "4761/262144");
  CHECK(j["expected_rounds"]["p"] == "1024/69");  // 2 / p
}

TEST_CASE("odds escalade lists rounds until everybody is up but for 1 in a million",
          "[cli][odds][works][R20]") {
  auto r = run({"odds", "escalade", "--method", "ladder", "--attackers", "20", "--ladders", "2", "--defended",
                "--json"});
  REQUIRE(r.status == 0);
  const auto j = r.json();
  CHECK(j["check"]["bane_dice"] == 2);
  CHECK(j["all_up_by_round"][0]["round"] == 10);
  CHECK(j["all_up_by_round"].back()["probability"]["value"].get<double>() >= 0.999999);
  CHECK(j["expected_rounds"]["value"].get<double>() == Approx(26.03).epsilon(0.001));
  double sum = 0;
  for (const auto& e : j["after"]["up"]) sum += e["probability"]["value"].get<double>();
  CHECK(sum == Approx(1.0));
  r = run({"odds", "escalade", "--method", "ladder", "--attackers", "20", "--ladders", "2", "--defended"});
  REQUIRE(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("All up by round"));
  CHECK_THAT(r.out, Catch::Contains("rounds to put all up"));
}

TEST_CASE("odds escalade: a siege tower is certain, a huge climb is refused", "[cli][odds][works][R20]") {
  auto r = run({"odds", "escalade", "--method", "tower", "--attackers", "10", "--json"});
  REQUIRE(r.status == 0);
  CHECK(r.json()["expected_rounds"]["p"] == "3/1");
  CHECK(r.json()["pass"].is_null());
  r = run({"odds", "escalade", "--method", "ladder", "--attackers", "10000", "--ladders", "1000"});
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Catch::Contains("too large"));
}

TEST_CASE("odds mine: tiny pools counted by hand, then fired or found", "[cli][odds][works][R19]") {
  // Only the two Average difficulty dice on each side: found on a day in 1445 of 4096 ways.
  auto r = run({"odds", "mine", "-s", "rampart", "--sapper-pool", "0", "--defender-pool", "0", "--json"});
  REQUIRE(r.status == 0);
  auto j = r.json();
  CHECK(j["of"] == "mine");
  CHECK(j["days"]["digging"] == 3);
  CHECK(j["found_each_day"]["p"] == "1445/4096");
  REQUIRE(j["found_on"].size() == 3u);
  CHECK(j["found_on"][0]["probability"]["p"] == "1445/4096");
  CHECK(j["fired"]["p"] == "18630700451/68719476736");  // (2651/4096)^3
  CHECK(j["outcomes"].back()["result"] == "fired");
  CHECK(j["outcomes"].back()["hull_after"] == 12);
  r = run({"odds", "mine", "-s", "curtain-wall", "--days-dug", "4", "--json"});
  REQUIRE(r.status == 0);
  CHECK(r.json()["fired"]["p"] == "1/1");
  CHECK(r.json()["found_each_day"].is_null());
}

TEST_CASE("odds demolish, escalade and mine refuse exactly what the commands refuse", "[cli][odds][works]") {
  const std::vector<std::vector<std::string>> bad{
      {"demolish", "-s", "curtain-wall", "-c", "powder-keg", "--on-pier"},
      {"demolish", "-s", "curtain-wall", "-c", "powder-keg", "--pool", "2", "--craft-successes", "1"},
      {"demolish", "-s", "curtain-wall", "-c", "powder-kek"},
      {"escalade", "--method", "ladder", "--attackers", "3", "--ropes", "2"},
      {"escalade", "--method", "tower", "--attackers", "3", "--pool", "2"},
      {"escalade", "--method", "ladder", "--attackers", "3", "--rounds", "2", "--successes-per-round", "1"},
      {"mine", "-s", "curtain-wall", "--days-dug", "9"},
      {"mine", "-s", "curtain-wall", "--days", "2", "--day-results", "1:0"},
  };
  for (const auto& args : bad) {
    const auto direct = run(args);
    auto with_odds = args;
    with_odds.insert(with_odds.begin(), "odds");
    const auto odds = run(with_odds);
    INFO(args[0] << " " << args[1] << " ...");
    CHECK(direct.status == 2);
    CHECK(odds.status == 2);
    CHECK(odds.err == direct.err);
  }
}

// ---------------------------------------------------------------- the coming scenes

namespace {

// A siege written by `siege init` from `description`; its path.
std::string init_siege(const siege::test::TempDir& dir, const std::string& description) {
  const std::string from = dir.write("siege.description.json", description);
  const std::string state = dir.file("siege.json");
  const auto r = run({"init", state, "--from", from});
  REQUIRE(r.status == 0);
  return state;
}

const std::string cracked_wall = R"({"name": "One gun",
  "sections": [{"id": "north-wall", "structure": "curtain-wall", "hull_suffered": 15},
               {"id": "east-wall", "structure": "curtain-wall"}],
  "besiegers": [{"id": "gun", "weapon": "cannon", "pool": 3, "target": "north-wall"}]})";

}  // namespace

TEST_CASE("odds scene: one gun, one scene gives odds attack's breach chance", "[cli][odds][scene]") {
  siege::test::TempDir dir;
  const std::string state = init_siege(dir, cracked_wall);
  const auto r = run({"--state", state, "odds", "scene", "--scenes", "1", "--json"});
  REQUIRE(r.status == 0);
  const auto j = r.json();
  CHECK(j["of"] == "scene");
  CHECK(j["played"] == 0);
  CHECK(j["scenes"] == 1);
  REQUIRE(j["sections"].size() == 2u);
  const auto& wall = j["sections"][0];
  CHECK(wall["attackers"] == nlohmann::json::array({"gun"}));
  CHECK(wall["hull"]["suffered"] == 15);
  CHECK(wall["state"] == "cracked");
  REQUIRE(wall["after_scene"].size() == 1u);
  CHECK(wall["after_scene"][0]["scene"] == 1);
  const auto one =
      run({"odds", "attack", "-s", "curtain-wall", "-w", "cannon", "--damage-taken", "15", "--json"});
  REQUIRE(one.status == 0);
  CHECK(wall["after_scene"][0]["breached"]["p"] == one.json()["state_after"]["breached"]["p"]);
  CHECK(wall["after_scene"][0]["cracked"]["p"] == one.json()["state_after"]["cracked"]["p"]);
  // Nobody shoots at the east wall.
  CHECK(j["sections"][1]["after_scene"][0]["intact"]["p"] == "1/1");
  CHECK(j["engines"][0]["knocked_out"][0]["probability"]["p"] == "0/1");
}

TEST_CASE("odds scene looks 4 scenes ahead by default, only reads the file, and refuses past its bound",
          "[cli][odds][scene]") {
  siege::test::TempDir dir;
  const std::string state =
      init_siege(dir, siege::test::slurp(SIEGE_SOURCE_DIR + "/examples/castle-siege.json"));
  REQUIRE(run({"--state", state, "--seed", "3", "scene"}).status == 0);
  const std::string before = siege::test::slurp(state);
  // The global option after the subcommand works as well.
  auto r = run({"odds", "scene", "--state", state, "--json"});
  REQUIRE(r.status == 0);
  const auto j = r.json();
  CHECK(j["played"] == 1);
  CHECK(j["scenes"] == 4);
  for (const auto& s : j["sections"]) {
    REQUIRE(s["after_scene"].size() == 4u);
    CHECK(s["after_scene"][0]["scene"] == 2);
    double last = 0;
    for (const auto& a : s["after_scene"]) {
      const double b = a["breached"]["value"].get<double>();
      CHECK(b >= last);  // breached stays breached
      last = b;
      CHECK(a["intact"]["value"].get<double>() + a["cracked"]["value"].get<double>() + b == Approx(1.0));
    }
  }
  // The mangonel on the walls shoots at the trebuchet: it may be knocked out.
  bool trebuchet = false;
  for (const auto& e : j["engines"])
    if (e["id"] == "trebuchet") {
      trebuchet = true;
      CHECK(e["knocked_out"][3]["probability"]["value"].get<double>() > 0);
    }
  CHECK(trebuchet);
  CHECK(std::find(j["rules"].begin(), j["rules"].end(), "knocked-out") != j["rules"].end());
  CHECK(siege::test::slurp(state) == before);
  CHECK(dir.names() == std::vector<std::string>{"siege.description.json", "siege.json"});

  r = run({"--state", state, "odds", "scene", "--scenes", "21"});
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Catch::Contains("--scenes") && Catch::Contains("20"));
  r = run({"odds", "scene"});
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Catch::Contains("odds scene: needs --state FILE"));
  r = run({"--state", dir.file("missing.json"), "odds", "scene"});
  CHECK(r.status == 4);
}

TEST_CASE("odds scene in text: a line a coming scene, bars, and the engines at risk", "[cli][odds][scene]") {
  siege::test::TempDir dir;
  const std::string state =
      init_siege(dir, siege::test::slurp(SIEGE_SOURCE_DIR + "/examples/castle-siege.json"));
  const auto r = run({"--state", state, "odds", "scene", "--scenes", "5"});
  REQUIRE(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("scenes 1 to 5 of The siege of Harrowmere"));
  CHECK_THAT(r.out, Catch::Contains("shot at by great-bombard, battery-cannon"));
  CHECK_THAT(r.out, Catch::Contains("breached by scene 5"));
  CHECK_THAT(r.out, Catch::Contains("no engine shoots at it"));
  CHECK_THAT(r.out, Catch::Contains("trebuchet -> river-tower, shot at by wall-mangonel"));
  CHECK_THAT(r.out, Catch::Contains("%  #"));
  CHECK_THAT(r.out, Catch::Contains("past the fourth"));
}

TEST_CASE("With --state the other odds subcommands mean what they meant", "[cli][odds][scene]") {
  siege::test::TempDir dir;
  const std::string state = init_siege(dir, cracked_wall);
  const std::vector<std::vector<std::string>> commands{
      {"odds", "attack", "-s", "curtain-wall", "-w", "cannon", "--json"},
      {"odds", "check", "--difficulty", "hard", "--json"},
      {"odds", "--compare", "--weapons", "cannon", "--structures", "tower", "--json"}};
  for (const auto& args : commands) {
    auto with_state = args;
    with_state.insert(with_state.begin(), {"--state", state});
    const auto plain = run(args), on_state = run(with_state);
    INFO(args[1]);
    REQUIRE(plain.status == 0);
    CHECK(on_state.status == 0);
    CHECK(on_state.out == plain.out);
  }
}
