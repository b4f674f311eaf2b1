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

// Where an error happened, as a front end names it: the file (with the line
// of a JSON Lines stream: "in.jsonl:7") and the place inside it ("/log/3/inputs",
// "12:5"; empty for the whole line or file).
struct ErrorPlace {
  std::string file;
  std::string where;
};

class Error : public std::runtime_error {
 public:
  // An error whose message says all there is to say.
  Error(ErrorKind kind, std::string id, const std::string& message)
      : std::runtime_error(without_nul(message)), kind_(kind), id_(std::move(id)), reason_(what()) {}

  // An error in one input, named by its key (the option without "--", the
  // JSON key of a batch line or a log entry) and the value given ("30"; empty
  // for a flag or when the value says nothing). The front end that knows
  // where the input came from places it (at()); unplaced, it reads as on
  // the command line: "--damage-taken 30: expected from 0 to 20".
  [[nodiscard]] static Error in_input(ErrorKind kind, std::string id, std::string key, std::string value,
                                      std::string reason) {
    return Error(kind, std::move(id), ErrorPlace{}, std::move(key), std::move(value), std::move(reason));
  }
  // An error at a known place: "FILE:WHERE: reason".
  Error(ErrorKind kind, std::string id, ErrorPlace place, std::string reason)
      : Error(kind, std::move(id), std::move(place), {}, {}, std::move(reason)) {}

  [[nodiscard]] ErrorKind kind() const noexcept { return kind_; }
  // A stable machine-readable identifier, e.g. "unknown-id", "bad-table".
  [[nodiscard]] const std::string& id() const noexcept { return id_; }
  [[nodiscard]] int exit_code() const noexcept { return static_cast<int>(kind_); }
  // The input at fault (its key), or empty.
  [[nodiscard]] const std::string& input() const noexcept { return input_; }
  // The message without its place and input.
  [[nodiscard]] const std::string& reason() const noexcept { return reason_; }
  [[nodiscard]] bool placed() const noexcept { return !place_.file.empty(); }
  // Where it was met ({} when unplaced): a reader's error names the JSON pointer in `where`.
  [[nodiscard]] const ErrorPlace& place() const noexcept { return place_; }

  // This error known to be about input `key`, its message unchanged (it
  // already names the place, as a reader's error does).
  [[nodiscard]] Error about(std::string key) const {
    Error e = *this;
    if (e.input_.empty()) e.input_ = std::move(key);
    return e;
  }

  // This error as met at `place`, unless it already names its own: an input
  // at fault reads "FILE:WHERE/KEY: VALUE: reason" (the input's JSON pointer
  // in the line or the log entry), any other error "FILE:WHERE: reason".
  [[nodiscard]] Error at(ErrorPlace place) const {
    if (placed()) return *this;
    return Error(kind_, id_, std::move(place), input_, value_, reason_);
  }

 private:
  Error(ErrorKind kind, std::string id, ErrorPlace place, std::string key, std::string value,
        std::string reason)
      : std::runtime_error(without_nul(compose(place, key, value, reason))),
        kind_(kind),
        id_(std::move(id)),
        place_(std::move(place)),
        input_(std::move(key)),
        value_(std::move(value)),
        reason_(std::move(reason)) {}

  static std::string compose(const ErrorPlace& place, const std::string& key, const std::string& value,
                             const std::string& reason) {
    std::string out;
    if (!place.file.empty()) {
      out += place.file;
      out += ':';
      out += place.where;
      if (!key.empty()) {
        out += '/';
        out += key;  // input keys are plain words: nothing to escape in a JSON pointer
      }
      out += place.where.empty() && key.empty() ? " " : ": ";
      if (!key.empty() && !value.empty()) {
        out += value;
        out += ": ";
      }
    } else if (!key.empty()) {
      out += "--";
      out += key;
      if (!value.empty()) {
        out += ' ';
        out += value;
      }
      out += ": ";
    }
    out += reason;
    return out;
  }

  ErrorKind kind_;
  std::string id_;
  ErrorPlace place_;
  std::string input_;
  std::string value_;
  std::string reason_;
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
// A usage error in one input (see Error::in_input): `value` as given, or empty.
[[noreturn]] inline void fail_input(std::string id, std::string key, std::string value, std::string reason) {
  throw Error::in_input(ErrorKind::usage, std::move(id), std::move(key), std::move(value), std::move(reason));
}

}  // namespace siege
