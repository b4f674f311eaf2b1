// siege/state.hpp - the state of one siege: sections, engines, camp and log.
//
// Pure values and their JSON form: read_description() builds a new siege from
// a description (siege init --from), read_state()/write_state() read and write
// the state file (schema 1, docs/state.md). No files are opened here; callers
// pass the text and a JsonSource that names it in messages. Every id is checked
// against the tables, so a state that names an unknown structure or a target
// that does not exist is refused with the JSON pointer of the bad value.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "siege/army.hpp"
#include "siege/detail/json_read.hpp"
#include "siege/detail/json_writer.hpp"
#include "siege/structure.hpp"
#include "siege/tables.hpp"
#include "siege/text.hpp"

namespace siege {

inline constexpr int state_schema = 1;
inline constexpr std::string_view state_format = "siege-state";
// The target id of the besiegers' camp (a row of engines.json).
inline constexpr std::string_view camp_id = "camp";
// R29: the target id that means "no target" (`siege target --at none`).
inline constexpr std::string_view no_target_id = "none";

// The limits of one siege (docs/state.md, "Limits"), far past any siege
// played at a table. A description or state file with more sections or
// engines is refused at the array's JSON pointer. With the longest ids at
// these counts a new state file is 932 KB, well inside the file limit.
inline constexpr std::size_t max_sections = 1000;
inline constexpr std::size_t max_engines = 1000;  // besiegers and defenders together
// The scene counter's highest value; the scene that would pass it is refused.
inline constexpr int max_scene = 1000000;
// The largest state file read, or written: the JSON reader's own limit.
// The log grows until the file reaches it (docs/state.md gives figures).
inline constexpr std::size_t max_state_bytes = detail::max_json_bytes;
// The bound of `undo --count` and `--to` (R40): more entries than any state
// file holds (a log entry's line takes more than 60 bytes, so a file of
// max_state_bytes holds fewer than 300,000).
inline constexpr int max_log_entries = 1000000;

enum class EngineSide { besieger, defender };
inline constexpr std::array<std::string_view, 2> engine_side_names{"besieger", "defender"};
[[nodiscard]] inline std::string_view name_of(EngineSide s) { return engine_side_names[static_cast<std::size_t>(s)]; }

// How long one scene of a siege in an evening lasts (the referee's choice).
enum class SceneLength { day, week };
inline constexpr std::array<std::string_view, 2> scene_length_names{"day", "week"};
[[nodiscard]] inline std::string_view name_of(SceneLength s) {
  return scene_length_names[static_cast<std::size_t>(s)];
}

// R26: turns of work on the abatis of a breach. `progress` counts the turns of
// the work under way (building while it does not stand, tearing while it does).
struct AbatisProgress {
  bool standing = false;
  int progress = 0;  // 0 to abatis_turns - 1 (troops.json); the last turn finishes the work
};

// R19: a mine gallery dug under the section.
struct MineGallery {
  int days_dug = 0;
  bool detected = false;
};

struct SectionState {
  std::string id;
  std::string structure;  // structure id (an alias is stored as given)
  std::string variant;    // "" or "portcullis" (R12)
  int hull_suffered = 0;  // R4, capped at the section's Hull
  BreachState state = BreachState::intact;
  AbatisProgress abatis;
  MineGallery mine;
};

struct EngineState {
  std::string id;
  EngineSide side = EngineSide::besieger;
  std::string engine;  // engines.json row giving Armor and Hull as a target; "" if none
  std::string weapon;  // weapons.json row it fires; "" if it does not shoot
  int pool = 3;        // crew's skill dice
  // R29: besieger: a section; defender: a besieger engine or "camp" (an
  // older state file may still aim one at a section: it makes no attack);
  // "" for none.
  std::string target;
  int hull_suffered = 0;
  bool knocked_out = false;
  Gone gone = Gone::no;  // R36: removed (it stays in the list; "gone" in the file only then)

