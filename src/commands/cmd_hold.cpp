// `siege hold`: a unit holding a breach takes a morale check (R21, R22, R28);
// with --state a defender unit of the file against a besieger unit at the
// same section, the margin moving enemy figures through (R33).
#include <fmt/core.h>
#include <fmt/format.h>

#include "commands/command.hpp"
#include "print/json.hpp"
#include "siege/breach.hpp"
#include "siege/morale.hpp"
#include "print/render.hpp"
#include "print/text.hpp"
#include "commands/unit_view.hpp"
#include "print/troop_words.hpp"

namespace siege::cli {

namespace {

// `hold`: a unit holding a breach takes a morale check (R21, R22, R28).
struct HoldRequest {
  std::optional<int> needed;
  std::optional<int> rolled;  // absent: roll the data's morale dice
  std::string order;          // good, shaken (routed is refused); required unless hero
  Given<std::string> site = std::string("breach");
  Given<int> unprotected_in_contact = 0;
  bool hero = false;
  std::optional<int> figures;
  std::optional<int> enemy_figures;
  std::string unit;     // with --state: the holding (defender) unit
  std::string enemy;    // the besieger unit it holds against
  std::string section;  // where both stand
};

// The orders a unit may hold in (a routed one cannot: R21).
constexpr Words hold_orders = Words(order_names).first(2);

HoldOutcome run_hold(const HoldRequest& r, Context& ctx) {
  HoldInput in;
  in.hero = r.hero ? Hero::yes : Hero::no;
  // A siege without units (units_state) asks for the order with --state too.
  if (r.order.empty() && !r.hero)
    fail_missing("missing-option", "order", ors(hold_orders) + " (or instead " + input_word("hero") + ")");
  in.order = r.order.empty() ? Order::good : parse_order(r.order);
  in.site = parse_hold_site(*r.site);
  in.unprotected_in_contact = *r.unprotected_in_contact;
  in.needed = r.needed;
  in.figures = r.figures;
  in.enemy_figures = r.enemy_figures;
  if (r.rolled) in.roll = referee_roll(*r.rolled);
  // A hero never fails, so nothing is rolled for one unless the referee did.
  const bool roll_here = !r.rolled && !r.hero;
  validate_hold(in, roll_here ? RollComing::yes : RollComing::no);
  if (roll_here) in.roll = roll_morale(ctx.tables().dice, ctx.rng());
  return resolve_hold(in);
}

void hold_inputs(Fields& f, HoldRequest& r) {
  static constexpr std::string_view unless_hero[] = {"hero"};
  f.number({"needed", "The morale roll needed (pass when rolled <= needed)"}, r.needed, 0, max_morale_number);
  f.number({"rolled", "The referee's morale roll; without it the data's morale dice are rolled"}, r.rolled,
           -max_morale_number, max_morale_number);
  f.text({.key = "order",
          .help = "The unit's order: good or shaken (a routed unit cannot hold)",
          .value_name = "ORDER",
          .need = Need::without_state,
          .choices = order_names,  // routed too: the rule refuses it with its reason (R21)
          .required_unless = unless_hero},
         r.order);
  f.text({.key = "site",
          .help = "breach, gateway, doorway, window, wall-top, rampart, parapet, breastwork; "
                  "corridor, bridge and passage are refused (R22)",
          .value_name = "SITE",
          .choices = hold_site_names},  // the rule refuses the wide sites with its reason (R22)
         r.site);
  f.number({"unprotected-in-contact",
            "On a wall-top, rampart, parapet or breastwork: figures in contact not behind the barrier"},
           r.unprotected_in_contact, 0, max_figures);
  f.flag({"hero", "A hero holds: never fails a morale check (R21)"}, r.hero);
  f.number({"figures", "Figures in the holding unit (reported)"}, r.figures, 1, max_figures);
  f.number({"enemy-figures", "Enemy figures that could pass: caps the number forced through"}, r.enemy_figures, 1,
           max_figures);
  f.text(
      {"unit", "With --state: the defender unit that holds (its order, figures, hero from the file)", "ID"},
      r.unit);
  f.text({"enemy", "With --state: the besieger unit held back (its figures behind cap those forced through)",
          "ID"},
         r.enemy);
  f.text({"section", "With --state: the section where both units stand", "ID"}, r.section);
}

// With --state: the holder and the enemy from the file (R33).
ActionResult unit_hold_action(const HoldRequest& r, Context& ctx, SiegeState& st) {
  const char* cmd = "hold";
  UnitHoldInput in;
  in.holder = required_id(r.unit, "unit");
  in.enemy = required_id(r.enemy, "enemy");
  in.section = required_id(r.section, "section");
  refuse_known("order", !r.order.empty(), "the unit's order");
  refuse_known("hero", r.hero, "whether the unit is a hero");
  refuse_known("figures", r.figures.has_value(), "the unit's figures");
  refuse_known("enemy-figures", r.enemy_figures.has_value(), "the enemy's figures behind the breach");
  if (r.site.given()) in.site = parse_hold_site(*r.site);
  in.unprotected_in_contact = *r.unprotected_in_contact;
  in.needed = r.needed;
  if (r.rolled) in.roll = referee_roll(*r.rolled);
  // Refused before any die is rolled; a hero never fails, so none is rolled for one.
  const HoldInput hi = hold_input(st.now, in, RollComing::yes);
  if (!in.roll && hi.hero == Hero::no) in.roll = roll_morale(ctx.tables().dice, ctx.rng());
  auto o = hold_unit(st.now, in);
  adopt_trace(o.hold, o);
  const std::string fields = json_field("unit", in.holder) + "," + json_field("enemy", in.enemy) + "," +
                             json_field("section", o.section) + "," +
                             json_field("moved_through", o.moved_through) + "," + troop_fields(o);
  nlohmann::json summary = troop_summary(o);
  summary["passed"] = o.hold.passed;
  summary["through"] = o.hold.through;
  summary["moved_through"] = o.moved_through;
  return {with_fields(print::json_text(print::write_hold, o.hold, ctx.seed()), cmd, fields),
          before_rules(print::hold_line(o.section, in.holder, in.enemy) + print::hold_text(o.hold, ctx.seed()),
                       troop_text(o)),
          std::move(summary)};
}

ActionResult hold_action(const HoldRequest& r, Context& ctx, SiegeState* siege) {
  SiegeState* st = units_state(siege, !r.unit.empty());
  if (st != nullptr) return unit_hold_action(r, ctx, *st);
  refuse_unit_options({{"unit", !r.unit.empty()}, {"enemy", !r.enemy.empty()}, {"section", !r.section.empty()}});
  const auto o = run_hold(r, ctx);
  ActionResult out = outcome_result(ctx, print::write_hold, print::hold_text, o, ctx.seed());
  if (siege != nullptr) out.summary = {{"passed", o.passed}, {"through", o.through}};
  return out;
}

}  // namespace

SIEGE_COMMAND(hold) = action_command<HoldRequest, hold_inputs, hold_action, print::describe_hold>({
    .name = "hold",
    .rank = 70,
    .summary = "Hold a breach: the morale check and how many enemy figures force their way through",
    .example = "siege hold --needed 12 --rolled 15 --order good --site breach\n"
      "  siege --state siege.json hold --unit garrison --enemy storming-party --section north-wall --needed "
      "12 "
      "--rolled 15"});

}  // namespace siege::cli
