// End-to-end tests of the troop commands: hold, rout, army-morale, abatis,
// casualties, move (exit codes, JSON shape, error messages).
#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <fstream>
#include <string>

#include "support.hpp"

namespace {

siege::test::Run run(const std::vector<std::string>& args) { return siege::test::siege(args); }


// A one-line "siege: error: ..." on stderr that contains `words`.
void check_usage_error(const siege::test::Run& r, const std::string& words) {
  INFO(r.err);
  CHECK(r.status == 2);
  CHECK(r.out.empty());
  CHECK(r.err.rfind("siege: error: ", 0) == 0);
  CHECK(r.err.find('\n') == r.err.size() - 1);
  CHECK(r.err.find(words) != std::string::npos);
}

// A temporary --data folder with one table file in it.
struct DataDir {
  std::string path;
  std::string file;
  DataDir(const std::string& name, const std::string& text) {
    static int n = 0;
    path = "/tmp/siege-troops-data-" + std::to_string(::getpid()) + "-" + std::to_string(n++);
    ::mkdir(path.c_str(), 0700);
    file = path + "/" + name;
    std::ofstream(file) << text;
  }
  ~DataDir() {
    std::remove(file.c_str());
    ::rmdir(path.c_str());
  }
  DataDir(const DataDir&) = delete;
  DataDir& operator=(const DataDir&) = delete;
};

}  // namespace

// ---------------------------------------------------------------- hold

TEST_CASE("siege hold: the texts' example lets 3 enemy figures through and keeps the unit good",
          "[cli][hold][R21]") {
  const auto r = run({"--json", "hold", "--needed", "12", "--rolled", "15", "--order", "good"});
  REQUIRE(r.status == 0);
  const auto j = r.json();
  CHECK(j["schema"] == 1);
  CHECK(j["action"] == "hold");
  CHECK(j["site"] == "breach");
  CHECK(j["passed"] == false);
  CHECK(j["margin"] == 3);
  CHECK(j["through"] == 3);
  CHECK(j["steps_back"] == true);
  CHECK(j["withdraws"] == false);
  CHECK(j["order_after"] == "good");
  CHECK(j["roll"]["rolled"] == false);
  CHECK(j["roll"]["total"] == 15);
  CHECK(j.contains("seed"));
  CHECK(j["rules"] == nlohmann::json({"hold-the-breach", "hold-site", "forced-through", "hold-keeps-order"}));
  CHECK(j["not_modelled"].is_array());
}

TEST_CASE("siege hold: the text output shows the roll, the figures through and the order", "[cli][hold][R21]") {
  const auto r = run({"hold", "--needed", "12", "--rolled", "15", "--order", "shaken", "--site", "gateway"});
  REQUIRE(r.status == 0);
  CHECK(r.out.find("Needed    12 or less -> fail by 3") != std::string::npos);
  CHECK(r.out.find("3 enemy figures") != std::string::npos);
  CHECK(r.out.find("no 4\" withdrawal") != std::string::npos);
  CHECK(r.out.find("Order     shaken -> shaken") != std::string::npos);
}

TEST_CASE("siege hold: without --rolled the data's 2d10 is rolled, the same for the same seed", "[cli][hold][R28]") {
  const auto a = run({"--json", "--seed", "42", "hold", "--needed", "11", "--order", "good"});
  const auto b = run({"--json", "--seed", "42", "hold", "--needed", "11", "--order", "good"});
  REQUIRE(a.status == 0);
  CHECK(a.out == b.out);
  const auto j = a.json();
  CHECK(j["seed"] == 42);
  CHECK(j["roll"]["rolled"] == true);
  CHECK(j["roll"]["expression"] == "2d10");
  REQUIRE(j["roll"]["dice"].size() == 2);
  const int total = j["roll"]["dice"][0].get<int>() + j["roll"]["dice"][1].get<int>();
  CHECK(j["roll"]["total"] == total);
  CHECK(j["passed"] == (total <= 11));
  CHECK(j["through"] == (total <= 11 ? 0 : total - 11));
  CHECK(std::find(j["rules"].begin(), j["rules"].end(), "morale-dice") != j["rules"].end());
}

TEST_CASE("siege hold: a hero never fails, even on a roll that would", "[cli][hold][R21]") {
  const auto r = run({"--json", "hold", "--hero", "--needed", "5", "--rolled", "19", "--site", "doorway"});
  REQUIRE(r.status == 0);
  const auto j = r.json();
  CHECK(j["hero"] == true);
  CHECK(j["passed"] == true);
  CHECK(j["through"] == 0);
  const auto bare = run({"--json", "hold", "--hero"});
  REQUIRE(bare.status == 0);
  CHECK(bare.json()["roll"].is_null());
}

