// `siege odds demolish|escalade|mine`: exact odds of the siege works, with
// the very options (and refusals) of `demolish`, `escalade` and `mine`.
// Every figure comes from siege/odds_works.hpp.
#include <fmt/format.h>

#include "commands/cmd_odds.hpp"
#include "commands/actions.hpp"
#include "commands/command.hpp"
#include "commands/cmd_works.hpp"
#include "commands/unit_view.hpp"

namespace siege::cli {

namespace {

// ---------------------------------------------------------------- demolish

// Work weight of one run of the demolition resolver (measured, with many charges).
constexpr std::uint64_t demolition_weight = 20000;

void odds_of_demolish(const DemolishRequest& req, Context& ctx) {
  DemolishRequest r = req;
  if (auto st = odds_state(ctx, r.section.empty() ? "" : "section")) {
    refuse_section_options(!r.structure.empty(), r.damage_taken.has_value(), r.portcullis);
    const SectionState& s = state_section(*st, r.section, "odds demolish");
    r.structure = s.structure;
    r.portcullis = portcullis_of(s) == Portcullis::yes;
    r.damage_taken = s.hull_suffered;
  }
  const Tables& t = ctx.tables();
  const PreparedDemolition p = prepare_demolish(r, t);
  if (p.spec) {
    odds::Work work("a Craft check of " + dice_words(*p.spec, t.dice), "ask for a smaller --pool");
    const odds::CheckSize size = odds::check_size(*p.spec, t.dice);
    work.charge(size.work);
    work.charge(odds::saturating_mul(size.successes, demolition_weight));
    work.print(2 * size.successes + 8, size.bits);
  }
  const auto d = odds::demolition_odds(p.input, p.spec, t);
  const odds::Factors total_factors = odds::factor_small(d.total);
  const DemolitionOutcome& any = d.outcomes.begin()->second.outcome;
  const auto pass = d.pass();
  std::vector<std::string> notes{any.notes.front()};  // the maneuvers it takes
  if (any.opened)
    notes.emplace_back(
        "A petard or breaching charge opens this door or gate with no check: the outcome is certain.");
  else if (!p.spec)
    notes.emplace_back("The referee's Craft result was given, so this outcome is certain.");
  else
    notes.emplace_back(
        "Only whether the Craft check passes matters: its net Successes add nothing to the damage.");

  emit_odds(ctx, print::write_demolish_odds, print::demolish_odds_text,
            {d, any, p.spec, total_factors, pass, notes, t.dice});
}

// ---------------------------------------------------------------- escalade

void odds_of_escalade(const EscaladeRequest& req, Context& ctx) {
  EscaladeRequest r = req;
  const char* cmd = "odds escalade";
  const Engine* tower = nullptr;
  // With --state, --unit and --engine (the tower, R41) are those of the
  // siege, as `escalade` reads them.
  if (auto st = odds_state(ctx, !r.section.empty() ? "section"
                                : !r.engine.empty() ? "engine"
                                : !r.unit.empty()   ? "unit"
                                                    : "")) {
    refuse_section_options(r.structure.given(), r.damage_taken.has_value(), r.portcullis);
    if (!r.engine.empty()) {
      if (r.method != name_of(ClimbMethod::tower))
        refuse_input("bad-option", "engine", "names the siege tower of " + input_word("method") + " tower");
      tower = &tower_row_of(*st, r.engine, ctx, cmd);
    }
    if (r.section.empty()) fail_missing("no-section", "section", "ID; needed with --state");
    const SectionState& s = state_section(*st, r.section, cmd);
    r.structure.set(s.structure);
    r.portcullis = portcullis_of(s) == Portcullis::yes;
    r.damage_taken = s.hull_suffered;
    if (!r.unit.empty()) {
      refuse_known("attackers", r.attackers.has_value(), "the unit's figures at the foot of the wall");
      r.attackers = unit_climbers(*st, r.unit, s.id, cmd);
    }
  }
  const Tables& t = ctx.tables();
  const EscaladeInput in = prepare_escalade(r, t, tower);
  const auto e = odds::escalade_odds(in, t.dice);
  const EscaladeOutcome& o = e.trace;
  const bool hopeless = e.climb && !e.referee && e.climb->pass == 0;
  std::vector<std::string> notes;
  if (!o.climbed) {
    notes = o.notes;
  } else if (e.referee) {
    notes.emplace_back("The referee's results were given, so this outcome is certain.");
  } else if (hopeless) {
    notes.emplace_back("Hopeless: no roll of these dice passes, so nobody ever climbs.");
  } else {
    if (in.method == ClimbMethod::tower)
      notes.emplace_back("A siege tower at the wall makes no check: the outcome is certain.");
    else
      notes.emplace_back("Each round min(waiting, " +
                         std::string(in.method == ClimbMethod::ladder ? "ladders" : "ropes") +
                         ") climbers try, each passing on their own; who fails waits at the foot.");
    if (e.climb->first_round > 1)
      notes.emplace_back("Nobody can have everybody up before round " + std::to_string(e.climb->first_round) +
                         "; rounds are listed from there.");
    if (e.climb->tail_cut)
      notes.emplace_back("Rounds are listed until the chance that someone still waits is 1 in " +
                         std::to_string(odds::climb_tail) + " or less.");
    else if (!in.rounds && e.climb->all_up_by.empty())
      notes.emplace_back("Not everybody can be up within " + std::to_string(max_climb_rounds) + " rounds.");
    else if (!in.rounds && e.climb->last_round() == max_climb_rounds &&
             e.climb->all_up_by.back().num != e.climb->all_up_by.back().den)
      notes.emplace_back("Rounds are listed up to the limit of " + std::to_string(max_climb_rounds) + ".");
    notes.emplace_back("The expected number of rounds counts the climb with no round limit.");
  }
  const auto rules = e.rules();

  emit_odds(ctx, print::write_escalade_odds, print::escalade_odds_text, {e, hopeless, notes, rules, t.dice});
}

// ---------------------------------------------------------------- mine

void odds_of_mine(const MineRequest& req, Context& ctx) {
  MineRequest r = req;
  // With --state the file counts the days dug: no hint to give more of them.
  std::string instead = "ask for fewer --days (or more --days-dug), or smaller pools";
  if (auto st = odds_state(ctx, r.section.empty() ? "" : "section")) {
    instead = "ask for fewer --days, or smaller pools";
    refuse_section_options(!r.structure.empty(), r.damage_taken.has_value(), r.portcullis);
    if (r.days_dug)
      refuse_input("bad-option", "days-dug", "goes without --state; the state file counts the days dug");
    const SectionState& s = state_section(*st, r.section, "odds mine");
    r.structure = s.structure;
    r.portcullis = portcullis_of(s) == Portcullis::yes;
    r.days_dug = s.mine.days_dug;
    r.damage_taken = s.hull_suffered;
  }
  const Tables& t = ctx.tables();
  const MineInput in = prepare_mine(r, t);
  odds::Work work(fmt::format("{} day(s) of digging, --sapper-pool {} and --defender-pool {}",
                              mine_days_to_dig(in), in.sapper_pool, in.defender_pool),
                  instead);
  work.charge(odds::mine_work(in, t.dice));
  const auto m = odds::mine_odds(in, t.dice);
  const MineOutcome& last = m.branches.back().outcome;  // never found (or the certain outcome)
  std::vector<std::string> notes;
  if (!m.found_each_day)
    notes.emplace_back(in.referee_days ? "The referee's day results were given, so this outcome is certain."
                                       : "Nothing is left to dig, so this outcome is certain.");
  else
    notes.emplace_back(
        "Each day the defenders find the gallery when their net Successes are strictly more than "
        "the sappers'; a tie keeps it hidden. A found gallery is not fired: countermine possible.");
  if (in.countermine == Countermine::yes)
    notes.emplace_back(
        "The countermine changes no dice; where the gallery is found, the fight underground is "
        "for the table.");

  emit_odds(ctx, print::write_mine_odds, print::mine_odds_text, {in, m, last, notes, t.dice});
}

void odds_escalade_inputs(Fields& f, EscaladeRequest& r) {
  escalade_work_inputs(f, r);
  f.text({.key = "section", .help = "With --state: the section climbed, as the file has it (the file is only read)", .value_name = "ID", .state_only = true},
         r.section);
  escalade_climber_inputs(f, r);
}

void odds_demolish_inputs(Fields& f, DemolishRequest& r) {
  demolish_work_inputs(f, r);
  f.text({.key = "section", .help = "With --state: the section the charges are set against (the file is only read)", .value_name = "ID", .state_only = true},
         r.section);
}

void odds_mine_inputs(Fields& f, MineRequest& r) {
  mine_work_inputs(f, r);
  f.text({.key = "section", .help = "With --state: the section whose gallery is dug (the file is only read)", .value_name = "ID", .state_only = true}, r.section);
}

}  // namespace

namespace {

// What the references say of `odds demolish` (tools/gen-refs writes docs/siege.1, README.md,
// docs/state.md and the outcome schema from it).
CommandDoc odds_demolish_doc() {
  return {
      .about = R"doc(Exact odds of setting charges, with every option of `demolish`: the Craft check's pass chance,
the damage, Hull after and state after.)doc",
      .inputs = R"doc(@structure charge on-pier portcullis damage-taken craft-successes pool: As for `demolish`.
@section: With `--state`: the section the charges are set against, as the state file has it: its
structure, variant and Hull suffered come from the file, which is only read (no lock, nothing
written, nothing logged), as for `odds scene`.)doc",
      .example = R"doc(Example:

