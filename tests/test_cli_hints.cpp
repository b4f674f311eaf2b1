// Every hint the program prints is a command the program accepts (issue 15):
// each hint is provoked in a state file, taken from the program's own output,
// its placeholders (ID, FILE, DESCRIPTION.json) filled in, and run against
// the same file; every option an output names is one its command knows.
// Also the command-line side of R29 (init refuses a defender aimed at its
// own castle) and R13 (a breached wooden bridge is impassable).
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "support.hpp"
#include "temp_dir.hpp"

using nlohmann::json;

namespace {

const std::string hn_castle = SIEGE_SOURCE_DIR + "/examples/castle-siege.json";

std::vector<std::string> hn_words(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

// Every match of group 1 of `pattern` in `text`, a line break and the
// indent after it read as one space (the text output wraps at 80 columns).
std::vector<std::string> hn_found(const std::string& wrapped, const std::string& pattern) {
  const std::string text = std::regex_replace(wrapped, std::regex("\n[ ]*"), " ");
  std::vector<std::string> out;
  const std::regex re(pattern);
  for (auto it = std::sregex_iterator(text.begin(), text.end(), re); it != std::sregex_iterator(); ++it)
    out.push_back((*it)[1].str());
  return out;
}

siege::test::Run hn_siege(const std::vector<std::string>& args) { return siege::test::siege(args); }

// The notes of a --json outcome, one a line.
std::string hn_notes(const siege::test::Run& r) {
  std::string out;
  const json notes = r.json()["notes"];
  for (const auto& n : notes) out.append(n.get<std::string>()).append("\n");
  return out;
}

// A siege in a state file, from `description`.
struct HnSiege {
  siege::test::TempDir dir;
  std::string state = dir.file("siege.json");
  std::string description;
  siege::test::Run init;
  explicit HnSiege(std::string from = hn_castle) : description(std::move(from)) {
    init = hn_siege({"init", state, "--from", description});
    REQUIRE(init.status == 0);
  }
  [[nodiscard]] siege::test::Run on(std::vector<std::string> args) const {
    args.insert(args.begin(), {"--state", state});
    return hn_siege(args);
  }
  [[nodiscard]] std::string bytes() const { return siege::test::slurp(state); }

  // Runs the hint `command` ("siege target --engine ram --at ID", or
  // "move --unit u --section s") with `id` for ID, against this siege (the
  // file is given unless the hint names one itself); it must be accepted.
  siege::test::Run run_hint(const std::string& command, const std::string& id = "",
                            const std::vector<std::string>& extra = {}) const {
    INFO("the hint: " << command);
    REQUIRE(command.find('\'') == std::string::npos);  // one word a space apart
    std::vector<std::string> args = hn_words(command);
    if (!args.empty() && args[0] == "siege") args.erase(args.begin());
    bool names_state = false;
    for (auto& a : args) {
      if (a == "ID") a = id;
      if (a == "FILE") a = dir.file("another.json");
      if (a == "DESCRIPTION.json") a = description;
      if (a == "--state" || a == "init") names_state = true;
    }
    REQUIRE(std::find(args.begin(), args.end(), "") == args.end());
    args.insert(args.end(), extra.begin(), extra.end());
    if (!names_state) args.insert(args.begin(), {"--state", state});
    const siege::test::Run r = hn_siege(args);
    INFO(r.err);
    CHECK(r.status == 0);
    return r;
  }
};

// The options of `command` ("odds mine" is two words) and the global ones.
std::set<std::string> hn_known_options(const std::string& command) {
  std::vector<std::string> args = {"help", "--inputs"};
  for (const auto& w : hn_words(command)) args.push_back(w);
  args.push_back("--json");
  const siege::test::Run r = siege::test::siege(args);
  REQUIRE(r.status == 0);
  std::set<std::string> out = {"--state", "--seed", "--json", "--data", "--dry-run", "--color", "--format", "--help"};
  const json inputs = r.json()["inputs"];
  for (const auto& in : inputs) out.insert("--" + in["key"].get<std::string>());
  return out;
}

// Every --option the output of `command` names is one it knows (a command
// it names in quotes, 'siege ...', is another's).
void hn_options_known(const std::string& command, const siege::test::Run& r) {
  const std::set<std::string> known = hn_known_options(command);
  const std::string text = std::regex_replace(r.out + " " + r.err, std::regex("'siege [^']*'|with: siege .*"), "");
  for (const auto& o : hn_found(text, R"((?:^|[^a-z-])(--[a-z][a-z-]*))")) {
    INFO(command << " prints " << o << ":\n" << r.out << r.err);
    CHECK(known.count(o) == 1);
  }
}

}  // namespace

TEST_CASE("init's hint plays a scene, and a scene's re-aim hints re-aim (R29)", "[cli][hints][R29]") {
  HnSiege h;
  const auto play = hn_found(h.init.out, R"((siege --state \S+ scene))");
  REQUIRE(play.size() == 1);
  h.run_hint(play[0]);
  REQUIRE(h.on({"damage", "--at", "north-wall", "--hull", "20"}).status == 0);
  const std::string before = h.bytes();
  const siege::test::Run text = h.on({"--dry-run", "--seed", "3", "scene"});
  REQUIRE(text.status == 0);
  const auto in_text = hn_found(text.out, R"(\): (siege target --engine \S+ --at ID))");
  const siege::test::Run j = h.on({"--dry-run", "--json", "--seed", "3", "scene"});
  REQUIRE(j.status == 0);
  const auto in_notes = hn_found(hn_notes(j), R"(Re-aim it with: (siege target --engine \S+ --at ID)\.)");
  CHECK(in_text.size() == 2);  // great-bombard and battery-cannon aim at north-wall
  CHECK(in_notes.size() == in_text.size());
  std::vector<std::string> in_json;
  const json idle = j.json()["idle"];
  for (const auto& e : idle) in_json.push_back(e["command"].get<std::string>());
  CHECK(in_json == in_text);
  for (const auto& list : {in_text, in_notes, in_json})
    for (const auto& c : list) h.run_hint(c, "east-wall", {"--dry-run"});
  CHECK(h.bytes() == before);
}

TEST_CASE("init's hint for a path with a space or a long path is quoted, kept whole, and runs when pasted",
          "[cli][hints]") {
  siege::test::TempDir dir;
  const std::string spaced = dir.file("the siege of Harrowmere's keep.json");
  const std::string long_path =
      dir.file("a-folder-name-long-enough-to-wrap-the-hint-at-eighty-columns-and-then-some") + "/siege.json";
  REQUIRE(std::system(
              ("mkdir " + siege::test::shell_quote(long_path.substr(0, long_path.rfind('/')))).c_str()) == 0);
  for (const std::string& path : {spaced, long_path}) {
    const siege::test::Run init = hn_siege({"init", path, "--from", hn_castle});
    INFO(init.out << init.err);
    REQUIRE(init.status == 0);
    // The command after "play a scene with:", its lines joined where one
    // ends in " \\" (a shell's line continuation, as a paste gives it).
    std::smatch hint;
    REQUIRE(std::regex_search(init.out, hint, std::regex(R"(play\s+a\s+scene\s+with:)")));
    std::string command = hint.suffix().str();
    command = std::regex_replace(command, std::regex(" \\\\\n *"), " ");
    command = std::regex_replace(command, std::regex("^\\s+|\\s+$"), "");
    CHECK(command.find('\n') == std::string::npos);  // one command, never wrapped inside a word
    REQUIRE(command.rfind("siege ", 0) == 0);
    // Pasted into a shell (with siege the program built), it plays a scene on that file.
    const std::string out = dir.file("pasted.out");
    const std::string line =
        siege::test::shell_quote(SIEGE_BINARY) + command.substr(5) + " >" + out + " 2>&1";
    const int rc = std::system(line.c_str());
    INFO(command << "\n" << siege::test::slurp(out));
    CHECK(WEXITSTATUS(rc) == 0);
    CHECK(siege::test::slurp(out).find("Scene     1 of a siege") != std::string::npos);
    CHECK(json::parse(siege::test::slurp(path))["log"].size() == 1);
  }
  // A missing file's error names the command that makes it, quoted the same way.
  const siege::test::Run missing = hn_siege({"--state", spaced + ".new", "status"});
  CHECK(missing.status == 4);
  CHECK(missing.err.find("make one with: siege init " + siege::test::shell_quote(spaced + ".new") +
                         " --from DESCRIPTION.json") != std::string::npos);
}

TEST_CASE("the mine's hints, before a scene and within it, are commands the program takes (R30)",
          "[cli][hints][R30]") {
  HnSiege h;
  const siege::test::Run first = h.on({"mine", "--section", "east-wall"});
  REQUIRE(first.status == 2);
  const auto scene = hn_found(first.err, R"(\((siege scene)\))");
  REQUIRE(scene.size() == 1);
  h.run_hint(scene[0]);
  const siege::test::Run dug = h.on({"--json", "mine", "--section", "east-wall", "--day-results", "1:0"});
  REQUIRE(dug.status == 0);
  hn_options_known("mine", {0, hn_notes(dug), ""});
  const auto go_on = hn_found(hn_notes(dug), R"(Go on with: (siege --state \S+ mine --section [a-z0-9-]+)\.)");
  REQUIRE(go_on.size() == 1);
  h.run_hint(go_on[0], "", {"--day-results", "1:0"});

  // A day-long scene: a stone bridge (Armor 4) dug one day has no day left in it.
  siege::test::TempDir d;
  const std::string desc = d.file("bridge.json");
  std::ofstream(desc) << R"({"schema": 1, "scene_length": "day",
                            "sections": [{"id": "stone", "structure": "stone-bridge"}]})";
  HnSiege b(desc);
  REQUIRE(b.on({"scene"}).status == 0);
  const siege::test::Run day = b.on({"--json", "mine", "--section", "stone", "--day-results", "1:0"});
  REQUIRE(day.status == 0);
  const auto next = hn_found(hn_notes(day), R"(Go on in the next scene: (siege --state \S+ scene), then (?:siege --state \S+ mine --section [a-z0-9-]+))");
  const auto then = hn_found(hn_notes(day), R"(Go on in the next scene: siege --state \S+ scene, then (siege --state \S+ mine --section [a-z0-9-]+))");
  REQUIRE(next.size() == 1);
  REQUIRE(then.size() == 1);
  b.run_hint(next[0]);
  b.run_hint(then[0], "", {"--day-results", "1:0"});
  // Charges on the bridge: the hint to set them on a pier is an option demolish takes with --state.
  const siege::test::Run charge = b.on({"--json", "--dry-run", "demolish", "--section", "stone", "-c", "petard",
                                        "--craft-successes", "1"});
  REQUIRE(charge.status == 0);
  hn_options_known("demolish", {0, hn_notes(charge), ""});
  const auto pier = hn_found(hn_notes(charge), R"(\((--[a-z-]+)\), each charge would count double)");
  REQUIRE(pier.size() == 1);
  b.run_hint("demolish --section stone -c petard --craft-successes 1 " + pier[0], "", {"--dry-run"});
}

