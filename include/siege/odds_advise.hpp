// siege/odds_advise.hpp - the best aims for one side over the coming scenes,
// exactly (R45).
//
// A plan, for one side, is an aim for each of its engines that can shoot
// (present, not knocked out, with a weapon) and is not held at its aim,
// among the targets R29 allows it that can matter, and none: a besieger
// engine aims at a section not yet breached; a defender engine at a besieger
// engine still in the siege and not knocked out (with an engines.json row
// to be hit as), or at the camp. A plan keeps its aims through the N coming
// scenes, played exactly as scene_odds plays them, the other side's aims as
// the file has them. Its chance is that at least one section is breached by
// the end of scene N (any-breach) or that one section is (breach:S);
// besiegers want it high, defenders low.
//
// Every plan is weighed, without playing each one:
// - The sections are independent (odds_scene.hpp): the chance that no
//   section of the goal is breached is the product of each one's chance,
//   and a section's chance depends only on the attacks that reach it. So it
//   is worked out once for each way a plan can load the section (a
//   SectionChain, memoised), and a plan's chance is a product.
// - Engines alike are exchangeable: besieger engines of the same weapon,
//   pool and chain under the defenders' fire, listed together or whose
//   attack commutes with every other that may reach a section of the goal
//   (so their places in a scene's order change nothing); defender engines
//   of the same weapon and pool (the hits on an engine commute). A plan's
//   chance depends on how many of each kind aim at each target that
//   matters, not on which of them.
// - Aims that change nothing are one: none, the camp, a section outside the
//   goal, a besieger engine that shoots at no section of the goal.
// So the search runs over how many of each kind aim at each target that
// matters, the rest at nothing (40 guns alike on 3 sections: C(43, 3) =
// 12,341 ways, not 4^40 plans). Its work is known from those counts before
// it starts, and a question too large is refused at once; each section's
// chain charges its own work before it is made, as in scene_odds.
//
// Of the chances found, the best and the next three distinct ones are kept;
// each is shown by the plan that gives it with the fewest re-aims, then the
// first in one fixed order: engines in the order of the state, each one's
// targets in the order of Advice::targets (sections, then besieger engines,
// in the order of the state, then the camp, then none).
//
// Like odds.hpp this header needs Boost's headers; siege.hpp does not
// include it.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "siege/detail/suggest.hpp"
#include "siege/odds_scene.hpp"

namespace siege::odds {

// The goals of R45: any section breached, or one section.
inline constexpr std::string_view any_breach_goal = "any-breach";
inline constexpr std::string_view breach_goal_prefix = "breach:";
// How many plans an answer shows: the best, and the next best distinct chances.
inline constexpr std::size_t advised_plans = 4;

struct AdviceQuestion {
  EngineSide side = EngineSide::besieger;
  int scenes = evening_scenes;    // 1 to max_scenes_ahead
  std::string goal;               // "" for any-breach, else the section of breach:S
  std::vector<std::string> keep;  // engines of `side` held at their aims
};

// One engine's aim changed by a plan ("" for none).
struct ReAim {
  std::string engine;
  std::string from;
  std::string to;
};

struct AimPlan {
  std::vector<std::string> aims;  // for each of Advice::engines, its target ("" for none)
  Fraction chance;                // of the goal
  std::vector<ReAim> reaims;      // the aims it changes, in the order of the engines
  bool today = false;             // its aims are the file's
};

struct Advice {
  EngineSide side = EngineSide::besieger;
  std::string goal;  // "" for any-breach, else the section
  int played = 0;    // scenes played so far
  int scenes = 0;    // scenes looked ahead
  // The engines the search varied, in the order of the state, and the
  // targets each may take (the same for all of them; "" for none).
  std::vector<std::string> engines;
  std::vector<std::string> targets;
  std::vector<std::string> kept;  // held at their aims, in the order of the state
  Int plans = 1;                  // the plans weighed: every one
  std::size_t chains = 0;         // the sections' chains played, one a section and load that matters
  AimPlan current;                // the file's aims
  AimPlan best;
  std::vector<AimPlan> others;  // the next best distinct chances, best first
  bool settled = false;         // the goal is reached already: every plan gives 1
  std::vector<std::string> rules;
  std::vector<std::string> notes;
  std::vector<std::string> not_modelled;
};

// The section of goal `text`: "" for any-breach, S for breach:S. Any other
// text is refused (usage error "bad-goal", in input "goal").
[[nodiscard]] inline std::string goal_section(std::string_view text) {
  if (text == any_breach_goal) return {};
  if (text.starts_with(breach_goal_prefix) && text.size() > breach_goal_prefix.size())
    return std::string(text.substr(breach_goal_prefix.size()));
  fail_input("bad-goal", "goal", std::string(text),
             "expected " + std::string(any_breach_goal) + " or " + std::string(breach_goal_prefix) + "SECTION");
}

namespace detail {

// How many ways at most `n` things alike go into `r` places: C(n + r, r),
// stuck at the largest value.
[[nodiscard]] inline std::uint64_t multisets(std::uint64_t n, std::uint64_t r) {
  Int c = 1;
  for (std::uint64_t i = 1; i <= std::min(n, r); ++i) {
    c = c * (std::max(n, r) + i) / i;
    if (bit_length(c) > 64) return std::numeric_limits<std::uint64_t>::max();
  }
  return c.convert_to<std::uint64_t>();
}

// The search of R45 (see the top of this header), filling an Advice.
class AimSearch {
 public:
  // The plans of q.side on `s`, and the work they will take, weighed.
  AimSearch(const Snapshot& s, const Tables& t, const AdviceQuestion& q, Advice& out)
      : s_(s), t_(t), scenes_(q.scenes), out_(out) {
    set_targets(q);
    work_.emplace(question(), instead());
  }

