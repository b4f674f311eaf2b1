// `siege rout`: a rout result within walls (R24), beside the standard rout.
#include <fmt/core.h>

#include "command.hpp"
#include "siege/breach.hpp"
#include "siege/morale.hpp"
#include "render.hpp"
#include "troop_text.hpp"

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
};

RoutOutcome run_rout(const RoutRequest& r, Context& ctx) {
  RoutInput in;
  in.figures = required(r.figures, "rout", "--figures");
  in.order = parse_order(*r.order);
  in.side = parse_side(*r.side);
  in.within_walls = r.all_within_walls ? WithinWalls::yes : WithinWalls::no;
  in.room_figures = r.room_figures;
  in.blocked = *r.blocked;
  in.move_inches = ctx.tables().troops.rout_move_inches;
  return resolve_rout(in);
}

std::string rout_json(const RoutOutcome& o) {
  std::string out;
  detail::JsonWriter w(out);
  write_rout(w, o);
  return out;
}

std::string rout_text(const RoutOutcome& o) {
  std::string s;
  s += fmt::format("Rout      {} unit of {} figures in {} order{}\n", name_of(o.side), o.figures,
                   name_of(o.order_before),
                   o.side == Side::defender ? ", defending within the walls"
                   : o.within_walls         ? ", every figure within the walls"
                                            : ", not all within the walls");
  if (o.steps.empty()) {
    s += "Special   not open to this unit (R24)\n";
  } else {
    if (o.split)
      s += fmt::format("Split     {} of the {} figures are in the affected room\n", o.room_figures, o.figures);
    s += fmt::format("Special   {:>3}  figures at the start\n", o.figures);
    int n = 0;
    for (const auto& st : o.steps) s += fmt::format("          {:>3}  {}. {}\n", st.figures, ++n, st.text);
    s += fmt::format("          ->   {} figures, {} (R24)\n", o.special_figures_after, name_of(o.special_order_after));
  }
  s += fmt::format("Standard  rout by the normal morale rules -> {} figures, {}\n", o.standard_figures_after,
                   name_of(o.standard_order_after));
  if (!o.steps.empty()) s += "Choice    the player picks one, and may do so after seeing the dice\n";
  s += fmt::format("Rules     {}\n", rules_with_rulings(o.rules));
  if (!o.notes.empty() || !o.not_modelled.empty()) s += "Notes\n" + render_notes(o.notes, o.not_modelled);
  return s;
}

void rout_inputs(Fields& f, RoutRequest& r) {
  f.number({.key = "figures", .help = "Figures in the unit when the rout result comes", .need = Need::required},
           r.figures, 1, max_figures);
  f.text({"order", "The unit's order before: good or shaken", "ORDER"}, r.order);
  f.text({"side", "defender or attacker", "SIDE"}, r.side);
  f.flag({.key = "all-within-walls",
          .help = "Attacker: every surviving figure of the unit is within the walls",
          .also = "--within-walls"},
         r.all_within_walls);
  f.number({"room-figures", "Unit split between rooms: figures in the room that took the rout result"},
           r.room_figures, 1, max_figures);
  f.number({"blocked", "Movers that cannot finish the move or that touch the enemy (eliminated)"}, r.blocked, 0,
           max_figures);
}

ActionResult rout_action(const RoutRequest& r, Context& ctx, SiegeState*) {
  const auto o = run_rout(r, ctx);
  return {rout_json(o), rout_text(o), {{"figures", o.figures}, {"moving", o.moving}, {"blocked", o.blocked}}};
}

std::string describe_rout(const nlohmann::json& o) {
  return fmt::format("{} figure(s), {} move, {} blocked", o.value("figures", 0), o.value("moving", 0),
                     o.value("blocked", 0));
}

}  // namespace

Command rout_command() {
  return action_command<RoutRequest, rout_inputs, rout_action, describe_rout>(
      "rout", "A rout result within walls: the special procedure beside the standard rout",
      "siege rout --figures 8 --order good --blocked 1");
}

}  // namespace siege::cli
