// The global options of the command line, declared once: their names, the
// value they take, the line --help gives, the man page's prose, and what
// each sets in Globals. The parser (parse.cpp) reads them, --help
// lists them (help.cpp), `help --inputs --json` describes them.
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "commands/context.hpp"

namespace siege::cli {

// One global option (reference markup for `doc`, as a command's
// CommandDoc). The table is made when asked for: no table of pointers for
// the program to relocate at every start.
struct GlobalOption {
  std::string_view names;  // "-h, --help": the last one is its name
  std::string_view value;  // "DIR"; empty for a flag
  std::string_view help;
  std::string_view doc;
};
enum Global : std::size_t { help_option, version_option, json_option, data_option, seed_option, state_option,
                             dry_run_option, lock_wait_option, color_option, format_option, global_count };
[[nodiscard]] std::array<GlobalOption, global_count> global_options();

// The spellings of `o` ("-h", "--help").
[[nodiscard]] std::vector<std::string> option_names(const GlobalOption& o);

// Sets what `o` (not -h, --help or --version) sets in `g`, from `value` (a
// flag: ""): its value checked as it is read (a seed in bounds, a path not
// empty).
void apply_global(Globals& g, const GlobalOption& o, const std::string& value);

// What --version prints, its last newline included: "siege 0.1.0", or with
// `json` the object {"schema":1,"action":"version","version":"0.1.0"} (the
// WebAssembly package's `version` too).
[[nodiscard]] std::string version_text(bool json);

}  // namespace siege::cli
