// One row of the command table (commands.cpp): everything the program knows
// about a command, from which every front end is derived.
//
// A command is a Request struct, the one function that declares its inputs
// (inputs.hpp) and a run function. An action (a command that resolves
// something: attack, hold, scene ...) runs as
//
//   ActionResult hold_action(const HoldRequest& r, Context& ctx, SiegeState* state);
//
// (state: the siege of --state, or nullptr; never nullptr for a command marked
// needing_state, which the table refuses without a file) and describes its logged outcome
// in one line for `siege log`; the table makes from it the command line's
// options and runner (with --state: read, run, log, write), the reader of a
// batch line, replay and undo, and `siege help --inputs`. A command that is
// not an action (list, status, batch ...) has a plain run function instead.
// CONTRIBUTING.md has the recipe for a new command.
#pragma once

#include <functional>
#include <memory>
#include <string_view>
#include <vector>

#include "state/actions.hpp"
#include "front/cli.hpp"
#include "front/hint.hpp"
#include "front/inputs.hpp"
#include "print/json.hpp"

namespace siege::cli {

struct Command;

// Runs a command once parsing succeeded.
using Runner = std::function<void(Context&)>;

struct Command {
  std::string_view name;
  std::string_view summary;
  std::string_view example;  // shown under --help
  // Declares the command's inputs as options of `app` (cli.cpp binds them)
  // and returns its runner.
  Runner (*setup)(CLI::App& app, const Command& self) = nullptr;
  // Visits the inputs of a default request (InputDescriber for `siege
  // help --inputs`, the option names odds needs before parsing).
  void (*inputs)(Fields& f) = nullptr;
  // An action: its run from inputs (batch, replay, undo, --state) and one
  // line for `siege log` from a logged outcome. nullptr: not an action.
  ActionFn act = nullptr;
  // The same run from batch mode's fast reader, for an action whose
  // declaration is a template over its visitor (attack): each input read
  // with no virtual call. nullptr: batch uses `act`.
  FlatActionFn act_flat = nullptr;
  std::string (*describe)(const nlohmann::json& outcome) = nullptr;
  // Commands of its own (odds): named after this one's name.
  const std::vector<Command>& (*subcommands)() = nullptr;
  // The command prints tables (--format markdown|csv applies).
  bool tables = false;
  // The command writes a page (--format html|markdown applies: chronicle).
  bool page = false;
  // The command acts on a siege (order, add, scene ...): refused without
  // --state before its inputs are checked, on the command line and in
  // batch alike; `help --inputs --json` says "needs_state".
  bool needs_state = false;
};

// `c` marked as a command that needs --state.
constexpr Command needing_state(Command c) {
  c.needs_state = true;
  return c;
}

[[nodiscard]] const std::vector<Command>& commands();

// The command called `name` among `table` (nullptr: none).
[[nodiscard]] const Command* find_command(const std::vector<Command>& table, std::string_view name);

// How the command line, batch and replay write what a core error names
// (error.hpp): an input as its option ("--needed"), a command as the
// program's name and the words of a command of this table, each quoted for
// the shell ("siege list structures"); tests/check_core_words.py holds
// every hint of the core to a command of the table.
[[nodiscard]] const Spelling& front_end_spelling();
// `e` as command `name` ("hold", "odds scene") reports it: a refusal named
// as its own (Error::in_command), its words spelled by front_end_spelling().
[[nodiscard]] Error reported(const Error& e, std::string_view name);
// An outcome's notes with the inputs and commands they name spelled
// (front_end_spelling): every command that prints a core outcome's notes
// spells them first.
void spell_notes(std::vector<std::string>& notes);
// `run`, whose errors are reported() as command `name`'s.
[[nodiscard]] Runner reporting(std::string name, Runner run);

// Declares `inputs` (a visitor over one request) as options of `app`.
void bind_options(CLI::App& app, const std::function<void(Fields&)>& inputs);

// ---------------------------------------------------------------- rows

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

// The runner of an action: with --state through run_on_state (read, run,
// log, write), else the action on no state; the output is the action's
// either way, so the command line and batch mode print the same bytes.
template <typename Request, FieldsFn<Request> Inputs, ActionResult (*Act)(const Request&, Context&, SiegeState*)>
Runner action_setup(CLI::App& app, const Command& self) {
  auto r = std::make_shared<Request>();
  bind_options(app, [&](Fields& f) { Inputs(f, *r); });
  const std::string_view name = self.name;
  const bool tables = self.tables;
  const bool needs_state = self.needs_state;
  return [r, name, tables, needs_state](Context& ctx) {
    const bool with_state = !ctx.globals.state_file.empty();
    if (!tables) ctx.text_or_json_only(name);
    if (needs_state && !with_state) fail_no_state(name);
    // With a state file the file's own problems come first (as an action
    // refused in its run): the inputs are checked once it has been read.
    const auto check = [&] { check_declared(*r, Inputs, with_state, DeclaredInputs::From::command_line); };
    if (with_state) return run_on_state(ctx, name, request_to_json(*r, Inputs), check);
    check();
    const auto out = Act(*r, ctx, nullptr);
    ctx.emit(out.json, out.text);
  };
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
  return {print::json_text(write, args...), ctx.globals.json ? std::string() : text(args...), {}};
}

constexpr Command named_row(std::string_view name, std::string_view summary, std::string_view example) {
  Command c;
  c.name = name;
  c.summary = summary;
  c.example = example;
  return c;
}

// A row for an action. `FlatInputs`, for a declaration that is a template
// over its visitor: the same declaration again, which names its instance
// over batch mode's fast reader (Command::act_flat).
template <typename Request, FieldsFn<Request> Inputs, ActionResult (*Act)(const Request&, Context&, SiegeState*),
          std::string (*Describe)(const nlohmann::json&), void (*FlatInputs)(FlatReader&, Request&) = nullptr>
constexpr Command action_command(std::string_view name, std::string_view summary, std::string_view example) {
  Command c = named_row(name, summary, example);
  c.setup = action_setup<Request, Inputs, Act>;
  c.inputs = default_inputs<Request, Inputs>;
  c.act = action_of<Request, Inputs, Act>;
  if constexpr (FlatInputs != nullptr) c.act_flat = read_action<Request, FlatInputs, Inputs, Act, FlatReader>;
  c.describe = Describe;
  return c;
}

template <typename Request, FieldsFn<Request> Inputs, void (*Run)(const Request&, Context&)>
Runner plain_setup(CLI::App& app, const Command& self) {
  auto r = std::make_shared<Request>();
  bind_options(app, [&](Fields& f) { Inputs(f, *r); });
  const std::string_view name = self.name;
  return [r, name](Context& ctx) {
    check_declared(*r, Inputs, !ctx.globals.state_file.empty(), DeclaredInputs::From::command_line, name,
                   ctx.globals.state_file);
    Run(*r, ctx);
  };
}

// A row for a command that is not an action: `Run` does it all.
template <typename Request, FieldsFn<Request> Inputs, void (*Run)(const Request&, Context&)>
constexpr Command plain_command(std::string_view name, std::string_view summary, std::string_view example,
                                bool tables = false) {
  Command c = named_row(name, summary, example);
  c.setup = plain_setup<Request, Inputs, Run>;
  c.inputs = default_inputs<Request, Inputs>;
  c.tables = tables;
  return c;
}

}  // namespace siege::cli
