// The program: the command line over the registry of command objects.
#include "cli/cli.hpp"

int main(int argc, char** argv) { return siege::cli::main(argc, argv); }
