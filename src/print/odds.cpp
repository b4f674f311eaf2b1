// print/odds.cpp - the outcomes of `siege odds` as JSON (print/odds.hpp),
// and the chances as JSON.
#include <fmt/format.h>

#include "print/odds.hpp"

namespace siege::cli {

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

}  // namespace siege::cli

namespace siege::print {

using cli::all_states;
using cli::write_p;
using odds::Fraction;
using odds::Int;

namespace {

void begin_odds(JsonWriter& w, std::string_view of) {
  w.begin_object().field("schema", schema_version).field("action", "odds").field("of", of);
}

template <class P>
void write_state_after(JsonWriter& w, P p_state) {
  w.key("state_after").begin_object();
  for (auto st : all_states) write_p(w, name_of(st), p_state(st));
  w.end_object();
}

std::string mine_result(const MineOutcome& o) {
  if (o.detected_on) return "found";
  return o.fired ? "fired" : "digging";
}

}  // namespace

// ---------------------------------------------------------------- check

void write_check_odds(JsonWriter& w, const CheckOddsFigures& f) {
  const CheckSpec& spec = f.spec;
  const odds::CheckOdds& c = f.c;
  begin_odds(w, "check");
  w.field("difficulty", name_of(spec.difficulty)).field("pool", spec.pool);
  w.field("bane_dice", spec.bane_dice).field("boon_dice", spec.boon_dice);
  w.field("ways", c.total.str());
  write_p(w, "pass", c.pass());
  w.key("net_successes").begin_array();
  for (const auto& [v, ways] : f.succ) {
    w.begin_object().field("successes", v);
    write_p(w, "probability", c.share(ways));
    w.end_object();
  }
  w.end_array();
  w.key("net_boons").begin_array();
  for (const auto& [v, ways] : f.boons) {
    w.begin_object().field("boons", v);
    write_p(w, "probability", c.share(ways));
    w.end_object();
  }
  w.end_array();
  write_trailer(w, {"symbol-dice", "exact-odds"}, {}, {});
  w.end_object();
}

// ---------------------------------------------------------------- attack

void write_attack_odds(JsonWriter& w, const AttackOddsFigures& f) {
  const AttackInput& in = f.in;
  const odds::AttackOdds& one = f.one;
  const auto& expected = f.expected;
  auto share = [&](const Int& ways) { return odds::reduced(ways, f.one_factors); };
  begin_odds(w, "attack");
  w.field("structure", in.structure->id)
      .field("weapon", in.weapon_inline ? std::string("inline") : in.weapon.id);
  w.key("hull").begin_object().field("max", f.hull).field("before", f.before).end_object();
  w.field("ladder", in.ladder == LadderMode::hull ? "hull" : "steps");
  w.field("ways", one.total.str());
  write_p(w, "miss", share(f.miss));
  w.key("damage").begin_array();
  for (const auto& [d, ways] : f.by_damage) {
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
    write_p(w, name_of(s), share(f.by_state.at(s)));
  w.end_object();
  w.field("attacks", f.attacks);
  w.key("after_attacks").begin_array();
  for (std::size_t n = 0; n < f.after.size(); ++n) {
    w.begin_object().field("attacks", static_cast<int>(n + 1));
    for (auto s : all_states) write_p(w, name_of(s), f.after[n][static_cast<std::size_t>(s)]);
    w.end_object();
  }
  w.end_array();
  if (expected)
    write_p(w, "expected_attacks_to_breach", *expected);
  else
    w.key("expected_attacks_to_breach").null();
  std::vector<std::string> notes;
  if (!f.spec) notes.emplace_back("The referee's result was given, so this outcome is certain.");
  if (!expected) notes.emplace_back("Attacks like this one can never breach the section from here.");
  write_trailer(w, {"exact-odds", "damage", "breach-ladder"}, notes, {});
  w.end_object();
}

// ---------------------------------------------------------------- compare

void write_compare_odds(JsonWriter& w, const CompareFigures& f) {
  const auto& weapons = f.weapons;
  const auto& structures = f.structures;
  const auto& cells = f.cells;
  begin_odds(w, "compare");
  w.field("attacks", f.attacks).field("pool", f.pool);
  w.key("cells").begin_array();
  for (std::size_t i = 0; i < weapons.size(); ++i)
    for (std::size_t j = 0; j < structures.size(); ++j) {
      w.begin_object().field("weapon", weapons[i]->id).field("structure", structures[j]->id);
      write_p(w, "breached", cells[i][j].breached);
      if (cells[i][j].expected)
        write_p(w, "expected_attacks", *cells[i][j].expected);
      else
        w.key("expected_attacks").null();
      w.end_object();
    }
  w.end_array();
  write_trailer(w, {"exact-odds"},
                {fmt::format("Chance that an intact section is breached within {} attacks, and the expected "
                             "number of attacks to breach it; {} skill dice, Easy.",
                             f.attacks, f.pool)},
                {});
  w.end_object();
}

// ---------------------------------------------------------------- demolish

void write_demolish_odds(JsonWriter& w, const DemolishOddsFigures& f) {
  const odds::DemolitionOdds& d = f.d;
  const DemolitionOutcome& any = f.any;
  const auto& pass = f.pass;
  begin_odds(w, "demolish");
  w.field("structure", any.structure);
  w.key("charges").begin_array();
  for (const auto& l : any.charges)
    w.begin_object().field("id", l.id).field("count", l.count).field("each", l.each).end_object();
  w.end_array();
  w.field("on_pier", any.on_pier == OnPier::yes).field("maneuvers", any.maneuvers);
  w.key("hull").begin_object().field("max", any.hull.max).field("before", any.hull.before).end_object();
  w.key("check");
  if (f.spec) {
    w.begin_object().field("difficulty", name_of(f.spec->difficulty)).field("pool", f.spec->pool);
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
    write_p(w, "probability", odds::reduced(b.ways, f.total_factors));
    w.end_object();
  }
  w.end_array();
  write_state_after(w, [&](BreachState s) { return d.p_state(s); });
  write_trailer(w, d.rules(), f.notes, d.not_modelled());
  w.end_object();
}

// ---------------------------------------------------------------- escalade

void write_escalade_odds(JsonWriter& w, const EscaladeOddsFigures& f) {
  const odds::EscaladeOdds& e = f.e;
  const EscaladeOutcome& o = e.trace;
  begin_odds(w, "escalade");
  w.field("structure", o.structure).field("method", name_of(o.method)).field("attackers", o.attackers);
  w.key("lanes");
  if (o.method == ClimbMethod::tower)
    w.null();
  else
    w.value(o.lanes);
  w.field("defended", o.defended == Defended::yes).field("state", name_of(o.state));
  w.field("climbed", o.climbed).field("hopeless", f.hopeless);
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
  write_trailer(w, f.rules, f.notes, o.not_modelled);
  w.end_object();
}

// ---------------------------------------------------------------- mine

void write_mine_odds(JsonWriter& w, const MineOddsFigures& f) {
  const MineInput& in = f.in;
  const odds::MineOdds& m = f.m;
  const MineOutcome& last = f.last;
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
  write_trailer(w, m.rules(), f.notes, m.not_modelled());
  w.end_object();
}

// ---------------------------------------------------------------- scene

namespace {

// The fields of `odds scene`'s object between "of" and the trailer.
void scene_odds_fields(JsonWriter& w, const odds::SceneOdds& o, const SiegeState& st, const std::string& path) {
  w.field("file", path).field("name", st.name).field("scene_length", name_of(st.scene_length));
  w.field("played", o.played).field("scenes", o.scenes);
  w.key("sections").begin_array();
  for (const auto& s : o.sections) {
    w.begin_object().field("id", s.id).field("structure", s.structure);
    siege::write_id_or_null(w, "variant", s.variant);
    w.key("hull").begin_object().field("max", s.hull).field("suffered", s.suffered).end_object();
    w.field("state", name_of(s.state));
    w.string_array("attackers", s.attackers);
    w.key("after_scene").begin_array();
    for (std::size_t k = 0; k < s.by_scene.size(); ++k) {
      w.begin_object().field("scene", o.played + static_cast<int>(k) + 1);
      for (auto state : all_states)
        write_p(w, name_of(state), s.by_scene[k][static_cast<std::size_t>(state)]);
      w.end_object();
    }
    w.end_array();
    w.end_object();
  }
  w.end_array();
  auto by_scene = [&](std::string_view key, const std::vector<Fraction>& p) {
    w.key(key).begin_array();
    for (std::size_t k = 0; k < p.size(); ++k) {
      w.begin_object().field("scene", o.played + static_cast<int>(k) + 1);
      write_p(w, "probability", p[k]);
      w.end_object();
    }
    w.end_array();
  };
  w.key("engines").begin_array();
  for (const auto& e : o.engines) {
    w.begin_object().field("id", e.id);
    siege::write_id_or_null(w, "target", e.target);
    w.string_array("attackers", e.attackers);
    by_scene("knocked_out", e.knocked_out);
    w.end_object();
  }
  w.end_array();
  w.key("camp").begin_object();
  w.string_array("attackers", o.camp.attackers);
  by_scene("wrecked", o.camp.knocked_out);
  w.end_object();
}

}  // namespace

void write_scene_odds(JsonWriter& w, const odds::SceneOdds& o, const SiegeState& st,
                      const std::string& path) {
  begin_odds(w, "scene");
  scene_odds_fields(w, o, st, path);
  write_trailer(w, o.rules, o.notes, o.not_modelled);
  w.end_object();
}

void write_scene_odds_if(JsonWriter& w, const SceneOddsIf& f) {
  begin_odds(w, "scene");
  scene_odds_fields(w, f.after, f.st_after, f.path);
  w.string_array("if", f.lines);
  w.key("today");
  write_scene_odds(w, f.today, f.st, f.path);
  write_trailer(w, f.after.rules, f.after.notes, f.after.not_modelled);
  w.end_object();
}

}  // namespace siege::print
