// The inputs of a command, declared once.
//
// Each command lists its inputs in one function,
//
//   void hold_inputs(Fields& f, HoldRequest& r) {
//     f.number({"needed", "The morale roll needed (pass when rolled <= needed)"}, r.needed, 0,
//              max_morale_number);
//     f.text({.key = "order", .help = "The unit's order", .value_name = "ORDER",
//             .choices = hold_orders, .required_unless = unless_hero}, r.order);
//     f.flag({"hero", "A hero holds: never fails a morale check (R21)"}, r.hero);
//   }
//
// and every front end is a visitor over it: the command line's options
// (cli.cpp binds each to its member), the readers of a batch line or a log
// entry (FieldReader here, the batch fast path's FlatReader), the writer of
// a log entry (FieldWriter), and `siege help --inputs COMMAND --json`
// (InputDescriber), from which tools/gen-refs writes the option items of the
// man page, the completions' word lists and docs/state.md's table of keys
// (its --check mode, a test, holds them to the program).
//
// An input's key is its option's name without "--" and its JSON key in a
// batch line or a log entry. A value with a default is a Given<T>: it knows
// whether the user gave it, so the log keeps what was given (even when equal
// to the default) and a command can tell "given" from "defaulted".
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "siege/detail/json_read.hpp"
#include "siege/text.hpp"

namespace siege::cli {

// A value with a default: value() is what the command uses, given() whether
// the user gave it (on the command line, in a batch line or a log entry).
template <typename T>
class Given {
 public:
  Given() = default;
  Given(T fallback) : fallback_(std::move(fallback)) {}  // NOLINT: `Given<int> pool = 3;`

  [[nodiscard]] const T& value() const { return given_ ? *given_ : fallback_; }
  [[nodiscard]] const T& operator*() const { return value(); }
  [[nodiscard]] bool given() const { return given_.has_value(); }
  [[nodiscard]] const T& fallback() const { return fallback_; }
  void set(T v) { given_ = std::move(v); }

