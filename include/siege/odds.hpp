// siege/odds.hpp - exact odds of checks and attacks (no sampling).
//
// Distributions are kept as integer counts over a common denominator (the
// number of equally likely ways the dice can fall), in arbitrary precision
// (Boost.Multiprecision, header-only), and reduced to exact fractions only
// for output (a Fraction, reduced from a known factoring of the denominator,
// where the numbers run long). Outcomes of an attack come from running the
// real resolver (resolve_attack) once for each distinct check result, so the
// rolled and exact paths use the same dice faces and the same rules.
//
// This header needs Boost's headers (Debian: libboost-dev); siege.hpp does
// not include it.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <boost/multiprecision/cpp_int.hpp>

#include "siege/dice.hpp"
#include "siege/structure.hpp"

namespace siege::odds {

using Int = boost::multiprecision::cpp_int;
using Rational = boost::multiprecision::cpp_rational;

[[nodiscard]] inline Rational ratio(const Int& count, const Int& total) { return Rational(count, total); }

// "numerator/denominator" in lowest terms ("0/1", "1/1").
[[nodiscard]] inline std::string fraction_text(const Rational& r) {
  return boost::multiprecision::numerator(r).str() + "/" + boost::multiprecision::denominator(r).str();
}

// The ids of `from` not yet in `into`, in order.
template <typename Ids>  // of std::string or std::string_view
inline void merge_ids(std::vector<std::string>& into, const Ids& from) {
  for (const auto& id : from) siege::detail::add_rule(into, id);
}

// ---------------------------------------------------------------- long fractions

[[nodiscard]] inline std::size_t bit_length(const Int& n) {
  return n == 0 ? 0 : boost::multiprecision::msb(n) + 1;
}

// The double nearest to num/den (num >= 0, den > 0), a tie going to the even
// one: the correctly rounded value of the exact fraction, subnormals
// included (infinity past the largest double). Integer arithmetic only: the
// quotient is scaled to 53 bits (fewer for a subnormal) and rounded from the
// exact remainder.
[[nodiscard]] inline double nearest_double(const Int& num, const Int& den) {
  if (num == 0) return 0.0;
  const auto nb = static_cast<long>(bit_length(num)), db = static_cast<long>(bit_length(den));
  long e = nb - db;  // then floor(log2(num/den)) is e or e - 1
  if (e >= 0 ? num < (den << static_cast<unsigned>(e)) : (num << static_cast<unsigned>(-e)) < den) --e;
  if (e > std::numeric_limits<double>::max_exponent - 1) return std::numeric_limits<double>::infinity();
  // The weight of the last bit kept: 53 bits from 2^e down, or the smallest subnormal's.
  const long lsb = std::max(e - (std::numeric_limits<double>::digits - 1),
                            static_cast<long>(std::numeric_limits<double>::min_exponent -
                                              std::numeric_limits<double>::digits));
  Int n = num, d = den;
  if (lsb < 0) n <<= static_cast<unsigned>(-lsb);
  else d <<= static_cast<unsigned>(lsb);
  Int q, r;
  boost::multiprecision::divide_qr(n, d, q, r);
  r <<= 1;
  if (r > d || (r == d && boost::multiprecision::bit_test(q, 0))) ++q;
  return std::ldexp(q.convert_to<double>(), static_cast<int>(lsb));  // q <= 2^53: exact
}

[[nodiscard]] inline double to_double(const Rational& r) {
  return nearest_double(boost::multiprecision::numerator(r), boost::multiprecision::denominator(r));
}

// An exact fraction already in lowest terms. Long odds are reduced from a
// known factoring of their denominator, far cheaper than the binary gcd a
// Rational runs on every construction (Boost 1.74).
struct Fraction {
  Int num = 0;
  Int den = 1;
  friend bool operator==(const Fraction&, const Fraction&) = default;
};

[[nodiscard]] inline Rational to_rational(const Fraction& f) { return Rational(f.num, f.den); }
[[nodiscard]] inline std::string fraction_text(const Fraction& f) { return f.num.str() + "/" + f.den.str(); }
// The nearest double (see nearest_double).
[[nodiscard]] inline double to_double(const Fraction& f) { return nearest_double(f.num, f.den); }

// Upper bound on the work of one question, in units of about a nanosecond
// of this machine's time: a product of two 64-bit words in the long
// multiplications costs one (measured; see the weights below and
// bench/odds.sh). A larger question is refused with the usage error
// "too-large" rather than left to run for minutes: the budget is a few
// tenths of a second, so a question that passes answers well within one.
inline constexpr std::uint64_t max_work = 400'000'000;

[[nodiscard]] inline std::uint64_t words(const Int& n) { return bit_length(n) / 64 + 1; }
[[nodiscard]] inline std::uint64_t words_of_bits(std::uint64_t bits) { return bits / 64 + 1; }

// a + b and a * b, stuck at the largest value rather than wrapping.
[[nodiscard]] inline std::uint64_t saturating_add(std::uint64_t a, std::uint64_t b) {
  std::uint64_t r = 0;
  return __builtin_add_overflow(a, b, &r) ? std::numeric_limits<std::uint64_t>::max() : r;
}
[[nodiscard]] inline std::uint64_t saturating_mul(std::uint64_t a, std::uint64_t b) {
  std::uint64_t r = 0;
  return __builtin_mul_overflow(a, b, &r) ? std::numeric_limits<std::uint64_t>::max() : r;
}

// Counts the work of one question against max_work, and refuses it (usage
// error "too-large", naming the question and what to ask instead) as soon
// as the count passes the budget. Each question charges what it will do
// before doing it, from the sizes that drive it.
class Work {
 public:
  // A one-word division costs about as much as this many one-word products (measured).
  static constexpr std::uint64_t division_weight = 8;
  // Printing a number of n words in decimal costs print_weight * n^2 (measured, Boost 1.74).
  static constexpr std::uint64_t print_weight = 4;

