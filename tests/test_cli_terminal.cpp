// The terminal: help and text fitted to its width at word boundaries,
// display width of UTF-8 (never a character cut in two), data bytes
// escaped, and colour only where it is asked for.
#include <catch2/catch.hpp>

#include <pty.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include "commands/context.hpp"
#include "commands/command.hpp"
#include "print/render.hpp"
#include "support.hpp"
#include "temp_dir.hpp"

namespace {

using siege::cli::display_width;
using siege::test::Run;
using siege::test::TempDir;

Run run(const std::vector<std::string>& args, const std::string& env = "") {
  return siege::test::siege(args, "", env);
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// The lines of `text` wider than `width` columns (display width), each
// with its width, for the failure message.
std::vector<std::string> wider_than(const std::string& text, std::size_t width) {
  std::vector<std::string> out;
  for (const auto& line : lines_of(text))
    if (display_width(line) > width) out.push_back(std::to_string(display_width(line)) + ": " + line);
  return out;
}

// True when `text` is valid UTF-8 (no sequence cut short, none overlong).
bool valid_utf8(const std::string& text) {
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    std::size_t n = c < 0x80                 ? 1
                    : c >= 0xc2 && c <= 0xdf ? 2
                    : c >= 0xe0 && c <= 0xef ? 3
                    : c >= 0xf0 && c <= 0xf4 ? 4
                                             : 0;
    if (n == 0 || i + n > text.size()) return false;
    for (std::size_t k = 1; k < n; ++k)
      if ((static_cast<unsigned char>(text[i + k]) & 0xc0) != 0x80) return false;
    i += n;
  }
  return true;
}

// The names under "Subcommands:" of a help screen.
std::vector<std::string> subcommands_of(const std::string& help) {
  std::vector<std::string> out;
  bool in_list = false;
  for (const auto& line : lines_of(help)) {
    if (!line.empty() && line[0] != ' ') {
      in_list = line == "Subcommands:";
      continue;
    }
    if (in_list && line.size() > 2 && line[2] != ' ') out.push_back(line.substr(2, line.find(' ', 2) - 2));
  }
  return out;
}

// Runs `program` with `args` on a pseudo-terminal of `columns` columns (0:
// one that does not say), with `env` (NAME=VALUE) added; returns what it
// printed. The terminal turns "\n" into "\r\n"; the "\r"s are taken out.
std::string on_terminal_run(const std::string& program, const std::vector<std::string>& args,
                            unsigned short columns, const std::vector<std::string>& env) {
  winsize ws{};
  ws.ws_row = 50;
  ws.ws_col = columns;
  int master = -1;
  const pid_t pid = ::forkpty(&master, nullptr, nullptr, &ws);
  if (pid < 0) return "forkpty failed: " + std::string(std::strerror(errno));
  if (pid == 0) {
    ::unsetenv("NO_COLOR");
    ::unsetenv("COLUMNS");
    ::setenv("TERM", "xterm", 1);
    for (const auto& e : env) ::putenv(const_cast<char*>(e.c_str()));
    std::vector<char*> argv{const_cast<char*>(program.c_str())};
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  std::string out;
  char buf[4096];
  for (;;) {
    const ssize_t n = ::read(master, buf, sizeof buf);
    if (n > 0)
      out.append(buf, static_cast<std::size_t>(n));
    else if (n < 0 && errno == EINTR)
      continue;
    else
      break;  // EIO once the program has closed its side
  }
  ::close(master);
  int status = 0;
  ::waitpid(pid, &status, 0);
  std::string plain;
  for (char c : out)
    if (c != '\r') plain += c;
  return plain;
}

// The program on a terminal (on_terminal_run).
std::string on_terminal(const std::vector<std::string>& args, unsigned short columns,
                        const std::vector<std::string>& env = {}) {
  return on_terminal_run(SIEGE_BINARY, args, columns, env);
}

// Runs `siege ARGS` for each of `runs` on one terminal of `columns` columns
// (one shell, so one pseudo-terminal for them all), without colour; returns
// what each printed, in order.
std::vector<std::string> on_terminal_each(const std::vector<std::vector<std::string>>& runs,
                                          unsigned short columns) {
  const std::string mark = "@@@ end of one run @@@";
  std::string script;
  for (const auto& args : runs) {
    script += siege::test::shell_quote(SIEGE_BINARY);
    for (const auto& a : args) script += " " + siege::test::shell_quote(a);
    script += " 2>&1; echo '" + mark + "'\n";
  }
  const std::string all = on_terminal_run("/bin/sh", {"-c", script}, columns, {"NO_COLOR=1"});
  std::vector<std::string> out;
  std::size_t at = 0;
  for (std::size_t end = all.find(mark + "\n"); end != std::string::npos; end = all.find(mark + "\n", at)) {
    out.push_back(all.substr(at, end - at));
    at = end + mark.size() + 1;
  }
  return out;
}

// The whitespace-separated words of `text`, each with its count.
std::map<std::string, int> word_counts(const std::string& text) {
  std::map<std::string, int> out;
  std::istringstream in(text);
  for (std::string w; in >> w;) ++out[w];
  return out;
}

// The words of `wide` that `narrow` has fewer of: cut (an id broken after
// a hyphen, a number or a word split between two lines).
std::vector<std::string> words_cut(const std::string& wide, const std::string& narrow) {
  const auto have = word_counts(narrow);
  std::vector<std::string> out;
  for (const auto& [w, n] : word_counts(wide))
    if (const auto it = have.find(w); it == have.end() || it->second < n) out.push_back(w);
  return out;
}

// The commands under "Example:" of a help screen, a line ending in " \\"
// joined to the next (its indent taken out), each with its spaces as one.
std::vector<std::string> examples_of(const std::string& help) {
  std::vector<std::string> out;
  bool in_example = false, go_on = false;
  for (const auto& line : lines_of(help)) {
    if (!line.empty() && line[0] != ' ') {
      in_example = line == "Example:";
      continue;
    }
    if (!in_example || line.empty()) continue;
    std::string part = line.substr(line.find_first_not_of(' '));
    const bool more = part.size() >= 2 && part.compare(part.size() - 2, 2, " \\") == 0;
    if (more) part.resize(part.size() - 2);
    if (go_on)
      out.back() += " " + part;
    else
      out.push_back(part);
    go_on = more;
  }
  for (auto& e : out) e = std::regex_replace(e, std::regex(" +"), " ");
  return out;
}

const std::string esc = "\x1b[";

// `text` with the words broken after a hyphen at the end of a line joined
// again (the next line's indent taken out).
std::string joined(const std::string& text) { return std::regex_replace(text, std::regex("-\n *"), "-"); }

// A siege state file made with `siege init` from the example castle.
std::string castle_siege(const TempDir& dir) {
  const std::string state = dir.file("siege.json");
  const auto r = run({"init", state, "--from", SIEGE_SOURCE_DIR + "/examples/castle-siege.json"});
  REQUIRE(r.status == 0);
  return state;
}

// A homebrew --data folder: names with é, wide CJK characters, an ESC byte
// and a newline.
void write_homebrew(const TempDir& dir) {
  dir.write("structures.json", R"([
    {"id": "chateau-wall", "name": "Mur du château fort, côté levant, épais et très ancien, refait à neuf",
     "armor": 4, "hull": 20, "tags": ["burns", "opens-to-charge"], "notes": "Pierre é"},
    {"id": "cjk-keep", "name": "城壁と天守閣の石垣、東の大手門の櫓と多聞櫓の長い壁", "armor": 5, "hull": 30,
     "tags": ["burns", "opens-to-charge"], "notes": "天守閣の石垣は古い。天守閣の石垣は古い。天守閣の石垣は古い。天守閣の石垣は古い。天守閣の石垣は古い。"},
    {"id": "evil-gate", "name": "Evil \u001b[2J\u001b]0;pwned\u0007 gate\nsecond line", "armor": 1, "hull": 4,
     "notes": "Note with \u001b[31m colour"}
  ])");
  dir.write("weapons.json", R"([
    {"id": "evil-gun", "name": "Gun \u001b[2Jclear", "hull_damage": 5, "pierce": 1, "mount": "heavy"}
  ])");
}

}  // namespace

