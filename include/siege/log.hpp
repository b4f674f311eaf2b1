// siege/log.hpp - the log of a siege: its entries, built only when asked.
//
// A state file's log may hold tens of thousands of entries; a command
// usually reads one or two of them. So a Log read from a file keeps the
// file's text (shared, never copied) and where each entry starts in it, and
// builds an entry (a LogEntry) the first time it is asked for. Its action
// and scene are read from the text without building it. The entries read
// from the file and not changed since ("as read", a prefix of the log) are
// written back as the bytes they were (state_json.hpp): a command that adds
// one entry to a long log copies the rest byte for byte.
//
// The text an entry is built from has passed the state file reader, which
// checked its layout (state_json.hpp, scan_written_entry): the functions
// here only take it apart.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <iterator>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace siege {

// A JSON value held as the text nlohmann's dump() writes for it: a log
// entry's inputs or outcome, which the state file holds in that form. A
// long log is read and written back as these texts, and a value is built
// only when a command asks for it.
class RawJson {
 public:
  RawJson() = default;  // null
  explicit RawJson(const nlohmann::json& v) : text_(v.dump()) {}
  // `text` is dump()'s text of a value (the caller has checked it).
  [[nodiscard]] static RawJson of_dump(std::string_view text) {
    RawJson r;
    r.text_.assign(text);
    return r;
  }
  // The text, as dump() writes it.
  [[nodiscard]] const std::string& text() const noexcept { return text_; }
  // The value, built from the text.
  [[nodiscard]] nlohmann::json json() const { return nlohmann::json::parse(text_); }
  [[nodiscard]] bool operator==(const RawJson& o) const noexcept { return text_ == o.text_; }

 private:
  std::string text_ = "null";
};

// One resolution in the append-only log: enough to run it again.
struct LogEntry {
  int entry = 0;        // 1, 2, 3 ... in order
  std::string action;   // the command, e.g. "attack", "scene"
  RawJson inputs;          // object: option names (without --) -> values
  std::uint64_t seed = 0;  // the seed its rolls used
  RawJson outcome;         // object: what it did (damage, states before/after ...)
  // R30: the scene it belongs to: the scene counter after it ran (a `scene`
  // entry belongs to the scene it starts; 0 before the first one).
  int scene = 0;
};

namespace detail {

// The end of the JSON value (an object, an array, a string or a scalar) at
// s[i], in a text already known to be valid JSON.
[[nodiscard]] inline std::size_t end_of_value(std::string_view s, std::size_t i) noexcept {
  int depth = 0;
  for (; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '"') {
      for (++i; i < s.size() && s[i] != '"'; ++i)
        if (s[i] == '\\') ++i;
      if (depth == 0) return i + 1;
    } else if (c == '{' || c == '[') {
      ++depth;
    } else if (c == '}' || c == ']') {
      if (--depth <= 0) return i + 1;
    } else if (depth == 0 && (c == ',' || c == '}' || c == ']')) {
      return i;
    } else if (depth == 0) {
      std::size_t k = i;
      while (k < s.size() && s[k] != ',' && s[k] != '}' && s[k] != ']') ++k;
      return k;
    }
  }
  return i;
}

// The whole number at s[i] (digits only), i moved past it.
[[nodiscard]] inline std::uint64_t digits_at(std::string_view s, std::size_t& i) noexcept {
  std::uint64_t v = 0;
  for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i) v = v * 10 + static_cast<std::uint64_t>(s[i] - '0');
  return v;
}

// The parts of an entry's text as the state file writes it:
// {"entry":N,"scene":S,"action":"A","inputs":{...},"seed":N,"outcome":{...}}
struct EntryText {
  static constexpr std::string_view entry_key = "{\"entry\":";
  static constexpr std::string_view scene_key = ",\"scene\":";
  static constexpr std::string_view action_key = ",\"action\":\"";
  static constexpr std::string_view inputs_key = ",\"inputs\":";
  static constexpr std::string_view seed_key = ",\"seed\":";
  static constexpr std::string_view outcome_key = ",\"outcome\":";

