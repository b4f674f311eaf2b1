// siege/odds_advise.hpp (R45): the best plan of aims, held to a brute force
// that plays every plan on a copy of the siege re-aimed by the rule of
// `target` (aim_engine) through the odds of `odds scene` (scene_odds), and
// to hand counts of its order among plans that tie.
#include <catch2/catch.hpp>

#include <map>
#include <optional>

#include "error_of.hpp"
#include "siege/odds_advise.hpp"
#include "support.hpp"

using namespace siege;
using odds::Fraction;
using odds::Rational;

namespace {

Snapshot advice_siege(const std::string& description) {
  return read_description(description, {"test.json", ErrorKind::usage}, test::tables()).now;
}

Snapshot advice_castle() {
  return advice_siege(test::slurp(SIEGE_SOURCE_DIR + "/examples/castle-siege.json"));
}

Rational advice_p(const Fraction& f) { return odds::to_rational(f); }

odds::Advice advice_of(const Snapshot& s, EngineSide side, int scenes, const std::string& goal = {},
                       std::vector<std::string> keep = {}) {
  odds::AdviceQuestion q;
  q.side = side;
  q.scenes = scenes;
  q.goal = goal;
  q.keep = std::move(keep);
  return odds::advise(s, test::tables(), q);
}

// The chance of the goal on siege `s` as `odds scene` gives it: one minus
// the product of each section's chance not to be breached by the last scene
// (the sections are independent: every engine has one target).
Rational goal_chance(const Snapshot& s, int scenes, const std::string& goal) {
  const auto o = odds::scene_odds(s, test::tables(), scenes);
  Rational none = 1;
  for (const auto& sec : o.sections)
    if (goal.empty() || sec.id == goal)
      none *= 1 - odds::to_rational(sec.by_scene.back()[static_cast<std::size_t>(BreachState::breached)]);
  return 1 - none;
}

// Every plan of R45, played one by one: the distinct chances, best first,
// and for each the plan of fewest re-aims that is first in the fixed order.
struct AdviceBrute {
  std::size_t plans = 0;
  std::vector<Rational> chances;
  std::map<Rational, std::pair<std::size_t, std::vector<std::string>>> shown;  // re-aims, aims ("none")
};

AdviceBrute advice_brute_force(const Snapshot& s, EngineSide side, int scenes, const std::string& goal,
                               const std::vector<std::string>& keep = {}) {
  // R45's plan space, from its words: the side's engines that can shoot, not
  // kept; a besieger's targets the sections not breached, a defender's the
  // besieger engines present and not knocked out that have a row to be hit
  // as, then the camp; then none.
  std::vector<const EngineState*> engines;
  for (const auto& e : s.engines)
    if (e.side == side && e.present() && !e.knocked_out && !e.weapon.empty() &&
        std::find(keep.begin(), keep.end(), e.id) == keep.end())
      engines.push_back(&e);
  std::vector<std::string> targets;
  if (side == EngineSide::besieger) {
    for (const auto& x : s.sections)
      if (x.state != BreachState::breached) targets.push_back(x.id);
  } else {
    for (const auto& b : s.engines)
      if (b.side == EngineSide::besieger && b.present() && !b.knocked_out && !b.engine.empty())
        targets.push_back(b.id);
    targets.emplace_back("camp");
  }
  targets.emplace_back("none");
  AdviceBrute out;
  std::vector<std::size_t> at(engines.size(), 0);
  for (;;) {
    Snapshot copy = s;
    std::vector<std::string> aims;
    std::size_t reaims = 0;
    for (std::size_t e = 0; e < engines.size(); ++e) {
      (void)aim_engine(copy, test::tables(), engines[e]->id, targets[at[e]]);
      aims.push_back(targets[at[e]]);
      reaims += targets[at[e]] != (engines[e]->target.empty() ? "none" : engines[e]->target);
    }
    const Rational chance = goal_chance(copy, scenes, goal);
    ++out.plans;
    auto [place, fresh] = out.shown.try_emplace(chance, reaims, aims);
    if (fresh) out.chances.push_back(chance);
    else if (reaims < place->second.first) place->second = {reaims, aims};  // the first of these is in order
    std::size_t e = engines.size();
    while (e > 0 && ++at[e - 1] == targets.size()) at[--e] = 0;
    if (e == 0) break;
  }
  std::sort(out.chances.begin(), out.chances.end());
  if (side == EngineSide::besieger) std::reverse(out.chances.begin(), out.chances.end());
  return out;
}

std::vector<std::string> aims_of(const odds::AimPlan& p) {
  std::vector<std::string> out;
  for (const auto& a : p.aims) out.push_back(a.empty() ? "none" : a);
  return out;
}

// The advice equals the brute force: the plans weighed, today's chance, and
// the four best distinct chances, each shown by the same plan.
void check_against_brute_force(const Snapshot& s, EngineSide side, int scenes, const std::string& goal = {},
                               const std::vector<std::string>& keep = {}) {
  INFO(name_of(side) << ", " << scenes << " scenes, goal '" << goal << "'");
  const odds::Advice a = advice_of(s, side, scenes, goal, keep);
  const AdviceBrute b = advice_brute_force(s, side, scenes, goal, keep);
  CHECK(a.plans == b.plans);
  CHECK(advice_p(a.current.chance) == goal_chance(s, scenes, goal));
  REQUIRE(a.others.size() == std::min<std::size_t>(3, b.chances.size() - 1));
  std::vector<const odds::AimPlan*> shown{&a.best};
  for (const auto& p : a.others) shown.push_back(&p);
  for (std::size_t j = 0; j < shown.size(); ++j) {
    INFO("plan " << j);
    CHECK(advice_p(shown[j]->chance) == b.chances[j]);
    const auto& [reaims, aims] = b.shown.at(b.chances[j]);
    CHECK(shown[j]->reaims.size() == reaims);
    CHECK(aims_of(*shown[j]) == aims);
    CHECK(shown[j]->today == (reaims == 0));
  }
}

// Two doors any hit breaches (Hull 1, Armor 0), two ballistas of one die
// aimed at nothing (`target --at none`): each attack breaches its door in
// 19 of 64 ways (test_odds_scene.cpp).
Snapshot two_doors() {
  Snapshot s = advice_siege(R"({"sections": [{"id": "door-a", "structure": "interior-door"},
                                             {"id": "door-b", "structure": "interior-door"}],
    "besiegers": [{"id": "bolt-1", "engine": "ballista", "pool": 1, "target": "door-a"},
                  {"id": "bolt-2", "engine": "ballista", "pool": 1, "target": "door-a"}]})");
  for (auto& e : s.engines) e.target.clear();
  return s;
}

