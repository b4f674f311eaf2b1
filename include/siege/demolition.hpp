// siege/demolition.hpp - charges set against a structure (rulings R9, R13,
// R16-R18).
//
// resolve_demolition() is pure: the structure, the charges and the Craft check
// that set them (already rolled or typed in) go in; a DemolitionOutcome with
// the full trace comes out (printed by src/print/works.cpp).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "siege/structure.hpp"
#include "siege/rule.hpp"

namespace siege {

// The rules this header applies, as outcomes list them (siege/rules.hpp
// gathers every header's into the catalogue).
inline constexpr RuleInfo demolition_rules[] = {
    {"charge-opens-door", "R18", "a petard or breaching charge opens a door or gate"},
    {"portcullis-holds", "R34", "a petard or breaching charge does not open a castle gate with its portcullis"},
    {"pier-counts-double", "R13", "a charge on a stone bridge pier counts double"},
    {"charge-craft-check", "R16", "charges are set with an Average Craft check, Prepare maneuvers"},
    {"charge-fails", "R16", "a failed Craft check: the charges do nothing"},
    {"siege-rating", "R17", "a charge's Hull damage comes from its Siege rating"},
    {"charges-add", "R17", "charges set together add up; Armor is taken off once"},
    {"charge-not-a-gun", "R17", "a charge is no mounted gun: no gun weakness, no mount limit"},
};

enum class OnPier { no, yes };

// One charge and how many of it are set together.
struct ChargeCount {
  const Charge* charge = nullptr;
  int count = 1;
};

// Upper bound on the charges set in one action.
inline constexpr int max_charges = 100;

struct DemolitionInput {
  const Structure* structure = nullptr;
  std::vector<ChargeCount> charges;  // the same charge may appear more than once
  Portcullis portcullis = Portcullis::no;
  OnPier on_pier = OnPier::no;
  int damage_taken = 0;              // Hull the section has already suffered
  std::optional<CheckResult> craft;  // R16; not needed when a charge opens the door (R18)
};

// One kind of charge in the outcome, with the steps from Siege rating to Hull.
struct ChargeLine {
  std::string id;
  std::string name;
  int count = 0;
  int siege = 0;        // Siege rating
  int prepare = 0;      // maneuvers for one charge
  int hull_damage = 0;  // the siege-rating table's Hull damage for one charge
  bool halved = false;  // Blast against an earthwork (R9)
  bool doubled = false; // set on a pier (R13)
  int each = 0;         // one charge after halving and doubling
  int total = 0;        // each * count
};

struct DemolitionOutcome {
  std::string structure;
  std::vector<ChargeLine> charges;
  int maneuvers = 0;  // R16: sum of the Prepare ratings
  OnPier on_pier = OnPier::no;
  std::optional<CheckResult> craft;  // empty when no check was made (R18)
  bool opened = false;               // R18: a petard or breaching charge opened it
  bool went_off = false;             // the charges were set and did their damage
  ArmorTrace armor;
  int charge_damage = 0;  // the charges' Hull damage added up (R17)
  int damage = 0;         // after Armor
  int overkill = 0;
  HullTrace hull;
  BreachState before = BreachState::intact;
  BreachState after = BreachState::intact;
  std::vector<std::string> rules;
  std::vector<std::string> notes;
  std::vector<std::string> not_modelled;
};

// R16: setting charges is an Average Craft check with `pool` skill dice.
[[nodiscard]] inline CheckSpec craft_check_spec(int pool) {
  CheckSpec spec;
  spec.pool = pool;
  spec.difficulty = Difficulty::average;
  return spec;
}

// R18: a petard or breaching charge set on a door or gate opens it; R34: not
// a castle gate with its portcullis behind, where it is an ordinary charge.
[[nodiscard]] inline bool charge_opens(const Structure& s, Portcullis portcullis,
                                       const std::vector<ChargeCount>& charges) {
  if (!s.has(Tag::opens_to_charge) || portcullis == Portcullis::yes) return false;
  for (const auto& c : charges)
    if (c.charge != nullptr && c.charge->opens_doors) return true;
  return false;
}

namespace detail {
// The charges grouped by id in the order first given, with their Hull damage
// from the siege-rating table, halved for Blast on earth (R9, per charge,
// rounded down) and then doubled on a pier (R13).
[[nodiscard]] inline std::vector<ChargeLine> charge_lines(const Structure& s,
                                                          const std::vector<ChargeCount>& charges,
                                                          OnPier pier, const Tables& t) {
  std::vector<ChargeLine> lines;
  int total = 0;
  for (const auto& c : charges) {
    if (c.charge == nullptr) fail_refusal("no-charge", "a charge is missing");
    if (c.count < 1 || c.count > max_charges)
      fail_input("bad-charge-count", "charge", c.charge->id + ":" + std::to_string(c.count),
                 "expected a count from 1 to " + std::to_string(max_charges));
    total += c.count;
    if (total > max_charges)
      fail_input("too-many-charges", "charge", {},
                 "at most " + std::to_string(max_charges) + " charges can be set in one action");
    auto same = std::find_if(lines.begin(), lines.end(), [&](const ChargeLine& l) { return l.id == c.charge->id; });
    if (same != lines.end()) {
      same->count += c.count;
      continue;
    }
    ChargeLine l;
    l.id = c.charge->id;
    l.name = c.charge->name;
    l.count = c.count;
    l.siege = c.charge->siege;
    l.prepare = c.charge->prepare;
    l.hull_damage = t.siege_damage(c.charge->siege);
    l.each = l.hull_damage;
    if (c.charge->blast && s.has(Tag::blast_halved)) {
      l.halved = true;
      l.each /= 2;
    }
    if (pier == OnPier::yes) {
      l.doubled = true;
      l.each *= 2;
    }
    lines.push_back(l);
  }
  for (auto& l : lines) l.total = l.each * l.count;
  return lines;
}
}  // namespace detail

// Resolves charges set against one section. Refuses (usage error) an empty
// list, --on-pier on a structure without piers, --portcullis on a structure
// without one, and a missing Craft check when one is needed.
[[nodiscard]] inline DemolitionOutcome resolve_demolition(const DemolitionInput& in, const Tables& t) {
  if (in.structure == nullptr) fail_refusal("no-structure", "no structure given");
  if (in.charges.empty()) fail_refusal("no-charge", "give at least one " + input_word("charge") + " ID");
  const Structure& s = *in.structure;
  if (in.on_pier == OnPier::yes && !s.has(Tag::pier_counts_double))
    fail_input("not-on-a-pier", "on-pier", {},
               s.id +
                   " has no pier where a charge counts double "
                   "(only a stone bridge has)");
  const SectionStats st = section_stats(s, in.portcullis);
  require_damage_taken(in.damage_taken, st.hull);

  DemolitionOutcome o;
  o.structure = s.id;
  o.on_pier = in.on_pier;
  o.charges = detail::charge_lines(s, in.charges, in.on_pier, t);
  for (const auto& l : o.charges) o.maneuvers += l.prepare * l.count;
  o.hull.max = st.hull;
  o.hull.before = o.hull.after = in.damage_taken;
  o.before = o.after = ladder_state(in.damage_taken, st.hull);
  o.armor.listed = o.armor.effective = st.listed_armor;
  o.notes.emplace_back("Setting the charges takes " + std::to_string(o.maneuvers) +
                       (o.maneuvers == 1 ? " maneuver" : " maneuvers") +
                       " (their Prepare ratings added) before they go off.");

  const bool door_charge = charge_opens(s, Portcullis::no, in.charges);
  if (door_charge && in.portcullis == Portcullis::yes) {  // R34: the portcullis behind the gate holds
    detail::add_rule(o.rules, "portcullis-holds");
    o.notes.emplace_back("A petard or breaching charge opens the door it is fixed to, but the portcullis behind "
                         "this gate holds: the charges deal their damage against the gate with its portcullis "
                         "(R34, R17).");
  }
  if (charge_opens(s, in.portcullis, in.charges)) {
    detail::add_rule(o.rules, "charge-opens-door");
    o.opened = true;
    o.hull.after = st.hull;
    o.after = BreachState::breached;
    o.notes.emplace_back("The charge opens the " + s.name +
                         ": no Craft check and no damage to work out; the way through is open.");
    if (in.craft)
      o.notes.emplace_back("No Craft check is needed, so the referee's result was not used.");
    // An opened door leaves no rubble: only the structure's standing notes
    // (burns, cover) apply, not those of a breach.
    detail::section_notes(s, BreachState::intact, o.rules, o.notes, o.not_modelled);
    return o;
  }

  if (!in.craft) fail_refusal("no-check", "the Craft check that sets the charges is missing");
  o.craft = in.craft;
  detail::add_rule(o.rules, "charge-craft-check");
  // R17: a charge is a weapon with no qualities and no Pierce, so only the
  // variant, the cracked step and the floor change the Armor.
  o.armor = effective_armor(s, Weapon{}, in.portcullis, FiringSlit::no, o.before);
  if (!in.craft->passed()) {
    detail::add_rule(o.rules, "charge-fails");
    o.notes.emplace_back("The Craft check failed (" + std::to_string(in.craft->net_successes) +
                         " net Successes): the charges do nothing and the section is unchanged.");
    detail::section_notes(s, o.after, o.rules, o.notes, o.not_modelled);
    return o;
  }

  o.went_off = true;
  detail::add_rule(o.rules, "siege-rating");
  detail::add_rule(o.rules, "charges-add");
  for (const auto& l : o.charges) {
    if (l.halved) detail::add_rule(o.rules, "blast-halved");
    if (l.doubled) detail::add_rule(o.rules, "pier-counts-double");
    o.charge_damage += l.total;
  }
  for (const auto& stp : o.armor.steps) detail::add_rule(o.rules, stp.rule);
  if (s.has(Tag::vulnerable_to_guns) || s.has(Tag::heavy_weapons_only)) {
    detail::add_rule(o.rules, "charge-not-a-gun");
    o.notes.emplace_back(s.has(Tag::vulnerable_to_guns)
                             ? "A charge is not a gun: the 2 Armor that tall masonry loses to guns "
                               "stays on."
                             : "A charge is not a mounted weapon: the heavy-weapons limit of this "
                               "structure does not stop it.");
  }
  if (s.has(Tag::pier_counts_double) && in.on_pier == OnPier::no)
    o.notes.emplace_back("Set on a pier (" + input_word("on-pier") + "), each charge would count double.");
  o.damage = std::max(0, o.charge_damage - o.armor.effective);

  const bool dug_only = s.has(Tag::dug_not_knocked_down);
  const HullChange c = suffer(o.hull.before, o.damage, st.hull, dug_only ? EarthCap::yes : EarthCap::no);
  o.hull.after = c.after;
  o.overkill = c.overkill;
  o.after = ladder_state(o.hull.after, st.hull);
  if (c.earth_capped) {
    detail::add_rule(o.rules, "dug-not-knocked-down");
    o.notes.emplace_back("Charges cannot knock an earthwork down: they leave it at most cracked "
                         "(a mine or digging through breaches it).");
  }
  if (o.overkill > 0 && !c.earth_capped) detail::add_rule(o.rules, "hull-cap");
  if (o.after != o.before) detail::add_rule(o.rules, "breach-ladder");
  detail::section_notes(s, o.after, o.rules, o.notes, o.not_modelled);
  return o;
}

}  // namespace siege
