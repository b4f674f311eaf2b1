// Attacks on structures: rulings R1-R15 with the exact numbers of the tables.
#include <catch2/catch.hpp>

#include "support.hpp"

using namespace siege;

namespace {

// An attack with the referee's roll, on the built-in tables.
struct Shot {
  Shot(std::string s, std::string w, int succ = 1, int b = 0, int t = 0)
      : structure(std::move(s)), weapon(std::move(w)), successes(succ), boons(b), taken(t) {}
  std::string structure;
  std::string weapon;
  int successes = 1;
  int boons = 0;
  int taken = 0;
  Portcullis portcullis = Portcullis::no;
  FiringSlit slit = FiringSlit::no;
  LadderMode ladder = LadderMode::hull;
  BreachState from = BreachState::intact;
  std::optional<int> spend;

  [[nodiscard]] AttackOutcome resolve() const { return resolve_attack(input()); }
  [[nodiscard]] AttackInput input() const {
    AttackInput in;
    in.structure = &test::tables().structure(structure);
    in.weapon = test::tables().weapon(weapon);
    in.check = test::referee(successes, boons);
    in.damage_taken = taken;
    in.portcullis = portcullis;
    in.firing_slit = slit;
    in.ladder = ladder;
    in.from = from;
    in.spend_boons = spend;
    return in;
  }
};

bool has_rule(const AttackOutcome& o, const std::string& id) {
  return std::find(o.rules.begin(), o.rules.end(), id) != o.rules.end();
}

std::vector<std::pair<std::string, int>> steps(const AttackOutcome& o) {
  std::vector<std::pair<std::string, int>> v;
  for (const auto& s : o.armor.steps) v.emplace_back(s.rule, s.change);
  return v;
}

using Steps = std::vector<std::pair<std::string, int>>;

}  // namespace

TEST_CASE("R1/R2: the interface example, cannon on an intact curtain wall with 2 Successes, deals 7",
          "[structure][R1][R2][R6]") {
  const auto o = Shot{"curtain-wall", "cannon", 2, 1}.resolve();
  CHECK(o.armor.listed == 4);
  CHECK(steps(o) == Steps{{"vulnerable-to-guns", -2}, {"pierce", -1}});
  CHECK(o.armor.effective == 1);
  CHECK(o.damage == 7);  // 6 Hull damage + 2 Successes - 1 Armor
  CHECK(o.hull.max == 20);
  CHECK(o.hull.after == 7);
  CHECK(o.after == BreachState::intact);
  CHECK(o.rules == std::vector<std::string_view>{"damage", "vulnerable-to-guns", "pierce"});
}

TEST_CASE("R1: a cracked section has 1 less Armor, applied after guns and before Pierce",
          "[structure][R1]") {
  const auto o = Shot{"curtain-wall", "cannon", 1, 0, 10}.resolve();
  CHECK(o.before == BreachState::cracked);
  CHECK(steps(o) == Steps{{"vulnerable-to-guns", -2}, {"cracked", -1}, {"pierce", -1}});
  CHECK(o.armor.effective == 0);
  CHECK(o.damage == 7);  // 6 + 1 - 0
  CHECK(o.hull.after == 17);
}

TEST_CASE("R1: effective Armor never goes below 0", "[structure][R1]") {
  const auto o = Shot{"interior-door", "ballista", 1}.resolve();
  CHECK(steps(o) == Steps{{"pierce", -1}, {"armor-floor", 1}});
  CHECK(o.armor.effective == 0);
  CHECK(o.damage == 3);  // 2 + 1 - 0
}

TEST_CASE("R2: a failed check is a miss with no damage and no change", "[structure][R2]") {
  for (int s : {0, -2}) {
    const auto o = Shot{"curtain-wall", "cannon", s, 5, 12}.resolve();
    CHECK_FALSE(o.hit);
    CHECK(o.damage == 0);
    CHECK(o.hull.after == 12);
    CHECK(o.after == o.before);
    CHECK(has_rule(o, "miss"));
    CHECK(o.crit_bundles == 0);
  }
}

