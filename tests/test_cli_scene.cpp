// The characters' scene with a state file (issue 15): target, sortie,
// damage, repair, countermine, the scene's days of a mine (R29-R32), and
// what the trial of an evening found (abatis, hints, the log's words).
#include <fstream>

#include <catch2/catch.hpp>

#include "support.hpp"
#include "temp_dir.hpp"

using nlohmann::json;
using siege::test::Run;
using siege::test::slurp;
using siege::test::TempDir;

namespace {

// The example castle in a state file (a week-long scene).
struct Harrowmere {
  TempDir dir;
  std::string state = dir.file("siege.json");
  Harrowmere() {
    const Run r = siege::test::siege({"init", state, "--from", SIEGE_SOURCE_DIR + "/examples/castle-siege.json"});
    REQUIRE(r.status == 0);
  }
  [[nodiscard]] Run on(std::vector<std::string> args) const {
    args.insert(args.begin(), {"--state", state});
    return siege::test::siege(args);
  }
  [[nodiscard]] json on_json(std::vector<std::string> args) const {
    args.insert(args.begin(), "--json");
    const Run r = on(std::move(args));
    INFO(r.err);
    REQUIRE(r.status == 0);
    return r.json();
  }
  [[nodiscard]] std::string bytes() const { return slurp(state); }
  [[nodiscard]] json file() const { return json::parse(bytes()); }
  [[nodiscard]] const json& engine(const json& f, const std::string& id) const {
    for (const auto& e : f["engines"])
      if (e["id"] == id) return e;
    FAIL("no engine " << id);
    throw;
  }
};

// A refusal: exit 2, one line naming `words`, the file byte for byte as it was.
void refused(const Harrowmere& h, const std::vector<std::string>& args, const std::string& words) {
  const std::string before = h.bytes();
  const Run r = h.on(args);
  INFO(r.err);
  CHECK(r.status == 2);
  CHECK(r.out.empty());
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  CHECK(r.err.find(words) != std::string::npos);
  CHECK(h.bytes() == before);
}

bool has(const json& list, const std::string& x) {
  return std::find(list.begin(), list.end(), x) != list.end();
}

}  // namespace

TEST_CASE("target re-aims an engine (R29) and is logged", "[cli][scene-cli]") {
  Harrowmere h;
  const json o = h.on_json({"target", "--engine", "trebuchet", "--at", "east-wall"});
  CHECK(o["action"] == "target");
  CHECK(o["side"] == "besieger");
  CHECK(o["target"]["before"] == "river-tower");
  CHECK(o["target"]["after"] == "east-wall");
  CHECK(o["log_entry"] == 1);
  const json f = h.file();
  CHECK(h.engine(f, "trebuchet")["target"] == "east-wall");
  CHECK(f["log"][0]["action"] == "target");
  CHECK(f["log"][0]["outcome"]["target"]["after"] == "east-wall");
  const json none = h.on_json({"target", "--engine", "trebuchet", "--at", "none"});
  CHECK(none["target"]["after"].is_null());
  CHECK(h.on({"replay"}).status == 0);
}

TEST_CASE("target refuses a defender aimed at a section, an unknown engine and no state", "[cli][scene-cli]") {
  Harrowmere h;
  refused(h, {"target", "--engine", "wall-mangonel", "--at", "north-wall"}, "R29");
  refused(h, {"target", "--engine", "trebuchett", "--at", "east-wall"}, "did you mean trebuchet");
  refused(h, {"target", "--engine", "trebuchet", "--at", "camp"}, "target:");
  const Run r = siege::test::siege({"target", "--engine", "trebuchet", "--at", "east-wall"});
  CHECK(r.status == 2);
  CHECK(r.err.find("needs --state") != std::string::npos);
}

