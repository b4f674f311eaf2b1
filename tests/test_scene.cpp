// siege/scene.hpp: engines as targets (E2) and one scene of a siege (E1-E4).
#include <catch2/catch.hpp>

#include "error_of.hpp"
#include "print/json.hpp"
#include "siege/scene.hpp"
#include "support.hpp"

using siege::test::usage_error_of;
using namespace siege;
using siege::test::referee;
using siege::test::tables;

namespace {

// Tables whose every skill die shows one success and whose difficulty die is
// blank: each attack's net Successes equal the crew pool, no Boons.
const Tables& sure_hits() {
  static const Tables t = [] {
    Tables x = tables();
    x.dice.faces[static_cast<std::size_t>(DieKind::skill)] = {Face{1, 0, 0, 0}};
    x.dice.faces[static_cast<std::size_t>(DieKind::difficulty)] = {Face{}};
    return x;
  }();
  return t;
}

SiegeState castle() {
  return read_description(siege::test::slurp(SIEGE_SOURCE_DIR + "/examples/castle-siege.json"),
                          {"castle.json", ErrorKind::usage}, tables());
}

EngineHit hit_on(const std::string& row, int successes, int boons, int suffered, const std::string& weapon) {
  EngineHitInput in;
  in.row = &tables().engine(row);
  in.target = row == "camp" ? "camp" : "target-" + row;
  in.weapon = tables().weapon(weapon);
  in.check = referee(successes, boons);
  in.hull_suffered = suffered;
  return resolve_engine_hit(in);
}

// Whether the notes `v`, as the command line prints them, hold `x`.
bool has(const std::vector<std::string>& notes, const std::string& x) {
  const auto v = siege::test::printed_notes(notes);
  return std::find(v.begin(), v.end(), x) != v.end();
}
// Whether an attack's rule ids hold `x`.
bool has(const std::vector<std::string_view>& rules, std::string_view x) {
  return std::find(rules.begin(), rules.end(), x) != rules.end();
}

}  // namespace

TEST_CASE("E2: a mangonel hitting a trebuchet deals 3 + 3 - 1 Armor = 5 of its 10 Hull", "[scene][E2]") {
  const EngineHit h = hit_on("trebuchet", 3, 0, 0, "mangonel");
  CHECK(h.hit);
  CHECK(h.armor.listed == 1);
  CHECK(h.armor.effective == 1);
  CHECK(h.damage == 5);
  CHECK(h.hull.max == 10);
  CHECK(h.hull.after == 5);
  CHECK_FALSE(h.knocked_out);
  CHECK(has(h.rules, "engine-target"));
  CHECK(has(h.rules, "damage"));
  // R14: the trebuchet burns; no Burn numbers are invented.
  CHECK(has(h.rules, "burns"));
  CHECK(h.not_modelled == std::vector<std::string>{"burn"});
}

TEST_CASE("E2: an engine that suffers its whole Hull is knocked out, the rest is overkill", "[scene][E2]") {
  const EngineHit h = hit_on("trebuchet", 3, 0, 8, "mangonel");
  CHECK(h.damage == 5);
  CHECK(h.hull.before == 8);
  CHECK(h.hull.after == 10);
  CHECK(h.overkill == 3);
  CHECK(h.knocked_out);
  CHECK(has(h.rules, "knocked-out"));
  CHECK(has(h.rules, "hull-cap"));
}

TEST_CASE("E2: Pierce lowers an engine's Armor, never below 0, and no structure rule applies", "[scene][E2]") {
  // Cannon on its carriage: Armor 3; a culverin has Pierce 2 and gunpowder,
  // but an engine is not tall masonry (no vulnerable-to-guns).
  const EngineHit h = hit_on("cannon", 1, 0, 0, "culverin");
  CHECK(h.armor.effective == 1);
  CHECK(h.damage == 4 + 1 - 1);
  CHECK_FALSE(has(h.rules, "vulnerable-to-guns"));
  CHECK_FALSE(has(h.rules, "burns"));  // iron: no Burn note
  const EngineHit camp = hit_on("camp", 1, 0, 0, "ballista");  // Armor 0, Pierce 1
  CHECK(camp.armor.effective == 0);
  CHECK(camp.damage == 2 + 1);
}

TEST_CASE("E2 R2: a failed check on an engine is a miss", "[scene][E2][R2]") {
  const EngineHit h = hit_on("trebuchet", 0, 5, 2, "cannon");
  CHECK_FALSE(h.hit);
  CHECK(h.damage == 0);
  CHECK(h.hull.after == 2);
  CHECK(has(h.rules, "miss"));
}

TEST_CASE("E2 R3: Boons buy Crit bundles of +2 against an engine too", "[scene][E2][R3]") {
  // Cannon: Hull damage 6, Pierce 1, Crit 3; 7 Boons buy two bundles.
  const EngineHit h = hit_on("bombard", 1, 7, 0, "cannon");
  CHECK(h.armor.effective == 3);
  CHECK(h.crit_bundles == 2);
  CHECK(h.damage == 6 + 1 - 3 + 4);
}

TEST_CASE("E2: a wrecked camp is reported as not modelled beyond its Hull", "[scene][E2]") {
  const EngineHit h = hit_on("camp", 3, 0, 18, "ballista");
  CHECK(h.knocked_out);
  CHECK(has(h.not_modelled, "what a wrecked camp means for the besiegers"));
}

