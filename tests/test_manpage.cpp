// The man page (docs/siege.1) against the program: every command has a
// section, and every option and positional that `siege COMMAND --help`
// lists is named in that command's section.
#include <catch2/catch.hpp>

#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "commands/context.hpp"
#include "commands/command.hpp"
#include "support.hpp"

namespace {

siege::test::Run run_siege(const std::vector<std::string>& args) { return siege::test::siege(args); }

// The page as plain text: `\-` is a hyphen, font escapes and `\&` go.
std::string plain(std::string s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 1 < s.size()) {
      const char c = s[i + 1];
      if (c == '-') {
        out += '-';
        ++i;
        continue;
      }
      if (c == '&') {
        ++i;
        continue;
      }
      if (c == 'f' && i + 2 < s.size()) {
        i += 2;
        continue;
      }
    }
    out += s[i];
  }
  return out;
}

// Sections of the page by heading: ".SH NAME" is "NAME", ".SS odds check" is
// "odds check"; each holds the text up to the next heading.
std::map<std::string, std::string> sections(const std::string& page) {
  std::map<std::string, std::string> out;
  std::istringstream in(page);
  std::string line, current;
  while (std::getline(in, line)) {
    if (line.rfind(".SH ", 0) == 0 || line.rfind(".SS ", 0) == 0) {
      current.clear();
      for (char c : line.substr(4))
        if (c != '"') current += c;
      out[current];
      continue;
    }
    if (!current.empty()) out[current] += line + "\n";
  }
  return out;
}

const std::map<std::string, std::string>& man_sections() {
  static const auto s = sections(plain(siege::test::slurp(SIEGE_SOURCE_DIR + "/docs/siege.1")));
  return s;
}

// What one --help screen lists.
struct Help {
  std::vector<std::string> options;      // long options, "--structure"
  std::vector<std::string> positionals;  // "TABLE"
  std::vector<std::string> subcommands;  // "check"
};

bool option_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-';
}

// Parses --help's screen: the name column of "Options:" rows (one row may give
// several names, "--all-within-walls,--within-walls"), and the first word of
// "Positionals:" and "Subcommands:" rows.
Help parse_help(const std::string& text) {
  Help h;
  std::istringstream in(text);
  std::string line, heading;
  while (std::getline(in, line)) {
    if (!line.empty() && line[0] != ' ') {
      heading = line;
      continue;
    }
    if (line.size() < 3 || line[2] == ' ') continue;  // blank or a wrapped description
    const std::string row = line.substr(2);
    const std::string names = row.substr(0, row.find("  "));
    if (heading == "Options:") {
      for (std::size_t i = names.find("--"); i != std::string::npos; i = names.find("--", i + 2)) {
        std::size_t j = i + 2;
        while (j < names.size() && option_char(names[j])) ++j;
        h.options.push_back(names.substr(i, j - i));
      }
    } else if (heading == "Positionals:") {
      h.positionals.push_back(names.substr(0, names.find(' ')));
    } else if (heading == "Subcommands:") {
      h.subcommands.push_back(names.substr(0, names.find(' ')));
    }
  }
  return h;
}

// True when `word` occurs in `text` as a whole option or name: not as the
// start of a longer one (--days in --days-dug) nor the end (--boons in
// --spend-boons).
bool names(const std::string& text, const std::string& word) {
  for (std::size_t i = text.find(word); i != std::string::npos; i = text.find(word, i + 1)) {
    const bool start_ok = i == 0 || !option_char(text[i - 1]);
    const std::size_t end = i + word.size();
    const bool end_ok = end == text.size() || !option_char(text[end]);
    if (start_ok && end_ok) return true;
  }
  return false;
}

// Everything a command's --help lists that its section does not name.
std::vector<std::string> missing_in_section(const std::vector<std::string>& path, Help& help_out) {
  std::vector<std::string> args = path;
  args.emplace_back("--help");
  const auto run = run_siege(args);
  std::string title;
  for (const auto& p : path) title += (title.empty() ? "" : " ") + p;
  std::vector<std::string> missing;
  if (run.status != 0) return {"'siege " + title + " --help' failed: " + run.err};
  help_out = parse_help(run.out);
  const auto& all = man_sections();
  const auto section = all.find(title);
  if (section == all.end()) return {"no section .SS " + title};
  for (const auto& o : help_out.options)
    if (o != "--help" && !names(section->second, o)) missing.push_back(title + ": " + o);
  for (const auto& p : help_out.positionals)
    if (!names(section->second, p)) missing.push_back(title + ": positional " + p);
  return missing;
}

}  // namespace