    siege odds demolish -s stone-bridge --on-pier -c powder-keg:2)doc",
      .outcome = R"json({
  "odds_demolish": {
    "description": "`odds demolish`: the Craft check's pass chance and every outcome of the charges (R13, R16-R18).",
    "allOf": [{"$ref": "#/$defs/base"}],
    "properties": {
      "action": {"const": "odds"},
      "of": {"const": "demolish"},
      "structure": {"$ref": "#/$defs/id"},
      "charges": {
        "type": "array",
        "minItems": 1,
        "items": {
          "type": "object",
          "properties": {
            "id": {"$ref": "#/$defs/id"},
            "count": {"type": "integer", "minimum": 1},
            "each": {"$ref": "#/$defs/count"}
          },
          "required": ["id", "count", "each"],
          "additionalProperties": false
        }
      },
      "on_pier": {"type": "boolean"},
      "maneuvers": {"$ref": "#/$defs/count"},
      "hull": {"$ref": "#/$defs/hull_before"},
      "check": {
        "oneOf": [
          {"type": "null"},
          {
            "type": "object",
            "properties": {
              "difficulty": {"$ref": "#/$defs/difficulty"},
              "pool": {"$ref": "#/$defs/count"},
              "ways": {"$ref": "#/$defs/ways"}
            },
            "required": ["difficulty", "pool", "ways"],
            "additionalProperties": false
          }
        ]
      },
      "pass": {"oneOf": [{"$ref": "#/$defs/probability"}, {"type": "null"}]},
      "outcomes": {
        "type": "array",
        "minItems": 1,
        "items": {
          "type": "object",
          "properties": {
            "opened": {"type": "boolean"},
            "went_off": {"type": "boolean"},
            "damage": {"$ref": "#/$defs/count"},
            "hull_after": {"$ref": "#/$defs/count"},
            "state": {"$ref": "#/$defs/breach_state"},
            "probability": {"$ref": "#/$defs/probability"}
          },
          "required": ["opened", "went_off", "damage", "hull_after", "state", "probability"],
          "additionalProperties": false
        }
      },
      "state_after": {"allOf": [{"$ref": "#/$defs/state_odds"}], "unevaluatedProperties": false}
    },
    "required": ["of", "structure", "charges", "on_pier", "maneuvers", "hull", "check", "pass", "outcomes", "state_after"],
    "unevaluatedProperties": false
  }
})json"};
}

}  // namespace

