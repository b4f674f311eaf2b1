#include "state_file.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "siege/error.hpp"

namespace siege::cli {

namespace {

[[noreturn]] void fail_io(const std::string& path, const std::string& what) {
  fail_state("state-io", path + ": " + what + ": " + std::strerror(errno));
}

std::string folder_of(const std::string& path) {
  const auto slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

void write_all(int fd, std::string_view data, const std::string& path) {
  while (!data.empty()) {
    const ssize_t n = ::write(fd, data.data(), data.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      fail_io(path, "cannot write");
    }
    data.remove_prefix(static_cast<std::size_t>(n));
  }
}

// Reads the whole file; false when it does not exist.
bool read_file(const std::string& path, std::string& out) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ENOENT) return false;
    fail_io(path, "cannot read");
  }
  struct stat st {};
  if (::fstat(fd, &st) == 0 && !S_ISREG(st.st_mode)) {
    ::close(fd);
    errno = EISDIR;
    fail_io(path, "cannot read");
  }
  out.clear();
  char buf[65536];
  for (;;) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0) {
      if (errno == EINTR) continue;
      const int saved = errno;
      ::close(fd);
      errno = saved;
      fail_io(path, "cannot read");
    }
    if (n == 0) break;
    out.append(buf, static_cast<std::size_t>(n));
  }
  ::close(fd);
  return true;
}

// Removes FILE.tmp.PID files beside the state file. Only a lock holder
// writes a temp file, so while we hold the lock any that exist were left by
// a writer killed before its rename: they are never the state file.
void remove_stale_temps(const std::string& path) {
  const std::string folder = folder_of(path);
  const auto slash = path.rfind('/');
  const std::string prefix = (slash == std::string::npos ? path : path.substr(slash + 1)) + ".tmp.";
  DIR* d = ::opendir(folder.c_str());
  if (d == nullptr) return;
  while (const dirent* e = ::readdir(d)) {
    const std::string_view name(e->d_name);
    if (name.size() <= prefix.size() || name.substr(0, prefix.size()) != prefix) continue;
    if (name.substr(prefix.size()).find_first_not_of("0123456789") != std::string_view::npos) continue;
    (void)::unlinkat(::dirfd(d), e->d_name, 0);
  }
  ::closedir(d);
}

}  // namespace

// ---------------------------------------------------------------- the lock

StateLock::StateLock(const std::string& path) : lock_path_(path + ".lock") {
  for (;;) {
    const int fd = ::open(lock_path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0666);
    if (fd < 0) fail_io(lock_path_, "cannot create the lock file");
    int rc;
    do rc = ::flock(fd, LOCK_EX);
    while (rc != 0 && errno == EINTR);
    if (rc != 0) {
      const int saved = errno;
      ::close(fd);
      errno = saved;
      fail_io(lock_path_, "cannot lock");
    }
    // The previous holder may have unlinked this inode before we got it:
    // then the lock guards nothing, and we start over with a fresh file.
    struct stat held {}, named {};
    if (::fstat(fd, &held) == 0 && ::stat(lock_path_.c_str(), &named) == 0 &&
        held.st_dev == named.st_dev && held.st_ino == named.st_ino) {
      fd_ = fd;
      return;
    }
    ::close(fd);
  }
}

StateLock::~StateLock() {
  // Unlink while still holding the lock, so nobody can lock this inode and
  // believe it guards the file.
  ::unlink(lock_path_.c_str());
  ::close(fd_);
}

// ---------------------------------------------------------------- the file

StateFile::StateFile(std::string path, Access access) : path_(std::move(path)), access_(access) {
  if (path_.empty()) fail_usage("no-state", "no state file given (--state FILE)");
  if (access_ != Access::read) {
    lock_.emplace(path_);
    remove_stale_temps(path_);
  }
  exists_ = read_file(path_, text_);
  if (!exists_ && access_ != Access::create)
    fail_state("no-state-file", path_ + ": no such state file; make one with 'siege init " + path_ +
                                    " --from DESCRIPTION.json'");
}

void StateFile::commit(std::string_view content) {
  if (access_ == Access::read) fail_state("state-io", path_ + ": internal error: commit without the lock");
  const std::string tmp = path_ + ".tmp." + std::to_string(::getpid());
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  if (fd < 0) fail_io(tmp, "cannot create a temp file beside the state file");
  bool open = true;
  try {
    struct stat old {};
    if (exists_ && ::stat(path_.c_str(), &old) == 0) (void)::fchmod(fd, old.st_mode & 07777);
    write_all(fd, content, tmp);
    if (::fsync(fd) != 0) fail_io(tmp, "cannot sync");
    open = false;
    if (::close(fd) != 0) fail_io(tmp, "cannot write");
  } catch (...) {
    if (open) ::close(fd);
    ::unlink(tmp.c_str());
    throw;
  }
  if (::rename(tmp.c_str(), path_.c_str()) != 0) {
    const int saved = errno;
    ::unlink(tmp.c_str());
    errno = saved;
    fail_io(path_, "cannot replace the state file");
  }
  committed_ = true;
  // Make the rename itself durable. Some file systems cannot sync a folder
  // (EINVAL): the new state is in place all the same.
  const std::string folder = folder_of(path_);
  const int dfd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd >= 0) {
    const int rc = ::fsync(dfd);
    const int saved = errno;
    ::close(dfd);
    errno = saved;
    if (rc != 0 && errno != EINVAL) fail_io(folder, "the state was replaced, but its folder cannot be synced");
  }
}

}  // namespace siege::cli
