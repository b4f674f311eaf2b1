// End-to-end: `siege demolish`, `siege mine` and `siege escalade` as built.
#include <catch2/catch.hpp>

#include <algorithm>

#include "support.hpp"

namespace {

siege::test::Run run(const std::vector<std::string>& args) { return siege::test::siege(args); }

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// A usage error: exit 2, one "siege: error:" line that names `part`.
void require_usage_error(const std::vector<std::string>& args, const std::string& part) {
  const auto r = run(args);
  INFO(r.err);
  CHECK(r.status == 2);
  CHECK(r.out.empty());
  CHECK(r.err.rfind("siege: error: ", 0) == 0);
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  CHECK(contains(r.err, part));
}

}  // namespace

TEST_CASE("demolish: two powder kegs on a stone-bridge pier leave it cracked, 20 of 24 (R13, R17)",
          "[cli][demolition]") {
  const auto r = run({"demolish", "--structure", "stone-bridge", "--on-pier", "--charge", "powder-keg:2",
                        "--craft-successes", "1", "--json"});
  REQUIRE(r.status == 0);
  const auto j = r.json();
  CHECK(j["schema"] == 1);
  CHECK(j["action"] == "demolish");
  CHECK(j.contains("seed"));
  CHECK(j["damage"] == 20);
  CHECK(j["overkill"] == 0);
  CHECK(j["hull"] == nlohmann::json{{"max", 24}, {"before", 0}, {"after", 20}});
  CHECK(j["state"] == nlohmann::json{{"before", "intact"}, {"after", "cracked"}});
  CHECK(j["maneuvers"] == 4);
  CHECK(j["check"]["rolled"] == false);
  const auto rules = j["rules"].get<std::vector<std::string>>();
  CHECK(std::find(rules.begin(), rules.end(), "pier-counts-double") != rules.end());
  CHECK(j["notes"].is_array());
  CHECK(j["not_modelled"].is_array());
}

TEST_CASE("demolish: a repeated --charge is the same as ID:COUNT", "[cli][demolition]") {
  const auto twice = run({"demolish", "-s", "curtain-wall", "--charge", "powder-keg", "--charge",
                            "powder-keg", "--craft-successes", "1", "--seed", "1", "--json"});
  const auto counted = run({"demolish", "-s", "curtain-wall", "--charge", "powder-keg:2",
                              "--craft-successes", "1", "--seed", "1", "--json"});
  REQUIRE(twice.status == 0);
  CHECK(twice.out == counted.out);
  CHECK(twice.json()["damage"] == 8);
}

TEST_CASE("demolish: a petard opens an iron-bound door with no check (R18)", "[cli][demolition]") {
  const auto r = run({"demolish", "--structure", "iron-bound-door", "--charge", "petard", "--json"});
  REQUIRE(r.status == 0);
  const auto j = r.json();
  CHECK(j["opened"] == true);
  CHECK(j["check"].is_null());
  CHECK(j["state"]["after"] == "breached");
  CHECK(j["rules"][0] == "charge-opens-door");
}

TEST_CASE("demolish: a failed Craft check changes nothing (R16)", "[cli][demolition]") {
  const auto r = run({"demolish", "-s", "curtain-wall", "--charge", "demolition-charge:3",
                        "--craft-successes", "0", "--damage-taken", "4", "--json"});
  REQUIRE(r.status == 0);
  const auto j = r.json();
  CHECK(j["went_off"] == false);
  CHECK(j["damage"] == 0);
  CHECK(j["hull"]["after"] == 4);
}

TEST_CASE("demolish: a rampart is left at most cracked by charges (R9)", "[cli][demolition]") {
  const auto r = run({"demolish", "-s", "rampart", "--charge", "demolition-charge:3", "--craft-successes",
                        "1", "--json"});
  REQUIRE(r.status == 0);
  CHECK(r.json()["hull"]["after"] == 11);
  CHECK(r.json()["state"]["after"] == "cracked");
}

