// Test helpers: in-memory tables, a fixed check, and running the built binary.
#pragma once

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "state/builtin_tables.hpp"
#include "siege/siege.hpp"

// SIEGE_TEST_ASAN: this build runs under AddressSanitizer (GCC defines
// __SANITIZE_ADDRESS__; clang 14 only answers __has_feature).
#if defined(__SANITIZE_ADDRESS__)
#define SIEGE_TEST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SIEGE_TEST_ASAN 1
#endif
#endif

namespace siege::test {

// This build's paths (tests/paths.cpp; the macros below name them).
const std::string& binary_path();
const std::string& source_dir();
const std::string& shared_dir();
#define SIEGE_BINARY (::siege::test::binary_path())
#define SIEGE_SOURCE_DIR (::siege::test::source_dir())
#define SIEGE_SHARED_DIR (::siege::test::shared_dir())

inline const Tables& tables() { return cli::builtin_tables(); }

// The result of running the siege binary.
struct Run {
  int status = -1;
  std::string out;
  std::string err;
  [[nodiscard]] nlohmann::json json() const { return nlohmann::json::parse(out); }
};

inline std::string shell_quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// A state file's text without its redo list (R40: undo keeps the entries it
// took back in a top-level "redo" after "log"): the file as it was before
// them, for an undo compared byte for byte with the file before its entries.
inline std::string without_redo(const std::string& text) {
  if (const auto at = text.find("\n  ],\n  \"redo\": [\n"); at != std::string::npos)
    return text.substr(0, at) + "\n  ]\n}\n";
  if (const auto at = text.find("\n  \"log\": [],\n  \"redo\": [\n"); at != std::string::npos)
    return text.substr(0, at) + "\n  \"log\": []\n}\n";  // every entry taken back
  return text;
}

// Runs `siege ARGS...` with optional standard input and environment prefix.
inline Run siege(const std::vector<std::string>& args, const std::string& stdin_text = "",
                 const std::string& env = "") {
  static int counter = 0;
  const std::string base = "/tmp/siege-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++);
  std::string cmd = env.empty() ? "" : env + " ";
  cmd += SIEGE_BINARY;
  for (const auto& a : args) cmd += " " + shell_quote(a);
  {
    std::ofstream in(base + ".in", std::ios::binary);
    in << stdin_text;
  }
  cmd += " <" + base + ".in >" + base + ".out 2>" + base + ".err";
  const int rc = std::system(cmd.c_str());
  Run r;
  r.status = WIFEXITED(rc) ? WEXITSTATUS(rc) : 128 + WTERMSIG(rc);
  r.out = slurp(base + ".out");
  r.err = slurp(base + ".err");
  std::remove((base + ".in").c_str());
  std::remove((base + ".out").c_str());
  std::remove((base + ".err").c_str());
  return r;
}

// A referee's check: the given net Successes and Boons, no dice.
inline CheckResult referee(int successes, int boons = 0) {
  return referee_check(Difficulty::easy, successes, boons);
}

}  // namespace siege::test
