// siege/detail/json_read.hpp - strict JSON reading with named places.
//
// Every document the program reads (tables, state file, batch lines) goes
// through parse_strict(): it refuses NUL bytes, inputs over a size cap,
// nesting deeper than max_depth and duplicate object keys, and reports syntax
// errors as "FILE:LINE:COLUMN: ...". Field readers then refuse floats or
// strings where integers are due and integers out of range, naming the JSON
// pointer of the value ("weapons.json:/4/pierce: expected an integer >= 0").
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "siege/error.hpp"

namespace siege::detail {

using nlohmann::json;

inline constexpr std::size_t max_json_depth = 64;
inline constexpr std::size_t max_json_bytes = 16u * 1024u * 1024u;

// Where an error is reported: "FILE" or "FILE:LINE" and the kind of error.
struct JsonSource {
  std::string name;  // e.g. "weapons.json", "siege.json", "<stdin>:12"
  ErrorKind kind = ErrorKind::data;
  // One line of a JSON Lines stream, named "FILE:LINE": positions are given
  // as the column only, so messages read "FILE:LINE:COLUMN: ...".
  bool single_line = false;
};

[[noreturn]] inline void fail_at(const JsonSource& src, const std::string& where,
                                 const std::string& what) {
  throw Error(src.kind, "bad-json", ErrorPlace{src.name, where}, what);
}

inline void line_column(std::string_view text, std::size_t offset, std::size_t& line,
                        std::size_t& column) {
  line = 1;
  column = 1;
  for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
}

[[noreturn]] inline void fail_position(const JsonSource& src, std::string_view text,
                                       std::size_t offset, const std::string& what) {
  std::size_t line = 0, column = 0;
  line_column(text, offset, line, column);
  fail_at(src, src.single_line ? std::to_string(column) : std::to_string(line) + ":" + std::to_string(column), what);
}

[[nodiscard]] inline std::string pointer_escape(std::string_view key) {
  std::string out;
  for (char c : key) {
    if (c == '~') out += "~0";
    else if (c == '/') out += "~1";
    else out += c;
  }
  return out;
}

// The SAX handler of parse_strict: builds the tree as nlohmann's own parser
// does (json_sax_dom_parser) and refuses, on the way, nesting past
// max_json_depth and duplicate object keys, naming the JSON pointer. Time is
// linear in the input (nlohmann's callback parser, used before, scans the
// whole parent array at the end of every object: quadratic in rows).
class StrictSax {
 public:
  StrictSax(json& root, const JsonSource& src) : dom_(root, true), src_(src) {}

  bool null() {
    value();
    return dom_.null();
  }
  bool boolean(bool v) {
    value();
    return dom_.boolean(v);
  }
  bool number_integer(json::number_integer_t v) {
    value();
    return dom_.number_integer(v);
  }
  bool number_unsigned(json::number_unsigned_t v) {
    value();
    return dom_.number_unsigned(v);
  }
  bool number_float(json::number_float_t v, const json::string_t& s) {
    value();
    return dom_.number_float(v, s);
  }
  bool string(json::string_t& v) {
    value();
    return dom_.string(v);
  }
  bool binary(json::binary_t& v) {
    value();
    return dom_.binary(v);
  }
  bool start_object(std::size_t n) {
    open(true);
    return dom_.start_object(n);
  }
  bool start_array(std::size_t n) {
    open(false);
    return dom_.start_array(n);
  }
  bool end_object() {
    close();
    return dom_.end_object();
  }
  bool end_array() {
    close();
    return dom_.end_array();
  }
  bool key(json::string_t& k) {
    Frame& top = stack_.back();
    for (const auto& seen : top.keys)
      if (seen == k) fail_at(src_, top.pointer.empty() ? "/" : top.pointer, "duplicate key '" + k + "'");
    top.keys.push_back(k);
    pending_key_ = k;
    return dom_.key(k);
  }
  template <class Exception>
  bool parse_error(std::size_t position, const std::string& token, const Exception& ex) {
    return dom_.parse_error(position, token, ex);
  }

