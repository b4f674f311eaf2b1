// `siege list` and `siege show`: the tables.
#include <algorithm>

#include <fmt/format.h>

#include "front/command.hpp"
#include "print/json.hpp"
#include "print/render.hpp"
#include "siege/detail/json_writer.hpp"

namespace siege::cli {

namespace {

using siege::JsonWriter;

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
  w.key("crit");
  if (x.crit > 0) w.value(x.crit);
  else w.null();
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
  w.key("weapon");
  if (e.weapon.empty()) w.null();
  else w.value(e.weapon);
  w.field("notes", e.notes);
  w.field("carries_climbers", e.carries_climbers);
  w.end_object();
}

std::string join(const std::vector<std::string>& v) { return fmt::format("{}", fmt::join(v, ", ")); }

std::string crit_text(int crit) { return crit > 0 ? std::to_string(crit) : "-"; }

// A known id and what it is ("weapon", "another name for tower").
struct Named {
  std::string id;
  std::string what;
};

// " (did you mean curtain-wall?)", each near id once; for an id that several
// tables have, or another name, what it is: " (did you mean cannon? it is a
// weapon and an engine)". "" when none is near.
std::string did_you_mean(std::string_view wanted, const std::vector<Named>& known) {
  std::vector<std::string> ids;
  for (const auto& k : known)
    if (std::find(ids.begin(), ids.end(), k.id) == ids.end()) ids.push_back(k.id);
  const std::vector<std::string> near = siege::nearest(wanted, ids);
  if (near.empty()) return {};
  std::vector<std::string> said;  // "cannon is a weapon and an engine"
  for (const auto& n : near) {
    std::vector<std::string> whats;
    for (const auto& k : known)
      if (k.id == n) whats.push_back(k.what);
    if (whats.size() > 1 || whats[0].rfind("another", 0) == 0)
      said.push_back((near.size() == 1 ? std::string("it") : n) + " is " + fmt::format("{}", fmt::join(whats, " and ")));
  }
  std::string s = siege::did_you_mean(wanted, ids);  // " (did you mean a or b?)"
  if (!said.empty()) s.insert(s.size() - 1, " " + fmt::format("{}", fmt::join(said, "; ")));
  return s;
}

// The tables `list` prints (its declaration's choices).
constexpr std::string_view list_kinds[] = {"structures", "weapons", "charges", "engines"};


// `list TABLE`, `show ID`.
struct TableRequest {
  std::string name;
};

void list_inputs(Fields& f, TableRequest& r) {
  f.text({.key = "table", .help = "structures, weapons, charges or engines", .need = Need::required,
          .positional = true, .choices = list_kinds, .choice_id = "bad-table-name"},
         r.name);
}

void show_inputs(Fields& f, TableRequest& r) {
  f.text({.key = "id", .help = "A structure, weapon, charge or engine id", .need = Need::required,
          .positional = true},
         r.name);
}

void list_table(const TableRequest& r, Context& ctx) {
  const std::string* what = &r.name;
  {
    const Tables& t = ctx.tables();
    std::string json;
    JsonWriter w(json);
    std::vector<std::vector<std::string>> rows;
    w.begin_array();
    if (*what == "structures") {
      rows.push_back({"ID", "ARMOR", "HULL", "NAME", "TAGS"});
      for (const auto& s : t.structures) {
        write_entry(w, s);
        rows.push_back({s.id, std::to_string(s.armor), std::to_string(s.hull), s.name,
                        join(flag_names(s.tags, tag_names))});
      }
    } else if (*what == "weapons") {
      rows.push_back({"ID", "HULL", "PIERCE", "CRIT", "MOUNT", "NAME", "QUALITIES"});
      for (const auto& x : t.weapons) {
        write_entry(w, x);
        rows.push_back({x.id, std::to_string(x.hull_damage), std::to_string(x.pierce), crit_text(x.crit),
                        std::string(name_of(x.mount)), x.name, join(flag_names(x.qualities, quality_names))});
      }
    } else if (*what == "charges") {
      rows.push_back({"ID", "SIEGE", "HULL", "PREPARE", "NAME", "NOTES"});
      for (const auto& c : t.charges) {
        write_entry(w, c, t);
        std::vector<std::string> notes;
        if (c.blast) notes.emplace_back("blast");
        if (c.opens_doors) notes.emplace_back("opens doors and gates");
        rows.push_back({c.id, std::to_string(c.siege), std::to_string(t.siege_damage(c.siege)),
                        std::to_string(c.prepare), c.name, join(notes)});
      }
    } else if (*what == "engines") {
      rows.push_back({"ID", "ARMOR", "HULL", "WEAPON", "NAME", "TAGS"});
      for (const auto& e : t.engines) {
        write_entry(w, e);
        rows.push_back({e.id, std::to_string(e.armor), std::to_string(e.hull), e.weapon.empty() ? "-" : e.weapon,
                        e.name, join(flag_names(e.tags, tag_names))});
      }
    } else {
      fail_usage("bad-table-name", "list: unknown table '" + *what + "'" + siege::did_you_mean(*what, std::vector<std::string>(std::begin(list_kinds), std::end(list_kinds))) +
                                       " (expected structures, weapons, charges or engines)");
    }
    w.end_array();
    ctx.emit_table(json, rows);
  }
}

void show_entry(const TableRequest& r, Context& ctx) {
  const std::string* id = &r.name;
  {
    ctx.text_or_json_only("show");
    const Tables& t = ctx.tables();
    std::string json;
    JsonWriter w(json);
    std::string text;
    int found = 0;
    // An id may name several kinds (trebuchet is a weapon and an engine).
    w.begin_object().field("schema", schema_version).field("action", "show").field("id", *id);
    w.key("entries").begin_array();
    if (const auto* s = t.find_structure(*id)) {
      ++found;
      write_entry(w, *s);
      text += fmt::format("{} ({}): structure\n  Armor {}, Hull {}\n", escape_text(s->name), s->id, s->armor,
                          s->hull);
      for (const auto& v : s->variants)
        text += fmt::format("  With {}: Armor {}, Hull {} (R12)\n", v.id, v.armor, s->hull + v.hull_bonus);
      if (!s->aliases.empty()) text += fmt::format("  Also called: {}\n", escape_text(join(s->aliases)));
      if (s->tags) text += fmt::format("  Rules: {}\n", join(flag_names(s->tags, tag_names)));
      if (s->kick_opens)
        text +=
            fmt::format("  A kick opens it: {} {} check\n", capitalised(name_of(s->kick_opens->difficulty)),
                        escape_text(capitalised(s->kick_opens->skill)));
      text += fmt::format("  Breach ladder: cracked at {} suffered, breached at {}\n", (s->hull + 1) / 2, s->hull);
      if (!s->notes.empty()) text += "  " + escape_text(s->notes) + "\n";
    }
    if (const auto* x = t.find_weapon(*id)) {
      ++found;
      write_entry(w, *x);
      text += fmt::format("{} ({}): weapon\n  Hull damage {}, Pierce {}, Crit {}, {} mount\n",
                          escape_text(x->name), x->id, x->hull_damage, x->pierce, crit_text(x->crit),
                          name_of(x->mount));
      if (x->qualities) text += fmt::format("  Qualities: {}\n", join(flag_names(x->qualities, quality_names)));
      if (!x->notes.empty()) text += "  " + escape_text(x->notes) + "\n";
    }
    for (const auto& c : t.charges)
      if (c.id == *id) {
        ++found;
        write_entry(w, c, t);
        text += fmt::format("{} ({}): charge\n  Siege {} (Hull damage {}), Prepare {} maneuvers{}{}\n",
                            escape_text(c.name), c.id, c.siege, t.siege_damage(c.siege), c.prepare,
                            c.blast ? ", Blast" : "", c.opens_doors ? ", opens doors and gates (R18)" : "");
        if (!c.notes.empty()) text += "  " + escape_text(c.notes) + "\n";
      }
    for (const auto& e : t.engines)
      if (e.id == *id) {
        ++found;
        write_entry(w, e);
        text += fmt::format(
            "{} ({}): engine\n  Armor {}, Hull {}{}{}\n", escape_text(e.name), e.id, e.armor, e.hull,
            e.weapon.empty() ? std::string() : ", fires " + e.weapon,
            e.carries_climbers > 0
                ? fmt::format(", carries {} climbers a round onto the wall walk (R41)", e.carries_climbers)
                : std::string());
        if (e.tags) text += fmt::format("  Rules: {}\n", join(flag_names(e.tags, tag_names)));
        if (!e.notes.empty()) text += "  " + escape_text(e.notes) + "\n";
      }
    w.end_array();
    // Every outcome carries the trailer (INTERFACE.md); showing applies no rule.
    print::write_trailer(w, {}, {}, {});
    w.end_object();
    if (found == 0) {
      std::vector<Named> ids;
      for (const auto& s : t.structures) {
        ids.push_back({s.id, "a structure"});
        for (const auto& a : s.aliases) ids.push_back({a, "another name for " + s.id});
      }
      for (const auto& x : t.weapons) ids.push_back({x.id, "a weapon"});
      for (const auto& c : t.charges) ids.push_back({c.id, "a charge"});
      for (const auto& e : t.engines) ids.push_back({e.id, "an engine"});
      fail_usage("unknown-id", "show: unknown id '" + *id + "'" + did_you_mean(*id, ids));
    }
    ctx.emit(json, text);
  }
}

}  // namespace

Command list_command() {
  return plain_command<TableRequest, list_inputs, list_table>(
      "list", "List a table: structures, weapons, charges or engines", "siege list structures", true);
}

Command show_command() {
  return plain_command<TableRequest, show_inputs, show_entry>(
      "show", "Show one structure, weapon, charge or engine with all its rules notes", "siege show curtain-wall");
}

}  // namespace siege::cli
