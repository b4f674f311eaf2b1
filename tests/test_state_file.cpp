// src/state/state_file.hpp: the locked, atomic replacement of the state file.
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <functional>

#include <catch2/catch.hpp>

#include "commands/actions.hpp"
#include "error_of.hpp"
#include "state/state_file.hpp"
#include "support.hpp"
#include "temp_dir.hpp"

using siege::cli::checked_state_text;
using siege::cli::StateFile;
using siege::cli::StateLock;
using siege::test::slurp;
using siege::test::TempDir;

namespace {

bool exists(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0;
}

int exit_code_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const siege::Error& e) {
    return e.exit_code();
  }
  return 0;
}

}  // namespace

TEST_CASE("commit replaces the file and leaves no temp or lock file", "[state-file]") {
  TempDir dir;
  const std::string path = dir.write("siege.json", "old\n");
  {
    StateFile f(path, StateFile::Access::update);
    CHECK(f.exists());
    CHECK(f.text() == "old\n");
    CHECK(exists(path + ".lock"));  // held while the object lives
    f.commit("new\n");
    CHECK(slurp(path) == "new\n");
  }
  CHECK(dir.names() == std::vector<std::string>{"siege.json"});
}

TEST_CASE("Nothing is written without commit", "[state-file]") {
  TempDir dir;
  const std::string path = dir.write("siege.json", "old\n");
  { StateFile f(path, StateFile::Access::update); }
  CHECK(slurp(path) == "old\n");
  CHECK(dir.names() == std::vector<std::string>{"siege.json"});
}

TEST_CASE("A missing state file is a state error, and leaves no lock file behind", "[state-file]") {
  TempDir dir;
  const std::string path = dir.file("none.json");
  CHECK(exit_code_of([&] { StateFile f(path, StateFile::Access::update); }) == 4);
  CHECK(exit_code_of([&] { StateFile f(path, StateFile::Access::read); }) == 4);
  CHECK(dir.names().empty());
}

TEST_CASE("create access makes a new file", "[state-file]") {
  TempDir dir;
  const std::string path = dir.file("new.json");
  {
    StateFile f(path, StateFile::Access::create);
    CHECK_FALSE(f.exists());
    CHECK(f.text().empty());
    f.commit("{}\n");
  }
  CHECK(slurp(path) == "{}\n");
  CHECK(dir.names() == std::vector<std::string>{"new.json"});
}

TEST_CASE("A read-only StateFile takes no lock and cannot commit", "[state-file]") {
  TempDir dir;
  const std::string path = dir.write("siege.json", "x");
  StateFile f(path, StateFile::Access::read);
  CHECK_FALSE(exists(path + ".lock"));
  CHECK(exit_code_of([&] { f.commit("y"); }) == 4);
  CHECK(slurp(path) == "x");
}

TEST_CASE("commit can happen again under the same lock, each time replacing the file", "[state-file]") {
  TempDir dir;
  const std::string path = dir.write("siege.json", "a");
  StateFile f(path, StateFile::Access::update);
  f.commit("b");
  CHECK(slurp(path) == "b");
  f.commit("c");
  CHECK(slurp(path) == "c");
  CHECK(exists(path + ".lock"));
}

TEST_CASE("commit keeps the file's permissions", "[state-file]") {
  TempDir dir;
  const std::string path = dir.write("siege.json", "a");
  REQUIRE(::chmod(path.c_str(), 0640) == 0);
  {
    StateFile f(path, StateFile::Access::update);
    f.commit("b");
  }
  struct stat st {};
  REQUIRE(::stat(path.c_str(), &st) == 0);
  CHECK((st.st_mode & 07777) == 0640);
}

TEST_CASE("A held lock excludes every other writer until it is released", "[state-file]") {
  TempDir dir;
  const std::string path = dir.file("siege.json");
  {
    StateLock lock(path);
    const int fd = ::open((path + ".lock").c_str(), O_RDWR);
    REQUIRE(fd >= 0);
    CHECK(::flock(fd, LOCK_EX | LOCK_NB) != 0);
    CHECK(errno == EWOULDBLOCK);
    ::close(fd);
  }
  CHECK_FALSE(exists(path + ".lock"));
}

