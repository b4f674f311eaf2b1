// What the chronicle shows, gathered from a state file: the log replayed
// entry by entry, and the outlook of `odds scene` (chronicle.hpp).
#include "commands/chronicle.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <memory>

#include <fmt/format.h>

#include "commands/actions.hpp"
#include "print/odds.hpp"
#include "commands/command.hpp"
#include "commands/json_view.hpp"
#include "print/render.hpp"
#include "siege/odds_scene.hpp"

namespace siege::cli {

static_assert(chronicle_max_scenes == odds::max_scenes_ahead, "the outlook asks what odds scene answers");

bool ChronicleEntry::alarm() const {
  for (const auto& c : changes)
    if (c.alarm()) return true;
  return false;
}

namespace {

using nlohmann::json;

// Values of an outcome, read leniently where they stand in its text (a
// logged outcome may have been edited by hand): a missing or odd value shows
// as the default, as nlohmann's value() would give it.
std::string text_of(JsonAt v) { return v.string_or_empty(); }
int int_of(JsonAt v) { return v.integer().value_or(0); }
std::vector<std::string> texts_of(JsonAt a) {
  std::vector<std::string> out;
  a.items([&](JsonAt x) {
    if (auto s = x.string()) out.push_back(std::move(*s));
  });
  return out;
}

// The dice of a "check" object as render_dice() writes them.
std::string dice_of(JsonAt dice) {
  std::string out;
  std::string last;
  bool first = true;
  dice.items([&](JsonAt d) {
    std::string kind;
    JsonAt symbols;
    d.members([&](std::string_view k, JsonAt v) {
      if (k == "die") kind = text_of(v);
      else if (k == "symbols") symbols = v;
    });
    if (!first && kind != last) out += " |";
    if (!first) out += ' ';
    first = false;
    std::string sym;
    symbols.items([&](JsonAt x) {
      const std::string name = text_of(x);
      const char letter = name == "success" ? 'S' : name == "failure" ? 'F' : name == "boon" ? 'B' : 'X';
      if (!sym.empty()) sym += ' ';
      sym += letter;
    });
    out += '[';
    out += sym.empty() ? std::string_view(" ") : std::string_view(sym);
    out += ']';
    last = std::move(kind);
  });
  return out;
}

// The "check" object of an outcome.
std::optional<ChronicleRoll> roll_of(JsonAt c) {
  if (!c.is_object()) return std::nullopt;
  ChronicleRoll r;
  JsonAt dice;
  c.members([&](std::string_view k, JsonAt v) {
    if (k == "difficulty") r.difficulty = text_of(v);
    else if (k == "rolled") r.rolled = v.is_true();
    else if (k == "dice") dice = v;
    else if (k == "successes") r.successes = int_of(v);
    else if (k == "boons") r.boons = int_of(v);
    else if (k == "passed") r.passed = v.is_true();
  });
  r.dice = dice_of(dice);
  return r;
}

// The attacks of an outcome's "attacks": a scene's, replayed (each with its
// full "outcome") or as logged (the summary's own keys).
std::vector<ChronicleShot> shots_of(JsonAt attacks) {
  std::vector<ChronicleShot> out;
  attacks.items([&](JsonAt a) {
    if (!a.is_object()) return;
    ChronicleShot s;
    std::optional<JsonAt> full;
    a.members([&](std::string_view k, JsonAt v) {
      if (k == "engine") s.engine = text_of(v);
      else if (k == "side") s.side = text_of(v);
      else if (k == "target") s.target = text_of(v);
      else if (k == "seed") s.seed = v.unsigned_integer();
      else if (k == "outcome") full = v;
    });
    JsonAt hull, state;
    bool knocked_out = false;
    (full ? *full : a).members([&](std::string_view k, JsonAt v) {
      if (k == "check") s.roll = roll_of(v);
      else if (k == "hit") s.hit = v.is_true();
      else if (k == "damage") s.damage = int_of(v);
      else if (k == "hull") hull = v;
      else if (k == "state") state = v;
      else if (k == "knocked_out") knocked_out = v.is_true();
      else if (k == "rules") s.rules = texts_of(v);
    });
    hull.members([&](std::string_view k, JsonAt v) {
      if (k == "before") s.hull_before = v.integer();
      else if (k == "after") s.hull_after = v.integer();
      else if (k == "max") s.hull_max = v.integer();
    });
    state.members([&](std::string_view k, JsonAt v) {
      if (k == "before") s.state_before = text_of(v);
      else if (k == "after") s.state_after = text_of(v);
    });
    // Knocked out by this attack, not already out before it.
    s.knocked_out = knocked_out && !(s.hull_before && s.hull_max && *s.hull_before >= *s.hull_max);
    out.push_back(std::move(s));
  });
  return out;
}

// What can change that the chronicle points out, of one snapshot.
struct Marks {
  std::vector<BreachState> sections;
  std::vector<bool> knocked_out;
  std::vector<bool> engine_gone;  // R36
  bool camp_wrecked = false;
  std::vector<UnitState> units;
  std::optional<ArmyState> armies[2];
};

Marks marks_of(const Snapshot& s, const Tables& t) {
  Marks m;
  for (const auto& x : s.sections) m.sections.push_back(x.state);
  for (const auto& e : s.engines) m.knocked_out.push_back(e.knocked_out);
  for (const auto& e : s.engines) m.engine_gone.push_back(!e.present());
  m.camp_wrecked = s.camp.hull_suffered >= camp_row(t).hull;
  m.units = s.units;
  m.armies[0] = s.armies.besieger;
  m.armies[1] = s.armies.defender;
  return m;
}

std::string figures_text(int n) { return fmt::format("{} figure{}", n, n == 1 ? "" : "s"); }

std::string place_of(const UnitState& u) {
  switch (u.where) {
    case UnitPlace::outside: return u.sallying() ? "outside the walls, on a sally" : "outside the walls";
    case UnitPlace::within_walls: return "within the walls";
    case UnitPlace::section: break;
  }
  return fmt::format("at {} ({} through, {} behind)", u.section, u.through, u.behind);
}

// What changed between `a` and `b` (the snapshot after, whose ids name them).
// E3, R13: the news of `id` just breached.
std::string breach_news(const std::string& id, Passable p) {
  return id + (p == Passable::yes ? " is breached: the way in is open"
                                  : " is breached and impassable: no assault across it");
}

std::vector<ChronicleChange> changes_between(const Marks& a, const Marks& b, const Snapshot& after,
                                             const Tables& t) {
  using K = ChronicleChange::Kind;
  std::vector<ChronicleChange> out;
  for (std::size_t i = 0; i < b.sections.size() && i < a.sections.size(); ++i) {
    const BreachState was = a.sections[i], now = b.sections[i];
    if (was == now) continue;
    const std::string& id = after.sections[i].id;
    if (now == BreachState::breached)
      out.push_back({K::breach, breach_news(id, impassable_breach(after.sections[i], t) ? Passable::no
                                                                                        : Passable::yes)});
    else if (was == BreachState::breached) out.push_back({K::other, fmt::format("{} is {} again", id, name_of(now))});
    else out.push_back({K::other, fmt::format("{} is {}", id, name_of(now))});
  }
  for (std::size_t i = 0; i < b.knocked_out.size() && i < a.knocked_out.size(); ++i) {
    if (a.knocked_out[i] == b.knocked_out[i]) continue;
    const std::string& id = after.engines[i].id;
    if (b.knocked_out[i]) out.push_back({K::knock_out, id + " is knocked out"});
    else out.push_back({K::other, id + " is back in action"});
  }
  // R35, R36: engines that arrived or left.
  for (std::size_t i = a.engine_gone.size(); i < b.engine_gone.size(); ++i)
    out.push_back({K::other, after.engines[i].id + " joins the siege"});
  for (std::size_t i = 0; i < b.engine_gone.size() && i < a.engine_gone.size(); ++i)
    if (b.engine_gone[i] && !a.engine_gone[i]) out.push_back({K::other, after.engines[i].id + " leaves the siege"});
  if (b.camp_wrecked != a.camp_wrecked)
    out.push_back(b.camp_wrecked ? ChronicleChange{K::knock_out, "the camp is wrecked"}
                                 : ChronicleChange{K::other, "the camp is no longer wrecked"});
  for (std::size_t i = 0; i < b.units.size() && i < a.units.size(); ++i) {
    const UnitState& was = a.units[i];
    const UnitState& now = b.units[i];
    if (!now.present()) {  // R36, R37
      if (was.present())
        out.push_back({K::other, now.gone == Gone::merged ? now.id + " is merged into another unit"
                                                          : now.id + " leaves the siege"});
      continue;
    }
    if (now.start_figures < was.start_figures && now.figures < was.figures)  // R37: a split
      continue;
    if (now.figures < was.figures)
      out.push_back({K::other, fmt::format("{} loses {} ({} left)", now.id, figures_text(was.figures - now.figures),
                                           now.figures)});
    if (now.order != was.order)
      out.push_back({now.order == Order::routed ? K::rout : K::other,
                     fmt::format("{} is {}", now.id, name_of(now.order))});
    if (now.figures > 0 && (now.where != was.where || now.section != was.section || now.through != was.through))
      out.push_back({K::other, fmt::format("{} is {}", now.id, place_of(now))});
  }
  for (std::size_t i = a.units.size(); i < b.units.size(); ++i)  // R35, R37: arrivals and split parts
    out.push_back({K::other, fmt::format("{} ({}, {}) joins the siege {}", b.units[i].id, name_of(b.units[i].side),
                                         figures_text(b.units[i].figures), place_of(b.units[i]))});
  for (const UnitSide side : {UnitSide::besieger, UnitSide::defender}) {
    const auto& was = a.armies[static_cast<std::size_t>(side)];
    const auto& now = b.armies[static_cast<std::size_t>(side)];
    if (now && now->called && !(was && was->called))
      out.push_back({K::army_check, fmt::format("the {} army has lost a third ({} killed of {}): it checks its "
                                                "morale (R25)",
                                                name_of(side), now->killed, now->strength)});
  }
  return out;
}

// What a logged outcome says changed, for an entry that was not replayed
// (`sections` names the sections' structures).
std::vector<ChronicleChange> changes_logged(JsonAt outcome, const Snapshot& sections, const Tables& t) {
  using K = ChronicleChange::Kind;
  std::vector<std::string> breached, knocked_out;
  std::string section;
  JsonAt state;
  outcome.members([&](std::string_view k, JsonAt v) {
    if (k == "breached") breached = texts_of(v);
    else if (k == "state") state = v;
    else if (k == "section") section = text_of(v);
    else if (k == "knocked_out") knocked_out = texts_of(v);
  });
  std::string before, after;
  state.members([&](std::string_view k, JsonAt v) {
    if (k == "before") before = text_of(v);
    else if (k == "after") after = text_of(v);
  });
  std::vector<ChronicleChange> out;
  const auto news = [&](const std::string& id) {
    const SectionState* sec = sections.find_section(id);
    const bool cut = sec != nullptr && t.structure(sec->structure).has(Tag::impassable_when_breached);  // R13
    return breach_news(id, cut ? Passable::no : Passable::yes);
  };
  for (const auto& id : breached) out.push_back({K::breach, news(id)});
  if (after == "breached" && before != "breached") out.push_back({K::breach, news(section)});
  for (const auto& id : knocked_out) out.push_back({K::knock_out, id + " is knocked out"});
  return out;
}

// The rules, attacks and changes of an entry as its logged outcome holds
// them: an entry the replay did not reach.
void fill_from_log(ChronicleEntry& x, const LogEntry& e, const Snapshot& sections, const Tables& t) {
  const JsonAt outcome(e.outcome.text());
  outcome.members([&](std::string_view k, JsonAt v) {
    if (k == "rules") x.rules = texts_of(v);
    else if (k == "attacks") x.shots = shots_of(v);
  });
  x.changes = changes_logged(outcome, sections, t);
}

// The rules, dice, attacks and notes of an entry as replaying it gives them
// (the action's --json object).
void fill_from_replay(ChronicleEntry& x, const std::string& full) {
  std::vector<std::string> not_modelled;
  JsonAt(full).members([&](std::string_view k, JsonAt v) {
    if (k == "rules") x.rules = texts_of(v);
    else if (k == "check") x.roll = roll_of(v);
    else if (k == "attacks") x.shots = shots_of(v);
    else if (k == "notes") x.notes = texts_of(v);
    else if (k == "not_modelled") not_modelled = texts_of(v);
  });
  for (const auto& m : not_modelled) x.notes.push_back("Not modelled here: " + m);
}

}  // namespace


namespace {

std::string describe(const LogEntry& e) { return entry_words().describe(e); }

// The same line from the outcome a replay gave, when it is the logged one to
// the byte (its dump() is the file's text): the value is at hand, and
// reading the text again would build it a second time.
std::optional<std::string> describe_replayed(const LogEntry& e, const nlohmann::json& summary) {
  if (summary.dump() != e.outcome.text()) return std::nullopt;
  try {
    return find_action(e.action).describe(summary);
  } catch (const nlohmann::json::exception&) {
    return std::nullopt;  // entry_words() says what a line it cannot read is
  }
}

// Hull suffered by every series, in the order of Chronicle::series: the
// engines of `all` (every engine the siege holds at the end; R35: an engine
// that has not arrived yet counts 0).
std::vector<int> hulls_of(const Snapshot& s, const Tables& t, const Snapshot& all) {
  std::vector<int> v;
  for (const auto& x : s.sections) v.push_back(x.hull_suffered);
  for (std::size_t i = 0; i < all.engines.size(); ++i)
    if (row_of(all.engines[i], t) != nullptr) v.push_back(i < s.engines.size() ? s.engines[i].hull_suffered : 0);
  v.push_back(s.camp.hull_suffered);
  return v;
}

// At most `most` of `at`, evenly spread, the first and the last kept.
std::vector<std::size_t> thinned(const std::vector<std::size_t>& at, std::size_t most) {
  if (at.size() <= most || most < 2) return at;
  std::vector<std::size_t> out;
  for (std::size_t k = 0; k < most; ++k) {
    const std::size_t i = k * (at.size() - 1) / (most - 1);
    if (out.empty() || out.back() != at[i]) out.push_back(at[i]);
  }
  return out;
}

ChronicleOutlook outlook_of(const odds::SceneOdds& o) {
  ChronicleOutlook out;
  out.played = o.played;
  out.scenes = o.scenes;
  for (const auto& s : o.sections) {
    ChronicleOutlook::Row r{s.id, std::string(name_of(s.state)), s.attackers, {}};
    for (const auto& by : s.by_scene)
      r.chance.push_back(shown(by[static_cast<std::size_t>(BreachState::breached)]));
    out.sections.push_back(std::move(r));
  }
  for (const auto& e : o.engines) {
    if (!e.exposed) continue;
    ChronicleOutlook::Row r{e.id, "in action", e.attackers, {}};
    for (const auto& p : e.knocked_out) r.chance.push_back(shown(p));
    out.engines.push_back(std::move(r));
  }
  if (o.camp.exposed) {
    ChronicleOutlook::Row r{o.camp.id, "standing", o.camp.attackers, {}};
    for (const auto& p : o.camp.knocked_out) r.chance.push_back(shown(p));
    out.engines.push_back(std::move(r));
  }
  out.notes = o.notes;
  out.not_modelled = o.not_modelled;
  return out;
}

// Why the players' chronicle stops where the log no longer replays.
constexpr std::string_view players_replay_note =
    "the log differs from what replaying it gives (the referee's view says where)";

}  // namespace

Chronicle gather_chronicle(const SiegeState& st, Context& ctx, const std::string& path, int scenes, View v) {
  const Tables& t = ctx.tables();
  Chronicle c;
  // The referee's view is `st` itself, not a copy of it.
  c.state = v == View::referee ? std::shared_ptr<const SiegeState>(std::shared_ptr<const SiegeState>(), &st)
                               : std::make_shared<const SiegeState>(view_of(st, v));
  const SiegeState& shown = *c.state;  // its log: the view's entries, numbered 1, 2, ...
  c.file = path;
  c.tables = &t;
  c.outlook_hidden = v == View::players;

  OptionsWriter options;
  c.entries.reserve(shown.log.size());
  int scene = shown.initial.scene;
  for (const auto& e : shown.log) {
    if (e.action == "scene") ++scene;
    ChronicleEntry x;
    x.number = e.entry;
    x.action = e.action;
    x.scene = scene;
    x.options = options.of(e.action, e.inputs.json());
    x.seed = e.seed;
    c.entries.push_back(std::move(x));
  }

  for (const auto& x : shown.initial.sections)
    c.series.push_back({x.id, x.variant.empty() ? x.structure : x.structure + ", " + x.variant, stats_of(x, t).hull,
                        true, {}, {}});
  for (const auto& e : shown.now.engines)  // R35: newcomers too
    if (const Engine* row = row_of(e, t))
      c.series.push_back({e.id, e.weapon.empty() ? e.engine : e.weapon, row->hull, false, {}, {}});
  c.series.push_back({std::string(camp_id), "the besiegers' camp", camp_row(t).hull, false, {}, {}});

  // The points, among the view's entries alone (point k: after its entry k):
  // after every entry, or at the end of each scene when the log is long; the
  // scene table at the end of each scene. Point 0 is the start.
  const std::size_t n = shown.log.size();
  std::vector<std::size_t> every(n + 1), ends{0};
  for (std::size_t i = 0; i <= n; ++i) every[i] = i;
  for (std::size_t i = 0; i < n; ++i)
    if (i + 1 == n || shown.log[i + 1].action == "scene") ends.push_back(i + 1);
  const std::vector<std::size_t> chart = thinned(every.size() <= max_chart_points ? every : ends, max_chart_points);
  const std::vector<std::size_t> table = thinned(ends, max_scene_columns);
  std::vector<char> wanted(n + 1, 0);
  for (auto i : chart) wanted[i] = 1;
  for (auto i : table) wanted[i] = 1;
  std::vector<std::vector<int>> values(n + 1);
  values[0] = hulls_of(shown.initial, t, shown.now);

  // The whole log is replayed (a hidden entry may be what a later one
  // builds on); point_after[i]: the view's point after st.log[i], 0 for an
  // entry the view does not show.
  std::vector<std::size_t> point_after(st.log.size(), 0);
  {
    const std::vector<std::size_t> at = entries_shown(st, v);
    for (std::size_t k = 0; k < at.size(); ++k) point_after[at[k]] = k + 1;
  }
  Marks before = marks_of(st.initial, t);
  std::size_t replayed = 0;  // the view's entries replayed
  std::vector<char> described(c.entries.size(), 0);  // the entries whose line the replay gave
  const auto after_each = [&](std::size_t i, const ActionResult& r, const SiegeState& now) {
    Marks after = marks_of(now.now, t);
    if (const std::size_t k = point_after[i]; k != 0) {
      ChronicleEntry& x = c.entries[k - 1];
      fill_from_replay(x, r.json);
      if (auto line = describe_replayed(st.log[i], r.summary)) {
        x.line = std::move(*line);
        described[k - 1] = 1;
      }
      x.changes = changes_between(before, after, now.now, t);
      x.replayed = true;
      if (wanted[k] != 0) values[k] = hulls_of(now.now, t, shown.now);
      replayed = k;
    }
    before = std::move(after);
  };
  try {
    const SiegeState again = replay_log(st, st.log.size(), ctx, path, after_each);
    if (hulls_of(again.now, t, shown.now) != hulls_of(st.now, t, shown.now))
      c.replay_note = path + ": the siege in the file is not the one its log gives ('" + hint({"replay"}) +
                      "' names the first difference); the charts follow the log";
  } catch (const Error& e) {
    if (e.kind() != ErrorKind::state) throw;
    // The players are not told where: it may be a hidden entry.
    c.replay_note =
        v == View::referee ? std::string(e.what()) : path + ": " + std::string(players_replay_note);
  }

  // The entries the replay did not reach show what their logged outcomes hold.
  for (std::size_t k = replayed; k < c.entries.size(); ++k)
    if (!c.entries[k].replayed) fill_from_log(c.entries[k], shown.log[k], shown.initial, t);
  for (std::size_t k = 0; k < c.entries.size(); ++k)
    if (described[k] == 0) c.entries[k].line = describe(shown.log[k]);

  const auto point = [&](std::size_t i) {
    ChroniclePoint p;
    p.entry = static_cast<int>(i);
    p.scene = i == 0 ? shown.initial.scene : c.entries[i - 1].scene;
    p.scene_starts = i > 0 && shown.log[i - 1].action == "scene";
    return p;
  };
  for (auto i : chart)
    if (i <= replayed) {
      c.points.push_back(point(i));
      for (std::size_t k = 0; k < c.series.size(); ++k) c.series[k].suffered.push_back(values[i][k]);
    }
  for (auto i : table)
    if (i <= replayed) {
      c.scene_ends.push_back(point(i));
      for (std::size_t k = 0; k < c.series.size(); ++k) c.series[k].at_scene.push_back(values[i][k]);
    }

  if (scenes == 0 || v == View::players) return c;
  try {
    c.outlook = outlook_of(odds::scene_odds(st.now, t, scenes));
  } catch (const Error& e) {
    if (e.id() != "too-large") throw;
    c.outlook_note = reported(e, "odds scene").what();  // the outlook is the odds scene question
  }
  return c;
}

}  // namespace siege::cli
