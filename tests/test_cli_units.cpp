// End-to-end tests of the troop commands on the units of a state file (R21-R26,
// R33): the exact numbers of each rule through the program, the file after
// them, replay and undo, status, and every refusal leaving the file as it was.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "support.hpp"
#include "temp_dir.hpp"

using nlohmann::json;

namespace {

// The example castle (a garrison of 30 and a hero within the walls, a
// storming party of 30 and a reserve of 12 outside: the besiegers' army is
// 42 strong, a third is 14), with north-wall breached by one attack.
struct CuSiege {
  siege::test::TempDir dir;
  std::string state = dir.file("siege.json");
  CuSiege() {
    REQUIRE(siege::test::siege({"init", state, "--from", SIEGE_SOURCE_DIR + "/examples/castle-siege.json"})
                .status == 0);
    REQUIRE(on({"attack", "--section", "north-wall", "--weapon", "bombard", "--successes", "20"}).status ==
            0);
    REQUIRE(file()["sections"][0]["state"] == "breached");
  }
  [[nodiscard]] siege::test::Run on(std::vector<std::string> args) const {
    args.insert(args.begin(), {"--state", state});
    return siege::test::siege(args);
  }
  // The same with --json, the outcome parsed; the command must succeed.
  [[nodiscard]] json ok(std::vector<std::string> args) const {
    args.insert(args.begin(), "--json");
    const auto r = on(args);
    INFO(r.err);
    REQUIRE(r.status == 0);
    return r.json();
  }
  [[nodiscard]] std::string bytes() const { return siege::test::slurp(state); }
  [[nodiscard]] json file() const { return json::parse(bytes()); }
  [[nodiscard]] json unit(const std::string& id) const {
    const json f = file();
    for (const auto& u : f.at("units"))
      if (u.at("id") == id) return u;
    FAIL("no unit " << id);
    return {};
  }
  [[nodiscard]] json army(const std::string& side) const { return file().at("armies").at(side); }
  // The storming party and the garrison at the breach.
  void to_the_breach() const {
    (void)ok({"move", "--unit", "storming-party", "--section", "north-wall"});
    (void)ok({"move", "--unit", "garrison", "--section", "north-wall"});
  }
  [[nodiscard]] json worked_example() const {
    return ok({"hold", "--unit", "garrison", "--enemy", "storming-party", "--section", "north-wall",
               "--needed", "12", "--rolled", "15"});
  }
};

// Refused with exit 2 and one line naming `words`; the file byte for byte as it was.
void cu_refused(const CuSiege& s, const std::vector<std::string>& args, const std::string& words) {
  const std::string before = s.bytes();
  const auto r = s.on(args);
  INFO(r.err);
  CHECK(r.status == 2);
  CHECK(r.out.empty());
  CHECK(r.err.rfind("siege: error: ", 0) == 0);
  CHECK(r.err.find('\n') == r.err.size() - 1);
  CHECK(r.err.find(words) != std::string::npos);
  CHECK(s.bytes() == before);
}

bool cu_has(const json& list, const std::string& item) {
  for (const auto& x : list)
    if (x == item) return true;
  return false;
}

int cu_notes_with(const json& outcome, const std::string& words) {
  int n = 0;
  for (const auto& note : outcome.at("notes"))
    n += note.get<std::string>().find(words) != std::string::npos ? 1 : 0;
  return n;
}

}  // namespace

// ---------------------------------------------------------------- the rules on units

