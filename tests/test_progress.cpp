// The progress line (src/front/progress.hpp) on a real pseudo-terminal: when it is
// drawn, what it says, and that it is cleared; and never on a pipe.
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <unistd.h>

#include <cstdlib>
#include <string>

#include "batch/progress.hpp"

using siege::cli::Progress;
using namespace std::chrono_literals;

namespace {

// What is waiting to be read on `fd` (non-blocking), all of it.
std::string pending(int fd) {
  std::string out;
  char buf[4096];
  for (;;) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n <= 0) break;
    out.append(buf, static_cast<std::size_t>(n));
  }
  return out;
}

// A pseudo-terminal: the master (non-blocking) and the slave, closed after.
struct Pty {
  int master = -1;
  int slave = -1;
  Pty() {
    master = ::posix_openpt(O_RDWR | O_NOCTTY);
    REQUIRE(master >= 0);
    REQUIRE(::grantpt(master) == 0);
    REQUIRE(::unlockpt(master) == 0);
    slave = ::open(::ptsname(master), O_RDWR | O_NOCTTY);
    REQUIRE(slave >= 0);
    REQUIRE(::fcntl(master, F_SETFL, O_NONBLOCK) == 0);
  }
  ~Pty() {
    ::close(slave);
    ::close(master);
  }
  Pty(const Pty&) = delete;
  Pty& operator=(const Pty&) = delete;
};

}  // namespace

TEST_CASE("Progress draws nothing before its delay, then the count and the rate, in place", "[progress]") {
  Pty pty;
  const auto start = Progress::Clock::now();
  {
    Progress p(pty.slave, "siege batch", "lines", Progress::Show::if_terminal, 1s);
    REQUIRE(p.active());
    p.update(500, start + 500ms);
    p.update(900, start + 900ms);
    CHECK(pending(pty.master).empty());
    // `start` is a little before the progress's own start: 2 s after it is
    // at most 2 s of work, so the rate is at least 1,000,000 lines/s.
    p.update(2000000, start + 2s);
    const std::string first = pending(pty.master);
    CHECK_THAT(first, Catch::StartsWith("\rsiege batch: 2,000,000 lines, "));
    CHECK_THAT(first, Catch::EndsWith(" lines/s"));
    const auto rate = first.substr(first.find(", ") + 2, first.rfind(" lines/s") - first.find(", ") - 2);
    CHECK(rate.size() == std::string("1,000,000").size());
    // At most four drawings a second.
    p.update(2000001, start + 2100ms);
    CHECK(pending(pty.master).empty());
    // A shorter line blanks what the longer one left.
    p.update(7, start + 3s);
    const std::string second = pending(pty.master);
    CHECK_THAT(second, Catch::StartsWith("\rsiege batch: 7 lines, "));
    CHECK(second.size() == first.size());
    CHECK(second.back() == ' ');
  }
  // The destructor clears the line: blanks over it, the cursor at column 0.
  const std::string cleared = pending(pty.master);
  REQUIRE(cleared.size() >= 2);
  CHECK(cleared.front() == '\r');
  CHECK(cleared.back() == '\r');
  CHECK(cleared.find_first_not_of(' ', 1) == cleared.size() - 1);
}

TEST_CASE("Progress writes nothing on a pipe, or when told never to", "[progress]") {
  int p[2];
  REQUIRE(::pipe(p) == 0);
  REQUIRE(::fcntl(p[0], F_SETFL, O_NONBLOCK) == 0);
  const auto later = Progress::Clock::now() + 10s;
  {
    Progress on_pipe(p[1], "siege batch", "lines", Progress::Show::if_terminal, 0ms);
    CHECK_FALSE(on_pipe.active());
    on_pipe.update(10, later);
    on_pipe.poll(10);
  }
  CHECK(pending(p[0]).empty());
  ::close(p[0]);
  ::close(p[1]);
  Pty pty;
  {
    Progress never(pty.slave, "siege batch", "lines", Progress::Show::never, 0ms);
    CHECK_FALSE(never.active());
    never.update(10, later);
  }
  CHECK(pending(pty.master).empty());
}

TEST_CASE("Progress groups the thousands of its counts", "[progress]") {
  CHECK(Progress::grouped(0) == "0");
  CHECK(Progress::grouped(999) == "999");
  CHECK(Progress::grouped(1000) == "1,000");
  CHECK(Progress::grouped(123456) == "123,456");
  CHECK(Progress::grouped(1234567) == "1,234,567");
}