// ---------------------------------------------------------------- the pieces

TEST_CASE("display_width counts columns: é one, a CJK ideograph two, a combining accent none, colour none",
          "[terminal]") {
  CHECK(display_width("abc") == 3);
  CHECK(display_width("é") == 1);          // 2 bytes
  CHECK(display_width("城壁") == 4);       // 6 bytes
  CHECK(display_width("e\xcc\x81") == 1);  // e + U+0301
  CHECK(display_width("\x1b[31mred\x1b[0m") == 3);
}

TEST_CASE("escape_text writes control bytes and broken UTF-8 as xNN escapes and keeps letters", "[terminal]") {
  using siege::cli::escape_text;
  CHECK(escape_text("Château 城") == "Château 城");
  CHECK(escape_text("a\x1b[2Jb") == "a\\x1b[2Jb");
  CHECK(escape_text("one\ntwo\t") == "one\\x0atwo\\x09");
  CHECK(escape_text("\xc2\x9b") == "\\xc2\\x9b");    // C1 CSI
  CHECK(escape_text("x\xe5\x9f") == "x\\xe5\\x9f");  // a CJK character cut short
  CHECK(escape_text("\x7f") == "\\x7f");
}

TEST_CASE("wrap_line breaks at spaces under the label and never inside a character", "[terminal]") {
  using siege::cli::wrap_line;
  using siege::cli::wrap_text;
  const std::string line = "Rules     damage, vulnerable-to-guns, pierce, breach-ladder, play-the-assault";
  CHECK(wrap_text(line, 40) ==
        "Rules     damage, vulnerable-to-guns,\n"
        "          pierce, breach-ladder,\n"
        "          play-the-assault");
  CHECK(wrap_text("  - a note that goes on and on", 16) == "  - a note that\n    goes on and\n    on");
  // A word wider than the room is cut between characters: 城 is 3 bytes, 2 columns.
  const std::string cut = wrap_line("城城城城城城城城城城城城城城城城城城城城", 20, 0);
  CHECK(cut == "城城城城城城城城城城\n城城城城城城城城城城");
  CHECK(wrap_text("short", 80) == "short");
  CHECK(wrap_text("no limit at all here", 0) == "no limit at all here");
}

