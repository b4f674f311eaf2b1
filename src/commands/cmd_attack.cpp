// `siege attack`: one attack on one section (R1-R15).
#include <fmt/core.h>
#include <fmt/format.h>

#include "commands/cmd_attack.hpp"
#include "commands/actions.hpp"
#include "commands/command.hpp"
#include "commands/flat_reader.hpp"
#include "print/json.hpp"
#include "print/render.hpp"
#include "print/text.hpp"
#include "siege/scene.hpp"
#include "siege/detail/suggest.hpp"
#include "siege/tables_json.hpp"

namespace siege::cli {

// How --ladder counts (its declaration's choices).
constexpr std::string_view ladder_modes[] = {"hull", "steps"};

Weapon request_weapon(const AttackRequest& r, const Tables& t) {
  Weapon w;
  request_weapon_into(r, t, w);
  return w;
}

void request_weapon_into(const AttackRequest& r, const Tables& t, Weapon& w) {
  if (!r.weapon.empty()) {
    w = t.weapon(r.weapon);  // a copy into w's memory
  } else {  // an inline weapon: --hull-damage is given (check_declared)
    w = Weapon{};
    w.id = "inline";
    w.name = "Inline weapon";
  }
  if (r.hull_damage) w.hull_damage = *r.hull_damage;
  if (r.pierce) w.pierce = *r.pierce;
  if (r.crit) w.crit = *r.crit;
  if (!r.mount.empty()) w.mount = parse_mount(r.mount);
  if (r.gunpowder) w.qualities |= static_cast<std::uint32_t>(Quality::gunpowder);
  if (r.indirect) w.qualities |= static_cast<std::uint32_t>(Quality::indirect);
  if (r.blast) w.qualities |= static_cast<std::uint32_t>(Quality::blast);
  // R7, the weapon named as it was given: by its stats, or its row (made
  // personal by --mount, or personal in the table).
  if (r.weapon.empty()) refuse_personal(w, "the " + inline_weapon_words(w));
  if (!r.mount.empty()) refuse_personal(w, "weapon '" + w.id + "' with --mount " + r.mount);
}

PreparedRoll prepare_roll(const AttackRequest& r, FiringSlit firing_slit) {
  PreparedRoll p;
  if (r.successes) {
    if (r.pool.given() || r.bane_dice.given() || r.boon_dice.given())
      refuse_input("bad-option", r.pool.given() ? "pool" : r.bane_dice.given() ? "bane-dice" : "boon-dice",
                   "rolls dice; it does not go with the referee's " + input_word("successes"));
    p.check = referee_check(Difficulty::easy, *r.successes, r.boons.value_or(0));
  } else {
    if (r.boons) refuse_input("bad-option", "boons", "goes with " + input_word("successes") + " (the referee's own roll)");
    p.spec = attack_check_spec(firing_slit, *r.pool, *r.bane_dice, *r.boon_dice);
  }
  return p;
}

PreparedAttack prepare_attack(const AttackRequest& r, const Tables& t) {
  PreparedAttack p;
  prepare_attack_into(r, t, p);
  return p;
}

void prepare_attack_into(const AttackRequest& r, const Tables& t, PreparedAttack& p) {
  AttackInput& in = p.input;
  in.structure = &t.structure(r.structure);
  request_weapon_into(r, t, in.weapon);
  in.weapon_inline = r.weapon.empty();
  refuse_personal(in.weapon);
  in.portcullis = r.portcullis ? Portcullis::yes : Portcullis::no;
  in.firing_slit = r.firing_slit ? FiringSlit::yes : FiringSlit::no;
  in.damage_taken = 0;
  in.from = BreachState::intact;
  if (std::string_view(*r.ladder) == "hull") {
    in.ladder = LadderMode::hull;
    if (!r.from.empty())
      refuse_input("bad-option", "from", "goes with " + input_word("ladder") + " steps; in hull mode give " +
                                             input_word("damage-taken"));
    in.damage_taken = r.damage_taken.value_or(0);
  } else {  // steps: the declared choices hold --ladder to hull or steps
    in.ladder = LadderMode::steps;
    if (r.damage_taken)
      refuse_input("bad-option", "damage-taken",
                   "counts Hull Points; with " + input_word("ladder") + " steps give " + input_word("from") + " STATE");
    in.from = r.from.empty() ? BreachState::intact : parse_breach_state(r.from);
  }
  in.spend_boons = r.spend_boons;
  PreparedRoll roll = prepare_roll(r, in.firing_slit);
  // Otherwise the caller rolls p.spec into in.check (run_attack, odds),
  // whatever it held: its dice keep their memory.
  if (roll.check) in.check = *roll.check;
  p.spec = roll.spec;
}

namespace {

// The outcome of `r` into `o`, by way of `p`: either may hold an earlier
// attack whose memory it reuses (prepare_attack_into, resolve_attack).
void run_attack(const AttackRequest& r, Context& ctx, PreparedAttack& p, AttackOutcome& o) {
  const Tables& t = ctx.tables();
  prepare_attack_into(r, t, p);
  if (p.spec) roll_check_into(*p.spec, t.dice, ctx.rng(), p.input.check);
  resolve_attack(p.input, o);
}

}  // namespace

// The declarations of the attack's inputs, built once: a batch line visits
// these 22 inputs, and building each one's In at every visit cost about 590
// instructions a line. Those that are constants are shared by both
// instances of the functions below; those whose help names a command are
// built at their first use (each instance has its own), and --weapon's,
// whose alternatives the caller gives, at every visit.
namespace attack_in {

constexpr In hull_damage{"hull-damage", "Inline weapon: Hull damage"};
constexpr In pierce{"pierce", "Inline weapon: Pierce"};
constexpr In crit{"crit", "Inline weapon: Boons per +2 Hull damage (0: none)"};
constexpr In mount{.key = "mount",
                   .help = "Inline weapon: personal, light, standard, heavy or capital",
                   .value_name = "MOUNT",
                   .choices = mount_names};
constexpr In gunpowder{"gunpowder", "Inline weapon: gunpowder quality"};
constexpr In indirect{"indirect", "Indirect fire (R10)"};
constexpr In blast{"blast", "Inline weapon: Blast quality (R9)"};

constexpr In successes{"successes", "The referee's roll: net Successes (no dice rolled)"};
constexpr In boons{"boons", "The referee's roll: net Boons"};
constexpr In spend_boons{"spend-boons", "Spend only N Boons on Crit bundles (R3)"};
constexpr In pool{"pool", "Skill dice to roll"};
constexpr In bane_dice{"bane-dice", "Extra Bane dice"};
constexpr In boon_dice{"boon-dice", "Extra Boon dice"};

// --engine (with --state) attacks with its own weapon.
constexpr std::string_view weapon_unless[] = {"hull-damage", "engine"};
constexpr In damage_taken{"damage-taken", "Hull the section has already suffered"};
constexpr In ladder{
    .key = "ladder", .help = "hull (count Hull Points) or steps (R5)", .value_name = "MODE", .choices = ladder_modes};
constexpr In from{.key = "from",
                  .help = "Steps mode: the state before (intact, cracked)",
                  .value_name = "STATE",
                  .choices = Words(breach_state_names).first(2),  // a breached section takes no attack's steps
                  .choice_id = "bad-state"};
constexpr In portcullis{"portcullis", "Castle gate with a portcullis: Armor 3, Hull 10 (R12)"};
constexpr In firing_slit{"firing-slit", "Pillbox: aim through the slit, +3 Bane dice (R11)"};

constexpr In engine{
    .key = "engine", .help = "With --state: this besieger engine attacks its target", .value_name = "ID", .state_only = true};

}  // namespace attack_in

template <typename F>
void weapon_stat_inputs(F& f, AttackRequest& r, Words weapon_unless) {
  using namespace attack_in;
  static const std::string weapon_help = see_hint("Weapon id", {"list", "weapons"});
  f.text({.key = "weapon",
          .help = weapon_help,
          .value_name = "ID",
          .also = "-w",
          .required_unless = weapon_unless,
          .missing_id = "no-weapon"},
         r.weapon);
  f.number(hull_damage, r.hull_damage, 0, 1000);
  f.number(pierce, r.pierce, 0, 1000);
  f.number(crit, r.crit, 0, 1000);
  f.text(mount, r.mount);
  f.flag(gunpowder, r.gunpowder);
  f.flag(indirect, r.indirect);
  f.flag(blast, r.blast);
}

template <typename F>
void attack_roll_inputs(F& f, AttackRequest& r) {
  using namespace attack_in;
  f.number(successes, r.successes, -100, 100);
  f.number(boons, r.boons, -100, 100);
  f.number(spend_boons, r.spend_boons, 0, 100);
  f.number(pool, r.pool, 0, max_dice);
  f.number(bane_dice, r.bane_dice, 0, max_dice);
  f.number(boon_dice, r.boon_dice, 0, max_dice);
}

template <typename F>
void structure_input(F& f, std::string& structure) {
  static const std::string help = see_hint("Structure id", {"list", "structures"});
  static const In in{.key = "structure",
                     .help = help,
                     .value_name = "ID",
                     .also = "-s",
                     .need = Need::without_state,
                     .missing_id = "no-structure"};
  f.text(in, structure);
}

template <typename F>
void attack_weapon_inputs(F& f, AttackRequest& r) {
  using namespace attack_in;
  structure_input(f, r.structure);
  weapon_stat_inputs(f, r, attack_in::weapon_unless);
  attack_roll_inputs(f, r);
  f.number(damage_taken, r.damage_taken, 0, 100000);
  f.text(ladder, r.ladder);
  f.text(from, r.from);
  f.flag(portcullis, r.portcullis);
  f.flag(firing_slit, r.firing_slit);
}

template <typename F>
void attack_inputs(F& f, AttackRequest& r) {
  attack_weapon_inputs(f, r);
  static const std::string section_help = see_hint("With --state: the section attacked", {"status"});
  static const In section{.key = "section", .help = section_help, .value_name = "ID", .state_only = true};
  f.text(section, r.section);
  f.text(attack_in::engine, r.engine);
}

// The declarations' instances: over Fields, for every front end, and the
// attack's over batch mode's fast reader (Command::act_flat).
template void structure_input(Fields&, std::string&);
template void weapon_stat_inputs(Fields&, AttackRequest&, Words);
template void attack_roll_inputs(Fields&, AttackRequest&);
template void attack_weapon_inputs(Fields&, AttackRequest&);
template void attack_inputs(Fields&, AttackRequest&);
template void attack_inputs(FlatReader&, AttackRequest&);

// --engine: a besieger engine makes its attack with its own weapon and crew
// on its own target.
void use_engine(AttackRequest& r, SiegeState& st, std::string_view command) {
  const std::string c(command);
  const EngineState* e = as_command(c, [&] { return present_engine(st.now, r.engine); });
  if (e == nullptr) {
    std::vector<std::string> ids;
    for (const auto& x : st.now.engines)
      if (x.side == EngineSide::besieger) ids.push_back(x.id);
    fail_input("unknown-engine", "engine", "'" + r.engine + "'",
               "unknown engine" + siege::did_you_mean(r.engine, ids) + "; see '" + hint({"status"}) + "'");
  }
  if (e->side != EngineSide::besieger)
    fail_input("bad-engine", "engine", e->id,
               "it is a defender engine; its attacks are played in '" + hint({"scene"}) + "'");
  if (e->weapon.empty()) fail_input("bad-engine", "engine", e->id, "it has no weapon to attack with");
  if (e->knocked_out) fail_input("knocked-out", "engine", e->id, "it is knocked out");
  if (!r.section.empty())
    refuse_input("bad-option", "section",
                 "leave it out: " + input_word("engine") + " " + e->id + " attacks its own target (" + e->target + ")");
  if (!r.weapon.empty() || r.hull_damage)
    refuse_input("bad-option", r.weapon.empty() ? "hull-damage" : "weapon",
                 "leave it out: " + input_word("engine") + " " + e->id + " fires its own weapon (" + e->weapon + ")");
  r.section = e->target;
  r.weapon = e->weapon;
  if (!r.pool.given() && !r.successes) r.pool.set(e->pool);
}

namespace {

ActionResult attack_action(const AttackRequest& req, Context& ctx, SiegeState* st) {
  if (st == nullptr) {
    if (!req.section.empty() || !req.engine.empty())
      refuse_without_state(req.section.empty() ? "engine" : "section", "; without one give " + input_word("structure") + " ID");
    // One outcome (and one prepared attack) for every attack without a
    // state: batch mode resolves one a line into the memory of the line
    // before's.
    static PreparedAttack p;
    static AttackOutcome o;
    run_attack(req, ctx, p, o);
    return outcome_result(ctx, print::write_attack, print::attack_text, o, ctx.seed());
  }
  AttackRequest r = req;
  refuse_section_options(!r.structure.empty(), r.damage_taken.has_value(), r.portcullis);
  if (*r.ladder != "hull" || !r.from.empty())
    refuse_input("bad-option", r.from.empty() ? "ladder" : "from",
                 "goes without --state; the state file counts Hull Points");
  if (!r.engine.empty()) use_engine(r, *st, "attack");
  if (r.section.empty()) fail_missing("no-section", "section", "ID (or instead " + input_word("engine") + " ID); needed with --state");
  SectionState& s = state_section(*st, r.section, "attack");
  r.structure = s.structure;
  r.portcullis = portcullis_of(s) == Portcullis::yes;
  r.damage_taken = s.hull_suffered;
  PreparedAttack p;
  AttackOutcome o;
  run_attack(r, ctx, p, o);
  record_section_hull(st->now, ctx.tables(), s.id, o.hull.after, o.after, o.rules, o.notes);

  ActionResult out;
  out.json = with_fields(print::json_text(print::write_attack, o, ctx.seed()), "attack",
                         json_field("section", s.id));
  if (ctx.wants_text()) out.text = print::section_line(s.id, r.engine) + print::attack_text(o, ctx.seed());
  out.summary = {{"section", s.id},
                 {"hit", o.hit},
                 {"damage", o.damage},
                 {"hull", {{"before", o.hull.before}, {"after", o.hull.after}}},
                 {"state", {{"before", name_of(o.before)}, {"after", name_of(o.after)}}}};
  return out;
}

}  // namespace

namespace {

// What the references say of `attack` (tools/gen-refs writes docs/siege.1, README.md,
// docs/state.md and the outcome schema from it).
CommandDoc attack_doc() {
  return {
      .synopsis = R"doc(`siege attack --structure` *ID* (`--weapon` *ID* | `--hull-damage` *N*) [*options*]
`siege --state` *FILE* `attack` (`--section` *ID* | `--engine` *ID*) [*options*])doc",
      .about = R"doc(Resolve one attack on one section of a structure. The attack is an Easy check. A hit deals the
weapon's Hull damage plus the net Successes, less the effective Armor (never below 0), plus 2
for each bundle of Boons the weapon's Crit asks for. The text shows the Armor step by step (for
example the 2 that tall masonry loses to guns, R6, and the weapon's Pierce, R1), the damage sum,
a bar of the Hull suffered and the state before and after.)doc",
      .inputs = R"doc(@structure: The structure attacked (`siege list structures`); aliases such as `keep` work.
@weapon: The weapon row (`siege list weapons`). The inline options below change single stats of it.
@hull-damage: Hull damage of an inline weapon. With no `--weapon`, this alone describes a weapon: Pierce 0, no
Crit, standard mount, no qualities, unless the options below say otherwise.
@pierce: Pierce: that much less Armor.
@crit: Boons needed for each extra 2 Hull damage (0: no Crit).
@mount: `personal`, `light`, `standard`, `heavy` or `capital`. A personal weapon is refused: it belongs
to the personal combat rules (R7). Below heavy mount a weapon does no damage to reinforced
concrete (R8).
@gunpowder: The weapon is a gun (R6).
@indirect: Indirect fire: a hit ignores 1 Armor of a bunker (R10).
@blast: Blast: against an earth rampart or sandbag wall the Hull damage is halved, rounded down, before
the Successes are added (R9).
@successes: The referee's own roll: net Successes. No die is rolled.
@boons: With `--successes`: net Boons.
@spend-boons: Spend at most *N* Boons on Crit bundles; without it, all of them.
@pool: Skill dice to roll.
@bane-dice: Extra Bane dice.
@boon-dice: Extra Boon dice.
@damage-taken: Hull the section has suffered already.
@ladder: `hull` counts Hull Points: the section cracks at half its Hull and is breached at its Hull.
`steps` uses the three-step ladder instead (R5): a step is half the Hull, rounded up; each full
step of damage moves the section one state down the ladder, and the rest of the damage is lost.
@from: With `--ladder steps`: the state before the attack, `intact` or `cracked`.
@portcullis: The castle gate has its portcullis down: Armor 3, Hull 10 (R12).
@firing-slit: Against a pillbox, aim through its firing slit: its Armor is ignored, and the check gets 3 more
Bane dice (R11).
@section: With `--state`: the section of the siege that is attacked; its structure, variant and the Hull
it has suffered come from the file, and the result is written back and logged. With a state
file, `--structure`, `--damage-taken`, `--portcullis`, `--ladder steps` and `--from` are
refused: the file knows them.
@engine: With `--state`: this besieger engine attacks its own target with its own weapon and crew pool.)doc",
      .example = R"doc(Example: the referee rolled 2 net Successes for a cannon.

