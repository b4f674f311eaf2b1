// `siege play FILE`: the referee's prompt on one siege. Each line is a
// command as it would follow `siege --state FILE`, run exactly as that
// command would run: in a child process of its own (fork, no exec, no
// shell) that goes through cli::main, so its output, its log entry, its lock
// on the file and its exit status are the single command's.
#include <fcntl.h>
#include <histedit.h>
#include <sys/file.h>
#include <locale.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "commands/actions.hpp"
#include "commands/context.hpp"
#include "front/terminal.hpp"
#include "commands/command.hpp"
#include "commands/hint.hpp"
#include "print/render.hpp"
#include "state/state_file.hpp"
#include "front/words.hpp"

namespace siege::cli {

namespace {

struct PlayRequest {
  std::string file;
  bool keep_going = false;
};

void play_inputs(Fields& f, PlayRequest& r) {
  static const std::string file_help = "The state file to play on (made with '" + hint({"init"}) + "')";
  f.text({.key = "file", .help = file_help, .value_name = "FILE",
          .need = Need::required, .positional = true, .path = true},
         r.file);
  f.flag({"keep-going", "Reading a script (no terminal): go on after a line that fails, and end with the "
                        "first failure's exit status"},
         r.keep_going);
}

// The global options a line may carry, each with whether it takes a value.
// The words a global option a line may carry accepts (as add_globals says).
constexpr std::string_view format_words[] = {"text", "markdown", "csv", "json"};
constexpr std::string_view color_words[] = {"auto", "always", "never"};
struct LineOption {
  std::string_view name;
  bool valued;
  Words choices = {};
};
constexpr LineOption line_options[] = {{"--json", false},
                                       {"--dry-run", false},
                                       {"--seed", true},
                                       {"--lock-wait", true},
                                       {"--format", true, format_words},
                                       {"--color", true, color_words}};
// What a line may not carry: the prompt plays FILE with the tables it began with.
constexpr std::string_view refused_options[] = {"--state", "--data"};
constexpr std::string_view refused_commands[] = {"init", "play", "serve", "batch"};

[[nodiscard]] std::string_view option_name(std::string_view word) {
  return word.substr(0, std::min(word.find('='), word.size()));
}

[[nodiscard]] const LineOption* line_option(std::string_view word) {
  const std::string_view name = option_name(word);
  for (const auto& o : line_options)
    if (o.name == name) return &o;
  return nullptr;
}

// The index of the command word of `words` (past the line's own global
// options), or words.size() when there is none.
[[nodiscard]] std::size_t command_at(const std::vector<std::string>& words) {
  for (std::size_t i = 0; i < words.size(); ++i) {
    const LineOption* o = line_option(words[i]);
    if (o == nullptr) return i;
    if (o->valued && words[i].find('=') == std::string::npos) ++i;
  }
  return words.size();
}

// The words of a line of play: a leading `siege` (a hint pasted from the
// command line) is dropped, and the rest is the line, refused as any other
// when it holds what a line may not (--state).
[[nodiscard]] std::vector<std::string> line_words(std::string_view line) {
  std::vector<std::string> words = split_words(line);
  if (words.size() > 1 && words.front() == "siege") words.erase(words.begin());
  return words;
}

// Refuses what a line of play may not hold.
void check_line(const std::vector<std::string>& words) {
  for (const auto& w : words)
    for (const auto r : refused_options)
      if (option_name(w) == r)
        fail_usage("bad-line", std::string(r) + " is not taken on a line of play: the prompt plays its own FILE" +
                                   (r == "--data" ? " with the tables it began with (give --data to play)" : ""));
  const std::size_t at = command_at(words);
  if (at == words.size() || words[at].empty())
    fail_usage("bad-line", std::string("a line of play names a command") + (at == words.size() ? "" : ", not ''") +
                               ": attack, scene, status, help ...");
  for (const auto c : refused_commands)
    if (words[at] == c)
      fail_usage("bad-line", quoted(c) + " is not taken on a line of play; run it as '" + hint({c, "..."}) +
                                 "' outside the prompt");
}

// What the prompt passes on to every line: its file and the global options
// given to `play` itself.
struct Session {
  std::string file;
  std::vector<std::string> globals;  // --data DIR, --json, --dry-run, --lock-wait S, --format F, --color C
  Globals given;
  // The front end's entry point that runs one whole command line (the
  // command line's own main): each line runs through it in a child.
  int (*run_command_line)(int argc, char** argv) = nullptr;
};

volatile std::sig_atomic_t interrupted = 0;
extern "C" void on_interrupt(int) { interrupted = 1; }

// Runs one line in a child; returns its exit status (128 + N for a child
// ended by signal N, as a shell says).
int run_line(const Session& s, const std::vector<std::string>& words) {
  std::fflush(stdout);
  std::fflush(stderr);
  const pid_t pid = ::fork();
  if (pid < 0) fail_output("fork", std::string("cannot run the line: ") + std::strerror(errno));
  if (pid == 0) {
    std::signal(SIGINT, SIG_DFL);
    (void)::setlocale(LC_CTYPE, "C");  // the single command's locale, whatever the prompt's
    int status = 0;
    try {
      check_line(words);
      spell_hints_for_prompt(refused_commands);  // a hint is the line to type here
      std::vector<std::string> argv{"siege", "--state", s.file};
      argv.insert(argv.end(), s.globals.begin(), s.globals.end());
      argv.insert(argv.end(), words.begin(), words.end());
      std::vector<char*> ptrs;
      for (auto& a : argv) ptrs.push_back(a.data());
      ptrs.push_back(nullptr);
      status = s.run_command_line(static_cast<int>(argv.size()), ptrs.data());
    } catch (const Error& e) {
      Globals g = s.given;
      for (const auto& w : words) g.json = g.json || w == "--json";
      status = print_failure(g, e);
    }
    std::fflush(stdout);
    std::fflush(stderr);
    ::_exit(status);
  }
  int st = 0;
  while (::waitpid(pid, &st, 0) < 0)
    if (errno != EINTR) fail_output("wait", std::string("lost the line's process: ") + std::strerror(errno));
  interrupted = 0;
  if (WIFSIGNALED(st)) {
    if (WTERMSIG(st) == SIGINT) std::fputs("\n", stderr);
    return 128 + WTERMSIG(st);
  }
  return WEXITSTATUS(st);
}

// Ends the prompt on `quit` or `exit`, which take nothing more.
[[nodiscard]] bool is_quit(const std::vector<std::string>& words) {
  const std::size_t at = command_at(words);
  if (at == words.size() || (words[at] != "quit" && words[at] != "exit")) return false;
  if (words.size() > 1)
    fail_usage("bad-line", "'" + words[at] + "' ends the prompt and takes nothing more; got '" +
                               (at == 0 ? words[1] : words[0]) + "'");
  return true;
}

// The longest line of play: what one argument of a command may be
// (Linux's MAX_ARG_STRLEN), far past any command's inputs.
constexpr std::size_t max_line_bytes = 128 * 1024;

// Refuses a line that no command line could carry: a NUL byte (an argument
// ends there), bytes that are not UTF-8 (a log holds text), or one longer
// than max_line_bytes. `size`: the line's length before it was cut short.
void check_text(std::string_view line, std::size_t size) {
  if (size > max_line_bytes)
    fail_usage("bad-line", fmt::format("the line is {} bytes long; a line of play holds one command, at most {} bytes",
                                       size, max_line_bytes));
  for (std::size_t i = 0; i < line.size();) {
    char32_t cp = 0;
    const std::size_t n = static_cast<unsigned char>(line[i]) < 0x80 ? 1 : utf8_at(line, i, cp);
    if (line[i] == '\0') fail_usage("bad-line", fmt::format("a NUL byte at column {}: a line of play is text", i + 1));
    if (n == 0)
      fail_usage("bad-line", fmt::format("the byte {} at column {} is not UTF-8: a line of play is UTF-8 text",
                                         one_line(line.substr(i, 1)), i + 1));
    i += n;
  }
}

// Reads the next line of standard input into `line` (without its newline,
// nor a carriage return before it) and returns whether there was one; a
// line past max_line_bytes is kept only that far, its length in `size`.
bool read_line(std::string& line, std::size_t& size) {
  line.clear();
  size = 0;
  int c = 0;
  while ((c = std::getc(stdin)) != EOF && c != '\n') {
    if (++size <= max_line_bytes + 1) line += static_cast<char>(c);
  }
  if (c == EOF && std::ferror(stdin) != 0)
    fail_usage("bad-input", std::string("play: error reading the lines on standard input: ") + std::strerror(errno));
  if (c == EOF && size == 0) return false;
  if (!line.empty() && line.back() == '\r' && size <= max_line_bytes + 1) {
    line.pop_back();
    --size;
  }
  return true;
}

// ------------------------------------------------------------ script mode

int run_script(const Session& s, const PlayRequest& r) {
  std::string line;
  std::size_t size = 0;
  int first_failure = 0;
  for (int number = 1; read_line(line, size); ++number) {
    std::vector<std::string> words;
    int status = 0;
    try {
      // A byte order mark that an editor put at the start of the file is
      // not part of the first command.
      if (number == 1 && line.rfind("\xEF\xBB\xBF", 0) == 0) {
        line.erase(0, 3);
        size -= 3;
      }
      check_text(line, size);
      words = line_words(line);
      if (words.empty()) continue;
      if (is_quit(words)) break;
      status = run_line(s, words);
    } catch (const Error& e) {
      status = print_failure(s.given, e);
    }
    if (status == 0) continue;
    std::fprintf(stderr, "siege: play: line %d ended with exit status %d%s\n", number, status,
                 r.keep_going ? "" : "; the lines after it were not run");
    if (first_failure == 0) first_failure = status;
    if (!r.keep_going) return status;
  }
  return first_failure;
}

// ------------------------------------------------------------ the prompt

// What the prompt completes from: the command table and the siege file.
struct Completer {
  const Session* session = nullptr;
  Context* ctx = nullptr;

