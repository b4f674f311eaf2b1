// siege/error.hpp - the one error type of the library.
//
// Every failure the core or the CLI reports is a siege::Error. Its kind fixes
// the process exit status (INTERFACE.md): usage 2, data 3, state 4,
// output 5, internal 6. The CLI
// maps errors to exit codes in exactly one place (src/cli.cpp).
#pragma once

#include <stdexcept>
#include <string>

namespace siege {

enum class ErrorKind {
  usage = 2,  // bad option, unknown id, rule refusal: nothing changes
  data = 3,   // a data table is invalid
  state = 4,     // the state file is invalid or could not be updated
  output = 5,    // the output could not be written (a full disk, a closed descriptor)
  internal = 6,  // out of memory, or a bug
};

// `message` with each NUL byte written as \u0000: what() is a C string, in
// which a NUL would end the message there.
[[nodiscard]] inline std::string without_nul(std::string message) {
  for (auto at = message.find('\0'); at != std::string::npos; at = message.find('\0', at + 6))
    message.replace(at, 1, "\\u0000");
  return message;
}

class Error : public std::runtime_error {
 public:
  Error(ErrorKind kind, std::string id, const std::string& message)
      : std::runtime_error(without_nul(message)), kind_(kind), id_(std::move(id)) {}

  [[nodiscard]] ErrorKind kind() const noexcept { return kind_; }
  // A stable machine-readable identifier, e.g. "unknown-id", "bad-table".
  [[nodiscard]] const std::string& id() const noexcept { return id_; }
  [[nodiscard]] int exit_code() const noexcept { return static_cast<int>(kind_); }

 private:
  ErrorKind kind_;
  std::string id_;
};

[[noreturn]] inline void fail_usage(std::string id, const std::string& message) {
  throw Error(ErrorKind::usage, std::move(id), message);
}
[[noreturn]] inline void fail_data(std::string id, const std::string& message) {
  throw Error(ErrorKind::data, std::move(id), message);
}
[[noreturn]] inline void fail_state(std::string id, const std::string& message) {
  throw Error(ErrorKind::state, std::move(id), message);
}
[[noreturn]] inline void fail_output(std::string id, const std::string& message) {
  throw Error(ErrorKind::output, std::move(id), message);
}

}  // namespace siege
