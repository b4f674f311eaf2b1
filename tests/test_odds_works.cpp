// Exact odds of the siege works: hand counts for small cases, a plain
// Markov chain as the reference for the climb, and seeded Monte Carlo runs
// of the real resolvers as a cross-check.
#include <catch2/catch.hpp>

#include <cmath>

#include "siege/odds_works.hpp"
#include "support.hpp"

using namespace siege;
using odds::Fraction;
using odds::Int;
using odds::Rational;

namespace {

const DiceTable& dice() { return test::tables().dice; }

Rational power(const Rational& x, int k) {
  Rational r = 1;
  for (int i = 0; i < k; ++i) r *= x;
  return r;
}

Rational q(const Fraction& f) { return odds::to_rational(f); }

// A rolled share against its exact chance, within five standard deviations.
void check_share(int hits, int n, double p) {
  const double sigma = std::sqrt(p * (1 - p) / n);
  INFO("exact " << p << ", rolled " << hits / double(n));
  CHECK(std::abs(hits / double(n) - p) <= 5 * sigma + 1e-12);
}

// R16: one skill die and the two Average difficulty dice, counted by hand.
// Skill die: 0/1/2 Successes on 3/4/1 of 8 faces; two difficulty dice give
// 0/1/2/3/4 Failures in 9/24/22/8/1 of 64 ways. Pass: 1 Success and no
// Failure (4 * 9), or 2 Successes and at most 1 Failure (1 * 33): 69 of 512.
const Rational pool1_average(69, 512);

DemolitionInput charges(const char* structure, std::vector<ChargeCount> list, OnPier pier = OnPier::no) {
  DemolitionInput in;
  in.structure = &test::tables().structure(structure);
  in.charges = std::move(list);
  in.on_pier = pier;
  return in;
}

ChargeCount charge(const char* id, int count) { return {&test::tables().charge(id), count}; }

MineInput mine_under(const char* structure, int sappers = 3, int defenders = 3) {
  MineInput in;
  in.structure = &test::tables().structure(structure);
  in.sapper_pool = sappers;
  in.defender_pool = defenders;
  return in;
}

EscaladeInput climb(ClimbMethod m, int attackers, int lanes = 1, Defended d = Defended::no) {
  EscaladeInput in;
  in.structure = &test::tables().structure("curtain-wall");
  in.method = m;
  in.attackers = attackers;
  in.lanes = lanes;
  // R41: a tower climbs by its row's carries_climbers (the built-in siege-tower's).
  if (m == ClimbMethod::tower) in.tower_climbers = test::tables().engine("siege-tower").carries_climbers;
  in.defended = d;
  return in;
}

// The plain chain over climbers waiting, every state carried every round,
// in Rationals: the reference for climb_odds.
struct PlainClimb {
  std::vector<Rational> all_up;  // [k - 1]
  std::vector<Rational> up;      // after the last round
  Rational expected = 0;
};

PlainClimb plain_climb(int n, int lanes, const Rational& p, int rounds) {
  auto binom = [](int m, int k) {
    Int c = 1;
    for (int i = 1; i <= k; ++i) c = c * (m - k + i) / i;
    return Rational(c);
  };
  auto passes = [&](int m, int k) { return binom(m, k) * power(p, k) * power(1 - p, m - k); };
  PlainClimb out;
  std::vector<Rational> waiting(static_cast<std::size_t>(n) + 1, 0);
  waiting[static_cast<std::size_t>(n)] = 1;
  for (int r = 0; r < rounds; ++r) {
    std::vector<Rational> next(waiting.size(), 0);
    for (int w = 0; w <= n; ++w)
      for (int k = 0; k <= std::min(w, lanes); ++k)
        next[static_cast<std::size_t>(w - k)] +=
            waiting[static_cast<std::size_t>(w)] * passes(std::min(w, lanes), k);
    waiting = next;
    out.all_up.push_back(waiting[0]);
  }
  for (int u = 0; u <= n; ++u) out.up.push_back(waiting[static_cast<std::size_t>(n - u)]);
  std::vector<Rational> e(static_cast<std::size_t>(n) + 1, 0);
  for (int w = 1; w <= n; ++w) {
    const int m = std::min(w, lanes);
    Rational s = 1;
    for (int k = 1; k <= m; ++k) s += passes(m, k) * e[static_cast<std::size_t>(w - k)];
    e[static_cast<std::size_t>(w)] = s / (1 - passes(m, 0));
  }
  out.expected = e[static_cast<std::size_t>(n)];
  return out;
}

}  // namespace

