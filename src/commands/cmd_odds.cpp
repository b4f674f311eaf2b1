// `siege odds`: exact probabilities of a check's or an attack's outcomes,
// of the ladder state after N attacks, and a weapons-against-structures
// comparison. Every figure comes from siege/odds.hpp (exact enumeration).
// The siege works (demolish, escalade, mine) are in cmd_odds_works.cpp.
#include <algorithm>
#include <iterator>

#include <fmt/format.h>

#include "commands/cmd_odds.hpp"
#include "commands/cmd_attack.hpp"
#include "front/command.hpp"
#include "print/json.hpp"
#include "print/render.hpp"
#include "siege/detail/json_writer.hpp"
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

using siege::JsonWriter;
using odds::Int;
using odds::Rational;

void write_p(JsonWriter& w, std::string_view key, const Rational& r) {
  w.key(key).begin_object();
  w.field("p", odds::fraction_text(r)).field("value", odds::to_double(r));
  w.end_object();
}

void write_p(JsonWriter& w, std::string_view key, const odds::Fraction& f) {
  w.key(key).begin_object();
  w.field("p", odds::fraction_text(f)).field("value", odds::to_double(f));
  w.end_object();
}

double shown(const odds::Int& num, const odds::Int& den) {
  const double v = odds::nearest_double(num, den);
  if (num != 0 && v == 0) return std::numeric_limits<double>::denorm_min();
  if (num != den && v == 1) return std::nextafter(1.0, 0.0);
  return v;
}
double shown(const odds::Rational& r) {
  return shown(boost::multiprecision::numerator(r), boost::multiprecision::denominator(r));
}
double shown(const odds::Fraction& f) { return shown(f.num, f.den); }

std::string percent(double p) {
  if (p > 0 && p < 0.00005) return "< 0.01%";
  if (p < 1 && p >= 0.99995) return ">99.99%";
  return fmt::format("{:6.2f}%", 100.0 * p);
}

std::string bar(double p, int width) {
  if (p <= 0) return {};
  int n = static_cast<int>(p * width + 0.5);
  n = std::max(n, 1);
  if (p < 1) n = std::min(n, width - 1);
  return std::string(static_cast<std::size_t>(std::max(n, 0)), '#');
}

std::string dice_words(const CheckSpec& spec, const DiceTable& t) {
  std::string s = fmt::format("{} skill + {} difficulty", spec.pool, difficulty_dice(t, spec.difficulty));
  if (spec.bane_dice > 0) s += fmt::format(" + {} Bane", spec.bane_dice);
  if (spec.boon_dice > 0) s += fmt::format(" + {} Boon", spec.boon_dice);
  return s + " dice";
}

namespace {

std::string percent(const Rational& r) { return cli::percent(shown(r)); }
std::string bar(const Rational& r) { return cli::bar(shown(r)); }

void write_trailer(JsonWriter& w, const std::vector<std::string>& rules, const std::vector<std::string>& notes) {
  w.string_array("rules", rules);
  w.string_array("notes", notes);
  w.string_array("not_modelled", std::vector<std::string>{});
}

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
  // Only what is printed is built: the JSON with --json, else the text.
  std::string json, text;
  if (ctx.globals.json) {
    JsonWriter w(json);
    w.begin_object().field("schema", schema_version).field("action", "odds").field("of", "check");
    w.field("difficulty", name_of(spec.difficulty)).field("pool", spec.pool);
    w.field("bane_dice", spec.bane_dice).field("boon_dice", spec.boon_dice);
    w.field("ways", c.total.str());
    write_p(w, "pass", c.pass());
    w.key("net_successes").begin_array();
    for (const auto& [v, ways] : succ) {
      w.begin_object().field("successes", v);
      write_p(w, "probability", c.share(ways));
      w.end_object();
    }
    w.end_array();
    w.key("net_boons").begin_array();
    for (const auto& [v, ways] : boons) {
      w.begin_object().field("boons", v);
      write_p(w, "probability", c.share(ways));
      w.end_object();
    }
    w.end_array();
    write_trailer(w, {"symbol-dice", "exact-odds"}, {});
    w.end_object();
  } else {
    text = fmt::format("Odds      {} check, {} ({} equally likely ways)\n",
                       capitalised(name_of(spec.difficulty)), dice_words(spec, dice), c.total.str());
    text += fmt::format("Pass      {}  {}\n", percent(c.pass()), bar(c.pass()));
    text += "Net Successes\n";
    for (const auto& [v, ways] : succ) {
      const double p = shown(ways, c.total);
      text += fmt::format("  {:>4}  {}  {}\n", v, cli::percent(p), cli::bar(p));
    }
  }
  ctx.emit(json, text);
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
  auto share = [&](const Int& ways) { return odds::reduced(ways, one_factors); };

