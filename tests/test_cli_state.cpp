// The state file from the command line: init, attack, scene, status, log,
// undo, replay; refusals; several processes updating one file.
#include <sys/stat.h>
#include <unistd.h>

#include <fstream>
#include <regex>

#include <catch2/catch.hpp>

#include "support.hpp"
#include "temp_dir.hpp"

using nlohmann::json;
using siege::test::Run;

using siege::test::slurp;
using siege::test::TempDir;

namespace {

// Text as printed before it was fitted to 80 columns: each newline with the
// indent after it is one space again (all the lines become one; a final
// newline stays). For finding a sentence that may have been wrapped.
std::string unwrapped(const std::string& text) {
  return std::regex_replace(text, std::regex("\n *(?=[^\n])"), " ");
}

const std::string castle_description = SIEGE_SOURCE_DIR + "/examples/castle-siege.json";

// A folder with siege.json made from the example castle.
struct Castle {
  TempDir dir;
  std::string state = dir.file("siege.json");
  std::vector<std::string> data;  // e.g. {"--data", DIR}

  explicit Castle(std::vector<std::string> data_args = {}) : data(std::move(data_args)) {
    const Run r = run({"init", state, "--from", castle_description});
    REQUIRE(r.status == 0);
  }

  // siege [--data DIR] ARGS...
  Run run(std::vector<std::string> args, const std::string& stdin_text = "") const {
    args.insert(args.begin(), data.begin(), data.end());
    return siege::test::siege(args, stdin_text);
  }
  // siege [--data DIR] --state siege.json ARGS...
  Run on(std::vector<std::string> args) const {
    args.insert(args.begin(), {"--state", state});
    return run(args);
  }
  [[nodiscard]] std::string bytes() const { return slurp(state); }
  [[nodiscard]] json file() const { return json::parse(bytes()); }
};

// --data folder whose skill die always shows one success and whose difficulty
// die is blank: net Successes = pool, no Boons. Also a wall of Hull 1000.
std::string sure_hit_data(const TempDir& dir) {
  const std::string d = dir.file("data");
  REQUIRE(::mkdir(d.c_str(), 0755) == 0);
  dir.write("data/dice.json", R"({"faces": {"skill": [["success"]], "difficulty": [[]]}})");
  dir.write("data/structures.json", R"([{"id": "test-wall", "name": "Test wall", "armor": 0, "hull": 1000}])");
  return d;
}

// A symbolic link (not followed).
bool is_link(const std::string& path) {
  struct stat st {};
  return ::lstat(path.c_str(), &st) == 0 && S_ISLNK(st.st_mode);
}

}  // namespace

TEST_CASE("init writes a state file that status shows", "[cli][state]") {
  Castle c;
  const json f = c.file();
  CHECK(f["schema"] == 1);
  CHECK(f["format"] == "siege-state");
  CHECK(f["scene"] == 0);
  CHECK(f["sections"].size() == 4);
  CHECK(f["log"] == json::array());
  const Run text = c.on({"status"});
  CHECK(text.status == 0);
  CHECK(text.out.find("castle-gate, portcullis  [....................] 0/10  intact\n") != std::string::npos);
  CHECK(text.out.find("Camp      [..........] 0/20") != std::string::npos);
  const Run j = c.on({"status", "--json"});
  REQUIRE(j.status == 0);
  CHECK(j.json()["action"] == "status");
  CHECK(j.json()["sections"][2]["hull"] == json{{"max", 10}, {"suffered", 0}});
  CHECK(j.json()["engines"][4]["hull"] == json{{"max", 12}, {"suffered", 0}});
  CHECK(j.json()["log_entries"] == 0);
}

TEST_CASE("init refuses to overwrite a file without --force, and leaves it as it was", "[cli][state]") {
  Castle c;
  c.on({"--seed", "3", "scene"});
  const std::string before = c.bytes();
  const Run r = c.run({"init", c.state, "--from", castle_description});
  CHECK(r.status == 2);
  CHECK(r.err == "siege: error: init: " + c.state + " already exists; give --force to replace it\n");
  CHECK(c.bytes() == before);
  CHECK(c.run({"init", c.state, "--from", castle_description, "--force"}).status == 0);
  CHECK(c.file()["log"].empty());
}

TEST_CASE("init --dry-run and a bad description write nothing", "[cli][state]") {
  TempDir dir;
  const std::string state = dir.file("siege.json");
  CHECK(siege::test::siege({"--dry-run", "init", state, "--from", castle_description}).status == 0);
  CHECK(dir.names().empty());
  const Run bad = siege::test::siege({"init", state, "--from", "-"}, R"({"sections":[{"id":"a","structure":"curtian-wall"}]})");
  CHECK(bad.status == 2);
  CHECK(bad.err == "siege: error: <stdin>:/sections/0/structure: unknown structure 'curtian-wall' (did you mean "
                   "curtain-wall?); see 'siege list structures'\n");
  const Run none = siege::test::siege({"init", state});
  CHECK(none.status == 2);
  CHECK(none.err.find("give --from DESCRIPTION.json") != std::string::npos);
  CHECK(dir.names().empty());
}

