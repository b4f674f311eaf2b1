#include "print/json.hpp"
#include "commands/unit_view.hpp"
#include "front/hint.hpp"

#include <fmt/core.h>

#include "print/render.hpp"
#include "siege/detail/json_writer.hpp"
#include "siege/error.hpp"
#include "commands/troop_text.hpp"

namespace siege::cli {

// ---------------------------------------------------------------- inputs

void refuse_unit_options(std::initializer_list<std::pair<std::string_view, bool>> inputs) {
  for (const auto& [key, given] : inputs)
    if (given)
      refuse_input("no-state", key, "needs --state FILE (a siege made with '" + hint({"init"}) + "' that holds the units)");
}

const std::string& required_id(const std::string& value, std::string_view key) {
  if (value.empty()) fail_missing("missing-option", key, "ID (see '" + hint({"status"}) + "'); needed with --state");
  return value;
}

void refuse_known(std::string_view key, bool given, std::string_view what) {
  if (given) refuse_input("bad-option", key, "goes without --state; the state file knows " + std::string(what));
}

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

nlohmann::json troop_summary(const TroopOutcome& o) {
  nlohmann::json units = nlohmann::json::array();
  for (const auto& c : o.units) {
    const UnitState& u = c.after;
    units.push_back(
        {{"id", u.id},
         {"figures", u.figures},
         {"order", name_of(u.order)},
         {"where", name_of(u.where)},
         {"section", u.where == UnitPlace::section ? nlohmann::json(u.section) : nlohmann::json()},
         {"through", u.through},
         {"behind", u.behind}});
  }
  nlohmann::json armies = nlohmann::json::array();
  for (const auto& a : o.armies)
    armies.push_back({{"side", name_of(a.side)}, {"killed", a.after.killed}, {"called", a.check_called}});
  return {{"units", std::move(units)}, {"armies", std::move(armies)}};
}

std::string called_words(const nlohmann::json& summary) {
  std::string s;
  for (const auto& a : summary.value("armies", nlohmann::json::array()))
    if (a.value("called", false))
      s += fmt::format("; the {} army checks morale", a.value("side", std::string()));
  return s;
}

}  // namespace siege::cli