// ---------------------------------------------------------------- 80 columns

TEST_CASE("Every --help fits 80 columns when stdout is not a terminal", "[terminal][cli]") {
  std::vector<std::vector<std::string>> screens{{"--help"}};
  for (const auto& c : siege::cli::commands()) screens.push_back({std::string(c.name), "--help"});
  const auto odds = run({"odds", "--help"});
  const auto subs = subcommands_of(odds.out);
  REQUIRE(subs.size() >= 6);
  for (const auto& s : subs) screens.push_back({"odds", s, "--help"});
  for (const auto& args : screens) {
    const auto r = run(args);
    INFO(args.front() << " " << args.back());
    REQUIRE(r.status == 0);
    CHECK(wider_than(r.out, 80) == std::vector<std::string>{});
  }
}

TEST_CASE("A long option description goes on under its own column", "[terminal][cli]") {
  const auto r = run({"attack", "--help"});
  REQUIRE(r.status == 0);
  // "Castle gate with a portcullis: Armor 3, Hull 10 (R12)" starts past
  // column 30; the words that do not fit go on at column 30.
  const auto lines = lines_of(r.out);
  bool continued = false;
  for (std::size_t i = 0; i + 1 < lines.size(); ++i)
    if (contains(lines[i], "--successes N")) {
      const std::string& next = lines[i + 1];
      continued = next.size() > 30 && next.find_first_not_of(' ') == 30;
    }
  CHECK(continued);
}

TEST_CASE("Every example of README.md prints lines of at most 80 columns", "[terminal][cli]") {
  // The examples run as shown, with `siege` the program built.
  TempDir bin;
  REQUIRE(::symlink(SIEGE_BINARY.c_str(), bin.file("siege").c_str()) == 0);
  std::ifstream readme(SIEGE_SOURCE_DIR + "/README.md");
  std::vector<std::string> examples;
  for (std::string line; std::getline(readme, line);)
    if (line.rfind("    $ siege ", 0) == 0) examples.push_back(line.substr(6));
  REQUIRE(examples.size() >= 15);
  for (const auto& example : examples) {
    INFO(example);
    const std::string out = bin.file("out");
    const std::string cmd = "PATH=" + bin.path() + ":\"$PATH\"; " + example + " >" + out + " 2>&1";
    const int rc = std::system(("sh -c " + siege::test::shell_quote(cmd)).c_str());
    CHECK(WEXITSTATUS(rc) == 0);
    const std::string text = siege::test::slurp(out);
    CHECK_FALSE(text.empty());
    // JSON is for programs: one value may be longer than any terminal.
    if (!contains(example, "--json")) CHECK(wider_than(text, 80) == std::vector<std::string>{});
  }
}

