// siege/army.hpp - the troops of a siege as values: units and armies (R33),
// and their JSON form in a description and in the state file.
//
// state.hpp keeps them in its Snapshot and calls the readers and writers
// here; units.hpp holds the rules that change them. The readers are
// templates on the snapshot type so that this header does not need
// state.hpp (which includes it): they look sections and engines up with the
// snapshot's own find_section() and find_engine().
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "siege/detail/json_read.hpp"
#include "siege/detail/json_writer.hpp"
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
  fail_input("bad-side", std::string(key), "'" + std::string(s) + "'", "expected besieger or defender");
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

// ---------------------------------------------------------------- reading

namespace detail {

template <std::size_t N>
[[nodiscard]] std::size_t troop_name(const Cursor& c, const std::array<std::string_view, N>& names,
                                     std::size_t count, std::string_view what) {
  const auto s = c.string(64);
  for (std::size_t i = 0; i < count; ++i)
    if (names[i] == s) return i;
  std::vector<std::string> known(names.begin(), names.begin() + static_cast<std::ptrdiff_t>(count));
  std::string list;
  for (std::size_t i = 0; i < count; ++i) list += (i == 0 ? "" : i + 1 == count ? " or " : ", ") + known[i];
  c.fail("unknown " + std::string(what) + " '" + s + "'" + did_you_mean(s, known) + " (expected " + list + ")");
}

// A unit of a description: {"id", "side", "figures", "order"?, "hero"?, "where"?}.
[[nodiscard]] inline UnitState read_unit_description(const Cursor& c) {
  c.expect_object();
  c.only_keys({"id", "side", "figures", "order", "hero", "where"});
  UnitState u;
  u.id = c.at("id").id();
  u.side = static_cast<UnitSide>(troop_name(c.at("side"), unit_side_names, 2, "side"));
  if (c.has("hero")) u.hero = c.at("hero").boolean();
  if (u.hero) {
    if (c.has("figures") && c.at("figures").int_in(1, max_figures) != 1)
      c.at("figures").fail("a hero is one figure");
    u.start_figures = 1;
  } else {
    u.start_figures = c.at("figures").int_in(1, max_figures);
  }
  u.figures = u.start_figures;
  // A unit starts in good or shaken order; only a rout makes it routed.
  if (c.has("order")) u.order = static_cast<Order>(troop_name(c.at("order"), order_names, 2, "order"));
  u.where = u.side == UnitSide::besieger ? UnitPlace::outside : UnitPlace::within_walls;
  if (c.has("where")) {
    static constexpr std::array<std::string_view, 2> start_places{"outside", "within-walls"};
    u.where = troop_name(c.at("where"), start_places, 2, "place") == 0 ? UnitPlace::outside : UnitPlace::within_walls;
  }
  return u;
}

// A unit of a state file: every key, every value in range and consistent.
// The section it names is checked against the snapshot by read_troops().
[[nodiscard]] inline UnitState read_unit_state(const Cursor& c) {
  c.expect_object();
  c.only_keys({"id", "side", "hero", "start_figures", "figures", "order", "where", "section", "through", "behind",
               "sally", "gone"});
  UnitState u;
  u.id = c.at("id").id();
  u.side = static_cast<UnitSide>(troop_name(c.at("side"), unit_side_names, 2, "side"));
  u.hero = c.at("hero").boolean();
  // R36, R37: "gone" only when it left; "sally" only when true (R38).
  if (c.has("gone")) {
    static constexpr std::array<std::string_view, 2> ways{"removed", "merged"};
    u.gone = troop_name(c.at("gone"), ways, 2, "way of leaving") == 0 ? Gone::removed : Gone::merged;
  }
  const auto start = c.at("start_figures");
  // A unit merged away gave its figures to the other: 0 and 0 (R37).
  u.start_figures = start.int_in(u.gone == Gone::merged ? 0 : 1, u.gone == Gone::merged ? 0 : max_figures);
  if (u.hero && u.start_figures != 1) start.fail("a hero is one figure");
  u.figures = c.at("figures").int_in(0, u.start_figures);
  if (c.has("sally")) {
    const auto sc = c.at("sally");
    if (!sc.boolean()) sc.fail("false, but \"sally\" is written only when true (R38)");
    u.sally = true;
  }
  u.order = static_cast<Order>(troop_name(c.at("order"), order_names, 3, "order"));
  u.where = static_cast<UnitPlace>(troop_name(c.at("where"), unit_place_names, 3, "place"));
  const auto sc = c.at("section");
  if (u.where == UnitPlace::section) {
    u.section = sc.id();
  } else if (!sc.value().is_null()) {
    sc.fail("expected null: the unit is " + std::string(name_of(u.where)));
  }
  const auto tc = c.at("through");
  const auto bc = c.at("behind");
  u.through = tc.int_in(0, u.figures);
  u.behind = bc.int_in(0, u.figures);
  if (u.sally && (u.side != UnitSide::defender || u.where != UnitPlace::outside))
    c.at("sally").fail("true, but only a defender unit outside the walls is on a sally (R38)");
  if (u.where != UnitPlace::section) {
    if (u.through != 0) tc.fail("expected 0: the unit is not at a section");
    if (u.behind != 0) bc.fail("expected 0: the unit is not at a section");
    return u;
  }
  if (u.through + u.behind != u.figures)
    bc.fail(std::to_string(u.behind) + ", but through " + std::to_string(u.through) + " + behind must be its " +
            std::to_string(u.figures) + " figures");
  if (u.side == UnitSide::defender && u.through != 0)
    tc.fail("expected 0: a defender at a section stands on the inner side of it");
  if (u.figures > 0 && u.behind == 0)
    bc.fail("0, but a unit with every figure through is within the walls (R33)");
  return u;
}

// An army: in a description {"strength"?} (and "in_castle"? for the
// defenders); in a state file every key.
[[nodiscard]] inline ArmyState read_army(const Cursor& c, UnitSide side, bool state) {
  c.expect_object();
  const bool defender = side == UnitSide::defender;
  if (state) {
    if (defender) c.only_keys({"strength", "killed", "in_castle", "called"});
    else c.only_keys({"strength", "killed", "called"});
  } else {
    if (defender) c.only_keys({"strength", "in_castle"});
    else c.only_keys({"strength"});
  }
  ArmyState a;
  a.in_castle = defender;  // castle defenders by default (R25)
  if (state || c.has("strength")) a.strength = c.at("strength").int_in(1, max_army);
  else a.strength = 0;  // read_troops() puts the side's figures here
  if (state) a.killed = c.at("killed").int_in(0, a.strength);
  if (defender && (state || c.has("in_castle"))) a.in_castle = c.at("in_castle").boolean();
  if (state) a.called = c.at("called").boolean();
  return a;
}

// Reads "units" and "armies" of a snapshot (both optional: a state file
// written before them has neither) into `s`, whose sections and engines are
// read already. Unit ids are unique and distinct from every section, engine
// and `reserved` id; a unit at a section names one of `s`; an army's
// strength holds its units' figures and its killed are what they have lost;
// `called` says whether the one-third mark is reached (R25, R33).
template <typename Snap>
void read_troops(const Cursor& c, Snap& s, bool state, std::initializer_list<std::string_view> reserved) {
  std::vector<Cursor> places;
  if (c.has("units")) {
    const auto list = c.at("units");
    list.expect_array();
    const std::size_t n = list.value().size();
    if (n > max_units) list.fail(std::to_string(n) + " units; a siege has at most " + std::to_string(max_units));
    for (std::size_t i = 0; i < n; ++i) {
      places.push_back(list.at(i));
      s.units.push_back(state ? read_unit_state(list.at(i)) : read_unit_description(list.at(i)));
    }
  }
  std::vector<std::string> section_ids;
  for (const auto& x : s.sections) section_ids.push_back(x.id);
  for (std::size_t i = 0; i < s.units.size(); ++i) {
    const UnitState& u = s.units[i];
    const Cursor idc = places[i].at("id");
    for (auto r : reserved)
      if (u.id == r) idc.fail("'" + u.id + "' is reserved; give this unit another id");
    if (s.find_section(u.id) != nullptr) idc.fail("duplicate id '" + u.id + "' (a section has it)");
    if (s.find_engine(u.id) != nullptr) idc.fail("duplicate id '" + u.id + "' (an engine has it)");
    for (std::size_t j = 0; j < i; ++j)
      if (s.units[j].id == u.id) idc.fail("duplicate id '" + u.id + "'");
    if (u.where == UnitPlace::section && s.find_section(u.section) == nullptr)
      places[i].at("section").fail("unknown section '" + u.section + "'" + did_you_mean(u.section, section_ids));
  }

  const bool has_armies = c.has("armies");
  if (has_armies) {
    const auto ac = c.at("armies");
    ac.expect_object();
    ac.only_keys({"besieger", "defender"});
  }
  for (const UnitSide side : {UnitSide::besieger, UnitSide::defender}) {
    const std::string name(name_of(side));
    // R38: the army holds at least its units' figures now and its killed
    // (for a siege with no departures: its units' figures at the start).
    std::int64_t figures = 0;
    std::int64_t lost = 0;
    bool any = false;
    for (const auto& u : s.units)
      if (u.side == side) {
        any = true;
        lost += u.lost();
        if (u.present()) figures += u.figures;
      }
    figures += lost;
    if (figures > max_army)
      c.at("units").fail("the " + name + " units have " + std::to_string(figures) +
                         " figures; an army has at most " + std::to_string(max_army));
    std::optional<Cursor> at;
    if (has_armies && (state || c.at("armies").has(name.c_str()))) {
      const auto sc = c.at("armies").at(name.c_str());
      if (!state || !sc.value().is_null()) at = sc;
    }
    if (!at) {
      if (!any) continue;
      if (!state) {  // the army is the side's units
        ArmyState a;
        a.strength = static_cast<int>(figures);
        a.in_castle = side == UnitSide::defender;
        s.armies.of(side) = a;
        continue;
      }
      if (!has_armies) c.fail("missing key 'armies' (the file has " + name + " units)");
      c.at("armies").at(name.c_str()).fail("null, but there are " + name + " units");
    }
    ArmyState a = read_army(*at, side, state);
    if (!state && a.strength == 0) {
      if (!any) at->fail("no " + name + " units: give \"strength\"");
      a.strength = static_cast<int>(figures);
    }
    if (a.strength < figures)
      at->at("strength").fail(std::to_string(a.strength) + ", less than the " + std::to_string(figures) +
                              " figures of the " + name + " units");
    if (state) {
      if (a.killed != lost)
        at->at("killed").fail(std::to_string(a.killed) + ", but the " + name + " units have lost " +
                              figures_word(static_cast<int>(lost)) + " (R33)");
      // R38: called once the mark is reached while the army can check, and
      // never cleared (arrivals may put it short of a third again, a sally
      // may have ended).
      if (!a.called && army_check_reached(a, side == UnitSide::defender ? sally_of(s.units) : Sally::no))
        at->at("called").fail("false, but " + std::to_string(a.killed) + " killed of " + std::to_string(a.strength) +
                              " is a third or more: the check is called (R33, R38)");
    }
    s.armies.of(side) = a;
  }
}

// The initial snapshot of a state file holds the units the current one
// starts with (id, side, hero, in the same order; R35: the rest of the
// current list are arrivals), each with all its figures and none gone or on
// a sally, and the same armies (in_castle; R35, R38: a strength that
// arrivals and departures change, an army an arrival brought).
template <typename Snap>
void check_initial_troops(const Snap& now, const Snap& initial, const Cursor& ic) {
  if (now.units.size() < initial.units.size()) {
    const std::string what = std::to_string(initial.units.size()) + " units, but /units has " +
                             std::to_string(now.units.size());
    if (ic.has("units")) ic.at("units").fail(what);
    ic.fail(what);
  }
  for (std::size_t i = 0; i < initial.units.size(); ++i) {
    const UnitState& a = now.units[i];
    const UnitState& b = initial.units[i];
    const Cursor uc = ic.at("units").at(i);
    const std::string here = "/units/" + std::to_string(i);
    if (a.id != b.id) uc.at("id").fail("'" + b.id + "', but " + here + "/id is '" + a.id + "'");
    if (a.side != b.side || a.hero != b.hero)
      uc.fail("unit '" + b.id + "' differs from " + here + " in side or hero");
    if (b.figures != b.start_figures)
      uc.at("figures").fail(std::to_string(b.figures) + ", but a unit starts with all its " +
                            std::to_string(b.start_figures) + " figures");
    if (!b.present()) uc.at("gone").fail("a unit of the siege as it began cannot be gone");
    if (b.sally) uc.at("sally").fail("a unit of the siege as it began is not on a sally (R38)");
  }
  for (const UnitSide side : {UnitSide::besieger, UnitSide::defender}) {
    const auto& a = now.armies.of(side);
    const auto& b = initial.armies.of(side);
    if (!b || (a && a->in_castle == b->in_castle)) continue;
    const std::string name(name_of(side));
    const std::string what = "the " + name + " army differs from /armies/" + name + " (in_castle)";
    if (ic.has("armies")) ic.at("armies").fail(what);
    ic.fail(what);
  }
}

}  // namespace detail

