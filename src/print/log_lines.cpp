// print/log_lines.cpp - the one line of each logged action in `siege log`
// and `siege undo`/`redo`, written from what the log keeps of its outcome
// (its summary); print/text.hpp declares them.
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "print/text.hpp"
#include "siege/morale.hpp"

namespace siege::print {

namespace {

// "; the besieger army checks morale" for each army whose check a logged
// troop command called.
std::string called_words(const nlohmann::json& summary) {
  std::string s;
  for (const auto& a : summary.value("armies", nlohmann::json::array()))
    if (a.value("called", false))
      s += fmt::format("; the {} army checks morale", a.value("side", std::string()));
  return s;
}

// "SECTION: N damage, Hull BEFORE -> AFTER, STATE -> STATE": an attack's
// hit or a demolition.
std::string damage_words(const nlohmann::json& o) {
  const auto& st = o.at("state");
  return fmt::format("{}: {} damage, Hull {} -> {}, {} -> {}", o.value("section", std::string()),
                     o.value("damage", 0), o.at("hull").value("before", 0), o.at("hull").value("after", 0),
                     st.value("before", std::string()), st.value("after", std::string()));
}

}  // namespace

std::string describe_abatis(const nlohmann::json& o) {
  const auto& p = o.at("progress");
  std::string by;
  for (const auto& id : o.value("spoilers", nlohmann::json::array()))
    by += (by.empty() ? ", spoiled by " : " and ") + id.get<std::string>();
  return fmt::format("{}: {} {} -> {}{}{}", o.value("section", std::string()), o.value("work", std::string()),
                     p.value("before", 0), p.value("after", 0), by,
                     o.at("standing").value("after", false) ? ", abatis standing" : ", no abatis");
}

std::string describe_add(const nlohmann::json& o) {
  if (o.contains("structure")) {
    const auto variant = o.value("variant", nlohmann::json());
    return fmt::format("section {} ({}{}) joins, {}", o.value("section", std::string()),
                       o.value("structure", std::string()),
                       variant.is_string() ? " with " + variant.get<std::string>() : std::string(),
                       o.value("state", std::string()));
  }
  if (o.contains("engine")) {
    const auto target = o.value("target", nlohmann::json());
    return fmt::format("engine {} ({}) joins{}", o.value("engine", std::string()),
                       o.value("side", std::string()),
                       target.is_string() ? ", aimed at " + target.get<std::string>() : std::string());
  }
  const auto& u = o.at("units").at(0);
  std::string place = u.value("where", std::string());
  if (place == "within-walls") place = "within the walls";
  if (place == "section") place = "at " + u.value("section", std::string());
  return fmt::format("unit {} ({}, {}) joins {}{}{}", o.value("unit", std::string()),
                     o.value("side", std::string()), figures_word(u.value("figures", 0)), place,
                     o.value("sally", false) ? ", a sally" : "", called_words(o));
}

std::string describe_army_morale(const nlohmann::json& o) {
  const std::string side = o.contains("side") ? o.value("side", std::string()) + " " : std::string();
  const std::string_view check = o.value("called", false) ? "called"
                                 : o.value("due", false)  ? "due"
                                                          : "not due";
  return fmt::format("{}army morale check {} (threshold {} killed)", side, check, o.value("threshold", 0));
}

std::string describe_attack(const nlohmann::json& o) {
  if (!o.value("hit", false)) return o.value("section", std::string()) + ": missed";
  return damage_words(o);
}

std::string describe_casualties(const nlohmann::json& o) {
  if (o.contains("unit")) {
    std::string s = fmt::format("{}: {} killed", o.value("unit", std::string()), o.value("killed", 0));
    if (o.value("through_first", false))
      s += fmt::format(" ({} of them through the breach first)", o.value("removed_through", 0));
    return s + called_words(o);
  }
  return fmt::format("{} through, {} behind, {} gap(s)", o.value("through_after", 0), o.value("behind_after", 0),
                     o.value("gaps", 0));
}

std::string describe_check(const nlohmann::json& o) {
  return fmt::format("{} Successes, {} Boons: {}", o.value("net_successes", 0), o.value("net_boons", 0),
                     o.value("passed", false) ? "passed" : "failed");
}

std::string describe_countermine(const nlohmann::json& o) {
  const auto& d = o.at("days");
  return fmt::format("{}: countermine {}, gallery {} -> {} day(s)", o.value("section", std::string()),
                     o.value("result", std::string()), d.value("before", 0), d.value("after", 0));
}

std::string describe_demolish(const nlohmann::json& o) { return damage_words(o); }

std::string describe_escalade(const nlohmann::json& o) {
  const std::string id = o.value("section", std::string());
  const std::string who = o.contains("unit") ? o.value("unit", std::string()) + " at " : std::string();
  if (!o.value("climbed", true)) return who + id + ": breached, not climbed";
  return fmt::format("{}{}: {} of {} up", who, id, o.value("up", 0), o.value("attackers", 0));
}

std::string describe_hold(const nlohmann::json& o) {
  const std::string who = o.contains("units") && o.at("units").size() == 2
                              ? fmt::format("{} against {}: ", o.at("units").at(0).value("id", std::string()),
                                            o.at("units").at(1).value("id", std::string()))
                              : std::string();
  if (o.value("passed", false)) return who + "held";
  return who + fmt::format("failed: {} enemy figure(s) forced through", o.value("through", 0));
}

std::string describe_hull_change(const nlohmann::json& o) {
  const auto& h = o.at("hull");
  std::string s = fmt::format("{}: Hull {} -> {}", o.value("target", std::string()), h.value("before", 0),
                              h.value("after", 0));
  if (o.contains("state")) {
    const auto& st = o.at("state");
    if (st.value("before", std::string()) != st.value("after", std::string()))
      s += fmt::format(", {} -> {}", st.value("before", std::string()), st.value("after", std::string()));
  } else if (o.contains("knocked_out")) {
    const auto& k = o.at("knocked_out");
    if (k.value("before", false) != k.value("after", false))
      s += k.value("after", false) ? ", knocked out" : ", back in action";
  }
  return s;
}

std::string describe_merge(const nlohmann::json& o) {
  const auto units = o.value("units", nlohmann::json::array());
  return fmt::format(
      "{} merges into {}{}", o.value("unit", std::string()), o.value("into", std::string()),
      units.size() == 2 ? fmt::format(" ({})", figures_word(units[1].value("figures", 0))) : std::string());
}

std::string describe_mine(const nlohmann::json& o) {
  const std::string id = o.value("section", std::string());
  const auto& d = o.at("days");
  if (o.value("fired", false))
    return fmt::format("{}: fired, {} damage, Hull {} -> {}, {} -> {}", id, o.value("damage", 0),
                       o.at("hull").value("before", 0), o.at("hull").value("after", 0),
                       o.at("state").value("before", std::string()), o.at("state").value("after", std::string()));
  return fmt::format("{}: dug {} -> {} day(s){}", id, d.value("before", 0), d.value("after", 0),
                     o.value("detected", false) ? ", found by the defenders" : "");
}

std::string describe_move(const nlohmann::json& o) {
  if (o.contains("unit")) {
    const auto& u = o.at("units").at(0);
    std::string place = u.value("where", std::string());
    if (place == "within-walls") place = "within the walls";
    if (place == "section")
      place = u.value("through", 0) == 0
                  ? "at " + u.value("section", std::string())
                  : fmt::format("at {} ({} through, {} behind)", u.value("section", std::string()),
                                u.value("through", 0), u.value("behind", 0));
    return fmt::format("{} {}{}", o.value("unit", std::string()), place,
                       o.value("moved_through", 0) > 0
                           ? fmt::format(", {} moved through", o.value("moved_through", 0))
                           : std::string());
  }
  return fmt::format("speed {} -> {}", o.value("speed", 0), o.value("speed_after", 0));
}

std::string describe_order(const nlohmann::json& o) {
  const auto& order = o.at("order");
  return fmt::format("{}: {} -> {}", o.value("unit", std::string()), order.value("before", std::string()),
                     order.value("after", std::string()));
}

std::string describe_remove(const nlohmann::json& o) {
  const bool engine = o.contains("engine");
  const auto cause = o.value("cause", nlohmann::json());
  std::string s = fmt::format("{} {} leaves{}", engine ? "engine" : "unit",
                              o.value(engine ? "engine" : "unit", std::string()),
                              cause.is_string() ? ": " + cause.get<std::string>() : std::string());
  if (!engine) s += fmt::format(" ({} alive)", figures_word(o.value("figures_left", 0)));
  return s + called_words(o);
}

std::string describe_rout(const nlohmann::json& o) {
  if (o.contains("unit")) {
    std::string s = o.value("taken", std::string()) == "standard"
                        ? fmt::format("{}: the standard rout, routed", o.value("unit", std::string()))
                        : fmt::format("{}: shaken, {} figure(s) removed", o.value("unit", std::string()),
                                      o.value("removed", 0));
    return s + called_words(o);
  }
  return fmt::format("{} figure(s), {} move, {} blocked", o.value("figures", 0), o.value("moving", 0),
                     o.value("blocked", 0));
}

std::string describe_scene(const nlohmann::json& o) {
  int hits = 0, damage = 0;
  const auto& attacks = o.at("attacks");
  for (const auto& a : attacks) {
    hits += a.value("hit", false) ? 1 : 0;
    damage += a.value("damage", 0);
  }
  std::string s = fmt::format("scene {}: {} attacks, {} hits, {} damage", o.value("scene", 0), attacks.size(), hits,
                              damage);
  if (!o.at("breached").empty())
    s += fmt::format("; breached {}", fmt::join(o.at("breached").get<std::vector<std::string>>(), ", "));
  if (!o.at("knocked_out").empty())
    s += fmt::format("; knocked out {}", fmt::join(o.at("knocked_out").get<std::vector<std::string>>(), ", "));
  return s;
}

std::string describe_sortie(const nlohmann::json& o) {
  const std::string id = o.value("target", std::string());
  if (!o.value("hit", false)) return id + ": sortie missed";
  return fmt::format("{}: sortie, {} damage, Hull {} -> {}{}", id, o.value("damage", 0),
                     o.at("hull").value("before", 0), o.at("hull").value("after", 0),
                     o.value("knocked_out", false) ? ", knocked out" : "");
}

std::string describe_split(const nlohmann::json& o) {
  return fmt::format("{} of {} become {}", figures_word(o.value("figures", 0)), o.value("unit", std::string()),
                     o.value("into", std::string()));
}

std::string describe_target(const nlohmann::json& o) {
  const auto& t = o.at("target");
  auto shown = [](const nlohmann::json& v) { return v.is_string() ? v.get<std::string>() : std::string("none"); };
  return fmt::format("{}: aimed {} -> {}", o.value("engine", std::string()), shown(t.at("before")),
                     shown(t.at("after")));
}

}  // namespace siege::print
