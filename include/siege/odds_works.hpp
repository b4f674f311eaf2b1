// siege/odds_works.hpp - exact odds of the siege works: charges (R16-R18),
// a mine (R19) and a climb (R20), in the manner of siege/odds.hpp.
//
// Charges and mines: the real resolver (resolve_demolition, resolve_mine)
// runs once for each distinct result of the dice, fed as a referee's result,
// and its outcomes are weighted by the exact number of ways the dice give
// them. A climb: the climbers still at the foot form a Markov chain whose
// step is the binomial law of min(waiting, lanes) independent checks, each
// passing with the exact chance of one climber's check.
//
// Like odds.hpp this header needs Boost's headers; siege.hpp does not
// include it.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "siege/demolition.hpp"
#include "siege/escalade.hpp"
#include "siege/mine.hpp"
#include "siege/odds.hpp"

namespace siege::odds {

// Net Successes of a check, each with its ways (the Boons summed out).
[[nodiscard]] inline std::map<int, Int> successes_of(const CheckOdds& c) {
  std::map<int, Int> out;
  for (const auto& [k, w] : c.ways) out[k.first] += w;
  return out;
}

// ---------------------------------------------------------------- demolish

// What a demolition outcome is, for counting: everything the table acts on.
struct DemolitionKey {
  bool opened = false;
  bool went_off = false;
  int damage = 0;
  int hull_after = 0;
  BreachState after = BreachState::intact;
  friend auto operator<=>(const DemolitionKey&, const DemolitionKey&) = default;
};

struct DemolitionBranch {
  DemolitionOutcome outcome;  // the resolver's outcome for the first check result giving it
  Int ways = 0;
};

struct DemolitionOdds {
  std::optional<CheckOdds> craft;  // empty: no dice (R18 opens the door, or the referee's result)
  std::map<DemolitionKey, DemolitionBranch> outcomes;
  Int total = 1;

  // R16: the chance the Craft check passes; empty when no check is made (R18).
  [[nodiscard]] std::optional<Rational> pass() const {
    if (craft) return craft->pass();
    const auto& o = outcomes.begin()->second.outcome;
    if (!o.craft) return std::nullopt;
    return Rational(o.craft->passed() ? 1 : 0);
  }
  [[nodiscard]] Rational p_state(BreachState s) const {
    Int n = 0;
    for (const auto& [k, b] : outcomes)
      if (k.after == s) n += b.ways;
    return ratio(n, total);
  }
  // Every rule id and not-modelled item of the outcomes, in order.
  [[nodiscard]] std::vector<std::string> rules() const {
    std::vector<std::string> r{"exact-odds"};
    for (const auto& [k, b] : outcomes) merge_ids(r, b.outcome.rules);
    return r;
  }
  [[nodiscard]] std::vector<std::string> not_modelled() const {
    std::vector<std::string> r;
    for (const auto& [k, b] : outcomes) merge_ids(r, b.outcome.not_modelled);
    return r;
  }
};

// Every outcome of the charges `base`, rolling the Craft check `spec`
// (empty: base.craft is the referee's certain result, or R18 needs none).
// Only net Successes matter to the resolver, so it runs once per value.
[[nodiscard]] inline DemolitionOdds demolition_odds(const DemolitionInput& base,
                                                    const std::optional<CheckSpec>& spec, const Tables& t) {
  DemolitionOdds o;
  auto add = [&](const DemolitionInput& in, const Int& ways) {
    DemolitionOutcome r = resolve_demolition(in, t);
    const DemolitionKey k{r.opened, r.went_off, r.damage, r.hull.after, r.after};
    auto [it, fresh] = o.outcomes.try_emplace(k);
    if (fresh) it->second.outcome = std::move(r);
    it->second.ways += ways;
  };
  if (!spec) {
    add(base, 1);
    return o;
  }
  o.craft = check_odds(*spec, t.dice);
  o.total = o.craft->total;
  for (const auto& [s, ways] : successes_of(*o.craft)) {
    DemolitionInput in = base;
    in.craft = referee_check(spec->difficulty, s, 0);
    in.craft->rolled = true;
    add(in, ways);
  }
  return o;
}

// ---------------------------------------------------------------- mine

// R19: the chance one day's opposed check finds the gallery: the defenders'
// net Successes strictly above the sappers' (a tie hides it).
[[nodiscard]] inline Rational detection_chance(const CheckOdds& sappers, const CheckOdds& defenders) {
  const auto s = successes_of(sappers);
  const auto d = successes_of(defenders);
  Int found = 0;
  for (const auto& [sv, sw] : s) {
    Int beats = 0;
    for (const auto& [dv, dw] : d)
      if (gallery_detected(sv, dv)) beats += dw;
    found += sw * beats;
  }
  return ratio(found, sappers.total * defenders.total);
}

struct MineBranch {
  MineOutcome outcome;  // the resolver's outcome of this branch
  Int ways = 1;         // out of base^days (see MineOdds)
};

struct MineOdds {
  int first_day = 1;  // the first day this call digs
  int days = 0;       // days this call digs, unless the gallery is found first
  // Each side's daily check; both empty when nothing is rolled (the
  // referee's days, or no day left to dig).
  std::optional<CheckOdds> sappers;
  std::optional<CheckOdds> defenders;
  std::optional<Rational> found_each_day;
  // Rolled: found on day first_day, first_day + 1, ..., then never found
  // (fired, or digging goes on). Otherwise the one certain outcome.
  std::vector<MineBranch> branches;
  Int base = 1;  // the denominator of the daily chance: ways are out of base^days
  Factors base_factors;  // of base (empty: 1)

