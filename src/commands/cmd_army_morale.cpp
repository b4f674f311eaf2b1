// `siege army-morale`: whether the army checks morale (R25); with --state
// the strength and killed of a side's army in the file (R33).
#include <fmt/core.h>

#include "commands/actions.hpp"
#include "commands/command.hpp"
#include "print/json.hpp"
#include "siege/morale.hpp"
#include "print/render.hpp"
#include "print/text.hpp"
#include "commands/unit_view.hpp"

namespace siege::cli {

namespace {

// `army-morale`: whether the army checks morale (R25).
struct ArmyMoraleRequest {
  std::optional<int> strength;
  std::optional<int> killed;
  bool defender_in_castle = false;
  std::string side;  // with --state: besieger (also attacker) or defender
};

ArmyMoraleOutcome run_army_morale(const ArmyMoraleRequest& r, Context&) {
  ArmyMoraleInput in;
  in.strength = required(r.strength, "strength");
  in.killed = required(r.killed, "killed");
  in.defender_in_castle = r.defender_in_castle ? InCastle::yes : InCastle::no;
  return army_morale(in);
}

void army_morale_inputs(Fields& f, ArmyMoraleRequest& r) {
  f.number({.key = "strength", .help = "Figures the army started with", .need = Need::without_state},
           r.strength, 1, max_army);
  f.number({.key = "killed", .help = "Figures of it killed so far", .need = Need::without_state}, r.killed, 0,
           max_army);
  f.flag({"defender-in-castle", "The army defends a castle: it never checks"}, r.defender_in_castle);
  f.text({.key = "side",
          .help = "With --state: besieger (or attacker) or defender; strength and killed from the file",
          .value_name = "SIDE",
          .choices = side_words},
         r.side);
}

// With --state: the check of a side's army from the file (R25, R33).
ActionResult side_morale_action(const ArmyMoraleRequest& r, SiegeState& st) {
  const char* cmd = "army-morale";
  if (r.side.empty()) fail_missing("missing-option", "side", ors(side_words) + "; needed with --state");
  const UnitSide side = parse_unit_side(r.side);
  refuse_known("strength", r.strength.has_value(), "the army's strength");
  refuse_known("killed", r.killed.has_value(), "the army's killed");
  refuse_known("defender-in-castle", r.defender_in_castle, "whether the defenders hold a castle");
  const SideMoraleOutcome o = side_morale(st.now, side);
  const std::string fields =
      json_field("side", name_of(side)) + ",\"called\":" + (o.army.called ? "true" : "false");
  nlohmann::json summary = {{"side", name_of(side)},
                            {"due", o.morale.due},
                            {"threshold", o.morale.threshold},
                            {"killed", o.army.killed}};
  // Only an army whose check was called says so: older entries stay as they were.
  if (o.army.called) summary["called"] = true;
  return {with_fields(print::json_text(print::write_army_morale, o.morale), cmd, fields),
          fmt::format("Side      {}{}\n", name_of(side),
                      o.army.called ? ": the one-third check has been called" : "") +
              print::army_morale_text(o.morale),
          std::move(summary)};
}

ActionResult army_morale_action(const ArmyMoraleRequest& r, Context& ctx, SiegeState* siege) {
  SiegeState* st = units_state(siege, !r.side.empty());
  if (st != nullptr) return side_morale_action(r, *st);
  refuse_unit_options({{"side", !r.side.empty()}});
  const auto o = run_army_morale(r, ctx);
  ActionResult out = outcome_result(ctx, print::write_army_morale, print::army_morale_text, o);
  if (siege != nullptr) out.summary = {{"due", o.due}, {"threshold", o.threshold}};
  return out;
}

}  // namespace

namespace {

// What the references say of `army-morale` (tools/gen-refs writes docs/siege.1, README.md,
// docs/state.md and the outcome schema from it).
CommandDoc army_morale_doc() {
  return {
      .synopsis = R"doc(`siege army-morale --strength` *N* `--killed` *N* [`--defender-in-castle`]
`siege --state` *FILE* `army-morale --side` `besieger` | `defender`)doc",
      .about = R"doc(Whether an army must check morale: when a third of it or more has been killed (killed x 3 >=
strength), and never for the defenders of a castle (R25).)doc",
      .inputs = R"doc(@strength: Figures the army started with.
@killed: Figures of it killed so far, at most the strength.
@defender-in-castle: The army defends a castle: it never checks.
@side: With `--state`, required: `besieger` (also `attacker`) or `defender`; the strength, the killed
and whether the defenders hold a castle come from the file's army (R33), so the options above
are refused. The outcome also says whether the check has been called: the troop command whose
losses first bring an army's killed to a third calls it, once, and says so.)doc",
      .example = R"doc(Example:

    $ siege army-morale --strength 30 --killed 10
    Army      30 figures, 10 killed
    Third     10 killed (killed x 3 >= strength; exactly a third counts)
    Check     due now: 10 x 3 = 30 >= 30 (R25))doc",
      .with_state = R"doc(`side` required: the army's strength and killed from the file; nothing changes; `strength`, `killed`, `defender-in-castle` refused)doc",
      .outcome = R"json({
  "army_morale_outcome": {
    "description": "Whether the army checks morale (R25); with --state a side's army in the file, and whether its check has been called (R33).",
    "allOf": [{"$ref": "#/$defs/base"}, {"$ref": "#/$defs/logged"}],
    "properties": {
      "action": {"const": "army-morale"},
      "strength": {"type": "integer", "minimum": 1},
      "killed": {"$ref": "#/$defs/count"},
      "defender_in_castle": {"type": "boolean"},
      "threshold": {"$ref": "#/$defs/count"},
      "remaining": {"$ref": "#/$defs/count"},
      "check_due": {"type": "boolean"},
      "side": {"enum": ["besieger", "defender"]},
      "called": {"type": "boolean"}
    },
    "required": ["strength", "killed", "defender_in_castle", "threshold", "remaining", "check_due"],
    "dependentRequired": {"side": ["called"], "called": ["side"]},
    "unevaluatedProperties": false
  }
})json"};
}

}  // namespace

SIEGE_COMMAND(army_morale) = action_command<ArmyMoraleRequest, army_morale_inputs, army_morale_action, print::describe_army_morale>({
    .name = "army-morale",
    .rank = 90,
    .summary = "Whether an army checks morale after its losses",
    .example = "siege army-morale --strength 30 --killed 10\n  siege --state siege.json army-morale --side besieger",
    .doc = army_morale_doc});

}  // namespace siege::cli