// ---------------------------------------------------------------- fractions

TEST_CASE("Fractions are reduced factor by factor to lowest terms", "[odds][works]") {
  CHECK(odds::reduced(12, {{2, 3}}) == Fraction{3, 2});
  CHECK(odds::reduced(18, {{6, 2}}) == Fraction{1, 2});
  CHECK(odds::reduced(0, {{6, 5}}) == Fraction{0, 1});
  CHECK(odds::reduced(35, {{10, 1}, {21, 1}}) == Fraction{1, 6});
  CHECK(odds::reduced(7, {{1, 9}}) == Fraction{7, 1});
  CHECK(odds::fraction_text(Fraction{3, 2}) == "3/2");
  CHECK(odds::to_double(Fraction{1, 4}) == 0.25);
  // Far past the range of a double on both sides, the ratio still shows.
  const Int big = boost::multiprecision::pow(Int(3), 2000);
  CHECK(odds::to_double(Fraction{big, big * 4}) == Approx(0.25));
}

// ---------------------------------------------------------------- demolish

TEST_CASE("One skill die passes an Average Craft check in 69 of 512 ways (R16, hand count)",
          "[odds][works][R16]") {
  const auto c = odds::check_odds(craft_check_spec(1), dice());
  CHECK(c.total == 512);
  CHECK(c.pass() == pool1_average);
}

TEST_CASE("Two powder kegs on a stone-bridge pier go off with the Craft check's pass chance (R13, R16, R17)",
          "[odds][works][R13][R16][R17]") {
  const auto in = charges("stone-bridge", {charge("powder-keg", 2)}, OnPier::yes);
  const auto d = odds::demolition_odds(in, craft_check_spec(3), test::tables());
  const Rational pass = odds::check_odds(craft_check_spec(3), dice()).pass();
  CHECK(pass == Rational(9259, 16384));
  REQUIRE(d.pass());
  CHECK(*d.pass() == pass);
  // Siege 3 -> 6 Hull each, doubled on the pier: 12 + 12 - Armor 4 = 20 of 24.
  REQUIRE(d.outcomes.size() == 2u);
  const auto& [fails, failed] = *d.outcomes.begin();
  const auto& [goes, went] = *d.outcomes.rbegin();
  CHECK_FALSE(fails.went_off);
  CHECK(fails.hull_after == 0);
  CHECK(odds::ratio(failed.ways, d.total) == 1 - pass);
  CHECK(goes.went_off);
  CHECK(goes.damage == 20);
  CHECK(goes.hull_after == 20);
  CHECK(goes.after == BreachState::cracked);
  CHECK(odds::ratio(went.ways, d.total) == pass);
  CHECK(d.p_state(BreachState::cracked) == pass);
  CHECK(d.p_state(BreachState::breached) == 0);
  const auto rules = d.rules();
  CHECK(rules.front() == "exact-odds");
  CHECK(std::find(rules.begin(), rules.end(), "pier-counts-double") != rules.end());
  CHECK(std::find(rules.begin(), rules.end(), "charge-fails") != rules.end());
}

TEST_CASE("A petard opens a door for certain: no check, no odds (R18)", "[odds][works][R18]") {
  const auto d =
      odds::demolition_odds(charges("iron-bound-door", {charge("petard", 1)}), std::nullopt, test::tables());
  CHECK_FALSE(d.craft);
  CHECK_FALSE(d.pass());
  REQUIRE(d.outcomes.size() == 1u);
  CHECK(d.outcomes.begin()->first.opened);
  CHECK(d.p_state(BreachState::breached) == 1);
}