TEST_CASE("A stale lock file left by a crash is taken over and removed", "[state-file]") {
  TempDir dir;
  const std::string path = dir.write("siege.json", "a");
  dir.write("siege.json.lock", "");
  {
    StateFile f(path, StateFile::Access::update);
    f.commit("b");
  }
  CHECK(dir.names() == std::vector<std::string>{"siege.json"});
}

TEST_CASE("A state file in a missing folder is a state error naming the file", "[state-file]") {
  const std::string path = "/nonexistent-siege-folder/siege.json";
  try {
    StateFile f(path, StateFile::Access::update);
    FAIL("no error");
  } catch (const siege::Error& e) {
    CHECK(e.exit_code() == 4);
    CHECK(std::string(e.what()).rfind(path + ".lock: cannot create the lock file", 0) == 0);
  }
}

// ------------------------------------------------------ links and special files

TEST_CASE("A path through symbolic links leads to the file at their end", "[state-file][links]") {
  TempDir dir;
  const std::string path = dir.write("siege.json", "a");
  REQUIRE(::symlink("siege.json", dir.file("one.json").c_str()) == 0);
  REQUIRE(::symlink(dir.file("one.json").c_str(), dir.file("two.json").c_str()) == 0);
  StateFile f(dir.file("two.json"), StateFile::Access::read);
  CHECK(f.path() == dir.file("two.json"));
  CHECK(f.target() == path);
  CHECK(f.text() == "a");
  StateFile plain(path, StateFile::Access::read);
  CHECK(plain.target() == path);
}

TEST_CASE("Two paths to one state file share one lock: the one beside the file itself", "[state-file][links]") {
  TempDir dir;
  const std::string path = dir.write("siege.json", "a");
  const std::string link = dir.file("link.json");
  REQUIRE(::symlink("siege.json", link.c_str()) == 0);
  {
    StateFile f(link, StateFile::Access::update);
    CHECK_FALSE(exists(link + ".lock"));
    const int fd = ::open((path + ".lock").c_str(), O_RDWR);
    REQUIRE(fd >= 0);
    CHECK(::flock(fd, LOCK_EX | LOCK_NB) != 0);  // held through the link
    ::close(fd);
    f.commit("b");
  }
  CHECK(slurp(path) == "b");
  struct stat st {};
  REQUIRE(::lstat(link.c_str(), &st) == 0);
  CHECK(S_ISLNK(st.st_mode));
  CHECK(dir.names() == std::vector<std::string>{"link.json", "siege.json"});
}

TEST_CASE("A loop of symbolic links is a state error naming the path", "[state-file][links]") {
  TempDir dir;
  REQUIRE(::symlink("b.json", dir.file("a.json").c_str()) == 0);
  REQUIRE(::symlink("a.json", dir.file("b.json").c_str()) == 0);
  try {
    StateFile f(dir.file("a.json"), StateFile::Access::update);
    FAIL("no error");
  } catch (const siege::Error& e) {
    CHECK(e.exit_code() == 4);
    CHECK(std::string(e.what()).rfind(dir.file("a.json") + ": cannot follow its symbolic links", 0) == 0);
  }
  CHECK(dir.names() == std::vector<std::string>{"a.json", "b.json"});
}

