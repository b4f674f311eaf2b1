// `siege batch`: JSON Lines in, JSON Lines out.
//
// Each input line is one action object whose keys are the command's option
// names ({"action": "attack", "structure": "curtain-wall", "weapon": "cannon",
// "successes": 2}); each output line is that action's JSON outcome with the
// input line number first, or an error object for the line. The input is
// streamed: memory does not grow with its length, and a line longer than
// the JSON size cap is skipped unread. From a pipe or a terminal every
// outcome is out before siege waits for more input, so it can run as a
// co-process. With --state the whole batch is one transaction on the state
// file: applied in order, written once (or once a line with --commit-each).
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>

#include <fmt/core.h>

#include "commands/actions.hpp"
#include "batch/batch.hpp"
#include "commands/command.hpp"
#include "front/terminal.hpp"
#include "batch/progress.hpp"
#include "commands/flat_reader.hpp"
#include "siege/detail/json_read.hpp"
#include "siege/detail/json_writer.hpp"
#include "siege/scene.hpp"
#include "state/state_file.hpp"

namespace siege::cli {

namespace {

struct BatchRequest {
  std::string input;  // empty or "-": standard input
  bool fail_fast = false;
  bool line_buffered = false;
  bool commit_each = false;
};

// An output line is {"line":N,...the members of the line's outcome}. Its
// head, {"line":N, is written first and the outcome object appended after
// it; end_line() joins the two where the outcome's "{" stands (`at`, what
// line_head returned) and ends the line.
std::size_t line_head(std::string& out, long line) {
  char head[32] = "{\"line\":";
  constexpr std::size_t key = sizeof "{\"line\":" - 1;
  const auto end = std::to_chars(head + key, head + sizeof head, line).ptr;
  out.append(head, static_cast<std::size_t>(end - head));
  return out.size();
}

void end_line(std::string& out, std::size_t at) {
  if (out.size() - at > 2) {
    out[at] = ',';
  } else {  // {}
    out.resize(at);
    out += '}';
  }
  out += '\n';
}

void write_with_line(std::string& out, long line, std::string_view json) {
  const std::size_t at = line_head(out, line);
  out += json;
  end_line(out, at);
}

// A line run without a state file: its outcome goes into `out` after the
// line's head, appended there by the action itself (Context::outcome_out)
// or copied from the action's result by done(). A line that does not get
// to done() leaves `out` as it was.
class LineInto {
 public:
  LineInto(Context& ctx, std::string& out, long line)
      : ctx_(ctx), out_(out), mark_(out.size()), at_(line_head(out, line)) {
    ctx_.outcome_out = &out_;
  }
  LineInto(const LineInto&) = delete;
  LineInto& operator=(const LineInto&) = delete;
  ~LineInto() {
    ctx_.outcome_out = nullptr;
    if (!done_) out_.resize(mark_);
  }
  void done(const ActionResult& a) {
    ctx_.outcome_out = nullptr;
    if (out_.size() == at_) out_ += a.json;
    end_line(out_, at_);
    done_ = true;
  }

