// `siege odds demolish|escalade|mine`: exact odds of the siege works, with
// the very options (and refusals) of `demolish`, `escalade` and `mine`.
// Every figure comes from siege/odds_works.hpp.
#include <tuple>

#include <fmt/format.h>

#include "commands/cmd_odds.hpp"
#include "front/command.hpp"
#include "commands/cmd_works.hpp"
#include "print/json.hpp"
#include "print/render.hpp"

namespace siege::cli {

namespace {

using siege::JsonWriter;
using odds::Fraction;
using odds::Int;
using odds::Rational;

// For display only (a chance not 0 never shows as 0, nor one not 1 as 1).
double value(const Rational& r) { return shown(r); }
double value(const Fraction& f) { return shown(f); }

void begin_odds(JsonWriter& w, std::string_view of) {
  w.begin_object().field("schema", schema_version).field("action", "odds").field("of", of);
}

// "exactly a/b", or where to find a fraction too long for a glance.
std::string exactly(const Fraction& f) {
  const std::string t = odds::fraction_text(f);
  return t.size() <= 40 ? "exactly " + t : "the exact fraction is in --json";
}

// "State after" lines of a distribution over the ladder states.
template <class P>
std::string state_lines(const std::string& title, P p_state) {
  std::string s = title + "\n";
  for (auto st : all_states) {
    const auto p = p_state(st);
    s += fmt::format("  {}   {}  {}\n", painted_state(st, 9), percent(value(p)), bar(value(p)));
  }
  return s;
}

template <class P>
void write_state_after(JsonWriter& w, P p_state) {
  w.key("state_after").begin_object();
  for (auto st : all_states) write_p(w, name_of(st), p_state(st));
  w.end_object();
}

// ---------------------------------------------------------------- demolish

// Work weight of one run of the demolition resolver (measured, with many charges).
constexpr std::uint64_t demolition_weight = 20000;

std::string outcome_words(const DemolitionOutcome& o) {
  if (o.opened) return "opens the way (R18)";
  if (!o.went_off) return "fails: no effect (R16)";
  return fmt::format("goes off: {} damage, {}/{} {}", o.damage, o.hull.after, o.hull.max, painted_state(o.after));
}

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