TEST_CASE("A read-only state file is refused for an update and left as it is, and read as before", "[state-file]") {
  TempDir dir;
  const std::string path = dir.write("siege.json", "a");
  REQUIRE(::chmod(path.c_str(), 0444) == 0);
  for (auto access : {StateFile::Access::update, StateFile::Access::create}) {
    try {
      StateFile f(path, access);
      f.commit("b");
      FAIL("no error");
    } catch (const siege::Error& e) {
      CHECK(e.exit_code() == 4);
      CHECK(e.id() == "read-only");
      CHECK(std::string(e.what()).rfind(path + ": read-only (no write permission)", 0) == 0);
    }
  }
  CHECK(StateFile(path, StateFile::Access::read).text() == "a");
  CHECK(StateFile(path, StateFile::Access::dry_run).text() == "a");
  CHECK(slurp(path) == "a");
  CHECK(dir.names() == std::vector<std::string>{"siege.json"});
  // Writable for its owner again: updated as before, its mode kept.
  REQUIRE(::chmod(path.c_str(), 0644) == 0);
  {
    StateFile f(path, StateFile::Access::update);
    f.commit("b");
  }
  CHECK(slurp(path) == "b");
}

TEST_CASE("A symbolic link at the lock's name is refused, never followed, and left there", "[state-file][links]") {
  TempDir dir;
  const std::string path = dir.write("siege.json", "a");
  const std::string victim = dir.write("victim", "");  // empty: it would read as a lock siege made
  // One to a file that is there, one to a file that is not (open would create it).
  for (const char* to : {"victim", "planted"}) {
    REQUIRE(::symlink(to, (path + ".lock").c_str()) == 0);
    for (auto access : {StateFile::Access::update, StateFile::Access::create}) {
      try {
        StateFile f(path, access);
        f.commit("b");
        FAIL("no error");
      } catch (const siege::Error& e) {
        CHECK(e.exit_code() == 4);
        CHECK(std::string(e.what()) == path + ".lock: a symbolic link, not a regular file; remove it (siege makes "
                                              "the lock file itself)");
      }
    }
    struct stat st {};
    REQUIRE(::lstat((path + ".lock").c_str(), &st) == 0);
    CHECK(S_ISLNK(st.st_mode));
    REQUIRE(::unlink((path + ".lock").c_str()) == 0);
  }
  CHECK(slurp(path) == "a");
  CHECK(slurp(victim).empty());
  CHECK(dir.names() == std::vector<std::string>{"siege.json", "victim"});
}

TEST_CASE("A FIFO is refused without waiting for a writer, and its lock is released", "[state-file]") {
  TempDir dir;
  const std::string fifo = dir.file("siege.json");
  REQUIRE(::mkfifo(fifo.c_str(), 0644) == 0);
  for (auto access : {StateFile::Access::read, StateFile::Access::update, StateFile::Access::create})
    CHECK(exit_code_of([&] { StateFile f(fifo, access); }) == 4);  // a blocking open would hang here
  CHECK(dir.names() == std::vector<std::string>{"siege.json"});
}

// ------------------------------------------------ what a commit may write

namespace {

const std::string castle_description = SIEGE_SOURCE_DIR + "/examples/castle-siege.json";

siege::SiegeState castle() {
  return siege::read_description(slurp(castle_description), {"castle.json", siege::ErrorKind::usage},
                                 siege::test::tables());
}

// How checked_state_text refuses `st` (a state error, exit 4).
std::string refused_text(const siege::SiegeState& st) {
  return siege::test::error_of([&] { (void)checked_state_text(st, "siege.json", siege::test::tables()); },
                               siege::ErrorKind::state);
}

}  // namespace

TEST_CASE("checked_state_text gives write_state's text once the reader takes it", "[state-file][limits]") {
  const siege::SiegeState st = castle();
  CHECK(checked_state_text(st, "siege.json", siege::test::tables()).str() == siege::write_state(st));
}

TEST_CASE("checked_state_text refuses what the next command would refuse, naming the place",
          "[state-file][limits]") {
  siege::SiegeState st = castle();
  st.now.sections[1].mine.days_dug = 10001;
  CHECK(
      refused_text(st) ==
      "siege.json:/sections/1/mine/days_dug: expected an integer from 0 to 10000 (in the state this command "
      "would write: it would be refused when read back, so it is not written; siege.json is left as it was)");
  st = castle();
  st.now.scene = siege::max_scene + 1;
  CHECK(refused_text(st) ==
        "siege.json: scene 1000001 would pass the most scenes a state file counts (1000000); siege.json is "
        "left "
        "as it was");
  st.now.scene = siege::max_scene;
  CHECK_NOTHROW(checked_state_text(st, "siege.json", siege::test::tables()));
}