  // Grouped views of the single attack.
  Int miss = 0;
  std::map<int, Int> by_damage;
  std::map<BreachState, Int> by_state;
  for (const auto& [k, ways] : one.ways) {
    if (!k.hit) miss += ways;
    else by_damage[k.damage] += ways;
    by_state[k.after] += ways;
  }
  const SectionStats st = section_stats(*in.structure, in.portcullis);
  const int before = in.ladder == LadderMode::hull ? in.damage_taken : suffered_for(in.from, st.hull);

  // Only what is printed is built: the JSON with --json, else the text.
  std::string json, text;
  if (ctx.globals.json) {
    JsonWriter w(json);
    w.begin_object().field("schema", schema_version).field("action", "odds").field("of", "attack");
    w.field("structure", in.structure->id)
        .field("weapon", in.weapon_inline ? std::string("inline") : in.weapon.id);
    w.key("hull").begin_object().field("max", st.hull).field("before", before).end_object();
    w.field("ladder", in.ladder == LadderMode::hull ? "hull" : "steps");
    w.field("ways", one.total.str());
    write_p(w, "miss", share(miss));
    w.key("damage").begin_array();
    for (const auto& [d, ways] : by_damage) {
      w.begin_object().field("damage", d);
      write_p(w, "probability", share(ways));
      w.end_object();
    }
    w.end_array();
    w.key("outcomes").begin_array();
    for (const auto& [k, ways] : one.ways) {
      w.begin_object().field("hit", k.hit).field("damage", k.damage).field("hull_after", k.hull_after);
      w.field("state", name_of(k.after));
      write_p(w, "probability", share(ways));
      w.end_object();
    }
    w.end_array();
    w.key("state_after").begin_object();
    for (auto s : {BreachState::intact, BreachState::cracked, BreachState::breached})
      write_p(w, name_of(s), share(by_state[s]));
    w.end_object();
    w.field("attacks", attacks);
    w.key("after_attacks").begin_array();
    for (std::size_t n = 0; n < after.size(); ++n) {
      w.begin_object().field("attacks", static_cast<int>(n + 1));
      for (auto s : all_states) write_p(w, name_of(s), after[n][static_cast<std::size_t>(s)]);
      w.end_object();
    }
    w.end_array();
    if (expected)
      write_p(w, "expected_attacks_to_breach", *expected);
    else
      w.key("expected_attacks_to_breach").null();
    std::vector<std::string> notes;
    if (!p.spec) notes.emplace_back("The referee's result was given, so this outcome is certain.");
    if (!expected) notes.emplace_back("Attacks like this one can never breach the section from here.");
    write_trailer(w, {"exact-odds", "damage", "breach-ladder"}, notes);
    w.end_object();
  } else {
    text = fmt::format("Odds      {} on {}, {}/{} suffered ({}), {}\n",
                       in.weapon_inline ? std::string("inline weapon") : in.weapon.id, in.structure->id,
                       before, st.hull, painted_state(ladder_state(before, st.hull)),
                       p.spec ? fmt::format("{}: {} ways", dice_words(*p.spec, t.dice), one.total.str())
                              : std::string("the referee's roll"));
    auto value = [&](const Int& ways) { return shown(ways, one.total); };
    const double pm = value(miss);
    text += fmt::format("Miss          {}  {}\n", cli::percent(pm), cli::bar(pm));
    for (const auto& [d, ways] : by_damage) {
      const double pd = value(ways);
      text += fmt::format("Damage {:>4}   {}  {}\n", d, cli::percent(pd), cli::bar(pd));
    }
    text += "After 1 attack\n";
    for (auto s : all_states) {
      const double ps = value(by_state[s]);
      text += fmt::format("  {}   {}  {}\n", painted_state(s, 9), cli::percent(ps), cli::bar(ps));
    }
    if (attacks > 1) {
      text += fmt::format("After {} attacks\n", attacks);
      for (auto s : all_states) {
        const double ps = shown(after.back()[static_cast<std::size_t>(s)]);
        text += fmt::format("  {}   {}  {}\n", painted_state(s, 9), cli::percent(ps), cli::bar(ps));
      }
    }
    text +=
        expected
            ? fmt::format("Expected attacks to breach: {:.2f} (exactly {})\n", odds::to_double(*expected),
                          odds::fraction_text(*expected))
            : std::string("Expected attacks to breach: never (it cannot be breached by attacks like this)\n");
  }
  ctx.emit(json, text);
}

// ---------------------------------------------------------------- compare

