// siege/error.hpp - the one error type of the library.
//
// Every failure the core or the CLI reports is a siege::Error. Its kind fixes
// the process exit status (INTERFACE.md): usage 2, data 3, state 4,
// output 5, internal 6. The CLI
// maps errors to exit codes in exactly one place (src/front/cli.cpp).
#pragma once

#include <initializer_list>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

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

// ---------------------------------------------------------------- words the front end writes
//
// The core never spells an option or a command line: a reason that names an
// input or a command marks it, and the front end that reports the error
// writes it its own way (Error::spelled with its Spelling). Until then
// what() writes an input as the command line takes it ("--needed") and a
// command as its bare words ("status").

// `s` between single quotes, as messages name a value: 'north-wall'.
// (Built by appending: GCC 12 reports "'" + std::string(s) as a memcpy out
// of bounds at -O3, bug 105651, in every file that includes it alone.)
[[nodiscard]] inline std::string quoted(std::string_view s) {
  std::string out;
  out.reserve(s.size() + 2);
  out += '\'';
  out.append(s);
  out += '\'';
  return out;
}

// An input named inside a reason, by its key: "needs " + input_word("needed").
[[nodiscard]] inline std::string input_word(std::string_view key) {
  std::string out = "\x1f";
  out += key;
  out += '\x1f';
  return out;
}

// A command line named inside a reason (a hint), as the words after the
// program's name: "see '" + command_words({"status"}) + "'". The front end
// builds it from its table of commands, so it is one that the program takes.
[[nodiscard]] inline std::string command_words(std::initializer_list<std::string_view> words) {
  std::string out = "\x1e";
  for (std::string_view w : words) {
    if (out.size() > 1) out += '\x1d';
    out += w;
  }
  out += '\x1e';
  return out;
}

// How a front end writes the inputs and commands a reason names.
struct Spelling {
  std::string (*input)(std::string_view key);
  std::string (*command)(const std::vector<std::string>& words);
};

namespace detail {
[[nodiscard]] inline std::string option_spelling(std::string_view key) {
  std::string out = "--";
  out += key;
  return out;
}
[[nodiscard]] inline std::string bare_command_spelling(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) {
    if (!out.empty()) out += ' ';
    const bool input = w.size() > 2 && w.front() == '\x1f' && w.back() == '\x1f';
    out += input ? option_spelling(std::string_view(w).substr(1, w.size() - 2)) : w;
  }
  return out;
}
inline constexpr Spelling core_spelling{option_spelling, bare_command_spelling};
}  // namespace detail

