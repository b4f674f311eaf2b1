// The command line read against the command objects: which command, its
// inputs' words, and the global options, with no parser built per option.
//
// The rules, the same on the command line and at `siege play`'s prompt:
// - A word is an option only where it stands as one: an option that takes a
//   value takes the next word as that value (a global flag such as --json,
//   or any other word, is then the value), unless the word is one of the same
//   command's own options, which is refused ("split: --into needs one value
//   (NEW) after it"). After "--" every word is a value.
// - Global options (--json, --data, --seed, --state, --dry-run, --color,
//   --format, --lock-wait, --version, --help) may stand before or after the
//   command. A command's own option of the same name wins after the command.
// - "--name=value" and "-Xvalue" give an option its value in one word; a
//   flag given "=true", "=1", "=yes", "=on" is set, "=false", "=0", "=no",
//   "=off" left as it was, and any other value refused.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "commands/command.hpp"
#include "commands/context.hpp"

namespace siege::cli {

struct CommandLine {
  const Command* command = nullptr;  // null: none named
  const Command* sub = nullptr;      // a subcommand of `command` (odds'), or null
  bool help = false;                 // -h or --help stood as an option
  bool version = false;              // --version stood as an option
  // An input and the words given for it, in the order given (a flag: one
  // empty word a use). `of` is the command whose input it is.
  struct Given {
    const Command* of = nullptr;
    std::string key;
    std::vector<std::string> values;
  };
  std::vector<Given> inputs;
  // The command the inputs run: the subcommand when there is one.
  [[nodiscard]] const Command* target() const { return sub != nullptr ? sub : command; }
  // The command's words as messages name it: "attack", "odds check"; "" for none.
  [[nodiscard]] std::string path() const;
};

// The words that name a command: the registry's, and help.
[[nodiscard]] std::vector<std::string> command_names();

// Reads argv's words (without the program's name) into `g` (the global
// options: their values checked as they are read) and the line's command
// and inputs. A line that cannot be read is a usage error naming the
// command and the word at fault. With --help or --version standing as an
// option, reads no further (the caller prints what they ask for).
[[nodiscard]] CommandLine parse_command_line(const std::vector<std::string_view>& words, Globals& g);

// Fills the inputs of `run` (a fresh Invocation of line.target()) with the
// words `line` gave them, in the order the command declares them: numbers
// read within their bounds, texts held to R42, a path never empty, an input
// given more often than it takes values refused. The errors name the option
// ("--pool: expected a whole number from 0 to 50, got 'x'").
void fill_inputs(const CommandLine& line, Invocation& run);

// One state command line as typed at the prompt of `siege play` (no
// `siege`, no --state), split by play's splitter (front/words.hpp) and read
// by parse_command_line: an action, its inputs checked as with --state, and
// its own --seed; of the global options it takes --seed only. What it
// refuses is a usage error naming the word at fault, as the prompt would.
// (Context::read_state_line: `odds scene --if`.)
[[nodiscard]] StateLine read_state_line(std::string_view text);

// The option names a command's inputs take on the command line, and
// whether each takes a value (play's completion and word checks use them).
struct InputName {
  std::string name;  // "--weapon", "-w", "TABLE" (a positional)
  std::string key;
  bool positional = false;
  bool takes_value = false;
};
[[nodiscard]] std::vector<InputName> input_names(const Command& c);

}  // namespace siege::cli
