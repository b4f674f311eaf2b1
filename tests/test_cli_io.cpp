// The output and the messages of the program as a whole: a failed write is
// exit 5 (never 0), an internal error exit 6, every message one line with its
// control bytes quoted, "did you mean", `siege help`, `--version --json`.
#include <signal.h>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <catch2/catch.hpp>

#include "support.hpp"
#include "temp_dir.hpp"

using nlohmann::json;
using siege::test::Run;
using siege::test::shell_quote;
using siege::test::slurp;
using siege::test::TempDir;

namespace {

// Runs `sh -c 'siege ARGS REDIRECTIONS'`: the words are quoted, `redirect`
// (">/dev/full", ">&-") is given to the shell as it is. Standard error is
// kept; standard output only when the redirection leaves it to a file.
Run shell(const std::vector<std::string>& args, const std::string& redirect, const TempDir& dir,
          const std::string& stdin_text = "") {
  std::string cmd = shell_quote(SIEGE_BINARY);
  for (const auto& a : args) cmd += " " + shell_quote(a);
  const std::string in = dir.write("shell.in", stdin_text);
  cmd += " <" + shell_quote(in) + " " + redirect + " 2>" + shell_quote(dir.file("shell.err"));
  const int rc = std::system(cmd.c_str());
  Run r;
  r.status = WIFEXITED(rc) ? WEXITSTATUS(rc) : 128 + WTERMSIG(rc);
  r.err = slurp(dir.file("shell.err"));
  return r;
}

std::string write_error(int error) {
  return std::string("siege: error: write error: ") + std::strerror(error);
}

// The lines of `text` (each without its '\n'); a last line without one too.
std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t nl = text.find('\n', at);
    out.push_back(text.substr(at, nl == std::string::npos ? std::string::npos : nl - at));
    if (nl == std::string::npos) break;
    at = nl + 1;
  }
  return out;
}

const std::string castle_description = SIEGE_SOURCE_DIR + "/examples/castle-siege.json";

// Batch input of `n` attack lines.
std::string attack_lines(int n) {
  std::string s;
  for (int i = 0; i < n; ++i)
    s += R"({"action":"attack","structure":"curtain-wall","weapon":"cannon","successes":2})"
         "\n";
  return s;
}

}  // namespace

TEST_CASE("Output that cannot be written is exit 5 with one line naming the error, for every command",
          "[cli][io]") {
  TempDir dir;
  const std::string state = dir.file("siege.json");
  REQUIRE(siege::test::siege({"init", state, "--from", castle_description}).status == 0);
  const std::string batch = dir.write("in.jsonl", attack_lines(3));

  const std::vector<std::vector<std::string>> commands{
      {"batch", batch},
      {"list", "weapons"},
      {"--help"},
      {"attack", "--help"},
      {"--version"},
      {"odds", "check", "--difficulty", "hard", "--pool", "4"},
      {"--state", state, "status"},
      {"--json", "show", "cannon"},
      {"--format", "csv", "list", "structures"},
  };
  for (const auto& args : commands) {
    CAPTURE(args);
    const Run full = shell(args, ">/dev/full", dir);
    CHECK(full.status == 5);
    CHECK(full.err == write_error(ENOSPC) + "\n");
    const Run closed = shell(args, ">&-", dir);
    CHECK(closed.status == 5);
    CHECK(closed.err == write_error(EBADF) + "\n");
  }
}

TEST_CASE("serve whose address line cannot be written ends at once with exit 5, serving nobody", "[cli][io][serve]") {
  TempDir dir;
  const std::string state = dir.file("siege.json");
  REQUIRE(siege::test::siege({"init", state, "--from", castle_description}).status == 0);
  // `timeout`: a server that runs on would end only by its signal (124).
  for (const auto& [redirect, error] : {std::pair{">/dev/full", ENOSPC}, std::pair{">&-", EBADF}}) {
    CAPTURE(redirect);
    const std::string cmd = "timeout 10 " + shell_quote(SIEGE_BINARY) + " serve " + shell_quote(state) +
                            " --listen 127.0.0.1:0 </dev/null " + redirect + " 2>" +
                            shell_quote(dir.file("serve.err"));
    const int rc = std::system(cmd.c_str());
    REQUIRE(WIFEXITED(rc));
    CHECK(WEXITSTATUS(rc) == 5);
    CHECK(slurp(dir.file("serve.err")) == write_error(error) + "\n");
  }
}

