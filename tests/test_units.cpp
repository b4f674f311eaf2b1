// siege/units.hpp: the troop rules on the units of the state file (R21-R26, R33).
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "error_of.hpp"
#include "print/json.hpp"
#include "siege/rules.hpp"
#include "siege/state_json.hpp"
#include "siege/units.hpp"
#include "support.hpp"

using namespace siege;
using siege::test::tables;

namespace {

const detail::JsonSource units_src{"assault.json", ErrorKind::usage};

// The example castle with a garrison of 30 and a hero within the walls, an
// assault force of 40, a reserve of 20 and a company of 12 outside; the
// besiegers' army is 120 strong (the trial's "39 killed of 120").
SiegeState units_siege_state() {
  auto doc = nlohmann::json::parse(siege::test::slurp(SIEGE_SOURCE_DIR + "/examples/castle-siege.json"));
  doc["units"] = nlohmann::json::parse(R"([
    {"id": "garrison", "side": "defender", "figures": 30},
    {"id": "sir-hugh", "side": "defender", "hero": true},
    {"id": "assault", "side": "besieger", "figures": 40},
    {"id": "reserve", "side": "besieger", "figures": 20},
    {"id": "company", "side": "besieger", "figures": 12}
  ])");
  doc["armies"] = nlohmann::json::parse(R"({"besieger": {"strength": 120}})");
  return read_description(doc.dump(), units_src, tables());
}

Snapshot units_siege() { return units_siege_state().now; }

void units_breach(Snapshot& s, const std::string& id) {
  SectionState& x = *s.find_section(id);
  x.hull_suffered = stats_of(x, tables()).hull;
  x.state = BreachState::breached;
}

const UnitState& units_get(const Snapshot& s, const std::string& id) { return unit_of(s, id); }

// The message of the usage error `f` throws; the snapshot is left as it was.
template <typename F>
std::string units_refusal(Snapshot& s, F&& f) {
  const SiegeState was{"", SceneLength::day, s, s, {}, {}};
  const std::string before = write_state(was);
  std::string what;
  try {
    f();
  } catch (const Error& e) {
    CHECK(e.kind() == ErrorKind::usage);
    what = siege::test::reported_text(e);
  }
  if (what.empty()) FAIL("no error thrown");
  CHECK(write_state({"", SceneLength::day, s, s, {}, {}}) == before);
  return what;
}

bool units_has_rule(const TroopOutcome& o, std::string_view id) {
  return std::find(o.rules.begin(), o.rules.end(), id) != o.rules.end();
}

bool units_has_note(const TroopOutcome& o, std::string_view text) {
  for (const auto& n : o.notes)
    if (n.find(text) != std::string::npos) return true;
  return false;
}

UnitMoveOutcome units_to(Snapshot& s, const std::string& unit, const std::string& section) {
  UnitMoveInput in;
  in.unit = unit;
  in.section = section;
  return move_unit(s, in, tables());
}

UnitMoveOutcome units_through(Snapshot& s, const std::string& unit, const std::string& section, int n) {
  UnitMoveInput in;
  in.unit = unit;
  in.section = section;
  in.through_figures = n;
  return move_unit(s, in, tables());
}

UnitHoldInput units_hold(const std::string& holder, const std::string& enemy, std::optional<int> needed,
                         std::optional<int> rolled) {
  UnitHoldInput in;
  in.holder = holder;
  in.enemy = enemy;
  in.section = "north-wall";
  in.needed = needed;
  if (rolled) {
    DiceRoll r;
    r.total = *rolled;
    in.roll = r;
  }
  return in;
}

// North wall breached; the garrison and the assault force at it.
Snapshot units_at_breach() {
  Snapshot s = units_siege();
  units_breach(s, "north-wall");
  (void)units_to(s, "garrison", "north-wall");
  (void)units_to(s, "assault", "north-wall");
  return s;
}

}  // namespace

// ---------------------------------------------------------------- move

TEST_CASE("R33: moving a unit to a section puts all its figures behind", "[units][move][R33]") {
  Snapshot s = units_siege();
  const auto o = units_to(s, "assault", "north-wall");
  const UnitState& u = units_get(s, "assault");
  CHECK(u.where == UnitPlace::section);
  CHECK(u.section == "north-wall");
  CHECK(u.through == 0);
  CHECK(u.behind == 40);
  REQUIRE(o.units.size() == 1);
  CHECK(o.units[0].before.where == UnitPlace::outside);
  CHECK(o.units[0].after.behind == 40);
  CHECK(units_has_rule(o, "unit-place"));
  CHECK(units_has_note(o, "north-wall is intact, not breached: the way in is up the wall"));
}