TEST_CASE("R21, R33: the worked example on units: needed 12, rolled 15, three of the storming party through",
          "[cli][units][hold][R21][R33]") {
  const CuSiege s;
  s.to_the_breach();
  const json o = s.worked_example();
  CHECK(o["action"] == "hold");
  CHECK(o["unit"] == "garrison");
  CHECK(o["enemy"] == "storming-party");
  CHECK(o["section"] == "north-wall");
  CHECK(o["passed"] == false);
  CHECK(o["margin"] == 3);
  CHECK(o["through"] == 3);
  CHECK(o["moved_through"] == 3);
  CHECK(o["figures"] == 30);          // the holder's figures, from the file
  CHECK(o["enemy_figures"] == 30);    // the enemy's figures behind cap those forced through
  CHECK(o["order_after"] == "good");  // R21: the holder does not become shaken
  CHECK(o["units"][1]["before"]["through"] == 0);
  CHECK(o["units"][1]["after"]["through"] == 3);
  CHECK(o["units"][1]["after"]["behind"] == 27);
  CHECK(o["armies"] == json::array());
  CHECK(cu_has(o["rules"], "hold-moves-enemy"));
  CHECK(cu_has(o["rules"], "forced-through"));
  const json party = s.unit("storming-party");
  CHECK(party["where"] == "section");
  CHECK(party["through"] == 3);
  CHECK(party["behind"] == 27);
  CHECK(party["figures"] == 30);
  CHECK(s.unit("garrison")["order"] == "good");
  CHECK(s.file()["log"].back()["inputs"] == json{{"unit", "garrison"},
                                                 {"enemy", "storming-party"},
                                                 {"section", "north-wall"},
                                                 {"needed", 12},
                                                 {"rolled", 15}});
}

TEST_CASE("R33: siege hold caps the figures forced through at those behind in the file",
          "[cli][units][hold][R33]") {
  const CuSiege s;
  s.to_the_breach();
  (void)s.ok(
      {"move", "--unit", "storming-party", "--section", "north-wall", "--through-breach", "--figures", "28"});
  const json o = s.ok({"hold", "--unit", "garrison", "--enemy", "storming-party", "--section", "north-wall",
                       "--needed", "12", "--rolled", "20"});
  CHECK(o["margin"] == 8);
  CHECK(o["capped"] == true);
  CHECK(o["moved_through"] == 2);
  CHECK(s.unit("storming-party")["where"] == "within-walls");
}

TEST_CASE("R21: a hero holding the breach rolls no dice and never fails", "[cli][units][hold][R21]") {
  const CuSiege s;
  s.to_the_breach();
  (void)s.ok({"move", "--unit", "sir-aldric", "--section", "north-wall"});
  const json o =
      s.ok({"hold", "--unit", "sir-aldric", "--enemy", "storming-party", "--section", "north-wall"});
  CHECK(o["hero"] == true);
  CHECK(o["roll"].is_null());
  CHECK(o["passed"] == true);
  CHECK(o["moved_through"] == 0);
  CHECK(s.unit("storming-party")["behind"] == 30);
}

TEST_CASE("R23, R33: casualties on the unit partly through come first from those through",
          "[cli][units][casualties][R23][R33]") {
  const CuSiege s;
  s.to_the_breach();
  (void)s.worked_example();
  const json o = s.ok({"casualties", "--unit", "storming-party", "--killed", "5"});
  CHECK(o["unit"] == "storming-party");
  CHECK(o["killed"] == 5);
  CHECK(o["through_first"] == true);
  CHECK(o["removed"] == json{{"through", 3}, {"behind", 2}});
  CHECK(o["gaps"] == 3);
  CHECK(o["armies"][0]["side"] == "besieger");
  CHECK(o["armies"][0]["before"]["killed"] == 0);
  CHECK(o["armies"][0]["after"]["killed"] == 5);
  CHECK(o["armies"][0]["check_called"] == false);
  CHECK(cu_has(o["rules"], "casualties-through-first"));
  const json party = s.unit("storming-party");
  CHECK(party["figures"] == 25);
  CHECK(party["through"] == 0);
  CHECK(party["behind"] == 25);
  CHECK(s.army("besieger")["killed"] == 5);
  // Fewer killed than those through: the rest behind untouched.
  (void)s.ok({"hold", "--unit", "garrison", "--enemy", "storming-party", "--section", "north-wall",
              "--needed", "10", "--rolled", "14"});
  const json fewer = s.ok({"casualties", "--unit", "storming-party", "--killed", "3"});
  CHECK(fewer["removed"] == json{{"through", 3}, {"behind", 0}});
  CHECK(s.unit("storming-party")["through"] == 1);
  CHECK(s.unit("storming-party")["behind"] == 21);
}