  // `what` names the question ("--attacks 1000 with --pool 50", its inputs
  // marked by input_word), `instead` says what to ask instead ("ask for
  // fewer --attacks"); the refusal is the command's (Error::refusal).
  explicit Work(std::string what, std::string instead = "ask a smaller question, or roll it",
                std::uint64_t limit = max_work)
      : what_(std::move(what)), instead_(std::move(instead)), limit_(limit) {}
  // `units` of work.
  void charge(std::uint64_t units) {
    used_ = saturating_add(used_, units);
    if (used_ > limit_) refuse();
  }
  // `count` products of numbers about as long as `x` and `y`.
  void add(std::uint64_t count, const Int& x, const Int& y) {
    charge(saturating_mul(count, saturating_mul(words(x), words(y))));
  }
  // Printing `count` numbers of `bits` bits each (and reducing them first).
  void print(std::uint64_t count, std::uint64_t bits) {
    const std::uint64_t w = words_of_bits(bits);
    charge(saturating_mul(count, saturating_mul(print_weight, saturating_mul(w, w))));
  }
  // Refuses the question outright (one whose work would not even fit the count).
  [[noreturn]] void refuse() const {
    fail_refusal("too-large", what_ + ": too large to work out exactly here (more than about a second of work); " +
                                instead_);
  }
  // A division of `x` by `y`: a few times a product by one word when `y` is
  // one word long, quadratic in x otherwise (Boost 1.74).
  void divide(const Int& x, const Int& y) {
    if (words(y) == 1)
      add(division_weight, x, 1);
    else
      add(1, x, x);
  }
  // Refuses now a question whose work still to come is known to be at least
  // `units` (a lower bound worked out before that work): only a question
  // that charge() would refuse later on is refused, and at once.
  void expect(std::uint64_t units) const {
    if (saturating_add(used_, units) > limit_) refuse();
  }
  [[nodiscard]] std::uint64_t used() const { return used_; }

