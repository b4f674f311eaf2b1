// siege/odds_scene.hpp - exact odds of the coming scenes of a siege (E1, E2).
//
// For each section of a siege: the chance of each ladder state by the end of
// each of the next N scenes, from the section and the engines as they are
// now. The scenes are played as play_scene() plays them: besieger engines
// first, then defender engines, each in the order of the state; an engine
// with no weapon or knocked out makes no attack, nor does a defender aimed
// at a section (R29); an attack on a breached section or a knocked-out
// engine is not made; every attack is one Easy
// check of the crew's pool, resolved by resolve_attack (through
// attack_transition) or resolve_engine_hit, once for each result of the dice.
//
// What ties the chains together: a defender engine that shoots at a besieger
// engine may knock it out, and then it shoots no more. Sections are not tied
// to each other: every engine has one target, so the dice of a section's
// attackers, and of the defenders shooting at them, touch no other section.
//
// A section's chain is kept over (Hull suffered, how many of each class of
// its "exposed" attackers - besieger engines a defender shoots at - are
// still in action). The exposed engines' own Hull needs no place in it: the
// defenders shoot at an engine whatever happens to the wall, so when it is
// knocked out is independent of everything else, and all the wall's chain
// depends on is whether it is still in action. Given that it is, it drops
// out in the next scene with chance P(out in that scene) / P(still in
// before it), on its own. Exposed engines alike (the same attack on the
// section, the same chain of their own) that shoot side by side form a
// class, and the chain counts how many of them are in action, not which
// (see SectionChain): a grand battery of forty guns the defenders shoot at
// has 41 counts, not 2^40 sets. The weights stay integers, so the odds are
// exact.
//
// Every besieger engine, a siege tower that shoots at nothing included, and
// the camp have an outlook of their own: the chance that each is knocked out
// (the camp wrecked) by the end of each coming scene, from its own chain.
//
// Like odds.hpp this header needs Boost's headers; siege.hpp does not
// include it.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <deque>
#include <map>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "siege/odds.hpp"
#include "siege/scene.hpp"
#include "siege/state.hpp"