  // A branch's `ways` (or a sum of them) as a fraction in lowest terms.
  [[nodiscard]] Fraction share(const Int& ways) const {
    return reduced(ways, power_of(base_factors, static_cast<std::uint64_t>(days)));
  }
  template <class Pred>
  [[nodiscard]] Fraction p_if(Pred pred) const {
    Int n = 0;
    for (const auto& b : branches)
      if (pred(b.outcome)) n += b.ways;
    return share(n);
  }
  [[nodiscard]] Fraction p_state(BreachState s) const {
    return p_if([s](const MineOutcome& o) { return o.after == s; });
  }
  [[nodiscard]] Fraction p_found() const {
    return p_if([](const MineOutcome& o) { return o.detected_on.has_value(); });
  }
  [[nodiscard]] Fraction p_fired() const {
    return p_if([](const MineOutcome& o) { return o.fired; });
  }
  [[nodiscard]] std::vector<std::string> rules() const {
    std::vector<std::string> r{"exact-odds"};
    for (const auto& b : branches) merge_ids(r, b.outcome.rules);
    if (found_each_day) {
      siege::detail::add_rule(r, "mine-opposed-check");
      siege::detail::add_rule(r, "tie-to-sappers");
    }
    return r;
  }
  [[nodiscard]] std::vector<std::string> not_modelled() const {
    std::vector<std::string> r;
    for (const auto& b : branches) merge_ids(r, b.outcome.not_modelled);
    return r;
  }
};

// Work weight of one day of a mine's resolver (measured).
inline constexpr std::uint64_t mine_day_weight = 200;

// The work of mine_odds(in) and of printing its every fraction, from the
// sizes alone: both sides' checks, the daily chance (every pair of net
// Successes), the resolver on each branch's days, the ways of each branch
// (numbers of up to `days` times the daily chance's bits) and their
// reduction and printing.
[[nodiscard]] inline std::uint64_t mine_work(const MineInput& in, const DiceTable& dice) {
  const auto days = static_cast<std::uint64_t>(mine_days_to_dig(in));
  if (in.referee_days || days == 0) return saturating_mul(days + 1, mine_day_weight);
  const CheckSize s = check_size(perception_check_spec(in.sapper_pool), dice);
  const CheckSize d = check_size(perception_check_spec(in.defender_pool), dice);
  std::uint64_t work = saturating_add(s.work, d.work);
  auto add = [&](std::uint64_t units) { work = saturating_add(work, units); };
  add(saturating_mul(saturating_mul(s.successes, d.successes), product_weight * words_of_bits(s.bits + d.bits)));
  add(saturating_mul(saturating_mul(days + 1, days + 2), mine_day_weight));
  const std::uint64_t bits = s.bits + d.bits;  // of the daily chance's denominator, at most
  const std::uint64_t all = words_of_bits(saturating_mul(days, bits)), one = words_of_bits(bits);
  for (std::uint64_t i = 0; i <= days; ++i) {
    const std::uint64_t before = words_of_bits(saturating_mul(i, bits));
    add(saturating_mul(product_weight, saturating_mul(before + one, all)));
    add(saturating_mul(Work::division_weight, saturating_mul(all, one)));
  }
  // Each branch printed twice (found_on and outcomes), and the 5 sums.
  add(saturating_mul(2 * days + 6, saturating_add(saturating_mul(2 * Work::print_weight, saturating_mul(all, all)),
                                                  saturating_mul(50 * Work::division_weight, all))));
  return work;
}

// Every outcome of the mine `in`, with the same refusals as resolve_mine.
// With d = a/b the daily chance, day i (from 1) finds the gallery with
// chance (1 - d)^(i-1) d, kept as ways out of b^days; the resolver runs
// once per branch on the matching referee's days.
[[nodiscard]] inline MineOdds mine_odds(const MineInput& in, const DiceTable& dice) {
  MineOdds o;
  o.days = mine_days_to_dig(in);
  o.first_day = in.days_dug + 1;
  Rng no_dice(0);  // the referee's days are given on every call below: nothing is rolled
  if (in.referee_days || o.days == 0) {
    MineInput certain = in;
    if (!certain.referee_days) certain.referee_days.emplace();
    o.branches.push_back({resolve_mine(certain, dice, no_dice), 1});
    return o;
  }
  o.sappers = check_odds(perception_check_spec(in.sapper_pool), dice);
  o.defenders = check_odds(perception_check_spec(in.defender_pool), dice);
  o.found_each_day = detection_chance(*o.sappers, *o.defenders);
  const Int a = boost::multiprecision::numerator(*o.found_each_day);
  o.base = boost::multiprecision::denominator(*o.found_each_day);
  o.base_factors = factor_small(o.base);
  // Representative day results: hidden (sappers 1, defenders 0) and found (0, 1).
  const MineDayResult hidden{1, 0}, found{0, 1};
  MineInput branch = in;
  branch.days.reset();
  branch.referee_days.emplace();
  Int still_hidden = 1;                                                              // (b - a)^i
  Int rest = boost::multiprecision::pow(o.base, static_cast<unsigned>(o.days - 1));  // b^(days-1-i)
  for (int i = 0; i < o.days; ++i) {
    branch.referee_days->push_back(found);
    o.branches.push_back({resolve_mine(branch, dice, no_dice), still_hidden * a * rest});
    branch.referee_days->back() = hidden;
    still_hidden *= o.base - a;
    if (i + 1 < o.days) rest /= o.base;
  }
  o.branches.push_back({resolve_mine(branch, dice, no_dice), still_hidden});
  return o;
}

// ---------------------------------------------------------------- climb

// Rounds are listed until the chance that someone still waits at the foot
// is at most 1 in climb_tail (or is 0), unless a number of rounds is asked.
inline constexpr int climb_tail = 1000000;

// The climbers still at the foot as a Markov chain (R20): each round
// min(waiting, lanes) of them try, each passing on its own with chance
// `pass`; who passes is up for good.
struct ClimbOdds {
  int attackers = 0;
  int lanes = 0;
  Rational pass = 0;
  int first_round = 1;                      // the first round everybody can be up
  std::vector<Fraction> all_up_by;          // [k - first_round]: everybody up within k rounds
  bool tail_cut = false;                    // the listing stopped at the 1-in-climb_tail rule
  int after = 1;                            // the round `up` describes
  std::vector<Fraction> up;                 // [u]: exactly u climbers up after `after` rounds
  Fraction expected_up;                     // after `after` rounds
  std::optional<Fraction> expected_rounds;  // empty: never (no roll passes)

