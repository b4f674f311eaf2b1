// What the state-file commands share (docs/state.md): the scene's line in
// the log. What status, init, log, undo and redo print is written in
// src/print/ (print::write_status, print::status_text, ...).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "commands/actions.hpp"
#include "commands/context.hpp"
#include "print/json.hpp"
#include "siege/scene.hpp"

namespace siege::cli {

// `scene`: one scene of a siege in an evening (an action: it is logged);
// its text is print::scene_text (print/text.hpp).
[[nodiscard]] std::string describe_scene(const nlohmann::json& outcome);

}  // namespace siege::cli
