// What the state-file commands print (docs/state.md): the scene, status (also
// printed by init) and the log.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "state/actions.hpp"
#include "front/cli.hpp"
#include "print/json.hpp"
#include "siege/scene.hpp"

namespace siege::cli {

// `scene`: one scene of a siege in an evening (an action: it is logged);
// its text is print::scene_text (print/text.hpp).
[[nodiscard]] std::string describe_scene(const nlohmann::json& outcome);

// `status`: the siege at a glance.
// `init` prints the same, with its own action name and "written".
[[nodiscard]] std::string status_json(const SiegeState& st, const Tables& t, const std::string& path,
                                      std::string_view action = "status");
[[nodiscard]] std::string status_text(const SiegeState& st, const Tables& t);

// `log`: every resolution, one a line.
[[nodiscard]] std::string log_json(const SiegeState& st, const std::string& path);
[[nodiscard]] std::string log_text(const SiegeState& st);


}  // namespace siege::cli
