// `siege rout`: a rout result within walls (R24), beside the standard rout;
// with --state on a unit of the file, whose losses count for its army (R33).
#include <fmt/core.h>

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

// `rout`: a rout result within walls (R24).
struct RoutRequest {
  std::optional<int> figures;
  Given<std::string> order = std::string("good");
  Given<std::string> side = std::string("defender");
  bool all_within_walls = false;  // also --within-walls
  std::optional<int> room_figures;
  Given<int> blocked = 0;
  std::string unit;       // with --state: the unit that takes the rout result
  bool standard = false;  // with --state: the player takes the standard rout (R24)
};

// The rout rules' side; a unit's side name `besieger` is read as `attacker`.
Side rout_side_of(const std::string& s) { return s == "besieger" ? Side::attacker : parse_side(s); }

RoutOutcome run_rout(const RoutRequest& r, Context& ctx) {
  RoutInput in;
  in.figures = required(r.figures, "figures");
  in.order = parse_order(*r.order);
  in.side = rout_side_of(*r.side);
  in.within_walls = r.all_within_walls ? WithinWalls::yes : WithinWalls::no;
  in.room_figures = r.room_figures;
  in.blocked = *r.blocked;
  in.move_inches = ctx.tables().troops.rout_move_inches;
  RoutOutcome o = resolve_rout(in);
  spell_notes(o.notes);
  return o;
}

void rout_inputs(Fields& f, RoutRequest& r) {
  f.number({.key = "figures",
            .help = "Figures in the unit when the rout result comes",
            .need = Need::without_state},
           r.figures, 1, max_figures);
  f.text({.key = "order",
          .help = "The unit's order before: good or shaken",
          .value_name = "ORDER",
          .choices = order_names,  // routed too: the rule refuses it with its reason (R24)
          .choice_id = "bad-order"},
         r.order);
  f.text({.key = "side",
          .help = "defender or attacker (besieger is read as attacker)",
          .value_name = "SIDE",
          .choices = side_words},
         r.side);
  f.flag({.key = "all-within-walls",
          .help = "Attacker: every surviving figure of the unit is within the walls",
          .also = "--within-walls"},
         r.all_within_walls);
  f.number({"room-figures", "Unit split between rooms: figures in the room that took the rout result"},
           r.room_figures, 1, max_figures);
  f.number({"blocked", "Movers that cannot finish the move or that touch the enemy (eliminated)"}, r.blocked, 0,
           max_figures);
  f.text({"unit", "With --state: the unit with the rout result (figures, order, side, place from the file)",
          "ID"},
         r.unit);
  f.flag({"standard", "With --state: the player takes the standard rout instead: the unit is routed (R24)"},
         r.standard);
}

// With --state: the rout result on a unit of the file (R24, R33).
ActionResult unit_rout_action(const RoutRequest& r, Context& ctx, SiegeState& st) {
  const char* cmd = "rout";
  UnitRoutInput in;
  in.unit = required_id(r.unit, "unit");
  refuse_known("figures", r.figures.has_value(), "the unit's figures");
  refuse_known("order", r.order.given(), "the unit's order");
  refuse_known("side", r.side.given(), "the unit's side");
  refuse_known("all-within-walls", r.all_within_walls, "whether the unit is within the walls");
  in.room_figures = r.room_figures;
  in.blocked = *r.blocked;
  in.choice = r.standard ? RoutChoice::standard : RoutChoice::special;
  auto o = rout_unit(st.now, in, ctx.tables());
  spell_notes(o.notes);  // the troop outcome holds the trace (adopt_trace)
  adopt_trace(o.rout, o);
  const char* taken = o.standard ? "standard" : "special";
  return with_troops(print::json_text(print::write_rout, o.rout), cmd,
                     json_field("unit", in.unit) + "," + json_field("taken", taken) + "," +
                         json_field("removed", o.removed),
                     print::rout_text(o.rout), rout_taken_line(o.standard, o.removed), o,
                     {{"unit", in.unit}, {"taken", taken}, {"removed", o.removed}});
}

ActionResult rout_action(const RoutRequest& r, Context& ctx, SiegeState* siege) {
  SiegeState* st = units_state(siege, !r.unit.empty());
  if (st != nullptr) return unit_rout_action(r, ctx, *st);
  refuse_unit_options({{"unit", !r.unit.empty()}, {"standard", r.standard}});
  const auto o = run_rout(r, ctx);
  ActionResult out = outcome_result(ctx, print::write_rout, print::rout_text, o);
  if (siege != nullptr) out.summary = {{"figures", o.figures}, {"moving", o.moving}, {"blocked", o.blocked}};
  return out;
}

}  // namespace

