#include "front/inputs.hpp"

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
}

// An empty text is no text (as on the command line's list options).
void FieldReader::text(const In& in, std::optional<std::string>& v) {
  if (auto c = take(in.key))
    reading(in, [&] {
      if (std::string s = checked_text(in, *c); !s.empty()) v = std::move(s);
    });
}

void FieldReader::text(const In& in, Given<std::string>& v) {
  if (auto c = take(in.key)) reading(in, [&] { v.set(checked_text(in, *c)); });
}

void FieldReader::texts(const In& in, std::vector<std::string>& v) {
  if (auto c = take(in.key))
    reading(in, [&] {
      c->expect_array();
      v.clear();
      for (std::size_t i = 0; i < c->value().size(); ++i) v.push_back(checked_text(in, c->at(i)));
    });
}

void FieldReader::number(const In& in, std::optional<int>& v, int lo, int hi) {
  if (auto c = take(in.key)) reading(in, [&] { v = c->int_in(lo, hi); });
}

void FieldReader::number(const In& in, Given<int>& v, int lo, int hi) {
  if (auto c = take(in.key)) reading(in, [&] { v.set(c->int_in(lo, hi)); });
}

void FieldReader::flag(const In& in, bool& v) {
  if (auto c = take(in.key)) reading(in, [&] { v = c->boolean(); });
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

// ---------------------------------------------------------------- writer

namespace {
std::string key_of(const In& in) { return std::string(in.key); }
}  // namespace

void FieldWriter::text(const In& in, std::string& v) {
  if (!v.empty()) out[key_of(in)] = v;
}
void FieldWriter::text(const In& in, std::optional<std::string>& v) {
  if (v) out[key_of(in)] = *v;
}
void FieldWriter::text(const In& in, Given<std::string>& v) {
  if (v.given()) out[key_of(in)] = v.value();
}
void FieldWriter::texts(const In& in, std::vector<std::string>& v) {
  if (!v.empty()) out[key_of(in)] = v;
}
void FieldWriter::number(const In& in, std::optional<int>& v, int, int) {
  if (v) out[key_of(in)] = *v;
}
void FieldWriter::number(const In& in, Given<int>& v, int, int) {
  if (v.given()) out[key_of(in)] = v.value();
}
void FieldWriter::flag(const In& in, bool& v) {
  if (v) out[key_of(in)] = true;
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

void InputDescriber::text(const In& in, std::string&) { add(in, "text"); }
void InputDescriber::text(const In& in, std::optional<std::string>&) { add(in, "text"); }
void InputDescriber::text(const In& in, Given<std::string>& v) { add(in, "text")["default"] = v.fallback(); }
void InputDescriber::texts(const In& in, std::vector<std::string>&) { add(in, "texts"); }
void InputDescriber::number(const In& in, std::optional<int>&, int lo, int hi) {
  auto& d = add(in, "number");
  d["min"] = lo;
  d["max"] = hi;
}
void InputDescriber::number(const In& in, Given<int>& v, int lo, int hi) {
  auto& d = add(in, "number");
  d["min"] = lo;
  d["max"] = hi;
  d["default"] = v.fallback();
}
void InputDescriber::flag(const In& in, bool&) { add(in, "flag"); }

}  // namespace siege::cli
