// siege/state.hpp: descriptions, the state file's JSON form, and refusals.
#include <catch2/catch.hpp>

#include <random>

#include "error_of.hpp"
#include "siege/state_json.hpp"
#include "support.hpp"

using namespace siege;
using siege::test::tables;

namespace {

const detail::JsonSource description_src{"castle.json", ErrorKind::usage};
const detail::JsonSource state_src{"siege.json", ErrorKind::state};

std::string castle_text() { return siege::test::slurp(SIEGE_SOURCE_DIR + "/examples/castle-siege.json"); }

SiegeState castle() { return read_description(castle_text(), description_src, tables()); }

std::string describe_error(const std::string& text) {
  return siege::test::error_of([&] { (void)read_description(text, description_src, tables()); },
                               ErrorKind::usage);
}

std::string state_error(const std::string& text) {
  return siege::test::error_of([&] { (void)read_state(text, state_src, tables()); }, ErrorKind::state);
}

// The castle's state text with `from` replaced by `to` (once).
std::string edited(const std::string& from, const std::string& to) {
  std::string s = write_state(castle());
  const auto at = s.find(from);
  REQUIRE(at != std::string::npos);
  return s.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("The example castle siege reads as four sections and seven engines", "[state]") {
  const SiegeState st = castle();
  CHECK(st.name == "The siege of Harrowmere");
  CHECK(st.scene_length == SceneLength::week);
  CHECK(st.now.scene == 0);
  REQUIRE(st.now.sections.size() == 4);
  REQUIRE(st.now.engines.size() == 7);
  const SectionState& gate = *st.now.find_section("gatehouse");
  CHECK(gate.variant == "portcullis");
  CHECK(stats_of(gate, tables()).hull == 10);  // R12: 6 + 4
  CHECK(stats_of(gate, tables()).base_armor == 3);
}

TEST_CASE("An engine given by weapon takes the row of the engine that fires it", "[state]") {
  const SiegeState st = castle();
  const EngineState& cannon = *st.now.find_engine("battery-cannon");
  CHECK(cannon.engine == "cannon");
  CHECK(cannon.weapon == "cannon");
  const EngineState& ram = *st.now.find_engine("ram");  // given by engine row: weapon from the row
  CHECK(ram.engine == "ram-shed");
  CHECK(ram.weapon == "ram");
  const EngineState& belfry = *st.now.find_engine("belfry");
  CHECK(belfry.weapon.empty());
  CHECK(belfry.target.empty());
  CHECK(st.now.find_engine("wall-mangonel")->side == EngineSide::defender);
}

TEST_CASE("Target ids name a section, a besieger engine or the camp", "[state]") {
  const SiegeState st = castle();
  CHECK(target_kind(st.now, "north-wall") == TargetKind::section);
  CHECK(target_kind(st.now, "trebuchet") == TargetKind::engine);
  CHECK(target_kind(st.now, "camp") == TargetKind::camp);
  CHECK_FALSE(target_kind(st.now, "wall-mangonel"));  // a defender engine is no target
  CHECK_FALSE(target_kind(st.now, "moat"));
}

TEST_CASE("The initial snapshot is the siege as described", "[state]") {
  const SiegeState st = castle();
  CHECK(write_state(st).find("\"initial\": {") != std::string::npos);
  CHECK(st.initial.sections.size() == st.now.sections.size());
  CHECK(st.initial.engines.size() == st.now.engines.size());
  CHECK(st.log.empty());
}

TEST_CASE("A state file written and read back gives the same bytes", "[state]") {
  SiegeState st = castle();
  st.now.scene = 2;
  st.now.sections[0].hull_suffered = 12;
  st.now.sections[0].state = BreachState::cracked;
  st.now.sections[1].abatis = {true, 1};
  st.now.sections[2].mine = {3, true};
  st.now.engines[2].hull_suffered = 10;
  st.now.engines[2].knocked_out = true;
  st.now.camp.hull_suffered = 4;
  st.log.push_back({1, "attack", RawJson(nlohmann::json{{"section", "north-wall"}, {"weapon", "cannon"}, {"successes", 2}}),
                    42, RawJson(nlohmann::json{{"damage", 7}})});
  st.log.push_back({2, "scene", RawJson(nlohmann::json::object()), 9007199254740991ULL, RawJson(nlohmann::json{{"scene", 1}})});
  const std::string text = write_state(st);
  const SiegeState again = read_state(text, state_src, tables());
  CHECK(write_state(again) == text);
  CHECK(again.log[1].seed == 9007199254740991ULL);
  CHECK(again.log[0].inputs.json()["successes"] == 2);
  CHECK(again.now.sections[2].mine.days_dug == 3);
  CHECK(again.now.engines[2].knocked_out);
}

TEST_CASE("The state file puts one section, engine or log entry on a line", "[state]") {
  SiegeState st = castle();
  st.log.push_back({1, "scene", RawJson(nlohmann::json::object()), 7, RawJson(nlohmann::json{{"scene", 1}}), 1});
  const std::string text = write_state(st);
  CHECK(text.find("\n    {\"id\":\"north-wall\",\"structure\":\"curtain-wall\",\"variant\":null,"
                  "\"hull_suffered\":0,\"state\":\"intact\",\"abatis\":{\"standing\":false,\"progress\":0},"
                  "\"mine\":{\"days_dug\":0,\"detected\":false}},\n") != std::string::npos);
  CHECK(text.find("\n    {\"entry\":1,\"scene\":1,\"action\":\"scene\",\"inputs\":{},\"seed\":7,\"outcome\":{\"scene\":1}}\n")
        != std::string::npos);
  CHECK(text.rfind("}\n") == text.size() - 2);
}

TEST_CASE("A description is refused with the JSON pointer of the bad value", "[state][errors]") {
  CHECK(describe_error(R"({"sections":[{"id":"a","structure":"curtain-wall"},{"id":"a","structure":"tower"}]})") ==
        "castle.json:/sections/1/id: duplicate id 'a'");
  CHECK(describe_error(R"({"sections":[{"id":"a","structure":"curtian-wall"}]})") ==
        "castle.json:/sections/0/structure: unknown structure 'curtian-wall' (did you mean curtain-wall?); "
        "see 'siege list structures'");
  CHECK(describe_error(R"({"sections":[{"id":"a","structure":"tower"}],
                           "besiegers":[{"id":"b","weapon":"canon","target":"a"}]})") ==
        "castle.json:/besiegers/0/weapon: unknown weapon 'canon' (did you mean cannon?); see 'siege list weapons'");
  CHECK(describe_error(R"({"sections":[{"id":"north","structure":"tower"}],
                           "besiegers":[{"id":"b","weapon":"cannon","target":"nort"}]})") ==
        "castle.json:/besiegers/0/target: unknown section 'nort' (did you mean north?) (a besieger engine "
        "attacks a section of the wall)");
  CHECK(describe_error(R"({"sections":[{"id":"a","structure":"tower"}],
                           "besiegers":[{"id":"b","weapon":"cannon","target":"a"}],
                           "defenders":[{"id":"d","weapon":"ballista","target":"cmp"}]})")
            .rfind("castle.json:/defenders/0/target: unknown target 'cmp' (did you mean camp", 0) == 0);
  CHECK(describe_error(R"({"sections":[{"id":"a","structure":"tower"}],
                           "besiegers":[{"id":"b","weapon":"cannon","target":"a"}],
                           "defenders":[{"id":"d","weapon":"ballista","target":"d"}]})")
            == "castle.json:/defenders/0/target: 'd' is a defender engine (a defender engine attacks a besieger "
               "engine or the camp)");
  CHECK(describe_error(R"({"sections":[{"id":"a","structure":"tower","hull":3}]})")
            .rfind("castle.json:/sections/0/hull: unknown key 'hull'", 0) == 0);
  CHECK(describe_error(R"({"sections":[{"id":"camp","structure":"tower"}]})") ==
        "castle.json:/sections/0/id: 'camp' is the besiegers' camp; give this one another id");
  CHECK(describe_error(R"({"sections":[{"id":"g","structure":"tower","variant":"portcullis"}]})") ==
        "castle.json:/sections/0/variant: unknown variant 'portcullis' of tower (it has no variants)");
  CHECK(describe_error(R"({"sections":[{"id":"a","structure":"tower"}],"besiegers":[{"id":"b","target":"a"}]})") ==
        "castle.json:/besiegers/0: give \"engine\" (a row of engines.json) or \"weapon\" (a row of weapons.json)");
  CHECK(describe_error(R"({"sections":[{"id":"a","structure":"tower"}],"scene_length":"month"})") ==
        "castle.json:/scene_length: unknown scene length 'month' (expected day, week)");
  CHECK(describe_error(R"({"schema":2,"sections":[]})") == "castle.json:/schema: expected an integer from 1 to 1");
  CHECK(describe_error(R"({"sections":[{"id":"a","structure":"tower","hull_suffered":31}]})") ==
        "castle.json:/sections/0/hull_suffered: expected an integer from 0 to 30");
}

