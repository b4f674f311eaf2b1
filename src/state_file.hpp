// The one component that reads and replaces the state file on disk.
//
// The path given may be a symbolic link (or a chain of them): everything
// below happens to the file it leads to, the target, so a link stays a link
// and every path to one siege shares one lock. Writers take an advisory lock
// (flock) on the sidecar TARGET.lock and hold it across read-modify-write,
// so no update is ever lost. The lock file exists only while someone holds
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
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace siege::cli {

// An exclusive advisory lock on PATH.lock, held for the object's lifetime.
class StateLock {
 public:
  explicit StateLock(const std::string& path);
  ~StateLock();
  StateLock(const StateLock&) = delete;
  StateLock& operator=(const StateLock&) = delete;

 private:
  std::string lock_path_;
  int fd_ = -1;
};

class StateFile {
 public:
  enum class Access {
    read,    // no lock: the file as it is now; a missing file is an error
    update,  // locked; a missing file is an error
    create,  // locked; the file may be missing (exists() says)
  };

  StateFile(std::string path, Access access);
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
  [[nodiscard]] const std::string& text() const noexcept { return text_; }

  // Replaces the file with `content`, atomically and durably. Only with
  // update or create access; again as often as needed (batch --commit-each),
  // the lock held all along.
  void commit(std::string_view content);

 private:
  std::string path_;
  std::string target_;
  Access access_;
  std::optional<StateLock> lock_;
  bool exists_ = false;
  bool committed_ = false;
  std::string text_;
};

// Writes `content` to the file `path` leads to as commit() writes a state
// file: a temp file beside it, fsync, rename over it, fsync of its folder,
// so that a reader sees the old file or the new one, never a torn one. No
// lock (the last writer wins). For the files a command writes besides the
// state (chronicle -o): every failure is an output error (exit 5) naming
// `path`, and no temp file is left behind.
void write_file_atomically(const std::string& path, std::string_view content);

// Whether `a` and `b` lead to one existing file (the same device and inode).
[[nodiscard]] bool same_file(const std::string& a, const std::string& b);

}  // namespace siege::cli
