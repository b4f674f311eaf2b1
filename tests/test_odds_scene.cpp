// siege/odds_scene.hpp: exact odds of the coming scenes, checked by hand on
// small sieges and against many seeded plays of the real scene resolver.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <map>

#include "siege/odds_scene.hpp"
#include "support.hpp"

using namespace siege;
using odds::Fraction;
using odds::Rational;

namespace {

Snapshot siege_of(const std::string& description) {
  return read_description(description, {"test.json", ErrorKind::usage}, test::tables()).now;
}

Rational p(const Fraction& f) { return odds::to_rational(f); }

Rational breached(const odds::SectionOutlook& s, std::size_t scene_index) {
  return p(s.by_scene[scene_index][static_cast<std::size_t>(BreachState::breached)]);
}

// One skill die and the Easy difficulty die pass in 19 of 64 ways (test_odds.cpp).
const Rational pass1(19, 64);

// A door of Hull 1 and Armor 0: any hit breaches it. A ballista (Hull 4,
// Armor 1) is knocked out by any hit of a trebuchet (5 + Successes - 1).
std::string door_and_ballista(int defender_pool) {
  std::string d = R"({"sections": [{"id": "door", "structure": "interior-door"}],
    "besiegers": [{"id": "bolt-thrower", "engine": "ballista", "pool": 1, "target": "door"}])";
  if (defender_pool >= 0)
    d += R"(, "defenders": [{"id": "treb", "weapon": "trebuchet", "pool": )" + std::to_string(defender_pool) +
         R"(, "target": "bolt-thrower"}])";
  return d + "}";
}

bool has(const std::vector<std::string>& v, const std::string& x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

}  // namespace

TEST_CASE("One engine, one scene: the breach chance is the one attack's odds", "[odds][scene][E1]") {
  // A cannon on a cracked curtain wall, 15 of 20 suffered: attack_odds over
  // every roll of its three skill dice and the difficulty die.
  const Snapshot s =
      siege_of(R"({"sections": [{"id": "wall", "structure": "curtain-wall", "hull_suffered": 15}],
    "besiegers": [{"id": "gun", "weapon": "cannon", "pool": 3, "target": "wall"}]})");
  const auto o = odds::scene_odds(s, test::tables(), 1);
  REQUIRE(o.sections.size() == 1u);
  REQUIRE(o.sections[0].by_scene.size() == 1u);
  AttackInput in;
  in.structure = &test::tables().structure("curtain-wall");
  in.weapon = test::tables().weapon("cannon");
  in.damage_taken = 15;
  const auto one = odds::attack_odds(in, attack_check_spec(FiringSlit::no, 3), test::tables().dice);
  odds::Int ways = 0;
  for (const auto& [k, w] : one.ways)
    if (k.after == BreachState::breached) ways += w;
  CHECK(breached(o.sections[0], 0) == odds::ratio(ways, one.total));
  CHECK(breached(o.sections[0], 0) > 0);
  Rational sum = 0;
  for (const auto& f : o.sections[0].by_scene[0]) sum += p(f);
  CHECK(sum == 1);
  CHECK(o.sections[0].attackers == std::vector<std::string>{"gun"});
}

TEST_CASE("A door breached by any hit: 1 - (45/64)^n after n scenes (hand count)", "[odds][scene][E1]") {
  const auto o = odds::scene_odds(siege_of(door_and_ballista(-1)), test::tables(), 3);
  const auto& door = o.sections[0];
  CHECK(breached(door, 0) == pass1);
  CHECK(breached(door, 1) == 1 - (1 - pass1) * (1 - pass1));
  CHECK(breached(door, 2) == 1 - (1 - pass1) * (1 - pass1) * (1 - pass1));
  CHECK(odds::fraction_text(door.by_scene[0][2]) == "19/64");
  CHECK_FALSE(o.engines[0].exposed);
  CHECK(o.engines[0].knocked_out[2] == Fraction{0, 1});
}

