// Shared by the `odds` subcommands (cmd_odds.cpp, cmd_odds_works.cpp):
// exact probabilities as JSON ({"p": "a/b", "value": x}) and as text.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <optional>

#include "front/cli.hpp"
#include "siege/state_json.hpp"
#include "siege/detail/json_writer.hpp"
#include "siege/odds_works.hpp"

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

// `odds attack|demolish|mine|escalade --section ID` (or `odds attack
// --engine ID`) with --state: the siege as the file has it, read only (no
// lock, nothing written, nothing logged), as `odds scene` reads it; nullopt
// when neither was asked for (`asked`: the input that asks for it, or empty).
// Asked for without --state: that input's refusal.
[[nodiscard]] std::optional<SiegeState> odds_state(Context& ctx, std::string_view asked);

}  // namespace siege::cli
