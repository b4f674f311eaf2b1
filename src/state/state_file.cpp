#include "state/state_file.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/uio.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

#include "siege/error.hpp"
#include "siege/state_json.hpp"

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

// Writes all of `data`; false (errno set) on the first error.
bool write_fully(int fd, std::string_view data) {
  while (!data.empty()) {
    const ssize_t n = ::write(fd, data.data(), data.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    data.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

void write_all(int fd, std::string_view data, const std::string& path) {
  if (!write_fully(fd, data)) fail_io(path, "cannot write");
}

// What a file that is not a regular one is, for the message.
const char* kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "a folder";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "a special file";
}

[[noreturn]] void fail_too_large(const std::string& path, const std::string& size) {
  fail_state("state-too-large", path + ": " + size + " bytes, past the 16 MiB limit of a state file (" +
                                    std::to_string(max_state_bytes) + " bytes); siege never writes one that large");
}

bool mapping_allowed = true;
char mapped_path_text[1024];
// Below this a file is read: mapping it costs more than copying it.
constexpr std::size_t map_from_bytes = 64 * 1024;

// A state file's bytes mapped into memory, unmapped when the last reader
// lets go.
struct Mapping {
  void* at = nullptr;
  std::size_t size = 0;
  Mapping(void* a, std::size_t n) : at(a), size(n) {}
  Mapping(const Mapping&) = delete;
  Mapping& operator=(const Mapping&) = delete;
  ~Mapping() { ::munmap(at, size); }
};

// Reads the whole file into `owner` (`text` its bytes); false when it does
// not exist. `path` names it in messages, `target` is what is opened.
// Opened without blocking (a FIFO would wait for a writer), then refused
// unless fstat shows a regular file; the read stops past max_state_bytes,
// whatever the file claims its size is. A file of map_from_bytes or more is
// mapped instead, with its pages set up at once (MAP_POPULATE): on this
// kind of machine every page a process touches for the first time costs
// more than reading the page, so a long log is best left where the system
// keeps it.
bool read_file(const std::string& path, const std::string& target, std::shared_ptr<const void>& owner,
               std::string_view& text) {
  const int fd = ::open(target.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
  if (fd < 0) {
    if (errno == ENOENT) return false;
    fail_io(path, "cannot read");
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    const int saved = errno;
    ::close(fd);
    errno = saved;
    fail_io(path, "cannot read");
  }
  if (!S_ISREG(st.st_mode)) {
    ::close(fd);
    fail_state("state-not-a-file", path + ": " + kind_of(st.st_mode) +
                                       ", not a regular file; a state file is the file '" + command_words({"init"}) + "' writes");
  }
  if (static_cast<std::uint64_t>(st.st_size) > max_state_bytes) {
    ::close(fd);
    fail_too_large(path, std::to_string(st.st_size));
  }
  const auto size = static_cast<std::size_t>(st.st_size);
  if (mapping_allowed && size >= map_from_bytes) {
    void* at = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
    if (at != MAP_FAILED) {
      ::close(fd);
      const std::size_t n = std::min(path.size(), sizeof mapped_path_text - 1);
      std::memcpy(mapped_path_text, path.data(), n);
      mapped_path_text[n] = '\0';
      owner = std::make_shared<const Mapping>(at, size);
      text = std::string_view(static_cast<const char*>(at), size);
      return true;
    }
  }
  auto out = std::make_shared<std::string>();
  out->reserve(size);
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
    out->append(buf, static_cast<std::size_t>(n));
    if (out->size() > max_state_bytes) {  // it grew while we read (or claims no size)
      ::close(fd);
      fail_too_large(path, "more than " + std::to_string(max_state_bytes));
    }
  }
  ::close(fd);
  text = *out;
  owner = std::move(out);
  return true;
}

// The file `path` leads to: symbolic links in its last part are followed,
// one after the other (a relative link is read against the link's folder).
// A link to a file not there yet resolves to where the file would be. The
// folders on the way need no resolving: the target's folder, spelled any
// way, is one folder, and the lock file in it one file.
std::string resolve_links(const std::string& path) {
  std::string at = path;
  for (int hops = 0; hops < 40; ++hops) {  // Linux's own limit (ELOOP)
    struct stat st {};
    if (::lstat(at.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return at;
    std::string to(static_cast<std::size_t>(st.st_size > 0 ? st.st_size : 255) + 1, '\0');
    const ssize_t n = ::readlink(at.c_str(), to.data(), to.size());
    if (n < 0) fail_io(path, "cannot read the symbolic link " + at);
    if (static_cast<std::size_t>(n) >= to.size()) continue;  // it changed meanwhile: read it again
    to.resize(static_cast<std::size_t>(n));
    const auto slash = at.rfind('/');
    at = to.front() == '/' || slash == std::string::npos ? to : at.substr(0, slash + 1) + to;
  }
  errno = ELOOP;
  fail_io(path, "cannot follow its symbolic links");
}

// The rule of a file siege leaves as it is, though a rename could replace
// it: no write bit at all, or no write permission for this user.
bool read_only(const struct stat& st, const std::string& path) {
  return (st.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH)) == 0 || ::access(path.c_str(), W_OK) != 0;
}

std::string base_of(const std::string& path) {
  const auto slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// 16 hex digits no other writer will draw: getentropy() (getrandom() on
// Linux, the page's crypto in the WebAssembly build), or when it fails
// the clock, the process id and an address mixed (splitmix64).
std::string random_token() {
  std::uint64_t v = 0;
  if (::getentropy(&v, sizeof v) != 0) {
    timespec ts{};
    ::clock_gettime(CLOCK_REALTIME, &ts);
    v = static_cast<std::uint64_t>(ts.tv_nsec) ^ (static_cast<std::uint64_t>(ts.tv_sec) << 30) ^
        (static_cast<std::uint64_t>(::getpid()) << 48) ^ reinterpret_cast<std::uintptr_t>(&v);
    v += 0x9e3779b97f4a7c15ULL;
    v = (v ^ (v >> 30)) * 0xbf58476d1ce4e5b9ULL;
    v = (v ^ (v >> 27)) * 0x94d049bb133111ebULL;
    v ^= v >> 31;
  }
  static constexpr char hex[] = "0123456789abcdef";
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i, v >>= 4) out[static_cast<std::size_t>(i)] = hex[v & 15];
  return out;
}

// The name (no folder) of a new temp file of `target`: TARGET.tmp.PID.TOKEN.
std::string temp_name(const std::string& target) {
  return base_of(target) + ".tmp." + std::to_string(::getpid()) + "." + random_token();
}

bool all_of(std::string_view s, std::string_view chars) {
  return !s.empty() && s.find_first_not_of(chars) == std::string_view::npos;
}

}  // namespace

// ---------------------------------------------------------------- sidecars

const char* sidecar_form(std::string_view path) {
  const auto slash = path.rfind('/');
  const std::string_view name = slash == std::string_view::npos ? path : path.substr(slash + 1);
  constexpr std::string_view lock = ".lock";
  if (name.size() >= lock.size() && name.substr(name.size() - lock.size()) == lock) return "the lock file";
  constexpr std::string_view tmp = ".tmp.";
  const auto at = name.rfind(tmp);
  if (at == std::string_view::npos) return nullptr;
  const std::string_view rest = name.substr(at + tmp.size());  // PID or PID.TOKEN
  const auto dot = rest.find('.');
  if (dot == std::string_view::npos) return all_of(rest, "0123456789") ? "a temp file" : nullptr;
  return all_of(rest.substr(0, dot), "0123456789") && all_of(rest.substr(dot + 1), "0123456789abcdef")
             ? "a temp file"
             : nullptr;
}

void refuse_sidecar_path(const std::string& path, std::string_view what) {
  std::string target = path;
  try {
    target = resolve_links(path);
  } catch (const Error&) {  // a link that cannot be followed: the writer says so
  }
  refuse_sidecar_name(path, target, what);
}

void refuse_sidecar_name(const std::string& path, const std::string& target, std::string_view what) {
  for (const std::string* p : {&path, &target}) {
    const char* form = sidecar_form(*p);
    if (form == nullptr) continue;
    const std::string name = base_of(*p);
    const bool lock = std::string_view(form) == "the lock file";
    const std::string of = lock ? name.substr(0, name.size() - 5) : name.substr(0, name.rfind(".tmp."));
    fail_usage("sidecar-name", path + ": " + (p == &path ? "the name" : "leads to " + *p + ", whose name") +
                                   " has the form of " + form + " siege " + (lock ? "keeps" : "writes") +
                                   " beside a file '" + of + "' (and removes); " + std::string(what) +
                                   " cannot be named so: give another name");
  }
}

// ---------------------------------------------------------------- the lock

namespace {

// The process listed in /proc/locks as holding a flock on the file open as
// `fd`, and its name (/proc/PID/comm); pid 0 when the system does not tell.
struct Holder {
  long pid = 0;
  std::string name;
};

// Whether process `pid` has a descriptor open on the file `st` describes.
bool has_open(long pid, const struct stat& st) {
  const std::string folder = "/proc/" + std::to_string(pid) + "/fd";
  DIR* d = ::opendir(folder.c_str());
  if (d == nullptr) return false;
  bool found = false;
  while (const dirent* e = ::readdir(d)) {
    struct stat at {};
    if (e->d_name[0] != '.' && ::stat((folder + "/" + e->d_name).c_str(), &at) == 0 && at.st_dev == st.st_dev &&
        at.st_ino == st.st_ino) {
      found = true;
      break;
    }
  }
  ::closedir(d);
  return found;
}

Holder lock_holder(int fd) {
  Holder h;
  struct stat st {};
  if (::fstat(fd, &st) != 0) return h;
  std::string text;
  const int locks = ::open("/proc/locks", O_RDONLY | O_CLOEXEC);
  if (locks < 0) return h;
  char buf[16384];
  for (ssize_t n; text.size() < (std::size_t{8} << 20);) {  // a bound, on a machine with very many locks
    n = ::read(locks, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    text.append(buf, static_cast<std::size_t>(n));
  }
  ::close(locks);
  // "1: FLOCK  ADVISORY  WRITE 1234 fe:00:10952935 0 EOF": the holder's
  // pid, the device's major and minor in hex, the inode in decimal. A
  // waiter's line has "->" after the number.
  std::istringstream lines(text);
  std::string line;
  long by_inode = 0;  // the same inode on another device number (an overlay reports its own)
  while (std::getline(lines, line)) {
    std::istringstream in(line);
    std::string number, type, kind, mode, id;
    long pid = 0;
    if (!(in >> number >> type) || type != "FLOCK" || !(in >> kind >> mode >> pid >> id) || pid <= 0) continue;
    unsigned major_no = 0, minor_no = 0;
    unsigned long long inode = 0;
    if (std::sscanf(id.c_str(), "%x:%x:%llu", &major_no, &minor_no, &inode) != 3 || inode != st.st_ino) continue;
    if (major_no == major(st.st_dev) && minor_no == minor(st.st_dev)) {
      h.pid = pid;
      break;
    }
    if (by_inode == 0 && has_open(pid, st)) by_inode = pid;
  }
  if (h.pid == 0) h.pid = by_inode;
  if (h.pid == 0) return h;
  std::ifstream comm("/proc/" + std::to_string(h.pid) + "/comm");
  std::getline(comm, h.name);
  return h;
}

// "process 1234 (siege)", "process 1234", or "another process".
std::string holder_words(const Holder& h, bool with_name) {
  if (h.pid == 0) return "another process";
  return "process " + std::to_string(h.pid) + (with_name && !h.name.empty() ? " (" + h.name + ")" : "");
}

void say_on_stderr(const std::string& line) {
  const std::string text = line + "\n";
  (void)write_fully(STDERR_FILENO, text);
}

}  // namespace

// Takes the lock on `fd` (the lock file, open), waiting as `wait` says;
// `waited` keeps the time and whether it was said across the lock files a
// waiter goes through (a holder unlinks its own before it lets go).
void StateLock::take(int fd, const LockWait& wait, const std::string& named, Waiting& waited) {
  using std::chrono::milliseconds;
  using std::chrono::seconds;
  using clock = std::chrono::steady_clock;
  for (;;) {
    if (::flock(fd, LOCK_EX | LOCK_NB) == 0) return;
    if (errno == EINTR) continue;
    if (errno != EWOULDBLOCK) {
      const int saved = errno;
      ::close(fd);
      errno = saved;
      fail_io(lock_path_, "cannot lock");
    }
    const auto now = clock::now();
    if (!waited.since) waited.since = now;
    const auto so_far = now - *waited.since;
    const auto bound = seconds(wait.seconds);
    if (so_far >= bound) {
      const Holder h = lock_holder(fd);
      ::close(fd);
      const std::string then = "; nothing was changed: try again once it is done, or ";
      if (wait.seconds == 0)
        fail_state("locked", named + ": locked by " + holder_words(h, true) + ", and --lock-wait 0 waits for no lock" +
                                 then + "give --lock-wait SECONDS to wait");
      fail_state("locked", named + ": still locked by " + holder_words(h, false) + " after " +
                               std::to_string(wait.seconds) + " s" + then + "wait longer with --lock-wait SECONDS");
    }
    const auto notice = seconds(lock_notice_seconds);
    if (!waited.said && so_far >= notice) {
      waited.said = true;
      say_on_stderr("siege: " + named + ": locked by " + holder_words(lock_holder(fd), true) + "; waiting up to " +
                    std::to_string(wait.seconds) + " s");
    }
    // A pause that doubles from 1 ms up to 50 ms, never past the notice or the bound.
    auto pause = std::min<clock::duration>(waited.pause, bound - so_far);
    if (!waited.said) pause = std::min<clock::duration>(pause, notice - so_far);
    waited.pause = std::min<clock::duration>(waited.pause * 2, milliseconds(50));
    const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(pause).count();
    timespec ts{static_cast<time_t>(ns / 1000000000), static_cast<long>(ns % 1000000000)};
    while (::nanosleep(&ts, &ts) != 0 && errno == EINTR) {
    }
  }
}

StateLock::StateLock(const std::string& path, const LockWait& wait, const std::string& shown)
    : path_(path), lock_path_(path + ".lock") {
  Waiting waited;
  for (;;) {
    // Never through a symbolic link: the lock file is siege's own, and one
    // planted there would have it write into (and remove) another file.
    const int fd =
        ::open(lock_path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | O_NOFOLLOW, 0666);
    if (fd < 0 && errno == ELOOP)
      fail_state("state-io", lock_path_ + ": a symbolic link, not a regular file; remove it (siege makes the "
                                          "lock file itself)");
    if (fd < 0) fail_io(lock_path_, "cannot create the lock file");
    struct stat own {};
    if (::fstat(fd, &own) != 0 || !S_ISREG(own.st_mode)) {
      ::close(fd);
      fail_state("state-io", lock_path_ + ": not a regular file; remove it (siege makes the lock file itself)");
    }
    take(fd, wait, shown.empty() ? path : shown, waited);
    // The previous holder may have unlinked this inode before we got it:
    // then the lock guards nothing, and we start over with a fresh file.
    struct stat held {}, named {};
    if (::fstat(fd, &held) == 0 && ::lstat(lock_path_.c_str(), &named) == 0 &&
        held.st_dev == named.st_dev && held.st_ino == named.st_ino) {
      fd_ = fd;
      return;
    }
    ::close(fd);
  }
}

void StateLock::remove_recorded_temp() {
  char buf[512];
  ssize_t n;
  do n = ::pread(fd_, buf, sizeof buf, 0);
  while (n < 0 && errno == EINTR);
  if (n <= 0) return;
  // The record is one name and a newline; a record cut short (a holder
  // killed while writing it) names no file and is only cleared. Anything
  // else is not siege's: the file is left as it is, and so is the lock.
  std::string_view rec(buf, static_cast<std::size_t>(n));
  const std::string_view name = rec.substr(0, rec.find('\n'));
  const bool record = n < static_cast<ssize_t>(sizeof buf) && sidecar_form(name) != nullptr;
  if (!record) {
    foreign_ = true;
    fail_state("state-io", lock_path_ + ": not a lock file siege made (it holds other bytes); siege keeps the "
                                        "lock of " + path_ + " there: move that file away");
  }
  if (name.size() < rec.size()) {  // the whole line: a name and its newline
    rec = name;
    const std::string prefix = base_of(path_) + ".tmp.";
    const std::string_view rest = rec.substr(std::min(rec.size(), prefix.size()));
    const auto dot = rest.find('.');
    const bool ours = rec.substr(0, std::min(rec.size(), prefix.size())) == prefix && dot != std::string_view::npos &&
                      all_of(rest.substr(0, dot), "0123456789") && rest.size() - dot - 1 == 16 &&
                      all_of(rest.substr(dot + 1), "0123456789abcdef");
    if (ours) (void)::unlink((folder_of(path_) + "/" + std::string(rec)).c_str());
  }
  (void)::ftruncate(fd_, 0);
}

void StateLock::record(std::string_view name) {
  const std::string line = std::string(name) + "\n";
  ssize_t n;
  do n = ::pwrite(fd_, line.data(), line.size(), 0);
  while (n < 0 && errno == EINTR);
  if (n >= 0 && n != static_cast<ssize_t>(line.size())) errno = ENOSPC;  // a short write: the disk is full
  if (n != static_cast<ssize_t>(line.size()) || ::ftruncate(fd_, static_cast<off_t>(line.size())) != 0)
    fail_io(lock_path_, "cannot record the temp file's name in the lock file");
}

StateLock::~StateLock() {
  // Unlink while still holding the lock, so nobody can lock this inode and
  // believe it guards the file (but never a file siege did not make).
  if (!foreign_) ::unlink(lock_path_.c_str());
  ::close(fd_);
}

// ---------------------------------------------------------------- the file

StateFile::StateFile(std::string path, Access access, const LockWait& wait)
    : path_(std::move(path)), access_(access) {
  if (path_.empty()) fail_usage("no-state", "no state file given (--state FILE)");
  target_ = resolve_links(path_);
  if (access_ != Access::read) refuse_sidecar_name(path_, target_, "a state file");
  if (access_ == Access::update || access_ == Access::create) {
    // Locked by the target's name; a link re-pointed while we waited for
    // the lock leads elsewhere now, so start over with the new target.
    for (;;) {
      lock_.emplace(target_, wait, path_);
      std::string again = resolve_links(path_);
      if (again == target_) break;
      lock_.reset();
      target_ = std::move(again);
    }
    lock_->remove_recorded_temp();
  }
  exists_ = read_file(path_, target_, owner_, text_);
  if (!exists_ && access_ != Access::create) {
    // Not "make one with: siege init" a name that init refuses.
    refuse_sidecar_name(path_, target_, "a state file");
    fail_state("no-state-file", path_ + ": no such state file; make one with: " +
                                    command_words({"init", path_, input_word("from"), "DESCRIPTION.json"}));
  }
  // A file made read-only (chmod a-w, or not ours to write) is kept as it
  // is: the update's rename would replace it regardless of its mode.
  struct stat st {};
  if (exists_ && (access_ == Access::update || access_ == Access::create) && ::stat(target_.c_str(), &st) == 0 &&
      read_only(st, target_))
    fail_state("read-only", path_ + ": read-only (no write permission), so siege leaves it as it is; make it "
                                    "writable to play on (chmod u+w), or add --dry-run");
}

void forbid_mapping() noexcept { mapping_allowed = false; }

const char* mapped_state_path() noexcept { return mapped_path_text; }

void StateFile::commit(std::initializer_list<std::string_view> parts) {
  if (!lock_) fail_state("state-io", path_ + ": internal error: commit without the lock");
  const std::string name = temp_name(target_);
  const std::string tmp = folder_of(target_) + "/" + name;
  lock_->record(name);  // first: a temp file whose name is not recorded is never made
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  if (fd < 0) fail_io(tmp, "cannot create a temp file beside the state file");
  bool open = true;
  try {
    struct stat old {};
    if (exists_ && ::stat(target_.c_str(), &old) == 0) (void)::fchmod(fd, old.st_mode & 07777);
    for (const std::string_view part : parts) write_all(fd, part, tmp);
    if (::fsync(fd) != 0) fail_io(tmp, "cannot sync");
    open = false;
    if (::close(fd) != 0) fail_io(tmp, "cannot write");
  } catch (...) {
    if (open) ::close(fd);
    ::unlink(tmp.c_str());
    throw;
  }
  if (::rename(tmp.c_str(), target_.c_str()) != 0) {
    const int saved = errno;
    ::unlink(tmp.c_str());
    errno = saved;
    fail_io(path_, "cannot replace the state file");
  }
  committed_ = true;
  // Make the rename itself durable. Some file systems cannot sync a folder
  // (EINVAL): the new state is in place all the same.
  const std::string folder = folder_of(target_);
  const int dfd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd >= 0) {
    const int rc = ::fsync(dfd);
    const int saved = errno;
    ::close(dfd);
    errno = saved;
    if (rc != 0 && errno != EINVAL) fail_io(folder, "the state was replaced, but its folder cannot be synced");
  }
}

// ---------------------------------------------------------------- other files

namespace {

[[noreturn]] void fail_output_io(const std::string& path, const std::string& what, int error) {
  fail_output("write-error", path + ": " + what + ": " + std::strerror(error != 0 ? error : EIO));
}

}  // namespace

void write_file_atomically(const std::string& path, std::string_view content, const LockWait& wait) {
  std::string target;
  try {
    target = resolve_links(path);
  } catch (const Error& e) {
    fail_output("write-error", e.what());
  }
  refuse_sidecar_name(path, target, "an output file");
  // The lock beside the target, as a state file's writer takes it: one
  // writer at a time, and a killed one's temp file removed by the next.
  std::optional<StateLock> lock;
  std::string tmp;
  try {
    lock.emplace(target, wait, path);
    lock->remove_recorded_temp();
    const std::string name = temp_name(target);
    tmp = folder_of(target) + "/" + name;
    lock->record(name);
  } catch (const Error& e) {
    if (e.id() == "locked") throw;  // as a state file's writer gives up (exit 4)
    // No lock file in that folder: no temp file either, as the message says.
    const std::string what = e.what();
    const auto cause = what.rfind(": ");
    if (what.find(": cannot create the lock file: ") != std::string::npos && cause != std::string::npos)
      fail_output("write-error", path + ": cannot create a temp file beside it" + what.substr(cause));
    fail_output("write-error", what);
  }
  int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  if (fd < 0) fail_output_io(path, "cannot create a temp file beside it", errno);
  struct stat old {};
  if (::stat(target.c_str(), &old) == 0) {
    if (!S_ISREG(old.st_mode)) {
      ::close(fd);
      ::unlink(tmp.c_str());
      errno = 0;
      fail_output("write-error", path + ": " + kind_of(old.st_mode) + ", not a regular file; give another file");
    }
    (void)::fchmod(fd, old.st_mode & 07777);
  }
  const auto fail_here = [&](const std::string& what) {
    const int saved = errno;
    if (fd >= 0) ::close(fd);
    ::unlink(tmp.c_str());
    fail_output_io(path, what, saved);
  };
  if (!write_fully(fd, content)) fail_here("cannot write");
  if (::fsync(fd) != 0) fail_here("cannot sync");
  const int closing = fd;
  fd = -1;
  if (::close(closing) != 0) fail_here("cannot write");
  if (::rename(tmp.c_str(), target.c_str()) != 0) fail_here("cannot replace it");
  const std::string folder = folder_of(target);
  const int dfd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd >= 0) {
    const int rc = ::fsync(dfd);
    const int saved = errno;
    ::close(dfd);
    if (rc != 0 && saved != EINVAL) fail_output_io(folder, "written, but its folder cannot be synced", saved);
  }
}

bool names_standard_output(std::string_view path) {
  return path == "-" || path == "/dev/stdout" || path == "/dev/fd/1" || path == "/proc/self/fd/1";
}

namespace {

// Reads from `fd` until `text` holds `cap` bytes or the file ends; true at
// its end.
bool read_upto(int fd, std::string& text, std::size_t cap) {
  char buf[65536];
  while (text.size() < cap) {
    const ssize_t n = ::read(fd, buf, std::min(sizeof buf, cap - text.size()));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return n == 0;
    text.append(buf, static_cast<std::size_t>(n));
  }
  return false;
}

// Whether `text` holds the state file's format marker as a key and its
// value, whatever the spaces around the colon.
bool has_format_marker(const std::string& text) {
  const std::string key = "\"format\"";
  const std::string value = "\"" + std::string(state_format) + "\"";
  for (std::size_t at = text.find(key); at != std::string::npos; at = text.find(key, at + 1)) {
    std::size_t i = text.find_first_not_of(" \t\r\n", at + key.size());
    if (i == std::string::npos || text[i] != ':') continue;
    i = text.find_first_not_of(" \t\r\n", i + 1);
    if (i != std::string::npos && text.compare(i, value.size(), value) == 0) return true;
  }
  return false;
}

}  // namespace

bool holds_state_file(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
  if (fd < 0) return false;
  struct stat st {};
  std::string text;
  bool whole = false;
  if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
    // Its beginning, where write_state puts the marker; the rest, up to a
    // state file's limit, only when that is a JSON object's without it.
    whole = read_upto(fd, text, 65536);
    const auto first = text.find_first_not_of(" \t\r\n");
    if (!whole && first != std::string::npos && text[first] == '{' && !has_format_marker(text))
      whole = read_upto(fd, text, max_state_bytes + 1);
  }
  ::close(fd);
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first == std::string::npos || text[first] != '{') return false;
  if (has_format_marker(text)) return true;
  if (!whole) return false;
  try {  // the marker written otherwise (an escaped letter), as a reader takes it
    const auto doc = parse_strict(text, {path, ErrorKind::usage});
    if (!doc.is_object()) return false;
    const auto it = doc.find("format");
    return it != doc.end() && it->is_string() && it->get<std::string>() == state_format;
  } catch (const Error&) {
    return false;
  }
}

