// `siege casualties`: casualties on a unit partly through a breach (R23);
// with --state the losses of any unit of the file, counted for its army
// (R25, R33).
#include <fmt/core.h>

#include "commands/command.hpp"
#include "print/json.hpp"
#include "print/units.hpp"
#include "siege/breach.hpp"
#include "print/render.hpp"
#include "print/text.hpp"
#include "commands/unit_view.hpp"

namespace siege::cli {

namespace {

// `casualties`: casualties on a unit partly through a breach (R23).
struct CasualtiesRequest {
  std::optional<int> through;
  std::optional<int> behind;
  std::optional<int> killed;
  std::string unit;  // with --state: the unit that takes the losses
};

CasualtiesOutcome run_casualties(const CasualtiesRequest& r, Context&) {
  CasualtiesInput in;
  in.through = required(r.through, "through");
  in.behind = required(r.behind, "behind");
  in.killed = *r.killed;  // required (check_declared)
  return resolve_casualties(in);
}

void casualties_inputs(Fields& f, CasualtiesRequest& r) {
  f.number(
      {.key = "through", .help = "Enemy figures already through the breach", .need = Need::without_state},
      r.through, 0, max_figures);
  f.number({.key = "behind",
            .help = "Enemy figures of the same unit not yet through",
            .need = Need::without_state},
           r.behind, 0, max_figures);
  f.number({.key = "killed", .help = "Casualties inflicted on that unit", .need = Need::required},
           r.killed, 0, max_figures);
  f.text(
      {"unit", "With --state: the unit that takes the losses (its figures through and behind from the file)",
       "ID"},
      r.unit);
}

ActionResult casualties_action(const CasualtiesRequest& r, Context& ctx, SiegeState* siege) {
  SiegeState* st = units_state(siege, !r.unit.empty());
  if (st == nullptr) {
    refuse_unit_options({{"unit", !r.unit.empty()}});
    const auto o = run_casualties(r, ctx);
    ActionResult out = outcome_result(ctx, print::write_casualties, print::casualties_text, o);
    if (siege != nullptr)
      out.summary = {{"through_after", o.through_after}, {"behind_after", o.behind_after}, {"gaps", o.gaps}};
    return out;
  }
  UnitCasualtiesInput in;
  in.unit = required_id(r.unit, "unit");
  refuse_known("through", r.through.has_value(), "the unit's figures through the breach");
  refuse_known("behind", r.behind.has_value(), "the unit's figures behind the breach");
  in.killed = *r.killed;
  const auto o = unit_casualties(st->now, in);
  nlohmann::json summary = troop_summary(o);
  summary["unit"] = in.unit;
  summary["killed"] = o.killed;
  summary["through_first"] = o.through_first.has_value();
  summary["removed_through"] = o.removed_through;
  return {print::json_text(print::write_unit_casualties, o), print::unit_casualties_text(o), std::move(summary)};
}

}  // namespace

namespace {

// What the references say of `casualties` (tools/gen-refs writes docs/siege.1, README.md,
// docs/state.md and the outcome schema from it).
CommandDoc casualties_doc() {
  return {
      .synopsis = R"doc(`siege casualties --through` *N* `--behind` *N* `--killed` *N*
`siege --state` *FILE* `casualties --unit` *ID* `--killed` *N*)doc",
      .about = R"doc(Casualties on an enemy unit that is partly through a breach (R23): they come first from the
figures already through, the rest from those behind, and the defenders may step into the gaps
left by those removed.)doc",
      .inputs = R"doc(@through: Enemy figures already through the breach.
@behind: Figures of the same unit not yet through.
@killed: Casualties inflicted on that unit, at most through + behind.
@unit: With `--state`: the unit that takes the losses, of either side (a sortie, a fight on the wall
top); its figures through and behind come from the file, so `--through` and `--behind` are
refused. On a unit partly through a breach the dead come first from those through (R23); more
killed than the unit has is refused. Its army's killed grow (R33).)doc",
      .example = R"doc(Example:

    $ siege casualties --through 3 --behind 7 --killed 4
    Unit      3 through the breach, 7 behind; 4 killed
    Removed   3 from those through, 1 from those behind (R23)
    Left      0 through, 6 behind
    Gaps      3 for the defenders to step into)doc",
      .with_state = R"doc(`unit`, `killed` required: the losses written back, first from those through (R23), and counted for its army; `through`, `behind` refused)doc",
      .outcome = R"json({
  "casualties_outcome": {"oneOf": [{"$ref": "#/$defs/casualties_numbers"}, {"$ref": "#/$defs/casualties_unit"}]},
  "casualties_unit": {
    "description": "With --state: the losses of a unit of the file, first from those through when it is partly through a breach (R23, R33).",
    "allOf": [{"$ref": "#/$defs/base"}, {"$ref": "#/$defs/logged"}],
    "properties": {
      "action": {"const": "casualties"},
      "unit": {"$ref": "#/$defs/id"},
      "killed": {"$ref": "#/$defs/count"},
      "through_first": {"type": "boolean"},
      "removed": {"$ref": "#/$defs/through_behind"},
      "gaps": {"$ref": "#/$defs/count"},
      "units": {"$ref": "#/$defs/troop_units"},
      "armies": {"$ref": "#/$defs/troop_armies"}
    },
    "required": ["unit", "killed", "through_first", "removed", "gaps", "units", "armies"],
    "unevaluatedProperties": false
  },
  "casualties_numbers": {
    "description": "Casualties on a unit partly through a breach (R23).",
    "allOf": [{"$ref": "#/$defs/base"}, {"$ref": "#/$defs/logged"}],
    "properties": {
      "action": {"const": "casualties"},
      "through": {"$ref": "#/$defs/count"},
      "behind": {"$ref": "#/$defs/count"},
      "killed": {"$ref": "#/$defs/count"},
      "removed": {"$ref": "#/$defs/through_behind"},
      "after": {"$ref": "#/$defs/through_behind"},
      "gaps": {"$ref": "#/$defs/count"}
    },
    "required": ["through", "behind", "killed", "removed", "after", "gaps"],
    "unevaluatedProperties": false
  },
  "through_behind": {
    "type": "object",
    "properties": {"through": {"$ref": "#/$defs/count"}, "behind": {"$ref": "#/$defs/count"}},
    "required": ["through", "behind"],
    "additionalProperties": false
  }
})json"};
}

}  // namespace

SIEGE_COMMAND(casualties) = action_command<CasualtiesRequest, casualties_inputs, casualties_action, print::describe_casualties>({
    .name = "casualties",
    .rank = 110,
    .summary = "Casualties on an enemy unit partly through a breach",
    .example = "siege casualties --through 3 --behind 7 --killed 4\n"
      "  siege --state siege.json casualties --unit storming-party --killed 5",
    .doc = casualties_doc});

}  // namespace siege::cli
