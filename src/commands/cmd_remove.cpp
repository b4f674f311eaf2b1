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

namespace {

// What the references say of `remove` (tools/gen-refs writes docs/siege.1, README.md,
// docs/state.md and the outcome schema from it).
CommandDoc remove_doc() {
  return {
      .synopsis = R"doc(`siege --state` *FILE* `remove` (`--unit` *ID* | *--engine* *ID*) [`--cause` *TEXT*])doc",
      .about = R"doc(A unit or an engine leaves the siege (R36): withdrawn, deserted, captured, burned by the
referee's ruling. Its record stays in its place, marked `"gone": "removed"` in the file, so its
id and history stay; no command may name it again. A unit's figures that leave alive leave its
army's strength; its killed stay counted. A unit with figures through a breach, or facing a
hold, leaves all the same. Engines aimed at an engine that leaves have nothing to shoot: the
outcome names them (key `idle`), and so does the next scene's report. Needs `--state`; logged.)doc",
      .inputs = R"doc(@unit: The unit that leaves (or `--engine`).
@engine: The engine that leaves (or `--unit`).
@cause: The referee's words for it, kept in the log.)doc",
      .example = R"doc(Example:

    $ siege --state siege.json remove --engine ram --cause captured
    Leaves    engine ram: captured)doc",
      .with_state = R"doc(R36: the record marked `"gone": "removed"`; a unit's figures alive leave the army's strength; needs a state)doc",
      .outcome = R"json({
  "remove_outcome": {
    "description": "With --state: a unit or an engine leaves the siege (R36); its record stays, marked gone. idle: the engines aimed at an engine that left.",
    "allOf": [{"$ref": "#/$defs/base"}, {"$ref": "#/$defs/logged"}],
    "properties": {
      "action": {"const": "remove"},
      "kind": {"enum": ["unit", "engine"]},
      "unit": {"$ref": "#/$defs/id"},
      "engine": {"$ref": "#/$defs/id"},
      "cause": {"type": ["string", "null"]},
      "figures_left": {"$ref": "#/$defs/count"},
      "record": {"oneOf": [{"$ref": "#/$defs/unit_state"}, {"$ref": "#/$defs/engine_state"}]},
      "idle": {"type": "array", "items": {"$ref": "#/$defs/id"}},
      "units": {"$ref": "#/$defs/troop_units"},
      "armies": {"$ref": "#/$defs/troop_armies"}
    },
    "required": ["kind", "cause", "figures_left", "record", "idle", "units", "armies"],
    "oneOf": [{"required": ["unit"]}, {"required": ["engine"]}],
    "unevaluatedProperties": false
  }
})json"};
}

}  // namespace

SIEGE_COMMAND(remove) = action_command<RemoveRequest, remove_inputs, remove_action, print::describe_remove>({
    .name = "remove",
    .rank = 150,
    .summary = "A unit or an engine leaves the siege; its record stays, marked gone (with --state)",
    .example = "siege --state siege.json remove --engine ram --cause captured",
    .needs_state = true,
    .doc = remove_doc});

}  // namespace siege::cli
