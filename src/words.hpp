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

// The words of `line`. An unclosed quote or a backslash at the very end is a
// usage error that names it.
[[nodiscard]] inline std::vector<std::string> split_words(std::string_view line) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      if (in_word) words.push_back(std::move(word));
      word.clear();
      in_word = false;
    } else if (c == '#' && !in_word) {
      break;
    } else if (c == '\\') {
      if (i + 1 == line.size()) fail_usage("bad-line", "a backslash ends the line: nothing follows it to keep");
      word += line[++i];
      in_word = true;
    } else if (c == '\'') {
      const std::size_t end = line.find('\'', i + 1);
      if (end == std::string_view::npos)
        fail_usage("bad-line", "a quote (') opened at column " + std::to_string(i + 1) + " is not closed");
      word.append(line.substr(i + 1, end - i - 1));
      i = end;
      in_word = true;
    } else if (c == '"') {
      const std::size_t open = i;
      for (++i;; ++i) {
        if (i == line.size())
          fail_usage("bad-line", "a quote (\") opened at column " + std::to_string(open + 1) + " is not closed");
        if (line[i] == '"') break;
        if (line[i] == '\\' && i + 1 < line.size() &&
            std::string_view("\\\"$`\n").find(line[i + 1]) != std::string_view::npos)
          ++i;
        word += line[i];
      }
      in_word = true;
    } else {
      word += c;
      in_word = true;
    }
  }
  if (in_word) words.push_back(std::move(word));
  return words;
}

}  // namespace siege::cli