TEST_CASE("R33: figures go through a breach, with none behind the unit is within the walls", "[units][move][R33]") {
  Snapshot s = units_siege();
  units_breach(s, "north-wall");
  (void)units_to(s, "assault", "north-wall");
  auto o = units_through(s, "assault", "north-wall", 3);
  CHECK(o.moved_through == 3);
  CHECK(units_get(s, "assault").through == 3);
  CHECK(units_get(s, "assault").behind == 37);
  CHECK(units_has_rule(o, "unit-through"));
  CHECK(units_has_rule(o, "breach-rough-terrain"));
  o = units_through(s, "assault", "north-wall", 37);
  const UnitState& u = units_get(s, "assault");
  CHECK(u.where == UnitPlace::within_walls);
  CHECK(u.section.empty());
  CHECK(u.through == 0);
  CHECK(u.behind == 0);
  CHECK(u.figures == 40);
  CHECK(units_has_rule(o, "unit-within-walls"));
  CHECK(o.units[0].before.through == 3);
}

TEST_CASE("R33: a unit outside is brought to the section before figures go through", "[units][move][R33]") {
  Snapshot s = units_siege();
  units_breach(s, "north-wall");
  const auto o = units_through(s, "reserve", "north-wall", 5);
  CHECK(units_get(s, "reserve").through == 5);
  CHECK(units_get(s, "reserve").behind == 15);
  CHECK(units_has_note(o, "comes to north-wall first"));
}

TEST_CASE("R15: a move through the breach reports the Rough Terrain speed from troops.json", "[units][move][R15]") {
  Snapshot s = units_siege();
  units_breach(s, "north-wall");
  UnitMoveInput in;
  in.unit = "assault";
  in.section = "north-wall";
  in.through_figures = 4;
  in.speed = 9;
  const auto o = move_unit(s, in, tables());
  REQUIRE(o.move);
  const Ratio rough = tables().troops.rough_terrain;
  CHECK(o.move->speed_after == 9 * rough.numerator / rough.denominator);
  CHECK(o.move->through_breach);
}

TEST_CASE("R26, R33: moving through is refused unless the section is breached and free of abatis",
          "[units][move][R26][R33][errors]") {
  Snapshot s = units_siege();
  CHECK(units_refusal(s, [&] { (void)units_through(s, "assault", "north-wall", 3); }) ==
        "COMMAND: north-wall is intact, not breached; figures go through only a breach (climb it: escalade) (R33)");
  units_breach(s, "north-wall");
  s.find_section("north-wall")->abatis.standing = true;
  CHECK(units_refusal(s, [&] { (void)units_through(s, "assault", "north-wall", 3); }) ==
        "COMMAND: abatis stands in the breach of north-wall; it blocks the way through until it is torn down (R26, "
        "R33)");
  s.find_section("north-wall")->abatis.standing = false;
  CHECK(units_refusal(s, [&] { (void)units_through(s, "assault", "north-wall", 41); }) ==
        "--figures 41: 'assault' has 40 figures behind the breach; give from 1 to 40");
  CHECK(units_refusal(s, [&] { (void)units_through(s, "assault", "north-wall", 0); }) ==
        "--figures 0: 'assault' has 40 figures behind the breach; give from 1 to 40");
  CHECK(units_refusal(s, [&] { (void)units_through(s, "garrison", "north-wall", 3); }) ==
        "COMMAND: 'garrison' is a defender unit; only besiegers move through a breach into the castle (a sortie: "
        "move it outside) (R33)");
  (void)units_to(s, "assault", "east-wall");
  CHECK(units_refusal(s, [&] { (void)units_through(s, "assault", "north-wall", 3); }) ==
        "COMMAND: 'assault' is at east-wall (0 through, 40 behind), not outside or at north-wall; bring it to "
        "north-wall first (R33)");
  UnitMoveInput in;
  in.unit = "assault";
  in.to = UnitDestination::within_walls;
  CHECK(units_refusal(s, [&] { (void)move_unit(s, in, tables()); }) ==
        "COMMAND: besieger unit 'assault' gets within the walls only through a breach or up the wall (move "
        "--through-breach, escalade) (R33)");
  CHECK(units_refusal(s, [&] { (void)units_to(s, "asault", "north-wall"); }) ==
        "COMMAND: unknown unit 'asault' (did you mean assault?); see 'siege status'");
  CHECK(units_refusal(s, [&] { (void)units_to(s, "assault", "north-gate"); }) ==
        "COMMAND: unknown section 'north-gate' (did you mean north-wall?); see 'siege status'");
}

