// A line of `siege play` split into words as a POSIX shell splits a simple
// command, without running one: blanks separate words; a backslash keeps the
// next character as it is; '...' keeps everything up to the next quote;
// "..." keeps everything but a backslash before \ " $ ` or a newline; a word
// that begins with # begins a comment. Nothing is expanded ($, ~, *, ;, |
// are ordinary characters).
#pragma once

#include <string>
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
