// JSONTestSuite (../shared/jsontestsuite/test_parsing) through the strict
// reader that every input goes through: y_ files must parse (and then fail,
// if at all, with a schema error), n_ files must be refused as invalid JSON
// with a line and column, and i_ files must not crash or hang.
#include <catch2/catch.hpp>

#include <dirent.h>

#include <regex>

#include "support.hpp"

using namespace siege;

namespace {

std::vector<std::string> suite_files(char prefix) {
  std::vector<std::string> out;
  const std::string dir = std::string(SIEGE_SHARED_DIR) + "/jsontestsuite/test_parsing";
  DIR* d = ::opendir(dir.c_str());
  if (d == nullptr) return out;
  while (const dirent* e = ::readdir(d)) {
    const std::string name = e->d_name;
    if (name.size() > 2 && name[0] == prefix && name[1] == '_') out.push_back(dir + "/" + name);
  }
  ::closedir(d);
  std::sort(out.begin(), out.end());
  return out;
}

// What loading `text` as a table file says: "" when it loads, else the message.
std::string as_table(const std::string& text) {
  Tables t = test::tables();
  try {
    merge_table_text(t, "weapons.json", text, "t.json");
    return "";
  } catch (const Error& e) {
    return e.what();
  }
}

// The suite's files of one kind; a warning (the test then checks nothing)
// when ../shared/jsontestsuite is not there.
std::vector<std::string> suite_or_skip(char prefix) {
  auto files = suite_files(prefix);
  if (files.empty()) WARN("skipped: ../shared/jsontestsuite not found");
  return files;
}

bool is_syntax_error(const std::string& message) {
  static const std::regex positioned(R"(^t\.json:[0-9]+:[0-9]+: )");
  return std::regex_search(message, positioned);
}

}  // namespace

TEST_CASE("JSONTestSuite y_ files get past the JSON reader", "[json][jsontestsuite]") {
  for (const auto& f : suite_or_skip('y')) {
    const auto msg = as_table(test::slurp(f));
    INFO(f << ": " << msg);
    CHECK_FALSE(is_syntax_error(msg));
  }
}

TEST_CASE("JSONTestSuite n_ files are refused as invalid JSON with a position", "[json][jsontestsuite]") {
  for (const auto& f : suite_or_skip('n')) {
    const auto msg = as_table(test::slurp(f));
    INFO(f << ": " << msg);
    CHECK(is_syntax_error(msg));
  }
}

TEST_CASE("JSONTestSuite i_ files neither crash nor hang", "[json][jsontestsuite]") {
  for (const auto& f : suite_or_skip('i')) {
    const auto msg = as_table(test::slurp(f));
    INFO(f << ": " << msg);
    SUCCEED();
  }
}
