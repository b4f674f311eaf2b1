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
// A section's chain is kept over (Hull suffered, which of its "exposed"
// attackers - besieger engines a defender shoots at - are still in action).
// The exposed engines' own Hull needs no place in it: the defenders shoot at
// an engine whatever happens to the wall, so when it is knocked out is
// independent of everything else, and all the wall's chain depends on is
// whether it is still in action. Given that it is, it drops out in the next
// scene with chance P(out in that scene) / P(still in before it), on its
// own. The weights stay integers (see SectionChain), so the odds are exact.
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
#include <map>
#include <optional>
#include <string>
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

[[nodiscard]] inline CheckSpec crew_check(const EngineState& e) {
  return attack_check_spec(FiringSlit::no, e.pool);
}

// The work of counting the crew's check of `e` and running the resolver on
// each of its outcomes at each ladder state.
[[nodiscard]] inline std::uint64_t check_work(const EngineState& e, const DiceTable& dice) {
  const CheckSize size = check_size(crew_check(e), dice);
  return saturating_add(size.work, transition_work(size, CollectRules::yes));
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

// An exposed besieger engine: when it is knocked out, scene by scene.
struct ExposedEngine {
  Int per_scene = 1;  // ways of one scene of the attacks on it
  // in_action[t]: ways, out of per_scene^t, that it is still in action
  // after t coming scenes (in_action[0] = 1).
  std::vector<Int> in_action;
};

// The Hull chain of a besieger engine or the camp, `id` with the engines.json
// row `row` and `suffered` Hull now, under the defender engines `shooters`
// (at least one), in the order they shoot.
[[nodiscard]] inline ExposedEngine exposed(const Engine& row, const std::string& id, int suffered,
                                           const std::vector<const EngineState*>& shooters, const Tables& t,
                                           int scenes, Work& work, SceneOdds& out) {
  std::vector<Transition> shots;
  for (const EngineState* d : shooters) {
    work.charge(check_work(*d, t.dice));
    EngineHitInput in;
    in.row = &row;
    in.target = id;
    in.weapon = t.weapon(d->weapon);
    shots.push_back(engine_hit_transition(in, crew_check(*d), t.dice));
    merge_ids(out.rules, shots.back().rules);
    merge_ids(out.not_modelled, shots.back().not_modelled);
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

// The joint chain of one section. A position is (alive, h): `alive` a mask
// of the section's exposed attackers still in action, h the Hull suffered.
// After t scenes its weight w is such that
//
//   P(alive, h) = w * prod over j in alive of in_action_j[t]
//                 / (S^t * prod over all j of per_scene_j^t),
//
// S the ways of one scene of the section's attacks. In each scene every
// attack moves h (an exposed attacker out of action makes none: its weight
// is only scaled by its ways, to keep the common denominator), then each
// exposed j still in action stays so with weight 1 or drops out with weight
// in_action_j[t-1] * per_scene_j - in_action_j[t] (its ways to be knocked
// out in this scene), and where it was already out the weight is scaled by
// per_scene_j. Dividing the chance of staying in, in_action_j[t] /
// (in_action_j[t-1] * per_scene_j), out of the weights keeps them integers.
class SectionChain {
 public:
  struct Attacker {
    Transition shot;
    int exposed = -1;  // its bit in `alive`, or -1 when nobody shoots at it
  };

  // A chain for `scenes` scenes. Its whole work is known before it starts,
  // and charged here, before anything is allocated: each scene takes every
  // mask through every attack and every exposed engine, on numbers that
  // grow to the denominator of the last scene (half as long on average).
  SectionChain(int hull, int suffered, std::vector<Attacker> attackers,
               std::vector<const ExposedEngine*> exposed, int scenes, Work& work)
      : positions_(static_cast<std::size_t>(hull) + 1),
        hull_(hull),
        attackers_(std::move(attackers)),
        exposed_(std::move(exposed)),
        work_(work) {
    if (exposed_.size() > max_exposed) work_.refuse();
    const std::size_t masks = std::size_t{1} << exposed_.size();
    std::uint64_t per_mask = 2 * exposed_.size() * positions_;
    std::size_t bits = 0;  // of one scene's denominator
    for (const auto& a : attackers_) {
      for (const auto& row : a.shot.rows) per_mask += row.size();
      bits += bit_length(a.shot.total);
    }
    for (const auto* e : exposed_) bits += bit_length(e->per_scene);
    const auto n = static_cast<std::uint64_t>(scenes);
    work_.add(masks * per_mask * n, Int(1) << (bits * (n + 1) / 2), 1);
    weights_.assign(masks * positions_, 0);
    weights_[(masks - 1) * positions_ + static_cast<std::size_t>(suffered)] = 1;
    for (const auto& a : attackers_) factors_.emplace_back(a.shot.total, 0);
    for (const auto* e : exposed_) factors_.emplace_back(e->per_scene, 0);
  }

  // Plays scene number `t` (from 1) and returns the chance of each ladder state after it.
  std::array<Fraction, 3> play(int t) {
    const std::size_t masks = std::size_t{1} << exposed_.size();
    for (const auto& a : attackers_) {
      for (std::size_t mask = 0; mask < masks; ++mask) {
        Int* w = &weights_[mask * positions_];
        if (a.exposed >= 0 && (mask & (std::size_t{1} << a.exposed)) == 0) {
          scale(w, a.shot.total);
          continue;
        }
        (void)advance(w, positions_, a.shot);
      }
    }
    for (std::size_t j = 0; j < exposed_.size(); ++j) {
      const ExposedEngine& e = *exposed_[j];
      const auto u = static_cast<std::size_t>(t);
      const Int drops = e.in_action[u - 1] * e.per_scene - e.in_action[u];
      const std::size_t bit = std::size_t{1} << j;
      for (std::size_t mask = 0; mask < masks; ++mask)
        if ((mask & bit) == 0) scale(&weights_[mask * positions_], e.per_scene);
      for (std::size_t mask = 0; mask < masks; ++mask) {
        if ((mask & bit) == 0) continue;
        const Int* from = &weights_[mask * positions_];
        Int* to = &weights_[(mask ^ bit) * positions_];
        for (std::size_t h = 0; h < positions_; ++h)
          if (from[h] != 0) to[h] += from[h] * drops;
      }
    }
    for (auto& f : factors_) ++f.second;

    std::array<Int, 3> ways{0, 0, 0};
    for (std::size_t mask = 0; mask < masks; ++mask) {
      Int in_action = 1;
      for (std::size_t j = 0; j < exposed_.size(); ++j)
        if ((mask & (std::size_t{1} << j)) != 0)
          in_action *= exposed_[j]->in_action[static_cast<std::size_t>(t)];
      if (in_action == 0) continue;
      for (std::size_t h = 0; h < positions_; ++h) {
        const Int& w = weights_[mask * positions_ + h];
        if (w == 0) continue;
        ways[static_cast<std::size_t>(ladder_state(static_cast<int>(h), hull_))] += w * in_action;
      }
    }
    return {reduced(std::move(ways[0]), factors_, work_), reduced(std::move(ways[1]), factors_, work_),
            reduced(std::move(ways[2]), factors_, work_)};
  }

 private:
  // Past this many the masks alone are more than the work allowed.
  static constexpr std::size_t max_exposed = 24;

  void scale(Int* w, const Int& by) {
    for (std::size_t h = 0; h < positions_; ++h)
      if (w[h] != 0) w[h] *= by;
  }

  std::size_t positions_;
  int hull_;
  std::vector<Attacker> attackers_;
  std::vector<const ExposedEngine*> exposed_;
  Work& work_;
  std::vector<Int> weights_;  // mask-major: weights_[alive * positions_ + h]
  Factors factors_;           // the denominator so far
};

}  // namespace detail

// The exact odds of the next `scenes` scenes of the siege `s` (1 to
// max_scenes_ahead; else a usage error). A question too large to work out
// in about a second is refused (usage error "too-large").
[[nodiscard]] inline SceneOdds scene_odds(const Snapshot& s, const Tables& t, int scenes) {
  if (scenes < 1 || scenes > max_scenes_ahead)
    fail_input("bad-scenes", "scenes", std::to_string(scenes),
               "expected from 1 to " + std::to_string(max_scenes_ahead) + " scenes ahead");
  Work work(input_word("scenes") + " " + std::to_string(scenes),
            "ask for fewer " + input_word("scenes") + ", or give fewer engines the same target");
  SceneOdds o;
  o.played = s.scene;
  o.scenes = scenes;
  o.rules = {"exact-odds", "scene-attacks"};

  // Every besieger engine (those that shoot at a section, and a siege tower
  // that shoots at nothing), the chains of those the defenders shoot at, and
  // the camp's.
  auto outlook = [&](const std::string& id, const std::string& target, const Engine* row, int suffered,
                     bool out_now, std::optional<detail::ExposedEngine>& chain) {
    EngineOutlook e{id, target, {}, false, {}};
    std::vector<const EngineState*> shooters;
    if (!out_now && row != nullptr)
      for (const auto& d : s.engines)
        if (d.side == EngineSide::defender && detail::shoots(d) && d.target == id) {
          shooters.push_back(&d);
          e.attackers.push_back(d.id);
        }
    if (!shooters.empty()) chain = detail::exposed(*row, id, suffered, shooters, t, scenes, work, o);
    e.exposed = chain.has_value();
    for (int k = 1; k <= scenes; ++k) {
      if (out_now) {
        e.knocked_out.push_back({1, 1});
      } else if (!chain) {
        e.knocked_out.push_back({0, 1});
      } else {
        const auto& c = *chain;
        const auto u = static_cast<std::uint64_t>(k);
        Int out = boost::multiprecision::pow(c.per_scene, static_cast<unsigned>(k)) - c.in_action[u];
        e.knocked_out.push_back(reduced(std::move(out), Factors{{c.per_scene, u}}, work));
      }
    }
    return e;
  };
  std::vector<std::optional<detail::ExposedEngine>> chains(s.engines.size());
  for (std::size_t i = 0; i < s.engines.size(); ++i) {
    const EngineState& b = s.engines[i];
    if (b.side != EngineSide::besieger || !b.present()) continue;  // R36: a gone engine is out of it
    o.engines.push_back(outlook(b.id, b.target, row_of(b, t), b.hull_suffered, b.knocked_out, chains[i]));
  }
  {
    const Engine& row = camp_row(t);
    std::optional<detail::ExposedEngine> chain;
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
    std::vector<const detail::ExposedEngine*> exposed;
    // Only besiegers shoot at a section: a defender aimed at one (a state
    // file from before R29) makes no attack in play_scene.
    for (std::size_t i = 0; i < s.engines.size(); ++i) {
      const EngineState& e = s.engines[i];
      if (e.side != EngineSide::besieger || !detail::shoots(e) || e.target != sec.id) continue;
      out.attackers.push_back(e.id);
      if (now == BreachState::breached) continue;  // its attacks are not made
      work.charge(detail::check_work(e, t.dice));
      AttackInput in;
      in.structure = &t.structure(sec.structure);
      in.weapon = t.weapon(e.weapon);
      in.portcullis = portcullis_of(sec);
      in.damage_taken = sec.hull_suffered;
      detail::SectionChain::Attacker a{
          attack_transition(in, detail::crew_check(e), t.dice, CollectRules::yes), -1};
      merge_ids(o.rules, a.shot.rules);
      merge_ids(o.not_modelled, a.shot.not_modelled);
      if (chains[i]) {
        a.exposed = static_cast<int>(exposed.size());
        exposed.push_back(&*chains[i]);
      }
      attackers.push_back(std::move(a));
    }
    if (attackers.empty()) {
      std::array<Fraction, 3> certain{Fraction{0, 1}, Fraction{0, 1}, Fraction{0, 1}};
      certain[static_cast<std::size_t>(now)] = {1, 1};
      out.by_scene.assign(static_cast<std::size_t>(scenes), certain);
    } else {
      detail::SectionChain chain(out.hull, out.suffered, std::move(attackers), std::move(exposed), scenes,
                                 work);
      for (int k = 1; k <= scenes; ++k) out.by_scene.push_back(chain.play(k));
    }
    o.sections.push_back(std::move(out));
  }

  if (std::any_of(o.engines.begin(), o.engines.end(), [](const EngineOutlook& e) { return e.exposed; })) {
    siege::detail::add_rule(o.rules, "knocked-out");
    o.notes.emplace_back(
        "A besieger engine the defenders shoot at may be knocked out before the wall falls, "
        "and shoots no more: the odds count it.");
  }
  if (o.camp.exposed) o.not_modelled.emplace_back("what a wrecked camp means for the besiegers");
  // E3: what the characters do in their own scene is theirs to play, and an
  // engine whose target is spent waits for the referee to give it another.
  o.not_modelled.emplace_back("the characters' own scenes");
  o.not_modelled.emplace_back("a new target for an engine whose target is breached or knocked out");
  if (o.played + scenes > evening_scenes) {  // E4
    siege::detail::add_rule(o.rules, "evening-length");
    o.notes.push_back(
        "Scene " + std::to_string(o.played + scenes) +
        " is past the fourth: a siege in an evening was meant to end after three or four scenes.");
  }
  return o;
}

}  // namespace siege::odds
