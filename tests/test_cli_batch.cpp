// `siege batch`: JSON Lines in, JSON Lines out.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

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

TEST_CASE(
    "Every part of status is in every format: sections, engines, camp, units, armies, breaches, galleries",
    "[cli][format][state]") {
  siege::test::TempDir dir;
  const std::string state = dir.path() + "/siege.json";
  REQUIRE(
      run({"init", state, "--from", std::string(SIEGE_SOURCE_DIR) + "/examples/castle-siege.json"}).status ==
      0);
  for (const std::vector<std::string>& step : {std::vector<std::string>{"--seed", "1", "scene"},
                                               {"damage", "--at", "camp", "--hull", "3"},
                                               {"damage", "--at", "north-wall", "--hull", "20"},
                                               {"mine", "--section", "east-wall", "--day-results", "1:0"}}) {
    auto args = step;
    args.insert(args.begin(), {"--state", state});
    INFO(step.back());
    REQUIRE(run(args).status == 0);
  }
  const nlohmann::json j = nlohmann::json::parse(run({"--state", state, "status", "--json"}).out);
  std::vector<std::string> parts{j["name"].get<std::string>(), "camp", "scene", "log"};
  for (const char* list : {"sections", "engines", "units"})
    for (const auto& x : j[list]) parts.push_back(x["id"].get<std::string>());
  for (const auto& e : j["engines"])
    if (e["target"].is_string()) parts.push_back(e["target"].get<std::string>());
  for (const auto& b : j["open_breaches"]) parts.push_back(b.get<std::string>());
  for (const auto& g : j["galleries"]) parts.push_back(g["section"].get<std::string>());
  REQUIRE(j["engines"].size() == 7);
  REQUIRE(j["galleries"].size() == 1);
  REQUIRE(j["open_breaches"].size() == 1);
  for (const char* format : {"text", "markdown", "csv"}) {
    auto r = run({"--state", state, "status", "--format", format});
    REQUIRE(r.status == 0);
    std::string out;
    for (const char c : r.out) out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    for (const auto& part : parts) {
      std::string want;
      for (const char c : part) want += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      INFO(format << " has no " << part << ":\n" << r.out);
      CHECK(out.find(want) != std::string::npos);
    }
  }
  // The sections' table stays the first, as scripts read it.
  CHECK_THAT(run({"--state", state, "status", "--format", "csv"}).out,
             Catch::StartsWith("SECTION,STRUCTURE,VARIANT,SUFFERED,HULL,STATE,ABATIS,MINE DAYS\r\n"));
}

namespace {

// Runs a shell command line (for redirections support.hpp does not make);
// its stdout and stderr are captured.
siege::test::Run shell(const std::string& command) {
  siege::test::TempDir dir;
  const std::string cmd = "(" + command + ") >" + dir.file("out") + " 2>" + dir.file("err");
  const int rc = std::system(cmd.c_str());
  siege::test::Run r;
  r.status = WIFEXITED(rc) ? WEXITSTATUS(rc) : 128 + WTERMSIG(rc);
  r.out = siege::test::slurp(dir.file("out"));
  r.err = siege::test::slurp(dir.file("err"));
  return r;
}

// A new siege from the castle example in `dir`; returns its path.
std::string new_siege(const siege::test::TempDir& dir) {
  const std::string state = dir.file("siege.json");
  REQUIRE(
      run({"init", state, "--from", std::string(SIEGE_SOURCE_DIR) + "/examples/castle-siege.json"}).status ==
      0);
  return state;
}

// An attack line on the first section of the siege at `state`.
std::string section_attack(const std::string& state) {
  const std::string section = run({"status", "--state", state, "--json"}).json()["sections"][0]["id"];
  return "{\"action\": \"attack\", \"section\": \"" + section +
         "\", \"weapon\": \"cannon\", \"successes\": 1}";
}

std::size_t log_length(const std::string& state) {
  return nlohmann::json::parse(siege::test::slurp(state))["log"].size();
}

const std::string attack_line =
    "{\"action\": \"attack\", \"structure\": \"curtain-wall\", \"weapon\": \"cannon\", \"successes\": 2}";

// The limit of one batch line (the JSON size cap, detail::max_json_bytes).
constexpr std::size_t line_limit = 16u * 1024u * 1024u;

// batch_coprocess.py MODE with the lines and siege's arguments: its report.
nlohmann::json coprocess(const std::string& mode, const std::vector<std::string>& lines,
                         const std::vector<std::string>& args, const std::string& state = "") {
  siege::test::TempDir dir;
  std::string text;
  for (const auto& l : lines) text += l + "\n";
  const std::string in = dir.write("lines.jsonl", text);
  std::string cmd = "python3 " + siege::test::shell_quote(SIEGE_SOURCE_DIR + "/tests/batch_coprocess.py") +
                    " " + mode + " " + siege::test::shell_quote(in);
  if (!state.empty()) cmd += " " + siege::test::shell_quote(state);
  cmd += " -- " + siege::test::shell_quote(SIEGE_BINARY);
  for (const auto& a : args) cmd += " " + siege::test::shell_quote(a);
  const auto r = shell(cmd);
  INFO(r.err);
  REQUIRE(r.status == 0);
  return nlohmann::json::parse(r.out);
}

}  // namespace

