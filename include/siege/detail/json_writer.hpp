// siege/detail/json_writer.hpp - a small streaming JSON writer.
//
// Outcomes are written straight into a string in a fixed key order (the order
// of INTERFACE.md), with no intermediate DOM: fast enough for batch mode and
// byte-for-byte deterministic. The caller keeps objects and arrays balanced.
#pragma once

#include <array>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>
#include <version>

#include "siege/detail/shortest_double.hpp"

namespace siege::detail {

// For every byte: whether a string holding it cannot be copied as it is,
// because the byte must be escaped or starts a UTF-8 sequence to check.
inline constexpr auto json_escapes = [] {
  std::array<unsigned char, 256> t{};
  for (std::size_t c = 0; c < t.size(); ++c) t[c] = (c < 0x20 || c == '"' || c == '\\' || c >= 0x80) ? 1 : 0;
  return t;
}();

// The length of the well-formed UTF-8 sequence that starts at s[i] (a byte
// of 0x80 or more), or 0 if there is none (RFC 3629: no overlong forms, no
// surrogates, nothing above U+10FFFF).
[[nodiscard]] inline std::size_t utf8_length(std::string_view s, std::size_t i) {
  const auto in = [&](std::size_t k, unsigned lo, unsigned hi) {
    if (i + k >= s.size()) return false;
    const auto b = static_cast<unsigned char>(s[i + k]);
    return b >= lo && b <= hi;
  };
  const auto c = static_cast<unsigned char>(s[i]);
  if (c >= 0xC2 && c <= 0xDF) return in(1, 0x80, 0xBF) ? 2 : 0;
  if (c >= 0xE0 && c <= 0xEF)
    return in(1, c == 0xE0 ? 0xA0 : 0x80, c == 0xED ? 0x9F : 0xBF) && in(2, 0x80, 0xBF) ? 3 : 0;
  if (c >= 0xF0 && c <= 0xF4)
    return in(1, c == 0xF0 ? 0x90 : 0x80, c == 0xF4 ? 0x8F : 0xBF) && in(2, 0x80, 0xBF) && in(3, 0x80, 0xBF)
               ? 4
               : 0;
  return 0;
}

// A string that needs no escaping, written as it is without the scan for
// bytes to escape: a table id (kebab-case, checked by is_id when the tables
// are read), a rule id of siege/rules.hpp, the name of an enum value, a
// literal of the source. Anything that may hold other bytes (a name or a
// note from the tables, the user's text) is a plain string_view instead.
struct Word {
  std::string_view text;
};

class JsonWriter {
 public:
  explicit JsonWriter(std::string& out) : out_(out) {}
  ~JsonWriter() { flush(); }
  JsonWriter(const JsonWriter&) = delete;
  JsonWriter& operator=(const JsonWriter&) = delete;

  [[gnu::always_inline]] JsonWriter& begin_object() { return open('{'); }
  [[gnu::always_inline]] JsonWriter& end_object() { return close('}'); }
  [[gnu::always_inline]] JsonWriter& begin_array() { return open('['); }
  [[gnu::always_inline]] JsonWriter& end_array() { return close(']'); }

  JsonWriter& key(std::string_view k) {
    comma();
    write_string(k);
    put(':');
    comma_ = false;
    return *this;
  }
  // A key spelt out in the source as a literal: written as it is, without a
  // scan for characters to escape (source keys are lower-case words; the
  // output checks in tests/ would catch one that is not). N - 1 is its
  // length, so the copy is a few stores.
  template <std::size_t N>
  [[gnu::always_inline]] JsonWriter& key(const char (&k)[N]) {
    char* p = start(N + 3);  // the comma, the quoted key, the colon
    n_ = static_cast<std::size_t>(literal_key(p, k) - stage_);
    comma_ = false;
    return *this;
  }

