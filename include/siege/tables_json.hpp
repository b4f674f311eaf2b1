// siege/tables_json.hpp - loading and validating the JSON tables.
//
// One function per table file. Each merges the file's entries into a Tables
// value: an entry whose id is already present replaces it, a new id is
// appended (that is how `--data DIR` overrides the built-in tables). Every
// value is checked, and so is every reference to another row (an alias, an
// engine's weapon, a charge's Siege rating); a bad file is a data error
// (exit 3) naming the file and the JSON pointer into that file, or the line
// and column of a syntax error. Merging takes time linear in the rows (ids
// are found through a hash index).
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "siege/detail/json_read.hpp"
#include "siege/dice_expr.hpp"
#include "siege/tables.hpp"

namespace siege {

// The table files, in the order they must be merged: a row is checked
// against the tables merged before it (an engine's weapon, a charge's Siege
// rating), and a later file only adds or replaces rows, so what was found
// stays found.
inline constexpr std::array<std::string_view, 7> table_files{
    "structures.json", "weapons.json", "siege-rating.json", "charges.json", "engines.json",
    "dice.json", "troops.json"};

namespace detail {

inline constexpr int max_stat = 1000;

template <typename Bits, std::size_t N>
[[nodiscard]] std::uint32_t read_flags(const Cursor& c, const std::array<std::string_view, N>& names,
                                       const char* what) {
  c.expect_array();
  std::uint32_t bits = 0;
  for (std::size_t i = 0; i < c.value().size(); ++i) {
    const auto item = c.at(i);
    const auto s = item.string();
    std::size_t k = 0;
    while (k < N && names[k] != s) ++k;
    if (k == N) {
      std::vector<std::string> known(names.begin(), names.end());
      item.fail("unknown " + std::string(what) + " '" + s + "'" + did_you_mean(s, known));
    }
    bits |= 1u << k;
  }
  return bits;
}

// Merges the rows of one file into a table by id, in constant time a row.
template <typename T>
class Upsert {
 public:
  explicit Upsert(std::vector<T>& rows) : rows_(&rows) {
    places_.reserve(rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i) places_.try_emplace(rows[i].id, Place{i, false});
  }

  // Replaces the row with row.id, or appends it; returns its index in the
  // table. A second row of the same id in this file is refused at `at`.
  std::size_t put(T row, const Cursor& at) {
    const auto [it, added] = places_.try_emplace(row.id, Place{rows_->size(), true});
    if (added) {
      rows_->push_back(std::move(row));
    } else {
      if (it->second.from_file) at.fail("duplicate id '" + row.id + "' in this file");
      it->second.from_file = true;
      (*rows_)[it->second.index] = std::move(row);
    }
    return it->second.index;
  }

