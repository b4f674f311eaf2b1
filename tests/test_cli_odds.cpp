// `siege odds` end to end.
#include <algorithm>

#include <catch2/catch.hpp>

#include "print/odds.hpp"
#include "support.hpp"
#include "temp_dir.hpp"

namespace {
siege::test::Run run(const std::vector<std::string>& args) { return siege::test::siege(args); }
}  // namespace

TEST_CASE("a chance that is not 0 never prints as 0.00%, nor one not 1 as 100.00%, only a true 0 has no bar",
          "[cli][odds]") {
  using siege::cli::bar;
  using siege::cli::percent;
  using siege::cli::shown;
  using siege::odds::Int;
  CHECK(percent(0) == "  0.00%");
  CHECK(bar(0).empty());
  CHECK(percent(1) == "100.00%");
  CHECK(bar(1) == std::string(40, '#'));
  CHECK(percent(0.00004) == "< 0.01%");
  CHECK(bar(0.00004) == "#");  // the least bar for any chance above 0
  CHECK(percent(0.00005) == "  0.01%");
  CHECK(percent(0.99996) == ">99.99%");
  CHECK(bar(0.99996) == std::string(39, '#'));  // a full bar is for a true 1 only
  CHECK(percent(0.5) == " 50.00%");
  CHECK(bar(0.5) == std::string(20, '#'));
  // Far below the least double: still above 0 on display, and 1 - that below 1.
  const Int huge = Int(1) << 2000;
  CHECK(shown(Int(1), huge) > 0);
  CHECK(percent(shown(Int(1), huge)) == "< 0.01%");
  CHECK(bar(shown(Int(1), huge)) == "#");
  CHECK(shown(huge - 1, huge) < 1);
  CHECK(percent(shown(huge - 1, huge)) == ">99.99%");
  CHECK(shown(Int(0), huge) == 0);
  CHECK(shown(huge, huge) == 1);
}

TEST_CASE("odds check prints every outcome it lists with a bar and above 0.00%", "[cli][odds]") {
  const auto r = run({"odds", "check", "--difficulty", "easy", "--pool", "20"});
  REQUIRE(r.status == 0);
  CHECK(r.out.find("< 0.01%  #\n") != std::string::npos);
  CHECK(r.out.find(" 0.00%") == std::string::npos);
}

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
    // The same refusal, named as the odds subcommand's.
    std::string as_odds = direct.err;
    const std::string named = "siege: error: " + args[0] + ":";
    if (as_odds.rfind(named, 0) == 0) as_odds.insert(std::string("siege: error: ").size(), "odds ");
    CHECK(odds.err == as_odds);
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

// ---------------------------------------------------------------- options before a subcommand

TEST_CASE("Options of odds --compare given with a subcommand are refused, not dropped", "[cli][odds]") {
  auto r = run({"odds", "--pool", "9", "check", "-d", "easy"});
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Catch::Contains("--pool goes after the subcommand: siege odds check --pool 9"));
  r = run({"odds", "--attacks", "3", "attack", "-s", "curtain-wall", "-w", "cannon"});
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Catch::Contains("--attacks goes after the subcommand: siege odds attack --attacks 3"));
  r = run({"odds", "--pool", "4", "escalade", "--method", "ladder", "--attackers", "3"});
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Catch::Contains("siege odds escalade --pool 4"));
  // After the subcommand, an option it does not have is not passed up to odds either.
  r = run({"odds", "check", "-d", "easy", "--attacks", "3"});
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Catch::Contains("--attacks is an option of 'siege odds --compare'"));
  r = run({"odds", "--weapons", "cannon", "attack", "-s", "tower", "-w", "cannon"});
  CHECK(r.status == 2);
  r = run({"odds", "--compare", "check", "-d", "easy"});
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Catch::Contains("--compare"));
  // In their places they mean what they say.
  r = run({"odds", "check", "-d", "easy", "--pool", "9", "--json"});
  REQUIRE(r.status == 0);
  CHECK(r.json()["pool"] == 9);
  r = run({"odds", "attack", "--attacks", "3", "-s", "curtain-wall", "-w", "cannon", "--json"});
  REQUIRE(r.status == 0);
  CHECK(r.json()["attacks"] == 3);
  r = run({"odds", "--pool", "4", "--compare", "--weapons", "cannon", "--structures", "tower", "--json"});
  REQUIRE(r.status == 0);
  CHECK(r.json()["pool"] == 4);
}

// ---------------------------------------------------------------- bounded work

