// Parsing, the context, and the single place where errors become exit codes.
#include "cli.hpp"

#include <fcntl.h>
#include <sys/ioctl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <exception>
#include <fstream>
#include <sstream>

#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include "builtin_tables.hpp"
#include "read_file.hpp"
#include "render.hpp"
#include "siege/detail/json_writer.hpp"
#include "siege/detail/suggest.hpp"
#include "siege/report.hpp"
#include "siege/tables_json.hpp"
#include "version.hpp"

namespace siege::cli {

// ---------------------------------------------------------------- numbers

std::int64_t parse_int(std::string_view text, std::int64_t lo, std::int64_t hi,
                       std::string_view what) {
  auto bad = [&]() -> std::int64_t {
    fail_usage("bad-number", std::string(what) + ": expected a whole number from " +
                                 std::to_string(lo) + " to " + std::to_string(hi) + ", got '" +
                                 std::string(text) + "'");
  };
  std::size_t i = 0;
  bool negative = false;
  if (i < text.size() && (text[i] == '-' || text[i] == '+')) negative = text[i++] == '-';
  if (i == text.size() || text.size() - i > 19) return bad();
  std::int64_t v = 0;
  for (; i < text.size(); ++i) {
    const char c = text[i];
    if (c < '0' || c > '9') return bad();
    v = v * 10 + (c - '0');
  }
  if (negative) v = -v;
  if (v < lo || v > hi) return bad();
  return v;
}

CLI::Option* int_option(CLI::App& app, const std::string& name, std::optional<int>& dest, int lo,
                        int hi, const std::string& help) {
  auto* dp = &dest;
  return app
      .add_option_function<std::string>(
          name, [dp, name, lo, hi](const std::string& s) { *dp = static_cast<int>(parse_int(s, lo, hi, name)); },
          help + " [" + std::to_string(lo) + ".." + std::to_string(hi) + "]")
      ->type_name("N");
}

CLI::Option* int_option(CLI::App& app, const std::string& name, int& dest, int lo, int hi,
                        const std::string& help) {
  auto* dp = &dest;
  return app
      .add_option_function<std::string>(
          name, [dp, name, lo, hi](const std::string& s) { *dp = static_cast<int>(parse_int(s, lo, hi, name)); },
          help + " [" + std::to_string(lo) + ".." + std::to_string(hi) + ", default " +
              std::to_string(dest) + "]")
      ->type_name("N");
}

std::uint64_t random_seed() {
  std::uint64_t v = 0;
  if (getrandom(&v, sizeof v, 0) != static_cast<ssize_t>(sizeof v))
    v = static_cast<std::uint64_t>(std::time(nullptr)) * 0x9e3779b97f4a7c15ULL;
  return v & ((std::uint64_t{1} << 53) - 1);
}

// ---------------------------------------------------------------- context

static_assert(max_input_bytes == detail::max_json_bytes, "one cap for what is read and what is parsed");

const Tables& Context::tables() {
  if (tables_ == nullptr) tables_ = &load_tables();
  return *tables_;
}

const Tables& Context::load_tables() {
  std::string dir = globals.data_dir;
  if (dir.empty())
    if (const char* env = std::getenv("SIEGE_DATA")) dir = env;
  if (dir.empty()) return builtin_tables();
  check_folder(dir, (globals.data_dir.empty() ? "SIEGE_DATA=" : "--data ") + dir, {ErrorKind::data, "bad-data-dir"});
  auto t = std::make_unique<Tables>(builtin_tables());
  for (auto name : table_files) {
    const std::string path = dir + "/" + std::string(name);
    // A file that is absent keeps the built-in table; one that is there but
    // cannot be read (a dangling link, a FIFO, no permission) is an error.
    const auto text = read_regular_file(path, path, {ErrorKind::data, "bad-table"}, IfMissing::absent);
    if (text) merge_table_text(*t, name, *text, path);
  }
  validate_tables(*t, dir + "/");
  loaded_ = std::move(t);
  return *loaded_;
}

std::uint64_t Context::seed() {
  if (!seed_) seed_ = globals.seed ? *globals.seed : random_seed();
  return *seed_;
}

Rng& Context::rng() {
  if (!rng_) rng_.emplace(seed());
  return *rng_;
}

void Context::reseed(std::uint64_t seed) {
  seed_ = seed;
  rng_.reset();
}

// ---------------------------------------------------------------- output

namespace {

[[noreturn]] void fail_write(int error) {
  fail_output("write-error", std::string("write error: ") + std::strerror(error != 0 ? error : EIO));
}

// Flushes stdout and closes its descriptor, so that an error the kernel
// reports only then (a full disk, NFS) is still caught.
void finish_stdout() {
  errno = 0;
  if (std::fflush(stdout) != 0 || std::ferror(stdout) != 0) fail_write(errno);
  if (::close(STDOUT_FILENO) != 0) fail_write(errno);
}

// Gives a closed descriptor 0, 1 or 2 a stand-in that fails every transfer
// (/dev/null opened the other way round), so that no file opened later
// (a state file, its lock) takes its number and receives the output, and
// writing to a closed stdout stays the EBADF error it was.
bool stdin_was_closed = false;
void guard_standard_descriptors() {
  for (int fd = 0; fd <= 2; ++fd) {
    if (::fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
    if (fd == STDIN_FILENO) stdin_was_closed = true;
    const int opened = ::open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY);
    if (opened < 0) continue;
    if (opened != fd) {
      ::dup2(opened, fd);
      ::close(opened);
    }
  }
}

std::size_t output_width();

}  // namespace

bool standard_input_closed() { return stdin_was_closed || ::fcntl(STDIN_FILENO, F_GETFD) == -1; }

void write_stdout(std::string_view bytes) {
  if (bytes.empty()) return;
  errno = 0;
  if (std::fwrite(bytes.data(), 1, bytes.size(), stdout) != bytes.size()) fail_write(errno);
}

std::string one_line(std::string_view message) {
  std::string out;
  out.reserve(message.size());
  for (std::size_t i = 0; i < message.size();) {
    const auto c = static_cast<unsigned char>(message[i]);
    std::size_t n = 1;
    if (c >= 0x20 && c < 0x7f) {
      out += static_cast<char>(c);
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c < 0x80) {
      out += fmt::format("\\u{:04x}", static_cast<unsigned>(c));  // the other C0 controls and DEL
    } else {
      char32_t cp = 0;
      n = utf8_at(message, i, cp);
      if (n == 0) {
        out += fmt::format("\\x{:02x}", static_cast<unsigned>(c));
        n = 1;
      } else if (cp <= 0x9f || cp == 0x2028 || cp == 0x2029) {
        out += fmt::format("\\u{:04x}", static_cast<unsigned>(cp));  // C1 controls, line breaks
      } else {
        out.append(message.substr(i, n));
      }
    }
    i += n;
  }
  return out;
}

void Context::emit(const std::string& json, const std::string& text) const {
  if (globals.json) {
    write_stdout(json);
    write_stdout("\n");
  } else {
    write_stdout(wrap_text(text, output_width()));
  }
}

namespace {

// The width to fit text, tables and help to: the terminal's; COLUMNS on a
// terminal that does not say; 80 when stdout is not a terminal.
std::size_t output_width() {
  constexpr std::size_t not_a_terminal = 80;
  if (::isatty(STDOUT_FILENO) == 0) return not_a_terminal;
  winsize ws{};
  if (::ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) return ws.ws_col;
  if (const char* c = std::getenv("COLUMNS"))
    if (const long n = std::atol(c); n > 0) return static_cast<std::size_t>(n);
  return not_a_terminal;
}

// CLI11's help screens, each line fitted to output_width() (wrap_text): a
// description goes on under its own column.
class FittedHelp : public CLI::Formatter {
 public:
  // The name column: CLI11's 30 on 75 columns or more, narrower below.
  FittedHelp() { column_width(std::clamp<std::size_t>(output_width() * 2 / 5, 12, 30)); }
  std::string make_help(const CLI::App* app, std::string name, CLI::AppFormatMode mode) const override {
    return wrap_text(CLI::Formatter::make_help(app, std::move(name), mode), output_width());
  }
};

}  // namespace

void Context::emit_table(const std::string& json, const std::vector<std::vector<std::string>>& rows) const {
  const Format f = globals.json ? Format::json : parse_format(globals.format);
  if (f == Format::json) return emit(json, json);
  write_stdout(render_table(rows, f, output_width()));
}

void Context::text_or_json_only(std::string_view command) const {
  const Format f = parse_format(globals.format);
  if (f == Format::markdown || f == Format::csv)
    fail_usage("bad-format", "--format " + globals.format + ": " + std::string(command) +
                                 " prints no table (markdown and csv are for list, odds --compare and status)");
}

// ---------------------------------------------------------------- parsing

namespace {

// Global options that take a value, for the pre-scans below.
bool takes_value(std::string_view arg) {
  return arg == "--data" || arg == "--seed" || arg == "--state" || arg == "--color" || arg == "--format";
}

// The words after the command's name, once main has found it.
std::vector<std::string_view>& command_words() {
  static std::vector<std::string_view> words;
  return words;
}

// The place in `words` of the first one that is neither an option nor the
// value of one (global options, or those `own` names), or words.size().
std::size_t first_word(const std::vector<std::string_view>& words, bool (*own)(std::string_view)) {
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string_view a = words[i];
    if (a == "--") return i + 1;
    if (!a.empty() && a[0] == '-') {
      if (takes_value(a) || (own != nullptr && own(a))) ++i;
      continue;
    }
    return i;
  }
  return words.size();
}

}  // namespace

