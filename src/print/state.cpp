// print/state.cpp - the siege of a state file as JSON: status (and init),
// the log, replay, undo and redo, and what chronicle -o wrote (print/json.hpp); and
// the parts of the siege status shows apart (print/state.hpp).
#include <algorithm>

#include <fmt/format.h>

#include "print/json.hpp"
#include "print/state.hpp"
#include "siege/gallery.hpp"
#include "siege/units.hpp"

namespace siege::print {

// E4: the warning once more than four scenes were played.
std::vector<std::string> evening_over(const SiegeState& st) {
  if (st.now.scene <= evening_scenes) return {};
  return {fmt::format("{} scenes played: a siege in an evening was meant to end after three or four.",
                      st.now.scene)};
}

// R39: the last notes of the log that status shows.
constexpr std::size_t notes_shown = 3;

std::vector<NoteLine> last_notes(const SiegeState& st) {
  std::vector<NoteLine> out;
  // From the last entry back; only notes are built (Log::action_at).
  for (std::size_t i = st.log.size(); i > 0 && out.size() < notes_shown; --i)
    if (st.log.action_at(i - 1) == "note") {
      const LogEntry& e = st.log[i - 1];
      const nlohmann::json o = e.outcome.json();
      out.push_back({e.entry, e.scene, o.value("text", std::string()), o.value("private", false)});
    }
  std::reverse(out.begin(), out.end());
  return out;
}

std::vector<GalleryLine> galleries(const SiegeState& st) {
  std::vector<GalleryLine> out;
  if (st.now.scene == 0) return out;
  const std::vector<int> used = days_used_this_scene(st);  // one pass for every section
  for (const auto& x : st.now.sections) {
    const GalleryDays d = gallery_days(st, x.id, &used);
    if (x.mine.days_dug > 0 || d.used > 0) out.push_back({x.id, x.mine, d.left});
  }
  return out;
}

namespace {

std::vector<std::string> status_notes(const SiegeState& st, const Tables& t) {
  std::vector<std::string> notes;
  for (const auto& id : breaches(st.now, t, Abatis::none)) notes.push_back(id + " is breached: play the assault.");
  for (const auto& id : breaches(st.now, t, Abatis::standing))
    notes.push_back(id + " is breached, and the abatis standing in it blocks the way through (R26).");
  for (const auto& id : breaches(st.now, t, Passable::no))
    notes.push_back(id + " is breached and impassable: there is no assault across it.");
  for (auto& n : evening_over(st)) notes.push_back(std::move(n));
  return notes;
}

void write_hull_suffered(siege::JsonWriter& w, int max, int suffered) {
  w.key("hull").begin_object().field("max", max).field("suffered", suffered).end_object();
}

// An army as the state file has it, with its one-third mark and whether the
// check is due (R25, R33).
// With defenders out on a sally, "sally": true (R38).
void write_status_army(siege::JsonWriter& w, const std::optional<ArmyState>& a, UnitSide side, Sally sally) {
  if (!a) {
    w.null();
    return;
  }
  const ArmyMoraleOutcome m = army_morale(army_morale_input(*a, sally));
  w.begin_object();
  w.field("strength", a->strength).field("killed", a->killed);
  if (side == UnitSide::defender) w.field("in_castle", a->in_castle);
  if (sally == Sally::out) w.field("sally", true);
  w.field("called", a->called).field("third", m.threshold).field("due", m.due);
  w.end_object();
}

}  // namespace

// ---------------------------------------------------------------- status, log

void write_status(JsonWriter& w, const SiegeState& st, const Tables& t, const std::string& path,
                  std::string_view action) {
  w.begin_object();
  w.field("schema", schema_version).field("action", action);
  w.field("file", path).field("name", st.name);
  w.field("scene", st.now.scene).field("scene_length", name_of(st.scene_length));
  w.key("sections").begin_array();
  for (const auto& s : st.now.sections) {
    w.begin_object().field("id", s.id).field("structure", s.structure);
    siege::write_id_or_null(w, "variant", s.variant);
    write_hull_suffered(w, stats_of(s, t).hull, s.hull_suffered);
    w.field("state", name_of(s.state));
    siege::write_works(w, s);
    w.end_object();
  }
  w.end_array();
  w.key("engines").begin_array();
  for (const auto& e : st.now.engines) {
    w.begin_object().field("id", e.id).field("side", name_of(e.side));
    siege::write_id_or_null(w, "engine", e.engine);
    siege::write_id_or_null(w, "weapon", e.weapon);
    w.field("pool", e.pool);
    siege::write_id_or_null(w, "target", e.target);
    if (const Engine* row = row_of(e, t))
      write_hull_suffered(w, row->hull, e.hull_suffered);
    else
      w.key("hull").null();
    w.field("knocked_out", e.knocked_out);
    if (!e.present()) w.field("gone", name_of(e.gone));  // R36
    w.end_object();
  }
  w.end_array();
  const int camp_hull = camp_row(t).hull;
  w.key("camp").begin_object();
  write_hull_suffered(w, camp_hull, st.now.camp.hull_suffered);
  w.field("wrecked", st.now.camp.hull_suffered >= camp_hull);
  w.end_object();
  w.key("units").begin_array();
  for (const auto& u : st.now.units) siege::write_unit(w, u);
  w.end_array();
  w.key("armies").begin_object();
  w.key("besieger");
  write_status_army(w, st.now.armies.besieger, UnitSide::besieger, Sally::no);
  w.key("defender");
  write_status_army(w, st.now.armies.defender, UnitSide::defender, sally_of(st.now.units));
  w.end_object();
  w.string_array("open_breaches", open_breaches(st.now));
  // R13, R26, R33: each breach, whether an assault goes through it, and who stands at it.
  w.key("breaches").begin_array();
  for (const auto& x : st.now.sections) {
    if (x.state != BreachState::breached) continue;
    w.begin_object().field("section", x.id);
    w.field("assault", impassable_breach(x, t) ? "impassable" : x.abatis.standing ? "blocked" : "open");
    w.key("units").begin_array();
    for (const UnitState* u : units_at(st.now, x.id)) {
      w.begin_object().field("unit", u->id).field("side", name_of(u->side));
      w.field("through", u->through).field("behind", u->behind).end_object();
    }
    w.end_array();
    w.end_object();
  }
  w.end_array();
  w.key("galleries").begin_array();
  for (const auto& g : galleries(st)) {
    w.begin_object().field("section", g.section).field("days_dug", g.gallery.days_dug);
    w.field("detected", g.gallery.detected).field("days_left_in_scene", g.left).end_object();
  }
  w.end_array();
  w.field("log_entries", static_cast<long>(st.log.size()));
  w.key("log_notes").begin_array();
  for (const auto& n : last_notes(st)) {
    w.begin_object().field("entry", n.entry).field("scene", n.scene).field("text", n.text);
    if (n.referee_only) w.field("private", true);  // R44
    w.end_object();
  }
  w.end_array();
  write_trailer(w, {}, status_notes(st, t), {});
  w.end_object();
}

void write_log(JsonWriter& w, const SiegeState& st, const std::string& path) {
  w.begin_object();
  w.field("schema", schema_version).field("action", "log").field("file", path);
  w.key("entries").begin_array();
  for (const auto& e : st.log) siege::write_log_entry(w, e);
  w.end_array();
  // R40: the entries undo took back, which redo can put back, first first.
  w.key("redo").begin_array();
  for (const auto& e : st.redo) siege::write_log_entry(w, e);
  w.end_array();
  write_trailer(w, {}, {}, {});
  w.end_object();
}

void write_replay(JsonWriter& w, const SiegeState& st, const std::string& path) {
  w.begin_object();
  w.field("schema", schema_version).field("action", "replay").field("file", path);
  w.field("matches", true).field("log_entries", static_cast<long>(st.log.size()));
  w.field("scene", st.now.scene);
  write_trailer(w, {}, {}, {});
  w.end_object();
}

// ---------------------------------------------------------------- undo, redo, chronicle

// The undo and redo --json object: the state file, the entries taken back or
// put back (the last of them, and how many), what the log and the redo list
// hold now.
void write_undo_redo(JsonWriter& w, std::string_view action, const std::string& path, bool dry,
                     const LogEntry& last, std::size_t count, const SiegeState& after) {
  w.begin_object();
  w.field("schema", schema_version).field("action", action).field("file", path);
  w.field("dry_run", dry);
  w.key(action == "undo" ? "undone" : "redone");
  siege::write_log_entry(w, last);
  w.field("count", static_cast<long>(count));
  w.field("log_entries", static_cast<long>(after.log.size()));
  w.field("redo_entries", static_cast<long>(after.redo.size()));
  w.field("scene", after.now.scene);
  write_trailer(w, {}, {}, {});
  w.end_object();
}

void write_chronicle_written(JsonWriter& w, const SiegeState& st, const std::string& path,
                             const std::string& output, std::string_view format, std::size_t bytes,
                             bool outlook, const std::vector<std::string>& notes) {
  w.begin_object();
  w.field("schema", schema_version).field("action", "chronicle").field("file", path);
  w.field("output", output).field("format", format);
  w.field("bytes", static_cast<long>(bytes));
  w.field("log_entries", static_cast<long>(st.log.size())).field("scene", st.now.scene);
  w.field("outlook", outlook);
  write_trailer(w, {}, notes, {});
  w.end_object();
}

}  // namespace siege::print
