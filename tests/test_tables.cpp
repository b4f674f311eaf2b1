// The tables: the built-in rows and the validating loader.
#include <catch2/catch.hpp>

#include "support.hpp"

using namespace siege;

namespace {

struct Row {
  const char* id;
  int armor;
  int hull;
};

// The Structures table of the rules text, row by row.
const Row structures_table[] = {
    {"interior-door", 0, 1}, {"iron-bound-door", 1, 2}, {"palisade", 1, 6},
    {"castle-gate", 2, 6},   {"timber-house", 0, 6},    {"stone-house", 2, 10},
    {"rampart", 3, 12},      {"curtain-wall", 4, 20},   {"tower", 5, 30},
    {"bastion", 5, 40},      {"bunker", 3, 10},         {"pillbox", 6, 16},
    {"concrete-fortress", 8, 40}, {"wooden-bridge", 1, 10}, {"stone-bridge", 4, 24},
};

std::string load_error(const std::string& file, const std::string& text) {
  Tables t = test::tables();
  try {
    merge_table_text(t, file, text, file);
  } catch (const Error& e) {
    CHECK(e.kind() == ErrorKind::data);
    return e.what();
  }
  return "(no error)";
}

}  // namespace

TEST_CASE("All fifteen structures have the Armor and Hull of the table", "[tables]") {
  REQUIRE(test::tables().structures.size() == 15u);
  for (const auto& row : structures_table) {
    const auto& s = test::tables().structure(row.id);
    INFO(row.id);
    CHECK(s.armor == row.armor);
    CHECK(s.hull == row.hull);
  }
  CHECK(&test::tables().structure("keep") == &test::tables().structure("tower"));
}

TEST_CASE("Every rule note of the table is a tag or variant", "[tables]") {
  const auto& t = test::tables();
  auto tagged = [&](const char* id, Tag tag) { return t.structure(id).has(tag); };
  CHECK(tagged("palisade", Tag::burns));
  CHECK(tagged("timber-house", Tag::burns));
  CHECK(tagged("wooden-bridge", Tag::burns));
  CHECK(tagged("wooden-bridge", Tag::impassable_when_breached));
  CHECK(tagged("stone-house", Tag::heavy_cover));
  CHECK(tagged("rampart", Tag::blast_halved));
  CHECK(tagged("rampart", Tag::dug_not_knocked_down));
  CHECK(tagged("curtain-wall", Tag::vulnerable_to_guns));
  CHECK(tagged("tower", Tag::vulnerable_to_guns));
  CHECK_FALSE(tagged("bastion", Tag::vulnerable_to_guns));
  CHECK(tagged("bunker", Tag::indirect_ignores_1));
  CHECK(tagged("pillbox", Tag::firing_slit));
  CHECK(tagged("concrete-fortress", Tag::heavy_weapons_only));
  CHECK(tagged("stone-bridge", Tag::pier_counts_double));
  CHECK(tagged("iron-bound-door", Tag::opens_to_charge));
  CHECK(tagged("castle-gate", Tag::opens_to_charge));
  const Variant* p = t.structure("castle-gate").variant("portcullis");
  REQUIRE(p != nullptr);
  CHECK(p->armor == 3);
  CHECK(p->hull_bonus == 4);
  REQUIRE(t.structure("interior-door").kick_opens);
  CHECK(t.structure("interior-door").kick_opens->skill == "athletics");
  CHECK(t.structure("interior-door").kick_opens->difficulty == Difficulty::average);
}

TEST_CASE("The weapons table has the designed set", "[tables]") {
  const auto& t = test::tables();
  for (const char* id : {"cannon", "culverin", "bombard", "mortar", "siege-howitzer", "naval-gun",
                         "trebuchet", "mangonel", "ballista", "ram", "musket"})
    CHECK(t.find_weapon(id) != nullptr);
  CHECK(t.weapon("naval-gun").mount == Mount::capital);
  CHECK(t.weapon("musket").mount == Mount::personal);
  CHECK(t.weapon("mortar").has(Quality::blast));
  CHECK(t.weapon("mortar").has(Quality::indirect));
  CHECK(t.weapon("cannon").has(Quality::gunpowder));
  CHECK(t.charges.size() == 4u);
  CHECK(t.siege_damage(3) == 6);
  for (const auto& e : t.engines)
    if (!e.weapon.empty()) CHECK(t.find_weapon(e.weapon) != nullptr);
}

TEST_CASE("Unknown ids suggest the nearest known ones", "[tables]") {
  CHECK_THROWS_WITH(test::tables().structure("curtian-wall"),
                    (Catch::Contains("unknown structure 'curtian-wall'") &&
                     Catch::Contains("did you mean curtain-wall?")));
  CHECK_THROWS_WITH(test::tables().weapon("canon"), Catch::Contains("did you mean cannon"));
  CHECK_THROWS_AS(test::tables().charge("nothing-like-it"), Error);
}

