// print/units_text.cpp - the actions on units and engines as text: add,
// remove, split, merge, and order, move and casualties of a unit
// (print/text.hpp; their JSON is in units.cpp).
#include <fmt/core.h>
#include <fmt/format.h>

#include "print/troop_words.hpp"
#include "print/render.hpp"
#include "print/text.hpp"

namespace siege::print {

using cli::escape_text;
using cli::painted_order;
using cli::render_notes;
using cli::rules_with_rulings;
using cli::troop_text;
using cli::troop_text_and_trace;
using cli::unit_place;
using cli::unit_words;

std::string add_text(const ArrivalOutcome& o) {
  std::string s;
  if (o.section) {
    const SectionState& x = *o.section;
    s += fmt::format("Arrives   section {}: {}{}, {} Hull suffered, {}\n", escape_text(x.id), escape_text(x.structure),
                     x.variant.empty() ? std::string() : " with " + escape_text(x.variant), x.hull_suffered,
                     name_of(x.state));
  } else if (o.engine) {
    const EngineState& e = *o.engine;
    s += fmt::format(
        "Arrives   engine {} ({}): {}{}, pool {}, {}\n", escape_text(e.id), name_of(e.side),
        escape_text(e.engine.empty() ? e.weapon : e.engine),
        e.weapon.empty() || e.weapon == e.engine ? std::string() : " firing " + escape_text(e.weapon), e.pool,
        e.target.empty() ? std::string("no target") : "aimed at " + escape_text(e.target));
  } else {
    s += fmt::format("Arrives   unit {} ({}{}): {}\n", escape_text(o.unit->id), name_of(o.unit->side),
                     o.unit->hero ? ", a hero" : "", unit_words(*o.unit));
  }
  return s + troop_text_and_trace(o);
}

std::string remove_text(const RemovalOutcome& o) {
  std::string s = fmt::format("Leaves    {} {}{}\n", o.engine ? "engine" : "unit", escape_text(o.id),
                              o.cause.empty() ? std::string() : ": " + escape_text(o.cause));
  return s + troop_text_and_trace(o);
}

std::string split_text(const SplitOutcome& o) {
  std::string s = fmt::format("Split     {} figure{} of {} become {}\n", o.figures, o.figures == 1 ? "" : "s",
                              escape_text(o.unit), escape_text(o.into));
  const UnitState& part = o.units.back().after;
  s += fmt::format("Unit      {} ({})\n  new     {}\n", escape_text(part.id), name_of(part.side),
                   unit_words(part));
  return s + troop_text_and_trace(o);
}

std::string merge_text(const MergeOutcome& o) {
  std::string s = fmt::format("Merge     {} into {}\n", escape_text(o.unit), escape_text(o.into));
  return s + troop_text_and_trace(o);
}

std::string order_text(const UnitOrderOutcome& o) {
  const UnitChange& c = o.units.front();
  std::string s =
      fmt::format("Order     {}: {} -> {}, as the referee records (R33)\n", escape_text(c.after.id),
                  painted_order(c.before.order), painted_order(c.after.order));
  s += troop_text(o);
  s += fmt::format("Rules     {}\n", rules_with_rulings(o.rules));
  if (!o.notes.empty() || !o.not_modelled.empty()) s += "Notes\n" + render_notes(o.notes, o.not_modelled);
  return s;
}

std::string unit_move_text(const UnitMoveOutcome& o) {
  const UnitState& u = o.units.front().after;
  std::string s = fmt::format("Move      {} {}", escape_text(u.id),
                              o.section.empty() ? "goes " + unit_place(u) : "to " + escape_text(o.section));
  if (o.moved_through > 0) s += fmt::format(", {} through the breach", o.moved_through);
  s += "\n";
  if (o.move) {
    if (o.move->through_breach)
      s += fmt::format("Speed     {}\" x {}/{} Rough Terrain (R15) = {}\"{}\n", o.move->speed,
                       o.move->factor.numerator, o.move->factor.denominator, o.move->speed_after,
                       o.move->rounded ? ", rounded down to whole inches" : "");
    else
      s += fmt::format("Speed     {}\"\n", o.move->speed);
  }
  s += troop_text(o);
  s += fmt::format("Rules     {}\n", rules_with_rulings(o.rules));
  if (!o.notes.empty() || !o.not_modelled.empty()) s += "Notes\n" + render_notes(o.notes, o.not_modelled);
  return s;
}

std::string unit_casualties_text(const UnitCasualtiesOutcome& o) {
  std::string s = fmt::format("Killed    {} of {}\n", o.killed, escape_text(o.units.front().after.id));
  if (o.through_first) {
    s += fmt::format("Removed   {} from those through, {} from those behind (R23)\n", o.removed_through,
                     o.removed_behind);
    s += fmt::format("Gaps      {} for the defenders to step into\n", o.through_first->gaps);
  }
  s += troop_text(o);
  s += fmt::format("Rules     {}\n", rules_with_rulings(o.rules));
  if (!o.notes.empty() || !o.not_modelled.empty()) s += "Notes\n" + render_notes(o.notes, o.not_modelled);
  return s;
}

}  // namespace siege::print