TEST_CASE("A state command whose output fails says which log entry holds the update, and the file has it",
          "[cli][io][state]") {
  TempDir dir;
  const std::string state = dir.file("siege.json");
  REQUIRE(siege::test::siege({"init", state, "--from", castle_description}).status == 0);
  REQUIRE(siege::test::siege({"--state", state, "attack", "--section", "north-wall", "--weapon", "cannon"})
              .status == 0);

  const Run r =
      shell({"--state", state, "--seed", "7", "attack", "--section", "north-wall", "--weapon", "cannon"},
            ">/dev/full", dir);
  CHECK(r.status == 5);
  CHECK(r.err == write_error(ENOSPC) + " (the siege in " + state + " was updated: log entry 2)\n");
  const json file = json::parse(slurp(state));
  REQUIRE(file["log"].size() == 2);
  CHECK(file["log"][1]["seed"] == 7);

  // A dry run changed nothing, and says nothing about an update.
  const Run dry = shell(
      {"--state", state, "--dry-run", "attack", "--section", "north-wall", "--weapon", "cannon"}, ">&-", dir);
  CHECK(dry.status == 5);
  CHECK(dry.err == write_error(EBADF) + "\n");
  CHECK(json::parse(slurp(state))["log"].size() == 2);

  const Run undo = shell({"--state", state, "undo"}, ">/dev/full", dir);
  CHECK(undo.status == 5);
  CHECK(undo.err == write_error(ENOSPC) + " (the siege in " + state + " was updated: log entry 2 undone)\n");
  CHECK(json::parse(slurp(state))["log"].size() == 1);

  const std::string fresh = dir.file("fresh.json");
  const Run init = shell({"init", fresh, "--from", castle_description}, ">/dev/full", dir);
  CHECK(init.status == 5);
  CHECK(init.err == write_error(ENOSPC) + " (the siege in " + fresh + " was written)\n");
  CHECK(json::parse(slurp(fresh))["log"].empty());
}

TEST_CASE("A closed stdout is not taken over by the state file the command opens", "[cli][io][state]") {
  TempDir dir;
  const std::string state = dir.file("siege.json");
  REQUIRE(siege::test::siege({"init", state, "--from", castle_description}).status == 0);
  const Run r =
      shell({"--state", state, "attack", "--section", "north-wall", "--weapon", "cannon"}, ">&-", dir);
  CHECK(r.status == 5);
  const json file = json::parse(slurp(state));  // still the state, nothing printed into it
  CHECK(file["log"].size() == 1);
  CHECK(dir.names() == std::vector<std::string>{"shell.err", "shell.in", "siege.json"});
}

TEST_CASE("A closed pipe is still the silent death by SIGPIPE", "[cli][io]") {
  TempDir dir;
  const std::string batch = dir.write("in.jsonl", attack_lines(4000));  // far more than a pipe holds
  const std::string cmd = "( " + shell_quote(SIEGE_BINARY) + " batch " + shell_quote(batch) + " 2>" +
                          shell_quote(dir.file("err")) + "; echo $? >" + shell_quote(dir.file("status")) +
                          " ) | head -c 1 >/dev/null";
  REQUIRE(std::system(cmd.c_str()) == 0);
  CHECK(std::stoi(slurp(dir.file("status"))) == 128 + SIGPIPE);
  CHECK(slurp(dir.file("err")).empty());
}

// The exit status of `sh -c 'ulimit -v KB && COMMAND'` (128 + N: signal N).
int status_under_limit(long kb, const std::string& command) {
  const std::string cmd = "ulimit -v " + std::to_string(kb) + " && " + command;
  const int rc = std::system(cmd.c_str());
  return WIFEXITED(rc) ? WEXITSTATUS(rc) : 128 + WTERMSIG(rc);
}

