// `siege move`: a unit's move, through a breach at Rough Terrain speed (R15).
#include <fmt/core.h>

#include "command.hpp"
#include "siege/breach.hpp"
#include "render.hpp"
#include "troop_text.hpp"

namespace siege::cli {

namespace {

// `move`: a unit's speed, through a breach at Rough Terrain speed (R15).
struct MoveRequest {
  std::optional<int> speed;
  bool through_breach = false;
};

MoveOutcome run_move(const MoveRequest& r, Context& ctx) {
  MoveInput in;
  in.speed = required(r.speed, "move", "--speed");
  in.through_breach = r.through_breach ? ThroughBreach::yes : ThroughBreach::no;
  in.rough_terrain = ctx.tables().troops.rough_terrain;
  return resolve_move(in);
}

std::string move_json(const MoveOutcome& o) {
  std::string out;
  detail::JsonWriter w(out);
  write_move(w, o);
  return out;
}

std::string move_text(const MoveOutcome& o) {
  std::string s;
  s += fmt::format("Speed     {}\"\n", o.speed);
  if (o.through_breach)
    s += fmt::format("Breach    x {}/{} Rough Terrain (R15) = {}\"{}\n", o.factor.numerator, o.factor.denominator,
                     o.speed_after, o.rounded ? ", rounded down to whole inches" : "");
  else
    s += fmt::format("Breach    not crossing one: {}\" unchanged\n", o.speed_after);
  if (!o.rules.empty()) s += fmt::format("Rules     {}\n", rules_with_rulings(o.rules));
  if (!o.notes.empty() || !o.not_modelled.empty()) s += "Notes\n" + render_notes(o.notes, o.not_modelled);
  return s;
}

void move_inputs(Fields& f, MoveRequest& r) {
  f.number({.key = "speed", .help = "The unit's move in whole inches", .need = Need::required}, r.speed, 0,
           max_speed);
  f.flag({"through-breach", "The move goes through a breach (Rough Terrain speed)"}, r.through_breach);
}

ActionResult move_action(const MoveRequest& r, Context& ctx, SiegeState*) {
  const auto o = run_move(r, ctx);
  return {move_json(o), move_text(o), {{"speed", o.speed}, {"speed_after", o.speed_after}}};
}

std::string describe_move(const nlohmann::json& o) {
  return fmt::format("speed {} -> {}", o.value("speed", 0), o.value("speed_after", 0));
}

}  // namespace

Command move_command() {
  return action_command<MoveRequest, move_inputs, move_action, describe_move>(
      "move", "A unit's move, at Rough Terrain speed through a breach", "siege move --speed 9 --through-breach");
}

}  // namespace siege::cli