TEST_CASE("R7: a description refuses an engine with a personal weapon", "[state][errors]") {
  CHECK(describe_error(R"({"sections":[{"id":"a","structure":"tower"}],
                           "besiegers":[{"id":"b","weapon":"musket","target":"a"}]})")
            .rfind("castle.json:/besiegers/0/weapon: weapon 'musket' is a personal weapon", 0) == 0);
}

TEST_CASE("A besieger engine attacks a section, not another engine", "[state][errors]") {
  CHECK(describe_error(R"({"sections":[{"id":"a","structure":"tower"}],
                           "besiegers":[{"id":"b","weapon":"cannon","target":"a"},
                                        {"id":"c","weapon":"cannon","target":"b"}]})")
            == "castle.json:/besiegers/1/target: 'b' is an engine (a besieger engine attacks a section of the wall)");
}

TEST_CASE("A state file that is not one is refused with exit status 4", "[state][errors]") {
  CHECK(state_error(siege::test::slurp(SIEGE_SOURCE_DIR + "/data/weapons.json")) ==
        "siege.json:/: not a siege state file (no \"format\": \"siege-state\"); make one with 'siege init FILE --from DESCRIPTION.json'");
  CHECK(state_error(edited("\"schema\": 1", "\"schema\": 2")) ==
        "siege.json:/schema: schema 2 is not supported (this siege reads schema 1)");
  const std::string text = write_state(castle());
  CHECK(state_error(text.substr(0, text.size() / 2)).rfind("siege.json:", 0) == 0);
  CHECK(state_error("").rfind("siege.json:1:1: ", 0) == 0);
}

