// `siege odds`: exact probabilities of a check's or an attack's outcomes,
// of the ladder state after N attacks, and a weapons-against-structures
// comparison. Every figure comes from siege/odds.hpp (exact enumeration).
// The siege works (demolish, escalade, mine) are in cmd_odds_works.cpp.
#include <algorithm>
#include <iterator>

#include <fmt/format.h>

#include "commands/cmd_odds.hpp"
#include "commands/cmd_attack.hpp"
#include "commands/actions.hpp"
#include "commands/command.hpp"
#include "print/odds.hpp"
#include "siege/odds.hpp"
#include "state/state_file.hpp"

namespace siege::cli {

std::optional<SiegeState> odds_state(Context& ctx, std::string_view asked) {
  if (asked.empty()) return std::nullopt;
  if (ctx.globals.state_file.empty())
    refuse_without_state(asked, "; without one give " + input_word("structure") + " ID");
  StateFile file(ctx.globals.state_file, StateFile::Access::read);
  return load_state(file, ctx);
}

using odds::Int;

namespace {

// ---------------------------------------------------------------- check

void odds_of_check(const CheckRequest& r, Context& ctx) {
  const CheckSpec spec = check_spec(r);
  const auto& dice = ctx.tables().dice;
  odds::Work work(dice_words(spec, dice), "ask for fewer dice (--pool, --bane-dice, --boon-dice)");
  const odds::CheckSize size = odds::check_size(spec, dice);
  work.charge(size.work);
  work.print(2 * size.successes + size.boons, size.bits);  // each entry's fraction (and the text's)
  const odds::CheckOdds c = odds::check_odds(spec, dice);
  std::map<int, Int> succ, boons;
  for (const auto& [k, ways] : c.ways) {
    succ[k.first] += ways;
    boons[k.second] += ways;
  }
  emit_odds(ctx, print::write_check_odds, print::check_odds_text, {spec, dice, c, succ, boons});
}

// ---------------------------------------------------------------- attack

struct AttackOddsRequest {
  AttackRequest attack;
  Given<int> attacks = 1;
};

void odds_of_attack(const AttackOddsRequest& req, Context& ctx) {
  AttackOddsRequest r = req;
  if (auto st = odds_state(ctx, !r.attack.section.empty() ? "section" : !r.attack.engine.empty() ? "engine" : "")) {
    AttackRequest& a = r.attack;
    refuse_section_options(!a.structure.empty(), a.damage_taken.has_value(), a.portcullis);
    if (!a.engine.empty()) use_engine(a, *st, "odds attack");
    const SectionState& s = state_section(*st, a.section, "odds attack");
    a.structure = s.structure;
    a.portcullis = portcullis_of(s) == Portcullis::yes;
    if (a.ladder.value() == "hull") a.damage_taken = s.hull_suffered;
    else a.from = std::string(name_of(s.state));
  }
  const int attacks = *r.attacks;
  const Tables& t = ctx.tables();
  const PreparedAttack p = prepare_attack(r.attack, t);
  const AttackInput& in = p.input;
  odds::Work work(fmt::format("--attacks {}{}", attacks,
                              p.spec ? " with " + dice_words(*p.spec, t.dice) : std::string()),
                  "ask for fewer --attacks, or fewer dice (--pool, --bane-dice, --boon-dice)");
  if (p.spec) {
    const odds::CheckSize size = odds::check_size(*p.spec, t.dice);
    work.charge(size.work);
    work.charge(odds::transition_work(size, odds::CollectRules::no));
  }
  // The dice are counted once; the transition reuses the odds of this attack.
  const odds::RolledCheck check = odds::rolled_check(p.spec, t.dice);
  const auto one = odds::attack_odds(in, check.get(), check.difficulty);
  const auto start = odds::start_odds(in);
  const auto transition =
      odds::attack_transition(in, check.get(), check.difficulty, odds::CollectRules::no, &one);
  work.print(2 * one.ways.size() + 8, odds::bit_length(one.total));  // the single attack's lists
  work.charge(odds::chain_work(start, transition, attacks, odds::ChainOutput::every_attack));
  // Only each attack's ladder states are kept, not the chain's every position.
  std::vector<std::array<odds::Fraction, 3>> after;
  odds::SectionOdds now = start;
  for (int i = 0; i < attacks; ++i) {
    now = odds::step(now, transition);
    after.push_back({now.share_of(BreachState::intact), now.share_of(BreachState::cracked),
                     now.share_of(BreachState::breached)});
  }
  const std::size_t from = in.ladder == LadderMode::hull ? static_cast<std::size_t>(in.damage_taken)
                                                         : static_cast<std::size_t>(in.from);
  const auto expected = odds::expected_attacks_to_breach(start, transition, from);
  const odds::Factors one_factors = odds::factor_small(one.total);

  // Grouped views of the single attack.
  Int miss = 0;
  std::map<int, Int> by_damage;
  std::map<BreachState, Int> by_state{
      {BreachState::intact, 0}, {BreachState::cracked, 0}, {BreachState::breached, 0}};  // every state
  for (const auto& [k, ways] : one.ways) {
    if (!k.hit) miss += ways;
    else by_damage[k.damage] += ways;
    by_state[k.after] += ways;
  }
  const SectionStats st = section_stats(*in.structure, in.portcullis);
  const int before = in.ladder == LadderMode::hull ? in.damage_taken : suffered_for(in.from, st.hull);

  emit_odds(ctx, print::write_attack_odds, print::attack_odds_text,
            {in, p.spec, t.dice, st.hull, before, one, one_factors, miss, by_damage, by_state, attacks, after,
             expected});
}

// ---------------------------------------------------------------- compare

// The ids of a comma-separated list given as --`key` (absent: none, every
// row). An empty list, or an empty item ("a,,b"), is refused: it names no row.
std::vector<std::string> split_ids(const std::optional<std::string>& list, std::string_view key) {
  std::vector<std::string> out;
  if (!list) return out;
  const auto refuse = [&](const std::string& why) {
    fail_input("empty-id", std::string(key), "'" + *list + "'",
               why + ": give ids a comma apart, or leave the option out for every one");
  };
  if (list->empty()) refuse("an empty list");
  std::size_t from = 0;
  for (std::size_t item = 1;; ++item) {
    const std::size_t comma = std::min(list->find(',', from), list->size());
    if (comma == from) refuse("item " + std::to_string(item) + " is empty");
    out.push_back(list->substr(from, comma - from));
    if (comma == list->size()) return out;
    from = comma + 1;
  }
}

// `odds --compare`: odds' own inputs.
struct CompareRequest {
  bool compare = false;
  std::optional<std::string> weapons;     // comma-separated ids; absent: every weapon
  std::optional<std::string> structures;  // comma-separated ids; absent: the usual six
  Given<int> attacks = 4;
  Given<int> pool = 3;
};

void compare(const CompareRequest& r, Context& ctx) {
  const std::vector<std::string> weapon_ids = split_ids(r.weapons, "weapons");
  const std::vector<std::string> structure_ids = split_ids(r.structures, "structures");
  const int attacks = *r.attacks;
  const int pool = *r.pool;
  const Tables& t = ctx.tables();
  std::vector<const Weapon*> weapons;
  if (weapon_ids.empty()) {
    for (const auto& w : t.weapons)
      if (w.mount != Mount::personal) weapons.push_back(&w);
  } else {
    for (const auto& id : weapon_ids) {
      weapons.push_back(&t.weapon(id));
      refuse_personal(*weapons.back());
    }
  }
  std::vector<const Structure*> structures;
  if (structure_ids.empty()) {
    for (const char* id : {"curtain-wall", "tower", "castle-gate", "bastion", "rampart", "palisade"})
      if (const auto* s = t.find_structure(id)) structures.push_back(s);
  } else {
    for (const auto& id : structure_ids) structures.push_back(&t.structure(id));
  }
  using Cell = print::CompareFigures::Cell;
  const CheckSpec spec = attack_check_spec(FiringSlit::no, pool);
  odds::Work work(fmt::format("{} weapons by {} structures, --attacks {} with --pool {}",
                              weapons.size(), structures.size(), attacks, pool),
                  "ask for fewer --attacks, a smaller --pool, or fewer --weapons and --structures");
  const odds::CheckSize size = odds::check_size(spec, t.dice);
  work.charge(size.work);
  work.charge(odds::saturating_mul(weapons.size() * structures.size(),
                                   odds::transition_work(size, odds::CollectRules::no)));
  const odds::CheckOdds check = odds::check_odds(spec, t.dice);  // the same dice in every cell
  // Every cell's transition first, so that the whole question is charged before any chain runs.
  struct Chain {
    odds::SectionOdds start;
    odds::Transition transition;
  };
  std::vector<std::vector<Chain>> chains;
  for (const auto* w : weapons) {
    chains.emplace_back();
    for (const auto* s : structures) {
      AttackInput in;
      in.structure = s;
      in.weapon = *w;
      Chain c{odds::start_odds(in), odds::attack_transition(in, &check, spec.difficulty)};
      work.charge(odds::chain_work(c.start, c.transition, attacks, odds::ChainOutput::last_attack));
      chains.back().push_back(std::move(c));
    }
  }
  std::vector<std::vector<Cell>> cells;
  for (const auto& row : chains) {
    cells.emplace_back();
    for (const auto& c : row) {
      auto cur = c.start;
      for (int i = 0; i < attacks; ++i) cur = odds::step(cur, c.transition);
      cells.back().push_back(
          {cur.share_of(BreachState::breached), odds::expected_attacks_to_breach(c.start, c.transition, 0)});
    }
  }

  const print::CompareFigures f{weapons, structures, cells, attacks, pool};
  ctx.emit_table(print::json_text(print::write_compare_odds, f), print::compare_odds_rows(f),
                 print::compare_odds_heading(f));
}


void attack_odds_inputs(Fields& f, AttackOddsRequest& r) {
  attack_weapon_inputs(f, r.attack);
  f.text({.key = "section", .help = "With --state: the section attacked, as the file has it (the file is only read)", .value_name = "ID", .state_only = true},
         r.attack.section);
  f.text({.key = "engine", .help = "With --state: this besieger engine's attack on its target (the file is only read)", .value_name = "ID", .state_only = true},
         r.attack.engine);
  f.number({"attacks", "Attacks in a row"}, r.attacks, 1, 1000);
}

void compare_inputs(Fields& f, CompareRequest& r) {
  f.flag({"compare", "Weapons against structures in one table"}, r.compare);
  f.text({"weapons", "With --compare: weapon ids, comma-separated (default: all)", "IDS"}, r.weapons);
  f.text({"structures", "With --compare: structure ids, comma-separated", "IDS"}, r.structures);
  f.number({"attacks", "With --compare: attacks in a row"}, r.attacks, 1, 1000);
  f.number({"pool", "With --compare: skill dice"}, r.pool, 0, max_dice);
}

// `siege odds` without a subcommand: --compare, or what to ask.
void odds_itself(const CompareRequest& r, Context& ctx) {
  if (!r.compare)
    fail_usage("bad-usage",
               "odds: name what to compute: 'odds check|attack|demolish|escalade|mine|scene ...' or "
               "'odds --compare'");
  try {
    compare(r, ctx);
  } catch (const Error& e) {
    throw e.in_command("odds --compare");  // a refusal of the question (odds::Work) names it so
  }
}

}  // namespace

namespace {

// What the references say of `odds check` (tools/gen-refs writes docs/siege.1, README.md,
// docs/state.md and the outcome schema from it).
CommandDoc odds_check_doc() {
  return {
      .synopsis = R"doc(`siege odds check --difficulty` *D* [`--pool` *N*] [`--bane-dice` *N*] [`--boon-dice` *N*])doc",
      .about = R"doc(The chance that a check passes, and the distribution of its net Successes and net Boons.)doc",
      .inputs = R"doc(@difficulty: How hard the check is, as for `check`.
@pool: Skill dice.
@bane-dice: Extra Bane dice.
@boon-dice: Extra Boon dice.)doc",
      .example = R"doc(Example:

    $ siege odds check --difficulty average
    Odds      Average check, 3 skill + 2 difficulty dice (32768 equally
              likely ways)
    Pass       56.51%  #######################
    ...)doc",
      .outcome = R"json({
  "odds_check": {
    "allOf": [{"$ref": "#/$defs/base"}],
    "properties": {
      "action": {"const": "odds"},
      "of": {"const": "check"},
      "difficulty": {"$ref": "#/$defs/difficulty"},
      "pool": {"$ref": "#/$defs/count"},
      "bane_dice": {"$ref": "#/$defs/count"},
      "boon_dice": {"$ref": "#/$defs/count"},
      "ways": {"$ref": "#/$defs/ways"},
      "pass": {"$ref": "#/$defs/probability"},
      "net_successes": {
        "type": "array",
        "items": {
          "type": "object",
          "properties": {"successes": {"type": "integer"}, "probability": {"$ref": "#/$defs/probability"}},
          "required": ["successes", "probability"],
          "additionalProperties": false
        }
      },
      "net_boons": {
        "type": "array",
        "items": {
          "type": "object",
          "properties": {"boons": {"type": "integer"}, "probability": {"$ref": "#/$defs/probability"}},
          "required": ["boons", "probability"],
          "additionalProperties": false
        }
      }
    },
    "required": ["of", "difficulty", "pool", "bane_dice", "boon_dice", "ways", "pass", "net_successes", "net_boons"],
    "unevaluatedProperties": false
  }
})json"};
}

}  // namespace