TEST_CASE("attack --state reads what the section suffered and logs its inputs and seed", "[cli][state]") {
  Castle c;
  const Run first = c.on({"--json", "--seed", "11", "attack", "--section", "north-wall", "--weapon", "cannon",
                          "--successes", "2"});
  REQUIRE(first.status == 0);
  const json o = first.json();
  CHECK(o["log_entry"] == 1);
  CHECK(o["section"] == "north-wall");
  CHECK(o["structure"] == "curtain-wall");
  CHECK(o["damage"] == 7);  // 6 + 2 - (4 - 2 guns - 1 Pierce)
  CHECK(o["hull"]["after"] == 7);
  // The second attack starts from 7: no --damage-taken needed.
  const Run second = c.on({"--json", "--seed", "12", "attack", "--section", "north-wall", "--weapon", "cannon",
                           "--successes", "2"});
  CHECK(second.json()["hull"]["before"] == 7);
  CHECK(second.json()["hull"]["after"] == 14);
  CHECK(second.json()["state"]["after"] == "cracked");
  const json f = c.file();
  CHECK(f["sections"][0]["hull_suffered"] == 14);
  CHECK(f["sections"][0]["state"] == "cracked");
  CHECK(f["initial"]["sections"][0]["hull_suffered"] == 0);
  REQUIRE(f["log"].size() == 2);
  CHECK(f["log"][0] == json{{"entry", 1},
                            {"scene", 0},  // R30: before the first scene
                            {"action", "attack"},
                            {"inputs", {{"section", "north-wall"}, {"weapon", "cannon"}, {"successes", 2}}},
                            {"seed", 11},
                            {"outcome",
                             {{"section", "north-wall"},
                              {"hit", true},
                              {"damage", 7},
                              {"hull", {{"before", 0}, {"after", 7}}},
                              {"state", {{"before", "intact"}, {"after", "intact"}}}}}});
}

TEST_CASE("attack --engine fires the engine's weapon with its crew at its target", "[cli][state]") {
  TempDir dir;
  Castle c({"--data", sure_hit_data(dir)});
  const Run r = c.on({"--json", "attack", "--engine", "great-bombard"});
  REQUIRE(r.status == 0);
  CHECK(r.json()["section"] == "north-wall");
  CHECK(r.json()["weapon"] == "bombard");
  CHECK(r.json()["check"]["successes"] == 4);  // the crew pool of 4
  CHECK(r.json()["damage"] == 10);
  CHECK(c.file()["log"][0]["inputs"] == json{{"engine", "great-bombard"}});
  const Run defender = c.on({"attack", "--engine", "wall-mangonel"});
  CHECK(defender.status == 2);
  CHECK(defender.err == "siege: error: --engine wall-mangonel: it is a defender engine; its attacks are "
                        "played in 'siege scene'\n");
  CHECK(c.on({"attack", "--engine", "belfry"}).status == 2);
  const Run both = c.on({"attack", "--engine", "ram", "--section", "north-wall"});
  CHECK(both.err == "siege: error: attack: --section: leave it out: --engine ram attacks its own target (gatehouse)\n");
}

TEST_CASE("Attack refuses --section without --state, and --structure with it", "[cli][state][errors]") {
  Castle c;
  const std::string before = c.bytes();
  const Run no_state = siege::test::siege({"attack", "--section", "north-wall", "--weapon", "cannon"});
  CHECK(no_state.status == 2);
  CHECK(no_state.err == "siege: error: attack: --section: needs --state FILE (a siege made with 'siege init'); "
                        "without one give --structure ID\n");
  const Run structure = c.on({"attack", "--structure", "curtain-wall", "--weapon", "cannon"});
  CHECK(structure.status == 2);
  CHECK(structure.err ==
        "siege: error: attack: --structure: goes without --state; with a state file give --section ID\n");
  CHECK(c.on({"attack", "--section", "north-wall", "--weapon", "cannon", "--damage-taken", "3"}).status == 2);
  CHECK(c.on({"attack", "--section", "gatehouse", "--weapon", "cannon", "--portcullis"}).status == 2);
  CHECK(c.on({"attack", "--section", "gatehouse", "--weapon", "cannon", "--ladder", "steps"}).status == 2);
  const Run unknown = c.on({"attack", "--section", "nort-wall", "--weapon", "cannon"});
  CHECK(unknown.status == 2);
  CHECK(unknown.err == "siege: error: attack: unknown section 'nort-wall' (did you mean north-wall or east-wall?); "
                       "see 'siege status'\n");
  const Run personal = c.on({"attack", "--section", "north-wall", "--weapon", "musket"});
  CHECK(personal.status == 2);  // R7: nothing is logged
  CHECK(c.bytes() == before);
  for (const char* cmd : {"scene", "status", "log", "undo", "replay"}) {
    const Run r = siege::test::siege({cmd});
    CHECK(r.status == 2);
    CHECK(r.err == std::string("siege: error: ") + cmd + ": needs --state FILE (a siege made with 'siege init')\n");
  }
}

