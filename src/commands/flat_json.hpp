// flat_json.hpp - a fast reader for the common batch line (batch mode and
// its fuzz harness only: not installed).
//
// Nearly every batch line is a flat object of plain values:
//   {"action": "attack", "structure": "curtain-wall", "successes": 2}
// read_flat() reads such a line without building a DOM or allocating: keys
// and strings of printable ASCII without escapes, integers in decimal that
// fit an int64, true and false, and arrays of such strings. It answers
// "not mine" (false) for anything else - escapes, other bytes, floats,
// nesting, null, duplicate keys, any syntax error - and the caller then
// reads the line with parse_strict(), which gives the same values or the
// precise error. So the fast path never decides that a line is wrong: it
// only accepts lines whose meaning is beyond doubt.
#pragma once

#include <bit>
#include <cstddef>
#include <cstring>
#include <cstdint>
#include <string_view>

namespace siege::cli {

struct FlatValue {
  enum class Kind : std::uint8_t { string, integer, boolean, strings };
  Kind kind = Kind::string;
  std::string_view text;  // string: its bytes; strings: the array's inside, e.g. "\"a\", \"b\""
  std::int64_t integer = 0;
  bool boolean = false;
  std::size_t count = 0;  // strings: how many
};

struct FlatMember {
  std::string_view key;
  FlatValue value;
};

// A line's members, in order. Lines with more members are not flat.
struct FlatObject {
  static constexpr std::size_t max_members = 32;
  FlatMember members[max_members];
  std::size_t size = 0;
  // For each key, the bit key_bit() picks from its length and its first
  // and last bytes: a quick "no such key" for most keys asked for.
  std::uint64_t keys = 0;

  [[nodiscard]] static std::uint64_t key_bit(std::string_view k) {
    const std::size_t mix = k.empty() ? 0
                                      : k.size() + 7 * static_cast<unsigned char>(k.front()) +
                                            3 * static_cast<unsigned char>(k.back());
    return std::uint64_t{1} << (mix & 63);
  }

  [[nodiscard]] const FlatMember* find(std::string_view key) const {
    if ((keys & key_bit(key)) == 0) return nullptr;
    for (std::size_t i = 0; i < size; ++i) {
      const std::string_view k = members[i].key;
      if (k.size() == key.size() && (k.empty() || k.front() == key.front()) && k == key) return &members[i];
    }
    return nullptr;
  }
};

namespace flat {

inline bool space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

inline void skip(std::string_view s, std::size_t& i) {
  // Most bytes looked at are no space: one comparison tells.
  while (i < s.size() && static_cast<unsigned char>(s[i]) <= ' ' && space(s[i])) ++i;
}

// A string of printable ASCII without escapes, at s[i] == '"'. Eight bytes
// at a time while eight are left (the usual zero-byte tests mark a quote, a
// backslash, a byte below 0x20 and one of 0x7f or more; the lowest mark is
// exact, the first in the line on a little-endian machine), then byte by
// byte.
inline bool string(std::string_view s, std::size_t& i, std::string_view& out) {
  if (i >= s.size() || s[i] != '"') return false;
  const std::size_t start = ++i;
  const char* const p = s.data();
  constexpr std::uint64_t ones = 0x0101010101010101u, tops = 0x8080808080808080u;
  for (; std::endian::native == std::endian::little && i + 8 <= s.size(); i += 8) {
    std::uint64_t v;
    std::memcpy(&v, p + i, 8);
    const std::uint64_t quote = v ^ (ones * '"'), backslash = v ^ (ones * '\\'), del = v ^ (ones * 0x7f);
    const std::uint64_t marks = (v | ((v - ones * 0x20) & ~v) | ((quote - ones) & ~quote) |
                                 ((backslash - ones) & ~backslash) | ((del - ones) & ~del)) &
                                tops;
    if (marks == 0) continue;
    i += static_cast<std::size_t>(std::countr_zero(marks)) / 8;  // little-endian: the first byte marked
    if (p[i] != '"') return false;
    out = std::string_view(p + start, i - start);
    ++i;
    return true;
  }
  for (; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c == '"') {
      out = std::string_view(p + start, i - start);
      ++i;
      return true;
    }
    if (c < 0x20 || c >= 0x7f || c == '\\') return false;
  }
  return false;
}

// -?(0|[1-9][0-9]*) within 18 digits, not followed by a fraction or exponent.
inline bool integer(std::string_view s, std::size_t& i, std::int64_t& out) {
  bool negative = false;
  if (i < s.size() && s[i] == '-') {
    negative = true;
    ++i;
  }
  const std::size_t start = i;
  std::int64_t v = 0;
  while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
    if (i - start == 18) return false;
    v = v * 10 + (s[i] - '0');
    ++i;
  }
  const std::size_t digits = i - start;
  if (digits == 0 || (digits > 1 && s[start] == '0')) return false;
  if (i < s.size() && (s[i] == '.' || s[i] == 'e' || s[i] == 'E')) return false;
  out = negative ? -v : v;
  return true;
}

