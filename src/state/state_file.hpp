// The one component that reads and replaces the state file on disk.
//
// The path given may be a symbolic link (or a chain of them): everything
// below happens to the file it leads to, the target, so a link stays a link
// and every path to one siege shares one lock. Writers take an advisory lock
// (flock) on the sidecar TARGET.lock and hold it across read-modify-write,
// so no update is ever lost; one that finds it held waits, saying so after a
// second, up to a bound (LockWait, --lock-wait), and then gives up with
// exit 4 ("locked"). The lock file exists only while someone holds
// it: the holder unlinks it before releasing, and a waiter that then gets
// the lock on the unlinked inode starts over.
// Only a regular file is read (a FIFO or a device is refused without
// blocking), and no more than max_state_bytes of it.
// commit() writes the new bytes to a temp file in the target's folder,
// fsyncs it, renames it over the target and fsyncs that folder: readers (who
// take no lock) see the old file or the new one, never a torn one. Nothing
// is written unless commit() is called; the destructor only cleans up
// (ccache's AtomicFile). Every failure is a state error (exit 4) naming the
// file.
//
// The sidecars of a file F are F.lock and the temp files F.tmp.PID.TOKEN
// (TOKEN 16 random hex digits; older versions wrote F.tmp.PID). A writer
// records the temp file's name in the lock file before it makes it, so a
// writer killed before its rename leaves the name behind in the lock file
// it held; the next writer, once it holds that lock, removes exactly the
// file named there, and nothing else: a file that merely looks like a temp
// file is never touched. No file whose name has a sidecar's form is ever
// written as a state file or a page (exit 2).
#pragma once

#include <chrono>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "siege/state_json.hpp"

namespace siege::cli {

// What a name of the form of a sidecar (see above) would be: "the lock
// file" for NAME.lock, "a temp file" for NAME.tmp.DIGITS or
// NAME.tmp.DIGITS.HEX; nullptr for any other name. Only the last part of
// `path` counts.
[[nodiscard]] const char* sidecar_form(std::string_view path);

// Refuses to write `path` (and `target`, the file its links lead to, when
// another) as `what` ("a state file", "the page") when its name has the
// form of a sidecar: a usage error (exit 2, "sidecar-name") naming it,
// whether or not the file it would be the sidecar of exists.
void refuse_sidecar_name(const std::string& path, const std::string& target, std::string_view what);
// The same, following the links of `path` itself.
void refuse_sidecar_path(const std::string& path, std::string_view what);

// How long a writer waits for a lock another process holds (--lock-wait),
// in whole seconds: 0 does not wait at all.
inline constexpr int default_lock_wait_seconds = 60;
inline constexpr int max_lock_wait_seconds = 86400;  // a day
// A writer that has waited this long says so, once.
inline constexpr int lock_notice_seconds = 1;

struct LockWait {
  int seconds = default_lock_wait_seconds;
};

// An exclusive advisory lock on PATH.lock, held for the object's lifetime.
// Taken at once when it is free; else the constructor waits, without
// spinning, up to `wait.seconds`: after lock_notice_seconds it says once
// on standard error that it waits, naming `shown` (the file as the user
// gave it; PATH when empty) and, when /proc/locks tells, the process that
// holds the lock ("siege: s.json: locked by process 1234 (siege); waiting
// up to 60 s"). When the wait is over, a state error (exit 4, "locked")
// naming the holder; nothing has been touched then.
class StateLock {
 public:
  explicit StateLock(const std::string& path, const LockWait& wait = {}, const std::string& shown = {});
  ~StateLock();
  StateLock(const StateLock&) = delete;
  StateLock& operator=(const StateLock&) = delete;

  // Removes the temp file of PATH whose name a killed holder recorded in
  // the lock file (record()), if it is still there, and clears the record.
  // A lock file that holds anything but a record (a file someone put
  // there) is a state error, and is left as it is.
  void remove_recorded_temp();
  // Records `name` (a temp file's name, no folder) in the lock file: the
  // proof that a later holder may remove it. Throws a state error when it
  // cannot be written (nothing is made then).
  void record(std::string_view name);
  [[nodiscard]] const std::string& lock_path() const noexcept { return lock_path_; }

 private:
  // How long a waiter has waited, across the lock files it went through.
  struct Waiting {
    std::optional<std::chrono::steady_clock::time_point> since;
    bool said = false;
    std::chrono::steady_clock::duration pause = std::chrono::milliseconds(1);
  };
  void take(int fd, const LockWait& wait, const std::string& named, Waiting& waited);

  std::string path_;
  std::string lock_path_;
  int fd_ = -1;
  bool foreign_ = false;  // the lock file holds what siege did not write: never unlinked
};

class StateFile {
 public:
  enum class Access {
    read,     // no lock: the file as it is now; a missing file is an error
    dry_run,  // read, for a command that would update it (--dry-run): refuses what update refuses first
    update,   // locked; a missing file is an error
    create,   // locked; the file may be missing (exists() says)
  };

  // `wait`: how long update and create access wait for another writer's
  // lock (StateLock).
  StateFile(std::string path, Access access, const LockWait& wait = {});
  ~StateFile() = default;  // releases the lock; never writes
  StateFile(const StateFile&) = delete;
  StateFile& operator=(const StateFile&) = delete;

