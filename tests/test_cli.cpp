// End-to-end tests of the siege binary: exit statuses, JSON shape, errors.
#include <catch2/catch.hpp>

#include <sys/stat.h>

#include <regex>

#include "commands/context.hpp"
#include "commands/command.hpp"
#include "support.hpp"

namespace {
siege::test::Run run(const std::vector<std::string>& args, const std::string& in = "", const std::string& env = "") {
  return siege::test::siege(args, in, env);
}
}  // namespace

TEST_CASE("attack prints the interface's JSON outcome", "[cli][attack]") {
  const auto r = run({"attack", "--structure", "curtain-wall", "--weapon", "cannon", "--successes", "2",
                        "--boons", "1", "--json"});
  REQUIRE(r.status == 0);
  CHECK(r.err.empty());
  const auto j = r.json();
  CHECK(j["schema"] == 1);
  CHECK(j["action"] == "attack");
  CHECK(j["structure"] == "curtain-wall");
  CHECK(j["weapon"] == "cannon");
  CHECK(j["check"]["rolled"] == false);
  CHECK(j["check"]["successes"] == 2);
  CHECK(j["check"]["passed"] == true);
  CHECK(j["armor"]["listed"] == 4);
  CHECK(j["armor"]["effective"] == 1);
  CHECK(j["armor"]["steps"] == nlohmann::json::parse(
                                   R"([{"rule":"vulnerable-to-guns","change":-2},{"rule":"pierce","change":-1}])"));
  CHECK(j["damage"] == 7);
  CHECK(j["overkill"] == 0);
  CHECK(j["hull"] == nlohmann::json::parse(R"({"max":20,"before":0,"after":7})"));
  CHECK(j["state"] == nlohmann::json::parse(R"({"before":"intact","after":"intact"})"));
  CHECK(j["rules"].is_array());
  CHECK(j["notes"].is_array());
  CHECK(j["not_modelled"].is_array());
  CHECK(j["seed"].is_number_unsigned());
}

TEST_CASE("The same seed gives the same rolls, and the seed is reported", "[cli][attack][R27]") {
  const std::vector<std::string> args{"attack", "-s", "curtain-wall", "-w", "cannon", "--seed", "1234", "--json"};
  const auto a = run(args);
  const auto b = run(args);
  REQUIRE(a.status == 0);
  CHECK(a.out == b.out);
  CHECK(a.json()["seed"] == 1234);
  CHECK(a.json()["check"]["seed"] == 1234);
  CHECK(a.json()["check"]["dice"].size() == 4u);  // 3 skill + 1 difficulty (Easy)
  const auto c = run({"attack", "-s", "curtain-wall", "-w", "cannon", "--json"});
  REQUIRE(c.status == 0);
  CHECK(c.json()["seed"].is_number_unsigned());
  CHECK(c.json()["seed"].get<std::uint64_t>() < (std::uint64_t{1} << 53));
}

TEST_CASE("R42: a seed is a whole number from 0 to 2^64 - 1 on the command line, in batch and in the log",
          "[cli][R42]") {
  // The largest seed is taken and reported as given, with no sign wrap.
  const auto top = run({"check", "-d", "easy", "--seed", "18446744073709551615", "--json"});
  INFO(top.err);
  REQUIRE(top.status == 0);
  CHECK(top.json()["seed"].get<std::uint64_t>() == 18446744073709551615ull);
  CHECK(top.json()["check"]["seed"].get<std::uint64_t>() == 18446744073709551615ull);
  const auto text = run({"check", "-d", "easy", "--seed", "9223372036854775808"});
  REQUIRE(text.status == 0);
  CHECK_THAT(text.out, Catch::Contains("(seed 9223372036854775808)"));
  for (const std::string bad : {"18446744073709551616", "99999999999999999999", "-1"}) {
    const auto r = run({"check", "-d", "easy", "--seed", bad});
    INFO(bad);
    CHECK(r.status == 2);
    CHECK_THAT(
        r.err,
        Catch::Contains("--seed: expected a whole number from 0 to 18446744073709551615, got '" + bad + "'"));
  }
  // A batch line: the same bound, named; the top seed rolls as on the command line.
  const auto b = siege::test::siege(
      {"batch"},
      "{\"action\": \"check\", \"difficulty\": \"easy\", \"seed\": 18446744073709551615}\n"
      "{\"action\": \"check\", \"difficulty\": \"easy\", \"seed\": 18446744073709551616}\n");
  CHECK(b.status == 2);
  const auto nl = b.out.find('\n');
  REQUIRE(nl != std::string::npos);
  auto first = nlohmann::json::parse(b.out.substr(0, nl));
  first.erase("line");
  CHECK(first == top.json());
  CHECK_THAT(b.out.substr(nl), Catch::Contains("expected a whole number from 0 to 18446744073709551615"));
}

