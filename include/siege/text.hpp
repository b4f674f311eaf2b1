// siege/text.hpp - R42: what a text input may hold, and how text is shown.
//
// The one place for both halves of R42. Every front end checks every text
// input with check_text_input() (or text_input_problem() where it names the
// place itself, as the description reader does); every renderer of text,
// Markdown and HTML shows the format characters with shown_format_char().
// JSON output and the state file keep them as given.
#pragma once

#include <cstddef>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>

#include "siege/error.hpp"

namespace siege::text {

// The length of the UTF-8 sequence at s[i] (i < s.size()) and its code
// point, or 0 when the bytes there are not valid UTF-8 (RFC 3629: overlong,
// a surrogate, past U+10FFFF, cut short).
[[nodiscard]] inline std::size_t utf8_at(std::string_view s, std::size_t i, char32_t& cp) {
  const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[i + k]); };
  const unsigned char c = b(0);
  if (c < 0x80) {
    cp = c;
    return 1;
  }
  std::size_t n = 0;
  char32_t min = 0;
  if (c >= 0xc2 && c <= 0xdf)
    n = 2, cp = c & 0x1f, min = 0x80;
  else if (c >= 0xe0 && c <= 0xef)
    n = 3, cp = c & 0x0f, min = 0x800;
  else if (c >= 0xf0 && c <= 0xf4)
    n = 4, cp = c & 0x07, min = 0x10000;
  else
    return 0;
  if (i + n > s.size()) return 0;
  for (std::size_t k = 1; k < n; ++k) {
    if ((b(k) & 0xc0) != 0x80) return 0;
    cp = (cp << 6) | (b(k) & 0x3f);
  }
  if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return 0;
  return n;
}

// A C0 or C1 control character (U+0000 to U+001F, U+007F to U+009F).
[[nodiscard]] constexpr bool is_control(char32_t cp) { return cp < 0x20 || (cp >= 0x7f && cp <= 0x9f); }

// R42's format characters: U+061C, U+200B to U+200F, U+202A to U+202E,
// U+2060 to U+2069 and U+FEFF (the bidi controls and the invisible ones).
[[nodiscard]] constexpr bool is_format_char(char32_t cp) {
  return cp == 0x061c || (cp >= 0x200b && cp <= 0x200f) || (cp >= 0x202a && cp <= 0x202e) ||
         (cp >= 0x2060 && cp <= 0x2069) || cp == 0xfeff;
}

// R42: how text, Markdown and HTML show a format character: "\u{202E}"
// (upper-case hex, at least four digits), so that it can neither reverse
// nor hide the text around it.
[[nodiscard]] inline std::string shown_format_char(char32_t cp) {
  char buf[16];
  const int n = std::snprintf(buf, sizeof buf, "\\u{%04X}", static_cast<unsigned>(cp));
  return std::string(buf, n > 0 ? static_cast<std::size_t>(n) : 0);
}

// Where a text input comes from, for R42's control characters.
enum class TextFrom {
  typed,  // the command line, a batch line (or a `note` typed at the prompt): control characters refused
  file,   // a file the program reads (a description, a state file's log): control characters kept
};

// R42: why `text` cannot be a text input from `from`, or nullopt when it
// can. Refused: a byte that is not part of valid UTF-8 (always), and a C0
// or C1 control character (tab and newline included) when typed. Format
// characters are accepted (they are escaped where text is shown). The
// reason names the first fault and its byte offset, e.g. "not valid UTF-8
// (the byte 0xff at offset 3)"; it never quotes the text itself.
[[nodiscard]] inline std::optional<std::string> text_input_problem(std::string_view text, TextFrom from) {
  char buf[160];
  for (std::size_t i = 0; i < text.size();) {
    char32_t cp = 0;
    const std::size_t n = utf8_at(text, i, cp);
    if (n == 0) {
      std::snprintf(buf, sizeof buf, "not valid UTF-8 (the byte 0x%02x at offset %zu); give the text in UTF-8",
                    static_cast<unsigned>(static_cast<unsigned char>(text[i])), i);
      return std::string(buf);
    }
    if (from == TextFrom::typed && is_control(cp)) {
      std::snprintf(buf, sizeof buf,
                    "holds the control character U+%04X at offset %zu; a text given here has no control "
                    "characters (R42)",
                    static_cast<unsigned>(cp), i);
      return std::string(buf);
    }
    i += n;
  }
  return std::nullopt;
}

// R42: refuses `text`, the value of the input keyed `key` ("cause", "unit"),
// when text_input_problem() finds a fault: a usage error (exit 2,
// fail_input id "bad-text") about that input, which each front end places
// (`--cause VALUE: reason` on the command line, `FILE:LINE:/cause: VALUE:
// reason` in a batch). The value is quoted as given, in single quotes
// (messages escape what they print), cut to its first 60 bytes and "...".
// Returns normally when the text is accepted.
inline void check_text_input(std::string_view key, std::string_view text, TextFrom from) {
  if (auto problem = text_input_problem(text, from)) {
    const std::size_t n = text.size() < 60 ? text.size() : 60;
    std::string shown;
    shown.reserve(n + 5);
    shown.push_back('\'');
    shown.append(text.data(), n);
    if (text.size() > n) shown.append("...");
    shown.push_back('\'');
    fail_input("bad-text", std::string(key), std::move(shown), std::move(*problem));
  }
}

}  // namespace siege::text
