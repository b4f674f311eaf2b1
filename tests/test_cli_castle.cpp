// End-to-end tests of a castle built from nothing (R43): `init --name`, a
// section added with `add --section`, the description's template and
// every error of a description reported in one run.
#include <catch2/catch.hpp>

#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "support.hpp"
#include "temp_dir.hpp"

using nlohmann::json;

namespace {

// A siege made with a name alone.
struct Empty {
  siege::test::TempDir dir;
  std::string state = dir.file("siege.json");
  Empty() { REQUIRE(siege::test::siege({"init", state, "--name", "Newtown", "--scene-length", "week"}).status == 0); }
  [[nodiscard]] siege::test::Run on(std::vector<std::string> args) const {
    args.insert(args.begin(), {"--state", state});
    return siege::test::siege(args);
  }
  [[nodiscard]] json ok(std::vector<std::string> args) const {
    args.insert(args.begin(), "--json");
    const auto r = on(args);
    INFO(r.err);
    REQUIRE(r.status == 0);
    return r.json();
  }
  [[nodiscard]] std::string bytes() const { return siege::test::slurp(state); }
  [[nodiscard]] json file() const { return json::parse(bytes()); }
};

// The siege's file as a comparison of two ways of making it sees it: all
// but the log, the redo list and `initial` (R43: the siege as it began).
json castle_of(const json& file) {
  json c = file;
  c.erase("log");
  c.erase("initial");
  c.erase("redo");
  return c;
}

}  // namespace

TEST_CASE("init --name makes a siege with no sections, engines or units: a scene waits for a section (R43)",
          "[cli][castle]") {
  const Empty s;
  const json f = s.file();
  CHECK(f["name"] == "Newtown");
  CHECK(f["scene_length"] == "week");
  CHECK(f["sections"].empty());
  CHECK(f["engines"].empty());
  CHECK(f["units"].empty());
  CHECK(f["initial"]["sections"].empty());
  CHECK(f["armies"] == json({{"besieger", nullptr}, {"defender", nullptr}}));

  const std::string before = s.bytes();
  const auto scene = s.on({"scene", "--seed", "1"});
  CHECK(scene.status == 2);
  CHECK(scene.err == "siege: error: scene: the siege has no sections yet; add the castle's first with 'siege "
                     "add --section ID --structure STRUCTURE' (R43)\n");
  CHECK(s.bytes() == before);

  (void)s.ok({"add", "--section", "north-wall", "--structure", "curtain-wall"});
  CHECK(s.on({"scene", "--seed", "1"}).status == 0);
  CHECK(s.file()["scene"] == 1);
}

TEST_CASE("play on a siege with no castle says which lines build it (R43)", "[cli][castle]") {
  const Empty s;
  const auto r = siege::test::siege({"play", s.state}, "add --section gatehouse --structure castle-gate --variant portcullis\n");
  INFO(r.err);
  CHECK(r.status == 0);
  CHECK(r.err.find("has no castle yet (R43). Build it here, a line each") != std::string::npos);
  CHECK(r.err.find("\n  add --section north-wall --structure curtain-wall\n") != std::string::npos);
  CHECK(s.file()["sections"][0]["id"] == "gatehouse");
  // With a castle, nothing of the kind.
  CHECK(siege::test::siege({"play", s.state}, "status\n").err.find("no castle") == std::string::npos);
}

TEST_CASE("add --section starts at the ladder state its Hull suffered gives (R4, R43)", "[cli][castle]") {
  const Empty s;
  // curtain-wall: Hull 20 (structures.json): cracked from half (10), breached at 20.
  const json a = s.ok({"add", "--section", "a", "--structure", "curtain-wall", "--hull-suffered", "9"});
  CHECK(a["kind"] == "section");
  CHECK(a["record"] == json::parse(R"({"id": "a", "structure": "curtain-wall", "variant": null,
      "hull_suffered": 9, "state": "intact", "abatis": {"standing": false, "progress": 0},
      "mine": {"days_dug": 0, "detected": false}})"));
  CHECK(a["rules"] == json::array({"section-joins"}));
  CHECK(s.ok({"add", "--section", "b", "--structure", "curtain-wall", "--hull-suffered", "10"})["record"]["state"] ==
        "cracked");
  CHECK(s.ok({"add", "--section", "c", "--structure", "curtain-wall", "--hull-suffered", "20"})["record"]["state"] ==
        "breached");
  // castle-gate with its portcullis: Hull 10 (R12), cracked from 5.
  const json g = s.ok(
      {"add", "--section", "gate", "--structure", "castle-gate", "--variant", "portcullis", "--hull-suffered", "5"});
  CHECK(g["record"]["variant"] == "portcullis");
  CHECK(g["record"]["state"] == "cracked");

  const json f = s.file();
  REQUIRE(f["sections"].size() == 4);
  CHECK(f["sections"][1]["id"] == "b");  // appended in the log's order
  CHECK(f["sections"][3]["hull_suffered"] == 5);
  CHECK(f["initial"]["sections"].empty());  // the siege as it began
  CHECK(f["log"].size() == 4);
  CHECK(f["log"][3]["inputs"] ==
        json({{"section", "gate"}, {"structure", "castle-gate"}, {"variant", "portcullis"}, {"hull-suffered", 5}}));
  const std::string log = s.on({"log"}).out;
  CHECK(log.find("section gate (castle-gate with portcullis) joins, cracked") != std::string::npos);
}

