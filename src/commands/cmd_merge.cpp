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

SIEGE_COMMAND(merge) = action_command<MergeRequest, merge_inputs, merge_action, print::describe_merge>({
    .name = "merge",
    .rank = 170,
    .summary = "Two units of one side at one place become one (with --state)",
    .example = "siege --state siege.json merge --unit reserve --into storming-party",
    .needs_state = true});

}  // namespace siege::cli