TEST_CASE("A state file with unknown ids or inconsistent values is refused", "[state][errors]") {
  CHECK(state_error(edited("\"structure\":\"curtain-wall\"", "\"structure\":\"curtian-wall\"")) ==
        "siege.json:/sections/0/structure: unknown structure 'curtian-wall' (did you mean curtain-wall?); "
        "see 'siege list structures'");
  CHECK(state_error(edited("\"target\":\"north-wall\"", "\"target\":\"north-wal\"")) ==
        "siege.json:/engines/0/target: unknown section 'north-wal' (did you mean north-wall?) (a besieger "
        "engine attacks a section of the wall)");
  // R4: the state must be the one the Hull suffered gives.
  CHECK(state_error(edited("\"hull_suffered\":0,\"state\":\"intact\"", "\"hull_suffered\":10,\"state\":\"intact\"")) ==
        "siege.json:/sections/0/state: 'intact' does not match hull_suffered 10 of 20 (R4 gives 'cracked')");
  CHECK(state_error(edited("\"weapon\":\"bombard\",\"pool\":4,\"target\":\"north-wall\",\"hull_suffered\":0,"
                           "\"knocked_out\":false",
                           "\"weapon\":\"bombard\",\"pool\":4,\"target\":\"north-wall\",\"hull_suffered\":10,"
                           "\"knocked_out\":false")) ==
        "siege.json:/engines/0/knocked_out: false, but it has suffered its whole Hull (10)");
  CHECK(state_error(edited("\"scene\": 0,", "\"scene\": -1,")) ==
        "siege.json:/scene: expected an integer from 0 to 1000000");
  CHECK(state_error(edited("\"log\": []", "\"log\": [{\"entry\":2,\"action\":\"scene\",\"inputs\":{},\"seed\":1,"
                                          "\"outcome\":{}}]")) ==
        "siege.json:/log/0/entry: expected an integer from 1 to 1");
  CHECK(state_error(edited("\"log\": []", "\"log\": [{\"entry\":1,\"action\":\"scene\",\"inputs\":[],\"seed\":1,"
                                          "\"outcome\":{}}]")) ==
        "siege.json:/log/0/inputs: expected an object");
  CHECK(state_error(edited("\"camp\": {\"hull_suffered\": 0}", "\"camp\": {\"hull_suffered\": 21}")) ==
        "siege.json:/camp/hull_suffered: expected an integer from 0 to 20");
}

