// `siege target`: re-aims an engine of the siege (R29).
#include <fmt/core.h>

#include "commands/command.hpp"
#include "print/json.hpp"
#include "print/render.hpp"
#include "print/text.hpp"
#include "siege/scene.hpp"

namespace siege::cli {

namespace {

struct TargetRequest {
  std::string engine;
  std::string at;  // a section, an engine, camp or none
};

void target_inputs(Fields& f, TargetRequest& r) {
  static const std::string engine_help = see_hint("The engine to re-aim", {"status"});
  f.text({.key = "engine", .help = engine_help, .value_name = "ID",
          .need = Need::required},
         r.engine);
  f.text({.key = "at",
          .help = "Its new target: a section (a besieger engine), a besieger engine or camp (a defender engine), "
                  "or none",
          .value_name = "ID",
          .need = Need::required},
         r.at);
}

ActionResult target_action(const TargetRequest& r, Context& ctx, SiegeState* st) {
  const AimOutcome o = aim_engine(st->now, ctx.tables(), r.engine, r.at);
  std::string json = print::json_text(print::write_aim, o);
  auto id_or_null = [](const std::string& id) { return id.empty() ? nlohmann::json() : nlohmann::json(id); };
  return {std::move(json), print::aim_text(o),
          {{"engine", o.engine}, {"target", {{"before", id_or_null(o.before)}, {"after", id_or_null(o.after)}}}}};
}

}  // namespace

namespace {

// What the references say of `target` (tools/gen-refs writes docs/siege.1, README.md,
// docs/state.md and the outcome schema from it).
CommandDoc target_doc() {
  return {
      .synopsis = "`siege --state` *FILE* `target --engine` *ID* `--at` *ID*|*none*",
      .about = R"doc(Re-aims an engine of the siege (R29): a besieger engine at a section, a defender engine at a
besieger engine or `camp`, never at a section of its own castle; `none` leaves it with no
target. A knocked-out engine cannot be re-aimed. A target already breached, knocked out or
wrecked is taken with a note: the engine will have nothing to shoot. After a scene, the report
names every engine that had nothing to shoot (its key `idle`) with this command. Needs
`--state`; logged.)doc",
      .inputs = R"doc(@engine: The engine to re-aim.
@at: Its new target, or `none`.)doc",
      .example = R"doc(Example:

    $ siege --state siege.json target --engine trebuchet --at east-wall
    Engine    trebuchet (besieger)
    Target    river-tower -> east-wall)doc",
      .with_state = "R29: the engine's `target` written (`none`: no target); needs a state",
      .outcome = R"json({
  "target_outcome": {
    "description": "`siege target` (R29): an engine re-aimed; a target of none is null.",
    "allOf": [{"$ref": "#/$defs/base"}, {"$ref": "#/$defs/logged"}],
    "properties": {
      "action": {"const": "target"},
      "engine": {"$ref": "#/$defs/id"},
      "side": {"enum": ["besieger", "defender"]},
      "target": {
        "type": "object",
        "properties": {
          "before": {"oneOf": [{"$ref": "#/$defs/id"}, {"type": "null"}]},
          "after": {"oneOf": [{"$ref": "#/$defs/id"}, {"type": "null"}]}
        },
        "required": ["before", "after"],
        "additionalProperties": false
      }
    },
    "required": ["engine", "side", "target"],
    "unevaluatedProperties": false
  }
})json"};
}

}  // namespace

SIEGE_COMMAND(target) = action_command<TargetRequest, target_inputs, target_action, print::describe_target>({
    .name = "target",
    .rank = 210,
    .summary = "Re-aim an engine of the siege (with --state)",
    .example = "siege --state siege.json target --engine trebuchet --at east-wall",
    .needs_state = true,
    .doc = target_doc});

}  // namespace siege::cli