 private:
  std::optional<T> given_;
  T fallback_{};
};

// Whether a command needs an input: always, or only without --state (where
// the state file knows the number, R33). Every front end refuses a command
// without it (check_declared), the command line as a batch line or a log entry.
enum class Need { optional, required, without_state };

// A list of words a declaration points at: a rule header's names
// (morale::order_names) or a `static constexpr std::string_view x[]` beside
// the declaration.
using Words = std::span<const std::string_view>;

// The declaration of one input: everything but its value and bounds.
struct In {
  std::string_view key;             // the option's name without "--"; the JSON key
  std::string_view help;            // one line for --help (bounds and default are added)
  std::string_view value_name = {};  // "ID", "N,..." (numbers: "N"); flags have none
  std::string_view also = {};        // another name on the command line: "-s", "--within-walls"
  Need need = Need::optional;
  bool positional = false;  // a positional argument on the command line (abatis WORK, note TEXT)
  // A text's most bytes in a batch line or a log entry (0: the readers'
  // usual 200); the command checks it on the command line (note TEXT).
  std::size_t max_bytes = 0;
  // A file's path (init FILE, chronicle -o): any bytes the system takes in
  // a name, so not a text that R42 checks (every other text input is).
  bool path = false;
  // The words a text accepts, aliases included (--order good|shaken); empty:
  // any text. Every front end refuses another word (check_declared); the
  // references and the completions list these.
  Words choices = {};
  // Words per use of the option (absent from the description when 1).
  int arity = 1;
  // Needed unless one of these inputs is given (hold --order unless
  // --hero): with Need::optional always, with Need::without_state only
  // without --state.
  Words required_unless = {};
  // The error's id when the input is missing (empty: "missing-option") and
  // when a text is none of its choices (empty: "bad-" and the key).
  std::string_view missing_id = {};
  std::string_view choice_id = {};
  // The table whose ids the input takes ("charges"): its message when
  // missing ends with the command that lists them ("see 'siege list charges'").
  std::string_view listed_by = {};
  // Meaningful only with --state (attack --section, --engine). Given
  // without a state file it is what the command refuses ("needs --state
  // FILE"), so no input is reported missing before it.
  bool state_only = false;
};

// A declaration's words as a message names them: "good|shaken" (bars) or
// "hull or steps" (ors).
[[nodiscard]] std::string bars(Words words);
[[nodiscard]] std::string ors(Words words);

// The most bytes a text input holds when its declaration does not say.
inline constexpr std::size_t default_text_bytes = 200;
[[nodiscard]] inline std::size_t max_bytes_of(const In& in) {
  return in.max_bytes != 0 ? in.max_bytes : default_text_bytes;
}

// One visitor over a Request's inputs. A text whose value is empty, an absent
// optional and a false flag count as not given. Every reader of text inputs
// holds them to R42 (text::check_text_input): the command line's and a
// batch line's as typed, a log entry's as read from a file.
class Fields {
 public:
  Fields() = default;
  Fields(const Fields&) = delete;
  Fields& operator=(const Fields&) = delete;
  virtual ~Fields() = default;
  virtual void text(const In& in, std::string& v) = 0;
  virtual void text(const In& in, std::optional<std::string>& v) = 0;
  virtual void text(const In& in, Given<std::string>& v) = 0;
  virtual void texts(const In& in, std::vector<std::string>& v) = 0;
  virtual void number(const In& in, std::optional<int>& v, int lo, int hi) = 0;
  virtual void number(const In& in, Given<int>& v, int lo, int hi) = 0;
  virtual void flag(const In& in, bool& v) = 0;
};

template <typename Request>
using FieldsFn = void (*)(Fields&, Request&);

// What the visitors ask of a value, whatever its type: whether it was given
// (an empty text, an absent optional and a false flag were not), the value
// to write down, and the kind of input ("text", "texts", "number", "flag").
template <typename T>
struct IsGiven : std::false_type {};
template <typename T>
struct IsGiven<Given<T>> : std::true_type {};
template <typename V>
inline constexpr bool has_default = IsGiven<V>::value;

inline bool was_given(const std::string& v) { return !v.empty(); }
inline bool was_given(const std::vector<std::string>& v) { return !v.empty(); }
inline bool was_given(bool v) { return v; }
template <typename T>
bool was_given(const std::optional<T>& v) { return v.has_value(); }
template <typename T>
bool was_given(const Given<T>& v) { return v.given(); }

template <typename V>
const auto& given_value(const V& v) {
  if constexpr (has_default<V>)
    return v.value();
  else if constexpr (std::is_same_v<V, std::optional<std::string>> || std::is_same_v<V, std::optional<int>>)
    return *v;
  else
    return v;
}

template <typename V>
constexpr std::string_view kind_of() {
  if constexpr (std::is_same_v<V, bool>)
    return "flag";
  else if constexpr (std::is_same_v<V, std::vector<std::string>>)
    return "texts";
  else if constexpr (std::is_same_v<V, std::optional<int>> || std::is_same_v<V, Given<int>>)
    return "number";
  else
    return "text";
}

// The command line's name of a positional input: its key upper-cased (WORK).
[[nodiscard]] std::string positional_name(const In& in);

// The name of the value an input of type V takes on the command line, as
// --help and the parser's messages show it: its declared value_name, else N
// for a number, TEXT for a text, and nothing for a flag.
template <typename V>
[[nodiscard]] std::string_view value_name_of(const In& in) {
  if (!in.value_name.empty()) return in.value_name;
  if constexpr (kind_of<V>() == "number")
    return "N";
  else if constexpr (kind_of<V>() == "flag")
    return {};
  else
    return "TEXT";
}

// A visitor that treats its seven kinds of value alike: each override calls
// Derived's one template, on(in, v, lo, hi) (lo and hi: a number's bounds,
// else 0), which tells them apart where it must (kind_of, was_given, ...).
template <typename Derived>
class FieldsOf : public Fields {
 public:
  void text(const In& in, std::string& v) override { self().on(in, v, 0, 0); }
  void text(const In& in, std::optional<std::string>& v) override { self().on(in, v, 0, 0); }
  void text(const In& in, Given<std::string>& v) override { self().on(in, v, 0, 0); }
  void texts(const In& in, std::vector<std::string>& v) override { self().on(in, v, 0, 0); }
  void number(const In& in, std::optional<int>& v, int lo, int hi) override { self().on(in, v, lo, hi); }
  void number(const In& in, Given<int>& v, int lo, int hi) override { self().on(in, v, lo, hi); }
  void flag(const In& in, bool& v) override { self().on(in, v, 0, 0); }

