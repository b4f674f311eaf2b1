// Parsing, the context, and the single place where errors become exit codes.
#include "cli.hpp"

#include <sys/ioctl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <sstream>

#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include "builtin_tables.hpp"
#include "render.hpp"
#include "siege/detail/json_writer.hpp"
#include "siege/detail/suggest.hpp"
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

namespace {

bool is_directory(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

bool read_whole(const std::string& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream ss;
  ss << in.rdbuf();
  out = ss.str();
  return true;
}

}  // namespace

const Tables& Context::tables() {
  if (tables_ == nullptr) tables_ = &load_tables();
  return *tables_;
}

const Tables& Context::load_tables() {
  std::string dir = globals.data_dir;
  if (dir.empty())
    if (const char* env = std::getenv("SIEGE_DATA")) dir = env;
  if (dir.empty()) return builtin_tables();
  if (!is_directory(dir)) fail_data("bad-data-dir", "--data " + dir + ": no such folder");
  auto t = std::make_unique<Tables>(builtin_tables());
  for (auto name : table_files) {
    const std::string path = dir + "/" + std::string(name);
    std::string text;
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) continue;  // not overridden
    if (!read_whole(path, text)) fail_data("bad-table", path + ": cannot read: " + std::strerror(errno));
    merge_table_text(*t, name, text, path);
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

namespace {
std::size_t output_width();
}  // namespace

void Context::emit(const std::string& json, const std::string& text) const {
  const std::string fitted = globals.json ? std::string() : wrap_text(text, output_width());
  const std::string& out = globals.json ? json : fitted;
  std::fwrite(out.data(), 1, out.size(), stdout);
  if (globals.json) std::fputc('\n', stdout);
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
  const std::string text = render_table(rows, f, output_width());
  std::fwrite(text.data(), 1, text.size(), stdout);
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
  return names;
}

void print_error(const Globals& g, int code, std::string_view id, const std::string& message) {
  std::fprintf(stderr, "siege: error: %s\n", message.c_str());
  if (g.json) {
    std::string out;
    detail::JsonWriter w(out);
    w.begin_object().key("error").begin_object();
    w.field("code", code).field("id", id).field("message", message);
    w.end_object().end_object();
    std::fprintf(stdout, "%s\n", out.c_str());
  }
}

}  // namespace

int main(int argc, char** argv) {
  Context ctx;
  // --json must be known to print a parse error as JSON, before parsing ends.
  for (int i = 1; i < argc; ++i)
    if (std::string_view(argv[i]) == "--json") ctx.globals.json = true;

  try {
    CLI::App app{"siege - a siege rules adjudicator", "siege"};
    app.set_version_flag("--version", std::string("siege ") + SIEGE_VERSION);
    app.formatter(std::make_shared<FittedHelp>());  // before the commands: they take the app's
    app.require_subcommand(1);
    app.footer(
        "Exit status: 0 resolved, 2 bad usage or input, 3 invalid data table, 4 invalid state file.\n"
        "Run 'siege COMMAND --help' for a command's options and an example.");
    add_globals(app, ctx.globals);

    // The command named, found without building the parser of every
    // command (start-up budget); the words after it are kept for a command
    // that builds only the subcommand named (odds).
    const std::vector<std::string_view> words(argv + 1, argv + argc);
    const std::size_t at = first_word(words, nullptr);
    const std::string wanted = at < words.size() ? std::string(words[at]) : std::string();
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
      std::fputs(app.help().c_str(), stdout);
      return 0;
    } catch (const CLI::CallForAllHelp&) {
      std::fputs(app.help("", CLI::AppFormatMode::All).c_str(), stdout);
      return 0;
    } catch (const CLI::CallForVersion& e) {
      std::fputs((std::string(e.what()) + "\n").c_str(), stdout);
      return 0;
    } catch (const CLI::ParseError& e) {
      std::string msg = e.what();
      if (dynamic_cast<const CLI::RequiredError*>(&e) != nullptr && chosen == nullptr)
        msg = "a command is required; run 'siege --help' for the list";
      const std::string where = chosen != nullptr ? std::string(chosen->name) + ": " : "";
      print_error(ctx.globals, 2, "bad-usage", where + msg);
      return 2;
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
    std::fflush(stdout);
    return ctx.exit_status;
  } catch (const Error& e) {
    print_error(ctx.globals, e.exit_code(), e.id(), e.what());
    return e.exit_code();
  } catch (const std::bad_alloc&) {
    print_error(ctx.globals, 2, "out-of-memory", "out of memory");
    return 2;
  } catch (const std::exception& e) {
    print_error(ctx.globals, 2, "internal", std::string("internal error: ") + e.what());
    return 2;
  }
}

}  // namespace siege::cli
