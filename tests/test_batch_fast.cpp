// Batch mode's fast path (siege/detail/flat_json.hpp and BatchRunner): what
// it takes, what it leaves to the strict parser, and that a line gives the
// same bytes whichever path reads it.
#include <catch2/catch.hpp>

#include "batch.hpp"
#include "siege/detail/flat_json.hpp"

using namespace siege;
using siege::detail::FlatObject;
using siege::detail::FlatValue;
using siege::detail::read_flat;

namespace {

bool flat(std::string_view s) {
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
  CHECK(flat("{}"));
  CHECK(flat("{\"\":1}"));
  CHECK(flat("{\"n\":0}"));
  CHECK(flat("{\"n\":-0}"));
  CHECK(flat("{\"n\":999999999999999999}"));  // 18 digits
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
    CHECK_FALSE(flat(s));
  }
  std::string nul = "{\"a\":\"x";
  nul += '\0';
  nul += "\"}";
  CHECK_FALSE(flat(nul));
  std::string many = "{";
  for (int i = 0; i < 33; ++i) many += (i ? ",\"k" : "\"k") + std::to_string(i) + "\":1";
  CHECK_FALSE(flat(many + "}"));
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