  // Weighs every plan: out_'s current, best and others.
  void run() {
    set_kinds();
    // Refused at once when even the kinds before any is split, on numbers
    // of one word, need too much.
    work().expect(weight());
    if (besiegers()) split_kinds();
    kind_of_.assign(varied_.size(), 0);
    for (std::size_t k = 0; k < kinds_.size(); ++k)
      for (const std::size_t e : kinds_[k].members) kind_of_[e] = k;
    for (const Kind& k : kinds_) left_.push_back(static_cast<int>(k.members.size()));
    // Each place's chance under every load: first every chain weighed (made,
    // not played: it charges its whole work as it is made) on a count of
    // the question's, refused at once when the chains and the search would
    // pass the budget; then each played, charging its work again, and the
    // search charged on numbers as long as those chances.
    Work weighing(question(), instead());
    weighing.charge(saturating_add(work().used(), weight()));
    for (std::size_t i = 0; i < places_.size(); ++i)
      each_load(i, [&](const std::vector<int>& n) {
        const std::vector<SectionChain::Attacker> order = attacks(i, n);
        if (!order.empty())
          (void)SectionChain(stats_of(*places_[i].section, t_).hull, places_[i].section->hull_suffered, order,
                             scenes_, weighing);
      });
    for (std::size_t i = 0; i < places_.size(); ++i)
      each_load(i, [&](const std::vector<int>& n) {
        const Fraction& q = chance(i, n);
        places_[i].words = std::max({places_[i].words, words(q.num), words(q.den)});
      });
    work().charge(weight());
    std::vector<std::size_t> now;
    for (std::size_t e = 0; e < varied_.size(); ++e) now.push_back(now_class(e));
    out_.current = plan_of(product_of(now), std::nullopt);
    chosen_.assign(places_.size(), nullptr);
    descend(0, 1, 1);
    out_.best = plan_of({top_[0].num, top_[0].den}, top_[0].plan);
    for (std::size_t j = 1; j < top_.size(); ++j)
      out_.others.push_back(plan_of({top_[j].num, top_[j].den}, top_[j].plan));
  }

  // When every plan gives 1 (the goal is reached already): the plan with
  // fewest re-aims, then the first in the fixed order.
  void settle() {
    std::vector<int> plan;
    for (std::size_t e = 0; e < varied_.size(); ++e) plan.push_back(std::max(now_[e], 0));
    out_.current = plan_of({0, 1}, std::nullopt);
    out_.best = plan_of({0, 1}, plan);
  }

