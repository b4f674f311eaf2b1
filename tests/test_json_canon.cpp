// The reader of JSON in dump()'s form (siege/detail/json_canon.hpp), by
// which a long log is read without building it: what it takes must be
// valid JSON that dumps to the same bytes, and what dump() writes (but
// floats) it must take.
#include <catch2/catch.hpp>

#include <dirent.h>

#include <fstream>
#include <random>
#include <sstream>

#include <nlohmann/json.hpp>

#include "siege/detail/json_canon.hpp"
#include "support.hpp"

using namespace siege;

namespace {

const detail::JsonSource src{"t.json", ErrorKind::state};

// Whether canon::value takes the whole of `text`.
bool taken(std::string_view text) {
  std::size_t i = 0;
  return detail::canon::value(text, i, 0) && i == text.size();
}

// What a text the reader takes must be: valid under parse_strict, and the
// bytes dump() writes for its value.
void check_taken_is_dump(const std::string& text) {
  if (!taken(text)) return;
  INFO(text);
  nlohmann::json v;
  REQUIRE_NOTHROW(v = detail::parse_strict(text, src));
  CHECK(v.dump() == text);
}

nlohmann::json random_value(std::mt19937_64& rng, int depth) {
  const auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<std::uint64_t>(n)); };
  switch (depth >= 4 ? pick(4) : pick(6)) {
    case 0: {
      static const std::int64_t edges[] = {0, 1, -1, 9, 10, -10, 1000000, INT64_MAX, INT64_MIN};
      return pick(2) == 0 ? nlohmann::json(edges[pick(9)]) : nlohmann::json(static_cast<std::int64_t>(rng()));
    }
    case 1: return pick(2) == 0 ? nlohmann::json(rng()) : nlohmann::json(UINT64_MAX);
    case 2: return pick(3) == 0 ? nlohmann::json(nullptr) : nlohmann::json(pick(2) == 0);
    case 3: {
      // Every kind of character dump() treats apart: controls, quote,
      // backslash, slash, DEL, two-, three- and four-byte UTF-8.
      static const char* const pieces[] = {"a", "Z", " ", "\"", "\\", "/", "\x7f", "\x01", "\x1f", "\n", "\t",
                                           "\b", "\f", "\r", "\xc3\xa9", "\xe2\x80\xae", "\xf0\x9f\x8f\xb0",
                                           "\xef\xbf\xbf", "~", "{", "]"};
      std::string s;
      for (int k = pick(12); k > 0; --k) s += pieces[pick(21)];
      return s;
    }
    case 4: {
      nlohmann::json a = nlohmann::json::array();
      for (int k = pick(4); k > 0; --k) a.push_back(random_value(rng, depth + 1));
      return a;
    }
    default: {
      nlohmann::json o = nlohmann::json::object();
      static const char* const keys[] = {"a", "b", "B", "ab", "", "\xc3\xa9", "section", "days", "z1", "_"};
      for (int k = pick(5); k > 0; --k) o[keys[pick(10)]] = random_value(rng, depth + 1);
      return o;
    }
  }
}

std::vector<std::string> suite_texts(char prefix) {
  std::vector<std::string> out;
  const std::string dir = std::string(SIEGE_SHARED_DIR) + "/jsontestsuite/test_parsing";
  DIR* d = ::opendir(dir.c_str());
  if (d == nullptr) return out;
  while (const dirent* e = ::readdir(d)) {
    const std::string name = e->d_name;
    if (name.size() > 2 && name[0] == prefix && name[1] == '_') {
      std::ifstream in(dir + "/" + name, std::ios::binary);
      std::ostringstream ss;
      ss << in.rdbuf();
      out.push_back(ss.str());
    }
  }
  ::closedir(d);
  return out;
}

}  // namespace

TEST_CASE("dump()'s form: what it takes and what it leaves to the strict reader", "[state][json]") {
  for (const char* text : {"{}", "[]", "0", "-1", "18446744073709551615", "-9223372036854775808", "true", "null",
                           R"({"a":1,"b":[true,false,null],"c":{"":"x"}})", R"("a\"b\\c\nd\te\u001b\u0000")",
                           "\"caf\xc3\xa9 \xf0\x9f\x8f\xb0 /\x7f\"", R"({"B":1,"a":2,"b":3})"}) {
    INFO(text);
    CHECK(taken(text));
    check_taken_is_dump(text);
  }
  // Valid JSON that dump() would write otherwise, and JSON that is not
  // valid: each left to parse_strict.
  for (const char* text :
       {"{ }", "[1, 2]", R"({"b":1,"a":2})", R"({"a":1,"a":1})", "1.0", "1e2", "-0", "01", "18446744073709551616",
        "-9223372036854775809", R"("\/")", R"("\u00e9")", R"("\u0041")", R"("\u001B")", R"("\u000a")",
        R"("\ud83c\udff0")", R"({"\u0061":1})", "\"\xc0\x80\"", "\"\xed\xa0\x80\"", "\"\xf4\x90\x80\x80\"",
        "\"\x80\"", "\"\xe2\x80\"", "\"a\x01\"", "\"a\nb\"", "[1,]", "{\"a\":}", "tru", "nul", "\"abc", "[", "",
        "1 ", " 1", "[1]x"}) {
    INFO(text);
    CHECK_FALSE(taken(text));
  }
  // Nesting: as deep as parse_strict allows, and no deeper.
  const auto nested = [](std::size_t levels) { return std::string(levels, '[') + std::string(levels, ']'); };
  CHECK(taken(nested(detail::max_json_depth)));
  CHECK_FALSE(taken(nested(detail::max_json_depth + 1)));
  std::size_t i = 0;
  CHECK_FALSE(detail::canon::value(nested(2), i, detail::max_json_depth - 1));
}

TEST_CASE("dump()'s form: every value dump() writes is taken, and only such text", "[state][json]") {
  std::mt19937_64 rng(44);
  for (int n = 0; n < 3000; ++n) {
    const std::string text = random_value(rng, 0).dump();
    INFO(text);
    REQUIRE(taken(text));
    check_taken_is_dump(text);
    // One byte changed, dropped or doubled: taken only if still dump()'s text.
    for (int m = 0; m < 8 && !text.empty(); ++m) {
      std::string changed = text;
      const std::size_t at = rng() % changed.size();
      switch (rng() % 3) {
        case 0: changed[at] = static_cast<char>(rng() % 256); break;
        case 1: changed.erase(at, 1); break;
        default: changed.insert(at, 1, changed[at]); break;
      }
      check_taken_is_dump(changed);
    }
  }
}

TEST_CASE("dump()'s form: JSONTestSuite's invalid texts are never taken, its valid ones only as dump() writes them",
          "[state][json]") {
  const auto invalid = suite_texts('n');
  const auto valid = suite_texts('y');
  if (invalid.empty()) WARN("skipped: ../shared/jsontestsuite not found");
  for (const auto& text : invalid) {
    INFO(text);
    CHECK_FALSE(taken(text));
  }
  for (const auto& text : valid) check_taken_is_dump(text);
  for (const auto& text : suite_texts('i')) check_taken_is_dump(text);
}