 private:
  Derived& self() { return static_cast<Derived&>(*this); }
};

class DeclaredInputs;

// A visitor that fills fields from inputs; finish() refuses what no field took.
// With a collector (collect_into), it shows each input it has read to the
// collector too: a batch line's or a log entry's declaration is visited once
// for both (action_of), the collector called directly, with no second
// virtual call an input.
class InputReader : public Fields {
 public:
  virtual void finish() const = 0;
  void collect_into(DeclaredInputs* collector) { collector_ = collector; }

 protected:
  DeclaredInputs* collector_ = nullptr;
};

// Reads an inputs object into fields; finish() refuses keys no field took.
class FieldReader final : public InputReader {
 public:
  explicit FieldReader(const siege::Cursor& inputs);
  void text(const In& in, std::string& v) override;
  void text(const In& in, std::optional<std::string>& v) override;
  void text(const In& in, Given<std::string>& v) override;
  void texts(const In& in, std::vector<std::string>& v) override;
  void number(const In& in, std::optional<int>& v, int lo, int hi) override;
  void number(const In& in, Given<int>& v, int lo, int hi) override;
  void flag(const In& in, bool& v) override;
  void finish() const override;

 private:
  [[nodiscard]] std::optional<siege::Cursor> take(std::string_view key);
  const siege::Cursor& in_;
  std::vector<std::string> known_;
};

// Writes the inputs that were given into an object: what the log keeps.
class FieldWriter final : public FieldsOf<FieldWriter> {
 public:
  nlohmann::json out = nlohmann::json::object();
  template <typename V>
  void on(const In& in, V& v, int, int) {
    if (was_given(v)) out[std::string(in.key)] = given_value(v);
  }
};

// Describes every input as JSON: {"key", "kind" (text, texts, number,
// flag), "help", "value_name", "also", "required", "required_without_state"
// (only when true), "required_unless" (keys, only when declared),
// "positional", "max_bytes" (a text's, only when declared), "choices" (only
// when declared), "arity" (only when not 1), "min", "max", "default"}, for
// `siege help --inputs`.
class InputDescriber final : public FieldsOf<InputDescriber> {
 public:
  nlohmann::json out = nlohmann::json::array();
  template <typename V>
  void on(const In& in, V& v, int lo, int hi) {
    nlohmann::json& d = add(in, kind_of<V>());
    if constexpr (kind_of<V>() == "number") {
      d["min"] = lo;
      d["max"] = hi;
    }
    if constexpr (has_default<V>) d["default"] = v.fallback();
  }

 private:
  nlohmann::json& add(const In& in, std::string_view kind);
};

// Collects what check_declared needs: each input's declaration and whether
// it was given.
class DeclaredInputs final : public FieldsOf<DeclaredInputs> {
 public:
  // Inline: a batch line's reader shows every input it read to the
  // collector (InputReader::collect_into), and most inputs are neither
  // given nor needed.
  template <typename V>
  void on(const In& in, V& v, int lo, int hi) {
    const bool given = was_given(v);
    if constexpr (std::is_same_v<V, std::vector<std::string>>)
      add(in, kind_of<V>(), given, v, lo, hi);
    else if constexpr (kind_of<V>() == "text")
      add(in, kind_of<V>(), given, one_or_none(given ? &given_value(v) : nullptr, given), lo, hi);
    else
      add(in, kind_of<V>(), given, {}, lo, hi);
  }

  // Where the inputs came from: the command line spells a positional input
  // by its name (abatis WORK); a reader's error is placed by its key.
  enum class From { command_line, reader };
  // Refuses the first input that is missing (Need, required_unless) or that
  // is none of its choices; see check_declared.
  // `command` and `state_file` (the global --state, or empty): on the command
  // line a missing file argument given as --state instead is told so, with
  // the command line that works (siege --state F play: siege play F).
  void enforce(bool with_state, From from, std::string_view command = {}, std::string_view state_file = {}) const;
  // Whether every declared requirement and choice holds (what enforce
  // checks, without a message): enough to see with the inputs that matter.
  [[nodiscard]] bool holds(bool with_state) const;
  // Forgets the inputs seen, keeping the memory (one collector serves every
  // batch line). `all`: keep every input, which a message needs (it names
  // the alternatives of a missing one); otherwise only the inputs that can
  // fail or that were given.
  void clear(bool all) {
    seen_.clear();
    marks_.clear();
    bad_word_ = false;
    all_ = all;
  }