TEST_CASE("E2: a defender that knocks the only attacker out makes the scenes joint (hand count)",
          "[odds][scene][E1][E2]") {
  // Scene by scene the ballista shoots first (breach with p), then the
  // trebuchet shoots at it (knocked out with q); once out it shoots no more:
  //   by scene 1: p;  by scene 2: p + (1-p)(1-q)p;  by scene 3: ... + ((1-p)(1-q))^2 p.
  const auto o = odds::scene_odds(siege_of(door_and_ballista(1)), test::tables(), 3);
  const Rational p1 = pass1, q = pass1, miss_and_stay = (1 - p1) * (1 - q);
  const auto& door = o.sections[0];
  CHECK(breached(door, 0) == p1);
  CHECK(breached(door, 1) == p1 + miss_and_stay * p1);
  CHECK(breached(door, 2) == p1 + miss_and_stay * p1 + miss_and_stay * miss_and_stay * p1);
  REQUIRE(o.engines.size() == 1u);
  CHECK(o.engines[0].exposed);
  CHECK(o.engines[0].attackers == std::vector<std::string>{"treb"});
  CHECK(p(o.engines[0].knocked_out[0]) == q);
  CHECK(p(o.engines[0].knocked_out[1]) == 1 - (1 - q) * (1 - q));
  CHECK(has(o.rules, "knocked-out"));
  CHECK(has(o.rules, "engine-target"));
  CHECK(has(o.not_modelled, "burn"));  // a ballista is wooden (R14)
}

TEST_CASE("Sections out of reach, already breached or dug-not-knocked-down are certain",
          "[odds][scene][R9]") {
  const Snapshot s = siege_of(R"({"sections": [
      {"id": "quiet", "structure": "curtain-wall", "hull_suffered": 12},
      {"id": "gap", "structure": "palisade", "hull_suffered": 6},
      {"id": "bank", "structure": "rampart"}],
    "besiegers": [{"id": "gun", "weapon": "cannon", "target": "gap"},
                  {"id": "mortar", "weapon": "mortar", "pool": 6, "target": "bank"}]})");
  const auto o = odds::scene_odds(s, test::tables(), 4);
  for (std::size_t k = 0; k < 4; ++k) {
    CHECK(o.sections[0].by_scene[k][1] == Fraction{1, 1});  // cracked, and nobody shoots at it
    CHECK(o.sections[1].by_scene[k][2] == Fraction{1, 1});
    CHECK(o.sections[2].by_scene[k][2] == Fraction{0, 1});  // R9: attacks leave it at most cracked
  }
  CHECK(p(o.sections[2].by_scene[3][1]) > 0);
  // The breached palisade would burn (R14), but no attack on it is made.
  CHECK_FALSE(has(o.not_modelled, "burn"));
}

TEST_CASE("E4: looking past the fourth scene is allowed, with the evening's note, the bound is enforced",
          "[odds][scene][E4]") {
  const Snapshot s = siege_of(door_and_ballista(-1));
  CHECK_FALSE(has(odds::scene_odds(s, test::tables(), 4).rules, "evening-length"));
  const auto o = odds::scene_odds(s, test::tables(), 5);
  CHECK(has(o.rules, "evening-length"));
  CHECK(o.sections[0].by_scene.size() == 5u);
  CHECK_THROWS_WITH(odds::scene_odds(s, test::tables(), 0), Catch::Contains("expected from 1 to 20"));
  CHECK_THROWS_WITH(odds::scene_odds(s, test::tables(), odds::max_scenes_ahead + 1),
                    Catch::Contains("expected from 1 to 20"));
}

