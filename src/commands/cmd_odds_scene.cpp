// `siege --state FILE odds scene`: the exact chance that each section of the
// siege is breached by the end of each coming scene (siege/odds_scene.hpp).
// It only reads the state file: no lock, nothing written, nothing logged.
#include "commands/actions.hpp"
#include "commands/cmd_odds.hpp"
#include "commands/command.hpp"
#include "print/odds.hpp"
#include "siege/odds_scene.hpp"
#include "state/state_file.hpp"

namespace siege::cli {

namespace {

struct SceneOddsRequest {
  Given<int> scenes = evening_scenes;
};

void scene_odds_inputs(Fields& f, SceneOddsRequest& r) {
  f.number({"scenes", "Coming scenes to look at"}, r.scenes, 1, odds::max_scenes_ahead);
}

void odds_of_scene(const SceneOddsRequest& r, Context& ctx) {
  require_state(ctx, "odds scene");
  StateFile file(ctx.globals.state_file, StateFile::Access::read);
  const SiegeState st = load_state(file, ctx);
  const odds::SceneOdds o = odds::scene_odds(st.now, ctx.tables(), *r.scenes);
  ctx.emit(print::json_text(print::write_scene_odds, o, st, file.path()),
           print::scene_odds_text(o, st, ctx.tables()));
}

}  // namespace

namespace {

// What the references say of `odds scene` (tools/gen-refs writes docs/siege.1, README.md,
// docs/state.md and the outcome schema from it).
CommandDoc odds_scene_doc() {
  return {
      .synopsis = "`siege --state` *FILE* `odds scene` [`--scenes` *N*]",
      .about = R"doc(For every section of the siege in *FILE*: the exact chance that it is breached by the end of
each of the next *N* scenes, played as `scene` plays them, from the Hull each section has
suffered and the engines as the file holds them now. A defender engine that shoots at a besieger
engine may knock it out, after which it shoots no more; the odds count that exactly, and list
the chance that each such engine is knocked out by the end of each scene. Engines alike (the
same row, weapon, pool and Hull suffered, shot at by defender engines alike) listed together are
counted, not told apart, so a battery of forty guns alike on one section answers in a fraction
of a second; a question too large to work out in about a second is refused at once (exit status
2, `too-large`). The JSON also gives the chance of each ladder state (`intact`, `cracked`,
`breached`) after each scene. The file is only read: no lock is taken and nothing is written or
logged. What the characters do in their own scenes, and new targets the referee gives idle
engines, are not modelled.)doc",
      .inputs = R"doc(@scenes: Coming scenes to look at; more is refused.)doc",
      .example = R"doc(Example:

    $ siege --state siege.json odds scene --scenes 3
    Odds      scenes 2 to 4 of The siege of Harrowmere (1 played; a scene
              is one week)
    Sections
      north-wall   curtain-wall             [##########..........] 10/20
                   cracked
        shot at by great-bombard, battery-cannon
        breached by scene 2     80.36%  ################################
        breached by scene 3     99.04%
                                #######################################
        breached by scene 4     99.96%
                                #######################################
    ...
    Engines
      trebuchet -> river-tower, shot at by wall-mangonel
        knocked out by scene 2      1.22%  #
        knocked out by scene 3     54.85%  ######################
        knocked out by scene 4     83.36%
                                   #################################
    ...)doc",
      .with_state = R"doc(the exact chance that each section is breached by the end of each of the next N scenes (default 4, at most 20), and when each besieger engine may be knocked out (below); reads the file only: no lock, nothing written or logged)doc",
      .outcome = R"json({
  "odds_scene": {
    "description": "`odds scene` (with --state): each section's ladder state by the end of each coming scene, and when the besieger engines are knocked out.",
    "allOf": [{"$ref": "#/$defs/base"}],
    "properties": {
      "action": {"const": "odds"},
      "of": {"const": "scene"},
      "file": {"type": "string"},
      "name": {"type": "string"},
      "scene_length": {"enum": ["day", "week"]},
      "played": {"$ref": "#/$defs/count"},
      "scenes": {"type": "integer", "minimum": 1, "maximum": 20},
      "sections": {
        "type": "array",
        "items": {
          "type": "object",
          "properties": {
            "id": {"$ref": "#/$defs/id"},
            "structure": {"$ref": "#/$defs/id"},
            "variant": {"type": ["string", "null"]},
            "hull": {"$ref": "#/$defs/hull_now"},
            "state": {"$ref": "#/$defs/breach_state"},
            "attackers": {"type": "array", "items": {"$ref": "#/$defs/id"}},
            "after_scene": {
              "type": "array",
              "minItems": 1,
              "items": {
                "allOf": [{"$ref": "#/$defs/state_odds"}],
                "properties": {"scene": {"type": "integer", "minimum": 1}},
                "required": ["scene"],
                "unevaluatedProperties": false
              }
            }
          },
          "required": ["id", "structure", "variant", "hull", "state", "attackers", "after_scene"],
          "additionalProperties": false
        }
      },
      "engines": {
        "type": "array",
        "items": {
          "type": "object",
          "properties": {
            "id": {"$ref": "#/$defs/id"},
            "target": {"oneOf": [{"$ref": "#/$defs/id"}, {"type": "null"}]},
            "attackers": {"type": "array", "items": {"$ref": "#/$defs/id"}},
            "knocked_out": {"$ref": "#/$defs/odds_scene_by_scene"}
          },
          "required": ["id", "target", "attackers", "knocked_out"],
          "additionalProperties": false
        }
      },
      "camp": {
        "description": "The camp: the defender engines that shoot at it, and the chance it is wrecked by the end of each coming scene",
        "type": "object",
        "properties": {
          "attackers": {"type": "array", "items": {"$ref": "#/$defs/id"}},
          "wrecked": {"$ref": "#/$defs/odds_scene_by_scene"}
        },
        "required": ["attackers", "wrecked"],
        "additionalProperties": false
      }
    },
    "required": ["of", "file", "name", "scene_length", "played", "scenes", "sections", "engines", "camp"],
    "unevaluatedProperties": false
  },
  "odds_scene_by_scene": {
    "type": "array",
    "minItems": 1,
    "items": {
      "type": "object",
      "properties": {"scene": {"type": "integer", "minimum": 1}, "probability": {"$ref": "#/$defs/probability"}},
      "required": ["scene", "probability"],
      "additionalProperties": false
    }
  }
})json"};
}

}  // namespace

SIEGE_COMMAND(odds_scene) = plain_command<SceneOddsRequest, scene_odds_inputs, odds_of_scene>({
    .name = "scene",
    .parent = "odds",
    .rank = 60,
    .summary = "With --state: the chance each section is breached by the end of each coming scene",
    .example = "",
    .doc = odds_scene_doc});

}  // namespace siege::cli
