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

SIEGE_COMMAND(list) = plain_command<TableRequest, list_inputs, list_table>({
    .name = "list",
    .rank = 10,
    .summary = "List a table: structures, weapons, charges or engines",
    .example = "siege list structures",
    .tables = true});

SIEGE_COMMAND(show) = plain_command<TableRequest, show_inputs, show_entry>({
    .name = "show",
    .rank = 20,
    .summary = "Show one structure, weapon, charge or engine with all its rules notes",
    .example = "siege show curtain-wall"});

}  // namespace siege::cli
