#include "commands/inputs.hpp"

#include <cctype>

#include "commands/hint.hpp"
#include "siege/detail/suggest.hpp"

namespace siege::cli {

std::string bars(Words words) {
  std::string out;
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (i > 0) out += '|';
    out.append(words[i]);
  }
  return out;
}

std::string ors(Words words) {
  std::string out;
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (i > 0) out.append(i + 1 == words.size() ? " or " : ", ");
    out.append(words[i]);
  }
  return out;
}

// ---------------------------------------------------------------- reader

FieldReader::FieldReader(const siege::Cursor& inputs) : in_(inputs) {}

namespace {
// Runs `read`; a value it refuses is an error about input `in`.
template <typename Read>
void reading(const In& in, Read&& read) {
  try {
    read();
  } catch (const Error& e) {
    throw e.about(std::string(in.key));
  }
}

// The text at `c` for input `in`. Past a limit the input declares, the
// error names the input, its length and the limit (placed by the front
// end: "--text 1001 bytes", "in.jsonl:3:/text: ...").
std::string text_at(const In& in, const siege::Cursor& c) {
  if (in.max_bytes != 0 && c.value().is_string()) {
    const std::size_t n = c.value().get_ref<const std::string&>().size();
    if (n > in.max_bytes)
      throw Error::in_input(ErrorKind::usage, "too-long", std::string(in.key), {},
                            std::to_string(n) + " bytes; it holds at most " + std::to_string(in.max_bytes) + " bytes");
  }
  return c.string(max_bytes_of(in));
}

}  // namespace

std::optional<siege::Cursor> FieldReader::take(std::string_view key) {
  known_.emplace_back(key);
  if (!in_.value().contains(key)) return std::nullopt;
  return in_.at(known_.back().c_str());
}

namespace {
// A text input's string, held to R42: inputs read as usage errors (a batch
// line, the command line's inputs with --state) were typed; a log entry's
// (a state error) come from the file. The refusal is about the input, which
// the front end places (batch: "in.jsonl:7:/cause: VALUE: reason").
std::string checked_text(const In& in, const siege::Cursor& c) {
  std::string s = text_at(in, c);
  if (in.path) return s;
  const auto from = c.source().kind == ErrorKind::usage ? text::TextFrom::typed : text::TextFrom::file;
  text::check_text_input(in.key, s, from);
  return s;
}
}  // namespace

void FieldReader::text(const In& in, std::string& v) {
  if (auto c = take(in.key)) reading(in, [&] { v = checked_text(in, *c); });
  if (collector_ != nullptr) collector_->text(in, v);
}

// An empty text is no text (as on the command line's list options).
void FieldReader::text(const In& in, std::optional<std::string>& v) {
  if (auto c = take(in.key))
    reading(in, [&] {
      if (std::string s = checked_text(in, *c); !s.empty()) v = std::move(s);
    });
  if (collector_ != nullptr) collector_->text(in, v);
}

void FieldReader::text(const In& in, Given<std::string>& v) {
  if (auto c = take(in.key)) reading(in, [&] { v.set(checked_text(in, *c)); });
  if (collector_ != nullptr) collector_->text(in, v);
}

void FieldReader::texts(const In& in, std::vector<std::string>& v) {
  if (auto c = take(in.key))
    reading(in, [&] {
      c->expect_array();
      v.clear();
      for (std::size_t i = 0; i < c->value().size(); ++i) v.push_back(checked_text(in, c->at(i)));
    });
  if (collector_ != nullptr) collector_->texts(in, v);
}

void FieldReader::number(const In& in, std::optional<int>& v, int lo, int hi) {
  if (auto c = take(in.key)) reading(in, [&] { v = c->int_in(lo, hi); });
  if (collector_ != nullptr) collector_->number(in, v, lo, hi);
}

void FieldReader::number(const In& in, Given<int>& v, int lo, int hi) {
  if (auto c = take(in.key)) reading(in, [&] { v.set(c->int_in(lo, hi)); });
  if (collector_ != nullptr) collector_->number(in, v, lo, hi);
}