TEST_CASE("the troop commands' hints with a state file are accepted as they stand (R24, R33)", "[cli][hints][R33]") {
  HnSiege h;
  REQUIRE(h.on({"damage", "--at", "north-wall", "--hull", "20"}).status == 0);
  const siege::test::Run hold =
      h.on({"hold", "--unit", "garrison", "--enemy", "storming-party", "--section", "north-wall", "--needed", "12",
            "--rolled", "15"});
  REQUIRE(hold.status == 2);
  const auto moves = hn_found(hold.err, R"(\(siege (move --unit \S+ --section [^ )]+)\))");
  REQUIRE(moves.size() == 1);
  h.run_hint(moves[0]);
  REQUIRE(h.on({"move", "--unit", "storming-party", "--section", "north-wall", "--through-breach", "--figures", "5"})
              .status == 0);
  // A rout of a unit partly through a breach: the standard rout, and any
  // option its notes ask for is one rout takes with the file.
  const siege::test::Run r = h.on({"--json", "--dry-run", "rout", "--unit", "storming-party"});
  REQUIRE(r.status == 0);
  hn_options_known("rout", {0, hn_notes(r), ""});
  REQUIRE(hn_notes(r).find("standard rout") != std::string::npos);
  for (const auto& o : hn_found(hn_notes(r), R"(give (--[a-z-]+))")) h.run_hint("rout --unit storming-party " + o);
}

