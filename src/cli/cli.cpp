// The command line: argv read against the command objects (parse.hpp),
// help, and the single place where errors become exit codes.
#include "cli/cli.hpp"

#include <malloc.h>
#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <memory>
#include <vector>

#include <fmt/core.h>

#include "front/globals.hpp"
#include "cli/help.hpp"
#include "front/parse.hpp"
#include "commands/command.hpp"
#include "front/terminal.hpp"
#include "commands/inputs_json.hpp"
#include "print/json.hpp"
#include "print/render.hpp"
#include "state/state_file.hpp"
#include "siege/detail/json_writer.hpp"
#include "siege/detail/suggest.hpp"

namespace siege::cli {

namespace {

// The words a global option takes as its value, for the scan below.
bool takes_value(std::string_view word) {
  for (const auto& o : global_options())
    if (!o.value.empty())
      for (const auto& n : option_names(o))
        if (n == word) return true;
  return false;
}

// The place in `words` of the first one that is neither an option nor the
// value of a global one, or words.size(): where `siege help` stands.
std::size_t first_word(const std::vector<std::string_view>& words) {
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string_view a = words[i];
    if (a == "--") return i + 1;
    if (!a.empty() && a[0] == '-') {
      if (takes_value(a)) ++i;
      continue;
    }
    return i;
  }
  return words.size();
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

}  // namespace

namespace {

void prefer_huge_pages() noexcept;  // below, with the signal handlers

// --help's text; with --json one object that holds it, with the command
// it is of ("" for siege's own).
std::string help_text(const Globals& g, const std::string& command, std::string text) {
  if (!g.json) return text;
  std::string out;
  siege::JsonWriter w(out);
  w.begin_object().field("schema", schema_version).field("action", "help").field("command", command);
  w.field("text", text).end_object();
  return out + "\n";
}

// `siege help`'s own inputs: `siege help [--inputs] [COMMAND [SUBCOMMAND]]`.
struct HelpRequest {
  bool inputs = false;
  std::string command;
  std::string subcommand;
};
void help_inputs(Fields& f, HelpRequest& r) {
  f.flag({"inputs",
          "List the command's inputs instead: the keys of its batch lines and log entries, with "
          "kind, bounds and default (--json: one object)"},
         r.inputs);
  f.text({.key = "command",
          .help = "The command to describe (without it, every command)",
          .value_name = "COMMAND",
          .positional = true},
         r.command);
  f.text({.key = "subcommand",
          .help = "An odds subcommand, after odds",
          .value_name = "SUBCOMMAND",
          .positional = true},
         r.subcommand);
}

// What the references say of `help` (the man page gives it under --help).
CommandDoc help_doc() {
  return {.synopsis = "`siege help` [`--inputs`] [*COMMAND* [*SUBCOMMAND*]]",
          .about = "The options of a command and an example, as `siege` *COMMAND* `--help` prints them; with "
                   "`--inputs`, its inputs as the keys of its batch lines and log entries."};
}

// `help` itself, described like a command (it is none of the table's rows).
const Command& help_command() {
  static const Command c = [] {
    Command h;
    h.name = "help";
    h.summary = "A command's options and an example, or with --inputs its inputs";
    h.example = "siege help attack\n  siege help --inputs odds check --json";
    h.inputs = &default_inputs<HelpRequest, help_inputs>;
    h.doc = help_doc;
    return h;
  }();
  return c;
}

// `siege help --inputs COMMAND [SUBCOMMAND]`: the command's inputs as
// declared (inputs.hpp), the keys of its batch lines and log entries with
// their kinds, bounds and defaults; with --json one object. The tests hold
// the man page, the completions and docs/state.md to it.
int print_inputs(const std::vector<std::string_view>& words, Context& ctx) {
  std::vector<std::string> path;
  for (const auto w : words)
    if (w != "--json") path.emplace_back(w);
  // No command, with --json: every command's (odds' subcommands after odds,
  // help last), which tools/gen-refs writes the references from.
  if (path.empty() && ctx.globals.json) {
    nlohmann::json globals = nlohmann::json::array();
    for (const auto& g : global_options())
      globals.push_back({{"names", std::string(g.names)}, {"value", std::string(g.value)},
                         {"help", std::string(g.help)}, {"doc", std::string(g.doc)}});
    write_stdout(all_inputs_json(&help_command(), "help", "],\"globals\":" + globals.dump() + "}\n"));
    return 0;
  }
  if (path.empty() || path.size() > 2)
    fail_usage("bad-usage", "help --inputs: name one command (or an odds subcommand): help --inputs attack");
  const Command* c = path[0] == "help" ? &help_command() : find_command(commands(), path[0]);
  const Command* parent = nullptr;
  if (c == nullptr)
    fail_usage("unknown-command", "help --inputs: unknown command '" + path[0] + "'" +
                                      siege::did_you_mean(path[0], command_names()));
  if (path.size() == 2) {
    if (!has_subcommands(*c))
      fail_usage("bad-usage", "help --inputs: " + path[0] + " has no subcommands, got '" + path[1] + "'");
    const Command* sub = find_command(subcommands_of(*c), path[1]);
    if (sub == nullptr) {
      std::vector<std::string> names;
      for (const auto& x : subcommands_of(*c)) names.emplace_back(x.name);
      fail_usage("unknown-command", "help --inputs: unknown subcommand '" + path[1] + "' of " + path[0] +
                                        siege::did_you_mean(path[1], names));
    }
    parent = c;
    c = sub;
  }
  const nlohmann::json inputs = described_inputs(*c);
  std::string name = path[0] + (path.size() == 2 ? " " + path[1] : std::string());
  if (ctx.globals.json) {
    std::string out;
    siege::JsonWriter w(out);
    w.begin_object().field("schema", schema_version).field("action", "inputs").field("command", name);
    w.field("logged", c->act != nullptr);
    if (c->needs_state) w.field("needs_state", true);
    w.end_object();
    out.pop_back();
    out += ",\"examples\":" + examples_of(*c, parent).dump() + ",\"inputs\":" + inputs.dump();
    if (c->doc != nullptr) out += ",\"doc\":" + described_doc(*c).dump();
    out += "}\n";
    write_stdout(out);
    return 0;
  }
  std::string text = fmt::format("Inputs of '{}' (batch and log keys; options with --){}\n", name,
                                 c->act != nullptr ? (c->needs_state ? ", an action on a state file (--state FILE)" : ", an action") : "");
  for (const auto& in : inputs) {
    std::string what = in.at("kind").get<std::string>();
    if (in.contains("min")) what += fmt::format(" {}..{}", in.at("min").get<int>(), in.at("max").get<int>());
    if (in.contains("default")) what += ", default " + (in.at("default").is_string() ? in.at("default").get<std::string>()
                                                                                     : in.at("default").dump());
    if (in.at("required").get<bool>()) what += ", required";
    if (in.value("required_without_state", false)) what += ", required without --state";
    if (in.at("positional").get<bool>()) what += ", positional";
    text += fmt::format("  {:<24} {:<28} {}\n", in.at("key").get<std::string>(), what,
                        in.at("help").get<std::string>());
  }
  write_stdout(wrap_text(text, output_width()));
  return 0;
}

// Parses and runs one command; returns its exit status. Every error escapes
// to main, which prints it.
// Whether the error objects go to stdout too (--json), for the handler below.
bool json_errors = false;

// The help screen of the command the line names (siege's own when none),
// with --json one object holding the text.
int print_help(const CommandLine& line, Context& ctx) {
  write_stdout(help_text(ctx.globals, line.path(), help_screen(line.command, line.sub, output_width())));
  return 0;
}

// Parses and runs one command; returns its exit status. Every error escapes
// to main, which prints it.
int run(int argc, char** argv, Context& ctx) {
  const std::vector<std::string_view> words(argv + 1, argv + argc);
  const std::size_t at = first_word(words);
  const std::string wanted = at < words.size() ? std::string(words[at]) : std::string();
  if (wanted == "help" && (at == 0 || words[at - 1] != "--")) {
    if (at + 1 < words.size() && words[at + 1] == "--inputs") {
      // --json before or after: help's own words are names, never --json.
      for (const auto w : words)
        if (w == "--json") ctx.globals.json = true;
      return print_inputs({words.begin() + static_cast<std::ptrdiff_t>(at) + 2, words.end()}, ctx);
    }
    std::vector<std::string> again = help_words(argc, argv, at);
    std::vector<char*> again_argv;
    for (auto& w : again) again_argv.push_back(w.data());
    again_argv.push_back(nullptr);
    return run(static_cast<int>(again.size()), again_argv.data(), ctx);
  }
  const CommandLine line = parse_command_line(words, ctx.globals);
  if (line.help) return print_help(line, ctx);
  if (line.version) {
    write_stdout(version_text(ctx.globals.json));
    return 0;
  }
  json_errors = ctx.globals.json;
  const auto& g = ctx.globals;
  if (g.color != "auto" && g.color != "always" && g.color != "never")
    fail_input("bad-color", "color", {}, "expected auto, always or never, got '" + g.color + "'");
  (void)parse_format(g.format);
  if (g.format == "html" && !line.command->page)
    fail_usage("bad-format", "--format html: only chronicle writes a page; tables print as text, markdown, csv or json");
  if (g.format == "json") ctx.globals.json = true;
  const char* no_color = std::getenv("NO_COLOR");
  const char* term = std::getenv("TERM");
  set_colour(!g.json && (g.color == "always" ||
                         (g.color == "auto" && ::isatty(STDOUT_FILENO) != 0 &&
                          (no_color == nullptr || *no_color == '\0') &&
                          !(term != nullptr && std::string_view(term) == "dumb"))));
  const Command& c = *line.target();
  // A long-lived front end never maps a state file (StateFile): the
  // commands it runs go on after one is cut short.
  if (line.command->name == "play" || line.command->name == "serve") forbid_mapping();
  // The commands that go through a whole log build and drop megabytes.
  const std::string_view name = line.command->name;
  if (name == "chronicle" || name == "replay" || name == "undo" || name == "redo" || name == "log")
    prefer_huge_pages();
  const std::unique_ptr<Invocation> invocation = c.invoke(c);
  fill_inputs(line, *invocation);
  if (line.sub != nullptr && !line.sub->tables) ctx.text_or_json_only(std::string(line.command->name));
  try {
    invocation->run(ctx);
  } catch (const Error& e) {
    throw reported(e, line.path());
  }
  return ctx.exit_status;
}

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

// For a command that goes through a whole log (replay, chronicle ...): on
// this kind of machine the first touch of each fresh 4 KiB page costs about
// 10 us, more than the work done in it, and such a command touches tens of
// megabytes. So the heap grows in 64 MiB steps, keeps what is freed (to be
// used again, already touched), and the part grown now is marked for huge
// pages (one fault per 2 MiB where the system gives them: THP in "madvise"
// or "always" mode). Measured: chronicle of 20,000 entries 7,770 -> about
// 400 minor faults, 290 -> 160 ms. Not for other commands: a 2 MiB page
// costs more to clear than an attack's whole run.
void prefer_huge_pages() noexcept {
#if defined(__GLIBC__) && defined(MADV_HUGEPAGE)
  constexpr std::size_t step = std::size_t{64} << 20;
  constexpr std::size_t huge = std::size_t{2} << 20;
  (void)::mallopt(M_MMAP_THRESHOLD, static_cast<int>(step));
  (void)::mallopt(M_TRIM_THRESHOLD, static_cast<int>(4 * step));
  (void)::mallopt(M_TOP_PAD, static_cast<int>(step));
  void* block = std::malloc(std::size_t{1} << 20);  // grows the heap by it and the pad
  if (block == nullptr) return;
  const auto from = (reinterpret_cast<std::uintptr_t>(block) + huge - 1) & ~(huge - 1);
  const auto top = reinterpret_cast<std::uintptr_t>(::sbrk(0));
  if (top > from) (void)::madvise(reinterpret_cast<void*>(from), top - from, MADV_HUGEPAGE);
  std::free(block);
#endif
}

// What SIGBUS means here: a state file mapped into memory (StateFile) was
// cut short by another program while this command read it. Said as every
// state error is said (exit 4), from a signal handler: only write() and
// _exit(), the message put together in a static buffer. A commit that was
// under way leaves its temp file unrenamed, so the state file is as it was.
void on_bus_error(int) noexcept {
  static char line[2048];
  std::size_t n = 0;
  const auto add = [&](std::string_view s, bool escaped) {
    for (const char c : s) {
      const auto u = static_cast<unsigned char>(c);
      if (escaped && (c == '"' || c == '\\') && n + 2 < sizeof line) {
        line[n++] = '\\';
        line[n++] = c;
      } else if (u < 0x20 || u == 0x7f) {
        if (n + 1 < sizeof line) line[n++] = '?';  // a control byte is never written raw
      } else if (n + 1 < sizeof line) {
        line[n++] = c;
      }
    }
  };
  constexpr std::string_view what = ": changed while siege read it (another program cut it short); nothing was written";
  const auto put = [&] { return ::write(STDERR_FILENO, line, n) >= 0; };
  add("siege: error: ", false);
  add(mapped_state_path(), false);
  add(what, false);
  line[n++] = '\n';  // add() leaves room for it
  (void)put();
  if (json_errors) {
    n = 0;
    add(R"({"error":{"code":4,"id":"state-changed","message":")", false);
    add(mapped_state_path(), true);
    add(what, true);
    add("\"}}", false);
    line[n++] = '\n';
    (void)(::write(STDOUT_FILENO, line, n) >= 0);
  }
  ::_exit(static_cast<int>(ErrorKind::state));
}

}  // namespace

void report_bus_errors() noexcept {
  struct sigaction bus {};
  bus.sa_handler = on_bus_error;
  ::sigemptyset(&bus.sa_mask);
  (void)::sigaction(SIGBUS, &bus, nullptr);
}

int main(int argc, char** argv) {
  guard_standard_descriptors();
  std::set_terminate(on_terminate);
  report_bus_errors();
  StdoutOutput out;
  Context ctx(&out);
  ctx.run_command_line = &main;  // play runs each of its lines as a command line of its own
  ctx.read_state_line = &read_state_line;  // odds scene --if reads lines as play's prompt does

  try {
    const int status = run(argc, argv, ctx);
    finish_stdout();
    return status;
  } catch (const Error& raised) {
    const Error e = raised.each_changed([](const Error& x) { return x.spelled(front_end_spelling()); });
    std::string message = e.what();
    if (e.kind() == ErrorKind::output && !ctx.committed.empty()) message += " (" + ctx.committed + ")";
    print_error(ctx.globals, e.exit_code(), e.id(), message, e.input(), &e);
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
