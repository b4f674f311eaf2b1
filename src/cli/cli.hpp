// The command line: the front end that parses argv with CLI11 into one
// command object's inputs (src/commands/command.hpp), runs it, and maps
// every error to its exit status (the one place that does: INTERFACE.md).
#pragma once

#include <functional>

namespace CLI {
class App;
}  // namespace CLI

namespace siege::cli {

class Context;
struct Command;

// A fresh run of `c` with its inputs bound to options of `app` (each input
// an option, or a positional argument); the runner it returns runs what was
// parsed, and holds the request the options write to.
[[nodiscard]] std::function<void(Context&)> bound_runner(CLI::App& app, const Command& c);

// Entry point: parses argv, runs one command, prints an error that reached
// it as one line (and the error object with --json), and returns the exit
// status.
int main(int argc, char** argv);

}  // namespace siege::cli