TEST_CASE("E1: every attack has its own seed below 2^53, different for scene seeds 1 and 2", "[scene][E1]") {
  CHECK(attack_seed(1, 0) != attack_seed(1, 1));
  CHECK(attack_seed(1, 1) != attack_seed(2, 0));
  for (std::uint64_t s = 0; s < 50; ++s)
    for (std::size_t i = 0; i < 10; ++i) CHECK(attack_seed(s, i) < (std::uint64_t{1} << 53));
}

TEST_CASE("E1: a scene makes one attack an engine, besiegers first, each on its own seed", "[scene][E1]") {
  SiegeState st = castle();
  const SceneOutcome o = play_scene(st.now, st.scene_length, tables(), 42);
  CHECK(o.scene == 1);
  CHECK(st.now.scene == 1);
  std::vector<std::string> order;
  for (const auto& a : o.attacks) order.push_back(a.engine);
  // The belfry has no weapon and makes no attack.
  CHECK(order == std::vector<std::string>{"great-bombard", "battery-cannon", "trebuchet", "ram", "wall-mangonel",
                                          "tower-ballista"});
  CHECK(o.attacks[0].seed == attack_seed(42, 0));
  CHECK(o.attacks[4].seed == attack_seed(42, 5));  // the engine's index in the state
  CHECK(o.attacks[5].kind == TargetKind::camp);
  CHECK(o.attacks[4].kind == TargetKind::engine);

  // The bombard's attack is resolve_attack with its crew's roll on its seed.
  Rng rng(attack_seed(42, 0));
  AttackInput in;
  in.structure = &tables().structure("curtain-wall");
  in.weapon = tables().weapon("bombard");
  in.check = roll_check(attack_check_spec(FiringSlit::no, 4), tables().dice, rng);
  const AttackOutcome expected = resolve_attack(in);
  REQUIRE(o.attacks[0].on_section);
  CHECK(o.attacks[0].on_section->damage == expected.damage);
  CHECK(o.attacks[0].on_section->check.net_successes == expected.check.net_successes);
}

TEST_CASE("E1: the same scene seed plays the same scene", "[scene][E1]") {
  SiegeState a = castle(), b = castle();
  (void)play_scene(a.now, a.scene_length, tables(), 7);
  (void)play_scene(b.now, b.scene_length, tables(), 7);
  CHECK(write_state(a) == write_state(b));
  SiegeState c = castle();
  (void)play_scene(c.now, c.scene_length, tables(), 8);
  CHECK(write_state(a) != write_state(c));
}

TEST_CASE("E1-E3: with sure hits the castle's first two scenes give the exact figures", "[scene][E1][E2][E3]") {
  SiegeState st = castle();
  const SceneOutcome one = play_scene(st.now, st.scene_length, sure_hits(), 1);
  // Bombard, pool 4: 8 + 4 - (4 - 2 guns) = 10 on the north wall: cracked (R4, R6).
  CHECK(one.attacks[0].damage() == 10);
  // Cannon, pool 3, on the cracked wall: 6 + 3 - (4 - 2 - 1 - 1) = 9 -> 19 of 20.
  CHECK(one.attacks[1].damage() == 9);
  CHECK(st.now.find_section("north-wall")->hull_suffered == 19);
  CHECK(st.now.find_section("north-wall")->state == BreachState::cracked);
  // Trebuchet, pool 3, on the tower: 5 + 3 - 5 = 3 (not gunpowder: no R6).
  CHECK(st.now.find_section("river-tower")->hull_suffered == 3);
  // Ram, pool 3, on the gate with its portcullis: 4 + 3 - (3 - 1 Pierce) = 5 of 10 (R12).
  CHECK(st.now.find_section("gatehouse")->hull_suffered == 5);
  // Mangonel on the trebuchet: 3 + 3 - 1 = 5; ballista on the camp: 2 + 3 - 0 = 5.
  CHECK(st.now.find_engine("trebuchet")->hull_suffered == 5);
  CHECK(st.now.camp.hull_suffered == 5);
  CHECK(one.breached.empty());

  const SceneOutcome two = play_scene(st.now, st.scene_length, sure_hits(), 2);
  // Bombard on the cracked wall: 8 + 4 - 1 = 11 -> 20 of 20, breached; the
  // cannon then holds its fire.
  CHECK(st.now.find_section("north-wall")->state == BreachState::breached);
  CHECK(two.attacks[0].on_section->overkill == 10);
  CHECK(two.attacks[1].engine == "trebuchet");
  // Ram on the cracked gate: 4 + 3 - (3 - 1 - 1) = 6 -> 10 of 10.
  CHECK(st.now.find_section("gatehouse")->state == BreachState::breached);
  CHECK(two.breached == std::vector<std::string>{"north-wall", "gatehouse"});
  CHECK(two.open_breaches == std::vector<std::string>{"north-wall", "gatehouse"});
  CHECK(has(two.rules, "play-the-assault"));
  CHECK(has(two.notes, "north-wall is breached: play the assault."));
  CHECK(has(two.notes, "battery-cannon makes no attack: north-wall is already breached. Re-aim it with: siege "
                       "target --engine battery-cannon --at ID."));
  REQUIRE(two.idle.size() == 1);
  CHECK(two.idle[0].engine == "battery-cannon");
  CHECK(two.idle[0].reason == IdleReason::target_breached);
  CHECK(has(two.rules, "nothing-to-shoot"));
  // The trebuchet: 5 + 5 = 10 of 10, knocked out.
  CHECK(two.knocked_out == std::vector<std::string>{"trebuchet"});
  CHECK(st.now.find_engine("trebuchet")->knocked_out);
  CHECK(has(two.rules, "own-scene"));
}

