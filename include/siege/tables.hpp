// siege/tables.hpp - the rules tables as typed values.
//
// The core never reads files: tables come in as these values, built from the
// embedded defaults (src/, generated at build time) or from JSON
// (siege/tables_json.hpp). Lookups by id throw a usage error that suggests the
// nearest known ids.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "siege/detail/suggest.hpp"
#include "siege/dice.hpp"
#include "siege/error.hpp"

namespace siege {

// Mount order matters (R6, R8): personal < light < standard < heavy < capital.
enum class Mount { personal, light, standard, heavy, capital };
inline constexpr std::array<std::string_view, 5> mount_names{"personal", "light", "standard",
                                                             "heavy", "capital"};
[[nodiscard]] inline std::string_view name_of(Mount m) {
  return mount_names[static_cast<std::size_t>(m)];
}

// Rule notes of the Structures table, one bit each.
enum class Tag : std::uint32_t {
  burns = 1u << 0,
  vulnerable_to_guns = 1u << 1,
  heavy_cover = 1u << 2,
  blast_halved = 1u << 3,
  dug_not_knocked_down = 1u << 4,
  indirect_ignores_1 = 1u << 5,
  firing_slit = 1u << 6,
  heavy_weapons_only = 1u << 7,
  impassable_when_breached = 1u << 8,
  pier_counts_double = 1u << 9,
  opens_to_charge = 1u << 10,
};
inline constexpr std::array<std::string_view, 11> tag_names{
    "burns",          "vulnerable-to-guns",  "heavy-cover",        "blast-halved",
    "dug-not-knocked-down", "indirect-ignores-1", "firing-slit", "heavy-weapons-only",
    "impassable-when-breached", "pier-counts-double", "opens-to-charge"};

// Weapon qualities, one bit each.
enum class Quality : std::uint32_t { gunpowder = 1u << 0, indirect = 1u << 1, blast = 1u << 2 };
inline constexpr std::array<std::string_view, 3> quality_names{"gunpowder", "indirect", "blast"};

// Optional form of a structure, e.g. the castle gate with a portcullis (R12).
struct Variant {
  std::string id;
  int armor = 0;       // the variant's Armor replaces the listed one
  int hull_bonus = 0;  // added to the listed Hull
};

// A structure that a check opens without damage (interior door: a kick).
struct KickOpens {
  std::string skill;
  Difficulty difficulty = Difficulty::average;
};

struct Structure {
  std::string id;
  std::string name;
  int armor = 0;
  int hull = 1;
  std::uint32_t tags = 0;
  std::vector<std::string> aliases;
  std::vector<Variant> variants;
  std::optional<KickOpens> kick_opens;
  std::string notes;  // the table's note in our words, for `show`

  [[nodiscard]] bool has(Tag t) const noexcept { return (tags & static_cast<std::uint32_t>(t)) != 0; }
  [[nodiscard]] const Variant* variant(std::string_view v) const {
    for (const auto& x : variants)
      if (x.id == v) return &x;
    return nullptr;
  }
};

struct Weapon {
  std::string id;
  std::string name;
  int hull_damage = 0;
  int pierce = 0;
  int crit = 0;  // Boons per +2 Hull bundle; 0 means the weapon has no Crit
  Mount mount = Mount::standard;
  std::uint32_t qualities = 0;
  std::string notes;

  [[nodiscard]] bool has(Quality q) const noexcept {
    return (qualities & static_cast<std::uint32_t>(q)) != 0;
  }
  friend bool operator==(const Weapon&, const Weapon&) = default;
};

struct Charge {
  std::string id;
  std::string name;
  int siege = 1;    // Siege rating, looked up in the siege-rating table
  int prepare = 1;  // maneuvers to set it
  bool blast = false;
  bool opens_doors = false;  // petard, breaching charge (R18)
  std::string notes;
};

// A siege engine or vehicle as a target, with the weapon it fires if any.
struct Engine {
  std::string id;
  std::string name;
  int armor = 0;
  int hull = 1;
  std::uint32_t tags = 0;  // Tag bits (burns)
  std::string weapon;      // weapon id, empty when it does not shoot
  std::string notes;
  // R41: climbers a round its bridge puts on the wall walk (a siege tower);
  // 0 for an engine that carries none.
  int carries_climbers = 0;

