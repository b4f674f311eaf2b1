// `siege escalade`: climbing an unbreached section, round by round (R20);
// with --state a besieger unit of the file climbs, those up counted as
// through (R33).
#include <fmt/core.h>
#include <fmt/format.h>

#include "commands/cmd_works.hpp"
#include "commands/actions.hpp"
#include "commands/command.hpp"
#include "print/json.hpp"
#include "print/render.hpp"
#include "print/text.hpp"
#include "commands/unit_view.hpp"
#include "print/troop_words.hpp"
#include "siege/detail/suggest.hpp"

namespace siege::cli {

namespace {

// "N,N,...": how many climbers passed their check each round.
std::vector<int> parse_round_results(std::string_view text) {
  std::vector<int> rounds;
  for (const auto item : split_list(text, "successes-per-round")) {
    try {
      rounds.push_back(
          static_cast<int>(parse_int(item, 0, max_lanes, "round " + std::to_string(rounds.size() + 1))));
    } catch (const Error& e) {  // refused as the input's
      throw Error::in_input(ErrorKind::usage, e.id(), "successes-per-round", {}, e.reason());
    }
    if (rounds.size() > static_cast<std::size_t>(max_climb_rounds))
      fail_input("bad-rounds", "successes-per-round", {},
                 "at most " + std::to_string(max_climb_rounds) + " rounds");
  }
  return rounds;
}

}  // namespace

EscaladeInput prepare_escalade(const EscaladeRequest& r, const Tables& t, const Engine* tower) {
  // A siege without units (units_state) asks for the attackers with --state too.
  if (!r.attackers) fail_missing("no-attackers", "attackers", "a number from 1 to " + std::to_string(max_attackers));
  EscaladeInput in;
  in.structure = &t.structure(*r.structure);
  in.portcullis = r.portcullis ? Portcullis::yes : Portcullis::no;
  in.method = parse_climb_method(r.method);
  in.attackers = *r.attackers;
  switch (in.method) {
    case ClimbMethod::ladder:
      if (r.ropes.given())
        refuse_input("bad-option", "ropes", "go with " + input_word("method") + " grapnel; ladders take " + input_word("ladders") + " N");
      in.lanes = *r.ladders;
      break;
    case ClimbMethod::grapnel:
      if (r.ladders.given())
        refuse_input("bad-option", "ladders", "go with " + input_word("method") + " ladder; grapnels take " + input_word("ropes") + " N");
      in.lanes = *r.ropes;
      break;
    case ClimbMethod::tower:
      if (r.ladders.given() || r.ropes.given())
        fail_refusal("bad-option",
                     "a siege tower takes no " + input_word("ladders") + " or " + input_word("ropes") +
                         " (its bridge carries the climbers, R41)");
      if (r.pool.given()) fail_input("bad-option", "pool", {}, "a siege tower makes no check");
      if (tower == nullptr) {
        tower = &t.engine(siege_tower_row);
        if (tower->carries_climbers == 0)
          fail_refusal("not-a-tower",
                       "the engines.json row " + tower->id + " carries no climbers (carries_climbers), so " +
                           input_word("method") + " tower has no tower to climb by (R41)");
      }
      in.tower_climbers = tower->carries_climbers;
      break;
  }
  in.defended = r.defended ? Defended::yes : Defended::no;
  in.rounds = r.rounds;
  in.damage_taken = r.damage_taken.value_or(0);
  in.pool = *r.pool;
  if (r.successes_per_round) {
    if (r.pool.given())
      refuse_input("bad-option", "pool", "rolls dice; it does not go with " + input_word("successes-per-round"));
    in.referee_rounds = parse_round_results(*r.successes_per_round);
  }
  return in;
}

const Engine& tower_row_of(const SiegeState& st, const std::string& id, Context& ctx, const char* cmd) {
  const EngineState* e = as_command(cmd, [&] { return present_engine(st.now, id); });
  if (e == nullptr || e->side != EngineSide::besieger) {
    std::vector<std::string> ids;
    for (const auto& x : st.now.engines)
      if (x.side == EngineSide::besieger) ids.push_back(x.id);
    fail_usage("unknown-engine", std::string(cmd) + ": unknown besieger engine '" + id + "'" +
                                     siege::did_you_mean(id, ids) + "; see '" + hint({"status"}) + "'");
  }
  // R41: only an engine whose row carries climbers is a siege tower.
  const Engine* row = row_of(*e, ctx.tables());
  if (row == nullptr)
    fail_input("not-a-tower", "engine", id,
               e->weapon.empty() ? "it has no engines.json row, so it carries no climbers (R41)"
                                 : "it fires " + e->weapon +
                                       " and has no engines.json row, so it carries no "
                                       "climbers (R41)");
  if (row->carries_climbers == 0)
    fail_input("not-a-tower", "engine", id,
               "it is a " + row->name + " (engines.json row " + row->id +
                   "), which carries no climbers: only an engine whose row has carries_climbers makes an "
                   "escalade by siege tower (R41)");
  if (e->knocked_out)
    fail_usage("knocked-out", std::string(cmd) + ": the tower " + e->id + " is knocked out and puts no one on the wall");
  return *row;
}

int unit_climbers(const SiegeState& st, const std::string& unit, const std::string& section, const char* cmd) {
  const int climbers = escalade_climbers(st.now, unit, section);
  if (climbers > max_attackers)
    fail_usage("bad-number", fmt::format("{}: '{}' has {} figures at the foot; a climb takes at most {} "
                                         "attackers (split the unit)",
                                         cmd, unit, climbers, max_attackers));
  return climbers;
}

EscaladeOutcome run_escalade(const EscaladeRequest& r, Context& ctx, const Engine* tower = nullptr) {
  const Tables& t = ctx.tables();
  return resolve_escalade(prepare_escalade(r, t, tower), t.dice, ctx.rng());
}

void escalade_work_inputs(Fields& f, EscaladeRequest& r) {
  f.text({"structure", "Structure id", "ID", "-s"}, r.structure);
  f.text({.key = "method",
          .help = "ladder, grapnel or tower",
          .value_name = "METHOD",
          .also = "-m",
          .need = Need::required,
          .choices = climb_method_names,
          .missing_id = "no-method"},
         r.method);
  f.number({.key = "attackers",
            .help = "Attackers to get onto the wall",
            .need = Need::without_state,
            .missing_id = "no-attackers"},
           r.attackers, 1, max_attackers);
  f.number({"ladders", "Ladders against the section"}, r.ladders, 1, max_lanes);
  f.number({"ropes", "Grapnel ropes"}, r.ropes, 1, max_lanes);
  f.flag({"defended", "Defenders hold the top: +2 Bane dice on ladders (R20)"}, r.defended);
  f.number({"rounds", "How many are up after N rounds (default: until all are up)"}, r.rounds, 1,
           max_climb_rounds);
  f.number({"damage-taken", "Hull the section has already suffered"}, r.damage_taken, 0, 100000);
  f.flag({"portcullis", "Castle gate with a portcullis: Hull 10 (R12)"}, r.portcullis);
  f.number({"pool", "Athletics dice of each climber"}, r.pool, 0, max_dice);
  f.text({"successes-per-round",
          "The referee's results: climbers who passed each round, e.g. \"1,0,2\" (no dice rolled)", "N,..."},
         r.successes_per_round);
}

void escalade_inputs(Fields& f, EscaladeRequest& r) {
  escalade_work_inputs(f, r);
  f.text({.key = "section", .help = "With --state: the section climbed (read; a breach is walked through)", .value_name = "ID", .state_only = true}, r.section);
  escalade_climber_inputs(f, r);
}

void escalade_climber_inputs(Fields& f, EscaladeRequest& r) {
  f.text({"unit", "With --state: the besieger unit that climbs; its figures at the foot are the attackers",
          "ID"},
         r.unit);
  static const std::string engine_help = see_hint("With --state and --method tower: the siege tower that climbs", {"status"});
  f.text({.key = "engine", .help = engine_help, .value_name = "ID", .state_only = true},
         r.engine);
}

// With a state the climb reads the section (its structure and what it has
// suffered: a breached section is walked through) and the unit (its figures
// at the foot of the wall climb); the climbers up count as through (R33).
ActionResult escalade_action(const EscaladeRequest& req, Context& ctx, SiegeState* st) {
  if (st == nullptr) {
    if (!req.engine.empty())
      refuse_without_state("engine");
    if (!req.section.empty())
      refuse_without_state("section", "; without one give " + input_word("structure") + " ID");
    refuse_unit_options({{"unit", !req.unit.empty()}});
    const auto o = run_escalade(req, ctx);
    return outcome_result(ctx, print::write_escalade, print::escalade_text, o, ctx.seed());
  }
  const char* cmd = "escalade";
  EscaladeRequest r = req;
  const bool tower = r.method == name_of(ClimbMethod::tower);
  if (!r.engine.empty() && !tower)
    refuse_input("bad-option", "engine", "names the siege tower of " + input_word("method") + " tower");
  if (tower) {
    if (r.engine.empty() && units_state(st, !r.unit.empty()) != nullptr)
      fail_missing("no-engine", "engine", "ID: with --state, " + input_word("method") + " tower names its tower");
  }
  const Engine* tower_row = tower && !r.engine.empty() ? &tower_row_of(*st, r.engine, ctx, cmd) : nullptr;
  refuse_section_options(r.structure.given(), r.damage_taken.has_value(), r.portcullis);
  if (r.section.empty()) fail_missing("no-section", "section", "ID; needed with --state");
  if (units_state(st, !r.unit.empty()) == nullptr) {
    // A siege with no units (units_state): the climb reads the section and
    // changes nothing, as before units; the attackers are given.
    const SectionState& s = state_section(*st, r.section, cmd);
    r.structure.set(s.structure);
    r.portcullis = portcullis_of(s) == Portcullis::yes;
    r.damage_taken = s.hull_suffered;
    const auto o = run_escalade(r, ctx, tower_row);
    return {
        with_fields(print::json_text(print::write_escalade, o, ctx.seed()), cmd, json_field("section", s.id)),
        print::section_line(s.id) + print::escalade_text(o, ctx.seed()),
        {{"section", s.id}, {"climbed", o.climbed}, {"attackers", o.attackers}, {"up", o.up}}};
  }
  const std::string unit = required_id(r.unit, "unit");
  refuse_known("attackers", r.attackers.has_value(), "the unit's figures at the foot of the wall");
  const SectionState& s = state_section(*st, r.section, cmd);
  const int climbers = unit_climbers(*st, unit, s.id, cmd);
  r.structure.set(s.structure);
  r.portcullis = portcullis_of(s) == Portcullis::yes;
  r.damage_taken = s.hull_suffered;
  r.attackers = climbers;
  const auto climb = run_escalade(r, ctx, tower_row);
  auto o = escalade_unit(st->now, unit, s.id, climb);
  EscaladeOutcome shown = climb;
  append_trace(shown, o);
  return with_troops(print::json_text(print::write_escalade, shown, ctx.seed()), cmd,
                     json_field("section", o.section) + "," + json_field("unit", unit),
                     print::climb_line(o.section, unit) + print::escalade_text(shown, ctx.seed()), "", o,
                     {{"section", o.section}, {"unit", unit}, {"climbed", climb.climbed},
                      {"attackers", climb.attackers}, {"up", climb.up}});
}

namespace {

// What the references say of `escalade` (tools/gen-refs writes docs/siege.1, README.md,
// docs/state.md and the outcome schema from it).
CommandDoc escalade_doc() {
  return {
      .synopsis = R"doc(`siege escalade --method` *METHOD* `--attackers` *N* [*options*]
`siege --state` *FILE* `escalade --section` *ID* `--unit` *ID* `--method` *METHOD* [*options*])doc",
      .about = R"doc(Climb an unbreached section round by round (R20). Each ladder takes one climber a round on an
Average Athletics check (2 Bane dice more if the top is defended); each grapnel rope one climber
a round on a Hard check, silently; a siege tower puts its engines.json row's `carries_climbers`
(4 for `siege-tower`) attackers a round on the wall walk with no check (R41). Climbers who fail
try again the next round. A breached section is not climbed: it is crossed at Rough Terrain
speed.)doc",
      .inputs = R"doc(@structure: The structure climbed.
@method: `ladder`, `grapnel` or `tower`.
@attackers: Attackers to get onto the wall.
@ladders: Ladders against the section; ladders only.
@ropes: Grapnel ropes; grapnels only.
@defended: Defenders hold the top: 2 more Bane dice for each ladder climber.
@rounds: Stop after *N* rounds; without it, climb until everybody is up.
@damage-taken: Hull the section has suffered already.
@portcullis: The castle gate has its portcullis down (R12): Hull 10, so a gate breached without it may still
stand.
@pool: Athletics dice of each climber.
@successes-per-round: The referee's results instead of dice: how many climbers got up in each round, for example
`1,0,2`.
@section: With `--state`: the section climbed; its structure and the Hull it has suffered come from the
file (a breached section is walked through). With a state file, `--structure`, `--damage-taken`
and `--portcullis` are refused (the file knows the section's variant).
@unit: With `--state`, required: the besieger unit that climbs. Its figures at the foot of the wall
(all of them when it is outside) are the attackers, so `--attackers` is refused; the climbers up
count as through (on the wall walk), those at the foot as behind, and with none at the foot the
unit is within the walls (R33).
@engine: With `--state` and `--method tower`: the siege tower of the siege that climbs (required then):
an engine whose engines.json row has `carries_climbers` (R41). Any other engine (a cannon, a ram
shed, one with no row) is refused, naming what it is; a knocked-out tower puts no one on the
wall, so the climb is refused too.)doc",
      .example = R"doc(Example:

    $ siege escalade --method tower --attackers 10
    Escalade  10 attackers by a siege tower on curtain-wall (intact)
    Check     none: the tower's bridge puts 4 a round on the wall walk
    Round     trying  up  on the wall
        1          4   4            4
        2          4   4            8
        3          2   2           10
    Result    10 of 10 on the wall after 3 round(s), 0 at the foot)doc",
      .with_state = R"doc(`section` and `unit` required: structure and Hull suffered read (a breached section is walked through), the unit's figures at the foot climb and those up are written back as through; `structure`, `damage-taken`, `attackers` refused; with `--method tower`, `engine` names the siege tower (a knocked-out one is refused))doc",
      .outcome = R"json({
  "escalade_outcome": {
    "description": "Climbing an unbreached section round by round (R20); with --state a besieger unit of the file, whose climbers up count as through (R33).",
    "allOf": [{"$ref": "#/$defs/base"}, {"$ref": "#/$defs/logged"}],
    "properties": {
      "action": {"const": "escalade"},
      "section": {"$ref": "#/$defs/id"},
      "structure": {"$ref": "#/$defs/id"},
      "method": {"enum": ["ladder", "grapnel", "tower"]},
      "seed": {"$ref": "#/$defs/seed"},
      "attackers": {"type": "integer", "minimum": 1},
      "lanes": {"type": ["integer", "null"], "minimum": 1},
      "defended": {"type": "boolean"},
      "check": {
        "oneOf": [
          {"type": "null"},
          {
            "type": "object",
            "properties": {
              "difficulty": {"$ref": "#/$defs/difficulty"},
              "pool": {"$ref": "#/$defs/count"},
              "bane_dice": {"$ref": "#/$defs/count"},
              "rolled": {"type": "boolean"}
            },
            "required": ["difficulty", "pool", "bane_dice", "rolled"],
            "additionalProperties": false
          }
        ]
      },
      "state": {"$ref": "#/$defs/breach_state"},
      "climbed": {"type": "boolean"},
      "hopeless": {"type": "boolean"},
      "limit_reached": {"type": "boolean"},
      "rounds": {
        "type": "array",
        "items": {
          "type": "object",
          "properties": {
            "round": {"type": "integer", "minimum": 1},
            "attempting": {"$ref": "#/$defs/count"},
            "succeeded": {"$ref": "#/$defs/count"},
            "up": {"$ref": "#/$defs/count"}
          },
          "required": ["round", "attempting", "succeeded", "up"],
          "additionalProperties": false
        }
      },
      "up": {"$ref": "#/$defs/count"},
      "at_foot": {"$ref": "#/$defs/count"},
      "unit": {"$ref": "#/$defs/id"},
      "units": {"$ref": "#/$defs/troop_units"},
      "armies": {"$ref": "#/$defs/troop_armies"}
    },
    "required": [
      "structure",
      "method",
      "seed",
      "attackers",
      "lanes",
      "defended",
      "check",
      "state",
      "climbed",
      "hopeless",
      "limit_reached",
      "rounds",
      "up",
      "at_foot"
    ],
    "dependentRequired": {
      "section": ["unit", "units", "armies"],
      "unit": ["section", "units", "armies"],
      "units": ["section", "unit", "armies"],
      "armies": ["section", "unit", "units"]
    },
    "unevaluatedProperties": false
  }
})json"};
}

}  // namespace

SIEGE_COMMAND(escalade) = action_command<EscaladeRequest, escalade_inputs, escalade_action, print::describe_escalade>({
    .name = "escalade",
    .rank = 200,
    .summary = "Climb an unbreached section by ladder, grapnel or siege tower, round by round",
    .example = "siege escalade --method ladder --ladders 2 --attackers 10 --defended --seed 3\n"
      "  siege escalade --method tower --attackers 10",
    .doc = escalade_doc});

}  // namespace siege::cli