TEST_CASE("siege hold: refusals name the reason and exit 2", "[cli][hold][R21][R22]") {
  check_usage_error(run({"hold", "--needed", "12", "--rolled", "15", "--order", "routed"}),
                    "a routed unit cannot hold");
  check_usage_error(run({"hold", "--needed", "12", "--rolled", "15", "--order", "good", "--site", "corridor"}),
                    "normal combat and morale rules apply");
  check_usage_error(run({"hold", "--needed", "12", "--rolled", "15", "--order", "good", "--site", "passage"}),
                    "passage");
  check_usage_error(run({"hold", "--needed", "12", "--rolled", "15", "--order", "good", "--site", "wall-top",
                           "--unprotected-in-contact", "1"}),
                    "not protected by the wall-top");
}

TEST_CASE("siege hold: bad input exits 2 with a message naming the option", "[cli][hold]") {
  check_usage_error(run({"hold", "--rolled", "15", "--order", "good"}), "--needed");
  check_usage_error(run({"hold", "--needed", "12", "--rolled", "15"}), "--order");
  check_usage_error(run({"hold", "--needed", "12", "--rolled", "1x", "--order", "good"}), "--rolled");
  check_usage_error(run({"hold", "--needed", "-1", "--rolled", "1", "--order", "good"}), "--needed");
  check_usage_error(run({"hold", "--needed", "12", "--rolled", "15", "--order", "brave"}), "--order 'brave'");
  check_usage_error(run({"hold", "--needed", "12", "--rolled", "15", "--order", "good", "--site", "gate"}),
                    "--site 'gate'");
}

TEST_CASE("siege hold: with --json an error is also a JSON object on stdout", "[cli][hold]") {
  const auto r = run({"--json", "hold", "--needed", "12", "--rolled", "15", "--order", "routed"});
  CHECK(r.status == 2);
  const auto j = r.json();
  CHECK(j["error"]["code"] == 2);
  CHECK(j["error"]["id"] == "routed-cannot-hold");
}

TEST_CASE("siege hold: a bad morale expression in --data is a data error (exit 3)", "[cli][hold][R28]") {
  DataDir dir("dice.json", R"({"morale": "2d10+"})");
  const auto r = run({"--data", dir.path, "hold", "--needed", "12", "--order", "good"});
  CHECK(r.status == 3);
  CHECK(r.err.find("dice.json:/morale:") != std::string::npos);
  CHECK(r.err.find("'2d10+'") != std::string::npos);
}

TEST_CASE("siege hold: a morale expression from --data is the one rolled", "[cli][hold][R28]") {
  DataDir dir("dice.json", R"({"morale": "d20"})");
  const auto r = run({"--json", "--seed", "3", "--data", dir.path, "hold", "--needed", "12", "--order", "good"});
  REQUIRE(r.status == 0);
  CHECK(r.json()["roll"]["expression"] == "1d20");
  CHECK(r.json()["roll"]["dice"].size() == 1);
}

// ---------------------------------------------------------------- rout

TEST_CASE("siege rout: the special procedure step by step, beside the standard rout", "[cli][rout][R24]") {
  const auto r = run({"--json", "rout", "--figures", "8", "--order", "good", "--blocked", "2"});
  REQUIRE(r.status == 0);
  const auto j = r.json();
  CHECK(j["action"] == "rout");
  CHECK(j["within_walls"] == true);
  const auto& steps = j["special"]["steps"];
  REQUIRE(steps.size() == 3);
  CHECK(steps[0]["figures"] == 8);
  CHECK(steps[1]["figures"] == 7);
  CHECK(steps[2]["figures"] == 5);
  CHECK(j["special"]["order_after"] == "shaken");
  CHECK(j["standard"]["order_after"] == "routed");
  CHECK(j["standard"]["figures_after"] == 8);
}

TEST_CASE("siege rout: a split unit moves only the affected room", "[cli][rout][R24]") {
  const auto r = run({"--json", "rout", "--figures", "10", "--room-figures", "4", "--blocked", "1"});
  REQUIRE(r.status == 0);
  const auto j = r.json();
  CHECK(j["special"]["split"] == true);
  CHECK(j["special"]["moving"] == 3);
  CHECK(j["special"]["figures_after"] == 8);
}

