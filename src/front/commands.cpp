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

// A hint's command line: "siege" and its words, when its first word is a
// command of the table (tests/check_core_words.py holds every hint of the
// core to that); else only its words, quoted (the marks came in with the
// user's own text), never a command the program would refuse.
std::string command_of(const std::vector<std::string>& words) {
  const bool known = !words.empty() && find_command(commands(), words.front()) != nullptr;
  std::string out = known ? "siege" : "";
  for (const auto& w : words) {
    if (!out.empty()) out += ' ';
    // An input the hint names (input_word) is written as its option, any other word quoted.
    out += w.size() > 2 && w.front() == '\x1f' && w.back() == '\x1f' ? spelled(w, front_end_spelling())
                                                                      : shell_word(w);
  }
  return out;
}

constexpr Spelling spelling{option_of, command_of};
}  // namespace

const Spelling& front_end_spelling() { return spelling; }

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