TEST_CASE("sortie: a cannon's hits knock the ram out at its Hull of 8 (E2)", "[cli][scene-cli]") {
  Harrowmere h;
  // ram-shed: Armor 2, Hull 8; cannon: 6 Hull damage, Pierce 1. 6 + 2 - (2 - 1) = 7.
  const json a = h.on_json({"sortie", "--at", "ram", "--weapon", "cannon", "--successes", "2"});
  CHECK(a["action"] == "sortie");
  CHECK(a["armor"]["effective"] == 1);
  CHECK(a["damage"] == 7);
  CHECK(a["hull"]["after"] == 7);
  CHECK(a["knocked_out"] == false);
  // 6 + 1 - 1 = 6: 1 stored, 5 overkill; knocked out.
  const json b = h.on_json({"sortie", "--at", "ram", "--weapon", "cannon", "--successes", "1"});
  CHECK(b["damage"] == 6);
  CHECK(b["overkill"] == 5);
  CHECK(b["hull"]["after"] == 8);
  CHECK(b["knocked_out"] == true);
  CHECK(has(b["rules"], "knocked-out"));
  CHECK(h.engine(h.file(), "ram")["knocked_out"] == true);
  refused(h, {"sortie", "--at", "ram", "--weapon", "cannon", "--successes", "1"}, "already knocked out");
  refused(h, {"target", "--engine", "ram", "--at", "east-wall"}, "cannot be re-aimed");
  refused(h, {"sortie", "--at", "north-wall", "--weapon", "cannon", "--successes", "1"}, "section");
  refused(h, {"sortie", "--at", "wall-mangonel", "--weapon", "cannon", "--successes", "1"}, "defender engine");
  refused(h, {"sortie", "--at", "rams", "--weapon", "cannon", "--successes", "1"}, "did you mean ram");
  // Inline stats: 5 Hull damage, no Pierce, on the camp (Armor 0, Hull 20): 5 + 3 = 8.
  const json c = h.on_json({"sortie", "--at", "camp", "--hull-damage", "5", "--successes", "3"});
  CHECK(c["weapon"] == "inline");
  CHECK(c["damage"] == 8);
  CHECK(c["hull"]["after"] == 8);
  CHECK(h.file()["camp"]["hull_suffered"] == 8);
  CHECK(h.on({"replay"}).status == 0);
}

TEST_CASE("damage and repair: the referee's own Hull changes (R32)", "[cli][scene-cli]") {
  Harrowmere h;
  // The gatehouse has its portcullis: Hull 6 + 4 = 10. 12 is capped: 2 overkill, breached.
  const json d = h.on_json({"damage", "--at", "gatehouse", "--hull", "12", "--cause", "Burn"});
  CHECK(d["action"] == "damage");
  CHECK(d["cause"] == "Burn");
  CHECK(d["hull"]["max"] == 10);
  CHECK(d["hull"]["after"] == 10);
  CHECK(d["change"] == 10);
  CHECK(d["overkill"] == 2);
  CHECK(d["state"]["after"] == "breached");
  CHECK(has(d["rules"], "play-the-assault"));
  refused(h, {"repair", "--at", "gatehouse", "--hull", "11"}, "has suffered 10 of its 10 Hull");
  const json r = h.on_json({"repair", "--at", "gatehouse", "--hull", "4"});
  CHECK(r["hull"]["after"] == 6);
  CHECK(r["state"]["after"] != "breached");
  CHECK(has(r["rules"], "breach-repaired"));
  // An engine: the belfry (Hull 12) knocked out, then back in action.
  CHECK(h.on_json({"damage", "--at", "belfry", "--hull", "12"})["knocked_out"]["after"] == true);
  const json back = h.on_json({"repair", "--at", "belfry", "--hull", "1"});
  CHECK(back["knocked_out"]["after"] == false);
  CHECK(has(back["rules"], "back-in-action"));
  refused(h, {"repair", "--at", "camp", "--hull", "1"}, "has suffered 0");
  refused(h, {"damage", "--at", "nort-wall", "--hull", "1"}, "did you mean north-wall");
  refused(h, {"damage", "--at", "north-wall", "--hull", "0"}, "--hull");
  CHECK(h.on({"replay"}).status == 0);
}

TEST_CASE("a scene names the engines with nothing to shoot and siege target", "[cli][scene-cli]") {
  Harrowmere h;
  REQUIRE(h.on_json({"damage", "--at", "north-wall", "--hull", "20"})["state"]["after"] == "breached");
  const Run text = h.on({"--seed", "5", "scene"});
  REQUIRE(text.status == 0);
  CHECK(text.out.find("siege target --engine great-bombard --at ID") != std::string::npos);
  REQUIRE(h.on({"undo"}).status == 0);
  const json s = h.on_json({"--seed", "5", "scene"});
  std::vector<std::string> idle;
  for (const auto& e : s["idle"]) {
    idle.push_back(e["engine"]);
    CHECK(e["reason"] == "target-breached");
    CHECK(e["command"] == "siege target --engine " + e["engine"].get<std::string>() + " --at ID");
  }
  CHECK(idle == std::vector<std::string>{"great-bombard", "battery-cannon"});
  // The re-aim after the breach the report asks for.
  CHECK(h.on_json({"target", "--engine", "great-bombard", "--at", "east-wall"})["target"]["after"] == "east-wall");
  CHECK(h.on({"replay"}).status == 0);
}

