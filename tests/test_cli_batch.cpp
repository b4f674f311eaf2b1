// `siege batch`: JSON Lines in, JSON Lines out.
#include <catch2/catch.hpp>

#include <sstream>

#include "support.hpp"
#include "temp_dir.hpp"

namespace {

siege::test::Run run(const std::vector<std::string>& args, const std::string& in = "") {
  return siege::test::siege(args, in);
}

std::vector<nlohmann::json> lines_of(const std::string& out) {
  std::vector<nlohmann::json> v;
  std::istringstream in(out);
  for (std::string l; std::getline(in, l);) v.push_back(nlohmann::json::parse(l));
  return v;
}

}  // namespace

TEST_CASE("batch prints one outcome per line, in order, with its line number", "[cli][batch]") {
  const auto r = run({"batch"},
                     "{\"action\": \"attack\", \"structure\": \"curtain-wall\", \"weapon\": \"cannon\", \"successes\": 2}\n"
                     "\n"
                     "{\"action\": \"check\", \"difficulty\": \"hard\", \"pool\": 4}\r\n"
                     "   \n"
                     "{\"action\": \"attack\", \"structure\": \"castle-gate\", \"portcullis\": true, \"weapon\": \"ram\", "
                     "\"successes\": 2}\r\n");
  REQUIRE(r.status == 0);
  const auto v = lines_of(r.out);
  REQUIRE(v.size() == 3u);
  CHECK(v[0]["line"] == 1);
  CHECK(v[0]["damage"] == 7);
  CHECK(v[1]["line"] == 3);
  CHECK(v[1]["action"] == "check");
  CHECK(v[2]["line"] == 5);
  CHECK(v[2]["hull"]["max"] == 10);
  CHECK(v[2]["damage"] == 4);
}

TEST_CASE("A batch line gives the same JSON as the single command with its seed", "[cli][batch]") {
  const auto b = run({"batch", "--seed", "11"},
                     "{\"action\": \"attack\", \"structure\": \"tower\", \"weapon\": \"bombard\"}\n");
  REQUIRE(b.status == 0);
  auto line = lines_of(b.out).at(0);
  const auto seed = line["seed"].get<std::uint64_t>();
  const auto single = run({"attack", "--structure", "tower", "--weapon", "bombard", "--seed", std::to_string(seed), "--json"});
  REQUIRE(single.status == 0);
  line.erase("line");
  CHECK(line == single.json());
  // The same batch seed gives the same lines; a "seed" key pins one line.
  CHECK(run({"batch", "--seed", "11"}, "{\"action\": \"attack\", \"structure\": \"tower\", \"weapon\": \"bombard\"}\n").out ==
        b.out);
  const auto pinned = run({"batch"}, "{\"action\": \"attack\", \"structure\": \"tower\", \"weapon\": \"bombard\", \"seed\": " +
                                         std::to_string(seed) + "}\n");
  CHECK(lines_of(pinned.out).at(0)["check"] == single.json()["check"]);
}

TEST_CASE("A bad line gives an error object for that line and the batch goes on", "[cli][batch][errors]") {
  const auto r = run({"batch"},
                     "{\"action\": \"attack\", \"structure\": \"curtian-wall\", \"weapon\": \"cannon\"}\n"
                     "{bad json\n"
                     "[1, 2]\n"
                     "{\"structure\": \"curtain-wall\"}\n"
                     "{\"action\": \"atack\"}\n"
                     "{\"action\": \"attack\", \"structure\": \"curtain-wall\", \"weapon\": \"cannon\", \"successes\": 2.5}\n"
                     "{\"action\": \"attack\", \"structure\": \"curtain-wall\", \"weapon\": \"cannon\", \"sucesses\": 2}\n"
                     "{\"action\": \"attack\", \"structure\": \"curtain-wall\", \"weapon\": \"cannon\", \"successes\": 1}\n");
  CHECK(r.status == 2);
  CHECK(r.err == "siege: error: batch: some lines failed; see their error objects\n");
  const auto v = lines_of(r.out);
  REQUIRE(v.size() == 8u);
  for (std::size_t i = 0; i < 7; ++i) {
    INFO(v[i].dump());
    CHECK(v[i]["line"] == i + 1);
    CHECK(v[i]["error"]["code"] == 2);
  }
  CHECK_THAT(v[0]["error"]["message"].get<std::string>(), Catch::Contains("did you mean curtain-wall?"));
  CHECK_THAT(v[1]["error"]["message"].get<std::string>(), Catch::StartsWith("<stdin>:2:2: "));
  CHECK(v[2]["error"]["id"] == "not-an-action");
  CHECK(v[3]["error"]["id"] == "not-an-action");
  CHECK_THAT(v[4]["error"]["message"].get<std::string>(), Catch::Contains("did you mean attack?"));
  CHECK_THAT(v[5]["error"]["message"].get<std::string>(), Catch::Contains("/successes"));
  CHECK_THAT(v[6]["error"]["message"].get<std::string>(), Catch::Contains("sucesses"));
  CHECK(v[7]["damage"] == 6);
}

