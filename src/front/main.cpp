#include "front/cli.hpp"

int main(int argc, char** argv) { return siege::cli::main(argc, argv); }
