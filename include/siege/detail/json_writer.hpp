// siege/detail/json_writer.hpp - a small streaming JSON writer.
//
// Outcomes are written straight into a string in a fixed key order (the order
// of INTERFACE.md), with no intermediate DOM: fast enough for batch mode and
// byte-for-byte deterministic. The caller keeps objects and arrays balanced.
#pragma once

#include <charconv>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace siege::detail {

class JsonWriter {
 public:
  explicit JsonWriter(std::string& out) : out_(out) {}

  JsonWriter& begin_object() { return open('{'); }
  JsonWriter& end_object() { return close('}'); }
  JsonWriter& begin_array() { return open('['); }
  JsonWriter& end_array() { return close(']'); }

  JsonWriter& key(std::string_view k) {
    comma();
    write_string(k);
    out_ += ':';
    after_key_ = true;
    return *this;
  }

  JsonWriter& value(std::string_view s) {
    comma();
    write_string(s);
    return *this;
  }
  JsonWriter& value(const char* s) { return value(std::string_view(s)); }
  JsonWriter& value(const std::string& s) { return value(std::string_view(s)); }
  JsonWriter& value(bool b) {
    comma();
    out_ += b ? "true" : "false";
    return *this;
  }
  JsonWriter& value(int v) { return integer(static_cast<std::int64_t>(v)); }
  JsonWriter& value(long v) { return integer(static_cast<std::int64_t>(v)); }
  JsonWriter& value(long long v) { return integer(static_cast<std::int64_t>(v)); }
  JsonWriter& value(unsigned long v) { return unsigned_integer(v); }
  JsonWriter& value(unsigned long long v) { return unsigned_integer(v); }
  JsonWriter& value(double d) {
    comma();
    char buf[32];
    auto r = std::to_chars(buf, buf + sizeof buf, d);
    out_.append(buf, r.ptr);
    return *this;
  }
  JsonWriter& null() {
    comma();
    out_ += "null";
    return *this;
  }
  // Writes pre-serialised JSON text as the next value.
  JsonWriter& raw(std::string_view text) {
    comma();
    out_ += text;
    return *this;
  }

  template <typename T>
  JsonWriter& field(std::string_view k, const T& v) {
    key(k);
    return value(v);
  }

  template <typename Range>
  JsonWriter& string_array(std::string_view k, const Range& items) {
    key(k).begin_array();
    for (const auto& s : items) value(std::string_view(s));
    return end_array();
  }

 private:
  JsonWriter& open(char c) {
    comma();
    out_ += c;
    first_.push_back(true);
    return *this;
  }
  JsonWriter& close(char c) {
    out_ += c;
    first_.pop_back();
    return *this;
  }
  void comma() {
    if (after_key_) {
      after_key_ = false;
      return;
    }
    if (!first_.empty()) {
      if (!first_.back()) out_ += ',';
      first_.back() = false;
    }
  }
  JsonWriter& integer(std::int64_t v) {
    comma();
    char buf[24];
    auto r = std::to_chars(buf, buf + sizeof buf, v);
    out_.append(buf, r.ptr);
    return *this;
  }
  JsonWriter& unsigned_integer(std::uint64_t v) {
    comma();
    char buf[24];
    auto r = std::to_chars(buf, buf + sizeof buf, v);
    out_.append(buf, r.ptr);
    return *this;
  }
  // The length of the well-formed UTF-8 sequence that starts at s[i] (a
  // byte of 0x80 or more), or 0 if there is none (RFC 3629: no overlong
  // forms, no surrogates, nothing above U+10FFFF).
  static std::size_t utf8_length(std::string_view s, std::size_t i) {
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
      return in(1, c == 0xF0 ? 0x90 : 0x80, c == 0xF4 ? 0x8F : 0xBF) && in(2, 0x80, 0xBF) &&
                     in(3, 0x80, 0xBF)
                 ? 4
                 : 0;
    return 0;
  }

  // Appends runs of plain characters in bulk; escapes the rest. A byte that
  // is not part of well-formed UTF-8 (an error message may quote bad input)
  // becomes U+FFFD, so that the output is always valid JSON.
  void write_string(std::string_view s) {
    static constexpr char hex[] = "0123456789abcdef";
    out_ += '"';
    std::size_t run = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
      const auto c = static_cast<unsigned char>(s[i]);
      if (c >= 0x20 && c < 0x80 && c != '"' && c != '\\') continue;
      if (c >= 0x80) {
        if (const std::size_t n = utf8_length(s, i); n > 0) {
          i += n - 1;
          continue;
        }
        out_.append(s.data() + run, i - run);
        run = i + 1;
        out_ += "\\ufffd";
        continue;
      }
      out_.append(s.data() + run, i - run);
      run = i + 1;
      switch (c) {
        case '"': out_ += "\\\""; break;
        case '\\': out_ += "\\\\"; break;
        case '\n': out_ += "\\n"; break;
        case '\r': out_ += "\\r"; break;
        case '\t': out_ += "\\t"; break;
        case '\b': out_ += "\\b"; break;
        case '\f': out_ += "\\f"; break;
        default:
          out_ += "\\u00";
          out_ += hex[c >> 4];
          out_ += hex[c & 15];
      }
    }
    out_.append(s.data() + run, s.size() - run);
    out_ += '"';
  }

  std::string& out_;
  std::vector<bool> first_;
  bool after_key_ = false;
};

}  // namespace siege::detail
