// The message of the error a piece of code throws, for tests of refusals:
// as the command line reports it (src/front/command.hpp: reported), the inputs
// and commands it names spelled as options and command lines, a refusal
// named as the placeholder command's, "COMMAND: ..." (the core names none).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

#include "commands/command.hpp"
#include "siege/error.hpp"

namespace siege::test {

// `e` as the command line reports it, a refusal named "COMMAND".
inline std::string reported_text(const Error& e) { return siege::cli::reported(e, "COMMAND").what(); }

// An outcome's notes as the command line prints them (spell_notes).
inline std::vector<std::string> printed_notes(std::vector<std::string> notes) {
  siege::cli::spell_notes(notes);
  return notes;
}

// The message of the siege::Error `f` throws, checked to be of `kind`; a
// failed test when it throws none.
template <typename F>
std::string error_of(F&& f, ErrorKind kind) {
  try {
    f();
  } catch (const Error& e) {
    CHECK(e.kind() == kind);
    return reported_text(e);
  }
  FAIL("no error thrown");
  return {};
}

// The message of the usage error (exit 2) `f` throws.
template <typename F>
std::string usage_error_of(F&& f) {
  return error_of(std::forward<F>(f), ErrorKind::usage);
}

}  // namespace siege::test