TEST_CASE("The referee's Craft result makes the charges' outcome certain (R16)", "[odds][works][R16]") {
  auto in = charges("curtain-wall", {charge("demolition-charge", 1)});
  in.craft = referee_check(Difficulty::average, 0, 0);
  const auto d = odds::demolition_odds(in, std::nullopt, test::tables());
  REQUIRE(d.pass());
  CHECK(*d.pass() == 0);
  CHECK(d.p_state(BreachState::intact) == 1);
}

TEST_CASE("Charges never breach a rampart, whatever the Craft roll (R9)", "[odds][works][R9]") {
  // Demolition charge: Siege 5 -> 12 Hull, halved for Blast -> 6; three: 18 - 3 = 15, capped at 11 of 12.
  const auto d = odds::demolition_odds(charges("rampart", {charge("demolition-charge", 3)}),
                                       craft_check_spec(1), test::tables());
  CHECK(d.p_state(BreachState::breached) == 0);
  CHECK(d.p_state(BreachState::cracked) == pool1_average);
  CHECK(d.outcomes.rbegin()->first.hull_after == 11);
}

TEST_CASE("Rolled charges go off as often as the exact odds say", "[odds][works][montecarlo][R16]") {
  const auto in = charges("stone-bridge", {charge("powder-keg", 2)}, OnPier::yes);
  const auto d = odds::demolition_odds(in, craft_check_spec(2), test::tables());
  constexpr int n = 20000;
  int went_off = 0;
  Rng rng(20261201);
  for (int i = 0; i < n; ++i) {
    DemolitionInput at = in;
    at.craft = roll_check(craft_check_spec(2), dice(), rng);
    const auto o = resolve_demolition(at, test::tables());
    went_off += o.went_off ? 1 : 0;
    if (o.went_off) CHECK(o.hull.after == 20);
  }
  check_share(went_off, n, odds::to_double(*d.pass()));
}

// ---------------------------------------------------------------- mine

TEST_CASE("With no Perception dice the gallery is found on a day in 1445 of 4096 ways (R19, hand count)",
          "[odds][works][R19]") {
  // Each side rolls only the two Average difficulty dice: 0/1/2/3/4 Failures
  // in 9/24/22/8/1 of 64 ways, net Successes = -Failures. Found when the
  // defenders have fewer Failures: 24*9 + 22*33 + 8*55 + 1*63 = 1445.
  const auto s = odds::check_odds(perception_check_spec(0), dice());
  const auto d = odds::check_odds(perception_check_spec(0), dice());
  const Rational found = odds::detection_chance(s, d);
  CHECK(found == Rational(1445, 4096));
  // Ties go to the sappers: by symmetry found = (1 - tie) / 2, tie = (81+576+484+64+1)/4096.
  CHECK(found == (1 - Rational(1206, 4096)) / 2);
}

TEST_CASE("A mine under a rampart is found on day i with (1-d)^(i-1) d, else fired (R19, R9)",
          "[odds][works][R19][R9]") {
  const auto m = odds::mine_odds(mine_under("rampart", 0, 0), dice());
  const Rational d(1445, 4096);
  REQUIRE(m.found_each_day);
  CHECK(*m.found_each_day == d);
  REQUIRE(m.branches.size() == 4u);  // found on day 1, 2, 3; never found
  for (int i = 0; i < 3; ++i) {
    const auto& b = m.branches[static_cast<std::size_t>(i)];
    REQUIRE(b.outcome.detected_on);
    CHECK(*b.outcome.detected_on == i + 1);
    CHECK(b.outcome.damage == 0);
    CHECK(q(m.share(b.ways)) == power(1 - d, i) * d);
  }
  const auto& fired = m.branches.back();
  CHECK(fired.outcome.fired);
  CHECK(fired.outcome.hull.after == 12);  // 20 damage, Armor ignored: the rampart is breached
  CHECK(q(m.p_fired()) == power(1 - d, 3));
  CHECK(q(m.p_state(BreachState::breached)) == power(1 - d, 3));
  CHECK(q(m.p_found()) + q(m.p_fired()) == 1);
  const auto rules = m.rules();
  CHECK(std::find(rules.begin(), rules.end(), "tie-to-sappers") != rules.end());
  CHECK(std::find(rules.begin(), rules.end(), "mine-fired") != rules.end());
}

