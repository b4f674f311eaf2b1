// `siege add`: a unit, an engine (R35) or a section (R43) joins the siege. State only.
#include <fmt/core.h>

#include "commands/command.hpp"
#include "print/json.hpp"
#include "print/units.hpp"
#include "print/render.hpp"
#include "print/text.hpp"
#include "siege/roster.hpp"
#include "commands/unit_view.hpp"

namespace siege::cli {

namespace {

struct AddRequest {
  std::string unit;    // a unit arrives ...
  std::string engine;  // ... or an engine
  std::string side;
  std::optional<int> figures;
  bool hero = false;
  std::string order;
  std::string section;
  std::string to;
  std::string row;
  std::string weapon;
  Given<int> pool = 3;
  std::string target;
  std::string structure;  // a section joins (R43): --section is its id
  std::string variant;
  std::optional<int> hull_suffered;
};

void add_inputs(Fields& f, AddRequest& r) {
  static constexpr std::string_view unless_engine[] = {"engine", "structure"};
  static constexpr std::string_view unless_unit[] = {"unit", "structure"};
  static constexpr std::string_view unless_section[] = {"structure"};
  static constexpr std::string_view unless_hero_or_engine[] = {"hero", "engine", "structure"};
  f.text({.key = "unit", .help = "The new unit's id (or --engine, or --section with --structure)", .value_name = "ID",
          .required_unless = unless_engine},
         r.unit);
  f.text({.key = "engine", .help = "The new engine's id (or --unit)", .value_name = "ID", .required_unless = unless_unit},
         r.engine);
  f.text({.key = "side",
          .help = "Its side: besieger or defender (not for a section)",
          .value_name = "SIDE",
          .choices = side_words,
          .required_unless = unless_section},
         r.side);
  f.number({.key = "figures", .help = "--unit: its figures (a hero is one)", .required_unless = unless_hero_or_engine},
           r.figures, 1, max_figures);
  f.flag({"hero", "--unit: a hero, one figure that never fails a hold (R21)"}, r.hero);
  f.text({.key = "order", .help = "--unit: good or shaken (default good)", .value_name = "ORDER",
          .choices = Words(order_names).first(2)},
         r.order);
  f.text({"section", "--unit: it arrives at this section, all behind; with --structure: the new section's id", "ID"},
         r.section);
  f.text({.key = "to",
          .help = "--unit, instead of --section: outside or within-walls (default: a besieger outside, a "
                  "defender within the walls; a defender outside is a sally, R38)",
          .value_name = "PLACE",
          .choices = place_words,
          .choice_id = "bad-place"},
         r.to);
  f.text({"row", "--engine: its engines.json row (Armor and Hull as a target; its weapon by default)", "ROW"},
         r.row);
  f.text({"weapon", "--engine: the weapons.json row it fires", "ID"}, r.weapon);
  f.number({"pool", "--engine: its crew's skill dice"}, r.pool, 0, max_dice);
  f.text(
      {"target",
       "--engine: what it aims at (R29: a besieger a section, a defender a besieger engine or camp)", "ID"},
      r.target);
  f.text({.key = "structure", .help = "A section joins the castle (R43): its structures.json row (with --section ID)",
          .value_name = "S", .listed_by = "structures"},
         r.structure);
  f.text({"variant", "--structure: its variant (portcullis, on a castle gate)", "V"}, r.variant);
  f.number({"hull-suffered", "--structure: Hull it has already lost (the ladder state follows, R4)"},
           r.hull_suffered, 0, max_hull_change);
}

// The request as a description's entry (docs/state.md), refusing options
// of the other kind.
ArrivalInput arrival_of(const AddRequest& r) {
  // One of --unit and --engine is given (check_declared): not both.
  if (!r.unit.empty() && !r.engine.empty())
    refuse_input("bad-option", "engine", "goes without " + input_word("unit") + ": give one of them");
  ArrivalInput in;
  nlohmann::json& e = in.entry;
  auto refuse = [&](std::string_view key, bool given, std::string_view kind) {
    if (given) refuse_input("bad-option", key, "goes with " + input_word(kind) + " ID");
  };
  if (!r.structure.empty()) {  // R43: the description's section, key by key
    for (const auto& [key, given] : {std::pair<std::string_view, bool>{"unit", !r.unit.empty()},
                                     {"engine", !r.engine.empty()},
                                     {"side", !r.side.empty()},
                                     {"figures", r.figures.has_value()},
                                     {"hero", r.hero},
                                     {"order", !r.order.empty()},
                                     {"to", !r.to.empty()},
                                     {"row", !r.row.empty()},
                                     {"weapon", !r.weapon.empty()},
                                     {"pool", r.pool.given()},
                                     {"target", !r.target.empty()}})
      if (given) refuse_input("bad-option", key, "goes without " + input_word("structure") + ": a section has none");
    if (r.section.empty())
      fail_missing("missing-option", "section", "ID with " + input_word("structure") + ": the new section's id");
    in.kind = ArrivalInput::Kind::section;
    e["id"] = r.section;
    e["structure"] = r.structure;
    if (!r.variant.empty()) e["variant"] = r.variant;
    if (r.hull_suffered) e["hull_suffered"] = *r.hull_suffered;
    return in;
  }
  refuse("variant", !r.variant.empty(), "structure");
  refuse("hull-suffered", r.hull_suffered.has_value(), "structure");
  const UnitSide side = parse_unit_side(r.side);
  if (!r.engine.empty()) {
    refuse("figures", r.figures.has_value(), "unit");
    refuse("hero", r.hero, "unit");
    refuse("order", !r.order.empty(), "unit");
    refuse("section", !r.section.empty(), "unit");
    refuse("to", !r.to.empty(), "unit");
    in.kind = ArrivalInput::Kind::engine;
    in.engine_side = side == UnitSide::besieger ? EngineSide::besieger : EngineSide::defender;
    e["id"] = r.engine;
    if (r.row.empty() && r.weapon.empty())
      fail_missing("missing-option", "row",
                   "ROW (engines.json), or instead " + input_word("weapon") + " ID (weapons.json): an engine needs one");
    if (!r.row.empty()) e["engine"] = r.row;
    if (!r.weapon.empty()) e["weapon"] = r.weapon;
    if (r.pool.given()) e["pool"] = *r.pool;
    if (!r.target.empty()) e["target"] = r.target;
    return in;
  }
  refuse("row", !r.row.empty(), "engine");
  refuse("weapon", !r.weapon.empty(), "engine");
  refuse("pool", r.pool.given(), "engine");
  refuse("target", !r.target.empty(), "engine");
  if (!r.section.empty() && !r.to.empty())
    refuse_input("bad-option", "to", "goes instead of " + input_word("section") + ", not with it");
  e["id"] = r.unit;
  e["side"] = name_of(side);
  if (r.figures) e["figures"] = *r.figures;
  if (r.hero) e["hero"] = true;
  if (!r.order.empty()) e["order"] = r.order;
  if (!r.to.empty()) e["where"] = r.to;
  in.section = r.section;
  return in;
}

ActionResult add_action(const AddRequest& r, Context& ctx, SiegeState* st) {
  const ArrivalOutcome o = add_arrival(st->now, ctx.tables(), arrival_of(r));
  nlohmann::json summary;
  if (o.section) {
    const SectionState& x = *o.section;
    summary = {{"section", x.id},
               {"structure", x.structure},
               {"variant", x.variant.empty() ? nlohmann::json() : nlohmann::json(x.variant)},
               {"hull_suffered", x.hull_suffered},
               {"state", name_of(x.state)}};
  } else if (o.engine) {
    const EngineState& e = *o.engine;
    auto id_or_null = [](const std::string& id) {
      return id.empty() ? nlohmann::json() : nlohmann::json(id);
    };
    summary = {{"engine", e.id},
               {"side", name_of(e.side)},
               {"row", id_or_null(e.engine)},
               {"weapon", id_or_null(e.weapon)},
               {"pool", e.pool},
               {"target", id_or_null(e.target)}};
  } else {
    summary = troop_summary(o);
    summary["unit"] = o.unit->id;
    summary["side"] = name_of(o.unit->side);
    summary["sally"] = o.sally;
    for (std::size_t i = 0; i < o.armies.size(); ++i)
      summary["armies"][i]["strength"] = o.armies[i].after.strength;
  }
  return {print::json_text(print::write_arrival, o), print::add_text(o), std::move(summary)};
}

}  // namespace

namespace {

// What the references say of `add` (tools/gen-refs writes docs/siege.1, README.md,
// docs/state.md and the outcome schema from it).
CommandDoc add_doc() {
  return {
      .synopsis = R"doc(`siege --state` *FILE* `add --unit` *ID* `--side` *SIDE* `--figures` *N* [`--hero`] [`--order` *ORDER*] [`--section` *ID* | *--to* *PLACE*]
`siege --state` *FILE* `add --engine` *ID* `--side` *SIDE* (`--row` *ROW* | *--weapon* *ID*) [`--pool` *N*] [`--target` *ID*]
`siege --state` *FILE* `add --section` *ID* `--structure` *S* [`--variant` *V*] [`--hull-suffered` *N*])doc",
      .about = R"doc(A unit or an engine joins the siege after `init` (R35): reinforcements, a newly built engine, a
tower brought up. It is checked exactly as `init` checks an entry of a description (R7 refuses a
personal weapon, R29 a target the engine's side cannot aim at; an engine with a weapon needs a
target), and its id must be one the siege has never held: an id that left or was merged away
stays taken. A unit's army grows by its figures. The file's `initial` stays the siege as it
began: the newcomer is appended to `units` or `engines`, and replay and undo make it again from
its log entry. A defender unit added outside the walls is a sally (R38). A section joins the castle
the same way (R43: `--section` with `--structure`): checked as a description's section, it starts in
the breach-ladder state its Hull suffered gives and is appended to `sections`; no army changes. Needs
`--state`; logged.)doc",
      .inputs = R"doc(@unit: The new unit's id (or `--engine`).
@engine: The new engine's id (or `--unit`).
@side: Its side (`attacker` is read as `besieger`).
@figures: A unit's figures (a hero is one).
@hero: The unit is a hero: one figure that never fails a hold (R21).
@order: The unit's order; without it, `good`.
@section: The unit arrives at that section, all its figures behind; with `--structure`, the id of
the section that joins.
@to: Instead of `--section`: `outside` or `within-walls`; a besieger arrives outside and a defender
within the walls unless told.
@row: An engine's row of `engines.json` (its Armor and Hull as a target, and its weapon unless
`--weapon` is given); a description's `engine` key.
@weapon: The row of `weapons.json` the engine fires.
@pool: The crew's skill dice.
@target: What the engine aims at: a section for a besieger, a besieger engine or `camp` for a defender
(R29).
@structure: A section joins (R43): the row of `structures.json` (or an alias) it is built as; a
description's section's `structure`.
@variant: The section's variant: `portcullis` on a castle gate (R12).
@hull-suffered: Hull the section has already lost; its breach-ladder state follows (R4).)doc",
      .example = R"doc(Example:

    $ siege --state siege.json add --unit relief --side besieger \
        --figures 20
    Arrives   unit relief (besieger): 20 of 20 figures, good, outside
    Army      besieger: 0 killed of 62 (a third is 21: 21 to go))doc",
      .with_state = R"doc(R35: the unit or engine appended to `units` / `engines` (checked as a description's entry), the army's strength grown; a defender added outside is a sally (R38); R43: a section appended to `sections`; needs a state)doc",
      .outcome = R"json({
  "section_state": {
    "description": "A section as the state file keeps it (R4, R12, R19, R26).",
    "type": "object",
    "properties": {
      "id": {"$ref": "#/$defs/id"},
      "structure": {"type": "string"},
      "variant": {"enum": ["portcullis", null]},
      "hull_suffered": {"$ref": "#/$defs/count"},
      "state": {"$ref": "#/$defs/breach_state"},
      "abatis": {"type": "object", "properties": {"standing": {"type": "boolean"}, "progress": {"$ref": "#/$defs/count"}},
                 "required": ["standing", "progress"], "additionalProperties": false},
      "mine": {"$ref": "#/$defs/gallery"}
    },
    "required": ["id", "structure", "variant", "hull_suffered", "state", "abatis", "mine"],
    "additionalProperties": false
  },
  "add_outcome": {
    "description": "With --state: a unit, an engine (R35) or a section (R43) joins the siege; record is it as the file now keeps it.",
    "allOf": [{"$ref": "#/$defs/base"}, {"$ref": "#/$defs/logged"}],
    "properties": {
      "action": {"const": "add"},
      "kind": {"enum": ["unit", "engine", "section"]},
      "unit": {"$ref": "#/$defs/id"},
      "engine": {"$ref": "#/$defs/id"},
      "section": {"$ref": "#/$defs/id"},
      "record": {"oneOf": [{"$ref": "#/$defs/unit_state"}, {"$ref": "#/$defs/engine_state"},
                           {"$ref": "#/$defs/section_state"}]},
      "sally": {"type": "boolean"},
      "units": {"$ref": "#/$defs/troop_units"},
      "armies": {"$ref": "#/$defs/troop_armies"}
    },
    "required": ["kind", "record", "sally", "units", "armies"],
    "oneOf": [{"required": ["unit"]}, {"required": ["engine"]}, {"required": ["section"]}],
    "unevaluatedProperties": false
  }
})json"};
}

}  // namespace

SIEGE_COMMAND(add) = action_command<AddRequest, add_inputs, add_action, print::describe_add>({
    .name = "add",
    .rank = 140,
    .summary = "A unit or an engine joins the siege: reinforcements, a new engine (with --state)",
    .example = "siege --state siege.json add --unit relief-column --side besieger --figures 20\n"
      "  siege --state siege.json add --engine new-trebuchet --side besieger --row trebuchet --target "
      "north-wall\n"
      "  siege --state siege.json add --section inner-gate --structure castle-gate --variant portcullis",
    .needs_state = true,
    .doc = add_doc});

}  // namespace siege::cli