TEST_CASE("R2: damage never goes below 0", "[structure][R2]") {
  const auto o = Shot{"bastion", "ballista", 1}.resolve();
  CHECK(o.armor.effective == 4);  // 5 - Pierce 1, no gun bonus on a bastion
  CHECK(o.damage == 0);           // 2 + 1 - 4 = -1 -> 0
  CHECK(o.hull.after == 0);
}

TEST_CASE("R3: each full Crit's worth of Boons buys 2 Hull damage after Armor", "[structure][R3]") {
  CHECK(Shot{"curtain-wall", "cannon", 2, 2}.resolve().damage == 7);  // Crit 3: no bundle
  CHECK(Shot{"curtain-wall", "cannon", 2, 3}.resolve().damage == 9);
  CHECK(Shot{"curtain-wall", "cannon", 2, 5}.resolve().damage == 9);
  const auto o = Shot{"curtain-wall", "cannon", 2, 6}.resolve();
  CHECK(o.crit_bundles == 2);
  CHECK(o.damage == 11);
  CHECK(has_rule(o, "crit-bundle"));
  // Added after Armor: Armor that swallows the base damage does not stop it.
  const auto b = Shot{"bastion", "ballista", 1, 2}.resolve();
  CHECK(b.damage == 2);
}

TEST_CASE("R3: the referee may spend fewer Boons, never more than the roll has", "[structure][R3]") {
  Shot s{"curtain-wall", "cannon", 2, 6};
  s.spend = 3;
  CHECK(s.resolve().damage == 9);
  s.spend = 0;
  CHECK(s.resolve().damage == 7);
  s.spend = 7;
  CHECK_THROWS_AS(s.resolve(), Error);
}

TEST_CASE("R3: a weapon with no Crit cannot buy extra damage", "[structure][R3]") {
  AttackInput in;
  in.structure = &test::tables().structure("curtain-wall");
  in.weapon.id = "inline";
  in.weapon.hull_damage = 5;
  in.weapon.crit = 0;
  in.check = test::referee(1, 12);
  const auto o = resolve_attack(in);
  CHECK(o.crit_bundles == 0);
  CHECK(o.damage == 2);  // 5 + 1 - 4
}

TEST_CASE("R4: the ladder thresholds are exact integers at odd and even Hull", "[structure][R4]") {
  // Interior door, Hull 1: never cracked.
  CHECK(ladder_state(0, 1) == BreachState::intact);
  CHECK(ladder_state(1, 1) == BreachState::breached);
  // Iron-bound door, Hull 2.
  CHECK(ladder_state(0, 2) == BreachState::intact);
  CHECK(ladder_state(1, 2) == BreachState::cracked);
  CHECK(ladder_state(2, 2) == BreachState::breached);
  // Castle gate with portcullis, Hull 10.
  CHECK(ladder_state(4, 10) == BreachState::intact);
  CHECK(ladder_state(5, 10) == BreachState::cracked);
  CHECK(ladder_state(9, 10) == BreachState::cracked);
  CHECK(ladder_state(10, 10) == BreachState::breached);
  // Odd Hull 11: cracked from 6 (2*6 >= 11), not at 5.
  CHECK(ladder_state(5, 11) == BreachState::intact);
  CHECK(ladder_state(6, 11) == BreachState::cracked);
  // Curtain wall, Hull 20.
  CHECK(ladder_state(9, 20) == BreachState::intact);
  CHECK(ladder_state(10, 20) == BreachState::cracked);
  CHECK(ladder_state(19, 20) == BreachState::cracked);
  CHECK(ladder_state(20, 20) == BreachState::breached);
}

TEST_CASE("R4: Hull suffered is capped at the Hull and the rest reported as overkill",
          "[structure][R4]") {
  const auto o = Shot{"curtain-wall", "cannon", 2, 0, 18}.resolve();
  CHECK(o.damage == 8);  // cracked: Armor 0; 6 + 2
  CHECK(o.hull.after == 20);
  CHECK(o.overkill == 6);
  CHECK(o.after == BreachState::breached);
  CHECK(has_rule(o, "hull-cap"));
  CHECK(has_rule(o, "breach-gap"));
}

