// siege/gallery.hpp: a gallery's days in a scene (R30) and the countermine (R31).
#include <catch2/catch.hpp>

#include "error_of.hpp"
#include "print/json.hpp"
#include "siege/gallery.hpp"
#include "support.hpp"

using siege::test::usage_error_of;
using namespace siege;
using siege::test::tables;

namespace {

SiegeState harrowmere() {
  return read_description(siege::test::slurp(SIEGE_SOURCE_DIR + "/examples/castle-siege.json"),
                          {"castle.json", ErrorKind::usage}, tables());
}

// A `scene` entry and a `mine` entry as the commands log them (src/commands/cmd_scene.cpp,
// src/commands/cmd_mine.cpp): the scene counter moves on; a mine records its days.
void log_scene(SiegeState& st) {
  ++st.now.scene;
  st.log.push_back({static_cast<int>(st.log.size()) + 1, "scene", RawJson(nlohmann::json::object()), 1,
                    RawJson(nlohmann::json{{"scene", st.now.scene}}), st.now.scene});
}
void log_mine(SiegeState& st, const std::string& section, int before, int after) {
  st.log.push_back({static_cast<int>(st.log.size()) + 1, "mine", RawJson(nlohmann::json{{"section", section}}), 1,
                    RawJson(nlohmann::json{{"section", section},
                                           {"days", {{"before", before}, {"after", after}}},
                                           {"detected", false},
                                           {"fired", false}}),
                    st.now.scene});
}

// The listed Armor of a section: the days its gallery takes (R19).
int days_needed(const SiegeState& st, const std::string& section) {
  const SectionState& s = *st.now.find_section(section);
  return section_stats(tables().structure(s.structure), portcullis_of(s)).base_armor;
}

}  // namespace

TEST_CASE("R30: a day-long scene has one day, a week-long one seven", "[gallery][R30]") {
  CHECK(days_in(SceneLength::day) == 1);
  CHECK(days_in(SceneLength::week) == 7);
}

TEST_CASE("R30: before the first scene no gallery has days: play the first scene", "[gallery][R30][errors]") {
  const SiegeState st = harrowmere();
  CHECK(usage_error_of([&] { (void)gallery_days(st, "north-wall"); }) ==
        "COMMAND: no scene has been played, so no day has passed for the sappers: play the first scene (siege "
        "scene)");
  CHECK(usage_error_of([&] { (void)mine_days_now(st, "north-wall", std::nullopt); }) ==
        "COMMAND: no scene has been played, so no day has passed for the sappers: play the first scene (siege "
        "scene)");
  CHECK(usage_error_of([&] { (void)gallery_days(st, "north-wal"); }) ==
        "COMMAND: unknown section 'north-wal' (did you mean north-wall?); see 'siege status'");
}

TEST_CASE("R30: in a week-long scene a gallery digs seven days, less what this scene's mine entries dug",
          "[gallery][R30]") {
  SiegeState st = harrowmere();
  REQUIRE(st.scene_length == SceneLength::week);
  log_scene(st);
  GalleryDays d = gallery_days(st, "north-wall");
  CHECK(d.section == "north-wall");
  CHECK(d.scene == 1);
  CHECK(d.per_scene == 7);
  CHECK(d.used == 0);
  CHECK(d.left == 7);
  CHECK(mine_days_now(st, "north-wall", std::nullopt) == 7);

  log_mine(st, "north-wall", 0, 2);
  log_mine(st, "east-wall", 0, 1);  // another section's days are its own
  d = gallery_days(st, "north-wall");
  CHECK(d.used == 2);
  CHECK(d.left == 5);
  CHECK(gallery_days(st, "east-wall").left == 6);
  CHECK(mine_days_now(st, "north-wall", std::nullopt) == 5);
  CHECK(mine_days_now(st, "north-wall", 3) == 3);
  CHECK(usage_error_of([&] { (void)mine_days_now(st, "north-wall", 6); }) ==
        "--days 6: the gallery under north-wall has 5 days left in scene 1 (one week, 7 days); dig those, "
        "then play the next scene");

  // A mine that fires records the days it dug too (before -> after); a new
  // gallery under the same section shares the scene's days.
  const int needed = days_needed(st, "north-wall");
  REQUIRE(needed - 2 <= 5);
  log_mine(st, "north-wall", 2, needed);
  CHECK(gallery_days(st, "north-wall").used == needed);
  log_mine(st, "north-wall", 0, 7 - needed);
  CHECK(gallery_days(st, "north-wall").used == 7);
  CHECK(gallery_days(st, "north-wall").left == 0);
  CHECK(usage_error_of([&] { (void)mine_days_now(st, "north-wall", std::nullopt); }) ==
        "COMMAND: the gallery under north-wall has dug every day of scene 1 (one week, 7 days): play the next "
        "scene");

  // The next scene brings its own seven days.
  log_scene(st);
  CHECK(gallery_days(st, "north-wall").left == 7);
}