TEST_CASE("a section that joins is checked exactly as a description's section (R43)", "[cli][castle]") {
  const Empty s;
  (void)s.ok({"add", "--section", "gate", "--structure", "castle-gate"});
  (void)s.ok({"add", "--engine", "treb", "--side", "besieger", "--row", "trebuchet", "--target", "gate"});
  const std::string before = s.bytes();
  auto refused = [&](std::vector<std::string> args, const std::string& err) {
    const auto r = s.on(args);
    CHECK(r.status == 2);
    CHECK(r.err == "siege: error: " + err + "\n");
    CHECK(s.bytes() == before);
  };
  refused({"add", "--section", "wall", "--structure", "curtian-wall"},
          "--structure curtian-wall: unknown structure 'curtian-wall' (did you mean curtain-wall?); see "
          "'siege list structures'");
  refused({"add", "--section", "wall", "--structure", "curtain-wall", "--hull-suffered", "21"},
          "--hull-suffered 21: expected an integer from 0 to 20");
  refused({"add", "--section", "wall", "--structure", "curtain-wall", "--variant", "portcullis"},
          "--variant portcullis: unknown variant 'portcullis' of curtain-wall (it has no variants)");
  // Ids are unique across all the siege ever held (R35).
  refused({"add", "--section", "treb", "--structure", "curtain-wall"},
          "--section treb: an engine of the siege has it; ids are never given twice (R35)");
  refused({"add", "--section", "gate", "--structure", "curtain-wall"},
          "--section gate: a section of the siege has it; ids are never given twice (R35)");
  refused({"add", "--section", "wall", "--structure", "curtain-wall", "--side", "defender"},
          "add: --side: goes without --structure: a section has none");
  refused({"add", "--structure", "curtain-wall"},
          "add: --section: missing: give ID with --structure: the new section's id");
  // The same section in a description is refused with the same reason.
  const siege::test::TempDir dir;
  const auto d = siege::test::siege({"init", dir.file("d.json"), "--from", "-"},
                       R"({"sections": [{"id": "w", "structure": "curtain-wall", "hull_suffered": 21}]})");
  CHECK(d.err == "siege: error: <stdin>:/sections/0/hull_suffered: expected an integer from 0 to 20\n");
}

TEST_CASE("a section added is undone, redone and replayed from its log entry (R40, R43)", "[cli][castle]") {
  const Empty s;
  (void)s.ok({"add", "--section", "a", "--structure", "tower", "--hull-suffered", "7"});
  const std::string one = s.bytes();
  (void)s.ok({"add", "--section", "b", "--structure", "castle-gate", "--variant", "portcullis"});
  const std::string two = s.bytes();
  CHECK(s.on({"undo"}).status == 0);
  CHECK(siege::test::without_redo(s.bytes()) == one);
  CHECK(s.on({"redo"}).status == 0);
  CHECK(s.bytes() == two);
  const auto replay = s.on({"replay"});
  INFO(replay.err);
  CHECK(replay.status == 0);
  // The reader holds the sections past `initial` to the log's arrivals.
  json f = s.file();
  f["sections"][1]["id"] = "c";
  {
    std::ofstream out(s.state, std::ios::binary);
    out << f.dump(1);
  }
  const auto bad = s.on({"status"});
  CHECK(bad.status == 4);
  CHECK(bad.err.find("/sections/1/id: 'c' is not in the siege as it began (/initial/sections), and the log's "
                     "arrival number 2 is 'b' (R35)") != std::string::npos);
}