std::string subcommand_named(bool (*own_takes_value)(std::string_view)) {
  const auto& words = command_words();
  const std::size_t i = first_word(words, own_takes_value);
  return i < words.size() ? std::string(words[i]) : std::string();
}

namespace {

void add_globals(CLI::App& app, Globals& g) {
  app.add_flag("--json", g.json, "Print exactly one JSON object (the outcome) on stdout");
  app.add_option("--data", g.data_dir, "Read tables from DIR over the built-in ones (also SIEGE_DATA)")
      ->type_name("DIR");
  app.add_option_function<std::string>(
         "--seed",
         [&g](const std::string& s) {
           g.seed = static_cast<std::uint64_t>(
               parse_int(s, 0, std::numeric_limits<std::int64_t>::max(), "--seed"));
         },
         "Seed every roll; the seed used is always reported")
      ->type_name("N");
  app.add_option("--state", g.state_file, "Siege state file to read and update")->type_name("FILE");
  app.add_flag("--dry-run", g.dry_run, "With --state: resolve and print, write nothing");
  app.add_option("--color", g.color, "Colour: auto (on a terminal, unless NO_COLOR is set), always or never")
      ->type_name("WHEN");
  app.add_option("--format", g.format, "Tables (list, odds --compare, status): text, markdown, csv or json")
      ->type_name("FMT");
}

CLI::App* add_command(CLI::App& app, const Command& c, Runner& runner) {
  auto* sub = app.add_subcommand(std::string(c.name), std::string(c.summary));
  sub->fallthrough();
  sub->footer("Example:\n  " + std::string(c.example) + "\n");
  runner = c.setup(*sub);
  return sub;
}

std::vector<std::string> command_names() {
  std::vector<std::string> names;
  for (const auto& c : commands()) names.emplace_back(c.name);
  names.emplace_back("help");
  return names;
}

// Prints one error: one line on stderr (control bytes quoted, one_line) and,
// with --json, the error object with the same text on stdout. Never throws:
// it runs when memory or the output may be gone.
void print_error(const Globals& g, int code, std::string_view id, const std::string& message) noexcept {
  try {
    const std::string text = one_line(message);
    std::fprintf(stderr, "siege: error: %s\n", text.c_str());
    if (g.json) {
      std::string out;
      detail::JsonWriter w(out);
      w.begin_object().key("error").begin_object();
      w.field("code", code).field("id", id).field("message", text);
      w.end_object().end_object();
      std::fprintf(stdout, "%s\n", out.c_str());
    }
  } catch (...) {
    std::fputs("siege: error: out of memory\n", stderr);
  }
}

// `siege help [COMMAND...]` as `siege [COMMAND...] --help`: the words of
// argv with "help" (at `at`, the first word) dropped and --help added.
std::vector<std::string> help_words(int argc, char** argv, std::size_t at) {
  std::vector<std::string> out;
  for (int i = 0; i < argc; ++i)
    if (static_cast<std::size_t>(i) != at + 1) out.emplace_back(argv[i]);
  out.emplace_back("--help");
  return out;
}

// Whether `app` was the deepest (sub)command parsed, to name its subcommands.
CLI::App* deepest_parsed(CLI::App& app) {
  const auto parsed = app.get_subcommands([](CLI::App* s) { return s->parsed(); });
  return parsed.empty() ? &app : deepest_parsed(*parsed.front());
}

// For words CLI11 did not expect after a command that has subcommands
// (`odds chek`): the nearest subcommand names, " (did you mean check?)".
std::string subcommand_suggestion(CLI::App& app) {
  CLI::App* at = deepest_parsed(app);
  std::vector<std::string> names;
  for (const auto* sub : at->get_subcommands([](CLI::App*) { return true; })) names.push_back(sub->get_name());
  if (names.empty()) return {};
  for (const auto& word : app.remaining(true))
    if (!word.empty() && word[0] != '-') return detail::did_you_mean(word, names);
  return {};
}

}  // namespace