TEST_CASE("mine with a state digs the scene's days (R30)", "[cli][scene-cli]") {
  Harrowmere h;
  refused(h, {"mine", "--section", "east-wall", "--days", "1"}, "play the first scene");
  REQUIRE(h.on({"--seed", "1", "scene"}).status == 0);
  // A week-long scene: 7 days. The curtain wall needs 4 (its Armor, R19).
  const json m = h.on_json({"mine", "--section", "east-wall", "--day-results", "1:0,1:0"});
  CHECK(m["days"]["dug"] == 2);
  CHECK(has(m["rules"], "scene-days"));
  refused(h, {"mine", "--section", "east-wall", "--days", "6"}, "has 5 days left in scene 1");
  // Found on the next day, then the countermine collapses it.
  const json found = h.on_json({"mine", "--section", "east-wall", "--day-results", "0:1"});
  CHECK(found["detected"] == true);
  const json c = h.on_json({"countermine", "--section", "east-wall", "--result", "collapsed"});
  CHECK(c["before"]["days_dug"] == 3);
  CHECK(c["after"]["days_dug"] == 0);
  CHECK(c["after"]["detected"] == false);
  refused(h, {"countermine", "--section", "east-wall", "--result", "failed"}, "no gallery");
  // Four days left of the scene: a new gallery of 4 days is dug and fired.
  const json second = h.on_json({"mine", "--section", "east-wall", "--day-results", "1:0,1:0,1:0,1:0"});
  CHECK(second["fired"] == true);
  CHECK(second["damage"] == 20);
  refused(h, {"mine", "--section", "east-wall", "--days", "1"}, "has dug every day of scene 1");
  refused(h, {"mine", "--section", "east-wall"}, "play the next scene");
  const Run status = h.on({"status"});
  CHECK(status.out.find("Scene     1 under way: a gallery digs at most 7 days in it") != std::string::npos);
  CHECK(status.out.find("gallery under east-wall: 0 day(s) dug, 0 day(s) left in this scene") != std::string::npos);
  const json sj = h.on_json({"status"});
  REQUIRE(sj["galleries"].size() == 1);
  CHECK(sj["galleries"][0]["days_left_in_scene"] == 0);
  CHECK(h.on({"replay"}).status == 0);
}

TEST_CASE("replay compares each entry's scene with the scene it reached (R30)", "[cli][scene-cli]") {
  Harrowmere h;
  REQUIRE(h.on({"--seed", "1", "scene"}).status == 0);
  REQUIRE(h.on({"damage", "--at", "belfry", "--hull", "1"}).status == 0);
  json f = h.file();
  f["log"][1]["scene"] = 2;
  {
    std::ofstream out(h.state, std::ios::binary | std::ios::trunc);
    out << f.dump(2) << "\n";
  }
  const Run r = h.on({"replay"});
  CHECK(r.status == 4);
  CHECK(r.err.find("/log/1/scene: the file has 2, replaying gives 1") != std::string::npos);
}

TEST_CASE("countermine failed: the sappers dig on, no longer found (R31)", "[cli][scene-cli]") {
  Harrowmere h;
  REQUIRE(h.on({"--seed", "1", "scene"}).status == 0);
  refused(h, {"countermine", "--section", "east-wall", "--result", "failed"}, "no gallery");
  REQUIRE(h.on_json({"mine", "--section", "east-wall", "--day-results", "1:0"})["days"]["dug"] == 1);
  refused(h, {"countermine", "--section", "east-wall", "--result", "failed"}, "have not found");
  REQUIRE(h.on_json({"mine", "--section", "east-wall", "--day-results", "0:2"})["detected"] == true);
  refused(h, {"countermine", "--section", "east-wall", "--result", "won"}, "collapsed or failed");
  const json c = h.on_json({"countermine", "--section", "east-wall", "--result", "failed"});
  CHECK(c["after"]["days_dug"] == 2);
  CHECK(c["after"]["detected"] == false);
}