TEST_CASE("init --template prints a description init accepts as it stands", "[cli][castle]") {
  const auto t = siege::test::siege({"init", "--template"});
  REQUIRE(t.status == 0);
  const json doc = json::parse(t.out);
  CHECK(doc["$schema"] == "https://siege.invalid/schema/description.schema.json");
  const siege::test::TempDir dir;
  const auto r = siege::test::siege({"--json", "init", dir.file("new.json"), "--from", "-"}, t.out);
  INFO(r.err);
  REQUIRE(r.status == 0);
  const json f = json::parse(siege::test::slurp(dir.file("new.json")));
  CHECK(f["sections"].size() == 3);
  CHECK(f["engines"].size() == 5);
  CHECK(f["units"].size() == 3);
  CHECK(f["sections"][1]["state"] == "intact");  // west-wall: 4 of 20
  // Nothing else goes with it.
  const auto with_file = siege::test::siege({"init", dir.file("x.json"), "--template"});
  CHECK(with_file.status == 2);
  CHECK(with_file.err.find("prints to standard output and writes no FILE") != std::string::npos);
}

TEST_CASE("init reports every error of a description in one run, each with its JSON pointer", "[cli][castle]") {
  const siege::test::TempDir dir;
  const std::string five = R"({
  "sections": [
    {"id": "gatehouse", "structure": "castle-gate", "portcullis": true},
    {"id": "north-wall", "structure": "curtian-wall"}
  ],
  "besiegers": [{"id": "gun", "engine": "Big Bertha", "weapon": "bombard", "target": "gatehouse"}],
  "defenders": [{"id": "ballista", "weapon": "ballista", "target": "gatehouse"}],
  "units": [{"id": "garrison", "side": "defender", "figures": 30, "oder": "good"}]
})";
  const auto r = siege::test::siege({"init", dir.file("s.json"), "--from", "-"}, five);
  CHECK(r.status == 2);
  CHECK(r.out.empty());
  CHECK(r.err ==
        "siege: error: <stdin>:/sections/0/portcullis: unknown key 'portcullis' (a gate's portcullis is written "
        "\"variant\": \"portcullis\", R12) (expected one of: id, structure, variant, hull_suffered, abatis, mine)\n"
        "siege: error: <stdin>:/sections/1/structure: unknown structure 'curtian-wall' (did you mean "
        "curtain-wall?); see 'siege list structures'\n"
        "siege: error: <stdin>:/besiegers/0/engine: expected an id of lower-case letters, digits and hyphens "
        "(\"engine\" is the engines.json row the engine is hit as, not its name; leave it out and the engine that "
        "fires its \"weapon\" gives the row)\n"
        "siege: error: <stdin>:/defenders/0/target: 'gatehouse' is a section of the castle: a defender engine aims "
        "at a besieger engine or the camp, never at its own wall (R29); if it is the besiegers' engine, list it "
        "under \"besiegers\"\n"
        "siege: error: <stdin>:/units/0/oder: unknown key 'oder' (did you mean order?) (expected one of: id, side, "
        "figures, order, hero, where)\n");
  CHECK_FALSE(std::ifstream(dir.file("s.json")).good());

  const auto j = siege::test::siege({"--json", "init", dir.file("s.json"), "--from", "-"}, five);
  CHECK(j.status == 2);
  const json e = j.json()["error"];
  CHECK(e["code"] == 2);
  CHECK(e["id"] == "bad-json");
  CHECK(e["message"] == e["errors"][0]["message"]);  // the first, as before
  REQUIRE(e["errors"].size() == 5);
  CHECK(e["errors_total"] == 5);
  std::vector<std::string> pointers;
  for (const auto& x : e["errors"]) pointers.push_back(x["pointer"]);
  CHECK(pointers == std::vector<std::string>{"/sections/0/portcullis", "/sections/1/structure",
                                             "/besiegers/0/engine", "/defenders/0/target", "/units/0/oder"});

  // At most 20, then a count of the rest.
  json many = {{"sections", json::array()}};
  for (int i = 0; i < 25; ++i) many["sections"].push_back({{"id", "s" + std::to_string(i)}, {"structure", "nope"}});
  const auto m = siege::test::siege({"--json", "init", dir.file("s.json"), "--from", "-"}, many.dump());
  CHECK(m.status == 2);
  std::size_t lines = 0;
  for (char c : m.err) lines += c == '\n' ? 1 : 0;
  CHECK(lines == 21);
  CHECK(m.err.find("siege: error: and 5 more errors, not shown\n") != std::string::npos);
  CHECK(m.json()["error"]["errors"].size() == 20);
  CHECK(m.json()["error"]["errors_total"] == 25);
}