TEST_CASE("batch with its standard input closed is a usage error, with or without a state file",
          "[cli][batch][errors]") {
  siege::test::TempDir dir;
  const std::string state = new_siege(dir);
  const std::string before = siege::test::slurp(state);
  const std::string siege_bin = siege::test::shell_quote(SIEGE_BINARY);
  for (const std::string& args :
       {std::string("batch"), "--state " + siege::test::shell_quote(state) + " batch",
        "batch --state " + siege::test::shell_quote(state) + " --commit-each"}) {
    INFO(args);
    const auto r = shell(siege_bin + " " + args + " <&-");
    CHECK(r.status == 2);
    CHECK(
        r.err ==
        "siege: error: batch: standard input is closed; give a FILE, or send the lines on standard input\n");
    CHECK(nlohmann::json::parse(r.out)["error"]["id"] == "bad-input");  // batch errors are JSON too
  }
  CHECK(siege::test::slurp(state) == before);
}

TEST_CASE("A batch line over the limit is an error object of its own, and the batch goes on",
          "[cli][batch][errors]") {
  // Over the limit by one byte, between two good lines; at the limit (with
  // a CRLF after it) still a line: blank here, so it prints nothing.
  const std::string over(line_limit + 1, ' ');
  const std::string at(line_limit, ' ');
  const auto r = run({"batch"}, attack_line + "\n" + over + "\n" + at + "\r\n" + attack_line + "\n");
  CHECK(r.status == 2);
  CHECK(r.err == "siege: error: batch: some lines failed; see their error objects\n");
  const auto v = lines_of(r.out);
  REQUIRE(v.size() == 3u);
  CHECK(v[0]["line"] == 1);
  CHECK(v[0]["damage"].is_number());
  CHECK(v[1]["line"] == 2);
  CHECK(v[1]["error"]["code"] == 2);
  CHECK(v[1]["error"]["id"] == "line-too-long");
  CHECK(v[1]["error"]["message"] ==
        "<stdin>:2: the line is longer than the limit of 16777216 bytes; it was skipped unread");
  CHECK(v[2]["line"] == 4);
  CHECK(v[2]["damage"] == v[0]["damage"]);
  // The last line, without a newline, is refused the same way.
  const auto last = run({"batch"}, attack_line + "\n" + over);
  CHECK(last.status == 2);
  REQUIRE(lines_of(last.out).size() == 2u);
  CHECK(lines_of(last.out)[1]["error"]["id"] == "line-too-long");
}