namespace siege::odds {

// How many scenes ahead one question may look. E4 plays three or four; the
// bound keeps the numbers (and the work) small.
inline constexpr int max_scenes_ahead = 20;

// Every outcome of one attack on an engine or the camp (E2), as a transition
// over the Hull it has suffered, 0 to the row's Hull. Its damage does not
// depend on the Hull already suffered, so the resolver runs once for each
// result of the dice; a knocked-out engine stays so.
[[nodiscard]] inline Transition engine_hit_transition(const EngineHitInput& base, const CheckSpec& spec,
                                                      const DiceTable& table) {
  const int hull = base.row->hull;
  const CheckOdds c = check_odds(spec, table);
  std::map<int, Int> by_damage;
  Transition t;
  t.total = c.total;
  for (const auto& [k, ways] : c.ways) {
    EngineHitInput in = base;
    in.hull_suffered = 0;
    in.check = referee_check(spec.difficulty, k.first, k.second);
    in.check.rolled = true;
    const EngineHit o = resolve_engine_hit(in);
    by_damage[o.damage] += ways;
    merge_ids(t.rules, o.rules);
    merge_ids(t.not_modelled, o.not_modelled);
  }
  t.rows.resize(static_cast<std::size_t>(hull) + 1);
  for (int h = 0; h <= hull; ++h)
    for (const auto& [damage, ways] : by_damage)
      t.rows[static_cast<std::size_t>(h)][static_cast<std::size_t>(std::min(hull, h + damage))] += ways;
  return t;
}

// One section's odds over the coming scenes.
struct SectionOutlook {
  std::string id;
  std::string structure;
  std::string variant;                      // "" or "portcullis"
  int hull = 1;                             // with its variant (R12)
  int suffered = 0;                         // now
  BreachState state = BreachState::intact;  // now
  // The engines that shoot at it in a scene, in the order they shoot.
  std::vector<std::string> attackers;
  // by_scene[k][s]: the chance it is in ladder state s (intact, cracked,
  // breached) at the end of the (k+1)-th coming scene. Breached stays
  // breached, so by_scene[k][breached] is the chance it is breached by then.
  std::vector<std::array<Fraction, 3>> by_scene;
};

// A besieger engine (one that shoots at a section, or a siege tower that
// shoots at nothing), or the camp.
struct EngineOutlook {
  std::string id;
  std::string target;  // "" for none (a siege tower, the camp)
  // The defender engines that shoot at it while it is in action; none for
  // an engine already knocked out.
  std::vector<std::string> attackers;
  bool exposed = false;  // in action, and a defender shoots at it
  // The chance it is knocked out (the camp: wrecked) by the end of each
  // coming scene.
  std::vector<Fraction> knocked_out;
};

struct SceneOdds {
  int played = 0;  // scenes played so far: the first coming scene is played + 1
  int scenes = 0;  // scenes looked ahead
  std::vector<SectionOutlook> sections;
  std::vector<EngineOutlook> engines;  // every besieger engine, in the order of the state
  EngineOutlook camp;                  // id "camp"
  std::vector<std::string> rules;
  std::vector<std::string> notes;
  std::vector<std::string> not_modelled;
};

namespace detail {

// An engine in action: it has a weapon, is not knocked out and has not left
// the siege (R36).
[[nodiscard]] inline bool shoots(const EngineState& e) {
  return !e.weapon.empty() && !e.knocked_out && e.present();
}

// The check of an engine's crew of `pool` skill dice: one Easy check (E1).
[[nodiscard]] inline CheckSpec crew_check(int pool) { return attack_check_spec(FiringSlit::no, pool); }

// The work of counting the check of a crew of `pool` and running the
// resolver on each of its outcomes at each ladder state.
[[nodiscard]] inline std::uint64_t check_work(int pool, const DiceTable& dice) {
  const CheckSize size = check_size(crew_check(pool), dice);
  return saturating_add(size.work, transition_work(size, CollectRules::yes));
}

// What an engine shoots with: its weapon and its crew's pool.
struct Gun {
  std::string weapon;
  int pool = 0;
  // == and < spelled out: libc++ 14 (the WebAssembly build's) has no <=> for strings.
  friend bool operator==(const Gun&, const Gun&) = default;
  friend bool operator<(const Gun& a, const Gun& b) { return std::tie(a.weapon, a.pool) < std::tie(b.weapon, b.pool); }
};
[[nodiscard]] inline Gun gun_of(const EngineState& e) { return {e.weapon, e.pool}; }

// The attack of `gun` on section `sec` as it is now, over every roll of its
// check, with the rule ids of its outcomes merged into `rules` and
// `not_modelled`; the work of the check and the resolver charged first.
[[nodiscard]] inline Transition section_shot(const SectionState& sec, const Gun& gun, const Tables& t, Work& work,
                                             std::vector<std::string>& rules,
                                             std::vector<std::string>& not_modelled) {
  work.charge(check_work(gun.pool, t.dice));
  AttackInput in;
  in.structure = &t.structure(sec.structure);
  in.weapon = t.weapon(gun.weapon);
  in.portcullis = portcullis_of(sec);
  in.damage_taken = sec.hull_suffered;
  Transition shot = attack_transition(in, crew_check(gun.pool), t.dice, CollectRules::yes);
  merge_ids(rules, shot.rules);
  merge_ids(not_modelled, shot.not_modelled);
  return shot;
}

// Moves the weights w[0..n) on by one attack with transition `tr`: each
// place spreads over its row. Returns the products it took.
[[nodiscard]] inline std::uint64_t advance(Int* w, std::size_t n, const Transition& tr) {
  std::vector<Int> next(n, 0);
  std::uint64_t products = 0;
  for (std::size_t h = 0; h < n; ++h) {
    if (w[h] == 0) continue;
    for (const auto& [to, ways] : tr.rows[h]) next[to] += w[h] * ways;
    products += tr.rows[h].size();
  }
  std::move(next.begin(), next.end(), w);
  return products;
}

// E2: the rule and note of an outlook in which a besieger engine the
// defenders shoot at may be knocked out.
inline void note_knock_outs(std::vector<std::string>& rules, std::vector<std::string>& notes) {
  siege::detail::add_rule(rules, "knocked-out");
  notes.emplace_back(
      "A besieger engine the defenders shoot at may be knocked out before the wall falls, "
      "and shoots no more: the odds count it.");
}

// What an outlook of the coming scenes up to scene `last` leaves out (E3:
// what the characters do in their own scenes is theirs to play, and an
// engine whose target is spent waits for the referee to give it another),
// and past the fourth scene the evening's rule and note (E4).
inline void close_outlook(int last, std::vector<std::string>& rules, std::vector<std::string>& notes,
                          std::vector<std::string>& not_modelled) {
  not_modelled.emplace_back("the characters' own scenes");
  not_modelled.emplace_back("a new target for an engine whose target is breached or knocked out");
  if (last > evening_scenes) {
    siege::detail::add_rule(rules, "evening-length");
    notes.push_back("Scene " + std::to_string(last) +
                    " is past the fourth: a siege in an evening was meant to end after three or four scenes.");
  }
}

// An exposed besieger engine: when it is knocked out, scene by scene.
struct ExposedEngine {
  Int per_scene = 1;  // ways of one scene of the attacks on it
  // in_action[t]: ways, out of per_scene^t, that it is still in action
  // after t coming scenes (in_action[0] = 1).
  std::vector<Int> in_action;
};

// The Hull chain of a besieger engine or the camp, `id` with the engines.json
// row `row` and `suffered` Hull now, under the defender engines' `guns` (at
// least one), in the order they shoot; the rule ids of the hits merged into
// `rules` and `not_modelled`.
[[nodiscard]] inline ExposedEngine exposed(const Engine& row, const std::string& id, int suffered,
                                           const std::vector<Gun>& guns, const Tables& t, int scenes, Work& work,
                                           std::vector<std::string>& rules, std::vector<std::string>& not_modelled) {
  std::vector<Transition> shots;
  for (const Gun& d : guns) {
    work.charge(check_work(d.pool, t.dice));
    EngineHitInput in;
    in.row = &row;
    in.target = id;
    in.weapon = t.weapon(d.weapon);
    shots.push_back(engine_hit_transition(in, crew_check(d.pool), t.dice));
    merge_ids(rules, shots.back().rules);
    merge_ids(not_modelled, shots.back().not_modelled);
  }
  ExposedEngine e;
  for (const auto& tr : shots) e.per_scene *= tr.total;
  const auto hull = static_cast<std::size_t>(row.hull);
  std::vector<Int> ways(hull + 1, 0);
  ways[static_cast<std::size_t>(std::min(suffered, row.hull))] = 1;
  e.in_action.push_back(1);
  Int size = 1;  // how long the numbers run: the denominator so far
  for (int scene = 0; scene < scenes; ++scene) {
    for (const auto& tr : shots) {
      work.add(advance(ways.data(), ways.size(), tr), size, tr.total);
      size *= tr.total;
    }
    Int alive = 0;
    for (std::size_t h = 0; h < hull; ++h) alive += ways[h];
    e.in_action.push_back(std::move(alive));
  }
  return e;
}

// The chains of exposed engines worked out so far: engines of the same row
// and Hull suffered, shot at by guns alike (the same weapons and pools, in
// any order: a hit's damage does not depend on the Hull already suffered,
// so the hits commute), share one.
class ExposureChains {
 public:
  // The chain of engine `id` (row `row`, `suffered` Hull now) under `guns`
  // (at least one), in the order they shoot; made by exposed() the first
  // time, with its rule ids merged into `rules` and `not_modelled`. The
  // chain lives as long as this object.
  const ExposedEngine* of(const Engine& row, const std::string& id, int suffered, const std::vector<Gun>& guns,
                          const Tables& t, int scenes, Work& work, std::vector<std::string>& rules,
                          std::vector<std::string>& not_modelled) {
    std::vector<Gun> sorted = guns;
    std::sort(sorted.begin(), sorted.end());
    auto [place, fresh] = alike_.try_emplace({&row, std::min(suffered, row.hull), std::move(sorted)}, nullptr);
    if (fresh)
      place->second = &kept_.emplace_back(exposed(row, id, suffered, guns, t, scenes, work, rules, not_modelled));
    return place->second;
  }