TEST_CASE("Memory exhausted is an internal error: exit 6, one line", "[cli][io]") {
#if defined(SIEGE_TEST_ASAN)
  WARN("skipped: AddressSanitizer reserves more address space than any ulimit -v leaves");
  return;
#endif
  TempDir dir;
  const std::string bin = shell_quote(SIEGE_BINARY);
  // The least address space (in KiB, to 256) in which the program starts and
  // prints its version: what it needs before it reads any input.
  long fails = 1024, runs = 4L << 20;
  REQUIRE(status_under_limit(runs, bin + " --version >/dev/null 2>&1") == 0);
  while (runs - fails > 256) {
    const long mid = (fails + runs) / 2;
    (status_under_limit(mid, bin + " --version >/dev/null 2>&1") == 0 ? runs : fails) = mid;
  }
  // A batch line of 8 MB, under the 16 MiB cap on a JSON document, that
  // holds 2.7 million empty arrays: far more memory parsed than 32 MiB.
  std::string line = "[";
  for (int i = 0; i < 2'700'000; ++i) line += "[],";
  line += "[]]\n";
  const std::string input = dir.write("arrays.jsonl", line);
  const std::string err = dir.file("err");
  const int status = status_under_limit(
      runs + 32 * 1024, bin + " batch " + shell_quote(input) + " >/dev/null 2>" + shell_quote(err));
  CHECK(status == 6);
  CHECK(slurp(err) == "siege: error: out of memory\n");
  // With room enough the same line is an ordinary refusal (not an array of actions).
  CHECK(siege::test::siege({"batch", input}).status == 2);
}

TEST_CASE("Control bytes in a value are quoted: every message is one line, the same in JSON", "[cli][io]") {
  SECTION("an id with a newline and an escape sequence") {
    const Run r = siege::test::siege({"--json", "show", "cann\non\x1b[31m"});
    CHECK(r.status == 2);
    REQUIRE(lines_of(r.err).size() == 1);
    CHECK(r.err.find("'cann\\non\\u001b[31m'") != std::string::npos);
    CHECK(r.err.find('\x1b') == std::string::npos);
    // The error object carries the same text as the line on stderr.
    CHECK("siege: error: " + r.json()["error"]["message"].get<std::string>() + "\n" == r.err);
  }
  SECTION("an option value with CR, TAB, DEL, a C1 control and a byte that is not UTF-8") {
    const Run r = siege::test::siege({"attack", "--structure",
                                      "a\rb\tc\x7f"
                                      "d\xc2\x9b"
                                      "e\xff",
                                      "--weapon", "cannon"});
    CHECK(r.status == 2);
    REQUIRE(lines_of(r.err).size() == 1);
    CHECK(r.err.find("a\\rb\\tc\\u007fd\\u009be\\xff") != std::string::npos);
  }
  SECTION("text that is plain UTF-8 is kept") {
    const Run r = siege::test::siege({"show", "mur-de-château"});
    CHECK(r.status == 2);
    CHECK(r.err.find("'mur-de-château'") != std::string::npos);
  }
  SECTION("a section id of a state command") {
    TempDir dir;
    const std::string state = dir.file("siege.json");
    REQUIRE(siege::test::siege({"init", state, "--from", castle_description}).status == 0);
    const Run r = siege::test::siege(
        {"--state", state, "attack", "--section", "north\x1b]0;x\x07\nwall", "--weapon", "cannon"});
    CHECK(r.status == 2);
    REQUIRE(lines_of(r.err).size() == 1);
    CHECK(r.err.find("'north\\u001b]0;x\\u0007\\nwall'") != std::string::npos);
  }
  SECTION("a NUL inside a value (a batch line's \\u0000) is quoted, not the end of the message") {
    const Run r = siege::test::siege(
        {"batch"}, "{\"action\": \"attack\", \"structure\": \"cur\\u0000tain\", \"weapon\": \"cannon\"}\n");
    CHECK(r.status == 2);
    const std::string message = json::parse(r.out)["error"]["message"].get<std::string>();
    CHECK(message.find("'cur\\u0000tain'") != std::string::npos);
    CHECK(message.find('\0') == std::string::npos);
  }
  SECTION("a batch file name with a newline") {
    const Run r = siege::test::siege({"batch", "/nonexistent/in\n.jsonl"});
    CHECK(r.status == 2);
    REQUIRE(lines_of(r.err).size() == 1);
    CHECK(r.err.find("/nonexistent/in\\n.jsonl") != std::string::npos);
  }
}