  // Whether a chain of an engine the defenders may knock out was played.
  [[nodiscard]] bool knock_outs() const { return knock_outs_; }
  // The varied engines whose aim now is no target a plan may take.
  [[nodiscard]] std::vector<const EngineState*> off_targets() const {
    std::vector<const EngineState*> out;
    for (std::size_t e = 0; e < varied_.size(); ++e)
      if (now_[e] < 0) out.push_back(varied_[e]);
    return out;
  }

 private:
  // A target that matters: a section of the goal (a besieger's), or a
  // besieger engine that shoots at one (a defender's).
  struct Class {
    std::size_t place;                    // in places_
    const EngineState* engine = nullptr;  // a defender's target; nullptr for a besieger's
  };
  // A section of the goal, the targets on it that matter, and its chance
  // under each load worked out so far (see chance()).
  struct Place {
    const SectionState* section;
    std::vector<std::size_t> classes;  // in classes_
    std::map<std::vector<int>, Fraction> chance;
    std::uint64_t words = 1;  // of the longest number of those chances
  };
  // Varied engines that are exchangeable.
  struct Kind {
    Gun gun;
    const ExposedEngine* exposure = nullptr;  // a besieger's chain under the defenders' fire
    std::vector<std::size_t> members;         // in varied_, in order
  };
  // A plan among the best: the chance that no section of the goal is
  // breached (unreduced), and its targets (in out_.targets) for varied_.
  struct Found {
    Int num, den;
    std::vector<int> plan;
    std::size_t reaims = 0;
  };

  [[nodiscard]] bool besiegers() const { return out_.side == EngineSide::besieger; }
  [[nodiscard]] static constexpr std::size_t nothing() { return std::numeric_limits<std::size_t>::max(); }
  Work& work() { return *work_; }

  // What the refusal of a question too large names, and what to ask instead.
  [[nodiscard]] std::string question() const {
    const std::string plans = out_.plans.str().size() <= 15 ? out_.plans.str()
                                                            : std::to_string(out_.targets.size()) + "^" +
                                                                  std::to_string(varied_.size());
    return "advice for " + std::to_string(varied_.size()) + " " + std::string(name_of(out_.side)) + " engines, " +
           std::to_string(out_.targets.size()) + " targets each (" + plans + " plans), over " +
           input_word("scenes") + " " + std::to_string(scenes_);
  }
  [[nodiscard]] std::string instead() const {
    return "hold some engines at their aims (" + input_word("keep") + " ENGINE)" +
           (scenes_ > 1 ? ", or ask for fewer " + input_word("scenes") : std::string());
  }

  // The places, targets and classes of the question, the engines it varies
  // and their aims now.
  void set_targets(const AdviceQuestion& q) {
    for (const auto& sec : s_.sections)
      if (q.goal.empty() || sec.id == q.goal) places_.push_back({&sec, {}, {}});
    auto class_of = [&](const std::string& section, const EngineState* engine) {
      for (std::size_t i = 0; i < places_.size(); ++i)
        if (places_[i].section->id == section) {
          places_[i].classes.push_back(classes_.size());
          classes_.push_back({i, engine});
          return classes_.size() - 1;
        }
      return nothing();
    };
    if (besiegers()) {
      for (const auto& sec : s_.sections)
        if (sec.state != BreachState::breached) {
          out_.targets.push_back(sec.id);
          target_class_.push_back(class_of(sec.id, nullptr));
        }
    } else {
      for (const auto& b : s_.engines)
        if (b.side == EngineSide::besieger && b.present() && !b.knocked_out && !b.engine.empty()) {
          out_.targets.push_back(b.id);
          target_class_.push_back(shoots(b) ? class_of(b.target, &b) : nothing());
        }
      out_.targets.emplace_back(camp_id);
      target_class_.push_back(nothing());
    }
    out_.targets.emplace_back();  // none
    target_class_.push_back(nothing());
    for (const auto& e : s_.engines) {
      if (e.side != out_.side || !shoots(e)) continue;
      if (std::find(q.keep.begin(), q.keep.end(), e.id) != q.keep.end()) {
        out_.kept.push_back(e.id);
        continue;
      }
      varied_.push_back(&e);
      out_.engines.push_back(e.id);
      const auto at = std::find(out_.targets.begin(), out_.targets.end(), e.target);
      now_.push_back(at == out_.targets.end() ? -1 : static_cast<int>(at - out_.targets.begin()));
    }
    out_.plans = boost::multiprecision::pow(Int(out_.targets.size()), static_cast<unsigned>(varied_.size()));
  }

