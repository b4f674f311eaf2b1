// Shared by the `odds` subcommands (cmd_odds.cpp, cmd_odds_works.cpp):
// exact probabilities as JSON ({"p": "a/b", "value": x}) and as text.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli.hpp"
#include "siege/detail/json_writer.hpp"
#include "siege/odds_works.hpp"

namespace siege::cli {

// The ladder states in order, for "state after" lists.
inline constexpr BreachState all_states[] = {BreachState::intact, BreachState::cracked,
                                             BreachState::breached};

// `key`: {"p": "a/b" in lowest terms, "value": the nearest double}.
void write_p(detail::JsonWriter& w, std::string_view key, const odds::Rational& r);
void write_p(detail::JsonWriter& w, std::string_view key, const odds::Fraction& f);
// " 12.34%", and a bar of `width` cells for 100% (at least one cell for any chance above 0).
[[nodiscard]] std::string percent(double p);
[[nodiscard]] std::string bar(double p, int width = 40);
// "3 skill + 2 difficulty + 2 Bane dice".
[[nodiscard]] std::string dice_words(const CheckSpec& spec, const DiceTable& t);

// One subcommand of `odds`, added to it; `run` is called when `app` was the
// subcommand named.
struct OddsSubcommand {
  CLI::App* app = nullptr;
  Runner run;
};

// Adds subcommand `name` to `odds`: `add_options` puts its options on a
// Request, `run` works the odds out from it.
template <class Request>
[[nodiscard]] OddsSubcommand add_odds_subcommand(CLI::App& odds, const std::string& name,
                                                 const std::string& summary,
                                                 void (*add_options)(CLI::App&, Request&),
                                                 void (*run)(const Request&, Context&)) {
  auto r = std::make_shared<Request>();
  CLI::App* app = odds.add_subcommand(name, summary);
  app->fallthrough();
  add_options(*app, *r);
  return {app, [r, run](Context& ctx) { run(*r, ctx); }};
}
// `odds demolish`, `odds escalade` and `odds mine` (cmd_odds_works.cpp).
[[nodiscard]] OddsSubcommand add_demolish_odds(CLI::App& odds);
[[nodiscard]] OddsSubcommand add_escalade_odds(CLI::App& odds);
[[nodiscard]] OddsSubcommand add_mine_odds(CLI::App& odds);
// `odds scene` (cmd_odds_scene.cpp).
[[nodiscard]] OddsSubcommand add_scene_odds(CLI::App& odds);

}  // namespace siege::cli