  // The value of option `--key` on the line `words`, or "".
  [[nodiscard]] static std::string value_of(const std::vector<std::string>& words, std::string_view key) {
    const std::string option = "--" + std::string(key);
    for (std::size_t i = 0; i + 1 < words.size(); ++i)
      if (words[i] == option) return words[i + 1];
    return {};
  }

  // The side of unit a command's input takes, where the rules name one
  // (R33: a defender holds against a besieger; R20: besiegers climb).
  [[nodiscard]] static std::optional<UnitSide> unit_side(std::string_view command, std::string_view key) {
    if (command == "hold") return key == "unit" ? UnitSide::defender : UnitSide::besieger;
    if (command == "escalade" && key == "unit") return UnitSide::besieger;
    return std::nullopt;
  }

  // The ids the siege offers for `--key` of `command` on the line `words`:
  // the targets the engine of --engine may aim at (R29) and none, for
  // target's --at; the units present (R36) of the side the command takes.
  [[nodiscard]] std::vector<std::string> state_ids(std::string_view command, std::string_view key,
                                                   const std::vector<std::string>& words) const {
    std::vector<std::string> out;
    if (command == "add" && (key == "unit" || key == "engine" || key == "section")) return out;  // a new id
    try {
      const StateFile file(session->file, StateFile::Access::read);
      const SiegeState st = load_state(file, *ctx);
      if (command == "target" && key == "at") {
        if (const EngineState* e = st.now.find_engine(value_of(words, "engine")); e != nullptr && e->present())
          out = aim_choices(st.now, *e);
        else
          for (const auto& x : st.now.engines)
            if (x.present())
              for (auto& id : aim_choices(st.now, x))
                if (std::find(out.begin(), out.end(), id) == out.end()) out.push_back(std::move(id));
        out.emplace_back(no_target_id);
        return out;
      }
      const bool sections = key == "section" || key == "target" || key == "at";
      const bool engines = key == "engine" || key == "target" || key == "at";
      const bool units = key == "unit" || key == "enemy" || key == "into";
      if (sections)
        for (const auto& x : st.now.sections) out.push_back(x.id);
      if (engines)
        for (const auto& x : st.now.engines)
          if (x.present()) out.push_back(x.id);  // R36: a gone engine is named no more
      const auto side = unit_side(command, key);
      if (units)
        for (const auto& x : st.now.units)
          if (x.present() && (!side || x.side == *side)) out.push_back(x.id);
      if (key == "target" || key == "at") out.emplace_back("camp");
      if (key == "target") out.emplace_back("none");
    } catch (const std::exception&) {
      // A file that does not read completes nothing.
    }
    return out;
  }