TEST_CASE("the commands the errors name in quotes run as they stand", "[cli][hints]") {
  HnSiege h;
  // With --json an error is one line on stderr, however long.
  // A command in quotes, or one that ends the message ("make one with: siege init ...").
  const auto quoted = [](const siege::test::Run& r) {
    auto found = hn_found(r.err, R"('(siege [^']*)')");
    for (const auto& c : hn_found(r.err, R"(with: (siege [^'\n]*))")) found.push_back(c);
    return found;
  };
  std::vector<std::pair<siege::test::Run, std::string>> errors;  // the error, the command it is about
  errors.emplace_back(h.on({"--json", "target", "--engine", "trebuchett", "--at", "east-wall"}), "target");
  errors.emplace_back(h.on({"--json", "demolish", "--section", "gatehouse"}), "demolish");
  errors.emplace_back(hn_siege({"--json", "attack", "-s", "curtian", "-w", "cannon", "--successes", "1"}), "attack");
  errors.emplace_back(h.on({"--json", "sieje"}), "");
  const std::string missing = h.dir.file("missing.json");
  errors.emplace_back(hn_siege({"--json", "--state", missing, "status"}), "status");
  const std::string other = h.dir.file("other.json");
  std::ofstream(other) << "{}";
  errors.emplace_back(hn_siege({"--json", "--state", other, "status"}), "status");
  std::size_t hints = 0;
  for (const auto& [r, command] : errors) {
    INFO(r.err);
    CHECK(r.status != 0);
    if (!command.empty()) hn_options_known(command, {0, "", r.err});
    for (const auto& c : quoted(r)) {
      ++hints;
      h.run_hint(c);
    }
  }
  CHECK(hints == errors.size());
}

