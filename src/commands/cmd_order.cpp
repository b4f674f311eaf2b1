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

SIEGE_COMMAND(order) = action_command<OrderRequest, order_inputs, order_action, print::describe_order>({
    .name = "order",
    .rank = 130,
    .summary = "Record a unit's order from the standard morale rules: good, shaken or routed (with --state)",
    .example = "siege --state siege.json order --unit storming-party --set shaken",
    .needs_state = true});

}  // namespace siege::cli