TEST_CASE("The initial snapshot must hold the same sections as the current one", "[state][errors]") {
  std::string text = write_state(castle());
  const auto at = text.rfind("\"id\":\"east-wall\"");  // the one in "initial"
  text.replace(at, 16, "\"id\":\"west-wall\"");
  CHECK(state_error(text) == "siege.json:/initial/sections/1/id: 'west-wall', but /sections/1/id is 'east-wall'");
}

TEST_CASE("A state file with more sections or engines than a siege may have is refused at the array",
          "[state][errors][limits]") {
  SiegeState st = castle();
  const SectionState wall = st.now.sections[0];
  for (std::size_t i = st.now.sections.size(); i <= max_sections; ++i) {
    st.now.sections.push_back(wall);
    st.now.sections.back().id = "wall-" + std::to_string(i);
  }
  st.initial = st.now;
  CHECK(state_error(write_state(st)) == "siege.json:/sections: 1001 sections; a siege has at most 1000");
  st = castle();
  const EngineState tower = st.now.engines[4];  // the belfry: no weapon, no target
  REQUIRE(tower.weapon.empty());
  for (std::size_t i = st.now.engines.size(); i <= max_engines; ++i) {
    st.now.engines.push_back(tower);
    st.now.engines.back().id = "tower-" + std::to_string(i);
  }
  st.initial = st.now;
  CHECK(state_error(write_state(st)) == "siege.json:/engines: 1001 engines; a siege has at most 1000");
  st.now.engines.pop_back();
  st.initial = st.now;
  CHECK(read_state(write_state(st), state_src, tables()).now.engines.size() == max_engines);
}

TEST_CASE("The scene counter reads up to its maximum", "[state][errors][limits]") {
  SiegeState st = castle();
  st.now.scene = max_scene;
  CHECK(read_state(write_state(st), state_src, tables()).now.scene == max_scene);
  st.now.scene = max_scene + 1;
  CHECK(state_error(write_state(st)) == "siege.json:/scene: expected an integer from 0 to 1000000");
}