TEST_CASE(
    "R26, R33: the storming party in the breach spoils the turn of abatis without the referee saying so",
    "[cli][units][abatis][R26][R33]") {
  const CuSiege s;
  const json first = s.ok({"abatis", "build", "--section", "north-wall"});
  CHECK(first["progress"] == json{{"before", 0}, {"after", 1}});
  CHECK(first["spoilers"] == json::array());
  s.to_the_breach();  // the garrison (defenders) does not spoil it; the storming party does
  const json o = s.ok({"abatis", "build", "--section", "north-wall"});
  CHECK(o["spoiled"] == true);
  CHECK(o["progress"] == json{{"before", 1}, {"after", 0}});
  CHECK(o["spoilers"] == json{"storming-party"});
  CHECK(cu_has(o["rules"], "attackers-spoil-abatis"));
  CHECK(s.file()["sections"][0]["abatis"] == json{{"standing", false}, {"progress", 0}});
  CHECK(s.file()["log"].back()["outcome"]["spoilers"] == json{"storming-party"});
}

TEST_CASE("R26, R33: standing abatis blocks the way through the breach", "[cli][units][move][R26][R33]") {
  const CuSiege s;
  for (int turn = 0; turn < 3; ++turn) (void)s.ok({"abatis", "build", "--section", "north-wall"});
  REQUIRE(s.file()["sections"][0]["abatis"]["standing"] == true);
  (void)s.ok({"move", "--unit", "storming-party", "--section", "north-wall"});
  cu_refused(
      s,
      {"move", "--unit", "storming-party", "--section", "north-wall", "--through-breach", "--figures", "3"},
      "move: abatis stands in the breach of north-wall; it blocks the way through until it is torn down");
}

TEST_CASE("R15, R33: figures through the breach at Rough Terrain speed, at none behind within the walls",
          "[cli][units][move][R15][R33]") {
  const CuSiege s;
  (void)s.ok({"move", "--unit", "storming-party", "--section", "north-wall"});
  json o = s.ok({"move", "--unit", "storming-party", "--section", "north-wall", "--through-breach",
                 "--figures", "10", "--speed", "9"});
  CHECK(o["to"] == "section");
  CHECK(o["moved_through"] == 10);
  CHECK(o["speed"]["speed_after"] == 4);
  CHECK(o["speed"]["rounded_down"] == true);
  CHECK(s.unit("storming-party")["through"] == 10);
  CHECK(s.unit("storming-party")["behind"] == 20);
  o = s.ok(
      {"move", "--unit", "storming-party", "--section", "north-wall", "--through-breach", "--figures", "20"});
  CHECK(o["speed"].is_null());
  const json party = s.unit("storming-party");
  CHECK(party["where"] == "within-walls");
  CHECK(party["section"].is_null());
  CHECK(party["through"] == 0);
  CHECK(party["behind"] == 0);
  CHECK(cu_has(o["rules"], "unit-within-walls"));
  // A unit outside comes to the section first.
  o = s.ok({"move", "--unit", "reserve", "--section", "north-wall", "--through-breach", "--figures", "4"});
  CHECK(s.unit("reserve")["through"] == 4);
  CHECK(s.unit("reserve")["behind"] == 8);
  // A defender goes outside and back.
  CHECK(s.ok({"move", "--unit", "garrison", "--to", "outside"})["to"] == "outside");
  CHECK(s.unit("garrison")["where"] == "outside");
  (void)s.ok({"move", "--unit", "garrison", "--to", "within-walls"});
  CHECK(s.unit("garrison")["where"] == "within-walls");
}

TEST_CASE("R24, R33: a rout within the walls of a unit split between two rooms",
          "[cli][units][rout][R24][R33]") {
  const CuSiege s;
  (void)s.ok(
      {"move", "--unit", "storming-party", "--section", "north-wall", "--through-breach", "--figures", "30"});
  REQUIRE(s.unit("storming-party")["where"] == "within-walls");
  const json o = s.ok({"rout", "--unit", "storming-party", "--room-figures", "10", "--blocked", "2"});
  CHECK(o["unit"] == "storming-party");
  CHECK(o["taken"] == "special");
  CHECK(o["side"] == "attacker");
  CHECK(o["within_walls"] == true);
  CHECK(o["special"]["split"] == true);
  CHECK(o["special"]["room_figures"] == 10);
  CHECK(o["special"]["moving"] == 9);  // the room's 10, less the one removed
  CHECK(o["special"]["figures_after"] == 27);
  CHECK(o["removed"] == 3);  // one removed, two blocked: all leave the unit
  CHECK(cu_has(o["rules"], "rout-split-room"));
  CHECK(cu_has(o["rules"], "rout-losses-killed"));
  const json party = s.unit("storming-party");
  CHECK(party["figures"] == 27);
  CHECK(party["order"] == "shaken");  // the whole unit, not only the room
  CHECK(s.army("besieger")["killed"] == 3);
}

