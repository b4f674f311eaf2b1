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
[[nodiscard]] inline double to_double(const Rational& r) { return r.convert_to<double>(); }

// The ids of `from` not yet in `into`, in order.
inline void merge_ids(std::vector<std::string>& into, const std::vector<std::string>& from) {
  for (const auto& id : from) siege::detail::add_rule(into, id);
}

// ---------------------------------------------------------------- long fractions

[[nodiscard]] inline std::size_t bit_length(const Int& n) {
  return n == 0 ? 0 : boost::multiprecision::msb(n) + 1;
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
// For display only: about 64 significant bits of each side.
[[nodiscard]] inline double to_double(const Fraction& f) {
  const std::size_t shorter = std::min(bit_length(f.num), bit_length(f.den));
  const auto shift = static_cast<unsigned>(shorter > 64 ? shorter - 64 : 0);
  return Int(f.num >> shift).convert_to<double>() / Int(f.den >> shift).convert_to<double>();
}

// Upper bound on the work of one question, counted as products of 64-bit
// words in the long multiplications, divisions and conversions (a second
// or so); a larger question is refused rather than left to run for minutes.
inline constexpr std::uint64_t max_work = 250'000'000;

[[nodiscard]] inline std::uint64_t words(const Int& n) { return bit_length(n) / 64 + 1; }

// Counts the work of one question against max_work.
class Work {
 public:
  // A one-word division costs about as much as this many one-word products (measured).
  static constexpr std::uint64_t division_weight = 8;

  explicit Work(std::string what, std::uint64_t limit = max_work) : what_(std::move(what)), limit_(limit) {}
  // `count` products of numbers about as long as `x` and `y`.
  void add(std::uint64_t count, const Int& x, const Int& y) {
    used_ += count * words(x) * words(y);
    if (used_ > limit_) refuse();
  }
  // Refuses the question outright (one whose work would not even fit the count).
  [[noreturn]] void refuse() const {
    fail_usage("too-large",
               what_ + ": too large to work out exactly here; ask a smaller question, or roll it");
  }
  // A division of `x` by `y`: a few times a product by one word when `y` is
  // one word long, quadratic in x otherwise (Boost 1.74).
  void divide(const Int& x, const Int& y) {
    if (words(y) == 1)
      add(division_weight, x, 1);
    else
      add(1, x, x);
  }

 private:
  std::string what_;
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
// The same, unmetered: for fractions known to be short.
[[nodiscard]] inline Fraction reduced(Int num, Factors den) {
  Work unmetered("", std::numeric_limits<std::uint64_t>::max());
  return reduced(std::move(num), std::move(den), unmetered);
}

// ---------------------------------------------------------------- checks

// Net (Successes, Boons) of a check, each with the number of ways it comes up.
struct CheckOdds {
  std::map<std::pair<int, int>, Int> ways;
  Int total = 1;

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

// check_odds, counting in `Count` (std::uint64_t when the number of ways
// fits in it: no count or sum of counts is larger than the total).
template <class Count>
void count_check(const CheckSpec& spec, const DiceTable& table, CheckOdds& o) {
  int s_lo = 0, s_hi = 0, b_lo = 0, b_hi = 0;  // the grid's bounds
  std::vector<Count> grid{1};                   // rows: Successes; columns: Boons
  for (const auto& [kind, count] : dice_of(spec, table)) {
    const auto& faces = table.of(kind);
    // Faces of one die grouped by their net effect.
    std::map<std::pair<int, int>, unsigned> net;
    for (const auto& f : faces) ++net[{f.success - f.failure, f.boon - f.bane}];
    if (net.empty()) continue;
    int ds_lo = net.begin()->first.first, ds_hi = net.rbegin()->first.first;
    int db_lo = net.begin()->first.second, db_hi = db_lo;
    for (const auto& [d, m] : net) {
      db_lo = std::min(db_lo, d.second);
      db_hi = std::max(db_hi, d.second);
    }
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

  [[nodiscard]] BreachState state_of(std::size_t i) const {
    return mode == LadderMode::hull ? ladder_state(static_cast<int>(i), hull) : static_cast<BreachState>(i);
  }
  [[nodiscard]] Rational p_state(BreachState s) const {
    Int n = 0;
    for (std::size_t i = 0; i < ways.size(); ++i)
      if (state_of(i) == s) n += ways[i];
    return ratio(n, total);
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
[[nodiscard]] inline std::optional<Rational> expected_attacks_to_breach(const SectionOdds& shape,
                                                                        const Transition& t, std::size_t from) {
  const std::size_t n = shape.ways.size();
  std::vector<std::optional<Int>> num(n);  // E[k] = num[k] / den for the k done so far
  Int den = 1;
  for (std::size_t k = n; k-- > from;) {
    if (shape.state_of(k) == BreachState::breached) {
      num[k] = Int(0);
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
  }
  if (!num[from]) return std::nullopt;
  return Rational(*num[from], den);
}

}  // namespace siege::odds
