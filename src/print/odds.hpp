// print/odds.hpp - the outcomes of `siege odds` as JSON and as text.
//
// Apart from json.hpp and text.hpp because the odds headers bring in
// Boost's (as siege/siege.hpp leaves them out): only the odds commands and
// the chronicle include this one. odds.cpp writes the JSON, odds_text.cpp
// the text, of the figures each odds command computes (the *Figures
// structs below: views of the command's results, not copies). The pieces
// they share, the chances as JSON ({"p": "a/b", "value": x}) and as
// percentages and bars, are in namespace siege::cli, as render.hpp's are.
#pragma once

#include <array>
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "print/json.hpp"
#include "siege/odds.hpp"
#include "siege/odds_scene.hpp"
#include "siege/odds_works.hpp"
#include "siege/state_json.hpp"

namespace siege::cli {

// The ladder states in order, for "state after" lists.
inline constexpr BreachState all_states[] = {BreachState::intact, BreachState::cracked,
                                             BreachState::breached};

// `key`: {"p": "a/b" in lowest terms, "value": the nearest double}.
void write_p(siege::JsonWriter& w, std::string_view key, const odds::Rational& r);
void write_p(siege::JsonWriter& w, std::string_view key, const odds::Fraction& f);
// The chance num/den as a double for display: the nearest double, except
// that a chance that is not 0 never shows as 0 (it underflows to the least
// double above 0) and one that is not 1 never as 1.
[[nodiscard]] double shown(const odds::Int& num, const odds::Int& den);
[[nodiscard]] double shown(const odds::Rational& r);
[[nodiscard]] double shown(const odds::Fraction& f);
// " 12.34%" (7 characters); a chance above 0 that would round to 0.00% is
// "< 0.01%", one below 1 that would round to 100.00% is ">99.99%": only a
// true 0 or 1 prints as 0.00% or 100.00%. And a bar of `width` cells for
// 100%: none for a true 0 only, at least one cell for any chance above 0,
// and a full bar for a true 1 only (at most width - 1 cells below 1).
[[nodiscard]] std::string percent(double p);
[[nodiscard]] std::string bar(double p, int width = 40);
// "3 skill + 2 difficulty + 2 Bane dice".
[[nodiscard]] std::string dice_words(const CheckSpec& spec, const DiceTable& t);

}  // namespace siege::cli

namespace siege::print {

// `odds check`: the check's odds, and its net Successes and Boons grouped.
struct CheckOddsFigures {
  const CheckSpec& spec;
  const DiceTable& dice;
  const odds::CheckOdds& c;
  const std::map<int, odds::Int>& succ;
  const std::map<int, odds::Int>& boons;
};

// `odds attack`: one attack's outcomes (and grouped by miss, damage and
// state after), the ladder states after each of `attacks` attacks, and the
// expected attacks to breach (none: never).
struct AttackOddsFigures {
  const AttackInput& in;
  const std::optional<CheckSpec>& spec;  // none: the referee's roll
  const DiceTable& dice;
  int hull = 0;    // the section's Hull
  int before = 0;  // suffered before the attack
  const odds::AttackOdds& one;
  const odds::Factors& one_factors;  // of one.total
  const odds::Int& miss;
  const std::map<int, odds::Int>& by_damage;
  const std::map<BreachState, odds::Int>& by_state;
  int attacks = 1;
  const std::vector<std::array<odds::Fraction, 3>>& after;
  const std::optional<odds::Fraction>& expected;
};

// `odds --compare`: each weapon against each structure.
struct CompareFigures {
  struct Cell {
    odds::Fraction breached;
    std::optional<odds::Fraction> expected;
  };
  const std::vector<const Weapon*>& weapons;
  const std::vector<const Structure*>& structures;
  const std::vector<std::vector<Cell>>& cells;  // [weapon][structure]
  int attacks = 0;
  int pool = 0;
};

// `odds demolish`: the outcomes of the charges; `any` is one of them (what
// they share: the charges, the structure, the maneuvers).
struct DemolishOddsFigures {
  const odds::DemolitionOdds& d;
  const DemolitionOutcome& any;
  const std::optional<CheckSpec>& spec;  // none: no roll
  const odds::Factors& total_factors;    // of d.total
  const std::optional<odds::Rational>& pass;
  const std::vector<std::string>& notes;
  const DiceTable& dice;
};

// `odds escalade`: the climb; `hopeless`: no roll passes.
struct EscaladeOddsFigures {
  const odds::EscaladeOdds& e;
  bool hopeless = false;
  const std::vector<std::string>& notes;
  const std::vector<std::string>& rules;
  const DiceTable& dice;
};

// `odds mine`: the days of digging; `last` is the branch never found (or
// the certain outcome).
struct MineOddsFigures {
  const MineInput& in;
  const odds::MineOdds& m;
  const MineOutcome& last;
  const std::vector<std::string>& notes;
  const DiceTable& dice;
};

// ---------------------------------------------------------------- odds.cpp

// Action "odds", "of" the question; each object ends with the trailer.
void write_check_odds(JsonWriter& w, const CheckOddsFigures& f);
void write_attack_odds(JsonWriter& w, const AttackOddsFigures& f);
void write_compare_odds(JsonWriter& w, const CompareFigures& f);
void write_demolish_odds(JsonWriter& w, const DemolishOddsFigures& f);
void write_escalade_odds(JsonWriter& w, const EscaladeOddsFigures& f);
void write_mine_odds(JsonWriter& w, const MineOddsFigures& f);
// `odds scene`: the siege `st` of the state file `path`, and each section's,
// engine's and the camp's chances by the end of each coming scene.
void write_scene_odds(JsonWriter& w, const odds::SceneOdds& o, const SiegeState& st, const std::string& path);

// `odds scene --if LINE ...`: the outlook of the siege `st_after` that those
// lines made of `st` (a copy: the file at `path` is as it was), and today's.
struct SceneOddsIf {
  const odds::SceneOdds& today;
  const odds::SceneOdds& after;
  const SiegeState& st;
  const SiegeState& st_after;
  const std::vector<std::string>& lines;
  const std::string& path;
};
// The object of `odds scene` for `st_after`, with "if" (the lines) and
// "today" (the object of `odds scene` for `st`).
void write_scene_odds_if(JsonWriter& w, const SceneOddsIf& f);

// ---------------------------------------------------------------- odds_text.cpp

[[nodiscard]] std::string check_odds_text(const CheckOddsFigures& f);
[[nodiscard]] std::string attack_odds_text(const AttackOddsFigures& f);
// `odds --compare` as a table (first row the header) and its heading line.
[[nodiscard]] std::vector<std::vector<std::string>> compare_odds_rows(const CompareFigures& f);
[[nodiscard]] std::string compare_odds_heading(const CompareFigures& f);
[[nodiscard]] std::string demolish_odds_text(const DemolishOddsFigures& f);
[[nodiscard]] std::string escalade_odds_text(const EscaladeOddsFigures& f);
[[nodiscard]] std::string mine_odds_text(const MineOddsFigures& f);
[[nodiscard]] std::string scene_odds_text(const odds::SceneOdds& o, const SiegeState& st, const Tables& t);
// Today's outlook and the one after the lines, row by row, each section's
// and engine's chances side by side.
[[nodiscard]] std::string scene_odds_if_text(const SceneOddsIf& f);

}  // namespace siege::print