TEST_CASE("R24, R33: the standard rout instead, or the only one open to attackers not wholly within",
          "[cli][units][rout][R24][R33]") {
  const CuSiege s;
  json o = s.ok({"rout", "--unit", "garrison", "--standard"});
  CHECK(o["taken"] == "standard");
  CHECK(o["removed"] == 0);
  CHECK(s.unit("garrison")["order"] == "routed");
  CHECK(s.unit("garrison")["figures"] == 30);
  (void)s.ok(
      {"move", "--unit", "storming-party", "--section", "north-wall", "--through-breach", "--figures", "5"});
  o = s.ok({"rout", "--unit", "storming-party"});
  CHECK(o["taken"] == "standard");
  CHECK(o["within_walls"] == false);
  CHECK(s.unit("storming-party")["order"] == "routed");
}

TEST_CASE("R25, R33: the besiegers' killed reach exactly a third (14 of 42): the check is noted once",
          "[cli][units][army][R25][R33]") {
  const CuSiege s;
  (void)s.ok({"casualties", "--unit", "storming-party", "--killed", "13"});
  json m = s.ok({"army-morale", "--side", "besieger"});
  CHECK(m["side"] == "besieger");
  CHECK(m["strength"] == 42);
  CHECK(m["killed"] == 13);
  CHECK(m["threshold"] == 14);
  CHECK(m["remaining"] == 1);
  CHECK(m["check_due"] == false);
  CHECK(m["called"] == false);
  const json o = s.ok({"casualties", "--unit", "reserve", "--killed", "1"});
  CHECK(o["armies"][0]["after"]["killed"] == 14);
  CHECK(o["armies"][0]["check_called"] == true);
  CHECK(cu_has(o["rules"], "army-third-called"));
  CHECK(cu_notes_with(o, "it checks morale now, once") == 1);
  CHECK(s.army("besieger")["called"] == true);
  const auto text = s.on({"army-morale", "--side", "attacker"});  // attacker is read as besieger
  CHECK(text.status == 0);
  CHECK_THAT(text.out, Catch::Contains("due now: 14 x 3 = 42 >= 42 (R25)"));
  m = s.ok({"army-morale", "--side", "besieger"});
  CHECK(m["check_due"] == true);
  CHECK(m["called"] == true);
  // Called once: further losses say nothing more.
  const json later = s.ok({"casualties", "--unit", "reserve", "--killed", "1"});
  CHECK(later["armies"][0]["check_called"] == false);
  CHECK(cu_notes_with(later, "checks morale now") == 0);
}

TEST_CASE("R25: the castle's defenders never check, past a third or not", "[cli][units][army][R25]") {
  const CuSiege s;
  const json o = s.ok({"casualties", "--unit", "garrison", "--killed", "11"});  // 11 x 3 = 33 >= 31
  CHECK(o["armies"][0]["check_called"] == false);
  CHECK(cu_has(o["rules"], "castle-defenders-never-check"));
  const json m = s.ok({"army-morale", "--side", "defender"});
  CHECK(m["defender_in_castle"] == true);
  CHECK(m["check_due"] == false);
}

TEST_CASE("R20, R33: a unit's climbers up the wall count as through, those at the foot as behind",
          "[cli][units][escalade][R20][R33]") {
  const CuSiege s;
  const json o = s.ok({"escalade", "--section", "east-wall", "--unit", "reserve", "--method", "ladder",
                       "--ladders", "2", "--successes-per-round", "2,1"});
  CHECK(o["unit"] == "reserve");
  CHECK(o["attackers"] == 12);  // every figure of the unit at the foot
  CHECK(o["up"] == 3);
  CHECK(cu_has(o["rules"], "climbers-through"));
  const json reserve = s.unit("reserve");
  CHECK(reserve["section"] == "east-wall");
  CHECK(reserve["through"] == 3);
  CHECK(reserve["behind"] == 9);
  // The next climb takes only those at the foot.
  const json tower = s.ok({"escalade", "--section", "east-wall", "--unit", "reserve", "--method", "tower", "--engine", "belfry"});
  CHECK(tower["attackers"] == 9);
  CHECK(s.unit("reserve")["where"] == "within-walls");
}

