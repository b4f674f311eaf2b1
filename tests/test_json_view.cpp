// The chronicle's reader of values where they stand in JSON text
// (src/commands/json_view.hpp): for any valid text it must answer what
// nlohmann::json answers for the same text, whatever the spacing, the
// escapes, the numbers and keys that stand twice.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "commands/json_view.hpp"

using siege::cli::JsonAt;
using nlohmann::json;

namespace {

// What JsonAt says of a value, written out; and what nlohmann says of the
// same value in the same words.
void describe_view(JsonAt v, std::string& out, int depth = 0) {
  if (auto s = v.string()) out += "s:" + *s + ";";
  if (auto i = v.integer()) out += "i:" + std::to_string(*i) + ";";
  if (auto u = v.unsigned_integer()) out += "u:" + std::to_string(*u) + ";";
  if (v.is_true()) out += "t;";
  if (depth > 8) return;
  if (v.is_object()) {
    // The last of a key twice is the one that stays: only the last is described.
    std::vector<std::pair<std::string, JsonAt>> kept;
    v.members([&](std::string_view k, JsonAt x) {
      for (auto& [key, at] : kept)
        if (key == k) {
          at = x;
          return;
        }
      kept.emplace_back(std::string(k), x);
    });
    std::sort(kept.begin(), kept.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    out += "{";
    for (const auto& [k, x] : kept) {
      out += k + "=";
      describe_view(x, out, depth + 1);
    }
    out += "}";
  }
  if (v.is_array()) {
    out += "[";
    v.items([&](JsonAt x) {
      describe_view(x, out, depth + 1);
      out += ",";
    });
    out += "]";
  }
}

void describe_dom(const json& v, std::string& out, int depth = 0) {
  if (v.is_string()) out += "s:" + v.get<std::string>() + ";";
  if (v.is_number_integer()) out += "i:" + std::to_string(v.get<int>()) + ";";
  if (v.is_number_unsigned()) out += "u:" + std::to_string(v.get<std::uint64_t>()) + ";";
  if (v.is_boolean() && v.get<bool>()) out += "t;";
  if (depth > 8) return;
  if (v.is_object()) {
    out += "{";
    for (const auto& [k, x] : v.items()) {
      out += k + "=";
      describe_dom(x, out, depth + 1);
    }
    out += "}";
  }
  if (v.is_array()) {
    out += "[";
    for (const auto& x : v) {
      describe_dom(x, out, depth + 1);
      out += ",";
    }
    out += "]";
  }
}

void same_as_nlohmann(const std::string& text) {
  INFO(text);
  std::string view, dom;
  describe_view(JsonAt(text), view);
  describe_dom(json::parse(text), dom);
  CHECK(view == dom);
}

// A random value's text, with random spacing.
std::string random_text(std::mt19937& rng, int depth) {
  const auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
  const auto space = [&] {
    static const char* const spaces[] = {"", "", "", " ", "\n  ", "\t", "\r\n"};
    return std::string(spaces[pick(7)]);
  };
  static const char* const words[] = {
      "\"rules\"", "\"check\"", "\"a\\\"b\"", "\"\\u00e9t\\u00E9\"", "\"\\ud83c\\udff0\"", "\"x\\\\y\\/z\\n\"",
      "\"caf\xc3\xa9\"", "\"\"", "\"dice\"", "\"seed\""};
  static const char* const numbers[] = {"0", "-0", "7", "-7", "2147483648", "-2147483649", "18446744073709551615",
                                        "18446744073709551616", "-9223372036854775808", "-9223372036854775809",
                                        "1.5", "1e3", "-2E-2", "10.0"};
  static const char* const literals[] = {"true", "false", "null"};
  const int kind = depth > 3 ? pick(3) : pick(5);
  if (kind == 0) return words[pick(10)];
  if (kind == 1) return numbers[pick(14)];
  if (kind == 2) return literals[pick(3)];
  std::string out = kind == 3 ? "[" : "{";
  const int n = pick(5);
  for (int i = 0; i < n; ++i) {
    if (i != 0) out += space() + ",";
    out += space();
    if (kind == 4) out += std::string(words[pick(10)]) + space() + ":" + space();
    out += random_text(rng, depth + 1);
  }
  return out + space() + (kind == 3 ? "]" : "}");
}

}  // namespace

TEST_CASE("JsonAt reads what nlohmann reads: members, items, strings, integers, true", "[json]") {
  same_as_nlohmann(R"({"rules":["a","b",3,null],"check":{"rolled":true,"successes":-2,"dice":[]},"seed":7})");
  same_as_nlohmann(R"( { "a" : 1 , "a" : "two" , "b" : { "a" : [ true , false ] } } )");
  same_as_nlohmann(R"({"k\u00e9y":"v\"al\\ue","\"":"\ud83c\udff0","n":[-0,1.0,1e2,18446744073709551616]})");
  same_as_nlohmann(R"([{"x":{"y":{"z":[[],[{}],"]}",",",":"]}}},"}"])");
  same_as_nlohmann("[]");
  same_as_nlohmann("{}");
  same_as_nlohmann("\"only a string\"");
  same_as_nlohmann("-9223372036854775808");
  same_as_nlohmann("4294967297");
  std::mt19937 rng(44);
  for (int i = 0; i < 3000; ++i) same_as_nlohmann(random_text(rng, 0));
}

TEST_CASE("JsonAt asked for what is not there gives nothing", "[json]") {
  const JsonAt none;
  CHECK_FALSE(none.is_object());
  CHECK_FALSE(none.string());
  CHECK_FALSE(none.integer());
  CHECK_FALSE(none.is_true());
  int calls = 0;
  none.members([&](std::string_view, JsonAt) { ++calls; });
  none.items([&](JsonAt) { ++calls; });
  JsonAt("[1,2]").members([&](std::string_view, JsonAt) { ++calls; });
  JsonAt(R"({"a":1})").items([&](JsonAt) { ++calls; });
  CHECK(calls == 0);
  CHECK_FALSE(JsonAt("\"7\"").integer());
  CHECK_FALSE(JsonAt("-1").unsigned_integer());
  CHECK(JsonAt("-1").integer() == -1);
}
