// `siege chronicle`: the whole siege of a state file as one page.
//
// Compute apart from print: gather_chronicle() (src/commands/chronicle.hpp)
// replays the log (replay_log) and asks odds::scene_odds for the outlook,
// and fills a Chronicle; the writers here, chronicle_html() and
// chronicle_markdown(), only lay it out. Nothing
// in a Chronicle depends on the clock, the file's path or the machine, so
// the same state file always gives the same bytes.
// `siege serve` shows the same page, live (Chronicle::live_head ...).
//
// Every log entry is shown the same way, whatever its action: its inputs as
// options, its seed, the action's own one-line description (the `describe`
// of its row in the command table), the rule ids and dice of its full
// outcome (the --json object replaying it gives), the attacks it holds (an
// "attacks" array, as a scene's), and what changed in the siege between the
// state before it and after it (breaches, knock-outs, figures lost).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "siege/tables.hpp"
#include "siege/state_json.hpp"

namespace siege::cli {

// One check as an outcome's "check" object gives it.
struct ChronicleRoll {
  std::string difficulty;  // "easy"
  bool rolled = false;     // false: the referee's own result, no dice
  std::string dice;        // "[S] [S B] | [F]": a bracket a die, a bar between kinds of dice
  int successes = 0;       // net
  int boons = 0;           // net
  bool passed = false;
};

// One attack inside an entry (a scene's "attacks").
struct ChronicleShot {
  std::string engine;
  std::string side;    // "besieger", "defender" or ""
  std::string target;
  std::optional<std::uint64_t> seed;
  std::optional<ChronicleRoll> roll;
  bool hit = false;
  int damage = 0;
  std::optional<int> hull_before, hull_after, hull_max;
  std::string state_before, state_after;  // a section's ladder states, else ""
  bool knocked_out = false;               // this attack put its target out of action
  std::vector<std::string> rules;
};

// What an entry changed, found by comparing the siege before and after it.
struct ChronicleChange {
  enum class Kind { breach, knock_out, rout, army_check, other };
  Kind kind = Kind::other;
  std::string text;  // "north-wall is breached: play the assault"
  [[nodiscard]] bool alarm() const { return kind != Kind::other; }
};

struct ChronicleEntry {
  int number = 0;
  std::string action;
  int scene = 0;          // the scene it belongs to (R30); 0 before the first
  // The inputs as the command line gives them: "--engine ram --successes 2"
  // (the whole command that plays it again: command_line())
  // (as inputs_as_options), a positional input as a bare word first ("build
  // --section gate" for abatis), and a value a shell would split quoted.
  std::string options;
  std::uint64_t seed = 0;
  std::string line;       // the action's describe() of the logged outcome
  std::vector<std::string> rules;
  std::optional<ChronicleRoll> roll;
  std::vector<ChronicleShot> shots;
  std::vector<ChronicleChange> changes;
  std::vector<std::string> notes;
  bool replayed = false;  // rules, dice, shots and changes come from replaying it
  [[nodiscard]] bool alarm() const;
};

// One line of the Hull chart: a section, an engine with a row, or the camp.
struct ChronicleSeries {
  std::string id;
  std::string what;   // "curtain-wall", "bombard", "the camp"
  int hull = 1;       // the Hull at which it is breached, knocked out or wrecked
  bool section = true;
  std::vector<int> suffered;  // at each point of Chronicle::points
  std::vector<int> at_scene;  // at each point of Chronicle::scene_ends
};

// A point of the Hull chart: after log entry `entry` (0: the start).
struct ChroniclePoint {
  int entry = 0;
  int scene = 0;
  bool scene_starts = false;  // entry is a `scene` entry
};

// The chance, from `odds scene`, that a section is breached by the end of
// each coming scene, and that an exposed engine is knocked out.
struct ChronicleOutlook {
  int played = 0;
  int scenes = 0;
  struct Row {
    std::string id;
    std::string state;  // now
    std::vector<std::string> attackers;
    std::vector<double> chance;  // by the end of scene played + 1 + k
  };
  std::vector<Row> sections;
  std::vector<Row> engines;  // besieger engines the defenders shoot at, then the camp (wrecked) if they do
  std::vector<std::string> notes;
  std::vector<std::string> not_modelled;
};

struct Chronicle {
  std::shared_ptr<const SiegeState> state;  // the siege the page shows: a view's own, or one it does not own
  std::string file;  // the state file as `--state` names it: its name, without its folder
  const Tables* tables = nullptr;
  std::vector<ChronicleEntry> entries;
  std::vector<ChroniclePoint> points;      // the chart's, at most max_chart_points
  std::vector<ChroniclePoint> scene_ends;  // the start, then the end of each scene (thinned like points)
  std::vector<ChronicleSeries> series;     // sections first, then engines and the camp
  std::string replay_note;                 // why the log could not be replayed to its end; "" when it was
  std::optional<ChronicleOutlook> outlook;
  std::string outlook_note;                // why there is no outlook; "" when there is one
  // The page as `siege serve` shows it (chronicle_html): the outlook's
  // section left out (the players' view), and raw HTML of its own at the
  // end of <head> and first in <body>, and the footer's text in place of
  // the chronicle's own; "" for none.
  bool outlook_hidden = false;
  std::string live_head, live_banner, live_footer;
};

// The most points a chart line has, and columns the scene table has: a
// longer log is shown at the end of each scene, then thinned evenly.
inline constexpr std::size_t max_chart_points = 240;
inline constexpr std::size_t max_scene_columns = 24;
// The most scenes the outlook looks ahead (odds::max_scenes_ahead).
inline constexpr int chronicle_max_scenes = 20;

// The whole command that plays `e` again on the state file `file` (its
// name, as the chronicle has it), each word quoted as a POSIX shell needs:
// "siege --state siege.json --seed 7 attack --engine ram --successes 2".
[[nodiscard]] std::string command_line(const std::string& file, const ChronicleEntry& e);

// The page: one HTML5 document (inline CSS and SVG, no script, nothing
// fetched), every text from the state file escaped.
[[nodiscard]] std::string chronicle_html(const Chronicle& c);
// The same content as Markdown: tables, no charts.
[[nodiscard]] std::string chronicle_markdown(const Chronicle& c);

// The schematic plan of the castle (chronicle_plan.cpp), drawn from `s`
// alone: one <svg> element (role img, a title, and a description that is
// castle_plan_facts), every text escaped, whole-number coordinates.
[[nodiscard]] std::string castle_plan_svg(const Snapshot& s, const Tables& t);
// What the plan shows, as plain sentences (each writer escapes them): a
// line per section in the description's order (its structure and state,
// abatis, a found mine, the engines that shoot at it, the units at it),
// then what stands outside the walls and what stands within.
[[nodiscard]] std::vector<std::string> castle_plan_facts(const Snapshot& s, const Tables& t);

// `text` safe in HTML text and attribute values: & < > " ' as references,
// control characters and non-characters (parse errors in HTML5) as \xNN or
// \uNNNN, bytes that are not UTF-8 as \xNN.
[[nodiscard]] std::string html_escape(std::string_view text);
// `text` safe in Markdown: & and < as references (no markup can start),
// control characters as html_escape writes them, and the characters that
// mean something in Markdown (\ ` * _ [ ] | #, and > at the start) escaped
// with a backslash; quotes and a later > as they are.
[[nodiscard]] std::string markdown_escape(std::string_view text);

// The breach ladder's colours, the same on the chronicle's page and on its
// plan of the siege.
inline constexpr std::string_view colour_intact = "#2e7d32";
inline constexpr std::string_view colour_cracked = "#a05a00";
inline constexpr std::string_view colour_breached = "#c62828";
[[nodiscard]] inline std::string_view state_colour(BreachState s) {
  return s == BreachState::intact ? colour_intact : s == BreachState::cracked ? colour_cracked : colour_breached;
}

}  // namespace siege::cli