TEST_CASE("R33: siege order records a unit's order from the standard morale rules",
          "[cli][units][order][R33]") {
  const CuSiege s;
  json o = s.ok({"order", "--unit", "reserve", "--set", "shaken"});
  CHECK(o["action"] == "order");
  CHECK(o["order"] == json{{"before", "good"}, {"after", "shaken"}});
  CHECK(s.unit("reserve")["order"] == "shaken");
  o = s.ok({"order", "--unit", "reserve", "--set", "good"});  // a rally
  CHECK(o["order"] == json{{"before", "shaken"}, {"after", "good"}});
  CHECK(cu_has(o["rules"], "order-recorded"));
}

// ---------------------------------------------------------------- the file

TEST_CASE("R33: the assault replays, and undo gives back the bytes before each step", "[cli][units][state]") {
  const CuSiege s;
  const std::vector<std::vector<std::string>> steps{
      {"abatis", "build", "--section", "north-wall"},
      {"move", "--unit", "storming-party", "--section", "north-wall"},
      {"move", "--unit", "garrison", "--section", "north-wall"},
      {"hold", "--unit", "garrison", "--enemy", "storming-party", "--section", "north-wall", "--needed", "12",
       "--rolled", "15"},
      {"abatis", "build", "--section", "north-wall"},
      {"casualties", "--unit", "storming-party", "--killed", "4"},
      {"move", "--unit", "storming-party", "--section", "north-wall", "--through-breach", "--figures", "26"},
      {"rout", "--unit", "storming-party", "--room-figures", "10", "--blocked", "2"},
      {"order", "--unit", "reserve", "--set", "shaken"},
      {"casualties", "--unit", "storming-party", "--killed", "7"},
      {"army-morale", "--side", "besieger"},
  };
  for (auto step : steps) {
    INFO(step[0]);
    step.insert(step.end(), {"--seed", "7"});  // the log keeps the seed: the same step gives the same bytes
    const std::string before = s.bytes();
    REQUIRE(s.on(step).status == 0);
    const auto replay = s.on({"replay"});
    INFO(replay.err);
    CHECK(replay.status == 0);
    const std::string after = s.bytes();
    REQUIRE(s.on({"undo"}).status == 0);
    CHECK(siege::test::without_redo(s.bytes()) == before);  // R40: the redo list aside
    REQUIRE(s.on(step).status == 0);
    CHECK(s.bytes() == after);
  }
  CHECK(s.army("besieger")["killed"] == 14);
  CHECK(s.army("besieger")["called"] == true);
  const auto log = s.on({"log"});
  CHECK_THAT(log.out, Catch::Contains("garrison against storming-party: failed"));
  CHECK_THAT(log.out, Catch::Contains("spoiled by storming-party"));
  CHECK_THAT(log.out, Catch::Contains("the besieger army checks morale"));
}

TEST_CASE("R33: the unit commands run in batch mode against the state", "[cli][units][batch]") {
  const CuSiege s;
  const std::string lines =
      R"({"action": "move", "unit": "storming-party", "section": "north-wall"})"
      "\n"
      R"({"action": "move", "unit": "garrison", "section": "north-wall"})"
      "\n"
      R"({"action": "hold", "unit": "garrison", "enemy": "storming-party", "section": "north-wall", "needed": 12, "rolled": 15})"
      "\n"
      R"({"action": "casualties", "unit": "storming-party", "killed": 31})"
      "\n";
  const auto r = siege::test::siege({"--state", s.state, "batch"}, lines);
  CHECK(r.status == 2);  // the last line is refused
  CHECK(s.unit("storming-party")["through"] == 3);
  // The refusal names the line and the key, as a batch line does.
  CHECK_THAT(r.out, Catch::Contains(R"("message":"<stdin>:4:/killed: 31: 'storming-party' has 30 figures; give )"
                                    R"(from 0 to 30","input":"killed"})"));
}

