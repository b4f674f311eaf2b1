// Batch mode's fast path (src/front/flat_json.hpp and BatchRunner): what
// it takes, what it leaves to the strict parser, and that a line gives the
// same bytes whichever path reads it; blank lines; and the line reader.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "batch/batch.hpp"
#include "commands/flat_json.hpp"

using namespace siege;
using siege::cli::FlatObject;
using siege::cli::FlatValue;
using siege::cli::read_flat;

namespace {

bool reads_flat(std::string_view s) {
  FlatObject o;
  return read_flat(s, o);
}

// The same line, with its first key's first letter written as a \u escape:
// the same JSON value, which the fast path leaves to the strict parser.
std::string escaped_twin(const std::string& line) {
  const auto q = line.find('"');
  REQUIRE(q != std::string::npos);
  char esc[8];
  std::snprintf(esc, sizeof esc, "\\u%04x", static_cast<unsigned char>(line[q + 1]));
  return line.substr(0, q + 1) + esc + line.substr(q + 2);
}

std::string run_line(const std::string& text, long line = 7) {
  cli::Context ctx;
  ctx.globals.json = true;
  cli::BatchRunner runner(ctx, "in.jsonl", 42, nullptr);
  std::string out;
  runner.run(text, line, out);
  return out;
}

}  // namespace

TEST_CASE("The fast reader takes flat objects of plain values", "[batch]") {
  FlatObject o;
  REQUIRE(read_flat(R"( {"action": "attack", "successes": -2, "gunpowder": true, "units": ["a", "b-c"], "x": []} )", o));
  REQUIRE(o.size == 5);
  CHECK(o.members[0].key == "action");
  CHECK(o.members[0].value.text == "attack");
  CHECK(o.members[1].value.kind == FlatValue::Kind::integer);
  CHECK(o.members[1].value.integer == -2);
  CHECK(o.members[2].value.boolean);
  CHECK(o.members[3].value.kind == FlatValue::Kind::strings);
  CHECK(o.members[3].value.count == 2);
  CHECK(o.members[4].value.count == 0);
  CHECK(o.find("units") == &o.members[3]);
  CHECK(o.find("unit") == nullptr);
  CHECK(o.find("") == nullptr);
  CHECK(reads_flat("{}"));
  CHECK(reads_flat("{\"\":1}"));
  CHECK(reads_flat("{\"n\":0}"));
  CHECK(reads_flat("{\"n\":-0}"));
  CHECK(reads_flat("{\"n\":999999999999999999}"));  // 18 digits
}

TEST_CASE("The fast reader leaves everything else to the strict parser", "[batch]") {
  for (const char* s : {
           "",                                   // empty
           "[]",                                 // not an object
           "{\"a\":1",                           // unclosed
           "{\"a\":1}x",                         // trailing text
           "{\"a\":1,}",                         // trailing comma
           "{\"a\" 1}",                          // no colon
           "{a:1}",                              // bare key
           "{\"a\":01}",                         // leading zero
           "{\"a\":1.5}",                        // fraction
           "{\"a\":1e2}",                        // exponent
           "{\"a\":-}",                          // sign alone
           "{\"a\":1000000000000000000}",        // 19 digits
           "{\"a\":null}",                       // null
           "{\"a\":{}}",                         // nesting
           "{\"a\":[1]}",                        // an array of numbers
           "{\"a\":[\"x\",]}",                   // trailing comma in an array
           "{\"a\":\"x\\ny\"}",                  // an escape
           "{\"a\":\"caf\xc3\xa9\"}",            // non-ASCII
           "{\"a\":\"tab\there\"}",              // a control character
           "{\"a\":tru}",                        // a broken literal
           "{\"a\":1,\"a\":2}",                  // a duplicate key
       }) {
    INFO(s);
    CHECK_FALSE(reads_flat(s));
  }
  std::string nul = "{\"a\":\"x";
  nul += '\0';
  nul += "\"}";
  CHECK_FALSE(reads_flat(nul));
  std::string many = "{";
  for (int i = 0; i < 33; ++i) many += (i ? ",\"k" : "\"k") + std::to_string(i) + "\":1";
  CHECK_FALSE(reads_flat(many + "}"));
}

