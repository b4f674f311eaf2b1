// siege/note.hpp - a referee's note in the log of a siege (R39).
//
// A note is a line of free text (a parley, a ruling, who killed whom) that
// belongs to the scene it is written in (R30) and changes nothing else in
// the siege. Pure: the text in, the outcome out.
#pragma once

#include <cstddef>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "siege/detail/json_writer.hpp"
#include "siege/error.hpp"
#include "siege/report.hpp"

namespace siege {

// R39: the most bytes of UTF-8 a note holds.
inline constexpr std::size_t max_note_bytes = 1000;

struct NoteOutcome {
  std::string text;
  int scene = 0;  // the scene it belongs to (R30); 0 before the first
  std::vector<std::string> rules;
  std::vector<std::string> notes;
};

namespace detail {

// The length of the UTF-8 sequence at text[i] and its code point in `cp`;
// 0 when the bytes there are not UTF-8 (overlong, surrogate, past U+10FFFF,
// cut short).
[[nodiscard]] inline std::size_t note_utf8_at(std::string_view text, std::size_t i, char32_t& cp) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[i + k]); };
  const unsigned char c = byte(0);
  std::size_t n = 0;
  char32_t min = 0;
  if (c < 0x80) {
    cp = c;
    return 1;
  }
  if (c >= 0xc2 && c <= 0xdf) n = 2, cp = c & 0x1f, min = 0x80;
  else if (c >= 0xe0 && c <= 0xef) n = 3, cp = c & 0x0f, min = 0x800;
  else if (c >= 0xf0 && c <= 0xf4) n = 4, cp = c & 0x07, min = 0x10000;
  else return 0;
  if (i + n > text.size()) return 0;
  for (std::size_t k = 1; k < n; ++k) {
    if ((byte(k) & 0xc0) != 0x80) return 0;
    cp = (cp << 6) | (byte(k) & 0x3f);
  }
  if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return 0;
  return n;
}

}  // namespace detail

// R42: replaced by the shared text check at merge.
// Refuses (a usage error about input `key`) a text that is not valid UTF-8
// or that holds a C0 or C1 control character (U+0000 to U+001F, U+007F to
// U+009F: a newline, a tab, an escape ...), naming the byte where it is.
inline void check_note_text(std::string_view text, std::string_view key) {
  for (std::size_t i = 0; i < text.size();) {
    char32_t cp = 0;
    const std::size_t n = detail::note_utf8_at(text, i, cp);
    if (n == 0)
      fail_input("bad-text", std::string(key), {},
                 "not valid UTF-8 at byte " + std::to_string(i + 1) + " (R42)");
    if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f)) {
      char code[16];
      std::snprintf(code, sizeof code, "U+%04X", static_cast<unsigned>(cp));
      fail_input("bad-text", std::string(key), {},
                 "a control character (" + std::string(code) + ") at byte " + std::to_string(i + 1) +
                     ": a note is one line of text (R42)");
    }
    i += n;
  }
}

// R39: a note of `text` written in scene `scene`. Refuses an empty text, one
// past max_note_bytes (naming the limit), and one against R42; the errors
// are about input `text`.
[[nodiscard]] inline NoteOutcome resolve_note(std::string text, int scene) {
  if (text.empty()) fail_input("missing-option", "text", {}, "a note needs some text (R39)");
  if (text.size() > max_note_bytes)
    fail_input("note-too-long", "text", {},
               std::to_string(text.size()) + " bytes; a note holds at most " + std::to_string(max_note_bytes) +
                   " bytes of UTF-8 (R39)");
  check_note_text(text, "text");
  NoteOutcome o;
  o.text = std::move(text);
  o.scene = scene;
  o.rules = {"note"};
  return o;
}

// The note's --json outcome: {"schema", "action": "note", "text", "scene",
// "rules", "notes", "not_modelled"}.
inline void write_note(detail::JsonWriter& w, const NoteOutcome& o) {
  w.begin_object();
  w.field("schema", schema_version).field("action", "note").field("text", o.text).field("scene", o.scene);
  detail::write_trailer(w, o.rules, o.notes, {});
  w.end_object();
}

}  // namespace siege
