// src/state_file.hpp: the locked, atomic replacement of the state file.
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include "state_file.hpp"
#include "support.hpp"
#include "temp_dir.hpp"

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
