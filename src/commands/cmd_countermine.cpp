// `siege countermine`: settles a gallery the defenders found (R31).
#include <fmt/core.h>

#include "commands/command.hpp"
#include "print/json.hpp"
#include "print/render.hpp"
#include "print/text.hpp"
#include "siege/gallery.hpp"

namespace siege::cli {

namespace {

struct CountermineRequest {
  std::string section;
  std::string result;
};

void countermine_inputs(Fields& f, CountermineRequest& r) {
  static const std::string section_help = see_hint("The section whose gallery the defenders found", {"status"});
  f.text({.key = "section", .help = section_help,
          .value_name = "ID", .need = Need::required},
         r.section);
  f.text({.key = "result", .help = "collapsed (the gallery is lost) or failed (the sappers dig on)",
          .value_name = "collapsed|failed", .need = Need::required, .choices = countermine_result_names},
         r.result);
}

CountermineResult parse_countermine_result(const std::string& s) {
  if (s == name_of(CountermineResult::collapsed)) return CountermineResult::collapsed;
  if (s == name_of(CountermineResult::failed)) return CountermineResult::failed;
  throw Error(ErrorKind::internal, "bad-result", "countermine: --result '" + s + "' passed its choices (a bug)");
}

ActionResult countermine_action(const CountermineRequest& r, Context& ctx, SiegeState* st) {
  const CountermineResult result = parse_countermine_result(r.result);
  const CountermineOutcome o = settle_countermine(st->now, ctx.tables(), r.section, result);
  std::string json = print::json_text(print::write_countermine, o);
  return {std::move(json), print::countermine_text(o),
          {{"section", o.section},
           {"result", name_of(o.result)},
           {"days", {{"before", o.before.days_dug}, {"after", o.after.days_dug}}}}};
}

}  // namespace

namespace {

// What the references say of `countermine` (tools/gen-refs writes docs/siege.1, README.md,
// docs/state.md and the outcome schema from it).
CommandDoc countermine_doc() {
  return {
      .synopsis = R"doc(`siege --state` *FILE* `countermine --section` *ID* `--result` `collapsed`|`failed`)doc",
      .about = R"doc(Settles a gallery the defenders found (R31). `collapsed` loses the gallery: 0 days dug, no
longer found; the sappers may start a new one, but the days of this scene the lost one used stay
used (R30). `failed` lets the sappers dig on from the days they had: "found" is cleared and the
daily checks of R19 go on. A section with no gallery, or one not found, is refused. Needs
`--state`; logged.)doc",
      .inputs = R"doc(@section: The section whose gallery was found.
@result: How the countermine ended.)doc",
      .example = R"doc(Example:

    $ siege --state siege.json countermine --section east-wall \
        --result collapsed)doc",
      .with_state = "R31: `collapsed` empties the gallery, `failed` clears `detected`; needs a state",
      .outcome = R"json({
  "countermine_outcome": {
    "description": "`siege countermine` (R31): a found gallery collapsed or dug on.",
    "allOf": [{"$ref": "#/$defs/base"}, {"$ref": "#/$defs/logged"}],
    "properties": {
      "action": {"const": "countermine"},
      "section": {"$ref": "#/$defs/id"},
      "result": {"enum": ["collapsed", "failed"]},
      "days_needed": {"$ref": "#/$defs/count"},
      "before": {"$ref": "#/$defs/gallery"},
      "after": {"$ref": "#/$defs/gallery"}
    },
    "required": ["section", "result", "days_needed", "before", "after"],
    "unevaluatedProperties": false
  },
  "gallery": {
    "type": "object",
    "properties": {"days_dug": {"$ref": "#/$defs/count"}, "detected": {"type": "boolean"}},
    "required": ["days_dug", "detected"],
    "additionalProperties": false
  }
})json"};
}

}  // namespace

SIEGE_COMMAND(countermine) = action_command<CountermineRequest, countermine_inputs, countermine_action, print::describe_countermine>({
    .name = "countermine",
    .rank = 250,
    .summary = "Settle a gallery the defenders found: collapsed or failed (with --state)",
    .example = "siege --state siege.json countermine --section east-wall --result collapsed",
    .needs_state = true,
    .doc = countermine_doc});

}  // namespace siege::cli