TEST_CASE("A section shot at by too many engines the defenders also shoot at is refused", "[odds][scene]") {
  // 25 engines all different (pool, Hull suffered): no two of them alike,
  // so the chain would keep 2^25 sets of them in action.
  std::string d = R"({"sections": [{"id": "wall", "structure": "curtain-wall"}], "besiegers": [)";
  std::string defenders;
  for (int i = 0; i < 25; ++i) {
    d += std::string(i ? "," : "") + R"({"id": "b)" + std::to_string(i) +
         R"(", "engine": "cannon", "pool": )" + std::to_string(1 + i % 5) +
         R"(, "hull_suffered": )" + std::to_string(i / 5) + R"(, "target": "wall"})";
    defenders += std::string(i ? "," : "") + R"({"id": "d)" + std::to_string(i) +
                 R"(", "weapon": "ballista", "target": "b)" + std::to_string(i) + R"("})";
  }
  d += "], \"defenders\": [" + defenders + "]}";
  try {
    (void)odds::scene_odds(siege_of(d), test::tables(), 4);
    FAIL("no error");
  } catch (const Error& e) {
    CHECK(std::string(e.id()) == "too-large");
  }
}

// ---------------------------------------------------------------- brute force

namespace {

// The plain way, for comparison: a chain over the Hull of every section and
// every engine at once, one attack at a time in the order play_scene makes
// them, with a Rational weight on each place.
struct Plain {
  std::vector<std::array<Rational, 3>> sections;  // the chance of each ladder state of each section
  std::vector<Rational> knocked_out;              // of each engine
};
std::vector<Plain> brute_force(const Snapshot& s, int scenes) {
  const Tables& t = test::tables();
  const std::size_t n_sec = s.sections.size();
  // An engine with no engines.json row cannot be shot at, so never runs out of Hull.
  auto hull_of = [&](std::size_t place) {
    if (place < n_sec) return stats_of(s.sections[place], t).hull;
    const Engine* row = row_of(s.engines[place - n_sec], t);
    return row != nullptr ? row->hull : std::numeric_limits<int>::max();
  };
  struct Shot {
    std::size_t shooter;  // place of the engine that shoots
    std::size_t target;   // place of its target
    odds::Transition tr;
  };
  std::vector<Shot> shots;
  for (const EngineSide side : {EngineSide::besieger, EngineSide::defender})
    for (std::size_t i = 0; i < s.engines.size(); ++i) {
      const EngineState& e = s.engines[i];
      if (e.side != side || e.weapon.empty() || e.knocked_out) continue;
      const CheckSpec spec = attack_check_spec(FiringSlit::no, e.pool);
      if (const auto* sec = s.find_section(e.target)) {
        if (e.side == EngineSide::defender) continue;  // R29: it makes no attack
        AttackInput in;
        in.structure = &t.structure(sec->structure);
        in.weapon = t.weapon(e.weapon);
        in.portcullis = portcullis_of(*sec);
        shots.push_back({n_sec + i, static_cast<std::size_t>(sec - s.sections.data()),
                         odds::attack_transition(in, spec, t.dice)});
      } else if (const auto* target = s.find_engine(e.target)) {
        EngineHitInput in;
        in.row = row_of(*target, t);
        in.target = target->id;
        in.weapon = t.weapon(e.weapon);
        shots.push_back({n_sec + i, n_sec + static_cast<std::size_t>(target - s.engines.data()),
                         odds::engine_hit_transition(in, spec, t.dice)});
      }
    }
  std::vector<int> start;
  for (const auto& x : s.sections) start.push_back(x.hull_suffered);
  for (const auto& e : s.engines) start.push_back(e.knocked_out ? 1000 : e.hull_suffered);
  std::map<std::vector<int>, Rational> now{{start, 1}};
  std::vector<Plain> out;
  for (int k = 0; k < scenes; ++k) {
    for (const auto& shot : shots) {
      std::map<std::vector<int>, Rational> next;
      for (const auto& [place, w] : now) {
        const bool out_of_action = place[shot.shooter] >= hull_of(shot.shooter);
        const bool spent = place[shot.target] >= hull_of(shot.target);
        if (out_of_action || spent) {
          next[place] += w;
          continue;
        }
        for (const auto& [to, ways] : shot.tr.rows[static_cast<std::size_t>(place[shot.target])]) {
          auto moved = place;
          moved[shot.target] = static_cast<int>(to);
          next[moved] += w * Rational(ways, shot.tr.total);
        }
      }
      now = std::move(next);
    }
    Plain p{std::vector<std::array<Rational, 3>>(n_sec, {0, 0, 0}),
            std::vector<Rational>(s.engines.size(), 0)};
    for (const auto& [place, w] : now) {
      for (std::size_t i = 0; i < n_sec; ++i)
        p.sections[i][static_cast<std::size_t>(ladder_state(place[i], hull_of(i)))] += w;
      for (std::size_t i = 0; i < s.engines.size(); ++i)
        if (place[n_sec + i] >= hull_of(n_sec + i)) p.knocked_out[i] += w;
    }
    out.push_back(std::move(p));
  }
  return out;
}

}  // namespace