  // Only what is printed is built: the JSON with --json, else the text.
  std::string json, text;
  if (ctx.globals.json) {
    JsonWriter w(json);
    begin_odds(w, "demolish");
    w.field("structure", any.structure);
    w.key("charges").begin_array();
    for (const auto& l : any.charges)
      w.begin_object().field("id", l.id).field("count", l.count).field("each", l.each).end_object();
    w.end_array();
    w.field("on_pier", any.on_pier == OnPier::yes).field("maneuvers", any.maneuvers);
    w.key("hull").begin_object().field("max", any.hull.max).field("before", any.hull.before).end_object();
    w.key("check");
    if (p.spec) {
      w.begin_object().field("difficulty", name_of(p.spec->difficulty)).field("pool", p.spec->pool);
      w.field("ways", d.total.str()).end_object();
    } else {
      w.null();
    }
    if (pass)
      write_p(w, "pass", *pass);
    else
      w.key("pass").null();
    w.key("outcomes").begin_array();
    for (const auto& [k, b] : d.outcomes) {
      w.begin_object().field("opened", k.opened).field("went_off", k.went_off).field("damage", k.damage);
      w.field("hull_after", k.hull_after).field("state", name_of(k.after));
      write_p(w, "probability", odds::reduced(b.ways, total_factors));
      w.end_object();
    }
    w.end_array();
    write_state_after(w, [&](BreachState s) { return d.p_state(s); });
    print::write_trailer(w, d.rules(), notes, d.not_modelled());
    w.end_object();
  } else {
    std::string charges;
    for (const auto& l : any.charges)
      charges += fmt::format("{}{} x {}", charges.empty() ? "" : ", ", l.count, l.id);
    text = fmt::format("Odds      {} on {}{}, {}/{} suffered ({})\n", charges, any.structure,
                       any.on_pier == OnPier::yes ? " (on a pier)" : "", any.hull.before, any.hull.max,
                       painted_state(any.before));
    if (p.spec)
      text += fmt::format("Check     Average Craft, {} ({} equally likely ways)\n",
                          dice_words(*p.spec, t.dice), d.total.str());
    else if (any.opened)
      text += "Check     none: the charge opens the door or gate (R18)\n";
    else
      text +=
          fmt::format("Check     the referee's Craft result, {} net Successes\n", any.craft->net_successes);
    if (pass) text += fmt::format("Pass      {}  {}\n", percent(value(*pass)), bar(value(*pass)));
    text +=
        fmt::format("Set       {} maneuver{} (Prepare, R16)\n", any.maneuvers, any.maneuvers == 1 ? "" : "s");
    text += "Outcomes\n";
    for (const auto& [k, b] : d.outcomes) {
      const double pr = shown(b.ways, d.total);
      text += fmt::format("  {}  {}  {}\n", pad_to(outcome_words(b.outcome), 38), percent(pr), bar(pr));
    }
    text += state_lines("After the charges", [&](BreachState s) { return d.p_state(s); });
    text += render_trailer(d.rules(), notes, d.not_modelled());
  }
  ctx.emit(json, text);
}

// ---------------------------------------------------------------- escalade

// The first round by which everybody is up with chance at least num/den.
std::optional<int> round_reaching(const odds::ClimbOdds& c, int num, int den) {
  for (std::size_t i = 0; i < c.all_up_by.size(); ++i)
    if (c.all_up_by[i].num * den >= c.all_up_by[i].den * num) return c.first_round + static_cast<int>(i);
  return std::nullopt;
}

void odds_of_escalade(const EscaladeRequest& req, Context& ctx) {
  EscaladeRequest r = req;
  if (auto st = odds_state(ctx, r.section.empty() ? "" : "section")) {
    refuse_section_options(r.structure.given(), r.damage_taken.has_value(), r.portcullis);
    const SectionState& s = state_section(*st, r.section, "odds escalade");
    r.structure.set(s.structure);
    r.portcullis = portcullis_of(s) == Portcullis::yes;
    r.damage_taken = s.hull_suffered;
  }
  const Tables& t = ctx.tables();
  const EscaladeInput in = prepare_escalade(r, t);
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

  // Only what is printed is built: the JSON with --json, else the text.
  std::string json, text;
  if (ctx.globals.json) {
    JsonWriter w(json);
    begin_odds(w, "escalade");
    w.field("structure", o.structure).field("method", name_of(o.method)).field("attackers", o.attackers);
    w.key("lanes");
    if (o.method == ClimbMethod::tower)
      w.null();
    else
      w.value(o.lanes);
    w.field("defended", o.defended == Defended::yes).field("state", name_of(o.state));
    w.field("climbed", o.climbed).field("hopeless", hopeless);
    w.key("check");
    if (e.spec) {
      w.begin_object().field("difficulty", name_of(e.spec->difficulty)).field("pool", e.spec->pool);
      w.field("bane_dice", e.spec->bane_dice).field("ways", e.check->total.str()).end_object();
    } else {
      w.null();
    }
    if (e.check)
      write_p(w, "pass", e.check->pass());
    else
      w.key("pass").null();
    w.key("after");
    if (e.climb) {
      const auto& c = *e.climb;
      w.begin_object().field("rounds", c.after);
      w.key("up").begin_array();
      for (std::size_t u = 0; u < c.up.size(); ++u) {
        if (c.up[u].num == 0) continue;
        w.begin_object().field("up", static_cast<int>(u));
        write_p(w, "probability", c.up[u]);
        w.end_object();
      }
      w.end_array();
      write_p(w, "expected_up", c.expected_up);
      w.end_object();
    } else {
      w.null();
    }
    w.key("all_up_by_round").begin_array();
    if (e.climb)
      for (std::size_t i = 0; i < e.climb->all_up_by.size(); ++i) {
        w.begin_object().field("round", e.climb->first_round + static_cast<int>(i));
        write_p(w, "probability", e.climb->all_up_by[i]);
        w.end_object();
      }
    w.end_array();
    if (e.climb && e.climb->expected_rounds)
      write_p(w, "expected_rounds", *e.climb->expected_rounds);
    else
      w.key("expected_rounds").null();
    print::write_trailer(w, rules, notes, o.not_modelled);
    w.end_object();
  } else {
    std::string how;
    switch (o.method) {
      case ClimbMethod::ladder:
        how = fmt::format("{} ladder(s)", o.lanes);
        break;
      case ClimbMethod::grapnel:
        how = fmt::format("{} grapnel rope(s)", o.lanes);
        break;
      case ClimbMethod::tower:
        how = "a siege tower";
        break;
    }
    text = fmt::format("Odds      {} attackers by {} on {} ({}){}\n", o.attackers, how, o.structure,
                       painted_state(o.state), o.defended == Defended::yes ? ", defenders at the top" : "");
    if (e.spec) {
      text += fmt::format("Check     each climber: {} Athletics, {} ({} ways)\n",
                          capitalised(name_of(e.spec->difficulty)), dice_words(*e.spec, t.dice),
                          e.check->total.str());
      text += fmt::format("Pass      {}  {}\n", percent(value(e.check->pass())), bar(value(e.check->pass())));
    } else if (e.referee) {
      text += "Check     the referee's results\n";
    } else if (o.climbed) {
      text += fmt::format("Check     none: the tower's bridge puts {} a round on the wall walk\n",
                          o.tower_climbers);
    }
    if (e.climb) {
      const auto& c = *e.climb;
      text += fmt::format("Up after round {} (expected {:.2f})\n", c.after, odds::to_double(c.expected_up));
      for (std::size_t u = 0; u < c.up.size(); ++u) {
        const double v = odds::to_double(c.up[u]);
        if (v >= 0.00005) text += fmt::format("  {:>5}     {}  {}\n", u, percent(v), bar(v));
      }
      if (!c.all_up_by.empty()) {
        text += "All up by round\n";
        const std::size_t count = c.all_up_by.size();
        const std::size_t stride = count <= 25 ? 1 : (count + 19) / 20;
        for (std::size_t i = 0; i < count; ++i) {
          if (i % stride != 0 && i + 1 != count) continue;
          text += fmt::format("  {:>5}     {}  {}\n", c.first_round + static_cast<int>(i),
                              percent(value(c.all_up_by[i])), bar(value(c.all_up_by[i])));
        }
        std::vector<std::string> marks;
        if (c.all_up_by.front().num != c.all_up_by.front().den)
          for (auto [num, den, words] :
               {std::tuple{1, 2, "half the time"}, std::tuple{9, 10, "9 times in 10"},
                std::tuple{99, 100, "99 in 100"}})
            if (const auto k = round_reaching(c, num, den))
              marks.push_back(fmt::format("{} by round {}", words, *k));
        if (!marks.empty()) text += fmt::format("All up    {}\n", fmt::join(marks, "; "));
      }
      if (c.expected_rounds)
        text += fmt::format("Expected  {:.2f} rounds to put all up ({})\n",
                            odds::to_double(*c.expected_rounds), exactly(*c.expected_rounds));
      else if (!e.referee)
        text += "Expected  never: nobody climbs\n";
    } else {
      text += "Result    nothing climbed: the section is " + painted_state(BreachState::breached) + "\n";
    }
    text += render_trailer(rules, notes, o.not_modelled);
  }
  ctx.emit(json, text);
}

// ---------------------------------------------------------------- mine

std::string mine_result(const MineOutcome& o) {
  if (o.detected_on) return "found";
  return o.fired ? "fired" : "digging";
}

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