  // The class of varied engine e's aim now: nothing() when it matters not
  // (or is no target a plan may take: then it makes no attack).
  [[nodiscard]] std::size_t now_class(std::size_t e) const {
    return now_[e] < 0 ? nothing() : target_class_[static_cast<std::size_t>(now_[e])];
  }

  [[nodiscard]] bool is_varied(const EngineState& e) const {
    return std::find(varied_.begin(), varied_.end(), &e) != varied_.end();
  }

  // The guns of the defender engines that shoot at besieger engine `b`
  // whatever the plan: every one in a besiegers' plan, the kept ones in a
  // defenders' plan; in the order of the state.
  [[nodiscard]] std::vector<Gun> fixed_guns(const EngineState& b) const {
    std::vector<Gun> guns;
    for (const auto& d : s_.engines)
      if (d.side == EngineSide::defender && shoots(d) && d.target == b.id && !is_varied(d))
        guns.push_back(gun_of(d));
    return guns;
  }

  // The besieger engines that shoot at place `i` whatever the plan, in the
  // order of the state: the kept ones in a besiegers' plan, all of them in a
  // defenders' plan.
  [[nodiscard]] std::vector<const EngineState*> fixed_attackers(std::size_t i) const {
    std::vector<const EngineState*> out;
    for (const auto& b : s_.engines)
      if (b.side == EngineSide::besieger && shoots(b) && b.target == places_[i].section->id && !is_varied(b))
        out.push_back(&b);
    return out;
  }

  // The chain of besieger engine `b` under `guns`; nullptr when there are none.
  const ExposedEngine* exposure(const EngineState& b, const std::vector<Gun>& guns) {
    if (guns.empty() || b.engine.empty()) return nullptr;
    return exposures_.of(*row_of(b, t_), b.id, b.hull_suffered, guns, t_, scenes_, work(), out_.rules,
                         out_.not_modelled);
  }

  // The attack of `gun` on place `i`, worked out once.
  const Transition& shot(std::size_t i, const Gun& gun) {
    auto [at, fresh] = shots_.try_emplace({i, gun});
    if (fresh) at->second = section_shot(*places_[i].section, gun, t_, work(), out_.rules, out_.not_modelled);
    return at->second;
  }

  // The kinds of the varied engines (see the top of this header).
  void set_kinds() {
    std::vector<const ExposedEngine*> chain(varied_.size(), nullptr);
    if (besiegers())
      for (std::size_t e = 0; e < varied_.size(); ++e) chain[e] = exposure(*varied_[e], fixed_guns(*varied_[e]));
    for (std::size_t e = 0; e < varied_.size(); ++e) {
      const Gun gun = gun_of(*varied_[e]);
      auto same = std::find_if(kinds_.begin(), kinds_.end(),
                               [&](const Kind& k) { return k.gun == gun && k.exposure == chain[e]; });
      if (same == kinds_.end()) same = kinds_.insert(kinds_.end(), Kind{gun, chain[e], {}});
      same->members.push_back(e);
    }
  }

  // A kind of besieger engines not listed together, whose attack does not
  // commute with every other that may reach a section of the goal, is split
  // into runs listed together (no other besieger engine that shoots between
  // them): which engines of a run shoot never changes the order of the
  // attacks on a section.
  void split_kinds() {
    std::vector<const EngineState*> shooters;  // every besieger engine that shoots, in order
    for (const auto& b : s_.engines)
      if (b.side == EngineSide::besieger && shoots(b)) shooters.push_back(&b);
    auto position = [&](std::size_t e) { return std::find(shooters.begin(), shooters.end(), varied_[e]); };
    std::vector<Kind> split;
    for (auto& k : kinds_) {
      bool together = true;
      for (std::size_t j = 1; j < k.members.size(); ++j)
        together = together && position(k.members[j]) == position(k.members[j - 1]) + 1;
      if (together || commutes_everywhere(k.gun)) {
        split.push_back(std::move(k));
        continue;
      }
      for (std::size_t j = 0; j < k.members.size(); ++j) {
        if (j == 0 || position(k.members[j]) != position(k.members[j - 1]) + 1)
          split.push_back(Kind{k.gun, k.exposure, {}});
        split.back().members.push_back(k.members[j]);
      }
    }
    std::sort(split.begin(), split.end(), [](const Kind& a, const Kind& b) { return a.members[0] < b.members[0]; });
    kinds_ = std::move(split);
  }