TEST_CASE("status shows the units and armies in text, markdown, csv and JSON", "[cli][units][status]") {
  const CuSiege s;
  s.to_the_breach();
  (void)s.worked_example();
  (void)s.ok({"casualties", "--unit", "storming-party", "--killed", "1"});
  (void)s.ok({"order", "--unit", "reserve", "--set", "routed"});
  const auto text = s.on({"status"});
  REQUIRE(text.status == 0);
  CHECK_THAT(text.out, Catch::Contains("Units\n"));
  // Wider than 80 columns: the rest goes on under the unit's words.
  CHECK_THAT(text.out, Catch::Contains(
                           "  besieger storming-party  29 of 30 figures, good, at north-wall: 2 through, 27\n"
                           "                           behind\n"));
  CHECK_THAT(text.out, Catch::Contains("  defender garrison        30 of 30 figures, good, at north-wall\n"));
  CHECK_THAT(text.out, Catch::Contains("  defender sir-aldric      a hero, good, within the walls\n"));
  CHECK_THAT(text.out, Catch::Contains("  besieger 1 killed of 42 (a third is 14: 13 to go)\n"));
  CHECK_THAT(text.out,
             Catch::Contains("  defender 0 killed of 31 (a third is 11; defenders in a castle never check)"));
  const auto md = s.on({"--format", "markdown", "status"});
  CHECK_THAT(md.out, Catch::Contains("| storming-party | besieger | no"));
  CHECK_THAT(md.out, Catch::Contains("| ARMY"));
  const auto csv = s.on({"--format", "csv", "status"});
  CHECK_THAT(csv.out, Catch::Contains("storming-party,besieger,no,30,29,good,section,north-wall,2,27,no,-\r\n"));
  CHECK_THAT(csv.out, Catch::Contains("besieger,42,1,14,no,not yet\r\n"));
  const json j = s.ok({"status"});
  CHECK(j["units"][2]["id"] == "storming-party");
  CHECK(j["units"][2]["through"] == 2);
  CHECK(j["armies"]["besieger"] ==
        json{{"strength", 42}, {"killed", 1}, {"called", false}, {"third", 14}, {"due", false}});
  CHECK(j["armies"]["defender"]["in_castle"] == true);
  // On a terminal (or --color always) shaken is yellow and routed red.
  const auto colour = s.on({"--color", "always", "status"});
  CHECK_THAT(colour.out, Catch::Contains("\x1b[31mrouted\x1b[0m"));
  (void)s.ok({"order", "--unit", "reserve", "--set", "shaken"});
  CHECK_THAT(s.on({"--color", "always", "status"}).out, Catch::Contains("\x1b[33mshaken\x1b[0m"));
  CHECK_THAT(s.on({"--color", "never", "status"}).out, !Catch::Contains("\x1b["));
}

// ---------------------------------------------------------------- refusals

