// The command line: CLI11's parser made from the command objects, help,
// and the single place where errors become exit codes.
#include "cli/cli.hpp"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <exception>
#include <fstream>
#include <limits>
#include <memory>
#include <set>
#include <sstream>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include "cli/globals.hpp"
#include "cli/parse.hpp"
#include "commands/command.hpp"
#include "commands/hint.hpp"
#include "front/terminal.hpp"
#include "print/json.hpp"
#include "print/render.hpp"
#include "siege/detail/json_writer.hpp"
#include "siege/detail/suggest.hpp"
#include "siege/tables_json.hpp"
#include "version.hpp"

namespace siege::cli {

namespace {

// Runs a command once parsing succeeded.
using Runner = std::function<void(Context&)>;

// `run`, whose errors are reported() as command `name`'s.
Runner reporting(std::string name, Runner run) {
  return [name = std::move(name), run = std::move(run)](Context& ctx) {
    try {
      run(ctx);
    } catch (const Error& e) {
      throw reported(e, name);
    }
  };
}

// A number option in [lo, hi] that calls `set` with the value.
template <typename Set>
CLI::Option* number_option(CLI::App& app, const std::string& names, const std::string& what, int lo, int hi,
                           Set set, const std::string& help) {
  return app
      .add_option_function<std::string>(
          names, [what, lo, hi, set](const std::string& s) { set(static_cast<int>(parse_int(s, lo, hi, what))); },
          help)
      ->type_name("N");
}

// The options declared Need::required: their help says REQUIRED as CLI11's
// does for its own required options (the check is check_declared's).
std::set<const CLI::Option*>& required_options() {
  static std::set<const CLI::Option*> options;
  return options;
}

// A path input given as the empty word ("--data ''", a shell variable that
// was never set) is refused rather than read as not given.
// `name`: how the command line names a positional input (FILE), or empty
// for an option.
void refuse_empty_path(const std::string& key, const std::string& value, const char* what,
                       const std::string& name = {}) {
  if (!value.empty()) return;
  const std::string reason = std::string("an empty path: give ") + what;
  if (name.empty()) fail_input("empty-path", key, {}, reason);
  throw Error(ErrorKind::usage, "empty-path", name + ": " + reason).about(key);
}

// The command line's visitor (inputs.hpp): each input an option of `app`,
// bound to its member (the request outlives the parse: its runner holds it).
class OptionBinder final : public Fields {
 public:
  explicit OptionBinder(CLI::App& app) : app_(app) {}

  void text(const In& in, std::string& v) override {
    finish(in, checked(in, app_.add_option(names(in), v, text_help(in))), "TEXT");
  }
  void text(const In& in, std::optional<std::string>& v) override {
    auto* p = &v;
    finish(in,
           checked(in, app_.add_option_function<std::string>(names(in), [p](const std::string& s) { *p = s; },
                                                             text_help(in))),
           "TEXT");
  }
  void text(const In& in, Given<std::string>& v) override {
    auto* p = &v;
    // A required option's default is that of a batch line or a log entry.
    const std::string help =
        in.need == Need::required ? std::string(in.help) : std::string(in.help) + " (default " + v.fallback() + ")";
    finish(in,
           checked(in, app_.add_option_function<std::string>(names(in), [p](const std::string& s) { p->set(s); },
                                                             help)),
           "TEXT");
  }
  void texts(const In& in, std::vector<std::string>& v) override {
    finish(in, checked(in, app_.add_option(names(in), v, std::string(in.help))->allow_extra_args(false)), "TEXT");
  }
  void number(const In& in, std::optional<int>& v, int lo, int hi) override {
    auto* p = &v;
    finish(in,
           number_option(app_, names(in), option_name(in), lo, hi, [p](int x) { *p = x; },
                         std::string(in.help) + " [" + std::to_string(lo) + ".." + std::to_string(hi) + "]"),
           "N");
  }
  void number(const In& in, Given<int>& v, int lo, int hi) override {
    auto* p = &v;
    finish(in,
           number_option(app_, names(in), option_name(in), lo, hi, [p](int x) { p->set(x); },
                         std::string(in.help) + " [" + std::to_string(lo) + ".." + std::to_string(hi) +
                             ", default " + std::to_string(v.fallback()) + "]"),
           "N");
  }
  void flag(const In& in, bool& v) override { finish(in, app_.add_flag(names(in), v, std::string(in.help)), ""); }

