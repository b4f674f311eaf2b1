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
  return {std::move(json), ctx.wants_text() ? print::sortie_text(o, ctx.seed()) : std::string(),
          {{"target", o.target},
           {"hit", o.hit},
           {"damage", o.damage},
           {"hull", {{"before", o.hull.before}, {"after", o.hull.after}}},
           {"knocked_out", o.knocked_out}}};
}

}  // namespace

namespace {

// What the references say of `sortie` (tools/gen-refs writes docs/siege.1, README.md,
// docs/state.md and the outcome schema from it).
CommandDoc sortie_doc() {
  return {
      .synopsis = R"doc(`siege --state` *FILE* `sortie --at` *ENGINE*|*camp* (`--weapon` *ID* | `--hull-damage` *N* ...) (`--successes` *N* [`--boons` *N*] | `--pool` *N*))doc",
      .about = R"doc(The characters attack a besieger engine or the camp (one of the characters' own scenes): the
same arithmetic as an engine's hit in a scene (E2): the weapon's Hull damage plus net Successes
less the row's Armor (Pierce applies, R1), with Crit bundles (R3); Hull suffered is capped at
the row's Hull, and at its Hull the engine is knocked out (the camp wrecked). A defender engine,
a section, a knocked-out engine and a wrecked camp are refused. The weapon and roll options are
those of `attack`. Needs `--state`; logged.)doc",
      .inputs = R"doc(@at: The besieger engine attacked, or `camp`.
@weapon: Weapon id.
@hull-damage: Inline weapon: Hull damage.
@pierce: Inline weapon: Pierce.
@crit: Inline weapon: Boons per +2 Hull damage.
@mount: Inline weapon: mount (a personal weapon is refused, R7).
@gunpowder indirect blast: Inline weapon qualities.
@successes: The referee's roll: net Successes.
@boons: The referee's roll: net Boons.
@spend-boons: Spend only N Boons on Crit bundles.
@pool: Skill dice of the Easy attack check.
@bane-dice: Extra Bane dice.
@boon-dice: Extra Boon dice.)doc",
      .example = R"doc(Example:

    $ siege --state siege.json sortie --at ram --weapon cannon \
        --successes 2
    Damage    6 Hull damage +2 Successes - 1 Armor = 7
    Hull      [#################...] 7/8 suffered)doc",
      .with_state = R"doc(the besieger engine's (or the camp's) Hull suffered and `knocked_out` written; needs a state)doc",
      .outcome = R"json({
  "sortie_outcome": {
    "description": "`siege sortie`: the characters' attack on a besieger engine or the camp (E2's arithmetic).",
    "allOf": [{"$ref": "#/$defs/base"}, {"$ref": "#/$defs/logged"}],
    "properties": {
      "action": {"const": "sortie"},
      "target": {"$ref": "#/$defs/id"},
      "engine_row": {"$ref": "#/$defs/id"},
      "weapon": {"$ref": "#/$defs/id"},
      "seed": {"$ref": "#/$defs/seed"},
      "weapon_stats": {"$ref": "#/$defs/weapon_stats"},
      "check": {"$ref": "#/$defs/check"},
      "armor": {"$ref": "#/$defs/armor"},
      "hit": {"type": "boolean"},
      "crit_bundles": {"$ref": "#/$defs/count"},
      "damage": {"$ref": "#/$defs/count"},
      "overkill": {"$ref": "#/$defs/count"},
      "hull": {"$ref": "#/$defs/hull"},
      "knocked_out": {"type": "boolean"}
    },
    "required": [
      "target",
      "engine_row",
      "weapon",
      "seed",
      "weapon_stats",
      "check",
      "armor",
      "hit",
      "crit_bundles",
      "damage",
      "overkill",
      "hull",
      "knocked_out"
    ],
    "unevaluatedProperties": false
  }
})json"};
}

}  // namespace

SIEGE_COMMAND(sortie) = action_command<SortieRequest, sortie_inputs, sortie_action, print::describe_sortie>({
    .name = "sortie",
    .rank = 220,
    .summary = "The characters attack a besieger engine or the camp (with --state)",
    .example = "siege --state siege.json sortie --at ram --weapon cannon --successes 2",
    .needs_state = true,
    .doc = sortie_doc});

}  // namespace siege::cli
