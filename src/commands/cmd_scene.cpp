// `siege scene`: one scene of a siege in an evening (E1-E4).
#include <fmt/format.h>

#include "commands/cmd_state.hpp"
#include "commands/command.hpp"
#include "print/json.hpp"
#include "print/render.hpp"
#include "print/text.hpp"

namespace siege::cli {

ActionResult scene_action(const NoInputs&, Context& ctx, SiegeState* st) {
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

SIEGE_COMMAND(scene) = action_command<NoInputs, no_inputs, scene_action, print::describe_scene>({
    .name = "scene",
    .rank = 280,
    .summary = "Play one scene of a siege in an evening (with --state)",
    .example = "siege --state siege.json scene --seed 7",
    .needs_state = true});

}  // namespace siege::cli
