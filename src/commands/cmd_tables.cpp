// `siege list` and `siege show`: the tables.
#include <algorithm>

#include <fmt/format.h>

#include "commands/command.hpp"
#include "print/json.hpp"
#include "print/text.hpp"

namespace siege::cli {

namespace {

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
  if (!said.empty()) s.insert(s.size() - 1, fmt::format(" {}", fmt::join(said, "; ")));
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
  const Tables& t = ctx.tables();
  if (std::find(std::begin(list_kinds), std::end(list_kinds), *what) == std::end(list_kinds))
    fail_usage("bad-table-name",
               "list: unknown table '" + *what + "'" +
                   siege::did_you_mean(*what, std::vector<std::string>(std::begin(list_kinds), std::end(list_kinds))) +
                   " (expected structures, weapons, charges or engines)");
  ctx.emit_table(print::json_text(print::write_table_list, t, *what), print::table_list_rows(t, *what));
}

void show_entry(const TableRequest& r, Context& ctx) {
  const std::string* id = &r.name;
  ctx.text_or_json_only("show");
  const Tables& t = ctx.tables();
  const std::string text = print::show_text(t, *id);
  if (text.empty()) {  // no table has the id: each entry found has its lines
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
  ctx.emit(print::json_text(print::write_show, t, *id), text);
}

}  // namespace

namespace {

// What the references say of `list` (tools/gen-refs writes docs/siege.1, README.md,
// docs/state.md and the outcome schema from it).
CommandDoc list_doc() {
  return {
      .synopsis = "`siege list` *TABLE*",
      .about = R"doc(Print one of the tables as aligned columns (or as `--format` asks). *TABLE* is `structures`,
`weapons`, `charges` or `engines`. With `--json` the output is the array of entries, each with
its *kind* and every key of its table file.)doc",
      .inputs = R"doc(@table: The table to print; an unknown name suggests the nearest one.)doc",
      .example = R"doc(Example: the weapons for a spreadsheet.

    $ siege list weapons --format csv
    ID,HULL,PIERCE,CRIT,MOUNT,NAME,QUALITIES
    musket,1,0,2,personal,Musket,gunpowder
    falconet,2,1,2,light,Falconet,gunpowder
    ...
    cannon,6,1,3,heavy,Cannon,gunpowder)doc"};
}

}  // namespace

SIEGE_COMMAND(list) = plain_command<TableRequest, list_inputs, list_table>({
    .name = "list",
    .rank = 10,
    .summary = "List a table: structures, weapons, charges or engines",
    .example = "siege list structures",
    .tables = true,
    .doc = list_doc});

namespace {

// What the references say of `show` (tools/gen-refs writes docs/siege.1, README.md,
// docs/state.md and the outcome schema from it).
CommandDoc show_doc() {
  return {
      .synopsis = "`siege show` *ID*",
      .about = R"doc(Show one structure, weapon, charge or engine with all its rules notes: for a structure its Armor
and Hull, variants, aliases, rule tags and where it cracks and breaches. An id may name entries
of several kinds (trebuchet is a weapon and an engine); then all of them are shown.)doc",
      .inputs = R"doc(@id: A structure id or alias, weapon id, charge id or engine id. An unknown id suggests the nearest
ones.)doc",
      .example = R"doc(Example: the keep is the tower.

    $ siege show keep
    Stone tower or keep (tower): structure
      Armor 5, Hull 30
      Also called: keep
      Rules: vulnerable-to-guns
      Breach ladder: cracked at 15 suffered, breached at 30
      Tall masonry: 2 less Armor against gunpowder weapons of standard
        mount or larger.)doc",
      .outcome = R"json({
  "show_outcome": {
    "allOf": [{"$ref": "#/$defs/base"}],
    "properties": {
      "action": {"const": "show"},
      "id": {"$ref": "#/$defs/id"},
      "entries": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/entry"}}
    },
    "required": ["id", "entries"],
    "unevaluatedProperties": false
  }
})json"};
}

}  // namespace

SIEGE_COMMAND(show) = plain_command<TableRequest, show_inputs, show_entry>({
    .name = "show",
    .rank = 20,
    .summary = "Show one structure, weapon, charge or engine with all its rules notes",
    .example = "siege show curtain-wall",
    .doc = show_doc});

}  // namespace siege::cli
