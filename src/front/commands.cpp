// The command table: every command of the program, in the order `siege
// --help` lists them. A row is made in the command's own file (command.hpp).
#include "front/command.hpp"

namespace siege::cli {

Command list_command();
Command show_command();
Command check_command();
Command attack_command();
Command odds_command();
Command batch_command();
Command hold_command();
Command rout_command();
Command army_morale_command();
Command abatis_command();
Command casualties_command();
Command move_command();
Command order_command();
Command demolish_command();
Command mine_command();
Command escalade_command();
Command target_command();
Command sortie_command();
Command damage_command();
Command repair_command();
Command countermine_command();
Command note_command();
Command init_command();
Command scene_command();
Command status_command();
Command log_command();
Command undo_command();
Command redo_command();
Command replay_command();
Command chronicle_command();
Command add_command();
Command remove_command();
Command split_command();
Command merge_command();
Command play_command();
Command serve_command();

const std::vector<Command>& commands() {
  static const std::vector<Command> table{
      list_command(),       show_command(),   check_command(),  attack_command(),      odds_command(),
      batch_command(),      hold_command(),   rout_command(),   army_morale_command(), abatis_command(),
      casualties_command(), move_command(),   order_command(),  add_command(),         remove_command(),
      split_command(),      merge_command(),  demolish_command(), mine_command(),
      escalade_command(),   target_command(), sortie_command(), damage_command(),      repair_command(),
      countermine_command(), note_command(), init_command(),  scene_command(),  status_command(),
      log_command(),        undo_command(),   redo_command(),   replay_command(),      chronicle_command(),
      play_command(),       serve_command(),
  };
  return table;
}

const Command* find_command(const std::vector<Command>& table, std::string_view name) {
  for (const auto& c : table)
    if (c.name == name) return &c;
  return nullptr;
}

namespace {
std::string option_of(std::string_view key) { return "--" + std::string(key); }

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
  const bool known = !words.empty() && find_command(commands(), words.front()) != nullptr;
  return with_words(known ? "siege" : "", words.begin(), words.end());
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
  const Command* c = find_command(commands(), *w);
  if (c == nullptr) return "'" + std::string(*w) + "' is not a command of the program";
  if (c->subcommands != nullptr && w + 1 != words.end() && !is_input_mark(w[1])) {
    const Command* sub = find_command(c->subcommands(), w[1]);
    if (sub == nullptr) return "'" + std::string(w[1]) + "' is not a subcommand of '" + std::string(c->name) + "'";
    c = sub;
    ++w;
  }
  for (++w; w != words.end(); ++w)
    if (is_input_mark(*w) && !has_input(*c, w->substr(1, w->size() - 2)))
      return "'" + std::string(c->name) + "' has no option " + option_of(w->substr(1, w->size() - 2));
  return {};
}

// `lead` ("siege", "siege --state FILE") and the words of a checked hint.
std::string checked_hint(std::string lead, std::initializer_list<std::string_view> words) {
  if (const std::string why = refused_hint(words); !why.empty())
    throw Error(ErrorKind::internal, "bad-hint", "a hint names a command line the program refuses (a bug): " + why);
  return with_words(std::move(lead), words.begin(), words.end());
}

constexpr Spelling spelling{option_of, command_of};
}  // namespace

const Spelling& front_end_spelling() { return spelling; }

std::string hint(std::initializer_list<std::string_view> words) { return checked_hint("siege", words); }

std::string hint_on(std::string_view file, std::initializer_list<std::string_view> words) {
  return checked_hint("siege --state " + shell_word(file), words);
}

std::string see_hint(std::string_view text, std::initializer_list<std::string_view> words) {
  return std::string(text) + " (see '" + hint(words) + "')";
}

void spell_notes(std::vector<std::string>& notes) {
  for (auto& n : notes)
    if (n.find_first_of("\x1e\x1f") != std::string::npos) n = spelled(n, spelling);
}

Error reported(const Error& e, std::string_view name) { return e.in_command(name).spelled(spelling); }

Runner reporting(std::string name, Runner run) {
  return [name = std::move(name), run = std::move(run)](Context& ctx) {
    try {
      run(ctx);
    } catch (const Error& e) {
      throw reported(e, name);
    }
  };
}

}  // namespace siege::cli