// ---------------------------------------------------------------- writing

namespace detail {

inline void write_unit(JsonWriter& w, const UnitState& u) {
  w.begin_object();
  w.field("id", u.id).field("side", name_of(u.side)).field("hero", u.hero);
  w.field("start_figures", u.start_figures).field("figures", u.figures);
  w.field("order", name_of(u.order)).field("where", name_of(u.where));
  w.key("section");
  if (u.where == UnitPlace::section) w.value(u.section);
  else w.null();
  w.field("through", u.through).field("behind", u.behind);
  if (u.sally) w.field("sally", true);                    // R38: only when true
  if (!u.present()) w.field("gone", name_of(u.gone));  // R36, R37: only when gone
  w.end_object();
}

inline void write_army(JsonWriter& w, const std::optional<ArmyState>& a, UnitSide side) {
  if (!a) {
    w.null();
    return;
  }
  w.begin_object();
  w.field("strength", a->strength).field("killed", a->killed);
  if (side == UnitSide::defender) w.field("in_castle", a->in_castle);
  w.field("called", a->called);
  w.end_object();
}

// {"besieger": ARMY|null, "defender": ARMY|null}
inline void write_armies(JsonWriter& w, const Armies& a) {
  w.begin_object();
  w.key("besieger");
  write_army(w, a.besieger, UnitSide::besieger);
  w.key("defender");
  write_army(w, a.defender, UnitSide::defender);
  w.end_object();
}

}  // namespace detail

// Public: what the program needs of the above (the rest stays internal).
using detail::write_unit;  // writes one unit of the siege

}  // namespace siege
