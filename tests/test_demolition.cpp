// Charges set against a structure: rulings R9, R13, R16-R18.
#include <catch2/catch.hpp>

#include <algorithm>

#include "print/json.hpp"
#include "support.hpp"

using namespace siege;

namespace {

bool has_rule(const DemolitionOutcome& o, std::string_view id) {
  return std::find(o.rules.begin(), o.rules.end(), id) != o.rules.end();
}

const Charge& charge(std::string_view id) { return test::tables().charge(id); }

// Charges on a structure with a passed Craft check (1 net Success).
DemolitionInput set(std::string_view structure, std::vector<ChargeCount> charges, int craft = 1) {
  DemolitionInput in;
  in.structure = &test::tables().structure(structure);
  in.charges = std::move(charges);
  in.craft = referee_check(Difficulty::average, craft, 0);
  return in;
}

DemolitionOutcome resolve(const DemolitionInput& in) { return resolve_demolition(in, test::tables()); }

}  // namespace

TEST_CASE("Two powder kegs on a stone-bridge pier count double: 24 - Armor 4 = 20 of 24, cracked (R13, R17)",
          "[demolition]") {
  auto in = set("stone-bridge", {{&charge("powder-keg"), 2}});
  in.on_pier = OnPier::yes;
  const auto o = resolve(in);
  REQUIRE(o.charges.size() == 1);
  CHECK(o.charges[0].hull_damage == 6);
  CHECK(o.charges[0].each == 12);
  CHECK(o.charges[0].total == 24);
  CHECK(o.charge_damage == 24);
  CHECK(o.armor.effective == 4);
  CHECK(o.damage == 20);
  CHECK(o.hull.max == 24);
  CHECK(o.hull.after == 20);
  CHECK(o.after == BreachState::cracked);
  CHECK(has_rule(o, "pier-counts-double"));
}

TEST_CASE("The same kegs on the stone bridge away from a pier do 12 - 4 = 8 (R13)", "[demolition]") {
  const auto o = resolve(set("stone-bridge", {{&charge("powder-keg"), 2}}));
  CHECK(o.damage == 8);
  CHECK_FALSE(has_rule(o, "pier-counts-double"));
}

TEST_CASE("A charge on a pier is refused on a structure without piers (R13)", "[demolition]") {
  auto in = set("curtain-wall", {{&charge("powder-keg"), 1}});
  in.on_pier = OnPier::yes;
  CHECK_THROWS_WITH(resolve(in), Catch::Contains("--on-pier") && Catch::Contains("curtain-wall"));
}

TEST_CASE("Charges set together add up and Armor is taken off once (R17)", "[demolition]") {
  // Two kegs: 6 + 6 = 12 - 4 = 8, not (6 - 4) * 2 = 4.
  const auto o = resolve(set("curtain-wall", {{&charge("powder-keg"), 2}}));
  CHECK(o.charge_damage == 12);
  CHECK(o.damage == 8);
  CHECK(o.hull.after == 8);
  CHECK(o.after == BreachState::intact);
  CHECK(has_rule(o, "charges-add"));
}

TEST_CASE("A charge is not a gun: the curtain wall keeps its full Armor 4 (R17)", "[demolition]") {
  const auto o = resolve(set("curtain-wall", {{&charge("demolition-charge"), 1}}));
  CHECK(o.armor.effective == 4);
  CHECK(o.armor.steps.empty());
  CHECK(o.damage == 12 - 4);
  CHECK(has_rule(o, "charge-not-a-gun"));
}

TEST_CASE("Hull damage comes from the Siege rating through the siege-rating table (R17)", "[demolition]") {
  // demolition-charge: Siege 5 -> 12 Hull; petard: Siege 2 -> 4 Hull.
  const auto o = resolve(set("bastion", {{&charge("demolition-charge"), 1}, {&charge("petard"), 1}}));
  REQUIRE(o.charges.size() == 2);
  CHECK(o.charges[0].siege == 5);
  CHECK(o.charges[0].hull_damage == 12);
  CHECK(o.charges[1].hull_damage == 4);
  CHECK(o.damage == 12 + 4 - 5);
  CHECK(has_rule(o, "siege-rating"));
}

TEST_CASE("The same charge given twice is one line with its count added", "[demolition]") {
  const auto o = resolve(set("curtain-wall", {{&charge("powder-keg"), 1}, {&charge("powder-keg"), 2}}));
  REQUIRE(o.charges.size() == 1);
  CHECK(o.charges[0].count == 3);
  CHECK(o.charge_damage == 18);
}

TEST_CASE("Setting takes the Prepare maneuvers of every charge, reported (R16)", "[demolition]") {
  // Two kegs (Prepare 2) and a demolition charge (Prepare 3): 7 maneuvers.
  const auto o = resolve(set("curtain-wall", {{&charge("powder-keg"), 2}, {&charge("demolition-charge"), 1}}));
  CHECK(o.maneuvers == 7);
}