TEST_CASE("The fast reader's strings end at the first byte that is not plain", "[batch]") {
  // Every byte that spoils a string, at every offset of a string longer
  // than a machine word; and strings of every length up to 39 bytes.
  for (const int bad : {0x00, 0x01, 0x1f, 0x7f, 0x80, 0xc3, 0xff, 0x5c}) {  // 0x5c: a backslash
    for (std::size_t at = 0; at < 20; ++at) {
      std::string value(24, 'x');
      value[at] = static_cast<char>(bad);
      const std::string line = "{\"k\":\"" + value + "\"}";
      INFO("byte " << bad << " at " << at);
      CHECK_FALSE(reads_flat(line));
    }
  }
  for (std::size_t n = 0; n < 40; ++n) {
    std::string value;
    for (std::size_t i = 0; i < n; ++i) value += static_cast<char>(' ' + (i * 7) % 95);  // printable
    std::string escaped;
    for (const char c : value) {
      if (c == '"' || c == '\\') continue;
      escaped += c;
    }
    const std::string line = "{\"key-" + std::to_string(n) + "\":\"" + escaped + "\",\"b\":1}";
    FlatObject o;
    INFO(line);
    REQUIRE(read_flat(line, o));
    REQUIRE(o.size == 2);
    CHECK(o.members[0].key == "key-" + std::to_string(n));
    CHECK(o.members[0].value.text == escaped);
    CHECK(o.members[1].value.integer == 1);
  }
}

TEST_CASE("A batch line gives the same bytes by the fast and the strict path", "[batch]") {
  for (const std::string line : {
           R"({"action": "attack", "structure": "curtain-wall", "weapon": "cannon", "damage-taken": 3})",
           R"({"action": "attack", "structure": "tower", "weapon": "trebuchet", "successes": 2, "boons": 1})",
           R"({"action": "attack", "structure": "castle-gate", "portcullis": true, "weapon": "ram", "seed": 5})",
           R"({"action": "attack", "structure": "palisade", "weapon": "inline", "hull-damage": 4, "pierce": 1, "mount": "heavy", "gunpowder": true})",
           R"({"action": "attack", "structure": "rampart", "weapon": "mortar", "ladder": "steps", "from": "cracked"})",
           R"({"action": "check", "difficulty": "hard", "pool": 4})",
           R"({"action": "check", "difficulty": "hard", "pool": 4, "seed": 123456789})",
           R"({"action": "demolish", "structure": "curtain-wall", "charge": ["powder-keg", "powder-keg"]})",
           R"({"action": "demolish", "structure": "curtain-wall", "charge": []})",
           R"({"action": "mine", "structure": "tower", "days-dug": 3, "countermine": true})",
           R"({"action": "escalade", "structure": "curtain-wall", "method": "ladder", "attackers": 20, "ladders": 2})",
           // Lines that fail: the error objects must match too.
           R"({"action": "attack", "structure": "curtain-wall", "weapon": "catapault"})",
           R"({"action": "attack", "structure": "curtain-wall", "weapon": "cannon", "successes": 101})",
           R"({"action": "attack", "structure": "curtain-wall", "weapon": "cannon", "successes": "2"})",
           R"({"action": "attack", "structure": "curtain-wall", "weapon": "cannon", "sucesses": 2})",
           R"({"action": "attack", "structure": "curtain-wall", "weapon": "cannon", "gunpowder": 1})",
           R"({"action": "attack", "structure": "curtain-wall", "weapon": "cannon", "seed": -1})",
           R"({"action": "atack", "structure": "curtain-wall"})",
           // Refused by the attack's declaration, read through its instance
           // over the fast reader (Command::act_flat), or by the attack itself.
           R"({"action": "attack"})",
           R"({"action": "attack", "weapon": "cannon"})",
           R"({"action": "attack", "structure": "curtain-wall"})",
           R"({"action": "attack", "structure": "curtain-wall", "weapon": "cannon", "ladder": "rungs"})",
           R"({"action": "attack", "structure": "curtain-wall", "weapon": "cannon", "mount": "huge"})",
           R"({"action": "attack", "structure": "curtain-wall", "weapon": "cannon", "section": "north"})",
           R"({"action": "attack", "structure": "curtain-wall", "engine": "gun-1"})",
           R"({"action": "attack", "structure": "curtain-wall", "weapon": "cannon", "from": "cracked"})",
           R"({"action": "attack", "structure": "curtain-wall", "weapon": "cannon", "successes": 1, "pool": 4})",
           R"({"action": 3})",
           R"({"structure": "curtain-wall"})",
       }) {
    INFO(line);
    const std::string fast = run_line(line);
    const std::string strict = run_line(escaped_twin(line));
    CHECK(fast == strict);
    CHECK(fast.rfind("{\"line\":7,", 0) == 0);
    CHECK(fast.back() == '\n');
  }
}