 private:
  // A text's help, with its most bytes when it declares them.
  static std::string text_help(const In& in) {
    if (in.max_bytes == 0) return std::string(in.help);
    return std::string(in.help) + " [at most " + std::to_string(in.max_bytes) + " bytes]";
  }
  // "--key" (or the positional's name, KEY) and its other name.
  static std::string option_name(const In& in) {
    if (!in.positional) return "--" + std::string(in.key);
    std::string upper(in.key);
    for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return upper;
  }
  static std::string names(const In& in) {
    std::string n = option_name(in);
    if (!in.also.empty()) n += "," + std::string(in.also);
    return n;
  }
  // R42: each value of a text option (not a file's path) is checked as it
  // is parsed: valid UTF-8 and no control characters. A path may not be
  // empty: `-o "$PAGE"` with PAGE unset is a mistake, not standard output.
  static CLI::Option* checked(const In& in, CLI::Option* o) {
    const std::string key(in.key);
    if (in.path) {
      const std::string name = in.positional ? option_name(in) : std::string();
      return o->each([key, name](const std::string& s) { refuse_empty_path(key, s, "a file", name); });
    }
    return o->each([key](const std::string& s) { text::check_text_input(key, s, text::TextFrom::typed); });
  }
  static void finish(const In& in, CLI::Option* o, std::string_view type) {
    if (!in.value_name.empty()) type = in.value_name;
    if (!type.empty()) o->type_name(std::string(type));
    // Required: so --help says; check_declared refuses it missing, as every front end does.
    if (in.need == Need::required) required_options().insert(o);
    if (in.need == Need::without_state) o->description(o->get_description() + "; required without --state");
    if (in.arity != 1) o->expected(in.arity);
  }
  CLI::App& app_;
};

}  // namespace

std::function<void(Context&)> bound_runner(CLI::App& app, const Command& c) {
  std::shared_ptr<Invocation> run = c.invoke(c);
  OptionBinder b(app);
  run->inputs(b);
  return [run](Context& ctx) { run->run(ctx); };
}

namespace {

// CLI11's help screens, each line fitted to output_width() (wrap_text): a
// description goes on under its own column.
class FittedHelp : public CLI::Formatter {
 public:
  // The name column: CLI11's 30 on 75 columns or more, narrower below.
  FittedHelp() { column_width(std::clamp<std::size_t>(output_width() * 2 / 5, 12, 30)); }
  std::string make_help(const CLI::App* app, std::string name, CLI::AppFormatMode mode) const override {
    return wrap_text(CLI::Formatter::make_help(app, std::move(name), mode), output_width());
  }
  // A declared required option as CLI11 shows a required one: REQUIRED after
  // its value, and a positional without brackets in the usage line.
  std::string make_option_opts(const CLI::Option* opt) const override {
    std::string out = CLI::Formatter::make_option_opts(opt);
    if (required_options().count(opt) != 0 && opt->get_type_size() != 0) out += " " + get_label("REQUIRED");
    return out;
  }
  std::string make_option_usage(const CLI::Option* opt) const override {
    std::string out = CLI::Formatter::make_option_usage(opt);
    if (required_options().count(opt) != 0 && out.size() >= 2 && out.front() == '[') out = out.substr(1, out.size() - 2);
    return out;
  }
};

}  // namespace


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
std::size_t first_word(const std::vector<std::string_view>& words, const std::vector<std::string>* own) {
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string_view a = words[i];
    if (a == "--") return i + 1;
    if (!a.empty() && a[0] == '-') {
      if (takes_value(a) || (own != nullptr && std::find(own->begin(), own->end(), a) != own->end())) ++i;
      continue;
    }
    return i;
  }
  return words.size();
}

// The first word after the command's name that is neither an option nor
// an option's value (`own_valued`: the command's own options that take one),
// for a command that builds only the subcommand named (odds). Empty when
// there is none, or when no command was named (`siege --help`).
std::string subcommand_named(const std::vector<std::string>& own_valued) {
  const auto& words = command_words();
  const std::size_t i = first_word(words, &own_valued);
  return i < words.size() ? std::string(words[i]) : std::string();
}