SIEGE_COMMAND(odds_check) = plain_command<CheckRequest, check_inputs, odds_of_check>({
    .name = "check",
    .parent = "odds",
    .rank = 10,
    .summary = "Odds of a check's net Successes and Boons",
    .example = "",
    .doc = odds_check_doc});

namespace {

// What the references say of `odds attack` (tools/gen-refs writes docs/siege.1, README.md,
// docs/state.md and the outcome schema from it).
CommandDoc odds_attack_doc() {
  return {
      .synopsis = R"doc(`siege odds attack --structure` *ID* (`--weapon` *ID* | `--hull-damage` *N*) [*options*] [`--attacks` *N*])doc",
      .about = R"doc(The chance of a miss and of each amount of damage for one attack, the state the section ends in
after one attack and after *N* attacks in a row, and the expected number of attacks to breach
it. It takes the options of `attack` with the same meaning: `--structure`, `--weapon`,
`--hull-damage`, `--pierce`, `--crit`, `--mount`, `--gunpowder`, `--indirect`, `--blast`,
`--successes`, `--boons`, `--spend-boons`, `--pool`, `--bane-dice`, `--boon-dice`,
`--damage-taken`, `--ladder`, `--from`, `--portcullis` and `--firing-slit`. With the referee's
`--successes` the outcome of one attack is certain.)doc",
      .inputs = R"doc(@section: With `--state`: the section attacked, as the state file has it: its structure, variant and Hull
suffered come from the file, which is only read (no lock, nothing written, nothing logged), as
for `odds scene`.
@engine: With `--state`: the odds of this besieger engine's attack, with its weapon and pool, on its own
target (a section), read from the file.
@attacks: Attacks in a row.)doc",
      .example = R"doc(Example:

    $ siege odds attack --structure curtain-wall --weapon cannon \
        --attacks 3
    Odds      cannon on curtain-wall, 0/20 suffered (intact), 3 skill + 1
              difficulty dice: 4096 ways
    Miss           22.63%  #########
    Damage    6    23.58%  #########
    ...
    After 3 attacks
      intact       12.86%  #####
      cracked      42.06%  #################
      breached     45.08%  ##################
    Expected attacks to breach: 3.91 (exactly
    394499356385280/100853031438721))doc",
      .outcome = R"json({
  "odds_attack": {
    "allOf": [{"$ref": "#/$defs/base"}],
    "properties": {
      "action": {"const": "odds"},
      "of": {"const": "attack"},
      "structure": {"$ref": "#/$defs/id"},
      "weapon": {"$ref": "#/$defs/id"},
      "hull": {
        "type": "object",
        "properties": {"max": {"$ref": "#/$defs/count"}, "before": {"$ref": "#/$defs/count"}},
        "required": ["max", "before"],
        "additionalProperties": false
      },
      "ladder": {"enum": ["hull", "steps"]},
      "ways": {"$ref": "#/$defs/ways"},
      "miss": {"$ref": "#/$defs/probability"},
      "damage": {
        "type": "array",
        "items": {
          "type": "object",
          "properties": {"damage": {"$ref": "#/$defs/count"}, "probability": {"$ref": "#/$defs/probability"}},
          "required": ["damage", "probability"],
          "additionalProperties": false
        }
      },
      "outcomes": {
        "type": "array",
        "items": {
          "type": "object",
          "properties": {
            "hit": {"type": "boolean"},
            "damage": {"$ref": "#/$defs/count"},
            "hull_after": {"$ref": "#/$defs/count"},
            "state": {"$ref": "#/$defs/breach_state"},
            "probability": {"$ref": "#/$defs/probability"}
          },
          "required": ["hit", "damage", "hull_after", "state", "probability"],
          "additionalProperties": false
        }
      },
      "state_after": {"allOf": [{"$ref": "#/$defs/state_odds"}], "unevaluatedProperties": false},
      "attacks": {"type": "integer", "minimum": 1},
      "after_attacks": {
        "type": "array",
        "items": {
          "allOf": [{"$ref": "#/$defs/state_odds"}],
          "properties": {"attacks": {"type": "integer", "minimum": 1}},
          "required": ["attacks"],
          "unevaluatedProperties": false
        }
      },
      "expected_attacks_to_breach": {"oneOf": [{"$ref": "#/$defs/expectation"}, {"type": "null"}]}
    },
    "required": [
      "of",
      "structure",
      "weapon",
      "hull",
      "ladder",
      "ways",
      "miss",
      "damage",
      "outcomes",
      "state_after",
      "attacks",
      "after_attacks",
      "expected_attacks_to_breach"
    ],
    "unevaluatedProperties": false
  }
})json"};
}

}  // namespace