TEST_CASE("every command the chronicle prints, run again on a new file, gives the same file", "[cli][hints]") {
  HnSiege h;
  const std::vector<std::vector<std::string>> steps = {
      {"--seed", "1", "scene"},
      {"attack", "--section", "east-wall", "--weapon", "cannon", "--successes", "2", "--boons", "1"},
      {"attack", "--engine", "great-bombard", "--seed", "4"},
      {"demolish", "--section", "east-wall", "-c", "powder-keg:2", "-c", "petard", "--pool", "3", "--seed", "5"},
      {"damage", "--at", "north-wall", "--hull", "20", "--cause", "Burn"},
      {"move", "--unit", "storming-party", "--section", "north-wall", "--through-breach", "--figures", "5"},
      {"casualties", "--unit", "storming-party", "--killed", "2"},
      {"rout", "--unit", "storming-party", "--blocked", "1", "--seed", "3"},
      {"order", "--unit", "storming-party", "--set", "shaken"},
      {"army-morale", "--side", "besieger", "--seed", "9"},
      {"escalade", "--section", "river-tower", "--method", "ladder", "--ladders", "2", "--unit", "reserve",
       "--defended", "--seed", "3"},
      {"mine", "--section", "east-wall", "--days", "2", "--seed", "8"},
      {"abatis", "build", "--section", "north-wall", "--attackers-in-breach"},
      {"target", "--engine", "trebuchet", "--at", "none"},
      {"sortie", "--at", "camp", "--pool", "3", "--weapon", "cannon", "--seed", "3"},
      {"move", "--unit", "garrison", "--to", "outside"},
      {"check", "--difficulty", "hard", "--pool", "4"}};
  for (const auto& s : steps) {
    const siege::test::Run r = h.on(s);
    INFO(s[0] << ": " << r.err);
    REQUIRE(r.status == 0);
  }
  const siege::test::Run page = h.on({"--format", "markdown", "chronicle"});
  REQUIRE(page.status == 0);
  // The whole command, on the state file by its name (run here on the new file).
  const auto found = hn_found(page.out, R"(`siege --state siege\.json (--seed \d+ [^`]*)`)");
  REQUIRE(found.size() == steps.size());
  HnSiege again;
  for (const auto& rest : found) {
    const std::string c = "siege " + rest;
    again.run_hint(c);
    const auto w = hn_words(c);
    hn_options_known(w.at(3), siege::test::Run{0, c, ""});
  }
  CHECK(again.bytes() == h.bytes());
}