TEST_CASE("R33: a defender may go outside and back within the walls", "[units][move][R33]") {
  Snapshot s = units_siege();
  UnitMoveInput in;
  in.unit = "garrison";
  in.to = UnitDestination::outside;
  (void)move_unit(s, in, tables());
  CHECK(units_get(s, "garrison").where == UnitPlace::outside);
  in.to = UnitDestination::within_walls;
  (void)move_unit(s, in, tables());
  CHECK(units_get(s, "garrison").where == UnitPlace::within_walls);
}

// ---------------------------------------------------------------- hold

TEST_CASE("R21, R33: the worked example: needed 12, rolled 15, three enemy figures through", "[units][hold][R21][R33]") {
  Snapshot s = units_at_breach();
  const auto o = hold_unit(s, units_hold("garrison", "assault", 12, 15));
  CHECK_FALSE(o.hold.passed);
  CHECK(o.hold.margin == 3);
  CHECK(o.moved_through == 3);
  const UnitState& a = units_get(s, "assault");
  CHECK(a.through == 3);
  CHECK(a.behind == 37);
  CHECK(a.figures == 40);
  const UnitState& g = units_get(s, "garrison");
  CHECK(g.order == Order::good);  // R21: holding keeps its order
  CHECK(g.figures == 30);
  REQUIRE(o.units.size() == 2);
  CHECK(o.units[0].before.order == Order::good);
  CHECK(o.units[0].after.order == Order::good);
  CHECK(o.units[1].before.through == 0);
  CHECK(o.units[1].after.through == 3);
  CHECK(units_has_rule(o, "hold-keeps-order"));
  CHECK(units_has_rule(o, "forced-through"));
  CHECK(units_has_rule(o, "hold-moves-enemy"));
  CHECK(o.armies.empty());
}

TEST_CASE("R21: a shaken holder that fails stays shaken, one that passes lets nobody through", "[units][hold][R21]") {
  Snapshot s = units_at_breach();
  (void)set_unit_order(s, {"garrison", Order::shaken});
  auto o = hold_unit(s, units_hold("garrison", "assault", 12, 13));
  CHECK(o.moved_through == 1);
  CHECK(units_get(s, "garrison").order == Order::shaken);
  o = hold_unit(s, units_hold("garrison", "assault", 12, 12));
  CHECK(o.hold.passed);
  CHECK(o.moved_through == 0);
  CHECK(units_get(s, "assault").through == 1);
  CHECK_FALSE(units_has_rule(o, "hold-moves-enemy"));
}

TEST_CASE("R33: the figures forced through are capped at those behind", "[units][hold][R33]") {
  Snapshot s = units_at_breach();
  (void)units_through(s, "assault", "north-wall", 38);
  const auto o = hold_unit(s, units_hold("garrison", "assault", 12, 20));
  CHECK(o.hold.margin == 8);
  CHECK(o.hold.capped);
  CHECK(o.moved_through == 2);
  const UnitState& a = units_get(s, "assault");
  CHECK(a.where == UnitPlace::within_walls);
  CHECK(a.figures == 40);
  CHECK(units_has_rule(o, "unit-within-walls"));
}

TEST_CASE("R21: a hero holding the breach never fails", "[units][hold][R21]") {
  Snapshot s = units_at_breach();
  (void)units_to(s, "sir-hugh", "north-wall");
  // No roll is needed for a hero; a roll that would fail does not either.
  auto o = hold_unit(s, units_hold("sir-hugh", "assault", std::nullopt, std::nullopt));
  CHECK(o.hold.passed);
  o = hold_unit(s, units_hold("sir-hugh", "assault", 5, 20));
  CHECK(o.hold.passed);
  CHECK(o.moved_through == 0);
  CHECK(units_get(s, "assault").behind == 40);
  CHECK(units_has_rule(o, "hero-never-fails"));
}

