// A command's declared inputs (src/front/inputs.hpp) drive its checks: an
// input declared required (always, without --state, or unless another is
// given) is refused missing by one check, the same on the command line and
// in a batch line, placed by the front end and named in the error's "input"
// (issue 23).
#include <map>
#include <set>
#include <sstream>

#include <catch2/catch.hpp>

#include "support.hpp"
#include "temp_dir.hpp"

using nlohmann::json;
using siege::test::Run;
using siege::test::TempDir;

namespace {

// The words of `command` ("odds attack") as argv words.
std::vector<std::string> words_of(const std::string& command) {
  std::vector<std::string> out;
  std::istringstream in(command);
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

// Whether input `in` is needed without --state and with no other input given.
bool needed(const json& in) {
  return in.at("required").get<bool>() || in.value("required_without_state", false) ||
         in.contains("required_unless");
}

// A value input `in` takes: its first choice, its least number, or "x".
json value_of(const json& in) {
  if (in.contains("choices")) return in.at("choices").at(0);
  const std::string kind = in.at("kind").get<std::string>();
  if (kind == "number") return in.at("min");
  if (kind == "flag") return true;
  if (kind == "texts") return json::array({"x"});
  return "x";
}

// The command line words that give input `in` its value_of().
void add_words(std::vector<std::string>& args, const json& in) {
  const json v = value_of(in);
  const std::string kind = in.at("kind").get<std::string>();
  if (!in.at("positional").get<bool>()) args.push_back("--" + in.at("key").get<std::string>());
  if (kind == "flag") return;
  if (v.is_array()) args.push_back(v.at(0).get<std::string>());
  else args.push_back(v.is_string() ? v.get<std::string>() : v.dump());
}

// The keys a missing input `key` may be reported as: itself, or (when it is
// needed unless another is given) one of those others declared before it.
std::set<std::string> reported_as(const json& in) {
  std::set<std::string> keys{in.at("key").get<std::string>()};
  for (const auto& k : in.value("required_unless", json::array())) keys.insert(k.get<std::string>());
  return keys;
}

struct Case {
  std::vector<std::string> args;  // the command line without the input
  std::string batch;              // the batch line without it ("" for a command that is not logged)
  std::string message;            // the command line's message
  std::string batch_message;      // the batch line's, after "<stdin>:1:/KEY: "
  std::string key, id;
  bool on_state = false;  // a command that needs a state file: given one
};

}  // namespace

TEST_CASE("Each newly declared requirement is refused missing, on the command line and in a batch line",
          "[cli][declared][batch]") {
  const std::vector<Case> cases = {
      {{"attack", "--weapon", "cannon"},
       R"({"action":"attack","weapon":"cannon"})",
       "attack: --structure: missing: give ID; needed without --state",
       "attack: missing: give ID; needed without --state", "structure", "no-structure"},
      {{"attack", "--structure", "curtain-wall"},
       R"({"action":"attack","structure":"curtain-wall"})",
       "attack: --weapon: missing: give ID (or instead --hull-damage N or --engine ID)",
       "attack: missing: give ID (or instead --hull-damage N or --engine ID)", "weapon", "no-weapon"},
      {{"mine"}, R"({"action":"mine"})", "mine: --structure: missing: give ID; needed without --state",
       "mine: missing: give ID; needed without --state", "structure", "no-structure"},
      {{"demolish", "--charge", "powder-keg"},
       R"({"action":"demolish","charge":["powder-keg"]})",
       "demolish: --structure: missing: give ID; needed without --state",
       "demolish: missing: give ID; needed without --state", "structure", "no-structure"},
      {{"demolish", "--structure", "curtain-wall"},
       R"({"action":"demolish","structure":"curtain-wall"})",
       "demolish: --charge: missing: give ID[:N] (see 'siege list charges')",
       "demolish: missing: give ID[:N] (see 'siege list charges')", "charge", "no-charge"},
      {{"escalade", "--attackers", "4"},
       R"({"action":"escalade","attackers":4})", "escalade: --method: missing: give ladder, grapnel or tower",
       "escalade: missing: give ladder, grapnel or tower", "method", "no-method"},
      {{"escalade", "--method", "ladder"},
       R"({"action":"escalade","method":"ladder"})",
       "escalade: --attackers: missing: give a number from 1 to 10000; needed without --state",
       "escalade: missing: give a number from 1 to 10000; needed without --state", "attackers", "no-attackers"},
      {{"abatis"}, R"({"action":"abatis"})", "abatis: WORK: missing: give build or tear",
       "abatis: missing: give build or tear", "work", "missing-option"},
      {{"sortie", "--at", "camp"},
       R"({"action":"sortie","at":"camp"})", "sortie: --weapon: missing: give ID (or instead --hull-damage N)",
       "sortie: missing: give ID (or instead --hull-damage N)", "weapon", "no-weapon", true},
      {{"check"}, R"({"action":"check"})", "check: --difficulty: missing: give easy, average, hard or daunting",
       "check: missing: give easy, average, hard or daunting", "difficulty", "missing-option"},
      {{"hold", "--needed", "7"},
       R"({"action":"hold","needed":7})",
       "hold: --order: missing: give good, shaken or routed (or instead --hero); needed without --state",
       "hold: missing: give good, shaken or routed (or instead --hero); needed without --state", "order",
       "missing-option"},
      {{"odds", "attack", "--weapon", "cannon"}, "",
       "odds attack: --structure: missing: give ID; needed without --state", "", "structure", "no-structure"},
      {{"odds", "mine"}, "", "odds mine: --structure: missing: give ID; needed without --state", "", "structure",
       "no-structure"},
      {{"odds", "escalade", "--attackers", "4"}, "", "odds escalade: --method: missing: give ladder, grapnel or tower",
       "", "method", "no-method"},
      {{"odds", "check"}, "", "odds check: --difficulty: missing: give easy, average, hard or daunting", "",
       "difficulty", "missing-option"},
  };
  TempDir dir;
  const std::string state = dir.file("siege.json");
  REQUIRE(siege::test::siege({"init", state, "--from", siege::test::source_dir() + "/examples/castle-siege.json"})
              .status == 0);
  for (const auto& c : cases) {
    INFO(c.message);
    std::vector<std::string> args{"--json"};
    if (c.on_state) args.insert(args.end(), {"--state", state});
    args.insert(args.end(), c.args.begin(), c.args.end());
    const Run r = siege::test::siege(args);
    CHECK(r.status == 2);
    CHECK(r.err == "siege: error: " + c.message + "\n");
    CHECK(r.json()["error"] == json{{"code", 2}, {"id", c.id}, {"message", c.message}, {"input", c.key}});
    if (c.batch.empty()) continue;
    const Run b = c.on_state ? siege::test::siege({"--state", state, "batch"}, c.batch + "\n")
                             : siege::test::siege({"batch"}, c.batch + "\n");
    CHECK(b.status == 2);
    const json line = json::parse(b.out);
    CHECK(line["error"] == json{{"code", 2},
                                {"id", c.id},
                                {"message", "<stdin>:1:/" + c.key + ": " + c.batch_message},
                                {"input", c.key}});
  }
}

TEST_CASE("A word outside an input's declared choices is refused by the declaration", "[cli][declared]") {
  const Run r = siege::test::siege({"--json", "attack", "--structure", "curtain-wall", "--weapon", "cannon",
                                    "--ladder", "steps", "--from", "breached"});
  CHECK(r.status == 2);
  CHECK(r.json()["error"] == json{{"code", 2},
                                  {"id", "bad-state"},
                                  {"message", "--from 'breached': expected intact or cracked"},
                                  {"input", "from"}});
  const Run b = siege::test::siege({"batch"}, R"({"action":"check","difficulty":"hardd"})"
                                              "\n");
  CHECK(b.status == 2);
  CHECK(json::parse(b.out)["error"] ==
        json{{"code", 2},
             {"id", "bad-difficulty"},
             {"message", "<stdin>:1:/difficulty: 'hardd': expected easy, average, hard or daunting (did you mean hard?)"},
             {"input", "difficulty"}});
}

TEST_CASE("siege help --inputs --json shows the declared requirements and choices", "[cli][declared]") {
  const Run r = siege::test::siege({"help", "--inputs", "--json"});
  REQUIRE(r.status == 0);
  std::map<std::string, json> by;  // "command key" -> its input
  const json listed = r.json();  // kept: a range-for over a temporary's member dangles
  for (const auto& c : listed["commands"])
    for (const auto& in : c["inputs"]) by[c["command"].get<std::string>() + " " + in["key"].get<std::string>()] = in;
  for (const char* k : {"attack structure", "mine structure", "demolish structure", "odds attack structure",
                        "escalade attackers", "hold order"})
    CHECK(by.at(k).value("required_without_state", false));
  for (const char* k : {"escalade method", "demolish charge", "abatis work", "check difficulty", "odds check difficulty"})
    CHECK(by.at(k)["required"] == true);
  CHECK_FALSE(by.at("check difficulty").contains("default"));
  CHECK(by.at("attack weapon")["required_unless"] == json{"hull-damage", "engine"});
  CHECK(by.at("sortie weapon")["required_unless"] == json{"hull-damage"});
  CHECK(by.at("hold order")["required_unless"] == json{"hero"});
  CHECK(by.at("attack from")["choices"] == json{"intact", "cracked"});
}

TEST_CASE("Each odds subcommand that names a command takes every input of that command", "[cli][declared]") {
  // README: `odds check|attack|demolish|escalade|mine` takes exactly the
  // options of the command it names (odds escalade once lacked escalade's
  // --engine and --unit, so its odds could not follow the siege's own tower).
  const Run r = siege::test::siege({"help", "--inputs", "--json"});
  REQUIRE(r.status == 0);
  const json listed = r.json();
  std::map<std::string, std::set<std::string>> keys;
  for (const auto& c : listed["commands"])
    for (const auto& in : c["inputs"]) keys[c["command"].get<std::string>()].insert(in["key"].get<std::string>());
  int named = 0;
  for (const auto& [name, odds_keys] : keys) {
    if (name.rfind("odds ", 0) != 0 || keys.count(name.substr(5)) == 0) continue;
    ++named;
    for (const auto& k : keys.at(name.substr(5))) {
      CAPTURE(name, k);
      CHECK(odds_keys.count(k) == 1);
    }
  }
  CHECK(named == 5);  // check, attack, demolish, escalade, mine (scene names no command)
}

TEST_CASE("Every command refuses each input it declares needed when it is missing", "[cli][declared][batch]") {
  const Run all = siege::test::siege({"help", "--inputs", "--json"});
  REQUIRE(all.status == 0);
  // A command that needs a state file meets its inputs with one (a copy of
  // the example castle, never changed: every run here is refused).
  TempDir dir;
  const std::string state = dir.file("siege.json");
  REQUIRE(siege::test::siege({"init", state, "--from", siege::test::source_dir() + "/examples/castle-siege.json"})
              .status == 0);
  const std::string before = siege::test::slurp(state);
  int checked = 0;
  const json listed = all.json();
  for (const auto& c : listed["commands"]) {
    const std::string command = c["command"].get<std::string>();
    if (command == "help") continue;
    const bool on_state = c.value("needs_state", false);
    const json& inputs = c["inputs"];
    for (const auto& missing : inputs) {
      if (!needed(missing)) continue;
      const std::string key = missing["key"].get<std::string>();
      const std::set<std::string> as = reported_as(missing);
      std::vector<std::string> args = {"--json"};
      if (on_state) args.insert(args.end(), {"--state", state});
      for (const auto& w : words_of(command)) args.push_back(w);
      json line = {{"action", command}};
      for (const auto& other : inputs) {
        const std::string k = other["key"].get<std::string>();
        if (k == key || as.count(k) != 0 || !needed(other)) continue;
        add_words(args, other);
        line[k] = value_of(other);
      }
      INFO(command << " without " << key);
      const Run r = siege::test::siege(args);
      CHECK(r.status == 2);
      REQUIRE(r.out.size() > 0);
      const json e = r.json()["error"];
      CHECK(e["id"] != "bad-usage");
      CHECK(as.count(e.value("input", std::string())) == 1);
      ++checked;
      if (!c["logged"].get<bool>()) continue;
      const Run b = on_state ? siege::test::siege({"--state", state, "batch"}, line.dump() + "\n")
                             : siege::test::siege({"batch"}, line.dump() + "\n");
      CHECK(b.status == 2);
      const json be = json::parse(b.out)["error"];
      CHECK(as.count(be.value("input", std::string())) == 1);
      CHECK(be["message"].get<std::string>().rfind("<stdin>:1:/" + be.value("input", std::string()) + ": ", 0) == 0);
    }
  }
  CHECK(checked > 30);
  CHECK(siege::test::slurp(state) == before);
}

TEST_CASE("A command that acts on a siege is refused without --state before its inputs are looked at",
          "[cli][declared][batch][state]") {
  const Run all = siege::test::siege({"help", "--inputs", "--json"});
  REQUIRE(all.status == 0);
  std::set<std::string> on_state;
  const json listed = all.json();
  for (const auto& c : listed["commands"])
    if (c.value("needs_state", false)) on_state.insert(c["command"].get<std::string>());
  // Some that act on a siege, and some that resolve on their own too.
  for (const char* c : {"add", "damage", "note", "order", "scene", "split"}) CHECK(on_state.count(c) == 1);
  for (const char* c : {"attack", "check", "hold", "mine", "casualties"}) CHECK(on_state.count(c) == 0);
  for (const auto& command : on_state) {
    INFO(command);
    // No inputs at all: the missing file is the refusal, not a missing input.
    const Run r = siege::test::siege({command});
    CHECK(r.status == 2);
    CHECK(r.err == "siege: error: " + command + ": needs --state FILE (a siege made with 'siege init')\n");
    const Run b = siege::test::siege({"--json", "batch"}, json{{"action", command}}.dump() + "\n");
    CHECK(b.status == 2);
    const json e = json::parse(b.out)["error"];
    CHECK(e["id"] == "no-state");
    CHECK(e["message"] == "<stdin>:1: " + command + ": needs --state FILE (a siege made with 'siege init')");
  }
  // One that does not need it says so in its inputs' description.
  const Run attack = siege::test::siege({"help", "--inputs", "attack", "--json"});
  CHECK_FALSE(attack.json().contains("needs_state"));
  const Run order = siege::test::siege({"help", "--inputs", "order", "--json"});
  CHECK(order.json()["needs_state"] == true);
}