  [[nodiscard]] int last_round() const { return first_round + static_cast<int>(all_up_by.size()) - 1; }
};

namespace detail {

// kernel[m][k]: the ways that k of m climbers pass, C(m,k) a^k c^(m-k),
// times b^(lanes - m) so that every row is over b^lanes.
[[nodiscard]] inline std::vector<std::vector<Int>> climb_kernel(int lanes, const Int& a, const Int& c,
                                                                const Int& b) {
  std::vector<std::vector<Int>> kernel(static_cast<std::size_t>(lanes) + 1);
  std::vector<Int> b_pow{1};
  for (int i = 0; i < lanes; ++i) b_pow.push_back(b_pow.back() * b);
  std::vector<Int> row{1};
  for (int m = 0; m <= lanes; ++m) {
    if (m > 0) {
      std::vector<Int> next(static_cast<std::size_t>(m) + 1, 0);
      for (std::size_t k = 0; k < row.size(); ++k) {
        next[k] += row[k] * c;
        next[k + 1] += row[k] * a;
      }
      row = std::move(next);
    }
    auto& out = kernel[static_cast<std::size_t>(m)];
    for (const auto& w : row) out.push_back(w * b_pow[static_cast<std::size_t>(lanes - m)]);
  }
  return kernel;
}

// The ways that j of m tries pass, C(m,j) a^j c^(m-j), for j = lo..hi
// (0 where j > m).
[[nodiscard]] inline std::vector<Int> binomial_ways(int m, int lo, int hi, const Int& a, const Int& c) {
  std::vector<Int> out(static_cast<std::size_t>(hi - lo + 1), 0);
  if (lo > m) return out;
  const int top = std::min(hi, m);
  Int binom = 1;  // C(m, lo), built as C(m, k) with k the shorter side
  const int k = std::min(lo, m - lo);
  for (int i = 1; i <= k; ++i) {
    binom *= m - k + i;
    binom /= i;
  }
  Int a_pow = boost::multiprecision::pow(a, static_cast<unsigned>(lo));
  for (int j = lo; j <= top; ++j) {
    out[static_cast<std::size_t>(j - lo)] = binom * a_pow;
    if (j < top) {
      binom *= m - j;
      binom /= j + 1;
      a_pow *= a;
    }
  }
  Int c_pow = boost::multiprecision::pow(c, static_cast<unsigned>(m - top));
  for (int j = top; j >= lo; --j) {
    out[static_cast<std::size_t>(j - lo)] *= c_pow;
    c_pow *= c;
  }
  return out;
}

// log2(x) for x >= 1, from its top 53 bits (within about 1e-15 of it).
[[nodiscard]] inline long double log2_of(const Int& x) {
  const std::size_t bits = bit_length(x);
  if (bits <= 53) return std::log2(static_cast<long double>(x.convert_to<double>()));
  const Int top = x >> static_cast<unsigned>(bits - 53);
  return static_cast<long double>(bits - 53) + std::log2(static_cast<long double>(top.convert_to<double>()));
}

// A lower bound of the rounds climb_odds plays (its loop over r = 1 ..
// `last`): it can stop after round r only once r >= first_round (before it
// nobody can have everybody up) and r >= after, and only when the chance
// that someone still waits is at most 1 / climb_tail. That chance is at least
// the chance that r * lanes tries, each passing with chance p, pass fewer
// than n times (at most `lanes` try a round), which Hoeffding's inequality
// bounds below by 1 - exp(-2 (n - r lanes p)^2 / (r lanes)). Worked out in
// long double with a margin of 2: a bound, never an overestimate.
[[nodiscard]] inline int climb_rounds_at_least(int n, int lanes, long double p, int first_round, int after,
                                               int last, bool rounds_given) {
  if (rounds_given) return last;
  const int sure = std::min(last, std::max(first_round, after));
  int r = sure;
  while (r < last) {
    const long double tries = static_cast<long double>(r) * lanes;
    const long double gap = static_cast<long double>(n) - tries * p;
    if (gap <= 0) break;
    const long double waits = 1.0L - std::exp(-2.0L * gap * gap / tries);
    if (waits * climb_tail <= 2.0L) break;  // it may stop after round r
    ++r;                                    // it cannot: round r + 1 is played
  }
  return r;
}

}  // namespace detail

// The climb of `attackers` on `lanes` lanes, each try passing with chance
// `pass`. `rounds`: list up to that round and give the climbers up after
// it; otherwise list until the climb_tail rule or max_climb_rounds and give
// the climbers up after round 1. `what` names the options in a refusal
// (too much work, see max_work).
//
// With w waiting, m = min(w, L) try (L the lanes in use). While more than
// L wait every round has L tries, so those states follow the binomial law
// of r*L tries in closed form; only the states of L or fewer waiting are
// carried round to round, fed from the closed form at the boundary.
[[nodiscard]] inline ClimbOdds climb_odds(int attackers, int lanes, const Rational& pass,
                                          std::optional<int> rounds, Work& work) {
  ClimbOdds o;
  o.attackers = attackers;
  o.lanes = lanes;
  o.pass = pass;
  o.after = rounds.value_or(1);
  const int n = attackers;
  const int L = std::min(lanes, attackers);
  o.first_round = (n + L - 1) / L;
  const auto at = [](int i) { return static_cast<std::size_t>(i); };
  const Int a = boost::multiprecision::numerator(pass);
  const Int b = boost::multiprecision::denominator(pass);
  const Int c = b - a;
  const int limit = rounds.value_or(max_climb_rounds);
  if (a == 0) {  // hopeless: nobody ever goes up
    o.up.assign(at(n) + 1, Fraction{});
    o.up[0] = {1, 1};
    if (rounds && o.first_round <= limit) o.all_up_by.assign(at(limit - o.first_round + 1), Fraction{});
    return o;
  }
  Int per_round = boost::multiprecision::pow(b, static_cast<unsigned>(L));  // b^L
  work.add(at(L + 1) * at(L + 2) / 2, per_round, per_round);
  const auto kernel = detail::climb_kernel(L, a, c, b);
  const Factors b_primes = factor_small(b);
  auto over_rounds = [&](const Int& ways, int r) {  // ways out of b^(r*L), reduced prime by prime
    return reduced(ways, power_of(b_primes, static_cast<std::uint64_t>(r) * static_cast<std::uint64_t>(L)), work);
  };

  // Expected rounds: E[0] = 0 and for w >= 1, m = min(w, L) trying,
  // E[w] = (b^L + sum_{k>=1} kernel[m][k] E[w-k]) / (b^L - kernel[m][0]).
  // Every kernel[m][k] with k >= 1, and b^L - kernel[m][0], is a multiple of
  // a, so with h_m = (b^L - kernel[m][0]) / a the numerators are kept over
  // a * H, H the product of the h_m so far: E[w] = N_w / (a H_w) with
  // N_w = b^L H_(w-1) + sum_k (kernel[m][k] / a) N_(w-k) and H_w = H_(w-1) h_m.
  // (On one ladder h_1 = 1, and E[n] = n b / a = n / p.)
  {
    std::vector<Int> h(at(L) + 1, 0);
    std::vector<std::vector<Int>> share(at(L) + 1);  // kernel[m][k] / a, k >= 1
    for (int m = 1; m <= L; ++m) {
      h[at(m)] = (per_round - kernel[at(m)][0]) / a;
      for (int k = 1; k <= m; ++k) share[at(m)].push_back(kernel[at(m)][at(k)] / a);
    }
    work.add(at(L + 1) * at(L + 2) / 2, per_round, per_round);
    {
      // Before the work: a lower bound of what the loops below charge, so
      // that a question they would refuse is refused at once (before the
      // numerators of every w are held). Here each w charges 2m+1 products
      // of H (at least the bits of the h_m so far) by h_m; in the rounds,
      // each round r from first_round on charges 4 products of b^(rL) by
      // itself, for at least climb_rounds_at_least rounds.
      // H's bits from the sum of the logarithms of its factors, less a
      // margin far above their rounding (1e-9 a factor), so never above.
      std::vector<long double> log_h(at(L) + 1, 0);
      for (int m = 1; m <= L; ++m) log_h[at(m)] = detail::log2_of(h[at(m)]);
      std::uint64_t bound = 0;
      long double log_den = 0;
      for (int w = 1; w <= n; ++w) {
        const int m = std::min(w, L);
        const long double lb = log_den - 1e-9L * w;
        const std::uint64_t den_bits = lb <= 0 ? 1 : static_cast<std::uint64_t>(std::floor(lb)) + 1;
        bound = saturating_add(bound, saturating_mul(at(2 * m + 1),
                                                     saturating_mul(words_of_bits(den_bits), words(h[at(m)]))));
        log_den += log_h[at(m)];
      }
      const int last = o.first_round <= limit ? limit : std::min(limit, o.after);
      const int played = detail::climb_rounds_at_least(n, L, static_cast<long double>(to_double(pass)),
                                                       o.first_round, o.after, last, rounds.has_value());
      const std::uint64_t b_bits = bit_length(b);
      for (int r = o.first_round; r <= played; ++r) {
        const std::uint64_t total_bits =
            (b_bits - 1) * static_cast<std::uint64_t>(r) * static_cast<std::uint64_t>(L) + 1;
        bound = saturating_add(
            bound, saturating_mul(4, saturating_mul(words_of_bits(total_bits), words_of_bits(total_bits))));
      }
      work.expect(bound);
    }
    std::vector<Int> num(at(n) + 1, 0);
    Int den = 1;  // H
    Int product;  // reused: no allocation per multiplication
    for (int w = 1; w <= n; ++w) {
      const int m = std::min(w, L);
      const Int& f = h[at(m)];
      work.add(at(2 * m + 1), den, f);
      Int s = per_round * den;
      for (int k = 1; k <= m; ++k) {
        boost::multiprecision::multiply(product, share[at(m)][at(k - 1)], num[at(w - k)]);
        s += product;
      }
      if (f != 1) {
        for (int j = std::max(0, w - L + 1); j < w; ++j) num[at(j)] *= f;
        den *= f;
      }
      num[at(w)] = std::move(s);
      // N_(w-L) is read by no later w: its memory goes now, so that only
      // the last L+1 numerators are held however many attackers climb.
      if (w - L >= 1 && w - L < n) num[at(w - L)] = Int();
    }
    Factors factors{{a, 1}};
    for (int m = 1; m <= L; ++m)
      factors.emplace_back(h[at(m)], m < L ? 1 : static_cast<std::uint64_t>(n - L + 1));
    o.expected_rounds = reduced(std::move(num[at(n)]), std::move(factors), work);
  }

  // low[w]: ways that w wait after the round, for w <= L, over b^(r*L).
  std::vector<Int> low(at(L) + 1, 0), next(at(L) + 1, 0);
  if (n <= L) low[at(n)] = 1;
  Int total = 1;

  // Boundary: ways that j = n - v passed in the first m = (r-1)*L tries,
  // for v = L+1 .. v_max waiting (those that can fall to L or fewer), moved
  // on from m to m + L tries by C(m+L, j) / C(m, j) = prod (m+i)/(m+i-j).
  const int v_max = std::min(n, 2 * L);
  std::vector<Int> high(n > L ? at(v_max - L) : 0, 0);  // high[v_max - v]
  if (n > L && v_max == n) high[0] = 1;                 // m = 0: nobody has passed
  auto advance_high = [&](int m) {
    for (int v = L + 1; v <= v_max; ++v) {
      const int j = n - v;
      Int& h = high[at(v_max - v)];
      if (h != 0) {  // one try at a time, every division exact and by one word
        for (int i = 1; i <= L; ++i) {
          h *= c;
          h *= m + i;
          h /= m + i - j;
        }
        work.add((2 + Work::division_weight) * at(L), h, b);  // two products and a division a try
      } else if (j <= m + L) {
        h = detail::binomial_ways(m + L, j, j, a, c)[0];
        work.add(8, h, h);
      }
    }
  };

  auto distribution = [&](int r) {
    o.up.assign(at(n) + 1, Fraction{});
    Int expected = 0;
    for (int w = 0; w <= L && w <= n; ++w) {
      o.up[at(n - w)] = over_rounds(low[at(w)], r);
      expected += low[at(w)] * (n - w);
    }
    if (n > L) {
      const auto ways = detail::binomial_ways(r * L, 0, n - L - 1, a, c);
      work.add(4 * ways.size(), total, total);
      for (int j = 0; j < n - L; ++j) {
        o.up[at(j)] = over_rounds(ways[at(j)], r);
        expected += ways[at(j)] * j;
      }
    }
    o.expected_up = over_rounds(expected, r);
  };

  Int product;
  const int last = o.first_round <= limit ? limit : std::min(limit, o.after);
  for (int r = 1; r <= last; ++r) {
    std::fill(next.begin(), next.end(), Int(0));
    std::uint64_t products = 0;
    for (int w = 0; w <= L; ++w) {
      if (low[at(w)] == 0) continue;
      const auto& row = kernel[at(w)];
      for (int k = 0; k <= w; ++k) {
        boost::multiprecision::multiply(product, low[at(w)], row[at(k)]);
        next[at(w - k)] += product;
      }
      products += at(w) + 1;
    }
    // From v > L waiting into v - k <= L (k of the L tries passed).
    for (int v = L + 1; v <= v_max; ++v) {
      const Int& h = high[at(v_max - v)];
      if (h == 0) continue;
      for (int w = v - L; w <= L; ++w) {
        boost::multiprecision::multiply(product, h, kernel[at(L)][at(v - w)]);
        next[at(w)] += product;
      }
      products += at(2 * L - v + 1);
    }
    if (n > L) advance_high((r - 1) * L);
    std::swap(low, next);
    total *= per_round;
    work.add(products, total, per_round);
    if (r >= o.first_round) {
      work.add(4, total, total);  // reducing and printing it
      o.all_up_by.push_back(over_rounds(low[0], r));
    }
    if (r == o.after) distribution(r);
    if (!rounds && r >= o.after && (total - low[0]) * climb_tail <= total) {
      o.tail_cut = low[0] != total;
      break;
    }
  }
  return o;
}

// The same, counted against a budget of its own; `what` names the options in a refusal.
[[nodiscard]] inline ClimbOdds climb_odds(int attackers, int lanes, const Rational& pass,
                                          std::optional<int> rounds, const std::string& what) {
  Work work(what, "ask for fewer attackers or lanes, or fewer rounds");
  return climb_odds(attackers, lanes, pass, rounds, work);
}

// ---------------------------------------------------------------- escalade

struct EscaladeOdds {
  // The resolver's outcome: the certain one (a breach, a tower, the
  // referee's results, a hopeless climb), or for a rolled climb its first
  // round with everybody trying passing; its rules and not-modelled items
  // hold for every outcome.
  EscaladeOutcome trace;
  std::optional<CheckSpec> spec;   // each climber's check, when rolled
  std::optional<CheckOdds> check;  // its exact odds
  bool referee = false;            // the referee's results: `climb` is certain
  std::optional<ClimbOdds> climb;  // empty: nothing to climb (a breach)

