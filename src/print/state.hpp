// print/state.hpp - what the printers of a state file's siege share
// (print/state.cpp writes the JSON, print/state_text.cpp the text and the
// tables of `status`): the parts of the siege that status shows apart.
#pragma once

#include <string>
#include <vector>

#include "siege/state_json.hpp"

namespace siege::print {

// E4: the warning once more than four scenes were played.
[[nodiscard]] std::vector<std::string> evening_over(const SiegeState& st);

// R39: a note of the log that status shows.
struct NoteLine {
  int entry = 0;
  int scene = 0;
  std::string text;
  bool referee_only = false;  // R44: a private note
};
// R39: the last notes of the log that status shows, oldest first.
[[nodiscard]] std::vector<NoteLine> last_notes(const SiegeState& st);

// R30: a gallery dug or digging this scene, with the days left of it.
struct GalleryLine {
  std::string section;
  MineGallery gallery;
  int left = 0;  // days of the scene left to dig
};
[[nodiscard]] std::vector<GalleryLine> galleries(const SiegeState& st);

}  // namespace siege::print
