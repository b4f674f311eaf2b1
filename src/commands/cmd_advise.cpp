// `siege --state FILE advise`: the best plan of aims for one side over the
// coming scenes, every plan weighed exactly (R45, siege/odds_advise.hpp).
// It only reads the state file: no lock, nothing written, nothing logged.
#include <fmt/format.h>

#include "commands/actions.hpp"
#include "commands/command.hpp"
#include "print/odds.hpp"
#include "print/render.hpp"
#include "siege/odds_advise.hpp"
#include "state/state_file.hpp"

namespace siege::cli {

namespace {

struct AdviseRequest {
  Given<std::string> side = std::string(name_of(EngineSide::besieger));
  Given<int> scenes = evening_scenes;
  Given<std::string> goal = std::string(odds::any_breach_goal);
  std::vector<std::string> keep;
};

void advise_inputs(Fields& f, AdviseRequest& r) {
  f.text({.key = "side", .help = "The side whose engines are aimed", .value_name = "SIDE",
          .choices = engine_side_names},
         r.side);
  f.number({"scenes", "Coming scenes a plan keeps its aims through"}, r.scenes, 1, odds::max_scenes_ahead);
  f.text({.key = "goal", .help = "any-breach (a section breached by the end), or breach:SECTION",
          .value_name = "GOAL"},
         r.goal);
  static const std::string keep_help = see_hint("An engine of the side held at its aim; repeat for more", {"status"});
  f.texts({.key = "keep", .help = keep_help, .value_name = "ENGINE"}, r.keep);
}

// An advice as printed: the siege of the file at `path`, and the command
// line of each re-aim of the best plan and of the others (in their order).
struct AdviceFigures {
  const odds::Advice& a;
  const SiegeState& st;
  const std::string& path;
  std::vector<std::vector<std::string>> lines;  // [0]: the best plan's; [1...]: the others'
};

std::string target_word(const std::string& id) { return id.empty() ? std::string(no_target_id) : id; }

std::string goal_word(const odds::Advice& a) {
  return a.goal.empty() ? std::string(odds::any_breach_goal) : std::string(odds::breach_goal_prefix) + a.goal;
}

// ---------------------------------------------------------------- JSON

// A plan: its aims, its chance and (`lines` given) its re-aims and whether
// it is today's.
void write_plan(JsonWriter& w, const odds::Advice& a, const odds::AimPlan& p, const std::vector<std::string>* lines) {
  w.begin_object();
  w.key("aims").begin_object();
  for (std::size_t e = 0; e < a.engines.size(); ++e) w.field(a.engines[e], target_word(p.aims[e]));
  w.end_object();
  write_p(w, "chance", p.chance);
  if (lines != nullptr) {
    w.key("reaims").begin_array();
    for (std::size_t j = 0; j < p.reaims.size(); ++j) {
      const odds::ReAim& x = p.reaims[j];
      w.begin_object().field("engine", x.engine).field("from", target_word(x.from)).field("at", target_word(x.to));
      w.field("command", (*lines)[j]).end_object();
    }
    w.end_array();
    w.field("today", p.today);
  }
  w.end_object();
}

void write_advice(JsonWriter& w, const AdviceFigures& f) {
  const odds::Advice& a = f.a;
  print::begin_outcome(w, "advise");
  w.field("file", f.path).field("name", f.st.name).field("scene_length", name_of(f.st.scene_length));
  w.field("side", name_of(a.side)).field("goal", goal_word(a));
  w.field("played", a.played).field("scenes", a.scenes);
  w.key("plans").raw(a.plans.str());
  w.field("chains", a.chains);
  w.string_array("engines", a.engines);
  w.key("targets").begin_array();
  for (const auto& t : a.targets) w.value(target_word(t));
  w.end_array();
  w.string_array("kept", a.kept);
  w.field("settled", a.settled);
  w.key("current");
  write_plan(w, a, a.current, nullptr);
  w.key("best");
  write_plan(w, a, a.best, &f.lines[0]);
  w.key("others").begin_array();
  for (std::size_t j = 0; j < a.others.size(); ++j) write_plan(w, a, a.others[j], &f.lines[j + 1]);
  w.end_array();
  print::end_outcome(w, a);
}

// ---------------------------------------------------------------- text

std::string chance_text(std::string_view label, const odds::Fraction& p) {
  const double v = shown(p);
  return fmt::format("{:<9} {}  {}\n", label, percent(v), bar(v));
}

// A plan's re-aims, one a line: "  engine  from -> to".
std::string reaims_text(const odds::AimPlan& p, std::string_view indent) {
  std::size_t w = 0;
  for (const auto& x : p.reaims) w = std::max(w, display_width(escape_text(x.engine)));
  std::string s;
  for (const auto& x : p.reaims)
    s += fmt::format("{}{}  {} -> {}\n", indent, pad_to(escape_text(x.engine), w), escape_text(target_word(x.from)),
                     escape_text(target_word(x.to)));
  return s;
}

std::string advice_text(const AdviceFigures& f) {
  const odds::Advice& a = f.a;
  const int first = a.played + 1, last = a.played + a.scenes;
  std::string s = fmt::format(
      "Advice    the {} engines' aims for {} of {} ({} played; a scene is one {})\n", name_of(a.side),
      first == last ? fmt::format("scene {}", first) : fmt::format("scenes {} to {}", first, last),
      f.st.name.empty() ? std::string("the siege") : escape_text(f.st.name), a.played, name_of(f.st.scene_length));
  s += fmt::format("Goal      {} breached by the end of scene {}: the {}s want it {}\n",
                   a.goal.empty() ? std::string("any section") : "section " + escape_text(a.goal), last,
                   name_of(a.side), a.side == EngineSide::besieger ? "likely" : "unlikely");
  if (a.engines.empty())
    s += fmt::format("Weighed   1 plan: no {} engine to re-aim\n", name_of(a.side));
  else
    s += fmt::format("Weighed   {} plan{}, every one: {} engine{}, {} targets each\n", a.plans.str(),
                     a.plans == 1 ? "" : "s", a.engines.size(), a.engines.size() == 1 ? "" : "s", a.targets.size());
  if (!a.kept.empty()) s += escape_text(fmt::format("Held      {}\n", fmt::join(a.kept, ", ")));
  s += chance_text("Today", a.current.chance);
  s += chance_text("Best", a.best.chance);
  if (a.best.today) {
    s += "  today's aims: no re-aim\n";
  } else {
    s += reaims_text(a.best, "  ");
    s += "  Re-aim with\n";
    for (const auto& line : f.lines[0]) s += "    " + command_line(line) + "\n";
  }
  if (!a.others.empty()) s += "Next best\n";
  for (std::size_t j = 0; j < a.others.size(); ++j) {
    const odds::AimPlan& p = a.others[j];
    const double v = shown(p.chance);
    s += fmt::format("  {}  {}\n", percent(v), bar(v));
    s += p.today ? "    today's aims\n" : reaims_text(p, "    ");
  }
  s += render_trailer(a.rules, a.notes, a.not_modelled);
  return s;
}

// ---------------------------------------------------------------- the run

void run_advise(const AdviseRequest& r, Context& ctx) {
  require_state(ctx, "advise");
  ctx.text_or_json_only("advise");
  StateFile file(ctx.globals.state_file, StateFile::Access::read);
  const SiegeState st = load_state(file, ctx);
  odds::AdviceQuestion q;
  q.side = *r.side == name_of(EngineSide::defender) ? EngineSide::defender : EngineSide::besieger;
  q.scenes = *r.scenes;
  q.goal = odds::goal_section(*r.goal);
  q.keep = r.keep;
  odds::Advice a = odds::advise(st.now, ctx.tables(), q);
  spell_notes(a.notes);
  AdviceFigures f{a, st, file.path(), {}};
  auto lines_of = [&](const odds::AimPlan& p) {
    std::vector<std::string> lines;
    for (const auto& x : p.reaims)
      lines.push_back(hint_on(file.path(), {"target", input_word("engine"), x.engine, input_word("at"),
                                            target_word(x.to)}));
    return lines;
  };
  f.lines.push_back(lines_of(a.best));
  for (const auto& p : a.others) f.lines.push_back(lines_of(p));
  ctx.emit(ctx.globals.json ? print::json_text(write_advice, f) : std::string(),
           ctx.globals.json ? std::string() : advice_text(f));
}

}  // namespace

namespace {

// What the references say of `advise` (tools/gen-refs writes docs/siege.1, README.md,
// docs/state.md and the outcome schema from it).
CommandDoc advise_doc() {
  return {
      .synopsis = "`siege --state` *FILE* `advise` [`--side besieger`|`defender`] [`--scenes` *N*] [`--goal "
                  "any-breach`|`breach:`*SECTION*] [`--keep` *ENGINE* ...]",
      .about = R"doc(The best plan of aims for one side of the siege in *FILE* (R45): an aim for each of the side's
engines that can shoot, among the targets `target` would give it that can matter (a besieger
engine: a section not yet breached; a defender engine: a besieger engine neither knocked out nor
gone, or `camp`) and `none`, kept through the next *N* scenes, which are played exactly as
`odds scene` plays them, the other side's aims as the file has them. The besiegers want the goal
likely, the defenders unlikely: that a section is breached by the end of the last scene
(`any-breach`), or that one section is (`breach:`*SECTION*; a section already breached gives 1
to every plan).

It prints the chance under today's aims, the best plan's chance and the re-aims that make it,
each as the command line that does it, and the next three best distinct chances, each with its
plan: exact fractions with `--json`, percentages and bars in text. Of plans that give the same
chance, the one with fewest re-aims is shown, then the first in one order: engines as the file
lists them, each one's targets as sections, then besieger engines, in the file's order, then
`camp`, then `none`.

Every plan is weighed, and the answer says how many: sections are worked out apart (only the
defenders' fire ties them), engines alike are counted rather than told apart, each section's chain
is worked out once for all the plans that load it alike, and the best is found section by section
over how many engines of each kind are left to place, not plan by plan. A question too large to
answer in about a second is refused at once (exit status 2, `too-large`), saying what to ask
instead. The file is only read: no lock is taken and nothing is written or logged.)doc",
      .inputs = R"doc(@side: Whose engines are aimed: the besiegers' or the defenders'.
@scenes: Coming scenes a plan keeps its aims through, as `odds scene` counts them.
@goal: `any-breach`, or `breach:`*SECTION* for one section.
@keep: An engine of the side held at its aim now, out of the search; an engine of the other side,
or one that cannot shoot, is refused.)doc",
      .example = R"doc(Example:

    $ siege --state siege.json advise --scenes 1
    Advice    the besieger engines' aims for scene 1 of The siege of
              Harrowmere (0 played; a scene is one week)
    Goal      any section breached by the end of scene 1: the
              besiegers want it likely
    Weighed   625 plans, every one: 4 engines, 5 targets each
    Today       3.63%  #
    Best       96.35%  #######################################
      great-bombard   north-wall -> gatehouse
      battery-cannon  north-wall -> gatehouse
      trebuchet       river-tower -> gatehouse
      Re-aim with
        siege --state siege.json target --engine great-bombard \
          --at gatehouse
        siege --state siege.json target --engine battery-cannon \
          --at gatehouse
        siege --state siege.json target --engine trebuchet \
          --at gatehouse
    Next best
       90.76%  ####################################
        great-bombard   north-wall -> gatehouse
        battery-cannon  north-wall -> gatehouse
    ...)doc",
      .with_state = R"doc(the best plan of one side's aims over the next N scenes (default 4, at most 20), every plan weighed exactly; reads the file only: no lock, nothing written or logged)doc",
      .outcome = R"json({
  "advise": {
    "description": "`advise` (with --state, R45): the best plan of aims for one side over the coming scenes, every plan weighed exactly.",
    "allOf": [{"$ref": "#/$defs/base"}],
    "properties": {
      "action": {"const": "advise"},
      "file": {"type": "string"},
      "name": {"type": "string"},
      "scene_length": {"enum": ["day", "week"]},
      "side": {"enum": ["besieger", "defender"]},
      "goal": {"type": "string", "pattern": "^(any-breach|breach:.+)$"},
      "played": {"$ref": "#/$defs/count"},
      "scenes": {"type": "integer", "minimum": 1, "maximum": 20},
      "plans": {"description": "How many plans the answer weighed: every one", "type": "integer", "minimum": 1},
      "chains": {"description": "How many sections' chains the answer played, one a section and load of the side's engines on it that can matter: the work behind the plans", "type": "integer", "minimum": 0},
      "engines": {"description": "The engines the search varied", "type": "array", "items": {"$ref": "#/$defs/id"}},
      "targets": {"description": "The targets each of them may take", "type": "array", "items": {"$ref": "#/$defs/id"}},
      "kept": {"description": "Engines held at their aims", "type": "array", "items": {"$ref": "#/$defs/id"}},
      "settled": {"description": "The goal is reached already: every plan gives 1", "type": "boolean"},
      "current": {"$ref": "#/$defs/advise_plan"},
      "best": {"$ref": "#/$defs/advise_plan", "required": ["reaims", "today"]},
      "others": {
        "description": "The next best distinct chances, best first, each with its plan",
        "type": "array",
        "maxItems": 3,
        "items": {"$ref": "#/$defs/advise_plan", "required": ["reaims", "today"]}
      }
    },
    "required": ["file", "name", "scene_length", "side", "goal", "played", "scenes", "plans", "chains", "engines",
                 "targets", "kept", "settled", "current", "best", "others"],
    "unevaluatedProperties": false
  },
  "advise_plan": {
    "description": "A plan: each varied engine's target (or none), the chance of the goal under it, and the re-aims that make it from the file's aims.",
    "type": "object",
    "properties": {
      "aims": {"type": "object", "additionalProperties": {"$ref": "#/$defs/id"}},
      "chance": {"$ref": "#/$defs/probability"},
      "reaims": {
        "type": "array",
        "items": {
          "type": "object",
          "properties": {
            "engine": {"$ref": "#/$defs/id"},
            "from": {"$ref": "#/$defs/id"},
            "at": {"$ref": "#/$defs/id"},
            "command": {"type": "string"}
          },
          "required": ["engine", "from", "at", "command"],
          "additionalProperties": false
        }
      },
      "today": {"description": "The plan is the file's own aims", "type": "boolean"}
    },
    "required": ["aims", "chance"],
    "additionalProperties": false
  }
})json"};
}

}  // namespace

SIEGE_COMMAND(advise) = plain_command<AdviseRequest, advise_inputs, run_advise>({
    .name = "advise",
    .rank = 215,
    .summary = "The best plan of aims for one side over the coming scenes, exactly (with --state)",
    .example = "siege --state siege.json advise --side defender --scenes 3",
    .doc = advise_doc});

}  // namespace siege::cli