  // advise's --goal: any-breach, or breach: and then a section id once the
  // word has it; --keep: the engines of the line's --side (default besieger)
  // that can shoot, as advise takes them.
  [[nodiscard]] std::vector<std::string> advice_words(std::string_view key, const std::vector<std::string>& words,
                                                      const std::string& cur) const {
    const std::string breach = "breach:";
    if (key == "goal" && cur.rfind(breach, 0) != 0) return {"any-breach", breach};
    std::vector<std::string> out;
    try {
      const StateFile file(session->file, StateFile::Access::read);
      const SiegeState st = load_state(file, *ctx);
      if (key == "goal")
        for (const auto& x : st.now.sections) out.push_back(breach + x.id);
      std::string side = "besieger";
      for (std::size_t i = 0; i < words.size(); ++i)
        if (words[i] == "--side" && i + 1 < words.size()) side = words[i + 1];
        else if (words[i].rfind("--side=", 0) == 0) side = words[i].substr(7);
      if (key == "keep")
        for (const auto& e : st.now.engines)
          if (name_of(e.side) == side && !e.weapon.empty() && !e.knocked_out && e.present()) out.push_back(e.id);
    } catch (const std::exception&) {
      // A file that does not read completes nothing.
    }
    return out;
  }

  [[nodiscard]] std::vector<std::string> table_ids(std::string_view key) const {
    const auto ids = [](const auto& rows) {
      std::vector<std::string> out;
      for (const auto& row : rows) out.push_back(row.id);
      return out;
    };
    try {
      const Tables& t = ctx->tables();
      if (key == "structure" || key == "structures") return ids(t.structures);
      if (key == "weapon" || key == "weapons") return ids(t.weapons);
      if (key == "charge") return ids(t.charges);
      if (key == "row") return ids(t.engines);
    } catch (const std::exception&) {
      // Tables that do not load complete nothing.
    }
    return {};
  }