  // Whether the attack of `gun` on each section of the goal commutes with
  // every other that may reach it (a kept engine's or a varied one's).
  bool commutes_everywhere(const Gun& gun) {
    for (std::size_t i = 0; i < places_.size(); ++i) {
      std::set<Gun> others;
      for (const EngineState* b : fixed_attackers(i)) others.insert(gun_of(*b));
      for (const EngineState* e : varied_) others.insert(gun_of(*e));
      others.erase(gun);
      for (const Gun& other : others)
        if (!commute(shot(i, gun), shot(i, other), work())) return false;
    }
    return true;
  }

  // The slots of a load of place i: one for each kind and class on it.
  [[nodiscard]] std::size_t slots(std::size_t i) const { return kinds_.size() * places_[i].classes.size(); }

  // The attacks on place i under load `n`, in the order they are made (the
  // order of the state): n[k * (its classes) + j] engines of kind k aim at
  // its j-th class (a besieger's: the section itself), the kind's first
  // engines standing for those that aim (see the top of this header).
  std::vector<SectionChain::Attacker> attacks(std::size_t i, const std::vector<int>& n) {
    const Place& p = places_[i];
    const std::size_t width = p.classes.size();
    std::vector<std::pair<const EngineState*, SectionChain::Attacker>> out;
    for (const EngineState* b : fixed_attackers(i)) {
      std::vector<Gun> fire = fixed_guns(*b);
      if (!besiegers())
        for (std::size_t j = 0; j < width; ++j)
          if (classes_[p.classes[j]].engine == b)
            for (std::size_t k = 0; k < kinds_.size(); ++k)
              fire.insert(fire.end(), static_cast<std::size_t>(n[k * width + j]), kinds_[k].gun);
      out.push_back({b, {&shot(i, gun_of(*b)), exposure(*b, fire)}});
    }
    if (besiegers())
      for (std::size_t k = 0; k < kinds_.size(); ++k)
        for (int m = 0; m < n[k * width]; ++m)
          out.push_back({varied_[kinds_[k].members[static_cast<std::size_t>(m)]],
                         {&shot(i, kinds_[k].gun), kinds_[k].exposure}});
    std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<SectionChain::Attacker> order;
    for (const auto& [engine, a] : out) order.push_back(a);
    return order;
  }

  // The chance that place i is not breached by the end of the last scene
  // under load `n`, worked out once a load.
  const Fraction& chance(std::size_t i, const std::vector<int>& n) {
    Place& p = places_[i];
    if (const auto found = p.chance.find(n); found != p.chance.end()) return found->second;
    const std::vector<SectionChain::Attacker> order = attacks(i, n);
    Fraction q{1, 1};
    if (!order.empty()) {
      for (const auto& a : order) knock_outs_ = knock_outs_ || a.exposed != nullptr;
      SectionChain chain(stats_of(*p.section, t_).hull, p.section->hull_suffered, order, scenes_, work());
      ++out_.chains;
      for (int k = 1; k <= scenes_; ++k) chain.play_scene(k);
      std::array<Int, 3> ways = chain.ways_after(scenes_);
      q = reduced(std::move(ways[0]) + ways[1], chain.denominator_after(scenes_), work());
    }
    return p.chance.emplace(n, std::move(q)).first->second;
  }

