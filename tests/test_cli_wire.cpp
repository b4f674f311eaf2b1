// Every resolving command is an action: the command line and the action run
// from the same JSON keys print the same outcome; demolish, mine, abatis and
// escalade work on a state file (logged, undone, replayed, dry-run).
#include <catch2/catch.hpp>

#include "commands/actions.hpp"
#include "commands/cmd_works.hpp"
#include "cli/help.hpp"
#include "front/parse.hpp"
#include "commands/command.hpp"
#include "support.hpp"
#include "temp_dir.hpp"

using nlohmann::json;
using siege::test::Run;
using siege::test::slurp;
using siege::test::TempDir;
using namespace siege;
using namespace siege::cli;

namespace {

struct Case {
  std::string action;
  std::vector<std::string> args;  // after the command name
  json inputs;                    // the same, as an action's keys
};

// One case per command; every kind of field (text, texts, number, flag,
// positional, optional text) appears somewhere.
const std::vector<Case>& cases() {
  static const std::vector<Case> all{
      {"check", {"--difficulty", "hard", "--pool", "4", "--bane-dice", "1"},
       {{"difficulty", "hard"}, {"pool", 4}, {"bane-dice", 1}}},
      {"demolish", {"-s", "curtain-wall", "--charge", "powder-keg:2", "--charge", "demolition-charge", "--pool", "4"},
       {{"structure", "curtain-wall"}, {"charge", {"powder-keg:2", "demolition-charge"}}, {"pool", 4}}},
      {"mine", {"--structure", "curtain-wall", "--days", "2", "--sapper-pool", "4", "--countermine"},
       {{"structure", "curtain-wall"}, {"days", 2}, {"sapper-pool", 4}, {"countermine", true}}},
      {"mine", {"-s", "tower", "--day-results", "2:1,0:0", "--damage-taken", "3"},
       {{"structure", "tower"}, {"day-results", "2:1,0:0"}, {"damage-taken", 3}}},
      {"escalade", {"--method", "ladder", "--attackers", "5", "--ladders", "2", "--defended"},
       {{"method", "ladder"}, {"attackers", 5}, {"ladders", 2}, {"defended", true}}},
      {"escalade", {"-m", "grapnel", "--attackers", "3", "--successes-per-round", "1,1"},
       {{"method", "grapnel"}, {"attackers", 3}, {"successes-per-round", "1,1"}}},
      {"hold", {"--needed", "10", "--order", "good", "--figures", "6"},
       {{"needed", 10}, {"order", "good"}, {"figures", 6}}},
      {"rout", {"--figures", "10", "--side", "attacker", "--within-walls"},
       {{"figures", 10}, {"side", "attacker"}, {"all-within-walls", true}}},
      {"army-morale", {"--strength", "30", "--killed", "10"}, {{"strength", 30}, {"killed", 10}}},
      {"abatis", {"build", "--progress", "1"}, {{"work", "build"}, {"progress", 1}}},
      {"abatis", {"tear", "--interrupted"}, {{"work", "tear"}, {"interrupted", true}}},
      {"casualties", {"--through", "3", "--behind", "5", "--killed", "4"},
       {{"through", 3}, {"behind", 5}, {"killed", 4}}},
      {"move", {"--speed", "7", "--through-breach"}, {{"speed", 7}, {"through-breach", true}}},
  };
  return all;
}

const detail::JsonSource src{"test", ErrorKind::usage};

ActionResult run_from_keys(const std::string& action, const json& inputs, std::uint64_t seed,
                           SiegeState* state = nullptr) {
  Context ctx;
  return run_logged_action(action, detail::Cursor(inputs, src, ""), seed, state, ctx);
}

// The option an input names on the command line: "--key", or KEY for a
// positional (abatis WORK).
std::string option_of(const json& input) {
  std::string key = input.at("key");
  if (!input.at("positional").get<bool>()) return "--" + key;
  for (char& c : key) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return key;
}

// The names the command line reads for `row` are exactly its described
// inputs, and its --help screen lists each.
void check_inputs_are_options(const Command& row, const Command* parent = nullptr) {
  INFO(row.name);
  const json inputs = described_inputs(row);
  const auto names = siege::cli::input_names(row);
  const std::string help = parent != nullptr ? siege::cli::help_screen(parent, &row, 1000)
                                             : siege::cli::help_screen(&row, nullptr, 1000);
  for (const auto& in : inputs) {
    INFO(in.dump());
    CHECK(std::any_of(names.begin(), names.end(), [&](const auto& n) { return n.name == option_of(in); }));
    const bool listed =
        help.find("  " + option_of(in)) != std::string::npos || help.find("," + option_of(in)) != std::string::npos;
    CHECK(listed);
    if (in.contains("also"))
      CHECK(std::any_of(names.begin(), names.end(), [&](const auto& n) { return n.name == in.at("also"); }));
  }
  for (const auto& n : names) {
    INFO(n.name);
    // A positional input's other name (note TEXT, also --text) names the same input.
    CHECK(std::any_of(inputs.begin(), inputs.end(),
                      [&](const json& in) { return option_of(in) == n.name || in.value("also", "") == n.name; }));
  }
}

// A folder with siege.json made from the example castle.
struct Castle {
  TempDir dir;
  std::string state = dir.file("siege.json");
  Castle() {
    REQUIRE(siege::test::siege({"init", state, "--from", SIEGE_SOURCE_DIR + "/examples/castle-siege.json"}).status ==
            0);
  }
  [[nodiscard]] Run on(std::vector<std::string> args) const {
    args.insert(args.begin(), {"--state", state});
    return siege::test::siege(args);
  }
  [[nodiscard]] std::string bytes() const { return slurp(state); }
  [[nodiscard]] json section(const std::string& id) const {
    const json file = json::parse(bytes());
    for (const auto& s : file.at("sections"))
      if (s.at("id") == id) return s;
    FAIL("no section " << id);
    return {};
  }
  [[nodiscard]] json log() const { return json::parse(bytes()).at("log"); }
  // R30: a mine digs only in a scene: the file as if it began in scene 1
  // (its initial snapshot too, so replay agrees), with no entry logged.
  void in_first_scene() const {
    std::string text = bytes();
    for (std::size_t at = 0; (at = text.find("\"scene\": 0,", at)) != std::string::npos;)
      text.replace(at, 11, "\"scene\": 1,");
    dir.write("siege.json", text);
  }
};

}  // namespace