TEST_CASE("R21, R33: a hold is refused for a routed holder, the wrong sides or units elsewhere",
          "[units][hold][R21][R33][errors]") {
  Snapshot s = units_at_breach();
  CHECK(units_refusal(s, [&] { (void)hold_unit(s, units_hold("assault", "garrison", 12, 15)); }) ==
        "COMMAND: the holder 'assault' is a besieger unit; the breach is held by a defender unit against a besieger "
        "unit (R33)");
  CHECK(units_refusal(s, [&] { (void)hold_unit(s, units_hold("garrison", "sir-hugh", 12, 15)); }) ==
        "COMMAND: the enemy 'sir-hugh' is a defender unit; the breach is held against a besieger unit (R33)");
  CHECK(units_refusal(s, [&] { (void)hold_unit(s, units_hold("garrison", "reserve", 12, 15)); }) ==
        "COMMAND: 'reserve' is outside, not at north-wall; both units must be at the section (siege move --unit reserve "
        "--section north-wall) (R33)");
  CHECK(units_refusal(s, [&] { (void)hold_unit(s, units_hold("garrison", "garrison", 12, 15)); }) ==
        "COMMAND: 'garrison' cannot hold the breach against itself");
  CHECK(units_refusal(s, [&] { (void)hold_unit(s, units_hold("garrison", "assault", 12, std::nullopt)); }) ==
        "COMMAND: give --rolled N or let the dice be rolled");
  (void)set_unit_order(s, {"garrison", Order::routed});
  CHECK(units_refusal(s, [&] { (void)hold_unit(s, units_hold("garrison", "assault", 12, 15)); }) ==
        "COMMAND: a routed unit cannot hold the breach (R21); only a unit in good or shaken order can");
  Snapshot intact = units_siege();
  (void)units_to(intact, "garrison", "north-wall");
  (void)units_to(intact, "assault", "north-wall");
  UnitHoldInput in = units_hold("garrison", "assault", 12, 15);
  in.site = HoldSite::breach;
  CHECK(units_refusal(intact, [&] { (void)hold_unit(intact, in); }) ==
        "COMMAND: north-wall is intact, not breached; hold it at the wall-top (--site wall-top) (R22)");
}

TEST_CASE("R22: on a section not breached the hold is at the wall-top, and climbers come over it",
          "[units][hold][R22][R33]") {
  Snapshot s = units_siege();
  (void)units_to(s, "garrison", "north-wall");
  (void)units_to(s, "assault", "north-wall");
  const auto o = hold_unit(s, units_hold("garrison", "assault", 12, 15));
  CHECK(o.hold.site == HoldSite::wall_top);
  CHECK(units_get(s, "assault").through == 3);
}

TEST_CASE("hold_input validates before the dice are rolled and takes the numbers from the file", "[units][hold]") {
  const Snapshot s = units_at_breach();
  const HoldInput hi = hold_input(s, units_hold("garrison", "assault", 12, std::nullopt), RollComing::yes);
  CHECK(hi.order == Order::good);
  CHECK(hi.site == HoldSite::breach);
  CHECK(hi.figures == 30);
  CHECK(hi.enemy_figures == 40);
  CHECK(hi.hero == Hero::no);
  CHECK_FALSE(hi.roll);
}

// ---------------------------------------------------------------- casualties

TEST_CASE("R23, R33: casualties on a unit partly through come first from those through", "[units][casualties][R23]") {
  Snapshot s = units_at_breach();
  (void)hold_unit(s, units_hold("garrison", "assault", 12, 15));
  const auto o = unit_casualties(s, {"assault", 5});
  REQUIRE(o.through_first);
  CHECK(o.removed_through == 3);
  CHECK(o.removed_behind == 2);
  CHECK(o.through_first->gaps == 3);
  const UnitState& a = units_get(s, "assault");
  CHECK(a.figures == 35);
  CHECK(a.through == 0);
  CHECK(a.behind == 35);
  CHECK(a.where == UnitPlace::section);
  CHECK(s.armies.besieger->killed == 5);
  REQUIRE(o.armies.size() == 1);
  CHECK(o.armies[0].before.killed == 0);
  CHECK(o.armies[0].after.killed == 5);
  CHECK_FALSE(o.armies[0].check_called);
  CHECK(units_has_rule(o, "casualties-through-first"));
  CHECK(units_has_rule(o, "unit-losses"));
}

TEST_CASE("R23: fewer casualties than those through leave the rest behind untouched", "[units][casualties][R23]") {
  Snapshot s = units_at_breach();
  (void)units_through(s, "assault", "north-wall", 10);
  const auto o = unit_casualties(s, {"assault", 4});
  CHECK(o.removed_through == 4);
  CHECK(o.removed_behind == 0);
  CHECK(units_get(s, "assault").through == 6);
  CHECK(units_get(s, "assault").behind == 30);
}