bool advice_has(const std::vector<std::string>& v, const std::string& x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

}  // namespace

// [heavy]: run once, in the release step (1.8 s there, some 13 s under the
// sanitizers); the cases below hold the same search to the brute force
// under ASan and UBSan on smaller sieges.
TEST_CASE("advise: on the example castle every plan's chance, by brute force, gives the best and the next three",
          "[odds][advise][R45][heavy]") {
  const Snapshot castle = advice_castle();
  check_against_brute_force(castle, EngineSide::defender, 4);
  check_against_brute_force(castle, EngineSide::defender, 3, "north-wall");
  check_against_brute_force(castle, EngineSide::besieger, 3, {}, {"great-bombard"});
}

TEST_CASE("advise: the example castle's 625 besieger plans, each played by brute force",
          "[odds][advise][R45][heavy]") {
  const Snapshot castle = advice_castle();
  check_against_brute_force(castle, EngineSide::besieger, 4);
  check_against_brute_force(castle, EngineSide::besieger, 1);
}

TEST_CASE("advise: engines alike, listed apart, and defenders alike, against the brute force",
          "[odds][advise][R45]") {
  // Two cannons alike with a bombard listed between them (their places in a
  // scene's order may matter on a wall that cracks), a third cannon the
  // defenders shoot at (not alike), and two mangonels alike.
  const Snapshot s = advice_siege(R"({"sections": [{"id": "wall", "structure": "curtain-wall", "hull_suffered": 8},
                 {"id": "gate", "structure": "castle-gate"}],
    "besiegers": [{"id": "gun-1", "weapon": "cannon", "pool": 2, "target": "wall"},
                  {"id": "big", "engine": "bombard", "pool": 2, "target": "gate"},
                  {"id": "gun-2", "weapon": "cannon", "pool": 2, "target": "gate"},
                  {"id": "gun-3", "engine": "bombard", "weapon": "cannon", "pool": 2, "target": "wall"}],
    "defenders": [{"id": "m-1", "weapon": "mangonel", "pool": 2, "target": "gun-3"},
                  {"id": "m-2", "weapon": "mangonel", "pool": 2, "target": "camp"}]})");
  check_against_brute_force(s, EngineSide::besieger, 2);
  check_against_brute_force(s, EngineSide::besieger, 2, "gate");
  check_against_brute_force(s, EngineSide::defender, 2);
  check_against_brute_force(s, EngineSide::defender, 3, "wall");
  // Order matters here: a cannon's hit may crack the wall (Hull 20, 5
  // suffered), and a mangonel after it then meets 1 Armor less. The
  // mangonels alike, listed with the cannon between them, are not
  // exchangeable: the cannon and the second shoot in another order than the
  // first and the cannon.
  const Snapshot order = advice_siege(R"({"sections": [{"id": "wall", "structure": "curtain-wall", "hull_suffered": 5}],
    "besiegers": [{"id": "m-1", "weapon": "mangonel", "pool": 2, "target": "wall"},
                  {"id": "gun", "weapon": "cannon", "pool": 2, "target": "wall"},
                  {"id": "m-2", "weapon": "mangonel", "pool": 2, "target": "wall"}]})");
  check_against_brute_force(order, EngineSide::besieger, 1);
  check_against_brute_force(order, EngineSide::besieger, 2);
}