TEST_CASE("checked_state_text refuses a siege grown past the 16 MiB limit", "[state-file][limits]") {
  siege::SiegeState st = castle();
  siege::LogEntry e;
  e.action = "check";
  e.inputs = siege::RawJson(nlohmann::json{{"difficulty", "easy"}, {"pool", 3}});
  e.outcome = siege::RawJson(nlohmann::json{{"passed", true}, {"pad", std::string(1000, 'x')}});
  const std::size_t base = siege::write_state(st).size();
  while (base + st.log.size() * 1100 < siege::max_state_bytes + 2000) {
    e.entry = static_cast<int>(st.log.size()) + 1;
    st.log.push_back(e);
  }
  const std::string text = siege::write_state(st);
  REQUIRE(text.size() > siege::max_state_bytes);
  CHECK(refused_text(st) ==
        "siege.json: the siege would grow past the 16 MiB limit of a state file (" +
            std::to_string(text.size()) +
            " bytes, the limit 16777216); siege.json is left as it was; to go on, start a new siege with "
            "'siege init'");
}

TEST_CASE("state_text_bytes adds up to write_state's length, entry by entry", "[state-file][limits]") {
  siege::SiegeState st = castle();
  const auto total = [&] {
    std::size_t entries = 0;
    for (const auto& e : st.log) entries += siege::detail::log_entry_bytes(e);
    return siege::detail::state_text_bytes(siege::detail::write_state_head(st).size(), st.log.size(), entries);
  };
  CHECK(total() == siege::write_state(st).size());
  siege::LogEntry e;
  e.action = "check";
  e.inputs = siege::RawJson(nlohmann::json{{"difficulty", "easy"}});
  e.outcome = siege::RawJson(nlohmann::json{{"passed", true}, {"cause", "a \u202e name"}});
  for (int i = 1; i <= 3; ++i) {
    e.entry = i;
    st.log.push_back(e);
    st.now.scene = i * 1000;
    CHECK(total() == siege::write_state(st).size());
  }
}

// ------------------------------------------------------ sidecars

namespace {
// The id and exit status of the siege::Error `f` throws ("" and 0: none).
template <typename F>
std::pair<std::string, int> thrown(F&& f) {
  try {
    f();
  } catch (const siege::Error& e) {
    return {e.id(), e.exit_code()};
  }
  return {"", 0};
}
}  // namespace

TEST_CASE("Names of the form of a sidecar are known, whatever their folder", "[state-file][sidecar]") {
  using siege::cli::sidecar_form;
  for (const char* name : {"c.json.lock", "/a/b/c.json.lock", ".lock", "c.json.tmp.12345", "x.tmp.1",
                           "c.json.tmp.77.0123456789abcdef", "dir/c.json.tmp.5.ab"})
    CHECK(sidecar_form(name) != nullptr);
  for (const char* name : {"c.json", "c.lock.json", "c.json.tmp.", "c.json.tmp.12a", "c.json.tmp.1.XYZ",
                           "c.json.tmp.1.", "tmp.12", "lock", "a.lock/c.json"})
    CHECK(sidecar_form(name) == nullptr);
}

TEST_CASE("No state file is written under a sidecar's name, existing or not, through a link or not",
          "[state-file][sidecar]") {
  TempDir dir;
  const std::string path = dir.write("c.json", "a");
  dir.write("c.json.lock", "");
  REQUIRE(::symlink("other.tmp.42", dir.file("link.json").c_str()) == 0);
  for (const std::string& name : {std::string("c.json.lock"), std::string("c.json.tmp.12345"),
                                  std::string("new.json.lock"), std::string("link.json")})
    for (auto access : {StateFile::Access::update, StateFile::Access::create, StateFile::Access::dry_run}) {
      INFO(name);
      CHECK(thrown([&] { StateFile f(dir.file(name), access); }) == std::pair<std::string, int>("sidecar-name", 2));
    }
  CHECK_NOTHROW(StateFile(dir.file("c.json.lock"), StateFile::Access::read));  // reading harms nothing
  CHECK(dir.names() == std::vector<std::string>{"c.json", "c.json.lock", "link.json"});
  CHECK(thrown([&] { siege::cli::write_file_atomically(dir.file("c.json.lock"), "page"); }).second == 2);
  CHECK(slurp(dir.file("c.json.lock")).empty());
  CHECK(slurp(path) == "a");
}

