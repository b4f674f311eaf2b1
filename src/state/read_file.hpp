// Reading a whole input file under a size cap: the tables of --data and the
// description of `init --from`.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "siege/error.hpp"

namespace siege::cli {

// The most bytes an input file may hold: the cap of parse_strict
// (siege/detail/json_read.hpp), far above any real table or description.
inline constexpr std::size_t max_input_bytes = 16u * 1024u * 1024u;

// How a refusal is reported: the kind (exit status) and the error id.
struct FailAs {
  ErrorKind kind;
  const char* id;
};

// What a path that names nothing means: an error, or "no such file" (nullopt).
enum class IfMissing { fail, absent };

// The bytes of the regular file at `path`. Refusals are an Error of `as`,
// one line "SHOWN: cannot read: REASON": what is not a regular file (a
// folder, a FIFO, a device, a socket: checked on the descriptor, which is
// opened without blocking, so nothing changes between check and read), a
// file of more than `limit` bytes (counted while reading: /dev/zero or a
// growing file cannot overrun it), a symbolic link that leads nowhere or
// loops, and any error of the system (permission denied, ...). A path that
// names nothing (not even a dangling link) is nullopt with IfMissing::absent.
[[nodiscard]] std::optional<std::string> read_regular_file(const std::string& path, const std::string& shown,
                                                           FailAs as, IfMissing missing,
                                                           std::size_t limit = max_input_bytes);

// Refuses (an Error of `as`, "SHOWN: ...") a path that names no folder, or
// a folder this user cannot open files in (no search permission).
void check_folder(const std::string& path, const std::string& shown, FailAs as);

// The bytes of descriptor `fd` (standard input: a pipe, a terminal or a
// file) up to its end, refusing more than `limit` bytes while reading.
[[nodiscard]] std::string read_stream(int fd, const std::string& shown, FailAs as,
                                      std::size_t limit = max_input_bytes);

}  // namespace siege::cli
