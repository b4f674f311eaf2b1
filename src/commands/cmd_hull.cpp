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

SIEGE_COMMAND(damage) = action_command<HullChangeRequest, hull_change_inputs, damage_action, print::describe_hull_change>({
    .name = "damage",
    .rank = 230,
    .summary = "The referee's own damage to a section, an engine or the camp (with --state)",
    .example = "siege --state siege.json damage --at belfry --hull 3 --cause Burn",
    .needs_state = true});

SIEGE_COMMAND(repair) = action_command<HullChangeRequest, hull_change_inputs, repair_action, print::describe_hull_change>({
    .name = "repair",
    .rank = 240,
    .summary = "The referee's own repair of a section, an engine or the camp (with --state)",
    .example = "siege --state siege.json repair --at north-wall --hull 4 --cause \"a night's repair\"",
    .needs_state = true});

}  // namespace siege::cli