 private:
  std::deque<ExposedEngine> kept_;
  std::map<std::tuple<const Engine*, int, std::vector<Gun>>, const ExposedEngine*> alike_;
};

// Whether one attack with `a` and then one with `b` leave a section where
// `b` and then `a` would, in as many ways from every position: then their
// order in a scene changes nothing. Exact: the products of the rows are
// compared as whole numbers.
[[nodiscard]] inline bool commute(const Transition& a, const Transition& b, Work& work) {
  auto product = [&](const Transition& x, const Transition& y) {
    std::vector<std::map<std::size_t, Int>> xy(x.rows.size());
    std::uint64_t products = 0;
    for (std::size_t h = 0; h < x.rows.size(); ++h)
      for (const auto& [via, u] : x.rows[h]) {
        for (const auto& [to, v] : y.rows[via]) xy[h][to] += u * v;
        products += y.rows[via].size();
      }
    work.add(products, x.total, y.total);
    return xy;
  };
  return product(a, b) == product(b, a);
}

// The joint chain of one section, over (how many of each class of its
// exposed attackers are still in action, h the Hull suffered).
//
// A class: exposed attackers with the same transition on the section and
// the same chain of their own (as with the same row, weapon, pool and Hull
// suffered, shot at by defenders alike), each attack after the first of
// them and before the last one commuting with theirs (commute() above: the
// same transition, or one whose order with theirs changes nothing). Then
// all of them may shoot at the first one's place in the scene, and which of
// them are in action matters no more than how many: they are exchangeable.
// An attacker that cannot join a class opens one of its own, so a class of
// one is the single engine of a plain mask over the exposed attackers, and
// the chain is that mask's, summed over the sets of each class of the same
// sizes. With k_c of class c in action, after t scenes its weight w is
// such that
//
//   P(k, h) = w * prod over classes c of in_action_c[t]^k_c
//                 / (S^t * prod over all exposed j of per_scene_j^t),
//
// S the ways of one scene of the section's attacks. In each scene every
// attack moves h in turn; a class makes k_c attacks where it stands, and
// its m_c - k_c out of action only scale the weight by their ways (to keep
// the common denominator). Then each class drops from k to k' in action
// with weight C(k, k') * drops^(k - k') * per_scene^(m_c - k), drops =
// in_action[t-1] * per_scene - in_action[t] being one engine's ways to be
// knocked out in this scene and per_scene those of one already out. The
// chance of staying in, in_action[t] / (in_action[t-1] * per_scene), is
// divided out of the weights, so they stay whole numbers.
class SectionChain {
 public:
  // An attack of the scene, in the order they are made. The transition
  // and the chain are the caller's, and outlive the SectionChain.
  struct Attacker {
    const Transition* shot;
    const ExposedEngine* exposed = nullptr;  // its own chain, or nullptr when nobody shoots at it
  };