TEST_CASE("Every resolving command is in the action table", "[wire][actions]") {
  // The commands `siege help --inputs` calls logged, as tools/gen-refs wrote
  // them down (tests/corpus/commands.json; gen_refs_check holds it current).
  const json declared = json::parse(siege::test::slurp(std::string(SIEGE_SOURCE_DIR) + "/tests/corpus/commands.json"));
  const auto logged = declared.at("actions").get<std::vector<std::string>>();
  REQUIRE(logged.size() >= 20);
  for (const auto& name : logged) CHECK(find_action(name).name == name);
  std::vector<std::string> acting;
  for (const auto& c : commands())
    if (c.act != nullptr) acting.emplace_back(c.name);
  CHECK(acting == logged);
}

TEST_CASE("Each command's options are exactly its declared inputs", "[wire][actions]") {
  for (const auto& c : commands()) {
    check_inputs_are_options(c);
    if (has_subcommands(c))
      for (const auto& sub : subcommands_of(c)) check_inputs_are_options(sub, &c);
  }
}

TEST_CASE("A number input's bounds and default reach --help", "[wire][cli]") {
  const Run r = siege::test::siege({"attack", "--help"});
  CHECK_THAT(r.out, Catch::Contains("Skill dice to roll [0..50, default 3]"));
  CHECK_THAT(r.out, Catch::Contains("Inline weapon: Pierce [0..1000]"));
}

