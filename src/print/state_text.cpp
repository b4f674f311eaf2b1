// print/state_text.cpp - the siege of a state file as text: status (and
// its tables for --format markdown and csv), init, the log, replay, undo and redo,
// and what chronicle -o wrote (print/text.hpp; their JSON is in state.cpp).
#include <algorithm>
#include <optional>

#include <fmt/format.h>

#include "print/render.hpp"
#include "print/state.hpp"
#include "print/text.hpp"
#include "print/troop_words.hpp"
#include "siege/gallery.hpp"
#include "siege/units.hpp"

namespace siege::print {

using cli::army_words;
using cli::command_line;
using cli::display_width;
using cli::escape_text;
using cli::hull_bar;
using cli::pad_to;
using cli::painted_alarm;
using cli::painted_state;
using cli::render_notes;
using cli::unit_words;

namespace {

// The units and armies as tables (markdown, csv), when the siege has any.
std::vector<std::vector<std::vector<std::string>>> troop_tables(const Snapshot& s) {
  std::vector<std::vector<std::vector<std::string>>> out;
  if (!s.units.empty()) {
    std::vector<std::vector<std::string>> rows{{"UNIT", "SIDE", "HERO", "START", "FIGURES", "ORDER", "WHERE",
                                                "SECTION", "THROUGH", "BEHIND", "SALLY", "GONE"}};
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
                    std::to_string(m.threshold),
                    castle         ? "yes"
                    : a->in_castle ? "no (a sally)"
                                   : "no",
                    castle      ? "never"
                    : a->called ? "called"
                                : "not yet"});
  }
  if (rows.size() > 1) out.push_back(std::move(rows));
  return out;
}

// Every part of the text but the sections as tables, for markdown and csv,
// in the text's order: the engines, the camp, the units and armies, the
// breaches and the galleries when there are any, and last the siege itself
// (its name, scenes, log and notes), so that no format leaves a part out.
std::vector<std::vector<std::vector<std::string>>> status_parts(const SiegeState& st, const Tables& t) {
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
  std::vector<std::vector<std::string>> breach_rows{{"BREACH", "ASSAULT", "ABATIS", "AT THE BREACH"}};
  const auto breach_row = [&](const std::string& id, std::string assault) {
    const SectionState& x = *st.now.find_section(id);
    std::vector<std::string> who;
    for (const UnitState* u : units_at(st.now, id))
      who.push_back(fmt::format("{} ({}) {} through, {} behind", u->id, name_of(u->side), u->through, u->behind));
    breach_rows.push_back({id, std::move(assault),
                           x.abatis.standing ? std::string("standing")
                                             : fmt::format("{}/{} built", x.abatis.progress, t.troops.abatis_turns),
                           who.empty() ? std::string("-") : fmt::format("{}", fmt::join(who, "; "))});
  };
  for (const auto& id : breaches(st.now, t, Abatis::none)) breach_row(id, "play the assault");
  for (const auto& id : breaches(st.now, t, Abatis::standing)) breach_row(id, "blocked by standing abatis (R26)");
  for (const auto& id : breaches(st.now, t, Passable::no)) breach_row(id, "impassable, no assault across it (R13)");
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

// ---------------------------------------------------------------- status, init, log

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
  std::vector<std::string> bars;
  for (const auto& x : st.now.sections) bars.push_back(hull_bar(x.hull_suffered, stats_of(x, t).hull));
  bars = cli::one_width(std::move(bars));
  for (std::size_t i = 0; i < st.now.sections.size(); ++i) {
    const SectionState& x = st.now.sections[i];
    s += fmt::format("  {}  {}  {}  {}\n", pad_to(escape_text(x.id), w_id), pad_to(what_of(x), w_what), bars[i],
                     painted_state(x.state));
  }
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
      s += fmt::format("  {:<8} {}  gone ({})\n", name_of(e.side), pad_to(escape_text(e.id), w_id),
                       name_of(e.gone));
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
  s += breaches_text(st.now, t);
  if (st.now.scene > 0) {
    const int per = days_in(st.scene_length);
    s += fmt::format("Scene     {} under way: a gallery digs at most {} day{} in it\n", st.now.scene, per,
                     per == 1 ? "" : "s");
    for (const auto& g : galleries(st))
      s += fmt::format("  gallery under {}: {} day(s) dug{}, {} day(s) left in this scene\n",
                       escape_text(g.section), g.gallery.days_dug,
                       g.gallery.detected ? ", " + painted_alarm("FOUND") : std::string(), g.left);
  }
  s += fmt::format("Log       {} entr{}\n", st.log.size(), st.log.size() == 1 ? "y" : "ies");
  for (const auto& n : last_notes(st))
    s += fmt::format("  note {} (scene {}{}): {}\n", n.entry, n.scene, n.referee_only ? ", private" : "",
                     escape_text(n.text));
  if (const auto late = evening_over(st); !late.empty()) s += "Notes\n" + render_notes(late, {});
  return s;
}