TEST_CASE("A failed Craft check: the charges do nothing and the section is unchanged (R16)", "[demolition]") {
  auto in = set("curtain-wall", {{&charge("demolition-charge"), 3}}, 0);
  in.damage_taken = 5;
  const auto o = resolve(in);
  CHECK_FALSE(o.went_off);
  CHECK(o.damage == 0);
  CHECK(o.charge_damage == 0);
  CHECK(o.hull.before == 5);
  CHECK(o.hull.after == 5);
  CHECK(o.after == o.before);
  CHECK(o.maneuvers == 9);
  CHECK(has_rule(o, "charge-fails"));
}

TEST_CASE("A Craft check with 1 net Success sets the charges (R16)", "[demolition]") {
  const auto o = resolve(set("curtain-wall", {{&charge("powder-keg"), 1}}, 1));
  CHECK(o.went_off);
  CHECK(has_rule(o, "charge-craft-check"));
}

TEST_CASE("Net Successes of the Craft check add no damage (R17)", "[demolition]") {
  const auto o = resolve(set("curtain-wall", {{&charge("powder-keg"), 2}}, 5));
  CHECK(o.damage == 8);
}

TEST_CASE("A missing Craft check is refused unless the charge opens a door (R16, R18)", "[demolition]") {
  auto in = set("curtain-wall", {{&charge("powder-keg"), 1}});
  in.craft.reset();
  CHECK_THROWS_WITH(resolve(in), Catch::Contains("Craft check"));
}

TEST_CASE("A petard opens an iron-bound door: no check, no arithmetic (R18)", "[demolition]") {
  auto in = set("iron-bound-door", {{&charge("petard"), 1}});
  in.craft.reset();
  const auto o = resolve(in);
  CHECK(o.opened);
  CHECK_FALSE(o.craft.has_value());
  CHECK(o.damage == 0);
  CHECK(o.hull.after == 2);
  CHECK(o.after == BreachState::breached);
  CHECK(has_rule(o, "charge-opens-door"));
  CHECK_FALSE(has_rule(o, "charge-craft-check"));
}

TEST_CASE("A petard or breaching charge does not open a castle gate with its portcullis (R34)", "[demolition]") {
  auto in = set("castle-gate", {{&charge("breaching-charge"), 2}});
  in.portcullis = Portcullis::yes;
  const auto o = resolve(in);
  CHECK_FALSE(o.opened);
  CHECK(has_rule(o, "portcullis-holds"));
  CHECK(has_rule(o, "charge-craft-check"));
  CHECK(o.hull.max == 10);
  CHECK(o.armor.effective == 3);
  CHECK(o.damage == 2 * 6 - 3);  // Siege 3: 6 Hull damage a charge (R17)
  CHECK(o.hull.after == 9);
  CHECK(o.after == BreachState::cracked);
  // Without the portcullis the same charge opens the gate (R18).
  auto plain = set("castle-gate", {{&charge("breaching-charge"), 1}}, -2);
  const auto p = resolve(plain);
  CHECK(p.opened);
  CHECK(p.after == BreachState::breached);
}

TEST_CASE("A powder keg is not a petard: on a castle gate it does damage (R17, R12)", "[demolition]") {
  auto in = set("castle-gate", {{&charge("powder-keg"), 2}});
  in.portcullis = Portcullis::yes;
  const auto o = resolve(in);
  CHECK_FALSE(o.opened);
  CHECK(o.armor.effective == 3);
  CHECK(o.damage == 12 - 3);
  CHECK(o.hull.after == 9);
  CHECK(o.after == BreachState::cracked);
}

TEST_CASE("A petard on a curtain wall is an ordinary charge: 4 - 4 = 0 (R17, R18)", "[demolition]") {
  const auto o = resolve(set("curtain-wall", {{&charge("petard"), 1}}));
  CHECK_FALSE(o.opened);
  CHECK(o.damage == 0);
  CHECK(o.after == BreachState::intact);
}

TEST_CASE("Blast is halved against a rampart per charge, rounding down (R9)", "[demolition]") {
  // A Siege 4 Blast charge does 9 Hull: 4 each on earth, 8 for two (halving
  // the sum would give 9), less Armor 3 = 5.
  Charge mortar_bomb{"bomb", "Bomb", 4, 1, true, false, ""};
  const auto o = resolve(set("rampart", {{&mortar_bomb, 2}}));
  REQUIRE(o.charges.size() == 1);
  CHECK(o.charges[0].hull_damage == 9);
  CHECK(o.charges[0].halved);
  CHECK(o.charges[0].each == 4);
  CHECK(o.charge_damage == 8);
  CHECK(o.damage == 5);
  CHECK(has_rule(o, "blast-halved"));
}

TEST_CASE("A charge without Blast is not halved against a rampart (R9)", "[demolition]") {
  const auto o = resolve(set("rampart", {{&charge("breaching-charge"), 1}}));
  CHECK_FALSE(o.charges[0].halved);
  CHECK(o.damage == 6 - 3);
}