TEST_CASE("init reports each mistake of one entry, not only its first", "[cli][castle]") {
  const siege::test::TempDir dir;
  // Five mistakes: two in a section, two in an engine, one in a unit.
  const std::string five = R"({
  "sections": [
    {"id": "gatehouse", "structure": "castle-gate", "variant": "portcullis"},
    {"id": "north-wall", "structure": "curtian-wall", "abatis": {"standing": "yes", "progress": 0}}
  ],
  "besiegers": [{"id": "gun", "weapon": "bombrd", "pool": 99, "target": "gatehouse"}],
  "units": [{"id": "garrison", "side": "defender", "figures": 0}]
})";
  const auto r = siege::test::siege({"init", dir.file("s.json"), "--from", "-"}, five);
  CHECK(r.status == 2);
  CHECK(r.err ==
        "siege: error: <stdin>:/sections/1/structure: unknown structure 'curtian-wall' (did you mean curtain-wall?); "
        "see 'siege list structures'\n"
        "siege: error: <stdin>:/sections/1/abatis/standing: expected true or false\n"
        "siege: error: <stdin>:/besiegers/0/weapon: unknown weapon 'bombrd' (did you mean bombard?); see 'siege list "
        "weapons'\n"
        "siege: error: <stdin>:/besiegers/0/pool: expected an integer from 0 to 50\n"
        "siege: error: <stdin>:/units/0/figures: expected an integer from 1 to 100000\n");
  CHECK_FALSE(std::ifstream(dir.file("s.json")).good());
  const json e = siege::test::siege({"--json", "init", dir.file("s.json"), "--from", "-"}, five).json()["error"];
  CHECK(e["errors_total"] == 5);
  std::vector<std::string> pointers;
  for (const auto& x : e["errors"]) pointers.push_back(x["pointer"]);
  CHECK(pointers == std::vector<std::string>{"/sections/1/structure", "/sections/1/abatis/standing",
                                             "/besiegers/0/weapon", "/besiegers/0/pool", "/units/0/figures"});
}

TEST_CASE("a castle built at the play prompt equals the same castle from a description, but for log and initial",
          "[cli][castle]") {
  const siege::test::TempDir dir;
  const std::string built = dir.file("built.json");
  const std::string described = dir.file("described.json");
  REQUIRE(siege::test::siege({"init", built, "--name", "Newtown", "--scene-length", "week"}).status == 0);
  const auto play = siege::test::siege({"play", built},
                          "add --section gatehouse --structure castle-gate --variant portcullis\n"
                          "add --section west-wall --structure curtain-wall --hull-suffered 4\n"
                          "add --engine trebuchet --side besieger --row trebuchet --pool 4 --target west-wall\n"
                          "add --engine belfry --side besieger --row siege-tower\n"
                          "add --engine ballista --side defender --weapon ballista --target trebuchet\n"
                          "add --unit garrison --side defender --figures 30\n"
                          "add --unit castellan --side defender --hero\n"
                          "add --unit storming-party --side besieger --figures 30\n"
                          "scene --seed 11\n"
                          "note --private 'the well in the keep is poisoned'\n"
                          "add --unit mistake --side besieger --figures 3\n"
                          "undo\n"
                          "replay\n");
  INFO(play.err);
  REQUIRE(play.status == 0);
  REQUIRE(siege::test::siege({"init", described, "--from", "-"}, R"({
    "name": "Newtown", "scene_length": "week",
    "sections": [{"id": "gatehouse", "structure": "castle-gate", "variant": "portcullis"},
                 {"id": "west-wall", "structure": "curtain-wall", "hull_suffered": 4}],
    "besiegers": [{"id": "trebuchet", "engine": "trebuchet", "pool": 4, "target": "west-wall"},
                  {"id": "belfry", "engine": "siege-tower"}],
    "defenders": [{"id": "ballista", "weapon": "ballista", "target": "trebuchet"}],
    "units": [{"id": "garrison", "side": "defender", "figures": 30},
              {"id": "castellan", "side": "defender", "hero": true},
              {"id": "storming-party", "side": "besieger", "figures": 30}]})")
              .status == 0);
  REQUIRE(siege::test::siege({"--state", described, "scene", "--seed", "11"}).status == 0);
  const json a = json::parse(siege::test::slurp(built));
  const json b = json::parse(siege::test::slurp(described));
  CHECK(castle_of(a) == castle_of(b));
  CHECK(a["scene"] == 1);
  CHECK(a["initial"]["sections"].empty());  // R43: the siege as it began
  REQUIRE(a["log"].size() == 10);  // eight arrivals, the scene and the note; the undone one is gone
  CHECK(a["log"][9]["outcome"] == json({{"private", true}, {"text", "the well in the keep is poisoned"}}));
  // R44: the note is the referee's alone.
  CHECK(siege::test::siege({"--state", built, "chronicle", "--view", "players"}).out.find("poisoned") ==
        std::string::npos);
  CHECK(siege::test::siege({"--state", built, "chronicle"}).out.find("poisoned") != std::string::npos);
}