TEST_CASE("A table file replaces entries by id and appends new ones", "[tables][data]") {
  Tables t = test::tables();
  const auto n = t.weapons.size();
  merge_table_text(t, "weapons.json",
                   R"([{"id": "cannon", "name": "Big cannon", "hull_damage": 9, "pierce": 2, "mount": "heavy"},
                       {"id": "springald", "name": "Springald", "hull_damage": 2, "pierce": 1, "crit": 2, "mount": "standard"}])",
                   "weapons.json");
  CHECK(t.weapons.size() == n + 1);
  CHECK(t.weapon("cannon").hull_damage == 9);
  CHECK(t.weapon("cannon").crit == 0);
  CHECK(t.weapon("springald").pierce == 1);
}

TEST_CASE("A bad table names the file and the JSON pointer", "[tables][data]") {
  CHECK(load_error("weapons.json", R"([{"id":"x","name":"X","hull_damage":1,"pierce":-1,"mount":"heavy"}])") ==
        "weapons.json:/0/pierce: expected an integer from 0 to 1000");
  CHECK(load_error("weapons.json", R"([{"id":"x","name":"X","hull_damage":2.7,"pierce":0,"mount":"heavy"}])") ==
        "weapons.json:/0/hull_damage: expected an integer from 0 to 1000");
  CHECK(load_error("weapons.json", R"([{"id":"x","name":"X","hull_damage":"3","pierce":0,"mount":"heavy"}])") ==
        "weapons.json:/0/hull_damage: expected an integer from 0 to 1000");
  CHECK(load_error("weapons.json", R"([{"id":"x","name":"X","hull_damage":1,"pierce":0,"mount":"huge"}])") ==
        "weapons.json:/0/mount: unknown mount 'huge' (expected personal, light, standard, heavy or capital)");
  CHECK_THAT(load_error("structures.json", R"([{"id":"x","name":"X","armor":1,"hull":2,"tags":["burn"]}])"),
             Catch::StartsWith("structures.json:/0/tags/0: unknown tag 'burn'") && Catch::Contains("did you mean burns"));
  CHECK_THAT(load_error("structures.json", R"([{"id":"x","name":"X","armor":1,"hull":2,"hul":3}])"),
             Catch::StartsWith("structures.json:/0/hul: unknown key 'hul'"));
  CHECK(load_error("structures.json", R"([{"id":"x","name":"X","armor":1}])") ==
        "structures.json:/0: missing key 'hull'");
  CHECK(load_error("charges.json", R"({"id":"x"})") == "charges.json:/: expected an array");
  CHECK(load_error("dice.json", R"({"faces":{"skill":[["success","win"]]}})") ==
        "dice.json:/faces/skill/0/1: unknown symbol 'win' (expected success, failure, boon or bane)");
}

TEST_CASE("Syntax errors give the line and column", "[tables][data]") {
  CHECK_THAT(load_error("weapons.json", "[\n  {\"id\": \"x\",,}\n]"), Catch::StartsWith("weapons.json:2:14:"));
  CHECK_THAT(load_error("weapons.json", ""), Catch::StartsWith("weapons.json:1:1:"));
}

TEST_CASE("Duplicate keys, duplicate ids, NUL bytes and deep nesting are refused", "[tables][data]") {
  CHECK(load_error("weapons.json",
                   R"([{"id":"x","id":"y","name":"X","hull_damage":1,"pierce":0,"mount":"heavy"}])") ==
        "weapons.json:/0: duplicate key 'id'");
  CHECK_THAT(load_error("weapons.json",
                        R"([{"id":"x","name":"X","hull_damage":1,"pierce":0,"mount":"heavy"},
                            {"id":"x","name":"X","hull_damage":1,"pierce":0,"mount":"heavy"}])"),
             Catch::Contains("duplicate id 'x'"));
  CHECK(load_error("weapons.json", std::string("[]\0[1]", 6)) == "weapons.json:1:3: NUL byte in input");
  CHECK_THAT(load_error("weapons.json", std::string(100, '[') + std::string(100, ']')),
             Catch::Contains("nesting deeper than 64 levels"));
}

TEST_CASE("A structure's variant ids are unique: a second portcullis is refused where it stands", "[tables][data]") {
  CHECK(load_error("structures.json",
                   R"([{"id":"castle-gate","name":"G","armor":2,"hull":6,"variants":[
                        {"id":"portcullis","armor":3,"hull_bonus":4},{"id":"portcullis","armor":9,"hull_bonus":40}]}])") ==
        "structures.json:/0/variants/1/id: duplicate variant id 'portcullis' of castle-gate");
}