 private:
  struct Place {
    std::size_t index;
    bool from_file;  // set by this file (a second row of the id is a duplicate)
  };
  std::vector<T>* rows_;
  std::unordered_map<std::string, Place> places_;
};

template <typename F>
void each_entry(const Cursor& root, F&& f) {
  root.expect_array();
  for (std::size_t i = 0; i < root.value().size(); ++i) {
    const auto c = root.at(i);
    c.expect_object();
    f(c);
  }
}

[[nodiscard]] inline std::string opt_string(const Cursor& c, const char* key) {
  return c.has(key) ? c.at(key).string(400) : std::string();
}

// Every id and alias of the merged structures names one structure. Rows of
// this file are checked against the others and each other and reported at
// their place in the file; `file_rows` holds, for each row of the file in
// order, its index in t.structures.
inline void check_structure_names(const Tables& t, const Cursor& root, const std::vector<std::size_t>& file_rows) {
  struct Owner {
    std::size_t row;
    bool alias;
  };
  std::unordered_map<std::string_view, Owner> names;
  names.reserve(t.structures.size());
  std::vector<bool> from_file(t.structures.size(), false);
  for (const std::size_t row : file_rows) from_file[row] = true;
  for (std::size_t row = 0; row < t.structures.size(); ++row) {
    if (from_file[row]) continue;
    const auto& s = t.structures[row];
    names.try_emplace(s.id, Owner{row, false});
    for (const auto& a : s.aliases) names.try_emplace(a, Owner{row, true});
  }
  auto claim = [&](const std::string& name, std::size_t row, bool alias, const Cursor& at, const std::string& what) {
    const auto [it, added] = names.try_emplace(name, Owner{row, alias});
    if (added) return;
    const auto& owner = t.structures[it->second.row];
    at.fail(what + " is already " + (it->second.alias ? "an alias" : "the id") + " of '" + owner.id + "'");
  };
  for (std::size_t i = 0; i < file_rows.size(); ++i) {
    const auto& s = t.structures[file_rows[i]];
    const auto entry = root.at(i);
    claim(s.id, file_rows[i], false, entry.at("id"), "id '" + s.id + "'");
    for (std::size_t j = 0; j < s.aliases.size(); ++j)
      claim(s.aliases[j], file_rows[i], true, entry.at("aliases").at(j),
            "alias '" + s.aliases[j] + "' of '" + s.id + "'");
  }
}

}  // namespace detail

inline void merge_structures(Tables& t, const detail::Cursor& root) {
  using namespace detail;
  Upsert<Structure> rows(t.structures);
  std::vector<std::size_t> file_rows;
  each_entry(root, [&](const Cursor& c) {
    c.only_keys({"id", "name", "armor", "hull", "tags", "aliases", "variants", "kick_opens", "notes"});
    Structure s;
    s.id = c.at("id").id();
    s.name = c.at("name").string();
    s.armor = c.at("armor").int_in(0, max_stat);
    s.hull = c.at("hull").int_in(1, max_stat);
    if (c.has("tags")) s.tags = read_flags<Tag>(c.at("tags"), tag_names, "tag");
    if (c.has("aliases")) {
      const auto a = c.at("aliases");
      a.expect_array();
      for (std::size_t i = 0; i < a.value().size(); ++i) s.aliases.push_back(a.at(i).id());
    }
    if (c.has("variants")) {
      const auto vs = c.at("variants");
      each_entry(vs, [&](const Cursor& v) {
        v.only_keys({"id", "armor", "hull_bonus"});
        const std::string id = v.at("id").id();
        for (const auto& seen : s.variants)
          if (seen.id == id) v.at("id").fail("duplicate variant id '" + id + "' of " + s.id);
        s.variants.push_back({id, v.at("armor").int_in(0, max_stat), v.at("hull_bonus").int_in(0, max_stat)});
      });
    }
    if (c.has("kick_opens")) {
      const auto k = c.at("kick_opens");
      k.expect_object();
      k.only_keys({"skill", "difficulty"});
      const auto d = k.at("difficulty");
      const auto ds = d.string();
      Difficulty diff{};
      try {
        diff = parse_difficulty(ds);
      } catch (const Error& e) {
        d.fail(e.what());
      }
      s.kick_opens = KickOpens{k.at("skill").string(), diff};
    }
    s.notes = opt_string(c, "notes");
    file_rows.push_back(rows.put(std::move(s), c));
  });
  check_structure_names(t, root, file_rows);
}

[[nodiscard]] inline Mount parse_mount(std::string_view s) {
  for (std::size_t i = 0; i < mount_names.size(); ++i)
    if (mount_names[i] == s) return static_cast<Mount>(i);
  fail_usage("bad-mount", "unknown mount '" + std::string(s) +
                              "' (expected personal, light, standard, heavy or capital)");
}

inline void merge_weapons(Tables& t, const detail::Cursor& root) {
  using namespace detail;
  Upsert<Weapon> rows(t.weapons);
  each_entry(root, [&](const Cursor& c) {
    c.only_keys({"id", "name", "hull_damage", "pierce", "crit", "mount", "qualities", "notes"});
    Weapon w;
    w.id = c.at("id").id();
    w.name = c.at("name").string();
    w.hull_damage = c.at("hull_damage").int_in(0, max_stat);
    w.pierce = c.at("pierce").int_in(0, max_stat);
    if (c.has("crit") && !c.at("crit").value().is_null()) w.crit = c.at("crit").int_in(1, max_stat);
    const auto m = c.at("mount");
    try {
      w.mount = parse_mount(m.string());
    } catch (const Error& e) {
      m.fail(e.what());
    }
    if (c.has("qualities")) w.qualities = read_flags<Quality>(c.at("qualities"), quality_names, "quality");
    w.notes = opt_string(c, "notes");
    (void)rows.put(std::move(w), c);
  });
}

// A charge's Siege rating must have a row in the siege-rating table
// (merged before this file), or demolish could not use it.
inline void merge_charges(Tables& t, const detail::Cursor& root) {
  using namespace detail;
  Upsert<Charge> rows(t.charges);
  each_entry(root, [&](const Cursor& c) {
    c.only_keys({"id", "name", "siege", "prepare", "blast", "opens_doors", "notes"});
    Charge ch;
    ch.id = c.at("id").id();
    ch.name = c.at("name").string();
    const auto rating = c.at("siege");
    ch.siege = rating.int_in(1, 100);
    // At most 100 rows (ratings 1 to 100, no two alike): a bounded search.
    bool rated = false;
    for (const auto& r : t.siege_rating) rated = rated || r.rating == ch.siege;
    if (!rated)
      rating.fail("no row for Siege rating " + std::to_string(ch.siege) + " in the siege-rating table");
    ch.prepare = c.at("prepare").int_in(0, 100);
    if (c.has("blast")) ch.blast = c.at("blast").boolean();
    if (c.has("opens_doors")) ch.opens_doors = c.at("opens_doors").boolean();
    ch.notes = opt_string(c, "notes");
    (void)rows.put(std::move(ch), c);
  });
}

// An engine's weapon must be in the weapons table (merged before this file).
inline void merge_engines(Tables& t, const detail::Cursor& root) {
  using namespace detail;
  std::unordered_set<std::string_view> weapons;
  weapons.reserve(t.weapons.size());
  for (const auto& w : t.weapons) weapons.insert(w.id);
  Upsert<Engine> rows(t.engines);
  each_entry(root, [&](const Cursor& c) {
    c.only_keys({"id", "name", "armor", "hull", "tags", "weapon", "notes", "carries_climbers"});
    Engine e;
    e.id = c.at("id").id();
    e.name = c.at("name").string();
    e.armor = c.at("armor").int_in(0, max_stat);
    e.hull = c.at("hull").int_in(1, max_stat);
    if (c.has("tags")) e.tags = read_flags<Tag>(c.at("tags"), tag_names, "tag");
    if (c.has("weapon")) {
      const auto weapon = c.at("weapon");
      e.weapon = weapon.id();
      if (weapons.count(e.weapon) == 0) weapon.fail("unknown weapon '" + e.weapon + "'");
    }
    e.notes = opt_string(c, "notes");
    if (c.has("carries_climbers")) e.carries_climbers = c.at("carries_climbers").int_in(0, max_stat);  // R41
    (void)rows.put(std::move(e), c);
  });
}

inline void merge_siege_rating(Tables& t, const detail::Cursor& root) {
  using namespace detail;
  std::vector<int> seen;
  each_entry(root, [&](const Cursor& c) {
    c.only_keys({"rating", "hull_damage"});
    SiegeRatingRow r{c.at("rating").int_in(1, 100), c.at("hull_damage").int_in(0, max_stat)};
    for (int s : seen)
      if (s == r.rating) c.fail("duplicate rating " + std::to_string(r.rating) + " in this file");
    seen.push_back(r.rating);
    bool replaced = false;
    for (auto& row : t.siege_rating)
      if (row.rating == r.rating) {
        row = r;
        replaced = true;
      }
    if (!replaced) t.siege_rating.push_back(r);
  });
}

inline void merge_dice(Tables& t, const detail::Cursor& root) {
  using namespace detail;
  root.expect_object();
  root.only_keys({"faces", "difficulty_dice", "morale", "notes"});
  if (root.has("faces")) {
    const auto faces = root.at("faces");
    faces.expect_object();
    faces.only_keys({"skill", "difficulty", "bane", "boon"});
    for (std::size_t k = 0; k < die_kind_names.size(); ++k) {
      const std::string key(die_kind_names[k]);
      if (!faces.has(key.c_str())) continue;
      const auto list = faces.at(key.c_str());
      list.expect_array();
      if (list.value().empty() || list.value().size() > 100)
        list.fail("expected from 1 to 100 faces");
      std::vector<Face> out;
      for (std::size_t i = 0; i < list.value().size(); ++i) {
        const auto face = list.at(i);
        face.expect_array();
        if (face.value().size() > 10) face.fail("expected at most 10 symbols on a face");
        Face f;
        for (std::size_t j = 0; j < face.value().size(); ++j) {
          const auto sym = face.at(j);
          const auto s = sym.string();
          if (s == "success") ++f.success;
          else if (s == "failure") ++f.failure;
          else if (s == "boon") ++f.boon;
          else if (s == "bane") ++f.bane;
          else sym.fail("unknown symbol '" + s + "' (expected success, failure, boon or bane)");
        }
        out.push_back(f);
      }
      t.dice.faces[k] = std::move(out);
    }
  }
  if (root.has("difficulty_dice")) {
    const auto d = root.at("difficulty_dice");
    d.expect_object();
    d.only_keys({"easy", "average", "hard", "daunting"});
    for (std::size_t k = 0; k < difficulty_names.size(); ++k) {
      const std::string key(difficulty_names[k]);
      if (d.has(key.c_str())) t.dice.difficulty_dice[k] = d.at(key.c_str()).int_in(0, max_dice);
    }
  }
  if (root.has("morale")) {
    // R28: the morale expression must parse, or the table is refused.
    const auto m = root.at("morale");
    auto expr = m.string(32);
    try {
      (void)parse_dice_expr(expr);
    } catch (const Error& e) {
      m.fail(e.what());
    }
    t.dice.morale = std::move(expr);
  }
}

// troops.json: every key optional (a --data file may change one number).
inline void merge_troops(Tables& t, const detail::Cursor& root) {
  root.expect_object();
  root.only_keys({"rough_terrain", "rout_move_inches", "abatis_turns", "notes"});
  if (root.has("rough_terrain")) {
    const auto r = root.at("rough_terrain");
    r.expect_object();
    r.only_keys({"numerator", "denominator"});
    const int den = r.at("denominator").int_in(1, 100);
    const auto num = r.at("numerator");
    // A speed factor above one would make rubble faster than open ground.
    t.troops.rough_terrain = Ratio{num.int_in(1, den), den};
  }
  if (root.has("rout_move_inches")) t.troops.rout_move_inches = root.at("rout_move_inches").int_in(1, 100);
  if (root.has("abatis_turns")) t.troops.abatis_turns = root.at("abatis_turns").int_in(1, 100);
  if (root.has("notes")) (void)root.at("notes").string(400);
}

// Checks what no file can, once all are merged: every die kind has faces
// (tables built up from nothing, as tools/tablegen does, need dice.json).
// The references between rows are checked as each file is merged.
inline void validate_tables(const Tables& t, const std::string& where) {
  for (std::size_t k = 0; k < t.dice.faces.size(); ++k)
    if (t.dice.faces[k].empty())
      fail_data("bad-table", where + "dice.json:/faces/" + std::string(die_kind_names[k]) +
                                 ": no faces for this die");
}

// Merges one table file, given its text; `name` is the file name that picks
// the table (one of table_files) and `shown` the name used in messages.
inline void merge_table_text(Tables& t, std::string_view name, std::string_view text,
                             const std::string& shown) {
  const detail::JsonSource src{shown, ErrorKind::data};
  const auto doc = detail::parse_strict(text, src);
  const detail::Cursor root(doc, src, "");
  if (name == "structures.json") merge_structures(t, root);
  else if (name == "weapons.json") merge_weapons(t, root);
  else if (name == "charges.json") merge_charges(t, root);
  else if (name == "engines.json") merge_engines(t, root);
  else if (name == "siege-rating.json") merge_siege_rating(t, root);
  else if (name == "dice.json") merge_dice(t, root);
  else if (name == "troops.json") merge_troops(t, root);
  else fail_data("bad-table", shown + ": not a table file name");
}

}  // namespace siege