void FieldReader::flag(const In& in, bool& v) {
  if (auto c = take(in.key)) reading(in, [&] { v = c->boolean(); });
  if (collector_ != nullptr) collector_->flag(in, v);
}

void FieldReader::finish() const {
  for (const auto& item : in_.value().items()) {
    bool ok = false;
    for (const auto& k : known_) ok = ok || k == item.key();
    if (!ok)
      siege::Cursor(item.value(), in_.source(), in_.pointer() + "/" + siege::pointer_escape(item.key()))
          .fail("unknown key '" + item.key() + "'" + siege::did_you_mean(item.key(), known_) +
                " (keys are the command's option names without --)");
  }
}

// ---------------------------------------------------------------- describer

nlohmann::json& InputDescriber::add(const In& in, std::string_view kind) {
  nlohmann::json d = {{"key", in.key}, {"kind", kind}, {"help", in.help}};
  if (!in.value_name.empty()) d["value_name"] = in.value_name;
  if (!in.also.empty()) d["also"] = in.also;
  d["required"] = in.need == Need::required;
  if (in.need == Need::without_state) d["required_without_state"] = true;
  if (!in.required_unless.empty()) d["required_unless"] = std::vector<std::string_view>(in.required_unless.begin(), in.required_unless.end());
  d["positional"] = in.positional;
  if (in.max_bytes != 0) d["max_bytes"] = in.max_bytes;
  if (!in.choices.empty()) d["choices"] = std::vector<std::string_view>(in.choices.begin(), in.choices.end());
  if (in.arity != 1) d["arity"] = in.arity;
  out.push_back(std::move(d));
  return out.back();
}


// ---------------------------------------------------------------- requirements

DeclaredInputs& declared_collector() {
  thread_local DeclaredInputs d;
  return d;
}

namespace {
bool is_choice(Words choices, std::string_view w) {
  for (const auto c : choices)
    if (c == w) return true;
  return false;
}
}  // namespace

void DeclaredInputs::keep(const In& in, std::string_view kind, bool given, std::span<const std::string> words,
                          int lo, int hi) {
  if (!in.choices.empty())
    for (const auto& w : words) bad_word_ = bad_word_ || !is_choice(in.choices, w);
  marks_.push_back({in.key, in.required_unless, in.need, given, in.state_only});
  if (all_) seen_.push_back({in, kind, given, words, lo, hi});
}


namespace {
// What a missing input takes: "good or shaken", "ID", "a number from 1 to 500".
std::string what_it_takes(std::string_view kind, const In& in, int lo, int hi) {
  if (!in.choices.empty()) return ors(in.choices);
  if (kind == "number") return "a number from " + std::to_string(lo) + " to " + std::to_string(hi);
  return std::string(in.value_name.empty() ? std::string_view("TEXT") : in.value_name);
}
}  // namespace

std::string positional_name(const In& in) {
  std::string upper(in.key);
  for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return upper;
}

void fail_missing(std::string_view id, std::string_view key, std::string_view what) {
  throw Error::input_refusal(ErrorKind::usage, std::string(id), std::string(key), {},
                             "missing: give " + std::string(what));
}

void refuse_input(std::string_view id, std::string_view key, std::string reason) {
  throw Error::input_refusal(ErrorKind::usage, std::string(id), std::string(key), {}, std::move(reason));
}

std::size_t DeclaredInputs::first_missing(bool with_state) const {
  const auto given = [&](std::string_view key) {
    for (const auto& m : marks_)
      if (m.key == key) return m.given;
    return false;
  };
  // A state-only input given without --state is the command's to refuse
  // first (refuse_without_state): no input is missing yet, whatever the
  // command would need once the state file is there or the input gone.
  bool state_only_given = false;
  for (const auto& m : marks_) state_only_given = state_only_given || (m.given && m.state_only);
  if (!with_state && state_only_given) return no_input;
  for (std::size_t i = 0; i < marks_.size(); ++i) {
    const Mark& m = marks_[i];
    if (m.given) continue;
    const bool needed = m.need == Need::required || (m.need == Need::without_state && !with_state) ||
                        (m.need == Need::optional && !m.unless.empty());
    if (!needed) continue;
    bool instead = false;
    for (const auto k : m.unless) instead = instead || given(k);
    if (!instead) return i;
  }
  return no_input;
}