TEST_CASE("advise: engines alike on sections alike, where many plans tie, against the brute force",
          "[odds][advise][R45]") {
  // Two doors alike and a wall; two ballistas alike and two cannons alike,
  // aimed every which way: plans that move a load from one door to the
  // other tie on the chance, and on the re-aims only now and then.
  const Snapshot s = advice_siege(R"({"sections": [{"id": "door-a", "structure": "interior-door"},
                 {"id": "door-b", "structure": "interior-door"},
                 {"id": "wall", "structure": "curtain-wall", "hull_suffered": 15}],
    "besiegers": [{"id": "bolt-1", "engine": "ballista", "pool": 1, "target": "door-b"},
                  {"id": "bolt-2", "engine": "ballista", "pool": 1, "target": "wall"},
                  {"id": "gun-1", "weapon": "cannon", "pool": 2, "target": "wall"},
                  {"id": "gun-2", "weapon": "cannon", "pool": 2, "target": "door-a"}]})");
  check_against_brute_force(s, EngineSide::besieger, 1);
  check_against_brute_force(s, EngineSide::besieger, 2);
  check_against_brute_force(s, EngineSide::besieger, 2, "door-b");
  check_against_brute_force(s, EngineSide::besieger, 1, "wall", {"gun-2"});
  // All four aimed at nothing: every load ties with its mirror on the other
  // door, with as many re-aims; the first in order takes door-a.
  Snapshot none = s;
  for (auto& e : none.engines) e.target.clear();
  check_against_brute_force(none, EngineSide::besieger, 1);
  check_against_brute_force(none, EngineSide::besieger, 2, "wall");
  const odds::Advice a = advice_of(none, EngineSide::besieger, 1);
  CHECK(a.best.reaims.size() == 4u);
  CHECK(a.best.aims.front() == "door-a");
  // Four ballistas alike on three doors alike, two of them aimed already.
  const Snapshot doors = advice_siege(R"({"sections": [{"id": "d-1", "structure": "interior-door"},
                 {"id": "d-2", "structure": "interior-door"}, {"id": "d-3", "structure": "interior-door"}],
    "besiegers": [{"id": "b-1", "engine": "ballista", "pool": 1, "target": "d-3"},
                  {"id": "b-2", "engine": "ballista", "pool": 1, "target": "d-3"},
                  {"id": "b-3", "engine": "ballista", "pool": 1, "target": "d-2"},
                  {"id": "b-4", "engine": "ballista", "pool": 1, "target": "d-3"}]})");
  check_against_brute_force(doors, EngineSide::besieger, 1);
  check_against_brute_force(doors, EngineSide::besieger, 2, "d-1");
  check_against_brute_force(doors, EngineSide::defender, 1);  // no defender: one plan, the empty one
}