TEST_CASE("Did you mean: odds subcommands, and each id once with the tables that have it", "[cli][io]") {
  const Run odds = siege::test::siege({"odds", "chek"});
  CHECK(odds.status == 2);
  CHECK(odds.err.find("did you mean check?") != std::string::npos);

  const Run both = siege::test::siege({"show", "cannnon"});
  CHECK(both.status == 2);
  CHECK(both.err.find("(did you mean cannon? it is a weapon and an engine)") != std::string::npos);

  const Run alias = siege::test::siege({"show", "keeep"});
  CHECK(alias.status == 2);
  CHECK(alias.err.find("(did you mean keep? it is another name for tower)") != std::string::npos);
  // An id in one table only is named as it is (INTERFACE.md).
  CHECK(siege::test::siege({"show", "curtain"}).err.find("(did you mean curtain-wall?)") !=
        std::string::npos);

  const Run help = siege::test::siege({"hepl"});
  CHECK(help.err.find("did you mean help") != std::string::npos);
}

TEST_CASE("siege help [COMMAND] prints what --help prints", "[cli][io]") {
  const Run top = siege::test::siege({"help"});
  CHECK(top.status == 0);
  CHECK(top.out == siege::test::siege({"--help"}).out);
  CHECK(top.out.find("attack") != std::string::npos);

  const Run attack = siege::test::siege({"help", "attack"});
  CHECK(attack.status == 0);
  CHECK(attack.out == siege::test::siege({"attack", "--help"}).out);
  CHECK(attack.out.find("--structure") != std::string::npos);

  // With --json, one object holding that text (INTERFACE: --json prints
  // exactly one JSON object), however the help is asked for.
  const Run odds = siege::test::siege({"--json", "help", "odds", "check"});
  CHECK(odds.status == 0);
  const auto o = nlohmann::json::parse(odds.out);
  CHECK(o["action"] == "help");
  CHECK(o["command"] == "odds check");
  CHECK(o["text"] == siege::test::siege({"odds", "check", "--help"}).out);
  CHECK(siege::test::siege({"odds", "check", "--help", "--json"}).out == odds.out);
  CHECK(nlohmann::json::parse(siege::test::siege({"help", "--json"}).out)["text"] == top.out);
  CHECK(nlohmann::json::parse(siege::test::siege({"help", "--json"}).out)["command"] == "");

  const Run unknown = siege::test::siege({"help", "atack"});
  CHECK(unknown.status == 2);
  CHECK(unknown.err.find("did you mean attack") != std::string::npos);
}

TEST_CASE("The version with --json is one JSON object", "[cli][io]") {
  for (const auto& args :
       std::vector<std::vector<std::string>>{{"--version", "--json"}, {"--json", "--version"}}) {
    const Run r = siege::test::siege(args);
    CHECK(r.status == 0);
    const json j = r.json();
    CHECK(j["schema"] == 1);
    CHECK(j["action"] == "version");
    CHECK(j["version"].is_string());
    CHECK(siege::test::siege({"--version"}).out == "siege " + j["version"].get<std::string>() + "\n");
  }
}

TEST_CASE("An empty path (a shell variable never set) is refused, not read as not given", "[cli][io]") {
  TempDir dir;
  const std::string state = dir.file("siege.json");
  REQUIRE(siege::test::siege({"init", state, "--from", castle_description}).status == 0);
  const std::string before = slurp(state);
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases{
      {{"--data", "", "list", "weapons"}, "--data: an empty path"},
      {{"--state", state, "chronicle", "-o", ""}, "--output: an empty path"},
      {{"batch", ""}, "FILE: an empty path"},
      {{"init", state + "2", "--from", ""}, "--from: an empty path"},
      {{"serve", "", "--listen", "127.0.0.1:0"}, "FILE: an empty path"},
      {{"play", ""}, "FILE: an empty path"},
  };
  for (const auto& [args, words] : cases) {
    CAPTURE(args);
    const Run r = siege::test::siege(args);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    CHECK(r.err.find(words) != std::string::npos);
  }
  CHECK(slurp(state) == before);
  CHECK(dir.names() == std::vector<std::string>{"siege.json"});
}

TEST_CASE("init - is refused: a state file cannot be standard output", "[cli][io][state]") {
  const Run r = siege::test::siege({"init", "-", "--from", castle_description});
  CHECK(r.status == 2);
  CHECK(r.err.find("init: FILE '-'") != std::string::npos);
  CHECK(r.out.empty());
}

