// The JSON writer's strings: plain ASCII is copied (8 bytes at a time),
// anything else is escaped; the result must always be the JSON text that
// nlohmann/json writes for the same string, at every length and position.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <random>
#include <string>

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
  // A plain string of each length up to 24 with one byte changed at each
  // place: lanes of 8, and the tail after them.
  for (std::size_t len = 1; len <= 24; ++len) {
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