TEST_CASE("A mine dug only part of the way stays unseen or is found, never fired (R19)",
          "[odds][works][R19]") {
  auto in = mine_under("tower");
  in.days = 2;
  const auto m = odds::mine_odds(in, dice());
  REQUIRE(m.branches.size() == 3u);
  CHECK(q(m.p_fired()) == 0);
  CHECK_FALSE(m.branches.back().outcome.fired);
  CHECK(m.branches.back().outcome.days_left() == 3);
  CHECK(q(m.p_state(BreachState::intact)) == 1);
}

TEST_CASE("A mine with no days left, or the referee's days, is certain (R19)", "[odds][works][R19]") {
  auto in = mine_under("curtain-wall");
  in.days_dug = 4;
  auto m = odds::mine_odds(in, dice());
  REQUIRE(m.branches.size() == 1u);
  CHECK(m.branches[0].outcome.fired);
  CHECK(q(m.p_fired()) == 1);
  in.days_dug = 0;
  in.referee_days = std::vector<MineDayResult>{{1, 1}, {0, 2}};
  m = odds::mine_odds(in, dice());
  REQUIRE(m.branches.size() == 1u);
  CHECK(q(m.p_found()) == 1);
  CHECK_FALSE(m.found_each_day);
}

TEST_CASE("A mine's odds refuse what the mine refuses", "[odds][works][R19]") {
  auto in = mine_under("curtain-wall");
  in.days_dug = 5;
  CHECK_THROWS_WITH(odds::mine_odds(in, dice()), Catch::Contains("--days-dug 5"));
}

TEST_CASE("Rolled mines are found and fired as often as the exact odds say",
          "[odds][works][montecarlo][R19]") {
  const auto in = mine_under("curtain-wall", 3, 2);
  const auto m = odds::mine_odds(in, dice());
  constexpr int n = 20000;
  int fired = 0, day1 = 0, day3 = 0;
  Rng rng(424242);
  for (int i = 0; i < n; ++i) {
    const auto o = resolve_mine(in, dice(), rng);
    fired += o.fired ? 1 : 0;
    day1 += o.detected_on == 1 ? 1 : 0;
    day3 += o.detected_on == 3 ? 1 : 0;
  }
  check_share(fired, n, odds::to_double(m.p_fired()));
  check_share(day1, n, odds::to_double(m.share(m.branches[0].ways)));
  check_share(day3, n, odds::to_double(m.share(m.branches[2].ways)));
}

// ---------------------------------------------------------------- climb

TEST_CASE("Two climbers on one ladder are both up by round 2 with p^2 (R20)", "[odds][works][R20]") {
  const Rational p = pool1_average;
  const auto c = odds::climb_odds(2, 1, p, 2, "test");
  CHECK(c.first_round == 2);
  REQUIRE(c.all_up_by.size() == 1u);
  CHECK(q(c.all_up_by[0]) == p * p);
  CHECK(q(c.up[2]) == p * p);
  CHECK(q(c.up[1]) == 2 * p * (1 - p));
  CHECK(q(c.up[0]) == (1 - p) * (1 - p));
  CHECK(q(c.expected_up) == 2 * p);
}

TEST_CASE("n climbers on one ladder need n / p rounds on average (R20)", "[odds][works][R20]") {
  for (int n = 1; n <= 6; ++n) {
    const auto c = odds::climb_odds(n, 1, pool1_average, 1, "test");
    REQUIRE(c.expected_rounds);
    CHECK(q(*c.expected_rounds) == n / pool1_average);
  }
  // With the 2 Bane dice of defenders at the top the chance is lower, the wait longer.
  const Rational p =
      odds::check_odds(*climb_check_spec(ClimbMethod::ladder, Defended::yes, 3), dice()).pass();
  CHECK(q(*odds::climb_odds(20, 1, p, 1, "test").expected_rounds) == 20 / p);
}

