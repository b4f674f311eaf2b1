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

SIEGE_COMMAND(target) = action_command<TargetRequest, target_inputs, target_action, print::describe_target>({
    .name = "target",
    .rank = 210,
    .summary = "Re-aim an engine of the siege (with --state)",
    .example = "siege --state siege.json target --engine trebuchet --at east-wall",
    .needs_state = true});

}  // namespace siege::cli