  // A chain for `scenes` scenes. Its whole work is known before it starts,
  // and charged here, before anything is allocated (the weights are made
  // when the first scene is played, so a chain only weighed costs little):
  // each scene takes every place through every attack and every class, on
  // numbers that grow to the denominator of the last scene (half as long on
  // average).
  SectionChain(int hull, int suffered, const std::vector<Attacker>& attackers, int scenes, Work& work)
      : positions_(static_cast<std::size_t>(hull) + 1), hull_(hull), suffered_(suffered), work_(work) {
    std::size_t bits = 0;  // of one scene's denominator
    for (const auto& a : attackers) {
      bits += bit_length(a.shot->total);
      add_factor(a.shot->total);
      if (a.exposed != nullptr) {
        bits += bit_length(a.exposed->per_scene);
        add_factor(a.exposed->per_scene);
      }
      std::size_t shot = 0;
      while (shot < shots_.size() && shots_[shot] != a.shot &&
             !(shots_[shot]->total == a.shot->total && shots_[shot]->rows == a.shot->rows))
        ++shot;
      if (shot == shots_.size()) shots_.push_back(a.shot);
      // Each open class notes the other attacks made since its first member.
      for (auto& c : classes_)
        if (c.open && c.shot != shot && std::find(c.passed.begin(), c.passed.end(), shot) == c.passed.end())
          c.passed.push_back(shot);
      if (a.exposed == nullptr) {
        steps_.push_back({shot, no_class});
        continue;
      }
      const auto same = std::find_if(classes_.begin(), classes_.end(), [&](const Class& c) {
        return c.open && c.shot == shot && c.engine->per_scene == a.exposed->per_scene &&
               c.engine->in_action == a.exposed->in_action;
      });
      if (same != classes_.end()) {
        // It joins the class if every attack since the first member commutes with theirs.
        if (std::all_of(same->passed.begin(), same->passed.end(),
                        [&](std::size_t other) { return commutes(same->shot, other); })) {
          ++same->members;
          continue;
        }
        same->open = false;
      }
      steps_.push_back({shot, classes_.size()});
      classes_.push_back({shot, a.exposed, 1, 0, true, {}});
    }
    for (auto& c : classes_) {
      c.stride = states_;
      // (A size_t of 32 bits, in WebAssembly, saturates too: the work budget
      // refuses such a question long before.)
      states_ = static_cast<std::size_t>(std::min<std::uint64_t>(saturating_mul(states_, c.members + 1), SIZE_MAX));
    }
    charge_work(bits, scenes);
  }