TEST_CASE("R30: in a day-long scene a gallery digs one day", "[gallery][R30]") {
  SiegeState st = harrowmere();
  st.scene_length = SceneLength::day;
  log_scene(st);
  CHECK(mine_days_now(st, "gatehouse", std::nullopt) == 1);
  log_mine(st, "gatehouse", 0, 1);
  CHECK(
      usage_error_of([&] { (void)mine_days_now(st, "gatehouse", 1); }) ==
      "COMMAND: the gallery under gatehouse has dug every day of scene 1 (one day, 1 day): play the next scene");
  CHECK(usage_error_of([&] { (void)mine_days_now(st, "gatehouse", 0); }) == "--days 0: expected 1 or more");
}

TEST_CASE("R30: the days are read from an older file's log, whose entries did not record their scene",
          "[gallery][R30]") {
  SiegeState st = harrowmere();
  log_scene(st);
  log_mine(st, "north-wall", 0, 3);
  std::string text = write_state(st);
  for (const char* scene : {",\"scene\":1,\"action\":\"scene\"", ",\"scene\":1,\"action\":\"mine\""}) {
    const auto at = text.find(scene);
    REQUIRE(at != std::string::npos);
    text.erase(at, std::string(",\"scene\":1").size());
  }
  const SiegeState old = read_state(text, {"siege.json", ErrorKind::state}, tables());
  CHECK(gallery_days(old, "north-wall").used == 3);
  CHECK(gallery_days(old, "north-wall").left == 4);
}

// ---------------------------------------------------------------- R31

TEST_CASE("R31: a countermine that collapses the gallery leaves 0 days dug, and the scene's days stay used",
          "[gallery][R31]") {
  SiegeState st = harrowmere();
  log_scene(st);
  log_mine(st, "north-wall", 0, 2);
  st.now.find_section("north-wall")->mine = {2, true};
  const CountermineOutcome o = settle_countermine(st.now, tables(), "north-wall", CountermineResult::collapsed);
  CHECK(o.section == "north-wall");
  CHECK(o.result == CountermineResult::collapsed);
  CHECK(o.days_needed == days_needed(st, "north-wall"));
  CHECK(o.before.days_dug == 2);
  CHECK(o.before.detected);
  CHECK(o.after.days_dug == 0);
  CHECK_FALSE(o.after.detected);
  CHECK(o.rules == std::vector<std::string>{"countermine-collapsed"});
  CHECK(o.notes.front() == "The countermine broke into the gallery under north-wall and it collapsed: the 2 of " +
                               std::to_string(o.days_needed) +
                               " days dug are lost. The sappers may start a new gallery; the days of this scene "
                               "the lost one used stay used.");
  CHECK(st.now.find_section("north-wall")->mine.days_dug == 0);
  CHECK_FALSE(st.now.find_section("north-wall")->mine.detected);
  CHECK(gallery_days(st, "north-wall").used == 2);
  CHECK(gallery_days(st, "north-wall").left == 5);
}

TEST_CASE("R31: a failed countermine clears 'found' and the sappers dig on", "[gallery][R31]") {
  SiegeState st = harrowmere();
  st.now.find_section("gatehouse")->mine = {1, true};
  const CountermineOutcome o = settle_countermine(st.now, tables(), "gatehouse", CountermineResult::failed);
  CHECK(o.days_needed == days_needed(st, "gatehouse"));  // the gate's portcullis Armor (R12)
  CHECK(o.after.days_dug == 1);
  CHECK_FALSE(o.after.detected);
  CHECK(o.rules == std::vector<std::string>{"countermine-failed"});
  CHECK(o.not_modelled == std::vector<std::string>{"the fight underground (the referee gives its result)"});
  CHECK(st.now.find_section("gatehouse")->mine.days_dug == 1);
  CHECK_FALSE(st.now.find_section("gatehouse")->mine.detected);
  std::string out;
  detail::JsonWriter w(out);
  print::write_countermine(w, o);
  const auto j = nlohmann::json::parse(out);
  CHECK(j["action"] == "countermine");
  CHECK(j["result"] == "failed");
  CHECK(j["before"]["detected"] == true);
  CHECK(j["after"]["days_dug"] == 1);
  for (const auto& r : j["rules"]) CHECK(rule_info(r.get<std::string>()) != nullptr);
}

TEST_CASE("R31: a countermine needs a gallery the defenders found", "[gallery][R31][errors]") {
  SiegeState st = harrowmere();
  const std::string before = write_state(st);
  CHECK(usage_error_of([&] {
          (void)settle_countermine(st.now, tables(), "north-wall", CountermineResult::failed);
        }) == "COMMAND: there is no gallery under north-wall (no days dug): nothing to settle");
  st.now.find_section("north-wall")->mine = {3, false};
  CHECK(usage_error_of([&] {
          (void)settle_countermine(st.now, tables(), "north-wall", CountermineResult::collapsed);
        }) ==
        "COMMAND: the defenders have not found the gallery under north-wall (3 days dug): nothing to "
        "settle "
        "(R31)");
  CHECK(usage_error_of([&] {
          (void)settle_countermine(st.now, tables(), "norht-wall", CountermineResult::collapsed);
        }) == "COMMAND: unknown section 'norht-wall' (did you mean north-wall?); see 'siege status'");
  st.now.find_section("north-wall")->mine = {};
  CHECK(write_state(st) == before);
}
