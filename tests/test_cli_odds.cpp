// `siege odds` end to end.
#include <catch2/catch.hpp>

#include "support.hpp"

namespace {
siege::test::Run run(const std::vector<std::string>& args) { return siege::test::siege(args); }
}  // namespace

TEST_CASE("odds check gives exact fractions that add up to 1", "[cli][odds]") {
  const auto r = run({"odds", "check", "--difficulty", "easy", "--pool", "1", "--json"});
  REQUIRE(r.status == 0);
  const auto j = r.json();
  CHECK(j["action"] == "odds");
  CHECK(j["of"] == "check");
  CHECK(j["pass"]["p"] == "19/64");
  CHECK(j["pass"]["value"].get<double>() == Approx(19.0 / 64));
  double sum = 0;
  for (const auto& e : j["net_successes"]) sum += e["probability"]["value"].get<double>();
  CHECK(sum == Approx(1.0));
}

TEST_CASE("odds attack lists the miss, each damage and the state after", "[cli][odds]") {
  const auto r = run({"odds", "attack", "-s", "interior-door", "-w", "ram", "--attacks", "2", "--json"});
  REQUIRE(r.status == 0);
  const auto j = r.json();
  CHECK(j["of"] == "attack");
  CHECK(j["ways"] == "4096");
  // Hull 1: every hit breaches it, so the breach chance is the pass chance.
  const auto miss = j["miss"]["value"].get<double>();
  CHECK(j["state_after"]["breached"]["value"].get<double>() == Approx(1 - miss));
  CHECK(j["after_attacks"].size() == 2u);
  CHECK(j["after_attacks"][1]["breached"]["value"].get<double>() == Approx(1 - miss * miss));
  CHECK(j["expected_attacks_to_breach"]["value"].get<double>() == Approx(1 / (1 - miss)));
}

TEST_CASE("odds attack uses the attack's own options and refusals", "[cli][odds]") {
  auto r = run({"odds", "attack", "-s", "curtain-wall", "-w", "musket"});
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Catch::Contains("personal weapon"));
  r = run({"odds", "attack", "-s", "castle-gate", "--portcullis", "-w", "ram", "--successes", "2", "--json"});
  REQUIRE(r.status == 0);
  CHECK(r.json()["outcomes"].size() == 1u);
  CHECK(r.json()["outcomes"][0]["damage"] == 4);
  CHECK(r.json()["outcomes"][0]["probability"]["p"] == "1/1");
  r = run({"odds", "attack", "-s", "rampart", "-w", "mortar", "--json"});
  REQUIRE(r.status == 0);
  CHECK(r.json()["expected_attacks_to_breach"].is_null());
}

TEST_CASE("odds --compare tabulates weapons against structures", "[cli][odds]") {
  auto r = run({"odds", "--compare", "--weapons", "cannon,trebuchet", "--structures", "curtain-wall,tower",
                "--attacks", "4", "--json"});
  REQUIRE(r.status == 0);
  const auto j = r.json();
  REQUIRE(j["cells"].size() == 4u);
  // Guns beat trebuchets against tall masonry.
  CHECK(j["cells"][0]["breached"]["value"].get<double>() > j["cells"][2]["breached"]["value"].get<double>());
  r = run({"odds", "--compare", "--weapons", "canon"});
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Catch::Contains("did you mean cannon"));
  r = run({"odds"});
  CHECK(r.status == 2);
}
