// `siege hold`: a unit holding a breach takes a morale check (R21, R22, R28);
// with --state a defender unit of the file against a besieger unit at the
// same section, the margin moving enemy figures through (R33).
#include <fmt/core.h>
#include <fmt/format.h>

#include "commands/actions.hpp"
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
  return with_troops(print::json_text(print::write_hold, o.hold, ctx.seed()), cmd,
                     json_field("unit", in.holder) + "," + json_field("enemy", in.enemy) + "," +
                         json_field("section", o.section) + "," + json_field("moved_through", o.moved_through),
                     print::hold_line(o.section, in.holder, in.enemy) + print::hold_text(o.hold, ctx.seed()), "", o,
                     {{"passed", o.hold.passed}, {"through", o.hold.through}, {"moved_through", o.moved_through}});
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

namespace {

// What the references say of `hold` (tools/gen-refs writes docs/siege.1, README.md,
// docs/state.md and the outcome schema from it).
CommandDoc hold_doc() {
  return {
      .synopsis = R"doc(`siege hold --needed` *N* [`--rolled` *N*] `--order` *ORDER* [*options*]
`siege --state` *FILE* `hold --unit` *ID* `--enemy` *ID* `--section` *ID* `--needed` *N* [`--rolled` *N*])doc",
      .about = R"doc(A unit holding a breach, gateway or wall top takes a morale check (R21, R22). It passes when the
roll is at most the number needed. If it fails by *M*, *M* enemy figures force their way
through; the defenders step back only to let them pass (no 4" withdrawal), lose no figure, and
keep their order. Without `--rolled` the morale dice of *dice.json* are rolled (2d10 by default,
R28).)doc",
      .inputs = R"doc(@needed: The number the roll must not exceed.
@rolled: The referee's morale roll; no die is rolled.
@order: The unit's order. A routed unit cannot hold.
@site: Where the unit holds: `breach`, `gateway`, `doorway`, `window` (bottlenecks) or `wall-top`,
`rampart`, `parapet`, `breastwork` (barriers). A line across a `corridor`, `bridge` or `passage`
cannot hold (R22).
@unprotected-in-contact: At a barrier: figures in contact with the enemy that are not behind it. Holding needs 0.
@hero: A hero holds: a hero never fails this check (R21).
@figures: Figures of the holding unit (reported only).
@enemy-figures: Enemy figures at the obstacle: no more than these can be forced through.
@unit: With `--state`: the defender unit that holds; its order, figures and whether it is a hero come
from the file, so `--order`, `--hero`, `--figures` and `--enemy-figures` are refused.
@enemy: With `--state`: the besieger unit held back; the figures forced through (the margin, capped at
its figures behind) move through the breach (R33).
@section: With `--state`: the section where both units stand (else refused); the site defaults to `breach`
on a breached section and `wall-top` on another.)doc",
      .after = R"doc(With `--state`, `--unit`, `--enemy` and `--section` are required; a routed unit, a besieger
holding or a defender as the enemy are refused.)doc",
      .example = R"doc(Example: needed 12, rolled 15.

    $ siege hold --needed 12 --rolled 15 --order good --site breach
    Hold      good unit at the breach (bottleneck)
    Roll      15 (the referee's roll)
    Needed    12 or less -> fail by 3
    Result    3 enemy figures force a way through (R21)
    Defender  steps back just enough to let them through; no 4"
              withdrawal
    Order     good -> good
    ...)doc",
      .with_state = R"doc(`unit`, `enemy`, `section` required: the holder's order, figures and hero, the enemy's figures behind from the file; the enemy figures forced through are written back; `order`, `hero`, `figures`, `enemy-figures` refused)doc",
      .outcome = R"json({
  "hold_outcome": {
    "description": "Holding a breach (R21, R22, R28); with --state a unit of the file against an enemy unit at a section (R33).",
    "allOf": [{"$ref": "#/$defs/base"}, {"$ref": "#/$defs/logged"}],
    "properties": {
      "action": {"const": "hold"},
      "site": {"enum": ["breach", "gateway", "doorway", "window", "wall-top", "rampart", "parapet", "breastwork"]},
      "site_kind": {"enum": ["bottleneck", "barrier"]},
      "order": {"enum": ["good", "shaken"]},
      "hero": {"type": "boolean"},
      "figures": {"type": ["integer", "null"], "minimum": 1},
      "enemy_figures": {"type": ["integer", "null"], "minimum": 1},
      "seed": {"$ref": "#/$defs/seed"},
      "needed": {"type": ["integer", "null"], "minimum": 0},
      "roll": {
        "oneOf": [
          {"type": "null"},
          {
            "type": "object",
            "properties": {
              "rolled": {"type": "boolean"},
              "expression": {"type": ["string", "null"]},
              "dice": {"type": "array", "items": {"type": "integer", "minimum": 1}},
              "modifier": {"type": "integer"},
              "total": {"type": "integer"}
            },
            "required": ["rolled", "expression", "dice", "modifier", "total"],
            "additionalProperties": false
          }
        ]
      },
      "passed": {"type": "boolean"},
      "held": {"type": "boolean"},
      "margin": {"$ref": "#/$defs/count"},
      "through": {"$ref": "#/$defs/count"},
      "capped": {"type": "boolean"},
      "steps_back": {"type": "boolean"},
      "withdraws": {"const": false},
      "order_after": {"enum": ["good", "shaken"]},
      "must_regain_position": {"type": "boolean"},
      "unit": {"$ref": "#/$defs/id"},
      "enemy": {"$ref": "#/$defs/id"},
      "section": {"$ref": "#/$defs/id"},
      "moved_through": {"$ref": "#/$defs/count"},
      "units": {"$ref": "#/$defs/troop_units"},
      "armies": {"$ref": "#/$defs/troop_armies"}
    },
    "required": [
      "site",
      "site_kind",
      "order",
      "hero",
      "figures",
      "enemy_figures",
      "seed",
      "needed",
      "roll",
      "passed",
      "held",
      "margin",
      "through",
      "capped",
      "steps_back",
      "withdraws",
      "order_after",
      "must_regain_position"
    ],
    "dependentRequired": {
      "unit": ["enemy", "section", "moved_through", "units", "armies"],
      "enemy": ["unit", "section", "moved_through", "units", "armies"],
      "section": ["unit", "enemy", "moved_through", "units", "armies"],
      "moved_through": ["unit", "enemy", "section", "units", "armies"],
      "units": ["unit", "enemy", "section", "moved_through", "armies"],
      "armies": ["unit", "enemy", "section", "moved_through", "units"]
    },
    "unevaluatedProperties": false
  }
})json"};
}

}  // namespace

SIEGE_COMMAND(hold) = action_command<HoldRequest, hold_inputs, hold_action, print::describe_hold>({
    .name = "hold",
    .rank = 70,
    .summary = "Hold a breach: the morale check and how many enemy figures force their way through",
    .example = "siege hold --needed 12 --rolled 15 --order good --site breach\n"
      "  siege --state siege.json hold --unit garrison --enemy storming-party --section north-wall --needed "
      "12 "
      "--rolled 15",
    .doc = hold_doc});

}  // namespace siege::cli