TEST_CASE("undo of each new command gives back the file before it, byte for byte", "[cli][scene-cli]") {
  Harrowmere h;
  const std::vector<std::vector<std::string>> steps{
      {"--seed", "1", "scene"},
      {"target", "--engine", "trebuchet", "--at", "east-wall"},
      {"sortie", "--at", "ram", "--weapon", "cannon", "--successes", "2"},
      {"damage", "--at", "belfry", "--hull", "3", "--cause", "Burn"},
      {"repair", "--at", "belfry", "--hull", "2", "--cause", "a night's repair"},
      {"mine", "--section", "east-wall", "--day-results", "0:1"},
      {"countermine", "--section", "east-wall", "--result", "collapsed"},
  };
  for (auto s : steps) {
    if (s[0] != "--seed") s.insert(s.begin(), {"--seed", "77"});  // the log keeps the seed: the same again
    const std::string before = h.bytes();
    const Run r = h.on(s);
    INFO(s[0] << ": " << r.err);
    REQUIRE(r.status == 0);
    REQUIRE(h.on({"replay"}).status == 0);
    const std::string after = h.bytes();
    REQUIRE(h.on({"undo"}).status == 0);
    CHECK(siege::test::without_redo(h.bytes()) == before);  // R40: the redo list aside
    REQUIRE(h.on(s).status == 0);
    CHECK(h.bytes() == after);
  }
  // The log prints each entry as a command the program takes.
  const Run log = h.on({"log"});
  CHECK(log.out.find("--cause 'a night'\\''s repair'") != std::string::npos);
}

TEST_CASE("abatis is built only across a breach, the log writes it as abatis build", "[cli][scene-cli]") {
  Harrowmere h;
  refused(h, {"abatis", "build", "--section", "north-wall"}, "not breached");
  REQUIRE(h.on({"damage", "--at", "north-wall", "--hull", "20"}).status == 0);
  REQUIRE(h.on({"abatis", "build", "--section", "north-wall"}).status == 0);
  const Run log = h.on({"log"});
  CHECK(log.out.find("abatis  build --section north-wall") != std::string::npos);
  CHECK(log.out.find("--work") == std::string::npos);
}

TEST_CASE("R26 R33 R46: status shows abatis under way and standing, who stands at a breach, and a blocked breach "
          "is not to assault: tearing needs a besieger there",
          "[cli][scene-cli][R26][R46]") {
  Harrowmere h;
  REQUIRE(h.on({"damage", "--at", "north-wall", "--hull", "20"}).status == 0);
  REQUIRE(h.on({"move", "--unit", "garrison", "--section", "north-wall"}).status == 0);
  REQUIRE(h.on({"abatis", "build", "--section", "north-wall"}).status == 0);
  Run status = h.on({"status"});
  CHECK(status.out.find("Breaches  north-wall: play the assault\n") != std::string::npos);
  CHECK(status.out.find("Abatis    north-wall: 1 of 3 turns of building done\n") != std::string::npos);
  CHECK(status.out.find("At breach north-wall: garrison (defender) 0 through, 30 behind\n") != std::string::npos);
  REQUIRE(h.on({"abatis", "build", "--section", "north-wall"}).status == 0);
  REQUIRE(h.on({"abatis", "build", "--section", "north-wall"}).status == 0);
  status = h.on({"status"});
  CHECK(status.out.find("play the assault") == std::string::npos);
  CHECK(status.out.find("Breaches  north-wall: blocked by standing abatis until it is torn down (R26)\n") !=
        std::string::npos);
  const json j = h.on_json({"status"});
  CHECK(std::find(j["notes"].begin(), j["notes"].end(),
                  "north-wall is breached, and the abatis standing in it blocks the way through (R26).") !=
        j["notes"].end());
  const Run csv = h.on({"--format", "csv", "status"});
  CHECK(csv.out.find("BREACH,ASSAULT,ABATIS,AT THE BREACH\r\nnorth-wall,blocked by standing abatis (R26),standing,"
                     "\"garrison (defender) 0 through, 30 behind\"\r\n") != std::string::npos);
  // R46: no besieger at north-wall: tearing is refused, the file as it was.
  refused(h, {"abatis", "tear", "--section", "north-wall"}, "no besieger unit stands at north-wall");
  REQUIRE(h.on({"move", "--unit", "storming-party", "--section", "north-wall"}).status == 0);
  CHECK(h.on({"abatis", "tear", "--section", "north-wall"}).status == 0);
}