  JsonWriter& value(std::string_view s) {
    comma();
    write_string(s);
    return done();
  }
  JsonWriter& value(const char* s) { return value(std::string_view(s)); }
  [[gnu::always_inline]] JsonWriter& value(Word w) {
    const std::string_view s = w.text;
    if (s.size() + 3 > stage_size) {  // no word is that long
      comma();
      write_escaped(s);
      return done();
    }
    char* p = start(s.size() + 3);
    n_ = static_cast<std::size_t>(quoted_word(p, s) - stage_);
    return done();
  }
  JsonWriter& value(const std::string& s) { return value(std::string_view(s)); }
  [[gnu::always_inline]] JsonWriter& value(bool b) {
    n_ = static_cast<std::size_t>(boolean(start(6), b) - stage_);
    return done();
  }
  // Inline: an outcome writes dozens of small numbers.
  [[gnu::always_inline]] JsonWriter& value(int v) { return integer(static_cast<std::int64_t>(v)); }
  JsonWriter& value(long v) { return integer(static_cast<std::int64_t>(v)); }
  JsonWriter& value(long long v) { return integer(static_cast<std::int64_t>(v)); }
  JsonWriter& value(unsigned long v) { return unsigned_integer(v); }
  JsonWriter& value(unsigned long long v) { return unsigned_integer(v); }
  JsonWriter& value(double d) {
    comma();
    constexpr std::size_t longest = 32;  // what to_chars may need for a double
    if (stage_size - n_ < longest) flush();
#if defined(__cpp_lib_to_chars)
    n_ = static_cast<std::size_t>(std::to_chars(stage_ + n_, stage_ + n_ + longest, d).ptr - stage_);
#else
    // A standard library without to_chars for doubles (libc++ 14, the
    // WebAssembly build's): the same characters, from shortest_double.hpp.
    const std::string shown = shortest_double(d);
    std::memcpy(stage_ + n_, shown.data(), shown.size());
    n_ += shown.size();
#endif
    return done();
  }
  [[gnu::always_inline]] JsonWriter& null() {
    char* p = start(5);
    std::memcpy(p, "null", 4);
    n_ = static_cast<std::size_t>(p + 4 - stage_);
    return done();
  }
  // Writes pre-serialised JSON text as the next value.
  JsonWriter& raw(std::string_view text) {
    comma();
    put(text);
    return done();
  }

  template <typename K, typename T>
  [[gnu::always_inline]] JsonWriter& field(const K& k, const T& v) {
    key(k);
    return value(v);
  }
  // The same for a literal key and an int, a Word or a bool, the commonest
  // fields of an outcome: written in one go, with one room check, and the
  // comma flag set once (a field is inside an object, so a comma follows).
  template <std::size_t N>
  [[gnu::always_inline]] JsonWriter& field(const char (&k)[N], int v) {
    char* p = literal_key(start(N + 3 + max_digits), k);
    n_ = static_cast<std::size_t>(signed_digits(p, v) - stage_);
    comma_ = true;
    return *this;
  }
  template <std::size_t N>
  [[gnu::always_inline]] JsonWriter& field(const char (&k)[N], Word w) {
    if (N + w.text.size() + 5 > stage_size) {  // no word is that long
      key(k);
      return value(w);
    }
    char* p = literal_key(start(N + 3 + w.text.size() + 2), k);
    n_ = static_cast<std::size_t>(quoted_word(p, w.text) - stage_);
    comma_ = true;
    return *this;
  }
  template <std::size_t N>
  [[gnu::always_inline]] JsonWriter& field(const char (&k)[N], bool b) {
    char* p = literal_key(start(N + 3 + 5), k);
    n_ = static_cast<std::size_t>(boolean(p, b) - stage_);
    comma_ = true;
    return *this;
  }

  // Several fields in a row, fields("max", 20, "before", 0, "after", 8): pairs
  // of a literal key and an int, a Word or a bool, written with one room
  // check and one comma decision for the lot, the text between values copied
  // as fixed runs. The same output as a chain of field() calls.
  template <typename... Pairs>
  [[gnu::always_inline]] JsonWriter& fields(const Pairs&... pairs) {
    static_assert(sizeof...(pairs) % 2 == 0 && sizeof...(pairs) > 0, "fields() takes key, value pairs");
    const std::size_t room = 1 + rooms(pairs...);  // the comma, then the fields
    if (room > stage_size) return fields_one_by_one(pairs...);  // only a very long Word
    char* p = start(room);
    n_ = static_cast<std::size_t>(put_pairs(p, pairs...) - stage_);
    comma_ = true;
    return *this;
  }