TEST_CASE("Only the temp file a killed writer recorded in the lock is removed, never a look-alike",
          "[state-file][sidecar]") {
  TempDir dir;
  const std::string path = dir.write("c.json", "a");
  // What a writer killed between making its temp file and the rename leaves:
  // the lock file naming the temp file, and the temp file.
  const std::string killed = "c.json.tmp.4242.00112233445566ff";
  dir.write("c.json.lock", killed + "\n");
  dir.write(killed, "{\"half\": ");
  dir.write("c.json.tmp.4243", "another siege");                   // looks like one, not recorded
  dir.write("c.json.tmp.4244.aaaaaaaaaaaaaaaa", "another siege");  // the same
  {
    StateFile f(path, StateFile::Access::update);
    CHECK_FALSE(exists(dir.file(killed)));
    f.commit("b");
  }
  CHECK(dir.names() == std::vector<std::string>{"c.json", "c.json.tmp.4243", "c.json.tmp.4244.aaaaaaaaaaaaaaaa"});
  // A record naming another file's temp file, or a path, removes nothing.
  for (const std::string& record : {std::string("d.json.tmp.1.00112233445566ff"),
                                    std::string("../c.json.tmp.1.00112233445566ff"), std::string("c.json.tmp.4243"),
                                    std::string("c.json.tmp.4244.aaaa")}) {
    dir.write("c.json.lock", record + "\n");
    { StateFile f(path, StateFile::Access::update); }
    CHECK(dir.names() == std::vector<std::string>{"c.json", "c.json.tmp.4243", "c.json.tmp.4244.aaaaaaaaaaaaaaaa"});
  }
  // The page writer takes the same lock, and leaves no record behind.
  dir.write("page.html.lock", "page.html.tmp.9.0123456789abcdef\n");
  dir.write("page.html.tmp.9.0123456789abcdef", "<half");
  siege::cli::write_file_atomically(dir.file("page.html"), "<p>");
  CHECK(slurp(dir.file("page.html")) == "<p>");
  CHECK_FALSE(exists(dir.file("page.html.tmp.9.0123456789abcdef")));
  CHECK_FALSE(exists(dir.file("page.html.lock")));
}

TEST_CASE("A lock file holding what siege never writes is left alone, and the update refused", "[state-file][sidecar]") {
  TempDir dir;
  const std::string path = dir.write("c.json", "a");
  dir.write("c.json.lock", "{\"a siege\": \"put here by hand\"}\n");
  CHECK(thrown([&] { StateFile f(path, StateFile::Access::update); }) == std::pair<std::string, int>("state-io", 4));
  CHECK(slurp(dir.file("c.json.lock")) == "{\"a siege\": \"put here by hand\"}\n");
  CHECK(slurp(path) == "a");
}

// ------------------------------------------------------ waiting for the lock

