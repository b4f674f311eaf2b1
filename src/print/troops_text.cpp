// print/troops_text.cpp - hold, casualties, move, rout and army morale as
// text (print/text.hpp; their JSON is in troops.cpp).
#include <cstdint>

#include <fmt/core.h>
#include <fmt/format.h>

#include "print/troop_words.hpp"
#include "siege/morale.hpp"
#include "print/render.hpp"
#include "print/text.hpp"

namespace siege::print {

using cli::escape_text;
using cli::painted_pass;
using cli::render_notes;
using cli::rules_with_rulings;

std::string hold_line(std::string_view section, std::string_view holder, std::string_view enemy) {
  return fmt::format("Section   {}: {} holds against {}\n", escape_text(section), escape_text(holder),
                     escape_text(enemy));
}

std::string hold_text(const HoldOutcome& o, std::uint64_t seed) {
  std::string s;
  const std::string figures = o.figures ? std::string(", ").append(figures_word(*o.figures)) : std::string();
  s += fmt::format("Hold      {} at the {} ({}){}\n",
                   o.hero ? std::string("a hero") : fmt::format("{} unit", name_of(o.order_before)),
                   name_of(o.site), name_of(site_kind(o.site)), figures);
  if (!o.roll) {
    s += "Roll      none: a hero never fails a morale check (R21)\n";
  } else if (o.roll->rolled) {
    std::string dice;
    for (int d : o.roll->dice) dice += fmt::format("[{}] ", d);
    if (o.roll->modifier != 0) dice += fmt::format("{:+} ", o.roll->modifier);
    s += fmt::format("Roll      {} (seed {}): {}= {}\n", o.roll->expression, seed, dice, o.roll->total);
  } else {
    s += fmt::format("Roll      {} (the referee's roll)\n", o.roll->total);
  }
  if (o.needed && o.roll) {
    const bool roll_ok = morale_passed(o.roll->total, *o.needed);
    s +=
        fmt::format("Needed    {} or less -> {}{}\n", *o.needed,
                    roll_ok ? painted_pass(true)
                            : painted_pass(false) +
                                  fmt::format(" by {}", o.roll->total - static_cast<std::int64_t>(*o.needed)),
                    o.hero && !roll_ok ? ", but a hero never fails (R21)" : "");
  }
  if (o.passed) {
    s += fmt::format("Result    held: no enemy figure gets past\n");
  } else {
    s += fmt::format("Result    {} enemy figure{} force{} a way through{} (R21)\n", o.through,
                     o.through == 1 ? "" : "s", o.through == 1 ? "s" : "",
                     o.capped ? fmt::format(" (margin {}, capped at the enemy's {})", o.margin, *o.enemy_figures)
                              : std::string());
    s += "Defender  steps back just enough to let them through; no 4\" withdrawal\n";
  }
  if (!o.hero) s += fmt::format("Order     {} -> {}\n", name_of(o.order_before), name_of(o.order_after));
  s += fmt::format("Rules     {}\n", rules_with_rulings(o.rules));
  if (!o.notes.empty() || !o.not_modelled.empty()) s += "Notes\n" + render_notes(o.notes, o.not_modelled);
  return s;
}

std::string casualties_text(const CasualtiesOutcome& o) {
  std::string s;
  s += fmt::format("Unit      {} through the breach, {} behind; {} killed\n", o.through, o.behind, o.killed);
  s += fmt::format("Removed   {} from those through, {} from those behind (R23)\n", o.removed_through,
                   o.removed_behind);
  s += fmt::format("Left      {} through, {} behind\n", o.through_after, o.behind_after);
  s += fmt::format("Gaps      {} for the defenders to step into\n", o.gaps);
  s += fmt::format("Rules     {}\n", rules_with_rulings(o.rules));
  if (!o.notes.empty() || !o.not_modelled.empty()) s += "Notes\n" + render_notes(o.notes, o.not_modelled);
  return s;
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

std::string army_morale_text(const ArmyMoraleOutcome& o) {
  std::string s;
  s += fmt::format("Army      {} figures, {} killed{}\n", o.strength, o.killed,
                   o.defender_in_castle ? ", defending a castle" : "");
  s += fmt::format("Third     {} killed (killed x 3 >= strength; exactly a third counts)\n", o.threshold);
  if (o.defender_in_castle)
    s += "Check     never: defenders in a castle do not check (R25)\n";
  else if (o.due)
    s += fmt::format("Check     due now: {} x 3 = {} >= {} (R25)\n", o.killed, static_cast<long long>(o.killed) * 3,
                     o.strength);
  else
    s += fmt::format("Check     not yet: due after {} more killed (R25)\n", o.remaining);
  s += fmt::format("Rules     {}\n", rules_with_rulings(o.rules));
  if (!o.notes.empty() || !o.not_modelled.empty()) s += "Notes\n" + render_notes(o.notes, o.not_modelled);
  return s;
}

}  // namespace siege::print