TEST_CASE("help --inputs help describes help's own inputs", "[cli][help]") {
  const auto text = run({"help", "--inputs", "help"});
  INFO(text.err);
  REQUIRE(text.status == 0);
  CHECK_THAT(text.out, Catch::Contains("Inputs of 'help'") && Catch::Contains("inputs") &&
                           Catch::Contains("command") && Catch::Contains("positional"));
  const auto r = run({"--json", "help", "--inputs", "help"});
  REQUIRE(r.status == 0);
  const nlohmann::json j = r.json();
  CHECK(j["command"] == "help");
  CHECK(j["logged"] == false);
  std::vector<std::string> keys;
  for (const auto& in : j["inputs"]) keys.push_back(in["key"].get<std::string>());
  CHECK(keys == std::vector<std::string>{"inputs", "command", "subcommand"});
}

TEST_CASE("A rolled check's dice add up to the reported net result", "[cli][check][R27]") {
  const auto r = run({"check", "--difficulty", "hard", "--pool", "4", "--bane-dice", "1", "--seed", "9", "--json"});
  REQUIRE(r.status == 0);
  const auto j = r.json();
  int net = 0;
  for (const auto& d : j["check"]["dice"])
    for (const auto& s : d["symbols"]) net += s == "success" ? 1 : s == "failure" ? -1 : 0;
  CHECK(j["check"]["dice"].size() == 8u);
  CHECK(j["check"]["successes"] == net);
  CHECK(j["check"]["passed"] == (net >= 1));
}

TEST_CASE("Text output shows the dice, the Armor steps with their rulings and the Hull bar", "[cli][attack]") {
  const auto r = run({"attack", "--structure", "curtain-wall", "--weapon", "cannon", "--successes", "2"});
  REQUIRE(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("vulnerable-to-guns (R6)") && Catch::Contains("= 7") &&
                        Catch::Contains("[#######.............] 7/20") && Catch::Contains("intact -> intact"));
}

TEST_CASE("Bad usage is exit 2 with one line naming the problem", "[cli][errors]") {
  auto r = run({"attack", "--structure", "curtian-wall", "--weapon", "cannon"});
  CHECK(r.status == 2);
  CHECK(r.err == "siege: error: unknown structure 'curtian-wall' (did you mean curtain-wall?); see 'siege list structures'\n");
  r = run({"attack", "--structure", "curtain-wall", "--weapon", "musket"});
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Catch::Contains("personal weapon"));
  r = run({"attack", "--structure", "curtain-wall", "--weapon", "cannon", "--pool", "-1"});
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Catch::Contains("--pool: expected a whole number from 0 to 50, got '-1'"));
  r = run({"attack", "--structure", "curtain-wall", "--weapon", "cannon", "--pool", "3x"});
  CHECK(r.status == 2);
  r = run({"attack", "--structure", "curtain-wall"});
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Catch::Contains("--weapon"));
  r = run({"atack"});
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Catch::Contains("did you mean attack?"));
  r = run({"attack", "--structure", "curtain-wall", "--weapon", "cannon", "--frobnicate"});
  CHECK(r.status == 2);
  r = run({});
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Catch::Contains("a command is required"));
  r = run({"attack", "--structure", "curtain-wall", "--weapon", "cannon", "--damage-taken", "25"});
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Catch::Contains("--damage-taken 25"));
}

TEST_CASE("Numbers are decimal: a leading zero is not octal", "[cli][errors]") {
  const auto r = run({"attack", "-s", "curtain-wall", "-w", "cannon", "--successes", "010", "--json"});
  REQUIRE(r.status == 0);
  CHECK(r.json()["check"]["successes"] == 10);
}

