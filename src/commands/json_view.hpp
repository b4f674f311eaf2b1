// json_view.hpp - values read out of JSON text where they stand, without
// building a DOM (the chronicle reads an outcome this way: a few keys of a
// few kilobytes, for each of tens of thousands of log entries).
//
// The text must be valid JSON (a state file's outcome, which was parsed when
// the file was loaded; an action's --json object, which siege wrote). A
// JsonAt answers as nlohmann::json would for the same text: a member that
// stands twice is the last one, a number is an integer when it has no
// fraction or exponent and fits 64 bits (get<int>() of it: the same cast),
// a string is decoded (its escapes, by nlohmann itself). Asked
// for what is not there (a key of an array, an integer of a string), it
// gives nothing, never an error, and it reads no byte outside the text.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace siege::cli {

class JsonAt {
 public:
  JsonAt() = default;  // nothing: a missing member
  explicit JsonAt(std::string_view text) : s_(text) { skip_space(s_, i_); }

  [[nodiscard]] bool is_object() const { return first() == '{'; }
  [[nodiscard]] bool is_array() const { return first() == '['; }
  [[nodiscard]] bool is_string() const { return first() == '"'; }

  // Calls f(key, value) for each member of an object, in the order of the
  // text (so that the last of a key twice is the one that stays); nothing
  // for any other value.
  template <typename F>
  void members(F&& f) const {
    if (!is_object()) return;
    std::size_t i = i_ + 1;
    std::string key;
    while (next_item(i, '}')) {
      const std::size_t start = i;
      if (!skip_string(s_, i)) return;
      const std::string_view quoted = s_.substr(start, i - start);
      std::string_view k = quoted.substr(1, quoted.size() - 2);
      if (k.find('\\') != std::string_view::npos) {
        key.clear();
        decode(quoted, key);
        k = key;
      }
      skip_space(s_, i);
      if (i >= s_.size() || s_[i] != ':') return;
      ++i;
      skip_space(s_, i);
      f(k, JsonAt(s_, i));
      if (!skip_value(s_, i)) return;
    }
  }
  // Calls f(value) for each item of an array; nothing for any other value.
  template <typename F>
  void items(F&& f) const {
    if (!is_array()) return;
    std::size_t i = i_ + 1;
    while (next_item(i, ']')) {
      f(JsonAt(s_, i));
      if (!skip_value(s_, i)) return;
    }
  }

  // The string, decoded; nothing for any other value.
  [[nodiscard]] std::optional<std::string> string() const {
    if (!is_string()) return std::nullopt;
    std::size_t i = i_;
    if (!skip_string(s_, i)) return std::nullopt;
    std::string out;
    decode(s_.substr(i_, i - i_), out);
    return out;
  }
  [[nodiscard]] std::string string_or_empty() const { return string().value_or(std::string()); }
  // true for the literal true alone.
  [[nodiscard]] bool is_true() const { return s_.substr(i_, 4) == "true"; }

  // An integer (nlohmann: is_number_integer), as get<int>() gives it.
  [[nodiscard]] std::optional<int> integer() const {
    bool negative = false;
    std::uint64_t v = 0;
    if (!whole(negative, v)) return std::nullopt;
    return static_cast<int>(negative ? 0 - v : v);  // the low bits, as nlohmann's cast keeps them
  }
  // A whole number of 0 or more (nlohmann: is_number_unsigned).
  [[nodiscard]] std::optional<std::uint64_t> unsigned_integer() const {
    bool negative = false;
    std::uint64_t v = 0;
    if (!whole(negative, v) || negative) return std::nullopt;
    return v;
  }

 private:
  JsonAt(std::string_view s, std::size_t i) : s_(s), i_(i) {}

  std::string_view s_;
  std::size_t i_ = 0;

  [[nodiscard]] char first() const { return i_ < s_.size() ? s_[i_] : '\0'; }

  static void skip_space(std::string_view s, std::size_t& i) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\n' || s[i] == '\t' || s[i] == '\r')) ++i;
  }
  // At s[i] == '"': past the closing quote.
  static bool skip_string(std::string_view s, std::size_t& i) {
    for (++i; i < s.size(); ++i) {
      if (s[i] == '"') {
        ++i;
        return true;
      }
      if (s[i] == '\\') ++i;
    }
    return false;
  }
  // Past the value at s[i] (a container with all it holds): at the ',' or
  // the bracket after it, or at the end of the text.
  static bool skip_value(std::string_view s, std::size_t& i) {
    int depth = 0;
    while (i < s.size()) {
      const char c = s[i];
      if (c == '"') {
        if (!skip_string(s, i)) return false;
        if (depth == 0) return true;
        continue;
      }
      if (c == '{' || c == '[') {
        ++depth;
      } else if (c == '}' || c == ']') {
        if (depth == 0) return true;  // the bracket of the container the value stands in
        if (--depth == 0) {
          ++i;
          return true;
        }
      } else if (c == ',' && depth == 0) {
        return true;
      }
      ++i;
    }
    return true;
  }
  // Before the next item of a container (i: past '{', '[' or a value):
  // false at its end.
  bool next_item(std::size_t& i, char close) const {
    skip_space(s_, i);
    if (i < s_.size() && s_[i] == ',') ++i;
    skip_space(s_, i);
    return i < s_.size() && s_[i] != close;
  }

  bool whole(bool& negative, std::uint64_t& v) const {
    std::size_t i = i_;
    negative = i < s_.size() && s_[i] == '-';
    if (negative) ++i;
    const std::size_t digits = i;
    constexpr std::uint64_t most = std::numeric_limits<std::uint64_t>::max();
    for (; i < s_.size() && s_[i] >= '0' && s_[i] <= '9'; ++i) {
      const auto d = static_cast<std::uint64_t>(s_[i] - '0');
      if (v > (most - d) / 10) return false;  // past 64 bits: a float to nlohmann
      v = v * 10 + d;
    }
    if (i == digits) return false;
    if (i < s_.size() && (s_[i] == '.' || s_[i] == 'e' || s_[i] == 'E')) return false;
    // The most negative int64 and no further.
    return !negative || v <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()) + 1;
  }

  // The string whose text (quotes and all) is `quoted`, appended to `out`:
  // most have no escape and are their own bytes; one that has is read by
  // nlohmann (its escapes, \u with surrogate pairs, to UTF-8).
  static void decode(std::string_view quoted, std::string& out) {
    const std::string_view inside = quoted.substr(1, quoted.size() - 2);
    if (inside.find('\\') == std::string_view::npos) {
      out.append(inside);
      return;
    }
    const auto v = nlohmann::json::parse(quoted, nullptr, false);
    if (v.is_string()) out += v.get_ref<const std::string&>();
  }
};

}  // namespace siege::cli
