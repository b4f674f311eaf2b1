// siege/detail/json_canon.hpp - JSON in the one form nlohmann's dump()
// writes it, recognised without building it.
//
// A state file's log entries are written by dump() (write_log_entry): no
// space, object keys in byte order, integers in plain decimal, strings as
// raw UTF-8 but for the escapes dump() makes. canonical_value() says whether
// a text is a value in exactly that form: such a text is valid JSON under
// parse_strict()'s limits, and parsing it and dumping the value gives the
// same bytes back, so it can be kept as it is (RawJson). Anything else -
// spaces, keys out of order or twice, floats, "-0", other escapes ("\/",
// "\u00e9", a surrogate pair), invalid UTF-8, nesting past max_json_depth,
// any syntax error - is "not canonical": the caller then reads the text
// with parse_strict(), which gives the value or the precise error. So this
// reader never decides that a text is wrong, only that it is beyond doubt.
#pragma once

#include <bit>
#include <cstddef>
#include <cstring>
#include <cstdint>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "siege/detail/json_read.hpp"

namespace siege::detail::canon {

// The small readers below run for every token of a long log: inlined into
// value(), whatever the optimiser would choose.
#if defined(__GNUC__)
#define SIEGE_CANON_INLINE [[gnu::always_inline]] inline
#else
#define SIEGE_CANON_INLINE inline
#endif

// The length of the well-formed UTF-8 sequence (Unicode 15, table 3-7: no
// overlong form, no surrogate, nothing past U+10FFFF) at s[i], a byte of
// 0x80 or more; 0 when there is none.
[[nodiscard]] inline std::size_t utf8_sequence(std::string_view s, std::size_t i) noexcept {
  const auto at = [&](std::size_t k) { return i + k < s.size() ? static_cast<unsigned char>(s[i + k]) : 0u; };
  const auto cont = [](unsigned b, unsigned lo = 0x80, unsigned hi = 0xBF) { return b >= lo && b <= hi; };
  const unsigned b0 = at(0);
  if (b0 >= 0xC2 && b0 <= 0xDF) return cont(at(1)) ? 2 : 0;
  if (b0 == 0xE0) return cont(at(1), 0xA0) && cont(at(2)) ? 3 : 0;
  if ((b0 >= 0xE1 && b0 <= 0xEC) || b0 == 0xEE || b0 == 0xEF) return cont(at(1)) && cont(at(2)) ? 3 : 0;
  if (b0 == 0xED) return cont(at(1), 0x80, 0x9F) && cont(at(2)) ? 3 : 0;
  if (b0 == 0xF0) return cont(at(1), 0x90) && cont(at(2)) && cont(at(3)) ? 4 : 0;
  if (b0 >= 0xF1 && b0 <= 0xF3) return cont(at(1)) && cont(at(2)) && cont(at(3)) ? 4 : 0;
  if (b0 == 0xF4) return cont(at(1), 0x80, 0x8F) && cont(at(2)) && cont(at(3)) ? 4 : 0;
  return 0;
}

// The escape dump() writes for the control character `c` (below 0x20) after
// "\u00": its two lower-case hex digits; the five with a short escape (\b,
// \t, \n, \f, \r) are never written so.
[[nodiscard]] inline bool dump_escapes_as_hex(unsigned c) noexcept {
  return c < 0x20 && c != '\b' && c != '\t' && c != '\n' && c != '\f' && c != '\r';
}

// The end of the run of plain bytes (printable ASCII but '"' and '\\') from
// s[i]: sixteen bytes at a time with SSE2, else eight at a time while eight
// are left (the usual zero-byte tests mark a quote, a backslash, a byte
// below 0x20 and one of 0x80 or more; the lowest mark is exact, the first
// on a little-endian machine), then byte by byte. Never reads past s.
[[nodiscard]] SIEGE_CANON_INLINE std::size_t plain_run_end(std::string_view s, std::size_t i) noexcept {
  const char* const p = s.data();
#if defined(__SSE2__)
  const __m128i quote16 = _mm_set1_epi8('"');
  const __m128i backslash16 = _mm_set1_epi8('\\');
  const __m128i space16 = _mm_set1_epi8(0x20);
  for (; i + 16 <= s.size(); i += 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i));
    // Signed: a byte of 0x80 or more is negative, so "below 0x20" marks it too.
    const __m128i marks = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, quote16), _mm_cmpeq_epi8(v, backslash16)),
                                       _mm_cmplt_epi8(v, space16));
    const auto bits = static_cast<unsigned>(_mm_movemask_epi8(marks));
    if (bits != 0) return i + static_cast<std::size_t>(std::countr_zero(bits));
  }
