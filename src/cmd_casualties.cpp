// `siege casualties`: casualties on a unit partly through a breach (R23).
#include <fmt/core.h>

#include "command.hpp"
#include "siege/breach.hpp"
#include "render.hpp"
#include "troop_text.hpp"

namespace siege::cli {

namespace {

// `casualties`: casualties on a unit partly through a breach (R23).
struct CasualtiesRequest {
  std::optional<int> through;
  std::optional<int> behind;
  std::optional<int> killed;
};

CasualtiesOutcome run_casualties(const CasualtiesRequest& r, Context&) {
  CasualtiesInput in;
  in.through = required(r.through, "casualties", "--through");
  in.behind = required(r.behind, "casualties", "--behind");
  in.killed = required(r.killed, "casualties", "--killed");
  return resolve_casualties(in);
}

std::string casualties_json(const CasualtiesOutcome& o) {
  std::string out;
  detail::JsonWriter w(out);
  write_casualties(w, o);
  return out;
}

std::string casualties_text(const CasualtiesOutcome& o) {
  std::string s;
  s += fmt::format("Unit      {} through the breach, {} behind; {} killed\n", o.through, o.behind, o.killed);
  s += fmt::format("Removed   {} from those through, {} from those behind (R23)\n", o.removed_through,
                   o.removed_behind);
  s += fmt::format("Left      {} through, {} behind\n", o.through_after, o.behind_after);
  s += fmt::format("Gaps      {} for the defenders to step into\n", o.gaps);
  s += fmt::format("Rules     {}\n", rules_with_rulings(o.rules));
  if (!o.notes.empty() || !o.not_modelled.empty()) s += "Notes\n" + render_notes(o.notes, o.not_modelled);
  return s;
}

void casualties_inputs(Fields& f, CasualtiesRequest& r) {
  f.number({.key = "through", .help = "Enemy figures already through the breach", .need = Need::required},
           r.through, 0, max_figures);
  f.number({.key = "behind", .help = "Enemy figures of the same unit not yet through", .need = Need::required},
           r.behind, 0, max_figures);
  f.number({.key = "killed", .help = "Casualties inflicted on that unit", .need = Need::required}, r.killed, 0,
           max_figures);
}

ActionResult casualties_action(const CasualtiesRequest& r, Context& ctx, SiegeState*) {
  const auto o = run_casualties(r, ctx);
  return {casualties_json(o), casualties_text(o),
          {{"through_after", o.through_after}, {"behind_after", o.behind_after}, {"gaps", o.gaps}}};
}

std::string describe_casualties(const nlohmann::json& o) {
  return fmt::format("{} through, {} behind, {} gap(s)", o.value("through_after", 0), o.value("behind_after", 0),
                     o.value("gaps", 0));
}

}  // namespace

Command casualties_command() {
  return action_command<CasualtiesRequest, casualties_inputs, casualties_action, describe_casualties>(
      "casualties", "Casualties on an enemy unit partly through a breach",
      "siege casualties --through 3 --behind 7 --killed 4");
}

}  // namespace siege::cli
