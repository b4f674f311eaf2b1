// `siege demolish`: charges set against one section (R9, R13, R16-R18).
#include <fmt/core.h>
#include <fmt/format.h>

#include "commands/cmd_attack.hpp"
#include "commands/cmd_works.hpp"
#include "commands/actions.hpp"
#include "commands/command.hpp"
#include "print/json.hpp"
#include "print/render.hpp"
#include "print/text.hpp"
#include "siege/scene.hpp"

namespace siege::cli {

namespace {

// "ID" or "ID:COUNT" (COUNT from 1 to max_charges).
ChargeCount parse_charge(const std::string& spec, const Tables& t) {
  const auto colon = spec.find(':');
  const std::string id = spec.substr(0, colon);
  ChargeCount c;
  if (colon != std::string::npos) {
    const std::string count = spec.substr(colon + 1);
    try {
      c.count = static_cast<int>(parse_int(count, 1, max_charges, "--charge " + spec));
    } catch (const Error&) {
      fail_input("bad-charge-count", "charge", spec,
                 "the count after ':' must be a whole "
                 "number from 1 to " +
                     std::to_string(max_charges));
    }
  }
  if (id.empty()) fail_input("no-charge", "charge", "'" + spec + "'", "expected ID or ID:COUNT");
  c.charge = &t.charge(id);
  return c;
}

}  // namespace

PreparedDemolition prepare_demolish(const DemolishRequest& r, const Tables& t) {
  PreparedDemolition p;
  DemolitionInput& in = p.input;
  in.structure = &t.structure(r.structure);
  for (const auto& spec : r.charge) in.charges.push_back(parse_charge(spec, t));
  in.on_pier = r.on_pier ? OnPier::yes : OnPier::no;
  in.portcullis = r.portcullis ? Portcullis::yes : Portcullis::no;
  in.damage_taken = r.damage_taken.value_or(0);
  if (r.craft_successes && r.pool.given())
    refuse_input("bad-option", "pool",
                 "rolls the Craft check; it does not go with the referee's " + input_word("craft-successes"));
  if (r.craft_successes) {
    in.craft = referee_check(Difficulty::average, *r.craft_successes, 0);
  } else if (!charge_opens(*in.structure, in.portcullis, in.charges)) {
    // R18: no check at all when the charge simply opens the door (R34: not
    // a gate with its portcullis, where the Craft check is rolled).
    p.spec = craft_check_spec(*r.pool);
  }
  return p;
}

DemolitionOutcome run_demolish(const DemolishRequest& r, Context& ctx) {
  const Tables& t = ctx.tables();
  PreparedDemolition p = prepare_demolish(r, t);
  if (p.spec) p.input.craft = roll_check(*p.spec, t.dice, ctx.rng());
  DemolitionOutcome o = resolve_demolition(p.input, t);
  spell_notes(o.notes);
  return o;
}

void demolish_work_inputs(Fields& f, DemolishRequest& r) {
  structure_input(f, r.structure);
  static const std::string charge_help = see_hint("Charge id, or ID:COUNT; repeat for more charges", {"list", "charges"});
  f.texts({.key = "charge",
           .help = charge_help,
           .value_name = "ID[:N]",
           .also = "-c",
           .need = Need::required,
           .missing_id = "no-charge",
           .listed_by = "charges"},
          r.charge);
  f.flag({"on-pier", "Stone bridge: the charges are set on a pier and count double (R13)"}, r.on_pier);
  f.flag({"portcullis", "Castle gate with a portcullis: Armor 3, Hull 10 (R12)"}, r.portcullis);
  f.number({"damage-taken", "Hull the section has already suffered"}, r.damage_taken, 0, 100000);
  f.number({"craft-successes", "The referee's Craft check: net Successes (no dice rolled)"}, r.craft_successes,
           -100, 100);
  f.number({"pool", "Skill dice of the Craft check"}, r.pool, 0, max_dice);
}

void demolish_inputs(Fields& f, DemolishRequest& r) {
  demolish_work_inputs(f, r);
  static const std::string section_help = see_hint("With --state: the section the charges are set against", {"status"});
  f.text({.key = "section", .help = section_help, .value_name = "ID", .state_only = true},
         r.section);
}

ActionResult demolish_action(const DemolishRequest& req, Context& ctx, SiegeState* st) {
  if (st == nullptr) {
    if (!req.section.empty())
      refuse_without_state("section", "; without one give " + input_word("structure") + " ID");
    const auto o = run_demolish(req, ctx);
    return outcome_result(ctx, print::write_demolition, print::demolish_text, o, ctx.seed());
  }
  DemolishRequest r = req;
  refuse_section_options(!r.structure.empty(), r.damage_taken.has_value(), r.portcullis);
  if (r.section.empty()) fail_missing("no-section", "section", "ID; needed with --state");
  SectionState& s = state_section(*st, r.section, "demolish");
  r.structure = s.structure;
  r.portcullis = portcullis_of(s) == Portcullis::yes;
  r.damage_taken = s.hull_suffered;
  auto o = run_demolish(r, ctx);
  record_section_hull(st->now, ctx.tables(), s.id, o.hull.after, o.after, o.rules, o.notes);
  return {with_fields(print::json_text(print::write_demolition, o, ctx.seed()), "demolish",
                      json_field("section", s.id)),
          print::section_line(s.id) + print::demolish_text(o, ctx.seed()),
          {{"section", s.id},
           {"damage", o.damage},
           {"hull", {{"before", o.hull.before}, {"after", o.hull.after}}},
           {"state", {{"before", name_of(o.before)}, {"after", name_of(o.after)}}}}};
}

namespace {

// What the references say of `demolish` (tools/gen-refs writes docs/siege.1, README.md,
// docs/state.md and the outcome schema from it).
CommandDoc demolish_doc() {
  return {
      .synopsis = R"doc(`siege demolish --structure` *ID* `--charge` *ID*[:*N*] [`--charge` *...*] [*options*]
`siege --state` *FILE* `demolish --section` *ID* `--charge` *ID*[:*N*] [*options*])doc",
      .about = R"doc(Set demolition charges against a section. One Average Craft check sets all of them (R16); if it
fails they do nothing. Otherwise the Hull damage of each charge comes from its Siege rating, the
charges add up, and the effective Armor is taken off the sum once (R17). A petard or breaching
charge opens a door or gate outright (R18), but not a castle gate with its portcullis behind it:
there it is an ordinary charge (R34), its Craft check rolled (or `--craft-successes` taken), its
odds given by `odds demolish`, and its damage dealt like any other charge's. Earthworks halve
Blast charges and are left at most cracked (R9).)doc",
      .inputs = R"doc(@structure: The structure under attack.
@charge: A charge (`siege list charges`), or *N* of them (at most 100); repeat the option for more kinds.
@on-pier: On a stone bridge, the charges sit on a pier: each counts double (R13).
@portcullis: The castle gate has its portcullis down (R12).
@damage-taken: Hull the section has suffered already.
@craft-successes: The referee's Craft check: net Successes; no die is rolled.
@pool: Skill dice of the Craft check.
@section: With `--state`: the section the charges are set against; its structure, variant and the Hull it
has suffered come from the file, and the result is written back and logged. With a state file,
`--structure`, `--damage-taken` and `--portcullis` are refused.)doc",
      .example = R"doc(Example: two powder kegs on a pier of a stone bridge.

