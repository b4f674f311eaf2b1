// siege/state_json.hpp - the state file and the siege description as JSON.
//
// Persistence, not rules and not an outcome printer: read_description()
// builds a new siege from a description (a new siege's file), read_state()
// and write_state() read and write the state file (schema 1, docs/state.md).
// The format is the core's because what it holds is the core's (SiegeState,
// with every id checked against the tables, a refusal naming the JSON
// pointer of the bad value) and because the tests and fuzz harnesses read
// and write it as the program does. No files are opened here; callers pass
// the text and a JsonSource that names it in messages. The outcome printers
// (src/print/) reuse the objects of the file (a section, an engine, a unit,
// an army) so that an outcome shows them as the file holds them.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "siege/army.hpp"
#include "siege/description.hpp"
#include "siege/detail/json_canon.hpp"
#include "siege/detail/json_read.hpp"
#include "siege/detail/json_writer.hpp"
#include "siege/state.hpp"
#include "siege/tables.hpp"
#include "siege/text.hpp"

namespace siege {

// ---------------------------------------------------------------- units and armies

namespace detail {

// Thrown by EntryFields::done: an entry of a description one or more of
// whose keys were refused, each refusal kept in Faults already.
struct EntryRefused {};

// The errors of a description gathered instead of thrown at the first:
// `siege init` reports them all. A step that a reader's error (a usage
// error) ends is recorded and reading goes on with the next; past
// Error::max_reported only their count is kept.
class Faults {
 public:
  // Runs `f`; returns whether it ran through (false: its error is kept,
  // or an entry inside it was refused with its errors kept).
  template <typename F>
  bool attempt(F&& f) {
    try {
      f();
      return true;
    } catch (const EntryRefused&) {
      return false;
    } catch (const Error& e) {
      if (e.kind() != ErrorKind::usage) throw;
      if (kept_.size() < Error::max_reported) kept_.push_back(e);
      else ++not_kept_;
      return false;
    }
  }
  // Throws the first error kept, carrying the others (Error::first_of).
  void raise() const {
    if (!kept_.empty()) throw Error::first_of(kept_, not_kept_);
  }

 private:
  std::vector<Error> kept_;
  std::size_t not_kept_ = 0;
};

// `f()` through `faults` (gathered), or as it is when there are none (the
// first error thrown: a state file, an `add`).
template <typename F>
bool attempt(Faults* faults, F&& f) {
  if (faults != nullptr) return faults->attempt(std::forward<F>(f));
  f();
  return true;
}

// The keys of one entry of a description read one by one: with `faults`
// each key's refusal is kept and the next key is read, so that an entry
// with two mistakes reports both; done() then refuses the entry as a whole
// (EntryRefused: it is left out, as an unread entry). Without `faults` (a
// state file, an `add`) the first refusal is thrown as it is.
class EntryFields {
 public:
  explicit EntryFields(Faults* faults) : faults_(faults) {}
  // Runs `f`; whether it ran through.
  template <typename F>
  bool read(F&& f) {
    if (attempt(faults_, std::forward<F>(f))) return true;
    refused_ = true;
    return false;
  }
  void done() const {
    if (refused_) throw EntryRefused{};
  }