  [[nodiscard]] bool present() const noexcept { return gone == Gone::no; }
};

struct CampState {
  int hull_suffered = 0;
};

// Everything a resolution can change. The file holds two: the siege as it is
// now and as `siege init` made it (replay and undo start from the latter).
struct Snapshot {
  int scene = 0;  // scenes played so far
  std::vector<SectionState> sections;
  std::vector<EngineState> engines;
  CampState camp;
  std::vector<UnitState> units;  // R33 (army.hpp, units.hpp)
  Armies armies;

  [[nodiscard]] const SectionState* find_section(std::string_view id) const noexcept {
    return detail::find_by_id(sections, id);
  }
  [[nodiscard]] SectionState* find_section(std::string_view id) noexcept {
    return const_cast<SectionState*>(std::as_const(*this).find_section(id));
  }
  [[nodiscard]] const EngineState* find_engine(std::string_view id) const noexcept {
    return detail::find_by_id(engines, id);
  }
  [[nodiscard]] EngineState* find_engine(std::string_view id) noexcept {
    return const_cast<EngineState*>(std::as_const(*this).find_engine(id));
  }
};

// One resolution in the append-only log: enough to run it again.
struct LogEntry {
  int entry = 0;        // 1, 2, 3 ... in order
  std::string action;   // the command, e.g. "attack", "scene"
  nlohmann::json inputs;   // object: option names (without --) -> values
  std::uint64_t seed = 0;  // the seed its rolls used
  nlohmann::json outcome;  // object: what it did (damage, states before/after ...)
  // R30: the scene it belongs to: the scene counter after it ran (a `scene`
  // entry belongs to the scene it starts; 0 before the first one).
  int scene = 0;
};

struct SiegeState {
  std::string name;
  SceneLength scene_length = SceneLength::day;
  Snapshot now;
  Snapshot initial;
  std::vector<LogEntry> log;
  // R40: the entries `siege undo` took back, the next one to redo first
  // (numbered on from the log's last); empty once a new entry is logged.
  std::vector<LogEntry> redo;
};

// R40: appends a new entry to the log; what could be redone is gone (a new
// entry clears it, as in an editor).
inline void log_new_entry(SiegeState& st, LogEntry e) {
  st.log.push_back(std::move(e));
  st.redo.clear();
}

// ---------------------------------------------------------------- lookups

// `s` less the units and engines that have left the siege (R36, R37): what
// a summary or a plan of the siege as it stands shows. Their records stay
// in the file and in the tables of every unit and engine.
[[nodiscard]] inline Snapshot still_in_siege(Snapshot s) {
  std::erase_if(s.engines, [](const EngineState& e) { return !e.present(); });
  std::erase_if(s.units, [](const UnitState& u) { return !u.present(); });
  return s;
}

namespace detail {

// R36, R37: a refusal (Error::refusal) when unit or engine `r` has left the
// siege: no command names it again.
template <typename Record>
void refuse_gone(const Record& r) {
  if (r.present()) return;
  const char* what = std::is_same_v<Record, UnitState> ? "unit" : "engine";
  fail_refusal("gone", std::string(what) + " '" + r.id + "' has left the siege (" +
                         (r.gone == Gone::merged ? "merged into another unit" : "removed") +
                         "); no command names it again (R36)");
}

}  // namespace detail

// Engine `id` of `s`, present; nullptr when there is none, a refusal
// (Error::refusal) when it has left the siege (R36).
[[nodiscard]] inline const EngineState* present_engine(const Snapshot& s, std::string_view id) {
  const EngineState* e = s.find_engine(id);
  if (e != nullptr) detail::refuse_gone(*e);
  return e;
}

[[nodiscard]] inline Portcullis portcullis_of(const SectionState& s) {
  return s.variant == "portcullis" ? Portcullis::yes : Portcullis::no;
}

// Armor and Hull of a section with its variant applied (R12).
[[nodiscard]] inline SectionStats stats_of(const SectionState& s, const Tables& t) {
  return section_stats(t.structure(s.structure), portcullis_of(s));
}

// The engines.json row an engine is hit as, or nullptr when it has none.
[[nodiscard]] inline const Engine* row_of(const EngineState& e, const Tables& t) {
  return e.engine.empty() ? nullptr : &t.engine(e.engine);
}

[[nodiscard]] inline const Engine& camp_row(const Tables& t) { return t.engine(camp_id); }

// Section `id` of `s`; an unknown one is a refusal (Error::refusal), with
// did-you-mean and where to look.
[[nodiscard]] inline const SectionState& section_of(const Snapshot& s, std::string_view id) {
  if (const auto* x = s.find_section(id)) return *x;
  std::vector<std::string> ids;
  for (const auto& x : s.sections) ids.push_back(x.id);
  fail_refusal("unknown-section", "unknown section '" + std::string(id) + "'" + detail::did_you_mean(id, ids) +
                                      "; see '" + command_words({"status"}) + "'");
}
[[nodiscard]] inline SectionState& section_of(Snapshot& s, std::string_view id) {
  return const_cast<SectionState&>(section_of(std::as_const(s), id));
}

enum class TargetKind { section, engine, camp };
inline constexpr std::array<std::string_view, 3> target_kind_names{"section", "engine", "camp"};
[[nodiscard]] inline std::string_view name_of(TargetKind k) {
  return target_kind_names[static_cast<std::size_t>(k)];
}

// What a target id names in a snapshot: a section, a besieger engine, or the
// camp; nullopt when it names none of them.
[[nodiscard]] inline std::optional<TargetKind> target_kind(const Snapshot& s, std::string_view id) {
  if (id == camp_id) return TargetKind::camp;
  if (s.find_section(id) != nullptr) return TargetKind::section;
  if (const auto* e = s.find_engine(id); e != nullptr && e->side == EngineSide::besieger) return TargetKind::engine;
  return std::nullopt;
}

// R29: what is wrong with engine `e` aiming at `target` (a target id; ""
// means none). A besieger aims at a section of the wall; a defender at a
// besieger engine that has an engines.json row, or at the camp, never at a
// section of its own castle. Knocked-out engines are left to aim_engine
// (scene.hpp): a state file may hold one with its old target.
enum class AimProblem { none, no_weapon, not_a_section, own_wall, not_a_target, no_engine_row, gone };

struct AimCheck {
  AimProblem problem = AimProblem::none;
  std::string message;  // says what is wrong and what is allowed; "" when nothing is
  [[nodiscard]] bool ok() const noexcept { return problem == AimProblem::none; }
};

[[nodiscard]] inline AimCheck check_aim(const Snapshot& s, const EngineState& e, std::string_view target) {
  if (target.empty()) return {};
  if (e.weapon.empty())
    return {AimProblem::no_weapon, "engine '" + e.id + "' has no weapon to fire at its target"};
  const std::string t(target);
  const auto kind = target_kind(s, target);
  if (e.side == EngineSide::besieger) {
    if (kind == TargetKind::section) return {};
    std::vector<std::string> sections;
    for (const auto& x : s.sections) sections.push_back(x.id);
    const std::string what = kind == TargetKind::camp     ? "'camp' is the besiegers' own camp"
                             : kind == TargetKind::engine ? "'" + t + "' is an engine"
                             : s.find_engine(target) != nullptr
                                 ? "'" + t + "' is a defender engine"
                                 : "unknown section '" + t + "'" + detail::did_you_mean(t, sections);
    return {AimProblem::not_a_section, what + " (a besieger engine attacks a section of the wall)"};
  }
  if (kind == TargetKind::section)
    return {AimProblem::own_wall, "'" + t + "' is a section of the castle: a defender engine aims at a besieger "
                                  "engine or the camp, never at its own wall (R29)"};
  if (!kind) {
    std::vector<std::string> targets;
    for (const auto& x : s.engines)
      if (x.side == EngineSide::besieger) targets.push_back(x.id);
    targets.emplace_back(camp_id);
    const std::string what = s.find_engine(target) != nullptr
                                 ? "'" + t + "' is a defender engine"
                                 : "unknown target '" + t + "'" + detail::did_you_mean(t, targets);
    return {AimProblem::not_a_target, what + " (a defender engine attacks a besieger engine or the camp)"};
  }
  if (kind == TargetKind::engine && !s.find_engine(target)->present())
    return {AimProblem::gone, "engine '" + t + "' has left the siege (" +
                                  std::string(name_of(s.find_engine(target)->gone)) +
                                  "); no command names it again (R36)"};
  if (kind == TargetKind::engine && s.find_engine(target)->engine.empty())
    return {AimProblem::no_engine_row, "engine '" + t + "' has no engines.json row to give its Armor and Hull as a "
                                       "target; give it an \"engine\""};
  return {};
}

// Sections now breached, in the order of the file.
[[nodiscard]] inline std::vector<std::string> open_breaches(const Snapshot& s) {
  std::vector<std::string> out;
  for (const auto& x : s.sections)
    if (x.state == BreachState::breached) out.push_back(x.id);
  return out;
}

// R13: whether `x` is a breach nobody can cross (a breached wooden bridge:
// the way is cut, there is no gap to assault).
[[nodiscard]] inline bool impassable_breach(const SectionState& x, const Tables& t) {
  return x.state == BreachState::breached && t.structure(x.structure).has(Tag::impassable_when_breached);
}

// E3, R13: the sections now breached that an assault can go through
// (Passable::yes) or that are breached and impassable (Passable::no), in
// the order of the file.
enum class Passable { yes, no };
[[nodiscard]] inline std::vector<std::string> breaches(const Snapshot& s, const Tables& t, Passable p) {
  std::vector<std::string> out;
  for (const auto& x : s.sections)
    if (x.state == BreachState::breached && impassable_breach(x, t) == (p == Passable::no))
      out.push_back(x.id);
  return out;
}

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

inline SectionState read_section(const Cursor& c, const Tables& t, Strictness mode) {
  c.expect_object();
  c.only_keys({"id", "structure", "variant", "hull_suffered", "state", "abatis", "mine"});
  SectionState s;
  s.id = c.at("id").id();
  const auto sc = c.at("structure");
  s.structure = sc.id();
  const Structure& row = lookup_at(sc, [&]() -> const Structure& { return t.structure(s.structure); });
  if (present(c, "variant", mode)) {
    const auto v = c.at("variant");
    s.variant = id_or_null(v);
    if (!s.variant.empty()) {
      if (row.variant(s.variant) == nullptr) {
        std::vector<std::string> known;
        for (const auto& x : row.variants) known.push_back(x.id);
        v.fail("unknown variant '" + s.variant + "' of " + row.id + did_you_mean(s.variant, known) +
               (known.empty() ? " (it has no variants)" : ""));
      }
      if (s.variant != "portcullis") v.fail("variant '" + s.variant + "' is not modelled (only portcullis)");
    }
  }
  const int hull = section_stats(row, portcullis_of(s)).hull;
  if (present(c, "hull_suffered", mode)) s.hull_suffered = c.at("hull_suffered").int_in(0, hull);
  s.state = ladder_state(s.hull_suffered, hull);
  if (present(c, "state", mode)) {
    const auto st = c.at("state");
    const auto given = static_cast<BreachState>(pick_name(st, breach_state_names, "state"));
    if (given != s.state)
      st.fail("'" + std::string(name_of(given)) + "' does not match hull_suffered " +
              std::to_string(s.hull_suffered) + " of " + std::to_string(hull) + " (R4 gives '" +
              std::string(name_of(s.state)) + "')");
  }
  if (present(c, "abatis", mode)) {
    const auto a = c.at("abatis");
    a.expect_object();
    a.only_keys({"standing", "progress"});
    s.abatis.standing = a.at("standing").boolean();
    s.abatis.progress = a.at("progress").int_in(0, t.troops.abatis_turns - 1);  // R26, from the tables
  }
  if (present(c, "mine", mode)) {
    const auto m = c.at("mine");
    m.expect_object();
    m.only_keys({"days_dug", "detected"});
    // R19: a gallery digs one day a point of the section's listed Armor.
    const auto dug = m.at("days_dug");
    const int needed = section_stats(row, portcullis_of(s)).base_armor;
    s.mine.days_dug = dug.int_in(0, 10000);
    if (s.mine.days_dug > needed)
      dug.fail(std::to_string(s.mine.days_dug) + " days dug, but " + row.id + " takes " +
               std::to_string(needed) +
               " days of digging (one a point of its listed Armor, R19): expected from 0 to " +
               std::to_string(needed));
    s.mine.detected = m.at("detected").boolean();
  }
  return s;
}

// An engine; in a description `side` comes from the array it is in.
inline EngineState read_engine(const Cursor& c, const Tables& t, Strictness mode, EngineSide side) {
  c.expect_object();
  if (mode == Strictness::state)
    c.only_keys({"id", "side", "engine", "weapon", "pool", "target", "hull_suffered", "knocked_out", "gone"});
  else
    c.only_keys({"id", "engine", "weapon", "pool", "target", "hull_suffered", "knocked_out"});
  EngineState e;
  e.id = c.at("id").id();
  e.side = mode == Strictness::state ? static_cast<EngineSide>(pick_name(c.at("side"), engine_side_names, "side")) : side;
  const Engine* row = nullptr;
  if (present(c, "engine", mode)) {
    const auto ec = c.at("engine");
    e.engine = id_or_null(ec);
    if (!e.engine.empty()) row = &lookup_at(ec, [&]() -> const Engine& { return t.engine(e.engine); });
  }
  if (present(c, "weapon", mode)) {
    const auto wc = c.at("weapon");
    e.weapon = id_or_null(wc);
    if (!e.weapon.empty()) {
      const Weapon& w = lookup_at(wc, [&]() -> const Weapon& { return t.weapon(e.weapon); });
      lookup_at(wc, [&] { refuse_personal(w); });
    }
  }
  if (mode == Strictness::description) {
    if (e.engine.empty() && e.weapon.empty())
      c.fail("give \"engine\" (a row of engines.json) or \"weapon\" (a row of weapons.json)");
    if (row != nullptr && e.weapon.empty()) e.weapon = row->weapon;
    if (row == nullptr)  // the engine that fires this weapon gives its Armor and Hull
      for (const auto& r : t.engines)
        if (r.weapon == e.weapon && r.id != camp_id) {
          row = &r;
          e.engine = r.id;
          break;
        }
  }
  if (present(c, "pool", mode)) e.pool = c.at("pool").int_in(0, max_dice);
  if (present(c, "target", mode)) e.target = id_or_null(c.at("target"));
  if (present(c, "hull_suffered", mode)) {
    const auto h = c.at("hull_suffered");
    e.hull_suffered = h.int_in(0, row != nullptr ? row->hull : 0);
  }
  const bool wrecked = row != nullptr && e.hull_suffered >= row->hull;
  e.knocked_out = wrecked;
  if (present(c, "knocked_out", mode)) {
    const auto k = c.at("knocked_out");
    e.knocked_out = k.boolean();
    if (wrecked && !e.knocked_out)
      k.fail("false, but it has suffered its whole Hull (" + std::to_string(row->hull) + ")");
  }
  if (mode == Strictness::state && c.has("gone")) {  // R36: an engine leaves only by `siege remove`
    static constexpr std::array<std::string_view, 1> ways{"removed"};
    (void)pick_name(c.at("gone"), ways, "way of leaving");
    e.gone = Gone::removed;
  }
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
template <typename EngineAt>
void check_references(const Snapshot& s, const Cursor& sections, EngineAt&& engine_at, Strictness mode) {
  std::vector<std::string> ids;
  auto claim = [&](const std::string& id, const Cursor& c) {
    if (id == camp_id) c.fail("'camp' is the besiegers' camp; give this one another id");
    if (id == no_target_id && mode == Strictness::description)
      c.fail("'none' means no target (R29); give this one another id");
    for (const auto& x : ids)
      if (x == id) c.fail("duplicate id '" + id + "'");
    ids.push_back(id);
  };
  for (std::size_t i = 0; i < s.sections.size(); ++i) claim(s.sections[i].id, sections.at(i).at("id"));
  for (std::size_t i = 0; i < s.engines.size(); ++i) claim(s.engines[i].id, engine_at(i).at("id"));

  for (std::size_t i = 0; i < s.engines.size(); ++i) {
    const auto& e = s.engines[i];
    const Cursor c = engine_at(i);
    if (e.target.empty()) {
      if (!e.weapon.empty() && mode == Strictness::description)
        c.fail("engine '" + e.id + "' has a weapon but no \"target\"");
      continue;
    }
    const AimCheck aim = check_aim(s, e, e.target);
    // A state file keeps what a removal left: an engine aimed at one gone (R36).
    if (aim.ok() || (mode == Strictness::state && (aim.problem == AimProblem::own_wall ||
                                                   aim.problem == AimProblem::gone)))
      continue;
    c.at("target").fail(aim.message);
  }
}

// Refuses an array of more than `max` sections or engines, at its pointer.
inline void limit_count(const Cursor& list, std::size_t count, std::size_t max, std::string_view what) {
  if (count > max)
    list.fail(std::to_string(count) + " " + std::string(what) + "; a siege has at most " + std::to_string(max));
}

inline Snapshot read_snapshot(const Cursor& c, const Tables& t, Strictness mode) {
  Snapshot s;
  if (mode == Strictness::state) s.scene = c.at("scene").int_in(0, max_scene);
  const auto sections = c.at("sections");
  sections.expect_array();
  limit_count(sections, sections.value().size(), max_sections, "sections");
  for (std::size_t i = 0; i < sections.value().size(); ++i)
    s.sections.push_back(read_section(sections.at(i), t, mode));
  if (mode == Strictness::state) {
    const auto engines = c.at("engines");
    engines.expect_array();
    limit_count(engines, engines.value().size(), max_engines, "engines");
    for (std::size_t i = 0; i < engines.value().size(); ++i)
      s.engines.push_back(read_engine(engines.at(i), t, mode, EngineSide::besieger));
  }
  if (mode == Strictness::state || c.has("camp")) {
    const auto camp = c.at("camp");
    camp.expect_object();
    camp.only_keys({"hull_suffered"});
    s.camp.hull_suffered = camp.at("hull_suffered").int_in(0, camp_row(t).hull);
  }
  if (mode == Strictness::state) read_troops(c, s, true, {camp_id, "none"});  // optional: older files have none
  return s;
}

[[nodiscard]] inline SceneLength read_scene_length(const Cursor& c) {
  return static_cast<SceneLength>(pick_name(c, scene_length_names, "scene length"));
}

}  // namespace detail

// A new siege from a description (docs/state.md): sections, "besiegers" and
// "defenders". Errors are reported with `src.kind` (usage for `siege init`).
[[nodiscard]] inline SiegeState read_description(std::string_view text, const detail::JsonSource& src,
                                                 const Tables& t) {
  using namespace detail;
  const json doc = parse_strict(text, src);
  const Cursor root(doc, src, "");
  root.expect_object();
  root.only_keys({"schema", "name", "scene_length", "sections", "besiegers", "defenders", "camp", "units",
                  "armies"});
  if (root.has("schema")) (void)root.at("schema").int_in(state_schema, state_schema);
  SiegeState st;
  if (root.has("name")) {
    st.name = root.at("name").string();
    // R42 (the parser has refused any byte that is not UTF-8 already).
    if (auto problem = text::text_input_problem(st.name, text::TextFrom::file)) root.at("name").fail(*problem);
  }
  if (root.has("scene_length")) st.scene_length = read_scene_length(root.at("scene_length"));
  st.now = read_snapshot(root, t, Strictness::description);
  std::vector<Cursor> places;  // where each engine is: /besiegers/i, then /defenders/j
  for (const char* side : {"besiegers", "defenders"}) {
    if (!root.has(side)) continue;
    const auto list = root.at(side);
    list.expect_array();
    limit_count(list, st.now.engines.size() + list.value().size(), max_engines,
                "engines in \"besiegers\" and \"defenders\" together");
    for (std::size_t i = 0; i < list.value().size(); ++i) {
      places.push_back(list.at(i));
      st.now.engines.push_back(read_engine(list.at(i), t, Strictness::description,
                                           side[0] == 'b' ? EngineSide::besieger : EngineSide::defender));
    }
  }
  check_references(st.now, root.at("sections"), [&](std::size_t i) { return places[i]; }, Strictness::description);
  read_troops(root, st.now, false, {camp_id, "none"});
  st.initial = st.now;
  return st;
}

namespace detail {

// R35, R37: the units and engines past those of `initial` are the log's
// arrivals, in its order: the unit or engine of every `add` entry and the
// new unit of every `split` entry.
inline void check_arrivals(const Cursor& root, const SiegeState& st) {
  std::vector<std::string> units;
  std::vector<std::string> engines;
  auto named = [](const json& inputs, const char* key) -> std::optional<std::string> {
    if (!inputs.contains(key) || !inputs[key].is_string()) return std::nullopt;
    return inputs[key].get<std::string>();
  };
  for (const auto& e : st.log) {
    if (e.action == "add") {
      if (auto u = named(e.inputs, "unit")) units.push_back(*u);
      else if (auto g = named(e.inputs, "engine")) engines.push_back(*g);
    } else if (e.action == "split") {
      if (auto u = named(e.inputs, "into")) units.push_back(*u);
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
}

// read_state() of a state file's text whose log starts at entry number
// `first_entry` + 1: the entries before it are left out (checked_state_text
// in src/actions.cpp reads back only what a command changed). Everything is
// checked as in the whole file, at the same JSON pointers.
[[nodiscard]] inline SiegeState read_state_from(std::string_view text, const JsonSource& src, const Tables& t,
                                                std::size_t first_entry) {
  const json doc = parse_strict(text, src);
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
  check_references(st.now, root.at("sections"), [&](std::size_t i) { return root.at("engines").at(i); },
                   Strictness::state);
  const auto initial = root.at("initial");
  initial.expect_object();
  initial.only_keys({"scene", "sections", "engines", "camp", "units", "armies"});
  st.initial = read_snapshot(initial, t, Strictness::state);
  check_references(st.initial, initial.at("sections"),
                   [&](std::size_t i) { return initial.at("engines").at(i); }, Strictness::state);
  // The same sections, in the same order, as initialised; the same engines,
  // then those that arrived (R35).
  auto same_ids = [&](const char* key, std::size_t n_now, std::size_t n_initial, auto id_now, auto id_initial) {
    if (key == std::string_view("sections") ? n_now != n_initial : n_now < n_initial)
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
    e.inputs = in.value();
    e.seed = c.at("seed").uint64();
    const auto out = c.at("outcome");
    out.expect_object();
    e.outcome = out.value();
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

}  // namespace detail

// Public: what the program needs of the above (the rest stays internal).
using detail::read_state_from;  // reads a state file's text from its first log entry on

// Reads a state file (schema 1). Every error is of `src.kind` (state: exit 4)
// and names the file and the JSON pointer, or the line and column.
[[nodiscard]] inline SiegeState read_state(std::string_view text, const detail::JsonSource& src,
                                           const Tables& t) {
  return detail::read_state_from(text, src, t, 0);
}

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
  out += std::string(indent) + "\"" + std::string(key) + "\": [";
  for (std::size_t i = 0; i < items.size(); ++i) {
    out += i == 0 ? "\n" : ",\n";
    out += std::string(indent) + "  ";
    JsonWriter w(out);
    write_one(w, items[i]);
  }
  out += items.empty() ? "]" : "\n" + std::string(indent) + "]";
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
  w.key("inputs").raw(e.inputs.dump());
  w.field("seed", static_cast<unsigned long long>(e.seed));
  w.key("outcome").raw(e.outcome.dump());
  w.end_object();
}

}  // namespace detail

// Public: what the program needs of the above (the rest stays internal).
using detail::write_id_or_null;  // writes `"key": value`, or null for ""
using detail::write_works;  // writes a section's abatis and mine progress
using detail::write_engine;  // writes one engine of the siege
using detail::write_log_entry;  // writes one log entry as the state file holds it

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
using detail::log_entry_bytes;  // the bytes one log entry takes in the state file
using detail::state_text_bytes;  // the bytes of a state file of a head, entries and their bytes

// The state file's text: deterministic bytes, one section, engine or log entry
// a line so that a diff of two states reads line by line. Every string is
// escaped, so a raw newline only ever ends a line of this layout; the log
// comes after a line `  "log": [`; then, only when it is not empty, the redo
// list (R40) after a line `  "redo": [`, each ending `  ]`; `}\n` ends the file.
[[nodiscard]] inline std::string write_state(const SiegeState& st) {
  std::string out = detail::write_state_head(st);
  detail::write_lines(out, "  ", "log", st.log, detail::write_log_entry, st.redo.empty());
  if (!st.redo.empty()) detail::write_lines(out, "  ", "redo", st.redo, detail::write_log_entry, true);
  out += "}\n";
  return out;
}

namespace detail {

// write_state's `text` of a siege with `entries` log entries, less the lines
// of the first `skip` of them (0: the text as it is). What is left is a state
// file's text whose log starts at entry `skip` + 1, for read_state_from. The
// cut is found from the end, so it costs the length of the entries kept (and
// of the redo list, which is kept whole).
[[nodiscard]] inline std::string without_first_entries(std::string_view text, std::size_t entries,
                                                       std::size_t skip) {
  if (skip == 0 || entries == 0) return std::string(text);
  constexpr std::string_view log_line = "\n  \"log\": [\n";
  constexpr std::string_view end = "  ]\n}\n";
  constexpr std::string_view redo_line = "\n  ],\n  \"redo\": [\n";
  const std::size_t items = text.find(log_line);
  if (items == std::string_view::npos || text.size() < end.size() ||
      text.substr(text.size() - end.size()) != end)
    throw Error(ErrorKind::internal, "internal", "without_first_entries: not write_state's layout");
  // The line `  ]` that closes the log: the file's last, or the one before
  // the redo list.
  const std::size_t redo = text.rfind(redo_line);
  std::size_t from = redo != std::string_view::npos && redo > items ? redo + 1 : text.size() - end.size();
  for (std::size_t kept = entries - std::min(skip, entries); kept > 0; --kept)
    from = text.rfind('\n', from - 2) + 1;  // the start of the first line kept
  return std::string(text.substr(0, items + log_line.size())).append(text.substr(from));
}

}  // namespace detail

// Public: what the program needs of the above (the rest stays internal).
using detail::without_first_entries;  // a state file's text without its first log entries (they were read before)

}  // namespace siege