 private:
  std::string what_;
  std::string instead_;
  std::uint64_t limit_;
  std::uint64_t used_ = 0;
};

// A denominator as factors and their powers: product of f^e.
using Factors = std::vector<std::pair<Int, std::uint64_t>>;

// num / den in lowest terms, cancelling one (short) factor of den at a time.
[[nodiscard]] inline Fraction reduced(Int num, Factors den, Work& work) {
  if (num == 0) return {0, 1};
  Factors kept;
  while (!den.empty()) {
    auto [f, e] = std::move(den.back());
    den.pop_back();
    if (e == 0 || f == 1) continue;
    if (f == 2) {  // every factor 2 at once: a shift
      const std::uint64_t k = std::min<std::uint64_t>(boost::multiprecision::lsb(num), e);
      work.add(1, num, 1);
      num >>= static_cast<unsigned>(k);
      if (e > k) kept.emplace_back(std::move(f), e - k);
      continue;
    }
    if (words(f) == 1 && e > 1) {
      // A one-word factor to a power: f^j at a time, the largest power of f
      // within 63 bits, so that a factor of high power cancels in few steps.
      Int fj = f;
      std::uint64_t j = 1;
      while (j < e && bit_length(Int(fj * f)) < 63) fj *= f, ++j;
      work.divide(num, fj);
      const Int g = boost::multiprecision::gcd(Int(num % fj), fj);
      if (g == 1) {  // num is prime to f, so to all its powers
        kept.emplace_back(std::move(f), e);
        continue;
      }
      work.divide(num, g);
      num /= g;
      den.emplace_back(fj / g, 1);
      den.emplace_back(std::move(f), e - j);
      continue;
    }
    work.divide(num, f);
    const Int g = boost::multiprecision::gcd(Int(num % f), f);
    if (g == 1) {
      kept.emplace_back(std::move(f), e);
      continue;
    }
    work.divide(num, g);
    num /= g;
    den.emplace_back(f / g, 1);
    den.emplace_back(std::move(f), e - 1);
  }
  Int d = 1;
  for (const auto& [f, e] : kept) {
    d *= boost::multiprecision::pow(f, static_cast<unsigned>(e));
    work.add(1, d, d);  // and printing it
  }
  return {std::move(num), std::move(d)};
}
// The same, unmetered: for fractions whose work was charged beforehand.
[[nodiscard]] inline Fraction reduced(Int num, Factors den) {
  Work unmetered("", "", std::numeric_limits<std::uint64_t>::max());
  return reduced(std::move(num), std::move(den), unmetered);
}

// `n` (at least 1) as its prime factors below 100 and their powers, and
// whatever is left as one more factor: the numbers of ways of dice (a die
// has at most 100 faces) factor fully. Cancelling a fraction one small
// prime at a time costs a one-word division a step, where a gcd of long
// numbers costs hundreds of products a word squared (Boost 1.74).
[[nodiscard]] inline Factors factor_small(Int n) {
  Factors out;
  if (n == 0) return out;
  if (const auto twos = boost::multiprecision::lsb(n); twos > 0) {
    n >>= twos;
    out.emplace_back(2, twos);
  }
  for (unsigned p = 3; p < 100; p += 2) {
    bool prime = true;
    for (unsigned d = 3; d * d <= p; d += 2) prime = prime && p % d != 0;
    if (!prime) continue;
    std::uint64_t e = 0;
    Int q, r;
    for (;;) {
      boost::multiprecision::divide_qr(n, Int(p), q, r);
      if (r != 0) break;
      n = std::move(q);
      ++e;
    }
    if (e > 0) out.emplace_back(p, e);
  }
  if (n != 1) out.emplace_back(std::move(n), 1);
  return out;
}

// `into` times `by`, equal factors merged.
inline void multiply_factors(Factors& into, const Factors& by) {
  for (const auto& factor : by) {  // not a structured binding: clang 14 cannot capture one
    const auto& [p, e] = factor;
    auto same = std::find_if(into.begin(), into.end(), [&](const auto& f) { return f.first == factor.first; });
    if (same != into.end()) same->second = saturating_add(same->second, e);
    else into.emplace_back(p, e);
  }
}

// The factors of `f` to the power `k`.
[[nodiscard]] inline Factors power_of(Factors f, std::uint64_t k) {
  for (auto& [p, e] : f) e = saturating_mul(e, k);
  return f;
}

// ---------------------------------------------------------------- checks

// Net (Successes, Boons) of a check, each with the number of ways it comes up.
struct CheckOdds {
  std::map<std::pair<int, int>, Int> ways;
  Int total = 1;

  // `w` ways out of total, in lowest terms (cancelled prime by prime).
  [[nodiscard]] Fraction share(const Int& w) const { return reduced(w, factor_small(total)); }