TEST_CASE("A command's JSON equals its action run from the same keys and seed", "[wire][cli]") {
  for (const auto& c : cases()) {
    for (const std::uint64_t seed : {1u, 42u}) {
      std::vector<std::string> args{c.action};
      args.insert(args.end(), c.args.begin(), c.args.end());
      args.insert(args.end(), {"--seed", std::to_string(seed), "--json"});
      const Run cli = siege::test::siege(args);
      INFO(c.action << " " << c.inputs.dump() << " seed " << seed << ": " << cli.err);
      REQUIRE(cli.status == 0);
      const ActionResult a = run_from_keys(c.action, c.inputs, seed);
      CHECK(json::parse(cli.out) == json::parse(a.json));
      CHECK(cli.json().at("action") == c.action);
    }
  }
}

TEST_CASE("An action refuses a key that is not one of its options, naming it", "[wire][errors]") {
  try {
    (void)run_from_keys("abatis", {{"work", "build"}, {"progres", 1}}, 1);
    FAIL("no error");
  } catch (const Error& e) {
    CHECK(std::string(e.what()).find("unknown key 'progres' (did you mean progress?)") != std::string::npos);
  }
}

TEST_CASE("demolish --state takes the section's Hull, logs, undoes byte for byte and replays", "[wire][state]") {
  Castle c;
  const std::string before = c.bytes();
  const Run r = c.on({"demolish", "--section", "north-wall", "--charge", "demolition-charge:3", "--craft-successes",
                      "2", "--seed", "7", "--json"});
  REQUIRE(r.status == 0);
  const json out = r.json();
  CHECK(out.at("section") == "north-wall");
  CHECK(out.at("log_entry") == 1);
  const json s = c.section("north-wall");
  CHECK(s.at("hull_suffered") == out.at("hull").at("after"));
  CHECK(out.at("hull").at("after").get<int>() > 0);
  const json log = c.log();
  REQUIRE(log.size() == 1);
  CHECK(log[0].at("action") == "demolish");
  CHECK(log[0].at("inputs") ==
        json{{"section", "north-wall"}, {"charge", {"demolition-charge:3"}}, {"craft-successes", 2}});
  CHECK(log[0].at("seed") == 7);
  // A second charge on the breached wall: logged too (the Hull is capped).
  REQUIRE(c.on({"demolish", "--section", "north-wall", "--charge", "demolition-charge:3", "--craft-successes", "2"})
              .status == 0);
  CHECK(c.section("north-wall").at("hull_suffered").get<int>() >= s.at("hull_suffered").get<int>());
  CHECK(c.log().size() == 2);
  CHECK(c.on({"replay"}).status == 0);
  REQUIRE(c.on({"undo"}).status == 0);
  REQUIRE(c.on({"undo"}).status == 0);
  CHECK(siege::test::without_redo(c.bytes()) == before);  // R40: the redo list aside
}

TEST_CASE("mine --state digs the section's gallery day by day, and replay recomputes it", "[wire][state]") {
  Castle c;
  c.in_first_scene();
  const std::string before = c.bytes();
  REQUIRE(c.on({"mine", "--section", "east-wall", "--day-results", "1:0,1:0"}).status == 0);
  CHECK(c.section("east-wall").at("mine") == json{{"days_dug", 2}, {"detected", false}});
  const std::string two_days = c.bytes();
  REQUIRE(c.on({"mine", "--section", "east-wall", "--days", "1", "--seed", "3"}).status == 0);
  const json m = c.section("east-wall").at("mine");
  CHECK((m.at("detected") == true || m.at("days_dug") == 3));
  CHECK(c.log().at(1).at("inputs") == json{{"section", "east-wall"}, {"days", 1}});
  CHECK(c.on({"replay"}).status == 0);
  REQUIRE(c.on({"undo"}).status == 0);
  CHECK(siege::test::without_redo(c.bytes()) == two_days);  // R40: the redo list aside
  REQUIRE(c.on({"undo"}).status == 0);
  CHECK(siege::test::without_redo(c.bytes()) == before);
}

