// `siege hold`: a unit holding a breach takes a morale check (R21, R22, R28).
#include <fmt/core.h>
#include <fmt/format.h>

#include "command.hpp"
#include "siege/breach.hpp"
#include "siege/morale.hpp"
#include "render.hpp"
#include "troop_text.hpp"

namespace siege::cli {

namespace {

// `hold`: a unit holding a breach takes a morale check (R21, R22, R28).
struct HoldRequest {
  std::optional<int> needed;
  std::optional<int> rolled;  // absent: roll the data's morale dice
  std::string order;          // good, shaken (routed is refused); required unless hero
  Given<std::string> site = std::string("breach");
  Given<int> unprotected_in_contact = 0;
  bool hero = false;
  std::optional<int> figures;
  std::optional<int> enemy_figures;
};

HoldOutcome run_hold(const HoldRequest& r, Context& ctx) {
  HoldInput in;
  in.hero = r.hero ? Hero::yes : Hero::no;
  if (r.order.empty() && !r.hero)
    fail_usage("missing-option", "hold: --order good|shaken is required");
  in.order = r.order.empty() ? Order::good : parse_order(r.order);
  in.site = parse_hold_site(*r.site);
  in.unprotected_in_contact = *r.unprotected_in_contact;
  in.needed = r.needed;
  in.figures = r.figures;
  in.enemy_figures = r.enemy_figures;
  if (r.rolled) in.roll = referee_roll(*r.rolled);
  // A hero never fails, so nothing is rolled for one unless the referee did.
  const bool roll_here = !r.rolled && !r.hero;
  validate_hold(in, roll_here ? RollComing::yes : RollComing::no);
  if (roll_here) in.roll = roll_morale(ctx.tables().dice, ctx.rng());
  return resolve_hold(in);
}

std::string hold_json(const HoldOutcome& o, std::uint64_t seed) {
  std::string out;
  detail::JsonWriter w(out);
  write_hold(w, o, seed);
  return out;
}

std::string hold_text(const HoldOutcome& o, std::uint64_t seed) {
  std::string s;
  const std::string figures = o.figures ? fmt::format(", {} figures", *o.figures) : std::string();
  s += fmt::format("Hold      {} at the {} ({}){}\n",
                   o.hero ? std::string("a hero") : fmt::format("{} unit", name_of(o.order_before)),
                   name_of(o.site), name_of(site_kind(o.site)), figures);
  if (!o.roll) {
    s += "Roll      none: a hero never fails a morale check (R21)\n";
  } else if (o.roll->rolled) {
    std::string dice;
    for (int d : o.roll->dice) dice += fmt::format("[{}] ", d);
    if (o.roll->modifier != 0) dice += fmt::format("{:+} ", o.roll->modifier);
    s += fmt::format("Roll      {} (seed {}): {}= {}\n", o.roll->expression, seed, dice, o.roll->total);
  } else {
    s += fmt::format("Roll      {} (the referee's roll)\n", o.roll->total);
  }
  if (o.needed && o.roll) {
    const bool roll_ok = morale_passed(o.roll->total, *o.needed);
    s +=
        fmt::format("Needed    {} or less -> {}{}\n", *o.needed,
                    roll_ok ? painted_pass(true)
                            : painted_pass(false) +
                                  fmt::format(" by {}", o.roll->total - static_cast<std::int64_t>(*o.needed)),
                    o.hero && !roll_ok ? ", but a hero never fails (R21)" : "");
  }
  if (o.passed) {
    s += fmt::format("Result    held: no enemy figure gets past\n");
  } else {
    s += fmt::format("Result    {} enemy figure{} force{} a way through{} (R21)\n", o.through,
                     o.through == 1 ? "" : "s", o.through == 1 ? "s" : "",
                     o.capped ? fmt::format(" (margin {}, capped at the enemy's {})", o.margin, *o.enemy_figures)
                              : std::string());
    s += "Defender  steps back just enough to let them through; no 4\" withdrawal\n";
  }
  if (!o.hero) s += fmt::format("Order     {} -> {}\n", name_of(o.order_before), name_of(o.order_after));
  s += fmt::format("Rules     {}\n", rules_with_rulings(o.rules));
  if (!o.notes.empty() || !o.not_modelled.empty()) s += "Notes\n" + render_notes(o.notes, o.not_modelled);
  return s;
}

void hold_inputs(Fields& f, HoldRequest& r) {
  f.number({"needed", "The morale roll needed (pass when rolled <= needed)"}, r.needed, 0, max_morale_number);
  f.number({"rolled", "The referee's morale roll; without it the data's morale dice are rolled"}, r.rolled,
           -max_morale_number, max_morale_number);
  f.text({"order", "The unit's order: good or shaken (a routed unit cannot hold)", "ORDER"}, r.order);
  f.text({"site", "breach, gateway, doorway, window, wall-top, rampart, parapet, breastwork; "
                  "corridor, bridge and passage are refused (R22)", "SITE"},
         r.site);
  f.number({"unprotected-in-contact",
            "On a wall-top/rampart/parapet/breastwork: figures in contact not behind the barrier"},
           r.unprotected_in_contact, 0, max_figures);
  f.flag({"hero", "A hero holds: never fails a morale check (R21)"}, r.hero);
  f.number({"figures", "Figures in the holding unit (reported)"}, r.figures, 1, max_figures);
  f.number({"enemy-figures", "Enemy figures that could pass: caps the number forced through"}, r.enemy_figures, 1,
           max_figures);
}

ActionResult hold_action(const HoldRequest& r, Context& ctx, SiegeState*) {
  const auto o = run_hold(r, ctx);
  return {hold_json(o, ctx.seed()), hold_text(o, ctx.seed()), {{"passed", o.passed}, {"through", o.through}}};
}

std::string describe_hold(const nlohmann::json& o) {
  if (o.value("passed", false)) return "held";
  return fmt::format("failed: {} enemy figure(s) forced through", o.value("through", 0));
}

}  // namespace

Command hold_command() {
  return action_command<HoldRequest, hold_inputs, hold_action, describe_hold>(
      "hold", "Hold a breach: the morale check and how many enemy figures force their way through",
      "siege hold --needed 12 --rolled 15 --order good --site breach");
}

}  // namespace siege::cli
