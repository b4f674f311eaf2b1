// R40 from the command line: undo --count / --to, redo, the file's redo list,
// and every refusal leaving the file as it was.
#include <sys/stat.h>

#include <fstream>

#include <catch2/catch.hpp>

#include "support.hpp"
#include "temp_dir.hpp"

using nlohmann::json;
using siege::test::Run;
using siege::test::slurp;
using siege::test::TempDir;
using siege::test::without_redo;

namespace {

// A siege of the example castle with six entries over two scenes; `states`
// holds the file before each entry and after the last (states[k]: after k).
struct Evening {
  TempDir dir;
  std::string state = dir.file("siege.json");
  std::vector<std::string> states;
  std::vector<std::string> statuses;  // `status --json` after each entry (and before any)

  Evening() {
    REQUIRE(siege::test::siege({"init", state, "--from", SIEGE_SOURCE_DIR + "/examples/castle-siege.json"}).status ==
            0);
    keep();
    play({"--seed", "5", "scene"});
    play({"--seed", "6", "attack", "--section", "east-wall", "--weapon", "trebuchet"});
    play({"note", "parley at the gate: terms refused"});
    play({"--seed", "7", "scene"});
    play({"--seed", "8", "attack", "--engine", "ram", "--successes", "3", "--boons", "2"});
    play({"--seed", "9", "check", "--difficulty", "easy"});
  }
  void keep() {
    states.push_back(bytes());
    statuses.push_back(on({"--json", "status"}).out);
  }
  void play(std::vector<std::string> args) {
    REQUIRE(on(std::move(args)).status == 0);
    keep();
  }
  [[nodiscard]] Run on(std::vector<std::string> args, const std::string& stdin_text = "") const {
    args.insert(args.begin(), {"--state", state});
    return siege::test::siege(args, stdin_text);
  }
  [[nodiscard]] std::string bytes() const { return slurp(state); }
  [[nodiscard]] json file() const { return json::parse(bytes()); }
};

// One line on stderr, `siege: error: ...`.
bool one_error_line(const Run& r) {
  return r.err.rfind("siege: error: ", 0) == 0 && r.err.find('\n') == r.err.size() - 1;
}

}  // namespace

TEST_CASE("R40: undo --count 3 then redo --count 3 gives back the file byte for byte", "[cli][undo][R40]") {
  Evening e;
  const Run undo = e.on({"undo", "--count", "3"});
  REQUIRE(undo.status == 0);
  CHECK(without_redo(e.bytes()) == e.states[3]);
  const json f = e.file();
  REQUIRE(f.contains("redo"));
  CHECK(f["redo"].size() == 3);
  CHECK(f["redo"][0]["entry"] == 4);
  CHECK(f["redo"][2]["action"] == "check");
  // The key order of the file: the redo list comes after the log, last.
  CHECK(e.bytes().find("\"redo\": [") > e.bytes().find("\"log\": ["));
  CHECK(undo.out.find("Undo      entry 4: scene (seed 7)") != std::string::npos);
  CHECK(undo.out.find("3 entries can be redone") != std::string::npos);

  const Run redo = e.on({"redo", "--count", "3"});
  REQUIRE(redo.status == 0);
  CHECK(e.bytes() == e.states[6]);
  CHECK(e.on({"replay"}).status == 0);
}

TEST_CASE("R40: redo one at a time, and undos that pile up, give back the same bytes", "[cli][undo][R40]") {
  Evening e;
  REQUIRE(e.on({"undo"}).status == 0);
  REQUIRE(e.on({"undo", "--count", "2"}).status == 0);  // the redo list: 4, 5, 6
  CHECK(without_redo(e.bytes()) == e.states[3]);
  CHECK(e.file()["redo"].size() == 3);
  for (std::size_t k = 4; k <= 6; ++k) {
    const Run r = e.on({"redo"});
    REQUIRE(r.status == 0);
    CHECK(without_redo(e.bytes()) == e.states[k]);
  }
  CHECK(e.bytes() == e.states[6]);  // an empty redo list is not written
}

