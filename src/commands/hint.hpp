// A hint that names a command line ("make one with: siege init FILE --from
// DESCRIPTION.json"), built by the front end from its command table, so it
// is always one the program takes, each word quoted for the shell.
//
// Text in src/ never writes "siege COMMAND" by hand: it calls hint()
// (tests/check_core_words.py finds a hand-written one, and a hint whose
// command is not in the table). The rules core marks its hints instead
// (command_words, siege/error.hpp), and the front end spells them the same
// way (front_end_spelling).
#pragma once

#include <initializer_list>
#include <span>
#include <string>
#include <string_view>

namespace siege::cli {

// "siege" and `words`, each quoted for the shell (shell_word), an input
// marked by input_word() written as its option: hint({"init", path,
// input_word("from"), "DESCRIPTION.json"}) is "siege init siege.json --from
// DESCRIPTION.json". The first word is a command of the table (then one of
// its subcommands, odds's, when the next word is not an option) and every
// option one of that command's inputs; else an internal error, a bug the
// tests meet. A hint in an input's help (built once, in a function-local
// static) names no option: its check would visit the inputs being declared.
[[nodiscard]] std::string hint(std::initializer_list<std::string_view> words);
// The same hint on a state file: "siege --state FILE WORDS".
[[nodiscard]] std::string hint_on(std::string_view file, std::initializer_list<std::string_view> words);
// In a line of `siege play` (its child, before the line runs): every hint
// from here on is written as a line of the prompt, without "siege" and
// "--state FILE" ("target --engine ram --at gatehouse"), but for the
// commands in `outside`, which the prompt refuses (init, play ...).
void hints_as_prompt_lines(std::span<const std::string_view> outside);
// `text` pointing at a command: see_hint("The unit", {"status"}) is "The
// unit (see 'siege status')", the help of an input that names an id.
[[nodiscard]] std::string see_hint(std::string_view text, std::initializer_list<std::string_view> words);

}  // namespace siege::cli