  // The key and `v`, or null when `present` is false: a number or an id the
  // output writes as null when there is none ("crit": null, "weapon": null).
  template <typename K, typename T>
  JsonWriter& field_or_null(const K& k, bool present, const T& v) {
    key(k);
    return present ? value(v) : null();
  }

  template <typename K, typename Range>
  JsonWriter& string_array(const K& k, const Range& items) {
    key(k).begin_array();
    for (const auto& s : items) value(std::string_view(s));
    return end_array();
  }
  // The same for strings that are all Words.
  template <typename K, typename Range>
  JsonWriter& word_array(const K& k, const Range& items) {
    key(k).begin_array();
    for (const auto& s : items) value(Word{std::string_view(s)});
    return end_array();
  }

 private:
  // Output is staged in a buffer and appended to `out_` when the buffer is
  // full or a top-level value is complete, so `out_` holds whole values
  // whenever the caller can look at it between top-level values; a
  // character costs a store, not a string append.
  static constexpr std::size_t stage_size = 2048;

  void flush() {
    out_.append(stage_, n_);
    n_ = 0;
  }
  [[gnu::always_inline]] void put(char c) {
    if (n_ == stage_size) flush();
    stage_[n_++] = c;
  }
  [[gnu::always_inline]] void put(std::string_view s) {
    if (s.size() > stage_size - n_) {
      flush();
      if (s.size() > stage_size) {
        out_.append(s);
        return;
      }
    }
    copy(stage_ + n_, s.data(), s.size());
    n_ += s.size();
  }
  // memcpy for the short strings of an outcome (ids, rule names, digits):
  // two overlapping loads and stores instead of a call.
  //
  // The 8-byte loads of 8 to 32 bytes start with an empty asm that only says
  // `from` points at bytes the compiler cannot see. GCC 12 at -O3 inlines
  // this into writers of a short literal ("merge") and checks these loads
  // against that literal's 6 bytes before it has folded the literal's
  // length into `n` (-Warray-bounds, a false alarm: that branch never runs
  // for it); without the asm the warning needs a unity build to hide it.
  [[gnu::always_inline]] static void copy(char* to, const char* from, std::size_t n) {
    if (n >= 8 && n <= 16) {
      asm("" : "+r"(from));
      std::uint64_t a, b;
      std::memcpy(&a, from, 8);
      std::memcpy(&b, from + n - 8, 8);
      std::memcpy(to, &a, 8);
      std::memcpy(to + n - 8, &b, 8);
    } else if (n >= 4 && n < 8) {
      std::uint32_t a, b;
      std::memcpy(&a, from, 4);
      std::memcpy(&b, from + n - 4, 4);
      std::memcpy(to, &a, 4);
      std::memcpy(to + n - 4, &b, 4);
    } else if (n < 4) {
      for (std::size_t i = 0; i < n; ++i) to[i] = from[i];
    } else if (n <= 32) {
      asm("" : "+r"(from));
      std::uint64_t a, b, c, d;
      std::memcpy(&a, from, 8);
      std::memcpy(&b, from + 8, 8);
      std::memcpy(&c, from + n - 16, 8);
      std::memcpy(&d, from + n - 8, 8);
      std::memcpy(to, &a, 8);
      std::memcpy(to + 8, &b, 8);
      std::memcpy(to + n - 16, &c, 8);
      std::memcpy(to + n - 8, &d, 8);
    } else {
      std::memcpy(to, from, n);
    }
  }
  // After a value or a closing bracket: the next value of the same array or
  // object (or the next key) needs a comma; after an opening bracket or a
  // key it does not, and a top-level value has no sibling.
  [[gnu::always_inline]] JsonWriter& done() {
    comma_ = depth_ > 0;
    if (depth_ == 0) flush();
    return *this;
  }