TEST_CASE("A text outcome wraps under its labels, and --json stays one line", "[terminal][cli]") {
  // The Check line of a rolled attack is about 90 columns.
  const auto r = run({"attack", "-s", "curtain-wall", "-w", "cannon", "--seed", "42", "--bane-dice", "2",
                      "--boon-dice", "2"});
  REQUIRE(r.status == 0);
  CHECK(wider_than(r.out, 80).empty());
  CHECK(contains(r.out, "\n          "));  // continuation lines under column 10
  const auto j = run({"attack", "-s", "curtain-wall", "-w", "cannon", "--seed", "42", "--json"});
  REQUIRE(j.status == 0);
  CHECK(lines_of(j.out).size() == 1);
  CHECK(display_width(j.out) > 80);
}

// ---------------------------------------------------------------- the terminal's width

TEST_CASE("On a terminal, help and tables fit its width, COLUMNS where it does not say", "[terminal][cli]") {
  const std::string help60 = on_terminal({"attack", "--help"}, 60);
  REQUIRE(contains(help60, "--structure"));
  CHECK(wider_than(help60, 60) == std::vector<std::string>{});
  CHECK_FALSE(wider_than(help60, 56).empty());  // it does use the room

  const std::string list50 = on_terminal({"list", "structures"}, 50);
  REQUIRE(contains(list50, "pillbox"));
  CHECK(wider_than(list50, 50) == std::vector<std::string>{});
  CHECK(contains(joined(list50), "opens-to-charge"));  // wrapped, not cut

  const std::string cols = on_terminal({"--help"}, 0, {"COLUMNS=44"});
  REQUIRE(contains(cols, "attack"));
  CHECK(wider_than(cols, 44) == std::vector<std::string>{});
  const std::string wide = on_terminal({"--help"}, 200);
  CHECK_FALSE(wider_than(wide, 100).empty());  // a wide terminal gets long lines
}

TEST_CASE("At 60 and 80 columns every help screen and every table fits, and no id, number or word is cut",
          "[terminal][cli]") {
  // Every screen of the command table: --help, `help --inputs`, and each
  // command that prints tables, run with what it needs.
  TempDir dir;
  const std::string state = castle_siege(dir);
  const std::map<std::string, std::vector<std::vector<std::string>>> table_runs{
      {"list", {{"list", "structures"}, {"list", "weapons"}, {"list", "charges"}, {"list", "engines"}}},
      {"odds", {{"odds", "--compare", "--structures", "curtain-wall,tower,concrete-fortress,palisade"}}},
      {"status", {{"--state", state, "status"}}}};
  std::vector<std::vector<std::string>> runs{{"--help"}};
  std::vector<std::string> examples{""};  // the example each help screen shows ("": none)
  const auto add_help = [&](const std::vector<std::string>& path, std::string_view example) {
    auto help = path;
    help.emplace_back("--help");
    runs.push_back(help);
    examples.emplace_back(example);
    help = path;
    help.insert(help.begin(), {"help", "--inputs"});
    runs.push_back(help);
    examples.emplace_back();
  };
  for (const auto& c : siege::cli::commands()) {
    add_help({std::string(c.name)}, c.example);
    if (siege::cli::has_subcommands(c))
      for (const auto& sub : siege::cli::subcommands_of(c))
        add_help({std::string(c.name), std::string(sub.name)}, sub.example);
    if (!c.tables) continue;
    INFO("a command that prints tables with no run here: " << c.name);
    REQUIRE(table_runs.count(std::string(c.name)) == 1);
    for (const auto& args : table_runs.at(std::string(c.name))) {
      runs.push_back(args);
      examples.emplace_back();
    }
  }
  const auto wide = on_terminal_each(runs, 250);
  REQUIRE(wide.size() == runs.size());
  for (const unsigned short width : {static_cast<unsigned short>(60), static_cast<unsigned short>(80)}) {
    const auto narrow = on_terminal_each(runs, width);
    REQUIRE(narrow.size() == runs.size());
    for (std::size_t i = 0; i < runs.size(); ++i) {
      std::string title;
      for (const auto& a : runs[i]) title += " " + a;
      INFO("siege" << title << " on " << width << " columns:\n" << narrow[i]);
      CHECK_FALSE(contains(narrow[i], "siege: error:"));
      CHECK(wider_than(narrow[i], width) == std::vector<std::string>{});
      CHECK(words_cut(wide[i], narrow[i]) == std::vector<std::string>{});
      // The example is the command of the table, whole: a line it takes
      // more of ends in " \\", so that pasting it runs it.
      if (!examples[i].empty()) {
        std::vector<std::string> want;
        for (const auto& line : lines_of(examples[i]))
          want.push_back(std::regex_replace(line.substr(line.find_first_not_of(' ')), std::regex(" +"), " "));
        CHECK(examples_of(narrow[i]) == want);
      }
    }
    // The footer's paragraphs are filled: each line but a paragraph's last
    // has no room for the next line's first word.
    const auto lines = lines_of(narrow[0]);
    const auto exit_status = std::find_if(
        lines.begin(), lines.end(), [](const std::string& l) { return l.rfind("Exit status:", 0) == 0; });
    REQUIRE(exit_status != lines.end());
    for (auto l = exit_status; l + 1 != lines.end() && l->find('.') == std::string::npos; ++l) {
      const std::string next = (l + 1)->substr(0, (l + 1)->find(' '));
      INFO(*l << "\n" << *(l + 1));
      CHECK(display_width(*l) + 1 + display_width(next) > width);
    }
  }
}