TEST_CASE("R40: undo, a new entry, then redo is refused and the file is unchanged", "[cli][undo][R40]") {
  Evening e;
  REQUIRE(e.on({"undo", "--count", "2"}).status == 0);
  REQUIRE(e.on({"note", "the ram is burned"}).status == 0);  // a new entry clears what could be redone
  CHECK_FALSE(e.file().contains("redo"));
  const std::string before = e.bytes();
  const Run r = e.on({"redo"});
  CHECK(r.status == 2);
  CHECK(one_error_line(r));
  CHECK(r.err.find("nothing to redo") != std::string::npos);
  CHECK(e.bytes() == before);
  // A batch line is a new entry too.
  REQUIRE(e.on({"undo"}).status == 0);
  REQUIRE(e.file().contains("redo"));
  REQUIRE(e.on({"batch"}, R"({"action": "check", "difficulty": "easy", "seed": 3})"
                          "\n")
              .status == 0);
  CHECK_FALSE(e.file().contains("redo"));
  CHECK(e.on({"redo"}).status == 2);
}

TEST_CASE("R40: status after undo --to K matches the status printed after entry K", "[cli][undo][R40]") {
  Evening e;
  for (int k : {5, 3, 1}) {
    const Run r = e.on({"undo", "--to", std::to_string(k)});
    REQUIRE(r.status == 0);
    CHECK(e.on({"--json", "status"}).out == e.statuses[static_cast<std::size_t>(k)]);
    CHECK(without_redo(e.bytes()) == e.states[static_cast<std::size_t>(k)]);
  }
  CHECK(e.file()["redo"].size() == 5);
  REQUIRE(e.on({"undo", "--to", "0"}).status == 0);  // --to 0 takes back all
  CHECK(e.file()["log"].empty());
  CHECK(without_redo(e.bytes()) == e.states[0]);
  CHECK(e.on({"--json", "status"}).out == e.statuses[0]);
  REQUIRE(e.on({"redo", "--count", "6"}).status == 0);
  CHECK(e.bytes() == e.states[6]);
}

TEST_CASE("R40: bad undo and redo inputs exit 2 with one line and the file unchanged", "[cli][undo][R40]") {
  Evening e;
  const std::string before = e.bytes();
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases{
      {{"undo", "--count", "0"}, "--count: expected a whole number from 1 to 1000000, got '0'"},
      {{"undo", "--count", "7"}, "--count 7: the log of " + e.state + " has only 6 entries"},
      {{"undo", "--to", "7"}, "--to 7: the log of " + e.state + " has no entry 7: it has 6 entries"},
      {{"undo", "--to", "6"}, "--to 6: entry 6 is the last of the log of " + e.state + ": nothing after it to undo"},
      {{"undo", "--to", "-1"}, "--to: expected a whole number from 0 to 1000000, got '-1'"},
      {{"undo", "--count", "2", "--to", "3"}, "undo: give --count N or --to K, not both"},
      {{"redo"}, "redo: nothing to redo in " + e.state},
  };
  for (const auto& [args, message] : cases) {
    CAPTURE(args);
    const Run r = e.on(args);
    CHECK(r.status == 2);
    CHECK(one_error_line(r));
    CHECK(r.err.find(message) != std::string::npos);
    CHECK(e.bytes() == before);
  }
  REQUIRE(e.on({"undo", "--count", "2"}).status == 0);
  const std::string undone = e.bytes();
  const Run more = e.on({"redo", "--count", "3"});
  CHECK(more.status == 2);
  CHECK(more.err.find("--count 3: only 2 entries can be redone in " + e.state) != std::string::npos);
  CHECK(e.bytes() == undone);
  // An empty log.
  TempDir d;
  const std::string fresh = d.file("fresh.json");
  REQUIRE(siege::test::siege({"init", fresh, "--from", SIEGE_SOURCE_DIR + "/examples/castle-siege.json"}).status == 0);
  const Run empty = siege::test::siege({"--state", fresh, "undo", "--to", "0"});
  CHECK(empty.status == 2);
  CHECK(empty.err.find("is empty: nothing to undo") != std::string::npos);
}

TEST_CASE("R40: undo and redo are refused as batch lines, at the line", "[cli][undo][batch][R40]") {
  Evening e;
  REQUIRE(e.on({"undo"}).status == 0);
  const std::string before = e.bytes();
  const Run r = e.on({"batch"}, "{\"action\": \"redo\"}\n{\"action\": \"undo\", \"count\": 2}\n");
  CHECK(r.status == 2);
  const auto first = json::parse(r.out.substr(0, r.out.find('\n')));
  CHECK(first["line"] == 1);
  CHECK(first["error"]["message"] ==
        "<stdin>:1: redo is not a log entry (R40): it cannot be a batch line or an entry; run 'siege --state FILE "
        "redo'");
  CHECK(r.out.find("<stdin>:2: undo is not a log entry (R40)") != std::string::npos);
  CHECK(e.bytes() == before);
  // Without a state file too.
  const Run plain = siege::test::siege({"batch"}, "{\"action\": \"undo\"}\n");
  CHECK(plain.status == 2);
  CHECK(plain.out.find("undo is not a log entry (R40)") != std::string::npos);
}

