// One refusal of the core, met through each front end: the command line
// names the option, a batch line its file, line and key, a log entry its
// state file and JSON pointer (issue 13). The reason itself is the core's.
#include <fstream>
#include <sstream>

#include <catch2/catch.hpp>

#include "support.hpp"
#include "temp_dir.hpp"

using nlohmann::json;
using siege::test::Run;
using siege::test::slurp;
using siege::test::TempDir;

namespace {

const std::string hull_over = "expected from 0 to the section's Hull 20";  // a curtain wall's Hull

// Writes `text` to `path`.
void write_text(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

}  // namespace

TEST_CASE("An input's refusal names the option on the command line", "[cli][places]") {
  const Run r = siege::test::siege({"attack", "--structure", "curtain-wall", "--weapon", "cannon", "--damage-taken", "30"});
  CHECK(r.status == 2);
  CHECK(r.err == "siege: error: --damage-taken 30: " + hull_over + "\n");
  const Run j = siege::test::siege(
      {"--json", "attack", "--structure", "curtain-wall", "--weapon", "cannon", "--damage-taken", "30"});
  CHECK(j.status == 2);
  CHECK(j.json()["error"] == json{{"code", 2},
                                  {"id", "bad-damage-taken"},
                                  {"message", "--damage-taken 30: " + hull_over},
                                  {"input", "damage-taken"}});
}

TEST_CASE("An input's refusal in batch names the file, the line and the key", "[cli][places][batch]") {
  const TempDir dir;
  const std::string in = dir.file("in.jsonl");
  write_text(in,
        R"({"action": "attack", "structure": "curtain-wall", "weapon": "cannon", "successes": 1})"
        "\n\n"
        R"({"action": "attack", "structure": "curtain-wall", "weapon": "cannon", "damage-taken": 30})"
        "\n"
        R"({"action": "attack", "structure": "curtain-wall", "weapon": "cannon", "pool": "x"})"
        "\n"
        R"({"action": "hold", "site": "breach", "figures": 5, "enemy-figures": 6, "needed": 7})"
        "\n");
  const Run r = siege::test::siege({"batch", in});
  CHECK(r.status == 2);
  std::vector<json> lines;
  std::istringstream out(r.out);
  for (std::string l; std::getline(out, l);) lines.push_back(json::parse(l));
  REQUIRE(lines.size() == 4);
  CHECK(lines[0]["line"] == 1);
  CHECK(lines[0].contains("damage"));
  // The core's refusal: the line's JSON pointer to the key, then the value.
  CHECK(lines[1]["line"] == 3);
  CHECK(lines[1]["error"]["message"] == in + ":3:/damage-taken: 30: " + hull_over);
  CHECK(lines[1]["error"]["input"] == "damage-taken");
  // The reader's refusal reads the same way, and names its input too.
  CHECK(lines[2]["error"]["message"] == in + ":4:/pool: expected an integer from 0 to 50");
  CHECK(lines[2]["error"]["input"] == "pool");
  // A missing input the command needs (its declaration): the key's pointer, then the command.
  CHECK(lines[3]["error"]["message"] ==
        in + ":5:/order: hold: missing: give good, shaken or routed (or instead --hero); needed without --state");
  CHECK(lines[3]["error"]["input"] == "order");
}

TEST_CASE("A log entry the core now refuses is named by its pointer in the state file", "[cli][places][replay]") {
  const TempDir dir;
  const std::string state = dir.file("siege.json");
  REQUIRE(siege::test::siege({"init", state, "--from", SIEGE_SOURCE_DIR + "/examples/castle-siege.json"}).status == 0);
  REQUIRE(siege::test::siege({"--state", state, "damage", "--at", "north-wall", "--hull", "5"}).status == 0);
  REQUIRE(siege::test::siege({"--state", state, "repair", "--at", "north-wall", "--hull", "3"}).status == 0);
  REQUIRE(siege::test::siege({"--state", state, "damage", "--at", "north-wall", "--hull", "1"}).status == 0);
  // A hand edit: the repair now takes away more than the damage did.
  json f = json::parse(slurp(state));
  REQUIRE(f["log"][1]["action"] == "repair");
  f["log"][1]["inputs"]["hull"] = 9;
  write_text(state, f.dump(2) + "\n");
  const std::string edited = slurp(state);
  const std::string want = state +
                           ":/log/1/inputs/hull: 9: north-wall has suffered 5 of its 20 Hull, and a repair takes "
                           "away at most what was suffered (R32) (log entry 2, repair, no longer runs)\n";
  for (const char* command : {"replay", "undo"}) {  // undo replays entries 1 and 2
    const Run r = siege::test::siege({"--state", state, command});
    INFO(command);
    CHECK(r.status == 4);
    CHECK(r.err == "siege: error: " + want);
    CHECK(slurp(state) == edited);
  }
}