TEST_CASE("A mine dug to the end fires and the section takes its Hull damage", "[wire][state]") {
  Castle c;
  c.in_first_scene();
  // Curtain wall: as many days as its listed Armor; the referee's rolls keep it hidden.
  const int days = siege::test::tables().structure("curtain-wall").armor;
  std::string results;
  for (int i = 0; i < days; ++i) results += (i ? "," : "") + std::string("1:0");
  const Run r = c.on({"mine", "--section", "north-wall", "--day-results", results, "--json"});
  REQUIRE(r.status == 0);
  CHECK(r.json().at("fired") == true);
  const json s = c.section("north-wall");
  CHECK(s.at("mine") == json{{"days_dug", 0}, {"detected", false}});
  CHECK(s.at("hull_suffered") == r.json().at("hull").at("after"));
  CHECK(c.on({"replay"}).status == 0);
}

TEST_CASE("A found gallery is not dug on", "[wire][state][errors]") {
  Castle c;
  c.in_first_scene();
  REQUIRE(c.on({"mine", "--section", "east-wall", "--day-results", "0:2"}).status == 0);
  CHECK(c.section("east-wall").at("mine").at("detected") == true);
  const std::string found = c.bytes();
  const Run r = c.on({"mine", "--section", "east-wall", "--days", "1"});
  CHECK(r.status == 2);
  CHECK(r.err.find("found the gallery under east-wall") != std::string::npos);
  CHECK(c.bytes() == found);
}

TEST_CASE("R26: abatis --state counts the turns in the file: three builds make it stand, then tear", "[wire][state]") {
  Castle c;
  REQUIRE(c.on({"damage", "--at", "north-wall", "--hull", "20"}).status == 0);  // abatis goes across a breach
  const std::string before = c.bytes();
  REQUIRE(c.on({"abatis", "build", "--section", "north-wall"}).status == 0);
  CHECK(c.section("north-wall").at("abatis") == json{{"standing", false}, {"progress", 1}});
  REQUIRE(c.on({"abatis", "build", "--section", "north-wall"}).status == 0);
  REQUIRE(c.on({"abatis", "build", "--section", "north-wall"}).status == 0);
  CHECK(c.section("north-wall").at("abatis") == json{{"standing", true}, {"progress", 0}});
  CHECK(c.on({"abatis", "build", "--section", "north-wall"}).status == 2);
  // R46: tearing needs attackers at the section.
  REQUIRE(c.on({"add", "--unit", "sappers", "--side", "besieger", "--figures", "6", "--section", "north-wall"}).status ==
          0);
  REQUIRE(c.on({"abatis", "tear", "--section", "north-wall"}).status == 0);
  CHECK(c.section("north-wall").at("abatis") == json{{"standing", true}, {"progress", 1}});
  REQUIRE(c.on({"abatis", "tear", "--section", "north-wall", "--interrupted"}).status == 0);
  CHECK(c.section("north-wall").at("abatis") == json{{"standing", true}, {"progress", 0}});
  CHECK(c.log().at(1).at("inputs") == json{{"work", "build"}, {"section", "north-wall"}});
  CHECK(c.on({"replay"}).status == 0);
  const Run log = c.on({"log"});
  CHECK(log.out.find("north-wall: build 0 -> 1, no abatis") != std::string::npos);
  for (int i = 0; i < 6; ++i) REQUIRE(c.on({"undo"}).status == 0);  // 3 builds, the sappers, 2 tears
  CHECK(siege::test::without_redo(c.bytes()) == before);  // R40: the redo list aside
}