namespace {

// A defender engine aimed at section `target`, as a state file written
// before R29 may hold one (a description refuses it).
EngineState stray_defender(const std::string& id, const std::string& weapon, int pool, const std::string& target) {
  EngineState e;
  e.id = id;
  e.side = EngineSide::defender;
  e.weapon = weapon;
  e.pool = pool;
  e.target = target;
  return e;
}

}  // namespace

TEST_CASE("R29: a defender engine aimed at a section changes no odds: it makes no attack", "[odds][scene][R29]") {
  Snapshot s = siege_of(R"({"sections": [{"id": "door", "structure": "iron-bound-door"}],
    "besiegers": [{"id": "bolt-thrower", "engine": "ballista", "pool": 2, "target": "door"}]})");
  const auto without = odds::scene_odds(s, test::tables(), 2);
  s.engines.push_back(stray_defender("stones", "falconet", 3, "door"));
  const auto with = odds::scene_odds(s, test::tables(), 2);
  for (std::size_t k = 0; k < 2; ++k)
    for (std::size_t st = 0; st < 3; ++st)
      CHECK(p(with.sections[0].by_scene[k][st]) == p(without.sections[0].by_scene[k][st]));
  CHECK(with.sections[0].attackers == std::vector<std::string>{"bolt-thrower"});
}

TEST_CASE("E2: the outlook counts a siege tower and the camp the defenders shoot at (hand count)",
          "[odds][scene][E2]") {
  // One Hull left on each: any hit of a trebuchet (5 + Successes - Armor 2
  // or 0) knocks the tower out and wrecks the camp, so each goes with the
  // one die's pass chance q a scene.
  const auto o = odds::scene_odds(siege_of(R"({"sections": [{"id": "wall", "structure": "curtain-wall"}],
    "besiegers": [{"id": "belfry", "engine": "siege-tower", "hull_suffered": 11}],
    "camp": {"hull_suffered": 19},
    "defenders": [{"id": "treb", "weapon": "trebuchet", "pool": 1, "target": "belfry"},
                  {"id": "sling", "weapon": "trebuchet", "pool": 1, "target": "camp"}]})"),
                                  test::tables(), 2);
  const Rational q = pass1;
  REQUIRE(o.engines.size() == 1u);
  CHECK(o.engines[0].id == "belfry");
  CHECK(o.engines[0].target.empty());
  CHECK(o.engines[0].exposed);
  CHECK(o.engines[0].attackers == std::vector<std::string>{"treb"});
  CHECK(p(o.engines[0].knocked_out[0]) == q);
  CHECK(p(o.engines[0].knocked_out[1]) == 1 - (1 - q) * (1 - q));
  CHECK(o.camp.id == "camp");
  CHECK(o.camp.exposed);
  CHECK(o.camp.attackers == std::vector<std::string>{"sling"});
  CHECK(p(o.camp.knocked_out[0]) == q);
  CHECK(p(o.camp.knocked_out[1]) == 1 - (1 - q) * (1 - q));
  CHECK(o.sections[0].attackers.empty());  // the tower shoots at nothing
  // A camp nobody shoots at stays as it is.
  const auto quiet = odds::scene_odds(siege_of(door_and_ballista(-1)), test::tables(), 1);
  CHECK_FALSE(quiet.camp.exposed);
  CHECK(p(quiet.camp.knocked_out[0]) == 0);
}

