// A command: one object that holds everything the program knows about it,
// which no front end owns.
//
// A command file (src/commands/cmd_NAME.cpp, or a front end's own, as
// src/batch/cmd_batch.cpp) defines its object with SIEGE_COMMAND:
//
//   SIEGE_COMMAND(hold) = action_command<HoldRequest, hold_inputs, hold_action, print::describe_hold>({
//       .name = "hold", .rank = 120, .summary = "...", .example = "siege hold --needed 12 --rolled 15"});
//
// a Request struct, the one function that declares its inputs (inputs.hpp),
// its run and its log line. From the object every front end is made: the
// command line's options and runner (src/cli/), a batch line's reader
// (src/batch/), replay, undo and redo (actions.hpp), the prompt of `siege
// play`, `siege help --inputs`, and from that the references (tools/gen-refs).
// The build collects every SIEGE_COMMAND of src/ into the registry
// (cmake/registry.cmake): no list of commands is written by hand.
//
// An action (a command that resolves something: attack, hold, scene ...)
// runs as
//
//   ActionResult hold_action(const HoldRequest& r, Context& ctx, SiegeState* state);
//
// (state: the siege of --state, or nullptr; never nullptr for a command
// marked needs_state, which every front end refuses without a file). A
// command that is not an action (list, status, batch ...) has a plain run
// function instead. CONTRIBUTING.md has the recipe for a new command.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "commands/context.hpp"
#include "commands/hint.hpp"
#include "commands/inputs.hpp"
#include "print/json.hpp"
#include "siege/state_json.hpp"

