#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

#include <string>

// The paths of this build, compiled into this file alone: every other test
// file is then the same for any checkout, so a compiler cache can share it.
namespace siege::test {
const std::string& binary_path() {
  static const std::string p = SIEGE_BINARY;
  return p;
}
const std::string& source_dir() {
  static const std::string p = SIEGE_SOURCE_DIR;
  return p;
}
const std::string& shared_dir() {
  static const std::string p = SIEGE_SHARED_DIR;
  return p;
}
}  // namespace siege::test