#endif
  constexpr std::uint64_t ones = 0x0101010101010101u;
  constexpr std::uint64_t tops = 0x8080808080808080u;
  for (; std::endian::native == std::endian::little && i + 8 <= s.size(); i += 8) {
    std::uint64_t v = 0;
    std::memcpy(&v, p + i, 8);
    const std::uint64_t quote = v ^ (ones * '"');
    const std::uint64_t backslash = v ^ (ones * '\\');
    const std::uint64_t marks =
        (v | ((v - ones * 0x20) & ~v) | ((quote - ones) & ~quote) | ((backslash - ones) & ~backslash)) & tops;
    if (marks != 0) return i + static_cast<std::size_t>(std::countr_zero(marks)) / 8;
  }
  for (; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x20 || c >= 0x80 || c == '"' || c == '\\') return i;
  }
  return i;
}

// A string at s[i] == '"' as dump() writes it; i moves past its closing
// quote. `escaped` says whether it holds an escape (its bytes are then not
// its value).
[[nodiscard]] SIEGE_CANON_INLINE bool string(std::string_view s, std::size_t& i, bool& escaped) noexcept {
  if (i >= s.size() || s[i] != '"') return false;
  escaped = false;
  for (++i; i < s.size();) {
    i = plain_run_end(s, i);
    if (i >= s.size()) return false;
    const auto c = static_cast<unsigned char>(s[i]);
    if (c == '"') {
      ++i;
      return true;
    }
    if (c < 0x20) return false;
    if (c < 0x80) {
      if (c != '\\') {
        ++i;
        continue;
      }
      escaped = true;
      if (i + 1 >= s.size()) return false;
      const char e = s[i + 1];
      if (e == '"' || e == '\\' || e == 'b' || e == 'f' || e == 'n' || e == 'r' || e == 't') {
        i += 2;
        continue;
      }
      // \u00XX, lower-case, for a control character without a short escape.
      if (e != 'u' || i + 5 >= s.size() || s[i + 2] != '0' || s[i + 3] != '0') return false;
      const auto hex = [](char h) { return h >= '0' && h <= '9' ? h - '0' : h >= 'a' && h <= 'f' ? h - 'a' + 10 : -1; };
      const int hi = hex(s[i + 4]);
      const int lo = hex(s[i + 5]);
      if (hi < 0 || lo < 0 || !dump_escapes_as_hex(static_cast<unsigned>(hi * 16 + lo))) return false;
      i += 6;
      continue;
    }
    const std::size_t n = utf8_sequence(s, i);
    if (n == 0) return false;
    i += n;
  }
  return false;
}

// An integer at s[i] as dump() writes one: "0", or an optional "-" and a
// digit 1-9 and more digits, within an int64 (negative) or a uint64; not
// followed by a fraction or an exponent (a float). `magnitude` gets its
// absolute value, `negative` its sign.
[[nodiscard]] SIEGE_CANON_INLINE bool integer(std::string_view s, std::size_t& i, std::uint64_t& magnitude,
                                  bool& negative) noexcept {
  negative = i < s.size() && s[i] == '-';
  std::size_t k = i + (negative ? 1 : 0);
  if (k >= s.size() || s[k] < '0' || s[k] > '9') return false;
  std::uint64_t v = 0;
  if (s[k] == '0') {
    ++k;
    if (negative) return false;  // "-0": dump() writes 0
  } else {
    const std::size_t first = k;
    for (; k < s.size() && s[k] >= '0' && s[k] <= '9'; ++k) {
      const auto d = static_cast<std::uint64_t>(s[k] - '0');
      // 19 digits always fit; past them, a uint64 may not (a float to nlohmann).
      if (k - first >= 19 && v > (UINT64_MAX - d) / 10) return false;
      v = v * 10 + d;
    }
    if (negative && v > std::uint64_t{1} << 63) return false;  // past an int64
  }
  if (k < s.size() && (s[k] == '.' || s[k] == 'e' || s[k] == 'E' || (s[k] >= '0' && s[k] <= '9'))) return false;
  magnitude = v;
  i = k;
  return true;
}