TEST_CASE("R29: init refuses a defender engine aimed at a section of its own castle, naming the pointer",
          "[cli][hints][R29]") {
  siege::test::TempDir d;
  const std::string desc = d.file("own-wall.json");
  std::ofstream(desc) << R"({"schema": 1, "sections": [{"id": "keep", "structure": "curtain-wall"}],
                            "defenders": [{"id": "mangonel", "weapon": "mangonel", "pool": 3, "target": "keep"}]})";
  const std::string state = d.file("siege.json");
  const siege::test::Run r = siege::test::siege({"init", state, "--from", desc});
  INFO(r.err);
  CHECK(r.status == 2);
  CHECK(r.out.empty());
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  CHECK(r.err.find("/defenders/0/target") != std::string::npos);
  CHECK(r.err.find("R29") != std::string::npos);
  CHECK(siege::test::slurp(state).empty());  // nothing written

  // Over an existing file (--force): refused, and the file byte for byte as it was.
  REQUIRE(siege::test::siege({"init", state, "--from", hn_castle}).status == 0);
  const std::string before = siege::test::slurp(state);
  const siege::test::Run forced = siege::test::siege({"init", state, "--from", desc, "--force"});
  CHECK(forced.status == 2);
  CHECK(std::count(forced.err.begin(), forced.err.end(), '\n') == 1);
  CHECK(forced.err.find("/defenders/0/target") != std::string::npos);
  CHECK(siege::test::slurp(state) == before);
}

TEST_CASE("R13: a breached wooden bridge is impassable through the command line, not an assault gap",
          "[cli][hints][R13]") {
  siege::test::TempDir d;
  const std::string desc = d.file("bridge.json");
  std::ofstream(desc) << R"({"schema": 1, "scene_length": "day",
    "sections": [{"id": "bridge", "structure": "wooden-bridge"}, {"id": "wall", "structure": "curtain-wall"}],
    "units": [{"id": "party", "side": "besieger", "figures": 10}]})";
  HnSiege h(desc);
  const siege::test::Run burn = h.on({"--json", "damage", "--at", "bridge", "--hull", "10", "--cause", "Burn"});
  REQUIRE(burn.status == 0);
  const json o = burn.json();
  CHECK(o["state"]["after"] == "breached");
  const auto rules = o["rules"].get<std::vector<std::string>>();
  CHECK(std::find(rules.begin(), rules.end(), "impassable-when-breached") != rules.end());
  CHECK(std::find(rules.begin(), rules.end(), "play-the-assault") == rules.end());

  // No hint to play the assault across it, in status or the chronicle.
  const siege::test::Run status = h.on({"status"});
  REQUIRE(status.status == 0);
  CHECK(status.out.find("play the assault") == std::string::npos);
  CHECK(status.out.find("bridge: impassable, no assault across it (R13)") != std::string::npos);
  const siege::test::Run page = h.on({"--format", "markdown", "chronicle"});
  REQUIRE(page.status == 0);
  CHECK(page.out.find("open to an assault") == std::string::npos);
  CHECK(page.out.find("the way in is open") == std::string::npos);

  // Nobody goes through it: exit 2, one line naming R13, the file as it was.
  REQUIRE(h.on({"move", "--unit", "party", "--section", "bridge"}).status == 0);
  const std::string before = h.bytes();
  const siege::test::Run through =
      h.on({"move", "--unit", "party", "--section", "bridge", "--through-breach", "--figures", "3"});
  INFO(through.err);
  CHECK(through.status == 2);
  CHECK(through.out.empty());
  CHECK(std::count(through.err.begin(), through.err.end(), '\n') == 1);
  CHECK(through.err.find("impassable") != std::string::npos);
  CHECK(through.err.find("R13") != std::string::npos);
  CHECK(h.bytes() == before);
}