TEST_CASE("R40: redo is refused with exit 4, nothing written, when an entry no longer gives its outcome",
          "[cli][undo][R40]") {
  Evening e;
  REQUIRE(e.on({"undo", "--count", "2"}).status == 0);  // entries 5 (the ram's attack) and 6
  const std::string before = e.bytes();
  // Other tables: the ram hits harder.
  TempDir d;
  REQUIRE(::mkdir(d.file("data").c_str(), 0755) == 0);
  d.write("data/weapons.json", R"([{"id": "ram", "name": "Ram", "hull_damage": 9, "pierce": 0, "mount": "heavy"}])");
  const Run r = e.on({"--data", d.file("data"), "redo"});
  CHECK(r.status == 4);
  CHECK(one_error_line(r));
  CHECK(r.err.find(e.state + ":/redo/0/outcome/") != std::string::npos);
  CHECK(e.bytes() == before);
  CHECK(e.on({"redo"}).status == 0);  // with the tables it was played with
}

TEST_CASE("R40: --dry-run undo and redo print and write nothing", "[cli][undo][R40]") {
  Evening e;
  const Run dry = e.on({"--dry-run", "--json", "undo", "--count", "2"});
  REQUIRE(dry.status == 0);
  CHECK(e.bytes() == e.states[6]);
  const json o = dry.json();
  CHECK(o["dry_run"] == true);
  CHECK(o["count"] == 2);
  CHECK(o["undone"]["entry"] == 6);
  CHECK(o["log_entries"] == 4);
  CHECK(o["redo_entries"] == 2);
  REQUIRE(e.on({"undo", "--count", "2"}).status == 0);
  const std::string undone = e.bytes();
  const Run again = e.on({"--dry-run", "--json", "redo"});
  REQUIRE(again.status == 0);
  CHECK(again.json()["redone"]["entry"] == 5);
  CHECK(again.json()["redo_entries"] == 1);
  CHECK(e.bytes() == undone);
}

TEST_CASE("R40: log shows what can be redone, replay ignores it", "[cli][undo][log][R40]") {
  Evening e;
  REQUIRE(e.on({"undo", "--count", "2"}).status == 0);
  const Run log = e.on({"log"});
  REQUIRE(log.status == 0);
  const auto at = log.out.find("Redo      2 entries can be redone ('siege redo --count 2'), until a new entry:\n");
  REQUIRE(at != std::string::npos);
  CHECK(log.out.find("   5  attack", at) != std::string::npos);
  CHECK(log.out.find("   6  check", at) != std::string::npos);
  const json lj = e.on({"--json", "log"}).json();
  CHECK(lj["entries"].size() == 4);
  CHECK(lj["redo"].size() == 2);
  CHECK(lj["redo"][1]["entry"] == 6);
  const std::string before = e.bytes();
  CHECK(e.on({"replay"}).status == 0);
  CHECK(e.on({"status"}).status == 0);
  CHECK(e.bytes() == before);  // read-only commands keep the bytes, redo list and all
}

TEST_CASE("R40: a state file's redo list is checked as the log is", "[cli][undo][R40]") {
  Evening e;
  REQUIRE(e.on({"undo", "--count", "2"}).status == 0);
  const std::string good = e.bytes();
  auto refused = [&](const std::string& text, const std::string& message) {
    std::ofstream(e.state, std::ios::binary) << text;
    const Run r = e.on({"status"});
    CHECK(r.status == 4);
    CHECK(r.err.find(message) != std::string::npos);
  };
  std::string renumbered = good;
  renumbered.replace(renumbered.find("{\"entry\":5"), 10, "{\"entry\":9");
  refused(renumbered, ":/redo/0/entry: expected an integer from 5 to 5");
  std::string unknown = good;
  unknown.replace(unknown.find("\"action\":\"check\""), 16, "\"action\":\"chek\"");
  refused(unknown, ":/redo/1/action: unknown action 'chek'");
  std::string empty = good.substr(0, good.find("\n  ],\n  \"redo\": [")) + "\n  ],\n  \"redo\": []\n}\n";
  refused(empty, ":/redo: an empty redo list is left out of the file");
}
