// The JSON writer's strings: plain ASCII is copied (8 bytes at a time),
// anything else is escaped; the result must always be the JSON text that
// nlohmann/json writes for the same string, at every length and position.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "siege/detail/json_writer.hpp"

using siege::detail::JsonWriter;

namespace {

std::string written(const std::string& s) {
  std::string out;
  {
    JsonWriter w(out);
    w.value(s);
  }
  return out;
}

}  // namespace

TEST_CASE("Every ASCII byte at every place in a string is written as nlohmann writes it", "[json]") {
  // A plain string of each length up to 40 with one byte changed at each
  // place: lanes of 8 and the tail after them, and each of the copies by
  // length (under 4, 4-7, 8-16, 17-32, longer).
  for (std::size_t len = 1; len <= 40; ++len) {
    for (std::size_t at = 0; at < len; ++at) {
      for (int c = 0; c < 0x80; ++c) {
        std::string s(len, 'a');
        s[at] = static_cast<char>(c);
        INFO("length " << len << ", byte " << c << " at " << at);
        REQUIRE(written(s) == nlohmann::json(s).dump());
      }
    }
  }
}

TEST_CASE("Random strings of ASCII and well-formed UTF-8 are written as nlohmann writes them", "[json]") {
  std::mt19937 rng(20261130);
  const std::string pieces[] = {"a", "Z", " ", "\"", "\\", "\n", "\t", "\x01", "\x1f", "\x7f", "/",
                                "\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x8f\xb0", "\xed\x9f\xbf"};
  for (int i = 0; i < 5000; ++i) {
    std::string s;
    const auto n = rng() % 40;
    for (unsigned k = 0; k < n; ++k) s += pieces[rng() % std::size(pieces)];
    INFO("case " << i);
    REQUIRE(written(s) == nlohmann::json(s).dump());
  }
}

TEST_CASE("Bytes that are not well-formed UTF-8 become U+FFFD, one for each", "[json]") {
  CHECK(written("caf\xe9") == "\"caf\\ufffd\"");
  CHECK(written("12345678\xff") == "\"12345678\\ufffd\"");
  CHECK(written("\xe2\x82" "a") == "\"\\ufffd\\ufffda\"");     // a sequence cut short
  CHECK(written("\xc0\xaf") == "\"\\ufffd\\ufffd\"");          // an overlong '/'
  CHECK(written("\xed\xa0\x80") == "\"\\ufffd\\ufffd\\ufffd\"");  // a surrogate
  CHECK(written("ok \xe2\x82\xac") == "\"ok \xe2\x82\xac\"");  // the euro sign is kept
}

TEST_CASE("A string longer than the writer's stage is written whole", "[json]") {
  const std::string plain(5000, 'x');
  CHECK(written(plain) == "\"" + plain + "\"");
  std::string quoted = plain + "\"";
  CHECK(written(quoted) == nlohmann::json(quoted).dump());
}

TEST_CASE("Integers, seeds, booleans and null are written as nlohmann writes them", "[json]") {
  // Extremes, one- and two-digit numbers and random ones, each unsigned one
  // twice and its neighbour after it (the writer keeps the last unsigned
  // value's digits).
  std::mt19937_64 rng(20261202);
  std::vector<std::int64_t> ints{0, 1, -1, 9, 10, -10, 99, 100, -100, 12345, INT64_MIN, INT64_MAX};
  std::vector<std::uint64_t> uints{0, 9, 10, 99, 100, UINT64_MAX, 3251949076933735u};
  // Each side of every power of ten: where the digits' count changes, and
  // where the writer splits a long number into blocks of eight digits.
  for (std::uint64_t p = 10; p <= 10'000'000'000'000'000'000u; p *= 10) {
    for (const std::uint64_t u : {p - 1, p, p + 1}) {
      uints.push_back(u);
      if (u <= static_cast<std::uint64_t>(INT64_MAX)) {
        ints.push_back(static_cast<std::int64_t>(u));
        ints.push_back(-static_cast<std::int64_t>(u));
      }
    }
    if (p > UINT64_MAX / 10) break;
  }
  for (int i = 0; i < 200; ++i) {
    ints.push_back(static_cast<std::int64_t>(rng()) >> (i % 64));
    uints.push_back(rng() >> (i % 64));
  }
  std::string out;
  nlohmann::json expected = nlohmann::json::array();
  {
    JsonWriter w(out);
    w.begin_array();
    for (const auto v : ints) {
      w.value(static_cast<long long>(v));
      expected.push_back(v);
    }
    for (const auto v : uints) {
      for (const auto u : {v, v, v + 1, v}) {
        w.value(static_cast<unsigned long long>(u));
        expected.push_back(u);
      }
    }
    w.value(true).value(false).null().value(-7).value(true);
    expected.push_back(true);
    expected.push_back(false);
    expected.push_back(nullptr);
    expected.push_back(-7);
    expected.push_back(true);
    w.end_array();
  }
  REQUIRE(out == expected.dump());
}