TEST_CASE("R33: casualties on a unit not at a breach and on a unit within the walls", "[units][casualties][R33]") {
  Snapshot s = units_siege();
  auto o = unit_casualties(s, {"garrison", 4});
  CHECK_FALSE(o.through_first);
  CHECK(units_get(s, "garrison").figures == 26);
  CHECK(s.armies.defender->killed == 4);
  o = unit_casualties(s, {"reserve", 20});
  CHECK(units_get(s, "reserve").figures == 0);
  CHECK(units_has_note(o, "reserve has lost every figure."));
  CHECK(units_refusal(s, [&] { (void)unit_casualties(s, {"reserve", 1}); }) ==
        "COMMAND: unit 'reserve' has lost all its 20 figures");
}

TEST_CASE("R33: more casualties than the unit has figures are refused", "[units][casualties][R33][errors]") {
  Snapshot s = units_siege();
  CHECK(units_refusal(s, [&] { (void)unit_casualties(s, {"assault", 41}); }) ==
        "--killed 41: 'assault' has 40 figures; give from 0 to 40");
  CHECK(units_refusal(s, [&] { (void)unit_casualties(s, {"sir-hugh", 2}); }) ==
        "--killed 2: 'sir-hugh' has 1 figure; give from 0 to 1");
}

// ---------------------------------------------------------------- army morale

TEST_CASE("R25, R33: 39 killed of 120 is short of a third, the 40th calls the check, once", "[units][army][R25][R33]") {
  Snapshot s = units_siege();
  auto o = unit_casualties(s, {"assault", 39});
  CHECK(s.armies.besieger->killed == 39);
  CHECK_FALSE(s.armies.besieger->called);
  CHECK(o.called() == nullptr);
  CHECK_FALSE(side_morale(s, UnitSide::besieger).morale.due);
  CHECK(side_morale(s, UnitSide::besieger).morale.remaining == 1);
  o = unit_casualties(s, {"reserve", 1});
  REQUIRE(o.called() != nullptr);
  CHECK(o.called()->side == UnitSide::besieger);
  CHECK(o.called()->after.killed == 40);
  CHECK(s.armies.besieger->called);
  CHECK(units_has_rule(o, "army-third-called"));
  CHECK(units_has_rule(o, "army-morale"));
  CHECK(units_has_note(o, "The besieger army has lost 40 of 120 figures"));
  const auto m = side_morale(s, UnitSide::besieger);
  CHECK(m.morale.due);
  CHECK(m.morale.threshold == 40);
  CHECK(m.army.called);
  o = unit_casualties(s, {"reserve", 1});
  CHECK(o.called() == nullptr);  // called once
  CHECK_FALSE(units_has_rule(o, "army-third-called"));
  CHECK(s.armies.besieger->killed == 41);
}

TEST_CASE("R25: defenders in a castle never check, even past a third", "[units][army][R25]") {
  Snapshot s = units_siege();
  const auto o = unit_casualties(s, {"garrison", 11});  // 11 x 3 = 33 >= 31
  CHECK(s.armies.defender->killed == 11);
  CHECK_FALSE(s.armies.defender->called);
  CHECK(o.called() == nullptr);
  CHECK(units_has_rule(o, "castle-defenders-never-check"));
  CHECK_FALSE(side_morale(s, UnitSide::defender).morale.due);
  s.armies.defender->in_castle = false;  // defenders in the field check as any army
  const auto field = unit_casualties(s, {"garrison", 1});
  CHECK(field.called() != nullptr);
}

TEST_CASE("R25: a side with no army is refused", "[units][army][errors]") {
  Snapshot s = units_siege();
  s.armies.defender.reset();
  CHECK(units_refusal(s, [&] { (void)side_morale(s, UnitSide::defender); }) ==
        "COMMAND: the siege has no defender army (no units of that side, no \"strength\" in \"armies\")");
}

// ---------------------------------------------------------------- rout

TEST_CASE("R24, R33: a rout within the walls: shaken, one removed, the blocked eliminated, all killed",
          "[units][rout][R24][R33]") {
  Snapshot s = units_siege();
  const auto o = rout_unit(s, {"garrison", 12, 2, RoutChoice::special}, tables());
  CHECK_FALSE(o.standard);
  CHECK(o.removed == 3);
  CHECK(o.rout.moving == 11);
  CHECK(o.rout.move_inches == tables().troops.rout_move_inches);
  CHECK(o.rout.split);
  const UnitState& g = units_get(s, "garrison");
  CHECK(g.figures == 27);
  CHECK(g.order == Order::shaken);
  CHECK(s.armies.defender->killed == 3);
  CHECK(units_has_rule(o, "rout-losses-killed"));
  CHECK(units_has_rule(o, "rout-split-room"));
}