TEST_CASE("A writer told not to wait is refused at once, naming the holder, and the file is left as it is",
          "[state-file][lock-wait]") {
  TempDir dir;
  const std::string path = dir.write("c.json", "a");
  // Another open file description holds the lock: flock locks conflict
  // between them, in one process too.
  const int holder = ::open((path + ".lock").c_str(), O_RDWR | O_CREAT, 0644);
  REQUIRE(holder >= 0);
  REQUIRE(::flock(holder, LOCK_EX) == 0);
  std::string comm;
  std::getline(std::ifstream("/proc/self/comm"), comm);
  for (auto access : {StateFile::Access::update, StateFile::Access::create}) {
    try {
      StateFile f(path, access, {.seconds = 0});
      FAIL("no error");
    } catch (const siege::Error& e) {
      CHECK(e.exit_code() == 4);
      CHECK(e.id() == "locked");
      CHECK(std::string(e.what()) == path + ": locked by process " + std::to_string(::getpid()) + " (" + comm +
                                         "), and --lock-wait 0 waits for no lock; nothing was changed: try again "
                                         "once it is done, or give --lock-wait SECONDS to wait");
    }
  }
  // The page writer waits the same way, and gives up the same way.
  const std::string page_lock = dir.file("p.html.lock");
  const int page_holder = ::open(page_lock.c_str(), O_RDWR | O_CREAT, 0644);
  REQUIRE(::flock(page_holder, LOCK_EX) == 0);
  CHECK(thrown([&] { siege::cli::write_file_atomically(dir.file("p.html"), "<p>", {.seconds = 0}); }) ==
        std::pair<std::string, int>("locked", 4));
  ::close(page_holder);
  ::close(holder);
  CHECK(slurp(path) == "a");
  CHECK(dir.names() == std::vector<std::string>{"c.json", "c.json.lock", "p.html.lock"});
  // Once it is free, taken at once whatever the bound.
  {
    StateFile f(path, StateFile::Access::update, {.seconds = 0});
    f.commit("b");
  }
  CHECK(slurp(path) == "b");
}

// ------------------------------------------------------ output files

TEST_CASE("A siege state file is known by its format marker, wherever it is and however it is written",
          "[state-file][output]") {
  using siege::cli::holds_state_file;
  TempDir dir;
  const std::string pad(70000, 'x');  // past the beginning read first
  for (const std::string& text :
       {std::string("{\n  \"schema\": 1,\n  \"format\": \"siege-state\",\n  \"name\": \"x\"\n}\n"),
        std::string("{\n  \"schema\": 1,\n  \"format\": \"siege-state\",\n  \"name\": \"cut sh"),  // cut short
        std::string("  {\"format\"\n:\t\"siege-state\"}"), std::string("{\"\\u0066ormat\": \"siege-state\"}"),
        "{\"pad\": \"" + pad + "\", \"format\": \"siege-state\"}",
        "{\"pad\": \"" + pad + "\", \"form\\u0061t\": \"siege-state\"}"}) {
    INFO(text.substr(0, 60));
    CHECK(holds_state_file(dir.write("s.json", text)));
  }
  for (const std::string& text :
       {std::string(), std::string("<!DOCTYPE html>\n<p>\"format\": \"siege-state\"</p>"),
        std::string("{\"format\": \"siege-stat\"}"), std::string("{\"format\": \"other\"}"),
        std::string("[{\"format\": \"siege-state\"}]"), std::string("{\"form\\u0061t\": \"siege-stat\"}"),
        "{\"pad\": \"" + pad + "\", \"form\\u0061t\": \"siege-state\""}) {  // neither the marker nor JSON
    INFO(text.substr(0, 60));
    CHECK_FALSE(holds_state_file(dir.write("s.json", text)));
  }
  CHECK_FALSE(holds_state_file(dir.file("missing.json")));
  CHECK_FALSE(holds_state_file(dir.path()));
  CHECK_FALSE(holds_state_file("/dev/null"));
  REQUIRE(::mkfifo(dir.file("fifo").c_str(), 0644) == 0);
  CHECK_FALSE(holds_state_file(dir.file("fifo")));  // never waits for a writer
}

TEST_CASE("Standard output's names are not opened as files", "[state-file][output]") {
  using siege::cli::OutputFile;
  for (const char* name : {"", "-", "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"})
    CHECK(OutputFile(name, {}).standard_output());
  for (const char* name : {"/dev/null", "stdout", "./-"})
    CHECK_FALSE(OutputFile(name, {}).standard_output());
}
