// The --help screens, laid out from the command objects and the global
// options table: a command's summary, its usage line, its positionals and
// options (each with its value's name, REQUIRED, bounds and default), its
// subcommands, and its example; for `siege --help`, every command.
#pragma once

#include <string>

#include "commands/command.hpp"

namespace siege::cli {

// The help of `command` (null: siege's own) or of its subcommand `sub`,
// fitted to `width` columns.
[[nodiscard]] std::string help_screen(const Command* command, const Command* sub, std::size_t width);

}  // namespace siege::cli