TEST_CASE("With --json an error is also a JSON object on stdout", "[cli][errors]") {
  const auto r = run({"attack", "--structure", "nowhere", "--weapon", "cannon", "--json"});
  CHECK(r.status == 2);
  const auto j = r.json();
  CHECK(j["error"]["code"] == 2);
  CHECK(j["error"]["id"] == "unknown-id");
  CHECK_THAT(j["error"]["message"].get<std::string>(), Catch::Contains("unknown structure 'nowhere'"));
}

TEST_CASE("JSON output stays valid UTF-8 when an error quotes bytes that are not", "[cli][errors]") {
  // The byte 0xE9 alone (Latin-1 for e-acute) is not UTF-8: the message
  // quotes it as the four characters \xe9, on stderr and in the JSON.
  const auto r = run({"attack", "--structure", "caf\xe9", "--weapon", "cannon", "--json"});
  CHECK(r.status == 2);
  CHECK_THAT(r.json()["error"]["message"].get<std::string>(), Catch::Contains("'caf\\xe9'"));
  // A batch line that is not UTF-8 gets a JSON error line (fuzz_batch_line).
  const auto b = run({"batch"}, "{\"action\": \"check\", \"difficulty\": \"caf\xe9\"}\n");
  CHECK(b.status == 2);
  CHECK(nlohmann::json::parse(b.out)["error"]["id"] == "bad-json");
}

TEST_CASE("Global options work before and after the command", "[cli]") {
  const auto a = run({"--json", "--seed", "5", "attack", "-s", "tower", "-w", "bombard"});
  const auto b = run({"attack", "-s", "tower", "-w", "bombard", "--seed", "5", "--json"});
  REQUIRE(a.status == 0);
  CHECK(a.out == b.out);
}

TEST_CASE("list and show print the tables", "[cli][tables]") {
  auto r = run({"list", "structures", "--json"});
  REQUIRE(r.status == 0);
  CHECK(r.json().size() == 15u);
  r = run({"list", "weapons"});
  REQUIRE(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("siege-howitzer") && Catch::Contains("capital"));
  r = run({"list", "weapon"});
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Catch::Contains("did you mean weapons?"));
  r = run({"show", "castle-gate"});
  REQUIRE(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("With portcullis: Armor 3, Hull 10"));
  r = run({"show", "trebuchet", "--json"});
  REQUIRE(r.status == 0);
  CHECK(r.json()["entries"].size() == 2u);  // a weapon and an engine
  r = run({"show", "curtain"});
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Catch::Contains("did you mean curtain-wall?"));
}

TEST_CASE("Help on every command shows an example", "[cli][help]") {
  for (const auto& c : siege::cli::commands()) {
    const auto r = run({std::string(c.name), "--help"});
    INFO(c.name);
    CHECK(r.status == 0);
    CHECK_THAT(r.out, Catch::Contains("Example:") && Catch::Contains("siege " + std::string(c.name)));
  }
  const auto all = run({"--help"});
  CHECK(all.status == 0);
  for (const auto& c : siege::cli::commands()) CHECK_THAT(all.out, Catch::Contains(std::string(c.name)));
}

namespace {
std::string temp_dir() {
  char tmpl[] = "/tmp/siege-data-XXXXXX";
  return ::mkdtemp(tmpl);
}
void write(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}
}  // namespace

TEST_CASE("Folders given by --data or SIEGE_DATA replace and extend entries by id", "[cli][data]") {
  const auto dir = temp_dir();
  write(dir + "/weapons.json",
        R"([{"id": "springald", "name": "Springald", "hull_damage": 3, "pierce": 1, "crit": 2, "mount": "standard"},
            {"id": "cannon", "name": "Light cannon", "hull_damage": 4, "pierce": 1, "crit": 3, "mount": "heavy", "qualities": ["gunpowder"]}])");
  auto r = run({"attack", "-s", "curtain-wall", "-w", "springald", "--successes", "1", "--json", "--data", dir});
  REQUIRE(r.status == 0);
  CHECK(r.json()["damage"] == 1);  // 3 + 1 - (4 - 1)
  r = run({"attack", "-s", "curtain-wall", "-w", "cannon", "--successes", "2", "--json"}, "", "SIEGE_DATA=" + dir);
  REQUIRE(r.status == 0);
  CHECK(r.json()["damage"] == 5);  // 4 + 2 - 1
  r = run({"attack", "-s", "curtain-wall", "-w", "trebuchet", "--successes", "2", "--json", "--data", dir});
  CHECK(r.json()["damage"] == 3);  // untouched rows stay
  std::system(("rm -rf " + dir).c_str());
}