TEST_CASE("E1: knocked-out engines, engines without a weapon and spent targets make no attack", "[scene][E1]") {
  SiegeState st = castle();
  for (int i = 0; i < 3; ++i) (void)play_scene(st.now, st.scene_length, sure_hits(), 1);
  const SceneOutcome four = play_scene(st.now, st.scene_length, sure_hits(), 1);
  // Only the ballista is left to shoot: the camp goes from 15 to 20 of 20.
  REQUIRE(four.attacks.size() == 1);
  CHECK(four.attacks[0].engine == "tower-ballista");
  CHECK(st.now.camp.hull_suffered == 20);
  CHECK(has(four.notes, "trebuchet is knocked out and makes no attack."));
  CHECK(has(four.notes, "wall-mangonel makes no attack: trebuchet is already knocked out. Re-aim it with: siege "
                        "target --engine wall-mangonel --at ID."));
  const SceneOutcome five = play_scene(st.now, st.scene_length, sure_hits(), 1);
  CHECK(five.attacks.empty());
  CHECK(has(five.notes, "tower-ballista makes no attack: the camp is already wrecked. Re-aim it with: siege "
                        "target --engine tower-ballista --at ID."));
  CHECK(five.idle.back().reason == IdleReason::camp_wrecked);
}

TEST_CASE("E3: after the engines every scene prompts the characters' own scene", "[scene][E3]") {
  SiegeState st = castle();
  const SceneOutcome o = play_scene(st.now, st.scene_length, tables(), 3);
  CHECK(has(o.notes, "Now play one scene of the characters' own: a sortie, a night climb, a countermine or a "
                     "parley."));
}

TEST_CASE("E4: past the fourth scene the evening's siege was meant to end", "[scene][E4]") {
  SiegeState st = castle();
  for (int i = 1; i <= 4; ++i) {
    const SceneOutcome o = play_scene(st.now, st.scene_length, tables(), static_cast<std::uint64_t>(i));
    CHECK_FALSE(has(o.rules, "evening-length"));
  }
  const SceneOutcome five = play_scene(st.now, st.scene_length, tables(), 5);
  CHECK(five.scene == 5);
  CHECK(has(five.rules, "evening-length"));
  CHECK(has(five.notes, "This is scene 5: a siege in an evening was meant to end after three or four scenes."));
}

TEST_CASE("A scene's JSON nests every attack's full outcome", "[scene][json]") {
  SiegeState st = castle();
  const SceneOutcome o = play_scene(st.now, st.scene_length, sure_hits(), 1);
  std::string out;
  detail::JsonWriter w(out);
  print::write_scene(w, o);
  const auto j = nlohmann::json::parse(out);
  CHECK(j["schema"] == 1);
  CHECK(j["action"] == "scene");
  CHECK(j["scene"] == 1);
  CHECK(j["seed"] == 1);
  CHECK(j["attacks"].size() == 6);
  CHECK(j["attacks"][0]["outcome"]["action"] == "attack");
  CHECK(j["attacks"][0]["outcome"]["damage"] == 10);
  CHECK(j["attacks"][4]["outcome"]["target"] == "trebuchet");
  CHECK(j["attacks"][4]["outcome"]["hull"]["after"] == 5);
  CHECK(j["sections"][0]["hull"]["suffered"] == 19);
  CHECK(j.contains("rules"));
  CHECK(j.contains("notes"));
  CHECK(j.contains("not_modelled"));
}

// ---------------------------------------------------------------- R32: the referee's damage and repair

namespace {

SiegeState small_siege(const std::string& description) {
  return read_description(description, {"test.json", ErrorKind::usage}, tables());
}

HullChangeInput referee_damage(const std::string& target, int amount, const std::string& cause = "") {
  return {target, HullDirection::damage, amount, cause};
}
HullChangeInput referee_repair(const std::string& target, int amount) { return {target, HullDirection::repair, amount, ""}; }

}  // namespace

TEST_CASE("R32 R4 R12: damage on a gate with its portcullis follows the ladder of its Hull with the variant",
          "[scene][R32][R4][R12]") {
  SiegeState st = castle();
  const Structure& gate = tables().structure("castle-gate");
  const int hull = gate.hull + gate.variant("portcullis")->hull_bonus;  // R12
  const int half = (hull + 1) / 2;                                      // cracked from here (R4)

  const HullChangeOutcome a = change_hull(st.now, tables(), referee_damage("gatehouse", half - 1, "Burn"));
  CHECK(a.kind == TargetKind::section);
  CHECK(a.row == "castle-gate");
  CHECK(a.cause == "Burn");
  CHECK(a.hull.max == hull);
  CHECK(a.hull.before == 0);
  CHECK(a.hull.after == half - 1);
  CHECK(a.change == half - 1);
  CHECK(a.overkill == 0);
  CHECK(a.after == BreachState::intact);
  CHECK(a.rules == std::vector<std::string>{"referee-damage"});

  const HullChangeOutcome b = change_hull(st.now, tables(), referee_damage("gatehouse", 1));
  CHECK(b.hull.after == half);
  CHECK(b.before == BreachState::intact);
  CHECK(b.after == BreachState::cracked);
  CHECK(has(b.rules, "breach-ladder"));
  CHECK(has(b.rules, "cover-lost"));
  CHECK_FALSE(b.breached_now);

  // Past the Hull: capped, the rest reported as overkill; E3 on the first breach.
  const HullChangeOutcome c = change_hull(st.now, tables(), referee_damage("gatehouse", hull));
  CHECK(c.hull.after == hull);
  CHECK(c.change == hull - half);
  CHECK(c.overkill == half);
  CHECK(c.after == BreachState::breached);
  CHECK(c.breached_now);
  CHECK(has(c.rules, "hull-cap"));
  CHECK(has(c.rules, "play-the-assault"));
  CHECK(has(c.notes, "gatehouse is breached: play the assault."));
  const SectionState& now = *st.now.find_section("gatehouse");
  CHECK(now.hull_suffered == hull);
  CHECK(now.state == BreachState::breached);
  CHECK(open_breaches(st.now) == std::vector<std::string>{"gatehouse"});

  // Damage on a section already breached is all overkill, and no new assault.
  const HullChangeOutcome d = change_hull(st.now, tables(), referee_damage("gatehouse", 2));
  CHECK(d.change == 0);
  CHECK(d.overkill == 2);
  CHECK_FALSE(d.breached_now);
  CHECK_FALSE(has(d.rules, "play-the-assault"));
}