  [[nodiscard]] std::vector<std::string> rules() const {
    std::vector<std::string> r{"exact-odds"};
    merge_ids(r, trace.rules);
    if (climb && !referee && climb->pass > 0 && climb->pass < 1) siege::detail::add_rule(r, "climb-retry");
    return r;
  }
};

// The odds of the climb `in`, with the same refusals as resolve_escalade.
[[nodiscard]] inline EscaladeOdds escalade_odds(const EscaladeInput& in, const DiceTable& dice) {
  require_valid_escalade(in);
  EscaladeOdds o;
  Rng no_dice(0);  // every call below is on a path where the resolver rolls nothing
  const bool rolled = in.method != ClimbMethod::tower && !in.referee_rounds;
  const std::string lanes = input_word(in.method == ClimbMethod::ladder ? "ladders" : "ropes");
  Work work(input_word("attackers") + " " + std::to_string(in.attackers) +
                (in.method == ClimbMethod::tower ? std::string(" with a tower")
                                                 : " with " + lanes + " " + std::to_string(in.lanes)),
            "ask for fewer " + input_word("attackers") + " or " + lanes + ", fewer " + input_word("rounds") +
                ", or a smaller " + input_word("pool"));
  if (rolled) {
    o.spec = climb_check_spec(in.method, in.defended, in.pool);
    work.charge(check_size(*o.spec, dice).work);
    o.check = check_odds(*o.spec, dice);
  }
  if (!rolled || o.check->pass() == 0) {
    // A tower, the referee's results, or hopeless (found before any roll).
    o.trace = resolve_escalade(in, dice, no_dice);
  } else {
    EscaladeInput first = in;
    first.rounds.reset();
    first.referee_rounds = std::vector<int>{std::min(in.attackers, in.lanes)};
    o.trace = resolve_escalade(first, dice, no_dice);
  }
  if (!o.trace.climbed) {  // a breach: nothing is climbed, no check made
    o.spec.reset();
    o.check.reset();
    return o;
  }

  if (in.referee_rounds) {
    o.referee = true;
    ClimbOdds c;
    c.attackers = in.attackers;
    c.lanes = in.lanes;
    c.after = static_cast<int>(o.trace.rounds.size());
    c.up.assign(static_cast<std::size_t>(in.attackers) + 1, Fraction{});
    c.up[static_cast<std::size_t>(o.trace.up)] = {1, 1};
    c.expected_up = {o.trace.up, 1};
    for (const auto& r : o.trace.rounds) c.all_up_by.push_back({r.up == in.attackers ? 1 : 0, 1});
    if (o.trace.up == in.attackers) c.expected_rounds = Fraction{c.after, 1};
    o.climb = std::move(c);
    return o;
  }
  if (in.method == ClimbMethod::tower)
    o.climb = climb_odds(in.attackers, in.tower_climbers, Rational(1), in.rounds, work);
  else
    o.climb = climb_odds(in.attackers, in.lanes, o.check->pass(), in.rounds, work);
  return o;
}

}  // namespace siege::odds