TEST_CASE("A field that may be absent is its value or null, with its commas in place", "[json]") {
  std::string out;
  {
    JsonWriter w(out);
    w.begin_object();
    w.field_or_null("crit", true, 2).field_or_null("none", false, 5);
    w.field_or_null("weapon", true, std::string("cannon")).field_or_null("gone", false, std::string("ram"));
    w.end_object();
  }
  const nlohmann::json expected = {{"crit", 2}, {"none", nullptr}, {"weapon", "cannon"}, {"gone", nullptr}};
  CHECK(nlohmann::json::parse(out) == expected);
  CHECK(out == R"({"crit":2,"none":null,"weapon":"cannon","gone":null})");
}

TEST_CASE("Nested arrays and objects, empty and full, at every depth to 100, have their commas where nlohmann puts them",
          "[json]") {
  // Each level holds a number, then the next level, then a string: the
  // comma after a closing bracket and none after an opening one or a key.
  for (const int depth : {1, 2, 63, 64, 65, 100}) {
    for (const bool objects : {false, true}) {
      std::string out;
      nlohmann::json expected = nlohmann::json::array();  // the innermost level, empty
      {
        JsonWriter w(out);
        for (int i = 0; i < depth; ++i) {
          if (objects)
            w.begin_object().field("n", i).key("next");
          else
            w.begin_array().value(i);
        }
        w.begin_array().end_array();
        for (int i = depth - 1; i >= 0; --i) {
          if (objects) {
            w.field("s", "x").end_object();
            expected = nlohmann::json{{"n", i}, {"next", expected}, {"s", "x"}};
          } else {
            w.value("x").end_array();
            expected = nlohmann::json::array({i, expected, "x"});
          }
        }
      }
      INFO("depth " << depth << (objects ? " objects" : " arrays"));
      CHECK(nlohmann::json::parse(out) == expected);
      CHECK(out == expected.dump());
    }
  }
}

TEST_CASE("Fields written in a row have their commas, at the stage's end too, and a long word is whole", "[json]") {
  // fields() checks room once for all its pairs: at every filling of the
  // stage before it, and after a sibling or none, the text is the same.
  using siege::detail::Word;
  for (std::size_t fill = 2000; fill < 2060; ++fill) {
    const std::string pad(fill, 'p');
    std::string out;
    {
      JsonWriter w(out);
      w.begin_object().field("pad", pad);
      w.fields("max", 20, "before", -3, "after", 1234567, "hit", true, "state", Word{"cracked"}, "miss", false);
      w.key("o").begin_object().fields("n", 0).end_object();
      w.end_object();
    }
    INFO("fill " << fill);
    REQUIRE(out == R"({"pad":")" + pad +
                       R"(","max":20,"before":-3,"after":1234567,"hit":true,"state":"cracked","miss":false,"o":{"n":0}})");
  }
  const std::string word(3000, 'w');  // longer than the stage: written pair by pair
  std::string out;
  {
    JsonWriter w(out);
    w.begin_array().value(1).begin_object().fields("id", Word{word}, "n", 2).end_object().end_array();
  }
  CHECK(out == R"([1,{"id":")" + word + R"(","n":2}])");
}

TEST_CASE("shortest_double writes every double as std::to_chars does", "[json]") {
  // The WebAssembly build's libc++ has no to_chars for doubles: the writer
  // uses shortest_double there, held here to the real one.
  const auto same = [](double d) {
    char buf[64];
    const auto end = std::to_chars(buf, buf + sizeof buf, d).ptr;
    INFO(std::string(buf, end));
    CHECK(siege::detail::shortest_double(d) == std::string(buf, end));
  };
  for (double d : {0.0, -0.0, 1.0, 0.5, 100.0, 1e16, 5.9604644775390625e-08, 0.1, 1.0 / 3, 2.0 / 3, 1e-300,
                   4.9e-324, 123456.0, 0.0001, 0.00012, 1e-5, 12345678901234567.0, 99999999999999999.0 / 10})
    same(d);
  for (int e = -1074; e <= 56; ++e) same(std::ldexp(1.0, e));  // every power of two, ties among them
  std::mt19937_64 rng(42);
  // 3,000 of each: every one is written with %.770e, slow under ASan.
  for (int i = 0; i < 3000; ++i) {
    // Probabilities as the odds print them (p/q), and any finite bits.
    const auto q = static_cast<double>(rng() % 1000000 + 1);
    same(static_cast<double>(rng() % static_cast<std::uint64_t>(q)) / q);
    std::uint64_t bits = rng();
    double d;
    std::memcpy(&d, &bits, sizeof d);
    if (std::isfinite(d)) same(d);
  }
}