    $ siege attack --structure curtain-wall --weapon cannon --successes 2
    Attack    Cannon (cannon) on curtain-wall
    Check     Easy check, the referee's roll: 2 net Successes, 0 net
              Boons -> pass
    Armor       4  listed
               -2  vulnerable-to-guns (R6)
               -1  pierce (R1)
                1  effective
    Damage    6 Hull damage +2 Successes - 1 Armor = 7
    Hull      [#######.............] 7/20 suffered
    State     intact -> intact
    Rules     damage, vulnerable-to-guns, pierce)doc",
      .with_state = "`section` (or `engine`): Hull suffered and state written back",
      .outcome = R"json({
  "attack_outcome": {
    "description": "An attack on a section (R1-R15); with --state also its log entry and section.",
    "allOf": [{"$ref": "#/$defs/base"}, {"$ref": "#/$defs/logged"}],
    "properties": {
      "action": {"const": "attack"},
      "section": {"$ref": "#/$defs/id"},
      "structure": {"$ref": "#/$defs/id"},
      "weapon": {"$ref": "#/$defs/id"},
      "seed": {"$ref": "#/$defs/seed"},
      "weapon_stats": {"$ref": "#/$defs/weapon_stats"},
      "check": {"$ref": "#/$defs/check"},
      "armor": {"$ref": "#/$defs/armor"},
      "hit": {"type": "boolean"},
      "hull_damage": {"$ref": "#/$defs/count"},
      "crit_bundles": {"$ref": "#/$defs/count"},
      "damage": {"$ref": "#/$defs/count"},
      "overkill": {"$ref": "#/$defs/count"},
      "hull": {"$ref": "#/$defs/hull"},
      "ladder": {
        "type": "object",
        "properties": {
          "mode": {"enum": ["hull", "steps"]},
          "step": {"type": "integer", "minimum": 1},
          "steps_moved": {"$ref": "#/$defs/count"}
        },
        "required": ["mode"],
        "if": {"properties": {"mode": {"const": "steps"}}},
        "then": {"required": ["step", "steps_moved"]},
        "additionalProperties": false
      },
      "state": {"$ref": "#/$defs/state_change"}
    },
    "required": [
      "structure",
      "weapon",
      "seed",
      "weapon_stats",
      "check",
      "armor",
      "hit",
      "hull_damage",
      "crit_bundles",
      "damage",
      "overkill",
      "hull",
      "ladder",
      "state"
    ],
    "unevaluatedProperties": false
  }
})json"};
}

}  // namespace

SIEGE_COMMAND(attack) = action_command<AttackRequest, attack_inputs, attack_action, print::describe_attack, attack_inputs>({
    .name = "attack",
    .rank = 40,
    .summary = "Resolve one attack on one section of a structure",
    .example = "siege attack --structure curtain-wall --weapon cannon --seed 42\n"
      "  siege attack --structure castle-gate --portcullis --weapon ram --successes 2 --boons 2",
    .doc = attack_doc});

}  // namespace siege::cli