SIEGE_COMMAND(odds_demolish) = plain_command<DemolishRequest, odds_demolish_inputs, odds_of_demolish>({
    .name = "demolish",
    .parent = "odds",
    .rank = 30,
    .summary = "Odds of charges: the Craft check and the damage and state after",
    .example = "",
    .doc = odds_demolish_doc});

namespace {

// What the references say of `odds escalade` (tools/gen-refs writes docs/siege.1, README.md,
// docs/state.md and the outcome schema from it).
CommandDoc odds_escalade_doc() {
  return {
      .about = R"doc(Exact odds of a climb, with every option of `escalade`: the climbers up after each round, the
chance that all are up by each round, and the expected number of rounds (never, for a hopeless
climb).)doc",
      .inputs = R"doc(@structure method attackers ladders ropes defended rounds damage-taken portcullis pool successes-per-round: As for `escalade`.
@section: With `--state`: the section climbed, as the state file has it: its structure, variant and Hull
suffered come from the file, which is only read (no lock, nothing written, nothing logged), as
for `odds scene`.
@unit engine: With `--state`, as for `escalade`: the besieger unit whose figures at the foot of the wall are
the attackers, and, with `--method tower`, the siege's own tower, which puts its row's
*carries_climbers* on the wall walk each round (R41).)doc",
      .example = R"doc(Example:

    siege odds escalade --method ladder --attackers 20 --ladders 2 \
        --defended)doc",
      .outcome = R"json({
  "odds_escalade": {
    "description": "`odds escalade`: climbers up after N rounds, everybody up by each round, and the expected rounds (R20).",
    "allOf": [{"$ref": "#/$defs/base"}],
    "properties": {
      "action": {"const": "odds"},
      "of": {"const": "escalade"},
      "structure": {"$ref": "#/$defs/id"},
      "method": {"enum": ["ladder", "grapnel", "tower"]},
      "attackers": {"type": "integer", "minimum": 1},
      "lanes": {"type": ["integer", "null"], "minimum": 1},
      "defended": {"type": "boolean"},
      "state": {"$ref": "#/$defs/breach_state"},
      "climbed": {"type": "boolean"},
      "hopeless": {"type": "boolean"},
      "check": {
        "oneOf": [
          {"type": "null"},
          {
            "type": "object",
            "properties": {
              "difficulty": {"$ref": "#/$defs/difficulty"},
              "pool": {"$ref": "#/$defs/count"},
              "bane_dice": {"$ref": "#/$defs/count"},
              "ways": {"$ref": "#/$defs/ways"}
            },
            "required": ["difficulty", "pool", "bane_dice", "ways"],
            "additionalProperties": false
          }
        ]
      },
      "pass": {"oneOf": [{"$ref": "#/$defs/probability"}, {"type": "null"}]},
      "after": {
        "oneOf": [
          {"type": "null"},
          {
            "type": "object",
            "properties": {
              "rounds": {"$ref": "#/$defs/count"},
              "up": {
                "type": "array",
                "minItems": 1,
                "items": {
                  "type": "object",
                  "properties": {"up": {"$ref": "#/$defs/count"}, "probability": {"$ref": "#/$defs/probability"}},
                  "required": ["up", "probability"],
                  "additionalProperties": false
                }
              },
              "expected_up": {"$ref": "#/$defs/expectation"}
            },
            "required": ["rounds", "up", "expected_up"],
            "additionalProperties": false
          }
        ]
      },
      "all_up_by_round": {
        "type": "array",
        "items": {
          "type": "object",
          "properties": {"round": {"type": "integer", "minimum": 1}, "probability": {"$ref": "#/$defs/probability"}},
          "required": ["round", "probability"],
          "additionalProperties": false
        }
      },
      "expected_rounds": {"oneOf": [{"$ref": "#/$defs/expectation"}, {"type": "null"}]}
    },
    "required": [
      "of",
      "structure",
      "method",
      "attackers",
      "lanes",
      "defended",
      "state",
      "climbed",
      "hopeless",
      "check",
      "pass",
      "after",
      "all_up_by_round",
      "expected_rounds"
    ],
    "unevaluatedProperties": false
  }
})json"};
}

}  // namespace

SIEGE_COMMAND(odds_escalade) = plain_command<EscaladeRequest, odds_escalade_inputs, odds_of_escalade>({
    .name = "escalade",
    .parent = "odds",
    .rank = 40,
    .summary = "Odds of a climb: climbers up after N rounds, all up by each round, expected rounds",
    .example = "",
    .doc = odds_escalade_doc});