TEST_CASE("The joint chain gives exactly what the plain chain over every engine's Hull gives",
          "[odds][scene][E1][E2]") {
  // Two sections; on each a besieger engine the defenders shoot at, and a
  // defender engine aimed at the door itself (an older state file's: R29
  // makes it shoot at nothing).
  Snapshot s = siege_of(R"({"sections": [{"id": "door", "structure": "iron-bound-door"},
      {"id": "gate", "structure": "castle-gate", "hull_suffered": 1}],
    "besiegers": [{"id": "bolt-thrower", "engine": "ballista", "pool": 2, "target": "door"},
                  {"id": "ram", "engine": "ram-shed", "pool": 2, "target": "gate"},
                  {"id": "gun", "weapon": "culverin", "pool": 1, "target": "gate", "hull_suffered": 3}],
    "defenders": [{"id": "treb", "weapon": "trebuchet", "pool": 1, "target": "bolt-thrower"},
                  {"id": "mangonel", "weapon": "mangonel", "pool": 2, "target": "ram"},
                  {"id": "gun-killer", "weapon": "cannon", "pool": 1, "target": "gun"}]})");
  s.engines.push_back(stray_defender("stones", "falconet", 1, "door"));
  const int scenes = 3;
  const auto exact = odds::scene_odds(s, test::tables(), scenes);
  const auto plain = brute_force(s, scenes);
  for (std::size_t k = 0; k < static_cast<std::size_t>(scenes); ++k)
    for (std::size_t i = 0; i < s.sections.size(); ++i)
      for (std::size_t st = 0; st < 3; ++st) {
        INFO("scene " << k + 1 << ", " << s.sections[i].id << ", state " << st);
        CHECK(p(exact.sections[i].by_scene[k][st]) == plain[k].sections[i][st]);
      }
  // The besieger engines, in the order of the state.
  REQUIRE(exact.engines.size() == 3u);
  for (std::size_t k = 0; k < static_cast<std::size_t>(scenes); ++k)
    for (std::size_t i = 0; i < 3; ++i) {
      INFO("scene " << k + 1 << ", " << exact.engines[i].id);
      CHECK(p(exact.engines[i].knocked_out[k]) == plain[k].knocked_out[i]);
    }
}

// ---------------------------------------------------------------- Monte Carlo

namespace {

// Plays `scenes` scenes of `start` `runs` times with the real resolver
// (play_scene, a different seed each time) and checks, scene by scene and
// section by section, that the share of runs with the section breached lies
// within 5 sigma of the exact chance. Returns the shares.
std::vector<std::vector<double>> check_against_play(const Snapshot& start, int scenes, int runs) {
  const auto exact = odds::scene_odds(start, test::tables(), scenes);
  std::vector<std::vector<int>> count(start.sections.size(),
                                      std::vector<int>(static_cast<std::size_t>(scenes), 0));
  for (int r = 0; r < runs; ++r) {
    Snapshot s = start;
    for (int k = 0; k < scenes; ++k) {
      (void)play_scene(s, SceneLength::day, test::tables(), static_cast<std::uint64_t>(r) * 1000 + 7 * k + 1);
      for (std::size_t i = 0; i < s.sections.size(); ++i)
        if (s.sections[i].state == BreachState::breached) ++count[i][static_cast<std::size_t>(k)];
    }
  }
  std::vector<std::vector<double>> shares(start.sections.size());
  for (std::size_t i = 0; i < start.sections.size(); ++i)
    for (std::size_t k = 0; k < static_cast<std::size_t>(scenes); ++k) {
      const double pe = odds::to_double(exact.sections[i].by_scene[k][2]);
      const double share = static_cast<double>(count[i][k]) / runs;
      const double sigma = std::sqrt(pe * (1 - pe) / runs);
      INFO(start.sections[i].id << " scene " << k + 1 << ": exact " << pe << ", played " << share);
      if (pe == 0 || pe == 1)
        CHECK(share == pe);
      else
        CHECK(std::abs(share - pe) <= 5 * sigma);
      shares[i].push_back(share);
    }
  return shares;
}

}  // namespace