TEST_CASE("A batch line's own seed, or the batch seed and its number, seed the fast path", "[batch]") {
  const std::string line = R"({"action": "check", "difficulty": "hard", "pool": 6})";
  // Lines 1 and 2 of one batch roll differently; each is repeatable.
  CHECK(run_line(line, 1) == run_line(line, 1));
  CHECK(run_line(line, 1).substr(10) != run_line(line, 2).substr(10));
  const std::string seeded = R"({"action": "check", "difficulty": "hard", "pool": 6, "seed": 99})";
  CHECK(run_line(seeded, 1).substr(10) == run_line(seeded, 2).substr(10));
  CHECK(run_line(seeded).find("\"seed\":99") != std::string::npos);
}

namespace {

// The lines a LineReader with `limit` reads from a file holding `text`:
// each line's text, "<too long>" for a line over the limit.
std::vector<std::string> read_lines(const std::string& text, std::size_t limit) {
  char path[] = "/tmp/siege-lines-XXXXXX";
  const int fd = ::mkstemp(path);
  REQUIRE(fd >= 0);
  ::unlink(path);
  REQUIRE(::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size()));
  REQUIRE(::lseek(fd, 0, SEEK_SET) == 0);
  std::vector<std::string> out;
  {
    cli::LineReader reader(fd, limit);
    std::string_view line;
    for (;;) {
      const auto got = reader.next(line);
      if (got == cli::LineReader::Got::end) break;
      REQUIRE(got != cli::LineReader::Got::error);
      out.emplace_back(got == cli::LineReader::Got::line ? std::string(line) : "<too long>");
    }
  }
  ::close(fd);
  return out;
}

}  // namespace

TEST_CASE("The batch line reader skips a line over its limit and keeps the rest", "[batch]") {
  using V = std::vector<std::string>;
  CHECK(read_lines("", 8) == V{});
  CHECK(read_lines("\n\r\n", 8) == V{"", ""});
  CHECK(read_lines("abc\n12345678\n123456789\n12345678\r\nlast", 8) ==
        V{"abc", "12345678", "<too long>", "12345678", "last"});
  // A line far longer than one read (64 KiB) or the limit, in the middle
  // and at the end without a newline.
  const std::string big(200000, 'x');
  CHECK(read_lines("a\n" + big + "\nb\n" + big, 8) == V{"a", "<too long>", "b", "<too long>"});
  CHECK(read_lines("a\n" + big + "\nb\n", 1000000) == V{"a", big, "b"});
  CHECK(read_lines(big + "\r\n" + big + "x\r\n", big.size()) == V{big, "<too long>"});
}

TEST_CASE("The batch line reader says whether a whole line is at hand", "[batch]") {
  int p[2];
  REQUIRE(::pipe(p) == 0);
  cli::LineReader reader(p[0], 100);
  std::string_view line;
  REQUIRE(::write(p[1], "one\ntw", 6) == 6);
  REQUIRE(reader.next(line) == cli::LineReader::Got::line);
  CHECK(line == "one");
  CHECK_FALSE(reader.line_at_hand());  // "tw" waits for its end
  REQUIRE(::write(p[1], "o\nthree\n", 8) == 8);
  REQUIRE(reader.next(line) == cli::LineReader::Got::line);
  CHECK(line == "two");
  CHECK(reader.line_at_hand());
  REQUIRE(reader.next(line) == cli::LineReader::Got::line);
  CHECK(line == "three");
  CHECK_FALSE(reader.line_at_hand());
  ::close(p[1]);
  CHECK(reader.next(line) == cli::LineReader::Got::end);
  CHECK(reader.line_at_hand());
  ::close(p[0]);
}

TEST_CASE("A batch line of JSON white space only is blank", "[batch]") {
  CHECK(siege::cli::blank(""));
  CHECK(siege::cli::blank(" \t\r \r\n"));
  CHECK_FALSE(siege::cli::blank(" \r x"));
  CHECK_FALSE(siege::cli::blank("\f"));  // not JSON white space
  CHECK(run_line(" \r ").empty());
  CHECK(run_line("\t\r").empty());
  CHECK(run_line(" \r x").find("\"error\"") != std::string::npos);
}
