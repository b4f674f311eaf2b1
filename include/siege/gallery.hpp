// siege/gallery.hpp - a mine gallery in the state file: the days it may dig
// in the scene under way (R30) and the countermine that settles a found one
// (R31).
//
// Time comes from the log: every entry records its scene (LogEntry::scene),
// and a `mine` entry's outcome records the days it dug under its section
// ("days": {"before", "after"}), so the days a gallery has used in a scene
// are read back from the entries of that scene. Pure functions: no dice, no
// files.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "siege/mine.hpp"
#include "siege/state.hpp"
#include "siege/rule.hpp"

namespace siege {

// The rules this header applies, as outcomes list them (siege/rules.hpp
// gathers every header's into the catalogue).
inline constexpr RuleInfo gallery_rules[] = {
    {"countermine-collapsed", "R31", "the countermine collapses the found gallery: 0 days dug, the scene's days stay used"},
    {"countermine-failed", "R31", "the countermine fails: the sappers dig on, and the daily checks go on"},
};

// R30: the days of one scene (a day-long scene has one, a week-long seven).
[[nodiscard]] constexpr int days_in(SceneLength length) noexcept { return length == SceneLength::day ? 1 : 7; }

// R30: a section's gallery in the scene under way.
struct GalleryDays {
  std::string section;
  int scene = 0;      // the scene under way (scenes played so far)
  int per_scene = 0;  // days_in(scene_length)
  int used = 0;       // days the mine entries of this scene dug under the section
  int left = 0;       // per_scene - used, never below 0
};

namespace detail {

// The days a `mine` log entry dug, from its outcome `o`: days.after -
// days.before (also when it fired). An outcome without those numbers (a
// hand-edited one: replay is what checks outcomes) counts 0.
[[nodiscard]] inline int days_dug_by(const nlohmann::json& o) {
  if (!o.is_object() || !o.contains("days") || !o["days"].is_object()) return 0;
  const auto& d = o["days"];
  if (!d.contains("before") || !d.contains("after") || !d["before"].is_number_integer() ||
      !d["after"].is_number_integer())
    return 0;
  const auto dug = d["after"].get<long long>() - d["before"].get<long long>();
  return dug > 0 && dug <= max_mine_days ? static_cast<int>(dug) : 0;
}

}  // namespace detail

// The days the `mine` entries of the scene under way dug, section by
// section in the order of st.now.sections: one pass over the log, in which
// only those entries are built (Log::scene_at, action_at).
[[nodiscard]] inline std::vector<int> days_used_this_scene(const SiegeState& st) {
  std::vector<int> used(st.now.sections.size(), 0);
  for (std::size_t i = 0; i < st.log.size(); ++i) {
    if (st.log.scene_at(i) != st.now.scene || st.log.action_at(i) != "mine") continue;
    const nlohmann::json o = st.log[i].outcome.json();
    if (!o.is_object() || !o.contains("section")) continue;
    for (std::size_t k = 0; k < used.size(); ++k)
      if (o["section"] == st.now.sections[k].id) used[k] += detail::days_dug_by(o);
  }
  return used;
}

// R30: how many days the gallery under `section` may still dig in the scene
// under way: the scene's days less what the `mine` entries of this scene
// dug under it. A countermine that collapses the gallery gives none back
// (its entry is no `mine` entry). Usage errors: an unknown section, and no
// scene played yet ("play the first scene": before it no day has passed).
// `used`: days_used_this_scene(st) when the caller has it already.
[[nodiscard]] inline GalleryDays gallery_days(const SiegeState& st, std::string_view section,
                                              const std::vector<int>* used = nullptr) {
  const SectionState& sec = section_of(st.now, section);
  if (st.now.scene == 0)
    fail_refusal("no-scene", "no scene has been played, so no day has passed for the sappers: play the first "
                             "scene (" + command_words({"scene"}) + ")");
  GalleryDays d;
  d.section = sec.id;
  d.scene = st.now.scene;
  d.per_scene = days_in(st.scene_length);
  const std::size_t k = static_cast<std::size_t>(&sec - st.now.sections.data());
  d.used = used != nullptr ? used->at(k) : days_used_this_scene(st).at(k);
  d.left = std::max(0, d.per_scene - d.used);
  return d;
}

// Where the days a `mine` asks for come from: its `days` input, or one a
// day of the referee's `day-results`.
enum class DaysAsked { by_days, by_day_results };

// R30: the days a `mine` on `section` digs now: `asked` (1 or more), or
// without it every day left in the scene. Usage errors, each with the days
// left and naming the input that asked (`by`): asking for more than are
// left, or none left ("play the next scene"), and those of gallery_days.
[[nodiscard]] inline int mine_days_now(const SiegeState& st, std::string_view section,
                                       std::optional<int> asked, DaysAsked by = DaysAsked::by_days) {
  const GalleryDays d = gallery_days(st, section);
  const std::string id(section);
  const std::string scene = "scene " + std::to_string(d.scene) + " (one " + std::string(name_of(st.scene_length)) +
                            ", " + std::to_string(d.per_scene) + " day" + (d.per_scene == 1 ? "" : "s") + ")";
  if (asked && *asked < 1) fail_input("bad-days", "days", std::to_string(*asked), "expected 1 or more");
  if (d.left == 0)
    fail_refusal("no-days-left", "the gallery under " + id + " has dug every day of " + scene +
                                   ": play the next scene");
  if (asked && *asked > d.left) {
    const std::string left = "the gallery under " + id + " has " + std::to_string(d.left) + " day" +
                             (d.left == 1 ? "" : "s") + " left in " + scene +
                             "; dig those, then play the next scene";
    if (by == DaysAsked::by_day_results)
      fail_input("too-many-days", "day-results", {}, std::to_string(*asked) + " days given, but " + left);
    fail_input("too-many-days", "days", std::to_string(*asked), left);
  }
  return asked ? *asked : d.left;
}

// ---------------------------------------------------------------- countermine

// R31: how the characters' countermine against a found gallery ended.
enum class CountermineResult { collapsed, failed };
inline constexpr std::array<std::string_view, 2> countermine_result_names{"collapsed", "failed"};
[[nodiscard]] inline std::string_view name_of(CountermineResult r) {
  return countermine_result_names[static_cast<std::size_t>(r)];
}

struct CountermineOutcome {
  std::string section;
  CountermineResult result = CountermineResult::collapsed;
  int days_needed = 0;  // R19: the days the whole gallery takes
  MineGallery before;
  MineGallery after;
  std::vector<std::string> rules;
  std::vector<std::string> notes;
  std::vector<std::string> not_modelled;
};

// R31: settles the gallery the defenders found under `section`.
// `collapsed`: the gallery is lost (0 days dug, not found); the sappers may
// start another, but the days of this scene it used stay used (gallery_days).
// `failed`: the sappers dig on from the days they had; "found" is cleared, so
// the daily checks of R19 go on and may find it again. Usage errors: an
// unknown section, a section with no gallery or one not found (nothing to
// settle). Nothing changes when it throws.
[[nodiscard]] inline CountermineOutcome settle_countermine(Snapshot& s, const Tables& t, std::string_view section,
                                                           CountermineResult result) {
  SectionState& sec = section_of(s, section);
  if (!sec.mine.detected) {
    if (sec.mine.days_dug == 0)
      fail_refusal("no-gallery", "there is no gallery under " + sec.id + " (no days dug): nothing to "
                                                                                     "settle");
    fail_refusal("gallery-not-found", "the defenders have not found the gallery under " + sec.id + " (" +
                                        std::to_string(sec.mine.days_dug) + " days dug): nothing to settle (R31)");
  }
  CountermineOutcome o;
  o.section = sec.id;
  o.result = result;
  o.days_needed = section_stats(t.structure(sec.structure), portcullis_of(sec)).base_armor;
  o.before = sec.mine;
  o.not_modelled.emplace_back("the fight underground (the referee gives its result)");
  const std::string dug = std::to_string(o.before.days_dug) + " of " + std::to_string(o.days_needed) + " days";
  if (result == CountermineResult::collapsed) {
    sec.mine = MineGallery{};
    detail::add_rule(o.rules, "countermine-collapsed");
    o.notes.emplace_back("The countermine broke into the gallery under " + sec.id + " and it collapsed: the " + dug +
                         " dug are lost. The sappers may start a new gallery; the days of this scene the lost "
                         "one used stay used.");
  } else {
    sec.mine.detected = false;
    detail::add_rule(o.rules, "countermine-failed");
    o.notes.emplace_back("The countermine failed: the sappers dig on under " + sec.id + " from " + dug +
                         ". The defenders' daily Perception checks go on, and they may find it again.");
  }
  o.after = sec.mine;
  return o;
}

}  // namespace siege