std::vector<std::vector<std::vector<std::string>>> status_tables(const SiegeState& st, const Tables& t) {
  // The sections as a table, to paste into campaign notes.
  std::vector<std::vector<std::string>> rows{
      {"SECTION", "STRUCTURE", "VARIANT", "SUFFERED", "HULL", "STATE", "ABATIS", "MINE DAYS"}};
  for (const auto& x : st.now.sections)
    rows.push_back({x.id, x.structure, x.variant.empty() ? "-" : x.variant, std::to_string(x.hull_suffered),
                    std::to_string(stats_of(x, t).hull), std::string(name_of(x.state)),
                    x.abatis.standing ? "standing"
                                      : fmt::format("{}/{} built", x.abatis.progress, t.troops.abatis_turns),
                    std::to_string(x.mine.days_dug) + (x.mine.detected ? " (found)" : "")});
  auto tables = status_parts(st, t);
  tables.insert(tables.begin(), std::move(rows));
  if (const auto notes = last_notes(st); !notes.empty()) {
    std::vector<std::vector<std::string>> note_rows{{"NOTE", "SCENE", "TEXT"}};
    for (const auto& n : notes)
      note_rows.push_back({std::to_string(n.entry), std::to_string(n.scene),
                           n.referee_only ? std::string("(private) ").append(n.text) : n.text});
    tables.push_back(std::move(note_rows));
  }
  return tables;
}

std::string init_text(const SiegeState& st, const Tables& t, const std::string& path, bool dry) {
  // R43: a siege with no section yet is built first.
  const std::string next =
      st.now.sections.empty()
          ? fmt::format("build the castle, a section at a time, with: {}",
                        command_line(cli::hint_mark_on(path, {"add", input_word("section"), "ID",
                                                              input_word("structure"), "STRUCTURE"})))
          : fmt::format("play a scene with: {}", command_line(cli::hint_mark_on(path, {"scene"})));
  const std::string done = dry ? fmt::format("Dry run   {} not written (--dry-run)\n", path)
                               : fmt::format("Wrote     {}; {}\n", path, next);
  return status_text(st, t) + done;
}

std::string log_text(const SiegeState& st, const EntryWords& words) {
  std::size_t w_action = 6;
  for (const auto& e : st.log) w_action = std::max(w_action, e.action.size());
  for (const auto& e : st.redo) w_action = std::max(w_action, e.action.size());
  // Each run of entries of one scene (R30) under its heading.
  const auto lines = [&](const siege::Log& entries) {
    std::string s;
    std::optional<int> scene;
    for (const auto& e : entries) {
      if (scene != e.scene)
        s += e.scene == 0 ? std::string("Before the first scene\n") : fmt::format("Scene {}\n", e.scene);
      scene = e.scene;
      const std::string options = escape_text(words.options(e));
      s += fmt::format("{:>4}  {:<{}}  {}{}seed {}\n      {}\n", e.entry, e.action, w_action, options,
                       options.empty() ? "" : "  ", e.seed, escape_text(words.describe(e)));
    }
    return s;
  };
  std::string s = st.log.empty() ? "Log       empty: nothing resolved yet\n" : lines(st.log);
  if (!st.redo.empty()) {
    const std::size_t n = st.redo.size();
    // R40: what undo took back, until a new entry clears it.
    s += fmt::format("Redo      {} {} can be redone ('{}'), until a new entry:\n", n, n == 1 ? "entry" : "entries",
                     n == 1 ? cli::hint_mark({"redo"}) : cli::hint_mark({"redo", input_word("count"), std::to_string(n)}));
    s += lines(st.redo);
  }
  return s;
}