TEST_CASE("Climbers with a ladder each are up by round k with (1 - q^k)^n (R20)", "[odds][works][R20]") {
  const Rational p(1, 3);
  const auto c = odds::climb_odds(3, 5, p, 4, "test");
  REQUIRE(c.all_up_by.size() == 4u);
  for (int k = 1; k <= 4; ++k)
    CHECK(q(c.all_up_by[static_cast<std::size_t>(k - 1)]) == power(1 - power(1 - p, k), 3));
}

TEST_CASE("The climb's chain equals the plain chain of every state, exactly", "[odds][works][R20]") {
  for (const Rational& p : {Rational(1, 3), Rational(19, 64), Rational(5, 6), Rational(7, 1024), Rational(1)})
    for (int n = 1; n <= 8; ++n)
      for (int lanes = 1; lanes <= 5; ++lanes) {
        const int rounds = 6;
        const auto c = odds::climb_odds(n, lanes, p, rounds, "test");
        const auto ref = plain_climb(n, lanes, p, rounds);
        INFO("n " << n << ", lanes " << lanes << ", p " << p);
        REQUIRE(c.expected_rounds);
        CHECK(q(*c.expected_rounds) == ref.expected);
        for (int k = 1; k <= rounds; ++k) {
          const Rational got =
              k < c.first_round ? Rational(0) : q(c.all_up_by[static_cast<std::size_t>(k - c.first_round)]);
          CHECK(got == ref.all_up[static_cast<std::size_t>(k - 1)]);
        }
        for (int u = 0; u <= n; ++u) {
          const auto& f = c.up[static_cast<std::size_t>(u)];
          CHECK(q(f) == ref.up[static_cast<std::size_t>(u)]);
          CHECK(boost::multiprecision::gcd(f.num, f.den) == (f.num == 0 ? f.den : Int(1)));  // lowest terms
        }
      }
}

TEST_CASE("Rounds are listed until someone still waits with 1 in a million or less", "[odds][works][R20]") {
  const Rational p =
      odds::check_odds(*climb_check_spec(ClimbMethod::ladder, Defended::yes, 3), dice()).pass();
  const auto c = odds::climb_odds(20, 2, p, std::nullopt, "test");
  CHECK(c.first_round == 10);
  CHECK(c.tail_cut);
  REQUIRE(c.all_up_by.size() >= 2u);
  const Rational tail(1, odds::climb_tail);
  CHECK(1 - q(c.all_up_by.back()) <= tail);
  CHECK(1 - q(c.all_up_by[c.all_up_by.size() - 2]) > tail);
  CHECK(c.after == 1);
}

TEST_CASE("A siege tower is certain: 4 a round, 10 attackers all up in round 3 (R20)", "[odds][works][R20]") {
  const auto e = odds::escalade_odds(climb(ClimbMethod::tower, 10), dice());
  REQUIRE(e.climb);
  CHECK_FALSE(e.check);
  CHECK(e.climb->first_round == 3);
  REQUIRE(e.climb->all_up_by.size() == 1u);
  CHECK(e.climb->all_up_by[0] == Fraction{1, 1});
  CHECK(e.climb->up[4] == Fraction{1, 1});
  CHECK(*e.climb->expected_rounds == Fraction{3, 1});
}

TEST_CASE("A hopeless climb never puts anybody up (R20)", "[odds][works][R20]") {
  auto in = climb(ClimbMethod::grapnel, 3);
  in.pool = 0;
  const auto e = odds::escalade_odds(in, dice());
  REQUIRE(e.climb);
  CHECK(e.climb->pass == 0);
  CHECK(e.trace.hopeless);
  CHECK_FALSE(e.climb->expected_rounds);
  CHECK(e.climb->up[0] == Fraction{1, 1});
}

TEST_CASE("A breached section is not climbed, and the referee's results are certain (R20)",
          "[odds][works][R20]") {
  auto in = climb(ClimbMethod::ladder, 3);
  in.damage_taken = 20;
  auto e = odds::escalade_odds(in, dice());
  CHECK_FALSE(e.climb);
  CHECK_FALSE(e.check);
  in.damage_taken = 0;
  in.referee_rounds = std::vector<int>{1, 0, 1};
  e = odds::escalade_odds(in, dice());
  REQUIRE(e.climb);
  CHECK(e.referee);
  CHECK(e.climb->after == 3);
  CHECK(e.climb->up[2] == Fraction{1, 1});
  CHECK_FALSE(e.climb->expected_rounds);
}