TEST_CASE("R33: status shows who stands at each breach, through and behind, in text, markdown, csv and json",
          "[cli][scene-cli][R33]") {
  Harrowmere h;
  REQUIRE(h.on({"damage", "--at", "north-wall", "--hull", "20"}).status == 0);
  REQUIRE(h.on({"damage", "--at", "gatehouse", "--hull", "10"}).status == 0);
  REQUIRE(h.on({"move", "--unit", "garrison", "--section", "north-wall"}).status == 0);
  REQUIRE(h.on({"move", "--unit", "storming-party", "--section", "north-wall"}).status == 0);
  REQUIRE(h.on({"move", "--unit", "storming-party", "--section", "north-wall", "--through-breach", "--figures", "5"})
              .status == 0);
  const std::string who = "garrison (defender) 0 through, 30 behind; storming-party (besieger) 5 through, 25 behind";
  std::string text = h.on({"status"}).out;
  std::replace(text.begin(), text.end(), '\n', ' ');  // the line is folded at 80 columns
  CHECK(text.find("At breach north-wall: " + who + " ") != std::string::npos);
  CHECK(h.on({"--format", "markdown", "status"}).out.find("| north-wall | play the assault | 0/3 built | " + who + " |") !=
        std::string::npos);
  CHECK(h.on({"--format", "csv", "status"}).out.find("north-wall,play the assault,0/3 built,\"" + who + "\"\r\n") !=
        std::string::npos);
  const json j = h.on_json({"status"});
  CHECK(j["breaches"] == json::parse(R"([
    {"section": "north-wall", "assault": "open", "units": [
      {"unit": "garrison", "side": "defender", "through": 0, "behind": 30},
      {"unit": "storming-party", "side": "besieger", "through": 5, "behind": 25}]},
    {"section": "gatehouse", "assault": "open", "units": []}])"));
  // A breach a standing abatis blocks says so; a section not breached is no breach.
  for (int turn = 0; turn < 3; ++turn)
    REQUIRE(h.on({"abatis", "build", "--section", "gatehouse", "--seed", std::to_string(turn)}).status == 0);
  const json b = h.on_json({"status"});
  REQUIRE(b["breaches"].size() == 2);
  CHECK(b["breaches"][1] == json({{"section", "gatehouse"}, {"assault", "blocked"}, {"units", json::array()}}));
}

TEST_CASE("odds attack|demolish|mine|escalade read a section of the state file, and only read it", "[cli][scene-cli]") {
  Harrowmere h;
  REQUIRE(h.on({"damage", "--at", "gatehouse", "--hull", "3"}).status == 0);
  const std::string before = h.bytes();
  // The gatehouse has its portcullis (Hull 6 + 4) and has suffered 3.
  const json a = h.on_json({"odds", "attack", "--section", "gatehouse", "-w", "cannon"});
  CHECK(a["structure"] == "castle-gate");
  CHECK(a["hull"]["max"] == 10);
  CHECK(a["hull"]["before"] == 3);
  // --engine: the great bombard's own weapon on its own target.
  const json e = h.on_json({"odds", "attack", "--engine", "great-bombard"});
  CHECK(e["structure"] == "curtain-wall");
  CHECK(e["weapon"] == "bombard");
  CHECK(h.on_json({"odds", "demolish", "--section", "gatehouse", "-c", "petard", "--craft-successes", "1"})
            ["structure"] == "castle-gate");
  CHECK(h.on_json({"odds", "mine", "--section", "east-wall"})["structure"] == "curtain-wall");
  CHECK(h.on_json({"odds", "escalade", "--section", "river-tower", "--method", "ladder", "--attackers", "4"})
            ["structure"] == "tower");
  CHECK(h.bytes() == before);
  refused(h, {"odds", "attack", "--section", "gatehouse", "-s", "tower", "-w", "cannon"}, "--structure");
  const Run no_state = siege::test::siege({"odds", "attack", "--section", "gatehouse", "-w", "cannon"});
  CHECK(no_state.status == 2);
  CHECK(no_state.err.find("needs --state") != std::string::npos);
}

TEST_CASE("escalade --method tower with a state names its tower, and a knocked-out one puts no one up", "[cli][scene-cli]") {
  Harrowmere h;
  refused(h, {"escalade", "--section", "north-wall", "--method", "tower", "--unit", "reserve"}, "--engine: missing: give ID");
  refused(h, {"escalade", "--section", "north-wall", "--method", "tower", "--engine", "belfri", "--unit", "reserve"},
          "did you mean belfry");
  const json up = h.on_json({"escalade", "--section", "north-wall", "--method", "tower", "--engine", "belfry",
                             "--unit", "reserve", "--seed", "1"});
  CHECK(up["up"] == 12);  // the reserve's 12 figures, every one up the tower
  REQUIRE(h.on({"damage", "--at", "belfry", "--hull", "12"}).status == 0);
  refused(h, {"escalade", "--section", "north-wall", "--method", "tower", "--engine", "belfry", "--unit", "reserve"},
          "puts no one on the wall");
}

