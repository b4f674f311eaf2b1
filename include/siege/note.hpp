// siege/note.hpp - a referee's note in the log of a siege (R39).
//
// A note is a line of free text (a parley, a ruling, who killed whom) that
// belongs to the scene it is written in (R30) and changes nothing else in
// the siege. Pure: the text in, the outcome out.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "siege/error.hpp"
#include "siege/structure.hpp"
#include "siege/text.hpp"
#include "siege/rule.hpp"

namespace siege {

// The rules this header applies, as outcomes list them (siege/rules.hpp
// gathers every header's into the catalogue).
inline constexpr RuleInfo note_rules[] = {
    {"note", "R39", "a line of free text in the log, in the current scene; it changes nothing else"},
    {"private-note", "R44", "a note only the referee sees: never in the players' view"},
};

// R44: whether a note is the referee's alone.
enum class Privacy { shared, referee_only };

// R39: the most bytes of UTF-8 a note holds.
inline constexpr std::size_t max_note_bytes = 1000;

struct NoteOutcome {
  std::string text;
  int scene = 0;  // the scene it belongs to (R30); 0 before the first
  Privacy privacy = Privacy::shared;
  std::vector<std::string> rules;
  std::vector<std::string> notes;
};

// R39: a note of `text` written in scene `scene`; R44: for the referee alone
// when `privacy` says so. Refuses an empty text (or
// one of blanks only), one past max_note_bytes (naming the limit), and one
// against R42; the errors are about input `text`.
[[nodiscard]] inline NoteOutcome resolve_note(std::string text, int scene, Privacy privacy = Privacy::shared) {
  // Blanks alone are no text either: the log would show an empty line.
  if (text.find_first_not_of(" \t") == std::string::npos)
    fail_input("missing-option", "text", {}, "a note needs some text (R39)");
  if (text.size() > max_note_bytes)
    fail_input("note-too-long", "text", {},
               std::to_string(text.size()) + " bytes; a note holds at most " + std::to_string(max_note_bytes) +
                   " bytes of UTF-8 (R39)");
  text::check_text_input("text", text, text::TextFrom::typed);  // R42
  NoteOutcome o;
  o.text = std::move(text);
  o.scene = scene;
  o.privacy = privacy;
  o.rules = {"note"};
  if (privacy == Privacy::referee_only) o.rules.emplace_back("private-note");
  return o;
}

}  // namespace siege