TEST_CASE("A bad table is exit 3 naming the file and the place", "[cli][data]") {
  const auto dir = temp_dir();
  write(dir + "/weapons.json", R"([{"id": "x", "name": "X", "hull_damage": 1, "pierce": -1, "mount": "heavy"}])");
  auto r = run({"list", "weapons", "--data", dir});
  CHECK(r.status == 3);
  CHECK(r.err == "siege: error: " + dir + "/weapons.json:/0/pierce: expected an integer from 0 to 1000\n");
  write(dir + "/weapons.json", "[\n{\"id\": }\n]");
  r = run({"list", "weapons", "--data", dir, "--json"});
  CHECK(r.status == 3);
  CHECK_THAT(r.err, Catch::StartsWith("siege: error: " + dir + "/weapons.json:2:8: "));
  CHECK(r.json()["error"]["code"] == 3);
  r = run({"list", "weapons", "--data", dir + "/missing"});
  CHECK(r.status == 3);
  CHECK_THAT(r.err, Catch::Contains("no such folder"));
  std::system(("rm -rf " + dir).c_str());
}

TEST_CASE("The version flag prints the version", "[cli]") {
  const auto r = run({"--version"});
  CHECK(r.status == 0);
  CHECK_THAT(r.out, Catch::StartsWith("siege "));
}

TEST_CASE("Tables print as text, Markdown, CSV or JSON", "[cli][format]") {
  auto r = run({"list", "charges", "--format", "csv"});
  REQUIRE(r.status == 0);
  CHECK_THAT(r.out, Catch::StartsWith("ID,SIEGE,HULL,PREPARE,NAME,NOTES\r\n"));
  CHECK_THAT(r.out, Catch::Contains("petard,2,4,1,Petard,\"blast, opens doors and gates\"\r\n"));
  r = run({"list", "structures", "--format", "markdown"});
  REQUIRE(r.status == 0);
  CHECK_THAT(r.out, Catch::StartsWith("| ID | ARMOR | HULL | NAME | TAGS |\n|---|---|---|---|---|\n"));
  r = run({"list", "weapons", "--format", "json"});
  REQUIRE(r.status == 0);
  CHECK(r.json().is_array());
  r = run({"list", "weapons", "--format", "yaml"});
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Catch::Contains("expected text, markdown, csv, json or html"));
  r = run({"attack", "-s", "curtain-wall", "-w", "cannon", "--format", "csv"});
  CHECK(r.status == 2);
}

TEST_CASE("Colour only when asked for or on a terminal, and never with NO_COLOR", "[cli][color]") {
  const std::vector<std::string> a{"attack", "-s", "curtain-wall", "-w", "cannon", "--successes", "2"};
  auto with = a;
  with.insert(with.end(), {"--color", "always"});
  CHECK_THAT(run(with).out, Catch::Contains("\x1b[32mintact\x1b[0m"));
  CHECK(run(a).out.find('\x1b') == std::string::npos);  // a pipe is not a terminal
  auto never = a;
  never.insert(never.end(), {"--color", "never"});
  CHECK(run(never).out.find('\x1b') == std::string::npos);
  CHECK(run(a, "", "NO_COLOR=1").out.find('\x1b') == std::string::npos);
  auto bad = a;
  bad.insert(bad.end(), {"--color", "sometimes"});
  CHECK(run(bad).status == 2);
}

TEST_CASE("An empty command word is an unknown command, not a crash", "[cli]") {
  for (const std::vector<std::string>& args : {std::vector<std::string>{"", "list", "x"}, {"--json", ""}}) {
    const siege::test::Run r = siege::test::siege(args);
    CHECK(r.status == 2);
    CHECK(r.err.rfind("siege: error: unknown command ''", 0) == 0);
  }
}

