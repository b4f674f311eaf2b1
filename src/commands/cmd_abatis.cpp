// `siege abatis build|tear`: one turn of abatis work (R26); with --state on
// a section of the file, where besieger units in the breach spoil a build
// turn (R33).
#include <fmt/core.h>

#include "commands/actions.hpp"
#include "commands/command.hpp"
#include "print/json.hpp"
#include "siege/breach.hpp"
#include "print/render.hpp"
#include "print/text.hpp"
#include "commands/unit_view.hpp"

namespace siege::cli {

namespace {

// `abatis build|tear`: one turn of abatis work (R26).
struct AbatisRequest {
  std::string work;          // build or tear (the positional argument)
  Given<int> progress = 0;   // turns done before this one; refused with --state
  bool attackers_in_breach = false;
  bool interrupted = false;
  std::string section;  // with --state: the section's breach (progress from the file)
};

AbatisOutcome run_abatis(const AbatisRequest& r, Context& ctx) {
  AbatisInput in;
  in.work = parse_abatis_work(r.work);
  in.progress = *r.progress;
  in.attackers_in_breach = r.attackers_in_breach ? AttackersInBreach::yes : AttackersInBreach::no;
  in.interrupted = r.interrupted ? Interrupted::yes : Interrupted::no;
  in.turns = ctx.tables().troops.abatis_turns;
  return as_command("abatis " + r.work, [&] { return resolve_abatis(in); });
}

void abatis_inputs(Fields& f, AbatisRequest& r) {
  f.text({.key = "work",
          .help = "build (defenders block a breach) or tear (attackers pull it down)",
          .value_name = "build|tear",
          .need = Need::required,
          .positional = true,
          .choices = abatis_work_names,
          .choice_id = "bad-work"},
         r.work);
  f.number({"progress", "Turns of this work already done"}, r.progress, 0, 99);
  f.flag({"attackers-in-breach", "Build: attackers are within the breach this turn (the work restarts from 0)"},
         r.attackers_in_breach);
  f.flag({"interrupted", "Tear: the workers were attacked or killed this turn (the work restarts from 0)"},
         r.interrupted);
  f.text({.key = "section", .help = "With --state: the breached section (the file counts the turns done)", .value_name = "ID", .state_only = true}, r.section);
}

ActionResult abatis_action(const AbatisRequest& req, Context& ctx, SiegeState* st) {
  if (st == nullptr) {
    if (!req.section.empty())
      refuse_without_state("section", "; without one give " + input_word("progress") + " N");
    const auto o = run_abatis(req, ctx);
    return outcome_result(ctx, print::write_abatis, print::abatis_text, o);
  }
  if (req.progress.given())
    refuse_input("bad-option", "progress", "goes without --state; the state file counts the turns done");
  if (req.section.empty()) fail_missing("no-section", "section", "ID; needed with --state");
  {
    const SectionState& s = state_section(*st, req.section, "abatis");
    if (parse_abatis_work(req.work) == AbatisWork::build && s.state != BreachState::breached)
      fail_usage("not-breached", "abatis build: " + s.id + " is " + std::string(name_of(s.state)) +
                                     ", not breached: abatis is built across a breach (R26); see '" + hint({"status"}) + "'");
  }
  SectionAbatisInput in;
  in.section = req.section;
  in.work = parse_abatis_work(req.work);
  in.interrupted = req.interrupted ? Interrupted::yes : Interrupted::no;
  in.attackers_in_breach = req.attackers_in_breach ? AttackersInBreach::yes : AttackersInBreach::no;
  auto o = as_command("abatis " + req.work, [&] { return abatis_turn(st->now, in, ctx.tables()); });
  adopt_trace(o.abatis, o);
  const bool build = in.work == AbatisWork::build;
  const std::string fields = json_field("section", o.section) + "," + print::spoiler_fields(o.spoilers);
  nlohmann::json summary = {
      {"section", o.section},
      {"work", build ? "build" : "tear"},
      {"progress", {{"before", o.abatis.progress_before}, {"after", o.abatis.progress_after}}},
      {"standing", {{"before", o.abatis.standing_before}, {"after", o.abatis.standing_after}}}};
  // Only a siege with units has spoilers: the entries of older files stay as they were.
  if (!o.spoilers.empty()) summary["spoilers"] = o.spoilers;
  return {with_fields(print::json_text(print::write_abatis, o.abatis), "abatis", fields),
          print::section_line(o.section) + print::abatis_text(o.abatis), std::move(summary)};
}

}  // namespace

namespace {

// What the references say of `abatis` (tools/gen-refs writes docs/siege.1, README.md,
// docs/state.md and the outcome schema from it).
CommandDoc abatis_doc() {
  return {
      .synopsis = R"doc(`siege abatis` `build` | `tear` [`--progress` *N*] [`--attackers-in-breach`] [`--interrupted`]
`siege --state` *FILE* `abatis` `build` | `tear` `--section` *ID* [`--attackers-in-breach`] [`--interrupted`])doc",
      .about = R"doc(One turn of building abatis in a breach, or of tearing it down (R26). Either takes three
uninterrupted turns (from *troops.json*); a spoiled turn starts the work again from nothing.
Standing abatis counts as a movable mantlet.)doc",
      .inputs = R"doc(@work: `build` (the defenders block a breach) or `tear` (the attackers pull the abatis down).
@progress: Turns of this work already done; fewer than the turns a work takes (3 with the built-in tables,
so at most 2).
@attackers-in-breach: Building: attackers are within the breach this turn, so the work is spoiled.
@interrupted: Tearing down: the workers were attacked or killed this turn, so the work is spoiled.
@section: With `--state`: the breach worked on; the file says whether abatis stands there (so building or
tearing is under way) and how many turns are done, and the turn is written back and logged. A
besieger unit with figures at that breach spoils a build turn without `--attackers-in-breach`
(R26, R33); the outcome names it. Building where abatis stands, or tearing where none does, is
refused; `--progress` is refused with a state file.)doc",
      .example = R"doc(Example:

    $ siege abatis build --progress 2
    Abatis    building, one turn of work (3 turns in all)
    Progress  [##.] 2/3 -> [###] 3/3
    Abatis    none -> standing)doc",
      .with_state = R"doc(`section` (built only across a breach): the abatis `standing`/`progress` read and written back (building while none stands, tearing while one does; the other way round is refused); `progress` refused)doc",
      .outcome = R"json({
  "abatis_outcome": {
    "description": "One turn of abatis work (R26); with --state also its log entry, section and the besieger units in the breach that spoiled a build turn (R33).",
    "allOf": [{"$ref": "#/$defs/base"}, {"$ref": "#/$defs/logged"}],
    "properties": {
      "action": {"const": "abatis"},
      "section": {"$ref": "#/$defs/id"},
      "work": {"enum": ["build", "tear"]},
      "turns": {"type": "integer", "minimum": 1},
      "progress": {
        "type": "object",
        "properties": {"before": {"$ref": "#/$defs/count"}, "after": {"$ref": "#/$defs/count"}},
        "required": ["before", "after"],
        "additionalProperties": false
      },
      "spoiled": {"type": "boolean"},
      "complete": {"type": "boolean"},
      "abatis": {
        "type": "object",
        "properties": {"before": {"enum": ["standing", "none"]}, "after": {"enum": ["standing", "none"]}},
        "required": ["before", "after"],
        "additionalProperties": false
      },
      "spoilers": {"type": "array", "items": {"$ref": "#/$defs/id"}}
    },
    "required": ["work", "turns", "progress", "spoiled", "complete", "abatis"],
    "dependentRequired": {"section": ["spoilers"], "spoilers": ["section"]},
    "unevaluatedProperties": false
  }
})json"};
}

}  // namespace

SIEGE_COMMAND(abatis) = action_command<AbatisRequest, abatis_inputs, abatis_action, print::describe_abatis>({
    .name = "abatis",
    .rank = 100,
    .summary = "One turn of building or tearing down abatis in a breach",
    .example = "siege abatis build --progress 2",
    .doc = abatis_doc});

}  // namespace siege::cli
