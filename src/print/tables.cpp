// print/tables.cpp - `list` and `show`, the entries of the tables, as JSON
// and as text (print/json.hpp, print/text.hpp): one file, as both print
// an entry's flags the same way.
#include <fmt/format.h>

#include "print/json.hpp"
#include "print/render.hpp"
#include "print/text.hpp"

namespace siege::print {

using cli::capitalised;
using cli::escape_text;

namespace {

template <std::size_t N>
std::vector<std::string> flag_names(std::uint32_t bits, const std::array<std::string_view, N>& names) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < N; ++i)
    if (bits & (1u << i)) out.emplace_back(names[i]);
  return out;
}

void write_entry(JsonWriter& w, const Structure& s) {
  w.begin_object();
  w.field("id", s.id).field("kind", "structure").field("name", s.name);
  w.field("armor", s.armor).field("hull", s.hull);
  w.string_array("tags", flag_names(s.tags, tag_names));
  w.string_array("aliases", s.aliases);
  w.key("variants").begin_array();
  for (const auto& v : s.variants)
    w.begin_object().field("id", v.id).field("armor", v.armor).field("hull_bonus", v.hull_bonus).end_object();
  w.end_array();
  if (s.kick_opens) {
    w.key("kick_opens").begin_object();
    w.field("skill", s.kick_opens->skill).field("difficulty", name_of(s.kick_opens->difficulty));
    w.end_object();
  }
  w.field("notes", s.notes);
  w.end_object();
}

void write_entry(JsonWriter& w, const Weapon& x) {
  w.begin_object();
  w.field("id", x.id).field("kind", "weapon").field("name", x.name);
  w.field("hull_damage", x.hull_damage).field("pierce", x.pierce);
  w.field_or_null("crit", x.crit > 0, x.crit);
  w.field("mount", name_of(x.mount));
  w.string_array("qualities", flag_names(x.qualities, quality_names));
  w.field("notes", x.notes);
  w.end_object();
}

void write_entry(JsonWriter& w, const Charge& c, const Tables& t) {
  w.begin_object();
  w.field("id", c.id).field("kind", "charge").field("name", c.name);
  w.field("siege", c.siege).field("hull_damage", t.siege_damage(c.siege)).field("prepare", c.prepare);
  w.field("blast", c.blast).field("opens_doors", c.opens_doors);
  w.field("notes", c.notes);
  w.end_object();
}

void write_entry(JsonWriter& w, const Engine& e) {
  w.begin_object();
  w.field("id", e.id).field("kind", "engine").field("name", e.name);
  w.field("armor", e.armor).field("hull", e.hull);
  w.string_array("tags", flag_names(e.tags, tag_names));
  w.field_or_null("weapon", !e.weapon.empty(), e.weapon);
  w.field("notes", e.notes);
  w.field("carries_climbers", e.carries_climbers);
  w.end_object();
}

std::string join(const std::vector<std::string>& v) { return fmt::format("{}", fmt::join(v, ", ")); }

std::string crit_text(int crit) { return crit > 0 ? std::to_string(crit) : "-"; }

}  // namespace

// ---------------------------------------------------------------- list

void write_table_list(JsonWriter& w, const Tables& t, std::string_view table) {
  w.begin_array();
  if (table == "structures") {
    for (const auto& s : t.structures) write_entry(w, s);
  } else if (table == "weapons") {
    for (const auto& x : t.weapons) write_entry(w, x);
  } else if (table == "charges") {
    for (const auto& c : t.charges) write_entry(w, c, t);
  } else if (table == "engines") {
    for (const auto& e : t.engines) write_entry(w, e);
  }
  w.end_array();
}

std::vector<std::vector<std::string>> table_list_rows(const Tables& t, std::string_view table) {
  std::vector<std::vector<std::string>> rows;
  if (table == "structures") {
    rows.push_back({"ID", "ARMOR", "HULL", "NAME", "TAGS"});
    for (const auto& s : t.structures) {
      rows.push_back({s.id, std::to_string(s.armor), std::to_string(s.hull), s.name,
                      join(flag_names(s.tags, tag_names))});
    }
  } else if (table == "weapons") {
    rows.push_back({"ID", "HULL", "PIERCE", "CRIT", "MOUNT", "NAME", "QUALITIES"});
    for (const auto& x : t.weapons) {
      rows.push_back({x.id, std::to_string(x.hull_damage), std::to_string(x.pierce), crit_text(x.crit),
                      std::string(name_of(x.mount)), x.name, join(flag_names(x.qualities, quality_names))});
    }
  } else if (table == "charges") {
    rows.push_back({"ID", "SIEGE", "HULL", "PREPARE", "NAME", "NOTES"});
    for (const auto& c : t.charges) {
      std::vector<std::string> notes;
      if (c.blast) notes.emplace_back("blast");
      if (c.opens_doors) notes.emplace_back("opens doors and gates");
      rows.push_back({c.id, std::to_string(c.siege), std::to_string(t.siege_damage(c.siege)),
                      std::to_string(c.prepare), c.name, join(notes)});
    }
  } else if (table == "engines") {
    rows.push_back({"ID", "ARMOR", "HULL", "WEAPON", "NAME", "TAGS"});
    for (const auto& e : t.engines) {
      rows.push_back({e.id, std::to_string(e.armor), std::to_string(e.hull),
                      e.weapon.empty() ? "-" : e.weapon, e.name, join(flag_names(e.tags, tag_names))});
    }
  }
  return rows;
}