  // The chance, unreduced, that no section of the goal is breached when
  // each varied engine aims at class at[e] (nothing(): at none that matters).
  std::pair<Int, Int> product_of(const std::vector<std::size_t>& at) {
    Int num = 1, den = 1;
    for (std::size_t i = 0; i < places_.size(); ++i) {
      const std::size_t width = places_[i].classes.size();
      std::vector<int> n(slots(i), 0);
      for (std::size_t e = 0; e < varied_.size(); ++e)
        for (std::size_t j = 0; j < width; ++j)
          if (at[e] == places_[i].classes[j]) ++n[kind_of_[e] * width + j];
      const Fraction& q = chance(i, n);
      num *= q.num;
      den *= q.den;
    }
    return {std::move(num), std::move(den)};
  }

  // The work of the search with the kinds as they are, from the counts
  // that drive it: each step down to place i (a load of it found among
  // those worked out, the product so far multiplied by its chance) and each
  // plan at the bottom (its product compared with the fourth best). The
  // numbers are as long as the places' chances (Place::words) and never
  // longer than the ways of every attack of the scenes: each engine has
  // one target.
  [[nodiscard]] std::uint64_t weight() const {
    std::uint64_t bits = 0;
    for (const auto& e : s_.engines)
      if (shoots(e))
        bits = saturating_add(bits, saturating_mul(static_cast<std::uint64_t>(scenes_),
                                                   check_size(crew_check(e.pool), t_.dice).bits));
    const std::uint64_t most = words_of_bits(bits);
    // The two products of a step or a plan, of numbers a and b words long
    // (measured: together about what product_weight gives one).
    auto products = [](std::uint64_t a, std::uint64_t b) {
      return saturating_add(saturating_mul(product_weight, saturating_mul(a, b)), product_overhead);
    };
    std::uint64_t units = 0, down_to = 1, classes = 0, so_far = 0;
    for (const Place& p : places_) {
      classes += p.classes.size();
      down_to = 1;
      for (const Kind& k : kinds_) down_to = saturating_mul(down_to, multisets(k.members.size(), classes));
      units = saturating_add(units, saturating_mul(down_to, saturating_add(products(std::min(so_far, most) + 1,
                                                                                    std::min(p.words, most)),
                                                                           load_weight)));
      so_far = saturating_add(so_far, p.words);
    }
    return saturating_add(units, saturating_mul(down_to, products(std::min(so_far, most) + 1, std::min(so_far, most) + 1)));
  }

  // Finding a load's chance among those worked out, or keeping a new one (measured).
  static constexpr std::uint64_t load_weight = 200;

  // Calls f(n) for each load n of place i that the engines not yet placed
  // (left_) allow, in order: the last slot whose kind has an engine left
  // takes one more, the slots after it going back to 0.
  template <typename F>
  void each_load(std::size_t i, F&& f) {
    const std::size_t width = places_[i].classes.size(), n_slots = slots(i);
    std::vector<int> n(n_slots, 0);
    for (;;) {
      f(std::as_const(n));
      std::size_t slot = n_slots;
      bool next = false;
      while (!next && slot-- > 0) {
        int& left = left_[slot / width];
        if (left > 0) {
          ++n[slot];
          --left;
          next = true;
        } else {
          left += n[slot];
          n[slot] = 0;
        }
      }
      if (!next) return;
    }
  }

  // Goes through every load of places i, i + 1, ... that the engines not yet
  // placed allow, num / den being the product of the places before i.
  void descend(std::size_t i, const Int& num, const Int& den) {
    if (i == places_.size()) return consider(num, den);
    each_load(i, [&](const std::vector<int>& n) {
      chosen_[i] = &n;
      const Fraction& q = chance(i, n);
      descend(i + 1, num * q.num, den * q.den);
    });
  }

  // -1, 0 or 1: whether the product num / den is better for the side than
  // `b`'s, as good, or worse. Besiegers want it low (a breach likely).
  [[nodiscard]] int compare(const Int& num, const Int& den, const Found& b) const {
    const Int x = num * b.den, y = b.num * den;
    if (x == y) return 0;
    return (x < y) == besiegers() ? -1 : 1;
  }

