// The test program's main() is Catch2's own, prebuilt by Debian
// (libCatch2WithMain.a, target Catch2::Catch2WithMain): compiling Catch2's
// runner here took 17 to 20 CPU seconds in each build of tools/test-all.
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
