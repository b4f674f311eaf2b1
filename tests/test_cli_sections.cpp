// Every state-aware command works on the whole section the file holds (its
// variant, its Hull with the variant) and writes only what the next command
// reads back: the two ways a state file used to be written and then refused.
#include <sys/stat.h>

#include <catch2/catch.hpp>

#include "support.hpp"
#include "temp_dir.hpp"

using nlohmann::json;
using siege::test::Run;
using siege::test::TempDir;

namespace {

// A siege of one castle gate with its portcullis (Armor 3, Hull 10 by R12)
// and one curtain wall, with a ladder party of 4 outside, in a scratch folder.
struct Gate {
  TempDir dir;
  std::string state = dir.file("siege.json");
  std::vector<std::string> data;

  explicit Gate(int gate_hull_suffered = 0, std::vector<std::string> data_args = {})
      : data(std::move(data_args)) {
    const std::string desc = dir.write(
        "gate.json", R"({"scene_length": "week",
                         "sections": [{"id": "gatehouse", "structure": "castle-gate", "variant": "portcullis",
                          "hull_suffered": )" + std::to_string(gate_hull_suffered) + R"(},
                         {"id": "north-wall", "structure": "curtain-wall", "hull_suffered": 20}],
                         "besiegers": [{"id": "belfry", "engine": "siege-tower"}],
                         "units": [{"id": "ladder-party", "side": "besieger", "figures": 4}]})");
    REQUIRE(run({"init", state, "--from", desc}).status == 0);
    // R30: a mine digs in a scene; the belfry has no weapon, so the scene changes nothing else.
    REQUIRE(on({"--seed", "1", "scene"}).status == 0);
  }
  Run run(std::vector<std::string> args) const {
    args.insert(args.begin(), data.begin(), data.end());
    return siege::test::siege(args);
  }
  Run on(std::vector<std::string> args) const {
    args.insert(args.begin(), {"--state", state});
    return run(args);
  }
  [[nodiscard]] json section(const std::string& id) const {
    const json file = json::parse(siege::test::slurp(state));
    for (const auto& s : file.at("sections"))
      if (s.at("id") == id) return s;
    FAIL("no section " << id);
    return {};
  }
  // status, replay and undo on a copy all succeed.
  void still_readable() const {
    CHECK(on({"status"}).status == 0);
    CHECK(on({"replay"}).status == 0);
    const std::string copy = dir.write("copy.json", siege::test::slurp(state));
    CHECK(run({"--state", copy, "undo"}).status == 0);
  }
};

}  // namespace

TEST_CASE("R12 R19: a mine under a gate with its portcullis digs 3 days and fires against Hull 10",
          "[cli][state][R12][R19]") {
  Gate g;
  // Two days of digging unseen: the portcullis makes the Armor 3, so one day is left.
  Run r = g.on({"--json", "mine", "--section", "gatehouse", "--day-results", "1:0,1:0"});
  REQUIRE(r.status == 0);
  CHECK(r.json().at("days").at("needed") == 3);
  CHECK(r.json().at("fired") == false);
  CHECK(g.section("gatehouse").at("mine").at("days_dug") == 2);
  g.still_readable();
  // The third day fires it: 20 Hull damage against Hull 10, 10 of it overkill.
  r = g.on({"--json", "mine", "--section", "gatehouse", "--day-results", "1:0"});
  REQUIRE(r.status == 0);
  const json o = r.json();
  CHECK(o.at("fired") == true);
  CHECK(o.at("hull") == json{{"max", 10}, {"before", 0}, {"after", 10}});
  CHECK(o.at("overkill") == 10);
  CHECK(g.section("gatehouse").at("hull_suffered") == 10);
  CHECK(g.section("gatehouse").at("state") == "breached");
  g.still_readable();
}

TEST_CASE("R12 R20: a gate with its portcullis at 6 of 10 is cracked, so it is climbed", "[cli][state][R12][R20]") {
  Gate g(6);
  const Run r = g.on({"--json", "escalade", "--section", "gatehouse", "--method", "tower", "--engine", "belfry",
                      "--unit", "ladder-party"});
  REQUIRE(r.status == 0);
  CHECK(r.json().at("climbed") == true);
  CHECK(r.json().at("state") == "cracked");
  CHECK(r.json().at("attackers") == 4);
  g.still_readable();
}

TEST_CASE("mine and escalade take the variant from the file, not --portcullis", "[cli][state]") {
  Gate g;
  for (const auto& cmd : std::vector<std::vector<std::string>>{
           {"mine", "--section", "gatehouse", "--portcullis"},
           {"escalade", "--section", "gatehouse", "--method", "tower", "--engine", "belfry", "--attackers", "4",
            "--portcullis"}}) {
    const std::string before = siege::test::slurp(g.state);
    const Run r = g.on(cmd);
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("--portcullis: goes without --state"));
    CHECK(siege::test::slurp(g.state) == before);
  }
}

TEST_CASE("R12: mine and escalade without a state file take --portcullis", "[cli][R12]") {
  const Run m = siege::test::siege({"--json", "mine", "-s", "castle-gate", "--portcullis", "--day-results", "1:0"});
  REQUIRE(m.status == 0);
  CHECK(m.json().at("days").at("needed") == 3);
  CHECK(m.json().at("fired") == false);
  const Run e = siege::test::siege(
      {"--json", "escalade", "-s", "castle-gate", "--portcullis", "--damage-taken", "6", "--method", "tower",
       "--attackers", "4"});
  REQUIRE(e.status == 0);
  CHECK(e.json().at("state") == "cracked");
}

TEST_CASE("R26: a state file keeps the abatis progress of a homebrew abatis_turns", "[cli][state][R26]") {
  TempDir data;
  REQUIRE(::mkdir(data.file("d").c_str(), 0755) == 0);
  data.write("d/troops.json", R"({"abatis_turns": 5})");
  Gate g(0, {"--data", data.file("d")});
  // North wall is breached (20 of 20): five turns of building, the fifth finishes it.
  for (int turn = 1; turn <= 4; ++turn) {
    const Run r = g.on({"abatis", "build", "--section", "north-wall"});
    REQUIRE(r.status == 0);
    CHECK(g.section("north-wall").at("abatis").at("progress") == turn);
    g.still_readable();
  }
  REQUIRE(g.on({"abatis", "build", "--section", "north-wall"}).status == 0);
  CHECK(g.section("north-wall").at("abatis") == json{{"standing", true}, {"progress", 0}});
  g.still_readable();
}

TEST_CASE("R26: with a state file --progress is refused, whatever its value", "[cli][state][R26]") {
  Gate g;
  for (const std::string n : {"0", "1"}) {
    const std::string before = siege::test::slurp(g.state);
    const Run r = g.on({"abatis", "build", "--section", "north-wall", "--progress", n});
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("--progress: goes without --state"));
    CHECK(siege::test::slurp(g.state) == before);
  }
}
