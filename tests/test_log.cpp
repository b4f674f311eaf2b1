// The log read from a state file's text (siege/log.hpp): entries built only
// when asked, the same as the reader that builds the whole document gives;
// the entries as read written back as the file's own bytes; and a mapped
// state file cut short by another program while it is read.
#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <string>

#include "cli/cli.hpp"
#include "siege/state_json.hpp"
#include "state/state_file.hpp"
#include "support.hpp"
#include "temp_dir.hpp"

using namespace siege;

namespace {

const detail::JsonSource log_src{"siege.json", ErrorKind::state};

LogEntry entry(int n, const char* action, const char* inputs, std::uint64_t seed, const char* outcome, int scene) {
  return LogEntry{n, action, RawJson(nlohmann::json::parse(inputs)), seed, RawJson(nlohmann::json::parse(outcome)),
                  scene};
}

// A castle whose log holds entries of several kinds: escapes, UTF-8, a
// seed of 2^64 - 1, nested outcomes, two scenes; and a redo list.
SiegeState logged() {
  SiegeState st = read_state(write_state([] {
                               SiegeState s;
                               s.name = "Log test";
                               return s;
                             }()),
                             log_src, test::tables());
  st.log.push_back(entry(1, "scene", "{}", 0, R"({"attacks":[{"damage":10,"hit":true}],"scene":1})", 1));
  st.log.push_back(entry(2, "note", R"({"text":"caf\u00e9 \"quoted\" \\ / {]"})", UINT64_MAX,
                         R"({"text":"caf\u00e9 \"quoted\" \\ / {]"})", 1));
  st.log.push_back(entry(3, "check", R"({"difficulty":"easy"})", 9, R"({"net":-3,"passed":false,"x":null})", 1));
  st.log.push_back(entry(4, "scene", "{}", 10, R"({"scene":2})", 2));
  st.log.push_back(entry(5, "note", R"({"text":"}\"],"})", 11, R"({"text":"}\"],"})", 2));
  st.redo.push_back(entry(6, "check", R"({"difficulty":"hard"})", 12, R"({"passed":true})", 2));
  return st;
}

void same_entry(const LogEntry& a, const LogEntry& b) {
  CHECK(a.entry == b.entry);
  CHECK(a.action == b.action);
  CHECK(a.scene == b.scene);
  CHECK(a.seed == b.seed);
  CHECK(a.inputs.text() == b.inputs.text());
  CHECK(a.outcome.text() == b.outcome.text());
}

}  // namespace

TEST_CASE("A log read from its text builds each entry as the whole document's reader does", "[state][log]") {
  const std::string text = write_state(logged());
  const SiegeState lazy = read_state(text, log_src, test::tables());
  const SiegeState built = detail::read_state_built(text, log_src, test::tables(), 0);
  REQUIRE(lazy.log.size() == 5);
  REQUIRE(built.log.size() == 5);
  REQUIRE(lazy.redo.size() == 1);
  // Action and scene read without building come first, then the entries.
  for (std::size_t i = 0; i < lazy.log.size(); ++i) {
    CHECK(lazy.log.action_at(i) == built.log[i].action);
    CHECK(lazy.log.scene_at(i) == built.log[i].scene);
  }
  for (std::size_t i = 0; i < lazy.log.size(); ++i) same_entry(lazy.log[i], built.log[i]);
  same_entry(lazy.redo[0], built.redo[0]);
  // Read from the file, unchanged: the whole log is its text, kept.
  CHECK(lazy.log.as_read() == 5);
  const std::size_t first = text.find("{\"entry\":1,");
  const std::size_t last_end = text.find("\n  ],\n  \"redo\"");
  CHECK(lazy.log.as_read_text() == std::string_view(text).substr(first, last_end - first));
  CHECK(built.log.as_read() == 0);  // built entries are written again
  // Iterating forwards and backwards gives the entries in order.
  int n = 0;
  for (const LogEntry& e : lazy.log) CHECK(e.entry == ++n);
  for (auto it = lazy.log.rbegin(); it != lazy.log.rend(); ++it) CHECK(it->entry == n--);
}

