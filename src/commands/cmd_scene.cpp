// `siege scene`: one scene of a siege in an evening (E1-E4).
#include <fmt/format.h>

#include "commands/cmd_state.hpp"
#include "front/command.hpp"
#include "print/json.hpp"
#include "print/render.hpp"

namespace siege::cli {

ActionResult scene_action(const NoInputs&, Context& ctx, SiegeState* st) {
  if (st == nullptr) fail_no_state("scene");
  SceneOutcome o = play_scene(st->now, st->scene_length, ctx.tables(), ctx.seed());
  spell_notes(o.notes);
  for (auto& e : o.idle) e.command = spelled(e.command, front_end_spelling());
  nlohmann::json attacks = nlohmann::json::array();
  for (const auto& a : o.attacks) {
    nlohmann::json x = {{"engine", a.engine},
                        {"target", a.target},
                        {"seed", a.seed},
                        {"hit", a.hit()},
                        {"damage", a.damage()},
                        {"hull", {{"before", a.hull().before}, {"after", a.hull().after}}}};
    if (a.on_section)
      x["state"] = {{"before", name_of(a.on_section->before)}, {"after", name_of(a.on_section->after)}};
    else
      x["knocked_out"] = a.on_engine->knocked_out;
    attacks.push_back(std::move(x));
  }
  ActionResult out;
  out.json = print::json_text(print::write_scene, o);
  out.text = scene_text(o, st->now, ctx.tables());
  out.summary = {{"scene", o.scene}, {"attacks", attacks}, {"breached", o.breached}, {"knocked_out", o.knocked_out}};
  return out;
}

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
  for (const auto& x : o.sections)
    s += fmt::format("  {} {}  {}\n", pad_to(escape_text(x.id), w_id), hull_bar(x.suffered, x.hull),
                     painted_state(x.state));
  if (!o.knocked_out.empty())
    s += "Knocked out  " + painted_alarm(escape_text(fmt::format("{}", fmt::join(o.knocked_out, ", ")))) +
         "\n";
  s += breaches_text(after, t);
  if (!o.idle.empty()) {
    s += "Idle      engines with nothing to shoot:\n";
    for (const auto& e : o.idle)
      s += fmt::format("  {} ({}): {}\n", escape_text(e.engine), name_of(e.reason),
                       command_line("siege target --engine " + shell_word(e.engine) + " --at ID"));
  }
  s += fmt::format("Rules     {}\n", fmt::join(o.rules, ", "));
  s += "Notes\n" + render_notes(o.notes, o.not_modelled);
  return s;
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

Command scene_command() {
  return action_command<NoInputs, no_inputs, scene_action, describe_scene>(
      "scene", "Play one scene of a siege in an evening (with --state)", "siege --state siege.json scene --seed 7");
}

}  // namespace siege::cli