  // A plan of the loads chosen now, of product num / den: kept when its
  // chance is among the best distinct ones found.
  void consider(const Int& num, const Int& den) {
    if (top_.size() == advised_plans && compare(num, den, top_.back()) > 0) return;
    std::size_t j = 0;
    int c = 1;
    while (j < top_.size() && (c = compare(num, den, top_[j])) > 0) ++j;
    Found f{num, den, {}, 0};
    first_plan(f);
    if (j < top_.size() && c == 0) {
      if (std::tie(f.reaims, f.plan) < std::tie(top_[j].reaims, top_[j].plan)) top_[j] = std::move(f);
      return;
    }
    top_.insert(top_.begin() + static_cast<std::ptrdiff_t>(j), std::move(f));
    if (top_.size() > advised_plans) top_.pop_back();
  }

  // The plan of the loads chosen now with fewest re-aims, then first in the
  // fixed order. The kinds share no engine, so each is assigned apart:
  // engine by engine, the first target that still lets the kind's re-aims
  // be fewest.
  void first_plan(Found& f) {
    f.plan.assign(varied_.size(), 0);
    const std::size_t none = classes_.size();  // the slot of the aims that matter not
    auto slot_of = [&](std::size_t c) { return c == nothing() ? none : c; };
    for (std::size_t k = 0; k < kinds_.size(); ++k) {
      const auto& members = kinds_[k].members;
      std::vector<int> need(none + 1, 0);  // of each class, how many of the kind aim at it
      need[none] = static_cast<int>(members.size());
      for (std::size_t i = 0; i < places_.size(); ++i) {
        const std::size_t width = places_[i].classes.size();
        for (std::size_t j = 0; j < width; ++j) {
          const int m = (*chosen_[i])[k * width + j];
          need[places_[i].classes[j]] += m;
          need[none] -= m;
        }
      }
      std::vector<int> have(none + 1, 0);  // of the engines not yet assigned, how many aim at each now
      for (const std::size_t e : members)
        if (now_[e] >= 0) ++have[slot_of(now_class(e))];
      auto kept = [&] {  // the most aims the engines not yet assigned can keep
        std::size_t m = 0;
        for (std::size_t c = 0; c <= none; ++c) m += static_cast<std::size_t>(std::min(need[c], have[c]));
        return m;
      };
      work().charge(saturating_mul(members.size(), saturating_mul(out_.targets.size(), none + 1)));
      const std::size_t fewest = members.size() - kept();
      std::size_t spent = 0;
      for (std::size_t m = 0; m < members.size(); ++m) {
        const std::size_t e = members[m];
        if (now_[e] >= 0) --have[slot_of(now_class(e))];
        for (std::size_t j = 0; j < out_.targets.size(); ++j) {
          const std::size_t c = slot_of(target_class_[j]);
          if (need[c] == 0) continue;
          const std::size_t cost = static_cast<int>(j) == now_[e] ? 0 : 1;
          --need[c];
          if (spent + cost + (members.size() - m - 1 - kept()) == fewest) {
            f.plan[e] = static_cast<int>(j);
            spent += cost;
            break;
          }
          ++need[c];
        }
      }
      f.reaims += spent;
    }
  }

  // The answer's form of `plan` (a target for each varied engine; none:
  // the file's aims), the chance that no section of the goal is breached
  // being num / den.
  AimPlan plan_of(const std::pair<Int, Int>& product, const std::optional<std::vector<int>>& plan) {
    AimPlan p;
    const auto& [num, den] = product;
    work().add(4, den, den);  // the fraction reduced
    const Rational chance(den - num, den);
    p.chance = {boost::multiprecision::numerator(chance), boost::multiprecision::denominator(chance)};
    p.today = true;
    for (std::size_t e = 0; e < varied_.size(); ++e) {
      const EngineState& engine = *varied_[e];
      if (!plan) {
        p.aims.push_back(engine.target);
        continue;
      }
      const std::string& to = out_.targets[static_cast<std::size_t>((*plan)[e])];
      p.aims.push_back(to);
      if ((*plan)[e] != now_[e]) {
        p.reaims.push_back({engine.id, engine.target, to});
        p.today = false;
      }
    }
    return p;
  }