  // Plays scene number `t` (from 1) and returns the chance of each ladder state after it.
  std::array<Fraction, 3> play(int t) {
    play_scene(t);
    std::array<Int, 3> ways = ways_after(t);
    Factors den = denominator_after(t);
    return {reduced(std::move(ways[0]), den, work_), reduced(std::move(ways[1]), den, work_),
            reduced(std::move(ways[2]), std::move(den), work_)};
  }

  // Plays scene number `t` (from 1), the scenes before it played already:
  // every attack of the scene, then the drops of the exposed attackers.
  void play_scene(int t) {
    const auto u = static_cast<std::size_t>(t);
    if (weights_.empty()) {
      weights_.assign(states_ * positions_, 0);
      std::size_t start = 0;  // every exposed attacker in action
      for (const auto& c : classes_) start += c.members * c.stride;
      weights_[start * positions_ + static_cast<std::size_t>(suffered_)] = 1;
    }
    for (const Step& step : steps_) {
      const Transition& shot = *shots_[step.shot];
      if (step.of == no_class) {
        for (std::size_t s = 0; s < states_; ++s) (void)advance(&weights_[s * positions_], positions_, shot);
        continue;
      }
      const Class& c = classes_[step.of];
      const std::vector<Int> idle = powers(shot.total, c.members);
      for (std::size_t s = 0; s < states_; ++s) {
        Int* w = &weights_[s * positions_];
        const std::size_t k = count_of(c, s);
        for (std::size_t j = 0; j < k; ++j) (void)advance(w, positions_, shot);
        if (k < c.members) scale(w, idle[c.members - k]);
      }
    }
    for (const Class& c : classes_) drop(c, u);
  }

  // The ways of each ladder state (intact, cracked, breached) after scene
  // `t`, the last one played, out of denominator_after(t).
  [[nodiscard]] std::array<Int, 3> ways_after(int t) const {
    const auto u = static_cast<std::size_t>(t);
    std::vector<std::vector<Int>> alive;  // alive[c][k]: in_action_c[t]^k
    for (const Class& c : classes_) alive.push_back(powers(c.engine->in_action[u], c.members));
    std::array<Int, 3> ways{0, 0, 0};
    for (std::size_t s = 0; s < states_; ++s) {
      Int in_action = 1;
      for (std::size_t j = 0; j < classes_.size(); ++j) in_action *= alive[j][count_of(classes_[j], s)];
      if (in_action == 0) continue;
      for (std::size_t h = 0; h < positions_; ++h) {
        const Int& w = weights_[s * positions_ + h];
        if (w == 0) continue;
        ways[static_cast<std::size_t>(ladder_state(static_cast<int>(h), hull_))] += w * in_action;
      }
    }
    return ways;
  }