 private:
  // A container open at some depth: its pointer, and the keys seen so far
  // (object) or the index of the next element (array).
  struct Frame {
    bool object = false;
    std::vector<std::string> keys;
    std::string pointer;
    std::size_t index = 0;
  };

  [[nodiscard]] std::string child_pointer() const {
    if (stack_.empty()) return "";
    const Frame& top = stack_.back();
    return top.pointer + "/" + (top.object ? pointer_escape(pending_key_) : std::to_string(top.index));
  }
  // A value is complete: the next element of an array has the next index.
  void value() {
    if (!stack_.empty() && !stack_.back().object) ++stack_.back().index;
  }
  void open(bool object) {
    if (stack_.size() >= max_json_depth)
      fail_at(src_, child_pointer().empty() ? "/" : child_pointer(),
              "nesting deeper than " + std::to_string(max_json_depth) + " levels");
    Frame f;
    f.object = object;
    f.pointer = child_pointer();
    stack_.push_back(std::move(f));
  }
  void close() {
    stack_.pop_back();
    value();
  }

  nlohmann::detail::json_sax_dom_parser<json> dom_;
  const JsonSource& src_;
  std::vector<Frame> stack_;
  std::string pending_key_;
};

// Parses `text` as one JSON value under the limits above.
[[nodiscard]] inline json parse_strict(std::string_view text, const JsonSource& src) {
  if (text.size() > max_json_bytes)
    fail_at(src, "1:1",
            "input is " + std::to_string(text.size()) + " bytes; the limit is " +
                std::to_string(max_json_bytes));
  if (const auto nul = text.find('\0'); nul != std::string_view::npos)
    fail_position(src, text, nul, "NUL byte in input");
  // Depth first, with a position, before the parser builds anything deep.
  {
    std::size_t depth = 0;
    bool in_string = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
      const char c = text[i];
      if (in_string) {
        if (c == '\\') ++i;
        else if (c == '"') in_string = false;
      } else if (c == '"') {
        in_string = true;
      } else if (c == '[' || c == '{') {
        if (++depth > max_json_depth)
          fail_position(src, text, i, "nesting deeper than " + std::to_string(max_json_depth) + " levels");
      } else if ((c == ']' || c == '}') && depth > 0) {
        --depth;
      }
    }
  }

  json root;
  StrictSax sax(root, src);
  try {
    json::sax_parse(text.begin(), text.end(), &sax);
    return root;
  } catch (const json::parse_error& e) {
    std::string what = e.what();
    // nlohmann: "[json.exception.parse_error.101] parse error at line L, column C: MSG"
    if (const auto p = what.find(": ", what.find("column")); p != std::string::npos)
      what = what.substr(p + 2);
    const std::size_t offset = e.byte == 0 ? 0 : e.byte - 1;
    fail_position(src, text, offset, what);
  } catch (const json::out_of_range&) {
    // nlohmann refuses numbers past a double's range without a position.
    throw Error(src.kind, "bad-json", ErrorPlace{src.name, {}},
                "a number is too large to read (past a double's range)");
  }
}

// An id: lower-case letters, digits and hyphens, not at either end, at
// most max_id_bytes; id_rule says so in a refusal.
inline constexpr std::size_t max_id_bytes = 64;
inline constexpr const char* id_rule = "expected an id of lower-case letters, digits and hyphens";
[[nodiscard]] inline bool is_id(std::string_view s) noexcept {
  bool ok = !s.empty() && s.size() <= max_id_bytes && s.front() != '-' && s.back() != '-';
  for (const char c : s) ok = ok && ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-');
  return ok;
}

// A value and its place, for field readers.
class Cursor {
 public:
  Cursor(const json& value, const JsonSource& src, std::string pointer)
      : v_(&value), src_(&src), ptr_(std::move(pointer)) {}

  [[nodiscard]] const json& value() const noexcept { return *v_; }
  [[nodiscard]] const std::string& pointer() const noexcept { return ptr_; }
  [[nodiscard]] const JsonSource& source() const noexcept { return *src_; }

  [[noreturn]] void fail(const std::string& what) const {
    fail_at(*src_, ptr_.empty() ? "/" : ptr_, what);
  }

