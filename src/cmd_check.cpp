// `siege check`: one symbol-dice check (R27).
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include "cmd_action.hpp"
#include "commands.hpp"
#include "render.hpp"
#include "siege/report.hpp"

namespace siege::cli {

CheckSpec check_spec(const CheckRequest& r) {
  CheckSpec spec;
  spec.difficulty = parse_difficulty(r.difficulty);
  spec.pool = r.pool;
  spec.bane_dice = r.bane_dice;
  spec.boon_dice = r.boon_dice;
  return spec;
}

CheckResult run_check(const CheckRequest& r, Context& ctx) {
  return roll_check(check_spec(r), ctx.tables().dice, ctx.rng());
}

std::string check_json(const CheckResult& c, std::uint64_t seed) {
  std::string out;
  detail::JsonWriter w(out);
  write_check_outcome(w, c, seed);
  return out;
}

std::string check_text(const CheckResult& c, std::uint64_t seed) {
  return fmt::format("Check     {}\n", render_check(c, seed));
}

void add_check_options(CLI::App& app, CheckRequest& req) {
  CheckRequest* r = &req;
  app.add_option("--difficulty,-d", r->difficulty, "easy, average, hard or daunting")
      ->required()
      ->type_name("D");
  int_option(app, "--pool", r->pool, 0, max_dice, "Skill dice");
  int_option(app, "--bane-dice", r->bane_dice, 0, max_dice, "Extra Bane dice");
  int_option(app, "--boon-dice", r->boon_dice, 0, max_dice, "Extra Boon dice");
}

void check_fields(Fields& f, CheckRequest& r) {
  f.text("difficulty", r.difficulty);
  f.number("pool", r.pool, 0, max_dice);
  f.number("bane-dice", r.bane_dice, 0, max_dice);
  f.number("boon-dice", r.boon_dice, 0, max_dice);
}

// A check changes nothing in a siege; with a state it runs the same.
ActionResult check_action(const CheckRequest& r, Context& ctx, SiegeState*) {
  const auto c = run_check(r, ctx);
  return {check_json(c, ctx.seed()), check_text(c, ctx.seed()),
          {{"net_successes", c.net_successes}, {"net_boons", c.net_boons}, {"passed", c.passed()}}};
}

std::string describe_check(const nlohmann::json& o) {
  return fmt::format("{} Successes, {} Boons: {}", o.value("net_successes", 0), o.value("net_boons", 0),
                     o.value("passed", false) ? "passed" : "failed");
}

Runner setup_check(CLI::App& app) {
  auto r = std::make_shared<CheckRequest>();
  add_check_options(app, *r);
  return [r](Context& ctx) {
    ctx.text_or_json_only("check");
    run_action<CheckRequest>(ctx, "check", *r, check_fields, check_action, false);
  };
}

}  // namespace siege::cli