 private:
  Context& ctx_;
  std::string& out_;
  std::size_t mark_, at_;
  bool done_ = false;
};

void write_error(std::string& out, long line, const Error& e) {
  siege::JsonWriter w(out);
  w.begin_object().field("line", line).key("error").begin_object();
  w.field("code", e.exit_code()).field("id", e.id()).field("message", e.what());
  if (!e.input().empty()) w.field("input", e.input());
  w.end_object().end_object();
  out += '\n';
}


// How much input one read asks for, and the reader's first buffer.
constexpr std::size_t read_size = std::size_t{1} << 16;

}  // namespace

LineReader::LineReader(int fd, std::size_t limit)
    : fd_(fd), limit_(limit), buf_(static_cast<char*>(std::malloc(read_size))), cap_(read_size) {
  if (buf_ == nullptr) throw std::bad_alloc();
}

LineReader::~LineReader() { std::free(buf_); }

bool LineReader::line_at_hand() const noexcept {
  return eof_ || error_ != 0 || end_ - begin_ > limit_ + 1 ||
         std::memchr(buf_ + begin_, '\n', end_ - begin_) != nullptr;
}

bool LineReader::fill() {
  if (begin_ > 0) {
    std::memmove(buf_, buf_ + begin_, end_ - begin_);
    end_ -= begin_;
    begin_ = 0;
  }
  if (end_ == cap_) {
    // Only a line of up to limit_ + 1 bytes ("\r" included) is kept whole.
    // realloc: a large buffer grows in place (mremap), not old + new at once.
    const std::size_t cap = std::max(cap_, std::min(2 * cap_, limit_ + 2));
    auto* bigger = static_cast<char*>(std::realloc(buf_, cap));
    if (bigger == nullptr) throw std::bad_alloc();
    buf_ = bigger;
    cap_ = cap;
  }
  for (;;) {
    const ssize_t n = ::read(fd_, buf_ + end_, cap_ - end_);
    if (n > 0) {
      end_ += static_cast<std::size_t>(n);
      return true;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0)
      error_ = errno;
    else
      eof_ = true;
    return false;
  }
}

LineReader::Got LineReader::next(std::string_view& text) {
  std::size_t scanned = begin_;  // no newline in [begin_, scanned)
  for (;;) {
    char* const base = buf_;
    const auto* nl = static_cast<const char*>(std::memchr(base + scanned, '\n', end_ - scanned));
    const bool last = nl == nullptr && eof_ && begin_ < end_;  // a last line without a newline
    if (nl != nullptr || last) {
      const std::size_t start = begin_;
      std::size_t len = (nl != nullptr ? static_cast<std::size_t>(nl - base) : end_) - start;
      begin_ = nl != nullptr ? start + len + 1 : end_;
      if (len > 0 && base[start + len - 1] == '\r') --len;
      if (len > limit_) return Got::too_long;
      text = std::string_view(base + start, len);
      return Got::line;
    }
    scanned = end_;
    if (end_ - begin_ > limit_ + 1) {
      // Too long whatever follows: drop it and what comes up to its newline.
      for (;;) {
        begin_ = end_ = 0;
        if (!fill()) return Got::too_long;  // the end, or an error for the next call
        if (const void* p = std::memchr(buf_, '\n', end_)) {
          begin_ = static_cast<std::size_t>(static_cast<const char*>(p) - buf_) + 1;
          return Got::too_long;
        }
      }
    }
    if (error_ != 0) {
      errno = error_;
      return Got::error;
    }
    if (eof_) return Got::end;
    const std::size_t kept = scanned - begin_;
    fill();
    scanned = begin_ + kept;  // fill() moves the unread bytes to the front
  }
}

BatchRunner::BatchRunner(Context& ctx, std::string name, std::uint64_t batch_seed, SiegeState* state,
                         std::string state_path)
    : ctx_(ctx), name_(std::move(name)), batch_seed_(batch_seed), state_(state), state_path_(std::move(state_path)) {}

bool BatchRunner::run_flat(std::string_view text, long line, std::string& out) {
  // Long lines are rare and carry long strings the reader refuses anyway.
  if (text.size() > 4096 || !read_flat(text, flat_)) return false;
  const auto* action = flat_.find("action");
  const auto* seed = flat_.find("seed");
  if (action == nullptr || action->value.kind != FlatValue::Kind::string ||
      action->value.text.size() > 64)
    return false;
  if (seed != nullptr && (seed->value.kind != FlatValue::Kind::integer || seed->value.integer < 0))
    return false;
  const std::uint64_t s = seed != nullptr ? static_cast<std::uint64_t>(seed->value.integer)
                                          : attack_seed(batch_seed_, static_cast<std::size_t>(line));
  FlatReader reader(flat_, {action, seed});
  try {
    LineInto into(ctx_, out, line);
    into.done(run_logged_action(action->value.text, reader, s, nullptr, ctx_));
  } catch (const FlatReader::Miss&) {
    return false;  // thrown while reading the fields, before the action ran
  }
  return true;
}

int BatchRunner::refuse_long(long line, std::size_t limit, std::string& out) {
  const Error e(
      ErrorKind::usage, "line-too-long", ErrorPlace{place_of(line), {}},
      "the line is longer than the limit of " + std::to_string(limit) + " bytes; it was skipped unread");
  write_error(out, line, e);
  return e.exit_code();
}

int BatchRunner::run(std::string_view text, long line, std::string& out) {
  if (blank(text)) return 0;
  try {
    if (state_ == nullptr && run_flat(text, line, out)) return 0;
    siege::JsonSource src{place_of(line), ErrorKind::usage, true};
    ActionLine p = read_action_line(text, src);
    const std::uint64_t seed = p.seed ? *p.seed : attack_seed(batch_seed_, static_cast<std::size_t>(line));
    const siege::Cursor inputs(p.inputs, src, "");
    if (state_ == nullptr) {
      LineInto into(ctx_, out, line);
      into.done(run_logged_action(p.action, inputs, seed, nullptr, ctx_));
      return 0;
    }
    SiegeState& st = *state_;
    const Snapshot before = st.now;
    try {
      ActionResult a = run_logged_action(p.action, inputs, seed, &st, ctx_);
      LogEntry e;
      e.entry = static_cast<int>(st.log.size()) + 1;
      e.action = p.action;
      e.inputs = siege::RawJson(p.inputs);
      e.seed = seed;
      e.outcome = siege::RawJson(a.summary);
      e.scene = st.now.scene;  // R30
      // The limits the commit holds the siege to, here at the line: its
      // text is added up entry by entry (the head is written again, the
      // log is not).
      refuse_scene_past_limit(st, state_path_, "the line is not applied");
      if (!entry_bytes_) {
        entry_bytes_ = 0;
        for (const auto& old : st.log) *entry_bytes_ += siege::log_entry_bytes(old);
      }
      const std::size_t bytes = siege::log_entry_bytes(e);
      refuse_size_past_limit(siege::state_text_bytes(siege::write_state_head(st).size(), st.log.size() + 1,
                                                      *entry_bytes_ + bytes),
                             state_path_, "the line is not applied");
      *entry_bytes_ += bytes;
      log_new_entry(st, std::move(e));
      changed_ = true;
      write_with_line(out, line,
                      with_fields(std::move(a.json), p.action,
                                  json_field("log_entry", static_cast<long long>(st.log.size()))));
    } catch (...) {
      st.now = before;  // a failed line leaves the siege as it was
      throw;
    }
  } catch (const Error& e) {
    // the line's keys are the inputs' keys
    write_error(out, line, e.spelled(front_end_spelling()).at({place_of(line), {}}));
    return e.exit_code();
  }
  return 0;
}

namespace {

// When the outcomes gathered so far go to stdout.
enum class Flush {
  in_chunks,       // 64 KiB at a time: the input is a regular file
  before_waiting,  // also before a read that may wait: a pipe, a terminal (a co-process)
  every_line,      // after every line: --line-buffered, --commit-each
};

namespace {

// Writes the siege, read back first by the strict reader but for the first
// `checked` log entries (read from the file or committed before: known to
// read back); notes the commit for a later write error (cli.cpp).
void commit_batch(Context& ctx, StateFile& file, const SiegeState& st, std::size_t& checked) {
  file.commit(checked_state_text(st, file.path(), ctx.tables(), checked));
  checked = st.log.size();
  ctx.note_commit(fmt::format("the siege in {} was updated: log entry {}", file.path(), st.log.size()));
}

// commit_batch(); 0, or when it fails its exit status, with `out` holding
// only the error object of input line `line` (the error, then "(line N:
// `what`)") and the error on stderr.
int commit_or_refuse(Context& ctx, StateFile& file, const SiegeState& st, std::size_t& checked, long line,
                     std::string& out, std::string_view what) {
  try {
    commit_batch(ctx, file, st, checked);
    return 0;
  } catch (const Error& e) {
    const Error failed(e.kind(), e.id(),
                       fmt::format("{} (line {}: {})", e.what(), line, what));
    out.clear();
    write_error(out, line, failed);
    std::fprintf(stderr, "siege: error: %s\n", one_line(failed.what()).c_str());
    return failed.exit_code();
  }
}

}  // namespace

void run_batch(const BatchRequest& r, Context& ctx) {
  // Every line is printed as JSON, and no text is built; so are the errors
  // of the whole batch (an unreadable input, a state file).
  ctx.globals.json = true;
  struct Owned {
    int fd = -1;
    ~Owned() {
      if (fd >= 0) ::close(fd);
    }
  } owned;
  int fd = STDIN_FILENO;
  const std::string path = r.input.empty() ? std::string("-") : r.input;
  const std::string name = path == "-" ? "<stdin>" : path;
  if (path != "-") {
    owned.fd = fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) fail_usage("bad-input", "batch: cannot read " + path + ": " + std::strerror(errno));
  } else if (standard_input_closed()) {
    // Checked before anything is opened: a closed stdin would be the next
    // file opened (the state file's lock), read as an empty batch.
    fail_usage("bad-input",
               "batch: standard input is closed; give a FILE, or send the lines on standard input");
  }
  const bool with_state = !ctx.globals.state_file.empty();
  if (r.commit_each && !with_state) fail_usage("bad-option", "batch: --commit-each needs --state FILE");
  // Unbuffered: the output is gathered into 64 KiB chunks below, and each
  // goes to the kernel as it is, with no copy into a stdio buffer.
  std::setvbuf(stdout, nullptr, _IONBF, 0);