TEST_CASE("R4: a door of Hull 1 goes straight from intact to breached", "[structure][R4]") {
  const auto o = Shot{"interior-door", "ram", 1}.resolve();
  CHECK(o.before == BreachState::intact);
  CHECK(o.after == BreachState::breached);
  CHECK(o.hull.after == 1);
}

TEST_CASE("R5: in ladder-steps mode a step is half the Hull rounded up, remainders are lost",
          "[structure][R5]") {
  CHECK(ladder_step(20) == 10);
  CHECK(ladder_step(1) == 1);
  CHECK(ladder_step(21) == 11);
  CHECK(ladder_step(10) == 5);
  Shot s{"curtain-wall", "cannon", 2};
  s.ladder = LadderMode::steps;
  auto o = s.resolve();
  CHECK(o.damage == 7);
  CHECK(o.steps_moved == 0);  // 7 < one step of 10: lost
  CHECK(o.after == BreachState::intact);
  CHECK(o.overkill == 7);
  s.boons = 6;  // 11 damage: one step
  o = s.resolve();
  CHECK(o.steps_moved == 1);
  CHECK(o.after == BreachState::cracked);
  CHECK(o.hull.after == 10);
  s.from = BreachState::cracked;  // cracked: Armor 0, 6 + 2 + 4 = 12
  o = s.resolve();
  CHECK(o.damage == 12);
  CHECK(o.after == BreachState::breached);
  CHECK(o.overkill == 2);
}

TEST_CASE("R5: a big hit in steps mode moves two steps at once", "[structure][R5]") {
  Shot s{"castle-gate", "naval-gun", 3};  // 10 + 3 - (2 - 2) = 13 vs step 3
  s.ladder = LadderMode::steps;
  const auto o = s.resolve();
  CHECK(o.ladder_step == 3);
  CHECK(o.damage == 13);
  CHECK(o.steps_moved == 2);
  CHECK(o.after == BreachState::breached);
}

TEST_CASE("An outcome resolved into the memory of earlier ones is the outcome resolved afresh", "[structure]") {
  // Batch mode resolves each line's attack into the outcome of the line
  // before (resolve_attack(in, o), detail::reset_outcome): nothing of an
  // earlier attack may stay in it.
  std::vector<Shot> shots{{"curtain-wall", "cannon", 2, 6, 15}, {"castle-gate", "naval-gun", 3},
                          {"rampart", "trebuchet", 1}, {"pillbox", "cannon", 0}};
  shots[1].ladder = LadderMode::steps;
  shots[2].spend = 0;
  shots[3].slit = FiringSlit::yes;
  AttackOutcome reused;
  for (int round = 0; round < 2; ++round)
    for (const auto& s : shots) {
      INFO(s.structure << " " << s.weapon);
      resolve_attack(s.input(), reused);
      CHECK(reused == s.resolve());
    }
  detail::reset_outcome(reused);
  reused.stats = {};
  reused.check = {};
  CHECK(reused == AttackOutcome{});
}

TEST_CASE("R6: only gunpowder of standard mount or more is a gun against tall masonry",
          "[structure][R6]") {
  CHECK(Shot{"curtain-wall", "culverin", 1}.resolve().armor.effective == 0);  // 4 - 2 - 2
  CHECK(Shot{"curtain-wall", "falconet", 1}.resolve().armor.effective == 3);  // light: 4 - 1
  CHECK(Shot{"curtain-wall", "trebuchet", 1}.resolve().armor.effective == 4);  // no gunpowder
  CHECK(Shot{"keep", "cannon", 1}.resolve().armor.effective == 2);             // 5 - 2 - 1
  CHECK(Shot{"bastion", "cannon", 1}.resolve().armor.effective == 4);          // not vulnerable
  CHECK(Shot{"curtain-wall", "naval-gun", 1}.resolve().armor.effective == 0);  // capital
}

TEST_CASE("R6: guns beat trebuchets against a curtain wall", "[structure][R6][tables]") {
  CHECK(Shot{"curtain-wall", "cannon", 2}.resolve().damage >
        Shot{"curtain-wall", "trebuchet", 2}.resolve().damage);
  CHECK(Shot{"curtain-wall", "trebuchet", 2}.resolve().damage == 3);  // 5 + 2 - 4
}