TEST_CASE("advise: defenders alike shooting at besiegers alike, both sides, against the brute force",
          "[odds][advise][R45]") {
  // Two rams alike at the gate, a trebuchet at the wall; two mangonels
  // alike and a ballista (aimed at nothing) on the walls. A mangonel at
  // either ram is one chance: the re-aims, then the first ram, break the tie.
  Snapshot s = advice_siege(R"({"sections": [{"id": "gate", "structure": "castle-gate", "hull_suffered": 4},
                 {"id": "wall", "structure": "curtain-wall", "hull_suffered": 12}],
    "besiegers": [{"id": "ram-1", "engine": "ram-shed", "pool": 3, "target": "gate"},
                  {"id": "ram-2", "engine": "ram-shed", "pool": 3, "target": "gate"},
                  {"id": "treb", "engine": "trebuchet", "pool": 2, "target": "wall"}],
    "defenders": [{"id": "m-1", "weapon": "mangonel", "pool": 2, "target": "ram-2"},
                  {"id": "bolt", "weapon": "ballista", "pool": 2, "target": "camp"},
                  {"id": "m-2", "weapon": "mangonel", "pool": 2, "target": "camp"}]})");
  s.engines[4].target.clear();
  check_against_brute_force(s, EngineSide::defender, 1);
  check_against_brute_force(s, EngineSide::defender, 2);
  check_against_brute_force(s, EngineSide::defender, 2, "gate");
  check_against_brute_force(s, EngineSide::defender, 2, "wall", {"bolt"});
  check_against_brute_force(s, EngineSide::besieger, 2);
  check_against_brute_force(s, EngineSide::besieger, 2, "gate");
}

TEST_CASE("advise: of plans that tie, fewer re-aims, then the first in order (hand count)",
          "[odds][advise][R45]") {
  // Both ballistas aimed nowhere. One scene: two attacks on one door or one
  // on each breach one with 1 - (45/64)^2 alike; one attack 19/64; none 0.
  const odds::Advice a = advice_of(two_doors(), EngineSide::besieger, 1);
  CHECK(a.plans == 9);
  CHECK(a.engines == std::vector<std::string>{"bolt-1", "bolt-2"});
  CHECK(a.targets == std::vector<std::string>{"door-a", "door-b", ""});
  CHECK(advice_p(a.current.chance) == 0);
  CHECK(a.current.today);
  CHECK(advice_p(a.best.chance) == 1 - Rational(45, 64) * Rational(45, 64));
  // Four plans give it, each with two re-aims: the first is both at door-a.
  CHECK(a.best.aims == std::vector<std::string>{"door-a", "door-a"});
  REQUIRE(a.best.reaims.size() == 2u);
  CHECK(a.best.reaims[0].engine == "bolt-1");
  CHECK(a.best.reaims[0].from.empty());
  CHECK(a.best.reaims[0].to == "door-a");
  CHECK_FALSE(a.best.today);
  REQUIRE(a.others.size() == 2u);  // only three distinct chances
  CHECK(advice_p(a.others[0].chance) == Rational(19, 64));
  CHECK(a.others[0].aims == std::vector<std::string>{"door-a", ""});  // one re-aim, the first of four
  CHECK(a.others[0].reaims.size() == 1u);
  CHECK(advice_p(a.others[1].chance) == 0);
  CHECK(a.others[1].aims == std::vector<std::string>{"", ""});
  CHECK(a.others[1].today);

  // Aimed as the best plan would have them but for bolt-2: the plan of one
  // re-aim wins its tie.
  Snapshot s = two_doors();
  s.engines[0].target = "door-b";
  s.engines[1].target = "door-b";
  const odds::Advice kept = advice_of(s, EngineSide::besieger, 1);
  CHECK(kept.best.today);
  CHECK(kept.best.reaims.empty());
  CHECK(kept.best.aims == std::vector<std::string>{"door-b", "door-b"});
  CHECK(advice_has(kept.notes, "Today's aims are already the best plan."));
  check_against_brute_force(s, EngineSide::besieger, 1);
}