TEST_CASE("R24: the player may take the standard rout instead: routed, no figure lost", "[units][rout][R24]") {
  Snapshot s = units_siege();
  const auto o = rout_unit(s, {"garrison", std::nullopt, 0, RoutChoice::standard}, tables());
  CHECK(o.standard);
  CHECK(o.removed == 0);
  CHECK(units_get(s, "garrison").order == Order::routed);
  CHECK(units_get(s, "garrison").figures == 30);
  CHECK(o.armies.empty());
  // A routed unit cannot rout again.
  CHECK(units_refusal(s, [&] { (void)rout_unit(s, {"garrison", std::nullopt, 0, RoutChoice::special}, tables()); }) ==
        "COMMAND: the unit is already routed; a rout result applies to a unit in good or shaken order (--order "
        "good|shaken)");
}

TEST_CASE("R24, R33: an attacker gets the procedure only with every figure within the walls", "[units][rout][R24][R33]") {
  Snapshot s = units_at_breach();
  (void)units_through(s, "assault", "north-wall", 10);
  auto o = rout_unit(s, {"assault", std::nullopt, 0, RoutChoice::special}, tables());
  CHECK(o.standard);  // partly through: only the standard rout
  CHECK(units_get(s, "assault").order == Order::routed);
  CHECK(units_get(s, "assault").figures == 40);
  CHECK(units_has_note(o, "not wholly within the walls"));
  (void)units_through(s, "reserve", "north-wall", 20);
  REQUIRE(units_get(s, "reserve").where == UnitPlace::within_walls);
  o = rout_unit(s, {"reserve", std::nullopt, 1, RoutChoice::special}, tables());
  CHECK_FALSE(o.standard);
  CHECK(units_get(s, "reserve").figures == 18);
  CHECK(units_get(s, "reserve").order == Order::shaken);
  CHECK(s.armies.besieger->killed == 2);
}

TEST_CASE("R25, R33: a rout within the walls that brings the losses to a third calls the check",
          "[units][rout][R25][R33]") {
  Snapshot s = units_siege();
  units_breach(s, "north-wall");
  (void)units_through(s, "reserve", "north-wall", 20);
  (void)unit_casualties(s, {"company", 12});
  (void)unit_casualties(s, {"assault", 26});
  CHECK(s.armies.besieger->killed == 38);
  const auto o = rout_unit(s, {"reserve", std::nullopt, 1, RoutChoice::special}, tables());
  CHECK(o.removed == 2);
  CHECK(s.armies.besieger->killed == 40);
  REQUIRE(o.called() != nullptr);
  CHECK(s.armies.besieger->called);
}

// ---------------------------------------------------------------- order

TEST_CASE("R33: the referee records a unit's order from the standard morale rules", "[units][order][R33]") {
  Snapshot s = units_siege();
  auto o = set_unit_order(s, {"assault", Order::shaken});
  CHECK(units_get(s, "assault").order == Order::shaken);
  CHECK(o.units[0].before.order == Order::good);
  CHECK(units_has_rule(o, "order-recorded"));
  o = set_unit_order(s, {"assault", Order::good});  // a rally
  CHECK(units_get(s, "assault").order == Order::good);
  CHECK(units_has_note(o, "shaken -> good"));
}

// ---------------------------------------------------------------- escalade