void add_globals(CLI::App& app, Globals& g) {
  const auto o = global_options();
  const auto name = [&](Global i) { return std::string(o[i].names); };
  const auto help = [&](Global i) { return std::string(o[i].help); };
  const auto value = [&](Global i) { return std::string(o[i].value); };
  app.add_flag(name(json_option), g.json, help(json_option));
  app.add_option(name(data_option), g.data_dir, help(data_option))
      ->type_name(value(data_option))
      ->each([](const std::string& s) { refuse_empty_path("data", s, "a folder"); });
  app.add_option_function<std::string>(
         name(seed_option), [&g](const std::string& s) { g.seed = parse_seed(s, "--seed"); }, help(seed_option))
      ->type_name(value(seed_option));
  app.add_option(name(state_option), g.state_file, help(state_option))->type_name(value(state_option));
  app.add_flag(name(dry_run_option), g.dry_run, help(dry_run_option));
  app.add_option(name(color_option), g.color, help(color_option))->type_name(value(color_option));
  app.add_option(name(format_option), g.format, help(format_option))->type_name(value(format_option));
}

// The options of a command with subcommands (odds --compare) are its own:
// given with a subcommand (before it, where the subcommand never sees them,
// or after it when it has no such option) they are refused, not dropped.
// `question`: the command's own question, its first flag (odds --compare).
void refuse_own_options(const std::vector<const CLI::Option*>& own, const std::string& question,
                        const CLI::App& parent, const CLI::App& sub) {
  for (const CLI::Option* o : own) {
    if (o->count() == 0) continue;
    const std::string name = o->get_name();
    const std::string cmd = "siege " + parent.get_name();
    const std::string cmd_sub = cmd + " " + sub.get_name();
    if (name == question)
      fail_usage("bad-usage", name + " is a question of its own: '" + cmd + " " + name + "' or '" + cmd_sub +
                                  " ...', not both");
    if (sub.get_option_no_throw(name) != nullptr)
      fail_usage("bad-usage", name + " goes after the subcommand: " + cmd_sub + " " + name + " " +
                                  o->results().front());
    fail_usage("bad-usage", name + " is an option of '" + cmd + " " + question + "', not of '" + cmd_sub + "'");
  }
}

// The options of a command's inputs: those that take a value, and flags.
struct OptionNames final : FieldsOf<OptionNames> {
  std::vector<std::string> valued, flags;
  template <typename V>
  void on(const In& in, V&, int, int) {
    if constexpr (std::is_same_v<V, bool>)
      flags.push_back("--" + std::string(in.key));
    else if (!in.positional)
      valued.push_back("--" + std::string(in.key));
  }
};

// A command with subcommands: only the subcommand named is built (the
// start-up budget), or every one when none is named, so that `siege odds
// --help` lists them all.
Runner with_subcommands(CLI::App& app, const Command& c) {
  app.require_subcommand(0, 1);
  OptionNames names;
  c.inputs(names);
  const std::vector<std::string>& valued = names.valued;
  const std::string question = names.flags.empty() ? std::string() : names.flags.front();
  const std::string named = subcommand_named(valued);
  const CommandList& table = subcommands_of(c);
  const bool known = find_command(table, named) != nullptr;
  struct Sub {
    CLI::App* app;
    Runner run;
    bool tables;
  };
  std::vector<Sub> subs;
  for (const auto& row : table)
    if (!known || row.name == named) {
      CLI::App* sub = app.add_subcommand(std::string(row.name), std::string(row.summary));
      sub->fallthrough();
      subs.push_back({sub, reporting(std::string(c.name) + " " + std::string(row.name), bound_runner(*sub, row)),
                      row.tables});
    }
  const std::size_t before = app.get_options().size();
  Runner own = bound_runner(app, c);
  std::vector<const CLI::Option*> own_options;
  const auto all = app.get_options();
  for (std::size_t i = before; i < all.size(); ++i) own_options.push_back(all[i]);
  const std::string name(c.name);
  return [subs, own, own_options, question, name, &app](Context& ctx) {
    for (const auto& sub : subs)
      if (sub.app->parsed()) {
        refuse_own_options(own_options, question, app, *sub.app);
        if (!sub.tables) ctx.text_or_json_only(name);
        return sub.run(ctx);
      }
    own(ctx);
  };
}