TEST_CASE("advise: a defender aimed at a section is re-aimed like any other, and the camp comes before none",
          "[odds][advise][R45][R29]") {
  // The ballista shoots first in each scene, so in one scene no defender
  // plan changes the chance (19/64); over two scenes one hit of the
  // trebuchet (one die, 19 of 64) knocks it out before its second attack.
  Snapshot s = advice_siege(R"({"sections": [{"id": "door", "structure": "interior-door"}],
    "besiegers": [{"id": "bolt-thrower", "engine": "ballista", "pool": 1, "target": "door"}],
    "defenders": [{"id": "treb", "weapon": "trebuchet", "pool": 1, "target": "camp"}]})");
  s.engines[1].target = "door";  // as a state file from before R29 may hold it
  const Rational p(19, 64), q(19, 64);
  const odds::Advice one = advice_of(s, EngineSide::defender, 1);
  CHECK(one.targets == std::vector<std::string>{"bolt-thrower", "camp", ""});
  CHECK(advice_p(one.current.chance) == p);
  CHECK(advice_p(one.best.chance) == p);
  CHECK(one.others.empty());
  CHECK(one.best.aims == std::vector<std::string>{"bolt-thrower"});  // a re-aim all the same: the first target
  CHECK_FALSE(one.best.today);
  CHECK(advice_has(one.notes, "treb aims at door, which no plan may take (R29): every plan re-aims it."));
  const odds::Advice two = advice_of(s, EngineSide::defender, 2);
  CHECK(advice_p(two.current.chance) == p + (1 - p) * p);
  CHECK(advice_p(two.best.chance) == p + (1 - p) * (1 - q) * p);
  CHECK(two.best.aims == std::vector<std::string>{"bolt-thrower"});
  REQUIRE(two.others.size() == 1u);
  CHECK(two.others[0].aims == std::vector<std::string>{"camp"});  // camp and none tie: camp is first
  CHECK(advice_has(two.rules, "knocked-out"));
  check_against_brute_force(s, EngineSide::defender, 2);
}

TEST_CASE("advise: a goal reached already gives 1 to every plan", "[odds][advise][R45]") {
  Snapshot s = advice_castle();
  s.sections[2].hull_suffered = 10;  // the gatehouse, portcullis down: Hull 10
  s.sections[2].state = BreachState::breached;
  for (const std::string& goal : {std::string("gatehouse"), std::string()}) {
    const odds::Advice a = advice_of(s, EngineSide::besieger, 4, goal);
    CHECK(a.settled);
    CHECK(a.best.chance == Fraction{1, 1});
    CHECK(a.current.chance == Fraction{1, 1});
    CHECK(a.others.empty());
    // The ram aims at the gatehouse, breached: no plan may take it, so the
    // plan of fewest re-aims takes the first target instead.
    CHECK(a.best.reaims.size() == 1u);
    CHECK(a.best.aims == std::vector<std::string>{"north-wall", "north-wall", "river-tower", "north-wall"});
    CHECK(a.plans == 4 * 4 * 4 * 4);  // three sections left and none
    CHECK(advice_has(a.notes, goal.empty() ? "A section is already breached: every plan gives 1."
                                           : "Section gatehouse is already breached: every plan gives 1."));
  }
  // The defenders alike: nothing they do can undo it.
  const odds::Advice d = advice_of(s, EngineSide::defender, 2, "gatehouse");
  CHECK(d.settled);
  CHECK(d.best.today);
  CHECK(d.best.chance == Fraction{1, 1});
}