  // The scene of the entry starting at s[at].
  [[nodiscard]] static int scene(std::string_view s, std::size_t at) noexcept {
    std::size_t i = at + entry_key.size();
    (void)digits_at(s, i);
    i += scene_key.size();
    return static_cast<int>(digits_at(s, i));
  }
  // Its action (an id: no escapes).
  [[nodiscard]] static std::string_view action(std::string_view s, std::size_t at) noexcept {
    std::size_t i = at + entry_key.size();
    (void)digits_at(s, i);
    i += scene_key.size();
    (void)digits_at(s, i);
    i += action_key.size();
    const std::size_t close = s.find('"', i);
    return s.substr(i, close - i);
  }
  // The whole entry.
  [[nodiscard]] static LogEntry build(std::string_view s, std::size_t at) {
    LogEntry e;
    std::size_t i = at + entry_key.size();
    e.entry = static_cast<int>(digits_at(s, i));
    i += scene_key.size();
    e.scene = static_cast<int>(digits_at(s, i));
    i += action_key.size();
    const std::size_t close = s.find('"', i);
    e.action.assign(s.substr(i, close - i));
    i = close + 1 + inputs_key.size();
    std::size_t end = end_of_value(s, i);
    e.inputs = RawJson::of_dump(s.substr(i, end - i));
    i = end + seed_key.size();
    e.seed = digits_at(s, i);
    i += outcome_key.size();
    end = end_of_value(s, i);
    e.outcome = RawJson::of_dump(s.substr(i, end - i));
    return e;
  }
};

}  // namespace detail

class Log {
 public:
  // The separator between two entries' texts in the state file, and what
  // comes before the first: each entry is on a line of its own.
  static constexpr std::string_view first_line = "\n    ";
  static constexpr std::string_view next_line = ",\n    ";

  Log() = default;
  Log(std::initializer_list<LogEntry> entries) {
    for (const LogEntry& e : entries) push_back(e);
  }
  Log(const Log& o) { *this = o; }
  Log& operator=(const Log& o) {
    if (this == &o) return *this;
    owner_ = o.owner_;
    text_ = o.text_;
    starts_ = o.starts_;
    end_ = o.end_;
    as_read_ = o.as_read_;
    built_.clear();
    built_.reserve(o.built_.size());
    for (const auto& e : o.built_) built_.push_back(e ? std::make_unique<LogEntry>(*e) : nullptr);
    return *this;
  }
  Log(Log&&) noexcept = default;
  Log& operator=(Log&&) noexcept = default;
  ~Log() = default;

  // The entries of a state file's text `text`, kept alive by `owner`:
  // entry i's object starts at text[starts[i]], the last one's ends just
  // before text[end]; between two, Log::next_line. The reader has checked
  // them (state_json.hpp).
  [[nodiscard]] static Log of_text(std::shared_ptr<const void> owner, std::string_view text,
                                   std::vector<std::uint32_t> starts, std::size_t end) {
    Log l;
    l.owner_ = std::move(owner);
    l.text_ = text;
    l.built_.resize(starts.size());
    l.as_read_ = starts.size();
    l.starts_ = std::move(starts);
    l.end_ = end;
    return l;
  }

  [[nodiscard]] std::size_t size() const noexcept { return built_.size(); }
  [[nodiscard]] bool empty() const noexcept { return built_.empty(); }

  // Entry i (from 0), built from the text the first time.
  [[nodiscard]] const LogEntry& operator[](std::size_t i) const {
    auto& slot = built_[i];
    if (!slot) slot = std::make_unique<LogEntry>(detail::EntryText::build(text_, starts_[i]));
    return *slot;
  }
  // Entry i built anew (or copied when built already), not kept: for a
  // pass over every entry that needs each only once.
  [[nodiscard]] LogEntry build(std::size_t i) const {
    if (built_[i]) return *built_[i];
    return detail::EntryText::build(text_, starts_[i]);
  }
  [[nodiscard]] const LogEntry& front() const { return (*this)[0]; }
  [[nodiscard]] const LogEntry& back() const { return (*this)[size() - 1]; }
  // Entry i to change: from then on it is no longer as read.
  [[nodiscard]] LogEntry& edit(std::size_t i) {
    (void)(*this)[i];
    if (i < as_read_) as_read_ = i;
    return *built_[i];
  }

  // Entry i's action and scene, without building it.
  [[nodiscard]] std::string_view action_at(std::size_t i) const {
    if (built_[i] || i >= starts_.size()) return (*this)[i].action;
    return detail::EntryText::action(text_, starts_[i]);
  }
  [[nodiscard]] int scene_at(std::size_t i) const {
    if (built_[i] || i >= starts_.size()) return (*this)[i].scene;
    return detail::EntryText::scene(text_, starts_[i]);
  }

  void push_back(LogEntry e) { built_.push_back(std::make_unique<LogEntry>(std::move(e))); }
  void pop_back() { truncate(size() - 1); }
  void clear() { truncate(0); }
  void reserve(std::size_t n) { built_.reserve(n); }
  // Keeps the first `n` entries.
  void truncate(std::size_t n) {
    if (n >= size()) return;
    built_.resize(n);
    if (as_read_ > n) as_read_ = n;
    if (starts_.size() > n) {
      if (n > 0) end_ = starts_[n] - next_line.size();
      starts_.resize(n);
    }
  }