TEST_CASE("On a narrow terminal CSV, Markdown and JSON are not wrapped", "[terminal][cli]") {
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"list", "structures", "--format", "csv"},
           {"list", "structures", "--format", "markdown"},
           {"list", "structures", "--json"},
           {"odds", "--compare", "--structures", "tower,palisade,concrete-fortress", "--format", "markdown"}}) {
    const auto piped = run(args);
    REQUIRE(piped.status == 0);
    std::string want;
    for (const char c : piped.out)
      if (c != '\r') want += c;
    INFO(args[0] << " " << args.back());
    CHECK(on_terminal_each({args}, 40) == std::vector<std::string>{want});
    CHECK_FALSE(wider_than(want, 40).empty());  // it would have wrapped
  }
}

TEST_CASE("A table too narrow for its ids prints each row as lines of header and value", "[terminal][cli]") {
  const std::string out = on_terminal_each({{"list", "engines"}}, 30).at(0);
  CHECK(wider_than(out, 30) == std::vector<std::string>{});
  CHECK(contains(out, "ID      siege-tower\n"));
  CHECK(contains(out, "WEAPON  -\n"));
  CHECK(words_cut(run({"list", "engines"}).out, out).empty());
}

TEST_CASE("list narrows its widest columns and wraps their cells rather than cutting them",
          "[terminal][cli]") {
  const auto r = run({"list", "structures"});
  REQUIRE(r.status == 0);
  CHECK(wider_than(r.out, 80) == std::vector<std::string>{});
  CHECK_FALSE(contains(r.out, "..."));
  const auto lines = lines_of(r.out);
  const std::size_t name = lines[0].find("NAME"), tags = lines[0].find("TAGS");
  REQUIRE(tags != std::string::npos);
  std::size_t continued = 0;
  for (const auto& line : lines)
    if (!line.empty() && line[0] == ' ') {  // a row's second line: under NAME or TAGS
      ++continued;
      const std::size_t at = line.find_first_not_of(' ');
      CHECK((at == name || at == tags));
    }
  CHECK(continued > 0);
  // Every tag is there in full (one may be broken after a hyphen).
  const auto json = run({"list", "structures", "--json"}).json();
  for (const auto& s : json)
    for (const auto& tag : s["tags"]) CHECK(contains(joined(r.out), tag.get<std::string>()));
}