TEST_CASE("R32 R9: the referee's damage may breach an earth rampart, R13: a wooden bridge is cut, not assaulted",
          "[scene][R32][R9][R13]") {
  SiegeState st = small_siege(R"({"sections": [{"id": "bank", "structure": "rampart"},
                                              {"id": "bridge", "structure": "wooden-bridge"}]})");
  const int rampart = tables().structure("rampart").hull;
  const HullChangeOutcome r = change_hull(st.now, tables(), referee_damage("bank", rampart));
  CHECK(r.hull.after == rampart);  // no "dug, not knocked down" cap here
  CHECK(r.after == BreachState::breached);
  CHECK_FALSE(has(r.rules, "dug-not-knocked-down"));
  CHECK(has(r.notes, "bank is breached: play the assault."));

  const int bridge = tables().structure("wooden-bridge").hull;
  const HullChangeOutcome b = change_hull(st.now, tables(), referee_damage("bridge", bridge, "Burn"));
  CHECK(b.after == BreachState::breached);
  CHECK(b.breached_now);
  CHECK(has(b.rules, "impassable-when-breached"));
  CHECK_FALSE(has(b.rules, "play-the-assault"));
  CHECK_FALSE(has(b.rules, "breach-gap"));
  CHECK(has(b.notes, "bridge is breached and impassable: there is no assault across it."));
  // The referee gives the Burn: no Burn note asks for it again.
  CHECK(b.not_modelled.empty());
}

TEST_CASE("R32 R26: a breach repaired is closed and loses its abatis", "[scene][R32][R26]") {
  SiegeState st = castle();
  const int hull = stats_of(*st.now.find_section("north-wall"), tables()).hull;
  (void)change_hull(st.now, tables(), referee_damage("north-wall", hull));
  st.now.find_section("north-wall")->abatis = {true, tables().troops.abatis_turns - 1};

  const HullChangeOutcome o = change_hull(st.now, tables(), referee_repair("north-wall", 1));
  CHECK(o.direction == HullDirection::repair);
  CHECK(o.hull.before == hull);
  CHECK(o.hull.after == hull - 1);
  CHECK(o.change == 1);
  CHECK(o.before == BreachState::breached);
  CHECK(o.after == BreachState::cracked);
  CHECK(o.abatis_lost);
  CHECK(has(o.rules, "referee-repair"));
  CHECK(has(o.rules, "breach-repaired"));
  CHECK(has(o.notes, "north-wall is no longer breached: the gap is closed."));
  const SectionState& wall = *st.now.find_section("north-wall");
  CHECK_FALSE(wall.abatis.standing);
  CHECK(wall.abatis.progress == 0);
  CHECK(wall.state == BreachState::cracked);
  CHECK(open_breaches(st.now).empty());

  // Abatis half built goes too; a repair that leaves it cracked touches nothing.
  (void)change_hull(st.now, tables(), referee_damage("north-wall", 1));
  st.now.find_section("north-wall")->abatis = {false, 1};
  CHECK(change_hull(st.now, tables(), referee_repair("north-wall", hull)).abatis_lost);
  CHECK(st.now.find_section("north-wall")->hull_suffered == 0);
  CHECK(st.now.find_section("north-wall")->state == BreachState::intact);
}

TEST_CASE("R32: a repair of more than was suffered is refused and changes nothing", "[scene][R32][errors]") {
  SiegeState st = castle();
  const Structure& gate = tables().structure("castle-gate");
  const int hull = gate.hull + gate.variant("portcullis")->hull_bonus;
  (void)change_hull(st.now, tables(), referee_damage("gatehouse", 3));
  const std::string before = write_state(st);
  CHECK(usage_error_of([&] { (void)change_hull(st.now, tables(), referee_repair("gatehouse", 4)); }) ==
        "--hull 4: gatehouse has suffered 3 of its " + std::to_string(hull) +
            " Hull, and a repair takes away at most what was suffered (R32)");
  CHECK(usage_error_of([&] { (void)change_hull(st.now, tables(), referee_repair("camp", 1)); }) ==
        "--hull 1: camp has suffered 0 of its " + std::to_string(camp_row(tables()).hull) +
            " Hull, and a repair takes away at most what was suffered (R32)");
  CHECK(usage_error_of([&] { (void)change_hull(st.now, tables(), referee_damage("gatehouse", 0)); }) ==
        "--hull 0: expected from 1 to 100000");
  CHECK(usage_error_of([&] {
          (void)change_hull(st.now, tables(), referee_repair("gatehouse", max_hull_change + 1));
        }) == "--hull 100001: expected from 1 to 100000");
  CHECK(usage_error_of([&] { (void)change_hull(st.now, tables(), referee_damage("gatehose", 1)); }) ==
        "COMMAND: unknown target 'gatehose' (did you mean gatehouse?) (give a section, an engine or camp; see "
        "'siege status')");
  CHECK(write_state(st) == before);
}