TEST_CASE("A state text less its first log entries reads as the rest of the log, at the same places",
          "[state][limits]") {
  SiegeState st = castle();
  for (int i = 1; i <= 5; ++i) st.log.push_back({i, "scene", RawJson(nlohmann::json::object()), 7, RawJson(nlohmann::json{{"scene", i}})});
  const std::string text = write_state(st);
  for (std::size_t skip = 0; skip <= 5; ++skip) {
    const std::string part = write_state_text(st, skip).str();
    const SiegeState back = detail::read_state_from(part, state_src, tables(), skip);
    REQUIRE(back.log.size() == 5 - skip);
    for (std::size_t i = 0; i < back.log.size(); ++i) CHECK(back.log[i].entry == static_cast<int>(skip + i + 1));
    CHECK(write_state(back).substr(0, text.find("\"log\"")) == text.substr(0, text.find("\"log\"")));
  }
  // The part keeps the entries' own pointers: a bad value in entry 5 is
  // named /log/4 as in the whole file.
  st.log.edit(4).entry = 9;
  const std::string bad = write_state(st);
  CHECK(state_error(bad) == "siege.json:/log/4/entry: expected an integer from 5 to 5");
  CHECK(siege::test::error_of(
            [&] {
              (void)detail::read_state_from(write_state_text(st, 3).str(), state_src, tables(), 3);
            },
            ErrorKind::state) == "siege.json:/log/4/entry: expected an integer from 5 to 5");
}

TEST_CASE("A state text less its first log entries keeps a redo list whole", "[state][limits]") {
  SiegeState st = castle();
  for (int i = 1; i <= 8; ++i)
    (i <= 5 ? st.log : st.redo).push_back({i, "scene", RawJson(nlohmann::json::object()), 7, RawJson(nlohmann::json{{"scene", i}})});
  const std::string text = write_state(st);
  for (std::size_t skip = 0; skip <= 5; ++skip) {
    const SiegeState back =
        detail::read_state_from(write_state_text(st, skip).str(), state_src, tables(), skip);
    REQUIRE(back.log.size() == 5 - skip);
    REQUIRE(back.redo.size() == 3);
    if (!back.log.empty()) CHECK(back.log.front().entry == static_cast<int>(skip) + 1);
    CHECK(back.redo.front().entry == 6);
  }
}

namespace {

// A siege of the castle with a log and a redo list of every kind of entry
// the commands write, in write_state's layout.
std::string logged_castle_text() {
  SiegeState st = castle();
  const auto entry = [](int n, const char* action, const char* inputs, std::uint64_t seed, const char* outcome,
                        int scene) {
    return LogEntry{n, action, RawJson(nlohmann::json::parse(inputs)), seed, RawJson(nlohmann::json::parse(outcome)),
                    scene};
  };
  st.log.push_back(entry(1, "scene", "{}", 0, R"({"attacks":[{"damage":10,"hit":true}],"scene":1})", 1));
  st.log.push_back(entry(2, "note", R"({"text":"caf\u00e9 \u202e \"quoted\" \\ /"})", UINT64_MAX,
                         R"({"text":"caf\u00e9 \u202e \"quoted\" \\ /"})", 1));
  st.log.push_back(entry(3, "attack", R"({"section":"east-wall","successes":1,"weapon":"cannon"})", 9,
                         R"({"damage":-3,"hull":{"after":6,"before":0},"rules":["a","b"],"x":null})", 1));
  st.redo.push_back(entry(4, "check", R"({"difficulty":"easy"})", 4, R"({"passed":true})", 1));
  return write_state(st);
}

// What a reader gives for `text`: the siege's text, or the refusal.
template <typename Read>
std::string outcome_of(Read&& read) {
  try {
    return write_state(read());
  } catch (const Error& e) {
    return std::string("refused: ") + e.what();
  }
}

}  // namespace