namespace {

// `args` (with --json) answers, or is refused as too large: never anything
// else, and (run by hand, timed) never more than about a second.
void answered_or_refused(std::vector<std::string> args) {
  args.emplace_back("--json");
  std::string line;
  for (const auto& a : args) line += a + " ";
  INFO("siege " << line);
  const auto r = run(args);
  if (r.status == 0) {
    CHECK(r.json()["action"] == "odds");
    return;
  }
  REQUIRE(r.status == 2);
  CHECK(r.json()["error"]["id"] == "too-large");
  CHECK_THAT(r.err, Catch::Contains("ask for"));
}

// Homebrew tables as large as their schemas allow: dice of 100 faces of up
// to 10 symbols, 50 difficulty dice, Armor and Hull 1000 (and a variant of
// 1000 more), a weapon of 1000 Hull damage and Pierce.
void write_huge_tables(const siege::test::TempDir& dir) {
  std::string dice = R"({"faces": {)";
  const char* kinds[] = {"skill", "difficulty", "bane", "boon"};
  const char* symbols[] = {"\"success\"", "\"failure\"", "\"boon\"", "\"bane\""};
  std::uint32_t x = 12345;
  for (int k = 0; k < 4; ++k) {
    dice += std::string(k ? ", " : "") + "\"" + kinds[k] + "\": [";
    for (int f = 0; f < 100; ++f) {
      dice += f ? ", [" : "[";
      const int n = f % 11;  // 0 to 10 symbols
      for (int i = 0; i < n; ++i) {
        x = x * 1664525u + 1013904223u;
        // Mostly one kind of symbol a face, so the net counts spread far.
        const int which = f < 25 ? 0 : f < 50 ? 1 : f < 75 ? 2 : (x >> 16) % 2 == 0 ? 3 : static_cast<int>((x >> 20) % 4);
        dice += std::string(i ? ", " : "") + symbols[which];
      }
      dice += "]";
    }
    dice += "]";
  }
  dice += R"(}, "difficulty_dice": {"easy": 50, "average": 50, "hard": 50, "daunting": 50}})";
  dir.write("dice.json", dice);
  dir.write("structures.json", R"([{"id": "huge-keep", "name": "Huge keep", "armor": 1000, "hull": 1000,
    "tags": [], "variants": [{"id": "portcullis", "armor": 1000, "hull_bonus": 1000}], "notes": ""},
    {"id": "huge-earthwork", "name": "Huge earthwork", "armor": 1000, "hull": 1000,
    "tags": ["dug-not-knocked-down"], "notes": ""}])");
  dir.write("weapons.json", R"([{"id": "huge-gun", "name": "Huge gun", "hull_damage": 1000, "pierce": 1000,
    "crit": 1, "mount": "capital", "qualities": ["gunpowder", "blast"], "notes": ""}])");
}

}  // namespace