TEST_CASE("demolish: text output shows the charges, the check and the Hull", "[cli][demolition]") {
  const auto r = run({"demolish", "-s", "stone-bridge", "--on-pier", "--charge", "powder-keg:2", "--seed", "4"});
  REQUIRE(r.status == 0);
  CHECK(contains(r.out, "Charges   2 x Powder keg"));
  CHECK(contains(r.out, "Craft: Average check"));
  CHECK(contains(r.out, "seed 4"));
  CHECK(contains(r.out, "State     intact -> "));
}

TEST_CASE("demolish: bad input exits 2 with a clear message", "[cli][demolition]") {
  require_usage_error({"demolish", "-s", "curtain-wall", "--charge", "powderkeg"}, "did you mean powder-keg?");
  require_usage_error({"demolish", "-s", "curtain-wall", "--charge", "powder-keg:0"}, "--charge powder-keg:0");
  require_usage_error({"demolish", "-s", "curtain-wall", "--charge", "powder-keg", "--on-pier"}, "--on-pier");
  require_usage_error({"demolish", "-s", "curtain-wall"}, "--charge");
  require_usage_error({"demolish", "-s", "curtain-wall", "--charge", "petard", "--portcullis"}, "--portcullis");
  require_usage_error({"demolish", "-s", "curtain-wall", "--charge", "petard", "--pool", "2",
                       "--craft-successes", "1"},
                      "--craft-successes");
}

TEST_CASE("demolish: an error with --json is also a JSON object on stdout", "[cli][demolition]") {
  const auto r = run({"demolish", "-s", "curtain-wall", "--charge", "powder-keg:0", "--json"});
  CHECK(r.status == 2);
  CHECK(r.json()["error"]["code"] == 2);
}

TEST_CASE("mine: an unseen gallery under a curtain wall fires, breached 20 of 20 (R19)", "[cli][mine]") {
  const auto r = run({"mine", "--structure", "curtain-wall", "--day-results", "1:0,0:0,2:1, 1:1", "--json"});
  REQUIRE(r.status == 0);
  const auto j = r.json();
  CHECK(j["action"] == "mine");
  CHECK(j["days"]["needed"] == 4);
  CHECK(j["checks"].size() == 4);
  CHECK(j["fired"] == true);
  CHECK(j["damage"] == 20);
  CHECK(j["hull"] == nlohmann::json{{"max", 20}, {"before", 0}, {"after", 20}});
  CHECK(j["state"]["after"] == "breached");
}

TEST_CASE("mine: a found gallery reports countermine possible and does not fire (R19)", "[cli][mine]") {
  const auto r = run({"mine", "-s", "curtain-wall", "--day-results", "1:2", "--countermine"});
  REQUIRE(r.status == 0);
  CHECK(contains(r.out, "countermine possible"));
  CHECK(contains(r.out, "State     intact -> intact"));
}

TEST_CASE("mine: rolled days are reproducible from --seed (R19, R27)", "[cli][mine]") {
  const auto a = run({"mine", "-s", "tower", "--seed", "11", "--json"});
  const auto b = run({"mine", "-s", "tower", "--seed", "11", "--json"});
  REQUIRE(a.status == 0);
  CHECK(a.out == b.out);
  CHECK(a.json()["seed"] == 11);
  CHECK(a.json()["checks"][0]["sappers"]["dice"].size() == 3 + 2);
}

TEST_CASE("mine: bad input exits 2 with a clear message", "[cli][mine]") {
  require_usage_error({"mine", "-s", "curtain-wall", "--days-dug", "-1"}, "--days-dug");
  require_usage_error({"mine", "-s", "curtain-wall", "--days-dug", "5"}, "takes 4 days");
  require_usage_error({"mine", "-s", "curtain-wall", "--day-results", "1:0,x:1"}, "--day-results: day 2 sappers");
  require_usage_error({"mine", "-s", "curtain-wall", "--day-results", "1-0"}, "SAPPERS:DEFENDERS");
  require_usage_error({"mine", "-s", "curtain-wall", "--day-results", ""}, "--day-results");
  require_usage_error({"mine", "-s", "curtain-wall", "--day-results", "1:0", "--sapper-pool", "4"}, "--sapper-pool");
  require_usage_error({"mine", "-s", "curtain-wal"}, "did you mean curtain-wall?");
}

