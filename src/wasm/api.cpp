// The WebAssembly package's front end: the command objects called from
// JavaScript (src/wasm/js/index.mjs) instead of from argv.
//
// Each entry point takes JSON texts and returns an exit status (0, or the
// one the command line would exit with); siege_output(0) then holds the
// outcome as `siege --json` prints it, or the JSON error object, and
// siege_output(1) a state file's new text (apply). Texts go in and out as
// JSON text, never as JavaScript numbers, so every seed stays exact (R42:
// 0 to 2^64 - 1); the JavaScript side parses them keeping large whole
// numbers as BigInt.
//
// Nothing here throws into JavaScript: every error, an out-of-memory
// included, becomes the error object, and the next call starts afresh
// (its own Context; the tables stay loaded).
//
// tests/wasm/ holds what it answers to the native program's answers.
#include "wasm/api.hpp"

#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <memory>
#include <new>
#include <string>
#include <string_view>

#include "commands/actions.hpp"
#include "commands/command.hpp"
#include "commands/context.hpp"
#include "commands/inputs_json.hpp"
#include "front/globals.hpp"
#include "front/terminal.hpp"
#include "siege/error.hpp"
#include "siege/tables_json.hpp"
#include "siege/text.hpp"
#include "state/builtin_tables.hpp"
#include "state/read_file.hpp"
#include "wasm/line_reader.hpp"