namespace {

// Runs siege ARGS with its stdout a pipe whose reading end is already
// closed (every write fails), stderr to `err`; the exit status, 128 + N for
// signal N.
int into_closed_pipe(const std::vector<std::string>& args, const std::string& err) {
  int fds[2];
  REQUIRE(::pipe(fds) == 0);
  ::close(fds[0]);
  const pid_t pid = ::fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    ::signal(SIGPIPE, SIG_DFL);
    ::dup2(fds[1], STDOUT_FILENO);
    const int e = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ::dup2(e, STDERR_FILENO);
    std::vector<char*> argv{const_cast<char*>(SIEGE_BINARY.c_str())};
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  ::close(fds[1]);
  int rc = 0;
  ::waitpid(pid, &rc, 0);
  return WIFEXITED(rc) ? WEXITSTATUS(rc) : 128 + WTERMSIG(rc);
}

}  // namespace

TEST_CASE("A closed pipe after a logged entry is exit 5 naming the entry, with nothing written, SIGPIPE",
          "[cli][io][state][sigpipe]") {
  TempDir dir;
  const std::string state = dir.file("siege.json");
  REQUIRE(siege::test::siege({"init", state, "--from", castle_description}).status == 0);
  const std::string err = dir.file("err");
  for (const bool json_out : {true, false}) {
    std::vector<std::string> args{"--state", state, "casualties", "--unit", "storming-party", "--killed", "1"};
    if (json_out) args.insert(args.begin(), "--json");
    const std::size_t before = json::parse(slurp(state))["log"].size();
    CHECK(into_closed_pipe(args, err) == 5);
    CHECK(slurp(err) == write_error(EPIPE) + " (the siege in " + state + " was updated: log entry " +
                            std::to_string(before + 1) + ")\n");
    CHECK(json::parse(slurp(state))["log"].size() == before + 1);
  }
  // Nothing written to the file: the quiet death by SIGPIPE, as before.
  CHECK(into_closed_pipe(
            {"--state", state, "--dry-run", "--json", "casualties", "--unit", "storming-party", "--killed", "1"}, err) ==
        128 + SIGPIPE);
  CHECK(into_closed_pipe({"--state", state, "status"}, err) == 128 + SIGPIPE);
  CHECK(into_closed_pipe({"--json", "check", "--difficulty", "easy"}, err) == 128 + SIGPIPE);
  CHECK(slurp(err).empty());
}

TEST_CASE("R42: a text input that is not UTF-8 or holds a control character is exit 2 naming it", "[cli][io][R42]") {
  TempDir dir;
  const std::string state = dir.file("siege.json");
  REQUIRE(siege::test::siege({"init", state, "--from", castle_description}).status == 0);
  const std::string before = slurp(state);
  for (const std::string& cause : {std::string("Burn\xff"), std::string("a\xc3"), std::string("\xed\xa0\x80"),
                                   std::string("tab\there"), std::string("c1\xc2\x85")}) {
    INFO(cause);
    for (const bool json_out : {false, true}) {
      std::vector<std::string> args{"--state", state, "damage", "--at", "north-wall", "--hull", "1", "--cause", cause};
      if (json_out) args.insert(args.begin(), "--json");
      const Run r = siege::test::siege(args);
      CHECK(r.status == 2);
      REQUIRE(lines_of(r.err).size() == 1);
      CHECK(r.err.rfind("siege: error: --cause '", 0) == 0);
      CHECK((r.err.find("not valid UTF-8") != std::string::npos ||
             r.err.find("control character") != std::string::npos));
      if (json_out) CHECK(r.json()["error"]["input"] == "cause");
    }
  }
  // The same without --state, for an id, and in a batch line (as typed).
  CHECK(siege::test::siege({"damage", "--at", "north\xffwall", "--hull", "1", "--state", state}).status == 2);
  CHECK(siege::test::siege({"show", "cannon\xfe"}).status == 2);
  const Run b = siege::test::siege({"--state", state, "batch"},
                                   "{\"action\":\"damage\",\"at\":\"north-wall\",\"hull\":1,\"cause\":\"a\\u0007b\"}\n");
  CHECK(b.status == 2);
  CHECK(json::parse(b.out)["line"] == 1);
  CHECK(json::parse(b.out)["error"]["message"] ==
        "<stdin>:1:/cause: 'a\ab': holds the control character U+0007 at offset 1; a text given here has no "
        "control characters (R42)");
  CHECK(slurp(state) == before);
}

