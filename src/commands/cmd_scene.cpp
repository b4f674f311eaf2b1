// `siege scene`: one scene of a siege in an evening (E1-E4).
#include <fmt/format.h>

#include "commands/cmd_state.hpp"
#include "front/command.hpp"
#include "print/json.hpp"
#include "print/render.hpp"
#include "print/text.hpp"

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
  out.text = print::scene_text(o, st->now, ctx.tables());
  out.summary = {{"scene", o.scene}, {"attacks", attacks}, {"breached", o.breached}, {"knocked_out", o.knocked_out}};
  return out;
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