OutputFile::OutputFile(std::string path, Rules rules) : path_(std::move(path)), rules_(std::move(rules)) {
  standard_output_ = path_.empty() || names_standard_output(path_);
  if (standard_output_) return;
  std::string target = path_;
  try {
    target = resolve_links(path_);
  } catch (const Error&) {  // write() says why it cannot follow them
  }
  refuse_sidecar_name(path_, target, "an output file");
  const auto refuse = [&](std::string id, std::string reason) {
    throw Error::input_refusal(ErrorKind::usage, std::move(id), std::string(rules_.key), path_, std::move(reason));
  };
  if (!rules_.state_file.empty() && same_file(path_, rules_.state_file))
    refuse("output-is-state", "it is the state file itself; give another file");
  struct stat st {};
  if (::stat(path_.c_str(), &st) != 0) return;  // a new file (write() says why it cannot make one)
  if (S_ISDIR(st.st_mode) || S_ISBLK(st.st_mode) || S_ISSOCK(st.st_mode))
    refuse("not-a-file", std::string(kind_of(st.st_mode)) + ", not a file or a character device; give another file");
  if (read_only(st, path_))
    refuse("read-only", "read-only (no write permission), so siege leaves it as it is; make it writable (chmod "
                        "u+w), or give another file");
  if (rules_.replace == Replace::not_a_siege && holds_state_file(path_))
    refuse("output-is-siege", "a siege state file (it holds \"format\": \"" + std::string(state_format) +
                                  "\"), so siege leaves it as it is; give another file, or " + input_word("force") +
                                  " to replace it");
}

void OutputFile::write(std::string_view content) const {
  if (standard_output_) fail_output("write-error", "internal error: standard output written as a file");
  struct stat st {};
  if (::stat(path_.c_str(), &st) != 0 || S_ISREG(st.st_mode))
    return write_file_atomically(path_, content, rules_.wait);
  // A device or a pipe cannot be replaced: it is written in place (a FIFO,
  // as a shell's redirection does, once something reads it).
  int fd;
  do fd = ::open(path_.c_str(), O_WRONLY | O_CLOEXEC | O_NOCTTY);
  while (fd < 0 && errno == EINTR);
  if (fd < 0) fail_output_io(path_, "cannot open it to write", errno);
  if (!write_fully(fd, content)) {
    const int saved = errno;
    ::close(fd);
    fail_output_io(path_, "cannot write", saved);
  }
  if (::close(fd) != 0 && errno != EINTR) fail_output_io(path_, "cannot write", errno);
}

bool same_file(const std::string& a, const std::string& b) {
  struct stat x {}, y {};
  return ::stat(a.c_str(), &x) == 0 && ::stat(b.c_str(), &y) == 0 && x.st_dev == y.st_dev && x.st_ino == y.st_ino;
}

}  // namespace siege::cli
