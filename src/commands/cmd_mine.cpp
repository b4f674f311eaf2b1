// `siege mine`: a mine from digging to firing (R9, R19).
#include <fmt/core.h>
#include <fmt/format.h>

#include "commands/cmd_attack.hpp"
#include "commands/cmd_works.hpp"
#include "commands/actions.hpp"
#include "commands/command.hpp"
#include "print/json.hpp"
#include "print/render.hpp"
#include "print/text.hpp"
#include "siege/gallery.hpp"
#include "siege/scene.hpp"

namespace siege::cli {

std::vector<std::string_view> split_list(std::string_view text, std::string_view key) {
  auto trim = [](std::string_view s) {
    while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
    while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
    return s;
  };
  std::vector<std::string_view> items;
  for (;;) {
    const auto comma = text.find(',');
    const auto item = trim(text.substr(0, comma));
    if (item.empty())
      fail_input("bad-list", std::string(key), {}, "expected a comma-separated list with no empty items");
    items.push_back(item);
    if (comma == std::string_view::npos) break;
    text.remove_prefix(comma + 1);
  }
  return items;
}

namespace {

// "S:D,S:D,...": the sappers' and the defenders' net Successes, one pair a day.
std::vector<MineDayResult> parse_day_results(std::string_view text) {
  std::vector<MineDayResult> days;
  for (const auto item : split_list(text, "day-results")) {
    const std::string day = "day " + std::to_string(days.size() + 1);
    const auto colon = item.find(':');
    if (colon == std::string_view::npos)
      fail_input("bad-day-result", "day-results", {},
                 day + ": expected SAPPERS:DEFENDERS net Successes, e.g. 2:1, got '" + std::string(item) + "'");
    // One side's net Successes; refused as the input's.
    const auto successes = [&](std::string_view part, const std::string& whose) {
      try {
        return static_cast<int>(parse_int(part, -100, 100, whose));
      } catch (const Error& e) {
        throw Error::in_input(ErrorKind::usage, e.id(), "day-results", {}, e.reason());
      }
    };
    MineDayResult r;
    r.sappers = successes(item.substr(0, colon), day + " sappers");
    r.defenders = successes(item.substr(colon + 1), day + " defenders");
    days.push_back(r);
  }
  if (days.size() > static_cast<std::size_t>(max_mine_days))
    fail_input("bad-day-result", "day-results", {}, "at most " + std::to_string(max_mine_days) + " days");
  return days;
}

}  // namespace

MineInput prepare_mine(const MineRequest& r, const Tables& t) {
  MineInput in;
  in.structure = &t.structure(r.structure);
  in.portcullis = r.portcullis ? Portcullis::yes : Portcullis::no;
  in.days_dug = r.days_dug.value_or(0);
  in.days = r.days;
  in.damage_taken = r.damage_taken.value_or(0);
  in.countermine = r.countermine ? Countermine::yes : Countermine::no;
  if (r.day_results) {
    if (r.sapper_pool.given() || r.defender_pool.given() || r.days)
      refuse_input("bad-option", "day-results",
                   "are the referee's own rolls; " + input_word("sapper-pool") + ", " + input_word("defender-pool") +
                       " and " + input_word("days") + " do not go with them");
    in.referee_days = parse_day_results(*r.day_results);
  }
  in.sapper_pool = *r.sapper_pool;
  in.defender_pool = *r.defender_pool;
  return in;
}

MineOutcome run_mine(const MineRequest& r, Context& ctx) {
  const Tables& t = ctx.tables();
  MineOutcome o = resolve_mine(prepare_mine(r, t), t.dice, ctx.rng());
  spell_notes(o.notes);
  return o;
}

void mine_work_inputs(Fields& f, MineRequest& r) {
  structure_input(f, r.structure);
  f.number({"days-dug", "Days already dug before this call (default 0)"}, r.days_dug, 0, max_mine_days);
  f.number({"days", "Dig at most N more days now (default: to the end)"}, r.days, 1, max_mine_days);
  f.number({"damage-taken", "Hull the section has already suffered"}, r.damage_taken, 0, 100000);
  f.number({"sapper-pool", "Sappers' Perception dice"}, r.sapper_pool, 0, max_dice);
  f.number({"defender-pool", "Defenders' Perception dice"}, r.defender_pool, 0, max_dice);
  f.text({"day-results", "The referee's rolls, one SAPPERS:DEFENDERS pair of net Successes a day, e.g. \"2:1,0:0\"",
          "S:D,..."},
         r.day_results);
  f.flag({"countermine", "The defenders dig a countermine (R19)"}, r.countermine);
  f.flag({"portcullis", "Castle gate with a portcullis: Armor 3, Hull 10 (R12)"}, r.portcullis);
}

void mine_inputs(Fields& f, MineRequest& r) {
  mine_work_inputs(f, r);
  static const std::string section_help = see_hint("With --state: the section whose gallery is dug", {"status"});
  f.text({.key = "section", .help = section_help, .value_name = "ID", .state_only = true}, r.section);
}

ActionResult mine_action(const MineRequest& req, Context& ctx, SiegeState* st) {
  if (st == nullptr) {
    if (!req.section.empty())
      refuse_without_state("section", "; without one give " + input_word("structure") + " ID");
    const auto o = run_mine(req, ctx);
    return outcome_result(ctx, print::write_mine, print::mine_text, o, ctx.seed());
  }
  MineRequest r = req;
  refuse_section_options(!r.structure.empty(), false, false);
  if (r.days_dug)
    refuse_input("bad-option", "days-dug", "goes without --state; the state file counts the days dug");
  refuse_section_options(false, r.damage_taken.has_value(), r.portcullis);
  if (r.section.empty()) fail_missing("no-section", "section", "ID; needed with --state");
  SectionState& s = state_section(*st, r.section, "mine");
  if (s.mine.detected)
    fail_usage("mine-found", "mine: the defenders found the gallery under " + s.id +
                                 " (R19); it is not dug on or fired");
  const GalleryDays scene_days = gallery_days(*st, s.id);
  // R30: the referee's rolls ask for one day each; else --days, or every day left.
  std::optional<int> asked = r.days;
  DaysAsked by = DaysAsked::by_days;
  if (r.day_results && !r.days) {
    asked = static_cast<int>(split_list(*r.day_results, "day-results").size());
    by = DaysAsked::by_day_results;
  }
  const int days_now = mine_days_now(*st, s.id, asked, by);
  if (!r.day_results) r.days = days_now;
  r.structure = s.structure;
  r.portcullis = portcullis_of(s) == Portcullis::yes;
  r.days_dug = s.mine.days_dug;
  r.damage_taken = s.hull_suffered;
  auto o = run_mine(r, ctx);
  // R30: the scene's days, and a hint the state file takes (not --days-dug).
  siege::add_rule(o.rules, "scene-days");
  const int dug_now = o.days_dug - o.days_before;
  const int left = scene_days.left - dug_now;
  for (auto& n : o.notes)
    if (const auto at = n.find(" Go on with --days-dug"); at != std::string::npos) {
      const std::string go_on = hint_on(ctx.globals.state_file, {"mine", input_word("section"), s.id});
      n = n.substr(0, at) + (left > 0 ? " Go on with: " + go_on + "."
                                      : " Go on in the next scene: " + hint_on(ctx.globals.state_file, {"scene"}) +
                                            ", then " + go_on + ".");
    }
  o.notes.push_back(fmt::format("Scene {} (one {}): the gallery digs at most {} day(s) in it; {} dug now, {} left.",
                                scene_days.scene, name_of(st->scene_length), scene_days.per_scene, dug_now, left));
  if (o.fired) {
    record_section_hull(st->now, ctx.tables(), s.id, o.hull.after, o.after, o.rules, o.notes);
    s.mine = MineGallery{};  // fired: the gallery is spent; a new mine starts from day 0
  } else {
    s.mine.days_dug = o.days_dug;
    s.mine.detected = o.detected_on.has_value();
  }
  nlohmann::json summary = {{"section", s.id},
                            {"days", {{"before", o.days_before}, {"after", o.days_dug}}},
                            {"detected", o.detected_on.has_value()},
                            {"fired", o.fired}};
  if (o.fired) {
    summary["damage"] = o.damage;
    summary["hull"] = {{"before", o.hull.before}, {"after", o.hull.after}};
    summary["state"] = {{"before", name_of(o.before)}, {"after", name_of(o.after)}};
  }
  return {
      with_fields(print::json_text(print::write_mine, o, ctx.seed()), "mine", json_field("section", s.id)),
      print::section_line(s.id) + print::mine_text(o, ctx.seed()), summary};
}

namespace {

// What the references say of `mine` (tools/gen-refs writes docs/siege.1, README.md,
// docs/state.md and the outcome schema from it).
CommandDoc mine_doc() {
  return {
      .synopsis = R"doc(`siege mine --structure` *ID* [*options*]
`siege --state` *FILE* `mine --section` *ID* [*options*])doc",
      .about = R"doc(Dig a mine under a section, one day per point of its listed Armor (R19). Each day the sappers
and the defenders roll opposed Perception checks; the defenders find the gallery only if they
get strictly more net Successes, and then digging stops and a countermine is possible. A gallery
finished unseen is fired: 20 Hull damage, Armor ignored.)doc",
      .inputs = R"doc(@structure: The structure mined.
@days-dug: Days dug before this call.
@days: Dig at most *N* more days now; without it, dig until the gallery is fired or found. With
`--state` a gallery digs at most the days of the scene under way (R30: one in a day-long scene,
seven in a week-long one, less the days its `mine` entries of this scene dug); without `--days`
it digs what is left of them. More is refused with the days left and "play the next scene";
before the first scene a mine is refused with "play the first scene". `siege status` shows each
gallery's days left in the scene.
@damage-taken: Hull the section has suffered already.
@sapper-pool: The sappers' Perception dice.
@defender-pool: The defenders' Perception dice.
@day-results: The referee's rolls instead of dice: for each day, the sappers' and the defenders' net
Successes, for example `2:1,0:0`.
@countermine: The defenders are digging a countermine (R19): a found gallery is broken into, and the fight
underground is left to the table.
@portcullis: The castle gate has its portcullis down (R12): its Armor 3 sets the days of digging, and its
Hull 10 takes the mine.
@section: With `--state`: the section whose gallery is dug; its structure and variant, the days already
dug, whether the defenders found the gallery and the Hull it has suffered come from the file.
The days dug and a find are written back; a fired mine damages the section and leaves no gallery
(the next mine starts from day 0). A found gallery is not dug on. With a state file,
`--structure`, `--days-dug`, `--damage-taken` and `--portcullis` are refused.)doc",
      .example = R"doc(Example:

    $ siege mine --structure rampart --day-results 1:0,2:2,0:1
    Mine      under rampart: 3 day(s) of digging (listed Armor, R19), 0
              dug before
    Checks    opposed Perception, each side its pool + Average dice, the
              referee's rolls
    Day 1     sappers 1, defenders 0: still hidden
    Day 2     sappers 2, defenders 2: a tie, still hidden
    Day 3     sappers 0, defenders 1: FOUND by the defenders
    Dug       3 of 3 day(s)
    Found     on day 3: countermine possible, the mine is not fired)doc",
      .with_state = R"doc(`section`: the gallery's `days_dug` and `detected` written back; a fired mine writes the Hull and state and leaves no gallery; a found gallery is refused; at most the scene's days (R30: without `days`, every day left; none before the first scene); `structure`, `days-dug`, `damage-taken` refused)doc",
      .outcome = R"json({
  "mine_outcome": {
    "description": "A mine dug day by day and fired (R9, R19).",
    "allOf": [{"$ref": "#/$defs/base"}, {"$ref": "#/$defs/logged"}],
    "properties": {
      "action": {"const": "mine"},
      "section": {"$ref": "#/$defs/id"},
      "structure": {"$ref": "#/$defs/id"},
      "seed": {"$ref": "#/$defs/seed"},
      "days": {
        "type": "object",
        "properties": {
          "needed": {"$ref": "#/$defs/count"},
          "before": {"$ref": "#/$defs/count"},
          "dug": {"$ref": "#/$defs/count"},
          "left": {"$ref": "#/$defs/count"}
        },
        "required": ["needed", "before", "dug", "left"],
        "additionalProperties": false
      },
      "countermine": {"type": "boolean"},
      "checks": {
        "type": "array",
        "items": {
          "type": "object",
          "properties": {
            "day": {"type": "integer", "minimum": 1},
            "sappers": {"$ref": "#/$defs/check"},
            "defenders": {"$ref": "#/$defs/check"},
            "detected": {"type": "boolean"}
          },
          "required": ["day", "sappers", "defenders", "detected"],
          "additionalProperties": false
        }
      },
      "detected": {"type": "boolean"},
      "detected_on": {"type": ["integer", "null"], "minimum": 1},
      "fired": {"type": "boolean"},
      "damage": {"$ref": "#/$defs/count"},
      "overkill": {"$ref": "#/$defs/count"},
      "hull": {"$ref": "#/$defs/hull"},
      "state": {"$ref": "#/$defs/state_change"}
    },
    "required": [
      "structure",
      "seed",
      "days",
      "countermine",
      "checks",
      "detected",
      "detected_on",
      "fired",
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

SIEGE_COMMAND(mine) = action_command<MineRequest, mine_inputs, mine_action, print::describe_mine>({
    .name = "mine",
    .rank = 190,
    .summary = "Dig a mine under a section day by day, then fire it",
    .example = "siege mine --structure curtain-wall --seed 7\n"
      "  siege mine --structure rampart --day-results \"1:0,2:2,0:1\" --countermine",
    .doc = mine_doc});

}  // namespace siege::cli