namespace siege::cli {

// ---------------------------------------------------------------- actions

// What one action did.
struct ActionResult {
  std::string json;        // the outcome object, as --json prints it
  std::string text;        // the referee's text
  nlohmann::json summary;  // with a state: the log entry's "outcome" object
};

// Runs one action from its inputs against `state` (nullptr: no state file).
using ActionFn = ActionResult (*)(InputReader& inputs, Context& ctx, SiegeState* state);
// The same from batch mode's fast reader (flat_reader.hpp).
class FlatReader;
using FlatActionFn = ActionResult (*)(FlatReader& inputs, Context& ctx, SiegeState* state);

// Reads a Request with `Read` (the declaration's instance over `Reader`),
// checks it with `Check` (the same declaration over Fields) and calls `Run`.
template <typename Request, auto Read, FieldsFn<Request> Check,
          ActionResult (*Run)(const Request&, Context&, SiegeState*), typename Reader>
ActionResult read_action(Reader& inputs, Context& ctx, SiegeState* state) {
  Request r;
  DeclaredInputs& d = declared_collector();
  d.clear(false);
  inputs.collect_into(&d);  // the reader shows d each input it reads
  Read(inputs, r);
  inputs.collect_into(nullptr);
  inputs.finish();
  check_seen(d, r, Check, state != nullptr, DeclaredInputs::From::reader);
  return Run(r, ctx, state);
}

// The ActionFn of a command: reads its Request with `Fields`, calls `Run`.
template <typename Request, FieldsFn<Request> FieldList, ActionResult (*Run)(const Request&, Context&, SiegeState*)>
ActionResult action_of(InputReader& inputs, Context& ctx, SiegeState* state) {
  return read_action<Request, FieldList, FieldList, Run, InputReader>(inputs, ctx, state);
}

// With --state: one action on the state file (actions.cpp). Locks it
// (unless --dry-run), reads it, runs the action with ctx.seed(), appends
// the log entry, writes the file (unless --dry-run) and prints the outcome
// with "log_entry". `check`, when given, runs once the file has been read,
// before the action.
void run_on_state(Context& ctx, std::string_view name, const nlohmann::json& inputs,
                  const std::function<void()>& check = {});
// The refusal of `command` without a state file: "sortie: needs --state
// FILE (a siege made with 'siege init')".
[[noreturn]] void fail_no_state(std::string_view command);

// ---------------------------------------------------------------- the object

struct Command;

// One run of a command: a request of its own, filled through its inputs by
// a front end (the command line binds each input to an option), then run.
class Invocation {
 public:
  Invocation() = default;
  Invocation(const Invocation&) = delete;
  Invocation& operator=(const Invocation&) = delete;
  virtual ~Invocation() = default;
  // Visits the request's inputs, to fill them.
  virtual void inputs(Fields& f) = 0;
  // Runs the command on what was filled in: its declared requirements
  // checked (check_declared) and, for an action given --state, through
  // run_on_state; the outcome printed through ctx.
  virtual void run(Context& ctx) = 0;
  // An action's inputs as filled in, checked as with --state and keyed as
  // its log entry keeps them (request_to_json); null for a command that is
  // not an action.
  [[nodiscard]] virtual nlohmann::json action_inputs() { return nullptr; }
};

// One command line of an action on a siege, read as a line of `siege play`
// is read (no `siege`, no --state), by the front end that reads command lines
// (Context::read_state_line): what `odds scene --if` plays on a copy.
struct StateLine {
  const Command* action = nullptr;  // an action of the registry (Command::act)
  nlohmann::json inputs;            // as its log entry keeps them
  std::optional<std::uint64_t> seed;  // the line's own --seed
};

// One input's prose in the references: `keys` names the input (or, space
// between, several that share one item of the man page), `prose` says
// what it is for. Bounds, choices, the default and whether it is required
// are the declaration's (inputs.hpp): the prose does not restate them.
struct InputDoc {
  std::string_view keys;
  std::string_view prose;
};

// The items of a CommandDoc's `inputs` ("@structure: The structure ...").
[[nodiscard]] inline std::vector<InputDoc> input_docs(std::string_view text) {
  std::vector<InputDoc> out;
  while (!text.empty()) {
    const std::size_t next = text.find("\n@");
    std::string_view item = text.substr(0, next);
    text = next == std::string_view::npos ? std::string_view() : text.substr(next + 1);
    if (item.empty() || item.front() != '@') continue;
    const std::size_t colon = item.find(": ");
    if (colon == std::string_view::npos) continue;
    std::string_view prose = item.substr(colon + 2);
    while (!prose.empty() && prose.back() == '\n') prose.remove_suffix(1);
    out.push_back({item.substr(1, colon - 1), prose});
  }
  return out;
}

// What the references say of a command, in reference markup (CONTRIBUTING.md:
// paragraphs, `bold` for what is typed, *italic* for what stands for a
// value, four-space indented lines for a transcript, "- TAG: text" items).
// tools/gen-refs writes the man page, README's command list, docs/state.md's
// tables and the outcome's JSON Schema from it (`siege help --inputs --json`
// gives it): nothing of it is written twice.
struct CommandDoc {
  std::string_view synopsis = {};     // its usages, one a line
  std::string_view about = {};        // what it does, before its inputs
  // Each input's prose, in the man page's order: an item a line that starts
  // "@KEYS: " (several keys, space between, for inputs that share one item),
  // its prose going on over the next lines up to the next such line.
  std::string_view inputs = {};
  std::string_view after = {};        // more, after the inputs
  std::string_view example = {};      // an example with its transcript
  std::string_view with_state = {};   // what it reads or writes with --state (docs/state.md)
  // The JSON Schema of its --json outcome: an object of "$defs" entries, one
  // of them the outcome (the one the others do not refer to), the others its
  // parts; empty when it shares another command's (init, status's).
  std::string_view outcome = {};
};

struct Command {
  std::string_view name;
  // A subcommand's command ("odds" for `odds attack`); empty at the top.
  std::string_view parent = {};
  // Its place in `siege --help` and every reference, among its parent's
  // commands: lower first.
  int rank = 0;
  std::string_view summary;
  std::string_view example;  // under --help: command lines, one a line ("\n  " between)
  // The command prints tables (--format markdown|csv applies).
  bool tables = false;
  // The command writes a page (--format html|markdown applies: chronicle).
  bool page = false;
  // The command acts on a siege (order, add, scene ...): refused without
  // --state before its inputs are checked, on the command line and in
  // batch alike; `help --inputs --json` says "needs_state".
  bool needs_state = false;
  // Its references (made when asked for: `help --inputs`, tools/gen-refs).
  CommandDoc (*doc)() = nullptr;