TEST_CASE("R41: only an engine whose row carries climbers makes an escalade by siege tower",
          "[cli][scene-cli][R41]") {
  Harrowmere h;
  const std::vector<std::string> climb{"escalade", "--section", "north-wall", "--method",
                                       "tower",    "--unit",    "reserve",    "--engine"};
  auto with = [&](const std::string& engine) {
    auto args = climb;
    args.push_back(engine);
    return args;
  };
  // A bombard, a ram shed and a cannon: none carries anyone.
  refused(h, with("great-bombard"),
          "--engine great-bombard: it is a Bombard in its cradle (engines.json row bombard), "
          "which carries no climbers");
  refused(h, with("ram"),
          "--engine ram: it is a Ram shed (engines.json row ram-shed), which carries no climbers");
  refused(h, with("battery-cannon"), "--engine battery-cannon: it is a Cannon on its carriage (engines.json row cannon)");
  // The tower still climbs, 4 a round (its row's carries_climbers): 12 up in 3 rounds.
  const json up = h.on_json(with("belfry"));
  CHECK(up["rounds"].size() == 3);
  CHECK(up["rounds"][0]["attempting"] == 4);
  CHECK(up["up"] == 12);
  // A homebrew row that carries 6 a round: the climb follows the table.
  TempDir data;
  {
    std::ofstream(data.file("engines.json"))
        << R"([{"id": "siege-tower", "name": "Great belfry", "armor": 2, "hull": 12, "carries_climbers": 6}])";
  }
  const Run six = siege::test::siege(
      {"--json", "--data", data.path(), "escalade", "--method", "tower", "--attackers", "12"});
  INFO(six.err);
  REQUIRE(six.status == 0);
  CHECK(six.json()["rounds"].size() == 2);
  CHECK(six.json()["rounds"][0]["attempting"] == 6);
  const Run listed = siege::test::siege({"--json", "show", "siege-tower"});
  REQUIRE(listed.status == 0);
  CHECK(listed.json()["entries"][0]["carries_climbers"] == 4);
}

TEST_CASE("R41: odds escalade with a state climbs by the siege's own tower and unit, as escalade does",
          "[cli][scene-cli][R41]") {
  Harrowmere h;
  // A homebrew row that carries 2 climbers a round, and an engine of it.
  TempDir data;
  {
    json rows = json::parse(slurp(SIEGE_SOURCE_DIR + "/data/engines.json"));
    rows.push_back({{"id", "small-tower"}, {"name", "Small tower"}, {"armor", 1}, {"hull", 6}, {"carries_climbers", 2}});
    std::ofstream(data.file("engines.json")) << rows.dump();
  }
  auto homebrew = [&](std::vector<std::string> args) {
    args.insert(args.begin(), {"--data", data.path()});
    return args;
  };
  REQUIRE(h.on(homebrew({"add", "--engine", "small", "--side", "besieger", "--row", "small-tower"})).status == 0);
  const std::vector<std::string> odds{"odds", "escalade", "--section", "north-wall", "--method", "tower"};
  auto with = [&](std::vector<std::string> more) {
    auto args = odds;
    args.insert(args.end(), more.begin(), more.end());
    return homebrew(args);
  };
  const std::string before = h.bytes();
  // The reserve's 12 figures by the small tower: 2 up a round, all up by round 6, for certain.
  const json small = h.on_json(with({"--engine", "small", "--unit", "reserve"}));
  CHECK(small["attackers"] == 12);
  CHECK(small["after"]["up"][0]["up"] == 2);
  CHECK(small["all_up_by_round"][0]["round"] == 6);
  CHECK(small["expected_rounds"]["p"] == "6/1");
  // The belfry (the built-in siege-tower row, 4 a round): round 3.
  const json belfry = h.on_json(with({"--engine", "belfry", "--unit", "reserve"}));
  CHECK(belfry["after"]["up"][0]["up"] == 4);
  CHECK(belfry["expected_rounds"]["p"] == "3/1");
  // The unit's figures or the attackers given, not both; the storming party's 30.
  CHECK(h.on_json(with({"--engine", "small", "--attackers", "5"}))["expected_rounds"]["p"] == "3/1");
  CHECK(h.on_json(with({"--engine", "small", "--unit", "storming-party"}))["attackers"] == 30);
  CHECK(h.bytes() == before);  // odds only read the file
  // Refused as escalade refuses them, the file unchanged.
  refused(h, with({"--engine", "ram", "--unit", "reserve"}), "--engine ram: it is a Ram shed");
  refused(h, with({"--engine", "smal", "--unit", "reserve"}), "odds escalade: unknown besieger engine 'smal' (did you mean small?)");
  refused(h, with({"--engine", "small", "--unit", "reserve", "--attackers", "3"}), "--attackers");
  refused(h, with({"--engine", "small", "--unit", "garrison"}), "'garrison' is a defender unit");
  refused(h, with({"--engine", "small", "--unit", "reserve", "--ladders", "2"}),
          "odds escalade: a siege tower takes no --ladders or --ropes");
  refused(h, homebrew({"odds", "escalade", "--section", "north-wall", "--method", "ladder", "--engine", "small",
                       "--attackers", "3"}),
          "--engine: names the siege tower of --method tower");
  refused(h, homebrew({"odds", "escalade", "--method", "tower", "--engine", "small", "--attackers", "3"}),
          "--section: missing");
  const Run no_state = siege::test::siege({"odds", "escalade", "--method", "tower", "--engine", "belfry", "--attackers", "3"});
  CHECK(no_state.status == 2);
  CHECK(no_state.err.find("--engine: needs --state") != std::string::npos);
  // The climb itself agrees: 6 rounds, 2 a round.
  const json climb = h.on_json(homebrew({"escalade", "--section", "north-wall", "--method", "tower", "--engine",
                                         "small", "--unit", "reserve", "--seed", "1"}));
  CHECK(climb["rounds"].size() == 6);
  CHECK(climb["rounds"][0]["attempting"] == 2);
}

