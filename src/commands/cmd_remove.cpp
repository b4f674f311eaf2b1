// `siege remove`: a unit or an engine leaves the siege (R36). State only.
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

struct RemoveRequest {
  std::string unit;
  std::string engine;
  std::string cause;
};

void remove_inputs(Fields& f, RemoveRequest& r) {
  static constexpr std::string_view unless_engine[] = {"engine"};
  static constexpr std::string_view unless_unit[] = {"unit"};
  f.text({.key = "unit", .help = "The unit that leaves (or --engine)", .value_name = "ID", .required_unless = unless_engine},
         r.unit);
  f.text({.key = "engine", .help = "The engine that leaves (or --unit)", .value_name = "ID", .required_unless = unless_unit},
         r.engine);
  f.text({.key = "cause",
          .help = "The referee's words for it, kept in the log (\"withdrawn\", \"captured\")",
          .value_name = "TEXT",
          .max_bytes = default_text_bytes},
         r.cause);
}

ActionResult remove_action(const RemoveRequest& r, Context& ctx, SiegeState* st) {
  (void)ctx;
  // One of --unit and --engine is given (check_declared): not both.
  if (!r.unit.empty() && !r.engine.empty())
    refuse_input("bad-option", "engine", "goes without " + input_word("unit") + ": give one of them");
  RemovalInput in;
  in.kind = r.engine.empty() ? RemovalInput::Kind::unit : RemovalInput::Kind::engine;
  in.id = r.engine.empty() ? r.unit : r.engine;
  in.cause = r.cause;
  RemovalOutcome o = remove_from_siege(st->now, in);
  spell_notes(o.notes);
  nlohmann::json summary = troop_summary(o);
  summary[o.engine ? "engine" : "unit"] = o.id;
  summary["cause"] = o.cause.empty() ? nlohmann::json() : nlohmann::json(o.cause);
  summary["figures_left"] = o.figures_left;
  summary["idle"] = o.idle;
  for (std::size_t i = 0; i < o.armies.size(); ++i)
    summary["armies"][i]["strength"] = o.armies[i].after.strength;
  return {print::json_text(print::write_removal, o), print::remove_text(o), std::move(summary)};
}

}  // namespace

SIEGE_COMMAND(remove) = action_command<RemoveRequest, remove_inputs, remove_action, print::describe_remove>({
    .name = "remove",
    .rank = 150,
    .summary = "A unit or an engine leaves the siege; its record stays, marked gone (with --state)",
    .example = "siege --state siege.json remove --engine ram --cause captured",
    .needs_state = true});

}  // namespace siege::cli