TEST_CASE("Where dice are shown, one line says what their symbols mean, and never in JSON or without dice",
          "[terminal][cli]") {
  const std::regex die(R"(\[[SFBX ]( [SFBX])*\])");
  const std::string legend = std::string(siege::cli::dice_legend());
  REQUIRE(contains(legend, "X Bane"));
  struct Case {
    std::vector<std::string> args;
    bool dice;
  };
  for (const auto& c : std::vector<Case>{
           {{"check", "--difficulty", "hard", "--pool", "4", "--seed", "7"}, true},
           {{"attack", "-s", "curtain-wall", "-w", "cannon", "--seed", "42", "--bane-dice", "1"}, true},
           {{"demolish", "-s", "curtain-wall", "-c", "powder-keg", "--seed", "2"}, true},
           {{"mine", "-s", "curtain-wall", "--seed", "7"}, true},
           {{"attack", "-s", "curtain-wall", "-w", "cannon", "--successes", "2"}, false},
           {{"mine", "-s", "rampart", "--day-results", "1:0"}, false}}) {
    const auto r = run(c.args);
    INFO(c.args[0] << "\n" << r.out);
    REQUIRE(r.status == 0);
    CHECK(std::regex_search(r.out, die) == c.dice);
    std::size_t legends = 0;
    for (const auto& line : lines_of(r.out)) legends += contains(line, legend) ? 1 : 0;
    CHECK(legends == (c.dice ? 1U : 0U));
    auto json = c.args;
    json.emplace_back("--json");
    CHECK_FALSE(contains(run(json).out, "X Bane"));
  }
}

// ---------------------------------------------------------------- homebrew data

TEST_CASE("Homebrew names with é and CJK are aligned by display width and wrapped whole",
          "[terminal][cli][data]") {
  TempDir dir;
  write_homebrew(dir);
  const auto r = run({"list", "structures", "--data", dir.path()});
  REQUIRE(r.status == 0);
  CHECK(valid_utf8(r.out));
  CHECK(wider_than(r.out, 80) == std::vector<std::string>{});
  // NAME column: the header and every row start it at the same column.
  const auto lines = lines_of(r.out);
  const std::size_t name_col = display_width(lines[0].substr(0, lines[0].find("NAME")));
  for (const auto& line : lines)
    for (const std::string start : {"Mur du ch", "城壁と"})
      if (const auto at = line.find(start); at != std::string::npos)
        CHECK(display_width(line.substr(0, at)) == name_col);
  const auto show = run({"show", "cjk-keep", "--data", dir.path()});
  REQUIRE(show.status == 0);
  CHECK(valid_utf8(show.out));
  CHECK(wider_than(show.out, 80) == std::vector<std::string>{});
  const auto on_tty = on_terminal({"list", "structures", "--data", dir.path()}, 37);
  CHECK(valid_utf8(on_tty));
  CHECK(wider_than(on_tty, 37) == std::vector<std::string>{});
}

TEST_CASE("Control bytes of a homebrew table are shown escaped, never sent raw", "[terminal][cli][data]") {
  TempDir dir;
  write_homebrew(dir);
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"list", "structures"},
           {"show", "evil-gate"},
           {"attack", "-s", "evil-gate", "-w", "evil-gun", "--successes", "1"},
           {"list", "structures", "--format", "markdown"}}) {
    auto a = args;
    a.insert(a.end(), {"--data", dir.path(), "--color", "never"});
    const auto r = run(a);
    INFO(args[0] << " " << args[1]);
    REQUIRE(r.status == 0);
    CHECK_FALSE(contains(r.out, "\x1b"));
    CHECK_FALSE(contains(r.out, "\x07"));
    CHECK_FALSE(contains(r.out, "gate\nsecond"));
    CHECK((contains(r.out, "\\x1b[2J") || contains(r.out, "\\x1b[2Jclear")));
  }
  const auto show = run({"show", "evil-gate", "--data", dir.path()});
  CHECK(contains(show.out, "Evil \\x1b[2J\\x1b]0;pwned\\x07 gate\\x0asecond line (evil-gate)"));
  CHECK(contains(show.out, "Note with \\x1b[31m colour"));
  // The JSON keeps the name as it is, escaped the JSON way.
  const auto j = run({"show", "evil-gate", "--data", dir.path(), "--json"});
  REQUIRE(j.status == 0);
  CHECK(j.json()["entries"][0]["name"] == "Evil \x1b[2J\x1b]0;pwned\x07 gate\nsecond line");
  // --color always paints, but a name's own ESC stays escaped.
  const auto painted = run({"attack", "-s", "evil-gate", "-w", "evil-gun", "--successes", "1", "--data",
                            dir.path(), "--color", "always"});
  CHECK(contains(painted.out, esc + "32m"));
  CHECK_FALSE(contains(painted.out, "\x1b[2J"));
}

