// `siege rout`: a rout result within walls (R24), beside the standard rout;
// with --state on a unit of the file, whose losses count for its army (R33).
#include <fmt/core.h>

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
  const std::string fields = json_field("unit", in.unit) + "," +
                             json_field("taken", o.standard ? "standard" : "special") + "," +
                             json_field("removed", o.removed) + "," + troop_fields(o);
  nlohmann::json summary = troop_summary(o);
  summary["unit"] = in.unit;
  summary["taken"] = o.standard ? "standard" : "special";
  summary["removed"] = o.removed;
  const std::string taken =
      o.standard ? "Taken     the standard rout: the unit is routed\n"
                 : fmt::format("Taken     the special procedure: {} figure{} removed and eliminated\n",
                               o.removed, o.removed == 1 ? "" : "s");
  return {with_fields(print::json_text(print::write_rout, o.rout), cmd, fields),
          before_rules(print::rout_text(o.rout), taken + troop_text(o)), std::move(summary)};
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

SIEGE_COMMAND(rout) = action_command<RoutRequest, rout_inputs, rout_action, print::describe_rout>({
    .name = "rout",
    .rank = 80,
    .summary = "A rout result within walls: the special procedure beside the standard rout",
    .example = "siege rout --figures 8 --order good --blocked 1\n"
      "  siege --state siege.json rout --unit storming-party --room-figures 10 --blocked 2"});

}  // namespace siege::cli
