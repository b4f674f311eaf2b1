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
// So a plan is weighed by how many of each kind aim at each target that
// matters, the rest at nothing, and those counts are found section by
// section: a dynamic programme over the sections of the goal whose state is
// how many engines of each kind are not yet placed (12 engines of 3 kinds,
// 4 alike each: 5^3 = 125 states), each section taking every load those
// allow. At each state it keeps the best distinct products so far (as many
// as the answer shows), each with its fewest re-aims (a plan's re-aims are
// a sum over kinds and targets: the engines a target needs beyond those of
// the kind aimed at it now), and whether some way there gives 0 and with
// how few re-aims; a product not among the best at its state can lead to
// no answer (its betters, times the same rest, would all be better) unless
// the rest gives 0, which that track keeps. The work is known from those
// counts before it starts, and a question too large is refused at once;
// each section's chain charges its own work before it is made, as in
// scene_odds.
//
// The best chance and the next three distinct ones are kept; each is shown
// by the plan that gives it with the fewest re-aims, then the first in one
// fixed order: engines in the order of the state, each one's targets in the
// order of Advice::targets (sections, then besieger engines, in the order of
// the state, then the camp, then none). That plan is found back from the
// ways the programme kept to that chance with those re-aims: engine by
// engine, the first target that one of those ways still allows with no
// more re-aims.
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
#include <stdexcept>
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
  Int plans = 1;                  // the plans the answer weighed: every one, targets^engines
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
    set_states();
    std::vector<std::size_t> now;
    for (std::size_t e = 0; e < varied_.size(); ++e) now.push_back(now_class(e));
    out_.current = plan_of(product_of(now), std::nullopt);
    const std::vector<Entry> found = search();
    for (std::size_t j = 0; j < found.size(); ++j) {
      const Entry& x = found[j];
      const Dag ways = x.num == 0 ? ways_to_zero(x.reaims) : ways_to(x);
      AimPlan p = plan_of({x.num, x.den}, first_plan(ways, x.reaims));
      if (j == 0)
        out_.best = std::move(p);
      else
        out_.others.push_back(std::move(p));
    }
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
  // A way to load place i: n[k * (its classes) + j] engines of kind k aim
  // at its j-th class.
  struct Load {
    std::vector<int> n;
    std::vector<int> used;             // of each kind, the engines it places
    std::size_t step = 0;              // what it takes from a state's number (see set_states)
    const Fraction* chance = nullptr;  // that the place is not breached under it
    int reaims = 0;                    // the engines its targets need beyond those aimed at them now
  };
  // The way into an Entry: from entry `entry` of state `state` at the place
  // before, by load `load` (an answer's: the entry at the last place).
  struct Step {
    std::uint32_t state, entry, load;
  };
  // A product of the places so far (unreduced) that no section of the goal
  // is breached, the fewest re-aims that give it, and every way in that
  // gives it with those.
  struct Entry {
    Int num, den;
    int reaims = 0;
    std::vector<Step> from;
  };
  // The programme after i places: at each state, the best distinct nonzero
  // products (best first, as many as advised_plans), and the fewest re-aims
  // of any way there and of a way whose product is 0 (unreached: none).
  struct Stage {
    std::vector<std::vector<Entry>> entries;
    std::vector<int> any, zero;
  };
  // The ways to one answer, place by place: at stage i, nodes of a state
  // (and, for the ways to 0, whether the product is 0 yet), each with its
  // ways in from stage i - 1.
  struct Node {
    std::uint32_t state;
    std::uint32_t tag;                                        // its entry, or whether the product is 0
    std::vector<std::pair<std::uint32_t, std::uint32_t>> in;  // (node at the stage before, load)
  };
  using Dag = std::vector<std::vector<Node>>;
  using NodeIndex = std::vector<std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint32_t>>;  // by stage
  static constexpr int unreached = std::numeric_limits<int>::max();

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
  // that drive it. At each place, every state's loads looked at, and each
  // way from a state by a load (transitions): its re-aims, and for each
  // product kept at that state the product by the load's chance and its
  // place among the advised_plans kept at the next state (up to one more
  // comparison than those, each two products). Then each answer: its ways
  // found back (one more look at every transition), and its first plan,
  // engine by engine and target by target, each try a pass over those ways
  // (never more than advised_plans ways in a transition, each a few
  // integer operations; each load's re-aims under the engines assigned
  // worked out once a pass). The numbers are as long as the places'
  // chances (Place::words) and never longer than the ways of every attack
  // of the scenes: each engine has one target.
  [[nodiscard]] std::uint64_t weight() const {
    std::uint64_t bits = 0;
    for (const auto& e : s_.engines)
      if (shoots(e))
        bits = saturating_add(bits, saturating_mul(static_cast<std::uint64_t>(scenes_),
                                                   check_size(crew_check(e.pool), t_.dice).bits));
    const std::uint64_t most = words_of_bits(bits);
    // The two products of a step or a comparison, of numbers a and b words
    // long (measured: together about what product_weight gives one).
    auto products = [](std::uint64_t a, std::uint64_t b) {
      return saturating_add(saturating_mul(product_weight, saturating_mul(a, b)), product_overhead);
    };
    const std::uint64_t kept = advised_plans, kinds = kinds_.size();
    std::uint64_t states = 1;
    for (const Kind& k : kinds_) states = saturating_mul(states, k.members.size() + 1);
    std::uint64_t units = 0, so_far = 0, transitions = 0, pass = saturating_mul(states, kinds + 1);
    for (std::size_t i = 0; i < places_.size(); ++i) {
      const Place& p = places_[i];
      const std::uint64_t width = p.classes.size(), slots = saturating_mul(kinds, width) + 1;
      std::uint64_t loads = 1, here = 1;  // the loads of the place; the transitions into the next stage
      for (const Kind& k : kinds_) {
        loads = saturating_mul(loads, multisets(k.members.size(), width));
        // From the first state alone at the first place, else from every
        // state: sum over s <= m of C(s + w, w) = C(m + w + 1, w + 1).
        here = saturating_mul(here, multisets(k.members.size(), i == 0 ? width : width + 1));
      }
      const std::uint64_t before = std::min(so_far, most) + 1;
      so_far = saturating_add(so_far, p.words);
      const std::uint64_t after = std::min(so_far, most) + 1;
      const std::uint64_t each = saturating_add(products(before, std::min(p.words, most)),
                                                saturating_mul(kept + 1, products(after, after)));
      units = saturating_add(units, saturating_mul(saturating_mul(i == 0 ? 1 : states, loads), kinds + 1));
      units = saturating_add(units,
                             saturating_mul(here, saturating_add(transition_weight, saturating_mul(kept, each))));
      transitions = saturating_add(transitions, here);
      pass = saturating_add(pass, saturating_add(saturating_mul(here, kept), saturating_mul(loads, slots)));
    }
    const std::uint64_t last = std::min(so_far, most) + 1;
    units = saturating_add(units, saturating_mul(saturating_mul(states, kept),
                                                 saturating_mul(kept + 1, products(last, last))));
    const std::uint64_t tries = saturating_mul(varied_.size(), out_.targets.size());
    const std::uint64_t answer =
        saturating_add(saturating_mul(transitions, transition_weight), saturating_mul(tries, pass));
    return saturating_add(units, saturating_mul(kept, answer));
  }

  // A transition's own work, the products aside (measured).
  static constexpr std::uint64_t transition_weight = 8;

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

  // The slot of class c in a kind's counts: its index, the last for the
  // aims that matter not.
  [[nodiscard]] std::size_t slot_of(std::size_t c) const { return c == nothing() ? classes_.size() : c; }

  // The states (how many engines of each kind are not yet placed, one
  // number: the sum of each kind's count times its stride), the loads of
  // each place, and how many of each kind aim at each slot now.
  void set_states() {
    stride_.clear();
    states_ = 1;
    for (const Kind& k : kinds_) {
      stride_.push_back(states_);
      states_ *= k.members.size() + 1;
    }
    have_.assign(kinds_.size(), std::vector<int>(classes_.size() + 1, 0));
    for (std::size_t e = 0; e < varied_.size(); ++e)
      if (now_[e] >= 0) ++have_[kind_of_[e]][slot_of(now_class(e))];
    loads_.assign(places_.size(), {});
    for (std::size_t i = 0; i < places_.size(); ++i) {
      const std::size_t width = places_[i].classes.size();
      each_load(i, [&](const std::vector<int>& n) {
        Load l{n, std::vector<int>(kinds_.size(), 0), 0, &chance(i, n), 0};
        for (std::size_t k = 0; k < kinds_.size(); ++k) {
          for (std::size_t j = 0; j < width; ++j) {
            const int m = n[k * width + j];
            l.used[k] += m;
            l.reaims += std::max(0, m - have_[k][places_[i].classes[j]]);
          }
          l.step += static_cast<std::size_t>(l.used[k]) * stride_[k];
        }
        loads_[i].push_back(std::move(l));
      });
    }
  }

  // The engines of each kind not yet placed in state s.
  void counts_of(std::size_t s, std::vector<int>& counts) const {
    counts.resize(kinds_.size());
    for (std::size_t k = 0; k < kinds_.size(); ++k)
      counts[k] = static_cast<int>(s / stride_[k] % (kinds_[k].members.size() + 1));
  }
  [[nodiscard]] static bool fits(const Load& l, const std::vector<int>& counts) {
    for (std::size_t k = 0; k < counts.size(); ++k)
      if (l.used[k] > counts[k]) return false;
    return true;
  }
  // The re-aims of the engines left at the end (they aim at nothing that matters).
  [[nodiscard]] int last_reaims(const std::vector<int>& counts) const {
    int r = 0;
    for (std::size_t k = 0; k < counts.size(); ++k) r += std::max(0, counts[k] - have_[k].back());
    return r;
  }
  static void lower(int& x, int y) { x = std::min(x, y); }

  // The programme over the places (see the top of this header): the best
  // distinct products at the end, best first, each with its fewest re-aims
  // and the ways to it (a 0 with none: see ways_to_zero).
  std::vector<Entry> search() {
    const std::size_t n_places = places_.size();
    stages_.assign(n_places + 1, Stage{});
    for (Stage& st : stages_) {
      st.entries.resize(states_);
      st.any.assign(states_, unreached);
      st.zero.assign(states_, unreached);
    }
    const std::size_t start = states_ - 1;  // every engine not yet placed
    stages_[0].any[start] = 0;
    stages_[0].entries[start].push_back({1, 1, 0, {}});
    std::vector<int> counts;
    for (std::size_t i = 0; i < n_places; ++i) {
      const Stage& from = stages_[i];
      Stage& to = stages_[i + 1];
      for (std::size_t s = 0; s < states_; ++s) {
        if (from.any[s] == unreached) continue;
        counts_of(s, counts);
        for (std::size_t l = 0; l < loads_[i].size(); ++l) {
          const Load& load = loads_[i][l];
          if (!fits(load, counts)) continue;
          const std::size_t t = s - load.step;
          lower(to.any[t], from.any[s] + load.reaims);
          if (from.zero[s] != unreached) lower(to.zero[t], from.zero[s] + load.reaims);
          if (load.chance->num == 0) {
            lower(to.zero[t], from.any[s] + load.reaims);
            continue;
          }
          for (std::size_t e = 0; e < from.entries[s].size(); ++e) {
            const Entry& x = from.entries[s][e];
            keep(to.entries[t], Entry{x.num * load.chance->num, x.den * load.chance->den, x.reaims + load.reaims,
                                      {Step{static_cast<std::uint32_t>(s), static_cast<std::uint32_t>(e),
                                            static_cast<std::uint32_t>(l)}}});
          }
        }
      }
    }
    std::vector<Entry> found;
    int zero = unreached;
    const Stage& end = stages_[n_places];
    for (std::size_t s = 0; s < states_; ++s) {
      if (end.any[s] == unreached) continue;
      counts_of(s, counts);
      const int last = last_reaims(counts);
      for (std::size_t e = 0; e < end.entries[s].size(); ++e) {
        const Entry& x = end.entries[s][e];
        keep(found, Entry{x.num, x.den, x.reaims + last,
                          {Step{static_cast<std::uint32_t>(s), static_cast<std::uint32_t>(e), 0}}});
      }
      if (end.zero[s] != unreached) lower(zero, end.zero[s] + last);
    }
    if (zero != unreached) keep(found, Entry{0, 1, zero, {}});
    return found;
  }

  // -1, 0 or 1: whether the product num / den is better for the side than
  // `b`'s, as good, or worse. Besiegers want it low (a breach likely).
  [[nodiscard]] int compare(const Int& num, const Int& den, const Entry& b) const {
    const Int x = num * b.den, y = b.num * den;
    if (x == y) return 0;
    return (x < y) == besiegers() ? -1 : 1;
  }

  // Keeps x in `list` (best first) when its product is among the
  // advised_plans best distinct ones: with the fewest re-aims of that
  // product, and every way in that gives it with those.
  void keep(std::vector<Entry>& list, Entry&& x) const {
    if (list.size() == advised_plans && compare(x.num, x.den, list.back()) > 0) return;
    std::size_t j = 0;
    int c = 1;
    while (j < list.size() && (c = compare(x.num, x.den, list[j])) > 0) ++j;
    if (j < list.size() && c == 0) {
      Entry& y = list[j];
      if (x.reaims < y.reaims) {
        y.reaims = x.reaims;
        y.from = std::move(x.from);
      } else if (x.reaims == y.reaims) {
        y.from.insert(y.from.end(), x.from.begin(), x.from.end());
      }
      return;
    }
    list.insert(list.begin() + static_cast<std::ptrdiff_t>(j), std::move(x));
    if (list.size() > advised_plans) list.pop_back();
  }

  // Node (state, tag) of stage i of `ways`, made when new; its index.
  static std::uint32_t node_of(Dag& ways, NodeIndex& index, std::size_t i, std::uint32_t state, std::uint32_t tag) {
    auto [at, fresh] = index[i].try_emplace({state, tag}, static_cast<std::uint32_t>(ways[i].size()));
    if (fresh) ways[i].push_back({state, tag, {}});
    return at->second;
  }

  // Every way to the nonzero answer `x` with its fewest re-aims: back from
  // its entries at the last place through the ways in each kept.
  Dag ways_to(const Entry& x) {
    const std::size_t n_places = places_.size();
    Dag ways(n_places + 1);
    NodeIndex index(n_places + 1);
    for (const Step& f : x.from) (void)node_of(ways, index, n_places, f.state, f.entry);
    for (std::size_t i = n_places; i > 0; --i)
      for (std::size_t n = 0; n < ways[i].size(); ++n) {
        const Entry& y = stages_[i].entries[ways[i][n].state][ways[i][n].tag];
        for (const Step& f : y.from) {
          const std::uint32_t p = node_of(ways, index, i - 1, f.state, f.entry);
          ways[i][n].in.emplace_back(p, f.load);
        }
      }
    return ways;
  }

  // Every way to a product of 0 with `reaims` re-aims, its fewest: back
  // from the states at the last place that give it, through every
  // transition that keeps the fewest re-aims of a way to 0 (tag 1) or, for
  // a load whose chance is 0 and the ways before it, of any way (tag 0).
  Dag ways_to_zero(int reaims) {
    const std::size_t n_places = places_.size();
    Dag ways(n_places + 1);
    NodeIndex index(n_places + 1);
    std::vector<int> counts;
    for (std::size_t s = 0; s < states_; ++s) {
      const int z = stages_[n_places].zero[s];
      if (z == unreached) continue;
      counts_of(s, counts);
      if (z + last_reaims(counts) == reaims) (void)node_of(ways, index, n_places, static_cast<std::uint32_t>(s), 1);
    }
    for (std::size_t i = n_places; i-- > 0;) {
      const Stage& from = stages_[i];
      const Stage& to = stages_[i + 1];
      for (std::size_t s = 0; s < states_; ++s) {
        if (from.any[s] == unreached) continue;
        counts_of(s, counts);
        const auto state = static_cast<std::uint32_t>(s);
        for (std::size_t l = 0; l < loads_[i].size(); ++l) {
          const Load& load = loads_[i][l];
          if (!fits(load, counts)) continue;
          const auto t = static_cast<std::uint32_t>(s - load.step);
          const auto lo = static_cast<std::uint32_t>(l);
          if (const auto z = index[i + 1].find({t, 1}); z != index[i + 1].end()) {
            if (from.zero[s] != unreached && from.zero[s] + load.reaims == to.zero[t]) {
              const std::uint32_t p = node_of(ways, index, i, state, 1);
              ways[i + 1][z->second].in.emplace_back(p, lo);
            }
            if (load.chance->num == 0 && from.any[s] + load.reaims == to.zero[t]) {
              const std::uint32_t p = node_of(ways, index, i, state, 0);
              ways[i + 1][z->second].in.emplace_back(p, lo);
            }
          }
          if (const auto a = index[i + 1].find({t, 0}); a != index[i + 1].end())
            if (from.any[s] + load.reaims == to.any[t]) {
              const std::uint32_t p = node_of(ways, index, i, state, 0);
              ways[i + 1][a->second].in.emplace_back(p, lo);
            }
        }
      }
    }
    return ways;
  }

  // The fewest re-aims of the engines not yet assigned over `ways`, those
  // assigned standing at fixed[k][slot] of each kind and slot, and the
  // others of each kind aiming at each slot now have[k][slot]: a load must
  // give each slot at least those assigned to it (unreached: no way does).
  [[nodiscard]] int fewest(const Dag& ways, const std::vector<std::vector<int>>& fixed,
                           const std::vector<std::vector<int>>& have) const {
    std::vector<int> dist(ways[0].size(), 0), next, cost;
    for (std::size_t i = 0; i + 1 < ways.size(); ++i) {
      const std::size_t width = places_[i].classes.size();
      cost.assign(loads_[i].size(), -1);
      auto cost_of = [&](std::size_t l) {
        if (cost[l] >= 0) return cost[l];
        int c = 0;
        for (std::size_t k = 0; k < kinds_.size() && c != unreached; ++k)
          for (std::size_t j = 0; j < width; ++j) {
            const std::size_t slot = places_[i].classes[j];
            const int m = loads_[i][l].n[k * width + j] - fixed[k][slot];
            if (m < 0) {
              c = unreached;
              break;
            }
            c += std::max(0, m - have[k][slot]);
          }
        return cost[l] = c;
      };
      next.assign(ways[i + 1].size(), unreached);
      for (std::size_t n = 0; n < ways[i + 1].size(); ++n)
        for (const auto& [p, l] : ways[i + 1][n].in) {
          const int c = cost_of(l);
          if (dist[p] != unreached && c != unreached) lower(next[n], dist[p] + c);
        }
      dist.swap(next);
    }
    int best = unreached;
    std::vector<int> counts;
    for (std::size_t n = 0; n < ways.back().size(); ++n) {
      if (dist[n] == unreached) continue;
      counts_of(ways.back()[n].state, counts);
      int c = dist[n];
      for (std::size_t k = 0; k < kinds_.size() && c != unreached; ++k) {
        const int m = counts[k] - fixed[k].back();
        c = m < 0 ? unreached : c + std::max(0, m - have[k].back());
      }
      lower(best, c);
    }
    return best;
  }

  // The plan of `ways` (each with `reaims` re-aims) first in the fixed
  // order: engine by engine, the first target that a way still allows with
  // no more re-aims.
  std::vector<int> first_plan(const Dag& ways, int reaims) const {
    std::vector<int> plan(varied_.size(), 0);
    std::vector<std::vector<int>> fixed(kinds_.size(), std::vector<int>(classes_.size() + 1, 0)), have = have_;
    int spent = 0;
    for (std::size_t e = 0; e < varied_.size(); ++e) {
      const std::size_t k = kind_of_[e];
      if (now_[e] >= 0) --have[k][slot_of(now_class(e))];
      bool placed = false;
      for (std::size_t j = 0; j < out_.targets.size() && !placed; ++j) {
        const std::size_t slot = slot_of(target_class_[j]);
        const int cost = static_cast<int>(j) == now_[e] ? 0 : 1;
        ++fixed[k][slot];
        const int rest = fewest(ways, fixed, have);
        if (rest != unreached && spent + cost + rest == reaims) {
          plan[e] = static_cast<int>(j);
          spent += cost;
          placed = true;
        } else {
          --fixed[k][slot];
        }
      }
      if (!placed) throw std::logic_error("advise: no plan found back for a chance kept");
    }
    return plan;
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
  std::vector<std::size_t> stride_;              // of each kind, in a state's number
  std::size_t states_ = 1;                        // how many states
  std::vector<std::vector<int>> have_;            // of each kind and slot, the engines aimed at it now
  std::vector<std::vector<Load>> loads_;          // of each place
  std::vector<Stage> stages_;                     // the programme, a stage before each place and at the end
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
