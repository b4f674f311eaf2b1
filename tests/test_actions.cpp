// src/state/actions.hpp: inputs objects <-> Requests, the dispatcher, differences.
#include <CLI/CLI.hpp>
#include <catch2/catch.hpp>

#include "commands/actions.hpp"
#include "commands/cmd_attack.hpp"
#include "commands/cmd_state.hpp"
#include "commands/command.hpp"
#include "error_of.hpp"
#include "support.hpp"

using namespace siege;
using namespace siege::cli;
using nlohmann::json;

namespace {

const detail::JsonSource inputs_src{"siege.json", ErrorKind::state};

AttackRequest attack_from(const json& inputs, const std::string& at = "/log/0/inputs") {
  return request_from_json<AttackRequest>(detail::Cursor(inputs, inputs_src, at), attack_inputs);
}

// How the reader of a logged entry refuses `inputs`.
std::string inputs_error(const json& inputs) {
  return siege::test::error_of([&] { (void)attack_from(inputs); }, ErrorKind::state);
}

SiegeState castle() {
  return read_description(siege::test::slurp(SIEGE_SOURCE_DIR + "/examples/castle-siege.json"),
                          {"castle.json", ErrorKind::usage}, siege::test::tables());
}

}  // namespace

TEST_CASE("The inputs of a request are the options that were given, by option name", "[actions]") {
  AttackRequest r;
  r.section = "north-wall";
  r.weapon = "cannon";
  r.successes = 2;
  CHECK(request_to_json(r, attack_inputs) == json{{"section", "north-wall"}, {"weapon", "cannon"}, {"successes", 2}});
  AttackRequest inline_weapon;
  inline_weapon.hull_damage = 3;
  inline_weapon.gunpowder = true;
  inline_weapon.ladder.set("steps");
  inline_weapon.spend_boons = 0;
  CHECK(request_to_json(inline_weapon, attack_inputs) ==
        json{{"hull-damage", 3}, {"gunpowder", true}, {"ladder", "steps"}, {"spend-boons", 0}});
  CHECK(request_to_json(AttackRequest{}, attack_inputs) == json::object());
}

TEST_CASE("An input given equal to its default is logged as given", "[actions]") {
  AttackRequest r;
  r.pool.set(3);  // the default
  r.ladder.set("hull");
  CHECK(request_to_json(r, attack_inputs) == json{{"pool", 3}, {"ladder", "hull"}});
  const AttackRequest back = attack_from({{"pool", 3}});
  CHECK(back.pool.given());
  CHECK(*back.pool == 3);
  CHECK_FALSE(AttackRequest{}.pool.given());
  CHECK(*AttackRequest{}.pool == 3);
}

TEST_CASE("Inputs fill the request field of the same option name", "[actions]") {
  const AttackRequest r = attack_from(
      {{"section", "gatehouse"}, {"hull-damage", 4}, {"firing-slit", true}, {"bane-dice", 2}, {"from", "cracked"}});
  CHECK(r.section == "gatehouse");
  CHECK(r.hull_damage == 4);
  CHECK(r.firing_slit);
  CHECK(*r.bane_dice == 2);
  CHECK(r.from == "cracked");
  CHECK_FALSE(r.successes);
}

TEST_CASE("Inputs and requests round-trip", "[actions]") {
  const json in = {{"engine", "ram"}, {"pool", 5}, {"boons", -1}, {"successes", 1}, {"mount", "heavy"}};
  CHECK(request_to_json(attack_from(in), attack_inputs) == in);
}

TEST_CASE("An unknown input key is refused by name, with did-you-mean", "[actions][errors]") {
  CHECK(inputs_error({{"section", "a"}, {"sucesses", 2}}) ==
        "siege.json:/log/0/inputs/sucesses: unknown key 'sucesses' (did you mean successes?) (keys are the "
        "command's option names without --)");
  CHECK(inputs_error({{"successes", "two"}}) ==
        "siege.json:/log/0/inputs/successes: expected an integer from -100 to 100");
  CHECK(inputs_error({{"pool", 51}}) == "siege.json:/log/0/inputs/pool: expected an integer from 0 to 50");
  CHECK(inputs_error({{"gunpowder", 1}}) == "siege.json:/log/0/inputs/gunpowder: expected true or false");
  CHECK(inputs_error(json::array()) == "siege.json:/log/0/inputs: expected an object");
}