TEST_CASE("R32 R33: a breach is not repaired while a unit has figures through it", "[scene][R32][errors]") {
  SiegeState st = castle();
  const int hull = stats_of(*st.now.find_section("north-wall"), tables()).hull;
  (void)change_hull(st.now, tables(), referee_damage("north-wall", hull));
  UnitState u;
  u.id = "stormers";
  u.start_figures = u.figures = 10;
  u.where = UnitPlace::section;
  u.section = "north-wall";
  u.through = 3;
  u.behind = 7;
  st.now.units.push_back(u);
  const std::string before = write_state(st);
  CHECK(usage_error_of([&] { (void)change_hull(st.now, tables(), referee_repair("north-wall", 1)); }) ==
        "COMMAND: north-wall cannot be repaired out of its breach while figures are through it (3 of "
        "stormers) (R32)");
  CHECK(write_state(st) == before);
  // Once they are all behind it again, the repair goes ahead.
  st.now.units.back().through = 0;
  st.now.units.back().behind = 10;
  CHECK(change_hull(st.now, tables(), referee_repair("north-wall", 1)).after == BreachState::cracked);
}

TEST_CASE("R32 E2: an engine is knocked out at its Hull and back in action when repaired below it",
          "[scene][R32][E2]") {
  SiegeState st = castle();
  const Engine& row = tables().engine("trebuchet");
  const HullChangeOutcome out = change_hull(st.now, tables(), referee_damage("trebuchet", row.hull + 2));
  CHECK(out.kind == TargetKind::engine);
  CHECK(out.row == "trebuchet");
  CHECK(out.hull.after == row.hull);
  CHECK(out.overkill == 2);
  CHECK_FALSE(out.out_before);
  CHECK(out.out_after);
  CHECK(has(out.rules, "knocked-out"));
  CHECK(has(out.notes, "trebuchet has suffered its whole Hull: it is knocked out and makes no more attacks."));
  CHECK(st.now.find_engine("trebuchet")->knocked_out);

  const HullChangeOutcome back = change_hull(st.now, tables(), referee_repair("trebuchet", 1));
  CHECK(back.hull.after == row.hull - 1);
  CHECK(back.out_before);
  CHECK_FALSE(back.out_after);
  CHECK(has(back.rules, "back-in-action"));
  CHECK(has(back.notes, "trebuchet is repaired below its Hull (" + std::to_string(row.hull - 1) + " of " +
                            std::to_string(row.hull) + "): it is back in action."));
  CHECK_FALSE(st.now.find_engine("trebuchet")->knocked_out);
  // A repaired engine shoots again in the next scene.
  const SceneOutcome o = play_scene(st.now, st.scene_length, sure_hits(), 1);
  CHECK(std::any_of(o.attacks.begin(), o.attacks.end(), [](const SceneAttack& a) { return a.engine == "trebuchet"; }));

  // A defender engine's Hull can be changed too; the camp is wrecked at its Hull.
  const Engine& mangonel = tables().engine("mangonel");
  CHECK(change_hull(st.now, tables(), referee_damage("wall-mangonel", 1)).hull.max == mangonel.hull);
  const int camp = camp_row(tables()).hull;
  st.now.camp.hull_suffered = 0;
  const HullChangeOutcome wrecked = change_hull(st.now, tables(), referee_damage("camp", camp));
  CHECK(wrecked.kind == TargetKind::camp);
  CHECK(wrecked.out_after);
  CHECK(has(wrecked.notes, "The camp has suffered its whole Hull: it is wrecked."));
  const HullChangeOutcome mended = change_hull(st.now, tables(), referee_repair("camp", 1));
  CHECK_FALSE(mended.out_after);
  CHECK(has(mended.rules, "back-in-action"));
}

TEST_CASE("R32: an engine with no engines.json row has no Hull to change", "[scene][R32][errors]") {
  SiegeState st = small_siege(R"({"sections": [{"id": "wall", "structure": "curtain-wall"}],
    "besiegers": [{"id": "gun", "weapon": "cannon", "target": "wall"}],
    "defenders": [{"id": "swivel", "weapon": "falconet", "target": "camp"}]})");
  REQUIRE(st.now.find_engine("swivel")->engine.empty());
  CHECK(usage_error_of([&] { (void)change_hull(st.now, tables(), referee_damage("swivel", 1)); }) ==
        "COMMAND: engine 'swivel' has no engines.json row to give it a Hull");
}

TEST_CASE("E2 R32: a scene writes each engine hit through the same Hull change", "[scene][E2][R32]") {
  SiegeState st = castle();
  const Engine& row = tables().engine("trebuchet");
  st.now.find_engine("trebuchet")->hull_suffered = row.hull - 1;
  const SceneOutcome o = play_scene(st.now, st.scene_length, sure_hits(), 1);
  const auto hit = std::find_if(o.attacks.begin(), o.attacks.end(),
                                [](const SceneAttack& a) { return a.engine == "wall-mangonel"; });
  REQUIRE(hit != o.attacks.end());
  REQUIRE(hit->on_engine);
  CHECK(hit->on_engine->hull.before == row.hull - 1);
  CHECK(hit->on_engine->hull.after == row.hull);
  CHECK(hit->on_engine->overkill == hit->on_engine->damage - 1);
  CHECK(st.now.find_engine("trebuchet")->hull_suffered == row.hull);
  CHECK(st.now.find_engine("trebuchet")->knocked_out);
  CHECK(o.knocked_out == std::vector<std::string>{"trebuchet"});
}

