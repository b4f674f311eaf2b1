// `siege batch`: JSON Lines in, JSON Lines out.
//
// Each input line is one action object whose keys are the command's option
// names ({"action": "attack", "structure": "curtain-wall", "weapon": "cannon",
// "successes": 2}); each output line is that action's JSON outcome with the
// input line number first, or an error object for the line. The input is
// streamed: memory does not grow with its length. With --state the whole
// batch is one transaction on the state file: applied in order, written once.
#include <cstdio>
#include <memory>

#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include "actions.hpp"
#include "batch.hpp"
#include "commands.hpp"
#include "siege/detail/flat_json.hpp"
#include "siege/detail/json_writer.hpp"
#include "siege/scene.hpp"
#include "state_file.hpp"

namespace siege::cli {

namespace {

struct BatchRequest {
  std::string input = "-";
  bool fail_fast = false;
};

// Reads lines of any length from a FILE*, without the trailing \n or \r\n.
class LineReader {
 public:
  explicit LineReader(std::FILE* f) : f_(f) {}
  ~LineReader() { std::free(buf_); }
  LineReader(const LineReader&) = delete;
  LineReader& operator=(const LineReader&) = delete;

  bool next(std::string_view& line) {
    const ssize_t n = ::getline(&buf_, &cap_, f_);
    if (n < 0) return false;
    std::size_t len = static_cast<std::size_t>(n);
    if (len > 0 && buf_[len - 1] == '\n') --len;
    if (len > 0 && buf_[len - 1] == '\r') --len;
    line = std::string_view(buf_, len);
    return true;
  }

 private:
  std::FILE* f_;
  char* buf_ = nullptr;
  std::size_t cap_ = 0;
};

bool blank(std::string_view s) {
  for (char c : s)
    if (c != ' ' && c != '\t') return false;
  return true;
}

// {"line":N,...rest of the outcome object}
void write_with_line(std::string& out, long line, const std::string& json) {
  out += "{\"line\":";
  out += std::to_string(line);
  if (json.size() > 2) {
    out += ',';
    out.append(json, 1, std::string::npos);
  } else {
    out += '}';
  }
  out += '\n';
}

void write_error(std::string& out, long line, const Error& e) {
  detail::JsonWriter w(out);
  w.begin_object().field("line", line).key("error").begin_object();
  w.field("code", e.exit_code()).field("id", e.id()).field("message", e.what());
  w.end_object().end_object();
  out += '\n';
}

// The fast path's reader: fills fields from a flat line. Anything it is not
// sure of - a key of the wrong kind, a value out of bounds, a key no field
// takes - is a Miss, and the line is read again by the strict path, which
// accepts it or names the error exactly as for any other line.
class FlatReader final : public InputReader {
 public:
  struct Miss {};

  // `skip`: members that are not inputs ("action", "seed").
  FlatReader(const detail::FlatObject& in, std::initializer_list<const detail::FlatMember*> skip) : in_(in) {
    for (const auto* m : skip)
      if (m != nullptr) used_ |= bit(*m);
  }

  void text(std::string_view key, std::string& v) override {
    if (const auto* m = take(key, detail::FlatValue::Kind::string)) v.assign(checked(m->value.text));
  }
  void texts(std::string_view key, std::vector<std::string>& v) override {
    if (const auto* m = take(key, detail::FlatValue::Kind::strings)) {
      v.clear();
      detail::FlatStrings items(m->value.text);
      for (std::string_view item; items.next(item);) v.emplace_back(checked(item));
    }
  }
  void number(std::string_view key, std::optional<int>& v, int lo, int hi) override {
    if (const auto* m = take(key, detail::FlatValue::Kind::integer)) v = bounded(m->value.integer, lo, hi);
  }
  void number(std::string_view key, int& v, int lo, int hi) override {
    if (const auto* m = take(key, detail::FlatValue::Kind::integer)) v = bounded(m->value.integer, lo, hi);
  }
  void flag(std::string_view key, bool& v) override {
    if (const auto* m = take(key, detail::FlatValue::Kind::boolean)) v = m->value.boolean;
  }
  void finish() const override {
    if (used_ != (std::uint64_t{1} << in_.size) - 1) throw Miss{};
  }