TEST_CASE("Fail-fast stops a batch at the first bad line", "[cli][batch]") {
  const auto r = run({"batch", "--fail-fast"},
                     "{\"action\": \"attack\", \"structure\": \"curtain-wall\", \"weapon\": \"cannon\", \"successes\": 1}\n"
                     "{\"action\": \"attack\", \"structure\": \"nowhere\", \"weapon\": \"cannon\"}\n"
                     "{\"action\": \"attack\", \"structure\": \"curtain-wall\", \"weapon\": \"cannon\", \"successes\": 1}\n");
  CHECK(r.status == 2);
  CHECK(lines_of(r.out).size() == 2u);
  CHECK_THAT(r.err, Catch::Contains("stopped at line 2"));
}

TEST_CASE("batch reads a file, and a missing file is a clear error", "[cli][batch]") {
  siege::test::TempDir dir;
  const std::string path = dir.path() + "/in.jsonl";
  std::ofstream(path) << "{\"action\": \"attack\", \"structure\": \"palisade\", \"weapon\": \"trebuchet\", \"successes\": 1}\n";
  auto r = run({"batch", path});
  REQUIRE(r.status == 0);
  CHECK(lines_of(r.out).at(0)["not_modelled"] == nlohmann::json::array({"burn"}));
  r = run({"batch", dir.path() + "/missing.jsonl"});
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Catch::Contains("cannot read"));
}

TEST_CASE("With --state a batch is one transaction", "[cli][batch][state]") {
  siege::test::TempDir dir;
  const std::string state = dir.path() + "/siege.json";
  REQUIRE(run({"init", state, "--from", std::string(SIEGE_SOURCE_DIR) + "/examples/castle-siege.json"}).status == 0);
  const std::string before = siege::test::slurp(state);
  const auto status = run({"status", "--state", state, "--json"}).json();
  const std::string section = status["sections"][0]["id"];
  const std::string ok = "{\"action\": \"attack\", \"section\": \"" + section + "\", \"weapon\": \"cannon\", \"successes\": 1}\n";
  const std::string bad = "{\"action\": \"attack\", \"section\": \"nowhere\", \"weapon\": \"cannon\", \"successes\": 1}\n";

  // --fail-fast with a bad line: nothing is written.
  auto r = run({"batch", "--state", state, "--fail-fast"}, ok + bad + ok);
  CHECK(r.status == 2);
  CHECK(siege::test::slurp(state) == before);

  // Without it: good lines apply, in order, written once; the log has them.
  r = run({"batch", "--state", state}, ok + bad + ok);
  CHECK(r.status == 2);
  const auto v = lines_of(r.out);
  REQUIRE(v.size() == 3u);
  CHECK(v[0]["log_entry"] == 1);
  CHECK(v[2]["log_entry"] == 2);
  CHECK(v[2]["hull"]["before"] == v[0]["hull"]["after"]);
  const auto log = run({"log", "--state", state, "--json"});
  REQUIRE(log.status == 0);
  CHECK(run({"replay", "--state", state}).status == 0);

  // --dry-run writes nothing.
  const std::string now = siege::test::slurp(state);
  r = run({"batch", "--state", state, "--dry-run"}, ok);
  CHECK(r.status == 0);
  CHECK(siege::test::slurp(state) == now);
}

TEST_CASE("status prints its sections as Markdown or CSV", "[cli][format][state]") {
  siege::test::TempDir dir;
  const std::string state = dir.path() + "/siege.json";
  REQUIRE(run({"init", state, "--from", std::string(SIEGE_SOURCE_DIR) + "/examples/castle-siege.json"}).status == 0);
  auto r = run({"status", "--state", state, "--format", "csv"});
  REQUIRE(r.status == 0);
  CHECK_THAT(r.out, Catch::StartsWith("SECTION,STRUCTURE,VARIANT,SUFFERED,HULL,STATE,ABATIS,MINE DAYS\r\n"));
  r = run({"status", "--state", state, "--format", "markdown"});
  REQUIRE(r.status == 0);
  CHECK_THAT(r.out, Catch::StartsWith("| SECTION | STRUCTURE |"));
}