TEST_CASE("With --fail-fast a batch line over the limit stops the batch and the state file is untouched",
          "[cli][batch][state]") {
  siege::test::TempDir dir;
  const std::string state = new_siege(dir);
  const std::string before = siege::test::slurp(state);
  const std::string ok = section_attack(state);
  const auto r = run({"batch", "--state", state, "--fail-fast"},
                     ok + "\n" + std::string(line_limit + 1, 'x') + "\n" + ok + "\n");
  CHECK(r.status == 2);
  CHECK(r.err == "siege: error: batch: stopped at line 2 (--fail-fast); the state file is unchanged\n");
  const auto v = lines_of(r.out);
  REQUIRE(v.size() == 2u);
  CHECK(v[1]["error"]["id"] == "line-too-long");
  CHECK(siege::test::slurp(state) == before);
}

TEST_CASE("Under a memory limit a line larger than memory allows loses no line and no update",
          "[cli][batch][state]") {
#if defined(SIEGE_TEST_ASAN)
  WARN("skipped: AddressSanitizer reserves more address space than any ulimit -v leaves");
  return;
#endif
  // 128 MiB of 'x' between two good lines, siege limited to 64 MiB of
  // address space: it must keep no more of the long line than the limit.
  siege::test::TempDir dir;
  const std::string state = new_siege(dir);
  const std::string ok = section_attack(state);
  const std::string lines = dir.write("ok.jsonl", ok + "\n");
  const auto r =
      shell("ulimit -v 65536 && { cat " + lines +
            " && head -c 134217728 /dev/zero | tr '\\0' x && echo && cat " + lines + "; } | " +
            siege::test::shell_quote(SIEGE_BINARY) + " batch --state " + siege::test::shell_quote(state));
  CHECK(r.status == 2);
  CHECK(r.err == "siege: error: batch: some lines failed; see their error objects\n");
  const auto v = lines_of(r.out);
  REQUIRE(v.size() == 3u);
  CHECK(v[0]["log_entry"] == 1);
  CHECK(v[1]["error"]["id"] == "line-too-long");
  CHECK(v[2]["line"] == 3);
  CHECK(v[2]["log_entry"] == 2);
  CHECK(log_length(state) == 2u);
}

TEST_CASE("A batch line of white space only is blank, whatever white space it has", "[cli][batch]") {
  const auto r = run({"batch"}, attack_line + "\n \r \n\t\r\t\r\n\r\n \n" + attack_line + "\n");
  CHECK(r.status == 0);
  CHECK(r.err.empty());
  const auto v = lines_of(r.out);
  REQUIRE(v.size() == 2u);
  CHECK(v[0]["line"] == 1);
  CHECK(v[1]["line"] == 6);
}

TEST_CASE("batch as a co-process answers each line before the next is written", "[cli][batch][coprocess]") {
  const std::string check = R"({"action": "check", "difficulty": "hard", "pool": 4})";
  const auto report =
      coprocess("lockstep", {attack_line, check, "  ", "{bad json", attack_line}, {"batch", "--seed", "3"});
  CHECK(report["timeout_at"].is_null());
  const auto& o = report["outcomes"];
  REQUIRE(o.size() == 4u);
  CHECK(o[0]["line"] == 1);
  CHECK(o[1]["action"] == "check");
  CHECK(o[2]["line"] == 4);
  CHECK(o[2]["error"]["code"] == 2);
  CHECK(o[3]["line"] == 5);
  CHECK(report["status"] == 2);
  // The same outcomes as from a file, which is written in chunks.
  const auto file =
      run({"batch", "--seed", "3"}, attack_line + "\n" + check + "\n  \n{bad json\n" + attack_line + "\n");
  CHECK(lines_of(file.out) == std::vector<nlohmann::json>(o.begin(), o.end()));
}

