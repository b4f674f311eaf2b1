// `siege order`: the referee records a unit's order, the result of the
// standard morale rules these texts leave out (R33). State only.
#include <fmt/core.h>

#include "commands/command.hpp"
#include "print/json.hpp"
#include "print/units.hpp"
#include "print/render.hpp"
#include "print/text.hpp"
#include "commands/unit_view.hpp"

namespace siege::cli {

namespace {

struct OrderRequest {
  std::string unit;
  std::string set;  // good, shaken or routed
};

void order_inputs(Fields& f, OrderRequest& r) {
  static const std::string unit_help = see_hint("The unit", {"status"});
  f.text({.key = "unit", .help = unit_help, .value_name = "ID", .need = Need::required}, r.unit);
  f.text({.key = "set",
          .help = "Its order now: good, shaken or routed",
          .value_name = "ORDER",
          .need = Need::required,
          .choices = order_names,
          .choice_id = "bad-order"},
         r.set);
}

ActionResult order_action(const OrderRequest& r, Context& ctx, SiegeState* st) {
  (void)ctx;
  UnitOrderInput in;
  in.unit = r.unit;
  in.order = parse_order(r.set, "set");
  const auto o = set_unit_order(st->now, in);
  nlohmann::json summary = troop_summary(o);
  summary["unit"] = in.unit;
  summary["order"] = {{"before", name_of(o.units.front().before.order)}, {"after", name_of(in.order)}};
  return {print::json_text(print::write_unit_order, o), print::order_text(o), std::move(summary)};
}

}  // namespace

namespace {

// What the references say of `order` (tools/gen-refs writes docs/siege.1, README.md,
// docs/state.md and the outcome schema from it).
CommandDoc order_doc() {
  return {
      .synopsis = "`siege --state` *FILE* `order --unit` *ID* `--set` `good` | `shaken` | `routed`",
      .about = R"doc(Record the order of a unit of the file (R33). The standard morale rules are outside these rules
texts, so the referee plays them and records the result: a unit shaken or routed by them, or
rallied to good order. Logged like every other command; needs `--state`.)doc",
      .inputs = R"doc(@unit: The unit.
@set: Its order now: `good`, `shaken` or `routed`.)doc",
      .example = R"doc(Example:

    $ siege --state siege.json order --unit reserve --set shaken
    Order     reserve: good -> shaken, as the referee records (R33))doc",
      .with_state = "needs a state: the unit's order written back",
      .outcome = R"json({
  "order_outcome": {
    "description": "With --state: the order the referee records for a unit, from the standard morale rules (R33).",
    "allOf": [{"$ref": "#/$defs/base"}, {"$ref": "#/$defs/logged"}],
    "properties": {
      "action": {"const": "order"},
      "unit": {"$ref": "#/$defs/id"},
      "order": {
        "type": "object",
        "properties": {"before": {"$ref": "#/$defs/order"}, "after": {"$ref": "#/$defs/order"}},
        "required": ["before", "after"],
        "additionalProperties": false
      },
      "units": {"$ref": "#/$defs/troop_units"},
      "armies": {"$ref": "#/$defs/troop_armies"}
    },
    "required": ["unit", "order", "units", "armies"],
    "unevaluatedProperties": false
  }
})json"};
}

}  // namespace

SIEGE_COMMAND(order) = action_command<OrderRequest, order_inputs, order_action, print::describe_order>({
    .name = "order",
    .rank = 130,
    .summary = "Record a unit's order from the standard morale rules: good, shaken or routed (with --state)",
    .example = "siege --state siege.json order --unit storming-party --set shaken",
    .needs_state = true,
    .doc = order_doc});

}  // namespace siege::cli