namespace siege::cli::wasm {

StateLine (*line_reader)(std::string_view line) = nullptr;

namespace {

// What the module keeps between calls: the tables and the last outputs.
struct Package {
  std::unique_ptr<Tables> own;  // tables given to siege_configure; null: the built-in ones
  bool text = false;            // siege_text: the referee's text instead of JSON
  std::string out[2];
};

Package& package() {
  static Package p;
  return p;
}

const Tables& tables() { return package().own != nullptr ? *package().own : builtin_tables(); }

// Where a call's errors are placed: "line:/structure: ...".
constexpr std::string_view line_name = "line";

// A fresh context over the loaded tables, writing to `out`.
struct Run {
  StringOutput out;
  Context ctx{&out};
  Run() {
    ctx.use_tables(tables());
    ctx.globals.json = !package().text;
    ctx.read_state_line = line_reader;
  }
  // What the command printed, without its last newline.
  [[nodiscard]] std::string printed() {
    std::string s = std::move(out.text);
    if (!s.empty() && s.back() == '\n') s.pop_back();
    return s;
  }
};

// Runs `f` (which fills the outputs and returns 0), turning every error
// into its JSON object in output 0 and its exit status.
template <typename F>
int guarded(F&& f) noexcept {
  Package& p = package();
  try {
    p.out[0].clear();
    p.out[1].clear();
    return f(p);
  } catch (const Error& raised) {
    try {
      const Error e = raised.each_changed([](const Error& x) { return x.spelled(front_end_spelling()); })
                          .at({std::string(line_name), {}});
      p.out[0] = error_object(e.exit_code(), e.id(), e.what(), e.input(), &e);
      p.out[1].clear();
      return e.exit_code();
    } catch (...) {
    }
  } catch (const std::bad_alloc&) {
  } catch (const std::exception& e) {
    try {
      p.out[0] = error_object(static_cast<int>(ErrorKind::internal), "internal",
                              std::string("internal error: ") + e.what());
      p.out[1].clear();
      return static_cast<int>(ErrorKind::internal);
    } catch (...) {
    }
  }
  // Out of memory (or an error while reporting one): no output, which the
  // JavaScript side reports as "out-of-memory" without allocating here.
  p.out[0].clear();
  p.out[1].clear();
  p.out[0].shrink_to_fit();
  p.out[1].shrink_to_fit();
  return static_cast<int>(ErrorKind::internal);
}

siege::JsonSource source() { return {std::string(line_name), ErrorKind::usage, true}; }

// The object `text` holds (a usage error naming the argument when it is none).
nlohmann::json object_of(std::string_view text, std::string_view what) {
  nlohmann::json j = siege::parse_strict(text, source());
  if (!j.is_object())
    throw Error(ErrorKind::usage, "not-an-object", ErrorPlace{std::string(line_name), {}},
                std::string(what) + ": expected a JSON object");
  return j;
}

// Fills a fresh invocation of `c` from `inputs` (the declared keys; any
// other is refused, as in a batch line).
std::unique_ptr<Invocation> invocation_of(const Command& c, const nlohmann::json& inputs) {
  std::unique_ptr<Invocation> inv = c.invoke(c);
  const siege::JsonSource src = source();
  const siege::Cursor at(inputs, src, "");
  FieldReader reader(at);
  inv->inputs(reader);
  reader.finish();
  return inv;
}

// The name a state is known by (apply's and odds' `file`): the name its
// hints and messages use for the file, as the command line's --state FILE.
// A plain file name; empty: "siege.json".
std::string state_name(const char* file) {
  std::string name = file != nullptr && *file != '\0' ? file : "siege.json";
  if (name.find('/') != std::string::npos || name == "." || name == ".." || name.size() > 200)
    throw Error::in_input(ErrorKind::usage, "bad-file", "file", name,
                          "expected a plain file name (no '/'), as the hints name the state file");
  siege::text::check_text_input("file", name, siege::text::TextFrom::typed);
  return name;
}

// Writes `text` into the module's own folder as `name`, for a command that
// reads a state file by its path (odds scene). The package's working
// directory is that folder (made once), so the outcome names the file as
// the command line would.
void write_state_file(const std::string& name, const char* text) {
  static const bool ready = [] {
    std::string dir = "/tmp/siege-package-XXXXXX";
    if (::mkdtemp(dir.data()) == nullptr || ::chdir(dir.c_str()) != 0)
      throw Error(ErrorKind::output, "no-temp", "cannot make the module's folder for a state: " + dir);
    return true;
  }();
  (void)ready;
  std::ofstream f(name, std::ios::binary | std::ios::trunc);
  f << text;
  if (!f.flush()) throw Error(ErrorKind::output, "write-failed", "cannot write the state to " + name);
}

}  // namespace

int configure(const char* tables_json) {
  return guarded([&](Package& p) {
    std::string_view text = tables_json != nullptr ? tables_json : "";
    if (text.empty()) {
      p.own.reset();
      return 0;
    }
    const nlohmann::json files = object_of(text, "tables");
    auto t = std::make_unique<siege::Tables>(builtin_tables());
    for (const auto& [name, body] : files.items()) {
      bool known = false;
      for (auto f : siege::table_files) known = known || f == name;
      if (!known) {
        std::vector<std::string> names(siege::table_files.begin(), siege::table_files.end());
        throw Error(ErrorKind::data, "bad-table", ErrorPlace{name, {}},
                    "not a table of siege's" + siege::did_you_mean(name, names));
      }
      if (!body.is_string())
        throw Error(ErrorKind::data, "bad-table", ErrorPlace{name, {}}, "expected the table file's text, a string");
      merge_table_text(*t, name, body.get_ref<const std::string&>(), name);
    }
    validate_tables(*t, "");
    p.own = std::move(t);
    return 0;
  });
}

int resolve(const char* line) {
  return guarded([&](Package& p) {
    Run run;
    const siege::JsonSource src = source();
    ActionLine a = read_action_line(line != nullptr ? line : "", src);
    const std::uint64_t seed = a.seed ? *a.seed : random_seed();
    const ActionResult r = run_logged_action(a.action, siege::Cursor(a.inputs, src, ""), seed, nullptr, run.ctx);
    p.out[0] = r.json;
    p.out[1] = r.text;
    return 0;
  });
}

int apply(const char* state, const char* line, const char* file) {
  return guarded([&](Package& p) {
    Run run;
    const siege::JsonSource src = source();
    ActionLine a = read_action_line(line != nullptr ? line : "", src);
    const Command& c = find_action(a.action);
    const std::unique_ptr<Invocation> inv = invocation_of(c, a.inputs);
    const std::string name = state_name(file);
    run.ctx.globals.state_file = name;
    siege::SiegeState st = load_state_text(state != nullptr ? state : "", name, tables());
    const nlohmann::json inputs = inv->action_inputs();
    if (a.seed) run.ctx.globals.seed = *a.seed;
    StateStep step = step_on_state(st, run.ctx, c.name, inputs, name, false);
    p.out[0] = std::move(step.json);
    p.out[1] = step.text.str();
    return 0;
  });
}

// The subcommand `name` of `parent` (odds'), or a usage error placed at
// `pointer` with did-you-mean.
const Command& subcommand_named(const Command& parent, const std::string& name, std::string pointer) {
  if (const Command* sub = find_command(subcommands_of(parent), name)) return *sub;
  std::vector<std::string> names;
  for (const auto& s : subcommands_of(parent)) names.emplace_back(s.name);
  throw Error(ErrorKind::usage, "unknown-command", ErrorPlace{std::string(line_name), std::move(pointer)},
              std::string(parent.name) + ": unknown subcommand '" + name + "'" + siege::did_you_mean(name, names));
}

// Runs command `c` (`name` in its messages) from `inputs` as `siege --json
// NAME ...` runs it: on `state` (a state file's text, or empty) written in
// the module's folder as `file`, whose text after the run is output 1.
int run_command(Package& p, const Command& c, const std::string& name, const nlohmann::json& inputs,
                const char* state, const char* file) {
  Run run;
  const std::unique_ptr<Invocation> inv = invocation_of(c, inputs);
  const bool on_state = state != nullptr && *state != '\0';
  const std::string file_name = on_state ? state_name(file) : std::string();
  if (on_state) {
    write_state_file(file_name, state);
    run.ctx.globals.state_file = file_name;
  }
  try {
    inv->run(run.ctx);
  } catch (const Error& e) {
    throw reported(e, name);
  }
  p.out[0] = run.printed();
  if (on_state) p.out[1] = read_regular_file(file_name, file_name, {ErrorKind::output, "read-failed"}, IfMissing::absent).value_or("");
  return run.ctx.exit_status;
}

int odds(const char* request, const char* state, const char* file) {
  return guarded([&](Package& p) {
    nlohmann::json inputs = object_of(request != nullptr ? request : "", "odds");
    const Command& odds = *find_top_command("odds");
    const auto of = inputs.find("of");
    if (of == inputs.end() || !of->is_string()) {
      std::string listed;
      for (const auto& s : subcommands_of(odds)) listed += (listed.empty() ? "" : "|") + std::string(s.name);
      throw Error(ErrorKind::usage, "missing-option", ErrorPlace{std::string(line_name), "/of"},
                  "odds: name what to weigh in \"of\": " + listed);
    }
    const std::string name = of->get<std::string>();
    const Command& sub = subcommand_named(odds, name, "/of");
    inputs.erase("of");
    return run_command(p, sub, "odds " + name, inputs, state, file);
  });
}

int command(const char* words, const char* request, const char* state, const char* file) {
  return guarded([&](Package& p) {
    const nlohmann::json inputs = object_of(request != nullptr && *request != '\0' ? request : "{}", "inputs");
    const std::string text = words != nullptr ? words : "";
    const auto space = text.find(' ');
    const std::string top = text.substr(0, space);
    const Command* c = find_top_command(top);
    if (c == nullptr) {
      std::vector<std::string> names;
      for (const auto& x : commands()) names.emplace_back(x.name);
      throw Error(ErrorKind::usage, "unknown-command", ErrorPlace{std::string(line_name), {}},
                  "unknown command '" + top + "'" + siege::did_you_mean(top, names));
    }
    if (space != std::string::npos) c = &subcommand_named(*c, text.substr(space + 1), {});
    if (c->act != nullptr)
      throw Error(ErrorKind::usage, "not-a-command", ErrorPlace{std::string(line_name), {}},
                  text + " is an action: resolve it, or apply it to a siege");
    return run_command(p, *c, text, inputs, state, file);
  });
}

int inputs() {
  return guarded([&](Package& p) {
    p.out[0] = all_inputs_json(nullptr, {}, "]}");
    return 0;
  });
}

void text(int on) { package().text = on != 0; }

const char* output(int part) { return part == 1 ? package().out[1].c_str() : package().out[0].c_str(); }

}  // namespace siege::cli::wasm

extern "C" {
int siege_configure(const char* tables_json) { return siege::cli::wasm::configure(tables_json); }
int siege_resolve(const char* line) { return siege::cli::wasm::resolve(line); }
int siege_apply(const char* state, const char* line, const char* file) {
  return siege::cli::wasm::apply(state, line, file);
}
int siege_odds(const char* request, const char* state, const char* file) {
  return siege::cli::wasm::odds(request, state, file);
}
int siege_command(const char* words, const char* inputs, const char* state, const char* file) {
  return siege::cli::wasm::command(words, inputs, state, file);
}
int siege_inputs() { return siege::cli::wasm::inputs(); }
void siege_text(int on) { siege::cli::wasm::text(on); }
const char* siege_output(int part) { return siege::cli::wasm::output(part); }
const char* siege_version() {
  static const std::string text = [] {
    std::string s = siege::cli::version_text(true);
    s.pop_back();  // its newline
    return s;
  }();
  return text.c_str();
}
}
