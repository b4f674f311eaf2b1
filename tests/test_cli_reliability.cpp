// Bad input from the command line and on disk never crashes: every number
// option of every command refuses what it cannot read, and the project's
// own bad input files (tests/bad-inputs/) are refused with a one-line error
// naming the file, which is left untouched.
#include <dirent.h>

#include <algorithm>
#include <optional>
#include <regex>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "commands/context.hpp"
#include "commands/command.hpp"
#include "support.hpp"
#include "temp_dir.hpp"

using siege::test::Run;
using siege::test::TempDir;

namespace {

struct NumberOption {
  std::string name;  // "--pool"
  long long lo = 0;
  std::optional<long long> hi;  // when the help shows [lo..hi]
};

// The options typed N in `siege [COMMAND] --help`, with their [lo..hi]
// (lists typed "N,..." are read by their commands, not here).
std::vector<NumberOption> number_options(const std::string& help) {
  static const std::regex option(R"((?:^|[ ,])(--[a-z][a-z0-9-]*) N( [^\n]*))");
  static const std::regex bounds(R"(\[(-?[0-9]+)\.\.(-?[0-9]+)\])");
  std::vector<NumberOption> found;
  const std::string rows = std::regex_replace(help, std::regex("\n {20,}"), " ");  // a description goes on
  for (std::sregex_iterator it(rows.begin(), rows.end(), option), end; it != end; ++it) {
    NumberOption o{(*it)[1].str(), 0, std::nullopt};
    const std::string rest = (*it)[2].str();
    std::smatch b;
    if (std::regex_search(rest, b, bounds)) {
      o.lo = std::stoll(b[1].str());
      o.hi = std::stoll(b[2].str());
    }
    found.push_back(o);
  }
  return found;
}

std::size_t lines(const std::string& s) { return static_cast<std::size_t>(std::count(s.begin(), s.end(), '\n')); }

std::vector<std::string> files_in(const std::string& dir) {
  std::vector<std::string> names;
  if (DIR* d = ::opendir(dir.c_str())) {
    while (const dirent* e = ::readdir(d))
      if (e->d_name[0] != '.') names.emplace_back(e->d_name);
    ::closedir(d);
  }
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace

TEST_CASE("Every number option of every command refuses bad numbers with a one-line error naming it",
          "[cli][reliability]") {
  struct Place {
    std::vector<std::string> prefix;  // the command words before the option
    std::string help;
  };
  std::vector<Place> places{{{}, siege::test::siege({"--help"}).out}};
  for (const auto& c : siege::cli::commands()) {
    const std::string name(c.name);
    places.push_back({{name}, siege::test::siege({name, "--help"}).out});
  }
  int options = 0;
  int tries = 0;
  for (const auto& place : places) {
    const auto found = number_options(place.help);
    for (const auto& opt : found) {
      ++options;
      for (const std::string value : {"-1", "99999999999", "1e3", "0x10", "", "12abc", "1.5"}) {
        std::vector<std::string> args = place.prefix;
        args.push_back(opt.name);
        args.push_back(value);
        const Run r = siege::test::siege(args);
        ++tries;
        INFO("siege " << (place.prefix.empty() ? "" : place.prefix[0] + " ") << opt.name << " '" << value
                      << "': exit " << r.status << ": " << r.err);
        CHECK(r.status < 128);  // never a crash
        if (value == "-1" && opt.lo <= -1) continue;  // allowed here (a referee's net roll)
        if (value == "99999999999" && !opt.hi) continue;  // no bound shown (--seed takes 64 bits)
        CHECK(r.status == 2);
        CHECK(lines(r.err) == 1);
        CHECK(r.err.rfind("siege: error: ", 0) == 0);
        CHECK(r.err.find(opt.name) != std::string::npos);
        if (value == "99999999999" && opt.hi) CHECK(r.err.find(std::to_string(*opt.hi)) != std::string::npos);
      }
      // A leading zero reads decimal: 010 is ten, not octal eight, so it
      // does what 10 does.
      std::vector<std::string> ten = place.prefix;
      ten.insert(ten.end(), {opt.name, "10"});
      std::vector<std::string> zero_ten = place.prefix;
      zero_ten.insert(zero_ten.end(), {opt.name, "010"});
      const Run a = siege::test::siege(ten);
      const Run b = siege::test::siege(zero_ten);
      tries += 2;
      INFO(opt.name << ": 10 -> exit " << a.status << " " << a.err << "; 010 -> exit " << b.status << " " << b.err);
      CHECK(b.status < 128);
      CHECK(a.status == b.status);
    }
  }
  // Sanity: the walk found the options (attack alone has a dozen).
  CHECK(options >= 40);
  WARN("number options walked: " << options << ", runs: " << tries);
}

TEST_CASE("The project's own bad input files are refused naming the file, which is left untouched",
          "[cli][reliability]") {
  const std::string root = std::string(SIEGE_SOURCE_DIR) + "/tests/bad-inputs";
  int cases = 0;
  TempDir dir;
  // Tables: each file is a --data folder's <table>.json (name before '--').
  for (const auto& name : files_in(root + "/tables")) {
    const std::string table = name.substr(0, name.find("--")) + ".json";
    const std::string data = dir.file("data-" + name);
    REQUIRE(std::system(("mkdir -p '" + data + "' && cp '" + root + "/tables/" + name + "' '" + data + "/" +
                         table + "'")
                            .c_str()) == 0);
    const std::string before = siege::test::slurp(data + "/" + table);
    const Run r = siege::test::siege({"--data", data, "list", "structures"});
    INFO("tables/" << name << ": exit " << r.status << ": " << r.err);
    CHECK(r.status == 3);
    CHECK(lines(r.err) == 1);
    CHECK(r.err.find(data + "/" + table) != std::string::npos);
    CHECK(siege::test::slurp(data + "/" + table) == before);
    ++cases;
  }
  // State files: status (read) and an update (locked) both refuse them.
  for (const auto& name : files_in(root + "/states")) {
    const std::string path = dir.file(name);
    REQUIRE(std::system(("cp '" + root + "/states/" + name + "' '" + path + "'").c_str()) == 0);
    const std::string before = siege::test::slurp(path);
    for (const auto& args : std::vector<std::vector<std::string>>{
             {"--state", path, "status"},
             {"--state", path, "attack", "--section", "north-wall", "--hull-damage", "1", "--successes", "1"}}) {
      const Run r = siege::test::siege(args);
      INFO("states/" << name << " " << args[2] << ": exit " << r.status << ": " << r.err);
      CHECK(r.status == 4);
      CHECK(lines(r.err) == 1);
      CHECK(r.err.find(path) != std::string::npos);
    }
    CHECK(siege::test::slurp(path) == before);
    for (const auto& left : files_in(dir.path())) {
      INFO("left behind: " << left);
      CHECK(left.find(".lock") == std::string::npos);
      CHECK(left.find(".tmp.") == std::string::npos);
    }
    ++cases;
  }
  // Descriptions: init refuses them (a usage error naming the file) and
  // writes no state file.
  for (const auto& name : files_in(root + "/descriptions")) {
    const std::string from = root + "/descriptions/" + name;
    const std::string before = siege::test::slurp(from);
    const std::string state = dir.file("new-" + name);
    const Run r = siege::test::siege({"init", state, "--from", from});
    INFO("descriptions/" << name << ": exit " << r.status << ": " << r.err);
    CHECK((r.status == 2 || r.status == 3 || r.status == 4));
    CHECK(lines(r.err) == 1);
    CHECK(r.err.find(from) != std::string::npos);
    CHECK(siege::test::slurp(from) == before);
    CHECK(siege::test::slurp(state).empty());
    ++cases;
  }
  CHECK(cases >= 20);
  WARN("bad input files refused: " << cases);
}

TEST_CASE("The global option --lock-wait takes whole seconds from 0 to 86400, before or after the command, and refuses others naming it",
          "[cli][reliability][lock-wait]") {
  for (const std::string value : {"-1", "86401", "99999999999", "1e3", "0x10", "", "12abc", "1.5", " 5"}) {
    const Run r = siege::test::siege({"--lock-wait", value, "list", "structures"});
    INFO("--lock-wait '" << value << "': exit " << r.status << ": " << r.err);
    CHECK(r.status == 2);
    CHECK(lines(r.err) == 1);
    CHECK(r.err.rfind("siege: error: --lock-wait", 0) == 0);
    if (value == "86401" || value == "99999999999") CHECK(r.err.find("86400") != std::string::npos);
    CHECK(r.out.empty());
  }
  // (Before the command, the pre-scan that finds it skips the value: "0" is no command.)
  for (const std::string value : {"0", "86400", "010", "60"}) {
    INFO("--lock-wait " << value);
    CHECK(siege::test::siege({"--lock-wait", value, "list", "structures"}).status == 0);
    CHECK(siege::test::siege({"list", "structures", "--lock-wait", value}).status == 0);
  }
  const Run help = siege::test::siege({"--help"});
  CHECK(help.out.find("--lock-wait SECONDS") != std::string::npos);
}
