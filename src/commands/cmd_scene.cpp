// `siege scene`: one scene of a siege in an evening (E1-E4).
#include <fmt/format.h>

#include "commands/cmd_state.hpp"
#include "commands/command.hpp"
#include "print/json.hpp"
#include "print/render.hpp"
#include "print/text.hpp"

namespace siege::cli {

ActionResult scene_action(const NoInputs&, Context& ctx, SiegeState* st) {
  SceneOutcome o = play_scene(st->now, st->scene_length, ctx.tables(), ctx.seed());
  spell_notes(o.notes);
  for (auto& e : o.idle) e.command = spelled(e.command, front_end_spelling());
  nlohmann::json attacks = nlohmann::json::array();
  for (const auto& a : o.attacks) {
    nlohmann::json x = {{"engine", a.engine},
                        {"target", a.target},
                        {"seed", a.seed},
                        {"hit", a.hit()},
                        {"damage", a.damage()},
                        {"hull", {{"before", a.hull().before}, {"after", a.hull().after}}}};
    if (a.on_section)
      x["state"] = {{"before", name_of(a.on_section->before)}, {"after", name_of(a.on_section->after)}};
    else
      x["knocked_out"] = a.on_engine->knocked_out;
    attacks.push_back(std::move(x));
  }
  ActionResult out;
  out.json = print::json_text(print::write_scene, o);
  if (ctx.wants_text()) out.text = print::scene_text(o, st->now, ctx.tables());
  out.summary = {{"scene", o.scene}, {"attacks", attacks}, {"breached", o.breached}, {"knocked_out", o.knocked_out}};
  return out;
}

namespace {

// What the references say of `scene` (tools/gen-refs writes docs/siege.1, README.md,
// docs/state.md and the outcome schema from it).
CommandDoc scene_doc() {
  return {
      .synopsis = "`siege --state` *FILE* `scene`",
      .about = R"doc(Play one scene of a siege in an evening: every besieger engine that can, attacks its target,
then every defender engine; the scene is one log entry. Sections breached call for the assault,
and each scene ends with a prompt for the characters' own scene. Takes no options of its own;
give `--seed` to repeat a scene.)doc",
      .example = R"doc(Example:

    $ siege --state siege.json --seed 7 scene
    Scene     1 of a siege in an evening (one week), seed 7
    Besiegers
      great-bombard  -> north-wall   4 net Successes, 3 net Boons: 10
                     damage, Hull 0 -> 10 of 20, intact -> cracked  (seed
                     3344595609062871)
      battery-cannon -> north-wall   0 net Successes, 1 net Boons: miss
                                     (seed 3444597933762076)
    ...
    Log       entry 1 written to siege.json)doc",
      .with_state = "every engine shoots; needs a state",
      .outcome = R"json({
  "scene_outcome": {
    "description": "One scene of a siege in an evening: every engine's attack.",
    "allOf": [{"$ref": "#/$defs/base"}, {"$ref": "#/$defs/logged"}],
    "properties": {
      "action": {"const": "scene"},
      "scene": {"type": "integer", "minimum": 1},
      "scene_length": {"enum": ["day", "week"]},
      "seed": {"$ref": "#/$defs/seed_or_null"},
      "attacks": {
        "type": "array",
        "items": {
          "type": "object",
          "properties": {
            "engine": {"$ref": "#/$defs/id"},
            "side": {"enum": ["besieger", "defender"]},
            "target": {"$ref": "#/$defs/id"},
            "target_kind": {"enum": ["section", "engine", "camp"]},
            "seed": {"$ref": "#/$defs/seed"},
            "outcome": {"oneOf": [{"$ref": "#/$defs/attack_outcome"}, {"$ref": "#/$defs/engine_hit"}]}
          },
          "required": ["engine", "side", "target", "target_kind", "seed", "outcome"],
          "additionalProperties": false
        }
      },
      "sections": {
        "type": "array",
        "items": {
          "type": "object",
          "properties": {
            "id": {"$ref": "#/$defs/id"},
            "hull": {"$ref": "#/$defs/hull_now"},
            "state": {"$ref": "#/$defs/breach_state"}
          },
          "required": ["id", "hull", "state"],
          "additionalProperties": false
        }
      },
      "knocked_out": {"type": "array", "items": {"$ref": "#/$defs/id"}},
      "breached": {"type": "array", "items": {"$ref": "#/$defs/id"}},
      "open_breaches": {"type": "array", "items": {"$ref": "#/$defs/id"}},
      "idle": {
        "description": "R29: engines in action that had nothing to shoot, with the command that re-aims each",
        "type": "array",
        "items": {
          "type": "object",
          "properties": {
            "engine": {"$ref": "#/$defs/id"},
            "target": {"oneOf": [{"$ref": "#/$defs/id"}, {"type": "null"}]},
            "reason": {
              "enum": [
                "no-target",
                "own-wall",
                "target-breached",
                "target-knocked-out",
                "camp-wrecked",
                "target-gone"
              ]
            },
            "command": {"type": "string"}
          },
          "required": ["engine", "target", "reason", "command"],
          "additionalProperties": false
        }
      }
    },
    "required": [
      "scene",
      "scene_length",
      "seed",
      "attacks",
      "sections",
      "knocked_out",
      "breached",
      "open_breaches",
      "idle"
    ],
    "unevaluatedProperties": false
  },
  "engine_hit": {
    "description": "In a scene: an attack on an engine or the camp (its engines.json row gives Armor and Hull).",
    "allOf": [{"$ref": "#/$defs/base"}],
    "properties": {
      "action": {"const": "attack"},
      "target": {"$ref": "#/$defs/id"},
      "engine_row": {"$ref": "#/$defs/id"},
      "weapon": {"$ref": "#/$defs/id"},
      "seed": {"$ref": "#/$defs/seed"},
      "weapon_stats": {"$ref": "#/$defs/weapon_stats"},
      "check": {"$ref": "#/$defs/check"},
      "armor": {"$ref": "#/$defs/armor"},
      "hit": {"type": "boolean"},
      "crit_bundles": {"$ref": "#/$defs/count"},
      "damage": {"$ref": "#/$defs/count"},
      "overkill": {"$ref": "#/$defs/count"},
      "hull": {"$ref": "#/$defs/hull"},
      "knocked_out": {"type": "boolean"}
    },
    "required": [
      "target",
      "engine_row",
      "weapon",
      "seed",
      "weapon_stats",
      "check",
      "armor",
      "hit",
      "crit_bundles",
      "damage",
      "overkill",
      "hull",
      "knocked_out"
    ],
    "unevaluatedProperties": false
  }
})json"};
}

}  // namespace

SIEGE_COMMAND(scene) = action_command<NoInputs, no_inputs, scene_action, print::describe_scene>({
    .name = "scene",
    .rank = 280,
    .summary = "Play one scene of a siege in an evening (with --state)",
    .example = "siege --state siege.json scene --seed 7",
    .needs_state = true,
    .doc = scene_doc});

}  // namespace siege::cli