TEST_CASE("escalade --state reads the section, climbs a unit of the file and changes no section",
          "[wire][state]") {
  Castle c;
  const json sections = json::parse(c.bytes()).at("sections");
  const Run r = c.on({"escalade", "--section", "river-tower", "--unit", "reserve", "--method", "ladder",
                      "--rounds", "1", "--seed", "5", "--json"});
  REQUIRE(r.status == 0);
  const json o = r.json();
  CHECK(o.at("section") == "river-tower");
  CHECK(o.at("structure") == "tower");
  CHECK(o.at("attackers") == 12);  // the reserve's figures, all at the foot
  CHECK(json::parse(c.bytes()).at("sections") == sections);
  const json reserve = json::parse(c.bytes()).at("units").at(3);
  CHECK(reserve.at("section") == "river-tower");
  CHECK(reserve.at("through") == o.at("up"));  // one ladder, one round: at most one up
  CHECK(reserve.at("behind") == 12 - o.at("up").get<int>());
  CHECK(c.log().size() == 1);
  CHECK(c.log().at(0).at("inputs") ==
        json{{"method", "ladder"}, {"rounds", 1}, {"section", "river-tower"}, {"unit", "reserve"}});
  CHECK(c.on({"replay"}).status == 0);
}

TEST_CASE(
    "A dry run resolves demolish, mine, abatis, escalade and the unit commands but leaves the file byte for "
    "byte",
    "[wire][state]") {
  Castle c;
  c.in_first_scene();
  REQUIRE(c.on({"damage", "--at", "north-wall", "--hull", "20"}).status == 0);  // abatis goes across a breach
  const std::string before = c.bytes();
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"demolish", "--section", "gatehouse", "--charge", "powder-keg", "--dry-run"},
           {"mine", "--section", "east-wall", "--days", "2", "--dry-run"},
           {"abatis", "build", "--section", "north-wall", "--dry-run"},
           {"escalade", "--section", "east-wall", "-m", "ladder", "--unit", "reserve", "--dry-run", "--json"},
           {"casualties", "--unit", "reserve", "--killed", "2", "--dry-run"},
           {"move", "--unit", "garrison", "--section", "east-wall", "--dry-run"},
           {"order", "--unit", "reserve", "--set", "shaken", "--dry-run"}}) {
    const Run r = c.on(args);
    INFO(args[0] << ": " << r.err);
    CHECK(r.status == 0);
    CHECK(c.bytes() == before);
  }
}

TEST_CASE("With --state the section replaces --structure, and --section needs --state", "[wire][state][errors]") {
  Castle c;
  const std::string before = c.bytes();
  const std::vector<std::pair<std::vector<std::string>, std::string>> refused_with_state{
      {{"demolish", "--structure", "curtain-wall", "--section", "north-wall", "--charge", "powder-keg"},
       "demolish: --structure: goes without --state"},
      {{"mine", "-s", "curtain-wall", "--section", "north-wall"}, "mine: --structure: goes without --state"},
      {{"mine", "--section", "north-wall", "--days-dug", "2"}, "mine: --days-dug: goes without --state"},
      {{"abatis", "build", "--section", "north-wall", "--progress", "1"}, "abatis: --progress: goes without --state"},
      {{"escalade", "-s", "tower", "--section", "north-wall", "--method", "ladder", "--attackers", "2"},
       "escalade: --structure: goes without --state"},
      {{"demolish", "--charge", "powder-keg"}, "demolish: --section: missing: give ID"},
      {{"demolish", "--section", "nort-wall", "--charge", "powder-keg"}, "unknown section 'nort-wall'"},
  };
  for (const auto& [args, message] : refused_with_state) {
    const Run r = c.on(args);
    INFO(args[0] << ": " << r.err);
    CHECK(r.status == 2);
    CHECK(r.err.find(message) != std::string::npos);
  }
  CHECK(c.bytes() == before);
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"demolish", "--section", "north-wall", "--charge", "powder-keg"},
           {"mine", "--section", "north-wall"},
           {"abatis", "build", "--section", "north-wall"},
           {"escalade", "--section", "north-wall", "--attackers", "2"}}) {
    const Run r = siege::test::siege(args);
    INFO(args[0]);
    CHECK(r.status == 2);
    CHECK(r.err.find("--section: needs --state FILE") != std::string::npos);
  }
}