TEST_CASE("A dry run resolves and prints but changes nothing, byte for byte", "[cli][state]") {
  Castle c;
  c.on({"--seed", "1", "scene"});
  const std::string before = c.bytes();
  const Run dry = c.on({"--dry-run", "--json", "--seed", "2", "scene"});
  REQUIRE(dry.status == 0);
  CHECK(dry.json()["dry_run"] == true);
  CHECK(dry.json()["log_entry"] == 2);
  CHECK(c.bytes() == before);
  const Run dry_attack = c.on({"--dry-run", "attack", "--section", "east-wall", "--weapon", "bombard"});
  CHECK(dry_attack.status == 0);
  CHECK(dry_attack.out.find("Dry run   log entry 2 not written (--dry-run)") != std::string::npos);
  CHECK(c.bytes() == before);
  CHECK(c.on({"--dry-run", "undo"}).status == 0);
  CHECK(c.bytes() == before);
  // The dry run showed exactly what the real run then does.
  const Run real = c.on({"--json", "--seed", "2", "scene"});
  json a = dry.json(), b = real.json();
  a.erase("dry_run");
  b.erase("dry_run");
  CHECK(a == b);
  CHECK(c.bytes() != before);
}

TEST_CASE("E1-E3: scenes with sure hits give the exact figures, then breaches and a knocked-out engine",
          "[cli][state][scene]") {
  TempDir dir;
  Castle c({"--data", sure_hit_data(dir)});
  const Run one = c.on({"--seed", "1", "scene"});
  REQUIRE(one.status == 0);
  CHECK(one.out.find("Scene     1 of a siege in an evening (one week), seed 1\n") == 0);
  CHECK(unwrapped(one.out).find(
            "great-bombard  -> north-wall   4 net Successes, 0 net Boons: 10 damage, Hull 0 -> 10 of 20, "
            "intact -> cracked") != std::string::npos);
  CHECK(unwrapped(one.out).find(
            "Now play one scene of the characters' own: a sortie, a night climb, a countermine or a "
            "parley.") != std::string::npos);
  const Run two = c.on({"--json", "--seed", "2", "scene"});
  REQUIRE(two.status == 0);
  const json o = two.json();
  CHECK(o["log_entry"] == 2);
  CHECK(o["breached"] == json{"north-wall", "gatehouse"});
  CHECK(o["knocked_out"] == json{"trebuchet"});
  CHECK(std::find(o["notes"].begin(), o["notes"].end(), "gatehouse is breached: play the assault.") !=
        o["notes"].end());
  const json f = c.file();
  CHECK(f["scene"] == 2);
  CHECK(f["engines"][2]["knocked_out"] == true);
  CHECK(f["engines"][2]["hull_suffered"] == 10);
  CHECK(f["camp"]["hull_suffered"] == 10);
  CHECK(f["log"][1]["action"] == "scene");
  CHECK(f["log"][1]["inputs"] == json::object());
  CHECK(f["log"][1]["seed"] == 2);
  CHECK(f["log"][1]["outcome"]["attacks"][0] ==
        json{{"engine", "great-bombard"},
             {"target", "north-wall"},
             {"seed", o["attacks"][0]["seed"]},
             {"hit", true},
             {"damage", 11},
             {"hull", {{"before", 19}, {"after", 20}}},
             {"state", {{"before", "cracked"}, {"after", "breached"}}}});
  const Run status = c.on({"status"});
  CHECK(status.out.find("Breaches  north-wall, gatehouse: play the assault\n") != std::string::npos);
  CHECK(status.out.find("KNOCKED OUT") != std::string::npos);
}

TEST_CASE("E4: the fifth scene warns that the evening was meant to end", "[cli][state][scene]") {
  Castle c;
  for (int i = 1; i <= 4; ++i) {
    const Run r = c.on({"--seed", std::to_string(i), "scene"});
    REQUIRE(r.status == 0);
    CHECK(r.out.find("three or four scenes") == std::string::npos);
  }
  const Run five = c.on({"--seed", "5", "scene"});
  CHECK(five.status == 0);
  CHECK(unwrapped(five.out).find(
            "This is scene 5: a siege in an evening was meant to end after three or four scenes.") !=
        std::string::npos);
}

TEST_CASE("A seeded scene is reproducible, and the log keeps every attack's seed", "[cli][state][scene]") {
  Castle a, b;
  a.on({"--seed", "77", "scene"});
  b.on({"--seed", "77", "scene"});
  CHECK(a.bytes() == b.bytes());
  // One attack of the scene re-rolled with `siege attack` and its seed.
  const json scene = a.file()["log"][0]["outcome"];
  const json bombard = scene["attacks"][0];
  const Run again = siege::test::siege({"--json", "--seed", bombard["seed"].dump(), "attack", "--structure", "curtain-wall",
                           "--weapon", "bombard", "--pool", "4"});
  CHECK(again.json()["damage"] == bombard["damage"]);
}

