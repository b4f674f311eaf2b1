// siege/escalade.hpp - climbing an unbreached wall (ruling R20).
//
// Round by round: on each ladder or rope one climber a round makes the
// method's Athletics check; who fails stays at the foot and tries again next
// round. A siege tower at the wall puts its row's carries_climbers (four for
// the built-in siege-tower) attackers a round on the wall walk with no check
// (R41). resolve_escalade() is pure: the checks are rolled with
// the Rng passed in, or the referee gives how many passed each round.
#pragma once

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "siege/structure.hpp"
#include "siege/rule.hpp"

namespace siege {

// The rules this header applies, as outcomes list them (siege/rules.hpp
// gathers every header's into the catalogue).
inline constexpr RuleInfo escalade_rules[] = {
    {"breach-not-climbed", "R20", "a breached section is not climbed: go through the breach"},
    {"escalade-ladder", "R20", "ladder: Average Athletics, one climber a round per ladder"},
    {"escalade-grapnel", "R20", "grapnel: Hard Athletics, one climber a round per rope, silent"},
    {"escalade-tower", "R20", "siege tower at the wall: no check, 4 attackers a round"},
    {"defenders-at-top", "R20", "defenders at the top of a ladder: +2 Bane dice"},
    {"climb-retry", "R20", "failed climbers stay at the foot and try again next round"},
};

enum class ClimbMethod { ladder, grapnel, tower };
inline constexpr std::array<std::string_view, 3> climb_method_names{"ladder", "grapnel", "tower"};
[[nodiscard]] inline std::string_view name_of(ClimbMethod m) {
  return climb_method_names[static_cast<std::size_t>(m)];
}
[[nodiscard]] inline ClimbMethod parse_climb_method(std::string_view s) {
  for (std::size_t i = 0; i < climb_method_names.size(); ++i)
    if (climb_method_names[i] == s) return static_cast<ClimbMethod>(i);
  fail_input("bad-method", "method", quoted(s), "expected ladder, grapnel or tower");
}

enum class Defended { no, yes };

// R41: the engines.json row whose carries_climbers an escalade by siege tower
// uses when no engine of a siege is named.
inline constexpr std::string_view siege_tower_row = "siege-tower";

// R20: Bane dice when defenders hold the top of a ladder.
inline constexpr int defended_bane_dice = 2;
// Bounds: no escalade runs longer than this, nor with more climbers or lanes.
inline constexpr int max_climb_rounds = 1000;
inline constexpr int max_attackers = 10000;
inline constexpr int max_lanes = 1000;

struct EscaladeInput {
  const Structure* structure = nullptr;
  Portcullis portcullis = Portcullis::no;  // the section's variant (R12): its Hull
  ClimbMethod method = ClimbMethod::ladder;
  int attackers = 1;
  int lanes = 1;  // ladders or ropes; unused by a tower
  // R41: a tower's climbers a round, its engines.json row's carries_climbers.
  int tower_climbers = 0;
  Defended defended = Defended::no;
  std::optional<int> rounds;  // stop after this many rounds (default: until all are up)
  int damage_taken = 0;
  int pool = 3;  // skill dice of each climber
  // The referee's count of climbers who passed, one a round; nothing is rolled.
  std::optional<std::vector<int>> referee_rounds;
};

struct ClimbRound {
  int round = 0;
  int attempting = 0;
  int succeeded = 0;
  int up = 0;  // on the wall after this round
};

struct EscaladeOutcome {
  std::string structure;
  ClimbMethod method = ClimbMethod::ladder;
  int attackers = 0;
  int lanes = 0;
  int tower_climbers = 0;  // a tower's climbers a round (R41); 0 for a ladder or rope
  Defended defended = Defended::no;
  std::optional<CheckSpec> check;  // each climber's check; none for a tower
  bool rolled = false;             // the checks were rolled here
  BreachState state = BreachState::intact;
  bool climbed = false;   // false on a breached section
  bool hopeless = false;  // no roll of these dice can pass
  bool limit_reached = false;
  std::vector<ClimbRound> rounds;
  int up = 0;
  std::vector<std::string> rules;
  std::vector<std::string> notes;
  std::vector<std::string> not_modelled;