  [[nodiscard]] Cursor at(std::size_t i) const {
    return Cursor((*v_)[i], *src_, ptr_ + "/" + std::to_string(i));
  }
  [[nodiscard]] bool has(const char* key) const { return v_->contains(key); }
  [[nodiscard]] Cursor at(const char* key) const {
    if (!v_->contains(key)) fail(std::string("missing key '") + key + "'");
    return Cursor((*v_)[key], *src_, ptr_ + "/" + pointer_escape(key));
  }

  const Cursor& expect_object() const {
    if (!v_->is_object()) fail("expected an object");
    return *this;
  }
  const Cursor& expect_array() const {
    if (!v_->is_array()) fail("expected an array");
    return *this;
  }
  // Refuses keys not in `allowed` (catches typos in homebrew tables).
  void only_keys(std::initializer_list<std::string_view> allowed) const {
    for (const auto& item : v_->items()) {
      bool ok = false;
      for (auto a : allowed) ok = ok || a == item.key();
      if (!ok) {
        std::string list;
        for (auto a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
        Cursor(item.value(), *src_, ptr_ + "/" + pointer_escape(item.key()))
            .fail("unknown key '" + item.key() + "' (expected one of: " + list + ")");
      }
    }
  }

  [[nodiscard]] std::int64_t integer(std::int64_t lo, std::int64_t hi) const {
    auto range = [&]() -> std::string {
      if (hi == std::numeric_limits<std::int64_t>::max()) return ">= " + std::to_string(lo);
      return "from " + std::to_string(lo) + " to " + std::to_string(hi);
    };
    if (v_->is_number_unsigned()) {
      const auto u = v_->get<std::uint64_t>();
      // nlohmann stores every non-negative literal as unsigned: check both ends.
      if (u > static_cast<std::uint64_t>(hi) || static_cast<std::int64_t>(u) < lo)
        fail("expected an integer " + range());
      return static_cast<std::int64_t>(u);
    }
    if (!v_->is_number_integer()) fail("expected an integer " + range());
    const auto i = v_->get<std::int64_t>();
    if (i < lo || i > hi) fail("expected an integer " + range());
    return i;
  }
  [[nodiscard]] int int_in(int lo, int hi) const { return static_cast<int>(integer(lo, hi)); }

  // A whole number from 0 to 2^64 - 1 (a seed, R42); a larger one is read
  // as a float and refused, naming the bound.
  [[nodiscard]] std::uint64_t uint64() const {
    if (!v_->is_number_unsigned() && !(v_->is_number_integer() && v_->get<std::int64_t>() >= 0))
      fail("expected a whole number from 0 to " + std::to_string(std::numeric_limits<std::uint64_t>::max()));
    return v_->get<std::uint64_t>();
  }

  [[nodiscard]] bool boolean() const {
    if (!v_->is_boolean()) fail("expected true or false");
    return v_->get<bool>();
  }

  [[nodiscard]] std::string string(std::size_t max_len = 200) const {
    if (!v_->is_string()) fail("expected a string");
    auto s = v_->get<std::string>();
    if (s.size() > max_len) fail("string longer than " + std::to_string(max_len) + " bytes");
    return s;
  }

  // A kebab-case id (is_id).
  [[nodiscard]] std::string id() const {
    auto s = string(max_id_bytes);
    if (!is_id(s)) fail(id_rule);
    return s;
  }

 private:
  const json* v_;
  const JsonSource* src_;
  std::string ptr_;
};

}  // namespace siege::detail

// Public: what the program needs of this internal header, as siege:: names.
namespace siege {
using detail::JsonSource;  // where a JSON text came from, and the kind of error its faults are
using detail::Cursor;  // a place in a parsed JSON document: typed reads that name the place of a fault
using detail::parse_strict;  // parses JSON strictly (no duplicate keys, bounded size and depth)
using detail::max_json_bytes;  // the most bytes parse_strict reads
using detail::pointer_escape;  // a key escaped for a JSON pointer
using detail::max_id_bytes;    // the most bytes of an id (is_id)
}  // namespace siege