TEST_CASE("The help parser finds options, positionals and subcommands", "[manpage]") {
  const Help h = parse_help(
      "Usage: siege x [OPTIONS] [WORK]\n\nPositionals:\n  WORK build|tear             build or tear\n\n"
      "Options:\n  -h,--help                   Print this help message and exit\n"
      "  -s,--structure ID           Structure id\n  --all-within-walls,--within-walls\n"
      "                              Attacker: every --figure within\n\nSubcommands:\n  check   Odds\n");
  CHECK(h.options == std::vector<std::string>{"--help", "--structure", "--all-within-walls", "--within-walls"});
  CHECK(h.positionals == std::vector<std::string>{"WORK"});
  CHECK(h.subcommands == std::vector<std::string>{"check"});
}

TEST_CASE("An option counts only as a whole word in the man page", "[manpage]") {
  CHECK(names("--days-dug N", "--days-dug"));
  CHECK_FALSE(names("--days-dug N", "--days"));
  CHECK_FALSE(names("--spend-boons N", "--boons"));
  CHECK(names("with --boons, net", "--boons"));
}

TEST_CASE("Every command has a section in the man page", "[manpage]") {
  std::vector<std::string> missing;
  for (const auto& c : siege::cli::commands())
    if (man_sections().count(std::string(c.name)) == 0) missing.emplace_back(c.name);
  CAPTURE(missing);
  CHECK(missing.empty());
  for (const char* s : {"NAME", "SYNOPSIS", "DESCRIPTION", "GLOBAL OPTIONS", "COMMANDS", "EXIT STATUS", "ENVIRONMENT",
                        "FILES", "SEE ALSO"})
    CHECK(man_sections().count(s) == 1);
}

TEST_CASE("Every option and positional of every command is in its section of the man page", "[manpage]") {
  std::vector<std::string> missing;
  for (const auto& c : siege::cli::commands()) {
    Help help;
    const std::vector<std::string> path{std::string(c.name)};
    auto m = missing_in_section(path, help);
    missing.insert(missing.end(), m.begin(), m.end());
    // Nested commands: odds check, odds attack.
    for (const auto& sub : help.subcommands) {
      Help sub_help;
      m = missing_in_section({std::string(c.name), sub}, sub_help);
      missing.insert(missing.end(), m.begin(), m.end());
    }
  }
  CAPTURE(missing);
  CHECK(missing.empty());
}

TEST_CASE("Every global option is in the GLOBAL OPTIONS section of the man page", "[manpage]") {
  const auto run = run_siege({"--help"});
  REQUIRE(run.status == 0);
  const Help h = parse_help(run.out);
  REQUIRE(h.options.size() >= 8);
  std::vector<std::string> missing;
  for (const auto& o : h.options)
    if (!names(man_sections().at("GLOBAL OPTIONS"), o)) missing.push_back(o);
  CAPTURE(missing);
  CHECK(missing.empty());
  // The nested commands were found, so the loop above covers them.
  const Help odds = parse_help(run_siege({"odds", "--help"}).out);
  CHECK(odds.subcommands ==
        std::vector<std::string>{"check", "attack", "demolish", "escalade", "mine", "scene"});
  // The shell completions list them too.
  std::string list;
  for (const auto& s : odds.subcommands) list += (list.empty() ? "" : " ") + s;
  CHECK_THAT(siege::test::slurp(SIEGE_SOURCE_DIR + "/completions/siege.bash"),
             Catch::Contains('"' + list + '"'));
  CHECK_THAT(siege::test::slurp(SIEGE_SOURCE_DIR + "/completions/_siege"), Catch::Contains('(' + list + ')'));
}

TEST_CASE("The man page documents the exit statuses and the environment", "[manpage]") {
  const auto& s = man_sections();
  for (const char* status : {"0", "2", "3", "4"}) CHECK(names(s.at("EXIT STATUS"), std::string(".B ") + status));
  for (const char* var : {"SIEGE_DATA", "NO_COLOR", "COLUMNS"}) CHECK(names(s.at("ENVIRONMENT"), var));
}
