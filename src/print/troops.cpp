// print/troops.cpp - the troops' outcomes as JSON (print/json.hpp): hold,
// casualties, move, rout, army morale, the units and armies a troop action
// changed.
#include "print/json.hpp"

namespace siege::print {

void write_hold(JsonWriter& w, const HoldOutcome& o, std::optional<std::uint64_t> seed) {
  auto opt = [&](std::string_view k, const std::optional<int>& v) {
    w.key(k);
    if (v)
      w.value(*v);
    else
      w.null();
  };
  begin_outcome(w, "hold");
  w.field("site", name_of(o.site)).field("site_kind", name_of(site_kind(o.site)));
  w.field("order", name_of(o.order_before)).field("hero", o.hero);
  opt("figures", o.figures);
  opt("enemy_figures", o.enemy_figures);
  write_seed(w, seed);
  opt("needed", o.needed);
  w.key("roll");
  if (!o.roll) {
    w.null();
  } else {
    w.begin_object();
    w.field("rolled", o.roll->rolled);
    w.key("expression");
    if (o.roll->rolled)
      w.value(o.roll->expression);
    else
      w.null();
    w.key("dice").begin_array();
    for (int d : o.roll->dice) w.value(d);
    w.end_array();
    w.field("modifier", o.roll->modifier).field("total", o.roll->total);
    w.end_object();
  }
  w.field("passed", o.passed).field("held", o.passed);
  w.field("margin", static_cast<long long>(o.margin));
  w.field("through", static_cast<long long>(o.through)).field("capped", o.capped);
  w.field("steps_back", o.through > 0).field("withdraws", false);
  w.field("order_after", name_of(o.order_after));
  w.field("must_regain_position", o.through > 0);
  end_outcome(w, o);
}

void write_casualties(JsonWriter& w, const CasualtiesOutcome& o) {
  begin_outcome(w, "casualties");
  w.field("through", o.through).field("behind", o.behind).field("killed", o.killed);
  w.key("removed").begin_object();
  w.field("through", o.removed_through).field("behind", o.removed_behind);
  w.end_object();
  w.key("after").begin_object();
  w.field("through", o.through_after).field("behind", o.behind_after);
  w.end_object();
  w.field("gaps", o.gaps);
  end_outcome(w, o);
}

void write_move(JsonWriter& w, const MoveOutcome& o) {
  begin_outcome(w, "move");
  w.field("speed", o.speed).field("through_breach", o.through_breach);
  w.key("factor").begin_object();
  w.field("numerator", o.factor.numerator).field("denominator", o.factor.denominator);
  w.end_object();
  w.field("speed_after", o.speed_after).field("rounded_down", o.rounded);
  end_outcome(w, o);
}

void write_rout(JsonWriter& w, const RoutOutcome& o) {
  begin_outcome(w, "rout");
  w.field("side", name_of(o.side)).field("figures", o.figures).field("order", name_of(o.order_before));
  w.field("within_walls", o.within_walls);
  w.key("special");
  if (o.steps.empty()) {
    w.null();
  } else {
    w.begin_object();
    w.field("split", o.split).field("room_figures", o.room_figures);
    w.field("moving", o.moving).field("move_inches", o.move_inches).field("blocked", o.blocked);
    w.key("steps").begin_array();
    int n = 0;
    for (const auto& s : o.steps)
      w.begin_object()
          .field("step", ++n)
          .field("rule", s.rule)
          .field("text", s.text)
          .field("removed", s.removed)
          .field("figures", s.figures)
          .end_object();
    w.end_array();
    w.field("figures_after", o.special_figures_after).field("order_after", name_of(o.special_order_after));
    w.end_object();
  }
  w.key("standard").begin_object();
  w.field("figures_after", o.standard_figures_after).field("order_after", name_of(o.standard_order_after));
  w.end_object();
  end_outcome(w, o);
}

void write_army_morale(JsonWriter& w, const ArmyMoraleOutcome& o) {
  begin_outcome(w, "army-morale");
  w.field("strength", o.strength).field("killed", o.killed);
  w.field("defender_in_castle", o.defender_in_castle);
  w.field("threshold", o.threshold).field("remaining", o.remaining);
  w.field("check_due", o.due);
  end_outcome(w, o);
}

void write_troop_changes(JsonWriter& w, const TroopOutcome& o) {
  w.key("units").begin_array();
  for (const auto& u : o.units) {
    w.begin_object().field("id", u.after.id);
    w.key("before");
    siege::write_unit(w, u.before);
    w.key("after");
    siege::write_unit(w, u.after);
    w.end_object();
  }
  w.end_array();
  w.key("armies").begin_array();
  for (const auto& a : o.armies) {
    w.begin_object().field("side", name_of(a.side));
    w.key("before");
    siege::write_army(w, a.before, a.side);
    w.key("after");
    siege::write_army(w, a.after, a.side);
    w.field("check_called", a.check_called).end_object();
  }
  w.end_array();
}

}  // namespace siege::print
