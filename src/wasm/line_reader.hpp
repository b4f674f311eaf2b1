// How the package's `odds scene --if` reads its lines: the command line's
// reader (front/parse.hpp's read_state_line), given to every call's Context.
// src/wasm/lines.cpp sets it in the package's module; the calculator page's
// module, which asks no `odds scene`, leaves it null and so links no
// command-line reader.
#pragma once

#include <string_view>

#include "commands/command.hpp"

namespace siege::cli::wasm {

extern StateLine (*line_reader)(std::string_view line);

}  // namespace siege::cli::wasm
