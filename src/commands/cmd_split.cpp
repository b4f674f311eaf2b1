// `siege split`: part of a unit becomes a unit of its own (R37). State only.
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

struct SplitRequest {
  std::string unit;
  std::string into;
  std::optional<int> figures;
  std::optional<int> through;
};

void split_inputs(Fields& f, SplitRequest& r) {
  static const std::string unit_help = see_hint("The unit that splits", {"status"});
  f.text({.key = "unit",
          .help = unit_help,
          .value_name = "ID",
          .need = Need::required},
         r.unit);
  f.text({.key = "into", .help = "The new unit's id", .value_name = "NEW", .need = Need::required}, r.into);
  f.number({.key = "figures", .help = "Figures that go to the new unit", .need = Need::required}, r.figures,
           1, max_figures);
  f.number({"through", "At a section: how many of them come from those through (default 0: all from behind)"},
           r.through, 0, max_figures);
}

ActionResult split_action(const SplitRequest& r, Context& ctx, SiegeState* st) {
  (void)ctx;
  SplitInput in;
  in.unit = r.unit;  // the three required (check_declared)
  in.into = r.into;
  in.figures = *r.figures;
  in.through = r.through;
  const SplitOutcome o = split_unit(st->now, in);
  nlohmann::json summary = troop_summary(o);
  summary["unit"] = o.unit;
  summary["into"] = o.into;
  summary["figures"] = o.figures;
  summary["through"] = o.through;
  return {print::json_text(print::write_split, o), print::split_text(o), std::move(summary)};
}

}  // namespace

namespace {

// What the references say of `split` (tools/gen-refs writes docs/siege.1, README.md,
// docs/state.md and the outcome schema from it).
CommandDoc split_doc() {
  return {
      .synopsis = R"doc(`siege --state` *FILE* `split --unit` *ID* `--into` *NEW* `--figures` *N* [`--through` *K*])doc",
      .about = R"doc(Part of a unit becomes a unit of its own (R37), appended as an arrival is, of the same side,
order and place; `start_figures` and `figures` move by *N* alike, so neither army changes. At a
section the new unit's figures come from those behind, unless `--through` says how many of them
come from those through; each part keeps at least one figure behind. A hero does not split, and
each part keeps a figure. Needs `--state`; logged.)doc",
      .inputs = R"doc(@unit: The unit that splits.
@into: The new unit's id, one the siege has never held.
@figures: Figures that go to the new unit.
@through: At a section: how many of them come from those through.)doc",
      .example = R"doc(Example:

    $ siege --state siege.json split --unit garrison \
        --into gate-guard --figures 10
    Split     10 figures of garrison become gate-guard)doc",
      .with_state = "R37: the new unit appended, the figures moved; needs a state",
      .outcome = R"json({
  "split_outcome": {
    "description": "With --state: figures of a unit become a new unit (R37); through: how many came from those through.",
    "allOf": [{"$ref": "#/$defs/base"}, {"$ref": "#/$defs/logged"}],
    "properties": {
      "action": {"const": "split"},
      "unit": {"$ref": "#/$defs/id"},
      "into": {"$ref": "#/$defs/id"},
      "figures": {"type": "integer", "minimum": 1},
      "through": {"$ref": "#/$defs/count"},
      "units": {"$ref": "#/$defs/troop_units"},
      "armies": {"$ref": "#/$defs/troop_armies"}
    },
    "required": ["unit", "into", "figures", "through", "units", "armies"],
    "unevaluatedProperties": false
  }
})json"};
}

}  // namespace

SIEGE_COMMAND(split) = action_command<SplitRequest, split_inputs, split_action, print::describe_split>({
    .name = "split",
    .rank = 160,
    .summary = "Part of a unit becomes a unit of its own, at the same place (with --state)",
    .example = "siege --state siege.json split --unit garrison --into gate-guard --figures 10",
    .needs_state = true,
    .doc = split_doc});

}  // namespace siege::cli