namespace {

// The version as --version prints it: text, or with --json one object.
std::string version_text(const Globals& g) {
  if (!g.json) return std::string("siege ") + SIEGE_VERSION + "\n";
  std::string out;
  detail::JsonWriter w(out);
  w.begin_object().field("schema", schema_version).field("action", "version").field("version", SIEGE_VERSION);
  w.end_object();
  return out + "\n";
}

// Parses and runs one command; returns its exit status. Every error escapes
// to main, which prints it.
int run(int argc, char** argv, Context& ctx) {
  CLI::App app{"siege - a siege rules adjudicator", "siege"};
  app.set_version_flag("--version", std::string("siege ") + SIEGE_VERSION);
  app.formatter(std::make_shared<FittedHelp>());  // before the commands: they take the app's
  app.require_subcommand(1);
  app.footer(
      "Exit status: 0 resolved, 2 bad usage or input, 3 invalid data table, 4 invalid state file,\n"
      "5 output could not be written, 6 internal error (out of memory).\n"
      "Run 'siege help COMMAND' or 'siege COMMAND --help' for a command's options and an example.");
  add_globals(app, ctx.globals);

  // The command named, found without building the parser of every
  // command (start-up budget); the words after it are kept for a command
  // that builds only the subcommand named (odds).
  const std::vector<std::string_view> words(argv + 1, argv + argc);
  const std::size_t at = first_word(words, nullptr);
  const std::string wanted = at < words.size() ? std::string(words[at]) : std::string();
  if (wanted == "help" && (at == 0 || words[at - 1] != "--")) {
    std::vector<std::string> again = help_words(argc, argv, at);
    std::vector<char*> again_argv;
    for (auto& w : again) again_argv.push_back(w.data());
    again_argv.push_back(nullptr);
    return run(static_cast<int>(again.size()), again_argv.data(), ctx);
  }
  if (at < words.size())
    command_words().assign(words.begin() + static_cast<std::ptrdiff_t>(at) + 1, words.end());
  Runner runner;
  const Command* chosen = nullptr;
  for (const auto& c : commands())
    if (c.name == wanted) chosen = &c;
  if (chosen != nullptr) {
    add_command(app, *chosen, runner);
  } else {
    if (!wanted.empty())
      fail_usage("unknown-command", "unknown command '" + wanted + "'" +
                                        detail::did_you_mean(wanted, command_names()) +
                                        "; run 'siege --help' for the list");
    // No command: build them all so that --help lists every one.
    for (const auto& c : commands()) {
      Runner unused;
      add_command(app, c, unused);
    }
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp&) {
    write_stdout(app.help());
    return 0;
  } catch (const CLI::CallForAllHelp&) {
    write_stdout(app.help("", CLI::AppFormatMode::All));
    return 0;
  } catch (const CLI::CallForVersion&) {
    write_stdout(version_text(ctx.globals));
    return 0;
  } catch (const CLI::ParseError& e) {
    std::string msg = e.what();
    if (dynamic_cast<const CLI::RequiredError*>(&e) != nullptr && chosen == nullptr)
      msg = "a command is required; run 'siege --help' for the list";
    if (dynamic_cast<const CLI::ExtrasError*>(&e) != nullptr) msg += subcommand_suggestion(app);
    const std::string where = chosen != nullptr ? std::string(chosen->name) + ": " : "";
    fail_usage("bad-usage", where + msg);
  }
  const auto& g = ctx.globals;
  if (g.color != "auto" && g.color != "always" && g.color != "never")
    fail_usage("bad-color", "--color: expected auto, always or never, got '" + g.color + "'");
  (void)parse_format(g.format);
  if (g.format == "json") ctx.globals.json = true;
  const char* no_color = std::getenv("NO_COLOR");
  const char* term = std::getenv("TERM");
  set_colour(!g.json && (g.color == "always" ||
                         (g.color == "auto" && ::isatty(STDOUT_FILENO) != 0 &&
                          (no_color == nullptr || *no_color == '\0') &&
                          !(term != nullptr && std::string_view(term) == "dumb"))));
  if (runner) runner(ctx);
  return ctx.exit_status;
}

// Whether the error objects go to stdout too (--json), for the handler below.
bool json_errors = false;

// What std::terminate does instead of abort(): an exception that escaped
// where none may (bad_alloc thrown while a destructor frees a large JSON
// document, for one) is still the one-line internal error and exit 6.
// Allocates nothing.
[[noreturn]] void on_terminate() noexcept {
  const char* id = "internal";
  const char* message = "internal error";
  try {
    if (const auto e = std::current_exception()) std::rethrow_exception(e);
  } catch (const std::bad_alloc&) {
    id = "out-of-memory";
    message = "out of memory";
  } catch (...) {
  }
  const auto put = [](int fd, std::string_view s) { return ::write(fd, s.data(), s.size()) >= 0; };
  (void)(put(STDERR_FILENO, "siege: error: ") && put(STDERR_FILENO, message) && put(STDERR_FILENO, "\n"));
  if (json_errors) {
    std::fflush(stdout);
    (void)(put(STDOUT_FILENO, R"({"error":{"code":6,"id":")") && put(STDOUT_FILENO, id) &&
           put(STDOUT_FILENO, R"(","message":")") && put(STDOUT_FILENO, message) && put(STDOUT_FILENO, "\"}}\n"));
  }
  ::_exit(static_cast<int>(ErrorKind::internal));
}

}  // namespace

int main(int argc, char** argv) {
  guard_standard_descriptors();
  std::set_terminate(on_terminate);
  Context ctx;
  // --json must be known to print a parse error as JSON, before parsing ends.
  for (int i = 1; i < argc; ++i)
    if (std::string_view(argv[i]) == "--json") ctx.globals.json = true;
  json_errors = ctx.globals.json;

  try {
    const int status = run(argc, argv, ctx);
    finish_stdout();
    return status;
  } catch (const Error& e) {
    std::string message = e.what();
    if (e.kind() == ErrorKind::output && !ctx.committed.empty()) message += " (" + ctx.committed + ")";
    print_error(ctx.globals, e.exit_code(), e.id(), message);
    return e.exit_code();
  } catch (const std::bad_alloc&) {
    print_error(ctx.globals, static_cast<int>(ErrorKind::internal), "out-of-memory", "out of memory");
    return static_cast<int>(ErrorKind::internal);
  } catch (const std::exception& e) {
    print_error(ctx.globals, static_cast<int>(ErrorKind::internal), "internal",
                std::string("internal error: ") + e.what());
    return static_cast<int>(ErrorKind::internal);
  }
}

}  // namespace siege::cli
