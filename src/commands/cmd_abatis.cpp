// `siege abatis build|tear`: one turn of abatis work (R26); with --state on
// a section of the file, where besieger units in the breach spoil a build
// turn (R33).
#include <fmt/core.h>

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

SIEGE_COMMAND(abatis) = action_command<AbatisRequest, abatis_inputs, abatis_action, print::describe_abatis>({
    .name = "abatis",
    .rank = 100,
    .summary = "One turn of building or tearing down abatis in a breach",
    .example = "siege abatis build --progress 2"});

}  // namespace siege::cli