// Issue 23: CLI11's own words never reach the user; each parse error is one
// line of ours naming the command, the words at fault as typed, and what
// was expected.
TEST_CASE("A malformed command line gets our one-line message, never CLI11's text", "[cli][usage]") {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases{
      {{"attack", "a", "b", "c"}, "attack: unexpected arguments: a b c (attack takes options only)"},
      {{"status", "x"}, "status: unexpected argument: x (status takes options only)"},
      {{"note", "a", "b"}, "note: unexpected argument: b (note takes one TEXT and options)"},
      {{"init", "a", "b"}, "init: unexpected argument: b (init takes one FILE and options)"},
      {{"attack", "--weapon", "a", "--weapon", "b"}, "attack: --weapon takes one value, given 2: a b"},
      {{"attack", "-w", "a", "-w", "b", "-w", "c"}, "attack: --weapon takes one value, given 3: a b c"},
      {{"--seed", "1", "--seed", "2", "check"}, "check: --seed takes one value, given 2: 1 2"},
      {{"attack", "--weapon"}, "attack: --weapon needs one value (ID) after it"},
      {{"demolish", "--charge"}, "demolish: --charge needs one value (ID[:N]) after it"},
      {{"note", "--text"}, "note: --text needs one value (TEXT) after it"},
      {{"--color"}, "--color needs one value (WHEN) after it"},
      {{"attack", "--wepon", "x"}, "attack: unknown option --wepon (did you mean --weapon?)"},
      {{"odds", "chek"}, "odds: unknown subcommand chek (did you mean check?)"},
      {{"odds", "xyzzy"}, "odds: unknown subcommand xyzzy; odds takes check, attack, demolish, escalade, mine or scene"},
      {{"odds", "attack", "x", "y"}, "odds attack: unexpected arguments: x y (odds attack takes options only)"},
      {{"odds", "scene", "--scenes", "1", "--scenes", "2"}, "odds scene: --scenes takes one value, given 2: 1 2"},
      {{"odds", "--compare", "--weapons", "a", "--weapons", "b"}, "odds: --weapons takes one value, given 2: a b"},
      {{"odds", "attack", "--foo"}, "odds attack: unknown option --foo"},
      {{"--", "attack"}, "a command is required; run 'siege --help' for the list"},
      {{"play"}, "play: FILE: missing"},
  };
  for (const auto& [args, message] : cases) {
    INFO(args.front() << " ... -> " << message);
    const auto r = run(args);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err.rfind("siege: error: " + message, 0) == 0);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    // Our own word for a missing input (": missing: give ...") aside.
    const std::string err = std::regex_replace(r.err, std::regex(": missing(:|\n)"), ": -$1");
    for (const char* cli11 : {"following argument", "At Most", "At least", "required but received", " missing",
                              "Expected exactly", "A subcommand", "is required and"})
      CHECK(err.find(cli11) == std::string::npos);
  }
}

TEST_CASE("play's file given with --state is refused with the command line that works", "[cli][usage]") {
  const auto r = run({"--state", "my siege.json", "play"});
  CHECK(r.status == 2);
  CHECK(r.err == "siege: error: play: FILE: missing: the file is play's own argument, not --state's: "
                 "siege play 'my siege.json'\n");
}

TEST_CASE("R7: a personal inline weapon is named by its stats, never by the placeholder id", "[cli][R7]") {
  auto r = run({"attack", "-s", "tower", "--hull-damage", "3", "--mount", "personal"});
  CHECK(r.status == 2);
  CHECK(r.err == "siege: error: the inline weapon (--hull-damage 3 --mount personal) is a personal weapon: attacks "
                 "with it use the personal-combat rules (Chapter 4), not the structure rules\n");
  r = run({"attack", "-s", "tower", "-w", "cannon", "--mount", "personal"});
  CHECK(r.status == 2);
  CHECK(r.err.rfind("siege: error: weapon 'cannon' with --mount personal is a personal weapon", 0) == 0);
  r = run({"odds", "attack", "-s", "tower", "--hull-damage", "3", "--pierce", "1", "--mount", "personal"});
  CHECK(r.status == 2);
  CHECK(r.err.rfind("siege: error: the inline weapon (--hull-damage 3 --pierce 1 --mount personal) is", 0) == 0);
  // Its text too; the JSON keeps the documented "inline".
  r = run({"attack", "-s", "palisade", "--hull-damage", "4", "--pierce", "1", "--successes", "1"});
  REQUIRE(r.status == 0);
  CHECK(r.out.rfind("Attack    inline weapon (--hull-damage 4 --pierce 1) on palisade\n", 0) == 0);
  CHECK(r.out.find("(inline)") == std::string::npos);
}