  // Only what is printed is built: the JSON with --json, else the text.
  std::string json, text;
  if (ctx.globals.json) {
    JsonWriter w(json);
    begin_odds(w, "mine");
    w.field("structure", last.structure);
    w.key("days").begin_object().field("needed", last.days_needed).field("before", last.days_before);
    w.field("digging", m.days).end_object();
    w.field("countermine", in.countermine == Countermine::yes);
    auto pool_of = [&](std::string_view key, const std::optional<odds::CheckOdds>& c, int pool) {
      w.key(key);
      if (c)
        w.begin_object().field("pool", pool).field("ways", c->total.str()).end_object();
      else
        w.null();
    };
    pool_of("sappers", m.sappers, in.sapper_pool);
    pool_of("defenders", m.defenders, in.defender_pool);
    if (m.found_each_day)
      write_p(w, "found_each_day", *m.found_each_day);
    else
      w.key("found_each_day").null();
    w.key("found_on").begin_array();
    for (const auto& b : m.branches)
      if (b.outcome.detected_on) {
        w.begin_object().field("day", *b.outcome.detected_on);
        write_p(w, "probability", m.share(b.ways));
        w.end_object();
      }
    w.end_array();
    write_p(w, "found", m.p_found());
    write_p(w, "fired", m.p_fired());
    w.key("outcomes").begin_array();
    for (const auto& b : m.branches) {
      w.begin_object().field("result", mine_result(b.outcome)).key("day");
      if (b.outcome.detected_on)
        w.value(*b.outcome.detected_on);
      else
        w.null();
      w.field("damage", b.outcome.damage).field("hull_after", b.outcome.hull.after);
      w.field("state", name_of(b.outcome.after));
      write_p(w, "probability", m.share(b.ways));
      w.end_object();
    }
    w.end_array();
    w.key("hull").begin_object().field("max", last.hull.max).field("before", last.hull.before).end_object();
    write_state_after(w, [&](BreachState s) { return m.p_state(s); });
    print::write_trailer(w, m.rules(), notes, m.not_modelled());
    w.end_object();
  } else {
    text = fmt::format("Odds      mine under {}: {} day(s) of digging (listed Armor, R19), {} dug before\n",
                       last.structure, last.days_needed, last.days_before);
    auto line = [](const std::string& label, const Fraction& p, const std::string& tail) {
      return fmt::format("{:<24}{}  {:<20}{}\n", label, percent(value(p)), bar(value(p), 20), tail);
    };
    if (m.found_each_day) {
      text += fmt::format("Checks    each day, opposed Perception: sappers {}, defenders {}\n",
                          dice_words(perception_check_spec(in.sapper_pool), t.dice),
                          dice_words(perception_check_spec(in.defender_pool), t.dice));
      text += fmt::format("{:<24}{}  (defenders' net Successes strictly above the sappers')\n",
                          "Found on any one day", percent(value(*m.found_each_day)));
    } else if (in.referee_days) {
      text += "Checks    the referee's day results\n";
    }
    for (const auto& b : m.branches) {
      const auto p = m.share(b.ways);
      const MineOutcome& o = b.outcome;
      if (o.detected_on)
        text +=
            line(fmt::format("Found on day {}", *o.detected_on), p, "  -> countermine possible, not fired");
      else if (o.fired)
        text += line("Fired", p,
                     fmt::format("  -> {} Hull damage, Armor ignored: {}/{} {}", o.damage, o.hull.after,
                                 o.hull.max, painted_state(o.after)));
      else
        text += line("Unseen", p, fmt::format("  -> digging goes on: {} day(s) left", o.days_left()));
    }
    if (m.branches.size() > 2) text += line("Found in all", m.p_found(), "");
    text += state_lines("State after", [&](BreachState s) { return m.p_state(s); });
    text += render_trailer(m.rules(), notes, m.not_modelled());
  }
  ctx.emit(json, text);
}

