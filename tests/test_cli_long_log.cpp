// A long log from the command line (issue 44): a state file large enough to
// be mapped, to which a command adds one entry, keeps every byte it had and
// gains the entry's line; undo, redo and replay go on over it.
#include <catch2/catch.hpp>

#include <string>

#include "support.hpp"
#include "temp_dir.hpp"

using siege::test::Run;
using siege::test::slurp;
using siege::test::TempDir;

TEST_CASE("A command on a long log keeps the file's bytes and adds its entry's line", "[state][log]") {
  TempDir dir;
  const std::string state = dir.file("siege.json");
  REQUIRE(siege::test::siege({"init", state, "--from", SIEGE_SOURCE_DIR + "/examples/castle-siege.json"}).status == 0);
  std::string lines = "{\"action\":\"scene\"}\n";
  for (int i = 0; i < 700; ++i)
    lines += i % 2 == 0 ? "{\"action\":\"note\",\"text\":\"ruling " + std::to_string(i) + ": who holds the gate\"}\n"
                        : "{\"action\":\"check\",\"difficulty\":\"easy\"}\n";
  REQUIRE(siege::test::siege({"--state", state, "batch", "-"}, lines).status == 0);
  const std::string before = slurp(state);
  REQUIRE(before.size() > 64 * 1024);  // mapped, not read (StateFile)

  const Run note = siege::test::siege({"--state", state, "--seed", "5", "note", "--text", "the last word"});
  REQUIRE(note.status == 0);
  const std::string after = slurp(state);
  const std::string end = "\n  ]\n}\n";
  REQUIRE(before.substr(before.size() - end.size()) == end);
  const std::string kept = before.substr(0, before.size() - end.size());
  CHECK(after.substr(0, kept.size()) == kept);
  CHECK(after.substr(kept.size()) ==
        ",\n    {\"entry\":702,\"scene\":1,\"action\":\"note\",\"inputs\":{\"text\":\"the last word\"},\"seed\":5,"
        "\"outcome\":{\"text\":\"the last word\"}}" + end);

  // Undo writes the log less its last entry and the redo list; redo puts
  // it back to the same bytes; replay proves the whole log.
  REQUIRE(siege::test::siege({"--state", state, "undo"}).status == 0);
  const std::string undone = slurp(state);
  CHECK(undone.substr(0, kept.size() + 4) == kept + "\n  ]");
  CHECK(undone.find("\n  \"redo\": [\n    {\"entry\":702,") != std::string::npos);
  REQUIRE(siege::test::siege({"--state", state, "redo"}).status == 0);
  CHECK(slurp(state) == after);
  const Run replay = siege::test::siege({"--state", state, "replay"});
  CHECK(replay.status == 0);
  CHECK(replay.out.find("702 log entries") != std::string::npos);
}