std::string replay_text(const SiegeState& st, const std::string& path) {
  return fmt::format("replay matches: {} log entr{} replayed from the initial state give {}\n", st.log.size(),
                     st.log.size() == 1 ? "y" : "ies", path);
}

// ---------------------------------------------------------------- undo, redo, chronicle

namespace {

// Lists shown one entry a line; past it, the rest are counted.
constexpr std::size_t entries_shown = 10;

// "entry 12: attack --section gate --weapon cannon (seed 7)"
std::string entry_line(const LogEntry& e, const EntryWords& words) {
  const std::string options = escape_text(words.options(e));
  return fmt::format("entry {}: {}{}{} (seed {})", e.entry, e.action, options.empty() ? "" : " ", options,
                     e.seed);
}

// One line a taken-back or redone entry, under `label`.
std::string entry_lines(std::string_view label, const siege::Log& entries, std::size_t from,
                        std::size_t to, const EntryWords& words) {
  std::string s;
  for (std::size_t i = from; i < to && i < from + entries_shown; ++i)
    s += fmt::format("{:<10}{}\n", label, entry_line(entries[i], words));
  if (to - from > entries_shown)
    s += fmt::format("{:<10}... and {} more\n", label, to - from - entries_shown);
  return s;
}

}  // namespace

std::string entries_word(std::size_t n) { return n == 1 ? "entry" : "entries"; }

// "entry 12" / "entries 10 to 12".
std::string entry_span(int first, int last) {
  return first == last ? fmt::format("entry {}", first) : fmt::format("entries {} to {}", first, last);
}

namespace {

// What can be redone now, one line ("" when nothing can).
std::string redo_hint(const SiegeState& st) {
  if (st.redo.empty()) return {};
  const std::size_t n = st.redo.size();
  return fmt::format("Redo      {} {} can be redone ('{}')\n", n, entries_word(n),
                     n == 1 ? cli::hint_mark({"redo"}) : cli::hint_mark({"redo", input_word("count"), std::to_string(n)}));
}

}  // namespace

std::string undo_text(const SiegeState& before, std::size_t keep, const SiegeState& after,
                      const std::string& path, bool dry, const Tables& t, const EntryWords& words) {
  const std::size_t n = before.log.size();
  std::string text = entry_lines("Undo", before.log, keep, n, words);
  text += dry ? fmt::format("Dry run   {} is unchanged (--dry-run)\n", path)
              : fmt::format("Replayed  the {} {} before {}; {} written\n", keep, entries_word(keep),
                            n - keep == 1 ? "it" : "them", path);
  text += redo_hint(after);
  return text + status_text(after, t);
}

std::string redo_text(const SiegeState& before, std::size_t count, const SiegeState& after,
                      const std::string& path, bool dry, const Tables& t, const EntryWords& words) {
  const LogEntry& last = before.redo[count - 1];
  std::string text = entry_lines("Redo", before.redo, 0, count, words);
  text += dry ? fmt::format("Dry run   {} is unchanged (--dry-run)\n", path)
              : fmt::format("Log       {} put back as logged; {} written\n",
                            entry_span(before.redo.front().entry, last.entry), path);
  text += redo_hint(after);
  return text + status_text(after, t);
}

std::string chronicle_written_text(const SiegeState& st, const std::string& output, std::string_view format,
                                   std::size_t bytes, const std::vector<std::string>& notes) {
  std::string text =
      fmt::format("Chronicle of {} ({} log entr{}, {} scene{}): {} bytes of {} written to {}\n",
                  st.name.empty() ? std::string("the siege") : escape_text(st.name), st.log.size(),
                  st.log.size() == 1 ? "y" : "ies", st.now.scene, st.now.scene == 1 ? "" : "s", bytes, format,
                  escape_text(output));
  for (const auto& n : notes) text += "Note      " + escape_text(n) + "\n";
  return text;
}

}  // namespace siege::print