  // Set by action_command / plain_command:
  // Visits the inputs of a default request (InputDescriber for `siege
  // help --inputs`, the option names a front end needs before parsing).
  void (*inputs)(Fields& f) = nullptr;
  // A fresh request of this command to fill and run.
  std::unique_ptr<Invocation> (*invoke)(const Command& self) = nullptr;
  // An action: its run from inputs (batch, replay, undo, --state) and one
  // line for `siege log` from a logged outcome. nullptr: not an action.
  ActionFn act = nullptr;
  // The same run from batch mode's fast reader, for an action whose
  // declaration is a template over its visitor (attack): each input read
  // with no virtual call. nullptr: batch uses `act`.
  FlatActionFn act_flat = nullptr;
  std::string (*describe)(const nlohmann::json& outcome) = nullptr;
};

// Defines the object `ID_command`, which the build finds and puts in the
// registry: SIEGE_COMMAND(hold) = action_command<...>({...});
#define SIEGE_COMMAND(id)                 \
  extern const ::siege::cli::Command id##_command; \
  constinit const ::siege::cli::Command id##_command

// ---------------------------------------------------------------- the registry

// Every command object of the program, subcommands too, in no order: the
// one list, written by the build from each SIEGE_COMMAND in src/
// (cmake/registry.cmake).
[[nodiscard]] std::span<const Command* const> registry();
// Whether this build holds only some of the program's commands (the
// calculator page's): a hint may then name one it leaves out.
[[nodiscard]] bool registry_is_partial();

// Commands in the order of their ranks, iterated as `const Command&`.
class CommandList {
 public:
  class iterator {
   public:
    explicit iterator(const Command* const* at) : at_(at) {}
    const Command& operator*() const { return **at_; }
    const Command* operator->() const { return *at_; }
    iterator& operator++() {
      ++at_;
      return *this;
    }
    bool operator==(const iterator&) const = default;

   private:
    const Command* const* at_;
  };
  CommandList() = default;
  explicit CommandList(std::vector<const Command*> items) : items_(std::move(items)) {}
  [[nodiscard]] iterator begin() const { return iterator(items_.data()); }
  [[nodiscard]] iterator end() const { return iterator(items_.data() + items_.size()); }
  [[nodiscard]] std::size_t size() const { return items_.size(); }
  [[nodiscard]] bool empty() const { return items_.empty(); }
  [[nodiscard]] const Command& operator[](std::size_t i) const { return *items_[i]; }

 private:
  std::vector<const Command*> items_;
};

// The top-level commands, in the order `siege --help` lists them.
[[nodiscard]] const CommandList& commands();
// The subcommands of `c` (odds'), in their order; empty for most.
[[nodiscard]] const CommandList& subcommands_of(const Command& c);
[[nodiscard]] bool has_subcommands(const Command& c);

// The command called `name` among `table` (nullptr: none).
[[nodiscard]] const Command* find_command(const CommandList& table, std::string_view name);
// The top-level command called `name` (nullptr: none), found without
// ordering the registry: the command line's first step.
[[nodiscard]] const Command* find_top_command(std::string_view name);

// How the command line, batch and replay write what a core error names
// (error.hpp): an input as its option ("--needed"), a command as the
// program's name and the words of a command of the registry, each quoted
// for the shell ("siege list structures"); tests/check_core_words.py holds
// every hint of the core to a command of the registry.
[[nodiscard]] const Spelling& front_end_spelling();
// `e` as command `name` ("hold", "odds scene") reports it: a refusal named
// as its own (Error::in_command), its words spelled by front_end_spelling().
[[nodiscard]] Error reported(const Error& e, std::string_view name);
// An outcome's notes with the inputs and commands they name spelled
// (front_end_spelling): every command that prints a core outcome's notes
// spells them first.
void spell_notes(std::vector<std::string>& notes);

// ---------------------------------------------------------------- building objects

// Words several declarations accept: a unit's side, `attacker` read as
// `besieger` (parse_unit_side; rout reads it the other way round), and where
// a unit arrives without a section.
inline constexpr std::string_view side_words[] = {"besieger", "defender", "attacker"};
inline constexpr std::string_view place_words[] = {"outside", "within-walls"};

// The request of a command that takes no inputs (status, log ...).
struct NoInputs {};
inline void no_inputs(Fields&, NoInputs&) {}

template <typename Request, FieldsFn<Request> Inputs>
void default_inputs(Fields& f) {
  Request r;
  Inputs(f, r);
}

// The inputs of `c` as JSON (InputDescriber): `siege help --inputs`.
[[nodiscard]] inline nlohmann::json described_inputs(const Command& c) {
  InputDescriber d;
  c.inputs(d);
  return std::move(d.out);
}

// The references of `c` as JSON (`siege help --inputs --json`): its
// CommandDoc's parts that are not empty, the outcome's schema parsed; null
// for a command without one.
[[nodiscard]] inline nlohmann::json described_doc(const Command& c) {
  if (c.doc == nullptr) return nullptr;
  const CommandDoc d = c.doc();
  nlohmann::json out = nlohmann::json::object();
  const auto put = [&](const char* key, std::string_view v) {
    if (!v.empty()) out[key] = std::string(v);
  };
  put("synopsis", d.synopsis);
  put("about", d.about);
  if (!d.inputs.empty()) {
    out["inputs"] = nlohmann::json::array();
    for (const auto& i : input_docs(d.inputs))
      out["inputs"].push_back({{"keys", std::string(i.keys)}, {"prose", std::string(i.prose)}});
  }
  put("after", d.after);
  put("example", d.example);
  put("with_state", d.with_state);
  if (!d.outcome.empty()) out["outcome"] = nlohmann::json::parse(d.outcome);
  return out;
}

// The run of an action from a front end: with --state through run_on_state
// (read, run, log, write), else the action on no state; the output is the
// action's either way, so the command line and batch mode print the same
// bytes.
template <typename Request, FieldsFn<Request> Inputs, ActionResult (*Act)(const Request&, Context&, SiegeState*)>
class ActionInvocation final : public Invocation {
 public:
  explicit ActionInvocation(const Command& self) : self_(self) {}
  void inputs(Fields& f) override { Inputs(f, r_); }
  void run(Context& ctx) override {
    const bool with_state = !ctx.globals.state_file.empty();
    if (!self_.tables) ctx.text_or_json_only(self_.name);
    if (self_.needs_state && !with_state) fail_no_state(self_.name);
    // With a state file the file's own problems come first (as an action
    // refused in its run): the inputs are checked once it has been read.
    const auto check = [&] { check_declared(r_, Inputs, with_state, DeclaredInputs::From::command_line); };
    if (with_state) return run_on_state(ctx, self_.name, request_to_json(r_, Inputs), check);
    check();
    const auto out = Act(r_, ctx, nullptr);
    ctx.emit(out.json, out.text);
  }
  nlohmann::json action_inputs() override {
    check_declared(r_, Inputs, true, DeclaredInputs::From::command_line);
    return request_to_json(r_, Inputs);
  }