  // The denominator of the ways after scene `t`, as its factors.
  [[nodiscard]] Factors denominator_after(int t) const {
    Factors den;
    for (const auto& [f, count] : factors_) den.emplace_back(f, saturating_mul(count, static_cast<std::uint64_t>(t)));
    return den;
  }

 private:
  static constexpr std::size_t no_class = static_cast<std::size_t>(-1);

  // Exchangeable exposed attackers (see above).
  struct Class {
    std::size_t shot;             // in shots_
    const ExposedEngine* engine;  // the chain of each of them
    std::size_t members;
    std::size_t stride;               // of its count in the index of a place
    bool open;                        // may it take more members
    std::vector<std::size_t> passed;  // the other shots made since its first member, in shots_
  };
  // An attack of the scene: one that always shoots (of == no_class), or all
  // the members of class `of` still in action.
  struct Step {
    std::size_t shot;
    std::size_t of;
  };

  [[nodiscard]] std::size_t count_of(const Class& c, std::size_t state) const {
    return state / c.stride % (c.members + 1);
  }

  [[nodiscard]] static std::vector<Int> powers(const Int& x, std::size_t n) {
    std::vector<Int> p{1};
    for (std::size_t k = 1; k <= n; ++k) p.push_back(p.back() * x);
    return p;
  }

  void add_factor(const Int& f) {
    const auto same =
        std::find_if(factors_.begin(), factors_.end(), [&](const auto& x) { return x.first == f; });
    if (same != factors_.end())
      ++same->second;
    else
      factors_.emplace_back(f, 1);
  }

  bool commutes(std::size_t a, std::size_t b) {
    const auto key = std::minmax(a, b);
    const auto found = commuting_.find(key);
    if (found != commuting_.end()) return found->second;
    return commuting_[key] = commute(*shots_[a], *shots_[b], work_);
  }

  // The work of `scenes` scenes, the weights growing by `bits` a scene: in
  // each, every place is taken through each attack, the members of a class
  // out of action scale it by a power of their ways, each class's drops
  // take it to every count below (by a power of its ways), and it is read
  // out times the product of the classes' chances in action.
  void charge_work(std::size_t bits, int scenes) {
    const std::uint64_t p = positions_;
    work_.charge(saturating_mul(saturating_mul(states_, p), allocation_weight));
    for (int n = 1; n <= scenes; ++n) {
      const std::uint64_t w = words_of_bits(saturating_mul(bits, static_cast<std::uint64_t>(n)));
      std::uint64_t units = 0;  // for each place of the chain
      auto add = [&](std::uint64_t count, std::uint64_t long_words) {
        units = saturating_add(units, saturating_mul(count, saturating_mul(w, long_words)));
      };
      for (const Step& step : steps_) {
        std::uint64_t entries = 0;
        for (const auto& row : shots_[step.shot]->rows) entries += row.size();
        if (step.of == no_class) {
          add(entries, 1);
          continue;
        }
        const std::uint64_t m = classes_[step.of].members;
        add(saturating_mul(entries, m) / 2 + 1, 1);  // on average half of them in action
        add(p, words_of_bits(saturating_mul(m, bit_length(shots_[step.shot]->total)) / 2));
      }
      std::uint64_t alive_bits = 0;  // of the product of the chances in action
      for (const Class& c : classes_) {
        const std::uint64_t m = c.members;
        add(saturating_mul(p, m + 2) / 2,
            words_of_bits(saturating_mul(m, bit_length(c.engine->per_scene) + 1) / 2));
        alive_bits = saturating_add(
            alive_bits, saturating_mul(m, bit_length(c.engine->in_action[static_cast<std::size_t>(n)])));
      }
      add(p, words_of_bits(alive_bits / 2));
      units = saturating_add(units, saturating_mul(classes_.size(), words_of_bits(alive_bits)));
      work_.charge(saturating_mul(states_, units));
    }
  }
  // The work of allocating, filling and freeing one weight (a guess on the safe side).
  static constexpr std::uint64_t allocation_weight = 8;