TEST_CASE("batch --commit-each writes the state file before each outcome", "[cli][batch][state][coprocess]") {
  siege::test::TempDir dir;
  const std::string state = new_siege(dir);
  const std::string ok = section_attack(state);
  const std::string bad = R"({"action": "attack", "section": "nowhere", "weapon": "cannon", "successes": 1})";
  const auto report =
      coprocess("lockstep", {ok, ok, bad, ok}, {"batch", "--state", state, "--commit-each"}, state);
  CHECK(report["timeout_at"].is_null());
  CHECK(report["log_lengths"] == nlohmann::json::array({1, 2, 2, 3}));
  CHECK(report["status"] == 2);
  REQUIRE(report["outcomes"].size() == 4u);
  CHECK(report["outcomes"][3]["log_entry"] == 3);
  CHECK(run({"replay", "--state", state}).status == 0);

  // --fail-fast keeps what was committed before the failed line.
  auto r =
      run({"batch", "--state", state, "--commit-each", "--fail-fast"}, ok + "\n" + bad + "\n" + ok + "\n");
  CHECK(r.status == 2);
  CHECK(r.err ==
        "siege: error: batch: stopped at line 2 (--fail-fast); the state file holds the lines before it\n");
  CHECK(log_length(state) == 4u);
  // --dry-run still writes nothing; without --state it is a usage error.
  const std::string now = siege::test::slurp(state);
  CHECK(run({"batch", "--state", state, "--commit-each", "--dry-run"}, ok + "\n").status == 0);
  CHECK(siege::test::slurp(state) == now);
  r = run({"batch", "--commit-each"}, ok + "\n");
  CHECK(r.status == 2);
  CHECK(r.err == "siege: error: batch: --commit-each needs --state FILE\n");
}

TEST_CASE("batch --line-buffered answers each line of a regular file as it is done", "[cli][batch]") {
  // Stdin from a file: the output is the same, line-buffered or not.
  const std::string in = attack_line + "\n{bad\n" + attack_line + "\n";
  const auto a = run({"batch", "--seed", "5", "--line-buffered"}, in);
  const auto b = run({"batch", "--seed", "5"}, in);
  CHECK(a.status == 2);
  CHECK(a.out == b.out);
  CHECK(lines_of(a.out).size() == 3u);
}

TEST_CASE("A long batch shows its progress on a terminal's stderr, cleared at the end",
          "[cli][batch][progress]") {
  const auto report = coprocess("progress", {attack_line, attack_line, attack_line}, {"batch"});
  CHECK(report["status"] == 0);
  const std::string t = report["terminal"];
  INFO(t);
  CHECK(report["seconds"].get<double>() >= 0.9);  // not before about a second
  CHECK_THAT(t, Catch::StartsWith("\rsiege batch: "));
  CHECK_THAT(t, Catch::Contains(" lines, "));
  CHECK_THAT(t, Catch::Contains(" lines/s"));
  CHECK(t.find('\n') == std::string::npos);
  // Cleared: the last drawing is blanked, the cursor back at column 0.
  const auto last = t.rfind("\rsiege batch: ");
  const auto clear = t.find('\r', last + 1);
  REQUIRE(clear != std::string::npos);
  const std::string blanks = t.substr(clear + 1, t.size() - clear - 2);
  CHECK(t.back() == '\r');
  CHECK(blanks.size() >= clear - last - 1);
  CHECK(blanks.find_first_not_of(' ') == std::string::npos);
  // The count it shows is of lines done.
  const auto count = t.substr(last + 14, t.find(' ', last + 14) - last - 14);
  CHECK(count.find_first_not_of("0123456789,") == std::string::npos);
}

TEST_CASE("A long batch writes nothing to stderr when it is not a terminal", "[cli][batch][progress]") {
  const auto report = coprocess("pipe", {attack_line, attack_line, attack_line}, {"batch"});
  CHECK(report["status"] == 0);
  CHECK(report["seconds"].get<double>() >= 1.5);
  CHECK(report["outcomes"].get<int>() >= 3);
  CHECK(report["stderr"] == "");
}