  struct stat input {};
  const bool regular = ::fstat(fd, &input) == 0 && S_ISREG(input.st_mode);
  const Flush flush = r.line_buffered || r.commit_each ? Flush::every_line
                      : regular                        ? Flush::in_chunks
                                                       : Flush::before_waiting;
  // Progress on a terminal's stderr, unless the outcomes or the typed lines
  // are on a terminal too.
  Progress progress(STDERR_FILENO, "siege batch", "lines",
                    ::isatty(STDOUT_FILENO) == 0 && ::isatty(fd) == 0 ? Progress::Show::if_terminal
                                                                      : Progress::Show::never);

  const std::uint64_t batch_seed = ctx.seed();
  const bool dry = ctx.globals.dry_run;
  const bool commit_each = r.commit_each && !dry;
  std::optional<StateFile> file;
  std::optional<SiegeState> st;
  std::size_t checked = 0;  // log entries known to read back (commit_batch)
  if (with_state) {
    file.emplace(ctx.globals.state_file, dry ? StateFile::Access::dry_run : StateFile::Access::update,
                 ctx.lock_wait());
    st = load_state(*file, ctx);
    checked = st->log.size();
  }

  BatchRunner runner(ctx, name, batch_seed, st ? &*st : nullptr, file ? file->path() : std::string());
  constexpr std::size_t limit = siege::max_json_bytes;
  LineReader reader(fd, limit);
  std::string_view text;
  std::string out;
  long line = 0;
  int worst = 0;
  int commit_failed = 0;  // the exit status of a commit that failed
  bool stopped = false;
  LineReader::Got got{};
  // Output lines gather in `out` and go to stdout 64 KiB at a time, or
  // sooner as `flush` says.
  constexpr std::size_t chunk = 1 << 16;
  out.reserve(2 * chunk);
  while ((got = reader.next(text)) == LineReader::Got::line || got == LineReader::Got::too_long) {
    ++line;
    const std::size_t logged = st ? st->log.size() : 0;
    const int status =
        got == LineReader::Got::line ? runner.run(text, line, out) : runner.refuse_long(line, limit, out);
    // --commit-each: the line is in the file before its outcome is out. A
    // commit that fails (the disk) ends the batch: its error object takes
    // the place of the line's outcome.
    if (commit_each && st->log.size() != logged)
      commit_failed = commit_or_refuse(ctx, *file, *st, checked, line, out,
                                       "the batch stops here; the file holds the lines before it");
    progress.tick(static_cast<std::uint64_t>(line));
    const bool idle = flush == Flush::before_waiting && !reader.line_at_hand();
    if (!out.empty() && (out.size() >= chunk || flush == Flush::every_line || idle)) {
      write_stdout(out);
      out.clear();
    }
    if (idle) progress.poll(static_cast<std::uint64_t>(line));
    if (commit_failed != 0) break;
    if (status != 0) {
      worst = std::max(worst, status);
      if (r.fail_fast) {
        stopped = true;
        break;
      }
    }
  }
  const int read_error = got == LineReader::Got::error ? errno : 0;
  write_stdout(out);
  progress.clear();
  if (read_error != 0)
    fail_usage("bad-input", "batch: error reading " + name + ": " + std::strerror(read_error));
  std::fflush(stdout);
  // The whole batch's commit, after its last line: a failure is an error
  // object of that line (nothing of the batch is in the file then).
  if (file && !dry && !commit_each && runner.changed() && !(stopped && r.fail_fast)) {
    out.clear();
    commit_failed = commit_or_refuse(ctx, *file, *st, checked, line, out,
                                     "the commit after the last line: no line of the batch is in the file");
    write_stdout(out);
  }
  if (commit_failed != 0) {
    ctx.exit_status = commit_failed;
  } else if (worst != 0) {
    // The lines' error objects are on stdout already; one summary on stderr.
    const char* kept = !with_state   ? ""
                       : commit_each ? "; the state file holds the lines before it"
                                     : "; the state file is unchanged";
    std::fprintf(stderr, "siege: error: %s\n",
                 (stopped ? fmt::format("batch: stopped at line {} (--fail-fast){}", line, kept)
                          : std::string("batch: some lines failed; see their error objects"))
                     .c_str());
    ctx.exit_status = worst;
  }
}

void batch_inputs(Fields& f, BatchRequest& r) {
  f.text({.key = "file", .help = "JSON Lines to read; - or nothing: standard input", .value_name = "FILE",
          .positional = true, .path = true},
         r.input);
  f.flag({"fail-fast", "Stop at the first line that fails (with --state: write nothing, or only the lines before "
                       "it with --commit-each)"},
         r.fail_fast);
  f.flag({"line-buffered", "Write each outcome as soon as its line is done, also from a regular file (from a pipe "
                           "or a terminal, the outcomes are written whenever siege would wait for more input)"},
         r.line_buffered);
  f.flag({"commit-each",
          "With --state: write the state file after each line that changes it, before printing its outcome"},
         r.commit_each);
}

}  // namespace