TEST_CASE("R20, R33: climbers up count as through, those at the foot as behind", "[units][escalade][R20][R33]") {
  Snapshot s = units_siege();
  const int climbers = escalade_climbers(s, "reserve", "east-wall");
  CHECK(climbers == 20);
  EscaladeInput in;
  in.structure = &tables().structure(s.find_section("east-wall")->structure);
  in.method = ClimbMethod::ladder;
  in.attackers = climbers;
  in.lanes = 2;
  in.referee_rounds = std::vector<int>{2, 1};
  Rng rng(1);
  const EscaladeOutcome climb = resolve_escalade(in, tables().dice, rng);
  REQUIRE(climb.up == 3);
  auto o = escalade_unit(s, "reserve", "east-wall", climb);
  CHECK(o.climbed == 3);
  const UnitState& r = units_get(s, "reserve");
  CHECK(r.where == UnitPlace::section);
  CHECK(r.section == "east-wall");
  CHECK(r.through == 3);
  CHECK(r.behind == 17);
  CHECK(units_has_rule(o, "climbers-through"));
  // The rest by a siege tower: all up, the unit is within the walls.
  EscaladeInput tower = in;
  tower.method = ClimbMethod::tower;
  tower.tower_climbers = tables().engine("siege-tower").carries_climbers;  // R41
  tower.referee_rounds.reset();
  tower.attackers = escalade_climbers(s, "reserve", "east-wall");
  CHECK(tower.attackers == 17);
  o = escalade_unit(s, "reserve", "east-wall", resolve_escalade(tower, tables().dice, rng));
  CHECK(units_get(s, "reserve").where == UnitPlace::within_walls);
  CHECK(units_get(s, "reserve").figures == 20);
}

TEST_CASE("R20: a breached section is not climbed: the unit stands at it, all behind", "[units][escalade][R20]") {
  Snapshot s = units_siege();
  units_breach(s, "north-wall");
  EscaladeInput in;
  in.structure = &tables().structure("curtain-wall");
  in.attackers = escalade_climbers(s, "company", "north-wall");
  in.damage_taken = s.find_section("north-wall")->hull_suffered;
  Rng rng(1);
  const auto o = escalade_unit(s, "company", "north-wall", resolve_escalade(in, tables().dice, rng));
  CHECK(o.climbed == 0);
  CHECK(units_get(s, "company").behind == 12);
  CHECK(units_refusal(s, [&] { (void)escalade_climbers(s, "garrison", "north-wall"); }) ==
        "COMMAND: 'garrison' is a defender unit; besiegers climb the wall (R20)");
}

TEST_CASE("R20, R33: a unit already at a breached section stays as it stands when it escalades", "[units][escalade][R20]") {
  Snapshot s = units_at_breach();
  int behind = 0;
  for (auto& u : s.units)
    if (u.id == "assault") {
      u.through = 4;
      u.behind = u.figures - 4;
      behind = u.behind;
    }
  REQUIRE(behind > 0);
  EscaladeInput in;
  in.structure = &tables().structure("curtain-wall");
  in.attackers = escalade_climbers(s, "assault", "north-wall");
  in.damage_taken = s.find_section("north-wall")->hull_suffered;
  Rng rng(1);
  const auto o = escalade_unit(s, "assault", "north-wall", resolve_escalade(in, tables().dice, rng));
  CHECK(o.climbed == 0);
  CHECK(units_get(s, "assault").through == 4);
  CHECK(units_get(s, "assault").behind == behind);
  REQUIRE_FALSE(o.notes.empty());
  CHECK(o.notes.back() == "north-wall is breached, not climbed: assault stays as it stands, 4 through and " +
                              std::to_string(behind) + " behind.");
}

// ---------------------------------------------------------------- abatis

TEST_CASE("R26, R33: a besieger unit in the breach spoils the turn of building abatis", "[units][abatis][R26][R33]") {
  Snapshot s = units_at_breach();
  s.find_section("north-wall")->abatis.progress = 2;
  const auto o = abatis_turn(s, {"north-wall", AbatisWork::build}, tables());
  CHECK(o.abatis.spoiled);
  CHECK(o.abatis.progress_before == 2);
  CHECK(s.find_section("north-wall")->abatis.progress == 0);
  REQUIRE(o.spoilers.size() == 1);
  CHECK(o.spoilers[0] == "assault");
  CHECK(units_has_rule(o, "attackers-spoil-abatis"));
  CHECK(units_has_rule(o, "abatis-spoiled"));
}