TEST_CASE("undo gives back the file as it was before the last entry, byte for byte", "[cli][state][undo]") {
  Castle c;
  std::vector<std::string> states{c.bytes()};
  c.on({"--seed", "5", "scene"});
  states.push_back(c.bytes());
  c.on({"--seed", "6", "attack", "--section", "east-wall", "--weapon", "trebuchet"});
  states.push_back(c.bytes());
  c.on({"--seed", "7", "scene"});
  states.push_back(c.bytes());
  c.on({"--seed", "8", "attack", "--engine", "ram", "--successes", "3", "--boons", "2"});
  for (std::size_t n = states.size(); n-- > 0;) {
    const Run r = c.on({"undo"});
    REQUIRE(r.status == 0);
    CHECK(siege::test::without_redo(c.bytes()) == states[n]);  // R40: with what undo took back kept to redo
  }
  const std::string undone = c.bytes();
  const Run empty = c.on({"undo"});
  CHECK(empty.status == 2);
  CHECK(empty.err.find("is empty: nothing to undo") != std::string::npos);
  CHECK(c.bytes() == undone);
  CHECK(siege::test::without_redo(undone) == states[0]);
}

TEST_CASE("replay recomputes the siege from the log and finds it matches", "[cli][state][replay]") {
  Castle c;
  c.on({"--seed", "21", "scene"});
  c.on({"--seed", "22", "attack", "--section", "river-tower", "--weapon", "naval-gun"});
  c.on({"--seed", "23", "scene"});
  const Run r = c.on({"replay"});
  CHECK(r.status == 0);
  CHECK(unwrapped(r.out) ==
        "replay matches: 3 log entries replayed from the initial state give " + c.state + "\n");
  const Run j = c.on({"--json", "replay"});
  CHECK(j.json()["matches"] == true);
  CHECK(j.json()["log_entries"] == 3);
}

TEST_CASE("replay finds a state that does not follow from its log, and names the place", "[cli][state][replay]") {
  Castle c;
  c.on({"--seed", "31", "attack", "--section", "north-wall", "--weapon", "cannon", "--successes", "1"});
  std::string text = c.bytes();
  // The wall as if it had suffered 8, consistently enough to load.
  const std::string from = "\"hull_suffered\":6,\"state\":\"intact\"";
  REQUIRE(text.find(from) != std::string::npos);
  text.replace(text.find(from), from.size(), "\"hull_suffered\":8,\"state\":\"intact\"");
  std::ofstream(c.state, std::ios::binary) << text;
  const Run r = c.on({"replay"});
  CHECK(r.status == 4);
  CHECK(r.err == "siege: error: " + c.state + ":/sections/0/hull_suffered: the file has 8, replaying gives 6\n");
  CHECK(c.bytes() == text);

  // A logged outcome that the inputs and seed do not give.
  const std::string damage = "\"damage\":6";
  std::string forged = text;
  forged.replace(forged.find(damage), damage.size(), "\"damage\":9");
  std::ofstream(c.state, std::ios::binary) << forged;
  const Run f = c.on({"replay"});
  CHECK(f.status == 4);
  CHECK(f.err.find(c.state + ":/log/0/outcome/damage: the file has 9, replaying gives 6 (log entry 1, attack") !=
        std::string::npos);
  CHECK(c.on({"undo"}).status == 0);  // undo replays nothing here: the one entry goes
}

TEST_CASE("A logged input the command does not know is refused with its place", "[cli][state][replay]") {
  Castle c;
  c.on({"--seed", "1", "attack", "--section", "north-wall", "--weapon", "cannon"});
  c.on({"--seed", "2", "scene"});
  std::string text = c.bytes();
  const std::string inputs = "\"weapon\":\"cannon\"}";
  text.replace(text.find(inputs), inputs.size(), "\"weapon\":\"cannon\",\"sucesses\":1}");
  std::ofstream(c.state, std::ios::binary) << text;
  const Run r = c.on({"undo"});
  CHECK(r.status == 4);
  CHECK(r.err == "siege: error: " + c.state +
                     ":/log/0/inputs/sucesses: unknown key 'sucesses' (did you mean successes?) (keys are the "
                     "command's option names without --)\n");
  CHECK(c.bytes() == text);
}