std::vector<std::string> split_ids(const std::string& s) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : s) {
    if (c == ',') {
      if (!cur.empty()) out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

// `odds --compare`: odds' own inputs.
struct CompareRequest {
  bool compare = false;
  std::string weapons;     // comma-separated ids; empty: every weapon
  std::string structures;  // comma-separated ids; empty: the usual six
  Given<int> attacks = 4;
  Given<int> pool = 3;
};

void compare(const CompareRequest& r, Context& ctx) {
  const std::vector<std::string> weapon_ids = split_ids(r.weapons);
  const std::vector<std::string> structure_ids = split_ids(r.structures);
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
  struct Cell {
    odds::Fraction breached;
    std::optional<odds::Fraction> expected;
  };
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

  std::string json;
  JsonWriter w(json);
  w.begin_object().field("schema", schema_version).field("action", "odds").field("of", "compare");
  w.field("attacks", attacks).field("pool", pool);
  w.key("cells").begin_array();
  for (std::size_t i = 0; i < weapons.size(); ++i)
    for (std::size_t j = 0; j < structures.size(); ++j) {
      w.begin_object().field("weapon", weapons[i]->id).field("structure", structures[j]->id);
      write_p(w, "breached", cells[i][j].breached);
      if (cells[i][j].expected) write_p(w, "expected_attacks", *cells[i][j].expected);
      else w.key("expected_attacks").null();
      w.end_object();
    }
  w.end_array();
  write_trailer(w, {"exact-odds"},
                {fmt::format("Chance that an intact section is breached within {} attacks, and the expected "
                             "number of attacks to breach it; {} skill dice, Easy.",
                             attacks, pool)});
  w.end_object();

  std::vector<std::vector<std::string>> rows;
  rows.emplace_back(std::vector<std::string>{"WEAPON"});
  for (const auto* st : structures) rows[0].push_back(st->id);
  for (std::size_t i = 0; i < weapons.size(); ++i) {
    rows.emplace_back(std::vector<std::string>{weapons[i]->id});
    for (std::size_t j = 0; j < structures.size(); ++j) {
      const auto& c = cells[i][j];
      const std::string e = c.expected ? fmt::format("{:.1f}", odds::to_double(*c.expected)) : "never";
      // As percent() does, at one decimal: a chance not 0 (or 1) never shows as 0.0% (or 100.0%).
      const double b = shown(c.breached);
      const std::string pct = b > 0 && b < 0.0005    ? std::string("< 0.1%")
                              : b < 1 && b >= 0.9995 ? std::string(">99.9%")
                                                     : fmt::format("{:.1f}%", 100 * b);
      rows.back().push_back(fmt::format("{} ({})", pct, e));
    }
  }
  ctx.emit_table(json, rows,
                 fmt::format("Breached within {} attack(s) (expected attacks to breach), {} skill dice\n",
                             attacks, pool));
}


void attack_odds_inputs(Fields& f, AttackOddsRequest& r) {
  attack_weapon_inputs(f, r.attack);
  f.text({"section", "With --state: the section attacked, as the file has it (the file is only read)", "ID"},
         r.attack.section);
  f.text({"engine", "With --state: this besieger engine's attack on its target (the file is only read)", "ID"},
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

Command check_odds_command() {
  return plain_command<CheckRequest, check_inputs, odds_of_check>("check", "Odds of a check's net Successes and Boons",
                                                                  "");
}

Command attack_odds_command() {
  return plain_command<AttackOddsRequest, attack_odds_inputs, odds_of_attack>(
      "attack", "Odds of an attack's outcomes, and of the state after N attacks", "");
}

}  // namespace

Command demolish_odds_command();
Command escalade_odds_command();
Command mine_odds_command();
Command scene_odds_command();

// The subcommands of odds, in the order --help lists them.
const std::vector<Command>& odds_subcommands() {
  static const std::vector<Command> table{check_odds_command(),    attack_odds_command(), demolish_odds_command(),
                                          escalade_odds_command(), mine_odds_command(),   scene_odds_command()};
  return table;
}

Command odds_command() {
  Command c = plain_command<CompareRequest, compare_inputs, odds_itself>(
      "odds",
      "Exact odds of a check, an attack, charges, a climb, a mine or the coming scenes of a siege; "
      "--compare weapons against structures",
      "siege odds attack --structure curtain-wall --weapon cannon --attacks 3\n"
      "  siege odds check --difficulty hard --pool 4\n"
      "  siege odds demolish --structure stone-bridge --on-pier --charge powder-keg:2\n"
      "  siege odds escalade --method ladder --attackers 20 --ladders 2 --defended\n"
      "  siege odds mine --structure curtain-wall --sapper-pool 4\n"
      "  siege --state siege.json odds scene --scenes 4\n"
      "  siege odds --compare --weapons cannon,trebuchet --structures curtain-wall,tower --attacks 4",
      true);
  c.subcommands = odds_subcommands;
  return c;
}

}  // namespace siege::cli