TEST_CASE("escalade: a siege tower puts 10 attackers up in 3 rounds (R20)", "[cli][escalade]") {
  const auto r = run({"escalade", "--method", "tower", "--attackers", "10", "--json"});
  REQUIRE(r.status == 0);
  const auto j = r.json();
  CHECK(j["action"] == "escalade");
  CHECK(j["structure"] == "curtain-wall");
  CHECK(j["rounds"].size() == 3);
  CHECK(j["up"] == 10);
}

TEST_CASE("escalade: a defended ladder rolls 2 Bane dice per climber (R20)", "[cli][escalade]") {
  const auto r = run({"escalade", "--method", "ladder", "--attackers", "3", "--defended", "--seed", "2", "--json"});
  REQUIRE(r.status == 0);
  CHECK(r.json()["check"] == nlohmann::json{{"difficulty", "average"}, {"pool", 3}, {"bane_dice", 2}, {"rolled", true}});
}

TEST_CASE("escalade: a breached section is not climbed, exit 0 (R20)", "[cli][escalade]") {
  const auto r = run({"escalade", "--method", "ladder", "--attackers", "3", "--damage-taken", "20"});
  REQUIRE(r.status == 0);
  CHECK(contains(r.out, "Rough Terrain speed"));
  CHECK(contains(r.out, "nothing climbed"));
}

TEST_CASE("escalade: the referee's results per round, with retries (R20)", "[cli][escalade]") {
  const auto r = run({"escalade", "--method", "grapnel", "--ropes", "2", "--attackers", "3",
                        "--successes-per-round", "1,1,1", "--json"});
  REQUIRE(r.status == 0);
  const auto j = r.json();
  CHECK(j["rounds"][1] == nlohmann::json{{"round", 2}, {"attempting", 2}, {"succeeded", 1}, {"up", 2}});
  CHECK(j["rounds"][2]["attempting"] == 1);
  CHECK(j["up"] == 3);
}

TEST_CASE("escalade: a hopeless climb answers at once with a clear message", "[cli][escalade]") {
  const auto r = run({"escalade", "--method", "grapnel", "--attackers", "5", "--pool", "0"});
  REQUIRE(r.status == 0);
  CHECK(contains(r.out, "Hopeless"));
}

TEST_CASE("escalade: bad input exits 2 with a clear message", "[cli][escalade]") {
  require_usage_error({"escalade", "--method", "ladder", "--attackers", "0"}, "--attackers");
  require_usage_error({"escalade", "--method", "ladder"}, "--attackers");
  require_usage_error({"escalade", "--attackers", "3"}, "--method");
  require_usage_error({"escalade", "--method", "rope", "--attackers", "3"}, "ladder, grapnel or tower");
  require_usage_error({"escalade", "--method", "tower", "--attackers", "3", "--ladders", "2"}, "--ladders");
  require_usage_error({"escalade", "--method", "ladder", "--attackers", "3", "--ropes", "2"}, "--ropes");
  require_usage_error({"escalade", "--method", "ladder", "--attackers", "3", "--rounds", "0"}, "--rounds");
}

TEST_CASE("demolish, mine and escalade --help each show a worked example", "[cli]") {
  for (const std::string cmd : {"demolish", "mine", "escalade"}) {
    const auto r = run({cmd, "--help"});
    INFO(cmd);
    CHECK(r.status == 0);
    CHECK(contains(r.out, "Example:\n  siege " + cmd + " "));
  }
}
