// siege/roster.hpp - the siege as it changes during an evening (R35-R38):
// units and engines that arrive, leave, split and merge.
//
// Like the troop rules (units.hpp) each function checks its request, and
// only then changes the Snapshot and returns an outcome: the units and
// armies it changed and the rule trace. A refusal is a usage error (exit 2)
// thrown before anything changes; a refused input is named by its key.
//
// Every record stays: a unit or engine that leaves, or a unit merged into
// another, is marked gone in its place (so its id, its history and its
// place in the seeding stay fixed), and an id is never given again.
#pragma once

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "siege/detail/json_read.hpp"
#include "siege/detail/suggest.hpp"
#include "siege/error.hpp"
#include "siege/scene.hpp"
#include "siege/state_json.hpp"
#include "siege/units.hpp"
#include "siege/rule.hpp"

namespace siege {

// The rules this header applies, as outcomes list them (siege/rules.hpp
// gathers every header's into the catalogue).
inline constexpr RuleInfo roster_rules[] = {
    {"unit-arrives", "R35", "a unit joins the siege, checked as a description's unit; its army's strength grows"},
    {"engine-arrives", "R35", "an engine joins the siege, checked as a description's engine (R7, R29)"},
    {"section-joins", "R43", "a section joins the castle, checked as a description's section, at the ladder state its "
                             "Hull suffered gives"},
    {"unit-leaves", "R36", "a unit leaves: its record stays, gone; its figures alive leave the army's strength"},
    {"engine-leaves", "R36", "an engine leaves: its record stays, gone; engines aimed at it have nothing to shoot"},
    {"unit-split", "R37", "part of a unit becomes a new unit of the same side, order and place"},
    {"unit-merge", "R37", "a unit joins another of its side at its place; the worse order stays"},
    {"sally", "R38", "a defender unit outside the walls is a sally: the defenders are not in a castle"},
};

// ---------------------------------------------------------------- ids

namespace detail {

// R35: refuses `id` for a newcomer (input `key`) when the siege holds it or
// ever held it (gone records stay in the lists), or it is reserved.
inline void claim_new_id(const Snapshot& s, const std::string& id, std::string_view key) {
  const std::string k(key);
  if (!detail::is_id(id)) fail_input("bad-id", k, id, std::string(detail::id_rule) + ", at most " + std::to_string(detail::max_id_bytes) + " bytes");
  if (id == camp_id) fail_input("duplicate-id", k, id, "'camp' is the besiegers' camp; give another id");
  if (id == no_target_id) fail_input("duplicate-id", k, id, "'none' means no target (R29); give another id");
  const char* holder = s.find_section(id) != nullptr                ? "a section"
                       : s.find_engine(id) != nullptr               ? "an engine"
                       : detail::find_by_id(s.units, id) != nullptr ? "a unit"
                                                                    : nullptr;
  if (holder == nullptr) return;
  const bool gone =
      (s.find_engine(id) != nullptr && !s.find_engine(id)->present()) ||
      (detail::find_by_id(s.units, id) != nullptr && !detail::find_by_id(s.units, id)->present());
  fail_input("duplicate-id", k, id,
             std::string(holder) + " of the siege has it" +
                 (gone ? " (it left, and its id stays taken)" : "") + "; ids are never given twice (R35)");
}

// A description's entry read by `read`; its reader's error (at a JSON
// pointer of the entry) becomes an error of the input the key maps to.
template <typename Read>
decltype(auto) read_entry(const nlohmann::json& entry,
                          std::initializer_list<std::pair<const char*, const char*>> keys, Read&& read) {
  const JsonSource src{"add", ErrorKind::usage};
  try {
    return read(Cursor(entry, src, ""));
  } catch (const Error& e) {
    if (e.kind() != ErrorKind::usage) throw;
    const std::string& where = e.place().where;
    for (const auto& [json_key, input] : keys) {
      if (where != "/" + std::string(json_key)) continue;
      const nlohmann::json& v = entry.at(json_key);
      throw Error::in_input(ErrorKind::usage, e.id(), input,
                            v.is_string()    ? v.template get<std::string>()
                            : v.is_boolean() ? std::string()
                                             : v.dump(),
                            e.reason());
    }
    throw Error(ErrorKind::usage, e.id(), e.reason());
  }
}

}  // namespace detail

// ---------------------------------------------------------------- add (R35)

// R35: a newcomer, given as a description's entry (docs/state.md): a unit
// of "units" ({"id", "side", "figures", "order"?, "hero"?, "where"?}), an
// engine of "besiegers" / "defenders" ({"id", "engine"?, "weapon"?,
// "pool"?, "target"?}) or (R43) a section of "sections" ({"id",
// "structure", "variant"?, "hull_suffered"?}).
struct ArrivalInput {
  enum class Kind { unit, engine, section } kind = Kind::unit;
  nlohmann::json entry = nlohmann::json::object();
  EngineSide engine_side = EngineSide::besieger;  // an engine's side (a description's array)
  std::string section;  // a unit: at this section, all behind, instead of the entry's "where"
};

struct ArrivalOutcome : TroopOutcome {
  std::optional<UnitState> unit;      // the unit that arrived, as it stands
  std::optional<EngineState> engine;  // or the engine
  std::optional<SectionState> section;  // or the section (R43)
  bool sally = false;                 // R38: a defender unit added outside the walls
};

// R35: checks the newcomer exactly as `siege init` checks a description's
// entry (read_unit_description, read_engine: R7 for a personal weapon, R29
// for an engine's target; an engine with a weapon needs a target), and its
// id against every id the siege has ever held; then appends it to the
// units or engines. A unit's army grows by its figures (a side with no army
// gets one); a defender unit added outside is a sally (R38), which may call
// the defenders' check. Refuses more units, engines or figures than a siege
// holds.
[[nodiscard]] inline ArrivalOutcome add_arrival(Snapshot& s, const Tables& t, const ArrivalInput& in) {
  using namespace detail;
  ArrivalOutcome o;
  if (in.kind == ArrivalInput::Kind::section) {  // R43: no army changes
    SectionState x = read_entry(
        in.entry,
        {{"id", "section"}, {"structure", "structure"}, {"variant", "variant"}, {"hull_suffered", "hull-suffered"}},
        [&](const Cursor& c) { return read_section(c, t, Strictness::description); });
    claim_new_id(s, x.id, "section");
    if (s.sections.size() >= max_sections)
      fail_input("too-many", "section", x.id,
                 "the siege has " + std::to_string(max_sections) + " sections, the most it holds");
    s.sections.push_back(x);
    add_rule(o.rules, "section-joins");
    const SectionStats stats = stats_of(x, t);
    o.notes.emplace_back(x.id + " (" + x.structure + (x.variant.empty() ? "" : ", " + x.variant) +
                         ") joins the castle: " + std::to_string(x.hull_suffered) + " of its Hull " +
                         std::to_string(stats.hull) + " suffered, " + std::string(name_of(x.state)) + ".");
    o.section = x;
    return o;
  }
  if (in.kind == ArrivalInput::Kind::engine) {
    EngineState e = read_entry(
        in.entry,
        {{"id", "engine"}, {"engine", "row"}, {"weapon", "weapon"}, {"pool", "pool"}, {"target", "target"}},
        [&](const Cursor& c) { return read_engine(c, t, Strictness::description, in.engine_side); });
    claim_new_id(s, e.id, "engine");
    if (s.engines.size() >= max_engines)
      fail_input("too-many", "engine", e.id,
                 "the siege has " + std::to_string(max_engines) + " engines, the most it holds");
    if (e.target.empty() && !e.weapon.empty())
      fail_refusal("missing-option", "engine '" + e.id + "' has a weapon (" + e.weapon +
                                       "): give " + input_word("target") + " ID, what it aims at (R29)");
    const AimCheck aim = check_aim(s, e, e.target);
    if (!aim.ok()) fail_input("bad-target", "target", e.target, aim.message);
    s.engines.push_back(e);
    add_rule(o.rules, "engine-arrives");
    o.notes.emplace_back(e.id + " (" + std::string(name_of(e.side)) + ") joins the siege" +
                         (e.target.empty() ? "" : ", aimed at " + e.target) + ".");
    o.engine = e;
    return o;
  }
  UnitState u = read_entry(in.entry,
                           {{"id", "unit"},
                            {"side", "side"},
                            {"figures", "figures"},
                            {"order", "order"},
                            {"hero", "hero"},
                            {"where", "to"}},
                           [](const Cursor& c) { return read_unit_description(c); });
  claim_new_id(s, u.id, "unit");
  if (s.units.size() >= max_units)
    fail_input("too-many", "unit", u.id,
               "the siege has " + std::to_string(max_units) + " units, the most it holds");
  if (!in.section.empty()) place_at(u, UnitPlace::section, section_of(s, in.section).id);
  auto& army = s.armies.of(u.side);
  const ArmyState before = army ? *army : ArmyState{0, 0, u.side == UnitSide::defender, false};
  if (static_cast<std::int64_t>(before.strength) + u.figures > max_army)
    fail_input("too-many", "figures", std::to_string(u.figures),
               "the " + std::string(name_of(u.side)) + " army would have " +
                   std::to_string(static_cast<std::int64_t>(before.strength) + u.figures) +
                   " figures; an army has at most " + std::to_string(max_army));
  u.sally = u.side == UnitSide::defender && u.where == UnitPlace::outside;
  s.units.push_back(u);
  if (!army) army = before;
  army->strength += u.figures;
  add_rule(o.rules, "unit-arrives");
  o.notes.emplace_back(u.id + " (" + std::string(name_of(u.side)) + ") joins the siege " + place_words(u) +
                       ": the " + std::string(name_of(u.side)) + " army's strength grows by " +
                       std::to_string(u.figures) + " to " + std::to_string(army->strength) + ".");
  if (u.sally) {
    o.sally = true;
    add_rule(o.rules, "sally");
    o.notes.emplace_back(u.id +
                         " is a defender outside the walls: a sally. While it is out the defenders check "
                         "army morale at a third like any other army (R38).");
  }
  o.units.push_back({u, u});
  settle_army(s, u.side, before, o, Record::always);
  o.unit = u;
  return o;
}

// ---------------------------------------------------------------- remove (R36)

struct RemovalInput {
  enum class Kind { unit, engine } kind = Kind::unit;
  std::string id;
  std::string cause;  // for the log: withdrawn, deserted, captured ...
};

struct RemovalOutcome : TroopOutcome {
  std::string id;
  std::string cause;
  int figures_left = 0;               // a unit: figures that leave alive
  std::optional<EngineState> engine;  // an engine: as it left
  std::vector<std::string> idle;      // engines aimed at the engine that left: nothing to shoot
};

// R36: the unit or engine leaves the siege: it stays in its list, marked
// gone. A unit's figures leave its army's strength (its killed stay); a
// unit with figures through a breach, or facing a hold, leaves all the same.
// An engine aimed at an engine that leaves has nothing to shoot. Refuses an
// unknown id and one already gone.
[[nodiscard]] inline RemovalOutcome remove_from_siege(Snapshot& s, const RemovalInput& in) {
  using namespace detail;
  RemovalOutcome o;
  o.id = in.id;
  o.cause = in.cause;
  const std::string why = in.cause.empty() ? "" : " (" + in.cause + ")";
  if (in.kind == RemovalInput::Kind::engine) {
    EngineState* e = s.find_engine(in.id);
    if (e == nullptr) {
      std::vector<std::string> ids;
      for (const auto& x : s.engines)
        if (x.present()) ids.push_back(x.id);
      fail_input("unknown-engine", "engine", in.id,
                 "unknown engine" + did_you_mean(in.id, ids) + "; see '" + command_words({"status"}) + "'");
    }
    refuse_gone(*e);
    e->gone = Gone::removed;
    o.engine = *e;
    add_rule(o.rules, "engine-leaves");
    o.notes.emplace_back(e->id + " leaves the siege" + why +
                         "; its record stays, and no command names it again.");
    for (const auto& x : s.engines)
      if (x.present() && x.target == e->id) {
        o.idle.push_back(x.id);
        add_rule(o.rules, "nothing-to-shoot");
        std::string note = x.id + " aims at " + e->id + ": it has nothing to shoot.";
        if (!x.knocked_out) note.append(" ").append(re_aim_hint(x.id));  // a knocked-out engine waits for repair
        o.notes.push_back(std::move(note));
      }
    return o;
  }
  UnitState& u = unit_of(s, in.id);
  auto& army = s.armies.of(u.side);
  if (army->strength == u.figures)
    fail_input(
        "last-figures", "unit", u.id,
        "its " + std::to_string(u.figures) + " figures are all the " + std::string(name_of(u.side)) +
            " army has, and none was killed: an army keeps a figure (to end the siege, start a new one)");
  const UnitState before = u;
  u.gone = Gone::removed;
  o.figures_left = u.figures;
  add_rule(o.rules, "unit-leaves");
  o.notes.emplace_back(u.id + " leaves the siege" + why + " " + place_words(before) + "; its record stays.");
  if (before.where == UnitPlace::section && before.through > 0)
    o.notes.emplace_back("Its " + std::to_string(before.through) +
                         " through the breach leave with it; nothing is moved "
                         "on its behalf.");
  record(o, before, u);
  const ArmyState army_before = *army;
  army->strength -= u.figures;
  o.notes.emplace_back(std::to_string(u.figures) + " figure" + (u.figures == 1 ? "" : "s") + " leave" +
                       (u.figures == 1 ? "s" : "") + " the " + std::string(name_of(u.side)) +
                       " army alive: strength " + std::to_string(army_before.strength) + " -> " +
                       std::to_string(army->strength) + ", killed stay " + std::to_string(army->killed) +
                       ".");
  settle_army(s, u.side, army_before, o, Record::always);
  settle_armies(s, o);  // a sally may have ended
  return o;
}

// ---------------------------------------------------------------- split and merge (R37)

struct SplitInput {
  std::string unit;
  std::string into;  // the new unit's id
  int figures = 1;
  std::optional<int> through;  // at a section: how many of the figures come from those through (default 0)
};

struct SplitOutcome : TroopOutcome {
  std::string unit;
  std::string into;
  int figures = 0;
  int through = 0;
};

// R37: `figures` of the unit become a new unit (appended, as an arrival
// is) of the same side, order and place; start_figures and figures move
// alike. At a section they come from those behind, but `through` of them
// from those through; each part keeps a figure behind. Refuses a hero, a
// unit with no figures, a split that leaves none in the unit or takes more
// than it has, `through` off a section, a part with none behind, and an id
// the siege has held. No army changes.
[[nodiscard]] inline SplitOutcome split_unit(Snapshot& s, const SplitInput& in) {
  using namespace detail;
  const UnitState& u = unit_of(s, in.unit);
  if (u.hero) fail_input("hero", "unit", u.id, "a hero is one figure and does not split (R37)");
  require_figures(u);
  if (in.figures < 1 || in.figures >= u.figures)
    fail_input(
        "too-many-figures", "figures", std::to_string(in.figures),
        "'" + u.id + "' has " + std::to_string(u.figures) + " figure" + (u.figures == 1 ? "" : "s") +
            (u.figures == 1 ? " and cannot split" : "; give from 1 to " + std::to_string(u.figures - 1)) +
            " (each part keeps a figure: R37)");
  const int k = in.through.value_or(0);
  if (in.through && u.where != UnitPlace::section)
    fail_input(
        "not-at-section", "through", std::to_string(k),
        "'" + u.id + "' is " + place_words(u) + ", not at a section: it has no figures through a breach");
  if (u.where == UnitPlace::section) {
    if (k > u.through || k > in.figures)
      fail_input("too-many-figures", "through", std::to_string(k),
                 "'" + u.id + "' has " + std::to_string(u.through) + " through at " + u.section +
                     "; give from 0 to " + std::to_string(std::min(u.through, in.figures)));
    const int from_behind = in.figures - k;
    if (from_behind == 0)
      fail_input("no-figure-behind", "through", std::to_string(k),
                 "the new unit would have every figure through at " + u.section +
                     " and none behind; at a section each part keeps a figure behind (R33, R37)");
    if (from_behind >= u.behind)
      fail_input("no-figure-behind", "figures", std::to_string(in.figures),
                 "'" + u.id + "' would keep none of its " + std::to_string(u.behind) + " behind at " +
                     u.section + "; at a section each part keeps a figure behind (R33, R37)");
  }
  claim_new_id(s, in.into, "into");
  if (s.units.size() >= max_units)
    fail_input("too-many", "into", in.into,
               "the siege has " + std::to_string(max_units) + " units, the most it holds");
  SplitOutcome o;
  o.unit = u.id;
  o.into = in.into;
  o.figures = in.figures;
  o.through = k;
  UnitState part = u;
  part.id = in.into;
  part.start_figures = part.figures = in.figures;
  if (u.where == UnitPlace::section) {
    part.through = k;
    part.behind = in.figures - k;
  }
  const UnitState before = u;
  UnitState& w = unit_of(s, in.unit);
  w.start_figures -= in.figures;
  w.figures -= in.figures;
  if (w.where == UnitPlace::section) {
    w.through -= k;
    w.behind -= in.figures - k;
  }
  add_rule(o.rules, "unit-split");
  o.notes.emplace_back(std::to_string(in.figures) + " of " + w.id + " become " + part.id + ", " +
                       place_words(part) + "; " + w.id + " keeps " + std::to_string(w.figures) +
                       ". The armies do not change.");
  record(o, before, w);
  s.units.push_back(part);
  o.units.push_back({part, part});
  return o;
}

struct MergeInput {
  std::string unit;  // merged away
  std::string into;  // remains
};

struct MergeOutcome : TroopOutcome {
  std::string unit;
  std::string into;
};

// R37: `unit` joins `into`, of the same side at the same place: `into`
// gains its start_figures, figures, through and behind and takes the worse
// order; `unit` stays marked gone (merged), its figures and start_figures
// 0. Refuses a unit merged into itself, a hero, a unit with no figures,
// units of two sides or at two places. No army changes.
[[nodiscard]] inline MergeOutcome merge_units(Snapshot& s, const MergeInput& in) {
  using namespace detail;
  const UnitState& a = unit_of(s, in.unit);
  const UnitState& b = unit_of(s, in.into);
  if (a.id == b.id) fail_input("same-unit", "into", b.id, "a unit does not merge into itself");
  for (const auto& [x, key] : {std::pair<const UnitState*, const char*>{&a, "unit"},
                               std::pair<const UnitState*, const char*>{&b, "into"}}) {
    if (x->hero) fail_input("hero", key, x->id, "a hero does not merge (R37)");
    if (x->figures == 0)
      fail_input("no-figures", key, x->id, "'" + x->id + "' has no figures left to merge (R37)");
  }
  if (a.side != b.side)
    fail_input("wrong-side", "into", b.id,
               "'" + b.id + "' is a " + std::string(name_of(b.side)) + " unit and '" + a.id + "' a " +
                   std::string(name_of(a.side)) + " one; units of one side merge (R37)");
  if (a.where != b.where || a.section != b.section)
    fail_input("not-together", "into", b.id,
               "'" + b.id + "' is " + place_words(b) + " and '" + a.id + "' " + place_words(a) +
                   "; units at the same place merge (R37)");
  if (static_cast<std::int64_t>(a.start_figures) + b.start_figures > max_figures)
    fail_input("too-many-figures", "into", b.id,
               "the merged unit would have " + std::to_string(a.start_figures + b.start_figures) +
                   " figures; a unit has at most " + std::to_string(max_figures));
  MergeOutcome o;
  o.unit = a.id;
  o.into = b.id;
  const UnitState a_before = a;
  const UnitState b_before = b;
  UnitState& w = unit_of(s, in.into);
  w.start_figures += a_before.start_figures;
  w.figures += a_before.figures;
  w.through += a_before.through;
  w.behind += a_before.behind;
  w.order = std::max(w.order, a_before.order);  // the worse: routed, then shaken, then good
  w.sally = w.sally || a_before.sally;
  UnitState& gone = unit_of(s, in.unit);
  gone.start_figures = gone.figures = gone.through = gone.behind = 0;
  gone.gone = Gone::merged;
  add_rule(o.rules, "unit-merge");
  o.notes.emplace_back(a_before.id + " joins " + w.id + ": " + figures_word(w.figures) + ", " +
                       std::string(name_of(w.order)) + " (the worse order). The armies do not change.");
  record(o, a_before, gone);
  record(o, b_before, w);
  return o;
}

}  // namespace siege