  [[nodiscard]] Rational pass() const {
    Int n = 0;
    for (const auto& [k, w] : ways)
      if (k.first >= 1) n += w;
    return ratio(n, total);
  }
};

namespace detail {

// The dice of `spec` in order, kind and how many.
[[nodiscard]] inline std::array<std::pair<DieKind, int>, 4> dice_of(const CheckSpec& spec, const DiceTable& table) {
  return {{{DieKind::skill, spec.pool},
           {DieKind::difficulty, difficulty_dice(table, spec.difficulty)},
           {DieKind::bane, spec.bane_dice},
           {DieKind::boon, spec.boon_dice}}};
}

// Faces of one die grouped by their net effect (Successes, Boons), and the
// bounds of those effects.
struct DieNets {
  std::map<std::pair<int, int>, unsigned> net;
  int ds_lo = 0, ds_hi = 0, db_lo = 0, db_hi = 0;
};

[[nodiscard]] inline DieNets nets_of(const std::vector<Face>& faces) {
  DieNets n;
  for (const auto& f : faces) ++n.net[{f.success - f.failure, f.boon - f.bane}];
  if (n.net.empty()) return n;
  n.ds_lo = n.net.begin()->first.first, n.ds_hi = n.net.rbegin()->first.first;
  n.db_lo = n.db_hi = n.net.begin()->first.second;
  for (const auto& [d, m] : n.net) {
    n.db_lo = std::min(n.db_lo, d.second);
    n.db_hi = std::max(n.db_hi, d.second);
  }
  return n;
}

// check_odds, counting in `Count` (std::uint64_t when the number of ways
// fits in it: no count or sum of counts is larger than the total).
template <class Count>
void count_check(const CheckSpec& spec, const DiceTable& table, CheckOdds& o) {
  int s_lo = 0, s_hi = 0, b_lo = 0, b_hi = 0;  // the grid's bounds
  std::vector<Count> grid{1};                   // rows: Successes; columns: Boons
  for (const auto& [kind, count] : dice_of(spec, table)) {
    const auto& faces = table.of(kind);
    const DieNets nets = nets_of(faces);
    const auto& net = nets.net;
    if (net.empty()) continue;
    const int ds_lo = nets.ds_lo, ds_hi = nets.ds_hi, db_lo = nets.db_lo, db_hi = nets.db_hi;
    for (int i = 0; i < count; ++i) {
      const int ns_lo = s_lo + ds_lo, ns_hi = s_hi + ds_hi, nb_lo = b_lo + db_lo, nb_hi = b_hi + db_hi;
      const auto width = static_cast<std::size_t>(b_hi - b_lo + 1);
      const auto nwidth = static_cast<std::size_t>(nb_hi - nb_lo + 1);
      std::vector<Count> next(static_cast<std::size_t>(ns_hi - ns_lo + 1) * nwidth);
      for (std::size_t cell = 0; cell < grid.size(); ++cell) {
        if (grid[cell] == 0) continue;
        const int sv = s_lo + static_cast<int>(cell / width), bv = b_lo + static_cast<int>(cell % width);
        for (const auto& [d, m] : net)
          next[static_cast<std::size_t>(sv + d.first - ns_lo) * nwidth +
               static_cast<std::size_t>(bv + d.second - nb_lo)] += grid[cell] * m;
      }
      grid = std::move(next);
      s_lo = ns_lo, s_hi = ns_hi, b_lo = nb_lo, b_hi = nb_hi;
      o.total *= static_cast<unsigned>(faces.size());
    }
  }
  const auto width = static_cast<std::size_t>(b_hi - b_lo + 1);
  for (std::size_t cell = 0; cell < grid.size(); ++cell)
    if (grid[cell] != 0)
      o.ways.emplace_hint(o.ways.end(),
                          std::pair{s_lo + static_cast<int>(cell / width), b_lo + static_cast<int>(cell % width)},
                          Int(grid[cell]));
}

}  // namespace detail

// Enumerates the dice of `spec` exactly, die by die (R27). The counts are
// kept on a dense grid of (net Successes, net Boons) while dice are added,
// in machine integers while the number of ways fits in 64 bits.
[[nodiscard]] inline CheckOdds check_odds(const CheckSpec& spec, const DiceTable& table) {
  std::uint64_t total = 1;
  bool fits = true;
  for (const auto& [kind, count] : detail::dice_of(spec, table))
    for (int i = 0; i < count && fits; ++i)
      fits = !__builtin_mul_overflow(total, static_cast<std::uint64_t>(table.of(kind).size()), &total);
  CheckOdds o;
  if (fits) detail::count_check<std::uint64_t>(spec, table, o);
  else detail::count_check<Int>(spec, table, o);
  return o;
}

// How large counting a check is, from the dice alone (before counting it).
struct CheckSize {
  std::uint64_t work = 0;       // of check_odds, in max_work's units
  std::uint64_t outcomes = 1;   // distinct (net Successes, net Boons): at most this many
  std::uint64_t successes = 1;  // distinct net Successes: at most this many
  std::uint64_t boons = 1;      // distinct net Boons: at most this many
  std::uint64_t bits = 1;       // of the number of ways: at most this many
};

// Work weights of a check (measured): adding one die's face group to one
// cell of the grid, and turning one cell into an entry of the result.
inline constexpr std::uint64_t cell_weight = 2;
inline constexpr std::uint64_t entry_weight = 150;

// check_odds' own loops, run over the grid's bounds only: every die spreads
// every cell of the grid so far over its distinct faces.
[[nodiscard]] inline CheckSize check_size(const CheckSpec& spec, const DiceTable& table) {
  CheckSize z;
  std::uint64_t s_span = 0, b_span = 0;
  double log2_total = 0;
  for (const auto& [kind, count] : detail::dice_of(spec, table)) {
    const auto& faces = table.of(kind);
    const detail::DieNets nets = detail::nets_of(faces);
    if (nets.net.empty()) continue;
    const std::size_t distinct = nets.net.size();
    const int ds_lo = nets.ds_lo, ds_hi = nets.ds_hi, db_lo = nets.db_lo, db_hi = nets.db_hi;
    for (int i = 0; i < count; ++i) {
      const std::uint64_t cells = saturating_mul(s_span + 1, b_span + 1);
      // Machine integers while the ways fit in 64 bits, then longer ones.
      const std::uint64_t w = log2_total < 63 ? 1 : 2 * words_of_bits(static_cast<std::uint64_t>(log2_total) + 1);
      z.work = saturating_add(z.work, saturating_mul(cells, saturating_mul(distinct, w * cell_weight)));
      s_span += static_cast<std::uint64_t>(ds_hi - ds_lo);
      b_span += static_cast<std::uint64_t>(db_hi - db_lo);
      log2_total += std::log2(static_cast<double>(faces.size()));
    }
  }
  z.outcomes = saturating_mul(s_span + 1, b_span + 1);
  z.successes = s_span + 1;
  z.boons = b_span + 1;
  z.bits = static_cast<std::uint64_t>(log2_total) + 1;
  z.work = saturating_add(z.work, saturating_mul(z.outcomes, entry_weight * words_of_bits(z.bits)));
  return z;
}

// The odds of the check a command rolls, counted once for all the uses
// of it; none when the referee's result is certain.
struct RolledCheck {
  std::optional<CheckOdds> odds;
  Difficulty difficulty = Difficulty::easy;
  [[nodiscard]] const CheckOdds* get() const { return odds ? &*odds : nullptr; }
};

[[nodiscard]] inline RolledCheck rolled_check(const std::optional<CheckSpec>& spec, const DiceTable& table) {
  RolledCheck r;
  if (spec) {
    r.odds = check_odds(*spec, table);
    r.difficulty = spec->difficulty;
  }
  return r;
}

// ---------------------------------------------------------------- one attack

// What an attack outcome is, for counting: everything a table acts on.
struct AttackKey {
  bool hit = false;
  int damage = 0;
  int hull_after = 0;
  BreachState after = BreachState::intact;
  friend auto operator<=>(const AttackKey&, const AttackKey&) = default;
};

struct AttackOdds {
  std::map<AttackKey, Int> ways;
  Int total = 1;
  // With CollectRules::yes: every rule id the outcomes apply, and their
  // not-modelled items (merging them adds about 5% to `odds attack`, which
  // does not print them, so it is asked for).
  std::vector<std::string> rules;
  std::vector<std::string> not_modelled;
};

enum class CollectRules { no, yes };

// Every outcome of the attack `base` given the odds `c` of its check
// (nullptr: the referee's result in base.check is certain). Outcomes are
// counted from attack_core, the numbers resolve_attack reports; the whole
// resolver runs only when its rule ids are collected.
[[nodiscard]] inline AttackOdds attack_odds(const AttackInput& base, const CheckOdds* c,
                                            Difficulty difficulty, CollectRules collect = CollectRules::no) {
  AttackOdds out;
  auto add = [&](const AttackInput& in, const Int& ways) {
    if (collect == CollectRules::no) {
      const AttackCore o = attack_core(in);
      out.ways[AttackKey{o.hit, o.damage, o.hull_after, o.after}] += ways;
      return;
    }
    const AttackOutcome o = resolve_attack(in);
    out.ways[AttackKey{o.hit, o.damage, o.hull.after, o.after}] += ways;
    merge_ids(out.rules, o.rules);
    merge_ids(out.not_modelled, o.not_modelled);
  };
  if (c == nullptr) {
    add(base, 1);
    return out;
  }
  out.total = c->total;
  AttackInput in = base;
  for (const auto& [k, ways] : c->ways) {
    in.check = referee_check(difficulty, k.first, k.second);
    in.check.rolled = true;
    // Spend what the referee asked for, or all this roll has if fewer.
    if (base.spend_boons) in.spend_boons = std::min(*base.spend_boons, std::max(0, k.second));
    add(in, ways);
  }
  return out;
}

// The same, rolling `spec` (empty: the referee's result is certain).
[[nodiscard]] inline AttackOdds attack_odds(const AttackInput& base, const std::optional<CheckSpec>& spec,
                                            const DiceTable& table) {
  const RolledCheck c = rolled_check(spec, table);
  return attack_odds(base, c.get(), c.difficulty);
}

// ---------------------------------------------------------------- chains of attacks

// Probability of each Hull-suffered value of one section: ways[s] out of total.
struct SectionOdds {
  int hull = 1;
  LadderMode mode = LadderMode::hull;
  std::vector<Int> ways;  // index: Hull suffered (hull mode) or state 0..2 (steps mode)
  Int total = 1;
  Factors total_factors;  // of total (empty: 1)

