// siege/state.hpp - the state of one siege: sections, engines, camp and log.
//
// Pure values and the lookups on them. Their JSON form (a description, the
// state file) is in state_json.hpp.
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
#include "siege/log.hpp"
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

struct SiegeState {
  std::string name;
  SceneLength scene_length = SceneLength::day;
  Snapshot now;
  Snapshot initial;
  Log log;
  // R40: the entries `siege undo` took back, the next one to redo first
  // (numbered on from the log's last); empty once a new entry is logged.
  Log redo;
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

// R29: every target engine `e` may aim at (check_aim accepts it), in the
// order of the file: sections, then engines, then the camp. None for an
// engine without a weapon; `none` (no target) is always allowed besides.
[[nodiscard]] inline std::vector<std::string> aim_choices(const Snapshot& s, const EngineState& e) {
  std::vector<std::string> ids;
  for (const auto& x : s.sections) ids.push_back(x.id);
  for (const auto& x : s.engines)
    if (x.id != e.id) ids.push_back(x.id);
  ids.emplace_back(camp_id);
  std::vector<std::string> out;
  for (auto& id : ids)
    if (check_aim(s, e, id).ok()) out.push_back(std::move(id));
  return out;
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

// R26: of the passable breaches (R13), those a standing abatis blocks
// (Abatis::standing: no way through until it is torn down) or those open to
// an assault (Abatis::none), in the order of the file.
enum class Abatis { none, standing };
[[nodiscard]] inline std::vector<std::string> breaches(const Snapshot& s, const Tables& t, Abatis a) {
  std::vector<std::string> out;
  for (auto& id : breaches(s, t, Passable::yes))
    if (s.find_section(id)->abatis.standing == (a == Abatis::standing)) out.push_back(std::move(id));
  return out;
}

}  // namespace siege