TEST_CASE("siege rout: an attacker not all within the walls gets only the standard rout", "[cli][rout][R24]") {
  const auto out = run({"--json", "rout", "--figures", "6", "--side", "attacker"});
  REQUIRE(out.status == 0);
  CHECK(out.json()["special"].is_null());
  CHECK(out.json()["notes"][0].get<std::string>().find("every surviving figure") != std::string::npos);
  for (const char* flag : {"--all-within-walls", "--within-walls"}) {
    const auto in = run({"--json", "rout", "--figures", "6", "--side", "attacker", flag});
    REQUIRE(in.status == 0);
    CHECK(in.json()["special"]["figures_after"] == 5);
  }
}

TEST_CASE("siege rout: the text shows each step's figures and the player's choice", "[cli][rout][R24]") {
  const auto r = run({"rout", "--figures", "8", "--blocked", "2"});
  REQUIRE(r.status == 0);
  CHECK(r.out.find("1. the unit becomes shaken") != std::string::npos);
  CHECK(r.out.find("Standard  rout by the normal morale rules") != std::string::npos);
  CHECK(r.out.find("after seeing the dice") != std::string::npos);
}

TEST_CASE("siege rout: bad input exits 2", "[cli][rout]") {
  check_usage_error(run({"rout"}), "--figures");
  check_usage_error(run({"rout", "--figures", "0"}), "--figures");
  check_usage_error(run({"rout", "--figures", "5", "--order", "routed"}), "already routed");
  check_usage_error(run({"rout", "--figures", "5", "--blocked", "5"}), "--blocked 5");
  check_usage_error(run({"rout", "--figures", "5", "--room-figures", "6"}), "--room-figures 6");
  check_usage_error(run({"rout", "--figures", "5", "--side", "both"}), "--side 'both'");
}

// ---------------------------------------------------------------- army-morale

TEST_CASE("siege army-morale: a third exactly is due, a figure less is not", "[cli][army][R25]") {
  struct Case {
    const char* strength;
    const char* killed;
    bool due;
    int threshold;
  };
  for (const auto& c : {Case{"30", "10", true, 10}, Case{"30", "9", false, 10}, Case{"31", "10", false, 11},
                        Case{"31", "11", true, 11}}) {
    INFO(c.strength << " " << c.killed);
    const auto r = run({"--json", "army-morale", "--strength", c.strength, "--killed", c.killed});
    REQUIRE(r.status == 0);
    CHECK(r.json()["check_due"] == c.due);
    CHECK(r.json()["threshold"] == c.threshold);
  }
  CHECK(run({"--json", "army-morale", "--strength", "30", "--killed", "9"}).json()["remaining"] == 1);
}

TEST_CASE("siege army-morale: defenders in a castle never check", "[cli][army][R25]") {
  const auto r = run({"--json", "army-morale", "--strength", "30", "--killed", "20", "--defender-in-castle"});
  REQUIRE(r.status == 0);
  CHECK(r.json()["check_due"] == false);
  CHECK(r.json()["defender_in_castle"] == true);
}

TEST_CASE("siege army-morale: bad input exits 2", "[cli][army]") {
  check_usage_error(run({"army-morale", "--strength", "10"}), "--killed");
  check_usage_error(run({"army-morale", "--strength", "10", "--killed", "11"}), "--killed 11");
  check_usage_error(run({"army-morale", "--strength", "0", "--killed", "0"}), "--strength");
  check_usage_error(run({"army-morale", "--strength", "1.5", "--killed", "0"}), "--strength");
}

// ---------------------------------------------------------------- abatis

TEST_CASE("siege abatis: the third free turn makes it stand", "[cli][abatis][R26]") {
  const auto r = run({"--json", "abatis", "build", "--progress", "2"});
  REQUIRE(r.status == 0);
  const auto j = r.json();
  CHECK(j["action"] == "abatis");
  CHECK(j["work"] == "build");
  CHECK(j["progress"]["before"] == 2);
  CHECK(j["progress"]["after"] == 3);
  CHECK(j["complete"] == true);
  CHECK(j["abatis"]["after"] == "standing");
}

TEST_CASE("siege abatis: attackers in the breach or an attack on the workers reset progress to 0",
          "[cli][abatis][R26]") {
  const auto build = run({"--json", "abatis", "build", "--progress", "2", "--attackers-in-breach"});
  REQUIRE(build.status == 0);
  CHECK(build.json()["spoiled"] == true);
  CHECK(build.json()["progress"]["after"] == 0);
  const auto tear = run({"--json", "abatis", "tear", "--progress", "2", "--interrupted"});
  REQUIRE(tear.status == 0);
  CHECK(tear.json()["progress"]["after"] == 0);
  CHECK(tear.json()["abatis"]["after"] == "standing");
  const auto done = run({"--json", "abatis", "tear", "--progress", "2"});
  CHECK(done.json()["abatis"]["after"] == "none");
}

