// `siege move`: a unit's move, through a breach at Rough Terrain speed (R15);
// with --state a unit of the file to a section, through its breach, outside
// or within the walls (R26, R33).
#include <fmt/core.h>

#include "commands/command.hpp"
#include "print/json.hpp"
#include "print/units.hpp"
#include "siege/breach.hpp"
#include "print/render.hpp"
#include "print/text.hpp"
#include "commands/unit_view.hpp"

namespace siege::cli {

namespace {

// `move`: a unit's speed, through a breach at Rough Terrain speed (R15).
struct MoveRequest {
  std::optional<int> speed;  // without --state required; with it optional (the speed is reported)
  bool through_breach = false;
  std::string unit;            // with --state: the unit that moves
  std::string section;         // to this section (all behind, or --through-breach)
  std::string to;              // or: outside, within-walls
  std::optional<int> figures;  // --through-breach: how many of those behind go through
};

MoveOutcome run_move(const MoveRequest& r, Context& ctx) {
  MoveInput in;
  in.speed = required(r.speed, "speed");
  in.through_breach = r.through_breach ? ThroughBreach::yes : ThroughBreach::no;
  in.rough_terrain = ctx.tables().troops.rough_terrain;
  return resolve_move(in);
}

void move_inputs(Fields& f, MoveRequest& r) {
  f.number({.key = "speed", .help = "The unit's move in whole inches", .need = Need::without_state}, r.speed,
           0, max_speed);
  f.flag({"through-breach", "The move goes through a breach (Rough Terrain speed)"}, r.through_breach);
  static const std::string unit_help = see_hint("With --state: the unit that moves", {"status"});
  f.text({"unit", unit_help, "ID"}, r.unit);
  f.text({"section", "With --state: the section it comes to, all its figures behind", "ID"}, r.section);
  f.text({.key = "to",
          .help = "With --state, instead of --section: outside or within-walls (defenders only)",
          .value_name = "PLACE",
          .choices = place_words,
          .choice_id = "bad-place"},
         r.to);
  f.number({"figures", "With --state and --through-breach: figures behind that go through"}, r.figures, 1,
           max_figures);
}

UnitMoveInput unit_move_input(const MoveRequest& r) {
  UnitMoveInput in;
  in.unit = required_id(r.unit, "unit");
  if (!r.to.empty()) {
    if (!r.section.empty())
      refuse_input("bad-option", "to", "goes instead of " + input_word("section") + ", not with it");
    // outside or within-walls: its declared choices
    in.to = r.to == "outside" ? UnitDestination::outside : UnitDestination::within_walls;
  } else {
    if (r.section.empty())
      fail_missing("missing-option", "section",
                   "ID, or instead " + input_word("to") + " " + bars(place_words) + "; needed with --state");
    in.section = r.section;
  }
  if (r.figures && !r.through_breach)
    refuse_input("bad-option", "figures", "goes with " + input_word("through-breach") + " (the figures that go through)");
  if (r.through_breach && !r.figures)
    fail_missing("missing-option", "figures",
                 "N, how many go through (" + input_word("through-breach") + " with " + input_word("unit") + ")");
  in.through_figures = r.figures;
  in.speed = r.speed;
  return in;
}

ActionResult move_action(const MoveRequest& r, Context& ctx, SiegeState* siege) {
  SiegeState* st = units_state(siege, !r.unit.empty());
  if (st == nullptr) {
    refuse_unit_options({{"unit", !r.unit.empty()},
                                 {"section", !r.section.empty()},
                                 {"to", !r.to.empty()},
                                 {"figures", r.figures.has_value()}});
    const auto o = run_move(r, ctx);
    ActionResult out = outcome_result(ctx, print::write_move, print::move_text, o);
    if (siege != nullptr) out.summary = {{"speed", o.speed}, {"speed_after", o.speed_after}};
    return out;
  }
  UnitMoveInput in = unit_move_input(r);
  if (ctx.replaying_before_sallies) in.meaning = UnitMoveInput::Meaning::before_r38;
  const auto o = move_unit(st->now, in, ctx.tables());
  nlohmann::json summary = troop_summary(o);
  if (o.sally) summary["sally"] = true;  // R38: an older entry has no "sally", and replays as it did
  summary["unit"] = o.units.front().after.id;
  summary["moved_through"] = o.moved_through;
  if (o.move) summary["speed_after"] = o.move->speed_after;
  return {print::json_text(print::write_unit_move, o), print::unit_move_text(o), std::move(summary)};
}

}  // namespace

namespace {

// What the references say of `move` (tools/gen-refs writes docs/siege.1, README.md,
// docs/state.md and the outcome schema from it).
CommandDoc move_doc() {
  return {
      .synopsis = R"doc(`siege move --speed` *N* [`--through-breach`]
`siege --state` *FILE* `move --unit` *ID* `--section` *ID* [`--through-breach` `--figures` *N*] [`--speed` *N*]
`siege --state` *FILE* `move --unit` *ID* `--to` `outside` | `within-walls`)doc",
      .about = R"doc(A unit's move: through a breach it is made at Rough Terrain speed (R15), half by default,
rounded down to whole inches.)doc",
      .inputs = R"doc(@speed: The unit's move in whole inches.
@through-breach: The move goes through a breach.
@unit: With `--state`, required: the unit of the file that moves (R33).
@section: With `--state`: the unit comes to that section, all its figures behind; with `--through-breach`
and `--figures` *N* a besieger unit moves *N* of its figures behind through the breach instead,
and with none left behind it is within the walls. A section that is not breached, or where
abatis stands, is refused (R26).
@to: With `--state`, instead of `--section`: `outside` (any unit) or `within-walls` (a defender;
attackers get in through a breach or up the wall).
@figures: With `--state` and `--through-breach`: how many of the unit's figures behind go through.)doc",
      .example = R"doc(Example:

    $ siege move --speed 9 --through-breach
    Speed     9"
    Breach    x 1/2 Rough Terrain (R15) = 4", rounded down to whole
              inches)doc",
      .with_state = R"doc(`unit` and `section` (or `to`) required; `through-breach` with `figures`: that many through the breach; the unit's place written back; `speed` optional)doc",
      .outcome = R"json({
  "move_outcome": {"oneOf": [{"$ref": "#/$defs/move_speed"}, {"$ref": "#/$defs/move_unit"}]},
  "move_unit": {
    "description": "With --state: a unit of the file moved to a section (all behind, or some through its breach at Rough Terrain speed), outside or within the walls (R15, R26, R33).",
    "allOf": [{"$ref": "#/$defs/base"}, {"$ref": "#/$defs/logged"}],
    "properties": {
      "action": {"const": "move"},
      "unit": {"$ref": "#/$defs/id"},
      "to": {"enum": ["section", "outside", "within-walls"]},
      "section": {"type": ["string", "null"]},
      "moved_through": {"$ref": "#/$defs/count"},
      "speed": {
        "oneOf": [
          {"type": "null"},
          {
            "type": "object",
            "properties": {
              "speed": {"$ref": "#/$defs/count"},
              "through_breach": {"type": "boolean"},
              "factor": {
                "type": "object",
                "properties": {
                  "numerator": {"type": "integer", "minimum": 1},
                  "denominator": {"type": "integer", "minimum": 1}
                },
                "required": ["numerator", "denominator"],
                "additionalProperties": false
              },
              "speed_after": {"$ref": "#/$defs/count"},
              "rounded_down": {"type": "boolean"}
            },
            "required": ["speed", "through_breach", "factor", "speed_after", "rounded_down"],
            "additionalProperties": false
          }
        ]
      },
      "units": {"$ref": "#/$defs/troop_units"},
      "armies": {"$ref": "#/$defs/troop_armies"}
    },
    "required": ["unit", "to", "moved_through", "speed", "units", "armies"],
    "unevaluatedProperties": false
  },
  "move_speed": {
    "description": "A move, at Rough Terrain speed through a breach (R15).",
    "allOf": [{"$ref": "#/$defs/base"}, {"$ref": "#/$defs/logged"}],
    "properties": {
      "action": {"const": "move"},
      "speed": {"$ref": "#/$defs/count"},
      "through_breach": {"type": "boolean"},
      "factor": {
        "type": "object",
        "properties": {"numerator": {"type": "integer", "minimum": 1}, "denominator": {"type": "integer", "minimum": 1}},
        "required": ["numerator", "denominator"],
        "additionalProperties": false
      },
      "speed_after": {"$ref": "#/$defs/count"},
      "rounded_down": {"type": "boolean"}
    },
    "required": ["speed", "through_breach", "factor", "speed_after", "rounded_down"],
    "unevaluatedProperties": false
  }
})json"};
}

}  // namespace

SIEGE_COMMAND(move) = action_command<MoveRequest, move_inputs, move_action, print::describe_move>({
    .name = "move",
    .rank = 120,
    .summary = "A unit's move, at Rough Terrain speed through a breach",
    .example = "siege move --speed 9 --through-breach\n"
      "  siege --state siege.json move --unit storming-party --section north-wall --through-breach --figures "
      "5",
    .doc = move_doc});

}  // namespace siege::cli