TEST_CASE("A corrupt, truncated or foreign state file is refused with exit 4 and left as it was",
          "[cli][state][errors]") {
  Castle c;
  c.on({"--seed", "1", "scene"});
  const std::string good = c.bytes();
  const std::vector<std::pair<std::string, std::string>> cases{
      {"truncated", good.substr(0, good.size() / 3)},
      {"a weapons table", slurp(SIEGE_SOURCE_DIR + "/data/weapons.json")},
      {"schema 2", [&] {
         std::string s = good;
         return s.replace(s.find("\"schema\": 1"), 11, "\"schema\": 2");
       }()},
      {"an unknown action", [&] {
         std::string s = good;
         return s.replace(s.find("\"action\":\"scene\""), 16, "\"action\":\"scene-x\"");
       }()},
      {"empty", ""},
      {"binary", std::string("\x7f" "ELF\0\0", 6)},
  };
  for (const auto& [what, text] : cases) {
    INFO(what);
    std::ofstream(c.state, std::ios::binary | std::ios::trunc) << text;
    for (const std::vector<std::string>& cmd :
         {std::vector<std::string>{"attack", "--section", "north-wall", "--weapon", "cannon"},
          std::vector<std::string>{"scene"}, std::vector<std::string>{"undo"}, std::vector<std::string>{"status"},
          std::vector<std::string>{"log"}, std::vector<std::string>{"replay"}}) {
      const Run r = c.on(cmd);
      CHECK(r.status == 4);
      CHECK(r.err.rfind("siege: error: " + c.state + ":", 0) == 0);
      CHECK(slurp(c.state) == text);
    }
  }
  CHECK(c.dir.names() == std::vector<std::string>{"siege.json"});
}

TEST_CASE("A state error with --json is also a JSON object on stdout", "[cli][state][errors]") {
  Castle c;
  std::ofstream(c.state, std::ios::binary | std::ios::trunc) << "{";
  const Run r = c.on({"--json", "status"});
  CHECK(r.status == 4);
  CHECK(r.json()["error"]["code"] == 4);
  CHECK(r.json()["error"]["message"].get<std::string>().rfind(c.state + ":1:", 0) == 0);
}

TEST_CASE("A missing state file is exit 4 and suggests siege init", "[cli][state][errors]") {
  TempDir dir;
  const Run r = siege::test::siege({"--state", dir.file("none.json"), "scene"});
  CHECK(r.status == 4);
  CHECK(r.err == "siege: error: " + dir.file("none.json") +
                     ": no such state file; make one with: siege init " + dir.file("none.json") +
                     " --from DESCRIPTION.json\n");
  CHECK(dir.names().empty());
}

TEST_CASE("A missing state file named as a lock file is refused by its name, not sent to init", "[cli][state][errors]") {
  TempDir dir;
  for (const std::string command : {"status", "scene", "log"}) {
    const Run r = siege::test::siege({"--state", dir.file("p.json.lock"), command});
    INFO(command);
    CHECK(r.status == 2);
    CHECK(r.err.find("form of the lock file") != std::string::npos);
    CHECK(r.err.find("siege init") == std::string::npos);  // init would refuse the name too
  }
  CHECK(dir.names().empty());
}

TEST_CASE("log lists every entry with its options, seed and outcome", "[cli][state][log]") {
  Castle c;
  c.on({"--seed", "41", "attack", "--section", "north-wall", "--weapon", "cannon", "--successes", "2"});
  c.on({"--seed", "42", "scene"});
  const Run r = c.on({"log"});
  REQUIRE(r.status == 0);
  // Under scene headings, each entry's options in the order attack declares them.
  CHECK(r.out.find("Before the first scene\n"
                   "   1  attack  --weapon cannon --successes 2 --section north-wall  seed 41\n"
                   "      north-wall: 7 damage, Hull 0 -> 7, intact -> intact\n"
                   "Scene 1\n") == 0);
  CHECK(r.out.find("   2  scene   seed 42\n      scene 1: ") != std::string::npos);
  const Run j = c.on({"--json", "log"});
  CHECK(j.json()["entries"].size() == 2);
  CHECK(j.json()["entries"][1]["seed"] == 42);
}

TEST_CASE("Four processes of 25 attacks each on one file lose no update, each through its own path to it",
          "[cli][state][concurrency][links]") {
  TempDir dir;
  TempDir other;
  const std::string data = sure_hit_data(dir);
  const std::string description = dir.write("wall.json", R"({"sections": [{"id": "big", "structure": "test-wall"}]})");
  const std::string state = dir.file("siege.json");
  REQUIRE(siege::test::siege({"--data", data, "init", state, "--from", description}).status == 0);
  // The file's own path, a link beside it, a link to it from another folder,
  // and a link to that link: one siege, so one lock.
  const std::string link = dir.file("link.json");
  const std::string far = other.file("far.json");
  const std::string chain = other.file("chain.json");
  REQUIRE(::symlink("siege.json", link.c_str()) == 0);
  REQUIRE(::symlink(state.c_str(), far.c_str()) == 0);
  REQUIRE(::symlink("far.json", chain.c_str()) == 0);
  // Each attack: Hull damage 0 + 1 Success - Armor 0 = 1.
  std::string script;
  for (const auto& path : {state, link, far, chain}) {
    const std::string one = std::string(SIEGE_BINARY) + " --data '" + data + "' --state '" + path +
                            "' attack --section big --hull-damage 0 --successes 1 >/dev/null || echo failed";
    script += "( for i in $(seq 25); do " + one + "; done ) & ";
  }
  script += "wait";
  const std::string failures = dir.file("failures.txt");
  REQUIRE(std::system(("sh -c " + siege::test::shell_quote(script) + " >'" + failures + "' 2>&1").c_str()) == 0);
  CHECK(slurp(failures).empty());
  std::remove(failures.c_str());
  const json f = json::parse(slurp(state));
  CHECK(f["sections"][0]["hull_suffered"] == 100);
  CHECK(f["log"].size() == 100);
  for (std::size_t i = 0; i < f["log"].size(); ++i) CHECK(f["log"][i]["entry"] == i + 1);
  for (const auto& path : {link, far, chain}) CHECK(is_link(path));
  CHECK(dir.names() == std::vector<std::string>{"data", "link.json", "siege.json", "wall.json"});
  CHECK(other.names() == std::vector<std::string>{"chain.json", "far.json"});
  CHECK(siege::test::siege({"--data", data, "--state", chain, "replay"}).status == 0);
}