TEST_CASE("An engine's unknown weapon is refused at its place in the file, not in the merged table", "[tables][data]") {
  CHECK(load_error("engines.json", R"([{"id":"cart","name":"Cart","armor":0,"hull":3},
                                       {"id":"e","name":"E","armor":1,"hull":2,"weapon":"laser"}])") ==
        "engines.json:/1/weapon: unknown weapon 'laser'");
  // A weapon merged before the engines is found.
  Tables t = test::tables();
  merge_table_text(t, "weapons.json", R"([{"id":"laser","name":"Laser","hull_damage":9,"pierce":3,"mount":"heavy"}])",
                   "weapons.json");
  merge_table_text(t, "engines.json", R"([{"id":"e","name":"E","armor":1,"hull":2,"weapon":"laser"}])", "engines.json");
  CHECK(t.engine("e").weapon == "laser");
}

TEST_CASE("A charge's Siege rating needs a row in the siege-rating table", "[tables][data]") {
  CHECK(load_error("charges.json", R"([{"id":"big","name":"Big","siege":50,"prepare":1}])") ==
        "charges.json:/0/siege: no row for Siege rating 50 in the siege-rating table");
  Tables t = test::tables();
  merge_table_text(t, "siege-rating.json", R"([{"rating":50,"hull_damage":60}])", "siege-rating.json");
  merge_table_text(t, "charges.json", R"([{"id":"big","name":"Big","siege":50,"prepare":1}])", "charges.json");
  CHECK(t.siege_damage(t.charge("big").siege) == 60);
}

TEST_CASE("Every id and alias of the structures names one structure", "[tables][data]") {
  const std::string fort = R"({"id":"fort","name":"Fort","armor":1,"hull":2)";
  CHECK(load_error("structures.json", "[" + fort + R"(,"aliases":["keep"]}])") ==
        "structures.json:/0/aliases/0: alias 'keep' of 'fort' is already an alias of 'tower'");
  CHECK(load_error("structures.json", "[" + fort + R"(,"aliases":["palisade"]}])") ==
        "structures.json:/0/aliases/0: alias 'palisade' of 'fort' is already the id of 'palisade'");
  CHECK(load_error("structures.json", R"([{"id":"keep","name":"Keep","armor":1,"hull":2}])") ==
        "structures.json:/0/id: id 'keep' is already an alias of 'tower'");
  CHECK(load_error("structures.json", "[" + fort + R"(,"aliases":["fastness","fastness"]}])") ==
        "structures.json:/0/aliases/1: alias 'fastness' of 'fort' is already an alias of 'fort'");
  CHECK(load_error("structures.json", "[" + fort + R"(,"aliases":["fastness"]},)" +
                                          R"({"id":"fastness","name":"F","armor":1,"hull":2}])") ==
        "structures.json:/1/id: id 'fastness' is already an alias of 'fort'");
  // A tower that drops its alias frees the name, and replacing a row keeps its own names.
  Tables t = test::tables();
  merge_table_text(t, "structures.json",
                   R"([{"id":"tower","name":"Tower","armor":5,"hull":30},)" + fort + R"(,"aliases":["keep"]},
                       {"id":"castle-gate","name":"Gate","armor":2,"hull":6}])",
                   "structures.json");
  CHECK(t.structure("keep").id == "fort");
  CHECK(t.structures.size() == test::tables().structures.size() + 1);
}

TEST_CASE("A table of many rows merges in one pass, replacing and appending by id", "[tables][data]") {
  // 20,000 rows: the quadratic loader took seconds here (bench/tables.sh times 150,000).
  std::string text = "[";
  for (int i = 0; i < 20000; ++i)
    text += (i ? "," : "") + std::string(R"({"id":"w)") + std::to_string(i) +
            R"(","name":"W","hull_damage":1,"pierce":0,"mount":"light"})";
  text += R"(,{"id":"cannon","name":"C","hull_damage":1,"pierce":0,"mount":"light"}])";
  Tables t = test::tables();
  merge_table_text(t, "weapons.json", text, "weapons.json");
  CHECK(t.weapons.size() == test::tables().weapons.size() + 20000);
  CHECK(t.weapons.front().id == test::tables().weapons.front().id);
  CHECK(t.weapon("cannon").mount == Mount::light);
  CHECK(t.weapons.back().id == "w19999");
  CHECK_THAT(load_error("weapons.json", text.substr(0, text.size() - 1) + R"(,{"id":"w123","name":"W","hull_damage":1,"pierce":0,"mount":"light"}])"),
             Catch::Equals("weapons.json:/20001: duplicate id 'w123' in this file"));
}
