// siege/roster.hpp: the siege as it changes during an evening (R35-R38).
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "error_of.hpp"
#include "siege/roster.hpp"
#include "siege/state.hpp"
#include "support.hpp"

using namespace siege;
using siege::test::tables;

namespace {

const detail::JsonSource roster_src{"castle.json", ErrorKind::usage};

// The example castle: a garrison of 30 and a hero within the walls, a
// storming party of 30 and a reserve of 12 outside (besiegers 42 strong).
SiegeState roster_state() {
  return read_description(siege::test::slurp(SIEGE_SOURCE_DIR + "/examples/castle-siege.json"), roster_src,
                          tables());
}

ArrivalInput unit_arrival(const std::string& json, std::string section = {}) {
  ArrivalInput in;
  in.entry = nlohmann::json::parse(json);
  in.section = std::move(section);
  return in;
}

ArrivalInput engine_arrival(const std::string& json, EngineSide side) {
  ArrivalInput in;
  in.kind = ArrivalInput::Kind::engine;
  in.entry = nlohmann::json::parse(json);
  in.engine_side = side;
  return in;
}

// The message of the usage error `f` throws; the snapshot is left as it was.
template <typename F>
std::string roster_refusal(Snapshot& s, F&& f) {
  const std::string before = write_state({"", SceneLength::day, s, s, {}, {}});
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

// The state as a file after `s` changed from `st`'s initial siege, read back
// with the log `log` (the arrivals the reader holds the lists to).
std::string reread_error(const SiegeState& st) {
  try {
    (void)read_state(write_state(st), {"s.json", ErrorKind::state}, tables());
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

LogEntry entry(int n, const std::string& action, const std::string& inputs) {
  LogEntry e;
  e.entry = n;
  e.action = action;
  e.inputs = RawJson(nlohmann::json::parse(inputs));
  e.outcome = RawJson(nlohmann::json::object());
  return e;
}

}  // namespace

TEST_CASE("R35: a unit that arrives is appended and its army grows by its figures", "[roster][R35]") {
  SiegeState st = roster_state();
  const auto o =
      add_arrival(st.now, tables(), unit_arrival(R"({"id": "relief", "side": "besieger", "figures": 20})"));
  REQUIRE(st.now.units.size() == 5);
  CHECK(st.now.units.back().id == "relief");
  CHECK(st.now.units.back().where == UnitPlace::outside);
  CHECK(st.now.armies.besieger->strength == 62);  // 30 + 12 + 20
  CHECK(st.initial.units.size() == 4);
  CHECK(st.initial.armies.besieger->strength == 42);
  REQUIRE(o.armies.size() == 1);
  CHECK(o.armies[0].before.strength == 42);
  CHECK(o.armies[0].after.strength == 62);
  CHECK_FALSE(o.sally);
  // A defender arrives within the walls, at a section all behind when told.
  (void)add_arrival(st.now, tables(),
                    unit_arrival(R"({"id": "militia", "side": "defender", "figures": 6})", "gatehouse"));
  CHECK(st.now.units.back().where == UnitPlace::section);
  CHECK(st.now.units.back().behind == 6);
  CHECK(st.now.armies.defender->strength == 37);
  // The file reads back with the log that brought them.
  st.log = {entry(1, "add", R"({"unit": "relief"})"), entry(2, "add", R"({"unit": "militia"})")};
  CHECK(reread_error(st).empty());
  st.log.pop_back();
  CHECK(reread_error(st) ==
        "s.json:/units/5/id: 'militia' is not in the siege as it began (/initial/units), and "
        "no further arrival is logged (R35)");
}

TEST_CASE("R35: a newcomer is checked as a description's entry, its id never reused", "[roster][R35]") {
  Snapshot s = roster_state().now;
  CHECK(roster_refusal(s, [&] {
          (void)add_arrival(s, tables(),
                            unit_arrival(R"({"id": "garrison", "side": "defender", "figures": 3})"));
        }) == "--unit garrison: a unit of the siege has it; ids are never given twice (R35)");
  CHECK(roster_refusal(s, [&] {
          (void)add_arrival(s, tables(),
                            unit_arrival(R"({"id": "x", "side": "defender", "hero": true, "figures": 2})"));
        }) == "--figures 2: a hero is one figure");
  CHECK(roster_refusal(s, [&] {
          (void)add_arrival(
              s, tables(),
              unit_arrival(R"({"id": "x", "side": "besieger", "figures": 2, "order": "routed"})"));
        }) == "--order routed: unknown order 'routed' (expected good or shaken)");
  // R29: a defender engine never aims at its own wall; R7: no personal weapon.
  CHECK(roster_refusal(s, [&] {
          (void)add_arrival(s, tables(),
                            engine_arrival(R"({"id": "x", "weapon": "mangonel", "target": "north-wall"})",
                                           EngineSide::defender));
        }).find("--target north-wall: 'north-wall' is a section of the castle") == 0);
  CHECK(roster_refusal(s, [&] {
          (void)add_arrival(s, tables(),
                            engine_arrival(R"({"id": "x", "weapon": "musket", "target": "north-wall"})",
                                           EngineSide::besieger));
        }).find("--weapon musket: weapon 'musket' is a personal weapon") == 0);
  CHECK(roster_refusal(s, [&] {
          (void)add_arrival(s, tables(),
                            engine_arrival(R"({"id": "camp", "engine": "trebuchet", "target": "north-wall"})",
                                           EngineSide::besieger));
        }) == "--engine camp: 'camp' is the besiegers' camp; give another id");
  const auto o =
      add_arrival(s, tables(),
                  engine_arrival(R"({"id": "treb-2", "engine": "trebuchet", "target": "east-wall"})",
                                 EngineSide::besieger));
  REQUIRE(o.engine);
  CHECK(o.engine->weapon == "trebuchet");  // the row's weapon, as in a description
  CHECK(s.engines.back().id == "treb-2");
}

TEST_CASE("R36: a unit that leaves stays in the file, gone, its figures alive leave the strength",
          "[roster][R36]") {
  SiegeState st = roster_state();
  Snapshot& s = st.now;
  (void)unit_casualties(s, {"storming-party", 10});  // 10 killed of 42: short of a third
  CHECK_FALSE(s.armies.besieger->called);
  const auto o = remove_from_siege(s, {RemovalInput::Kind::unit, "reserve", "withdrawn"});
  const UnitState& u = *detail::find_by_id(s.units, "reserve");
  CHECK(u.gone == Gone::removed);
  CHECK(u.figures == 12);
  CHECK(o.figures_left == 12);
  CHECK(s.armies.besieger->strength == 30);  // 42 - 12
  CHECK(s.armies.besieger->killed == 10);    // the killed stay
  // R38: 10 x 3 reaches the strength of 30 now: the check is called, once.
  CHECK(s.armies.besieger->called);
  REQUIRE(o.called() != nullptr);
  CHECK(o.called()->side == UnitSide::besieger);
  st.log = {entry(1, "casualties", "{}"), entry(2, "remove", R"({"unit": "reserve"})")};
  CHECK(reread_error(st).empty());
  // The last figures of an army that lost none do not leave.
  Snapshot t = roster_state().now;
  (void)remove_from_siege(t, {RemovalInput::Kind::unit, "garrison", ""});
  CHECK(
      roster_refusal(t,
                     [&] {
                       (void)remove_from_siege(t, {RemovalInput::Kind::unit, "sir-aldric", ""});
                     }) ==
      "--unit sir-aldric: its 1 figures are all the defender army has, and none was killed: an army keeps a "
      "figure (to end the siege, start a new one)");
}

TEST_CASE("R36: no command names a gone unit or engine again", "[roster][R36]") {
  Snapshot s = roster_state().now;
  (void)remove_from_siege(s, {RemovalInput::Kind::unit, "reserve", ""});
  const auto o = remove_from_siege(s, {RemovalInput::Kind::engine, "trebuchet", "burned"});
  CHECK(o.idle == std::vector<std::string>{"wall-mangonel"});
  CHECK(roster_refusal(s, [&] {
          (void)unit_casualties(s, {"reserve", 1});
        }) == "COMMAND: unit 'reserve' has left the siege (removed); no command names it again (R36)");
  CHECK(roster_refusal(s, [&] { (void)aim_engine(s, tables(), "trebuchet", "east-wall"); }) ==
        "COMMAND: engine 'trebuchet' has left the siege (removed); no command names it again (R36)");
  CHECK(roster_refusal(s, [&] { (void)aim_engine(s, tables(), "tower-ballista", "trebuchet"); }) ==
        "COMMAND: engine 'trebuchet' has left the siege (removed); no command names it again (R36)");
  CHECK(roster_refusal(s, [&] {
          (void)remove_from_siege(s, {RemovalInput::Kind::unit, "reserve", ""});
        }) == "COMMAND: unit 'reserve' has left the siege (removed); no command names it again (R36)");
  CHECK(roster_refusal(s,
                       [&] {
                         (void)add_arrival(
                             s, tables(),
                             unit_arrival(R"({"id": "reserve", "side": "besieger", "figures": 3})"));
                       }) ==
        "--unit reserve: a unit of the siege has it (it left, and its id stays taken); ids are never given "
        "twice (R35)");
  // In a scene the engine aimed at the one that left has nothing to shoot; the one gone makes no attack.
  const SceneOutcome sc = play_scene(s, SceneLength::day, tables(), 7);
  bool idle = false;
  for (const auto& i : sc.idle)
    idle = idle || (i.engine == "wall-mangonel" && i.reason == IdleReason::target_gone);
  CHECK(idle);
  for (const auto& a : sc.attacks) CHECK(a.engine != "trebuchet");
}

TEST_CASE("R37: a split moves figures at the start and now alike, a merge gives them back", "[roster][R37]") {
  SiegeState st = roster_state();
  Snapshot& s = st.now;
  s.find_section("north-wall")->hull_suffered = 20;
  s.find_section("north-wall")->state = BreachState::breached;
  (void)move_unit(s, {"storming-party", UnitDestination::section, "north-wall", std::nullopt, std::nullopt},
                  tables());
  (void)move_unit(s, {"storming-party", UnitDestination::section, "north-wall", 6, std::nullopt}, tables());
  (void)unit_casualties(s, {"storming-party", 2});  // from those through: 4 through, 24 behind, 28 of 30
  const auto o = split_unit(s, {"storming-party", "left-wing", 10, 3});
  const UnitState& a = *detail::find_by_id(s.units, "storming-party");
  const UnitState& b = s.units.back();
  CHECK(b.id == "left-wing");
  CHECK(b.start_figures == 10);
  CHECK(b.figures == 10);
  CHECK(b.through == 3);
  CHECK(b.behind == 7);
  CHECK(a.start_figures == 20);
  CHECK(a.figures == 18);
  CHECK(a.through == 1);
  CHECK(a.behind == 17);
  CHECK(o.armies.empty());
  CHECK(s.armies.besieger->killed == 2);
  CHECK(roster_refusal(s, [&] {
          (void)split_unit(s, {"sir-aldric", "squire", 1, std::nullopt});
        }) == "--unit sir-aldric: a hero is one figure and does not split (R37)");
  CHECK(roster_refusal(s, [&] {
          (void)split_unit(s, {"reserve", "r2", 12, std::nullopt});
        }) == "--figures 12: 'reserve' has 12 figures; give from 1 to 11 (each part keeps a figure: R37)");
  CHECK(
      roster_refusal(s,
                     [&] {
                       (void)split_unit(s, {"left-wing", "lw2", 3, 3});
                     }) ==
      "--through 3: the new unit would have every figure through at north-wall and none behind; at a section "
      "each part keeps a figure behind (R33, R37)");
  CHECK(roster_refusal(s,
                       [&] {
                         (void)merge_units(s, {"left-wing", "reserve"});
                       }) ==
        "--into reserve: 'reserve' is outside and 'left-wing' at north-wall (3 through, 7 behind); units at "
        "the "
        "same place merge (R37)");
  CHECK(roster_refusal(s,
                       [&] {
                         (void)merge_units(s, {"garrison", "storming-party"});
                       }) ==
        "--into storming-party: 'storming-party' is a besieger unit and 'garrison' a defender one; units of "
        "one "
        "side merge (R37)");
  CHECK(roster_refusal(s, [&] {
          (void)merge_units(s, {"sir-aldric", "garrison"});
        }) == "--unit sir-aldric: a hero does not merge (R37)");
  (void)set_unit_order(s, {"left-wing", Order::shaken});
  const auto m = merge_units(s, {"left-wing", "storming-party"});
  CHECK(m.armies.empty());
  const UnitState& gone = *detail::find_by_id(s.units, "left-wing");
  const UnitState& kept = *detail::find_by_id(s.units, "storming-party");
  CHECK(gone.gone == Gone::merged);
  CHECK(gone.start_figures == 0);
  CHECK(gone.figures == 0);
  CHECK(kept.start_figures == 30);
  CHECK(kept.figures == 28);
  CHECK(kept.through == 4);
  CHECK(kept.behind == 24);
  CHECK(kept.order == Order::shaken);  // the worse order
  CHECK(s.armies.besieger->killed == 2);
  st.log = {entry(1, "split", R"({"into": "left-wing"})")};
  CHECK(reread_error(st).empty());
}

TEST_CASE("R38: a defender moved outside is a sally: the defenders check at a third while it is out",
          "[roster][R38]") {
  Snapshot s = roster_state().now;             // defenders 31 strong, in a castle
  (void)unit_casualties(s, {"garrison", 11});  // 11 x 3 >= 31, but in a castle
  CHECK_FALSE(s.armies.defender->called);
  const auto o =
      move_unit(s, {"garrison", UnitDestination::outside, "", std::nullopt, std::nullopt}, tables());
  CHECK(o.sally);
  CHECK(detail::find_by_id(s.units, "garrison")->sally);
  CHECK(s.armies.defender->called);  // the sally makes the check due now
  REQUIRE(o.called() != nullptr);
  CHECK(std::find(o.rules.begin(), o.rules.end(), "sally-checks") != o.rules.end());
  // Back within the walls: in a castle again, and called stays.
  (void)move_unit(s, {"garrison", UnitDestination::within_walls, "", std::nullopt, std::nullopt}, tables());
  CHECK_FALSE(detail::find_by_id(s.units, "garrison")->sally);
  CHECK(s.armies.defender->called);
  CHECK(sally_of(s.units) == Sally::no);
}

TEST_CASE("R38: an older entry's defender move outside keeps its old meaning on replay", "[roster][R38]") {
  Snapshot s = roster_state().now;
  (void)unit_casualties(s, {"garrison", 11});
  UnitMoveInput in{"garrison", UnitDestination::outside, "", std::nullopt, std::nullopt};
  in.meaning = UnitMoveInput::Meaning::before_r38;
  const auto o = move_unit(s, in, tables());
  CHECK_FALSE(o.sally);
  CHECK_FALSE(detail::find_by_id(s.units, "garrison")->sally);
  CHECK_FALSE(s.armies.defender->called);  // still in a castle: no check
  CHECK(o.armies.empty());
}

TEST_CASE("R38: the reader wants called once the mark is reached while the army can check", "[roster][R38]") {
  SiegeState st = roster_state();
  (void)unit_casualties(st.now, {"garrison", 11});
  (void)move_unit(st.now, {"garrison", UnitDestination::outside, "", std::nullopt, std::nullopt}, tables());
  st.log = {entry(1, "casualties", "{}"), entry(2, "move", "{}")};
  CHECK(reread_error(st).empty());
  st.now.armies.defender->called = false;
  CHECK(reread_error(st) ==
        "s.json:/armies/defender/called: false, but 11 killed of 31 is a third or more: the "
        "check is called (R33, R38)");
  // Called stays true when arrivals put the army short of a third again.
  st.now.armies.defender->called = true;
  (void)add_arrival(st.now, tables(), unit_arrival(R"({"id": "levy", "side": "defender", "figures": 40})"));
  st.log.push_back(entry(3, "add", R"({"unit": "levy"})"));
  CHECK(reread_error(st).empty());
  CHECK(st.now.armies.defender->called);
}
