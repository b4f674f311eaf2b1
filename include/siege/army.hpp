// siege/army.hpp - the troops of a siege as values: units and armies (R33),
// whose JSON form, in a description and in the state file, is in
// state_json.hpp.
//
// state.hpp keeps them in its Snapshot; units.hpp holds the rules that
// change them.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "siege/detail/json_read.hpp"
#include "siege/detail/suggest.hpp"
#include "siege/morale.hpp"

namespace siege {

// The most units of one siege, both sides together (docs/state.md, "Limits").
inline constexpr std::size_t max_units = 1000;

// A unit's side, spelt as an engine's side in the state file.
enum class UnitSide { besieger, defender };
inline constexpr std::array<std::string_view, 2> unit_side_names{"besieger", "defender"};
[[nodiscard]] inline std::string_view name_of(UnitSide s) { return unit_side_names[static_cast<std::size_t>(s)]; }
// The side as the rout rules (morale.hpp) name it: the besieger attacks.
[[nodiscard]] constexpr Side rout_side(UnitSide s) noexcept {
  return s == UnitSide::besieger ? Side::attacker : Side::defender;
}
// Throws a usage error naming the input `key`; `attacker` is read as `besieger`.
[[nodiscard]] inline UnitSide parse_unit_side(std::string_view s, std::string_view key = "side") {
  if (s == "besieger" || s == "attacker") return UnitSide::besieger;
  if (s == "defender") return UnitSide::defender;
  fail_input("bad-side", std::string(key), quoted(s), "expected besieger or defender");
}

// R33: where a unit stands. At a section its figures are split between those
// through the breach (or up on the wall walk) and those behind it (or at the
// foot of the wall); within the walls every figure is through.
enum class UnitPlace { outside, section, within_walls };
inline constexpr std::array<std::string_view, 3> unit_place_names{"outside", "section", "within-walls"};
[[nodiscard]] inline std::string_view name_of(UnitPlace p) { return unit_place_names[static_cast<std::size_t>(p)]; }

// R36, R37: a unit or engine that left the siege stays in its list, marked
// gone (absent in the file while it is there); no command names it again.
enum class Gone { no, removed, merged };
inline constexpr std::array<std::string_view, 3> gone_names{"no", "removed", "merged"};
[[nodiscard]] inline std::string_view name_of(Gone g) { return gone_names[static_cast<std::size_t>(g)]; }

struct UnitState {
  std::string id;
  UnitSide side = UnitSide::besieger;
  bool hero = false;      // one figure that never fails a hold (R21)
  int start_figures = 1;  // as described; 1 for a hero
  int figures = 1;        // now: start_figures less every figure lost (0: none left)
  Order order = Order::good;
  UnitPlace where = UnitPlace::outside;
  std::string section;    // the section's id when where == section, else ""
  int through = 0;        // at a section: through the breach or on the wall walk (always 0 for a defender)
  int behind = 0;         // at a section: the rest; through + behind == figures, behind >= 1 while figures > 0
  // R38: a defender outside the walls on a sally (moved or added outside by
  // this version); one moved out by an entry of an older file is not.
  bool sally = false;
  Gone gone = Gone::no;   // R36, R37: removed (figures left alive) or merged (figures and start_figures 0)

  [[nodiscard]] int lost() const noexcept { return start_figures - figures; }
  [[nodiscard]] bool present() const noexcept { return gone == Gone::no; }
  // R38: its figures are out on a sally.
  [[nodiscard]] bool sallying() const noexcept {
    return present() && sally && figures > 0 && side == UnitSide::defender && where == UnitPlace::outside;
  }
  [[nodiscard]] bool at(std::string_view section_id) const noexcept {
    return where == UnitPlace::section && section == section_id;
  }
};

struct ArmyState {
  int strength = 1;        // figures at the start, or the description's number (>= its units' figures)
  int killed = 0;          // every figure its units have lost (R33)
  bool in_castle = false;  // defenders in a castle never check (R25); false for the besiegers
  bool called = false;     // the one-third check (R25) has been called; it is called once
};

// The two armies; a side has one when it has units or the description gave
// its strength.
struct Armies {
  std::optional<ArmyState> besieger;
  std::optional<ArmyState> defender;

  [[nodiscard]] const std::optional<ArmyState>& of(UnitSide s) const noexcept {
    return s == UnitSide::besieger ? besieger : defender;
  }
  [[nodiscard]] std::optional<ArmyState>& of(UnitSide s) noexcept {
    return s == UnitSide::besieger ? besieger : defender;
  }
};

// R38: whether defender figures are out on a sally (the defenders are then
// not "in a castle", whatever the file's in_castle says).
enum class Sally { no, out };
[[nodiscard]] inline Sally sally_of(const std::vector<UnitState>& units) {
  for (const auto& u : units)
    if (u.sallying()) return Sally::out;
  return Sally::no;
}

// R25, R38: the army is in a castle (it never checks): the file says so and
// none of its figures is out on a sally.
[[nodiscard]] inline bool in_a_castle(const ArmyState& a, Sally s) { return a.in_castle && s == Sally::no; }

// The input of the R25 check for an army.
[[nodiscard]] inline ArmyMoraleInput army_morale_input(const ArmyState& a, Sally s) {
  return {a.strength, a.killed, in_a_castle(a, s) ? InCastle::yes : InCastle::no};
}

// R25, R38: whether the army's losses have reached the point where its
// one-third check is called (never for defenders in a castle).
[[nodiscard]] inline bool army_check_reached(const ArmyState& a, Sally s) {
  return army_morale(army_morale_input(a, s)).due;
}

}  // namespace siege