TEST_CASE("R33: bad unit input is refused with exit 2 and one line, the file untouched",
          "[cli][units][errors]") {
  const CuSiege s;
  s.to_the_breach();
  // A unit of the wrong side.
  cu_refused(s,
             {"hold", "--unit", "storming-party", "--enemy", "garrison", "--section", "north-wall",
              "--needed", "12", "--rolled", "15"},
             "hold: the holder 'storming-party' is a besieger unit; the breach is held by a defender unit");
  cu_refused(s, {"escalade", "--section", "east-wall", "--unit", "garrison", "--method", "tower", "--engine", "belfry"},
             "escalade: 'garrison' is a defender unit; besiegers climb the wall (R20)");
  // More killed than figures.
  cu_refused(s, {"casualties", "--unit", "storming-party", "--killed", "31"},
             "--killed 31: 'storming-party' has 30 figures; give from 0 to 30");
  cu_refused(s, {"casualties", "--unit", "sir-aldric", "--killed", "2"},
             "--killed 2: 'sir-aldric' has 1 figure; give from 0 to 1");
  // A hold by a routed unit.
  (void)s.ok({"order", "--unit", "garrison", "--set", "routed"});
  cu_refused(s,
             {"hold", "--unit", "garrison", "--enemy", "storming-party", "--section", "north-wall",
              "--needed", "12", "--rolled", "15"},
             "hold: a routed unit cannot hold the breach (R21)");
  // An unknown unit, with did-you-mean.
  cu_refused(s, {"casualties", "--unit", "storming-pary", "--killed", "1"},
             "casualties: unknown unit 'storming-pary' (did you mean storming-party?); see 'siege status'");
  cu_refused(s, {"move", "--unit", "reserv", "--section", "north-wall"}, "(did you mean reserve?)");
  // What the file knows, or what is missing.
  cu_refused(s, {"hold", "--needed", "12", "--rolled", "15"},
             "hold: --unit: missing: give ID (see 'siege status')");
  cu_refused(s, {"hold", "--unit", "garrison", "--section", "north-wall", "--needed", "12"},
             "hold: --enemy: missing: give ID");
  cu_refused(s, {"casualties", "--through", "3", "--behind", "7", "--killed", "4"},
             "casualties: --unit: missing: give ID");
  cu_refused(s, {"casualties", "--unit", "reserve", "--through", "3", "--killed", "4"},
             "casualties: --through: goes without --state; the state file knows");
  cu_refused(s, {"casualties", "--unit", "reserve"}, "casualties: --killed: missing: give a number");
  cu_refused(s, {"rout", "--figures", "8"}, "rout: --unit: missing: give ID");
  cu_refused(s, {"rout", "--unit", "reserve", "--order", "shaken"}, "rout: --order: goes without --state");
  cu_refused(s, {"move", "--speed", "9"}, "move: --unit: missing: give ID");
  cu_refused(s, {"move", "--unit", "reserve", "--section", "north-wall", "--figures", "3"},
             "move: --figures: goes with --through-breach");
  cu_refused(s, {"escalade", "--section", "east-wall", "--method", "ladder", "--attackers", "3"},
             "escalade: --unit: missing: give ID");
  cu_refused(
      s,
      {"escalade", "--section", "east-wall", "--unit", "reserve", "--method", "ladder", "--attackers", "3"},
      "escalade: --attackers: goes without --state");
  cu_refused(s, {"army-morale", "--strength", "30", "--killed", "10"},
             "army-morale: --side: missing: give besieger, defender or");
  cu_refused(s, {"army-morale", "--side", "besiegers"}, "--side 'besiegers': expected besieger, defender or attacker");
  cu_refused(s, {"order", "--unit", "reserve", "--set", "panicked"},
             "--set 'panicked': expected good, shaken or routed");
  cu_refused(s, {"order", "--unit", "reserve"}, "order: --set: missing: give good, shaken or routed");
}

TEST_CASE("Without --state the troop commands work on numbers as before, and refuse the unit options",
          "[cli][units][errors]") {
  auto r = siege::test::siege({"--json", "rout", "--figures", "10", "--side", "besieger", "--within-walls"});
  REQUIRE(r.status == 0);
  CHECK(r.json()["side"] == "attacker");  // besieger is read as attacker
  r = siege::test::siege({"move"});
  CHECK(r.status == 2);
  CHECK(r.err == "siege: error: move: --speed: missing: give a number from 0 to 1000; needed without --state\n");
  r = siege::test::siege({"casualties", "--through", "3"});
  CHECK(r.err ==
        "siege: error: casualties: --behind: missing: give a number from 0 to 100000; needed without --state\n");
  r = siege::test::siege(
      {"hold", "--unit", "garrison", "--needed", "12", "--rolled", "15", "--order", "good"});
  CHECK(r.status == 2);
  CHECK(r.err ==
        "siege: error: hold: --unit: needs --state FILE (a siege made with 'siege init' that holds the "
        "units)\n");
  r = siege::test::siege({"order", "--unit", "reserve", "--set", "good"});
  CHECK(r.status == 2);
  CHECK(r.err == "siege: error: order: needs --state FILE (a siege made with 'siege init')\n");
  r = siege::test::siege({"rout", "--figures", "8", "--standard"});
  CHECK(r.err ==
        "siege: error: rout: --standard: needs --state FILE (a siege made with 'siege init' that holds the "
        "units)\n");
}
