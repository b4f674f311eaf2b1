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

SIEGE_COMMAND(move) = action_command<MoveRequest, move_inputs, move_action, print::describe_move>({
    .name = "move",
    .rank = 120,
    .summary = "A unit's move, at Rough Terrain speed through a breach",
    .example = "siege move --speed 9 --through-breach\n"
      "  siege --state siege.json move --unit storming-party --section north-wall --through-breach --figures "
      "5"});

}  // namespace siege::cli