  class const_iterator {
   public:
    using iterator_category = std::random_access_iterator_tag;
    using value_type = LogEntry;
    using difference_type = std::ptrdiff_t;
    using pointer = const LogEntry*;
    using reference = const LogEntry&;
    const_iterator() = default;
    const_iterator(const Log* log, std::size_t i) : log_(log), i_(i) {}
    reference operator*() const { return (*log_)[i_]; }
    pointer operator->() const { return &(*log_)[i_]; }
    reference operator[](difference_type n) const { return (*log_)[i_ + static_cast<std::size_t>(n)]; }
    const_iterator& operator++() { return ++i_, *this; }
    const_iterator operator++(int) { auto t = *this; ++i_; return t; }
    const_iterator& operator--() { return --i_, *this; }
    const_iterator operator--(int) { auto t = *this; --i_; return t; }
    const_iterator& operator+=(difference_type n) { i_ += static_cast<std::size_t>(n); return *this; }
    const_iterator& operator-=(difference_type n) { i_ -= static_cast<std::size_t>(n); return *this; }
    friend const_iterator operator+(const_iterator a, difference_type n) { return a += n; }
    friend const_iterator operator+(difference_type n, const_iterator a) { return a += n; }
    friend const_iterator operator-(const_iterator a, difference_type n) { return a -= n; }
    friend difference_type operator-(const const_iterator& a, const const_iterator& b) {
      return static_cast<difference_type>(a.i_) - static_cast<difference_type>(b.i_);
    }
    friend bool operator==(const const_iterator& a, const const_iterator& b) { return a.i_ == b.i_; }
    friend bool operator!=(const const_iterator& a, const const_iterator& b) { return a.i_ != b.i_; }
    friend bool operator<(const const_iterator& a, const const_iterator& b) { return a.i_ < b.i_; }
    friend bool operator>(const const_iterator& a, const const_iterator& b) { return a.i_ > b.i_; }
    friend bool operator<=(const const_iterator& a, const const_iterator& b) { return a.i_ <= b.i_; }
    friend bool operator>=(const const_iterator& a, const const_iterator& b) { return a.i_ >= b.i_; }
    [[nodiscard]] std::size_t index() const noexcept { return i_; }

   private:
    const Log* log_ = nullptr;
    std::size_t i_ = 0;
  };
  using iterator = const_iterator;
  using const_reverse_iterator = std::reverse_iterator<const_iterator>;

  [[nodiscard]] const_iterator begin() const { return {this, 0}; }
  [[nodiscard]] const_iterator end() const { return {this, size()}; }
  [[nodiscard]] const_reverse_iterator rbegin() const { return const_reverse_iterator(end()); }
  [[nodiscard]] const_reverse_iterator rend() const { return const_reverse_iterator(begin()); }

  // Appends entry i of `from`: as its text when `from` holds it as read and
  // this log is `from`'s first i entries as read (a replay building the log
  // again entry by entry), else as a built copy.
  void append_from(const Log& from, std::size_t i) {
    const bool same_text = i == 0 || text_.data() == from.text_.data();
    if (size() == i && as_read_ == i && starts_.size() == i && same_text && i < from.as_read_ && from.owner_) {
      if (i == 0) {
        owner_ = from.owner_;
        text_ = from.text_;
      }
      starts_.push_back(from.starts_[i]);
      end_ = i + 1 < from.starts_.size() ? from.starts_[i + 1] - next_line.size() : from.end_;
      built_.push_back(nullptr);
      as_read_ = i + 1;
      return;
    }
    push_back(from[i]);
  }

  // Copies of the entries [first, last) of a log, appended (built: they are
  // no longer this log's text).
  void append(const_iterator first, const_iterator last) {
    for (; first != last; ++first) push_back(*first);
  }
  void assign(const_iterator first, const_iterator last) {
    Log fresh;
    fresh.append(first, last);
    *this = std::move(fresh);
  }

  // How many of the first entries stand as read from the file, and their
  // text there: from the first one's "{" to the last one's "}", with
  // Log::next_line between two ("" for none).
  [[nodiscard]] std::size_t as_read() const noexcept { return as_read_; }
  [[nodiscard]] std::string_view as_read_text() const noexcept {
    if (as_read_ == 0) return {};
    const std::size_t end = as_read_ < starts_.size() ? starts_[as_read_] - next_line.size() : end_;
    return text_.substr(starts_[0], end - starts_[0]);
  }
  // What keeps that text alive.
  [[nodiscard]] const std::shared_ptr<const void>& owner() const noexcept { return owner_; }

 private:
  std::shared_ptr<const void> owner_;
  std::string_view text_;
  std::vector<std::uint32_t> starts_;  // the entries read from the text, where each starts
  std::size_t end_ = 0;                // just past the last of them
  std::size_t as_read_ = 0;            // the first entries unchanged since
  mutable std::vector<std::unique_ptr<LogEntry>> built_;  // every entry; null: not built yet
};

}  // namespace siege