// `text` with every mark of input_word() and command_words() written by `spelling`.
[[nodiscard]] inline std::string spelled(std::string_view text, const Spelling& spelling) {
  std::string out;
  for (std::size_t at = 0; at < text.size();) {
    const char c = text[at];
    const std::size_t end = c == '\x1f' || c == '\x1e' ? text.find(c, at + 1) : std::string_view::npos;
    if (end == std::string_view::npos) {
      out += c;
      ++at;
      continue;
    }
    const std::string_view inside = text.substr(at + 1, end - at - 1);
    if (c == '\x1f') {
      out += spelling.input(inside);
    } else {
      std::vector<std::string> words;
      for (std::size_t from = 0;;) {
        const std::size_t sep = inside.find('\x1d', from);
        words.emplace_back(inside.substr(from, sep == std::string_view::npos ? sep : sep - from));
        if (sep == std::string_view::npos) break;
        from = sep + 1;
      }
      out += spelling.command(words);
    }
    at = end + 1;
  }
  return out;
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
      : Error(kind, std::move(id), ErrorPlace{}, {}, {}, without_nul(message)) {}

  // A refusal by the rule of the command being run: the front end that runs
  // it names the command in front ("hold: a routed unit cannot hold ...";
  // in_command()).
  [[nodiscard]] static Error refusal(ErrorKind kind, std::string id, std::string reason) {
    Error e(kind, std::move(id), std::move(reason));
    e.by_command_ = true;
    return e;
  }

  // An error in one input, named by its key (the option without "--", the
  // JSON key of a batch line or a log entry) and the value given ("30"; empty
  // for a flag or when the value says nothing). The front end that knows
  // where the input came from places it (at()); unplaced, it reads as on
  // the command line: "--damage-taken 30: expected from 0 to 20".
  [[nodiscard]] static Error in_input(ErrorKind kind, std::string id, std::string key, std::string value,
                                      std::string reason) {
    return Error(kind, std::move(id), ErrorPlace{}, std::move(key), std::move(value), std::move(reason));
  }
  // An error in one input (in_input) that is the command's refusal too
  // (refusal): the front end names both, "attack: --structure: missing ..."
  // on the command line, "in.jsonl:7:/structure: attack: missing ..." in batch.
  [[nodiscard]] static Error input_refusal(ErrorKind kind, std::string id, std::string key, std::string value,
                                           std::string reason) {
    Error e = in_input(kind, std::move(id), std::move(key), std::move(value), std::move(reason));
    e.by_command_ = true;
    return e;
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
  // The message without its place, command and input, its marks
  // (input_word, command_words) not yet spelled.
  [[nodiscard]] const std::string& reason() const noexcept { return reason_; }
  // The command named in front of a refusal (in_command), or empty.
  [[nodiscard]] const std::string& command() const noexcept { return command_; }
  [[nodiscard]] bool placed() const noexcept { return !place_.file.empty(); }
  // Where it was met ({} when unplaced): a reader's error names the JSON pointer in `where`.
  [[nodiscard]] const ErrorPlace& place() const noexcept { return place_; }

  // This error known to be about input `key`, its message unchanged (it
  // already names the place, as a reader's error does).
  [[nodiscard]] Error about(std::string key) const {
    Error e = *this;
    if (e.input_.empty()) {
      e.input_ = std::move(key);
      e.keyed_ = false;
    }
    return e;
  }

  // This error as met at `place`, unless it already names its own: an input
  // at fault reads "FILE:WHERE/KEY: VALUE: reason" (the input's JSON pointer
  // in the line or the log entry), any other error "FILE:WHERE: reason".
  [[nodiscard]] Error at(ErrorPlace place) const {
    if (placed()) return *this;
    Error e = *this;
    e.place_ = std::move(place);
    e.keyed_ = true;
    return e.recomposed();
  }

  // A refusal (refusal()) as the command `name` refused it ("abatis build",
  // "odds scene"); any other error, or one already named, unchanged.
  [[nodiscard]] Error in_command(std::string_view name) const {
    if (!by_command_ || !command_.empty()) return *this;
    Error e = *this;
    e.command_ = name;
    return e.recomposed();
  }

  // what() with the marks of its reason kept (unspelled): for an error whose
  // message becomes the reason of another.
  [[nodiscard]] std::string marked_message() const {
    return compose(place_, command_, keyed_ ? input_ : std::string(), value_, reason_);
  }

  // This error with the inputs and commands its reason names written by `spelling`.
  [[nodiscard]] Error spelled(const Spelling& spelling) const {
    Error e = *this;
    e.spelling_ = &spelling;
    return e.recomposed();
  }

  // The most errors of one input reported together (siege init: a
  // description's); past it, only their count.
  static constexpr std::size_t max_reported = 20;
  // The errors found in the same input after this one (at most
  // max_reported - 1), and how many more were found past those.
  [[nodiscard]] const std::vector<Error>& others() const noexcept { return others_; }
  [[nodiscard]] std::size_t others_not_kept() const noexcept { return not_kept_; }
  // This error, the first of `errors`, with the rest of them (as many as
  // max_reported allows) and the count of those left out.
  [[nodiscard]] static Error first_of(std::vector<Error> errors, std::size_t not_kept) {
    Error e = errors.front();
    errors.erase(errors.begin());
    if (errors.size() >= max_reported) {
      not_kept += errors.size() - (max_reported - 1);
      errors.erase(errors.begin() + static_cast<std::ptrdiff_t>(max_reported - 1), errors.end());
    }
    for (Error& x : errors) e.others_.push_back(std::move(x));
    e.not_kept_ = not_kept;
    return e;
  }
  // This error and its others, each through `f` (spelled, placed, named).
  template <typename F>
  [[nodiscard]] Error each_changed(F&& f) const {
    Error e = f(*this);
    e.others_.clear();
    for (const Error& x : others_) e.others_.push_back(f(x));
    e.not_kept_ = not_kept_;
    return e;
  }

 private:
  Error(ErrorKind kind, std::string id, ErrorPlace place, std::string key, std::string value,
        std::string reason)
      : std::runtime_error(without_nul(compose(place, {}, key, value, siege::spelled(reason, detail::core_spelling)))),
        kind_(kind),
        id_(std::move(id)),
        place_(std::move(place)),
        input_(std::move(key)),
        value_(std::move(value)),
        reason_(std::move(reason)) {}

  [[nodiscard]] Error recomposed() const {
    Error e(kind_, id_, place_, input_, value_, reason_);
    e.command_ = command_;
    e.by_command_ = by_command_;
    e.spelling_ = spelling_;
    e.keyed_ = keyed_;
    e.others_ = others_;
    e.not_kept_ = not_kept_;
    static_cast<std::runtime_error&>(e) = std::runtime_error(without_nul(
        compose(place_, command_, keyed_ ? input_ : std::string(), value_, siege::spelled(reason_, *spelling_))));
    return e;
  }

  static std::string compose(const ErrorPlace& place, const std::string& command, const std::string& key,
                             const std::string& value, const std::string& reason) {
    std::string out;
    const std::string named = command.empty() ? std::string() : command + ": ";
    if (!place.file.empty()) {
      out += place.file;
      out += ':';
      out += place.where;
      if (!key.empty()) {
        out += '/';
        out += key;  // input keys are plain words: nothing to escape in a JSON pointer
      }
      out += place.where.empty() && key.empty() ? " " : ": ";
      out += named;
      if (!key.empty() && !value.empty()) {
        out += value;
        out += ": ";
      }
    } else if (!key.empty()) {
      out += named;
      out += detail::option_spelling(key);
      if (!value.empty()) {
        out += ' ';
        out += value;
      }
      out += ": ";
    } else {
      out += named;
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
  std::string command_;
  bool by_command_ = false;
  bool keyed_ = true;  // the input is part of the message (not only known: about())
  const Spelling* spelling_ = &detail::core_spelling;
  std::vector<Error> others_;  // first_of: the errors found with this one
  std::size_t not_kept_ = 0;
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
// A usage refusal by the rule of the command being run (Error::refusal):
// the front end names the command.
[[noreturn]] inline void fail_refusal(std::string id, std::string reason) {
  throw Error::refusal(ErrorKind::usage, std::move(id), std::move(reason));
}
// A usage error in one input (see Error::in_input): `value` as given, or empty.
[[noreturn]] inline void fail_input(std::string id, std::string key, std::string value, std::string reason) {
  throw Error::in_input(ErrorKind::usage, std::move(id), std::move(key), std::move(value), std::move(reason));
}

}  // namespace siege