TEST_CASE("A log as write_state writes it is read without building it, to the same siege and the same refusals",
          "[state][log]") {
  const std::string text = logged_castle_text();
  // The text is taken as it stands: the reader that builds the document
  // gives the same siege, and writing it back gives the same bytes.
  REQUIRE(detail::read_state_written(text, state_src, tables(), 0, {}).has_value());
  CHECK(write_state(*detail::read_state_written(text, state_src, tables(), 0, {})) == text);
  CHECK(write_state(detail::read_state_built(text, state_src, tables(), 0)) == text);
  // Texts in other forms go to the reader that builds them (and read the same).
  std::string spaced = text;
  spaced.replace(spaced.find("{\"entry\":2,"), 11, "{ \"entry\": 2,");
  CHECK_FALSE(detail::read_state_written(spaced, state_src, tables(), 0, {}).has_value());
  CHECK(outcome_of([&] { return read_state(spaced, state_src, tables()); }) == text);
  // Every byte changed, dropped or doubled in turn: both readers agree,
  // siege for siege and refusal for refusal.
  std::mt19937_64 rng(44);
  std::size_t refused = 0;
  for (std::size_t at = text.find("\"log\""); at < text.size(); ++at) {
    std::string changed = text;
    switch (at % 3) {
      case 0: changed[at] = "{}[]\",:0123456789-\\ ae\x80"[rng() % 21]; break;
      case 1: changed.erase(at, 1); break;
      default: changed.insert(at, 1, changed[at]); break;
    }
    INFO(changed.substr(text.find("\"log\"")));
    const std::string fast = outcome_of([&] { return detail::read_state_from(changed, state_src, tables(), 0); });
    CHECK(fast == outcome_of([&] { return detail::read_state_built(changed, state_src, tables(), 0); }));
    refused += fast.rfind("refused: ", 0) == 0 ? 1 : 0;
  }
  CHECK(refused > 100);  // the changes did reach the readers' refusals
}

// ---------------------------------------------------------------- R29: targets in a description and a state file

TEST_CASE("R29: a description that aims a defender engine at a section is refused at its JSON pointer",
          "[state][errors][R29]") {
  CHECK(describe_error(R"({"sections":[{"id":"a","structure":"tower"}],
                           "besiegers":[{"id":"b","weapon":"cannon","target":"a"}],
                           "defenders":[{"id":"d","weapon":"ballista","target":"b"},
                                        {"id":"e","weapon":"ballista","target":"a"}]})") ==
        "castle.json:/defenders/1/target: 'a' is a section of the castle: a defender engine aims at a besieger "
        "engine or the camp, never at its own wall (R29); if it is the besiegers' engine, list it under "
        "\"besiegers\"");
  CHECK(describe_error(R"({"sections":[{"id":"a","structure":"tower"}],
                           "besiegers":[{"id":"b","weapon":"cannon","target":"camp"}]})") ==
        "castle.json:/besiegers/0/target: 'camp' is the besiegers' own camp (a besieger engine attacks a section of "
        "the wall)");
  CHECK(describe_error(R"({"sections":[{"id":"none","structure":"tower"}]})") ==
        "castle.json:/sections/0/id: 'none' means no target (R29); give this one another id");
  CHECK(describe_error(R"({"sections":[{"id":"a","structure":"tower"}],"besiegers":[{"id":"b","weapon":"cannon"}]})") ==
        "castle.json:/besiegers/0: engine 'b' has a weapon but no \"target\"");
}

TEST_CASE("R29: check_aim says what each side may aim at", "[state][R29]") {
  const SiegeState st = castle();
  const EngineState& bombard = *st.now.find_engine("great-bombard");
  const EngineState& mangonel = *st.now.find_engine("wall-mangonel");
  CHECK(check_aim(st.now, bombard, "east-wall").ok());
  CHECK(check_aim(st.now, bombard, "").ok());
  CHECK(check_aim(st.now, bombard, "trebuchet").problem == AimProblem::not_a_section);
  CHECK(check_aim(st.now, mangonel, "camp").ok());
  CHECK(check_aim(st.now, mangonel, "belfry").ok());  // a siege tower is an engine (R29)
  CHECK(check_aim(st.now, mangonel, "gatehouse").problem == AimProblem::own_wall);
  CHECK(check_aim(st.now, mangonel, "tower-ballista").problem == AimProblem::not_a_target);
  CHECK(check_aim(st.now, *st.now.find_engine("belfry"), "north-wall").problem == AimProblem::no_weapon);
}