TEST_CASE(
    "a petard or breaching charge on the gate with its portcullis is an ordinary charge: rolled, with odds "
    "(R34)",
    "[cli][scene-cli][R34]") {
  // Stateless: the Craft check is rolled (the seed repeats it) and the odds are given.
  const Run rolled = siege::test::siege({"--json", "--seed", "3", "demolish", "--structure", "castle-gate",
                                         "--portcullis", "--charge", "petard"});
  INFO(rolled.err);
  REQUIRE(rolled.status == 0);
  const json d = rolled.json();
  CHECK(d["opened"] == false);
  CHECK(d["check"]["rolled"] == true);
  CHECK(d["armor"]["effective"] == 3);
  CHECK(d["hull"]["max"] == 10);
  if (d["went_off"] == true) CHECK(d["damage"] == 4 - 3);  // Siege 2: 4 Hull damage, less Armor 3 (R17)
  const Run referee = siege::test::siege({"--json", "demolish", "--structure", "castle-gate", "--portcullis",
                                          "--charge", "breaching-charge", "--craft-successes", "1"});
  REQUIRE(referee.status == 0);
  CHECK(referee.json()["damage"] == 6 - 3);  // Siege 3: 6 Hull damage
  CHECK(referee.json()["hull"]["after"] == 3);
  const Run odds = siege::test::siege(
      {"--json", "odds", "demolish", "--structure", "castle-gate", "--portcullis", "--charge", "petard"});
  INFO(odds.err);
  REQUIRE(odds.status == 0);
  // The pass chance is the Average Craft check's of 3 skill dice, as odds check gives it.
  const Run craft = siege::test::siege({"--json", "odds", "check", "--difficulty", "average", "--pool", "3"});
  REQUIRE(craft.status == 0);
  CHECK(odds.json()["pass"] == craft.json()["pass"]);
  CHECK(odds.json()["check"]["difficulty"] == "average");
  // With the README's example castle: the gatehouse has its portcullis.
  Harrowmere h;
  const json on_state = h.on_json({"--seed", "3", "demolish", "--section", "gatehouse", "-c", "petard"});
  CHECK(on_state["check"]["rolled"] == true);
  CHECK(on_state["opened"] == false);
  CHECK(h.on_json({"odds", "demolish", "--section", "gatehouse", "-c", "petard"})["pass"] ==
        craft.json()["pass"]);
}

