// `siege --state FILE odds scene`: the exact chance that each section of the
// siege is breached by the end of each coming scene (siege/odds_scene.hpp).
// It only reads the state file: no lock, nothing written, nothing logged.
#include <fmt/format.h>

#include "state/actions.hpp"
#include "commands/cmd_odds.hpp"
#include "front/command.hpp"
#include "print/json.hpp"
#include "print/render.hpp"
#include "siege/odds_scene.hpp"
#include "state/state_file.hpp"

namespace siege::cli {

namespace {

using siege::JsonWriter;
using odds::Fraction;

// "castle-gate, portcullis": the structure and any variant.
std::string what_of(const odds::SectionOutlook& x) {
  return escape_text(x.variant.empty() ? x.structure : x.structure + ", " + x.variant);
}

struct SceneOddsRequest {
  Given<int> scenes = evening_scenes;
};

std::string scene_json(const odds::SceneOdds& o, const SiegeState& st, const std::string& path) {
  std::string json;
  JsonWriter w(json);
  w.begin_object().field("schema", schema_version).field("action", "odds").field("of", "scene");
  w.field("file", path).field("name", st.name).field("scene_length", name_of(st.scene_length));
  w.field("played", o.played).field("scenes", o.scenes);
  w.key("sections").begin_array();
  for (const auto& s : o.sections) {
    w.begin_object().field("id", s.id).field("structure", s.structure);
    siege::write_id_or_null(w, "variant", s.variant);
    w.key("hull").begin_object().field("max", s.hull).field("suffered", s.suffered).end_object();
    w.field("state", name_of(s.state));
    w.string_array("attackers", s.attackers);
    w.key("after_scene").begin_array();
    for (std::size_t k = 0; k < s.by_scene.size(); ++k) {
      w.begin_object().field("scene", o.played + static_cast<int>(k) + 1);
      for (auto state : all_states)
        write_p(w, name_of(state), s.by_scene[k][static_cast<std::size_t>(state)]);
      w.end_object();
    }
    w.end_array();
    w.end_object();
  }
  w.end_array();
  auto by_scene = [&](std::string_view key, const std::vector<Fraction>& p) {
    w.key(key).begin_array();
    for (std::size_t k = 0; k < p.size(); ++k) {
      w.begin_object().field("scene", o.played + static_cast<int>(k) + 1);
      write_p(w, "probability", p[k]);
      w.end_object();
    }
    w.end_array();
  };
  w.key("engines").begin_array();
  for (const auto& e : o.engines) {
    w.begin_object().field("id", e.id);
    siege::write_id_or_null(w, "target", e.target);
    w.string_array("attackers", e.attackers);
    by_scene("knocked_out", e.knocked_out);
    w.end_object();
  }
  w.end_array();
  w.key("camp").begin_object();
  w.string_array("attackers", o.camp.attackers);
  by_scene("wrecked", o.camp.knocked_out);
  w.end_object();
  print::write_trailer(w, o.rules, o.notes, o.not_modelled);
  w.end_object();
  return json;
}

std::string p_line(std::string_view label, int scene, const Fraction& p) {
  const double v = shown(p);
  return fmt::format("    {} {:<4} {}  {}\n", label, scene, percent(v), bar(v));
}

std::string scene_text(const odds::SceneOdds& o, const SiegeState& st, const Tables& t) {
  const int first = o.played + 1, last = o.played + o.scenes;
  std::string s = fmt::format(
      "Odds      {} of {} ({} played; a scene is one {})\n",
      first == last ? fmt::format("scene {}", first) : fmt::format("scenes {} to {}", first, last),
      st.name.empty() ? std::string("the siege") : escape_text(st.name), o.played, name_of(st.scene_length));
  std::size_t w_id = 6, w_what = 6;
  for (const auto& x : o.sections) {
    w_id = std::max(w_id, display_width(escape_text(x.id)));
    w_what = std::max(w_what, display_width(what_of(x)));
  }
  s += "Sections\n";
  for (const auto& x : o.sections) {
    s += fmt::format("  {}  {}  {}  {}\n", pad_to(escape_text(x.id), w_id), pad_to(what_of(x), w_what),
                     hull_bar(x.suffered, x.hull), painted_state(x.state));
    if (x.state == BreachState::breached) {
      s += "    already " + painted_state(BreachState::breached) +
           (t.structure(x.structure).has(Tag::impassable_when_breached)
                ? ": impassable, no assault across it (R13)\n"
                : ": play the assault\n");
    } else if (x.attackers.empty()) {
      s += fmt::format("    no engine shoots at it: it stays {}\n", name_of(x.state));
    } else {
      s += escape_text(fmt::format("    shot at by {}", fmt::join(x.attackers, ", "))) + "\n";
      for (std::size_t k = 0; k < x.by_scene.size(); ++k)
        s += p_line("breached by scene", first + static_cast<int>(k),
                    x.by_scene[k][static_cast<std::size_t>(BreachState::breached)]);
    }
  }
  // The engines whose fate is in doubt (in action, with defenders shooting
  // at them), a siege tower too, and then the camp.
  bool header = false;
  for (const auto& e : o.engines) {
    if (!e.exposed) continue;
    if (!header) s += "Engines\n";
    header = true;
    s += escape_text(fmt::format("  {}{}, shot at by {}", e.id,
                                 e.target.empty() ? std::string() : " -> " + e.target,
                                 fmt::join(e.attackers, ", "))) +
         "\n";
    for (std::size_t k = 0; k < e.knocked_out.size(); ++k)
      s += p_line("knocked out by scene", first + static_cast<int>(k), e.knocked_out[k]);
  }
  if (o.camp.exposed) {
    s += escape_text(fmt::format("Camp      shot at by {}", fmt::join(o.camp.attackers, ", "))) + "\n";
    for (std::size_t k = 0; k < o.camp.knocked_out.size(); ++k)
      s += p_line("wrecked by scene", first + static_cast<int>(k), o.camp.knocked_out[k]);
  }
  s += render_trailer(o.rules, o.notes, o.not_modelled);
  return s;
}

void scene_odds_inputs(Fields& f, SceneOddsRequest& r) {
  f.number({"scenes", "Coming scenes to look at"}, r.scenes, 1, odds::max_scenes_ahead);
}

void odds_of_scene(const SceneOddsRequest& r, Context& ctx) {
  require_state(ctx, "odds scene");
  StateFile file(ctx.globals.state_file, StateFile::Access::read);
  const SiegeState st = load_state(file, ctx);
  const odds::SceneOdds o = odds::scene_odds(st.now, ctx.tables(), *r.scenes);
  ctx.emit(scene_json(o, st, file.path()), scene_text(o, st, ctx.tables()));
}

}  // namespace

Command scene_odds_command() {
  return plain_command<SceneOddsRequest, scene_odds_inputs, odds_of_scene>(
      "scene", "With --state: the chance each section is breached by the end of each coming scene", "");
}

}  // namespace siege::cli