// ---------------------------------------------------------------- sortie

TEST_CASE("Sortie: the characters' attack on an engine is the arithmetic of an engine's hit in a scene",
          "[scene][sortie][E2]") {
  SiegeState st = castle();
  const Weapon& w = tables().weapon("ballista");
  const Engine& row = tables().engine("trebuchet");
  SortieInput in{"trebuchet", w, referee(2, 0), std::nullopt};
  const EngineHit o = resolve_sortie(st.now, tables(), in);
  // R1-R2 against the row: Hull damage + net Successes - (Armor - Pierce).
  const int expected = std::max(0, w.hull_damage + 2 - std::max(0, row.armor - w.pierce));
  CHECK(o.hit);
  CHECK(o.damage == expected);
  CHECK(o.hull.max == row.hull);
  CHECK(o.hull.after == expected);
  CHECK(st.now.find_engine("trebuchet")->hull_suffered == expected);
  CHECK(has(o.rules, "sortie"));
  CHECK(has(o.rules, "engine-target"));
  // The same numbers as resolve_engine_hit, which a scene's attack uses.
  EngineHitInput same;
  same.row = &row;
  same.target = "trebuchet";
  same.weapon = w;
  same.check = referee(2, 0);
  const EngineHit scene_hit = resolve_engine_hit(same);
  CHECK(scene_hit.damage == o.damage);
  CHECK(scene_hit.armor.effective == o.armor.effective);

  // A miss changes nothing.
  const EngineHit miss = resolve_sortie(st.now, tables(), {"trebuchet", w, referee(0, 3), std::nullopt});
  CHECK_FALSE(miss.hit);
  CHECK(st.now.find_engine("trebuchet")->hull_suffered == expected);
}

TEST_CASE("Sortie: an engine that suffers its whole Hull is knocked out, Boons buy Crit bundles (R3)",
          "[scene][sortie][E2][R3]") {
  SiegeState st = castle();
  const Weapon& w = tables().weapon("cannon");
  const Engine& row = tables().engine("ram-shed");
  REQUIRE(w.crit > 0);
  st.now.find_engine("ram")->hull_suffered = 1;
  const EngineHit o = resolve_sortie(st.now, tables(), {"ram", w, referee(1, 2 * w.crit), std::nullopt});
  const int base = std::max(0, w.hull_damage + 1 - std::max(0, row.armor - w.pierce));
  CHECK(o.crit_bundles == 2);
  CHECK(o.damage == base + 4);
  CHECK(o.hull.after == std::min(row.hull, 1 + base + 4));
  CHECK(o.overkill == 1 + base + 4 - o.hull.after);
  CHECK(o.knocked_out == (o.hull.after >= row.hull));
  REQUIRE(o.knocked_out);
  CHECK(st.now.find_engine("ram")->knocked_out);
  CHECK(has(o.rules, "knocked-out"));
  // The spent ram makes no attack in the next scene.
  const SceneOutcome next = play_scene(st.now, st.scene_length, sure_hits(), 1);
  CHECK(has(next.notes, "ram is knocked out and makes no attack."));
  // --spend-boons N spends fewer; more than the roll has is refused.
  SiegeState again = castle();
  CHECK(resolve_sortie(again.now, tables(), {"trebuchet", w, referee(1, 2 * w.crit), w.crit}).crit_bundles == 1);
  CHECK(usage_error_of([&] {
          (void)resolve_sortie(again.now, tables(), {"trebuchet", w, referee(1, 1), 2});
        }) == "--spend-boons 2: the roll has 1 net Boons to spend");
}

TEST_CASE("Sortie: the camp is a target, sections, defender engines and spent targets are refused",
          "[scene][sortie][errors]") {
  SiegeState st = castle();
  const Weapon& w = tables().weapon("falconet");
  const EngineHit camp = resolve_sortie(st.now, tables(), {"camp", w, referee(1, 0), std::nullopt});
  CHECK(camp.target == "camp");
  CHECK(st.now.camp.hull_suffered == camp.hull.after);
  CHECK(camp.damage == std::max(0, w.hull_damage + 1 - std::max(0, camp_row(tables()).armor - w.pierce)));

  const std::string before = write_state(st);
  CHECK(usage_error_of([&] {
          (void)resolve_sortie(st.now, tables(), {"north-wall", w, referee(1), {}});
        }) ==
        "COMMAND: 'north-wall' is a section of the wall: a sortie attacks a besieger engine or the camp");
  CHECK(usage_error_of([&] {
          (void)resolve_sortie(st.now, tables(), {"wall-mangonel", w, referee(1), {}});
        }) == "COMMAND: 'wall-mangonel' is a defender engine: a sortie attacks a besieger engine or the camp");
  CHECK(usage_error_of([&] {
          (void)resolve_sortie(st.now, tables(), {"trebucet", w, referee(1), {}});
        }) ==
        "COMMAND: unknown target 'trebucet' (did you mean trebuchet?) (a sortie attacks a besieger engine or "
        "the "
        "camp; see 'siege status')");
  CHECK(usage_error_of([&] {
          (void)resolve_sortie(st.now, tables(), {"trebuchet", tables().weapon("musket"), referee(1), {}});
        }).rfind("weapon 'musket' is a personal weapon", 0) == 0);  // R7
  CHECK(write_state(st) == before);
  st.now.find_engine("belfry")->knocked_out = true;
  CHECK(usage_error_of([&] {
          (void)resolve_sortie(st.now, tables(), {"belfry", w, referee(1), {}});
        }) == "COMMAND: belfry is already knocked out");
  st.now.camp.hull_suffered = camp_row(tables()).hull;
  CHECK(usage_error_of([&] {
          (void)resolve_sortie(st.now, tables(), {"camp", w, referee(1), {}});
        }) == "COMMAND: the camp is already wrecked");
}