  const Snapshot& s_;
  const Tables& t_;
  int scenes_;
  Advice& out_;
  std::optional<Work> work_;  // made once the plans are counted (its refusal names them)
  ExposureChains exposures_;
  std::map<std::pair<std::size_t, Gun>, Transition> shots_;  // by place and gun
  std::vector<Place> places_;
  std::vector<Class> classes_;
  std::vector<std::size_t> target_class_;  // of each of out_.targets: its class, or nothing()
  std::vector<const EngineState*> varied_;
  std::vector<int> now_;  // each varied engine's aim now, in out_.targets; -1 when none of them
  std::vector<Kind> kinds_;
  std::vector<std::size_t> kind_of_;              // of each varied engine
  std::vector<int> left_;                         // of each kind, the engines not yet given a load
  std::vector<const std::vector<int>*> chosen_;  // on the way down: the load of each place
  std::vector<Found> top_;                        // the best distinct products, best first
  bool knock_outs_ = false;
};

}  // namespace detail

// R45: the best plan of aims for side q.side over the next q.scenes scenes
// of siege `s`, every plan weighed exactly (see the top of this header).
// Refused (usage errors, naming the input): scenes outside 1 to
// max_scenes_ahead; a goal section not in the siege; a kept engine unknown
// (both with the nearest ids), gone, of the other side or unable to shoot.
// A question too large to answer in about a second is refused at once
// ("too-large"), saying what to ask instead.
[[nodiscard]] inline Advice advise(const Snapshot& s, const Tables& t, const AdviceQuestion& q) {
  if (q.scenes < 1 || q.scenes > max_scenes_ahead)
    fail_input("bad-scenes", "scenes", std::to_string(q.scenes),
               "expected from 1 to " + std::to_string(max_scenes_ahead) + " scenes ahead");
  if (!q.goal.empty() && s.find_section(q.goal) == nullptr) {
    std::vector<std::string> ids;
    for (const auto& x : s.sections) ids.push_back(x.id);
    fail_input("unknown-section", "goal", std::string(breach_goal_prefix) + q.goal,
               "unknown section '" + q.goal + "'" + siege::detail::did_you_mean(q.goal, ids) + "; see '" +
                   command_words({"status"}) + "'");
  }
  for (const auto& id : q.keep) {
    const EngineState* e = s.find_engine(id);
    if (e == nullptr) {
      std::vector<std::string> ids;
      for (const auto& x : s.engines)
        if (x.present() && x.side == q.side) ids.push_back(x.id);
      fail_input("unknown-engine", "keep", id,
                 "unknown engine" + siege::detail::did_you_mean(id, ids) + "; see '" + command_words({"status"}) + "'");
    }
    if (!e->present()) fail_input("gone", "keep", id, "it has left the siege; no command names it again (R36)");
    if (e->side != q.side)
      fail_input("bad-keep", "keep", id,
                 "a " + std::string(name_of(e->side)) + " engine: the plan is the " + std::string(name_of(q.side)) +
                     "s' (" + input_word("side") + ")");
    if (!detail::shoots(*e))
      fail_input("bad-keep", "keep", id,
                 std::string(e->knocked_out ? "knocked out" : "it has no weapon") + ": it has no aim to hold");
  }

  Advice o;
  o.side = q.side;
  o.goal = q.goal;
  o.played = s.scene;
  o.scenes = q.scenes;
  o.rules = {"exact-odds", "scene-attacks", "engine-targets", "best-aim"};
  detail::AimSearch search(s, t, q, o);
  // A breached section stays breached: a goal reached already is certain.
  o.settled = std::any_of(s.sections.begin(), s.sections.end(), [&](const SectionState& x) {
    return x.state == BreachState::breached && (q.goal.empty() || x.id == q.goal);
  });
  if (o.settled) {
    search.settle();
    o.notes.push_back((q.goal.empty() ? std::string("A section is") : "Section " + q.goal + " is") +
                      " already breached: every plan gives 1.");
  } else {
    search.run();
  }
  for (const EngineState* e : search.off_targets())
    o.notes.push_back(e->id + " aims at " + e->target + ", which no plan may take (R29): every plan re-aims it.");
  if (o.best.today) o.notes.emplace_back("Today's aims are already the best plan.");
  if (search.knock_outs()) detail::note_knock_outs(o.rules, o.notes);
  detail::close_outlook(o.played + q.scenes, o.rules, o.notes, o.not_modelled);
  return o;
}

}  // namespace siege::odds
