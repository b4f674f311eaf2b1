// The command line: the front end that reads argv (parse.hpp) into one
// command object's inputs (src/commands/command.hpp), runs it, and maps
// every error to its exit status (the one place that does: INTERFACE.md).
#pragma once

namespace siege::cli {

// Entry point: parses argv, runs one command, prints an error that reached
// it as one line (and the error object with --json), and returns the exit
// status.
int main(int argc, char** argv);

// Makes SIGBUS a state error (exit 4, "state-changed") naming the state
// file last mapped (StateFile), said on stderr and, once --json is read,
// as the JSON error on stdout. main() calls it first.
void report_bus_errors() noexcept;

}  // namespace siege::cli