 private:
  const Command& self_;
  Request r_;
};

template <typename Request, FieldsFn<Request> Inputs, void (*Run)(const Request&, Context&)>
class PlainInvocation final : public Invocation {
 public:
  explicit PlainInvocation(const Command& self) : self_(self) {}
  void inputs(Fields& f) override { Inputs(f, r_); }
  void run(Context& ctx) override {
    check_declared(r_, Inputs, !ctx.globals.state_file.empty(), DeclaredInputs::From::command_line, self_.name,
                   ctx.globals.state_file);
    Run(r_, ctx);
  }

 private:
  const Command& self_;
  Request r_;
};

template <typename I>
std::unique_ptr<Invocation> invoke_as(const Command& self) {
  return std::make_unique<I>(self);
}

// The result of an action from its outcome (`args`: the outcome, and the
// seed when it rolled dice), without a state file's part: only what will be
// used is made. Batch takes the JSON straight into its output
// (Context::outcome_out; ActionResult::json is then empty), and --json needs
// no text. An action run on a state file adds its log summary itself.
template <typename Write, typename Text, typename... Args>
[[nodiscard]] ActionResult outcome_result(Context& ctx, Write&& write, Text&& text, const Args&... args) {
  if (ctx.outcome_out != nullptr) {
    print::append_json(*ctx.outcome_out, write, args...);
    return {};
  }
  return {print::json_text(write, args...), ctx.wants_text() ? text(args...) : std::string(), {}};
}

// The object of an action: `c` (its name, rank, summary, example and
// flags) with its run. `FlatInputs`, for a declaration that is a template
// over its visitor: the same declaration again, which names its instance
// over batch mode's fast reader (Command::act_flat).
template <typename Request, FieldsFn<Request> Inputs, ActionResult (*Act)(const Request&, Context&, SiegeState*),
          std::string (*Describe)(const nlohmann::json&), void (*FlatInputs)(FlatReader&, Request&) = nullptr>
constexpr Command action_command(Command c) {
  c.inputs = default_inputs<Request, Inputs>;
  c.invoke = invoke_as<ActionInvocation<Request, Inputs, Act>>;
  c.act = action_of<Request, Inputs, Act>;
  if constexpr (FlatInputs != nullptr) c.act_flat = read_action<Request, FlatInputs, Inputs, Act, FlatReader>;
  c.describe = Describe;
  return c;
}

// The object of a command that is not an action: `Run` does it all.
template <typename Request, FieldsFn<Request> Inputs, void (*Run)(const Request&, Context&)>
constexpr Command plain_command(Command c) {
  c.inputs = default_inputs<Request, Inputs>;
  c.invoke = invoke_as<PlainInvocation<Request, Inputs, Run>>;
  return c;
}

}  // namespace siege::cli