TEST_CASE("E3: an attack that breaches a section says to play the assault", "[cli][state][E3]") {
  Castle c;
  // Naval gun on the gate with its portcullis: 10 + 5 - (3 - 2 Pierce) = 14 of 10.
  const Run r = c.on({"--json", "attack", "--section", "gatehouse", "--weapon", "naval-gun", "--successes", "5"});
  REQUIRE(r.status == 0);
  const json o = r.json();
  CHECK(o["state"]["after"] == "breached");
  CHECK(std::find(o["rules"].begin(), o["rules"].end(), "play-the-assault") != o["rules"].end());
  CHECK(o["notes"].back() == "gatehouse is breached: play the assault.");
  CHECK(c.file()["sections"][2]["state"] == "breached");
}

// ------------------------------------------- links, special files and limits

namespace {

// siege ARGS under `timeout 20`: a command that blocks shows as exit 124.
Run within_time(const std::vector<std::string>& args) { return siege::test::siege(args, "", "timeout 20"); }

// A description of `sections` curtain walls and as many cannons and
// ballistas; every id is 64 characters long (the longest an id may be), so
// the state file is as large as these counts make it.
std::string description_of(std::size_t sections, std::size_t besiegers, std::size_t defenders) {
  auto id = [](char kind, std::size_t i) {
    std::string s = std::string(1, kind) + "-" + std::to_string(i) + "-";
    return s + std::string(64 - s.size(), 'x');
  };
  json d{{"sections", json::array()}, {"besiegers", json::array()}, {"defenders", json::array()}};
  for (std::size_t i = 0; i < sections; ++i) d["sections"].push_back({{"id", id('s', i)}, {"structure", "curtain-wall"}});
  for (std::size_t i = 0; i < besiegers; ++i)
    d["besiegers"].push_back({{"id", id('b', i)}, {"weapon", "cannon"}, {"target", id('s', i % sections)}});
  for (std::size_t i = 0; i < defenders; ++i)
    d["defenders"].push_back({{"id", id('d', i)}, {"weapon", "ballista"}, {"target", "camp"}});
  return d.dump();
}

}  // namespace

TEST_CASE("An update through a symbolic link changes the file it leads to, and the link stays a link",
          "[cli][state][links]") {
  Castle c;
  const std::string link = c.dir.file("link.json");
  REQUIRE(::symlink("siege.json", link.c_str()) == 0);  // relative to its own folder
  TempDir other;
  const std::string far = other.file("far.json");
  REQUIRE(::symlink(link.c_str(), far.c_str()) == 0);  // a link to the link, from another folder
  const std::vector<std::string> miss{"attack", "--section", "north-wall", "--hull-damage", "0", "--successes", "0"};
  auto through = [&](const std::string& path, std::vector<std::string> args) {
    args.insert(args.begin(), {"--state", path});
    const Run r = siege::test::siege(args);
    INFO("through " << path << ": " << r.err);
    CHECK(r.status == 0);
  };
  through(far, miss);
  through(link, miss);
  CHECK(is_link(link));
  CHECK(is_link(far));
  CHECK(c.file()["log"].size() == 2);
  through(far, {"undo"});
  CHECK(c.file()["log"].size() == 1);
  CHECK(is_link(far));
  // init --force through the links replaces the siege they lead to.
  through(far, {"init", far, "--from", castle_description, "--force"});
  CHECK(c.file()["log"].empty());
  CHECK(is_link(link));
  CHECK(is_link(far));
  // No lock, temp or copy beside either link.
  CHECK(c.dir.names() == std::vector<std::string>{"link.json", "siege.json"});
  CHECK(other.names() == std::vector<std::string>{"far.json"});
}

