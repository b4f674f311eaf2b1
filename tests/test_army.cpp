// siege/army.hpp: units and armies in a description and in the state file (R33).
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "error_of.hpp"
#include "siege/army.hpp"
#include "siege/state_json.hpp"
#include "support.hpp"

using namespace siege;
using siege::test::tables;

namespace {

const detail::JsonSource army_description_src{"castle.json", ErrorKind::usage};
const detail::JsonSource army_state_src{"siege.json", ErrorKind::state};

// The example castle siege with `units` (and `armies` when not null) added.
std::string army_castle_text(const nlohmann::json& units, const nlohmann::json& armies = nullptr) {
  auto doc = nlohmann::json::parse(siege::test::slurp(SIEGE_SOURCE_DIR + "/examples/castle-siege.json"));
  doc["units"] = units;
  if (!armies.is_null()) doc["armies"] = armies;
  return doc.dump();
}

SiegeState army_castle(const nlohmann::json& units, const nlohmann::json& armies = nullptr) {
  return read_description(army_castle_text(units, armies), army_description_src, tables());
}

// A garrison of 30 and a hero within the walls; an assault force of 40 and
// a reserve of 20 outside; the besiegers' army is 120 strong in all.
const nlohmann::json army_units = nlohmann::json::parse(R"([
  {"id": "garrison", "side": "defender", "figures": 30},
  {"id": "sir-hugh", "side": "defender", "hero": true},
  {"id": "assault", "side": "besieger", "figures": 40, "order": "shaken"},
  {"id": "reserve", "side": "besieger", "figures": 20}
])");

std::string army_description_error(const nlohmann::json& units, const nlohmann::json& armies = nullptr) {
  return siege::test::error_of([&] { (void)army_castle(units, armies); }, ErrorKind::usage);
}

std::string army_state_error(const std::string& text) {
  return siege::test::error_of([&] { (void)read_state(text, army_state_src, tables()); }, ErrorKind::state);
}