const DeclaredInputs::Seen* DeclaredInputs::fault(bool with_state, const std::string** word) const {
  *word = nullptr;
  const std::size_t missing = first_missing(with_state);
  for (std::size_t i = 0; i < seen_.size(); ++i) {
    const Seen& s = seen_[i];
    if (i == missing) return &s;
    if (s.in.choices.empty()) continue;
    for (const auto& w : s.words)
      if (!is_choice(s.in.choices, w)) {
        *word = &w;
        return &s;
      }
  }
  return nullptr;
}

bool DeclaredInputs::holds(bool with_state) const { return !bad_word_ && first_missing(with_state) == no_input; }

void DeclaredInputs::enforce(bool with_state, From from, std::string_view command,
                             std::string_view state_file) const {
  const std::string* word = nullptr;
  const Seen* const found = fault(with_state, &word);
  if (found == nullptr) return;
  const Seen& s = *found;
  const In& in = s.in;
  // An error about input `s`: keyed (placed by the front end), or on the
  // command line a positional's name in front.
  const auto refuse = [&](std::string_view id, const std::string& value, const std::string& reason,
                          bool by_command) {
    const std::string key(s.in.key);
    if (from == From::command_line && s.in.positional) {
      const std::string said = positional_name(s.in) + (value.empty() ? "" : " " + value) + ": " + reason;
      throw (by_command ? Error::refusal(ErrorKind::usage, std::string(id), said)
                        : Error(ErrorKind::usage, std::string(id), said))
          .about(key);
    }
    throw by_command ? Error::input_refusal(ErrorKind::usage, std::string(id), key, value, reason)
                     : Error::in_input(ErrorKind::usage, std::string(id), key, value, reason);
  };
  if (word != nullptr) {
    const std::string& w = *word;
    const std::string id = in.choice_id.empty() ? "bad-" + std::string(in.key) : std::string(in.choice_id);
    refuse(id, "'" + w + "'",
           "expected " + ors(in.choices) +
               siege::did_you_mean(w, std::vector<std::string>(in.choices.begin(), in.choices.end())),
           false);
  }
  if (from == From::command_line && in.positional && in.path && !state_file.empty() && !command.empty())
    refuse(in.missing_id.empty() ? std::string_view("missing-option") : in.missing_id, {},
           "missing: the file is " + std::string(command) + "'s own argument, not --state's: " +
               hint({command, state_file}),
           true);
  // A positional input is named by what it takes (show ID, note TEXT):
  // "missing" says it all, unless it has choices to list.
  std::string reason =
      in.positional && in.choices.empty() ? "missing" : "missing: give " + what_it_takes(s.kind, in, s.lo, s.hi);
  if (!in.listed_by.empty()) reason += " (see '" + hint({"list", in.listed_by}) + "')";
  if (!in.required_unless.empty()) {
    std::vector<std::string> others;
    for (const auto k : in.required_unless)
      for (const auto& o : seen_)
        if (o.in.key == k) {
          std::string value_name(o.in.value_name);
          if (value_name.empty() && o.kind == "number") value_name = "N";
          others.push_back(input_word(k) + (value_name.empty() ? "" : " " + value_name));
        }
    std::vector<std::string_view> words(others.begin(), others.end());
    reason += " (or instead " + ors(words) + ")";
  }
  if (in.need == Need::without_state) reason += "; needed without --state";
  refuse(in.missing_id.empty() ? std::string_view("missing-option") : in.missing_id, {}, reason, true);
}

}  // namespace siege::cli
