// A line of `siege play` split into words as a POSIX shell splits a simple
// command, without running one: blanks separate words; a backslash keeps the
// next character as it is; '...' keeps everything up to the next quote;
// "..." keeps everything but a backslash before \ " $ ` or a newline; $'...'
// reads bash's escapes (\u202E ...); a word that begins with # begins a
// comment. Nothing is expanded ($, ~, *, ;, |
// are ordinary characters).
#pragma once

#include <string>
#include <utility>
#include <string_view>
#include <vector>

#include "siege/error.hpp"

namespace siege::cli {

// The words of the text left of the cursor, for Tab: the line may end
// inside a word, inside a quote or after a backslash.
struct PartialWords {
  std::vector<std::string> words;
  bool last_open = false;  // the text ends in the last word (no blank after it)
  char quote = 0;          // the quote left open at the end: ', " or 0
};

namespace shell_split {

// Appends to `word` the UTF-8 of code point `cp` (nothing for a surrogate
// or past U+10FFFF, which no text input can hold).
inline void append_utf8(std::string& word, unsigned long cp) {
  if (cp < 0x80) {
    word += static_cast<char>(cp);
  } else if (cp < 0x800) {
    word += static_cast<char>(0xc0 | (cp >> 6));
    word += static_cast<char>(0x80 | (cp & 0x3f));
  } else if (cp < 0x10000) {
    if (cp >= 0xd800 && cp <= 0xdfff) return;
    word += static_cast<char>(0xe0 | (cp >> 12));
    word += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
    word += static_cast<char>(0x80 | (cp & 0x3f));
  } else if (cp <= 0x10ffff) {
    word += static_cast<char>(0xf0 | (cp >> 18));
    word += static_cast<char>(0x80 | ((cp >> 12) & 0x3f));
    word += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
    word += static_cast<char>(0x80 | (cp & 0x3f));
  }
}

// The body of an ANSI-C quote, $'...', from `i` (just past the opening
// quote) as bash reads it: \\ \' \" \? \a \b \e \f \n \r \t \v, \NNN
// (octal), \xHH, \uHHHH and \UHHHHHHHH; another backslash stays as it is.
// Returns the index of the closing quote, or line.size() when none.
inline std::size_t ansi_c_quote(std::string_view line, std::size_t i, std::string& word) {
  const auto digits = [&](std::size_t& at, int base, int most) {
    unsigned long v = 0;
    int n = 0;
    for (; n < most && at < line.size(); ++n, ++at) {
      const char d = line[at];
      int x = -1;
      if (d >= '0' && d <= '9') x = d - '0';
      else if (d >= 'a' && d <= 'f') x = d - 'a' + 10;
      else if (d >= 'A' && d <= 'F') x = d - 'A' + 10;
      if (x < 0 || x >= base) break;
      v = v * static_cast<unsigned long>(base) + static_cast<unsigned long>(x);
    }
    return std::pair{v, n};
  };
  for (; i < line.size() && line[i] != '\''; ++i) {
    if (line[i] != '\\' || i + 1 == line.size()) {
      word += line[i];
      continue;
    }
    const char e = line[++i];
    static constexpr std::string_view from = "abefnrtv\\'\"?E";
    static constexpr std::string_view to = "\a\b\x1b\f\n\r\t\v\\'\"?\x1b";
    if (const std::size_t k = from.find(e); k != std::string_view::npos) {
      word += to[k];
    } else if (e >= '0' && e <= '7') {
      std::size_t at = i;
      const auto [v, n] = digits(at, 8, 3);
      word += static_cast<char>(v & 0xff);
      i = at - 1;
    } else if (e == 'x' || e == 'u' || e == 'U') {
      std::size_t at = i + 1;
      const auto [v, n] = digits(at, 16, e == 'x' ? 2 : e == 'u' ? 4 : 8);
      if (n == 0) {
        word += '\\';
        word += e;
        continue;
      }
      if (e == 'x')
        word += static_cast<char>(v);
      else
        append_utf8(word, v);
      i = at - 1;
    } else {
      word += '\\';
      word += e;
    }
  }
  return i;
}

// Splits `line`; with `partial`, an unclosed quote or a last backslash ends
// the last word instead of being refused.
inline PartialWords split(std::string_view line, bool partial) {
  PartialWords out;
  std::string word;
  bool in_word = false;
  const auto unclosed = [&](char q, std::size_t at) {
    if (!partial)
      fail_usage("bad-line", std::string("a quote (") + q + ") opened at column " + std::to_string(at + 1) +
                                 " is not closed");
    out.quote = q;
  };
  std::size_t i = 0;
  for (; i < line.size(); ++i) {
    const char c = line[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      if (in_word) out.words.push_back(std::move(word));
      word.clear();
      in_word = false;
    } else if (c == '#' && !in_word) {
      break;
    } else if (c == '\\') {
      in_word = true;
      if (i + 1 == line.size()) {
        if (!partial) fail_usage("bad-line", "a backslash ends the line: nothing follows it to keep");
        i = line.size();
        break;
      }
      word += line[++i];
    } else if (c == '$' && i + 1 < line.size() && line[i + 1] == '\'') {
      in_word = true;
      const std::size_t open = i;
      i = ansi_c_quote(line, i + 2, word);
      if (i == line.size()) {
        unclosed('\'', open);
        break;
      }
    } else if (c == '\'') {
      in_word = true;
      const std::size_t end = line.find('\'', i + 1);
      word.append(line.substr(i + 1, end == std::string_view::npos ? std::string_view::npos : end - i - 1));
      if (end == std::string_view::npos) {
        unclosed(c, i);
        i = line.size();
        break;
      }
      i = end;
    } else if (c == '"') {
      in_word = true;
      const std::size_t open = i;
      for (++i;; ++i) {
        if (i == line.size()) {
          unclosed(c, open);
          break;
        }
        if (line[i] == '"') break;
        if (line[i] == '\\' && i + 1 < line.size() &&
            std::string_view("\\\"$`\n").find(line[i + 1]) != std::string_view::npos)
          ++i;
        word += line[i];
      }
      if (i == line.size()) break;
    } else {
      word += c;
      in_word = true;
    }
  }
  out.last_open = in_word && i >= line.size();
  if (in_word) out.words.push_back(std::move(word));
  return out;
}

}  // namespace shell_split

// The words of `line`. An unclosed quote or a backslash at the very end is a
// usage error that names it.
[[nodiscard]] inline std::vector<std::string> split_words(std::string_view line) {
  return shell_split::split(line, false).words;
}

// The words of `before`, the text left of the cursor, as far as they go.
[[nodiscard]] inline PartialWords split_partial(std::string_view before) { return shell_split::split(before, true); }

}  // namespace siege::cli
