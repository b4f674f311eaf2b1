// print/works_text.cpp - demolition, mine, escalade, countermine and abatis
// as text (print/text.hpp; their JSON is in works.cpp).
#include <fmt/core.h>
#include <fmt/format.h>

#include "print/troop_words.hpp"
#include "print/render.hpp"
#include "print/text.hpp"

namespace siege::print {

using cli::capitalised;
using cli::dice_legend;
using cli::escape_text;
using cli::painted_alarm;
using cli::painted_state;
using cli::render_armor;
using cli::render_check;
using cli::render_dice;
using cli::render_hull_and_state;
using cli::render_notes;
using cli::render_trailer;
using cli::rules_with_rulings;

namespace {

std::string charge_line_text(const ChargeLine& l) {
  std::string s = fmt::format("{} x {} ({}): Siege {} -> {} Hull", l.count, escape_text(l.name), l.id,
                              l.siege, l.hull_damage);
  if (l.halved) s += fmt::format(", halved for Blast (R9) -> {}", l.hull_damage / 2);
  if (l.doubled) s += fmt::format(", x2 on a pier (R13) -> {}", l.each);
  if (l.count > 1) s += fmt::format("; {} in all", l.total);
  return s;
}

std::string day_text(const MineDay& d) {
  std::string s = fmt::format(
      "Day {:<6}sappers {}, defenders {}: {}\n", d.day, d.sappers.net_successes, d.defenders.net_successes,
      d.detected                                             ? painted_alarm("FOUND by the defenders")
      : d.sappers.net_successes == d.defenders.net_successes ? std::string("a tie, still hidden")
                                                             : std::string("still hidden"));
  if (d.sappers.rolled) {
    s += fmt::format("          sappers   {}\n", render_dice(d.sappers));
    s += fmt::format("          defenders {}\n", render_dice(d.defenders));
  }
  return s;
}

}  // namespace

std::string demolish_text(const DemolitionOutcome& o, std::uint64_t seed) {
  std::string s;
  s += fmt::format("Demolish  {}{}\n", o.structure, o.on_pier == OnPier::yes ? ", charges set on a pier" : "");
  for (std::size_t i = 0; i < o.charges.size(); ++i)
    s += fmt::format("{:<10}{}\n", i == 0 ? "Charges" : "", charge_line_text(o.charges[i]));
  s += fmt::format("Set       {} maneuver{} (Prepare, R16)\n", o.maneuvers, o.maneuvers == 1 ? "" : "s");
  if (o.opened) {
    s += "Check     none: the charge opens the door or gate (R18)\n";
  } else if (o.craft) {
    s += fmt::format("Check     Craft: {}\n", render_check(*o.craft, seed));
  }
  if (!o.opened) s += render_armor(o.armor);
  if (o.opened)
    s += "Damage    none to work out: it opens (R18)\n";
  else if (!o.went_off)
    s += "Damage    none: the charges were not set right (R16)\n";
  else
    s += fmt::format("Damage    {} Hull damage - {} Armor = {}{} (R17)\n", o.charge_damage, o.armor.effective,
                     o.charge_damage - o.armor.effective, o.charge_damage < o.armor.effective ? " -> 0" : "");
  s += render_hull_and_state(o.hull, o.overkill, o.before, o.after);
  return s + render_trailer(o.rules, o.notes, o.not_modelled);
}

std::string mine_text(const MineOutcome& o, std::uint64_t seed) {
  std::string s;
  s += fmt::format("Mine      under {}: {} day(s) of digging (listed Armor, R19), {} dug before{}\n",
                   o.structure, o.days_needed, o.days_before,
                   o.countermine == Countermine::yes ? "; the defenders dig a countermine" : "");
  if (!o.days.empty()) {
    s += fmt::format("Checks    opposed Perception, each side its pool + Average dice{}\n",
                     o.days.front().sappers.rolled ? fmt::format(" (seed {})", seed)
                                                   : std::string(", the referee's rolls"));
    for (const auto& d : o.days) s += day_text(d);
    if (o.days.front().sappers.rolled) s += fmt::format("          {}\n", dice_legend());
  }
  s += fmt::format("Dug       {} of {} day(s)\n", o.days_dug, o.days_needed);
  if (o.detected_on)
    s += fmt::format("Found     on day {}: countermine possible, the mine is not fired\n", *o.detected_on);
  else if (!o.fired)
    s += fmt::format("Not yet   {} day(s) left to dig\n", o.days_left());
  else
    s += fmt::format("Fired     {} Hull damage, Armor ignored (R19)\n", o.damage);
  s += render_hull_and_state(o.hull, o.overkill, o.before, o.after);
  return s + render_trailer(o.rules, o.notes, o.not_modelled);
}

std::string climb_line(std::string_view section, std::string_view unit) {
  return fmt::format("Section   {}: {} climbs\n", escape_text(section), escape_text(unit));
}

std::string escalade_text(const EscaladeOutcome& o, std::uint64_t seed) {
  std::string s;
  std::string how;
  switch (o.method) {
    case ClimbMethod::ladder: how = fmt::format("{} ladder(s)", o.lanes); break;
    case ClimbMethod::grapnel: how = fmt::format("{} grapnel rope(s)", o.lanes); break;
    case ClimbMethod::tower: how = "a siege tower"; break;
  }
  s += fmt::format("Escalade  {} attackers by {} on {} ({}){}\n", o.attackers, how, o.structure,
                   painted_state(o.state), o.defended == Defended::yes ? ", defenders at the top" : "");
  if (o.check) {
    std::string dice = fmt::format("{} skill", o.check->pool);
    if (o.check->bane_dice > 0) dice += fmt::format(" + {} Bane", o.check->bane_dice);
    s += fmt::format("Check     each climber: {} Athletics, {} dice{}\n", capitalised(name_of(o.check->difficulty)),
                     dice, o.rolled ? fmt::format(" (seed {})", seed) : std::string(", the referee's results"));
  } else if (o.climbed) {
    s += fmt::format("Check     none: the tower's bridge puts {} a round on the wall walk\n",
                     o.tower_climbers);
  }
  if (!o.rounds.empty()) {
    s += "Round     trying  up  on the wall\n";
    for (const auto& r : o.rounds)
      s += fmt::format("{:>5}     {:>6}  {:>2}  {:>11}\n", r.round, r.attempting, r.succeeded, r.up);
  }
  if (o.climbed)
    s += fmt::format("Result    {} of {} on the wall after {} round(s), {} at the foot\n", o.up, o.attackers,
                     o.rounds.size(), o.at_foot());
  else
    s += "Result    nothing climbed: the section is " + painted_state(BreachState::breached) + "\n";
  return s + render_trailer(o.rules, o.notes, o.not_modelled);
}

std::string countermine_text(const CountermineOutcome& o) {
  std::string text = fmt::format("Countermine under {}: {}\n", escape_text(o.section), name_of(o.result));
  text += fmt::format("Gallery   {} -> {} of {} day(s) dug, {}\n", o.before.days_dug, o.after.days_dug,
                      o.days_needed, o.after.detected ? "found" : "not found");
  text += fmt::format("Rules     {}\n", rules_with_rulings(o.rules));
  text += "Notes\n" + render_notes(o.notes, o.not_modelled);
  return text;
}

std::string abatis_text(const AbatisOutcome& o) {
  const bool build = o.work == AbatisWork::build;
  std::string s;
  s += fmt::format("Abatis    {}, one turn of work ({} turns in all)\n", build ? "building" : "tearing down", o.turns);
  auto bar = [&](int done) {
    std::string b = "[";
    for (int i = 0; i < o.turns; ++i) b += i < done ? '#' : '.';
    return b + fmt::format("] {}/{}", done, o.turns);
  };
  s += fmt::format("Progress  {} -> {}{}\n", bar(o.progress_before), bar(o.progress_after),
                   o.spoiled ? (build ? "  spoiled: attackers in the breach" : "  spoiled: attacked or killed")
                             : "");
  s += fmt::format("Abatis    {} -> {}\n", o.standing_before ? "standing" : "none",
                   o.standing_after ? "standing" : (build ? "none" : "destroyed"));
  s += fmt::format("Rules     {}\n", rules_with_rulings(o.rules));
  if (!o.notes.empty() || !o.not_modelled.empty()) s += "Notes\n" + render_notes(o.notes, o.not_modelled);
  return s;
}

}  // namespace siege::print