SIEGE_COMMAND(odds_attack) = plain_command<AttackOddsRequest, attack_odds_inputs, odds_of_attack>({
    .name = "attack",
    .parent = "odds",
    .rank = 20,
    .summary = "Odds of an attack's outcomes, and of the state after N attacks",
    .example = "",
    .doc = odds_attack_doc});

namespace {

// What the references say of `odds` (tools/gen-refs writes docs/siege.1, README.md,
// docs/state.md and the outcome schema from it).
CommandDoc odds_doc() {
  return {
      .synopsis = R"doc(`siege odds check` [*options*]
`siege odds attack` [*options*]
`siege --state` *FILE* `odds scene` [`--scenes` *N*] [`--if` *LINE* ...]
`siege odds --compare` [`--weapons` *IDS*] [`--structures` *IDS*] [`--attacks` *N*] [`--pool` *N*])doc",
      .about = R"doc(Exact probabilities, worked out by counting every way the dice can fall (no sampling). The JSON
gives each probability as an exact fraction (*p*) and as a number (*value*). The text gives it
as a percentage and a bar of up to 40 cells. A chance above 0 that would round to 0.00% prints
as `< 0.01%` with the least bar (one cell), and one below 1 that would round to 100.00% as
`>99.99%` with a bar one cell short of full: only a true 0 prints as 0.00% with no bar, and only
a true 1 as 100.00% with the full bar (in the `--compare` table, at one decimal: `< 0.1%` and
`>99.9%`). With `--compare`, a table of weapons against structures: the chance that an intact
section is breached within *N* attacks, and in brackets the expected number of attacks to breach
it.)doc",
      .inputs = R"doc(@compare: Print the comparison table (it follows `--format`).
@weapons: Weapon ids, separated by commas; without it, every weapon that is not a personal one.
@structures: Structure ids, separated by commas; without it, curtain-wall, tower, castle-gate, bastion,
rampart, palisade.
@attacks: Attacks in a row.
@pool: Skill dice of each attack.)doc",
      .example = R"doc(Example:

    $ siege odds --compare --weapons cannon,trebuchet \
        --structures curtain-wall,tower
    Breached within 4 attack(s) (expected attacks to breach), 3 skill
    dice
    WEAPON     curtain-wall  tower
    cannon     76.6% (3.9)   2.0% (6.5)
    trebuchet  0.2% (7.8)    0.0% (15.7))doc",
      .outcome = R"json({
  "odds_compare": {
    "allOf": [{"$ref": "#/$defs/base"}],
    "properties": {
      "action": {"const": "odds"},
      "of": {"const": "compare"},
      "attacks": {"type": "integer", "minimum": 1},
      "pool": {"$ref": "#/$defs/count"},
      "cells": {
        "type": "array",
        "items": {
          "type": "object",
          "properties": {
            "weapon": {"$ref": "#/$defs/id"},
            "structure": {"$ref": "#/$defs/id"},
            "breached": {"$ref": "#/$defs/probability"},
            "expected_attacks": {"oneOf": [{"$ref": "#/$defs/expectation"}, {"type": "null"}]}
          },
          "required": ["weapon", "structure", "breached", "expected_attacks"],
          "additionalProperties": false
        }
      }
    },
    "required": ["of", "attacks", "pool", "cells"],
    "unevaluatedProperties": false
  }
})json"};
}

}  // namespace

SIEGE_COMMAND(odds) = plain_command<CompareRequest, compare_inputs, odds_itself>({
    .name = "odds",
    .rank = 50,
    .summary = "Exact odds of a check, an attack, charges, a climb, a mine or the coming scenes of a siege; "
      "--compare weapons against structures",
    .example = "siege odds attack --structure curtain-wall --weapon cannon --attacks 3\n"
      "  siege odds check --difficulty hard --pool 4\n"
      "  siege odds demolish --structure stone-bridge --on-pier --charge powder-keg:2\n"
      "  siege odds escalade --method ladder --attackers 20 --ladders 2 --defended\n"
      "  siege odds mine --structure curtain-wall --sapper-pool 4\n"
      "  siege --state siege.json odds scene --scenes 4\n"
      "  siege --state siege.json odds scene --if 'target --engine trebuchet --at gatehouse'\n"
      "  siege odds --compare --weapons cannon,trebuchet --structures curtain-wall,tower --attacks 4",
    .tables = true,
    .doc = odds_doc});

}  // namespace siege::cli