TEST_CASE("R29: a state file written before the ruling, with a defender aimed at a section, still reads",
          "[state][R29]") {
  const std::string text = edited(R"("target":"trebuchet")", R"("target":"gatehouse")");
  const SiegeState st = read_state(text, state_src, tables());
  CHECK(st.now.find_engine("wall-mangonel")->target == "gatehouse");
  CHECK(write_state(st) == text);
  // An engine with a weapon and no target (`siege target --at none`) reads too.
  const std::string none = edited(R"("target":"trebuchet")", R"("target":null)");
  CHECK(read_state(none, state_src, tables()).now.find_engine("wall-mangonel")->target.empty());
  // Other targets are refused as before.
  CHECK(state_error(edited(R"("target":"trebuchet")", R"("target":"tower-ballista")")) ==
        "siege.json:/engines/5/target: 'tower-ballista' is a defender engine (a defender engine attacks a besieger "
        "engine or the camp)");
}

// ---------------------------------------------------------------- R30: each log entry's scene

namespace {

// The castle's state with a log: an attack before any scene, two scenes and
// what came after each.
SiegeState logged_castle() {
  SiegeState st = castle();
  const RawJson obj(nlohmann::json::object());
  st.log.push_back({1, "attack", obj, 1, obj, 0});
  st.log.push_back({2, "scene", obj, 2, RawJson(nlohmann::json{{"scene", 1}}), 1});
  st.log.push_back({3, "mine", obj, 3, obj, 1});
  st.log.push_back({4, "scene", obj, 4, RawJson(nlohmann::json{{"scene", 2}}), 2});
  st.log.push_back({5, "attack", obj, 5, obj, 2});
  st.now.scene = 2;
  return st;
}

// `text` without the `"scene":N,` of every log entry, as written before R30.
std::string without_entry_scenes(std::string text) {
  const auto log = text.find("\"log\": [");
  REQUIRE(log != std::string::npos);
  std::string head = text.substr(0, log), tail = text.substr(log);
  for (auto at = tail.find(",\"scene\":"); at != std::string::npos; at = tail.find(",\"scene\":", at)) {
    const auto end = tail.find(',', at + 1);
    tail.erase(at, end - at);
  }
  return head + tail;
}

}  // namespace

TEST_CASE("R30: every log entry records its scene, and reads back the same", "[state][R30]") {
  const SiegeState st = logged_castle();
  const std::string text = write_state(st);
  CHECK(text.find("{\"entry\":3,\"scene\":1,\"action\":\"mine\",") != std::string::npos);
  const SiegeState back = read_state(text, state_src, tables());
  std::vector<int> scenes;
  for (const auto& e : back.log) scenes.push_back(e.scene);
  CHECK(scenes == std::vector<int>{0, 1, 1, 2, 2});
  CHECK(write_state(back) == text);
  CHECK(state_error(edited("\"log\": []", "\"log\": [{\"entry\":1,\"scene\":-1,\"action\":\"scene\",\"inputs\":{},"
                                          "\"seed\":1,\"outcome\":{}}]")) ==
        "siege.json:/log/0/scene: expected an integer from 0 to 1000000");
}

TEST_CASE("R30: an entry of an older file without its scene reads as the scene of the scene entries before it",
          "[state][R30]") {
  const std::string with = write_state(logged_castle());
  const std::string old = without_entry_scenes(with);
  REQUIRE(old.find("\"scene\":1,\"action\"") == std::string::npos);
  const SiegeState back = read_state(old, state_src, tables());
  std::vector<int> scenes;
  for (const auto& e : back.log) scenes.push_back(e.scene);
  CHECK(scenes == std::vector<int>{0, 1, 1, 2, 2});
  // Written again, it records them.
  CHECK(write_state(back) == with);
}