TEST_CASE("init through a link to a file not there yet makes that file", "[cli][state][links]") {
  TempDir dir;
  const std::string link = dir.file("siege.json");
  REQUIRE(::symlink("real.json", link.c_str()) == 0);
  const Run r = siege::test::siege({"init", link, "--from", castle_description});
  REQUIRE(r.status == 0);
  CHECK(is_link(link));
  CHECK(json::parse(slurp(dir.file("real.json")))["format"] == "siege-state");
  CHECK(dir.names() == std::vector<std::string>{"real.json", "siege.json"});
}

TEST_CASE("A FIFO, a folder or a device as the state file is refused at once, leaving no lock",
          "[cli][state][errors]") {
  TempDir dir;
  const std::string fifo = dir.file("fifo.json");
  REQUIRE(::mkfifo(fifo.c_str(), 0644) == 0);
  const std::string folder = dir.file("folder.json");
  REQUIRE(::mkdir(folder.c_str(), 0755) == 0);
  const std::vector<std::pair<std::string, std::string>> cases{
      {fifo, "a FIFO"}, {folder, "a folder"}, {"/dev/zero", "a character device"}};
  for (const auto& [path, kind] : cases) {
    for (const auto& args : std::vector<std::vector<std::string>>{
             {"--state", path, "status"},
             {"--state", path, "attack", "--section", "north-wall", "--successes", "1"},
             {"--state", path, "--seed", "1", "scene"},
             {"--state", path, "undo"},
             {"init", path, "--from", castle_description, "--force"}}) {
      if (path == "/dev/zero" && args[2] != "status") continue;  // no /dev/zero.lock: only read it
      const Run r = within_time(args);
      INFO(path << " " << args[2] << ": exit " << r.status << ": " << r.err);
      CHECK(r.status == 4);
      CHECK(r.err == "siege: error: " + path + ": " + kind +
                         ", not a regular file; a state file is the file 'siege init' writes\n");
    }
  }
  CHECK(dir.names() == std::vector<std::string>{"fifo.json", "folder.json"});
}

TEST_CASE("A state file past the 16 MiB limit is refused before it is read", "[cli][state][errors][limits]") {
  TempDir dir;
  const std::string path = dir.file("huge.json");
  {
    std::ofstream(path, std::ios::binary) << "{";
  }
  REQUIRE(::truncate(path.c_str(), 1L << 30) == 0);  // 1 GiB, sparse
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"--state", path, "status"}, {"--state", path, "attack", "--section", "north-wall", "--successes", "1"}}) {
    const Run r = within_time(args);
    INFO(args[2] << ": " << r.err);
    CHECK(r.status == 4);
    CHECK(r.err == "siege: error: " + path +
                       ": 1073741824 bytes, past the 16 MiB limit of a state file (16777216 bytes); siege never "
                       "writes one that large\n");
  }
  struct stat st {};
  REQUIRE(::stat(path.c_str(), &st) == 0);
  CHECK(st.st_size == 1L << 30);
  CHECK(dir.names() == std::vector<std::string>{"huge.json"});
}

TEST_CASE("init refuses more sections or engines than a siege may have, naming the JSON pointer",
          "[cli][state][limits]") {
  TempDir dir;
  const std::string state = dir.file("siege.json");
  struct Case {
    std::size_t sections, besiegers, defenders;
    std::string message;  // after "FILE:"
  };
  for (const Case& k : std::vector<Case>{
           {1001, 0, 0, "/sections: 1001 sections; a siege has at most 1000"},
           {1, 1001, 0, "/besiegers: 1001 engines in \"besiegers\" and \"defenders\" together; a siege has at most 1000"},
           {1, 600, 401, "/defenders: 1001 engines in \"besiegers\" and \"defenders\" together; a siege has at most 1000"},
       }) {
    const std::string from = dir.write("big.json", description_of(k.sections, k.besiegers, k.defenders));
    const Run r = siege::test::siege({"init", state, "--from", from});
    INFO(r.err);
    CHECK(r.status == 2);
    CHECK(r.err == "siege: error: " + from + ":" + k.message + "\n");
    CHECK(dir.names() == std::vector<std::string>{"big.json"});
  }
  // At the limits, with the longest ids, init writes a file far inside 16 MiB.
  const std::string from = dir.write("big.json", description_of(1000, 500, 500));
  const Run r = siege::test::siege({"init", state, "--from", from});
  REQUIRE(r.status == 0);
  const std::string text = slurp(state);
  CHECK(text.size() < 2'000'000);
  WARN("a state file of 1000 sections and 1000 engines, 64-character ids: " << text.size() << " bytes");
  CHECK(siege::test::siege({"--state", state, "--seed", "1", "scene"}).status == 0);
}

