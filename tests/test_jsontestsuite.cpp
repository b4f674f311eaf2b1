// JSONTestSuite (../shared/jsontestsuite/test_parsing) through the strict
// reader that every input goes through, as a table file and as one line of
// `siege batch`: y_ files must parse (and then fail, if at all, with a
// schema or "not an action" error), n_ files must be refused as invalid JSON
// with their position, and i_ files must not crash or hang.
#include <catch2/catch.hpp>

#include <dirent.h>

#include <regex>

#include <nlohmann/json.hpp>

#include "batch/batch.hpp"
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

// What `siege batch` prints for `text` as its line 7 (the whole file as one
// line, as the batch-line fuzzer feeds it): the parsed output line, or null
// for no output. Each output must be one line of JSON led by "line": 7.
nlohmann::json as_batch_line(const std::string& text, int& status) {
  cli::Context ctx;
  ctx.globals.json = true;
  cli::BatchRunner runner(ctx, "in.jsonl", 42, nullptr);
  std::string out;
  status = runner.run(text, 7, out);
  if (out.empty()) return nullptr;
  REQUIRE(out.find('\n') == out.size() - 1);
  const auto j = nlohmann::json::parse(out);
  REQUIRE(j.at("line") == 7);
  return j;
}

// A batch error that is a JSON syntax error: "in.jsonl:7:COLUMN: ...".
bool is_batch_syntax_error(const nlohmann::json& j) {
  static const std::regex positioned(R"(^in\.jsonl:7:[0-9]+: )");
  return j.is_object() && j.contains("error") && j["error"]["id"] == "bad-json" &&
         std::regex_search(j["error"]["message"].get<std::string>(), positioned);
}

bool blank(const std::string& s) { return s.find_first_not_of(" \t") == std::string::npos; }

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

TEST_CASE("JSONTestSuite y_ files as a batch line get past the JSON reader", "[json][jsontestsuite][batch]") {
  for (const auto& f : suite_or_skip('y')) {
    int status = 0;
    const auto j = as_batch_line(test::slurp(f), status);
    INFO(f << ": " << j.dump());
    REQUIRE(j.is_object());
    CHECK_FALSE(is_batch_syntax_error(j));
    CHECK(status == 2);
    // Valid JSON, but not an action; or one with a key twice, which every
    // input of siege refuses (RFC 8259 leaves it to the reader).
    const std::string message = j["error"]["message"];
    CHECK((j["error"]["id"] == "not-an-action" || message.find("duplicate key") != std::string::npos));
  }
}

TEST_CASE("JSONTestSuite n_ files as a batch line are refused as invalid JSON with a column", "[json][jsontestsuite][batch]") {
  int blanks = 0;
  for (const auto& f : suite_or_skip('n')) {
    const std::string text = test::slurp(f);
    int status = 0;
    const auto j = as_batch_line(text, status);
    INFO(f << ": " << j.dump());
    if (blank(text)) {
      // An empty or all-blank line is no action at all: batch skips it.
      CHECK(j.is_null());
      CHECK(status == 0);
      ++blanks;
      continue;
    }
    CHECK(is_batch_syntax_error(j));
    CHECK(status == 2);
  }
  CHECK(blanks <= 2);  // n_structure_no_data and n_single_space
}

TEST_CASE("JSONTestSuite i_ files as a batch line neither crash nor hang", "[json][jsontestsuite][batch]") {
  for (const auto& f : suite_or_skip('i')) {
    int status = 0;
    const auto j = as_batch_line(test::slurp(f), status);
    INFO(f << ": " << j.dump());
    CHECK(j.is_object());
    CHECK((status == 0) == !j.contains("error"));
  }
}
