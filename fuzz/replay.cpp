// Replays fuzz inputs through a fuzz target without libFuzzer, so that every
// build (g++ included) runs the saved corpus under CTest:
//   fuzz_replay_X FILE_OR_DIR...
#include <dirent.h>
#include <sys/stat.h>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

int replay_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  const std::string bytes = ss.str();
  LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
  return 1;
}

int replay(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    std::fprintf(stderr, "replay: %s: not found\n", path.c_str());
    return -1;
  }
  if (!S_ISDIR(st.st_mode)) return replay_file(path);
  int n = 0;
  DIR* d = ::opendir(path.c_str());
  std::vector<std::string> names;
  while (const dirent* e = ::readdir(d))
    if (e->d_name[0] != '.') names.emplace_back(e->d_name);
  ::closedir(d);
  for (const auto& name : names) {
    const int r = replay(path + "/" + name);
    if (r < 0) return r;
    n += r;
  }
  return n;
}

}  // namespace

int main(int argc, char** argv) {
  int total = 0;
  for (int i = 1; i < argc; ++i) {
    const int n = replay(argv[i]);
    if (n < 0) return 2;
    total += n;
  }
  std::printf("replayed %d inputs without a crash\n", total);
  return 0;
}