void odds_escalade_inputs(Fields& f, EscaladeRequest& r) {
  escalade_work_inputs(f, r);
  f.text({"section", "With --state: the section climbed, as the file has it (the file is only read)", "ID"},
         r.section);
}

void odds_demolish_inputs(Fields& f, DemolishRequest& r) {
  demolish_work_inputs(f, r);
  f.text({"section", "With --state: the section the charges are set against (the file is only read)", "ID"},
         r.section);
}

void odds_mine_inputs(Fields& f, MineRequest& r) {
  mine_work_inputs(f, r);
  f.text({"section", "With --state: the section whose gallery is dug (the file is only read)", "ID"}, r.section);
}

}  // namespace

Command demolish_odds_command() {
  return plain_command<DemolishRequest, odds_demolish_inputs, odds_of_demolish>(
      "demolish", "Odds of charges: the Craft check and the damage and state after", "");
}

Command escalade_odds_command() {
  return plain_command<EscaladeRequest, odds_escalade_inputs, odds_of_escalade>(
      "escalade", "Odds of a climb: climbers up after N rounds, all up by each round, expected rounds", "");
}

Command mine_odds_command() {
  return plain_command<MineRequest, odds_mine_inputs, odds_of_mine>(
      "mine", "Odds of a mine: found on each day, or fired, and the state after", "");
}

}  // namespace siege::cli
