// `siege merge`: two units of one side at one place become one (R37). State only.
#include <fmt/core.h>

#include "commands/command.hpp"
#include "print/json.hpp"
#include "print/units.hpp"
#include "print/render.hpp"
#include "print/text.hpp"
#include "siege/roster.hpp"
#include "commands/unit_view.hpp"

namespace siege::cli {

namespace {

struct MergeRequest {
  std::string unit;
  std::string into;
};

void merge_inputs(Fields& f, MergeRequest& r) {
  f.text({.key = "unit",
          .help = "The unit merged away (it stays in the file, marked gone)",
          .value_name = "ID",
          .need = Need::required},
         r.unit);
  f.text({.key = "into",
          .help = "The unit that remains, gaining its figures",
          .value_name = "OTHER",
          .need = Need::required},
         r.into);
}

ActionResult merge_action(const MergeRequest& r, Context& ctx, SiegeState* st) {
  (void)ctx;
  MergeInput in;
  in.unit = r.unit;  // both required (check_declared)
  in.into = r.into;
  const MergeOutcome o = merge_units(st->now, in);
  nlohmann::json summary = troop_summary(o);
  summary["unit"] = o.unit;
  summary["into"] = o.into;
  return {print::json_text(print::write_merge, o), print::merge_text(o), std::move(summary)};
}

}  // namespace

namespace {

// What the references say of `merge` (tools/gen-refs writes docs/siege.1, README.md,
// docs/state.md and the outcome schema from it).
CommandDoc merge_doc() {
  return {
      .synopsis = "`siege --state` *FILE* `merge --unit` *ID* `--into` *OTHER*",
      .about = R"doc(Two units of one side at the same place become one (R37): *OTHER* remains, gaining the unit's
figures at the start and now, through and behind, and takes the worse order (routed, then
shaken, then good); the unit stays in the file marked `"gone": "merged"`, its figures 0. A hero,
or a unit with no figures, does not merge; neither army changes. Needs `--state`; logged.)doc",
      .inputs = R"doc(@unit: The unit merged away.
@into: The unit that remains.)doc",
      .example = R"doc(Example:

    $ siege --state siege.json merge --unit reserve --into storming-party
    Merge     reserve into storming-party)doc",
      .with_state = R"doc(R37: `into` gains the figures, `unit` marked `"gone": "merged"` with 0 figures; needs a state)doc",
      .outcome = R"json({
  "merge_outcome": {
    "description": "With --state: a unit joins another of its side at its place (R37).",
    "allOf": [{"$ref": "#/$defs/base"}, {"$ref": "#/$defs/logged"}],
    "properties": {
      "action": {"const": "merge"},
      "unit": {"$ref": "#/$defs/id"},
      "into": {"$ref": "#/$defs/id"},
      "units": {"$ref": "#/$defs/troop_units"},
      "armies": {"$ref": "#/$defs/troop_armies"}
    },
    "required": ["unit", "into", "units", "armies"],
    "unevaluatedProperties": false
  }
})json"};
}

}  // namespace

SIEGE_COMMAND(merge) = action_command<MergeRequest, merge_inputs, merge_action, print::describe_merge>({
    .name = "merge",
    .rank = 170,
    .summary = "Two units of one side at one place become one (with --state)",
    .example = "siege --state siege.json merge --unit reserve --into storming-party",
    .needs_state = true,
    .doc = merge_doc});

}  // namespace siege::cli