CLI::App* add_command(CLI::App& app, const Command& c, Runner& runner) {
  auto* sub = app.add_subcommand(std::string(c.name), std::string(c.summary));
  sub->fallthrough();
  // Each line of the example a command that wrap_text keeps whole (render.hpp).
  std::string example = "Example:\n";
  for (std::string_view rest = c.example; !rest.empty();) {
    const std::size_t nl = rest.find('\n');
    std::string_view line = rest.substr(0, nl);
    line.remove_prefix(std::min(line.find_first_not_of(' '), line.size()));
    example += "  " + command_line(line) + "\n";
    if (nl == std::string_view::npos) break;
    rest.remove_prefix(nl + 1);
  }
  sub->footer(example);
  runner = reporting(std::string(c.name), has_subcommands(c) ? with_subcommands(*sub, c) : bound_runner(*sub, c));
  return sub;
}

std::vector<std::string> command_names() {
  std::vector<std::string> names;
  for (const auto& c : commands()) names.emplace_back(c.name);
  names.emplace_back("help");
  return names;
}


}  // namespace


namespace {

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

// The words of the deepest (sub)command parsed ("odds attack"), "" for none.
std::string command_path(CLI::App& app) {
  std::string path;
  for (CLI::App* at = deepest_parsed(app); at != nullptr && at->get_parent() != nullptr; at = at->get_parent())
    path = at->get_name() + (path.empty() ? "" : " ") + path;
  return path;
}







}  // namespace