TEST_CASE("A log written back keeps the bytes of the entries as read and writes the others", "[state][log]") {
  const std::string text = write_state(logged());
  SiegeState st = read_state(text, log_src, test::tables());
  const StateText parts = write_state_text(st);
  CHECK(parts.kept.size() > 0);
  CHECK(parts.owner == st.log.owner());  // a view of the text read, kept alive with it
  CHECK(parts.str() == text);

  // A new entry: the old ones stay as read, the new one is written after them.
  st.log.push_back(entry(6, "note", R"({"text":"new"})", 13, R"({"text":"new"})", 2));
  st.redo.clear();
  const std::string grown = write_state(st);
  CHECK(write_state_text(st).kept == st.log.as_read_text());
  CHECK(grown == write_state(detail::read_state_built(grown, log_src, test::tables(), 0)));
  CHECK(grown.find("{\"entry\":6,\"scene\":2,\"action\":\"note\"") != std::string::npos);

  // An entry changed: from it on the log is written again, with the change.
  SiegeState changed = read_state(text, log_src, test::tables());
  changed.log.edit(2).seed = 99;
  CHECK(changed.log.as_read() == 2);
  const std::string rewritten = write_state(changed);
  CHECK(rewritten.find("\"action\":\"check\",\"inputs\":{\"difficulty\":\"easy\"},\"seed\":99,") != std::string::npos);
  CHECK(read_state(rewritten, log_src, test::tables()).log[2].seed == 99);

  // Entries taken off the end: the text kept ends with the last one left.
  SiegeState cut = read_state(text, log_src, test::tables());
  cut.log.truncate(3);
  cut.redo.clear();
  CHECK(cut.log.as_read() == 3);
  CHECK(cut.log.as_read_text().substr(cut.log.as_read_text().size() - 1) == "}");
  SiegeState rebuilt = cut;
  rebuilt.log.assign(cut.log.begin(), cut.log.end());  // every entry built
  CHECK(rebuilt.log.as_read() == 0);
  CHECK(write_state(cut) == write_state(rebuilt));
  cut.log.clear();
  CHECK(cut.log.as_read_text().empty());

  // A copy is its own: changing it leaves the original as read.
  SiegeState copy = st;
  copy.log.edit(0).seed = 1234;
  CHECK(st.log[0].seed == 0);
  CHECK(st.log.as_read() == 5);
}

TEST_CASE("A state file cut short while it is mapped is a state error, exit 4, and never a crash", "[state][log]") {
  test::TempDir dir;
  const std::string path = dir.file("siege.json");
  {
    std::ofstream out(path, std::ios::binary);
    out << std::string(256 * 1024, ' ');  // past the size a state file is mapped from
  }
  int err[2];
  REQUIRE(::pipe(err) == 0);
  const pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    ::dup2(err[1], STDERR_FILENO);
    cli::report_bus_errors();
    const cli::StateFile file(path, cli::StateFile::Access::read);
    if (::truncate(path.c_str(), 0) != 0) ::_exit(90);
    // The last page is gone: touching it raises SIGBUS.
    volatile char c = file.text()[file.text().size() - 1];
    (void)c;
    ::_exit(0);
  }
  ::close(err[1]);
  std::string said;
  char buf[512];
  for (ssize_t n; (n = ::read(err[0], buf, sizeof buf)) > 0;) said.append(buf, static_cast<std::size_t>(n));
  ::close(err[0]);
  int status = 0;
  REQUIRE(::waitpid(child, &status, 0) == child);
  REQUIRE(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 4);
  CHECK(said == "siege: error: " + path +
                    ": changed while siege read it (another program cut it short); nothing was written\n");
}

TEST_CASE("A log built again entry by entry from a log as read refers to the same text", "[state][log]") {
  const std::string text = write_state(logged());
  const SiegeState st = read_state(text, log_src, test::tables());
  Log again;
  for (std::size_t i = 0; i < st.log.size(); ++i) {
    same_entry(st.log.build(i), detail::read_state_built(text, log_src, test::tables(), 0).log[i]);
    again.append_from(st.log, i);
  }
  CHECK(again.as_read() == st.log.size());
  CHECK(again.as_read_text().data() == st.log.as_read_text().data());
  CHECK(again.as_read_text() == st.log.as_read_text());
  for (std::size_t i = 0; i < again.size(); ++i) same_entry(again[i], st.log[i]);

  // Out of step (an entry of its own first, or one skipped): copies.
  Log other;
  other.push_back(st.log[0]);
  other.append_from(st.log, 1);
  CHECK(other.as_read() == 0);
  same_entry(other[1], st.log[1]);
  Log skipped;
  skipped.append_from(st.log, 1);
  CHECK(skipped.as_read() == 0);
  CHECK(skipped.size() == 1);
  same_entry(skipped[0], st.log[1]);
}