  [[nodiscard]] BreachState state_of(std::size_t i) const {
    return mode == LadderMode::hull ? ladder_state(static_cast<int>(i), hull) : static_cast<BreachState>(i);
  }
  [[nodiscard]] Rational p_state(BreachState s) const {
    Int n = 0;
    for (std::size_t i = 0; i < ways.size(); ++i)
      if (state_of(i) == s) n += ways[i];
    return ratio(n, total);
  }
  // The same in lowest terms, cancelled prime by prime (no gcd of long numbers).
  [[nodiscard]] Fraction share_of(BreachState s) const {
    Int n = 0;
    for (std::size_t i = 0; i < ways.size(); ++i)
      if (state_of(i) == s) n += ways[i];
    return reduced(std::move(n), total_factors);
  }
};

// A section at the state of `base` (its damage_taken or from) with certainty.
[[nodiscard]] inline SectionOdds start_odds(const AttackInput& base) {
  SectionOdds s;
  s.hull = section_stats(*base.structure, base.portcullis).hull;
  s.mode = base.ladder;
  if (s.mode == LadderMode::hull) {
    s.ways.assign(static_cast<std::size_t>(s.hull) + 1, 0);
    s.ways[static_cast<std::size_t>(base.damage_taken)] = 1;
  } else {
    s.ways.assign(3, 0);
    s.ways[static_cast<std::size_t>(base.from)] = 1;
  }
  return s;
}

// Transition of one attack: for each position, where it goes and in how many
// ways, out of `total`. Rows are built from the resolver once per position.
struct Transition {
  std::vector<std::map<std::size_t, Int>> rows;
  Int total = 1;
  Factors total_factors;  // of total
  std::vector<std::string> rules;  // of the outcomes, as in AttackOdds
  std::vector<std::string> not_modelled;
};

// Damage depends on the position only through its ladder state (R1: the
// cracked step), so the resolver runs once per state and positions of the
// same state share its damage distribution, capped by suffer(). `c` is the
// odds of the check (nullptr: the referee's result in base.check);
// `at_base`, when given, is attack_odds of `base` itself, already worked out.
[[nodiscard]] inline Transition attack_transition(const AttackInput& base, const CheckOdds* c,
                                                  Difficulty difficulty,
                                                  CollectRules collect = CollectRules::no,
                                                  const AttackOdds* at_base = nullptr) {
  const SectionOdds shape = start_odds(base);
  const bool dug_only = base.structure->has(Tag::dug_not_knocked_down);
  const BreachState base_state = shape.mode == LadderMode::hull ? ladder_state(base.damage_taken, shape.hull) : base.from;
  Transition t;
  t.rows.resize(shape.ways.size());
  std::map<BreachState, std::map<int, Int>> damage_by_state;
  for (std::size_t i = 0; i < shape.ways.size(); ++i) {
    const BreachState st = shape.state_of(i);
    auto found = damage_by_state.find(st);
    if (found == damage_by_state.end()) {
      const bool reuse = at_base != nullptr && st == base_state;
      AttackOdds fresh;
      if (!reuse) {
        AttackInput in = base;
        if (shape.mode == LadderMode::hull) in.damage_taken = static_cast<int>(i);
        else in.from = st;
        fresh = attack_odds(in, c, difficulty, collect);
      }
      const AttackOdds& a = reuse ? *at_base : fresh;
      t.total = a.total;
      merge_ids(t.rules, a.rules);
      merge_ids(t.not_modelled, a.not_modelled);
      std::map<int, Int> by_damage;
      for (const auto& [k, ways] : a.ways) by_damage[k.damage] += ways;
      found = damage_by_state.emplace(st, std::move(by_damage)).first;
    }
    for (const auto& [damage, ways] : found->second) {
      const std::size_t to =
          shape.mode == LadderMode::hull
              ? static_cast<std::size_t>(suffer(static_cast<int>(i), damage, shape.hull, dug_only ? EarthCap::yes : EarthCap::no).after)
              : static_cast<std::size_t>(state_after_steps(st, damage, ladder_step(shape.hull), dug_only));
      t.rows[i][to] += ways;
    }
  }
  t.total_factors = factor_small(t.total);
  return t;
}

// The same, rolling `spec` (empty: the referee's result is certain).
[[nodiscard]] inline Transition attack_transition(const AttackInput& base,
                                                  const std::optional<CheckSpec>& spec,
                                                  const DiceTable& table,
                                                  CollectRules collect = CollectRules::no) {
  const RolledCheck c = rolled_check(spec, table);
  return attack_transition(base, c.get(), c.difficulty, collect);
}

// The section's odds after one more attack with transition `t`.
[[nodiscard]] inline SectionOdds step(const SectionOdds& s, const Transition& t) {
  SectionOdds n = s;
  n.ways.assign(s.ways.size(), 0);
  for (std::size_t i = 0; i < s.ways.size(); ++i) {
    if (s.ways[i] == 0) continue;
    for (const auto& [to, ways] : t.rows[i]) n.ways[to] += s.ways[i] * ways;
  }
  n.total = s.total * t.total;
  multiply_factors(n.total_factors, t.total_factors);
  return n;
}

// Expected number of attacks with transition `t` until the section is
// breached, from position `from`; empty when it may never be breached.
//
// Positions only move up, so it is solved from the top down:
//   E[k] = (T + sum over to != k of ways(k, to) * E[to]) / (T - stay(k)),
// with T the transition's total. Every E[to] above k is kept as a numerator
// over one common denominator, the product of (T - stay) of the positions
// above; so the sums are of integers, and one fraction is reduced at the end.
// The fraction is reduced from the factors of den, the distinct values of
// T - stay (a few: one per ladder state, as damage depends on no more).
[[nodiscard]] inline std::optional<Fraction> expected_attacks_to_breach(const SectionOdds& shape,
                                                                        const Transition& t, std::size_t from) {
  const std::size_t n = shape.ways.size();
  std::vector<std::optional<Int>> num(n);  // E[k] = num[k] / den for the k done so far
  Int den = 1;
  Factors leaves;  // of den: each distinct leave and how often
  for (std::size_t k = n; k-- > from;) {
    if (shape.state_of(k) == BreachState::breached) {
      num[k].emplace();  // 0
      continue;
    }
    Int stay = 0;
    Int sum = 0;
    bool finite = true;
    for (const auto& [to, ways] : t.rows[k]) {
      if (to == k) stay += ways;
      else if (!num[to]) finite = false;
      else sum += ways * *num[to];
    }
    if (!finite || stay == t.total) continue;  // a trap or a dead end: never breached
    const Int leave = t.total - stay;
    // E[k] = (T * den + sum) / (leave * den): bring the others onto that denominator.
    for (std::size_t to = k + 1; to < n; ++to)
      if (num[to]) *num[to] *= leave;
    num[k] = t.total * den + sum;
    den *= leave;
    multiply_factors(leaves, Factors{{leave, 1}});
  }
  if (!num[from]) return std::nullopt;
  Factors factors;
  for (const auto& [f, e] : leaves) multiply_factors(factors, power_of(factor_small(f), e));
  return reduced(std::move(*num[from]), std::move(factors));
}

// Work weights of an attack (measured): one outcome of attack_core counted
// into the attack's odds, or of the whole resolver with its rule ids.
inline constexpr std::uint64_t core_weight = 150;
inline constexpr std::uint64_t resolver_weight = 3000;
// A product (or sum) of long numbers, with its temporary: per word squared,
// and once a product whatever the length (allocation and the loop).
inline constexpr std::uint64_t product_weight = 2;
inline constexpr std::uint64_t product_overhead = 5;

// The work of attack_odds and attack_transition over a check of `size`:
// the attack is counted at each of the (at most 3) ladder states.
[[nodiscard]] inline std::uint64_t transition_work(const CheckSize& size, CollectRules collect) {
  return saturating_mul(3 * size.outcomes, collect == CollectRules::yes ? resolver_weight : core_weight);
}

// What a chain of attacks prints: the ladder states after every attack, or after the last only.
enum class ChainOutput { every_attack, last_attack };

// The work of `attacks` steps of `t` from `shape` (the numbers grow by the
// bits of t.total a step), the chance of each ladder state after every
// attack or the last one (summed, reduced and printed), and the expected
// attacks to breach (P positions: each brings every numerator above it
// onto a denominator one leave longer, then one fraction is reduced and
// printed). Worked out from the sizes alone, before any of it is done.
[[nodiscard]] inline std::uint64_t chain_work(const SectionOdds& shape, const Transition& t, int attacks,
                                              ChainOutput output) {
  std::uint64_t entries = 0;
  for (const auto& row : t.rows) entries += row.size();
  // Each step makes the numbers longer by the bits of T - 1 at most (none for a certain outcome).
  const std::uint64_t bits = bit_length(Int(t.total - 1)), step_words = words(t.total);
  const std::uint64_t positions = shape.ways.size(), primes = t.total_factors.size() + 1;
  std::uint64_t work = 0;
  auto add = [&](std::uint64_t units) { work = saturating_add(work, units); };
  for (std::uint64_t n = 1; n <= static_cast<std::uint64_t>(attacks); ++n) {
    const std::uint64_t w = words_of_bits(saturating_mul(n, bits));
    add(saturating_mul(entries, product_weight * (w * step_words + w) + product_overhead));
    if (output == ChainOutput::every_attack || n == static_cast<std::uint64_t>(attacks)) {
      add(saturating_mul(3, positions * w + primes * Work::division_weight * w +
                                2 * Work::print_weight * saturating_mul(w, w)));
    }
  }
  for (std::uint64_t j = 1; j <= positions; ++j)
    add(saturating_mul(j, product_weight * words_of_bits(saturating_mul(j, bits)) * step_words + product_overhead));
  const std::uint64_t w = words_of_bits(saturating_mul(positions, bits));
  add(saturating_mul(2 * Work::print_weight + 4 * Work::division_weight * 8, saturating_mul(w, w)));
  return work;
}

}  // namespace siege::odds