 private:
  [[nodiscard]] std::uint64_t bit(const detail::FlatMember& m) const {
    return std::uint64_t{1} << static_cast<std::size_t>(&m - in_.members);
  }
  const detail::FlatMember* take(std::string_view key, detail::FlatValue::Kind kind) {
    const auto* m = in_.find(key);
    if (m == nullptr) return nullptr;
    if (m->value.kind != kind) throw Miss{};
    used_ |= bit(*m);
    return m;
  }
  // The bounds of the strict reader (detail::Cursor::string, ::int_in).
  static std::string_view checked(std::string_view s) {
    if (s.size() > 200) throw Miss{};
    return s;
  }
  static int bounded(std::int64_t v, int lo, int hi) {
    if (v < lo || v > hi) throw Miss{};
    return static_cast<int>(v);
  }

  const detail::FlatObject& in_;
  std::uint64_t used_ = 0;
};
static_assert(detail::FlatObject::max_members <= 64, "FlatReader keeps a bit per member");

// One parsed line: the action's name, its inputs (the object without
// "action" and "seed") and its seed.
struct ParsedLine {
  std::string action;
  nlohmann::json inputs;
  std::uint64_t seed = 0;
};

ParsedLine parse_line(std::string_view text, const detail::JsonSource& src, std::uint64_t batch_seed, long line) {
  ParsedLine p;
  p.inputs = detail::parse_strict(text, src);
  const detail::Cursor root(p.inputs, src, "");
  if (!p.inputs.is_object())
    throw Error(ErrorKind::usage, "not-an-action",
                src.name + ": not an action: expected a JSON object with an \"action\" key");
  if (!root.has("action"))
    throw Error(ErrorKind::usage, "not-an-action", src.name + ": not an action: no \"action\" key");
  p.action = root.at("action").string(64);
  p.seed = root.has("seed") ? root.at("seed").uint64() : attack_seed(batch_seed, static_cast<std::size_t>(line));
  p.inputs.erase("action");
  p.inputs.erase("seed");
  return p;
}

}  // namespace

BatchRunner::BatchRunner(Context& ctx, std::string name, std::uint64_t batch_seed, SiegeState* state)
    : ctx_(ctx), name_(std::move(name)), batch_seed_(batch_seed), state_(state) {}

bool BatchRunner::run_flat(std::string_view text, long line, std::string& out) {
  // Long lines are rare and carry long strings the reader refuses anyway.
  if (text.size() > 4096 || !detail::read_flat(text, flat_)) return false;
  const auto* action = flat_.find("action");
  const auto* seed = flat_.find("seed");
  if (action == nullptr || action->value.kind != detail::FlatValue::Kind::string ||
      action->value.text.size() > 64)
    return false;
  if (seed != nullptr && (seed->value.kind != detail::FlatValue::Kind::integer || seed->value.integer < 0))
    return false;
  const std::uint64_t s = seed != nullptr ? static_cast<std::uint64_t>(seed->value.integer)
                                          : attack_seed(batch_seed_, static_cast<std::size_t>(line));
  FlatReader reader(flat_, {action, seed});
  try {
    const ActionResult a = run_logged_action(action->value.text, reader, s, nullptr, ctx_);
    write_with_line(out, line, a.json);
  } catch (const FlatReader::Miss&) {
    return false;  // thrown while reading the fields, before the action ran
  }
  return true;
}

int BatchRunner::run(std::string_view text, long line, std::string& out) {
  if (blank(text)) return 0;
  try {
    if (state_ == nullptr && run_flat(text, line, out)) return 0;
    detail::JsonSource src{name_ + ":" + std::to_string(line), ErrorKind::usage, true};
    ParsedLine p = parse_line(text, src, batch_seed_, line);
    const detail::Cursor inputs(p.inputs, src, "");
    if (state_ == nullptr) {
      const ActionResult a = run_logged_action(p.action, inputs, p.seed, nullptr, ctx_);
      write_with_line(out, line, a.json);
      return 0;
    }
    SiegeState& st = *state_;
    const Snapshot before = st.now;
    try {
      ActionResult a = run_logged_action(p.action, inputs, p.seed, &st, ctx_);
      LogEntry e;
      e.entry = static_cast<int>(st.log.size()) + 1;
      e.action = p.action;
      e.inputs = std::move(p.inputs);
      e.seed = p.seed;
      e.outcome = std::move(a.summary);
      st.log.push_back(std::move(e));
      changed_ = true;
      write_with_line(out, line,
                      with_fields(std::move(a.json), p.action,
                                  json_field("log_entry", static_cast<long long>(st.log.size()))));
    } catch (...) {
      st.now = before;  // a failed line leaves the siege as it was
      throw;
    }
  } catch (const Error& e) {
    write_error(out, line, e);
    return e.exit_code();
  }
  return 0;
}

namespace {

void run_batch(const BatchRequest& r, Context& ctx) {
  std::FILE* in = stdin;
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> owned(nullptr, std::fclose);
  const std::string name = r.input == "-" ? "<stdin>" : r.input;
  if (r.input != "-") {
    owned.reset(std::fopen(r.input.c_str(), "rb"));
    if (!owned) fail_usage("bad-input", "batch: cannot read " + r.input + ": " + std::strerror(errno));
    in = owned.get();
  }
  // Unbuffered: the output is gathered into 64 KiB chunks below, and each
  // goes to the kernel as it is, with no copy into a stdio buffer.
  std::setvbuf(stdout, nullptr, _IONBF, 0);

  ctx.globals.json = true;  // every line is printed as JSON; no text is built
  const std::uint64_t batch_seed = ctx.seed();
  const bool with_state = !ctx.globals.state_file.empty();
  const bool dry = ctx.globals.dry_run;
  std::optional<StateFile> file;
  std::optional<SiegeState> st;
  if (with_state) {
    file.emplace(ctx.globals.state_file, dry ? StateFile::Access::read : StateFile::Access::update);
    st = load_state(*file, ctx);
  }

  BatchRunner runner(ctx, name, batch_seed, st ? &*st : nullptr);
  LineReader reader(in);
  std::string_view text;
  std::string out;
  long line = 0;
  int worst = 0;
  bool stopped = false;
  // Output lines gather in `out` and go to stdout 64 KiB at a time.
  constexpr std::size_t chunk = 1 << 16;
  out.reserve(2 * chunk);
  while (reader.next(text)) {
    ++line;
    const int status = runner.run(text, line, out);
    if (out.size() >= chunk) {
      std::fwrite(out.data(), 1, out.size(), stdout);
      out.clear();
    }
    if (status != 0) {
      worst = std::max(worst, status);
      if (r.fail_fast) {
        stopped = true;
        break;
      }
    }
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  if (std::ferror(in) != 0) fail_usage("bad-input", "batch: error reading " + name);
  std::fflush(stdout);
  if (file && !dry && runner.changed() && !(stopped && r.fail_fast))
    file->commit(checked_state_text(*st, file->path(), ctx.tables()));
  if (worst != 0) {
    // The lines' error objects are on stdout already; one summary on stderr.
    std::fprintf(stderr, "siege: error: %s\n",
                 (stopped ? fmt::format("batch: stopped at line {} (--fail-fast){}", line,
                                        with_state ? "; the state file is unchanged" : "")
                          : std::string("batch: some lines failed; see their error objects"))
                     .c_str());
    ctx.exit_status = worst;
  }
}

}  // namespace

Runner setup_batch(CLI::App& app) {
  auto r = std::make_shared<BatchRequest>();
  app.add_option("FILE", r->input, "JSON Lines to read; - or nothing: standard input")->type_name("FILE");
  app.add_flag("--fail-fast", r->fail_fast, "Stop at the first line that fails (with --state: write nothing)");
  return [r](Context& ctx) { run_batch(*r, ctx); };
}

}  // namespace siege::cli
