// The views of a siege (view.hpp).
#include "commands/view.hpp"

#include "print/json.hpp"
#include "siege/error.hpp"

namespace siege::cli {

std::string_view name_of(View v) { return view_names[v == View::players ? 0 : 1]; }

View view_named(std::string_view name) {
  if (name == view_names[0]) return View::players;
  if (name == view_names[1]) return View::referee;
  fail_input("bad-view", "view", std::string(name), "expected players (the default) or referee");
}

bool hidden_from_players(const LogEntry& e) {
  if (e.action != "note" && e.action != "mine") return false;
  const nlohmann::json o = e.outcome.json();
  if (e.action == "note") return o.value("private", false);  // R44
  return !o.value("detected", false) && !o.value("fired", false);
}

std::vector<std::size_t> entries_shown(const SiegeState& st, View v) {
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < st.log.size(); ++i)
    if (v == View::referee || !hidden_from_players(st.log[i])) out.push_back(i);
  return out;
}

SiegeState view_of(const SiegeState& st, View v) {
  if (v == View::referee) return st;
  SiegeState out = st;
  for (Snapshot* s : {&out.now, &out.initial})
    for (auto& x : s->sections)
      if (!x.mine.detected) x.mine = MineGallery{};
  out.log.clear();
  for (const std::size_t i : entries_shown(st, v)) {
    out.log.push_back(st.log[i]);
    out.log.edit(out.log.size() - 1).entry = static_cast<int>(out.log.size());
  }
  out.redo.clear();
  return out;
}

nlohmann::ordered_json view_status(const SiegeState& shown, const Tables& t, const std::string& name,
                                   View v) {
  auto j = nlohmann::ordered_json::parse(print::json_text(print::write_status, shown, t, name, "status"));
  if (v == View::referee) return j;
  nlohmann::ordered_json found = nlohmann::ordered_json::array();
  for (auto& x : j["galleries"])
    if (x.value("detected", false)) found.push_back(std::move(x));
  j["galleries"] = std::move(found);
  return j;
}

}  // namespace siege::cli
