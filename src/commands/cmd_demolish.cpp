// `siege demolish`: charges set against one section (R9, R13, R16-R18).
#include <fmt/core.h>
#include <fmt/format.h>

#include "commands/cmd_attack.hpp"
#include "commands/cmd_works.hpp"
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

SIEGE_COMMAND(demolish) = action_command<DemolishRequest, demolish_inputs, demolish_action, print::describe_demolish>({
    .name = "demolish",
    .rank = 180,
    .summary = "Set demolition charges against a section: Craft check, then Hull damage",
    .example = "siege demolish --structure stone-bridge --on-pier --charge powder-keg:2 --craft-successes 1\n"
      "  siege demolish --structure iron-bound-door --charge petard"});

}  // namespace siege::cli