namespace {

// What the references say of `rout` (tools/gen-refs writes docs/siege.1, README.md,
// docs/state.md and the outcome schema from it).
CommandDoc rout_doc() {
  return {
      .synopsis = R"doc(`siege rout --figures` *N* [*options*]
`siege --state` *FILE* `rout --unit` *ID* [`--room-figures` *N*] [`--blocked` *N*] [`--standard`])doc",
      .about = R"doc(A rout result for a unit within walls (R24). Beside the standard rout the player may choose the
special procedure: the unit becomes shaken, loses one more figure, and the rest move 4" away
from the enemy; movers that cannot finish the move or touch the enemy are lost. Defenders may
always choose it; attackers only when all of their figures are within the walls.)doc",
      .inputs = R"doc(@figures: Figures in the unit when the rout result comes.
@order: Its order before: `good` or `shaken`.
@side: `defender` or `attacker` (`besieger` is read as `attacker`).
@all-within-walls: An attacking unit has every surviving figure within the walls.
@room-figures: The unit is split between rooms: figures in the room that took the rout result; only they move.
@blocked: Movers that cannot finish the move or that touch the enemy.
@unit: With `--state`, required: the unit with the rout result. Its figures, order, side and place come
from the file (so `--figures`, `--order`, `--side` and `--all-within-walls` are refused): a
defender, or a besieger unit with every figure within the walls, takes the special procedure,
and the figures removed and eliminated leave it and count as killed for its army (R33); a
besieger unit not wholly within the walls takes the standard rout.
@standard: With `--state`: the player takes the standard rout instead (R24): the unit is routed and keeps
its figures.)doc",
      .example = R"doc(Example:

    $ siege rout --figures 8 --order good --blocked 1
    Rout      defender unit of 8 figures in good order, defending within
              the walls
    Special     8  figures at the start
                8  1. the unit becomes shaken
                7  2. one extra figure removed, no further check for it
                6  3. 7 figures move 4" away from the enemy; 1 blocked or
                   touching the enemy: eliminated
              ->   6 figures, shaken (R24)
    Standard  rout by the normal morale rules -> 8 figures, routed)doc",
      .with_state = R"doc(`unit` required: its figures, order, side and place from the file; the figures removed and eliminated (or the standard rout's order) written back; `figures`, `order`, `side`, `all-within-walls` refused)doc",
      .outcome = R"json({
  "rout_outcome": {
    "description": "A rout result within walls (R24): the special procedure (null when not open to the unit) beside the standard rout; with --state on a unit of the file, which choice was taken (R33).",
    "allOf": [{"$ref": "#/$defs/base"}, {"$ref": "#/$defs/logged"}],
    "properties": {
      "action": {"const": "rout"},
      "side": {"enum": ["defender", "attacker"]},
      "figures": {"type": "integer", "minimum": 1},
      "order": {"enum": ["good", "shaken"]},
      "within_walls": {"type": "boolean"},
      "special": {
        "oneOf": [
          {"type": "null"},
          {
            "type": "object",
            "properties": {
              "split": {"type": "boolean"},
              "room_figures": {"$ref": "#/$defs/count"},
              "moving": {"$ref": "#/$defs/count"},
              "move_inches": {"$ref": "#/$defs/count"},
              "blocked": {"$ref": "#/$defs/count"},
              "steps": {
                "type": "array",
                "items": {
                  "type": "object",
                  "properties": {
                    "step": {"type": "integer", "minimum": 1},
                    "rule": {"$ref": "#/$defs/rule_id"},
                    "text": {"type": "string"},
                    "removed": {"$ref": "#/$defs/count"},
                    "figures": {"$ref": "#/$defs/count"}
                  },
                  "required": ["step", "rule", "text", "removed", "figures"],
                  "additionalProperties": false
                }
              },
              "figures_after": {"$ref": "#/$defs/count"},
              "order_after": {"$ref": "#/$defs/order"}
            },
            "required": [
              "split",
              "room_figures",
              "moving",
              "move_inches",
              "blocked",
              "steps",
              "figures_after",
              "order_after"
            ],
            "additionalProperties": false
          }
        ]
      },
      "standard": {
        "type": "object",
        "properties": {"figures_after": {"$ref": "#/$defs/count"}, "order_after": {"$ref": "#/$defs/order"}},
        "required": ["figures_after", "order_after"],
        "additionalProperties": false
      },
      "unit": {"$ref": "#/$defs/id"},
      "taken": {"enum": ["special", "standard"]},
      "removed": {"$ref": "#/$defs/count"},
      "units": {"$ref": "#/$defs/troop_units"},
      "armies": {"$ref": "#/$defs/troop_armies"}
    },
    "required": ["side", "figures", "order", "within_walls", "special", "standard"],
    "dependentRequired": {
      "unit": ["taken", "removed", "units", "armies"],
      "taken": ["unit", "removed", "units", "armies"],
      "removed": ["unit", "taken", "units", "armies"],
      "units": ["unit", "taken", "removed", "armies"],
      "armies": ["unit", "taken", "removed", "units"]
    },
    "unevaluatedProperties": false
  }
})json"};
}

}  // namespace

SIEGE_COMMAND(rout) = action_command<RoutRequest, rout_inputs, rout_action, print::describe_rout>({
    .name = "rout",
    .rank = 80,
    .summary = "A rout result within walls: the special procedure beside the standard rout",
    .example = "siege rout --figures 8 --order good --blocked 1\n"
      "  siege --state siege.json rout --unit storming-party --room-figures 10 --blocked 2",
    .doc = rout_doc});

}  // namespace siege::cli