TEST_CASE("R26, R33: free turns build the abatis, which then blocks the way through", "[units][abatis][R26][R33]") {
  Snapshot s = units_siege();
  units_breach(s, "north-wall");
  (void)units_to(s, "garrison", "north-wall");  // defenders do not spoil it
  (void)units_to(s, "reserve", "east-wall");    // nor besiegers at another section
  const int turns = tables().troops.abatis_turns;
  for (int i = 1; i <= turns; ++i) {
    const auto o = abatis_turn(s, {"north-wall", AbatisWork::build}, tables());
    CHECK_FALSE(o.abatis.spoiled);
    CHECK(o.spoilers.empty());
  }
  CHECK(s.find_section("north-wall")->abatis.standing);
  CHECK(s.find_section("north-wall")->abatis.progress == 0);
  CHECK(units_refusal(s, [&] { (void)units_through(s, "assault", "north-wall", 1); }) ==
        "COMMAND: abatis stands in the breach of north-wall; it blocks the way through until it is torn down (R26, "
        "R33)");
  CHECK(units_refusal(s, [&] { (void)abatis_turn(s, {"north-wall", AbatisWork::build}, tables()); }) ==
        "COMMAND: an abatis already stands in north-wall; see 'siege status'");
  // R46: tearing needs a besieger unit at the section; defenders and
  // besiegers elsewhere do not count.
  CHECK(units_refusal(s, [&] { (void)abatis_turn(s, {"north-wall", AbatisWork::tear}, tables()); }) ==
        "COMMAND: no besieger unit stands at north-wall to tear the abatis down (R46); move one there with 'siege "
        "move --unit ID --section north-wall'");
  (void)units_to(s, "assault", "north-wall");
  // Attackers tear it down in as many uninterrupted turns.
  for (int i = 1; i <= turns; ++i) (void)abatis_turn(s, {"north-wall", AbatisWork::tear}, tables());
  CHECK_FALSE(s.find_section("north-wall")->abatis.standing);
  CHECK(units_through(s, "assault", "north-wall", 1).moved_through == 1);
}

// ---------------------------------------------------------------- the state file

TEST_CASE("R33: after the assault the state file reads back the same", "[units][state][R33]") {
  SiegeState st = units_siege_state();
  Snapshot& s = st.now;
  units_breach(s, "north-wall");
  (void)units_to(s, "garrison", "north-wall");
  (void)units_to(s, "assault", "north-wall");
  (void)hold_unit(s, units_hold("garrison", "assault", 12, 15));
  (void)unit_casualties(s, {"assault", 5});
  (void)abatis_turn(s, {"north-wall", AbatisWork::build}, tables());
  (void)units_through(s, "assault", "north-wall", 35);
  (void)rout_unit(s, {"assault", 20, 4, RoutChoice::special}, tables());
  (void)unit_casualties(s, {"reserve", 20});
  (void)set_unit_order(s, {"company", Order::shaken});
  CHECK(s.armies.besieger->killed == 30);  // 5 + 1 + 4 (the rout) + 20
  CHECK_FALSE(s.armies.besieger->called);
  (void)unit_casualties(s, {"company", 10});
  CHECK(s.armies.besieger->killed == 40);
  CHECK(s.armies.besieger->called);
  CHECK(units_get(s, "assault").figures == 30);
  CHECK(units_get(s, "assault").where == UnitPlace::within_walls);
  const std::string text = write_state(st);
  const SiegeState again = read_state(text, detail::JsonSource{"siege.json", ErrorKind::state}, tables());
  CHECK(write_state(again) == text);
}

TEST_CASE("Every rule a troop function names is in the catalogue", "[units][rules]") {
  Snapshot s = units_at_breach();
  std::vector<TroopOutcome> all;
  all.push_back(units_through(s, "assault", "north-wall", 2));
  all.push_back(hold_unit(s, units_hold("garrison", "assault", 12, 15)));
  all.push_back(unit_casualties(s, {"assault", 37}));
  all.push_back(abatis_turn(s, {"north-wall", AbatisWork::build}, tables()));
  all.push_back(rout_unit(s, {"garrison", std::nullopt, 1, RoutChoice::special}, tables()));
  all.push_back(set_unit_order(s, {"garrison", Order::good}));
  for (const auto& o : all)
    for (const auto& id : o.rules) {
      INFO(id);
      CHECK(rule_info(id) != nullptr);
    }
}

TEST_CASE("write_troop_changes gives each unit and army before and after", "[units][json]") {
  Snapshot s = units_at_breach();
  (void)hold_unit(s, units_hold("garrison", "assault", 12, 15));
  const auto o = unit_casualties(s, {"assault", 5});
  std::string out;
  {
    detail::JsonWriter w(out);
    w.begin_object();
    print::write_troop_changes(w, o);
    w.end_object();
  }
  const auto j = nlohmann::json::parse(out);
  CHECK(j["units"][0]["id"] == "assault");
  CHECK(j["units"][0]["before"]["through"] == 3);
  CHECK(j["units"][0]["after"]["figures"] == 35);
  CHECK(j["armies"][0]["side"] == "besieger");
  CHECK(j["armies"][0]["after"]["killed"] == 5);
  CHECK(j["armies"][0]["check_called"] == false);
}
