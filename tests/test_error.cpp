// siege/error.hpp: a refusal is named by the front end that runs the
// command, and the inputs and commands a message names are written by the
// front end (src/front/command.hpp: reported, front_end_spelling).
#include <catch2/catch.hpp>

#include "commands/command.hpp"
#include "siege/error.hpp"

using namespace siege;

namespace {

Error caught(void (*raise)()) {
  try {
    raise();
  } catch (const Error& e) {
    return e;
  }
  FAIL("no error thrown");
  return Error(ErrorKind::internal, "none", "none");
}

void hold_refusal() {
  fail_refusal("no-needed", input_word("rolled") + " needs " + input_word("needed") + " N; see '" +
                                command_words({"status"}) + "'");
}

}  // namespace

TEST_CASE("A refusal reads with the name of the command that ran it, once, before its place", "[error]") {
  const Error e = caught(hold_refusal);
  // The core alone: no command, the hint as its bare words.
  CHECK(std::string(e.what()) == "--rolled needs --needed N; see 'status'");
  const Error cli = cli::reported(e, "hold");
  CHECK(std::string(cli.what()) == "hold: --rolled needs --needed N; see 'siege status'");
  // The innermost name stays: a command that runs another's rule names itself first.
  CHECK(std::string(cli::reported(cli::reported(e, "abatis build"), "abatis").what()) ==
        "abatis build: --rolled needs --needed N; see 'siege status'");
  // Batch places it after: the line first, then the command.
  CHECK(std::string(cli.at({"in.jsonl:7", ""}).what()) ==
        "in.jsonl:7: hold: --rolled needs --needed N; see 'siege status'");
  CHECK(cli.id() == "no-needed");
  CHECK(cli.kind() == ErrorKind::usage);
}

TEST_CASE("An error that is not a refusal gets no command name, only its words spelled", "[error]") {
  const Error e = caught([] { fail_usage("unknown-id", "unknown weapon 'x'; see '" + command_words({"list", "weapons"}) + "'"); });
  CHECK(std::string(cli::reported(e, "attack").what()) == "unknown weapon 'x'; see 'siege list weapons'");
  const Error input = caught([] { fail_input("bad-number", "needed", "30", "needs " + input_word("rolled")); });
  CHECK(std::string(cli::reported(input, "hold").what()) == "--needed 30: needs --rolled");
  CHECK(std::string(cli::reported(input, "hold").at({"in.jsonl:3", ""}).what()) ==
        "in.jsonl:3:/needed: 30: needs --rolled");
}

TEST_CASE("A hint's words are quoted for the shell, and a word that names no command gets no program name",
          "[error]") {
  const Error e = caught([] {
    fail_usage("x", "try " + command_words({"note", "it's late"}) + ", not " + command_words({"nosuch", "a b"}));
  });
  CHECK(std::string(e.spelled(cli::front_end_spelling()).what()) == "try siege note 'it'\\''s late', not nosuch 'a b'");
}

TEST_CASE("An error known to be about an input keeps its message until it is placed", "[error]") {
  const Error placed(ErrorKind::usage, "bad", ErrorPlace{"in.jsonl:2", "/pool"}, "expected an integer");
  CHECK(std::string(placed.about("pool").spelled(cli::front_end_spelling()).what()) ==
        "in.jsonl:2:/pool: expected an integer");
  const Error plain(ErrorKind::usage, "bad", "expected an integer");
  CHECK(std::string(plain.about("pool").spelled(cli::front_end_spelling()).what()) == "expected an integer");
  CHECK(std::string(plain.about("pool").at({"in.jsonl:2", ""}).what()) == "in.jsonl:2:/pool: expected an integer");
}

TEST_CASE("The front end's hint is a command line of the table, each word quoted for the shell, as the core's",
          "[error][hints]") {
  CHECK(cli::hint({"init", "my siege.json", input_word("from"), "DESCRIPTION.json"}) ==
        "siege init 'my siege.json' --from DESCRIPTION.json");
  CHECK(cli::hint_on("it's.json", {"redo", input_word("count"), "3"}) == "siege --state 'it'\\''s.json' redo --count 3");
  CHECK(cli::see_hint("The unit", {"status"}) == "The unit (see 'siege status')");
  CHECK(cli::hint({"odds", "scene", input_word("scenes"), "4"}) == "siege odds scene --scenes 4");
  // Written the same way as a hint the core marks (command_words).
  const Error core = caught([] { fail_usage("x", command_words({"list", "a b"})); });
  CHECK(std::string(core.spelled(cli::front_end_spelling()).what()) == cli::hint({"list", "a b"}));
}

TEST_CASE("A hint that names no command, subcommand or option of the table is a bug, never printed", "[error][hints]") {
  auto refused = [](auto build) -> std::string {
    try {
      (void)build();
    } catch (const Error& e) {
      CHECK(e.kind() == ErrorKind::internal);
      CHECK(e.id() == "bad-hint");
      return e.what();
    }
    FAIL("the hint was built");
    return {};
  };
  CHECK_THAT(refused([] { return cli::hint({"nosuch"}); }), Catch::Contains("'nosuch' is not a command"));
  CHECK_THAT(refused([] { return cli::hint({}); }), Catch::Contains("names no command"));
  CHECK_THAT(refused([] { return cli::hint_on("s.json", {"help"}); }), Catch::Contains("'help' is not a command"));
  CHECK_THAT(refused([] { return cli::hint({"odds", "nosuch"}); }),
             Catch::Contains("'nosuch' is not a subcommand of 'odds'"));
  CHECK_THAT(refused([] { return cli::hint({"init", "s.json", input_word("form"), "d.json"}); }),
             Catch::Contains("'init' has no option --form"));
  CHECK_THAT(refused([] { return cli::see_hint("The unit", {"stats"}); }), Catch::Contains("'stats' is not a command"));
}
