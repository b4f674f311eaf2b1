// `siege --state FILE odds scene`: the exact chance that each section of the
// siege is breached by the end of each coming scene (siege/odds_scene.hpp).
// It only reads the state file: no lock, nothing written, nothing logged.
#include "commands/actions.hpp"
#include "commands/cmd_odds.hpp"
#include "commands/command.hpp"
#include "print/odds.hpp"
#include "siege/odds_scene.hpp"
#include "state/state_file.hpp"

namespace siege::cli {

namespace {

struct SceneOddsRequest {
  Given<int> scenes = evening_scenes;
};

void scene_odds_inputs(Fields& f, SceneOddsRequest& r) {
  f.number({"scenes", "Coming scenes to look at"}, r.scenes, 1, odds::max_scenes_ahead);
}

void odds_of_scene(const SceneOddsRequest& r, Context& ctx) {
  require_state(ctx, "odds scene");
  StateFile file(ctx.globals.state_file, StateFile::Access::read);
  const SiegeState st = load_state(file, ctx);
  const odds::SceneOdds o = odds::scene_odds(st.now, ctx.tables(), *r.scenes);
  ctx.emit(print::json_text(print::write_scene_odds, o, st, file.path()),
           print::scene_odds_text(o, st, ctx.tables()));
}

}  // namespace

SIEGE_COMMAND(odds_scene) = plain_command<SceneOddsRequest, scene_odds_inputs, odds_of_scene>({
    .name = "scene",
    .parent = "odds",
    .rank = 60,
    .summary = "With --state: the chance each section is breached by the end of each coming scene",
    .example = ""});

}  // namespace siege::cli
