// print/description.cpp - the description's schema and starter file
// (print/description.hpp).
#include "print/description.hpp"

#include <nlohmann/json.hpp>

#include "siege/description.hpp"
#include "siege/detail/json_read.hpp"

namespace siege::print {

namespace {

using nlohmann::json;

// The $defs entry of the ids of a table's rows.
const char* ids_def(IdsOf ids) {
  switch (ids) {
    case IdsOf::structures: return "structure_id";
    case IdsOf::engines: return "engine_id";
    case IdsOf::weapons: return "weapon_id";
    case IdsOf::none: break;
  }
  return "id";
}

json ref(std::string_view def) { return {{"$ref", "#/$defs/" + std::string(def)}}; }

json words_of(std::span<const std::string_view> words) {
  json out = json::array();
  for (auto w : words) out.push_back(std::string(w));
  return out;
}

json value_schema(const DescriptionKey& k) {
  json v;
  switch (k.value) {
    case KeyValue::text: v = {{"type", "string"}, {"maxLength", 200}}; break;
    case KeyValue::any_text: v = {{"type", "string"}}; break;
    case KeyValue::integer:
      v = {{"type", "integer"}, {"minimum", k.min}};
      if (k.max >= k.min) v["maximum"] = k.max;
      break;
    case KeyValue::boolean: v = {{"type", "boolean"}}; break;
    case KeyValue::id: v = ref(ids_def(k.ids)); break;
    case KeyValue::id_or_null:
      if (!k.words.empty()) {
        v = {{"enum", words_of(k.words)}};
        v["enum"].push_back(nullptr);
      } else {
        v = {{"anyOf", json::array({ref(ids_def(k.ids)), {{"type", "null"}}})}};
      }
      break;
    case KeyValue::word: v = {{"enum", words_of(k.words)}}; break;
    case KeyValue::object: v = ref(k.shape); break;
    case KeyValue::list:
      v = {{"type", "array"}, {"items", ref(k.shape)}};
      if (k.max >= k.min) v["maxItems"] = k.max;
      break;
  }
  v["description"] = std::string(k.about);
  return v;
}

json shape_schema(const DescriptionShape& s) {
  json out = {{"type", "object"}, {"description", std::string(s.about)}};
  json props = json::object();
  json required = json::array();
  for (const auto& k : s.keys) {
    props[std::string(k.key)] = value_schema(k);
    if (k.required) required.push_back(std::string(k.key));
  }
  out["properties"] = props;
  if (!required.empty()) out["required"] = required;
  out["additionalProperties"] = false;
  if (!s.also.empty()) {
    const json also = json::parse(s.also);
    for (const auto& [key, value] : also.items()) out[key] = value;
  }
  return out;
}

template <typename Rows, typename Keep>
json ids_enum(const Rows& rows, std::string_view about, Keep&& keep) {
  json ids = json::array();
  for (const auto& r : rows)
    if (keep(r)) ids.push_back(r.id);
  return {{"description", std::string(about)}, {"enum", ids}};
}

}  // namespace

std::string description_schema(const Tables& t) {
  json defs = json::object();
  defs["id"] = {{"description", "An id: lower-case letters, digits and hyphens, not at either end, at most " +
                                    std::to_string(max_id_bytes) + " bytes."},
                {"type", "string"},
                {"pattern", "^[a-z0-9]([a-z0-9-]{0," + std::to_string(max_id_bytes - 2) + "}[a-z0-9])?$"}};
  json structures = ids_enum(t.structures, "A row of structures.json, or one of its aliases.",
                             [](const Structure&) { return true; });
  for (const auto& s : t.structures)
    for (const auto& a : s.aliases) structures["enum"].push_back(a);
  defs["structure_id"] = structures;
  defs["engine_id"] = ids_enum(t.engines, "A row of engines.json.", [](const Engine&) { return true; });
  defs["weapon_id"] = ids_enum(t.weapons, "A row of weapons.json that is not a personal weapon (R7).",
                               [](const Weapon& w) { return w.mount != Mount::personal; });
  for (const auto& s : description_shapes) defs[std::string(s.name)] = shape_schema(s);
  json out = {{"$schema", "https://json-schema.org/draft/2020-12/schema"},
              {"$id", std::string(description_schema_id)},
              {"title", "siege description"},
              {"description",
               "A siege to start with `siege init FILE --from DESCRIPTION` (docs/state.md). Written by `siege init "
               "--schema` from the program's declaration of the keys; the ids of the tables are those of the "
               "tables in use. What a schema cannot say (ids unique, targets that exist and suit the engine's "
               "side, Hull suffered within a row's Hull) init checks."},
              {"$ref", "#/$defs/description"},
              {"$defs", defs}};
  return out.dump(2) + "\n";
}

std::string description_template() {
  return std::string(R"json({
  "$schema": ")json")
      .append(description_schema_id)
      .append(R"json(",
  "schema": 1,
  "name": "The siege of Newtown",
  "scene_length": "week",
  "sections": [
    {"id": "gatehouse", "structure": "castle-gate", "variant": "portcullis"},
    {"id": "west-wall", "structure": "curtain-wall", "hull_suffered": 4},
    {"id": "river-tower", "structure": "tower", "abatis": {"standing": false, "progress": 0},
     "mine": {"days_dug": 0, "detected": false}}
  ],
  "besiegers": [
    {"id": "trebuchet", "engine": "trebuchet", "pool": 3, "target": "west-wall"},
    {"id": "gun-battery", "weapon": "cannon", "pool": 4, "target": "gatehouse"},
    {"id": "belfry", "engine": "siege-tower"}
  ],
  "defenders": [
    {"id": "wall-ballista", "weapon": "ballista", "target": "trebuchet"},
    {"id": "tower-mangonel", "engine": "mangonel", "target": "camp", "hull_suffered": 0, "knocked_out": false}
  ],
  "camp": {"hull_suffered": 0},
  "units": [
    {"id": "garrison", "side": "defender", "figures": 30},
    {"id": "castellan", "side": "defender", "hero": true},
    {"id": "storming-party", "side": "besieger", "figures": 30, "order": "good", "where": "outside"}
  ],
  "armies": {"besieger": {"strength": 120}, "defender": {"strength": 40, "in_castle": true}}
}
)json");
}

}  // namespace siege::print
