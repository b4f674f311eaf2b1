// print/units.cpp - the outcomes of the actions on units and engines as
// JSON (print/units.hpp): add, remove, split, merge, order, a unit's move
// and its casualties.
#include "print/units.hpp"

#include "print/json.hpp"

namespace siege::print {

void write_arrival(JsonWriter& w, const ArrivalOutcome& o) {
  begin_outcome(w, "add");
  if (o.section) {
    w.field("kind", "section").field("section", o.section->id);
    w.key("record");
    siege::write_section(w, *o.section);
  } else if (o.engine) {
    w.field("kind", "engine").field("engine", o.engine->id);
    w.key("record");
    siege::write_engine(w, *o.engine);
  } else {
    w.field("kind", "unit").field("unit", o.unit->id);
    w.key("record");
    siege::write_unit(w, *o.unit);
  }
  w.field("sally", o.sally);
  write_troop_changes(w, o);
  end_outcome(w, o);
}

void write_removal(JsonWriter& w, const RemovalOutcome& o) {
  begin_outcome(w, "remove");
  w.field("kind", o.engine ? "engine" : "unit").field(o.engine ? "engine" : "unit", o.id);
  w.key("cause");
  if (o.cause.empty())
    w.null();
  else
    w.value(o.cause);
  w.field("figures_left", o.figures_left);
  w.key("record");
  if (o.engine)
    siege::write_engine(w, *o.engine);
  else
    siege::write_unit(w, o.units.front().after);
  w.string_array("idle", o.idle);
  write_troop_changes(w, o);
  end_outcome(w, o);
}

void write_split(JsonWriter& w, const SplitOutcome& o) {
  begin_outcome(w, "split");
  w.field("unit", o.unit).field("into", o.into).field("figures", o.figures).field("through", o.through);
  write_troop_changes(w, o);
  end_outcome(w, o);
}

void write_merge(JsonWriter& w, const MergeOutcome& o) {
  begin_outcome(w, "merge");
  w.field("unit", o.unit).field("into", o.into);
  write_troop_changes(w, o);
  end_outcome(w, o);
}

void write_unit_order(JsonWriter& w, const UnitOrderOutcome& o) {
  begin_outcome(w, "order");
  const UnitChange& c = o.units.front();
  w.field("unit", c.after.id);
  w.key("order").begin_object();
  w.field("before", name_of(c.before.order)).field("after", name_of(c.after.order));
  w.end_object();
  write_troop_changes(w, o);
  end_outcome(w, o);
}

void write_unit_move(JsonWriter& w, const UnitMoveOutcome& o) {
  begin_outcome(w, "move");
  const UnitState& u = o.units.front().after;
  w.field("unit", u.id);
  w.field("to", o.section.empty() ? name_of(u.where) : std::string_view("section"));
  siege::write_id_or_null(w, "section", o.section);
  w.field("moved_through", o.moved_through);
  w.key("speed");
  if (o.move) {
    w.begin_object().field("speed", o.move->speed).field("through_breach", o.move->through_breach);
    w.key("factor").begin_object();
    w.field("numerator", o.move->factor.numerator).field("denominator", o.move->factor.denominator);
    w.end_object();
    w.field("speed_after", o.move->speed_after).field("rounded_down", o.move->rounded).end_object();
  } else {
    w.null();
  }
  write_troop_changes(w, o);
  end_outcome(w, o);
}

void write_unit_casualties(JsonWriter& w, const UnitCasualtiesOutcome& o) {
  begin_outcome(w, "casualties");
  w.field("unit", o.units.front().after.id).field("killed", o.killed);
  w.field("through_first", o.through_first.has_value());
  w.key("removed").begin_object();
  w.field("through", o.removed_through).field("behind", o.removed_behind);
  w.end_object();
  w.field("gaps", o.through_first ? o.through_first->gaps : 0);
  write_troop_changes(w, o);
  end_outcome(w, o);
}

}  // namespace siege::print