TEST_CASE("A batch line past the limits of a state file is refused at its line, the others are answered",
          "[cli][batch][state][limits]") {
  siege::test::TempDir dir;
  const std::string state = dir.file("siege.json");
  REQUIRE(run({"init", state, "--from", std::string(SIEGE_SOURCE_DIR) + "/examples/castle-siege.json"}).status == 0);
  const nlohmann::json fresh = nlohmann::json::parse(siege::test::slurp(state));
  const std::string scene = "{\"action\":\"scene\"}\n";
  const std::string damage = "{\"action\":\"damage\",\"at\":\"north-wall\",\"hull\":1}\n";
  // Every error object of the batch names its line.
  const auto every_error_has_its_line = [](const std::vector<nlohmann::json>& v) {
    for (std::size_t i = 0; i < v.size(); ++i) {
      CHECK(v[i]["line"] == i + 1);
    }
  };

  SECTION("the scene limit") {
    nlohmann::json near = fresh;
    near["scene"] = siege::max_scene - 1;
    near["initial"]["scene"] = siege::max_scene - 1;
    std::ofstream(state) << near.dump();
    for (const bool each : {false, true}) {
      std::vector<std::string> args{"--seed", "1", "--state", state, "batch"};
      if (each) args.push_back("--commit-each");
      const auto r = run(args, scene + scene + damage);
      CHECK(r.status == 4);
      const auto v = lines_of(r.out);
      REQUIRE(v.size() == 3u);
      every_error_has_its_line(v);
      CHECK(v[0]["scene"] == siege::max_scene);
      CHECK(v[1]["error"]["id"] == "too-many-scenes");
      CHECK(v[1]["error"]["message"] == "<stdin>:2: " + state +
                                            ": scene 1000001 would pass the most scenes a state file counts "
                                            "(1000000); the line is not applied");
      CHECK(v[2]["action"] == "damage");  // answered, and in the file
      const auto file = nlohmann::json::parse(siege::test::slurp(state));
      CHECK(file["scene"] == siege::max_scene);
      CHECK(file["log"].back()["action"] == "damage");
      std::ofstream(state) << near.dump();
    }
    // --fail-fast stops there; without --commit-each nothing is written.
    const auto r = run({"--seed", "1", "--state", state, "batch", "--fail-fast"}, scene + scene + damage);
    CHECK(r.status == 4);
    CHECK(lines_of(r.out).size() == 2u);
    CHECK(nlohmann::json::parse(siege::test::slurp(state))["scene"] == siege::max_scene - 1);
  }

  SECTION("the 16 MiB size") {
    // One logged entry whose outcome pads the file to about 2.5 KB below the limit.
    nlohmann::json big = fresh;
    big["log"] = nlohmann::json::array(
        {{{"entry", 1}, {"scene", 0}, {"action", "check"}, {"inputs", {{"difficulty", "easy"}}}, {"seed", 1},
          {"outcome", {{"pad", ""}}}}});
    const siege::detail::JsonSource src{"big.json", siege::ErrorKind::state};
    const std::size_t base = siege::write_state(siege::read_state(big.dump(), src, siege::test::tables())).size();
    big["log"][0]["outcome"]["pad"] = std::string(siege::max_state_bytes - 2500 - base, 'x');
    std::ofstream(state) << big.dump();
    const std::string before = siege::test::slurp(state);
    std::string lines;
    for (int i = 0; i < 16; ++i) lines += damage;
    const auto r = run({"--seed", "1", "--state", state, "batch", "--commit-each"}, lines);
    CHECK(r.status == 4);
    const auto v = lines_of(r.out);
    REQUIRE(v.size() == 16u);
    every_error_has_its_line(v);
    std::size_t ok = 0;
    while (ok < v.size() && v[ok].contains("action")) ++ok;
    REQUIRE(ok > 0u);
    REQUIRE(ok < v.size());
    for (std::size_t i = ok; i < v.size(); ++i) CHECK(v[i]["error"]["id"] == "state-too-large");
    const auto file = nlohmann::json::parse(siege::test::slurp(state));
    CHECK(file["log"].size() == ok + 1);
    // Without --commit-each: the same lines are answered, and the commit writes them.
    std::ofstream(state) << before;
    const auto whole = run({"--seed", "1", "--state", state, "batch"}, lines);
    CHECK(whole.status == 4);
    const auto w = lines_of(whole.out);
    REQUIRE(w.size() == 16u);
    every_error_has_its_line(w);
    CHECK(w[ok - 1].contains("action"));
    CHECK(w[ok]["error"]["id"] == "state-too-large");
    CHECK(nlohmann::json::parse(siege::test::slurp(state))["log"].size() == ok + 1);
  }
}