namespace {

// What the references say of `batch` (tools/gen-refs writes docs/siege.1, README.md,
// docs/state.md and the outcome schema from it).
CommandDoc batch_doc() {
  return {
      .about = R"doc(Reads JSON Lines of actions from *FILE* (or standard input, also as `-`) and prints one JSON
outcome per line, in order, with the input line number as `line`. Each line is an object with
`action` (a command name) and that command's options as keys without the leading dashes; an
optional `seed` fixes that line's roll. A bad line gives an error object for that line and the
batch goes on. Blank lines (white space only) and CRLF line ends are accepted. A line longer
than 16 MiB is skipped unread and answered with an error object (`line-too-long`). With
`--state` the whole batch is one transaction, written once at the end. A line that would take
the siege past the limits of a state file (scene 1,000,000, 16 MiB) is refused at that line with
exit 4, and the batch goes on (or stops, with `--fail-fast`); every error object names its line.
Read from a pipe or a terminal, the outcomes are written whenever siege would wait for more
input, so siege can run as a co-process. On a terminal's standard error, a batch that runs
longer than about a second shows its progress (lines done and their rate), unless the output or
the input is on a terminal too. A closed standard input is a usage error.)doc",
      .inputs = R"doc(@file: JSON Lines to read.
@fail-fast: Stop at the first line that fails; with `--state` nothing is written (with `--commit-each`, the
lines before it stay written).
@line-buffered: Write each outcome as soon as its line is done, also when reading a regular file.
@commit-each: With `--state`: write the state file after each line that changes it, before printing that
line's outcome.)doc",
      .example = R"doc(Example:

    siege batch <<'EOF'
    {"action": "check", "difficulty": "hard", "pool": 4}
    {"action": "attack", "structure": "curtain-wall", "weapon": "cannon"}
    EOF)doc"};
}

}  // namespace

SIEGE_COMMAND(batch) = plain_command<BatchRequest, batch_inputs, run_batch>({
    .name = "batch",
    .rank = 60,
    .summary = "Resolve JSON Lines of actions (keys: the options' names), one JSON outcome per line",
    .example = "echo '{\"action\": \"check\", \"difficulty\": \"hard\", \"pool\": 4}' | siege batch\n"
      "  siege batch actions.jsonl --seed 7 > outcomes.jsonl\n"
      "  siege batch --state siege.json --fail-fast night-assault.jsonl",
    .doc = batch_doc});

}  // namespace siege::cli