TEST_CASE("The inputs of attack are described for help --inputs", "[actions]") {
  const json d = described_inputs(find_action("attack"));
  const auto key = [&](const std::string& k) {
    for (const auto& x : d)
      if (x.at("key") == k) return x;
    FAIL("no input " << k);
    return json();
  };
  CHECK(key("pool") == json{{"key", "pool"}, {"kind", "number"}, {"help", "Skill dice to roll"}, {"required", false},
                            {"positional", false}, {"min", 0}, {"max", max_dice}, {"default", 3}});
  CHECK(key("structure").at("also") == "-s");
  CHECK(key("portcullis").at("kind") == "flag");
  CHECK(described_inputs(find_action("scene")) == json::array());
}

TEST_CASE("The action table knows attack and scene, and suggests the nearest name", "[actions]") {
  CHECK(find_action("attack").name == "attack");
  CHECK(find_action("scene").name == "scene");
  CHECK(siege::test::usage_error_of([] { (void)find_action("atack"); }) ==
        "unknown action 'atack' (did you mean attack?)");
}

TEST_CASE("run_logged_action seeds the rolls with the logged seed", "[actions]") {
  Context ctx;
  SiegeState a = castle(), b = castle();
  const json in = {{"engine", "great-bombard"}};
  const detail::Cursor c(in, inputs_src, "");
  const ActionResult x = run_logged_action("attack", c, 99, &a, ctx);
  (void)run_logged_action("scene", detail::Cursor(json::object(), inputs_src, ""), 5, &a, ctx);
  const ActionResult y = run_logged_action("attack", c, 99, &b, ctx);
  CHECK(x.summary == y.summary);
  CHECK(x.json == y.json);
  CHECK(ctx.seed() == 99);
}

TEST_CASE("An attack through the table updates the section and sums up the outcome", "[actions]") {
  Context ctx;
  SiegeState st = castle();
  const json in = {{"section", "north-wall"}, {"weapon", "cannon"}, {"successes", 2}};
  const ActionResult r = run_logged_action("attack", detail::Cursor(in, inputs_src, ""), 1, &st, ctx);
  // Cannon on a curtain wall: 6 + 2 - (4 - 2 - 1) = 7 (R1, R2, R6).
  CHECK(r.summary == json{{"section", "north-wall"},
                          {"hit", true},
                          {"damage", 7},
                          {"hull", {{"before", 0}, {"after", 7}}},
                          {"state", {{"before", "intact"}, {"after", "intact"}}}});
  CHECK(st.now.find_section("north-wall")->hull_suffered == 7);
  CHECK(json::parse(r.json)["section"] == "north-wall");
}

TEST_CASE("first_difference names the JSON pointer of the first difference", "[actions]") {
  const json a = {{"sections", {{{"id", "a"}, {"hull_suffered", 3}}}}, {"scene", 1}};
  json b = a;
  CHECK_FALSE(first_difference(a, b, ""));
  b["sections"][0]["hull_suffered"] = 5;
  CHECK(*first_difference(a, b, "") == "/sections/0/hull_suffered: the file has 3, replaying gives 5");
  b = a;
  b["sections"].push_back(json::object());
  CHECK(*first_difference(a, b, "") == "/sections: the file has 1 items, replaying gives 2");
  b = a;
  b.erase("scene");
  CHECK(*first_difference(a, b, "/x") == "/x/scene: the file has 1, replaying gives nothing");
}

TEST_CASE("with_fields puts keys right after the action", "[actions]") {
  CHECK(with_fields(R"({"schema":1,"action":"attack","x":1})", "attack", json_field("log_entry", 3)) ==
        R"({"schema":1,"action":"attack","log_entry":3,"x":1})");
  CHECK(with_fields(R"({"a":1})", "attack", json_field("section", "n\"w")) == R"({"a":1,"section":"n\"w"})");
}

TEST_CASE("Inputs read as the options that gave them, in the order the command declares them", "[actions]") {
  CHECK(inputs_as_options("attack", {{"section", "a"}, {"successes", 2}, {"gunpowder", true}, {"blast", false}}) ==
        "--gunpowder --successes 2 --section a");
  CHECK(inputs_as_options("attack", json::object()).empty());
  // A positional input is a word of its own, first; a value with a space or a quote is quoted for the shell.
  CHECK(inputs_as_options("abatis", {{"section", "north-wall"}, {"work", "build"}}) ==
        "build --section north-wall");
  CHECK(inputs_as_options("damage", {{"at", "belfry"}, {"cause", "a night's repair"}, {"hull", 2}}) ==
        "--at belfry --hull 2 --cause 'a night'\\''s repair'");
}
