// Every command's declaration as one JSON object: what `siege help --inputs
// --json` prints (tools/gen-refs writes the references from it) and what
// the WebAssembly package's inputs() returns.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "commands/command.hpp"

namespace siege::cli {

// The example command lines of `c` (each line of its Command::example, as
// its --help holds them joined by newlines and indents). A subcommand
// without an example of its own (odds') has its parent's lines that name it.
[[nodiscard]] nlohmann::json examples_of(const Command& c, const Command* parent = nullptr);

// One command's item of the list: {"command", "summary", "logged",
// "needs_state" (when true), "examples", "doc" (when it has one), "inputs"}.
[[nodiscard]] std::string command_inputs_json(const Command& c, const std::string& name,
                                              const Command* parent = nullptr);

// {"schema", "action": "inputs", "commands": [every top-level command of
// the registry in rank order, odds' subcommands after odds, then `extra`
// (the front end's own, as help), ...]: `tail` closes the list and may add
// keys (",\"globals\":[...]}"), or is "]}" when the front end has none.
[[nodiscard]] std::string all_inputs_json(const Command* extra, std::string_view extra_name,
                                          std::string_view tail);

}  // namespace siege::cli