TEST_CASE("advise: the inputs it refuses, naming the input, with the nearest ids", "[odds][advise][R45]") {
  Snapshot s = advice_castle();
  using test::usage_error_of;
  CHECK(usage_error_of([&] { (void)advice_of(s, EngineSide::besieger, 4, {}, {"wall-mangonel"}); }) ==
        "--keep wall-mangonel: a defender engine: the plan is the besiegers' (--side)");
  CHECK(usage_error_of([&] { (void)advice_of(s, EngineSide::defender, 4, {}, {"trebuchet"}); }) ==
        "--keep trebuchet: a besieger engine: the plan is the defenders' (--side)");
  CHECK_THAT(usage_error_of([&] { (void)advice_of(s, EngineSide::besieger, 4, {}, {"trebuchett"}); }),
             Catch::Contains("--keep trebuchett: unknown engine (did you mean trebuchet?)"));
  CHECK_THAT(usage_error_of([&] { (void)advice_of(s, EngineSide::besieger, 4, {}, {"belfry"}); }),
             Catch::Contains("--keep belfry: it has no weapon: it has no aim to hold"));
  s.engines[2].knocked_out = true;
  CHECK_THAT(usage_error_of([&] { (void)advice_of(s, EngineSide::besieger, 4, {}, {"trebuchet"}); }),
             Catch::Contains("--keep trebuchet: knocked out: it has no aim to hold"));
  CHECK_THAT(usage_error_of([&] { (void)advice_of(s, EngineSide::besieger, 4, "nort-wall"); }),
             Catch::Contains("--goal breach:nort-wall: unknown section 'nort-wall' (did you mean north-wall"));
  CHECK_THAT(usage_error_of([&] { (void)odds::goal_section("breach"); }),
             Catch::Contains("--goal breach: expected any-breach or breach:SECTION"));
  CHECK(odds::goal_section("breach:east-wall") == "east-wall");
  CHECK(odds::goal_section("any-breach").empty());
  CHECK_THAT(usage_error_of([&] { (void)advice_of(s, EngineSide::besieger, 0); }),
             Catch::Contains("expected from 1 to 20"));
  // A knocked-out engine is out of the search, and no defender's target.
  const odds::Advice a = advice_of(s, EngineSide::besieger, 1);
  CHECK_FALSE(advice_has(a.engines, "trebuchet"));
  const odds::Advice d = advice_of(s, EngineSide::defender, 1);
  CHECK_FALSE(advice_has(d.targets, "trebuchet"));
  CHECK(advice_has(d.targets, "belfry"));  // a siege tower is an engine (R29)
}

TEST_CASE("advise: held engines stay at their aims and out of the count", "[odds][advise][R45]") {
  const Snapshot castle = advice_castle();
  const odds::Advice a = advice_of(castle, EngineSide::besieger, 2, {}, {"trebuchet", "ram"});
  CHECK(a.engines == std::vector<std::string>{"great-bombard", "battery-cannon"});
  CHECK(a.kept == std::vector<std::string>{"trebuchet", "ram"});
  CHECK(a.plans == 25);
  CHECK_FALSE(advice_has(a.rules, "evening-length"));
  check_against_brute_force(castle, EngineSide::besieger, 2, {}, {"trebuchet", "ram"});
  // E4: past the fourth scene, with the evening's note.
  const odds::Advice five = advice_of(castle, EngineSide::besieger, 5, {}, {"great-bombard", "trebuchet", "ram"});
  CHECK(five.plans == 5);
  CHECK(advice_has(five.rules, "evening-length"));
}

TEST_CASE("advise: a battery of 40 guns alike is weighed by counts, all 4^40 plans", "[odds][advise][R45]") {
  std::string guns;
  for (int i = 0; i < 40; ++i)
    guns += std::string(i ? ", " : "") + R"({"id": "gun-)" + std::to_string(i) +
            R"(", "weapon": "cannon", "pool": 3, "target": "a"})";
  const Snapshot s = advice_siege(R"({"sections": [{"id": "a", "structure": "curtain-wall"},
    {"id": "b", "structure": "tower"}, {"id": "c", "structure": "bastion"}], "besiegers": [)" + guns + "]}");
  const odds::Advice a = advice_of(s, EngineSide::besieger, 1);
  CHECK(a.plans == boost::multiprecision::pow(odds::Int(4), 40));
  CHECK(advice_p(a.best.chance) >= advice_p(a.current.chance));
  for (const auto& p : a.others) CHECK(advice_p(p.chance) < advice_p(a.best.chance));
}