// ---------------------------------------------------------------- R29: targets

TEST_CASE("R29: a besieger is re-aimed at a section, a defender at a besieger engine or the camp",
          "[scene][R29]") {
  SiegeState st = castle();
  const AimOutcome a = aim_engine(st.now, tables(), "battery-cannon", "east-wall");
  CHECK(a.before == "north-wall");
  CHECK(a.after == "east-wall");
  CHECK(a.side == EngineSide::besieger);
  CHECK(a.rules == std::vector<std::string>{"engine-targets"});
  CHECK(a.notes == std::vector<std::string>{"battery-cannon now aims at east-wall."});
  CHECK(st.now.find_engine("battery-cannon")->target == "east-wall");

  const AimOutcome d = aim_engine(st.now, tables(), "tower-ballista", "great-bombard");
  CHECK(d.before == "camp");
  CHECK(st.now.find_engine("tower-ballista")->target == "great-bombard");
  (void)aim_engine(st.now, tables(), "tower-ballista", "camp");
  CHECK(st.now.find_engine("tower-ballista")->target == "camp");

  // A target with nothing left to shoot is accepted, with a note.
  st.now.find_engine("trebuchet")->knocked_out = true;
  const AimOutcome spent = aim_engine(st.now, tables(), "tower-ballista", "trebuchet");
  CHECK(has(spent.notes, "trebuchet is already knocked out: tower-ballista will have nothing to shoot."));
}

TEST_CASE("R29: a re-aim that breaks the targeting rules is refused, naming the problem", "[scene][R29][errors]") {
  SiegeState st = castle();
  const std::string before = write_state(st);
  auto refusal = [&](const char* engine, const char* target) {
    return usage_error_of([&] { (void)aim_engine(st.now, tables(), engine, target); });
  };
  CHECK(refusal("wall-mangonel", "north-wall") ==
        "COMMAND: 'north-wall' is a section of the castle: a defender engine aims at a besieger engine or the camp, "
        "never at its own wall (R29)");
  CHECK(refusal("wall-mangonel", "tower-ballista") ==
        "COMMAND: 'tower-ballista' is a defender engine (a defender engine attacks a besieger engine or the camp)");
  CHECK(refusal("wall-mangonel", "trebuchett") ==
        "COMMAND: unknown target 'trebuchett' (did you mean trebuchet?) (a defender engine attacks a besieger engine "
        "or the camp)");
  CHECK(refusal("great-bombard", "trebuchet") ==
        "COMMAND: 'trebuchet' is an engine (a besieger engine attacks a section of the wall)");
  CHECK(refusal("great-bombard", "camp") ==
        "COMMAND: 'camp' is the besiegers' own camp (a besieger engine attacks a section of the wall)");
  CHECK(refusal("great-bombard", "north-wal") ==
        "COMMAND: unknown section 'north-wal' (did you mean north-wall?) (a besieger engine attacks a section of "
        "the wall)");
  CHECK(refusal("belfry", "north-wall") == "COMMAND: engine 'belfry' has no weapon to fire at its target");
  CHECK(refusal("great-bombrd", "north-wall") ==
        "COMMAND: unknown engine 'great-bombrd' (did you mean great-bombard?); see 'siege status'");
  CHECK(write_state(st) == before);
  st.now.find_engine("trebuchet")->knocked_out = true;
  CHECK(refusal("trebuchet", "east-wall") == "COMMAND: engine 'trebuchet' is knocked out and cannot be re-aimed (R29)");
}

TEST_CASE("R29: `none` takes an engine's target away, and a scene notes that it has nothing to shoot",
          "[scene][R29]") {
  SiegeState st = castle();
  const AimOutcome o = aim_engine(st.now, tables(), "battery-cannon", no_target_id);
  CHECK(o.after.empty());
  CHECK(st.now.find_engine("battery-cannon")->target.empty());
  CHECK(o.notes == std::vector<std::string>{"battery-cannon has no target: it makes no attack until it is aimed again."});
  (void)aim_engine(st.now, tables(), "belfry", "none");  // no weapon, no target: nothing to refuse
  const SceneOutcome s = play_scene(st.now, st.scene_length, sure_hits(), 1);
  CHECK(std::none_of(s.attacks.begin(), s.attacks.end(),
                     [](const SceneAttack& a) { return a.engine == "battery-cannon"; }));
  CHECK(has(s.notes, "battery-cannon makes no attack: it has no target. Re-aim it with: siege target --engine "
                     "battery-cannon --at ID."));
  REQUIRE(s.idle.size() == 1);
  CHECK(s.idle[0].reason == IdleReason::no_target);
  // The state file keeps an engine with a weapon and no target.
  const std::string text = write_state(st);
  CHECK(write_state(read_state(text, {"siege.json", ErrorKind::state}, tables())) == text);
}