  // The words an input takes, where its declaration lists them (the rules
  // refuse any other), or a line option's.
  [[nodiscard]] static std::vector<std::string> choices(const nlohmann::json& in) {
    return in.value("choices", std::vector<std::string>{});
  }
  [[nodiscard]] static std::vector<std::string> choices(const LineOption& o) {
    return {o.choices.begin(), o.choices.end()};
  }

  [[nodiscard]] static const Command* command_named(const std::vector<std::string>& words, std::size_t at) {
    if (at >= words.size()) return nullptr;
    const Command* c = find_top_command(words[at]);
    if (c != nullptr && has_subcommands(*c) && at + 1 < words.size())
      if (const Command* sub = find_command(subcommands_of(*c), words[at + 1])) return sub;
    return c;
  }

  // The candidates for the last word of `before` (the text left of the
  // cursor; `cur`, its last word, possibly empty).
  [[nodiscard]] std::vector<std::string> candidates(const std::vector<std::string>& words,
                                                    const std::string& cur) const {
    const std::size_t at = command_at(words);
    std::vector<std::string> out;
    if (at == words.size()) {  // the command word, or a value of the line's own options before it
      if (!words.empty() && words.back().find('=') == std::string::npos)
        if (const LineOption* o = line_option(words.back()); o != nullptr && o->valued) return choices(*o);
      if (!cur.empty() && cur[0] == '-') {
        for (const auto& o : line_options) out.emplace_back(o.name);
        return out;
      }
      for (const auto& c : commands())
        if (std::find(std::begin(refused_commands), std::end(refused_commands), c.name) ==
            std::end(refused_commands))
          out.emplace_back(c.name);
      out.insert(out.end(), {"help", "quit"});
      return out;
    }
    const std::string& prev = words.back();
    if (words[at] == "help") {
      if (words.size() == at + 1)
        for (const auto& c : commands()) out.emplace_back(c.name);
      return out;
    }
    const Command* c = command_named(words, at);
    if (c == nullptr) return out;
    if (has_subcommands(*c) && words.size() == at + 1 && (cur.empty() || cur[0] != '-')) {
      for (const auto& sub : subcommands_of(*c)) out.emplace_back(sub.name);
      return out;
    }
    const nlohmann::json inputs = described_inputs(*c);
    if (prev.size() > 2 && prev.rfind("--", 0) == 0) {
      const std::string key = prev.substr(2);
      if (c->name == "advise" && (key == "goal" || key == "keep")) return advice_words(key, words, cur);
      for (const auto& in : inputs)
        if (in.at("key") == key && in.at("kind") != "flag") {
          for (auto& ids : {state_ids(c->name, key, words), table_ids(key), choices(in)})
            out.insert(out.end(), ids.begin(), ids.end());
          return out;
        }
      if (const LineOption* o = line_option(prev); o != nullptr && o->valued) return choices(*o);
    }
    for (const auto& in : inputs)
      if (!in.at("positional").get<bool>()) out.push_back("--" + in.at("key").get<std::string>());
    for (const auto& o : line_options) out.emplace_back(o.name);
    return out;
  }
};

extern "C" unsigned char complete(EditLine* el, int) {
  void* data = nullptr;
  el_get(el, EL_CLIENTDATA, &data);
  const auto* completer = static_cast<const Completer*>(data);
  const LineInfo* li = el_line(el);
  PartialWords before = split_partial(std::string_view(li->buffer, static_cast<std::size_t>(li->cursor - li->buffer)));
  std::vector<std::string>& done = before.words;
  if (!done.empty() && done.front() == "siege") done.erase(done.begin());  // as line_words
  std::string cur;
  if (before.last_open) {
    cur = std::move(done.back());
    done.pop_back();
  }
  std::vector<std::string> found;
  try {
    for (auto& c : completer->candidates(done, cur))
      if (c.rfind(cur, 0) == 0 && std::find(found.begin(), found.end(), c) == found.end()) found.push_back(c);
  } catch (const std::exception&) {
    return CC_ERROR;
  }
  if (found.empty()) return CC_ERROR;
  if (found.size() == 1) {
    // A word that ends in ':' (advise's breach:) goes on: no quote closed, no blank after it.
    const bool goes_on = found[0].back() == ':';
    const std::string rest = goes_on ? found[0].substr(cur.size())
                                     : found[0].substr(cur.size()) +
                                           (before.quote != 0 ? std::string(1, before.quote) : "") + " ";
    el_insertstr(el, rest.c_str());
    return CC_REDISPLAY;
  }
  std::string common = found[0];
  for (const auto& f : found) {
    std::size_t n = 0;
    while (n < common.size() && n < f.size() && common[n] == f[n]) ++n;
    common.resize(n);
  }
  if (common.size() > cur.size()) {
    el_insertstr(el, common.substr(cur.size()).c_str());
    return CC_REDISPLAY;
  }
  std::string list = "\n";
  std::size_t width = 0;
  for (const auto& f : found) {
    if (width > 0 && width + f.size() + 2 > 78) {
      list += "\n";
      width = 0;
    }
    list += f + "  ";
    width += f.size() + 2;
  }
  list += "\n";
  std::fputs(list.c_str(), stdout);
  std::fflush(stdout);
  return CC_REDISPLAY;
}

// Where the prompt keeps the history of `file`: under $XDG_STATE_HOME/siege
// (default ~/.local/state/siege), never beside the siege; one file per siege,
// named after its base name and a hash of its full path. "" when there is
// no home to keep it in.
std::string history_path(const std::string& file) {
  std::string base;
  if (const char* x = std::getenv("XDG_STATE_HOME"); x != nullptr && *x == '/') {
    base = x;
  } else if (const char* h = std::getenv("HOME"); h != nullptr && *h == '/') {
    base = std::string(h) + "/.local/state";
  } else {
    return {};
  }
  std::string dir = base + "/siege/history";
  for (std::size_t i = 1; i <= dir.size(); ++i)
    if (i == dir.size() || dir[i] == '/') {
      const std::string part = dir.substr(0, i);
      if (::mkdir(part.c_str(), 0700) != 0 && errno != EEXIST) return {};
    }
  char* real = ::realpath(file.c_str(), nullptr);
  const std::string full = real != nullptr ? real : file;
  std::free(real);
  std::uint64_t h = 14695981039346656037ULL;  // FNV-1a
  for (const unsigned char c : full) h = (h ^ c) * 1099511628211ULL;
  std::string name = full.substr(full.rfind('/') + 1);
  for (auto& c : name)
    if (c < 0x21 || c > 0x7e) c = '_';
  return fmt::format("{}/{}-{:016x}", dir, name.substr(0, 64), h);
}

// The most lines the history keeps.
constexpr int history_lines = 1000;

// Adds `line` to the history file `path` as that file is now, under a lock
// of its own (PATH.lock), and replaces the file whole (a temp file renamed):
// two prompts on one siege add their lines to each other's instead of
// overwriting them. A history that cannot be kept is no error.
void save_history_line(const std::string& path, const std::string& line) {
  const std::string lock = path + ".lock";
  const int fd = ::open(lock.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0) return;
  if (::flock(fd, LOCK_EX) == 0) {
    HistEvent ev;
    History* disk = history_init();
    history(disk, &ev, H_SETSIZE, history_lines);
    history(disk, &ev, H_SETUNIQUE, 1);
    history(disk, &ev, H_LOAD, path.c_str());  // none yet: an empty history
    history(disk, &ev, H_ENTER, line.c_str());
    const std::string temp = path + ".new";
    if (history(disk, &ev, H_SAVE, temp.c_str()) >= 0 && ::rename(temp.c_str(), path.c_str()) != 0)
      (void)::unlink(temp.c_str());
    history_end(disk);
  }
  ::close(fd);  // the lock goes with it
}

std::string prompt_text;
extern "C" char* prompt(EditLine*) { return prompt_text.data(); }

int run_prompt(const Session& s, Context& ctx) {
  Completer completer{&s, &ctx};
  struct sigaction sa {};
  sa.sa_handler = on_interrupt;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = 0;  // no SA_RESTART: an interrupted read ends el_gets
  ::sigaction(SIGINT, &sa, nullptr);

  // libedit reads the keys typed (and the history) as characters of the locale's encoding; in
  // the C locale a program starts in, it drops every byte past ASCII
  // ("café" would be logged as "caf"). The lines of play are UTF-8.
  (void)::setlocale(LC_CTYPE, "C.UTF-8");
  HistEvent ev;
  History* hist = history_init();
  history(hist, &ev, H_SETSIZE, history_lines);
  history(hist, &ev, H_SETUNIQUE, 1);
  const std::string hist_file = history_path(s.file);
  if (!hist_file.empty()) history(hist, &ev, H_LOAD, hist_file.c_str());

  EditLine* el = el_init("siege", stdin, stdout, stderr);
  el_set(el, EL_EDITOR, "emacs");
  el_set(el, EL_SIGNAL, 1);
  el_set(el, EL_HIST, history, hist);
  el_set(el, EL_CLIENTDATA, static_cast<void*>(&completer));
  el_set(el, EL_ADDFN, "siege-complete", "Complete a command, an option or an id", complete);
  el_set(el, EL_BIND, "^I", "siege-complete", nullptr);
  el_source(el, nullptr);
  std::string name = s.file.substr(s.file.rfind('/') + 1);
  prompt_text = "siege " + one_line(name) + "> ";  // a name's control bytes quoted, not sent to the terminal
  el_set(el, EL_PROMPT, prompt);
  std::printf("Playing %s: one command a line, as after 'siege --state FILE'; 'help' lists them, Tab "
              "completes, Ctrl-D or 'quit' ends.\n",
              one_line(s.file).c_str());

  for (;;) {
    interrupted = 0;
    int count = 0;
    const char* got = el_gets(el, &count);
    if (interrupted != 0) {  // Ctrl-C: the line being typed is dropped
      std::fputs("\n", stdout);
      el_reset(el);
      continue;
    }
    if (got == nullptr || count <= 0) {  // Ctrl-D
      std::fputs("\n", stdout);
      break;
    }
    std::string line(got, static_cast<std::size_t>(count));
    while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.pop_back();
    std::vector<std::string> words;
    bool quit = false;
    try {
      check_text(line, line.size());
      if (line.find_first_not_of(" \t") != std::string::npos) {  // also a line refused for its quotes: Up mends it
        history(hist, &ev, H_ENTER, line.c_str());
        if (!hist_file.empty()) save_history_line(hist_file, line);
      }
      words = line_words(line);
      if (words.empty()) continue;
      quit = is_quit(words);
    } catch (const Error& e) {
      (void)print_failure(s.given, e);
      continue;
    }
    if (quit) break;
    (void)run_line(s, words);
  }
  el_end(el);
  history_end(hist);
  return 0;
}

void run_play(const PlayRequest& r, Context& ctx) {
  const Globals& g = ctx.globals;
  if (!g.state_file.empty())
    fail_usage("bad-option", "play: FILE names the siege to play; leave out --state (" + g.state_file + ")");
  if (g.seed)
    fail_usage("bad-option", "play: --seed applies to one line: give it on the line (attack --seed 7 ...)");
  const bool terminal = ::isatty(STDIN_FILENO) != 0 && ::isatty(STDOUT_FILENO) != 0;
  if (!terminal && standard_input_closed())
    fail_usage("bad-input", "play: standard input is closed; type the lines at a terminal, or send them on "
                            "standard input (" + hint({"play", "FILE"}) + " < evening.txt)");
  bool no_castle = false;
  {
    const StateFile file(r.file, StateFile::Access::read);  // refuses a missing file, as every command does
    no_castle = load_state(file, ctx).now.sections.empty();
  }
  // R43: a siege made with `init --name` is built at the prompt; the lines
  // to type there (standard error when the lines come from a script).
  if (no_castle)
    std::fprintf(terminal ? stdout : stderr,
                 "%s has no castle yet (R43). Build it here, a line each, for instance:\n"
                 "  add --section gatehouse --structure castle-gate --variant portcullis\n"
                 "  add --section north-wall --structure curtain-wall\n"
                 "  add --engine trebuchet --side besieger --row trebuchet --target north-wall\n"
                 "  add --unit garrison --side defender --figures 30\n"
                 "'list structures' shows what a section may be built as; 'scene' then plays the first scene.\n",
                 one_line(r.file).c_str());
  if (ctx.run_command_line == nullptr)
    throw Error(ErrorKind::internal, "no-front-end", "play: this front end runs no command lines (a bug)");
  Session s{r.file, {}, g, ctx.run_command_line};
  if (!g.data_dir.empty()) s.globals.insert(s.globals.end(), {"--data", g.data_dir});
  if (g.json) s.globals.emplace_back("--json");
  if (g.dry_run) s.globals.emplace_back("--dry-run");
  if (g.lock_wait != default_lock_wait_seconds)
    s.globals.insert(s.globals.end(), {"--lock-wait", std::to_string(g.lock_wait)});
  if (g.format_given) s.globals.insert(s.globals.end(), {"--format", g.format});
  if (g.color != "auto") s.globals.insert(s.globals.end(), {"--color", g.color});
  ctx.exit_status = terminal ? run_prompt(s, ctx) : run_script(s, r);
}

}  // namespace

namespace {

// What the references say of `play` (tools/gen-refs writes docs/siege.1, README.md,
// docs/state.md and the outcome schema from it).
CommandDoc play_doc() {
  return {
      .synopsis = "`siege play` *FILE* [`--keep-going`]",
      .about = R"doc(The referee's prompt on one siege. Each line is a command as it would follow `siege --state`
*FILE*, for example `attack --section north-wall --weapon cannon` or `undo`, and runs exactly as
that command would: the same output, the same log entry, the same exit status, and the same lock
on *FILE* for each line, so that another process (a batch, a second terminal) may write between
two lines and every line works on the file as it is then. An error is printed and the prompt
goes on. A line is split into words as a shell splits them (quotes and backslashes; nothing is
expanded and no shell runs); `#` begins a comment. A line is UTF-8 text of at most 128 KiB with
no NUL byte (a carriage return before its newline is dropped); any other is refused (status 2).
A line may carry `--seed`, `--json`, `--dry-run`, `--lock-wait` and `--format`; `--state`, `--data`, and the
commands `init`, `play`, `serve` and `batch` are refused on a line (status 2). `help` and `help`
*COMMAND* work as on the command line; `quit` or `exit`, alone on a line, or Ctrl-D ends the
prompt (status 0), and Ctrl-C drops the line being typed. On a terminal the line is edited with
libedit (emacs keys, *~/.editrc* is read), Up and Down walk the history, and Tab completes
commands, options, the ids of the tables and the siege's own sections, engines and units. The
history of each siege is kept from one evening to the next under
*$XDG_STATE_HOME/siege/history/* (default *~/.local/state/siege/history/*), never beside the
siege file. Given to `play`, the global options `--data`, `--json`, `--dry-run`, `--lock-wait`,
`--format` and `--color` apply to every line; `--state` and `--seed` are refused (give the seed on
a line).)doc",
      .inputs = R"doc(@file: The state file to play on (made with `siege init`); it must read, or nothing starts (status 4).
@keep-going: Without a terminal the lines are read from standard input as a script: each outcome is printed,
and the first line that fails stops it with that line's exit status (a line saying which line it
was goes to standard error). With `--keep-going` every line runs, and the status at the end is
the first failure's.)doc",
      .example = R"doc(Example:

    $ siege play siege.json
    siege siege.json> attack --section north-wall --weapon cannon
    ...
    siege siege.json> undo
    ...
    siege siege.json> ^D
    $ siege play siege.json --keep-going < evening.txt)doc"};
}

}  // namespace

SIEGE_COMMAND(play) = plain_command<PlayRequest, play_inputs, run_play>({
    .name = "play",
    .rank = 350,
    .summary = "The referee's prompt on one siege: one command a line, without 'siege --state FILE'",
    .example = "siege play siege.json",
    .doc = play_doc});

}  // namespace siege::cli