SIEGE_CANON_INLINE bool literal(std::string_view s, std::size_t& i, std::string_view word) noexcept {
  if (s.size() - std::min(i, s.size()) < word.size() || std::memcmp(s.data() + i, word.data(), word.size()) != 0)
    return false;
  i += word.size();
  return true;
}

// Whether key `a` comes before key `b` in byte order (std::map's, whose
// keys dump() writes in order).
[[nodiscard]] SIEGE_CANON_INLINE bool key_before(std::string_view a, std::string_view b) noexcept {
  const std::size_t n = std::min(a.size(), b.size());
  for (std::size_t k = 0; k < n; ++k)
    if (a[k] != b[k]) return static_cast<unsigned char>(a[k]) < static_cast<unsigned char>(b[k]);
  return a.size() < b.size();
}

// A value at s[i] as dump() writes it, `depth` containers deep already
// (parse_strict counts the outermost as 1); i moves past it. One loop over
// the text with a stack of the containers open (no call per value): a long
// log's entries are read by it on every command.
[[nodiscard]] inline bool value(std::string_view s, std::size_t& i, std::size_t depth) noexcept {
  struct Open {  // trivial: the array below costs nothing to set up
    const char* last_key;  // an object's key before (nullptr before its first)
    std::size_t last_size;
    bool object;
  };
  Open open[max_json_depth + 1];
  std::size_t n = 0;    // containers open
  bool want_key = false;  // an object's key comes next (else a value)
  for (;;) {
    if (want_key) {
      Open& o = open[n - 1];
      const std::size_t start = i;
      bool escaped = false;
      if (!string(s, i, escaped) || escaped) return false;  // an escaped key is left to the strict reader
      const std::string_view key = s.substr(start + 1, i - start - 2);
      if (o.last_key != nullptr && !key_before({o.last_key, o.last_size}, key)) return false;
      o.last_key = key.data();
      o.last_size = key.size();
      if (i >= s.size() || s[i++] != ':') return false;
      want_key = false;
    }
    // A value.
    if (i >= s.size()) return false;
    const char c = s[i];
    if (c == '{' || c == '[') {
      if (depth + n + 1 > max_json_depth) return false;
      ++i;
      const char close = c == '{' ? '}' : ']';
      if (i < s.size() && s[i] == close) {
        ++i;
      } else {
        open[n++] = Open{nullptr, 0, c == '{'};
        want_key = c == '{';
        continue;
      }
    } else if (c == '"') {
      bool escaped = false;
      if (!string(s, i, escaped)) return false;
    } else if (c == 't') {
      if (!literal(s, i, "true")) return false;
    } else if (c == 'f') {
      if (!literal(s, i, "false")) return false;
    } else if (c == 'n') {
      if (!literal(s, i, "null")) return false;
    } else {
      std::uint64_t magnitude = 0;
      bool negative = false;
      if (!integer(s, i, magnitude, negative)) return false;
    }
    // After a value: the next one, or the end of containers.
    for (;;) {
      if (n == 0) return true;
      if (i >= s.size()) return false;
      const Open& o = open[n - 1];
      if (s[i] == ',') {
        ++i;
        want_key = o.object;
        break;
      }
      if (s[i] != (o.object ? '}' : ']')) return false;
      ++i;
      --n;
    }
  }
}

#undef SIEGE_CANON_INLINE

}  // namespace siege::detail::canon

namespace siege {

// Whether `text` is one JSON value exactly as dump() writes it (canon::value).
[[nodiscard]] inline bool is_dump_text(std::string_view text) noexcept {
  std::size_t i = 0;
  return detail::canon::value(text, i, 0) && i == text.size();
}

}  // namespace siege