TEST_CASE("R7: personal weapons are refused", "[structure][R7]") {
  CHECK_THROWS_WITH(Shot("curtain-wall", "musket", 3).resolve(),
                    (Catch::Contains("personal weapon") && Catch::Contains("Chapter 4")));
}

TEST_CASE("R8: reinforced concrete takes no damage from weapons below heavy mount",
          "[structure][R8]") {
  const auto light = Shot{"concrete-fortress", "culverin", 5, 6}.resolve();
  CHECK(light.hit);
  CHECK(light.damage == 0);
  CHECK(light.crit_bundles == 0);
  CHECK(has_rule(light, "heavy-weapons-only"));
  CHECK(Shot{"concrete-fortress", "cannon", 2}.resolve().damage == 1);     // 6 + 2 - 7
  CHECK(Shot{"concrete-fortress", "naval-gun", 2}.resolve().damage == 6);  // 10 + 2 - 6
}

TEST_CASE("R9: Blast is halved, rounding down, against an earth rampart", "[structure][R9]") {
  const auto o = Shot{"rampart", "mortar", 2}.resolve();  // 5 -> 2
  CHECK(o.hull_damage == 2);
  CHECK(has_rule(o, "blast-halved"));
  CHECK(o.damage == 1);  // 2 + 2 - 3
  CHECK(Shot{"rampart", "cannon", 2}.resolve().damage == 6);  // no Blast: 6 + 2 - (3 - 1)
  // A miss reports the Hull damage as the rampart takes it, halved too; the
  // rule is named only where it did something.
  const auto miss = Shot{"rampart", "mortar", 0}.resolve();
  CHECK_FALSE(miss.hit);
  CHECK(miss.hull_damage == 2);
  CHECK(miss.damage == 0);
  CHECK_FALSE(has_rule(miss, "blast-halved"));
  CHECK(Shot{"rampart", "siege-howitzer", 0}.resolve().hull_damage == 4);  // 8 -> 4
}

TEST_CASE("R9: attacks leave a rampart at most cracked", "[structure][R9]") {
  const auto o = Shot{"rampart", "siege-howitzer", 3, 0, 10}.resolve();
  // cracked: 3 - 1 - 1 = 1 Armor; Blast 8 -> 4; 4 + 3 - 1 = 6
  CHECK(o.damage == 6);
  CHECK(o.hull.after == 11);
  CHECK(o.overkill == 5);
  CHECK(o.after == BreachState::cracked);
  CHECK(has_rule(o, "dug-not-knocked-down"));
  Shot steps_mode{"rampart", "naval-gun", 5};
  steps_mode.ladder = LadderMode::steps;
  CHECK(steps_mode.resolve().after == BreachState::cracked);
}

TEST_CASE("R10: indirect fire that hits a bunker ignores 1 Armor", "[structure][R10]") {
  const auto o = Shot{"bunker", "mortar", 2}.resolve();
  CHECK(steps(o) == Steps{{"indirect-fire", -1}});
  CHECK(o.damage == 5);  // 5 + 2 - 2
  CHECK(Shot{"bunker", "cannon", 2}.resolve().armor.effective == 2);   // direct: 3 - 1
  CHECK(Shot{"curtain-wall", "mortar", 2}.resolve().armor.effective == 2);  // bunker only
  // A miss is not fire that hits: the bunker keeps its 3 Armor in the trace.
  const auto miss = Shot{"bunker", "mortar", 0}.resolve();
  CHECK_FALSE(miss.hit);
  CHECK(steps(miss).empty());
  CHECK(miss.armor.effective == 3);
}