namespace {

// The version as --version prints it: text, or with --json one object.
std::string version_text(const Globals& g) {
  if (!g.json) return std::string("siege ") + SIEGE_VERSION + "\n";
  std::string out;
  siege::JsonWriter w(out);
  w.begin_object().field("schema", schema_version).field("action", "version").field("version", SIEGE_VERSION);
  w.end_object();
  return out + "\n";
}

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

// The command lines of a command's `--help` example, one a line (the row
// holds them joined by newlines and indents): tests/check_outputs.py runs
// each on the example castle and validates what it prints. A subcommand
// without an example of its own (odds') has its parent's lines that name it.
nlohmann::json examples_of(const Command& c, const Command* parent = nullptr) {
  const std::string_view example = c.example.empty() && parent != nullptr ? parent->example : c.example;
  const std::string named = parent != nullptr ? " " + std::string(parent->name) + " " + std::string(c.name) : "";
  nlohmann::json lines = nlohmann::json::array();
  std::string_view rest = example;
  while (!rest.empty()) {
    const auto end = rest.find('\n');
    std::string_view line = rest.substr(0, end);
    rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
    while (!line.empty() && line.front() == ' ') line.remove_prefix(1);
    if (line.empty() || (example != c.example && (std::string(line) + " ").find(named + " ") == std::string::npos))
      continue;
    lines.push_back(std::string(line));
  }
  return lines;
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
    std::string out = "{\"schema\":" + std::to_string(schema_version) + ",\"action\":\"inputs\",\"commands\":[";
    const auto add = [&](const Command& c, const std::string& name, const Command* parent = nullptr) {
      if (out.back() != '[') out += ',';
      out += "{\"command\":" + nlohmann::json(name).dump() + ",\"summary\":" + nlohmann::json(c.summary).dump() +
             ",\"logged\":" + (c.act != nullptr ? "true" : "false") +
             (c.needs_state ? ",\"needs_state\":true" : "") + ",\"examples\":" + examples_of(c, parent).dump() +
             (c.doc != nullptr ? ",\"doc\":" + described_doc(c).dump() : std::string()) +
             ",\"inputs\":" + described_inputs(c).dump() + "}";
    };
    for (const auto& c : commands()) {
      add(c, std::string(c.name));
      if (has_subcommands(c))
        for (const auto& sub : subcommands_of(c)) add(sub, std::string(c.name) + " " + std::string(sub.name), &c);
    }
    add(help_command(), "help");
    out += "],\"globals\":";
    nlohmann::json globals = nlohmann::json::array();
    for (const auto& g : global_options())
      globals.push_back({{"names", std::string(g.names)}, {"value", std::string(g.value)},
                         {"help", std::string(g.help)}, {"doc", std::string(g.doc)}});
    write_stdout(out + globals.dump() + "}\n");
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

// The help screen CLI11 lays out for the command line `argv` asks help of
// (--help where it stands as an option, or `siege help COMMAND`): the
// parser of the command named only, or of every command for `siege
// --help`; with --json one object holding the text.
int print_help(int argc, char** argv, Context& ctx) {
  // The parser lives until the process ends: taking it apart again costs
  // more than printing, only to give memory back to a process about to exit.
  // The list that keeps it is reachable from a global, so a leak checker
  // counts it as still in use.
  static auto* const parsers = new std::vector<std::unique_ptr<CLI::App>>();
  CLI::App& app =
      *parsers->emplace_back(std::make_unique<CLI::App>("siege - a siege rules adjudicator", "siege"));
  app.set_version_flag("--version", std::string("siege ") + SIEGE_VERSION);
  app.formatter(std::make_shared<FittedHelp>());  // before the commands: they take the app's
  app.require_subcommand(1);
  app.footer(
      "Exit status: 0 resolved, 2 bad usage or input, 3 invalid data table, 4 invalid state file, "
      "5 output could not be written, 6 internal error (out of memory).\n"
      "Run 'siege help COMMAND' or 'siege COMMAND --help' for a command's options and an example.");
  Globals globals;
  add_globals(app, globals);
  const std::vector<std::string_view> words(argv + 1, argv + argc);
  const std::size_t at = first_word(words, nullptr);
  const std::string wanted = at < words.size() ? std::string(words[at]) : std::string();
  if (at < words.size())
    command_words().assign(words.begin() + static_cast<std::ptrdiff_t>(at) + 1, words.end());
  Runner runner;
  if (const Command* chosen = find_top_command(wanted)) {
    add_command(app, *chosen, runner);
  } else {
    // No command: build them all so that --help lists every one.
    static std::vector<Runner> all;
    all.assign(commands().size(), Runner{});
    for (std::size_t i = 0; i < commands().size(); ++i) add_command(app, commands()[i], all[i]);
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp&) {
    write_stdout(help_text(ctx.globals, command_path(app), app.help()));
    return 0;
  } catch (const CLI::CallForAllHelp&) {
    write_stdout(help_text(ctx.globals, command_path(app), app.help("", CLI::AppFormatMode::All)));
    return 0;
  } catch (const CLI::ParseError&) {
  }
  // The words read as CLI11 reads them were not a request for help after
  // all (a --help that stands as a value): the command's own parser says so.
  write_stdout(help_text(ctx.globals, command_path(app), app.help()));
  return 0;
}

// Parses and runs one command; returns its exit status. Every error escapes
// to main, which prints it.
int run(int argc, char** argv, Context& ctx) {
  const std::vector<std::string_view> words(argv + 1, argv + argc);
  const std::size_t at = first_word(words, nullptr);
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
  if (line.help) return print_help(argc, argv, ctx);
  if (line.version) {
    write_stdout(version_text(ctx.globals));
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
  const std::unique_ptr<Invocation> invocation = c.invoke(c);
  fill_inputs(line, *invocation);
  std::string name(line.command->name);
  if (line.sub != nullptr) {
    if (!line.sub->tables) ctx.text_or_json_only(name);
    name += " " + std::string(line.sub->name);
  }
  try {
    invocation->run(ctx);
  } catch (const Error& e) {
    throw reported(e, name);
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

}  // namespace

int main(int argc, char** argv) {
  guard_standard_descriptors();
  std::set_terminate(on_terminate);
  StdoutOutput out;
  Context ctx(&out);
  ctx.run_command_line = &main;  // play runs each of its lines as a command line of its own

  try {
    const int status = run(argc, argv, ctx);
    finish_stdout();
    return status;
  } catch (const Error& raised) {
    const Error e = raised.spelled(front_end_spelling());
    std::string message = e.what();
    if (e.kind() == ErrorKind::output && !ctx.committed.empty()) message += " (" + ctx.committed + ")";
    print_error(ctx.globals, e.exit_code(), e.id(), message, e.input());
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
