// The message of the error a piece of code throws, for tests of refusals.
#pragma once

#include <string>
#include <utility>

#include <catch2/catch.hpp>

#include "siege/error.hpp"

namespace siege::test {

// The message of the siege::Error `f` throws, checked to be of `kind`; a
// failed test when it throws none.
template <typename F>
std::string error_of(F&& f, ErrorKind kind) {
  try {
    f();
  } catch (const Error& e) {
    CHECK(e.kind() == kind);
    return e.what();
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