TEST_CASE("Every odds question at the largest values its options allow answers or is refused as too large",
          "[cli][odds][work][heavy]") {
  const std::vector<std::vector<std::string>> built_in{
      {"odds", "check", "-d", "daunting", "--pool", "50", "--bane-dice", "50", "--boon-dice", "50"},
      {"odds", "check", "-d", "easy", "--pool", "50"},
      {"odds", "attack", "-s", "bastion", "-w", "cannon", "--attacks", "1000", "--pool", "50"},
      {"odds", "attack", "-s", "bastion", "-w", "cannon", "--attacks", "1000"},
      {"odds", "attack", "-s", "bastion", "-w", "cannon", "--attacks", "1000", "--pool", "50", "--bane-dice", "50",
       "--boon-dice", "50", "--spend-boons", "100"},
      {"odds", "attack", "-s", "concrete-fortress", "--hull-damage", "1000", "--pierce", "1000", "--crit", "1",
       "--mount", "capital", "--attacks", "1000", "--pool", "50", "--boon-dice", "50"},
      {"odds", "attack", "-s", "bastion", "-w", "bombard", "--ladder", "steps", "--attacks", "1000", "--pool", "50"},
      {"odds", "--compare", "--attacks", "1000", "--pool", "50"},
      {"odds", "--compare", "--attacks", "1000"},
      {"odds", "--compare", "--attacks", "100", "--pool", "10"},
      {"odds", "demolish", "-s", "bastion", "-c", "powder-keg:100", "--pool", "50"},
      {"odds", "escalade", "--method", "ladder", "--attackers", "10000", "--ladders", "1000", "--pool", "50",
       "--rounds", "1000", "--defended"},
      {"odds", "escalade", "--method", "ladder", "--attackers", "10000", "--ladders", "1"},
      {"odds", "escalade", "--method", "grapnel", "--attackers", "10000", "--ropes", "1000", "--pool", "0"},
      {"odds", "escalade", "--method", "grapnel", "--attackers", "10000", "--ropes", "30", "--pool", "50"},
      {"odds", "escalade", "--method", "tower", "--attackers", "10000", "--rounds", "1000"},
      {"odds", "mine", "-s", "concrete-fortress", "--sapper-pool", "50", "--defender-pool", "50"},
  };
  for (const auto& args : built_in) answered_or_refused(args);

  siege::test::TempDir dir;
  write_huge_tables(dir);
  const std::vector<std::vector<std::string>> homebrew{
      {"odds", "check", "-d", "daunting", "--pool", "50", "--bane-dice", "50", "--boon-dice", "50"},
      {"odds", "check", "-d", "easy", "--pool", "1"},
      {"odds", "attack", "-s", "huge-keep", "--portcullis", "-w", "huge-gun", "--attacks", "1000", "--pool", "50"},
      {"odds", "attack", "-s", "huge-keep", "--portcullis", "-w", "cannon", "--successes", "1", "--attacks", "1000"},
      {"odds", "attack", "-s", "huge-earthwork", "-w", "huge-gun", "--successes", "3", "--boons", "100", "--attacks",
       "1000", "--damage-taken", "999"},
      {"odds", "--compare", "--attacks", "1000", "--pool", "50"},
      {"odds", "--compare", "--attacks", "1", "--pool", "0", "--structures", "huge-keep"},
      {"odds", "demolish", "-s", "huge-keep", "-c", "powder-keg:100", "--pool", "50"},
      {"odds", "escalade", "--method", "ladder", "--attackers", "10000", "--ladders", "1000", "--pool", "50"},
      {"odds", "escalade", "--method", "grapnel", "--attackers", "10000", "--ropes", "1", "--pool", "0"},
      {"odds", "mine", "-s", "huge-keep", "--sapper-pool", "50", "--defender-pool", "50"},
      {"odds", "mine", "-s", "huge-keep", "--sapper-pool", "0", "--defender-pool", "0"},
      {"odds", "mine", "-s", "huge-earthwork", "--days", "1000"},
  };
  for (auto args : homebrew) {
    args.insert(args.begin(), {"--data", dir.path()});
    answered_or_refused(args);
  }

  // The coming scenes: many crews of 50 dice on one section, each shot at.
  std::string besiegers, defenders;
  for (int i = 0; i < 30; ++i) {
    const std::string n = std::to_string(i);
    besiegers += std::string(i ? ", " : "") + R"({"id": "gun-)" + n +
                 R"(", "weapon": "cannon", "pool": 50, "target": "north-wall"})";
    defenders += std::string(i ? ", " : "") + R"({"id": "wall-gun-)" + n +
                 R"(", "weapon": "cannon", "pool": 50, "target": "gun-)" + n + "\"}";
  }
  siege::test::TempDir work;
  const std::string state = init_siege(work, R"({"name": "Thirty guns",
    "sections": [{"id": "north-wall", "structure": "bastion"}], "besiegers": [)" + besiegers +
                                                "], \"defenders\": [" + defenders + "]}");
  answered_or_refused({"--state", state, "odds", "scene", "--scenes", "20"});
  answered_or_refused({"--state", state, "--data", dir.path(), "odds", "scene", "--scenes", "20"});
}

TEST_CASE("The questions issue 14 timed in minutes are refused as too large, saying what to ask instead",
          "[cli][odds][work]") {
  auto r = run({"odds", "attack", "-s", "bastion", "-w", "cannon", "--attacks", "1000", "--pool", "50", "--json"});
  CHECK(r.status == 2);
  CHECK(r.json()["error"]["id"] == "too-large");
  CHECK_THAT(r.err, Catch::Contains("odds attack: --attacks 1000") && Catch::Contains("fewer --attacks"));
  r = run({"odds", "--compare", "--attacks", "1000", "--pool", "50"});
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Catch::Contains("too large") && Catch::Contains("fewer --attacks"));
  siege::test::TempDir dir;
  write_huge_tables(dir);
  r = run({"--data", dir.path(), "odds", "mine", "-s", "huge-keep", "--sapper-pool", "50", "--defender-pool", "50"});
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Catch::Contains("too large"));
  r = run({"--data", dir.path(), "odds", "check", "-d", "daunting", "--pool", "50"});
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Catch::Contains("too large") && Catch::Contains("fewer dice"));
  // Questions the docs and examples ask still answer.
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"odds", "attack", "-s", "bastion", "-w", "cannon", "--attacks", "1000"},
        std::vector<std::string>{"odds", "attack", "-s", "bastion", "-w", "cannon", "--attacks", "30", "--pool", "50"},
        std::vector<std::string>{"odds", "--compare", "--attacks", "40"},
        std::vector<std::string>{"odds", "check", "-d", "daunting", "--pool", "50", "--bane-dice", "50", "--boon-dice", "50"},
        std::vector<std::string>{"odds", "mine", "-s", "concrete-fortress", "--sapper-pool", "50", "--defender-pool", "50"}}) {
    INFO(args[1] << " " << args[2]);
    CHECK(run(args).status == 0);
  }
}