TEST_CASE("advise: a question too large is refused at once, saying what to ask instead", "[odds][advise][R45]") {
  // Twelve engines no two alike (their pools differ) and six sections: 7^12 plans.
  std::string sections, guns;
  for (int i = 0; i < 6; ++i)
    sections += std::string(i ? ", " : "") + R"({"id": "s-)" + std::to_string(i) + R"(", "structure": "curtain-wall"})";
  for (int i = 0; i < 12; ++i)
    guns += std::string(i ? ", " : "") + R"({"id": "gun-)" + std::to_string(i) +
            R"(", "weapon": "cannon", "pool": )" + std::to_string(i + 1) + R"(, "target": "s-0"})";
  const Snapshot s = advice_siege(R"({"sections": [)" + sections + R"(], "besiegers": [)" + guns + "]}");
  try {
    (void)advice_of(s, EngineSide::besieger, 4);
    FAIL("not refused");
  } catch (const Error& e) {
    CHECK(e.id() == "too-large");
    CHECK_THAT(test::reported_text(e), Catch::Contains("12 besieger engines, 7 targets each (13841287201 plans)") &&
                                           Catch::Contains("--keep ENGINE") && Catch::Contains("fewer --scenes"));
  }
  // Held at their aims, eight of them leave a question that answers.
  const odds::Advice a =
      advice_of(s, EngineSide::besieger, 4, {}, {"gun-0", "gun-1", "gun-2", "gun-3", "gun-4", "gun-5", "gun-6", "gun-7"});
  CHECK(a.plans == 7 * 7 * 7 * 7);
}

TEST_CASE("advise: a load under which a section is breached for certain, against the brute force",
          "[odds][advise][R45]") {
  // No file holds it (a section worn to its Hull is breached), but the
  // search must not lose the plans whose chance of no breach is 0: door-a
  // at its Hull and not breached, so that any attack breaches it.
  Snapshot s = two_doors();
  s.sections[0].hull_suffered = 1;
  s.engines[0].target = "door-b";
  const odds::Advice a = advice_of(s, EngineSide::besieger, 1);
  CHECK(advice_p(a.best.chance) == 1);
  CHECK(a.best.aims == std::vector<std::string>{"door-a", ""});  // one re-aim; bolt-2 left at none
  check_against_brute_force(s, EngineSide::besieger, 1);
  check_against_brute_force(s, EngineSide::besieger, 2);
  check_against_brute_force(s, EngineSide::besieger, 2, "door-b");
  // The defenders: a ballista that shoots first breaches door-a whatever they
  // do; their plans differ on door-b alone.
  Snapshot d = advice_siege(R"({"sections": [{"id": "door-a", "structure": "interior-door"},
                                             {"id": "door-b", "structure": "interior-door"}],
    "besiegers": [{"id": "bolt-1", "engine": "ballista", "pool": 1, "target": "door-a"},
                  {"id": "bolt-2", "engine": "ballista", "pool": 1, "target": "door-b"}],
    "defenders": [{"id": "treb", "weapon": "trebuchet", "pool": 1, "target": "camp"},
                  {"id": "stones", "weapon": "mangonel", "pool": 2, "target": "bolt-1"}]})");
  d.sections[0].hull_suffered = 1;
  check_against_brute_force(d, EngineSide::defender, 1);
  check_against_brute_force(d, EngineSide::defender, 2);
  check_against_brute_force(d, EngineSide::defender, 2, "door-b");
  const odds::Advice all = advice_of(d, EngineSide::defender, 2, "door-a");
  CHECK(advice_p(all.best.chance) == 1);
  CHECK(all.best.today);
  CHECK(all.others.empty());
}
