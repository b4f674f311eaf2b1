// `siege status`: the siege at a glance (print::status_text, and
// print::write_status for --json).
#include "commands/cmd_state.hpp"
#include "commands/actions.hpp"
#include "commands/command.hpp"
#include "print/json.hpp"
#include "print/text.hpp"
#include "state/state_file.hpp"

namespace siege::cli {

void run_status(const NoInputs&, Context& ctx) {
  require_state(ctx, "status");
  StateFile file(ctx.globals.state_file, StateFile::Access::read);
  const SiegeState st = load_state(file, ctx);
  const std::string json = print::json_text(print::write_status, st, ctx.tables(), file.path(), "status");
  // The sections as a table, and the rest as tables, to paste into campaign notes.
  if (ctx.globals.format == "markdown" || ctx.globals.format == "csv")
    return ctx.emit_tables(json, print::status_tables(st, ctx.tables()));
  ctx.emit(json, print::status_text(st, ctx.tables()));
}

namespace {

// What the references say of `status` (tools/gen-refs writes docs/siege.1, README.md,
// docs/state.md and the outcome schema from it).
CommandDoc status_doc() {
  return {
      .synopsis = "`siege --state` *FILE* `status`",
      .about = R"doc(The siege at a glance: each section with a Hull bar and its state, the engines of both sides
with their damage, the camp, the units (figures now and at the start, order, where they stand,
through and behind at a section; shaken in yellow and routed in red on a terminal) and the
armies (strength, killed and the one-third mark, R25), the breaches (open to an assault, blocked
by standing abatis or impassable, and who stands at each, through and behind) and the scenes
played. With `--format markdown` or `csv` every part of it is a table, one after the other (a
blank line between): the sections first (as before), then the engines, the camp, the units and
the armies, the breaches and the galleries when there are any, and last the siege itself (its
name, the scenes played, the scene length, the log entries and any notes). With `--json` all of
it, including the section and engine ids (`breaches`: each breach with its units).)doc",
      .example = R"doc(Example:

    $ siege --state siege.json status
    Siege     The siege of Harrowmere: 1 scene played (a scene is one
              week)
    Sections
      north-wall   curtain-wall             [##########..........] 10/20
                   cracked
      gatehouse    castle-gate, portcullis  [################....] 8/10
                   cracked
    ...
    Engines
      besieger great-bombard   bombard      [..........] 0/10  pool 4 ->
                               north-wall
    ...
    Camp      [##........] 5/20
    Log       2 entries)doc",
      .with_state = R"doc(sections with Hull bars and states, engines with damage and knocked-out marks, the camp, units and armies, the breaches and who stands at each, scenes played, the last three notes; `--json` gives all of it)doc",
      .outcome = R"json({
  "siege_outcome": {
    "description": "`init` and `status`: the siege in a state file; also the JSON of `siege serve` (its /state.json), which adds view, version and error.",
    "allOf": [{"$ref": "#/$defs/base"}],
    "properties": {
      "action": {"enum": ["init", "status"]},
      "view": {
        "enum": ["players", "referee"],
        "description": "siege serve only: the view shown (players: no gallery not yet found)"
      },
      "version": {
        "allOf": [{"$ref": "#/$defs/count"}],
        "description": "siege serve only: the changes of the file served so far (the event stream's data)"
      },
      "error": {
        "description": "siege serve only: null, or why the file cannot be read just now (the rest is the siege as last read)",
        "oneOf": [
          {"type": "null"},
          {
            "type": "object",
            "properties": {"message": {"type": "string", "minLength": 1}},
            "required": ["message"],
            "additionalProperties": false
          }
        ]
      },
      "dry_run": {"type": "boolean"},
      "file": {"type": "string"},
      "name": {"type": "string"},
      "scene": {"$ref": "#/$defs/count"},
      "scene_length": {"enum": ["day", "week"]},
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
            "abatis": {
              "type": "object",
              "properties": {"standing": {"type": "boolean"}, "progress": {"$ref": "#/$defs/count"}},
              "required": ["standing", "progress"],
              "additionalProperties": false
            },
            "mine": {
              "type": "object",
              "properties": {"days_dug": {"$ref": "#/$defs/count"}, "detected": {"type": "boolean"}},
              "required": ["days_dug", "detected"],
              "additionalProperties": false
            }
          },
          "required": ["id", "structure", "variant", "hull", "state", "abatis", "mine"],
          "additionalProperties": false
        }
      },
      "engines": {
        "type": "array",
        "items": {
          "type": "object",
          "properties": {
            "id": {"$ref": "#/$defs/id"},
            "side": {"enum": ["besieger", "defender"]},
            "engine": {"type": ["string", "null"]},
            "weapon": {"type": ["string", "null"]},
            "pool": {"$ref": "#/$defs/count"},
            "target": {"type": ["string", "null"]},
            "hull": {"oneOf": [{"$ref": "#/$defs/hull_now"}, {"type": "null"}]},
            "knocked_out": {"type": "boolean"},
            "gone": {"const": "removed", "description": "R36: the engine left the siege; absent while it is in it"}
          },
          "required": ["id", "side", "engine", "weapon", "pool", "target", "hull", "knocked_out"],
          "additionalProperties": false
        }
      },
      "camp": {
        "type": "object",
        "properties": {"hull": {"$ref": "#/$defs/hull_now"}, "wrecked": {"type": "boolean"}},
        "required": ["hull", "wrecked"],
        "additionalProperties": false
      },
      "units": {"type": "array", "items": {"$ref": "#/$defs/unit_state"}},
      "armies": {
        "type": "object",
        "properties": {
          "besieger": {"oneOf": [{"type": "null"}, {"$ref": "#/$defs/status_army"}]},
          "defender": {"oneOf": [{"type": "null"}, {"$ref": "#/$defs/status_army"}]}
        },
        "required": ["besieger", "defender"],
        "additionalProperties": false
      },
      "open_breaches": {"type": "array", "items": {"$ref": "#/$defs/id"}},
      "breaches": {
        "description": "R13, R26, R33: each section now breached, in the file's order: whether an assault goes through it (open), a standing abatis blocks it (blocked, R26) or it cannot be crossed (impassable, R13), and the units that stand at it, through and behind",
        "type": "array",
        "items": {
          "type": "object",
          "properties": {
            "section": {"$ref": "#/$defs/id"},
            "assault": {"enum": ["open", "blocked", "impassable"]},
            "units": {
              "type": "array",
              "items": {
                "type": "object",
                "properties": {
                  "unit": {"$ref": "#/$defs/id"},
                  "side": {"enum": ["besieger", "defender"]},
                  "through": {"$ref": "#/$defs/count"},
                  "behind": {"$ref": "#/$defs/count"}
                },
                "required": ["unit", "side", "through", "behind"],
                "additionalProperties": false
              }
            }
          },
          "required": ["section", "assault", "units"],
          "additionalProperties": false
        }
      },
      "galleries": {
        "description": "R30: each gallery dug or digging in the scene under way, with the scene's days left to it",
        "type": "array",
        "items": {
          "type": "object",
          "properties": {
            "section": {"$ref": "#/$defs/id"},
            "days_dug": {"$ref": "#/$defs/count"},
            "detected": {"type": "boolean"},
            "days_left_in_scene": {"$ref": "#/$defs/count"}
          },
          "required": ["section", "days_dug", "detected", "days_left_in_scene"],
          "additionalProperties": false
        }
      },
      "log_entries": {"$ref": "#/$defs/count"},
      "log_notes": {
        "description": "R39: the last notes of the log (at most three), oldest first",
        "type": "array",
        "maxItems": 3,
        "items": {
          "type": "object",
          "properties": {
            "entry": {"type": "integer", "minimum": 1},
            "scene": {"$ref": "#/$defs/count"},
            "text": {"type": "string", "minLength": 1, "maxLength": 1000},
            "private": {"const": true, "description": "R44: a note for the referee alone (never in the players' view)"}
          },
          "required": ["entry", "scene", "text"],
          "additionalProperties": false
        }
      }
    },
    "required": [
      "file",
      "name",
      "scene",
      "scene_length",
      "sections",
      "engines",
      "camp",
      "units",
      "armies",
      "open_breaches",
      "breaches",
      "galleries",
      "log_entries",
      "log_notes"
    ],
    "unevaluatedProperties": false
  },
  "status_army": {
    "description": "An army in `status`: as the state file keeps it, with its one-third mark (third: the killed that make a third) and whether the check is due (R25, R33).",
    "type": "object",
    "properties": {
      "strength": {"type": "integer", "minimum": 1},
      "killed": {"$ref": "#/$defs/count"},
      "in_castle": {"type": "boolean"},
      "sally": {
        "const": true,
        "description": "R38: defenders are out on a sally (they are not in a castle); absent otherwise"
      },
      "called": {"type": "boolean"},
      "third": {"$ref": "#/$defs/count"},
      "due": {"type": "boolean"}
    },
    "required": ["strength", "killed", "called", "third", "due"],
    "additionalProperties": false
  }
})json"};
}

}  // namespace

SIEGE_COMMAND(status) = plain_command<NoInputs, no_inputs, run_status>({
    .name = "status",
    .rank = 290,
    .summary = "Show the siege in a state file at a glance",
    .example = "siege --state siege.json status",
    .tables = true,
    .doc = status_doc});

}  // namespace siege::cli
