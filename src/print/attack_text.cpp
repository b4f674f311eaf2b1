// print/attack_text.cpp - checks, attacks, sorties and the scene as text
// (print/text.hpp; their JSON is in attack.cpp).
#include <algorithm>

#include <fmt/core.h>
#include <fmt/format.h>

#include "print/troop_words.hpp"
#include "print/render.hpp"
#include "print/text.hpp"
#include "siege/units.hpp"

namespace siege::print {

using cli::command_line;
using cli::display_width;
using cli::escape_text;
using cli::hull_bar;
using cli::pad_to;
using cli::painted_alarm;
using cli::painted_state;
using cli::render_armor;
using cli::render_check;
using cli::render_notes;
using cli::rules_with_rulings;
using cli::ruling_of;
using cli::shell_word;

namespace {

std::string attack_line(const SceneAttack& a) {
  const CheckResult& c = a.on_section ? a.on_section->check : a.on_engine->check;
  std::string s = fmt::format("{} net Successes, {} net Boons: ", c.net_successes, c.net_boons);
  if (!a.hit()) return s + "miss";
  s += fmt::format("{} damage, Hull {} -> {} of {}", a.damage(), a.hull().before, a.hull().after, a.hull().max);
  if (a.on_section) {
    if (a.on_section->after != a.on_section->before)
      s += fmt::format(", {} -> {}", painted_state(a.on_section->before), painted_state(a.on_section->after));
  } else if (a.on_engine->knocked_out && a.hull().before < a.hull().max) {
    s += ", " + painted_alarm(a.kind == TargetKind::camp ? "wrecked" : "knocked out");
  }
  return s;
}

}  // namespace

std::string check_text(const CheckResult& c, std::uint64_t seed) {
  return fmt::format("Check     {}\n", render_check(c, seed));
}

std::string section_line(std::string_view section, std::string_view engine) {
  return fmt::format("Section   {}{}\n", escape_text(section),
                     engine.empty() ? "" : " (engine " + escape_text(engine) + ")");
}

std::string attack_text(const AttackOutcome& o, std::uint64_t seed) {
  std::string s;
  s += fmt::format("Attack    {} on {}\n",
                   o.weapon == "inline" ? cli::inline_weapon_words(o.stats)
                                        : fmt::format("{} ({})", escape_text(o.stats.name), o.weapon),
                   o.structure);
  s += fmt::format("Check     {}\n", render_check(o.check, seed));
  s += fmt::format("Armor     {:>3}  listed\n", o.armor.listed);
  for (const auto& st : o.armor.steps)
    s += fmt::format("          {:>+3}  {} ({})\n", st.change, st.rule, ruling_of(st.rule));
  s += fmt::format("          {:>3}  effective\n", o.armor.effective);
  if (!o.hit) {
    s += "Damage    none: the attack missed (R2)\n";
  } else if (o.damage == 0 && o.hull_damage == o.stats.hull_damage &&
             std::find(o.rules.begin(), o.rules.end(), "heavy-weapons-only") != o.rules.end()) {
    s += "Damage    none: too light a weapon (R8)\n";
  } else {
    const int raw = o.hull_damage + o.check.net_successes - o.armor.effective;
    s += fmt::format("Damage    {} Hull damage{} {:+} Successes - {} Armor = {}{}", o.hull_damage,
                     o.hull_damage != o.stats.hull_damage ? " (halved, R9)" : "",
                     o.check.net_successes, o.armor.effective, raw, raw < 0 ? " -> 0" : "");
    if (o.crit_bundles > 0)
      s += fmt::format(", + {} x 2 for Crit (R3) = {}", o.crit_bundles, o.damage);
    s += "\n";
  }
  s += fmt::format("Hull      {} suffered{}\n", hull_bar(o.hull.after, o.hull.max),
                   o.overkill > 0 ? fmt::format(" ({} overkill)", o.overkill) : std::string());
  if (o.ladder == LadderMode::steps)
    s += fmt::format("Ladder    steps of {} Hull: moved {} step(s) (R5)\n", o.ladder_step, o.steps_moved);
  s += fmt::format("State     {} -> {}\n", painted_state(o.before), painted_state(o.after));
  s += fmt::format("Rules     {}\n", fmt::join(o.rules, ", "));
  if (!o.notes.empty() || !o.not_modelled.empty()) s += "Notes\n" + render_notes(o.notes, o.not_modelled);
  return s;
}

std::string sortie_text(const EngineHit& o, std::uint64_t seed) {
  std::string s = fmt::format("Sortie    {} on {} ({})\n",
                              o.stats.id == "inline"
                                  ? cli::inline_weapon_words(o.stats)
                                  : fmt::format("{} ({})", escape_text(o.stats.name), o.stats.id),
                              escape_text(o.target), o.row);
  s += fmt::format("Check     {}\n", render_check(o.check, seed));
  s += render_armor(o.armor);
  if (!o.hit) {
    s += "Damage    none: the attack missed (R2)\n";
  } else {
    const int raw = o.stats.hull_damage + o.check.net_successes - o.armor.effective;
    s += fmt::format("Damage    {} Hull damage {:+} Successes - {} Armor = {}{}", o.stats.hull_damage,
                     o.check.net_successes, o.armor.effective, raw, raw < 0 ? " -> 0" : "");
    if (o.crit_bundles > 0) s += fmt::format(", + {} x 2 for Crit (R3) = {}", o.crit_bundles, o.damage);
    s += "\n";
  }
  s += fmt::format("Hull      {} suffered{}\n", hull_bar(o.hull.after, o.hull.max),
                   o.overkill > 0 ? fmt::format(" ({} overkill)", o.overkill) : std::string());
  if (o.knocked_out && o.hull.before < o.hull.max)
    s += "State     " + painted_alarm(o.target == camp_id ? "wrecked" : "knocked out") + "\n";
  s += fmt::format("Rules     {}\n", rules_with_rulings(o.rules));
  if (!o.notes.empty() || !o.not_modelled.empty()) s += "Notes\n" + render_notes(o.notes, o.not_modelled);
  return s;
}

std::string hull_change_text(const HullChangeOutcome& o) {
  std::string text = fmt::format("{}    {} ({} {}){}\n", o.direction == HullDirection::damage ? "Damage" : "Repair",
                                 escape_text(o.target), name_of(o.kind), escape_text(o.row),
                                 o.cause.empty() ? std::string() : ": " + escape_text(o.cause));
  text += fmt::format("Hull      {}{}: {} -> {} suffered of {}{}\n", o.direction == HullDirection::damage ? "+" : "-",
                      o.change, o.hull.before, o.hull.after, o.hull.max,
                      o.overkill > 0 ? fmt::format(" ({} overkill)", o.overkill) : std::string());
  text += fmt::format("          {}\n", hull_bar(o.hull.after, o.hull.max));
  if (o.kind == TargetKind::section)
    text += fmt::format("State     {} -> {}\n", painted_state(o.before), painted_state(o.after));
  else
    text += fmt::format("State     {} -> {}\n", o.out_before ? "out" : "in action", o.out_after ? "out" : "in action");
  text += fmt::format("Rules     {}\n", rules_with_rulings(o.rules));
  if (!o.notes.empty() || !o.not_modelled.empty()) text += "Notes\n" + render_notes(o.notes, o.not_modelled);
  return text;
}

std::string aim_text(const AimOutcome& o) {
  const auto shown = [](const std::string& id) { return id.empty() ? std::string("none") : escape_text(id); };
  std::string text = fmt::format("Engine    {} ({})\n", escape_text(o.engine), name_of(o.side));
  text += fmt::format("Target    {} -> {}\n", shown(o.before), shown(o.after));
  text += fmt::format("Rules     {}\n", rules_with_rulings(o.rules));
  text += "Notes\n" + render_notes(o.notes, {});
  return text;
}

std::string scene_text(const SceneOutcome& o, const Snapshot& after, const Tables& t) {
  std::size_t w_engine = 6, w_target = 6;
  for (const auto& a : o.attacks) {
    w_engine = std::max(w_engine, display_width(escape_text(a.engine)));
    w_target = std::max(w_target, display_width(escape_text(a.target)));
  }
  std::string s = fmt::format("Scene     {} of a siege in an evening (one {}), seed {}\n", o.scene,
                              name_of(o.length), o.seed);
  for (const EngineSide side : {EngineSide::besieger, EngineSide::defender}) {
    bool any = false;
    for (const auto& a : o.attacks) {
      if (a.side != side) continue;
      if (!any) s += side == EngineSide::besieger ? "Besiegers\n" : "Defenders\n";
      any = true;
      s += fmt::format("  {} -> {}  {}  (seed {})\n", pad_to(escape_text(a.engine), w_engine),
                       pad_to(escape_text(a.target), w_target), attack_line(a), a.seed);
    }
  }
  std::size_t w_id = 6;
  for (const auto& x : o.sections) w_id = std::max(w_id, display_width(escape_text(x.id)));
  s += "Sections\n";
  std::vector<std::string> bars;
  for (const auto& x : o.sections) bars.push_back(hull_bar(x.suffered, x.hull));
  bars = cli::one_width(std::move(bars));
  for (std::size_t i = 0; i < o.sections.size(); ++i)
    s += fmt::format("  {} {}  {}\n", pad_to(escape_text(o.sections[i].id), w_id), bars[i],
                     painted_state(o.sections[i].state));
  if (!o.knocked_out.empty())
    s += "Knocked out  " + painted_alarm(escape_text(fmt::format("{}", fmt::join(o.knocked_out, ", ")))) +
         "\n";
  s += breaches_text(after, t);
  if (!o.idle.empty()) {
    s += "Idle      engines with nothing to shoot:\n";
    for (const auto& e : o.idle)
      s += fmt::format("  {} ({}): {}\n", escape_text(e.engine), name_of(e.reason),
                       command_line(cli::hint_mark({"target", input_word("engine"), e.engine, input_word("at"), "ID"})));
  }
  s += fmt::format("Rules     {}\n", fmt::join(o.rules, ", "));
  s += "Notes\n" + render_notes(o.notes, o.not_modelled);
  return s;
}

std::string breaches_text(const Snapshot& s, const Tables& t) {
  std::string out;
  const auto line = [&out](const std::vector<std::string>& ids, std::string_view what) {
    if (ids.empty()) return;
    out += "Breaches  ";
    out += painted_alarm(escape_text(fmt::format("{}", fmt::join(ids, ", "))));
    out += what;
  };
  line(breaches(s, t, Abatis::none), ": play the assault\n");
  line(breaches(s, t, Abatis::standing), ": blocked by standing abatis until it is torn down (R26)\n");
  line(breaches(s, t, Passable::no), ": impassable, no assault across it (R13)\n");
  // R26: abatis under way in a breach; R33: who stands at each breach.
  for (const auto& x : s.sections) {
    if (x.state != BreachState::breached) continue;
    if (!x.abatis.standing && x.abatis.progress > 0)
      out += fmt::format("Abatis    {}: {} of {} turns of building done\n", escape_text(x.id), x.abatis.progress,
                         t.troops.abatis_turns);
    std::vector<std::string> who;
    for (const UnitState* u : units_at(s, x.id))
      who.push_back(fmt::format("{} ({}) {} through, {} behind", escape_text(u->id), name_of(u->side), u->through,
                                u->behind));
    if (!who.empty()) out += fmt::format("At breach {}: {}\n", escape_text(x.id), fmt::join(who, "; "));
  }
  return out;
}

}  // namespace siege::print