 private:
  // What holds() needs of an input, without a copy of its declaration (a
  // key and a list of keys are string literals and static arrays).
  struct Mark {
    std::string_view key;
    Words unless;
    Need need = Need::optional;
    bool given = false;
    bool state_only = false;
  };
  std::vector<Mark> marks_;  // every input kept (when not all_: those given or that can be missing)
  bool bad_word_ = false;    // a text none of its choices was seen
  struct Seen {
    In in;
    std::string_view kind;  // text, texts, number, flag
    bool given = false;
    std::span<const std::string> words;  // the given text(s), in the request: for the choices
    int lo = 0, hi = 0;
  };
  static std::span<const std::string> one_or_none(const std::string* v, bool given) {
    return given ? std::span<const std::string>(v, 1) : std::span<const std::string>{};
  }
  void add(const In& in, std::string_view kind, bool given, std::span<const std::string> words = {}, int lo = 0,
           int hi = 0) {
    if (!all_ && !given && in.need == Need::optional && in.required_unless.empty()) return;
    keep(in, kind, given, words, lo, hi);
  }
  void keep(const In& in, std::string_view kind, bool given, std::span<const std::string> words, int lo, int hi);
  // The index in marks_ of the first input that is needed (Need,
  // required_unless) and not given, or no_input: the one rule of what is
  // missing, for holds() and fault().
  static constexpr std::size_t no_input = static_cast<std::size_t>(-1);
  [[nodiscard]] std::size_t first_missing(bool with_state) const;
  // The first input that is missing or not one of its choices (its word
  // in `word`), or nullptr; with all_ (seen_ and marks_ side by side).
  [[nodiscard]] const Seen* fault(bool with_state, const std::string** word) const;
  std::vector<Seen> seen_;
  bool all_ = true;
};

// The one check of a command's declared requirements and choices, for every
// front end: an input that is needed (Need::required; Need::without_state
// when `with_state` is false; required_unless none of its alternatives was
// given) but missing is refused as the command's (its name in front) with
// the input's key ("input" of the JSON error) and its missing_id; a text
// given that is none of its choices is refused with its choice_id. The front
// end places it: "--structure" on the command line, "in.jsonl:7:/structure"
// in batch, "siege.json:/log/3/inputs/structure" in replay.
// An input a command needs in a case its declaration cannot say (it depends
// on what the state file holds): the refusal check_declared makes, the input
// missing ("missing: give WHAT"), as the command's with the input's key.
[[noreturn]] void fail_missing(std::string_view id, std::string_view key, std::string_view what);

// A refusal of input `key` by the command's own rule, where the declaration
// cannot say it (one input against another's value): the command's, with
// the input's key, placed by the front end as check_declared's are
// ("attack: --from: goes with ..."; "in.jsonl:7:/from: attack: goes with ...").
[[noreturn]] void refuse_input(std::string_view id, std::string_view key, std::string reason);

// One collector for a thread, kept from one call to the next (what it
// holds points into a request only while a check lasts), so a batch line
// allocates nothing for it.
[[nodiscard]] DeclaredInputs& declared_collector();

// The check of `r` once `d` has seen its inputs with clear(false): a
// message, when one is due, takes a second visit that keeps every input.
template <typename Request>
void check_seen(DeclaredInputs& d, Request& r, FieldsFn<Request> fields, bool with_state, DeclaredInputs::From from,
                std::string_view command = {}, std::string_view state_file = {}) {
  if (d.holds(with_state)) return;
  d.clear(true);
  fields(d, r);
  d.enforce(with_state, from, command, state_file);
}

template <typename Request>
void check_declared(Request& r, FieldsFn<Request> fields, bool with_state, DeclaredInputs::From from,
                    std::string_view command = {}, std::string_view state_file = {}) {
  DeclaredInputs& d = declared_collector();
  d.clear(false);
  fields(d, r);
  check_seen(d, r, fields, with_state, from, command, state_file);
}

template <typename Request>
[[nodiscard]] Request request_from_json(const siege::Cursor& inputs, FieldsFn<Request> fields) {
  inputs.expect_object();
  Request r;
  FieldReader reader(inputs);
  fields(reader, r);
  reader.finish();
  return r;
}

// The inputs of a Request that were given, as the log keeps them.
template <typename Request>
[[nodiscard]] nlohmann::json request_to_json(Request r, FieldsFn<Request> fields) {
  FieldWriter w;
  fields(w, r);
  return std::move(w.out);
}

}  // namespace siege::cli
