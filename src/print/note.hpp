// print/note.hpp - the note's outcome (R39) as JSON, as text and as its line
// in `siege log`: every printer of one outcome in one file, included only by
// its command (src/commands/cmd_note.cpp). The pattern for a new command's
// printers (CONTRIBUTING.md): they need no edit of json.hpp, text.hpp or
// log_lines.cpp, and no build file lists them.
#pragma once

#include <string>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "print/json.hpp"
#include "print/render.hpp"
#include "print/troop_words.hpp"
#include "siege/note.hpp"

namespace siege::print {

// {"schema", "action": "note", "text", "scene", "private" (R44: only when
// true), "rules", "notes", "not_modelled"}.
inline void write_note(JsonWriter& w, const NoteOutcome& o) {
  begin_outcome(w, "note").field("text", o.text).field("scene", o.scene);
  if (o.privacy == Privacy::referee_only) w.field("private", true);
  write_trailer(w, o.rules, o.notes, {});
  w.end_object();
}

// The line of free text and its scene.
[[nodiscard]] inline std::string note_text(const NoteOutcome& o) {
  std::string text = fmt::format("Note      {}{}\n", cli::escape_text(o.text),
                                 o.privacy == Privacy::referee_only ? " (private: the referee's alone)" : "");
  text += o.scene == 0 ? std::string("Scene     before the first scene\n") : fmt::format("Scene     {}\n", o.scene);
  text += fmt::format("Rules     {}\n", cli::rules_with_rulings(o.rules));
  return text;
}

// Its line in `siege log` and the chronicle, from the summary the log keeps
// ({"text"}, and "private": true for the referee's alone, R44).
[[nodiscard]] inline std::string describe_note(const nlohmann::json& o) {
  return (o.value("private", false) ? "noted (private): " : "noted: ") + o.value("text", std::string());
}

}  // namespace siege::print