  [[nodiscard]] int at_foot() const noexcept { return attackers - up; }
};

// R20: one climber's check, or none for a siege tower. Defenders at the top
// add Bane dice to a ladder only (a grapnel party climbs unseen).
[[nodiscard]] inline std::optional<CheckSpec> climb_check_spec(ClimbMethod m, Defended d, int pool) {
  if (m == ClimbMethod::tower) return std::nullopt;
  CheckSpec spec;
  spec.pool = pool;
  spec.difficulty = m == ClimbMethod::ladder ? Difficulty::average : Difficulty::hard;
  if (m == ClimbMethod::ladder && d == Defended::yes) spec.bane_dice = defended_bane_dice;
  return spec;
}

// The most net Successes any roll of `spec` can give, from the faces.
[[nodiscard]] inline int best_net_successes(const CheckSpec& spec, const DiceTable& dice) {
  auto best = [&](DieKind k) {
    const auto& faces = dice.of(k);
    int b = faces.empty() ? 0 : faces.front().success - faces.front().failure;
    for (const Face& f : faces) b = std::max(b, f.success - f.failure);
    return b;
  };
  return spec.pool * best(DieKind::skill) + difficulty_dice(dice, spec.difficulty) * best(DieKind::difficulty) +
         spec.bane_dice * best(DieKind::bane) + spec.boon_dice * best(DieKind::boon);
}

// Refuses (usage error) what no climb can be: a missing structure, attackers,
// lanes or rounds out of bounds, a tower that carries no climbers (R41), the
// referee's results with a tower or with --rounds, too many referee rounds, a
// bad damage_taken.
inline void require_valid_escalade(const EscaladeInput& in) {
  if (in.structure == nullptr) fail_refusal("no-structure", "no structure given");
  const Structure& s = *in.structure;
  if (in.attackers < 1 || in.attackers > max_attackers)
    fail_input("bad-attackers", "attackers", std::to_string(in.attackers),
               "expected a whole number from 1 to " + std::to_string(max_attackers));
  if (in.method == ClimbMethod::tower && (in.tower_climbers < 1 || in.tower_climbers > max_lanes))
    fail_refusal("not-a-tower",
                 "a siege tower puts from 1 to " + std::to_string(max_lanes) +
                   " climbers a round on the wall walk (its engines.json row's carries_climbers, "
                   "R41), not " +
                   std::to_string(in.tower_climbers));
  if (in.method != ClimbMethod::tower && (in.lanes < 1 || in.lanes > max_lanes))
    fail_input("bad-lanes", in.method == ClimbMethod::ladder ? "ladders" : "ropes", std::to_string(in.lanes),
               "expected a whole number from 1 to " + std::to_string(max_lanes));
  if (in.rounds && (*in.rounds < 1 || *in.rounds > max_climb_rounds))
    fail_input("bad-rounds", "rounds", std::to_string(*in.rounds),
               "expected from 1 to " + std::to_string(max_climb_rounds));
  if (in.referee_rounds && in.method == ClimbMethod::tower)
    fail_input("bad-option", "successes-per-round", {}, "a siege tower makes no check");
  if (in.referee_rounds && in.rounds)
    fail_input("bad-option", "rounds", {}, "the referee's results already say how many rounds were played");
  if (in.referee_rounds && in.referee_rounds->size() > static_cast<std::size_t>(max_climb_rounds))
    fail_input("bad-rounds", "successes-per-round", {},
               "at most " + std::to_string(max_climb_rounds) + " rounds");
  require_damage_taken(in.damage_taken, section_stats(s, in.portcullis).hull);
}

[[nodiscard]] inline EscaladeOutcome resolve_escalade(const EscaladeInput& in, const DiceTable& dice,
                                                      Rng& rng) {
  require_valid_escalade(in);
  const Structure& s = *in.structure;
  EscaladeOutcome o;
  o.structure = s.id;
  o.method = in.method;
  o.attackers = in.attackers;
  o.lanes = in.method == ClimbMethod::tower ? 0 : in.lanes;
  o.tower_climbers = in.method == ClimbMethod::tower ? in.tower_climbers : 0;
  o.defended = in.defended;
  o.state = ladder_state(in.damage_taken, section_stats(s, in.portcullis).hull);

  if (o.state == BreachState::breached) {
    detail::add_rule(o.rules, "breach-not-climbed");
    o.notes.emplace_back("The section is breached: nothing is climbed. Move through the breach at "
                         "Rough Terrain speed instead.");
    return o;
  }
  o.climbed = true;
  o.check = climb_check_spec(in.method, in.defended, in.pool);

  switch (in.method) {
    case ClimbMethod::ladder:
      detail::add_rule(o.rules, "escalade-ladder");
      if (in.defended == Defended::yes) detail::add_rule(o.rules, "defenders-at-top");
      break;
    case ClimbMethod::grapnel:
      detail::add_rule(o.rules, "escalade-grapnel");
      o.notes.emplace_back("Grapnel climbs are silent: the defenders do not hear them coming.");
      if (in.defended == Defended::yes) {
        o.notes.emplace_back("Defenders at the top add Bane dice to ladders only; how they meet "
                             "climbers on ropes is the referee's call.");
        o.not_modelled.emplace_back("defenders at the top of a rope");
      }
      break;
    case ClimbMethod::tower:
      detail::add_rule(o.rules, "escalade-tower");
      o.notes.emplace_back("Once at the wall, the tower's bridge puts " + std::to_string(in.tower_climbers) +
                           " attackers a round on the wall walk with no check.");
      if (in.defended == Defended::yes) {
        o.notes.emplace_back("Defenders on the wall walk do not slow the bridge here; fight them "
                             "with the normal rules.");
        o.not_modelled.emplace_back("the fight on the wall walk");
      }
      o.not_modelled.emplace_back("the tower reaching the wall (a vehicle, Chapter 13; it burns)");
      break;
  }

  if (o.check && !in.referee_rounds) {
    o.rolled = true;
    if (best_net_successes(*o.check, dice) < 1) {
      o.hopeless = true;
      o.notes.emplace_back("Hopeless: no roll of " + std::to_string(o.check->pool) + " skill dice against " +
                           std::string(name_of(o.check->difficulty)) +
                           " difficulty can pass, so nobody climbs. Give more skill dice.");
      return o;
    }
  }

  const int limit = in.referee_rounds ? static_cast<int>(in.referee_rounds->size())
                                      : in.rounds.value_or(max_climb_rounds);
  bool retried = false;
  for (int r = 1; r <= limit && o.up < in.attackers; ++r) {
    ClimbRound cr;
    cr.round = r;
    const int waiting = in.attackers - o.up;
    if (in.method == ClimbMethod::tower) {
      cr.attempting = std::min(waiting, in.tower_climbers);
      cr.succeeded = cr.attempting;
    } else {
      cr.attempting = std::min(waiting, in.lanes);
      if (in.referee_rounds) {
        cr.succeeded = (*in.referee_rounds)[static_cast<std::size_t>(r - 1)];
        if (cr.succeeded < 0 || cr.succeeded > cr.attempting)
          fail_input("bad-round-result", "successes-per-round", {},
                     "round " + std::to_string(r) + " gives " + std::to_string(cr.succeeded) + ", but only " +
                         std::to_string(cr.attempting) + " climber(s) tried that round");
      } else {
        for (int c = 0; c < cr.attempting; ++c)
          if (roll_check(*o.check, dice, rng).passed()) ++cr.succeeded;
      }
      if (cr.succeeded < cr.attempting) retried = true;
    }
    o.up += cr.succeeded;
    cr.up = o.up;
    o.rounds.push_back(cr);
  }
  if (retried) detail::add_rule(o.rules, "climb-retry");
  if (in.referee_rounds && static_cast<int>(o.rounds.size()) < limit)
    fail_input("bad-round-result", "successes-per-round", {},
               std::to_string(limit) + " rounds given, but everybody was up after " +
                   std::to_string(o.rounds.size()));

  if (o.up == in.attackers) {
    o.notes.emplace_back("All " + std::to_string(in.attackers) + " attackers are on the wall after " +
                         std::to_string(o.rounds.size()) + " round(s).");
  } else if (!in.rounds && !in.referee_rounds) {
    o.limit_reached = true;
    o.notes.emplace_back("Stopped at the limit of " + std::to_string(max_climb_rounds) + " rounds: " +
                         std::to_string(o.at_foot()) + " attackers are still at the foot.");
  } else {
    o.notes.emplace_back(std::to_string(o.up) + " of " + std::to_string(in.attackers) +
                         " attackers are on the wall after " + std::to_string(o.rounds.size()) +
                         " round(s); " + std::to_string(o.at_foot()) + " wait at the foot.");
  }
  if (retried) o.notes.emplace_back("Climbers who failed stayed at the foot and tried again the next round.");
  return o;
}

}  // namespace siege