 private:
  Faults* faults_;
  bool refused_ = false;
};

// The id an entry that could not be read gives itself ("" if none): what
// refers to it is not an error of its own.
[[nodiscard]] inline std::string unread_id(const Cursor& c) {
  const json& v = c.value();
  return v.is_object() && v.contains("id") && v["id"].is_string() ? v["id"].get<std::string>() : std::string();
}

// Refuses each key of `c` that description shape `shape` does not declare
// (description.hpp), naming the key, what is expected and, for a known
// miss, what to write instead.
inline void description_only_keys(const Cursor& c, std::string_view shape, Faults* faults) {
  const auto allowed = description_keys(shape);
  for (const auto& item : c.value().items()) {
    if (std::find(allowed.begin(), allowed.end(), item.key()) != allowed.end()) continue;
    attempt(faults, [&] {
      std::string list;
      std::vector<std::string> known;
      for (auto a : allowed) {
        list += (list.empty() ? "" : ", ") + std::string(a);
        known.emplace_back(a);
      }
      const std::string hint = shape == "section" && item.key() == "portcullis"
                                   ? " (a gate's portcullis is written \"variant\": \"portcullis\", R12)"
                                   : did_you_mean(item.key(), known);
      Cursor(item.value(), c.source(), c.pointer() + "/" + pointer_escape(item.key()))
          .fail("unknown key '" + item.key() + "'" + hint + " (expected one of: " + list + ")");
    });
  }
}

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
[[nodiscard]] inline UnitState read_unit_description(const Cursor& c, Faults* faults = nullptr) {
  c.expect_object();
  description_only_keys(c, "unit", faults);
  UnitState u;
  EntryFields keys(faults);
  keys.read([&] { u.id = c.at("id").id(); });
  keys.read([&] { u.side = static_cast<UnitSide>(troop_name(c.at("side"), unit_side_names, 2, "side")); });
  if (keys.read([&] { u.hero = c.has("hero") && c.at("hero").boolean(); }))
    keys.read([&] {
      if (u.hero) {
        if (c.has("figures") && c.at("figures").int_in(1, max_figures) != 1)
          c.at("figures").fail("a hero is one figure");
        u.start_figures = 1;
      } else {
        u.start_figures = c.at("figures").int_in(1, max_figures);
      }
    });
  u.figures = u.start_figures;
  // A unit starts in good or shaken order; only a rout makes it routed.
  if (c.has("order"))
    keys.read([&] { u.order = static_cast<Order>(troop_name(c.at("order"), order_names, 2, "order")); });
  u.where = u.side == UnitSide::besieger ? UnitPlace::outside : UnitPlace::within_walls;
  if (c.has("where"))
    keys.read([&] {
      static constexpr std::array<std::string_view, 2> start_places{"outside", "within-walls"};
      u.where =
          troop_name(c.at("where"), start_places, 2, "place") == 0 ? UnitPlace::outside : UnitPlace::within_walls;
    });
  keys.done();
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
[[nodiscard]] inline ArmyState read_army(const Cursor& c, UnitSide side, bool state, Faults* faults) {
  c.expect_object();
  const bool defender = side == UnitSide::defender;
  if (state) {
    if (defender) c.only_keys({"strength", "killed", "in_castle", "called"});
    else c.only_keys({"strength", "killed", "called"});
  } else {
    description_only_keys(c, defender ? "defender-army" : "besieger-army", faults);
  }
  ArmyState a;
  a.in_castle = defender;  // castle defenders by default (R25)
  EntryFields keys(faults);
  if (state || c.has("strength")) keys.read([&] { a.strength = c.at("strength").int_in(1, max_army); });
  else a.strength = 0;  // read_troops() puts the side's figures here
  if (state) a.killed = c.at("killed").int_in(0, a.strength);
  if (defender && (state || c.has("in_castle"))) keys.read([&] { a.in_castle = c.at("in_castle").boolean(); });
  if (state) a.called = c.at("called").boolean();
  keys.done();
  return a;
}

// Reads "units" and "armies" of a snapshot (both optional: a state file
// written before them has neither) into `s`, whose sections and engines are
// read already. Unit ids are unique and distinct from every section, engine
// and `reserved` id; a unit at a section names one of `s`; an army's
// strength holds its units' figures and its killed are what they have lost;
// `called` says whether the one-third mark is reached (R25, R33).
// With `faults` (a description) every error is gathered (Faults), and
// `unread` lists the ids of entries that could not be read.
template <typename Snap>
void read_troops(const Cursor& c, Snap& s, bool state, std::initializer_list<std::string_view> reserved,
                 Faults* faults = nullptr, const std::vector<std::string>& unread = {}) {
  std::vector<Cursor> places;
  if (c.has("units")) {
    const auto list = c.at("units");
    list.expect_array();
    const std::size_t n = list.value().size();
    if (n > max_units) list.fail(std::to_string(n) + " units; a siege has at most " + std::to_string(max_units));
    for (std::size_t i = 0; i < n; ++i)
      attempt(faults, [&] {
        s.units.push_back(state ? read_unit_state(list.at(i)) : read_unit_description(list.at(i), faults));
        places.push_back(list.at(i));
      });
  }
  std::vector<std::string> section_ids;
  for (const auto& x : s.sections) section_ids.push_back(x.id);
  for (std::size_t i = 0; i < s.units.size(); ++i)
    attempt(faults, [&] {
      const UnitState& u = s.units[i];
      const Cursor idc = places[i].at("id");
      for (auto r : reserved)
        if (u.id == r) idc.fail("'" + u.id + "' is reserved; give this unit another id");
      if (s.find_section(u.id) != nullptr) idc.fail("duplicate id '" + u.id + "' (a section has it)");
      if (s.find_engine(u.id) != nullptr) idc.fail("duplicate id '" + u.id + "' (an engine has it)");
      for (std::size_t j = 0; j < i; ++j)
        if (s.units[j].id == u.id) idc.fail("duplicate id '" + u.id + "'");
      if (u.where == UnitPlace::section && s.find_section(u.section) == nullptr &&
          std::find(unread.begin(), unread.end(), u.section) == unread.end())
        places[i].at("section").fail("unknown section '" + u.section + "'" + did_you_mean(u.section, section_ids));
    });

  const bool has_armies = c.has("armies");
  if (has_armies) {
    const auto ac = c.at("armies");
    ac.expect_object();
    if (state) ac.only_keys({"besieger", "defender"});
    else description_only_keys(ac, "armies", faults);
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
    ArmyState a;
    if (!attempt(faults, [&] { a = read_army(*at, side, state, faults); })) continue;  // its errors are kept
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

// ---------------------------------------------------------------- reading

namespace detail {

// A description gives only what is needed (defaults for the rest, engines in
// "besiegers" and "defenders"); a state file spells out every key.
enum class Strictness { description, state };

template <std::size_t N>
[[nodiscard]] std::size_t pick_name(const Cursor& c, const std::array<std::string_view, N>& names,
                                    std::string_view what) {
  const auto s = c.string(64);
  for (std::size_t i = 0; i < N; ++i)
    if (names[i] == s) return i;
  std::vector<std::string> known(names.begin(), names.end());
  std::string list;
  for (auto n : names) list += (list.empty() ? "" : ", ") + std::string(n);
  c.fail("unknown " + std::string(what) + " '" + s + "'" + did_you_mean(s, known) + " (expected " +
         list + ")");
}

// Runs a table lookup; its usage error is re-thrown at the cursor's place.
template <typename F>
decltype(auto) lookup_at(const Cursor& c, F&& f) {
  try {
    return f();
  } catch (const Error& e) {
    c.fail(e.marked_message());
  }
}

// Reads an optional key: required in a state file, defaulted in a description.
[[nodiscard]] inline bool present(const Cursor& c, const char* key, Strictness mode) {
  if (mode == Strictness::state && !c.has(key)) c.fail(std::string("missing key '") + key + "'");
  return c.has(key);
}

// A string id or null ("" in the value).
[[nodiscard]] inline std::string id_or_null(const Cursor& c) {
  return c.value().is_null() ? std::string() : c.id();
}

// A section's "abatis" or "mine" object: exactly `keys` in a state file,
// the description shape of that name in a description.
[[nodiscard]] inline Cursor works_object(const Cursor& c, const char* key, Strictness mode,
                                         std::initializer_list<std::string_view> keys, Faults* faults) {
  const auto o = c.at(key);
  o.expect_object();
  if (mode == Strictness::state) o.only_keys(keys);
  else description_only_keys(o, key, faults);
  return o;
}

// A section; in a description its keys are description.hpp's (`faults`: gathered, read_description).
inline SectionState read_section(const Cursor& c, const Tables& t, Strictness mode, Faults* faults = nullptr) {
  c.expect_object();
  if (mode == Strictness::state) c.only_keys({"id", "structure", "variant", "hull_suffered", "state", "abatis", "mine"});
  else description_only_keys(c, "section", faults);
  SectionState s;
  EntryFields keys(faults);
  keys.read([&] { s.id = c.at("id").id(); });
  // The structure's row: the variant, the Hull and the days of digging are
  // judged by it (unknown: left unjudged, the structure's error said).
  const Structure* row = nullptr;
  keys.read([&] {
    const auto sc = c.at("structure");
    s.structure = sc.id();
    row = &lookup_at(sc, [&]() -> const Structure& { return t.structure(s.structure); });
  });
  bool variant_read = true;
  if (row != nullptr && present(c, "variant", mode))
    variant_read = keys.read([&] {
      const auto v = c.at("variant");
      s.variant = id_or_null(v);
      if (!s.variant.empty()) {
        if (row->variant(s.variant) == nullptr) {
          std::vector<std::string> known;
          for (const auto& x : row->variants) known.push_back(x.id);
          v.fail("unknown variant '" + s.variant + "' of " + row->id + did_you_mean(s.variant, known) +
                 (known.empty() ? " (it has no variants)" : ""));
        }
        if (s.variant != "portcullis") v.fail("variant '" + s.variant + "' is not modelled (only portcullis)");
      }
    });
  const bool judged = row != nullptr && variant_read;
  const int hull = judged ? section_stats(*row, portcullis_of(s)).hull : 0;
  if (judged && present(c, "hull_suffered", mode))
    keys.read([&] { s.hull_suffered = c.at("hull_suffered").int_in(0, hull); });
  s.state = ladder_state(s.hull_suffered, hull);
  if (mode == Strictness::state) {
    const auto st = c.at("state");
    const auto given = static_cast<BreachState>(pick_name(st, breach_state_names, "state"));
    if (given != s.state)
      st.fail(quoted(name_of(given)) + " does not match hull_suffered " +
              std::to_string(s.hull_suffered) + " of " + std::to_string(hull) + " (R4 gives '" +
              std::string(name_of(s.state)) + "')");
  }
  if (present(c, "abatis", mode))
    keys.read([&] {
      const auto a = works_object(c, "abatis", mode, {"standing", "progress"}, faults);
      EntryFields abatis(faults);
      abatis.read([&] { s.abatis.standing = a.at("standing").boolean(); });
      abatis.read(
          [&] { s.abatis.progress = a.at("progress").int_in(0, t.troops.abatis_turns - 1); });  // R26, from the tables
      abatis.done();
    });
  if (present(c, "mine", mode))
    keys.read([&] {
      const auto m = works_object(c, "mine", mode, {"days_dug", "detected"}, faults);
      EntryFields mine(faults);
      // R19: a gallery digs one day a point of the section's listed Armor.
      if (judged)
        mine.read([&] {
          const auto dug = m.at("days_dug");
          const int needed = section_stats(*row, portcullis_of(s)).base_armor;
          s.mine.days_dug = dug.int_in(0, 10000);
          if (s.mine.days_dug > needed)
            dug.fail(std::to_string(s.mine.days_dug) + " days dug, but " + row->id + " takes " +
                     std::to_string(needed) +
                     " days of digging (one a point of its listed Armor, R19): expected from 0 to " +
                     std::to_string(needed));
        });
      mine.read([&] { s.mine.detected = m.at("detected").boolean(); });
      mine.done();
    });
  keys.done();
  return s;
}

// An engine; in a description `side` comes from the array it is in.
inline EngineState read_engine(const Cursor& c, const Tables& t, Strictness mode, EngineSide side,
                               Faults* faults = nullptr) {
  c.expect_object();
  if (mode == Strictness::state)
    c.only_keys({"id", "side", "engine", "weapon", "pool", "target", "hull_suffered", "knocked_out", "gone"});
  else
    description_only_keys(c, "engine", faults);
  EngineState e;
  EntryFields keys(faults);
  keys.read([&] { e.id = c.at("id").id(); });
  e.side = mode == Strictness::state ? static_cast<EngineSide>(pick_name(c.at("side"), engine_side_names, "side")) : side;
  const Engine* row = nullptr;
  // The row and the weapon: the rest of the engine is judged by them.
  bool judged = true;
  if (present(c, "engine", mode))
    judged = keys.read([&] {
      const auto ec = c.at("engine");
      // A description's known miss: "engine" taken for the engine's name, or
      // for the weapon it fires.
      if (mode == Strictness::description && ec.value().is_string()) {
        const std::string given = ec.value().get<std::string>();
        if (find_by_id(t.engines, given) == nullptr) {
          const std::string hint =
              t.find_weapon(given) != nullptr
                  ? " ('" + given + "' is a weapon: write \"weapon\": \"" + given + "\")"
              : c.has("weapon")
                  ? " (\"engine\" is the engines.json row the engine is hit as, not its name; leave it out and "
                    "the engine that fires its \"weapon\" gives the row)"
                  : "";
          if (!hint.empty())
            ec.fail((is_id(given) ? "unknown engines.json row '" + given + "'" + did_you_mean(given, ids_of(t.engines))
                                  : std::string(id_rule)) +
                    hint);
        }
      }
      e.engine = id_or_null(ec);
      if (!e.engine.empty()) row = &lookup_at(ec, [&]() -> const Engine& { return t.engine(e.engine); });
    });
  if (present(c, "weapon", mode))
    judged = keys.read([&] {
      const auto wc = c.at("weapon");
      e.weapon = id_or_null(wc);
      if (!e.weapon.empty()) {
        const Weapon& w = lookup_at(wc, [&]() -> const Weapon& { return t.weapon(e.weapon); });
        lookup_at(wc, [&] { refuse_personal(w); });
      }
    }) && judged;
  if (mode == Strictness::description && judged) {
    if (e.engine.empty() && e.weapon.empty())
      keys.read([&] { c.fail("give \"engine\" (a row of engines.json) or \"weapon\" (a row of weapons.json)"); });
    if (row != nullptr && e.weapon.empty()) e.weapon = row->weapon;
    if (row == nullptr)  // the engine that fires this weapon gives its Armor and Hull
      for (const auto& r : t.engines)
        if (r.weapon == e.weapon && r.id != camp_id) {
          row = &r;
          e.engine = r.id;
          break;
        }
  }
  if (present(c, "pool", mode)) keys.read([&] { e.pool = c.at("pool").int_in(0, max_dice); });
  if (present(c, "target", mode)) keys.read([&] { e.target = id_or_null(c.at("target")); });
  bool wrecked = false;
  if (judged) {
    if (present(c, "hull_suffered", mode))
      keys.read([&] { e.hull_suffered = c.at("hull_suffered").int_in(0, row != nullptr ? row->hull : 0); });
    wrecked = row != nullptr && e.hull_suffered >= row->hull;
  }
  e.knocked_out = wrecked;
  if (present(c, "knocked_out", mode))
    keys.read([&] {
      const auto k = c.at("knocked_out");
      e.knocked_out = k.boolean();
      if (wrecked && !e.knocked_out)
        k.fail("false, but it has suffered its whole Hull (" + std::to_string(row->hull) + ")");
    });
  if (mode == Strictness::state && c.has("gone")) {  // R36: an engine leaves only by `siege remove`
    static constexpr std::array<std::string_view, 1> ways{"removed"};
    (void)pick_name(c.at("gone"), ways, "way of leaving");
    e.gone = Gone::removed;
  }
  keys.done();
  return e;
}

// Ids are unique across sections and engines (targets name either), and
// "camp" is taken ("none" too in a description: R29); every target exists
// and suits its engine's side (check_aim). A state file may also hold an
// engine with a weapon and no target (`siege target --at none`) and, as
// files written before R29 did, a defender engine aimed at a section (it
// makes no attack: play_scene). `sections` is the array the sections came
// from; `engine_at(i)` the place of engine i (a description keeps them in two
// arrays).
// `section_at(i)` is the place of section i, as `engine_at(i)` is engine
// i's. With `faults` (a description) each error is gathered, and a target
// among `unread` (entries that could not be read) is not one.
template <typename SectionAt, typename EngineAt>
void check_references(const Snapshot& s, SectionAt&& section_at, EngineAt&& engine_at, Strictness mode,
                      Faults* faults = nullptr, const std::vector<std::string>& unread = {}) {
  std::vector<std::string> ids;
  auto claim = [&](const std::string& id, const Cursor& c) {
    if (id == camp_id) c.fail("'camp' is the besiegers' camp; give this one another id");
    if (id == no_target_id && mode == Strictness::description)
      c.fail("'none' means no target (R29); give this one another id");
    for (const auto& x : ids)
      if (x == id) c.fail("duplicate id '" + id + "'");
    ids.push_back(id);
  };
  for (std::size_t i = 0; i < s.sections.size(); ++i)
    attempt(faults, [&] { claim(s.sections[i].id, section_at(i).at("id")); });
  for (std::size_t i = 0; i < s.engines.size(); ++i)
    attempt(faults, [&] { claim(s.engines[i].id, engine_at(i).at("id")); });

  for (std::size_t i = 0; i < s.engines.size(); ++i) {
    const auto& e = s.engines[i];
    const Cursor c = engine_at(i);
    if (e.target.empty()) {
      if (!e.weapon.empty() && mode == Strictness::description)
        attempt(faults, [&] { c.fail("engine '" + e.id + "' has a weapon but no \"target\""); });
      continue;
    }
    if (std::find(unread.begin(), unread.end(), e.target) != unread.end()) continue;
    const AimCheck aim = check_aim(s, e, e.target);
    // A state file keeps what a removal left: an engine aimed at one gone (R36).
    if (aim.ok() || (mode == Strictness::state && (aim.problem == AimProblem::own_wall ||
                                                   aim.problem == AimProblem::gone)))
      continue;
    // A description's known miss: a besieger's engine listed among the defenders.
    const std::string hint = mode == Strictness::description && aim.problem == AimProblem::own_wall
                                 ? "; if it is the besiegers' engine, list it under \"besiegers\""
                                 : "";
    attempt(faults, [&] { c.at("target").fail(aim.message + hint); });
  }
}

// Refuses an array of more than `max` sections or engines, at its pointer.
inline void limit_count(const Cursor& list, std::size_t count, std::size_t max, std::string_view what) {
  if (count > max)
    list.fail(std::to_string(count) + " " + std::string(what) + "; a siege has at most " + std::to_string(max));
}

// With `faults` (a description) every error is gathered, the ids of the
// sections that could not be read are added to `unread` and the places of
// those read to `places`.
inline Snapshot read_snapshot(const Cursor& c, const Tables& t, Strictness mode, Faults* faults = nullptr,
                              std::vector<std::string>* unread = nullptr, std::vector<Cursor>* places = nullptr) {
  Snapshot s;
  if (mode == Strictness::state) s.scene = c.at("scene").int_in(0, max_scene);
  attempt(faults, [&] {
    const auto sections = c.at("sections");
    sections.expect_array();
    limit_count(sections, sections.value().size(), max_sections, "sections");
    for (std::size_t i = 0; i < sections.value().size(); ++i)
      if (!attempt(faults, [&] { s.sections.push_back(read_section(sections.at(i), t, mode, faults)); })) {
        if (unread != nullptr) unread->push_back(unread_id(sections.at(i)));
      } else if (places != nullptr) {
        places->push_back(sections.at(i));
      }
  });
  if (mode == Strictness::state) {
    const auto engines = c.at("engines");
    engines.expect_array();
    limit_count(engines, engines.value().size(), max_engines, "engines");
    for (std::size_t i = 0; i < engines.value().size(); ++i)
      s.engines.push_back(read_engine(engines.at(i), t, mode, EngineSide::besieger));
  }
  if (mode == Strictness::state || c.has("camp"))
    attempt(faults, [&] {
      const auto camp = c.at("camp");
      camp.expect_object();
      if (mode == Strictness::state) camp.only_keys({"hull_suffered"});
      else description_only_keys(camp, "camp", faults);
      s.camp.hull_suffered = camp.at("hull_suffered").int_in(0, camp_row(t).hull);
    });
  if (mode == Strictness::state) read_troops(c, s, true, {camp_id, "none"});  // optional: older files have none
  return s;
}

[[nodiscard]] inline SceneLength read_scene_length(const Cursor& c) {
  return static_cast<SceneLength>(pick_name(c, scene_length_names, "scene length"));
}

}  // namespace detail

// A new siege from a description (docs/state.md): sections, "besiegers" and
// "defenders". Errors are reported with `src.kind` (usage for `siege init`).
// Every error is found in one reading: the first is thrown carrying the
// others (Error::others(), at most Error::max_reported in all, then their
// count), each naming its JSON pointer.
[[nodiscard]] inline SiegeState read_description(std::string_view text, const detail::JsonSource& src,
                                                 const Tables& t) {
  using namespace detail;
  const json doc = parse_strict(text, src);
  const Cursor root(doc, src, "");
  root.expect_object();
  Faults faults;
  description_only_keys(root, "description", &faults);
  // The editor's schema (description.hpp): any string, not read.
  if (root.has("$schema")) faults.attempt([&] { (void)root.at("$schema").string(2000); });
  if (root.has("schema")) faults.attempt([&] { (void)root.at("schema").int_in(state_schema, state_schema); });
  SiegeState st;
  if (root.has("name"))
    faults.attempt([&] {
      st.name = root.at("name").string();
      // R42 (the parser has refused any byte that is not UTF-8 already).
      if (auto problem = text::text_input_problem(st.name, text::TextFrom::file)) root.at("name").fail(*problem);
    });
  if (root.has("scene_length"))
    faults.attempt([&] { st.scene_length = read_scene_length(root.at("scene_length")); });
  std::vector<std::string> unread;  // ids of the entries that could not be read
  std::vector<Cursor> sections;  // where each section read is
  std::vector<Cursor> places;    // where each engine read is: /besiegers/i, then /defenders/j
  st.now = read_snapshot(root, t, Strictness::description, &faults, &unread, &sections);
  for (const char* side : {"besiegers", "defenders"}) {
    if (!root.has(side)) continue;
    faults.attempt([&] {
      const auto list = root.at(side);
      list.expect_array();
      limit_count(list, st.now.engines.size() + list.value().size(), max_engines,
                  "engines in \"besiegers\" and \"defenders\" together");
      for (std::size_t i = 0; i < list.value().size(); ++i)
        if (faults.attempt([&] {
              st.now.engines.push_back(read_engine(list.at(i), t, Strictness::description,
                                                   side[0] == 'b' ? EngineSide::besieger : EngineSide::defender,
                                                   &faults));
            }))
          places.push_back(list.at(i));
        else
          unread.push_back(unread_id(list.at(i)));
    });
  }
  check_references(
      st.now, [&](std::size_t i) { return sections[i]; }, [&](std::size_t i) { return places[i]; },
      Strictness::description, &faults, unread);
  faults.attempt([&] { read_troops(root, st.now, false, {camp_id, "none"}, &faults, unread); });
  faults.raise();
  st.initial = st.now;
  return st;
}

namespace detail {

// R35, R37, R43: the units, engines and sections past those of `initial`
// are the log's arrivals, in its order: the unit, engine or section of
// every `add` entry and the new unit of every `split` entry.
inline void check_arrivals(const Cursor& root, const SiegeState& st) {
  std::vector<std::string> units;
  std::vector<std::string> engines;
  std::vector<std::string> sections;
  auto named = [](const json& inputs, const char* key) -> std::optional<std::string> {
    if (!inputs.contains(key) || !inputs[key].is_string()) return std::nullopt;
    return inputs[key].get<std::string>();
  };
  // Only the entries that bring something are built (Log::action_at).
  for (std::size_t i = 0; i < st.log.size(); ++i) {
    const std::string_view action = st.log.action_at(i);
    if (action == "add") {
      const json inputs = st.log[i].inputs.json();
      if (auto u = named(inputs, "unit")) units.push_back(*u);
      else if (auto g = named(inputs, "engine")) engines.push_back(*g);
      else if (auto x = named(inputs, "section"); x && named(inputs, "structure")) sections.push_back(*x);
    } else if (action == "split") {
      if (auto u = named(st.log[i].inputs.json(), "into")) units.push_back(*u);
    }
  }
  auto check = [&](const char* key, std::size_t n_initial, const auto& list, const std::vector<std::string>& log) {
    const std::size_t arrived = list.size() - n_initial;
    for (std::size_t i = 0; i < arrived; ++i)
      if (i >= log.size() || list[n_initial + i].id != log[i])
        root.at(key).at(n_initial + i).at("id").fail(
            "'" + list[n_initial + i].id + "' is not in the siege as it began (/initial/" + key + "), and " +
            (i >= log.size() ? std::string("no further arrival is logged")
                             : "the log's arrival number " + std::to_string(i + 1) + " is '" + log[i] + "'") +
            " (R35)");
    if (log.size() > arrived)
      root.at(key).fail(std::to_string(arrived) + " arrivals after /initial/" + key + ", but the log has " +
                        std::to_string(log.size()) + " (the next is '" + log[arrived] + "') (R35)");
  };
  check("units", st.initial.units.size(), st.now.units, units);
  check("engines", st.initial.engines.size(), st.now.engines, engines);
  check("sections", st.initial.sections.size(), st.now.sections, sections);
}

// The checks of a state file but its log and redo list, on its JSON `doc`:
// the format and schema, the keys, the siege now and as it began and how
// they agree. Returns the siege without its log.
[[nodiscard]] inline SiegeState read_state_head(const json& doc, const JsonSource& src, const Tables& t) {
  const Cursor root(doc, src, "");
  if (!doc.is_object() || !doc.contains("format") || !doc["format"].is_string() ||
      doc["format"].get<std::string>() != state_format)
    root.fail(
        "not a siege state file (no \"format\": \"siege-state\"); make one with '" +
        command_words({"init", "FILE", input_word("from"), "DESCRIPTION.json"}) + "'");
  const auto schema = root.at("schema");
  if (!schema.value().is_number_integer() || schema.value() != state_schema)
    schema.fail("schema " + schema.value().dump() + " is not supported (this siege reads schema " +
                std::to_string(state_schema) + ")");
  root.only_keys({"schema", "format", "name", "scene_length", "scene", "sections", "engines", "camp",
                  "units", "armies", "initial", "log", "redo"});
  SiegeState st;
  st.name = root.at("name").string();
  st.scene_length = read_scene_length(root.at("scene_length"));
  st.now = read_snapshot(root, t, Strictness::state);
  check_references(
      st.now, [&](std::size_t i) { return root.at("sections").at(i); },
      [&](std::size_t i) { return root.at("engines").at(i); },
                   Strictness::state);
  const auto initial = root.at("initial");
  initial.expect_object();
  initial.only_keys({"scene", "sections", "engines", "camp", "units", "armies"});
  st.initial = read_snapshot(initial, t, Strictness::state);
  check_references(st.initial, [&](std::size_t i) { return initial.at("sections").at(i); },
                   [&](std::size_t i) { return initial.at("engines").at(i); }, Strictness::state);
  // The same sections and engines, in the same order, as initialised, then
  // those that arrived (R35, R43).
  auto same_ids = [&](const char* key, std::size_t n_now, std::size_t n_initial, auto id_now, auto id_initial) {
    if (n_now < n_initial)
      initial.at(key).fail(std::to_string(n_initial) + " entries, but /" + key + " has " + std::to_string(n_now));
    for (std::size_t i = 0; i < n_initial; ++i)
      if (id_now(i) != id_initial(i))
        initial.at(key).at(i).at("id").fail("'" + id_initial(i) + "', but /" + key + "/" + std::to_string(i) +
                                            "/id is '" + id_now(i) + "'");
  };
  same_ids("sections", st.now.sections.size(), st.initial.sections.size(),
           [&](std::size_t i) { return st.now.sections[i].id; },
           [&](std::size_t i) { return st.initial.sections[i].id; });
  same_ids("engines", st.now.engines.size(), st.initial.engines.size(),
           [&](std::size_t i) { return st.now.engines[i].id; },
           [&](std::size_t i) { return st.initial.engines[i].id; });
  check_initial_troops(st.now, st.initial, initial);
  return st;
}

// read_state_from() on the whole document: every entry built, every error
// named precisely.
[[nodiscard]] inline SiegeState read_state_built(std::string_view text, const JsonSource& src, const Tables& t,
                                                 std::size_t first_entry) {
  const json doc = parse_strict(text, src);
  SiegeState st = read_state_head(doc, src, t);
  const Cursor root(doc, src, "");
  // R30: an entry written before entries recorded their scene belongs to the
  // scene of the `scene` entries before it (a `scene` entry to the one it
  // starts). Entries that record it are taken at their word; whether the
  // log gives them is replay's to check, as for the outcomes. (A text whose
  // first entries were left out starts counting at the initial scene: its
  // entries come from write_state, which records every scene.)
  int scene = st.initial.scene;
  // One entry of the log or of the redo list, numbered `number`.
  auto read_entry = [&](const Cursor& c, int number) {
    c.expect_object();
    c.only_keys({"entry", "scene", "action", "inputs", "seed", "outcome"});
    LogEntry e;
    e.entry = c.at("entry").int_in(number, number);
    e.action = c.at("action").id();
    if (c.has("scene")) scene = c.at("scene").int_in(0, max_scene);
    else if (e.action == "scene") scene = std::min(scene + 1, max_scene);
    e.scene = scene;
    const auto in = c.at("inputs");
    in.expect_object();
    e.inputs = RawJson(in.value());
    e.seed = c.at("seed").uint64();
    const auto out = c.at("outcome");
    out.expect_object();
    e.outcome = RawJson(out.value());
    return e;
  };
  const auto log = root.at("log");
  log.expect_array();
  for (std::size_t i = 0; i < log.value().size(); ++i) {
    const std::size_t at = first_entry + i;
    st.log.push_back(read_entry(Cursor(log.value()[i], src, "/log/" + std::to_string(at)), static_cast<int>(at) + 1));
  }
  // R40: what can be redone goes on from the log's last entry, in order;
  // an empty list is never written.
  if (root.has("redo")) {
    const auto redo = root.at("redo");
    redo.expect_array();
    if (redo.value().empty()) redo.fail("an empty redo list is left out of the file");
    const std::size_t logged = first_entry + st.log.size();
    for (std::size_t i = 0; i < redo.value().size(); ++i)
      st.redo.push_back(read_entry(redo.at(i), static_cast<int>(logged + i) + 1));
  }
  if (first_entry == 0) check_arrivals(root, st);
  return st;
}

// One log entry numbered `number` as write_log_entry writes it, at s[i]:
// its keys in that order, its scene given, its inputs and outcome in
// dump()'s form (canon::value), its action an id. Checked, not built (the
// Log builds it from the text when asked: EntryText); false for anything
// else.
[[nodiscard]] inline bool scan_written_entry(std::string_view s, std::size_t& i, std::size_t number) noexcept {
  using canon::literal;
  using Keys = EntryText;
  std::uint64_t v = 0;
  bool negative = false;
  if (!literal(s, i, Keys::entry_key) || !canon::integer(s, i, v, negative) || negative || v != number ||
      number > static_cast<std::size_t>(std::numeric_limits<int>::max()))
    return false;
  if (!literal(s, i, Keys::scene_key) || !canon::integer(s, i, v, negative) || negative ||
      v > static_cast<std::uint64_t>(max_scene))
    return false;
  const std::size_t action = i + Keys::action_key.size();
  bool escaped = false;
  if (!literal(s, i, Keys::action_key.substr(0, Keys::action_key.size() - 1)) || !canon::string(s, i, escaped) ||
      escaped || !is_id(s.substr(action, i - 1 - action)))
    return false;
  // root, log, entry: the inputs and outcome are the fourth level.
  constexpr std::size_t entry_depth = 3;
  if (!literal(s, i, Keys::inputs_key) || i >= s.size() || s[i] != '{' || !canon::value(s, i, entry_depth))
    return false;
  if (!literal(s, i, Keys::seed_key) || !canon::integer(s, i, v, negative) || negative) return false;
  if (!literal(s, i, Keys::outcome_key) || i >= s.size() || s[i] != '{' || !canon::value(s, i, entry_depth))
    return false;
  return literal(s, i, "}");
}

// The entries of a list of write_state's layout, at s[i] just past its "[":
// "]", or each entry on a line of its own, four spaces in, then "\n  ]".
// They are numbered on from `numbered` entries before them. `starts` gets
// where each entry starts, `end` where the last one ends.
[[nodiscard]] inline bool scan_written_entries(std::string_view s, std::size_t& i, std::size_t numbered,
                                               std::vector<std::uint32_t>& starts, std::size_t& end) {
  end = i;
  if (canon::literal(s, i, "]")) return true;
  for (;;) {
    if (!canon::literal(s, i, Log::first_line)) return false;
    starts.push_back(static_cast<std::uint32_t>(i));
    if (!scan_written_entry(s, i, numbered + starts.size())) return false;
    end = i;
    if (canon::literal(s, i, "\n  ]")) return true;
    if (!canon::literal(s, i, ",")) return false;
  }
}

// read_state_from() of a text as write_state writes it, without building
// its log: everything before the line `  "log": [` is read as a document of
// its own (with an empty log), the entries as scan_written_entries() takes
// them, kept as `text` (alive as long as `owner`) has them.
// Nothing when the text is not of that layout, or anything in it is wrong:
// read_state_built() then reads it and names what is wrong.
[[nodiscard]] inline std::optional<SiegeState> read_state_written(std::string_view text, const JsonSource& src,
                                                                  const Tables& t, std::size_t first_entry,
                                                                  const std::shared_ptr<const void>& owner) {
  constexpr std::string_view log_line = "\n  \"log\": [";
  const std::size_t at = text.find(log_line);
  if (at == std::string_view::npos || text.size() > max_json_bytes) return std::nullopt;
  std::size_t i = at + log_line.size();
  std::vector<std::uint32_t> log, redo;
  std::size_t log_end = 0, redo_end = 0;
  if (!scan_written_entries(text, i, first_entry, log, log_end)) return std::nullopt;
  if (canon::literal(text, i, ",\n  \"redo\": [") &&
      (!scan_written_entries(text, i, first_entry + log.size(), redo, redo_end) || redo.empty()))
    return std::nullopt;
  if (text.substr(i) != "\n}\n") return std::nullopt;
  // The head as a document: it parses only when the log's key is the top
  // object's (the "}" added closes that object and the text).
  std::string head(text.substr(0, at + log_line.size()));
  head += "]\n}\n";
  try {
    const json doc = parse_strict(head, src);
    if (doc.is_object() && doc.contains("redo")) return std::nullopt;  // a second list before the log
    SiegeState st = read_state_head(doc, src, t);
    st.log = Log::of_text(owner, text, std::move(log), log_end);
    st.redo = Log::of_text(owner, text, std::move(redo), redo_end);
    if (first_entry == 0) check_arrivals(Cursor(doc, src, ""), st);
    return st;
  } catch (const Error&) {
    return std::nullopt;
  }
}

// read_state() of a state file's text whose log starts at entry number
// `first_entry` + 1: the entries before it are left out (checked_state_text
// in src/commands/actions.cpp reads back only what a command changed).
// Everything is checked as in the whole file, at the same JSON pointers. A
// text as write_state writes it is read without building its log entries
// (read_state_written), any other (an older file, one edited by hand, one
// with a fault) as a whole document (read_state_built): both give the same
// siege, the entries' inputs and outcomes as dump()'s text.
//
// `owner` keeps `text` alive: the log refers to it (Log). Without one, the
// text is copied first.
[[nodiscard]] inline SiegeState read_state_from(std::string_view text, const JsonSource& src, const Tables& t,
                                                std::size_t first_entry, std::shared_ptr<const void> owner = {}) {
  if (!owner) {
    auto copy = std::make_shared<const std::string>(text);
    text = *copy;
    owner = std::move(copy);
  }
  if (auto st = read_state_written(text, src, t, first_entry, owner)) return std::move(*st);
  return read_state_built(text, src, t, first_entry);
}

}  // namespace detail

// Reads a state file (schema 1). Every error is of `src.kind` (state: exit 4)
// and names the file and the JSON pointer, or the line and column.
// Public: what the program needs of the above (the rest stays internal).
using detail::read_state_from;   // reads a state file's text from its first log entry on
using detail::read_state_built;  // the same, building the whole document (what read_state_from falls back on)

[[nodiscard]] inline SiegeState read_state(std::string_view text, const detail::JsonSource& src,
                                           const Tables& t) {
  return detail::read_state_from(text, src, t, 0);
}

// ---------------------------------------------------------------- writing units and armies

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

// ---------------------------------------------------------------- writing

namespace detail {

// `"key":"value"`, or `"key":null` for "".
inline void write_id_or_null(JsonWriter& w, std::string_view key, const std::string& value) {
  w.key(key);
  if (value.empty()) w.null();
  else w.value(value);
}

inline void write_works(JsonWriter& w, const SectionState& s) {
  w.key("abatis").begin_object();
  w.field("standing", s.abatis.standing).field("progress", s.abatis.progress);
  w.end_object();
  w.key("mine").begin_object();
  w.field("days_dug", s.mine.days_dug).field("detected", s.mine.detected);
  w.end_object();
}

inline void write_section(JsonWriter& w, const SectionState& s) {
  w.begin_object();
  w.field("id", s.id).field("structure", s.structure);
  write_id_or_null(w, "variant", s.variant);
  w.field("hull_suffered", s.hull_suffered).field("state", name_of(s.state));
  write_works(w, s);
  w.end_object();
}

inline void write_engine(JsonWriter& w, const EngineState& e) {
  w.begin_object();
  w.field("id", e.id).field("side", name_of(e.side));
  write_id_or_null(w, "engine", e.engine);
  write_id_or_null(w, "weapon", e.weapon);
  w.field("pool", e.pool);
  write_id_or_null(w, "target", e.target);
  w.field("hull_suffered", e.hull_suffered).field("knocked_out", e.knocked_out);
  if (!e.present()) w.field("gone", name_of(e.gone));  // R36: only when gone
  w.end_object();
}

template <typename T, typename F>
void write_lines(std::string& out, std::string_view indent, std::string_view key, const std::vector<T>& items,
                 F&& write_one, bool last) {
  out.append(indent).append("\"").append(key).append("\": [");
  for (std::size_t i = 0; i < items.size(); ++i) {
    out.append(i == 0 ? "\n" : ",\n").append(indent).append("  ");
    JsonWriter w(out);
    write_one(w, items[i]);
  }
  if (!items.empty()) {
    out += '\n';
    out.append(indent);
  }
  out += ']';
  out += last ? "\n" : ",\n";
}

inline void write_snapshot(std::string& out, std::string_view indent, const Snapshot& s, bool last) {
  out += std::string(indent) + "\"scene\": " + std::to_string(s.scene) + ",\n";
  write_lines(out, indent, "sections", s.sections, write_section, false);
  write_lines(out, indent, "engines", s.engines, write_engine, false);
  out += std::string(indent) + "\"camp\": {\"hull_suffered\": " + std::to_string(s.camp.hull_suffered) + "},\n";
  write_lines(out, indent, "units", s.units, write_unit, false);
  out += std::string(indent) + "\"armies\": ";
  {
    JsonWriter w(out);
    write_armies(w, s.armies);
  }
  out += last ? "\n" : ",\n";
}

inline void write_log_entry(JsonWriter& w, const LogEntry& e) {
  w.begin_object();
  w.field("entry", e.entry).field("scene", e.scene).field("action", e.action);
  w.key("inputs").raw(e.inputs.text());
  w.field("seed", static_cast<unsigned long long>(e.seed));
  w.key("outcome").raw(e.outcome.text());
  w.end_object();
}

}  // namespace detail

// Public: what the program needs of the above (the rest stays internal).
using detail::write_unit;        // writes one unit of the siege
using detail::write_army;        // writes one army, or null
using detail::write_id_or_null;  // writes `"key": value`, or null for ""
using detail::write_works;       // writes a section's abatis and mine progress
using detail::write_engine;      // writes one engine of the siege
using detail::write_section;     // writes one section of the siege
using detail::write_log_entry;   // writes one log entry as the state file holds it

namespace detail {

// What write_state writes before the log: everything up to the line
// `  "log": [`, not included.
[[nodiscard]] inline std::string write_state_head(const SiegeState& st) {
  std::string out = "{\n";
  {
    std::string head;
    JsonWriter w(head);
    out += "  \"schema\": " + std::to_string(state_schema) + ",\n";
    out += "  \"format\": \"" + std::string(state_format) + "\",\n";
    w.value(st.name);
    out += "  \"name\": " + head + ",\n";
    out += "  \"scene_length\": \"" + std::string(name_of(st.scene_length)) + "\",\n";
  }
  write_snapshot(out, "  ", st.now, false);
  out += "  \"initial\": {\n";
  write_snapshot(out, "    ", st.initial, true);
  out += "  },\n";
  return out;
}

// The bytes of log entry `e` on its line of write_state's text (without
// the indent and the comma).
[[nodiscard]] inline std::size_t log_entry_bytes(const LogEntry& e) {
  std::string out;
  {
    JsonWriter w(out);
    write_log_entry(w, e);
  }
  return out.size();
}

// write_state(st).size() for a siege whose head (write_state_head) takes
// `head_bytes`, whose `entries` log entries take `entry_bytes` together
// (log_entry_bytes) and whose redo list is empty (a new entry clears it,
// R40): what a batch adds up line by line, without writing the whole text
// again.
[[nodiscard]] constexpr std::size_t state_text_bytes(std::size_t head_bytes, std::size_t entries,
                                                     std::size_t entry_bytes) {
  constexpr std::size_t open = std::string_view("  \"log\": [").size();
  constexpr std::size_t end = std::string_view("\n}\n").size();  // after "]"
  if (entries == 0) return head_bytes + open + 1 + end;           // `  "log": []`
  // Each entry: "\n" or ",\n", four spaces, the entry; then "\n  ]".
  return head_bytes + open + entry_bytes + entries * 6 - 1 + 4 + end;
}

}  // namespace detail

// Public: what the program needs of the above (the rest stays internal).
using detail::write_state_head;  // the state file's text up to its log
using detail::log_entry_bytes;   // the bytes one log entry takes in the state file
using detail::state_text_bytes;  // the bytes of a state file of a head, entries and their bytes

// write_state's text in three parts: the log's first entries as the file
// had them are left where they are (Log::as_read_text, kept alive by
// `owner`), so a command that adds an entry to a long log neither builds
// nor copies the rest (StateFile::commit writes the parts one after the
// other).
struct StateText {
  std::string head;                   // up to the entries kept
  std::string_view kept;              // the log's entries as read ("" for none)
  std::shared_ptr<const void> owner;  // what keeps `kept` alive
  std::string tail;                   // the rest
  [[nodiscard]] std::size_t size() const noexcept { return head.size() + kept.size() + tail.size(); }
  [[nodiscard]] std::string str() const {
    std::string s;
    s.reserve(size());
    s.append(head).append(kept).append(tail);
    return s;
  }
};

namespace detail {

// The entries of `list` from `from` on, each on a line of its own after
// `  "KEY": [`, onto `out` (the first `kept` of them are already there,
// Log::as_read_text), then "\n  ]" ("]" for none) and `end`.
inline void write_entries(std::string& out, const Log& list, std::size_t from, std::size_t kept, std::string_view end) {
  for (std::size_t i = from + kept; i < list.size(); ++i) {
    out += i == from ? Log::first_line : Log::next_line;
    JsonWriter w(out);
    write_log_entry(w, list[i]);
  }
  out += list.size() > from ? "\n  ]" : "]";
  out += end;
}

}  // namespace detail

// The state file's text: deterministic bytes, one section, engine or log entry
// a line so that a diff of two states reads line by line. Every string is
// escaped, so a raw newline only ever ends a line of this layout; the log
// comes after a line `  "log": [`; then, only when it is not empty, the redo
// list (R40) after a line `  "redo": [`, each ending `  ]`; `}\n` ends the file.
// In parts (StateText); `from` > 0 leaves the first `from` log entries out:
// what is left is a state file's text whose log starts at entry `from` + 1,
// for read_state_from (checked_state_text reads back only what a command
// added).
[[nodiscard]] inline StateText write_state_text(const SiegeState& st, std::size_t from = 0) {
  StateText t;
  t.head = detail::write_state_head(st);
  t.head += "  \"log\": [";
  from = std::min(from, st.log.size());
  const std::size_t kept = from == 0 ? st.log.as_read() : 0;
  if (kept > 0) {
    t.head += Log::first_line;
    t.kept = st.log.as_read_text();
    t.owner = st.log.owner();
  }
  const bool redo = !st.redo.empty();
  detail::write_entries(t.tail, st.log, from, kept, redo ? ",\n" : "\n");
  if (redo) {
    t.tail += "  \"redo\": [";
    detail::write_entries(t.tail, st.redo, 0, 0, "\n");
  }
  t.tail += "}\n";
  return t;
}

[[nodiscard]] inline std::string write_state(const SiegeState& st) { return write_state_text(st).str(); }

}  // namespace siege