TEST_CASE("R29 R32: an idle engine knocked out later in the same scene is offered no re-aim", "[scene][R29]") {
  SiegeState st = castle();
  (void)aim_engine(st.now, tables(), "trebuchet", no_target_id);
  const SceneOutcome one = play_scene(st.now, st.scene_length, sure_hits(), 1);
  CHECK(has(one.notes, "trebuchet makes no attack: it has no target. Re-aim it with: siege target --engine "
                       "trebuchet --at ID."));
  REQUIRE(one.idle.size() == 1);
  // Scene 2: idle first (besiegers shoot first), then the mangonel's 5 more
  // make 10 of 10: knocked out, it waits for repair, not for a target.
  const SceneOutcome two = play_scene(st.now, st.scene_length, sure_hits(), 2);
  CHECK(two.knocked_out == std::vector<std::string>{"trebuchet"});
  CHECK(has(two.notes, "trebuchet makes no attack: it has no target."));
  CHECK(std::none_of(two.notes.begin(), two.notes.end(),
                     [](const std::string& n) { return n.find("--engine trebuchet") != std::string::npos; }));
  // The battery cannon, whose wall the bombard breached first, still waits.
  REQUIRE(two.idle.size() == 1);
  CHECK(two.idle[0].engine == "battery-cannon");
}

TEST_CASE("R29: a defender aimed at a section in an older state file makes no attack, with a note",
          "[scene][R29]") {
  std::string text = write_state(castle());
  const std::string from = R"("target":"trebuchet")";
  const auto at = text.find(from);  // the wall-mangonel's, in the siege now
  REQUIRE(at != std::string::npos);
  text.replace(at, from.size(), R"("target":"north-wall")");
  SiegeState st = read_state(text, {"siege.json", ErrorKind::state}, tables());
  REQUIRE(st.now.find_engine("wall-mangonel")->target == "north-wall");
  const SceneOutcome o = play_scene(st.now, st.scene_length, sure_hits(), 1);
  int on_wall = 0;
  for (const auto& a : o.attacks) {
    CHECK(a.engine != "wall-mangonel");
    if (a.target == "north-wall") on_wall += a.hull().after - a.hull().before;
  }
  CHECK(st.now.find_section("north-wall")->hull_suffered == on_wall);
  CHECK(has(o.rules, "engine-targets"));
  CHECK(has(o.notes, "wall-mangonel makes no attack: north-wall is a section of its own castle, and a defender "
                     "engine aims at a besieger engine or the camp (R29). Re-aim it with: siege target --engine "
                     "wall-mangonel --at ID."));
  REQUIRE(o.idle.size() == 1);
  CHECK(o.idle[0].reason == IdleReason::own_wall);
  CHECK(o.idle[0].target == "north-wall");
  // Re-aimed, it shoots again.
  (void)aim_engine(st.now, tables(), "wall-mangonel", "trebuchet");
  const SceneOutcome next = play_scene(st.now, st.scene_length, sure_hits(), 2);
  CHECK(std::any_of(next.attacks.begin(), next.attacks.end(),
                    [](const SceneAttack& a) { return a.engine == "wall-mangonel"; }));
}

TEST_CASE("E3 R13: a scene that breaches a wooden bridge says it is impassable, not to play the assault",
          "[scene][E3][R13]") {
  SiegeState st = small_siege(R"({"sections": [{"id": "bridge", "structure": "wooden-bridge"}],
    "besiegers": [{"id": "gun", "weapon": "bombard", "pool": 20, "target": "bridge"}]})");
  const SceneOutcome o = play_scene(st.now, st.scene_length, sure_hits(), 1);
  REQUIRE(o.breached == std::vector<std::string>{"bridge"});
  CHECK(has(o.rules, "impassable-when-breached"));
  CHECK_FALSE(has(o.rules, "play-the-assault"));
  CHECK(has(o.notes, "bridge is breached and impassable: there is no assault across it."));
  CHECK_FALSE(has(o.attacks[0].on_section->rules, "breach-gap"));
}

TEST_CASE("The new outcomes' JSON", "[scene][json][R29][R32]") {
  SiegeState st = castle();
  std::string out;
  {
    detail::JsonWriter w(out);
    print::write_hull_change(w, change_hull(st.now, tables(), referee_damage("gatehouse", 3, "Burn")));
  }
  auto j = nlohmann::json::parse(out);
  CHECK(j["action"] == "damage");
  CHECK(j["target_kind"] == "section");
  CHECK(j["cause"] == "Burn");
  CHECK(j["hull"]["after"] == 3);
  CHECK(j["state"]["before"] == "intact");
  CHECK(j["abatis_lost"] == false);
  out.clear();
  {
    detail::JsonWriter w(out);
    print::write_hull_change(w, change_hull(st.now, tables(), referee_repair("gatehouse", 3)));
  }
  j = nlohmann::json::parse(out);
  CHECK(j["action"] == "repair");
  CHECK(j["cause"].is_null());
  out.clear();
  {
    detail::JsonWriter w(out);
    print::write_aim(w, aim_engine(st.now, tables(), "battery-cannon", "none"));
  }
  j = nlohmann::json::parse(out);
  CHECK(j["action"] == "target");
  CHECK(j["target"]["before"] == "north-wall");
  CHECK(j["target"]["after"].is_null());
  out.clear();
  {
    detail::JsonWriter w(out);
    print::write_engine_hit(
        w, resolve_sortie(st.now, tables(), {"camp", tables().weapon("falconet"), referee(1), {}}),
        std::nullopt, "sortie");
  }
  j = nlohmann::json::parse(out);
  CHECK(j["action"] == "sortie");
  CHECK(j["target"] == "camp");
  for (const auto& r : j["rules"]) CHECK(rule_info(r.get<std::string>()) != nullptr);
}
