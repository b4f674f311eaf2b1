// `siege damage` and `siege repair`: the referee's own change of Hull
// suffered by a section, an engine or the camp (R32).
#include <fmt/core.h>

#include "commands/command.hpp"
#include "print/json.hpp"
#include "print/render.hpp"
#include "print/text.hpp"
#include "siege/scene.hpp"
#include "commands/unit_view.hpp"

namespace siege::cli {

namespace {

struct HullChangeRequest {
  std::string at;
  std::optional<int> hull;
  std::string cause;
};

void hull_change_inputs(Fields& f, HullChangeRequest& r) {
  static const std::string at_help = see_hint("A section, an engine or camp", {"status"});
  f.text({.key = "at", .help = at_help, .value_name = "ID",
          .need = Need::required},
         r.at);
  f.number({.key = "hull", .help = "Hull Points to add (damage) or take away (repair)", .need = Need::required},
           r.hull, 1, max_hull_change);
  f.text({.key = "cause",
          .help = "The referee's words for it, kept in the log (\"Burn\", \"a night's repair\")",
          .value_name = "TEXT",
          .max_bytes = default_text_bytes},
         r.cause);
}

ActionResult hull_change_action(HullDirection dir, const HullChangeRequest& r, Context& ctx, SiegeState* st) {
  const int amount = *r.hull;  // required (check_declared)
  const HullChangeOutcome o = change_hull(st->now, ctx.tables(), {r.at, dir, amount, r.cause});
  std::string json = print::json_text(print::write_hull_change, o);
  nlohmann::json summary = {{"target", o.target},
                            {"change", o.change},
                            {"overkill", o.overkill},
                            {"hull", {{"before", o.hull.before}, {"after", o.hull.after}}}};
  if (o.kind == TargetKind::section)
    summary["state"] = {{"before", name_of(o.before)}, {"after", name_of(o.after)}};
  else
    summary["knocked_out"] = {{"before", o.out_before}, {"after", o.out_after}};
  return {std::move(json), print::hull_change_text(o), std::move(summary)};
}

ActionResult damage_action(const HullChangeRequest& r, Context& ctx, SiegeState* st) {
  return hull_change_action(HullDirection::damage, r, ctx, st);
}
ActionResult repair_action(const HullChangeRequest& r, Context& ctx, SiegeState* st) {
  return hull_change_action(HullDirection::repair, r, ctx, st);
}

}  // namespace

namespace {

// What the references say of `damage` (tools/gen-refs writes docs/siege.1, README.md,
// docs/state.md and the outcome schema from it).
CommandDoc damage_doc() {
  return {
      .synopsis = R"doc(`siege --state` *FILE* `damage --at` *ID* `--hull` *N* [`--cause` *TEXT*]
`siege --state` *FILE* `repair --at` *ID* `--hull` *N* [`--cause` *TEXT*])doc",
      .about = R"doc(The referee's own change of Hull suffered by a section, an engine of either side or the camp
(R32): Burn, which the rules leave to another book, a night's repair, a correction. Damage is
capped at the Hull (the rest is overkill) and ignores every structure rule; a section's ladder
state follows R4 with its variant, and a section it breaches gets "play the assault" (a wooden
bridge: impassable, R13). An engine is knocked out at its Hull. `repair` takes away at most what
was suffered (more is refused); an engine repaired below its Hull is back in action; a breach
repaired loses its abatis, and is refused while figures are through it. Both need `--state`;
logged.)doc",
      .inputs = R"doc(@at: A section, an engine or `camp`.
@hull: Hull Points added or taken away.
@cause: The referee's words for it, kept in the log and the outcome.)doc",
      .example = R"doc(Example:

    $ siege --state siege.json damage --at belfry --hull 3 --cause Burn
    Damage    belfry (engine siege-tower): Burn
    Hull      +3: 0 -> 3 suffered of 12)doc",
      .with_state = R"doc(R32: Hull suffered added to a section, engine or the camp, with the ladder state and `knocked_out`; needs a state)doc",
      .outcome = R"json({
  "hull_change_outcome": {
    "description": "`siege damage` / `siege repair` (R32): the referee's own change of Hull suffered.",
    "allOf": [{"$ref": "#/$defs/base"}, {"$ref": "#/$defs/logged"}],
    "properties": {
      "action": {"enum": ["damage", "repair"]},
      "target": {"$ref": "#/$defs/id"},
      "target_kind": {"enum": ["section", "engine", "camp"]},
      "row": {"$ref": "#/$defs/id"},
      "cause": {"oneOf": [{"type": "string"}, {"type": "null"}]},
      "amount": {"type": "integer", "minimum": 1},
      "change": {"$ref": "#/$defs/count"},
      "overkill": {"$ref": "#/$defs/count"},
      "hull": {"$ref": "#/$defs/hull"},
      "state": {
        "type": "object",
        "properties": {"before": {"$ref": "#/$defs/breach_state"}, "after": {"$ref": "#/$defs/breach_state"}},
        "required": ["before", "after"],
        "additionalProperties": false
      },
      "abatis_lost": {"type": "boolean"},
      "knocked_out": {
        "type": "object",
        "properties": {"before": {"type": "boolean"}, "after": {"type": "boolean"}},
        "required": ["before", "after"],
        "additionalProperties": false
      }
    },
    "required": ["target", "target_kind", "row", "cause", "amount", "change", "overkill", "hull"],
    "if": {"properties": {"target_kind": {"const": "section"}}},
    "then": {"required": ["state", "abatis_lost"]},
    "else": {"required": ["knocked_out"]},
    "unevaluatedProperties": false
  }
})json"};
}

}  // namespace

SIEGE_COMMAND(damage) = action_command<HullChangeRequest, hull_change_inputs, damage_action, print::describe_hull_change>({
    .name = "damage",
    .rank = 230,
    .summary = "The referee's own damage to a section, an engine or the camp (with --state)",
    .example = "siege --state siege.json damage --at belfry --hull 3 --cause Burn",
    .needs_state = true,
    .doc = damage_doc});

namespace {

// What the references say of `repair` (tools/gen-refs writes docs/siege.1, README.md,
// docs/state.md and the outcome schema from it).
CommandDoc repair_doc() {
  return {
      .synopsis = "`siege --state` *FILE* `repair --at` *ID* `--hull` *N* [`--cause` *TEXT*]",
      .about = "See `damage`.",
      .inputs = R"doc(@at: A section, an engine or `camp`.
@hull: Hull Points taken away.
@cause: The referee's words for it.)doc",
      .with_state = R"doc(R32: Hull suffered taken away; a breach repaired loses its abatis; needs a state)doc"};
}

}  // namespace

SIEGE_COMMAND(repair) = action_command<HullChangeRequest, hull_change_inputs, repair_action, print::describe_hull_change>({
    .name = "repair",
    .rank = 240,
    .summary = "The referee's own repair of a section, an engine or the camp (with --state)",
    .example = "siege --state siege.json repair --at north-wall --hull 4 --cause \"a night's repair\"",
    .needs_state = true,
    .doc = repair_doc});

}  // namespace siege::cli