  // The path as given (messages name it).
  [[nodiscard]] const std::string& path() const noexcept { return path_; }
  // The file it leads to once symbolic links are followed: the one read,
  // locked and replaced (path() when it is no link).
  [[nodiscard]] const std::string& target() const noexcept { return target_; }
  [[nodiscard]] bool exists() const noexcept { return exists_; }
  // The bytes read when the file was opened ("" when it does not exist).
  // A large file is mapped, not copied (allow_mapping): its pages are the
  // system's file cache.
  [[nodiscard]] std::string_view text() const noexcept { return text_; }
  // What keeps text() alive: a siege read from it refers to its bytes (its
  // log, siege::Log) and holds this as long as it does.
  [[nodiscard]] const std::shared_ptr<const void>& owner() const noexcept { return owner_; }
  // Lets go of the bytes read (what still refers to them keeps them).
  void forget_text() noexcept {
    owner_.reset();
    text_ = {};
  }

  // Replaces the file with `content` (its parts one after the other),
  // atomically and durably. Only with update or create access; again as
  // often as needed (batch --commit-each), the lock held all along.
  void commit(std::string_view content) { commit({content}); }
  void commit(std::initializer_list<std::string_view> parts);
  void commit(const siege::StateText& t) { commit({t.head, t.kept, t.tail}); }

 private:
  std::string path_;
  std::string target_;
  Access access_;
  std::optional<StateLock> lock_;
  bool exists_ = false;
  bool committed_ = false;
  std::shared_ptr<const void> owner_;
  std::string_view text_;
};

// Whether a state file of 64 KiB or more may be mapped into memory rather
// than read into it (StateFile::text): on by default, for a command run
// once. Off for good once a long-lived front end (play, serve) starts: a
// program that cuts a mapped file short makes the next touch of a page it
// took away a SIGBUS, which ends the process. The command line's handler
// of that signal reports mapped_state_path() and exits 4; no state file is
// ever left torn (a commit renames only a temp file written in full).
void forbid_mapping() noexcept;
// The file last mapped, as the user named it ("" when none).
[[nodiscard]] const char* mapped_state_path() noexcept;

// Writes `content` to the file `path` leads to as commit() writes a state
// file: a temp file beside it, fsync, rename over it, fsync of its folder,
// so that a reader sees the old file or the new one, never a torn one. For
// the files a command writes besides the state (OutputFile below): every
// failure is an output error (exit 5) naming `path`, and no temp file is
// left behind. It takes the lock beside the file as commit() does (so a
// killed writer's temp file is removed by the next, and two writers run one
// after the other), waiting for it as `wait` says and giving up as
// StateLock does (exit 4, "locked"); a name of a sidecar's form is refused
// (exit 2). It checks nothing else: OutputFile does.
void write_file_atomically(const std::string& path, std::string_view content, const LockWait& wait = {});

// Whether `path` names standard output: "-", /dev/stdout, /dev/fd/1 or
// /proc/self/fd/1 (written through the command's output, not opened).
[[nodiscard]] bool names_standard_output(std::string_view path);

// Whether the file `path` leads to holds a siege state file, by its
// content: a regular file whose text, a JSON object, carries the state
// file's format marker ("format": "siege-state", the mark every state file
// reader looks for first) in its beginning, or parses as JSON with that
// marker. False for a file that is missing, unreadable or not regular.
[[nodiscard]] bool holds_state_file(const std::string& path);

// A file a command writes besides the state file (chronicle -o FILE): the
// one rule for every such path of the program. The constructor refuses,
// before anything is written, with a usage error (exit 2) about input
// `key` naming the path and why:
//   - a name of a sidecar's form (refuse_sidecar_name, "sidecar-name");
//   - the file of --state (`state_file`, "output-is-state"), always;
//   - a file the state file rule would refuse as read-only: no write bit,
//     or not writable by this user (access(W_OK)) ("read-only");
//   - a siege state file (holds_state_file), unless `replace` is
//     Replace::even_a_siege (--force) ("output-is-siege");
//   - a folder, a block device or a socket ("not-a-file").
// write() then writes standard output's names (names_standard_output) not at
// all (standard_output() says so: the caller writes to its own output), a
// character device or a FIFO (/dev/null, /dev/full, a terminal, a pipe) in
// place, opened and written directly, and any other path atomically
// (write_file_atomically). A failed write is an output error (exit 5).
class OutputFile {
 public:
  enum class Replace { not_a_siege, even_a_siege };
  struct Rules {
    std::string_view key = "output";  // the input naming the file, for messages
    Replace replace = Replace::not_a_siege;
    std::string state_file;  // the state file of the command ("": none)
    LockWait wait;           // for the lock beside the file
  };

  OutputFile(std::string path, Rules rules);
  [[nodiscard]] const std::string& path() const noexcept { return path_; }
  // "" or one of standard output's names: write() is not for it.
  [[nodiscard]] bool standard_output() const noexcept { return standard_output_; }
  // Writes `content` where the path leads (see above); never standard output.
  void write(std::string_view content) const;

 private:
  std::string path_;
  Rules rules_;
  bool standard_output_ = false;
};

// Whether `a` and `b` lead to one existing file (the same device and inode).
[[nodiscard]] bool same_file(const std::string& a, const std::string& b);

}  // namespace siege::cli