TEST_CASE("R11: a hit through a pillbox's firing slit ignores all its Armor", "[structure][R11]") {
  Shot s{"pillbox", "cannon", 2};
  s.slit = FiringSlit::yes;
  const auto o = s.resolve();
  CHECK(steps(o) == Steps{{"pierce", -1}, {"firing-slit", -5}});
  CHECK(o.armor.effective == 0);
  CHECK(o.damage == 8);
  CHECK(attack_check_spec(FiringSlit::yes, 3).bane_dice == 3);
  CHECK(attack_check_spec(FiringSlit::no, 3).bane_dice == 0);
  s.structure = "curtain-wall";
  CHECK_THROWS_WITH(s.resolve(), Catch::Contains("no firing slit"));
}

TEST_CASE("R12: a castle gate with a portcullis is Armor 3 and Hull 10", "[structure][R12]") {
  Shot s{"castle-gate", "ram", 2};
  s.portcullis = Portcullis::yes;
  const auto o = s.resolve();
  CHECK(o.armor.listed == 2);
  CHECK(steps(o) == Steps{{"portcullis", 1}, {"pierce", -1}});
  CHECK(o.armor.effective == 2);
  CHECK(o.damage == 4);  // 4 + 2 - 2
  CHECK(o.hull.max == 10);
  CHECK(Shot{"castle-gate", "ram", 2}.resolve().hull.max == 6);
  s.taken = 1;  // 5 suffered of 10: cracked
  CHECK(s.resolve().after == BreachState::cracked);
  s.structure = "curtain-wall";
  CHECK_THROWS_WITH(s.resolve(), Catch::Contains("no portcullis"));
}

TEST_CASE("R13: a breached wooden bridge is impassable", "[structure][R13]") {
  const auto o = Shot{"wooden-bridge", "cannon", 1, 0, 9}.resolve();
  CHECK(o.after == BreachState::breached);
  CHECK(has_rule(o, "impassable-when-breached"));
  bool said = false;
  for (const auto& n : o.notes) said = said || n.find("impassable") != std::string::npos;
  CHECK(said);
  // No gap to pass: the way across is cut, so the breach-gap note does not apply.
  CHECK_FALSE(has_rule(o, "breach-gap"));
  for (const auto& n : o.notes) CHECK(n.find("two people can pass") == std::string::npos);
}

TEST_CASE("R14: burnable structures carry Burn as not modelled", "[structure][R14]") {
  const auto o = Shot{"palisade", "cannon", 1}.resolve();
  CHECK(o.not_modelled == std::vector<std::string>{"burn"});
  CHECK(has_rule(o, "burns"));
  CHECK(Shot{"curtain-wall", "cannon", 1}.resolve().not_modelled.empty());
}

TEST_CASE("R15: cracked and breached outcomes say what they mean for troops", "[structure][R15]") {
  const auto cracked = Shot{"curtain-wall", "cannon", 2, 0, 5}.resolve();  // 5 + 7 = 12
  CHECK(cracked.after == BreachState::cracked);
  CHECK(has_rule(cracked, "cover-lost"));
  CHECK_THAT(cracked.notes.front(), Catch::Contains("cover"));
  const auto breached = Shot{"curtain-wall", "cannon", 2, 0, 15}.resolve();
  CHECK(breached.after == BreachState::breached);
  CHECK_THAT(breached.notes.front(), Catch::Contains("two people") && Catch::Contains("Rough Terrain"));
}

TEST_CASE("Damage taken beyond the section's Hull is refused", "[structure][R4]") {
  CHECK_THROWS_WITH((Shot{"curtain-wall", "cannon", 1, 0, 21}.resolve()), Catch::Contains("--damage-taken 21"));
  Shot gate{"castle-gate", "ram", 1, 0, 10};
  gate.portcullis = Portcullis::yes;
  CHECK_NOTHROW(gate.resolve());
}

TEST_CASE("Every rule id in an outcome is in the catalogue", "[structure][rules]") {
  for (const auto& st : test::tables().structures)
    for (const auto& w : test::tables().weapons) {
      if (w.mount == Mount::personal) continue;
      for (int s : {0, 2}) {
        Shot shot{st.id, w.id, s, 6, st.hull - 1};
        const auto o = shot.resolve();
        for (const auto& r : o.rules) CHECK(rule_info(r) != nullptr);
        for (const auto& a : o.armor.steps) CHECK(rule_info(a.rule) != nullptr);
      }
    }
}