  [[nodiscard]] bool has(Tag t) const noexcept { return (tags & static_cast<std::uint32_t>(t)) != 0; }
};

// Siege rating -> Hull damage (the demolition table).
struct SiegeRatingRow {
  int rating = 0;
  int hull_damage = 0;
};

// A fraction num/den, e.g. Rough Terrain speed 1/2.
struct Ratio {
  int numerator = 1;
  int denominator = 1;
  friend bool operator==(const Ratio&, const Ratio&) = default;
};

// Numbers of the troop rules (troops.json).
struct TroopsTable {
  Ratio rough_terrain{1, 2};  // speed through a breach (R15), rounded down
  int rout_move_inches = 4;   // the move of a rout within walls (R24)
  int abatis_turns = 3;       // turns to build or tear down abatis (R26)
};

struct Tables {
  std::vector<Structure> structures;
  std::vector<Weapon> weapons;
  std::vector<Charge> charges;
  std::vector<Engine> engines;
  std::vector<SiegeRatingRow> siege_rating;
  DiceTable dice;
  TroopsTable troops;

  [[nodiscard]] const Structure& structure(std::string_view id) const;
  [[nodiscard]] const Weapon& weapon(std::string_view id) const;
  [[nodiscard]] const Charge& charge(std::string_view id) const;
  [[nodiscard]] const Engine& engine(std::string_view id) const;
  [[nodiscard]] const Weapon* find_weapon(std::string_view id) const noexcept;
  [[nodiscard]] const Structure* find_structure(std::string_view id) const noexcept;
  // Hull damage of a Siege rating; a usage error when the table lacks it.
  [[nodiscard]] int siege_damage(int rating) const;
};

namespace detail {
template <typename T>
[[nodiscard]] std::vector<std::string> ids_of(const std::vector<T>& rows) {
  std::vector<std::string> ids;
  ids.reserve(rows.size());
  for (const auto& r : rows) ids.push_back(r.id);
  return ids;
}

template <typename T>
[[noreturn]] void unknown_id(std::string_view what, std::string_view id,
                             const std::vector<T>& rows, std::vector<std::string> extra = {}) {
  auto ids = ids_of(rows);
  ids.insert(ids.end(), extra.begin(), extra.end());
  fail_usage("unknown-id", "unknown " + std::string(what) + " '" + std::string(id) + "'" +
                               did_you_mean(id, ids) + "; see '" +
                               command_words({"list", std::string(what) + "s"}) + "'");
}

template <typename T>
[[nodiscard]] const T* find_by_id(const std::vector<T>& rows, std::string_view id) noexcept {
  for (const auto& r : rows)
    if (r.id == id) return &r;
  return nullptr;
}
}  // namespace detail

inline const Structure* Tables::find_structure(std::string_view id) const noexcept {
  for (const auto& s : structures) {
    if (s.id == id) return &s;
    for (const auto& a : s.aliases)
      if (a == id) return &s;
  }
  return nullptr;
}

inline const Structure& Tables::structure(std::string_view id) const {
  if (const auto* s = find_structure(id)) return *s;
  std::vector<std::string> aliases;
  for (const auto& s : structures) aliases.insert(aliases.end(), s.aliases.begin(), s.aliases.end());
  detail::unknown_id("structure", id, structures, aliases);
}

inline const Weapon* Tables::find_weapon(std::string_view id) const noexcept {
  return detail::find_by_id(weapons, id);
}

inline const Weapon& Tables::weapon(std::string_view id) const {
  if (const auto* w = find_weapon(id)) return *w;
  detail::unknown_id("weapon", id, weapons);
}

inline const Charge& Tables::charge(std::string_view id) const {
  if (const auto* c = detail::find_by_id(charges, id)) return *c;
  detail::unknown_id("charge", id, charges);
}

inline const Engine& Tables::engine(std::string_view id) const {
  if (const auto* e = detail::find_by_id(engines, id)) return *e;
  detail::unknown_id("engine", id, engines);
}

inline int Tables::siege_damage(int rating) const {
  for (const auto& r : siege_rating)
    if (r.rating == rating) return r.hull_damage;
  fail_usage("unknown-siege-rating",
             "no row for Siege rating " + std::to_string(rating) + " in the siege-rating table");
}

}  // namespace siege