  // The drops of class `c` in scene `u`: from k in action to k' <= k.
  void drop(const Class& c, std::size_t u) {
    const ExposedEngine& e = *c.engine;
    const Int drops = e.in_action[u - 1] * e.per_scene - e.in_action[u];
    const std::size_t m = c.members;
    const std::vector<Int> dropped = powers(drops, m), out = powers(e.per_scene, m);
    std::vector<std::vector<Int>> weight(m + 1);  // weight[k][k'] = C(k, k') drops^(k-k') per_scene^(m-k)
    for (std::size_t k = 0; k <= m; ++k) {
      Int choose = 1;  // C(k, kept)
      for (std::size_t kept = 0; kept <= k; ++kept) {
        weight[k].push_back(choose * dropped[k - kept] * out[m - k]);
        choose = choose * (k - kept) / (kept + 1);
      }
    }
    // In place, from k' = 0 up: the new weight at k' takes the old ones at
    // k >= k', which are not yet written.
    for (std::size_t base = 0; base < states_; ++base) {
      if (count_of(c, base) != 0) continue;
      for (std::size_t kept = 0; kept <= m; ++kept) {
        Int* to = &weights_[(base + kept * c.stride) * positions_];
        if (weight[kept][kept] != 1) scale(to, weight[kept][kept]);
        for (std::size_t k = kept + 1; k <= m; ++k) {
          const Int& by = weight[k][kept];
          if (by == 0) continue;
          const Int* from = &weights_[(base + k * c.stride) * positions_];
          for (std::size_t h = 0; h < positions_; ++h)
            if (from[h] != 0) to[h] += from[h] * by;
        }
      }
    }
  }

  void scale(Int* w, const Int& by) {
    for (std::size_t h = 0; h < positions_; ++h)
      if (w[h] != 0) w[h] *= by;
  }