TEST_CASE("The scene that would pass the scene counter's maximum is refused, and the file stays readable",
          "[cli][state][limits]") {
  Castle c;
  std::string text = c.bytes();
  const std::string at_zero = "  \"scene\": 0,\n";
  REQUIRE(text.find(at_zero) != std::string::npos);
  text.replace(text.find(at_zero), at_zero.size(), "  \"scene\": 1000000,\n");
  std::ofstream(c.state, std::ios::binary | std::ios::trunc) << text;
  REQUIRE(c.on({"status"}).status == 0);
  for (const auto& args : std::vector<std::vector<std::string>>{{"--seed", "1", "scene"},
                                                                {"--dry-run", "--seed", "1", "scene"}}) {
    const Run r = c.on(args);
    INFO(r.err);
    CHECK(r.status == 4);
    CHECK(r.err == "siege: error: " + c.state + ": scene 1000001 would pass the most scenes a state file counts (" +
                       "1000000); " + c.state + " is left as it was\n");
  }
  // A batch holds each line to the same check, at its line.
  const Run b = c.run({"--state", c.state, "batch"}, "{\"action\": \"scene\", \"seed\": 1}\n");
  CHECK(b.status == 4);
  CHECK(nlohmann::json::parse(b.out)["line"] == 1);
  CHECK(nlohmann::json::parse(b.out)["error"]["message"] ==
        "<stdin>:1: " + c.state + ": scene 1000001 would pass the most scenes a state file counts (1000000); the "
                                  "line is not applied");
  CHECK(c.bytes() == text);
  CHECK(c.on({"status"}).status == 0);
  // Other updates go on: only the scene counter is at its end.
  CHECK(c.on({"attack", "--section", "north-wall", "--hull-damage", "0", "--successes", "0"}).status == 0);
  CHECK(c.dir.names() == std::vector<std::string>{"siege.json"});
}

TEST_CASE("An update that would grow the file past 16 MiB is refused, and the file still reads",
          "[cli][state][limits]") {
  Castle c;
  const std::vector<std::string> miss{"--seed", "1", "attack", "--section", "north-wall", "--hull-damage", "0",
                                      "--successes", "0"};
  REQUIRE(c.on(miss).status == 0);
  // Copies of that entry (the same seed and outcome, so the log replays)
  // until one more would pass the limit; each adds its line and ",\n    ".
  const siege::detail::JsonSource src{c.state, siege::ErrorKind::state};
  siege::SiegeState st = siege::read_state(c.bytes(), src, siege::test::tables());
  const siege::LogEntry first = st.log[0];
  std::string one;
  {
    siege::detail::JsonWriter w(one);
    siege::detail::write_log_entry(w, first);  // entry 1: one digit
  }
  auto line_of = [&](int entry) { return one.size() + 6 + std::to_string(entry).size() - 1; };
  std::size_t size = c.bytes().size();
  while (size + line_of(static_cast<int>(st.log.size()) + 1) <= siege::max_state_bytes) {
    size += line_of(static_cast<int>(st.log.size()) + 1);
    st.log.push_back(first);
    st.log.edit(st.log.size() - 1).entry = static_cast<int>(st.log.size());
  }
  const std::string full = siege::write_state(st);
  REQUIRE(full.size() == size);
  std::ofstream(c.state, std::ios::binary | std::ios::trunc) << full;
  // One more entry would pass the limit.
  const std::string too_large = "siege: error: " + c.state +
                                ": the siege would grow past the 16 MiB limit of a state file (" +
                                std::to_string(size + line_of(static_cast<int>(st.log.size()) + 1)) +
                                " bytes, the limit 16777216); " + c.state +
                                " is left as it was; to go on, start a new siege with 'siege init'\n";
  const Run r = c.on(miss);
  CHECK(r.status == 4);
  CHECK(r.err == too_large);
  CHECK(c.bytes() == full);
  CHECK(c.dir.names() == std::vector<std::string>{"siege.json"});
  CHECK(c.on({"status"}).status == 0);
}

TEST_CASE("A global flag's spelling given as an option's value is that value, not the flag", "[cli][state][usage]") {
  Castle c;
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases{
      {{"note", "--", "--json"}, "--json"},
      {{"note", "--text", "--json"}, "--json"},
      {{"note", "--text", "--dry-run"}, "--dry-run"},
      {{"damage", "--at", "north-wall", "--hull", "1", "--cause", "--json"}, "--json"},
  };
  for (const auto& [args, value] : cases) {
    INFO(args.front() << " ... " << value);
    const Run r = c.on(args);
    CHECK(r.status == 0);
    CHECK(r.out.rfind('{', 0) == std::string::npos);  // text, not JSON
    const auto last = json::parse(c.bytes())["log"].back()["inputs"];
    CHECK((last.contains("text") ? last["text"] : last["cause"]) == value);
  }
  // The same at the prompt.
  const Run p = c.run({"play", c.state}, "note -- --json\n");
  CHECK(p.status == 0);
  CHECK(p.out.rfind('{', 0) == std::string::npos);
  CHECK(json::parse(c.bytes())["log"].back()["inputs"]["text"] == "--json");
  // An option's own sibling is not taken as its value.
  const Run s = c.on({"split", "--unit", "garrison", "--into", "--figures", "3"});
  CHECK(s.status == 2);
  CHECK(s.err == "siege: error: split: --into needs one value (NEW) after it\n");
}
