// siege/morale.hpp - unit order, routs within walls (R24) and army morale (R25).
//
// The troop rules of the siege texts work on units of figures that are in
// good, shaken or routed order. A morale check passes when the roll is at most
// the number needed (R21). resolve_rout() and army_morale() are pure: an input
// struct in, an outcome with its rule trace out (printed by
// src/print/troops.cpp).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "siege/error.hpp"
#include "siege/structure.hpp"
#include "siege/tables.hpp"
#include "siege/rule.hpp"

namespace siege {

// The rules this header applies, as outcomes list them (siege/rules.hpp
// gathers every header's into the catalogue).
inline constexpr RuleInfo morale_rules[] = {
    {"rout-within-walls", "R24", "a rout result within walls: the special procedure or the standard rout"},
    {"rout-shaken", "R24", "rout within walls, step 1: the unit becomes (or stays) shaken"},
    {"rout-extra-figure", "R24", "step 2: one more figure removed, no further check"},
    {"rout-move", "R24", "step 3: the rest move 4\" from the enemy; those blocked or touching it are eliminated"},
    {"rout-split-room", "R24", "a split unit: only the affected room moves, the whole unit is shaken"},
    {"standard-rout", "R24", "the player may take the standard rout instead, even after the dice"},
    {"army-morale", "R25", "the army checks morale once a third of it is killed (killed x 3 >= strength)"},
    {"castle-defenders-never-check", "R25", "defenders in a castle never check army morale"},
};

// ---------------------------------------------------------------- order

enum class Order { good, shaken, routed };
inline constexpr std::array<std::string_view, 3> order_names{"good", "shaken", "routed"};
[[nodiscard]] inline std::string_view name_of(Order o) {
  return order_names[static_cast<std::size_t>(o)];
}
// Throws a usage error naming the input `key` and the accepted values.
[[nodiscard]] inline Order parse_order(std::string_view s, std::string_view key = "order") {
  for (std::size_t i = 0; i < order_names.size(); ++i)
    if (order_names[i] == s) return static_cast<Order>(i);
  fail_input("bad-order", std::string(key), quoted(s), "expected good, shaken or routed");
}

// R21: a morale check in these rules passes when the roll is at most the
// number needed.
[[nodiscard]] constexpr bool morale_passed(std::int64_t rolled, std::int64_t needed) noexcept {
  return rolled <= needed;
}

// ---------------------------------------------------------------- rout (R24)

enum class Side { defender, attacker };
inline constexpr std::array<std::string_view, 2> side_names{"defender", "attacker"};
[[nodiscard]] inline std::string_view name_of(Side s) {
  return side_names[static_cast<std::size_t>(s)];
}
[[nodiscard]] inline Side parse_side(std::string_view s) {
  for (std::size_t i = 0; i < side_names.size(); ++i)
    if (side_names[i] == s) return static_cast<Side>(i);
  fail_input("bad-side", "side", quoted(s), "expected defender or attacker");
}

// Whether every surviving figure of an attacking unit is inside the walls.
enum class WithinWalls { no, yes };

inline constexpr int max_figures = 100000;

struct RoutInput {
  int figures = 1;  // figures in the unit when the rout result comes (>= 1)
  Order order = Order::good;
  Side side = Side::defender;
  WithinWalls within_walls = WithinWalls::no;  // matters for attackers only
  std::optional<int> room_figures;  // unit split: figures in the affected room
  int blocked = 0;  // movers that cannot finish the move or touch the enemy
  int move_inches = 4;  // from the data (troops.json rout_move_inches)
};

// One step of the special procedure, with the unit's figures after it.
struct RoutStep {
  std::string rule;
  std::string text;
  int removed = 0;   // figures lost in this step
  int figures = 0;   // figures of the whole unit after this step
};

struct RoutOutcome {
  int figures = 0;
  Order order_before = Order::good;
  Side side = Side::defender;
  bool within_walls = false;  // the special procedure is open to the unit
  bool split = false;
  int room_figures = 0;       // figures in the affected room (all when not split)
  int moving = 0;             // figures that make the move
  int move_inches = 4;
  int blocked = 0;
  std::vector<RoutStep> steps;  // empty when only the standard rout applies
  int special_figures_after = 0;
  Order special_order_after = Order::shaken;
  int standard_figures_after = 0;
  Order standard_order_after = Order::routed;
  std::vector<std::string> rules;
  std::vector<std::string> notes;
  std::vector<std::string> not_modelled;
};

// "1 figure", "12 figures": a count of figures as a line of text says it.
[[nodiscard]] inline std::string figures_word(int n) { return std::to_string(n) + (n == 1 ? " figure" : " figures"); }

// The hint that ends resolve_rout's note on an attacker not wholly within
// the walls (a caller that knows where the unit is drops it).
[[nodiscard]] inline std::string all_within_walls_hint() {
  return " (give " + input_word("all-within-walls") + " if they are)";
}

// R24. Refuses (usage error) a unit that is already routed, a room or a
// blocked count larger than the figures that could be there. An attacker not
// wholly within the walls is not refused: it gets only the standard rout.
[[nodiscard]] inline RoutOutcome resolve_rout(const RoutInput& in) {
  if (in.figures < 1 || in.figures > max_figures)
    fail_input("bad-figures", "figures", std::to_string(in.figures),
               "expected a whole number from 1 to " + std::to_string(max_figures));
  if (in.order == Order::routed)
    fail_refusal("already-routed", "the unit is already routed; a rout result applies to a unit in good "
                                   "or shaken order (" + input_word("order") + " good|shaken)");
  RoutOutcome o;
  o.figures = in.figures;
  o.order_before = in.order;
  o.side = in.side;
  o.move_inches = in.move_inches;
  o.within_walls = in.side == Side::defender || in.within_walls == WithinWalls::yes;
  o.standard_figures_after = in.figures;
  o.standard_order_after = Order::routed;
  detail::add_rule(o.rules, "rout-within-walls");

  if (in.room_figures && (*in.room_figures < 1 || *in.room_figures > in.figures))
    fail_input("bad-room-figures", "room-figures", std::to_string(*in.room_figures),
               "expected from 1 to the unit's " + figures_word(in.figures));

  if (!o.within_walls) {
    detail::add_rule(o.rules, "standard-rout");
    std::string note =
        "Only the standard rout applies: the special procedure inside walls is open to an attacking unit "
        "only "
        "when every surviving figure of it is within the walls";
    note.append(all_within_walls_hint()).append(".");
    o.notes.push_back(std::move(note));
    if (in.room_figures || in.blocked > 0)
      o.notes.emplace_back(input_word("room-figures") + " and " + input_word("blocked") +
                           " describe the special procedure and were not used.");
    o.not_modelled.emplace_back("the standard rout itself (use the normal morale rules)");
    return o;
  }

  o.split = in.room_figures.has_value() && *in.room_figures < in.figures;
  o.room_figures = in.room_figures.value_or(in.figures);
  // The extra figure (step 2) comes from the room that took the rout result.
  o.moving = o.room_figures - 1;
  if (in.blocked < 0 || in.blocked > o.moving)
    fail_input("bad-blocked", "blocked", std::to_string(in.blocked),
               "only " + figures_word(o.moving) + " make the " + std::to_string(in.move_inches) + "\" move" +
                   (o.split ? " (those left in the affected room after step 2)" : " (after step 2)"));
  o.blocked = in.blocked;

  int figures = in.figures;
  detail::add_rule(o.rules, "rout-shaken");
  o.steps.push_back({"rout-shaken",
                     in.order == Order::shaken ? "the unit stays shaken" : "the unit becomes shaken", 0, figures});
  detail::add_rule(o.rules, "rout-extra-figure");
  --figures;
  o.steps.push_back({"rout-extra-figure",
                     "one extra figure removed" + std::string(o.split ? " from the affected room" : "") +
                         ", no further check for it",
                     1, figures});
  detail::add_rule(o.rules, "rout-move");
  if (o.split) detail::add_rule(o.rules, "rout-split-room");
  std::string move = o.moving == 0 ? std::string("no figure left to move")
                                   : figures_word(o.moving) + (o.split ? " of the affected room" : "") +
                                         " move " + std::to_string(in.move_inches) + "\" away from the enemy";
  if (o.moving > 0)
    move += o.blocked == 0 ? ", none blocked"
                           : "; " + std::to_string(o.blocked) + " blocked or touching the enemy: eliminated";
  if (o.split) move += "; " + std::to_string(in.figures - o.room_figures) + " in other rooms stay";
  figures -= o.blocked;
  o.steps.push_back({"rout-move", move, o.blocked, figures});
  o.special_figures_after = figures;
  o.special_order_after = Order::shaken;

  detail::add_rule(o.rules, "standard-rout");
  if (figures == 0) o.notes.emplace_back("The special procedure leaves no figure of the unit.");
  if (o.split)
    o.notes.emplace_back("The unit is split: only the affected room moves, but the whole unit becomes shaken.");
  if (o.moving > 0)
    o.notes.emplace_back("The movers may use stairs or permanent ladders to change level, and may face any "
                         "way once the move is done.");
  o.notes.emplace_back("The player may take the standard rout instead, and may choose after seeing the dice.");
  o.not_modelled.emplace_back("the standard rout itself (use the normal morale rules)");
  return o;
}

// ---------------------------------------------------------------- army morale (R25)

enum class InCastle { no, yes };

inline constexpr int max_army = 10000000;

struct ArmyMoraleInput {
  int strength = 1;  // figures the army started with
  int killed = 0;    // figures killed so far
  InCastle defender_in_castle = InCastle::no;
};

struct ArmyMoraleOutcome {
  int strength = 0;
  int killed = 0;
  bool defender_in_castle = false;
  int threshold = 0;   // killed figures at which the check falls due: ceil(strength / 3)
  int remaining = 0;   // more figures to be killed before it falls due (0 once reached)
  bool due = false;
  std::vector<std::string> rules;
  std::vector<std::string> notes;
  std::vector<std::string> not_modelled;
};

// R25: due when killed * 3 >= strength (a third exactly counts); never for
// defenders in a castle. Refuses strength < 1 or killed outside 0..strength.
[[nodiscard]] inline ArmyMoraleOutcome army_morale(const ArmyMoraleInput& in) {
  if (in.strength < 1 || in.strength > max_army)
    fail_input("bad-strength", "strength", std::to_string(in.strength),
               "expected a whole number from 1 to " + std::to_string(max_army));
  if (in.killed < 0 || in.killed > in.strength)
    fail_input("bad-killed", "killed", std::to_string(in.killed),
               "expected from 0 to the army's strength " + std::to_string(in.strength));
  ArmyMoraleOutcome o;
  o.strength = in.strength;
  o.killed = in.killed;
  o.defender_in_castle = in.defender_in_castle == InCastle::yes;
  o.threshold = in.strength / 3 + (in.strength % 3 != 0 ? 1 : 0);
  o.remaining = in.killed >= o.threshold ? 0 : o.threshold - in.killed;
  const bool third = static_cast<std::int64_t>(in.killed) * 3 >= in.strength;
  o.rules.emplace_back("army-morale");
  if (o.defender_in_castle) {
    o.rules.emplace_back("castle-defenders-never-check");
    o.notes.emplace_back("Defenders in a castle never check army morale, whatever their losses.");
    return o;
  }
  o.due = third;
  if (o.due) {
    o.notes.emplace_back("A third of the army (" + std::to_string(o.threshold) + " of " +
                         std::to_string(in.strength) + " figures) or more is dead: check morale now, "
                         "by troop type on the standard morale tables, with any bonuses to the dice.");
    o.not_modelled.emplace_back("the standard morale tables by troop type");
  } else {
    o.notes.emplace_back("No check yet: " + std::to_string(o.remaining) + " more " +
                         (o.remaining == 1 ? "figure killed brings" : "figures killed bring") +
                         " the losses to a third (" +
                         std::to_string(o.threshold) + " of " + std::to_string(in.strength) + ").");
  }
  return o;
}

}  // namespace siege
