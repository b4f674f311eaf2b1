// `siege sortie`: the characters attack a besieger engine or the camp (E3,
// "a sortie"), with the arithmetic of an engine's hit in a scene.
#include <fmt/core.h>
#include <fmt/format.h>

#include "commands/cmd_attack.hpp"
#include "commands/command.hpp"
#include "print/json.hpp"
#include "print/render.hpp"
#include "print/text.hpp"
#include "siege/scene.hpp"

namespace siege::cli {

namespace {

struct SortieRequest {
  std::string at;
  AttackRequest attack;  // its weapon and roll inputs only
};

void sortie_inputs(Fields& f, SortieRequest& r) {
  static const std::string at_help = see_hint("The besieger engine attacked, or camp", {"status"});
  f.text({.key = "at", .help = at_help, .value_name = "ID",
          .need = Need::required},
         r.at);
  static constexpr std::string_view weapon_unless[] = {"hull-damage"};
  weapon_stat_inputs(f, r.attack, weapon_unless);
  attack_roll_inputs(f, r.attack);
}

ActionResult sortie_action(const SortieRequest& r, Context& ctx, SiegeState* st) {
  const Tables& t = ctx.tables();
  SortieInput in;
  in.target = r.at;
  in.weapon = request_weapon(r.attack, t);
  in.spend_boons = r.attack.spend_boons;
  const PreparedRoll roll = prepare_roll(r.attack, FiringSlit::no);
  in.check = roll.check ? *roll.check : roll_check(*roll.spec, t.dice, ctx.rng());
  const EngineHit o = resolve_sortie(st->now, t, in);
  std::string json = print::json_text(print::write_engine_hit, o, ctx.seed(), "sortie");
  return {std::move(json), ctx.globals.json ? std::string() : print::sortie_text(o, ctx.seed()),
          {{"target", o.target},
           {"hit", o.hit},
           {"damage", o.damage},
           {"hull", {{"before", o.hull.before}, {"after", o.hull.after}}},
           {"knocked_out", o.knocked_out}}};
}

}  // namespace

SIEGE_COMMAND(sortie) = action_command<SortieRequest, sortie_inputs, sortie_action, print::describe_sortie>({
    .name = "sortie",
    .rank = 220,
    .summary = "The characters attack a besieger engine or the camp (with --state)",
    .example = "siege --state siege.json sortie --at ram --weapon cannon --successes 2",
    .needs_state = true});

}  // namespace siege::cli