// The state text of the castle with its units, `from` replaced by `to` (once).
std::string army_edited(const SiegeState& st, const std::string& from, const std::string& to) {
  std::string s = write_state(st);
  const auto at = s.find(from);
  REQUIRE(at != std::string::npos);
  return s.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("Described units take their defaults: good order, besiegers outside, defenders within", "[units][state]") {
  const SiegeState st = army_castle(army_units);
  REQUIRE(st.now.units.size() == 4);
  const UnitState& garrison = st.now.units[0];
  CHECK(garrison.id == "garrison");
  CHECK(garrison.side == UnitSide::defender);
  CHECK(garrison.start_figures == 30);
  CHECK(garrison.figures == 30);
  CHECK(garrison.order == Order::good);
  CHECK(garrison.where == UnitPlace::within_walls);
  CHECK(garrison.section.empty());
  CHECK(garrison.through == 0);
  CHECK(garrison.behind == 0);
  const UnitState& hero = st.now.units[1];
  CHECK(hero.hero);
  CHECK(hero.figures == 1);  // a hero is one figure
  const UnitState& assault = st.now.units[2];
  CHECK(assault.order == Order::shaken);
  CHECK(assault.where == UnitPlace::outside);
  CHECK(st.initial.units.size() == 4);
}

TEST_CASE("R33: an army's strength defaults to its units' figures, castle defenders by default", "[units][state][R33]") {
  const SiegeState st = army_castle(army_units);
  REQUIRE(st.now.armies.besieger);
  REQUIRE(st.now.armies.defender);
  CHECK(st.now.armies.besieger->strength == 60);
  CHECK(st.now.armies.besieger->killed == 0);
  CHECK_FALSE(st.now.armies.besieger->in_castle);
  CHECK_FALSE(st.now.armies.besieger->called);
  CHECK(st.now.armies.defender->strength == 31);
  CHECK(st.now.armies.defender->in_castle);
}

TEST_CASE("The description's armies give a strength and whether the defenders are in a castle", "[units][state]") {
  const SiegeState st = army_castle(
      army_units, nlohmann::json::parse(R"({"besieger": {"strength": 120}, "defender": {"in_castle": false}})"));
  CHECK(st.now.armies.besieger->strength == 120);
  CHECK(st.now.armies.defender->strength == 31);
  CHECK_FALSE(st.now.armies.defender->in_castle);
  // An army may be given by its strength alone, with no unit of its own.
  const SiegeState only = army_castle(nlohmann::json::array(), nlohmann::json::parse(R"({"besieger": {"strength": 90}})"));
  CHECK(only.now.units.empty());
  CHECK(only.now.armies.besieger->strength == 90);
  CHECK_FALSE(only.now.armies.defender);
}

TEST_CASE("A description without units has no armies", "[units][state]") {
  auto doc = nlohmann::json::parse(siege::test::slurp(SIEGE_SOURCE_DIR + "/examples/castle-siege.json"));
  doc.erase("units");
  doc.erase("armies");
  const SiegeState st = read_description(doc.dump(), army_description_src, tables());
  CHECK(st.now.units.empty());
  CHECK_FALSE(st.now.armies.besieger);
  CHECK_FALSE(st.now.armies.defender);
  CHECK(write_state(st).find("\n  \"units\": [],\n  \"armies\": {\"besieger\":null,\"defender\":null},\n") !=
        std::string::npos);
}

TEST_CASE("Bad units in a description are refused at their JSON pointer", "[units][state][errors]") {
  using nlohmann::json;
  auto one = [](const char* unit) { return json::array({json::parse(unit)}); };
  CHECK(army_description_error(one(R"({"id": "x", "side": "attacker", "figures": 3})")) ==
        "castle.json:/units/0/side: unknown side 'attacker' (expected besieger or defender)");
  CHECK(army_description_error(one(R"({"id": "x", "side": "besieger"})")) ==
        "castle.json:/units/0: missing key 'figures'");
  CHECK(army_description_error(one(R"({"id": "x", "side": "besieger", "figures": 0})")) ==
        "castle.json:/units/0/figures: expected an integer from 1 to " + std::to_string(max_figures));
  CHECK(army_description_error(one(R"({"id": "x", "side": "besieger", "figures": 100001})")) ==
        "castle.json:/units/0/figures: expected an integer from 1 to " + std::to_string(max_figures));
  CHECK(army_description_error(one(R"({"id": "x", "side": "defender", "hero": true, "figures": 2})")) ==
        "castle.json:/units/0/figures: a hero is one figure");
  CHECK(army_description_error(one(R"({"id": "x", "side": "besieger", "figures": 3, "order": "routed"})")) ==
        "castle.json:/units/0/order: unknown order 'routed' (expected good or shaken)");
  CHECK(army_description_error(one(R"({"id": "x", "side": "besieger", "figures": 3, "where": "section"})")) ==
        "castle.json:/units/0/where: unknown place 'section' (expected outside or within-walls)");
  CHECK(army_description_error(one(R"({"id": "x", "side": "besieger", "figures": 3, "garrison": 2})")) ==
        "castle.json:/units/0/garrison: unknown key 'garrison' (expected one of: id, side, figures, order, hero, "
        "where)");
  CHECK(army_description_error(one(R"({"id": "X", "side": "besieger", "figures": 3})")) ==
        "castle.json:/units/0/id: expected an id of lower-case letters, digits and hyphens");
}

TEST_CASE("Unit ids are unique across sections, engines and units", "[units][state][errors]") {
  using nlohmann::json;
  CHECK(army_description_error(json::parse(R"([{"id": "north-wall", "side": "besieger", "figures": 3}])")) ==
        "castle.json:/units/0/id: duplicate id 'north-wall' (a section has it)");
  CHECK(army_description_error(json::parse(R"([{"id": "trebuchet", "side": "besieger", "figures": 3}])")) ==
        "castle.json:/units/0/id: duplicate id 'trebuchet' (an engine has it)");
  CHECK(army_description_error(json::parse(
            R"([{"id": "a", "side": "besieger", "figures": 3}, {"id": "a", "side": "defender", "figures": 3}])")) ==
        "castle.json:/units/1/id: duplicate id 'a'");
  CHECK(army_description_error(json::parse(R"([{"id": "camp", "side": "besieger", "figures": 3}])")) ==
        "castle.json:/units/0/id: 'camp' is reserved; give this unit another id");
}

TEST_CASE("Bad armies in a description are refused at their JSON pointer", "[units][state][errors]") {
  using nlohmann::json;
  CHECK(army_description_error(army_units, json::parse(R"({"besieger": {"strength": 59}})")) ==
        "castle.json:/armies/besieger/strength: 59, less than the 60 figures of the besieger units");
  CHECK(army_description_error(json::array(), json::parse(R"({"defender": {"in_castle": true}})")) ==
        "castle.json:/armies/defender: no defender units: give \"strength\"");
  CHECK(army_description_error(army_units, json::parse(R"({"besieger": {"in_castle": true}})")) ==
        "castle.json:/armies/besieger/in_castle: unknown key 'in_castle' (expected one of: strength)");
  CHECK(army_description_error(army_units, json::parse(R"({"garrison": {}})")) ==
        "castle.json:/armies/garrison: unknown key 'garrison' (expected one of: besieger, defender)");
  CHECK(army_description_error(army_units, json::parse(R"({"besieger": {"strength": 0}})")) ==
        "castle.json:/armies/besieger/strength: expected an integer from 1 to " + std::to_string(max_army));
}

TEST_CASE("A description with more units than a siege may have is refused at the array", "[units][state][limits]") {
  nlohmann::json units = nlohmann::json::array();
  for (std::size_t i = 0; i <= max_units; ++i)
    units.push_back({{"id", "u" + std::to_string(i)}, {"side", "besieger"}, {"figures", 1}});
  CHECK(army_description_error(units) == "castle.json:/units: 1001 units; a siege has at most 1000");
  units.erase(units.end() - 1);
  CHECK(army_castle(units).now.units.size() == max_units);
}

TEST_CASE("Units and armies are written and read back to the same bytes", "[units][state]") {
  SiegeState st = army_castle(army_units, nlohmann::json::parse(R"({"besieger": {"strength": 120}})"));
  SectionState& north = *st.now.find_section("north-wall");
  north.hull_suffered = stats_of(north, tables()).hull;
  north.state = BreachState::breached;
  UnitState& assault = st.now.units[2];
  assault.figures = 37;
  assault.where = UnitPlace::section;
  assault.section = "north-wall";
  assault.through = 3;
  assault.behind = 34;
  st.now.armies.besieger->killed = 3;
  UnitState& garrison = st.now.units[0];
  garrison.where = UnitPlace::section;
  garrison.section = "north-wall";
  garrison.behind = 30;
  st.now.units[3].order = Order::routed;
  const std::string text = write_state(st);
  CHECK(text.find("\n    {\"id\":\"assault\",\"side\":\"besieger\",\"hero\":false,\"start_figures\":40,"
                  "\"figures\":37,\"order\":\"shaken\",\"where\":\"section\",\"section\":\"north-wall\","
                  "\"through\":3,\"behind\":34},\n") != std::string::npos);
  CHECK(text.find("\n  \"armies\": {\"besieger\":{\"strength\":120,\"killed\":3,\"called\":false},"
                  "\"defender\":{\"strength\":31,\"killed\":0,\"in_castle\":true,\"called\":false}},\n") !=
        std::string::npos);
  const SiegeState again = read_state(text, army_state_src, tables());
  CHECK(write_state(again) == text);
  CHECK(again.now.units[2].through == 3);
  CHECK(again.now.units[3].order == Order::routed);
  CHECK(again.initial.units[2].figures == 40);
}

TEST_CASE("A state file written before units and armies reads with none", "[units][state]") {
  for (const char* file : {"/fuzz/corpus/state/seed-init.json", "/fuzz/corpus/state/seed-played.json",
                           "/tests/completion/siege-state.json"}) {
    INFO(file);
    const std::string text = siege::test::slurp(SIEGE_SOURCE_DIR + file);
    REQUIRE(text.find("\"units\"") == std::string::npos);
    const SiegeState st = read_state(text, army_state_src, tables());
    CHECK(st.now.units.empty());
    CHECK_FALSE(st.now.armies.besieger);
    CHECK(st.initial.units.empty());
    // Written again, it gains the keys and reads back the same.
    const std::string written = write_state(st);
    CHECK(write_state(read_state(written, army_state_src, tables())) == written);
  }
}

TEST_CASE("The fuzz seed with units, one partly through a breach, reads and writes the same", "[units][state]") {
  const std::string text = siege::test::slurp(SIEGE_SOURCE_DIR + "/fuzz/corpus/state/seed-units.json");
  const SiegeState st = read_state(text, army_state_src, tables());
  REQUIRE(st.now.units.size() == 4);
  CHECK(st.now.units[2].through == 3);
  CHECK(st.now.units[2].behind == 32);
  CHECK(st.now.armies.besieger->killed == 5);
  CHECK(write_state(st) == text);
}

TEST_CASE("A state file's units are range-checked and consistent", "[units][state][errors]") {
  const SiegeState st = army_castle(army_units);
  const std::string assault = R"({"id":"assault","side":"besieger","hero":false,"start_figures":40,"figures":40,)"
                              R"("order":"shaken","where":"outside","section":null,"through":0,"behind":0})";
  auto with = [&](const std::string& unit) { return army_edited(st, assault, unit); };
  CHECK(army_state_error(with(R"({"id":"assault","side":"besieger","hero":false,"start_figures":40,"figures":41,)"
                              R"("order":"shaken","where":"outside","section":null,"through":0,"behind":0})")) ==
        "siege.json:/units/2/figures: expected an integer from 0 to 40");
  CHECK(army_state_error(with(R"({"id":"assault","side":"besieger","hero":false,"start_figures":40,"figures":40,)"
                              R"("order":"shaken","where":"section","section":"north-wall","through":3,"behind":36})")) ==
        "siege.json:/units/2/behind: 36, but through 3 + behind must be its 40 figures");
  CHECK(army_state_error(with(R"({"id":"assault","side":"besieger","hero":false,"start_figures":40,"figures":40,)"
                              R"("order":"shaken","where":"section","section":"north-wall","through":40,"behind":0})")) ==
        "siege.json:/units/2/behind: 0, but a unit with every figure through is within the walls (R33)");
  CHECK(army_state_error(with(R"({"id":"assault","side":"besieger","hero":false,"start_figures":40,"figures":40,)"
                              R"("order":"shaken","where":"section","section":"north-gate","through":0,"behind":40})")) ==
        "siege.json:/units/2/section: unknown section 'north-gate' (did you mean north-wall?)");
  CHECK(army_state_error(with(R"({"id":"assault","side":"besieger","hero":false,"start_figures":40,"figures":40,)"
                              R"("order":"shaken","where":"outside","section":"north-wall","through":0,"behind":0})")) ==
        "siege.json:/units/2/section: expected null: the unit is outside");
  CHECK(army_state_error(with(R"({"id":"assault","side":"besieger","hero":false,"start_figures":40,"figures":40,)"
                              R"("order":"shaken","where":"within-walls","section":null,"through":0,"behind":2})")) ==
        "siege.json:/units/2/behind: expected 0: the unit is not at a section");
  CHECK(army_state_error(with(R"({"id":"assault","side":"besieger","hero":true,"start_figures":40,"figures":40,)"
                              R"("order":"shaken","where":"outside","section":null,"through":0,"behind":0})")) ==
        "siege.json:/units/2/start_figures: a hero is one figure");
  CHECK(army_state_error(with(R"({"id":"assault","side":"besieger","hero":false,"start_figures":40,"figures":40,)"
                              R"("order":"fleeing","where":"outside","section":null,"through":0,"behind":0})")) ==
        "siege.json:/units/2/order: unknown order 'fleeing' (expected good, shaken or routed)");
  const std::string garrison = R"({"id":"garrison","side":"defender","hero":false,"start_figures":30,"figures":30,)"
                               R"("order":"good","where":"within-walls","section":null,"through":0,"behind":0})";
  CHECK(army_state_error(army_edited(
            st, garrison,
            R"({"id":"garrison","side":"defender","hero":false,"start_figures":30,"figures":30,)"
            R"("order":"good","where":"section","section":"north-wall","through":1,"behind":29})")) ==
        "siege.json:/units/0/through: expected 0: a defender at a section stands on the inner side of it");
}

TEST_CASE("A state file's armies must match what their units have lost", "[units][state][errors][R33]") {
  SiegeState st = army_castle(army_units, nlohmann::json::parse(R"({"besieger": {"strength": 120}})"));
  const std::string army = R"("besieger":{"strength":120,"killed":0,"called":false})";
  CHECK(army_state_error(army_edited(st, army, R"("besieger":{"strength":120,"killed":2,"called":false})")) ==
        "siege.json:/armies/besieger/killed: 2, but the besieger units have lost 0 figures (R33)");
  CHECK(army_state_error(army_edited(st, army, R"("besieger":{"strength":50,"killed":0,"called":false})")) ==
        "siege.json:/armies/besieger/strength: 50, less than the 60 figures of the besieger units");
  // R38: called is never cleared (arrivals may put the army short of a third again).
  CHECK_NOTHROW((void)read_state(army_edited(st, army, R"("besieger":{"strength":120,"killed":0,"called":true})"),
                           army_state_src, tables()));
  CHECK(army_state_error(army_edited(st, army, R"("besieger":null)")) ==
        "siege.json:/armies/besieger: null, but there are besieger units");
  // 40 of 120 lost is a third: the check has been called.
  st.now.units[2].figures = 0;
  st.now.armies.besieger->killed = 40;
  CHECK(army_state_error(write_state(st)) ==
        "siege.json:/armies/besieger/called: false, but 40 killed of 120 is a third or more: the check is called "
        "(R33, R38)");
  st.now.armies.besieger->called = true;
  CHECK(read_state(write_state(st), army_state_src, tables()).now.armies.besieger->called);
  // Castle defenders never check (R25), but a sally that ended leaves its call (R38).
  st.now.units[0].figures = 0;
  st.now.armies.defender->killed = 30;
  CHECK_NOTHROW((void)read_state(write_state(st), army_state_src, tables()));
  CHECK_NOTHROW((void)read_state(army_edited(st, R"("in_castle":true,"called":false)", R"("in_castle":true,"called":true)"),
                           army_state_src, tables()));
}

TEST_CASE("The initial snapshot holds the same units as the current one, each whole", "[units][state][errors]") {
  const SiegeState st = army_castle(army_units);
  std::string text = write_state(st);
  const std::string initial_assault = R"("start_figures":40,"figures":40)";
  const auto second = text.find(initial_assault, text.find("\"initial\""));
  REQUIRE(second != std::string::npos);
  std::string bad = text;
  bad.replace(second, initial_assault.size(), R"("start_figures":40,"figures":39)");
  // Its army has lost nothing, so the killed check speaks first.
  CHECK(army_state_error(bad) == "siege.json:/initial/armies/besieger/killed: 0, but the besieger units have lost 1 "
                                 "figure (R33)");
  const std::string initial_reserve = R"({"id":"reserve")";
  const auto reserve = text.find(initial_reserve, text.find("\"initial\""));
  bad = text;
  bad.replace(reserve, initial_reserve.size(), R"({"id":"reserves")");
  CHECK(army_state_error(bad) == "siege.json:/initial/units/3/id: 'reserves', but /units/3/id is 'reserve'");
}

TEST_CASE("A state file without armies but with units is refused", "[units][state][errors]") {
  const SiegeState st = army_castle(army_units);
  std::string text = write_state(st);
  const auto from = text.find("\n  \"armies\": ");
  const auto to = text.find('\n', from + 1);
  text.erase(from, to - from);
  CHECK(army_state_error(text) == "siege.json:/: missing key 'armies' (the file has besieger units)");
}