TEST_CASE("odds --compare refuses an empty list of ids, or an empty item, naming the option", "[cli][odds]") {
  for (const auto& [option, value] : std::vector<std::pair<std::string, std::string>>{
           {"--weapons", ""}, {"--weapons", "cannon,,ram"}, {"--weapons", "cannon,"}, {"--structures", ""}}) {
    INFO(option << " '" << value << "'");
    const auto r = run({"odds", "--compare", option, value});
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err.rfind("siege: error: " + option + " '" + value + "': ", 0) == 0);
    CHECK(r.err.find("empty") != std::string::npos);
  }
  CHECK(run({"odds", "--compare", "--weapons", "cannon,ram", "--structures", "tower"}).status == 0);
}

TEST_CASE("odds scene refused at --scenes 1 does not ask for fewer --scenes", "[cli][odds]") {
  nlohmann::json d = {{"sections", {{{"id", "bastion"}, {"structure", "bastion"}}}}};
  for (int i = 0; i < 16; ++i) {
    d["besiegers"].push_back({{"id", "gun-" + std::to_string(i)}, {"engine", "cannon"}, {"pool", 1 + i % 4},
                              {"hull_suffered", i / 4}, {"target", "bastion"}});
    d["defenders"].push_back({{"id", "wall-" + std::to_string(i)}, {"weapon", "cannon"},
                              {"target", "gun-" + std::to_string(i)}});
  }
  const std::string dir = "/tmp/siege-test-scenes-" + std::to_string(::getpid());
  REQUIRE(std::system(("mkdir -p " + dir).c_str()) == 0);
  std::ofstream(dir + "/d.json") << d.dump();
  REQUIRE(run({"init", dir + "/s.json", "--from", dir + "/d.json"}).status == 0);
  const auto r = run({"--state", dir + "/s.json", "odds", "scene", "--scenes", "1"});
  CHECK(r.status == 2);
  CHECK(r.err.find("too large") != std::string::npos);
  CHECK(r.err.find("fewer --scenes") == std::string::npos);
  CHECK(r.err.find("give fewer engines the same target") != std::string::npos);
  (void)std::system(("rm -rf " + dir).c_str());
}

TEST_CASE("A cause says its limit of 200 bytes in --help, and a longer one is refused naming --cause", "[cli][R32]") {
  for (const char* command : {"damage", "repair", "remove"}) {
    INFO(command);
    const auto h = run({command, "--help"});
    CHECK(h.out.find("[at most 200 bytes]") != std::string::npos);
  }
  const std::string dir = "/tmp/siege-test-cause-" + std::to_string(::getpid());
  REQUIRE(std::system(("mkdir -p " + dir).c_str()) == 0);
  REQUIRE(run({"init", dir + "/s.json", "--from", SIEGE_SOURCE_DIR + "/examples/castle-siege.json"}).status == 0);
  const auto r =
      run({"--state", dir + "/s.json", "damage", "--at", "camp", "--hull", "1", "--cause", std::string(201, 'x')});
  CHECK(r.status == 2);
  CHECK(r.err == "siege: error: --cause: 201 bytes; it holds at most 200 bytes\n");
  (void)std::system(("rm -rf " + dir).c_str());
}

TEST_CASE("A word a hint quotes is quoted as the chronicle's command lines quote it", "[cli][hints]") {
  // One quoter (render.hpp's shell_word): '@', '=', '%' and UTF-8 are plain words.
  const auto r = run({"--state", "siège@1.json", "play"});
  CHECK(r.status == 2);
  CHECK(r.err.find("siege play siège@1.json\n") != std::string::npos);
}