// ---------------------------------------------------------------- colour

TEST_CASE("Colour with --color always: states, pass and fail, knocked out and breaches",
          "[terminal][cli][colour]") {
  TempDir dir;
  const std::string state = castle_siege(dir);
  const std::string green = esc + "32m", yellow = esc + "33m", red = esc + "31m";
  struct Case {
    std::vector<std::string> args;
    std::vector<std::string> painted;
  };
  const std::vector<Case> cases{
      {{"attack", "-s", "curtain-wall", "-w", "cannon", "--successes", "2"},
       {green + "intact", green + "pass"}},
      {{"check", "--difficulty", "hard", "--pool", "0", "--seed", "1"}, {red + "fail"}},  // no skill dice
      {{"demolish", "-s", "stone-bridge", "--on-pier", "-c", "powder-keg:2", "--craft-successes", "1"},
       {green + "pass", green + "intact", yellow + "cracked"}},
      {{"mine", "-s", "palisade", "--day-results", "1:0"}, {red + "breached"}},
      {{"escalade", "--method", "ladder", "--attackers", "2", "--successes-per-round", "1,1"},
       {green + "intact"}},
      {{"odds", "attack", "-s", "curtain-wall", "-w", "cannon"},
       {green + "intact", yellow + "cracked", red + "breached"}},
      {{"odds", "demolish", "-s", "stone-bridge", "--on-pier", "-c", "powder-keg:2"}, {yellow + "cracked"}},
      {{"--state", state, "status"}, {green + "intact"}},
      {{"--state", state, "odds", "scene"}, {green + "intact"}},
  };
  for (const auto& c : cases) {
    auto a = c.args;
    a.insert(a.end(), {"--color", "always"});
    const auto r = run(a);
    INFO(c.args[0] << " " << c.args[1] << "\n" << r.out << r.err);
    REQUIRE(r.status == 0);
    for (const auto& p : c.painted) CHECK(contains(r.out, p));
    CHECK(wider_than(r.out, 80) == std::vector<std::string>{});
    // The same without colour: no escape at all, and the same text.
    auto plain = c.args;
    plain.insert(plain.end(), {"--color", "never"});
    const auto n = run(plain);
    CHECK_FALSE(contains(n.out, "\x1b"));
    CHECK(std::regex_replace(r.out, std::regex("\x1b\\[[0-9;]*m"), "") == n.out);
  }
  // Scenes until something breaches or an engine is knocked out.
  std::string painted;
  for (int seed = 1; seed <= 12; ++seed) {
    const auto r = run({"--state", state, "--seed", std::to_string(seed), "scene", "--color", "always"});
    REQUIRE(r.status == 0);
    painted += r.out;
  }
  CHECK(contains(painted, green + "intact"));
  CHECK(std::regex_search(painted, std::regex("Breaches  \x1b\\[31m")));
  const auto status = run({"--state", state, "status", "--color", "always"});
  CHECK(contains(status.out, "Breaches  " + red));
  CHECK(contains(status.out, red + "breached"));
}

TEST_CASE("No colour in a pipe, with NO_COLOR, with --color never, or with --json",
          "[terminal][cli][colour]") {
  const std::vector<std::string> attack{"attack", "-s", "curtain-wall", "-w", "cannon", "--successes", "2"};
  CHECK_FALSE(contains(run(attack).out, "\x1b"));
  CHECK_FALSE(contains(run(attack, "NO_COLOR=1").out, "\x1b"));
  auto json = attack;
  json.insert(json.end(), {"--json", "--color", "always"});
  CHECK_FALSE(contains(run(json).out, "\x1b"));
  // On a terminal: colour by default, none with NO_COLOR, --color never or TERM=dumb.
  CHECK(contains(on_terminal(attack, 80), esc + "32mintact"));
  CHECK_FALSE(contains(on_terminal(attack, 80, {"NO_COLOR=1"}), "\x1b"));
  auto never = attack;
  never.insert(never.end(), {"--color", "never"});
  CHECK_FALSE(contains(on_terminal(never, 80), "\x1b"));
  CHECK_FALSE(contains(on_terminal(attack, 80, {"TERM=dumb"}), "\x1b"));
}