// ---------------------------------------------------------------- show

void write_show(JsonWriter& w, const Tables& t, const std::string& id) {
  // An id may name several kinds (trebuchet is a weapon and an engine).
  w.begin_object().field("schema", schema_version).field("action", "show").field("id", id);
  w.key("entries").begin_array();
  if (const auto* s = t.find_structure(id)) write_entry(w, *s);
  if (const auto* x = t.find_weapon(id)) write_entry(w, *x);
  for (const auto& c : t.charges)
    if (c.id == id) write_entry(w, c, t);
  for (const auto& e : t.engines)
    if (e.id == id) write_entry(w, e);
  w.end_array();
  // Every outcome carries the trailer (INTERFACE.md); showing applies no rule.
  write_trailer(w, {}, {}, {});
  w.end_object();
}

std::string show_text(const Tables& t, const std::string& id) {
  std::string text;
  if (const auto* s = t.find_structure(id)) {
    text += fmt::format("{} ({}): structure\n  Armor {}, Hull {}\n", escape_text(s->name), s->id, s->armor,
                        s->hull);
    for (const auto& v : s->variants)
      text += fmt::format("  With {}: Armor {}, Hull {} (R12)\n", v.id, v.armor, s->hull + v.hull_bonus);
    if (!s->aliases.empty()) text += fmt::format("  Also called: {}\n", escape_text(join(s->aliases)));
    if (s->tags) text += fmt::format("  Rules: {}\n", join(flag_names(s->tags, tag_names)));
    if (s->kick_opens)
      text += fmt::format("  A kick opens it: {} {} check\n", capitalised(name_of(s->kick_opens->difficulty)),
                          escape_text(capitalised(s->kick_opens->skill)));
    text +=
        fmt::format("  Breach ladder: cracked at {} suffered, breached at {}\n", (s->hull + 1) / 2, s->hull);
    if (!s->notes.empty()) text += "  " + escape_text(s->notes) + "\n";
  }
  if (const auto* x = t.find_weapon(id)) {
    text +=
        fmt::format("{} ({}): weapon\n  Hull damage {}, Pierce {}, Crit {}, {} mount\n", escape_text(x->name),
                    x->id, x->hull_damage, x->pierce, crit_text(x->crit), name_of(x->mount));
    if (x->qualities) text += fmt::format("  Qualities: {}\n", join(flag_names(x->qualities, quality_names)));
    if (!x->notes.empty()) text += "  " + escape_text(x->notes) + "\n";
  }
  for (const auto& c : t.charges)
    if (c.id == id) {
      text += fmt::format("{} ({}): charge\n  Siege {} (Hull damage {}), Prepare {} maneuvers{}{}\n",
                          escape_text(c.name), c.id, c.siege, t.siege_damage(c.siege), c.prepare,
                          c.blast ? ", Blast" : "", c.opens_doors ? ", opens doors and gates (R18)" : "");
      if (!c.notes.empty()) text += "  " + escape_text(c.notes) + "\n";
    }
  for (const auto& e : t.engines)
    if (e.id == id) {
      text += fmt::format(
          "{} ({}): engine\n  Armor {}, Hull {}{}{}\n", escape_text(e.name), e.id, e.armor, e.hull,
          e.weapon.empty() ? std::string() : ", fires " + e.weapon,
          e.carries_climbers > 0
              ? fmt::format(", carries {} climbers a round onto the wall walk (R41)", e.carries_climbers)
              : std::string());
      if (e.tags) text += fmt::format("  Rules: {}\n", join(flag_names(e.tags, tag_names)));
      if (!e.notes.empty()) text += "  " + escape_text(e.notes) + "\n";
    }
  return text;
}

}  // namespace siege::print
