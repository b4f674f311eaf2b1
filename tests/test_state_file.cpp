// src/state_file.hpp: the locked, atomic replacement of the state file.
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <functional>

#include <catch2/catch.hpp>

#include "actions.hpp"
#include "error_of.hpp"
#include "state_file.hpp"
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
  CHECK(checked_state_text(st, "siege.json", siege::test::tables()) == siege::write_state(st));
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
  e.inputs = {{"difficulty", "easy"}, {"pool", 3}};
  e.outcome = {{"passed", true}, {"pad", std::string(1000, 'x')}};
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