TEST_CASE("the outlook counts the siege tower and the camp once a defender aims at them",
          "[cli][scene-cli][E2]") {
  Harrowmere h;  // tower-ballista aims at the camp
  REQUIRE(h.on({"target", "--engine", "wall-mangonel", "--at", "belfry"}).status == 0);
  REQUIRE(h.on({"damage", "--at", "camp", "--hull", "19"}).status == 0);  // one Hull from wrecked
  const json o = h.on_json({"odds", "scene", "--scenes", "2"});
  bool belfry = false;
  for (const auto& e : o["engines"]) {
    if (e["id"] != "belfry") continue;
    belfry = true;
    CHECK(e["target"].is_null());
    CHECK(e["attackers"] == json::array({"wall-mangonel"}));
    CHECK(e["knocked_out"][1]["probability"]["value"].get<double>() > 0);
  }
  CHECK(belfry);
  CHECK(o["camp"]["attackers"] == json::array({"tower-ballista"}));
  CHECK(o["camp"]["wrecked"].size() == 2);
  CHECK(o["camp"]["wrecked"][0]["probability"]["value"].get<double>() > 0);
  const Run text = h.on({"odds", "scene", "--scenes", "2"});
  REQUIRE(text.status == 0);
  CHECK(text.out.find("  belfry, shot at by wall-mangonel\n") != std::string::npos);
  CHECK(text.out.find("Camp      shot at by tower-ballista\n") != std::string::npos);
  CHECK(text.out.find("wrecked by scene 2") != std::string::npos);
  // The chronicle's outlook has both rows.
  const Run page = h.on({"--format", "markdown", "chronicle", "--scenes", "2"});
  REQUIRE(page.status == 0);
  const std::string outlook = page.out.substr(page.out.find("## The outlook"));
  CHECK(outlook.find("| belfry |") != std::string::npos);
  CHECK(outlook.find("| camp |") != std::string::npos);
}

TEST_CASE("a mine's refusals name the input that was given: --day-results, or the description's days_dug",
          "[cli][scene-cli][R30]") {
  TempDir dir;
  const std::string desc = dir.write("day.json", R"({"scene_length": "day",
    "sections": [{"id": "wall", "structure": "curtain-wall"}]})");
  const std::string state = dir.file("s.json");
  REQUIRE(siege::test::siege({"init", state, "--from", desc}).status == 0);
  REQUIRE(siege::test::siege({"--state", state, "--seed", "1", "scene"}).status == 0);
  const Run eight = siege::test::siege(
      {"--state", state, "mine", "--section", "wall", "--day-results", "0:0,0:0,0:0,0:0,0:0,0:0,0:0,0:0"});
  CHECK(eight.status == 2);
  CHECK_THAT(eight.err,
             Catch::Contains("--day-results: 8 days given, but the gallery under wall has 1 day left"));
  CHECK(eight.err.find("--days ") == std::string::npos);
  // 5 days dug under a wall of listed Armor 4: refused at init, by its JSON pointer.
  const std::string dug = dir.write("dug.json", R"({"scene_length": "day",
    "sections": [{"id": "wall", "structure": "curtain-wall", "mine": {"days_dug": 5, "detected": false}}]})");
  const Run init = siege::test::siege({"init", dir.file("t.json"), "--from", dug});
  CHECK(init.status == 2);
  CHECK_THAT(init.err, Catch::Contains("/sections/0/mine/days_dug") &&
                           Catch::Contains("5 days dug, but curtain-wall takes 4 days of digging"));
  // And a state file that says so is refused as damaged (exit 4), by its pointer too.
  json f = json::parse(slurp(state));
  f["sections"][0]["mine"]["days_dug"] = 5;
  { std::ofstream(state, std::ios::binary) << f.dump(); }
  const Run read = siege::test::siege({"--state", state, "status"});
  CHECK(read.status == 4);
  CHECK_THAT(read.err, Catch::Contains("/sections/0/mine/days_dug"));
}

TEST_CASE("a petard on the castle gate with its portcullis does not open the section (R34)", "[cli][scene-cli]") {
  Harrowmere h;
  const json d = h.on_json({"demolish", "--section", "gatehouse", "-c", "petard", "--craft-successes", "1"});
  CHECK(d["opened"] == false);
  CHECK(has(d["rules"], "portcullis-holds"));
  CHECK(d["state"]["after"] != "breached");
}

TEST_CASE("the mine's hint in state mode is a command the program takes", "[cli][scene-cli]") {
  Harrowmere h;
  REQUIRE(h.on({"--seed", "1", "scene"}).status == 0);
  const Run r = h.on({"mine", "--section", "east-wall", "--day-results", "1:0"});
  REQUIRE(r.status == 0);
  CHECK(r.out.find("--days-dug") == std::string::npos);
  // On the state file: the hint names it, as the line a shell takes.
  CHECK(r.out.find("mine --section east-wall") != std::string::npos);
  CHECK(r.out.find("(with --state)") == std::string::npos);
}