TEST_CASE("A climb's odds refuse what the climb refuses, and what is too large to work out",
          "[odds][works][R20]") {
  auto in = climb(ClimbMethod::ladder, 3, 0);
  CHECK_THROWS_WITH(odds::escalade_odds(in, dice()), Catch::Contains("--ladders 0"));
  in = climb(ClimbMethod::ladder, 10000, 1000, Defended::yes);
  CHECK_THROWS_WITH(odds::escalade_odds(in, dice()), Catch::Contains("too large"));
}

TEST_CASE(
    "A climb too large is refused at once, by a lower bound of its work, and the largest answered still is",
    "[odds][works][R20][heavy]") {
  // 9259/16384: one climber's pass on a ladder, Average Athletics with 3 dice.
  const Rational pass(9259, 16384);
  // Refused before the work: hardly anything is charged before the refusal
  // (the whole question would be some 50 times the budget).
  odds::Work big("odds escalade: --attackers 10000 with --ladders 10");
  CHECK_THROWS_WITH(odds::climb_odds(10000, 10, pass, std::nullopt, big), Catch::Contains("too large"));
  CHECK(big.used() < odds::max_work / 100);
  odds::Work many_rounds("odds escalade: --attackers 5000 with --ladders 10 --rounds 1000");
  CHECK_THROWS_WITH(odds::climb_odds(5000, 10, pass, 1000, many_rounds), Catch::Contains("too large"));
  CHECK(many_rounds.used() < odds::max_work / 100);
  // The boundary on 10 ladders: 1133 attackers take just under the budget
  // and are answered; 1134 just over it, and are refused.
  const auto c = odds::climb_odds(1133, 10, pass, std::nullopt, "odds escalade: --attackers 1133");
  CHECK(c.first_round == 114);
  CHECK(c.expected_rounds.has_value());
  CHECK_THROWS_WITH(odds::climb_odds(1134, 10, pass, std::nullopt, "odds escalade: --attackers 1134"),
                    Catch::Contains("too large"));
}

TEST_CASE("Rolled climbs put everybody up as often and as fast as the exact odds say",
          "[odds][works][montecarlo][R20]") {
  const auto in = climb(ClimbMethod::ladder, 20, 2, Defended::yes);
  const auto e = odds::escalade_odds(in, dice());
  const auto& c = *e.climb;
  constexpr int n = 4000;
  std::vector<int> rounds_taken;
  Rng rng(31337);
  for (int i = 0; i < n; ++i)
    rounds_taken.push_back(static_cast<int>(resolve_escalade(in, dice(), rng).rounds.size()));
  for (int k : {20, 26, 32}) {
    const int within = static_cast<int>(
        std::count_if(rounds_taken.begin(), rounds_taken.end(), [k](int r) { return r <= k; }));
    check_share(within, n, odds::to_double(c.all_up_by[static_cast<std::size_t>(k - c.first_round)]));
  }
  double mean = 0, square = 0;
  for (int r : rounds_taken) {
    mean += r;
    square += double(r) * r;
  }
  mean /= n;
  const double sd = std::sqrt(square / n - mean * mean);
  CHECK(std::abs(mean - odds::to_double(*c.expected_rounds)) <= 5 * sd / std::sqrt(double(n)));
}

TEST_CASE("Climbers up after three rolled rounds match the exact distribution",
          "[odds][works][montecarlo][R20]") {
  auto in = climb(ClimbMethod::grapnel, 5, 2);
  in.rounds = 3;
  const auto e = odds::escalade_odds(in, dice());
  constexpr int n = 20000;
  std::vector<int> seen(6, 0);
  Rng rng(99);
  for (int i = 0; i < n; ++i) ++seen[static_cast<std::size_t>(resolve_escalade(in, dice(), rng).up)];
  for (int u = 0; u <= 5; ++u)
    check_share(seen[static_cast<std::size_t>(u)], n,
                odds::to_double(e.climb->up[static_cast<std::size_t>(u)]));
}