  [[gnu::always_inline]] JsonWriter& open(char c) {
    char* p = start(2);
    *p = c;
    n_ = static_cast<std::size_t>(p + 1 - stage_);
    ++depth_;
    comma_ = false;
    return *this;
  }
  [[gnu::always_inline]] JsonWriter& close(char c) {
    put(c);
    --depth_;
    return done();
  }
  // What comes before a value or a key: a comma when a sibling came before
  // it. The last thing written says so, whatever the depth: a value or a
  // closing bracket (a sibling), or an opening bracket or a key (none).
  [[gnu::always_inline]] void comma() {
    if (comma_) put(',');
  }
  // Where the next value or key starts, with `room` bytes free for it and
  // its comma: the comma is stored whether or not it is due, and kept (the
  // next byte after it) only when it is, which costs no branch; the caller
  // sets n_ past what it writes.
  [[gnu::always_inline]] char* start(std::size_t room) {
    if (stage_size - n_ < room) flush();
    char* p = stage_ + n_;
    *p = ',';
    return p + (comma_ ? 1 : 0);
  }
  // The longest integer: "-9223372036854775808", 18446744073709551615.
  static constexpr std::size_t max_digits = 20;
  // The pieces a value or key is written from, at `p` (with room for them);
  // each returns the end of what it wrote.
  // "k": (source keys are lower-case words; the output checks in tests/
  // would catch one that is not).
  template <std::size_t N>
  [[gnu::always_inline]] static char* literal_key(char* p, const char (&k)[N]) {
    static_assert(N > 1 && N + 3 <= stage_size, "a key is a non-empty string literal");
    p[0] = '"';
    std::memcpy(p + 1, k, N - 1);
    p[N] = '"';
    p[N + 1] = ':';
    return p + N + 2;
  }
  // "s" for a Word.
  [[gnu::always_inline]] static char* quoted_word(char* p, std::string_view s) {
    p[0] = '"';
    copy(p + 1, s.data(), s.size());
    p[s.size() + 1] = '"';
    return p + s.size() + 2;
  }
  // true or false (5 bytes of room): "true" or "fals" in one store, then
  // the "e" of false (or a byte past "true" that the next write covers).
  [[gnu::always_inline]] static char* boolean(char* p, bool b) {
    std::memcpy(p, b ? "true" : "fals", 4);
    p[4] = 'e';
    return p + (b ? 4 : 5);
  }
  // Writes the digits of `v` at `p`; returns the end. Most numbers of an
  // outcome have one or two digits; a seed has about sixteen.
  [[gnu::always_inline]] static char* digits(char* p, std::uint64_t v) {
    if (v < 10) {
      *p = static_cast<char>('0' + v);
      return p + 1;
    }
    if (v < 100) {
      p[0] = static_cast<char>('0' + v / 10);
      p[1] = static_cast<char>('0' + v % 10);
      return p + 2;
    }
    if (v >= eight_digit_block) return long_digits(p, v);
    return std::to_chars(p, p + max_digits, v).ptr;
  }
  // A number of nine digits or more: blocks of eight digits, two digits at a
  // time from a table in 32-bit arithmetic, the first block without its
  // zeros in front (std::to_chars takes two digits a step in 64-bit
  // arithmetic after counting them: about 240 instructions for a seed).
  static constexpr std::uint64_t eight_digit_block = 100'000'000;
  static char* long_digits(char* p, std::uint64_t v) {
    const std::uint64_t head = v / eight_digit_block;
    const auto tail = static_cast<std::uint32_t>(v % eight_digit_block);
    if (head >= eight_digit_block) {
      p = leading_digits(p, static_cast<std::uint32_t>(head / eight_digit_block));
      p = eight_digits(p, static_cast<std::uint32_t>(head % eight_digit_block));
    } else {
      p = leading_digits(p, static_cast<std::uint32_t>(head));
    }
    return eight_digits(p, tail);
  }
  // The digits of 0 < x < 10^8, without zeros in front.
  static char* leading_digits(char* p, std::uint32_t x) {
    char block[8];
    eight_digits(block, x);
    std::size_t zeros = 0;
    while (block[zeros] == '0') ++zeros;  // x > 0: a digit other than 0 ends it
    for (std::size_t i = zeros; i < 8; ++i) *p++ = block[i];
    return p;
  }
  // The eight digits of x < 10^8, zeros in front.
  [[gnu::always_inline]] static char* eight_digits(char* p, std::uint32_t x) {
    static constexpr auto pairs = [] {
      std::array<char, 200> t{};
      for (std::size_t i = 0; i < 100; ++i) {
        t[2 * i] = static_cast<char>('0' + i / 10);
        t[2 * i + 1] = static_cast<char>('0' + i % 10);
      }
      return t;
    }();
    const std::uint32_t high = x / 10000, low = x % 10000;
    std::memcpy(p, &pairs[2 * (high / 100)], 2);
    std::memcpy(p + 2, &pairs[2 * (high % 100)], 2);
    std::memcpy(p + 4, &pairs[2 * (low / 100)], 2);
    std::memcpy(p + 6, &pairs[2 * (low % 100)], 2);
    return p + 8;
  }
  // The digits of `v` with its sign (max_digits of room).
  [[gnu::always_inline]] static char* signed_digits(char* p, std::int64_t v) {
    std::uint64_t u = static_cast<std::uint64_t>(v);
    if (v < 0) {
      *p++ = '-';
      u = 0 - u;
    }
    return digits(p, u);
  }
  [[gnu::always_inline]] JsonWriter& integer(std::int64_t v) {
    n_ = static_cast<std::size_t>(signed_digits(start(max_digits + 1), v) - stage_);
    return done();
  }
  // Seeds are long and come twice in an outcome (the action's, the
  // check's): the last one's digits are kept.
  JsonWriter& unsigned_integer(std::uint64_t v) {
    comma();
    if (stage_size - n_ < max_digits) flush();
    char* p = stage_ + n_;
    if (v == last_unsigned_ && last_digits_ > 0) {
      std::memcpy(p, last_text_, max_digits);
      n_ += last_digits_;
    } else {
      const std::size_t len = static_cast<std::size_t>(digits(p, v) - p);
      std::memcpy(last_text_, p, max_digits);  // a fixed size: a few moves, not a call
      last_unsigned_ = v;
      last_digits_ = len;
      n_ += len;
    }
    return done();
  }
  // fields(): what a pair may need (a literal key with its quotes, colon and
  // comma; then its value), the pairs written, and the long way round.
  template <std::size_t N, typename V, typename... Rest>
  [[gnu::always_inline]] static std::size_t rooms(const char (&)[N], const V& v, const Rest&... rest) {
    std::size_t r = N + 3;
    if constexpr (std::is_same_v<V, Word>)
      r += v.text.size() + 2;
    else if constexpr (std::is_same_v<V, bool>)
      r += 5;
    else {
      static_assert(std::is_same_v<V, int>, "fields() writes an int, a Word or a bool");
      r += max_digits;
    }
    if constexpr (sizeof...(rest) > 0) r += rooms(rest...);
    return r;
  }
  template <std::size_t N, typename V, typename... Rest>
  [[gnu::always_inline]] static char* put_pairs(char* p, const char (&k)[N], const V& v, const Rest&... rest) {
    p = literal_key(p, k);
    if constexpr (std::is_same_v<V, Word>)
      p = quoted_word(p, v.text);
    else if constexpr (std::is_same_v<V, bool>)
      p = boolean(p, v);
    else
      p = signed_digits(p, v);
    if constexpr (sizeof...(rest) > 0) {
      *p = ',';
      return put_pairs(p + 1, rest...);
    }
    return p;
  }
  template <std::size_t N, typename V, typename... Rest>
  JsonWriter& fields_one_by_one(const char (&k)[N], const V& v, const Rest&... rest) {
    key(k);
    value(v);
    if constexpr (sizeof...(rest) > 0) fields_one_by_one(rest...);
    return *this;
  }
  // Whether `s` is plain ASCII with nothing to escape, looked at 8 bytes at
  // a time: a byte of 0x80 or more, one below 0x20, a quote or a backslash
  // sets the top bit of its lane in `bad` (the usual zero-byte tests on
  // v ^ c and on v - 0x20).
  [[gnu::always_inline]] static bool plain(std::string_view s) {
    constexpr std::uint64_t ones = 0x0101010101010101u, tops = 0x8080808080808080u;
    const char* p = s.data();
    std::size_t n = s.size();
    for (; n >= 8; p += 8, n -= 8) {
      std::uint64_t v;
      std::memcpy(&v, p, 8);
      const std::uint64_t quote = v ^ (ones * '"'), backslash = v ^ (ones * '\\');
      const std::uint64_t bad = v | ((v - ones * 0x20) & ~v) | ((quote - ones) & ~quote) |
                                ((backslash - ones) & ~backslash);
      if ((bad & tops) != 0) return false;
    }
    if (n > 0 && s.size() >= 8) {
      // The last 8 bytes, overlapping what was looked at already.
      std::uint64_t v;
      std::memcpy(&v, s.data() + s.size() - 8, 8);
      const std::uint64_t quote = v ^ (ones * '"'), backslash = v ^ (ones * '\\');
      const std::uint64_t bad = v | ((v - ones * 0x20) & ~v) | ((quote - ones) & ~quote) |
                                ((backslash - ones) & ~backslash);
      return (bad & tops) == 0;
    }
    unsigned escape = 0;
    for (; n > 0; ++p, --n) escape |= json_escapes[static_cast<unsigned char>(*p)];
    return escape == 0;
  }
  // Copies a string of plain ASCII straight into the stage; any other goes
  // the long way (write_escaped).
  [[gnu::always_inline]] void write_string(std::string_view s) {
    if (s.size() + 2 > stage_size - n_ && s.size() + 2 <= stage_size) flush();
    if (s.size() + 2 <= stage_size - n_ && plain(s)) {
      char* p = stage_ + n_;
      p[0] = '"';
      copy(p + 1, s.data(), s.size());
      p[s.size() + 1] = '"';
      n_ += s.size() + 2;
      return;
    }
    write_escaped(s);
  }
  // Escapes what JSON requires; a byte that is not part of well-formed UTF-8
  // (an error message may quote bad input) becomes U+FFFD, so that the
  // output is always valid JSON.
  void write_escaped(std::string_view s) {
    static constexpr char hex[] = "0123456789abcdef";
    put('"');
    std::size_t run = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
      const auto c = static_cast<unsigned char>(s[i]);
      if (json_escapes[c] == 0) continue;
      if (c >= 0x80) {
        if (const std::size_t n = utf8_length(s, i); n > 0) {
          i += n - 1;
          continue;
        }
        put(s.substr(run, i - run));
        run = i + 1;
        put("\\ufffd");
        continue;
      }
      put(s.substr(run, i - run));
      run = i + 1;
      switch (c) {
        case '"': put("\\\""); break;
        case '\\': put("\\\\"); break;
        case '\n': put("\\n"); break;
        case '\r': put("\\r"); break;
        case '\t': put("\\t"); break;
        case '\b': put("\\b"); break;
        case '\f': put("\\f"); break;
        default: {
          const char u[] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
          put(std::string_view(u, sizeof u));
        }
      }
    }
    put(s.substr(run));
    put('"');
  }

  std::string& out_;
  char stage_[stage_size];
  std::size_t n_ = 0;
  unsigned depth_ = 0;
  bool comma_ = false;  // the next value or key needs a comma before it
  // unsigned_integer(): the last value, and its digits (last_digits_ > 0).
  std::uint64_t last_unsigned_ = 0;
  std::size_t last_digits_ = 0;
  char last_text_[max_digits] = {};
};

}  // namespace siege::detail

// Public: what the program needs of this internal header, as siege:: names.
namespace siege {
using detail::JsonWriter;  // the JSON writer every outcome and the state file are written with
using JsonWord = detail::Word;  // a string the writer copies without a scan: ids, enum names, literals
}  // namespace siege