  std::size_t positions_;
  int hull_;
  int suffered_;  // before the first scene
  Work& work_;
  std::vector<const Transition*> shots_;  // the distinct transitions of the attackers
  std::vector<Class> classes_;
  std::vector<Step> steps_;                                        // the attacks of a scene, in order
  std::map<std::pair<std::size_t, std::size_t>, bool> commuting_;  // of shots_, as found
  std::size_t states_ = 1;                                         // the counts in action, over every class
  std::vector<Int> weights_;  // weights_[state * positions_ + h]; state = sum of k_c * stride_c
  std::vector<std::pair<Int, std::uint64_t>> factors_;  // of one scene's denominator: each factor, how often
};

}  // namespace detail

// The exact odds of the next `scenes` scenes of the siege `s` (1 to
// max_scenes_ahead; else a usage error). A question too large to work out
// in about a second is refused (usage error "too-large").
[[nodiscard]] inline SceneOdds scene_odds(const Snapshot& s, const Tables& t, int scenes) {
  if (scenes < 1 || scenes > max_scenes_ahead)
    fail_input("bad-scenes", "scenes", std::to_string(scenes),
               "expected from 1 to " + std::to_string(max_scenes_ahead) + " scenes ahead");
  // One scene is the least there is to ask: then only the siege itself can be smaller.
  Work work(input_word("scenes") + " " + std::to_string(scenes),
            scenes > 1 ? "ask for fewer " + input_word("scenes") + ", or give fewer engines the same target"
                       : "one scene is the least there is to ask: too many engines shoot at the same target; "
                         "give fewer engines the same target, or roll the scene ('" +
                             command_words({"scene"}) + "')");
  SceneOdds o;
  o.played = s.scene;
  o.scenes = scenes;
  o.rules = {"exact-odds", "scene-attacks"};

  // Every besieger engine (those that shoot at a section, and a siege tower
  // that shoots at nothing), the chains of those the defenders shoot at, and
  // the camp's. Engines of the same row and Hull suffered, shot at by
  // defenders alike (the same weapons and pools), share one chain.
  detail::ExposureChains exposures;
  auto outlook = [&](const std::string& id, const std::string& target, const Engine* row, int suffered,
                     bool out_now, const detail::ExposedEngine*& chain) {
    EngineOutlook e{id, target, {}, false, {}};
    std::vector<detail::Gun> guns;
    if (!out_now && row != nullptr)
      for (const auto& d : s.engines)
        if (d.side == EngineSide::defender && detail::shoots(d) && d.target == id) {
          guns.push_back(detail::gun_of(d));
          e.attackers.push_back(d.id);
        }
    if (!guns.empty()) chain = exposures.of(*row, id, suffered, guns, t, scenes, work, o.rules, o.not_modelled);
    e.exposed = chain != nullptr;
    for (int k = 1; k <= scenes; ++k) {
      if (out_now) {
        e.knocked_out.push_back({1, 1});
      } else if (chain == nullptr) {
        e.knocked_out.push_back({0, 1});
      } else {
        const auto& c = *chain;
        const auto u = static_cast<std::uint64_t>(k);
        Int out = boost::multiprecision::pow(c.per_scene, static_cast<unsigned>(k)) - c.in_action[static_cast<std::size_t>(k)];
        e.knocked_out.push_back(reduced(std::move(out), Factors{{c.per_scene, u}}, work));
      }
    }
    return e;
  };
  std::vector<const detail::ExposedEngine*> chains(s.engines.size(), nullptr);
  for (std::size_t i = 0; i < s.engines.size(); ++i) {
    const EngineState& b = s.engines[i];
    if (b.side != EngineSide::besieger || !b.present()) continue;  // R36: a gone engine is out of it
    o.engines.push_back(outlook(b.id, b.target, row_of(b, t), b.hull_suffered, b.knocked_out, chains[i]));
  }
  {
    const Engine& row = camp_row(t);
    const detail::ExposedEngine* chain = nullptr;
    o.camp = outlook(std::string(camp_id), {}, &row, s.camp.hull_suffered, s.camp.hull_suffered >= row.hull,
                     chain);
  }

  for (const auto& sec : s.sections) {
    SectionOutlook out;
    out.id = sec.id;
    out.structure = sec.structure;
    out.variant = sec.variant;
    out.hull = stats_of(sec, t).hull;
    out.suffered = sec.hull_suffered;
    out.state = sec.state;
    const BreachState now = sec.state;
    std::vector<detail::SectionChain::Attacker> attackers;
    // Engines of the same weapon and pool make the same attack on it.
    std::map<detail::Gun, Transition> shots;
    // Only besiegers shoot at a section: a defender aimed at one (a state
    // file from before R29) makes no attack in play_scene.
    for (std::size_t i = 0; i < s.engines.size(); ++i) {
      const EngineState& e = s.engines[i];
      if (e.side != EngineSide::besieger || !detail::shoots(e) || e.target != sec.id) continue;
      out.attackers.push_back(e.id);
      if (now == BreachState::breached) continue;  // its attacks are not made
      auto [shot, fresh] = shots.try_emplace(detail::gun_of(e));
      if (fresh) shot->second = detail::section_shot(sec, shot->first, t, work, o.rules, o.not_modelled);
      attackers.push_back({&shot->second, chains[i]});
    }
    if (attackers.empty()) {
      std::array<Fraction, 3> certain{Fraction{0, 1}, Fraction{0, 1}, Fraction{0, 1}};
      certain[static_cast<std::size_t>(now)] = {1, 1};
      out.by_scene.assign(static_cast<std::size_t>(scenes), certain);
    } else {
      detail::SectionChain chain(out.hull, out.suffered, attackers, scenes, work);
      for (int k = 1; k <= scenes; ++k) out.by_scene.push_back(chain.play(k));
    }
    o.sections.push_back(std::move(out));
  }

  if (std::any_of(o.engines.begin(), o.engines.end(), [](const EngineOutlook& e) { return e.exposed; }))
    detail::note_knock_outs(o.rules, o.notes);
  if (o.camp.exposed) o.not_modelled.emplace_back("what a wrecked camp means for the besiegers");
  detail::close_outlook(o.played + scenes, o.rules, o.notes, o.not_modelled);
  return o;
}

}  // namespace siege::odds
