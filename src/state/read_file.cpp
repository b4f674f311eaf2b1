// Reading a whole input file under a size cap (read_file.hpp).
#include "state/read_file.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>

namespace siege::cli {

namespace {

[[noreturn]] void refuse(const std::string& shown, FailAs as, const std::string& reason) {
  throw Error(as.kind, as.id, shown + ": cannot read: " + reason);
}

std::string limit_text(std::size_t limit) {
  if (limit % (1024u * 1024u) == 0) return std::to_string(limit / (1024u * 1024u)) + " MiB";
  return std::to_string(limit) + " bytes";
}

// What a file of this type is, for "not a regular file (...)".
const char* type_name(mode_t mode) {
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a plain file";
}

// Closes the descriptor on every way out.
class Fd {
 public:
  explicit Fd(int fd) : fd_(fd) {}
  ~Fd() {
    if (fd_ >= 0) ::close(fd_);
  }
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  [[nodiscard]] int get() const noexcept { return fd_; }

 private:
  int fd_;
};

// Reads `fd` to its end into `out`, refusing more than `limit` bytes; waits
// for input on a descriptor left non-blocking (a pipe).
void read_capped(int fd, const std::string& shown, FailAs as, std::size_t limit, std::string& out) {
  char buf[64 * 1024];
  for (;;) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n == 0) return;
    if (n < 0) {
      if (errno == EINTR) continue;
      if (errno == EAGAIN || errno == EWOULDBLOCK) {
        pollfd p{fd, POLLIN, 0};
        (void)::poll(&p, 1, -1);
        continue;
      }
      refuse(shown, as, std::strerror(errno));
    }
    if (static_cast<std::size_t>(n) > limit - out.size())
      refuse(shown, as, "larger than the limit of " + limit_text(limit));
    out.append(buf, static_cast<std::size_t>(n));
  }
}

}  // namespace

std::optional<std::string> read_regular_file(const std::string& path, const std::string& shown, FailAs as,
                                             IfMissing missing, std::size_t limit) {
  const Fd fd(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC));
  if (fd.get() < 0) {
    const int err = errno;
    struct stat st {};
    if (err == ENOENT && ::lstat(path.c_str(), &st) == 0 && S_ISLNK(st.st_mode))
      refuse(shown, as, "a symbolic link to a file that does not exist");
    if (err == ENOENT && missing == IfMissing::absent) return std::nullopt;
    if (err == ELOOP) refuse(shown, as, "a loop of symbolic links");
    if (err == ENXIO && ::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode))
      refuse(shown, as, std::string("not a regular file (") + type_name(st.st_mode) + ")");
    refuse(shown, as, std::strerror(err));
  }
  struct stat st {};
  if (::fstat(fd.get(), &st) != 0) refuse(shown, as, std::strerror(errno));
  if (S_ISDIR(st.st_mode)) refuse(shown, as, "a folder, not a file");
  if (!S_ISREG(st.st_mode)) refuse(shown, as, std::string("not a regular file (") + type_name(st.st_mode) + ")");
  if (static_cast<std::uintmax_t>(st.st_size) > limit)
    refuse(shown, as, "larger than the limit of " + limit_text(limit));
  std::string out;
  out.reserve(static_cast<std::size_t>(st.st_size));
  read_capped(fd.get(), shown, as, limit, out);
  return out;
}

void check_folder(const std::string& path, const std::string& shown, FailAs as) {
  auto fail = [&](const std::string& what) { throw Error(as.kind, as.id, shown + ": " + what); };
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    if (errno == ENOENT) fail("no such folder");
    fail(std::string("cannot read the folder: ") + std::strerror(errno));
  }
  if (!S_ISDIR(st.st_mode)) fail("not a folder");
  if (::faccessat(AT_FDCWD, path.c_str(), X_OK, AT_EACCESS) != 0)
    fail(std::string("cannot read the folder: ") + std::strerror(errno));
}

std::string read_stream(int fd, const std::string& shown, FailAs as, std::size_t limit) {
  std::string out;
  read_capped(fd, shown, as, limit, out);
  return out;
}

}  // namespace siege::cli