TEST_CASE("R42: format characters are kept in the file and JSON, shown as u{202E} escapes in text, Markdown and HTML",
          "[cli][io][R42]") {
  TempDir dir;
  const std::string state = dir.file("siege.json");
  std::string desc = slurp(castle_description);
  const std::string name = "Harrow\u202emere\u200b\u2066";
  desc.replace(desc.find("The siege of Harrowmere"), 23, name);
  const std::string from = dir.write("desc.json", desc);
  REQUIRE(siege::test::siege({"init", state, "--from", from}).status == 0);
  const std::string cause = "fire \u202e erif";
  REQUIRE(siege::test::siege({"--state", state, "damage", "--at", "north-wall", "--hull", "1", "--cause", cause})
              .status == 0);
  const json file = json::parse(slurp(state));
  CHECK(file["name"] == name);
  CHECK(file["log"][0]["inputs"]["cause"] == cause);
  CHECK(siege::test::siege({"--json", "--state", state, "status"}).json()["name"] == name);
  const auto shown = [](const std::string& out) {
    CHECK(out.find("\u202e") == std::string::npos);
    CHECK(out.find("\u200b") == std::string::npos);
    CHECK(out.find("\u2066") == std::string::npos);
    return out.find("\\u{202E}") != std::string::npos;
  };
  CHECK(shown(siege::test::siege({"--state", state, "status"}).out));
  const std::string html = siege::test::siege({"--state", state, "chronicle"}).out;
  CHECK(shown(html));
  // The cause shows in the line that plays the entry again: ANSI-C quoted,
  // the control as bash's \u202E (issue 41).
  CHECK(html.find("--cause $&#39;fire \\u202E erif&#39;") != std::string::npos);
  CHECK(html.find("Harrow\\u{202E}mere\\u{200B}\\u{2066}") != std::string::npos);
  const std::string md = siege::test::siege({"--state", state, "--format", "markdown", "chronicle"}).out;
  CHECK(shown(md));
  CHECK(md.find("--cause $'fire \\u202E erif'") != std::string::npos);
}

TEST_CASE("A file named as a sidecar of a siege is refused by every writer, exit 2", "[cli][io][state][sidecar]") {
  TempDir dir;
  const std::string state = dir.file("c.json");
  REQUIRE(siege::test::siege({"init", state, "--from", castle_description}).status == 0);
  const std::string before = slurp(state);
  for (const std::string& name : {std::string("c.json.lock"), std::string("c.json.tmp.12345"),
                                  std::string("d.json.lock"), std::string("d.json.tmp.1.0123456789abcdef")}) {
    INFO(name);
    const std::string path = dir.file(name);
    for (const auto& args : std::vector<std::vector<std::string>>{
             {"init", path, "--from", castle_description},
             {"--dry-run", "init", path, "--from", castle_description},
             {"--state", state, "chronicle", "-o", path},
             {"--state", path, "damage", "--at", "north-wall", "--hull", "1"},
             {"--state", path, "--dry-run", "damage", "--at", "north-wall", "--hull", "1"},
             {"--state", path, "batch"},
             {"--state", path, "undo"},
             {"--state", path, "--dry-run", "undo", "--count", "2"},
             {"--state", path, "redo"},
             {"--state", path, "--dry-run", "redo"},
             {"--state", path, "note", "a parley"},
             {"--state", path, "add", "--unit", "relief", "--side", "besieger", "--figures", "3"}}) {
      const Run r = siege::test::siege(args, "{\"action\":\"check\",\"difficulty\":\"easy\"}\n");
      CHECK(r.status == 2);
      CHECK(r.err.rfind("siege: error: " + path + ": the name has the form of ", 0) == 0);
    }
  }
  // An update of c.json leaves alone a file that only looks like its sidecar.
  dir.write("c.json.tmp.777", "another siege");
  REQUIRE(siege::test::siege({"--state", state, "damage", "--at", "north-wall", "--hull", "1"}).status == 0);
  CHECK(slurp(dir.file("c.json.tmp.777")) == "another siege");
  CHECK(dir.names() == std::vector<std::string>{"c.json", "c.json.tmp.777"});
  CHECK(slurp(state) != before);
}
