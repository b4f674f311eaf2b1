// print/troop_words.cpp - the troop text pieces (print/troop_words.hpp).
#include "print/troop_words.hpp"

#include <fmt/core.h>

#include "print/json.hpp"
#include "print/render.hpp"
#include "siege/detail/json_writer.hpp"

namespace siege::cli {

// ---------------------------------------------------------------- words

std::string painted_order(Order o) {
  switch (o) {
    case Order::good:
      break;
    case Order::shaken:
      return paint(name_of(o), Colour::yellow);
    case Order::routed:
      return paint(name_of(o), Colour::red);
  }
  return std::string(name_of(o));
}

std::string unit_place(const UnitState& u) {
  switch (u.where) {
    case UnitPlace::outside:
      return u.sallying() ? "outside, on a sally" : "outside";
    case UnitPlace::within_walls:
      return "within the walls";
    case UnitPlace::section:
      break;
  }
  // A defender at a section stands on its inner side: none of it is through.
  if (u.side == UnitSide::defender) return "at " + escape_text(u.section);
  return fmt::format("at {}: {} through, {} behind", escape_text(u.section), u.through, u.behind);
}

std::string unit_words(const UnitState& u) {
  if (!u.present()) return fmt::format("gone ({})", name_of(u.gone));  // R36, R37
  if (u.hero)
    return fmt::format("a hero{}, {}, {}", u.figures == 0 ? " (lost)" : "", painted_order(u.order),
                       unit_place(u));
  return fmt::format("{} of {} figures, {}, {}", u.figures, u.start_figures, painted_order(u.order),
                     unit_place(u));
}

std::string army_words(const ArmyState& a, Sally sally) {
  const ArmyMoraleOutcome m = army_morale(army_morale_input(a, sally));
  std::string s = fmt::format("{} killed of {} (a third is {}", a.killed, a.strength, m.threshold);
  if (in_a_castle(a, sally)) return s + "; defenders in a castle never check)";
  if (a.in_castle && !a.called) s += "; out on a sally";
  if (a.called) return s + ": " + painted_alarm("the check is called") + ")";
  return s + fmt::format(": {} to go)", m.remaining);
}

// ---------------------------------------------------------------- outcomes

std::string troop_fields(const TroopOutcome& o) {
  std::string out;
  siege::JsonWriter w(out);
  w.begin_object();
  print::write_troop_changes(w, o);
  w.end_object();
  // The fields without the braces of the object that held them.
  return out.substr(1, out.size() - 2);
}

namespace {

bool same_unit(const UnitState& a, const UnitState& b) {
  return a.figures == b.figures && a.order == b.order && a.where == b.where && a.section == b.section &&
         a.through == b.through && a.behind == b.behind;
}

}  // namespace

std::string troop_text(const TroopOutcome& o) {
  std::string s;
  for (const auto& u : o.units) {
    if (same_unit(u.before, u.after)) continue;  // the JSON still has it
    s += fmt::format("Unit      {} ({}{})\n", escape_text(u.after.id), name_of(u.after.side),
                     u.after.hero ? ", a hero" : "");
    s += fmt::format("  before  {}\n", unit_words(u.before));
    s += fmt::format("  after   {}\n", unit_words(u.after));
  }
  for (const auto& a : o.armies)
    s += fmt::format(
        "Army      {}: {}{}\n", name_of(a.side),
        a.before.killed == a.after.killed ? std::string() : fmt::format("{} -> ", a.before.killed),
        army_words(a.after, a.sally));
  return s;
}

std::string troop_text_and_trace(const TroopOutcome& o) {
  std::string s = troop_text(o);
  s += fmt::format("Rules     {}\n", rules_with_rulings(o.rules));
  if (!o.notes.empty() || !o.not_modelled.empty()) s += "Notes\n" + render_notes(o.notes, o.not_modelled);
  return s;
}

std::string before_rules(std::string text, const std::string& lines) {
  const auto at = text.rfind("\nRules     ");
  if (at == std::string::npos) return text + lines;
  return text.insert(at + 1, lines);
}

std::string rout_taken_line(bool standard, int removed) {
  return standard ? "Taken     the standard rout: the unit is routed\n"
                  : fmt::format("Taken     the special procedure: {} figure{} removed and eliminated\n", removed,
                                removed == 1 ? "" : "s");
}

}  // namespace siege::cli
