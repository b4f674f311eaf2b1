// `siege play FILE` read as a script (no terminal): each line runs as the
// command `siege --state FILE LINE` would, with its output, log entry and
// exit status; the prompt on a terminal is tested in tmux
// (tests/play/check_play_tmux.sh).
#include <catch2/catch.hpp>

#include <fstream>

#include "support.hpp"
#include "temp_dir.hpp"
#include "front/words.hpp"
#include "print/render.hpp"

using nlohmann::json;
using siege::cli::split_words;
using siege::test::Run;
using siege::test::slurp;
using siege::test::TempDir;

namespace {

// A new siege of the README's example castle in `dir`; returns its path.
std::string new_siege(const TempDir& dir, const std::string& name) {
  const std::string path = dir.file(name);
  const Run r = siege::test::siege({"init", path, "--from", SIEGE_SOURCE_DIR + "/examples/castle-siege.json"});
  REQUIRE(r.status == 0);
  return path;
}

json log_of(const std::string& path) { return json::parse(slurp(path)).at("log"); }

// The message of an error that `siege` printed on stderr, without its prefix.
std::string first_error(const Run& r) {
  const std::string prefix = "siege: error: ";
  const auto at = r.err.find(prefix);
  if (at == std::string::npos) return {};
  return r.err.substr(at + prefix.size(), r.err.find('\n', at) - at - prefix.size());
}

}  // namespace