    $ siege demolish --structure stone-bridge --on-pier \
        --charge powder-keg:2 --craft-successes 1
    Demolish  stone-bridge, charges set on a pier
    Charges   2 x Powder keg (powder-keg): Siege 3 -> 6 Hull, x2 on a
              pier (R13) -> 12; 24 in all
    Set       4 maneuvers (Prepare, R16)
    ...
    Damage    24 Hull damage - 4 Armor = 20 (R17)
    Hull      [################....] 20/24 suffered
    State     intact -> cracked)doc",
      .with_state = R"doc(`section`: Hull suffered and state written back; `structure`, `damage-taken`, `portcullis` refused)doc",
      .outcome = R"json({
  "demolish_outcome": {
    "description": "Charges set against a section (R9, R13, R16-R18).",
    "allOf": [{"$ref": "#/$defs/base"}, {"$ref": "#/$defs/logged"}],
    "properties": {
      "action": {"const": "demolish"},
      "section": {"$ref": "#/$defs/id"},
      "structure": {"$ref": "#/$defs/id"},
      "seed": {"$ref": "#/$defs/seed"},
      "charges": {
        "type": "array",
        "items": {
          "type": "object",
          "properties": {
            "id": {"$ref": "#/$defs/id"},
            "count": {"type": "integer", "minimum": 1},
            "siege": {"type": "integer", "minimum": 1},
            "prepare": {"$ref": "#/$defs/count"},
            "hull_damage": {"$ref": "#/$defs/count"},
            "halved": {"type": "boolean"},
            "doubled": {"type": "boolean"},
            "each": {"$ref": "#/$defs/count"},
            "total": {"$ref": "#/$defs/count"}
          },
          "required": ["id", "count", "siege", "prepare", "hull_damage", "halved", "doubled", "each", "total"],
          "additionalProperties": false
        }
      },
      "maneuvers": {"$ref": "#/$defs/count"},
      "on_pier": {"type": "boolean"},
      "check": {"oneOf": [{"$ref": "#/$defs/check"}, {"type": "null"}]},
      "opened": {"type": "boolean"},
      "went_off": {"type": "boolean"},
      "armor": {"$ref": "#/$defs/armor"},
      "charge_damage": {"$ref": "#/$defs/count"},
      "damage": {"$ref": "#/$defs/count"},
      "overkill": {"$ref": "#/$defs/count"},
      "hull": {"$ref": "#/$defs/hull"},
      "state": {"$ref": "#/$defs/state_change"}
    },
    "required": [
      "structure",
      "seed",
      "charges",
      "maneuvers",
      "on_pier",
      "check",
      "opened",
      "went_off",
      "armor",
      "charge_damage",
      "damage",
      "overkill",
      "hull",
      "state"
    ],
    "unevaluatedProperties": false
  }
})json"};
}

}  // namespace

SIEGE_COMMAND(demolish) = action_command<DemolishRequest, demolish_inputs, demolish_action, print::describe_demolish>({
    .name = "demolish",
    .rank = 180,
    .summary = "Set demolition charges against a section: Craft check, then Hull damage",
    .example = "siege demolish --structure stone-bridge --on-pier --charge powder-keg:2 --craft-successes 1\n"
      "  siege demolish --structure iron-bound-door --charge petard",
    .doc = demolish_doc});

}  // namespace siege::cli