TEST_CASE("A rampart cannot be breached by charges: at most 11 of 12, cracked (R9)", "[demolition]") {
  // Three demolition charges: 12 / 2 = 6 each, 18 - 3 = 15; capped at 11.
  const auto o = resolve(set("rampart", {{&charge("demolition-charge"), 3}}));
  CHECK(o.damage == 15);
  CHECK(o.hull.after == 11);
  CHECK(o.overkill == 4);
  CHECK(o.after == BreachState::cracked);
  CHECK(has_rule(o, "dug-not-knocked-down"));
}

TEST_CASE("A rampart dug to its cap stays at 11 of 12 whatever charges follow (R9)", "[demolition]") {
  auto in = set("rampart", {{&charge("demolition-charge"), 10}});
  in.damage_taken = 11;
  const auto o = resolve(in);
  CHECK(o.hull.after == 11);
  CHECK(o.after == BreachState::cracked);
}

TEST_CASE("Charges on a rampart already dug through add only overkill (R9, R4)", "[demolition]") {
  auto in = set("rampart", {{&charge("demolition-charge"), 1}});
  in.damage_taken = 12;
  const auto o = resolve(in);
  CHECK(o.hull.after == 12);
  CHECK(o.overkill == o.damage);
  CHECK(has_rule(o, "hull-cap"));
  CHECK_FALSE(has_rule(o, "dug-not-knocked-down"));
}

TEST_CASE("The Hull change caps at the Hull, or at Hull - 1 on an earthwork (R4, R9)", "[demolition][structure]") {
  CHECK(suffer(0, 25, 20, EarthCap::no).after == 20);
  CHECK(suffer(0, 25, 20, EarthCap::no).overkill == 5);
  CHECK(suffer(0, 25, 12, EarthCap::yes).after == 11);
  CHECK(suffer(0, 25, 12, EarthCap::yes).earth_capped);
  CHECK_FALSE(suffer(11, 0, 12, EarthCap::yes).earth_capped);
  CHECK_FALSE(suffer(12, 5, 12, EarthCap::yes).earth_capped);
  CHECK(suffer(12, 5, 12, EarthCap::yes).after == 12);
}

TEST_CASE("A cracked section has 1 Armor less against charges too (R1)", "[demolition]") {
  auto in = set("curtain-wall", {{&charge("powder-keg"), 2}});
  in.damage_taken = 10;
  const auto o = resolve(in);
  CHECK(o.armor.effective == 3);
  REQUIRE(o.armor.steps.size() == 1);
  CHECK(o.armor.steps[0].rule == "cracked");
  CHECK(o.damage == 9);
  CHECK(o.hull.after == 19);
}

TEST_CASE("Damage past the Hull is overkill, a timber house burns (R4, R14)", "[demolition]") {
  const auto o = resolve(set("timber-house", {{&charge("demolition-charge"), 1}}));
  CHECK(o.damage == 12);
  CHECK(o.hull.after == 6);
  CHECK(o.overkill == 6);
  CHECK(o.after == BreachState::breached);
  CHECK(has_rule(o, "hull-cap"));
  CHECK(o.not_modelled == std::vector<std::string>{"burn"});
}

TEST_CASE("Charges mark reinforced concrete: the heavy-weapons limit is for mounted weapons (R8, R17)",
          "[demolition]") {
  const auto o = resolve(set("concrete-fortress", {{&charge("demolition-charge"), 3}}));
  CHECK(o.damage == 36 - 8);
  CHECK(has_rule(o, "charge-not-a-gun"));
  CHECK_FALSE(has_rule(o, "heavy-weapons-only"));
}

TEST_CASE("Bad charge lists are refused", "[demolition]") {
  CHECK_THROWS_WITH(resolve(set("curtain-wall", {})), Catch::Contains("--charge"));
  CHECK_THROWS_WITH(resolve(set("curtain-wall", {{&charge("powder-keg"), 0}})),
                    Catch::Contains("powder-keg:0"));
  CHECK_THROWS_WITH(resolve(set("curtain-wall", {{&charge("powder-keg"), 60}, {&charge("petard"), 41}})),
                    Catch::Contains("at most 100"));
  auto in = set("curtain-wall", {{&charge("powder-keg"), 1}});
  in.damage_taken = 21;
  CHECK_THROWS_WITH(resolve(in), Catch::Contains("--damage-taken 21"));
}

TEST_CASE("The demolition outcome as JSON carries schema, action and the trace", "[demolition][json]") {
  auto in = set("stone-bridge", {{&charge("powder-keg"), 2}});
  in.on_pier = OnPier::yes;
  std::string out;
  detail::JsonWriter w(out);
  print::write_demolition(w, resolve(in), 42);
  const auto j = nlohmann::json::parse(out);
  CHECK(j["schema"] == 1);
  CHECK(j["action"] == "demolish");
  CHECK(j["seed"] == 42);
  CHECK(j["damage"] == 20);
  CHECK(j["hull"] == nlohmann::json{{"max", 24}, {"before", 0}, {"after", 20}});
  CHECK(j["state"]["after"] == "cracked");
  CHECK(j["charges"][0]["total"] == 24);
  CHECK(j["check"]["difficulty"] == "average");
  CHECK(j.contains("rules"));
  CHECK(j.contains("notes"));
  CHECK(j["not_modelled"].is_array());
}