inline bool word(std::string_view s, std::size_t& i, std::string_view w) {
  if (s.substr(i, w.size()) != w) return false;
  i += w.size();
  return true;
}

inline bool value(std::string_view s, std::size_t& i, FlatValue& v) {
  if (i >= s.size()) return false;
  const char c = s[i];
  if (c == '"') {
    v.kind = FlatValue::Kind::string;
    return string(s, i, v.text);
  }
  if (c == '-' || (c >= '0' && c <= '9')) {
    v.kind = FlatValue::Kind::integer;
    return integer(s, i, v.integer);
  }
  if (c == 't' || c == 'f') {
    v.kind = FlatValue::Kind::boolean;
    v.boolean = c == 't';
    return word(s, i, v.boolean ? "true" : "false");
  }
  if (c == '[') {
    v.kind = FlatValue::Kind::strings;
    const std::size_t start = ++i;
    v.count = 0;
    skip(s, i);
    if (i < s.size() && s[i] == ']') {
      v.text = s.substr(start, i - start);
      ++i;
      return true;
    }
    for (;;) {
      std::string_view item;
      if (!string(s, i, item)) return false;
      ++v.count;
      skip(s, i);
      if (i >= s.size()) return false;
      if (s[i] == ']') {
        v.text = s.substr(start, i - start);
        ++i;
        return true;
      }
      if (s[i] != ',') return false;
      ++i;
      skip(s, i);
    }
  }
  return false;
}

}  // namespace flat

// Whether `s` is empty or JSON white space only (space, tab, CR, LF): a
// blank batch line, which is skipped.
[[nodiscard]] inline bool blank(std::string_view s) {
  std::size_t i = 0;
  flat::skip(s, i);
  return i == s.size();
}

// Reads `s` as a flat object into `out`; false: not a flat object (or not
// valid JSON) - read it with parse_strict().
// Flattened: its helpers (string(), value()) inlined, whatever the
// compiler would weigh them in a large unit.
[[nodiscard]] [[gnu::flatten]] inline bool read_flat(std::string_view s, FlatObject& out) {
  out.size = 0;
  out.keys = 0;
  std::size_t i = 0;
  flat::skip(s, i);
  if (i >= s.size() || s[i] != '{') return false;
  ++i;
  flat::skip(s, i);
  if (i < s.size() && s[i] == '}') {
    ++i;
  } else {
    for (;;) {
      if (out.size == FlatObject::max_members) return false;
      FlatMember& m = out.members[out.size];
      if (!flat::string(s, i, m.key)) return false;
      const std::uint64_t bit = FlatObject::key_bit(m.key);
      if ((out.keys & bit) != 0 && out.find(m.key) != nullptr) return false;  // a duplicate: the strict parser names it
      flat::skip(s, i);
      if (i >= s.size() || s[i] != ':') return false;
      ++i;
      flat::skip(s, i);
      if (!flat::value(s, i, m.value)) return false;
      ++out.size;
      out.keys |= bit;
      flat::skip(s, i);
      if (i >= s.size()) return false;
      if (s[i] == '}') {
        ++i;
        break;
      }
      if (s[i] != ',') return false;
      ++i;
      flat::skip(s, i);
    }
  }
  flat::skip(s, i);
  return i == s.size();
}

// The strings of a FlatValue of kind strings, one by one.
class FlatStrings {
 public:
  explicit FlatStrings(std::string_view inside) : s_(inside) {}
  bool next(std::string_view& item) {
    flat::skip(s_, i_);
    if (i_ < s_.size() && s_[i_] == ',') {
      ++i_;
      flat::skip(s_, i_);
    }
    return flat::string(s_, i_, item);
  }

 private:
  std::string_view s_;
  std::size_t i_ = 0;
};

}  // namespace siege::cli
