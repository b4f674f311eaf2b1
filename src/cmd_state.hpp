// The commands of a siege kept in a state file (docs/state.md): init, status,
// log, undo, replay, and scene (one scene of a siege in an evening).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "actions.hpp"
#include "cli.hpp"
#include "siege/scene.hpp"

namespace siege::cli {

// `init`: a new state file from a description.
struct InitRequest {
  std::string file;  // FILE, or --state
  std::string from;  // the description; "-" reads standard input
  bool force = false;
};
[[nodiscard]] SiegeState run_init(const InitRequest& r, Context& ctx);

// `scene`: one scene of a siege in an evening (an action: it is logged).
struct SceneRequest {};
void scene_fields(Fields& f, SceneRequest& r);
[[nodiscard]] ActionResult scene_action(const SceneRequest& r, Context& ctx, SiegeState* state);
[[nodiscard]] std::string scene_json(const SceneOutcome& o);
[[nodiscard]] std::string scene_text(const SceneOutcome& o);
[[nodiscard]] std::string describe_scene(const nlohmann::json& outcome);

// `status`: the siege at a glance.
// `init` prints the same, with its own action name and "written".
[[nodiscard]] std::string status_json(const SiegeState& st, const Tables& t, const std::string& path,
                                      std::string_view action = "status");
[[nodiscard]] std::string status_text(const SiegeState& st, const Tables& t);

// `log`: every resolution, one a line.
[[nodiscard]] std::string log_json(const SiegeState& st, const std::string& path);
[[nodiscard]] std::string log_text(const SiegeState& st);

Runner setup_init(CLI::App& app);
Runner setup_status(CLI::App& app);
Runner setup_log(CLI::App& app);
Runner setup_undo(CLI::App& app);
Runner setup_replay(CLI::App& app);
Runner setup_scene(CLI::App& app);

}  // namespace siege::cli
