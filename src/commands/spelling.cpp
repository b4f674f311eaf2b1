// The registry's lists (the registry itself is written by the build:
// cmake/registry.cmake), and how a front end spells what the core marks: an
// input as its option, a hint as a command line the program takes.
#include <algorithm>
#include <optional>
#include <span>
#include <utility>

#include "commands/command.hpp"
#include "print/render.hpp"

namespace siege::cli {

namespace {

// The commands under `parent`, by rank (then name, so that two equal ranks
// keep one order).
CommandList ranked(std::string_view parent) {
  std::vector<const Command*> items;
  for (const Command* c : registry())
    if (c->parent == parent) items.push_back(c);
  std::sort(items.begin(), items.end(), [](const Command* a, const Command* b) {
    return a->rank != b->rank ? a->rank < b->rank : a->name < b->name;
  });
  return CommandList(std::move(items));
}

}  // namespace

const CommandList& commands() {
  static const CommandList top = ranked({});
  return top;
}

const CommandList& subcommands_of(const Command& c) {
  // Only a few commands have subcommands (odds): each list is made once.
  static std::vector<std::pair<const Command*, CommandList>> made;
  for (const auto& [of, list] : made)
    if (of == &c) return list;
  return made.emplace_back(&c, ranked(c.name)).second;
}

bool has_subcommands(const Command& c) {
  // The names that are some command's parent, gathered once (odds).
  static const std::vector<std::string_view> parents = [] {
    std::vector<std::string_view> out;
    for (const Command* x : registry())
      if (!x->parent.empty() && std::find(out.begin(), out.end(), x->parent) == out.end()) out.push_back(x->parent);
    return out;
  }();
  return std::find(parents.begin(), parents.end(), c.name) != parents.end();
}

const Command* find_command(const CommandList& table, std::string_view name) {
  for (const auto& c : table)
    if (c.name == name) return &c;
  return nullptr;
}

const Command* find_top_command(std::string_view name) {
  for (const Command* c : registry())
    if (c->name.size() == name.size() && c->parent.empty() && c->name == name) return c;
  return nullptr;
}

namespace {
std::string option_of(std::string_view key) { return "--" + std::string(key); }

// Set by spell_hints_for_prompt: the commands that stay shell lines. A hint
// at the prompt is a line of it when this is set and its command is not here.
std::optional<std::span<const std::string_view>> prompt_shell_only;

// Whether a hint naming `command` is spelled as a line of the prompt.
bool as_prompt_line(std::string_view command) {
  return prompt_shell_only &&
         std::find(prompt_shell_only->begin(), prompt_shell_only->end(), command) == prompt_shell_only->end();
}

bool is_input_mark(std::string_view w) { return w.size() > 2 && w.front() == '\x1f' && w.back() == '\x1f'; }

// `out` and the words from `first` to `last`, each as the shell reads it
// back: an input a hint names (input_word) written as its option, any other
// word quoted.
template <typename It>
std::string with_words(std::string out, It first, It last) {
  for (; first != last; ++first) {
    const std::string_view w = *first;
    if (!out.empty()) out += ' ';
    out += is_input_mark(w) ? spelled(w, front_end_spelling()) : shell_word(w);
  }
  return out;
}

// A core hint's command line: "siege" and its words, when its first word is
// a command of the table (tests/check_core_words.py holds every hint of the
// core to that); else only its words, quoted (the marks came in with the
// user's own text), never a command the program would refuse.
std::string command_of(const std::vector<std::string>& words) {
  // A hint on a state file (print's hint_mark_on): "--state", the file, then its words.
  if (words.size() >= 3 && words[0] == "--state" && find_top_command(words[2]) != nullptr)
    return with_words(as_prompt_line(words[2]) ? "" : "siege --state " + shell_word(words[1]), words.begin() + 2,
                      words.end());
  const bool known = !words.empty() && find_top_command(words.front()) != nullptr;
  return with_words(known && !as_prompt_line(words.front()) ? "siege" : "", words.begin(), words.end());
}

// Whether a command declares the input `key` (only a hint that names an
// option asks, on its way to be printed).
bool has_input(const Command& c, std::string_view key) {
  if (c.inputs == nullptr) return false;
  for (const auto& in : described_inputs(c))
    if (in.at("key").get<std::string>() == key) return true;
  return false;
}

// Why `words` is not a command line the program takes ("" when it is one).
std::string refused_hint(std::initializer_list<std::string_view> words) {
  const std::string_view* w = words.begin();
  if (w == words.end()) return "it names no command";
  const Command* c = find_top_command(*w);
  if (c == nullptr && registry_is_partial()) return {};  // a command this build leaves out
  if (c == nullptr) return quoted(*w) + " is not a command of the program";
  if (has_subcommands(*c) && w + 1 != words.end() && !is_input_mark(w[1])) {
    const Command* sub = find_command(subcommands_of(*c), w[1]);
    if (sub == nullptr) return quoted(w[1]) + " is not a subcommand of '" + std::string(c->name) + "'";
    c = sub;
    ++w;
  }
  for (++w; w != words.end(); ++w)
    if (is_input_mark(*w) && !has_input(*c, w->substr(1, w->size() - 2)))
      return quoted(c->name) + " has no option " + option_of(w->substr(1, w->size() - 2));
  return {};
}

// `lead` ("siege", "siege --state FILE") and the words of a checked hint.
std::string checked_hint(std::string lead, std::initializer_list<std::string_view> words) {
  if (const std::string why = refused_hint(words); !why.empty())
    throw Error(ErrorKind::internal, "bad-hint", "a hint names a command line the program refuses (a bug): " + why);
  if (as_prompt_line(*words.begin())) lead.clear();
  return with_words(std::move(lead), words.begin(), words.end());
}

constexpr Spelling spelling{option_of, command_of};
}  // namespace

const Spelling& front_end_spelling() { return spelling; }

std::string hint(std::initializer_list<std::string_view> words) { return checked_hint("siege", words); }

std::string hint_on(std::string_view file, std::initializer_list<std::string_view> words) {
  return checked_hint("siege --state " + shell_word(file), words);
}

void spell_hints_for_prompt(std::span<const std::string_view> shell_only) { prompt_shell_only = shell_only; }

std::string see_hint(std::string_view text, std::initializer_list<std::string_view> words) {
  return std::string(text) + " (see '" + hint(words) + "')";
}

void spell_notes(std::vector<std::string>& notes) {
  for (auto& n : notes)
    if (n.find_first_of("\x1e\x1f") != std::string::npos) n = spelled(n, spelling);
}

Error reported(const Error& e, std::string_view name) { return e.in_command(name).spelled(spelling); }

}  // namespace siege::cli