namespace {

// What the references say of `odds mine` (tools/gen-refs writes docs/siege.1, README.md,
// docs/state.md and the outcome schema from it).
CommandDoc odds_mine_doc() {
  return {
      .about = R"doc(Exact odds of a mine, with every option of `mine`: the chance the gallery is found on each day,
the chance it fires, and the state after.)doc",
      .inputs = R"doc(@structure days-dug days damage-taken sapper-pool defender-pool day-results countermine portcullis: As for `mine`.
@section: With `--state`: the section whose gallery is dug, as the state file has it: its structure,
variant and Hull suffered (and its days dug) come from the file, which is only read (no lock,
nothing written, nothing logged), as for `odds scene`.)doc",
      .example = R"doc(Example:

    siege odds mine -s curtain-wall --json)doc",
      .outcome = R"json({
  "odds_mine": {
    "description": "`odds mine`: the day the gallery is first found, or the mine fired, and the state after (R9, R19).",
    "allOf": [{"$ref": "#/$defs/base"}],
    "properties": {
      "action": {"const": "odds"},
      "of": {"const": "mine"},
      "structure": {"$ref": "#/$defs/id"},
      "days": {
        "type": "object",
        "properties": {
          "needed": {"$ref": "#/$defs/count"},
          "before": {"$ref": "#/$defs/count"},
          "digging": {"$ref": "#/$defs/count"}
        },
        "required": ["needed", "before", "digging"],
        "additionalProperties": false
      },
      "countermine": {"type": "boolean"},
      "sappers": {"oneOf": [{"$ref": "#/$defs/pool_ways"}, {"type": "null"}]},
      "defenders": {"oneOf": [{"$ref": "#/$defs/pool_ways"}, {"type": "null"}]},
      "found_each_day": {"oneOf": [{"$ref": "#/$defs/probability"}, {"type": "null"}]},
      "found_on": {
        "type": "array",
        "items": {
          "type": "object",
          "properties": {"day": {"type": "integer", "minimum": 1}, "probability": {"$ref": "#/$defs/probability"}},
          "required": ["day", "probability"],
          "additionalProperties": false
        }
      },
      "found": {"$ref": "#/$defs/probability"},
      "fired": {"$ref": "#/$defs/probability"},
      "outcomes": {
        "type": "array",
        "minItems": 1,
        "items": {
          "type": "object",
          "properties": {
            "result": {"enum": ["found", "fired", "digging"]},
            "day": {"type": ["integer", "null"], "minimum": 1},
            "damage": {"$ref": "#/$defs/count"},
            "hull_after": {"$ref": "#/$defs/count"},
            "state": {"$ref": "#/$defs/breach_state"},
            "probability": {"$ref": "#/$defs/probability"}
          },
          "required": ["result", "day", "damage", "hull_after", "state", "probability"],
          "additionalProperties": false
        }
      },
      "hull": {"$ref": "#/$defs/hull_before"},
      "state_after": {"allOf": [{"$ref": "#/$defs/state_odds"}], "unevaluatedProperties": false}
    },
    "required": [
      "of",
      "structure",
      "days",
      "countermine",
      "sappers",
      "defenders",
      "found_each_day",
      "found_on",
      "found",
      "fired",
      "outcomes",
      "hull",
      "state_after"
    ],
    "unevaluatedProperties": false
  },
  "pool_ways": {
    "type": "object",
    "properties": {"pool": {"$ref": "#/$defs/count"}, "ways": {"$ref": "#/$defs/ways"}},
    "required": ["pool", "ways"],
    "additionalProperties": false
  }
})json"};
}

}  // namespace

SIEGE_COMMAND(odds_mine) = plain_command<MineRequest, odds_mine_inputs, odds_of_mine>({
    .name = "mine",
    .parent = "odds",
    .rank = 50,
    .summary = "Odds of a mine: found on each day, or fired, and the state after",
    .example = "",
    .doc = odds_mine_doc});

}  // namespace siege::cli