TEST_CASE("Monte Carlo: the castle from its third scene, played 3000 times, matches the exact odds",
          "[odds][scene][montecarlo]") {
  // Two scenes played first, so the walls start damaged; the mangonel on
  // the walls may knock out the trebuchet that shoots at the river tower.
  SiegeState st = read_description(test::slurp(SIEGE_SOURCE_DIR + "/examples/castle-siege.json"),
                                   {"castle.json", ErrorKind::usage}, test::tables());
  (void)play_scene(st.now, st.scene_length, test::tables(), 11);
  (void)play_scene(st.now, st.scene_length, test::tables(), 12);
  REQUIRE(st.now.find_section("north-wall")->hull_suffered > 0);
  (void)check_against_play(st.now, 4, 3000);
}

TEST_CASE("Monte Carlo: knock-outs change the odds, and the exact figure counts them",
          "[odds][scene][montecarlo][E2]") {
  // A strong trebuchet crew knocks the ballista out most scenes; a defender
  // aimed at the door itself (an older state file's) makes no attack (R29).
  const std::string joint = R"({"sections": [{"id": "door", "structure": "interior-door"},
      {"id": "gate", "structure": "castle-gate", "hull_suffered": 2}],
    "besiegers": [{"id": "bolt-thrower", "engine": "ballista", "pool": 1, "target": "door"},
                  {"id": "ram", "engine": "ram-shed", "pool": 2, "target": "gate"}],
    "defenders": [{"id": "treb", "weapon": "trebuchet", "pool": 4, "target": "bolt-thrower"},
                  {"id": "mangonel", "weapon": "mangonel", "pool": 2, "target": "ram"}]})";
  Snapshot s = siege_of(joint);
  s.engines.push_back(stray_defender("oops", "falconet", 1, "door"));
  const int runs = 3000;
  const auto shares = check_against_play(s, 4, runs);
  // Had the chain ignored the knock-outs, the play would have told it apart.
  Snapshot never_out = s;
  for (auto& e : never_out.engines)
    if (e.side == EngineSide::defender && e.target != "door") e.weapon.clear();
  const double naive =
      odds::to_double(odds::scene_odds(never_out, test::tables(), 4).sections[0].by_scene[3][2]);
  const double sigma = std::sqrt(naive * (1 - naive) / runs);
  CHECK(std::abs(shares[0][3] - naive) > 5 * sigma);
}

// ---------------------------------------------------------------- grand batteries

namespace {

// A section `structure` shot at by the besieger engines `guns` ({"id",
// "engine", "pool", ...} without the target), each of them shot at by a
// defender engine of `defender` weapon and pool 1 (when `defender` is not
// empty).
Snapshot battery(const std::string& structure, const std::vector<std::string>& guns, const std::string& defender) {
  std::string d = R"({"sections": [{"id": "wall", "structure": ")" + structure + R"("}], "besiegers": [)";
  std::string defenders;
  for (std::size_t i = 0; i < guns.size(); ++i) {
    const std::string id = "gun-" + std::to_string(i);
    d += std::string(i ? "," : "") + R"({"id": ")" + id + R"(", "target": "wall", )" + guns[i] + "}";
    if (!defender.empty())
      defenders += std::string(defenders.empty() ? "" : ",") + R"({"id": "d-)" + id + R"(", "weapon": ")" +
                   defender + R"(", "pool": 1, "target": ")" + id + R"("})";
  }
  return siege_of(d + "], \"defenders\": [" + defenders + "]}");
}

void check_against_brute_force(const Snapshot& s, int scenes) {
  const auto exact = odds::scene_odds(s, test::tables(), scenes);
  const auto plain = brute_force(s, scenes);
  for (std::size_t k = 0; k < static_cast<std::size_t>(scenes); ++k) {
    for (std::size_t st = 0; st < 3; ++st) {
      INFO("scene " << k + 1 << ", state " << st);
      CHECK(p(exact.sections[0].by_scene[k][st]) == plain[k].sections[0][st]);
    }
    for (std::size_t i = 0; i < exact.engines.size(); ++i) {
      INFO("scene " << k + 1 << ", " << exact.engines[i].id);
      CHECK(p(exact.engines[i].knocked_out[k]) == plain[k].knocked_out[i]);
    }
  }
}

}  // namespace

