// siege/description.hpp - the keys of a siege's description (docs/state.md),
// declared once.
//
// The description's reader (state_json.hpp) refuses any key these shapes do
// not list, and `siege init --schema` and docs/schema/description.schema.json
// are written from them: a key added here is read, documented in the schema
// and checked by it, or nowhere.
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "siege/army.hpp"
#include "siege/dice.hpp"
#include "siege/morale.hpp"
#include "siege/state.hpp"

namespace siege {

// What a key holds, as the schema writes it.
enum class KeyValue {
  text,        // a string (R42: printable text)
  integer,     // within [min, max]
  boolean,
  id,          // an id (is_id): a new one, or a row of the table `ids` names
  id_or_null,  // an id or null
  word,        // one of `words`
  object,      // the object of shape `shape`
  list,        // an array of objects of shape `shape`, at most `max` of them
  any_text,    // a string the program does not read (the editor's "$schema")
};

// The rows an id key names, when it names rows of a table.
enum class IdsOf { none, structures, engines, weapons };

struct DescriptionKey {
  std::string_view key;
  KeyValue value;
  std::string_view about;  // its description in the schema
  bool required = false;
  IdsOf ids = IdsOf::none;
  std::span<const std::string_view> words = {};  // KeyValue::word
  std::string_view shape = {};                   // KeyValue::object, KeyValue::list
  long long min = 0;
  long long max = -1;  // an integer's or a list's most; below min: no bound
};

struct DescriptionShape {
  std::string_view name;
  std::string_view about;
  std::span<const DescriptionKey> keys;
  // What the shape asks of its keys together, in JSON Schema's words (a
  // JSON object of keywords); the reader checks the same.
  std::string_view also = {};
};

namespace detail {

inline constexpr std::string_view unit_start_sides[] = {"besieger", "defender"};
inline constexpr std::string_view unit_start_orders[] = {"good", "shaken"};
inline constexpr std::string_view unit_start_places[] = {"outside", "within-walls"};
inline constexpr std::string_view modelled_variants[] = {"portcullis"};
inline constexpr std::string_view scene_lengths[] = {"day", "week"};

inline constexpr DescriptionKey root_keys[] = {
    {"$schema", KeyValue::any_text, "The JSON Schema an editor checks this file with; the program does not read it."},
    {"schema", KeyValue::integer, "The version of the description's format: 1.", false, IdsOf::none, {}, {},
     state_schema, state_schema},
    {"name", KeyValue::text, "The siege's name, shown by status and the chronicle."},
    {"scene_length", KeyValue::word, "How long one scene lasts (R30); day when left out.", false, IdsOf::none,
     scene_lengths},
    {"sections", KeyValue::list, "The sections of the castle's wall, in order round the castle.", true,
     IdsOf::none, {}, "section", 0, static_cast<long long>(max_sections)},
    {"besiegers", KeyValue::list, "The besiegers' engines.", false, IdsOf::none, {}, "engine", 0,
     static_cast<long long>(max_engines)},
    {"defenders", KeyValue::list, "The defenders' engines (R29: each aims at a besieger engine or the camp).",
     false, IdsOf::none, {}, "engine", 0, static_cast<long long>(max_engines)},
    {"camp", KeyValue::object, "The besiegers' camp, when it starts damaged.", false, IdsOf::none, {}, "camp"},
    {"units", KeyValue::list, "The troops of both sides.", false, IdsOf::none, {}, "unit", 0,
     static_cast<long long>(max_units)},
    {"armies", KeyValue::object, "Each side's army, when it is more than its units' figures.", false,
     IdsOf::none, {}, "armies"},
};

inline constexpr DescriptionKey section_keys[] = {
    {"id", KeyValue::id, "The section's id, unique among every id of the siege.", true},
    {"structure", KeyValue::id, "What it is built as: a row of structures.json (or an alias).", true,
     IdsOf::structures},
    {"variant", KeyValue::id_or_null, "A castle gate's portcullis (R12), or null.", false, IdsOf::none,
     modelled_variants},
    {"hull_suffered", KeyValue::integer,
     "Hull it has already lost (R4), from 0 to its Hull; the breach ladder follows from it.", false,
     IdsOf::none, {}, {}, 0},
    {"abatis", KeyValue::object, "Abatis built or under way at it (R26).", false, IdsOf::none, {}, "abatis"},
    {"mine", KeyValue::object, "A mine gallery under it (R19).", false, IdsOf::none, {}, "mine"},
};

inline constexpr DescriptionKey abatis_keys[] = {
    {"standing", KeyValue::boolean, "Whether the abatis stands.", true},
    {"progress", KeyValue::integer, "Turns of the work under way (building, or tearing down once it stands).",
     true, IdsOf::none, {}, {}, 0},
};

inline constexpr DescriptionKey mine_keys[] = {
    {"days_dug", KeyValue::integer, "Days the gallery has been dug (at most one a point of the listed Armor).",
     true, IdsOf::none, {}, {}, 0},
    {"detected", KeyValue::boolean, "Whether the defenders have found it.", true},
};

inline constexpr DescriptionKey engine_keys[] = {
    {"id", KeyValue::id, "The engine's id, unique among every id of the siege.", true},
    {"engine", KeyValue::id_or_null,
     "The engines.json row it is hit as (Armor and Hull), whose weapon it fires unless \"weapon\" says.", false,
     IdsOf::engines},
    {"weapon", KeyValue::id_or_null,
     "The weapons.json row it fires (not a personal weapon, R7); alone, the first engine firing it gives the row.",
     false, IdsOf::weapons},
    {"pool", KeyValue::integer, "Its crew's skill dice; 3 when left out.", false, IdsOf::none, {}, {}, 0, max_dice},
    {"target", KeyValue::id_or_null,
     "What it aims at (R29): a section for a besieger; a besieger engine or camp for a defender.", false},
    {"hull_suffered", KeyValue::integer, "Hull it has already lost, from 0 to its row's Hull.", false,
     IdsOf::none, {}, {}, 0},
    {"knocked_out", KeyValue::boolean, "Out of action from the start (true once its whole Hull is lost).", false},
};

inline constexpr DescriptionKey camp_keys[] = {
    {"hull_suffered", KeyValue::integer, "Hull the camp has already lost, from 0 to the camp row's Hull.", true,
     IdsOf::none, {}, {}, 0},
};

inline constexpr DescriptionKey unit_keys[] = {
    {"id", KeyValue::id, "The unit's id, unique among every id of the siege.", true},
    {"side", KeyValue::word, "Its side.", true, IdsOf::none, unit_start_sides},
    {"figures", KeyValue::integer, "Its figures (R33); a hero may leave it out, being one.", false, IdsOf::none,
     {}, {}, 1, max_figures},
    {"order", KeyValue::word, "The order it starts in; good when left out.", false, IdsOf::none,
     unit_start_orders},
    {"hero", KeyValue::boolean, "A hero: one figure that never fails a hold (R21).", false},
    {"where", KeyValue::word, "Where it starts: a besieger outside, a defender within the walls when left out.",
     false, IdsOf::none, unit_start_places},
};

inline constexpr DescriptionKey armies_keys[] = {
    {"besieger", KeyValue::object, "The besiegers' army.", false, IdsOf::none, {}, "besieger-army"},
    {"defender", KeyValue::object, "The defenders' army.", false, IdsOf::none, {}, "defender-army"},
};

inline constexpr DescriptionKey besieger_army_keys[] = {
    {"strength", KeyValue::integer, "Its figures in all (R25); its units' figures when left out.", false,
     IdsOf::none, {}, {}, 1, max_army},
};

inline constexpr DescriptionKey defender_army_keys[] = {
    {"strength", KeyValue::integer, "Its figures in all (R25); its units' figures when left out.", false,
     IdsOf::none, {}, {}, 1, max_army},
    {"in_castle", KeyValue::boolean, "Whether it holds a castle (R25: then it never checks army morale); true "
                                     "when left out.", false},
};

}  // namespace detail

// Every object a description holds, the whole description first.
inline constexpr DescriptionShape description_shapes[] = {
    {"description", "A siege to start: its castle, engines and troops.", detail::root_keys},
    {"section", "A section of the castle's wall.", detail::section_keys},
    {"abatis", "Abatis at a section (R26).", detail::abatis_keys},
    {"mine", "A mine gallery under a section (R19).", detail::mine_keys},
    {"engine", "An engine of war. Give \"engine\" or \"weapon\" or both.", detail::engine_keys,
     R"({"anyOf": [{"required": ["engine"]}, {"required": ["weapon"]}]})"},
    {"camp", "The besiegers' camp.", detail::camp_keys},
    {"unit", "A unit of troops.", detail::unit_keys,
     R"({"if": {"properties": {"hero": {"const": true}}, "required": ["hero"]},
         "then": {"properties": {"figures": {"const": 1}}}, "else": {"required": ["figures"]}})"},
    {"armies", "The armies of both sides.", detail::armies_keys},
    {"besieger-army", "The besiegers' army.", detail::besieger_army_keys},
    {"defender-army", "The defenders' army.", detail::defender_army_keys},
};

// The shape called `name` (a name of description_shapes).
[[nodiscard]] constexpr const DescriptionShape& description_shape(std::string_view name) {
  for (const auto& s : description_shapes)
    if (s.name == name) return s;
  throw Error(ErrorKind::internal, "internal", "no description shape called " + std::string(name));
}

// The keys of shape `name`, for Cursor::only_keys.
[[nodiscard]] inline std::vector<std::string_view> description_keys(std::string_view name) {
  std::vector<std::string_view> out;
  for (const auto& k : description_shape(name).keys) out.push_back(k.key);
  return out;
}

}  // namespace siege