TEST_CASE("A line of play is split into words as a shell splits them, without expanding", "[cli][play]") {
  using V = std::vector<std::string>;
  CHECK(split_words("  attack  --section north-wall\t--weapon cannon ") ==
        V{"attack", "--section", "north-wall", "--weapon", "cannon"});
  CHECK(split_words(R"(damage --cause 'the gate''s end' --hull 2)") == V{"damage", "--cause", "the gates end", "--hull", "2"});
  CHECK(split_words(R"(x "a \"b\" \$c \d" e\ f)") == V{"x", R"(a "b" $c \d)", "e f"});
  CHECK(split_words(R"(x '' "" $HOME ~ * ;)") == V{"x", "", "", "$HOME", "~", "*", ";"});
  CHECK(split_words("scene # the second day") == V{"scene"});
  CHECK(split_words("a#b") == V{"a#b"});
  CHECK(split_words("   ").empty());
  CHECK_THROWS_WITH(split_words("x 'open"), "a quote (') opened at column 3 is not closed");
  CHECK_THROWS_WITH(split_words(R"(x "a\")"), "a quote (\") opened at column 3 is not closed");
  CHECK_THROWS_WITH(split_words("x \\"), "a backslash ends the line: nothing follows it to keep");
}

TEST_CASE("A line of play reads ANSI-C quoting as bash does", "[cli][play]") {
  using V = std::vector<std::string>;
  CHECK(split_words(R"(note $'a\u202Eb' x)") == V{"note", "a\u202e" "b", "x"});
  CHECK(split_words(R"($'\x27\\\t\101\U0001F600\q\u')") == V{"'\\\tA\U0001F600\\q\\u"});
  CHECK(split_words(R"(pre$'\x41'post "$'x'")") == V{"preApost", "$'x'"});
  CHECK(split_words(R"($'it\'s')") == V{"it's"});
  CHECK_THROWS_WITH(split_words("x $'open"), "a quote (') opened at column 3 is not closed");
}

// The line that plays an entry again reads back to the same text, at the
// prompt and in the shells (bash, and zsh where installed), whatever the
// text holds: R42's format characters are written as $'\u202E', still
// escaped where shown.
TEST_CASE("A quoted word reads back as the same text at the prompt and in the shell", "[cli][play]") {
  const std::vector<std::string> texts{
      "plain", "two words", "it's", "back\\slash", "bidi \u202E evil \u202C ok", "zero\u200Bwidth", "\uFEFFbom",
      "tab\there (from a file)", "mix 'q' \\ \u2066x\u2069 $HOME `x` \"d\"", "sièged 🏰", "", "-dash"};
  TempDir dir;
  std::vector<std::string> shells{"bash"};
  if (std::system("command -v zsh >/dev/null 2>&1") == 0) shells.emplace_back("zsh");
  for (const auto& text : texts) {
    const std::string word = siege::cli::shell_word(text);
    INFO(word);
    CHECK(split_words(word) == std::vector<std::string>{text});
    const bool escaped = word.rfind("$'", 0) == 0;
    CHECK(escaped == (text.find("\u202E") != std::string::npos || text.find("\u200B") != std::string::npos ||
                      text.find("\uFEFF") != std::string::npos || text.find('\t') != std::string::npos ||
                      text.find("\u2066") != std::string::npos));
    for (const auto& shell : shells) {
      const std::string script = dir.file("w.sh"), out = dir.file("w.out");
      std::ofstream(script) << "printf '%s' " << word << "\n";
      REQUIRE(std::system((shell + " " + script + " > " + out).c_str()) == 0);
      CHECK(slurp(out) == text);
    }
  }
}

TEST_CASE("A byte order mark at the start of a play script is not part of its first line", "[cli][play]") {
  TempDir dir;
  const std::string path = new_siege(dir, "s.json");
  const Run r = siege::test::siege({"play", path}, "\xEF\xBB\xBFnote first\nnote \xEF\xBB\xBFsecond\n");
  CHECK(r.status == 0);
  const json log = log_of(path);
  REQUIRE(log.size() == 2);
  CHECK(log[0]["inputs"]["text"] == "first");
  CHECK(log[1]["inputs"]["text"] == "\xEF\xBB\xBFsecond");  // only the file's start is skipped
}

TEST_CASE("The log's line for a note with a bidi control is one bash plays back", "[cli][play]") {
  TempDir dir;
  const std::string path = new_siege(dir, "s.json");
  const std::string text = "bidi \u202E evil \u202C it's";
  REQUIRE(siege::test::siege({"--state", path, "note", text}).status == 0);
  const Run log = siege::test::siege({"--state", path, "log"});
  const std::string word = siege::cli::shell_word(text);
  CHECK(word == R"($'bidi \u202E evil \u202C it\x27s')");
  CHECK(log.out.find(word) != std::string::npos);
  CHECK(log.out.find("\u202E") == std::string::npos);  // no raw control on the screen
}

TEST_CASE("Tab splits the text left of the cursor as far as it goes", "[cli][play]") {
  using V = std::vector<std::string>;
  const auto p = siege::cli::split_partial(R"("attack" --section 'nor)");
  CHECK(p.words == V{"attack", "--section", "nor"});
  CHECK(p.last_open);
  CHECK(p.quote == '\'');
  const auto q = siege::cli::split_partial(R"(damage --cause "a b)");
  CHECK(q.words == V{"damage", "--cause", "a b"});
  CHECK(q.quote == '"');
  const auto b = siege::cli::split_partial("attack --sec\\");
  CHECK(b.words == V{"attack", "--sec"});
  CHECK(b.last_open);
  const auto done = siege::cli::split_partial("'attack' ");
  CHECK(done.words == V{"attack"});
  CHECK_FALSE(done.last_open);
  CHECK(done.quote == 0);
  CHECK_FALSE(siege::cli::split_partial("scene # a").last_open);
}

TEST_CASE("play reads a script: the log is that of the same commands run one by one", "[cli][play]") {
  TempDir dir;
  const std::string played = new_siege(dir, "played.json");
  const std::string by_hand = new_siege(dir, "by-hand.json");
  const std::vector<std::vector<std::string>> lines{
      {"scene", "--seed", "11"},
      {"--seed", "12", "attack", "--section", "north-wall", "--weapon", "cannon"},
      {"damage", "--seed", "13", "--at", "east-wall", "--hull", "2", "--cause", "a mine's \"last\" gasp"},
      {"status"},
  };
  std::string script = "# an evening\n\n";
  for (const auto& l : lines) {
    std::vector<std::string> args{"--state", by_hand};
    args.insert(args.end(), l.begin(), l.end());
    REQUIRE(siege::test::siege(args).status == 0);
    for (const auto& w : l) script += siege::test::shell_quote(w) + " ";
    script += "\n";
  }
  const Run r = siege::test::siege({"play", played}, script);
  CHECK(r.err.empty());
  CHECK(r.status == 0);
  CHECK(log_of(played) == log_of(by_hand));
  CHECK(log_of(played).size() == 3);
  CHECK(r.out.find("north-wall") != std::string::npos);  // the outcomes are printed
  // What the lines printed is what the commands printed (status, last).
  const Run status = siege::test::siege({"--state", played, "status"});
  CHECK(r.out.size() >= status.out.size());
  CHECK(r.out.substr(r.out.size() - status.out.size()) == status.out);
}

TEST_CASE("play stops at the first failed line with its status, unless --keep-going", "[cli][play]") {
  TempDir dir;
  const std::string script = "scene --seed 1\natack --section north-wall\nscene --seed 2\n";
  const std::string a = new_siege(dir, "a.json");
  const Run stop = siege::test::siege({"play", a}, script);
  CHECK(stop.status == 2);
  CHECK(first_error(stop).find("unknown command 'atack'") == 0);
  CHECK(stop.err.find("siege: play: line 2 ended with exit status 2; the lines after it were not run\n") !=
        std::string::npos);
  CHECK(log_of(a).size() == 1);

  const std::string b = new_siege(dir, "b.json");
  const Run go_on = siege::test::siege({"play", b, "--keep-going"}, script + "attack --section nowhere --weapon cannon\n");
  CHECK(go_on.status == 2);  // the first failure's
  CHECK(go_on.err.find("line 2 ended with exit status 2\n") != std::string::npos);
  CHECK(go_on.err.find("line 4 ended with exit status 2\n") != std::string::npos);
  CHECK(log_of(b).size() == 2);
}

TEST_CASE("A line of play may not name another file, other tables or a command of its own", "[cli][play]") {
  TempDir dir;
  const std::string path = new_siege(dir, "s.json");
  const std::string other = new_siege(dir, "other.json");
  const std::string before = slurp(path);
  const std::string other_before = slurp(other);
  struct Case {
    std::string line;
    std::string message;
  };
  const std::vector<Case> cases{
      {"--state " + other + " scene", "--state is not taken on a line of play: the prompt plays its own FILE"},
      {"scene --state=" + other, "--state is not taken on a line of play: the prompt plays its own FILE"},
      {"--data /tmp status",
       "--data is not taken on a line of play: the prompt plays its own FILE with the tables it began with "
       "(give --data to play)"},
      {"init x.json --from y.json", "'init' is not taken on a line of play; run it as 'siege init ...' outside the prompt"},
      {"--json batch", "'batch' is not taken on a line of play; run it as 'siege batch ...' outside the prompt"},
      {"play " + path, "'play' is not taken on a line of play; run it as 'siege play ...' outside the prompt"},
      {"--seed 3", "a line of play names a command: attack, scene, status, help ..."},
      // An empty word for the command (the command line refuses it too, as an unknown command).
      {"'' list x", "a line of play names a command, not '': attack, scene, status, help ..."},
      {"--json \"\" status", "a line of play names a command, not '': attack, scene, status, help ..."},
      {"damage --at east-wall --hull 1 --cause 'open", "a quote (') opened at column 40 is not closed"},
  };
  for (const auto& c : cases) {
    CAPTURE(c.line);
    const Run r = siege::test::siege({"play", path}, c.line + "\n");
    CHECK(r.status == 2);
    CHECK(first_error(r) == c.message);
  }
  CHECK(slurp(path) == before);
  CHECK(slurp(other) == other_before);
  // With --json the refusal is the error object on stdout, as for a command.
  const Run j = siege::test::siege({"play", path}, "--json init x\n");
  CHECK(j.status == 2);
  CHECK(json::parse(j.out).at("error").at("code") == 2);
}

TEST_CASE("play refuses --state, --seed and a missing file before it starts", "[cli][play]") {
  TempDir dir;
  const std::string path = new_siege(dir, "s.json");
  CHECK(first_error(siege::test::siege({"--state", path, "play", path}, "")).find("play: FILE names the siege") == 0);
  CHECK(first_error(siege::test::siege({"--seed", "4", "play", path}, "")).find("play: --seed applies to one line") ==
        0);
  const Run missing = siege::test::siege({"play", dir.file("nope.json")}, "status\n");
  CHECK(missing.status == 4);
  CHECK(missing.out.empty());
  // play's own --json and --dry-run reach every line.
  const std::string before = slurp(path);
  const Run dry = siege::test::siege({"--json", "--dry-run", "play", path}, "scene --seed 5\n");
  CHECK(dry.status == 0);
  CHECK(json::parse(dry.out).at("action") == "scene");
  CHECK(slurp(path) == before);
}

TEST_CASE("play refuses a line no command line could carry, and input it cannot read", "[cli][play]") {
  TempDir dir;
  const std::string path = new_siege(dir, "s.json");
  const std::string before = slurp(path);
  struct Case {
    std::string text;
    std::string message;
  };
  const std::vector<Case> cases{
      {std::string("sce\0ne --seed 1\n", 16), "a NUL byte at column 4: a line of play is text"},
      {"damage --at east-wall --hull 1 --cause 'a\xff'\n",
       "the byte \\xff at column 42 is not UTF-8: a line of play is UTF-8 text"},
      {"damage --at east-wall --hull 1 --cause " + std::string(200000, 'x') + "\n",
       "the line is 200039 bytes long; a line of play holds one command, at most 131072 bytes"},
      {"scene --seed 1 \\\r\n", "a backslash ends the line: nothing follows it to keep"},  // as without the CR
      {"quit now\n", "'quit' ends the prompt and takes nothing more; got 'now'"},
      {"--json exit\n", "'exit' ends the prompt and takes nothing more; got '--json'"},
  };
  for (const auto& c : cases) {
    CAPTURE(c.message);
    const Run r = siege::test::siege({"play", path}, c.text);
    CHECK(r.status == 2);
    CHECK(first_error(r) == c.message);
  }
  CHECK(slurp(path) == before);
  // Lines in UTF-8 with CRLF endings and no newline at the end run as typed.
  const Run crlf = siege::test::siege({"play", path}, "damage --seed 1 --at east-wall --hull 1 --cause 'café ⚔'\r\nstatus");
  CHECK(crlf.status == 0);
  CHECK(log_of(path).at(0).at("inputs").at("cause") == "café ⚔");
  CHECK(crlf.out.find("Log       1 entry") != std::string::npos);
  // A closed standard input, or one that does not read, is no empty evening.
  const Run closed = siege::test::siege({"play", path}, "", "sh -c 'exec \"$0\" \"$@\" <&-'");
  CHECK(closed.status == 2);
  CHECK(first_error(closed).find("play: standard input is closed;") == 0);
  const Run folder = siege::test::siege({"play", path}, "", "sh -c 'exec \"$0\" \"$@\" </'");
  CHECK(folder.status == 2);
  CHECK(first_error(folder) == "play: error reading the lines on standard input: Is a directory");
}
