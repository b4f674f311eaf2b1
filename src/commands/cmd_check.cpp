// `siege check`: one symbol-dice check (R27).
#include <fmt/core.h>

#include "commands/cmd_attack.hpp"
#include "commands/command.hpp"
#include "print/json.hpp"
#include "print/render.hpp"
#include "print/text.hpp"

namespace siege::cli {

CheckSpec check_spec(const CheckRequest& r) {
  CheckSpec spec;
  spec.difficulty = parse_difficulty(r.difficulty);
  spec.pool = *r.pool;
  spec.bane_dice = *r.bane_dice;
  spec.boon_dice = *r.boon_dice;
  return spec;
}

void check_inputs(Fields& f, CheckRequest& r) {
  f.text({.key = "difficulty",
          .help = "easy, average, hard or daunting",
          .value_name = "D",
          .also = "-d",
          .need = Need::required,
          .choices = difficulty_names},
         r.difficulty);
  f.number({"pool", "Skill dice"}, r.pool, 0, max_dice);
  f.number({"bane-dice", "Extra Bane dice"}, r.bane_dice, 0, max_dice);
  f.number({"boon-dice", "Extra Boon dice"}, r.boon_dice, 0, max_dice);
}

namespace {

CheckResult run_check(const CheckRequest& r, Context& ctx) {
  return roll_check(check_spec(r), ctx.tables().dice, ctx.rng());
}

// A check changes nothing in a siege; with a state it runs the same, and
// its log entry keeps a summary.
ActionResult check_action(const CheckRequest& r, Context& ctx, SiegeState* st) {
  const auto c = run_check(r, ctx);
  ActionResult out = outcome_result(ctx, print::write_check_outcome, print::check_text, c, ctx.seed());
  if (st != nullptr)
    out.summary = {{"net_successes", c.net_successes}, {"net_boons", c.net_boons}, {"passed", c.passed()}};
  return out;
}

}  // namespace

namespace {

// What the references say of `check` (tools/gen-refs writes docs/siege.1, README.md,
// docs/state.md and the outcome schema from it).
CommandDoc check_doc() {
  return {
      .synopsis = R"doc(`siege check --difficulty` *D* [`--pool` *N*] [`--bane-dice` *N*] [`--boon-dice` *N*])doc",
      .about = R"doc(Roll one symbol-dice check and report every die, the symbols, the net Successes and Boons, and
whether it passed.)doc",
      .inputs = R"doc(@difficulty: How hard the check is. It sets how many difficulty dice join the pool (from *dice.json*).
@pool: Skill dice.
@bane-dice: Extra Bane dice.
@boon-dice: Extra Boon dice.)doc",
      .example = R"doc(Example:

    $ siege check --difficulty hard --pool 4 --seed 7
    Check     Hard check, 4 skill + 3 difficulty dice (seed 7)
              [S] [S] [ ] [B B] | [ ] [F F] [F]
              Dice: S Success, F Failure, B Boon, X Bane, [ ] blank
              2 success, 3 failure, 2 boon, 0 bane -> -1 net Successes, 2
              net Boons -> fail)doc",
      .with_state = "logged; changes nothing in the siege",
      .outcome = R"json({
  "check_outcome": {
    "allOf": [{"$ref": "#/$defs/base"}],
    "properties": {"action": {"const": "check"}, "seed": {"$ref": "#/$defs/seed"}, "check": {"$ref": "#/$defs/check"}},
    "required": ["seed", "check"],
    "unevaluatedProperties": false
  }
})json"};
}

}  // namespace

SIEGE_COMMAND(check) = action_command<CheckRequest, check_inputs, check_action, print::describe_check>({
    .name = "check",
    .rank = 30,
    .summary = "Roll one symbol-dice check",
    .example = "siege check --difficulty hard --pool 4 --seed 7",
    .doc = check_doc});

}  // namespace siege::cli