TEST_CASE("A battery of guns alike, counted by class, gives exactly the plain chain over every engine",
          "[odds][scene][E2][heavy]") {
  // On a curtain wall (the cracked step: 1 less Armor), a cannon's and a
  // culverin's attacks do not commute, so the order of the guns matters.
  const std::string cannon = R"("engine": "cannon", "pool": 1)";
  const std::string culverin = R"("engine": "culverin", "pool": 1)";
  SECTION("three cannons alike, then a culverin") {
    check_against_brute_force(battery("curtain-wall", {cannon, cannon, cannon, culverin}, "cannon"), 3);
  }
  SECTION("a culverin between cannons alike") {
    check_against_brute_force(battery("curtain-wall", {cannon, culverin, cannon, cannon}, "cannon"), 3);
  }
  SECTION("cannons alike but one, more damaged") {
    check_against_brute_force(
        battery("curtain-wall", {cannon, R"("engine": "cannon", "pool": 1, "hull_suffered": 4)", cannon, cannon},
                "cannon"),
        3);
  }
  SECTION("a cannon nobody shoots at among cannons the defenders shoot at") {
    Snapshot s = battery("curtain-wall", {cannon, cannon, cannon, cannon}, "cannon");
    s.engines.erase(std::find_if(s.engines.begin(), s.engines.end(),
                                 [](const EngineState& e) { return e.id == "d-gun-1"; }));
    check_against_brute_force(s, 3);
  }
}

TEST_CASE("Forty ballistas on a door, each the defenders may knock out: the closed form, exactly",
          "[odds][scene][E2]") {
  // A ballista of pool 1 breaches the door with any hit, p = 19/64, and a
  // trebuchet of pool 1 knocks it out with any hit, q = 19/64. The guns'
  // fates are independent (the defenders shoot at them whatever happens to
  // the door), so the door stands after K scenes with f(K)^40, f(K) the
  // chance that one ballista's shots all miss: it shoots in scenes 1 to g
  // when knocked out in scene g < K, else in all K.
  const std::vector<std::string> guns(40, R"("engine": "ballista", "pool": 1)");
  const int scenes = 4;
  const auto o = odds::scene_odds(battery("interior-door", guns, "trebuchet"), test::tables(), scenes);
  const Rational q = pass1, miss = 1 - pass1;
  for (int k = 1; k <= scenes; ++k) {
    Rational f = 0, in_action = 1, misses = 1;  // in_action: (1-q)^(g-1); misses: (1-p)^g
    for (int g = 1; g < k; ++g) {
      misses *= miss;
      f += in_action * q * misses;
      in_action *= 1 - q;
    }
    f += in_action * misses * miss;
    Rational stands = 1;
    for (int i = 0; i < 40; ++i) stands *= f;
    INFO("scene " << k);
    CHECK(breached(o.sections[0], static_cast<std::size_t>(k - 1)) == 1 - stands);
  }
  REQUIRE(o.engines.size() == 40u);
  CHECK(p(o.engines[39].knocked_out[3]) == 1 - miss * miss * miss * miss);
}

TEST_CASE("Monte Carlo: a grand battery of forty cannons on a bastion, each under a defender's cannon",
          "[odds][scene][montecarlo][E2][heavy]") {
  const std::vector<std::string> guns(40, R"("engine": "cannon", "pool": 3)");
  Snapshot s = battery("bastion", guns, "cannon");
  const auto o = odds::scene_odds(s, test::tables(), 4);
  for (std::size_t k = 0; k < 4; ++k) {
    Rational sum = 0;
    for (const auto& f : o.sections[0].by_scene[k]) sum += p(f);
    CHECK(sum == 1);
    if (k > 0) CHECK(breached(o.sections[0], k) >= breached(o.sections[0], k - 1));
  }
  CHECK(breached(o.sections[0], 3) > 0);
  CHECK(breached(o.sections[0], 3) < 1);
  (void)check_against_play(s, 4, 400);
}