TEST_CASE("siege abatis: bad input exits 2", "[cli][abatis]") {
  check_usage_error(run({"abatis"}), "WORK: missing: give build or tear");
  check_usage_error(run({"abatis", "burn"}), "'burn'");
  check_usage_error(run({"abatis", "build", "--progress", "3"}), "--progress 3");
  check_usage_error(run({"abatis", "build", "--interrupted"}), "--interrupted");
  check_usage_error(run({"abatis", "tear", "--attackers-in-breach"}), "--attackers-in-breach");
}

TEST_CASE("siege abatis: the number of turns comes from troops.json", "[cli][abatis][R26][tables]") {
  DataDir dir("troops.json", R"({"abatis_turns": 4})");
  const auto r = run({"--json", "--data", dir.path, "abatis", "build", "--progress", "2"});
  REQUIRE(r.status == 0);
  CHECK(r.json()["complete"] == false);
  CHECK(r.json()["turns"] == 4);
}

// ---------------------------------------------------------------- casualties

TEST_CASE("siege casualties: those through die first and leave gaps to fill", "[cli][casualties][R23]") {
  const auto r = run({"--json", "casualties", "--through", "3", "--behind", "7", "--killed", "5"});
  REQUIRE(r.status == 0);
  const auto j = r.json();
  CHECK(j["removed"]["through"] == 3);
  CHECK(j["removed"]["behind"] == 2);
  CHECK(j["after"]["through"] == 0);
  CHECK(j["after"]["behind"] == 5);
  CHECK(j["gaps"] == 3);
}

TEST_CASE("siege casualties: bad input exits 2", "[cli][casualties][R23]") {
  check_usage_error(run({"casualties", "--through", "3", "--behind", "2", "--killed", "6"}), "only 5 figures");
  check_usage_error(run({"casualties", "--through", "0", "--behind", "2", "--killed", "1"}), "not partly through");
  check_usage_error(run({"casualties", "--through", "3", "--behind", "2"}), "--killed");
  check_usage_error(run({"casualties", "--through", "x", "--behind", "2", "--killed", "1"}), "--through");
}

// ---------------------------------------------------------------- move

TEST_CASE("siege move: through a breach at half speed rounded down, and the trace says so", "[cli][move][R15]") {
  const auto r = run({"--json", "move", "--speed", "9", "--through-breach"});
  REQUIRE(r.status == 0);
  const auto j = r.json();
  CHECK(j["speed_after"] == 4);
  CHECK(j["rounded_down"] == true);
  CHECK(j["factor"]["numerator"] == 1);
  CHECK(j["factor"]["denominator"] == 2);
  CHECK(j["notes"][0].get<std::string>().find("rounded down") != std::string::npos);
  const auto plain = run({"--json", "move", "--speed", "9"});
  CHECK(plain.json()["speed_after"] == 9);
}

TEST_CASE("siege move: the factor comes from troops.json, and a bad one is a data error", "[cli][move][R15][tables]") {
  DataDir good("troops.json", R"({"rough_terrain": {"numerator": 2, "denominator": 3}})");
  const auto r = run({"--json", "--data", good.path, "move", "--speed", "10", "--through-breach"});
  REQUIRE(r.status == 0);
  CHECK(r.json()["speed_after"] == 6);
  DataDir bad("troops.json", R"({"rough_terrain": {"numerator": 3, "denominator": 2}})");
  const auto e = run({"--data", bad.path, "move", "--speed", "10", "--through-breach"});
  CHECK(e.status == 3);
  CHECK(e.err.find("troops.json:/rough_terrain/numerator") != std::string::npos);
}

TEST_CASE("siege move: bad input exits 2", "[cli][move]") {
  check_usage_error(run({"move"}), "--speed");
  check_usage_error(run({"move", "--speed", "-1"}), "--speed");
  check_usage_error(run({"move", "--speed", "1001"}), "--speed");
}

TEST_CASE("Each troop command's --help shows an example", "[cli][help]") {
  for (const char* cmd : {"hold", "rout", "army-morale", "abatis", "casualties", "move"}) {
    INFO(cmd);
    const auto r = run({cmd, "--help"});
    CHECK(r.status == 0);
    CHECK(r.out.find(std::string("Example:\n  siege ") + cmd) != std::string::npos);
  }
}
