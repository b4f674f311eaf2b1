// `siege --state FILE odds scene`: the exact chance that each section of the
// siege is breached by the end of each coming scene (siege/odds_scene.hpp).
// It only reads the state file: no lock, nothing written, nothing logged.
#include "commands/actions.hpp"
#include "commands/cmd_odds.hpp"
#include "commands/command.hpp"
#include "print/odds.hpp"
#include "print/render.hpp"
#include "siege/odds_scene.hpp"
#include "state/state_file.hpp"

namespace siege::cli {

namespace {

struct SceneOddsRequest {
  Given<int> scenes = evening_scenes;
  std::vector<std::string> if_lines;
};

void scene_odds_inputs(Fields& f, SceneOddsRequest& r) {
  f.number({"scenes", "Coming scenes to look at"}, r.scenes, 1, odds::max_scenes_ahead);
  f.texts({.key = "if", .help = "A command line of an action, as typed at play's prompt, played on a copy first; "
                                "repeat for more",
           .value_name = "LINE"},
          r.if_lines);
}

// The siege `st` after `lines`, each run as its own command line with
// --state would run it (apply_action), on a copy in memory: the file, its
// lock and its redo list are not touched. A line is refused as its command
// line would be, named as the --if it was; one that rolls dice without a
// --seed of its own is refused (Context::rolls_refused).
SiegeState played_on_copy(const SiegeState& st, const std::vector<std::string>& lines, Context& ctx,
                          const std::string& path) {
  if (ctx.read_state_line == nullptr)
    throw Error(ErrorKind::internal, "no-front-end", "odds scene: --if: this front end reads no command lines (a bug)");
  SiegeState copy = st;
  for (const auto& line : lines) {
    try {
      const StateLine read = ctx.read_state_line(line);
      ctx.rolls_refused = !read.seed;
      ActionResult done;
      (void)apply_action(copy, ctx, read.action->name, read.inputs, read.seed.value_or(0), done);
      ctx.rolls_refused = false;
      // What the file would refuse to hold (past its limits) is refused here too.
      (void)checked_state_text(copy, path, ctx.tables(), copy.log.size() - 1);
    } catch (const Error& e) {
      ctx.rolls_refused = false;
      throw Error::input_refusal(e.kind(), e.id(), "if", shell_word(line), e.marked_message());
    }
  }
  return copy;
}

void odds_of_scene(const SceneOddsRequest& r, Context& ctx) {
  require_state(ctx, "odds scene");
  StateFile file(ctx.globals.state_file, StateFile::Access::read);
  const SiegeState st = load_state(file, ctx);
  if (r.if_lines.empty()) {
    const odds::SceneOdds o = odds::scene_odds(st.now, ctx.tables(), *r.scenes);
    ctx.emit(print::json_text(print::write_scene_odds, o, st, file.path()),
             print::scene_odds_text(o, st, ctx.tables()));
    return;
  }
  const SiegeState after = played_on_copy(st, r.if_lines, ctx, file.path());
  const odds::SceneOdds today = odds::scene_odds(st.now, ctx.tables(), *r.scenes);
  const odds::SceneOdds o = odds::scene_odds(after.now, ctx.tables(), *r.scenes);
  const print::SceneOddsIf f{today, o, st, after, r.if_lines, file.path()};
  ctx.emit(ctx.globals.json ? print::json_text(print::write_scene_odds_if, f) : std::string(),
           ctx.globals.json ? std::string() : print::scene_odds_if_text(f));
}

}  // namespace

namespace {

// What the references say of `odds scene` (tools/gen-refs writes docs/siege.1, README.md,
// docs/state.md and the outcome schema from it).
CommandDoc odds_scene_doc() {
  return {
      .synopsis = "`siege --state` *FILE* `odds scene` [`--scenes` *N*] [`--if` *LINE* ...]",
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
engines, are not modelled.

With `--if` *LINE* the same outlook is worked out for the siege as it would be after *LINE*: a
command line of an action as typed at the prompt of `siege play` (no `siege`, no `--state`), such as
`target --engine trebuchet --at gatehouse`, `add --engine ...`, `remove --engine ...` or
`damage ...`, run on a copy of the siege in memory exactly as it would run on the file. Each
section's, engine's and the camp's chances are printed beside today's, row by row. The lines run
in the order given; the file, its lock and its redo list are not touched.)doc",
      .inputs = R"doc(@scenes: Coming scenes to look at; more is refused.
@if: A command line of an action, played on the copy before the outlook; repeat for more. It is
read as the prompt of `siege play` reads a line, and refused as that command would refuse it,
named by the `--if` it was (status 2 for a usage error). A line whose action uses the dice
(`scene`, `attack`, `sortie` ...) must carry its own `--seed` *N*, else it is refused: the
outlook is then the one after those dice. Of the global options a line takes `--seed` only.)doc",
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
    ...
    $ siege --state siege.json odds scene --scenes 2 \
        --if 'target --engine trebuchet --at gatehouse'
    Odds      scenes 2 to 3 of The siege of Harrowmere (1 played; a scene
              is one week)
    If        target --engine trebuchet --at gatehouse
              played on a copy of the siege: nothing is written
    Sections                        today       if
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
      "if": {
        "description": "With --if: the lines played on a copy of the siege, in order; the rest of the object is the outlook after them",
        "type": "array",
        "items": {"type": "string"}
      },
      "today": {
        "description": "With --if: the outlook of the siege as the file has it, the object odds scene prints without --if",
        "$ref": "#/$defs/odds_scene"
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
