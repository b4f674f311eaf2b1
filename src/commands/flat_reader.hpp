// flat_reader.hpp - batch mode's fast reader of a line's inputs (batch mode
// and its fuzz harness only: not installed).
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "commands/flat_json.hpp"
#include "commands/inputs.hpp"

namespace siege::cli {

// The fast path's reader: fills fields from a flat line. Anything it is not
// sure of - a key of the wrong kind, a value out of bounds, a key no field
// takes - is a Miss, and the line is read again by the strict path, which
// accepts it or names the error exactly as for any other line.
//
// It is final, and its visits are defined here: a declaration that is a
// template over its visitor (attack_inputs) has an instance over FlatReader
// whose visits are direct calls, inlined, and the absent inputs' checks
// folded to a test of one bit (Command::act_flat).
class FlatReader final : public InputReader {
 public:
  struct Miss {};

  // `skip`: members that are not inputs ("action", "seed").
  FlatReader(const FlatObject& in, std::initializer_list<const FlatMember*> skip) : in_(in) {
    for (const auto* m : skip)
      if (m != nullptr) used_ |= bit(*m);
  }

  [[gnu::always_inline]] void text(const In& in, std::string& v) override {
    if (may_hold(in.key)) return read_text(in, v);
    if (collector_ != nullptr) collector_->text(in, v);
  }
  [[gnu::always_inline]] void text(const In& in, std::optional<std::string>& v) override {
    if (may_hold(in.key)) return read_text(in, v);
    if (collector_ != nullptr) collector_->text(in, v);
  }
  [[gnu::always_inline]] void text(const In& in, Given<std::string>& v) override {
    if (may_hold(in.key)) return read_text(in, v);
    if (collector_ != nullptr) collector_->text(in, v);
  }
  [[gnu::always_inline]] void texts(const In& in, std::vector<std::string>& v) override {
    if (may_hold(in.key)) return read_texts(in, v);
    if (collector_ != nullptr) collector_->texts(in, v);
  }
  [[gnu::always_inline]] void number(const In& in, std::optional<int>& v, int lo, int hi) override {
    if (may_hold(in.key)) return read_number(in, v, lo, hi);
    if (collector_ != nullptr) collector_->number(in, v, lo, hi);
  }
  [[gnu::always_inline]] void number(const In& in, Given<int>& v, int lo, int hi) override {
    if (may_hold(in.key)) return read_number(in, v, lo, hi);
    if (collector_ != nullptr) collector_->number(in, v, lo, hi);
  }
  [[gnu::always_inline]] void flag(const In& in, bool& v) override {
    if (may_hold(in.key)) return read_flag(in, v);
    if (collector_ != nullptr) collector_->flag(in, v);
  }
  void finish() const override {
    if (used_ != (std::uint64_t{1} << in_.size) - 1) throw Miss{};
  }

 private:
  // Most of a command's inputs are absent from a line, which the key's bit
  // says at once (FlatObject::keys). Such a visit only shows the input to
  // the collector; the reading of a member the line may hold is a call of
  // its own (a tail call), so that the visit of an absent input needs no
  // frame.
  [[nodiscard]] bool may_hold(std::string_view key) const { return (in_.keys & FlatObject::key_bit(key)) != 0; }
  [[gnu::noinline]] void read_text(const In& in, std::string& v) {
    if (const auto* m = take(in.key, FlatValue::Kind::string)) v.assign(checked(in, m->value.text));
    if (collector_ != nullptr) collector_->text(in, v);
  }
  [[gnu::noinline]] void read_text(const In& in, std::optional<std::string>& v) {
    if (const auto* m = take(in.key, FlatValue::Kind::string))
      if (!m->value.text.empty()) v.emplace(checked(in, m->value.text));
    if (collector_ != nullptr) collector_->text(in, v);
  }
  [[gnu::noinline]] void read_text(const In& in, Given<std::string>& v) {
    if (const auto* m = take(in.key, FlatValue::Kind::string)) v.set(std::string(checked(in, m->value.text)));
    if (collector_ != nullptr) collector_->text(in, v);
  }
  [[gnu::noinline]] void read_texts(const In& in, std::vector<std::string>& v) {
    if (const auto* m = take(in.key, FlatValue::Kind::strings)) {
      v.clear();
      FlatStrings items(m->value.text);
      for (std::string_view item; items.next(item);) v.emplace_back(checked(in, item));
    }
    if (collector_ != nullptr) collector_->texts(in, v);
  }
  [[gnu::noinline]] void read_number(const In& in, std::optional<int>& v, int lo, int hi) {
    if (const auto* m = take(in.key, FlatValue::Kind::integer)) v = bounded(m->value.integer, lo, hi);
    if (collector_ != nullptr) collector_->number(in, v, lo, hi);
  }
  [[gnu::noinline]] void read_number(const In& in, Given<int>& v, int lo, int hi) {
    if (const auto* m = take(in.key, FlatValue::Kind::integer)) v.set(bounded(m->value.integer, lo, hi));
    if (collector_ != nullptr) collector_->number(in, v, lo, hi);
  }
  [[gnu::noinline]] void read_flag(const In& in, bool& v) {
    if (const auto* m = take(in.key, FlatValue::Kind::boolean)) v = m->value.boolean;
    if (collector_ != nullptr) collector_->flag(in, v);
  }
  [[nodiscard]] std::uint64_t bit(const FlatMember& m) const {
    return std::uint64_t{1} << static_cast<std::size_t>(&m - in_.members);
  }
  const FlatMember* take(std::string_view key, FlatValue::Kind kind) {
    const auto* m = in_.find(key);
    if (m == nullptr) return nullptr;
    if (m->value.kind != kind) throw Miss{};
    used_ |= bit(*m);
    return m;
  }
  // The bounds of the strict reader (siege::Cursor::string, ::int_in).
  static std::string_view checked(const In& in, std::string_view s) {
    if (s.size() > max_bytes_of(in)) throw Miss{};
    return s;
  }
  static int bounded(std::int64_t v, int lo, int hi) {
    if (v < lo || v > hi) throw Miss{};
    return static_cast<int>(v);
  }

  const FlatObject& in_;
  std::uint64_t used_ = 0;
};
static_assert(FlatObject::max_members <= 64, "FlatReader keeps a bit per member");

}  // namespace siege::cli
