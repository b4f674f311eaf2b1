// `siege status`: the siege at a glance.
#include <algorithm>

#include <fmt/format.h>

#include "commands/cmd_state.hpp"
#include "front/command.hpp"
#include "print/json.hpp"
#include "print/render.hpp"
#include "print/text.hpp"
#include "siege/units.hpp"
#include "siege/gallery.hpp"
#include "state/state_file.hpp"
#include "commands/unit_view.hpp"

namespace siege::cli {

namespace {

// E4: the warning once more than four scenes were played.
std::vector<std::string> evening_over(const SiegeState& st) {
  if (st.now.scene <= evening_scenes) return {};
  return {fmt::format("{} scenes played: a siege in an evening was meant to end after three or four.", st.now.scene)};
}

std::vector<std::string> status_notes(const SiegeState& st, const Tables& t) {
  std::vector<std::string> notes;
  for (const auto& id : breaches(st.now, t, Passable::yes))
    notes.push_back(id + " is breached: play the assault.");
  for (const auto& id : breaches(st.now, t, Passable::no))
    notes.push_back(id + " is breached and impassable: there is no assault across it.");
  for (auto& n : evening_over(st)) notes.push_back(std::move(n));
  return notes;
}

// R39: the last notes of the log that status shows, oldest first.
constexpr std::size_t notes_shown = 3;

struct NoteLine {
  int entry = 0;
  int scene = 0;
  std::string text;
};

std::vector<NoteLine> last_notes(const SiegeState& st) {
  std::vector<NoteLine> out;
  for (auto it = st.log.rbegin(); it != st.log.rend() && out.size() < notes_shown; ++it)
    if (it->action == "note") out.push_back({it->entry, it->scene, it->outcome.value("text", std::string())});
  std::reverse(out.begin(), out.end());
  return out;
}

// R30: the galleries dug or digging this scene, with the days left of it.
struct GalleryLine {
  std::string section;
  MineGallery gallery;
  int left = 0;  // days of the scene left to dig
};

std::vector<GalleryLine> galleries(const SiegeState& st) {
  std::vector<GalleryLine> out;
  if (st.now.scene == 0) return out;
  for (const auto& x : st.now.sections) {
    const GalleryDays d = gallery_days(st, x.id);
    if (x.mine.days_dug > 0 || d.used > 0) out.push_back({x.id, x.mine, d.left});
  }
  return out;
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

// The units and armies as tables (markdown, csv), when the siege has any.
std::vector<std::vector<std::vector<std::string>>> troop_tables(const Snapshot& s) {
  std::vector<std::vector<std::vector<std::string>>> out;
  if (!s.units.empty()) {
    std::vector<std::vector<std::string>> rows{
        {"UNIT", "SIDE", "HERO", "START", "FIGURES", "ORDER", "WHERE", "SECTION", "THROUGH", "BEHIND", "SALLY",
         "GONE"}};
    for (const auto& u : s.units)
      rows.push_back({u.id, std::string(name_of(u.side)), u.hero ? "yes" : "no",
                      std::to_string(u.start_figures), std::to_string(u.figures),
                      std::string(name_of(u.order)), std::string(name_of(u.where)),
                      u.where == UnitPlace::section ? u.section : "-", std::to_string(u.through),
                      std::to_string(u.behind), u.sallying() ? "yes" : "no",
                      u.present() ? "-" : std::string(name_of(u.gone))});
    out.push_back(std::move(rows));
  }
  std::vector<std::vector<std::string>> rows{{"ARMY", "STRENGTH", "KILLED", "THIRD", "IN CASTLE", "CHECK"}};
  for (const UnitSide side : {UnitSide::besieger, UnitSide::defender}) {
    const auto& a = s.armies.of(side);
    if (!a) continue;
    const Sally sally = siege::sally_for(s, side);
    const ArmyMoraleOutcome m = army_morale(army_morale_input(*a, sally));
    const bool castle = in_a_castle(*a, sally);
    rows.push_back({std::string(name_of(side)), std::to_string(a->strength), std::to_string(a->killed),
                    std::to_string(m.threshold), castle ? "yes" : a->in_castle ? "no (a sally)" : "no",
                    castle ? "never"
                    : a->called  ? "called"
                                 : "not yet"});
  }
  if (rows.size() > 1) out.push_back(std::move(rows));
  return out;
}

// Every part of the text but the sections as tables, for markdown and csv,
// in the text's order: the engines, the camp, the units and armies, the
// breaches and the galleries when there are any, and last the siege itself
// (its name, scenes, log and notes), so that no format leaves a part out.
std::vector<std::vector<std::vector<std::string>>> status_tables(const SiegeState& st, const Tables& t) {
  std::vector<std::vector<std::vector<std::string>>> out;
  const auto id_or_dash = [](const std::string& id) { return id.empty() ? std::string("-") : id; };
  if (!st.now.engines.empty()) {
    std::vector<std::vector<std::string>> rows{
        {"ENGINE", "SIDE", "ROW", "WEAPON", "POOL", "TARGET", "SUFFERED", "HULL", "KNOCKED OUT", "GONE"}};
    for (const auto& e : st.now.engines) {
      const Engine* row = row_of(e, t);
      rows.push_back({e.id, std::string(name_of(e.side)), id_or_dash(e.engine), id_or_dash(e.weapon),
                      std::to_string(e.pool), id_or_dash(e.target), std::to_string(e.hull_suffered),
                      row != nullptr ? std::to_string(row->hull) : "-", e.knocked_out ? "yes" : "no",
                      e.present() ? "-" : std::string(name_of(e.gone))});
    }
    out.push_back(std::move(rows));
  }
  const int camp_hull = camp_row(t).hull;
  out.push_back({{"CAMP", "SUFFERED", "HULL", "WRECKED"},
                 {"camp", std::to_string(st.now.camp.hull_suffered), std::to_string(camp_hull),
                  st.now.camp.hull_suffered >= camp_hull ? "yes" : "no"}});
  for (auto& troops : troop_tables(st.now)) out.push_back(std::move(troops));
  std::vector<std::vector<std::string>> breach_rows{{"BREACH", "ASSAULT"}};
  for (const auto& id : breaches(st.now, t, Passable::yes)) breach_rows.push_back({id, "play the assault"});
  for (const auto& id : breaches(st.now, t, Passable::no))
    breach_rows.push_back({id, "impassable, no assault across it (R13)"});
  if (breach_rows.size() > 1) out.push_back(std::move(breach_rows));
  std::vector<std::vector<std::string>> gallery_rows{
      {"GALLERY UNDER", "DAYS DUG", "FOUND", "DAYS LEFT IN SCENE"}};
  for (const auto& g : galleries(st))
    gallery_rows.push_back({g.section, std::to_string(g.gallery.days_dug), g.gallery.detected ? "yes" : "no",
                            std::to_string(g.left)});
  if (gallery_rows.size() > 1) out.push_back(std::move(gallery_rows));
  std::vector<std::vector<std::string>> siege{
      {"SIEGE", "SCENES PLAYED", "SCENE LENGTH", "LOG ENTRIES", "NOTES"}};
  siege.push_back({st.name.empty() ? "-" : st.name, std::to_string(st.now.scene),
                   std::string(name_of(st.scene_length)), std::to_string(st.log.size()),
                   fmt::format("{}", fmt::join(evening_over(st), " "))});
  if (siege.back().back().empty()) siege.back().back() = "-";
  out.push_back(std::move(siege));
  return out;
}

}  // namespace

std::string status_json(const SiegeState& st, const Tables& t, const std::string& path, std::string_view action) {
  std::string out;
  siege::JsonWriter w(out);
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
    if (const Engine* row = row_of(e, t)) write_hull_suffered(w, row->hull, e.hull_suffered);
    else w.key("hull").null();
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
  w.key("galleries").begin_array();
  for (const auto& g : galleries(st)) {
    w.begin_object().field("section", g.section).field("days_dug", g.gallery.days_dug);
    w.field("detected", g.gallery.detected).field("days_left_in_scene", g.left).end_object();
  }
  w.end_array();
  w.field("log_entries", static_cast<long>(st.log.size()));
  w.key("log_notes").begin_array();
  for (const auto& n : last_notes(st))
    w.begin_object().field("entry", n.entry).field("scene", n.scene).field("text", n.text).end_object();
  w.end_array();
  print::write_trailer(w, {}, status_notes(st, t), {});
  w.end_object();
  return out;
}

std::string status_text(const SiegeState& st, const Tables& t) {
  std::string s = "Siege     " + (st.name.empty() ? std::string() : escape_text(st.name) + ": ") +
                  fmt::format("{} scene{} played (a scene is one {})\n", st.now.scene,
                              st.now.scene == 1 ? "" : "s", name_of(st.scene_length));
  const auto what_of = [](const SectionState& x) {
    return escape_text(x.variant.empty() ? x.structure : x.structure + ", " + x.variant);
  };
  const auto engine_what = [](const EngineState& e) {
    return escape_text(e.weapon.empty() ? e.engine : e.weapon);
  };
  // Each block is as wide as its own longest entries, so that a line fits
  // 80 columns with the ids of a real siege.
  std::size_t w_id = 6, w_what = 6;
  for (const auto& x : st.now.sections) {
    w_id = std::max(w_id, display_width(escape_text(x.id)));
    w_what = std::max(w_what, display_width(what_of(x)));
  }
  s += "Sections\n";
  for (const auto& x : st.now.sections)
    s += fmt::format("  {}  {}  {}  {}\n", pad_to(escape_text(x.id), w_id), pad_to(what_of(x), w_what),
                     hull_bar(x.hull_suffered, stats_of(x, t).hull), painted_state(x.state));
  w_id = w_what = 6;
  std::size_t w_hull = 0;
  std::vector<std::string> hulls;
  for (const auto& e : st.now.engines) {
    w_id = std::max(w_id, display_width(escape_text(e.id)));
    w_what = std::max(w_what, display_width(engine_what(e)));
    const Engine* row = row_of(e, t);
    hulls.push_back(row != nullptr ? hull_bar(e.hull_suffered, row->hull, 10) : "");
    w_hull = std::max(w_hull, display_width(hulls.back()));
  }
  s += "Engines\n";
  for (std::size_t i = 0; i < st.now.engines.size(); ++i) {
    const EngineState& e = st.now.engines[i];
    const std::string aim =
        e.target.empty() ? "no attack" : fmt::format("pool {} -> {}", e.pool, escape_text(e.target));
    if (!e.present()) {  // R36: it stays in the list, out of the siege
      s += fmt::format("  {:<8} {}  gone ({})\n", name_of(e.side), pad_to(escape_text(e.id), w_id), name_of(e.gone));
      continue;
    }
    s += fmt::format("  {:<8} {}  {}  {}  {}{}\n", name_of(e.side), pad_to(escape_text(e.id), w_id),
                     pad_to(engine_what(e), w_what), pad_to(hulls[i], w_hull), aim,
                     e.knocked_out ? "  " + painted_alarm("KNOCKED OUT") : std::string());
  }
  s += fmt::format("Camp      {}\n", hull_bar(st.now.camp.hull_suffered, camp_row(t).hull, 10));
  if (!st.now.units.empty()) {
    w_id = 6;
    for (const auto& u : st.now.units) w_id = std::max(w_id, display_width(escape_text(u.id)));
    s += "Units\n";
    for (const auto& u : st.now.units)
      s += fmt::format("  {:<8} {}  {}\n", name_of(u.side), pad_to(escape_text(u.id), w_id), unit_words(u));
  }
  if (st.now.armies.besieger || st.now.armies.defender) {
    s += "Armies\n";
    for (const UnitSide side : {UnitSide::besieger, UnitSide::defender})
      if (const auto& a = st.now.armies.of(side))
        s += fmt::format("  {:<8} {}\n", name_of(side), army_words(*a, siege::sally_for(st.now, side)));
  }
  s += print::breaches_text(st.now, t);
  if (st.now.scene > 0) {
    const int per = days_in(st.scene_length);
    s += fmt::format("Scene     {} under way: a gallery digs at most {} day{} in it\n", st.now.scene, per,
                     per == 1 ? "" : "s");
    for (const auto& g : galleries(st))
      s += fmt::format("  gallery under {}: {} day(s) dug{}, {} day(s) left in this scene\n", escape_text(g.section),
                       g.gallery.days_dug, g.gallery.detected ? ", " + painted_alarm("FOUND") : std::string(),
                       g.left);
  }
  s += fmt::format("Log       {} entr{}\n", st.log.size(), st.log.size() == 1 ? "y" : "ies");
  for (const auto& n : last_notes(st))
    s += fmt::format("  note {} (scene {}): {}\n", n.entry, n.scene, escape_text(n.text));
  if (const auto late = evening_over(st); !late.empty()) s += "Notes\n" + render_notes(late, {});
  return s;
}

void run_status(const NoInputs&, Context& ctx) {
  require_state(ctx, "status");
  StateFile file(ctx.globals.state_file, StateFile::Access::read);
  const SiegeState st = load_state(file, ctx);
  const std::string json = status_json(st, ctx.tables(), file.path());
  if (ctx.globals.format == "markdown" || ctx.globals.format == "csv") {
    // The sections as a table, to paste into campaign notes.
    std::vector<std::vector<std::string>> rows{
        {"SECTION", "STRUCTURE", "VARIANT", "SUFFERED", "HULL", "STATE", "ABATIS", "MINE DAYS"}};
    for (const auto& x : st.now.sections)
      rows.push_back({x.id, x.structure, x.variant.empty() ? "-" : x.variant, std::to_string(x.hull_suffered),
                      std::to_string(stats_of(x, ctx.tables()).hull), std::string(name_of(x.state)),
                      x.abatis.standing ? "standing"
                                        : fmt::format("{}/{} built", x.abatis.progress,
                                                      ctx.tables().troops.abatis_turns),
                      std::to_string(x.mine.days_dug) + (x.mine.detected ? " (found)" : "")});
    auto tables = status_tables(st, ctx.tables());
    tables.insert(tables.begin(), std::move(rows));
    if (const auto notes = last_notes(st); !notes.empty()) {
      std::vector<std::vector<std::string>> note_rows{{"NOTE", "SCENE", "TEXT"}};
      for (const auto& n : notes) note_rows.push_back({std::to_string(n.entry), std::to_string(n.scene), n.text});
      tables.push_back(std::move(note_rows));
    }
    return ctx.emit_tables(json, tables);
  }
  ctx.emit(json, status_text(st, ctx.tables()));
}

Command status_command() {
  return plain_command<NoInputs, no_inputs, run_status>("status", "Show the siege in a state file at a glance",
                                                        "siege --state siege.json status", true);
}

}  // namespace siege::cli
