// `siege advise` end to end (R45): its answer held to every plan played by
// the program itself, each on a copy of the state file re-aimed with
// `siege target` and looked at with `siege odds scene`; the lines it prints
// run; the file left as it was.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "front/words.hpp"
#include "print/render.hpp"
#include "siege/odds.hpp"
#include "support.hpp"
#include "temp_dir.hpp"

using nlohmann::json;
using siege::odds::Int;
using siege::odds::Rational;
using siege::test::Run;
using siege::test::slurp;
using siege::test::TempDir;

namespace {

Run advise_run(const std::vector<std::string>& args) { return siege::test::siege(args); }

json advise_json(const std::vector<std::string>& args) {
  const Run r = advise_run(args);
  INFO(r.err);
  REQUIRE(r.status == 0);
  return r.json();
}

Rational rational_of(const json& chance) {
  const std::string p = chance["p"];
  const auto slash = p.find('/');
  return Rational(Int(p.substr(0, slash)), Int(p.substr(slash + 1)));
}

// A siege made by `siege init` in `dir` from `description`; its path.
std::string advise_siege(const TempDir& dir, const std::string& name, const std::string& description) {
  const std::string from = dir.write(name + ".description.json", description);
  const std::string state = dir.file(name + ".json");
  const Run r = advise_run({"init", state, "--from", from});
  REQUIRE(r.status == 0);
  return state;
}

// What the program says of every plan: for each, a copy of `state` re-aimed
// with `siege target`, and the chance of the goal from `siege odds scene`
// (one minus the product of each section's chance of not being breached:
// the sections are independent). The distinct chances, best first.
std::vector<Rational> every_plan(const TempDir& dir, const std::string& state, const std::vector<std::string>& engines,
                                 const std::vector<std::string>& targets, bool besiegers, int scenes,
                                 const std::string& goal, std::size_t& plans) {
  std::vector<Rational> chances;
  std::vector<std::size_t> at(engines.size(), 0);
  plans = 0;
  for (;;) {
    const std::string copy = dir.write("plan.json", slurp(state));
    for (std::size_t e = 0; e < engines.size(); ++e)
      REQUIRE(advise_run({"--state", copy, "target", "--engine", engines[e], "--at", targets[at[e]]}).status == 0);
    const json o = advise_json({"--state", copy, "--json", "odds", "scene", "--scenes", std::to_string(scenes)});
    Rational none = 1;
    for (const auto& s : o["sections"])
      if (goal.empty() || s["id"] == goal) none *= 1 - rational_of(s["after_scene"].back()["breached"]);
    chances.push_back(1 - none);
    ++plans;
    std::size_t e = engines.size();
    while (e > 0 && ++at[e - 1] == targets.size()) at[--e] = 0;
    if (e == 0) break;
  }
  std::sort(chances.begin(), chances.end());
  chances.erase(std::unique(chances.begin(), chances.end()), chances.end());
  if (besiegers) std::reverse(chances.begin(), chances.end());
  return chances;
}

// The castle siege with a log and a redo list (R40), which a command that
// writes nothing leaves as they are; its path.
std::string castle_with_redo(const TempDir& dir) {
  const std::string state = advise_siege(dir, "siege", slurp(SIEGE_SOURCE_DIR + "/examples/castle-siege.json"));
  REQUIRE(advise_run({"--state", state, "note", "the engines are up"}).status == 0);
  REQUIRE(advise_run({"--state", state, "undo"}).status == 0);
  return state;
}

const std::string gate_and_wall = R"({"name": "Gate and wall",
  "sections": [{"id": "gate", "structure": "castle-gate", "hull_suffered": 2},
               {"id": "wall", "structure": "curtain-wall", "hull_suffered": 9}],
  "besiegers": [{"id": "ram", "engine": "ram-shed", "pool": 3, "target": "gate"},
                {"id": "gun", "weapon": "cannon", "pool": 3, "target": "wall"}],
  "defenders": [{"id": "stones", "weapon": "mangonel", "pool": 3, "target": "ram"},
                {"id": "bolts", "weapon": "ballista", "pool": 2, "target": "camp"}]})";

}  // namespace

TEST_CASE("advise: every plan played by target and odds scene on copies of the file gives its four best chances",
          "[cli][advise][R45]") {
  TempDir dir;
  const std::string state = advise_siege(dir, "siege", gate_and_wall);
  struct Question {
    std::string side;
    int scenes;
    std::string goal;
  };
  for (const Question& q : {Question{"besieger", 2, ""}, Question{"besieger", 3, "wall"},
                            Question{"defender", 2, ""}, Question{"defender", 3, "gate"}}) {
    INFO(q.side << " --scenes " << q.scenes << " " << q.goal);
    const bool besiegers = q.side == "besieger";
    const std::vector<std::string> engines =
        besiegers ? std::vector<std::string>{"ram", "gun"} : std::vector<std::string>{"stones", "bolts"};
    const std::vector<std::string> targets = besiegers ? std::vector<std::string>{"gate", "wall", "none"}
                                                       : std::vector<std::string>{"ram", "gun", "camp", "none"};
    std::size_t plans = 0;
    const std::vector<Rational> chances = every_plan(dir, state, engines, targets, besiegers, q.scenes, q.goal, plans);
    const json a = advise_json({"--state", state, "--json", "advise", "--side", q.side, "--scenes",
                                std::to_string(q.scenes), "--goal", q.goal.empty() ? "any-breach" : "breach:" + q.goal});
    CHECK(a["plans"] == plans);
    CHECK(a["engines"] == json(engines));
    CHECK(a["targets"] == json(targets));
    CHECK(rational_of(a["best"]["chance"]) == chances[0]);
    REQUIRE(a["others"].size() == std::min<std::size_t>(3, chances.size() - 1));
    for (std::size_t j = 0; j < a["others"].size(); ++j) CHECK(rational_of(a["others"][j]["chance"]) == chances[j + 1]);
  }
}

TEST_CASE("advise: the re-aims it prints, run, make the best plan today's, and it reads the file and writes nothing",
          "[cli][advise][R45][R40]") {
  TempDir dir;
  const std::string state = castle_with_redo(dir);
  const std::string before = slurp(state);
  const json a = advise_json({"--state", state, "--json", "advise", "--scenes", "1"});
  CHECK(slurp(state) == before);
  CHECK(dir.names() == std::vector<std::string>{"siege.description.json", "siege.json"});  // no lock left
  CHECK_FALSE(a["best"]["today"]);
  REQUIRE_FALSE(a["best"]["reaims"].empty());
  for (const auto& x : a["best"]["reaims"]) {
    std::string line = x["command"];
    const std::string head = "siege --state " + state + " ";
    REQUIRE(line.rfind(head, 0) == 0);
    CHECK(line == head + "target --engine " + x["engine"].get<std::string>() + " --at " + x["at"].get<std::string>());
    REQUIRE(advise_run({"--state", state, "target", "--engine", x["engine"], "--at", x["at"]}).status == 0);
  }
  const json again = advise_json({"--state", state, "--json", "advise", "--scenes", "1"});
  CHECK(again["best"]["today"]);
  CHECK(again["best"]["reaims"].empty());
  CHECK(again["current"]["chance"] == a["best"]["chance"]);
  CHECK(again["best"]["aims"] == a["best"]["aims"]);
  CHECK(std::find(again["notes"].begin(), again["notes"].end(), "Today's aims are already the best plan.") !=
        again["notes"].end());
}

TEST_CASE("advise --json: the keys INTERFACE.md promises", "[cli][advise][R45]") {
  TempDir dir;
  const std::string state =
      advise_siege(dir, "siege", slurp(SIEGE_SOURCE_DIR + "/examples/castle-siege.json"));
  const json a = advise_json({"--state", state, "--json", "advise", "--side", "defender", "--keep", "tower-ballista"});
  CHECK(a["schema"] == 1);
  CHECK(a["action"] == "advise");
  CHECK(a["side"] == "defender");
  CHECK(a["goal"] == "any-breach");
  CHECK(a["scenes"] == 4);
  CHECK(a["plans"] == 7);  // wall-mangonel: 5 besieger engines, the camp or none
  CHECK(a["kept"] == json::array({"tower-ballista"}));
  CHECK(a["current"]["aims"] == json({{"wall-mangonel", "trebuchet"}}));
  for (const auto* plan : {&a["current"], &a["best"]}) {
    CHECK((*plan)["chance"]["p"].is_string());
    CHECK((*plan)["chance"]["value"].is_number());
  }
  CHECK(a["chains"].get<int>() >= 1);
  // Exact fractions (INTERFACE.md): "p" is num/den in lowest terms, "value" its number.
  const auto exact = [](const json& chance) {
    const std::string p = chance["p"];
    INFO(p);
    REQUIRE(std::regex_match(p, std::regex("[0-9]+/[1-9][0-9]*")));
    const Rational r = rational_of(chance);
    CHECK(p == siege::odds::fraction_text(r));
    CHECK(chance["value"].get<double>() == Approx(siege::odds::to_double(r)));
  };
  for (const auto* plan : {&a["current"], &a["best"]}) exact((*plan)["chance"]);
  CHECK(a["best"]["reaims"].is_array());
  for (const auto& x : a["best"]["reaims"]) {
    CHECK(x["engine"].is_string());
    CHECK(x["at"].is_string());
  }
  REQUIRE(a["others"].is_array());
  REQUIRE_FALSE(a["others"].empty());
  for (const auto& o : a["others"]) {
    CHECK(o["aims"].is_object());
    exact(o["chance"]);
  }
  CHECK(a["rules"].is_array());
  CHECK(std::find(a["rules"].begin(), a["rules"].end(), "best-aim") != a["rules"].end());
  CHECK(a["notes"].is_array());
  CHECK(a["not_modelled"].is_array());
}

TEST_CASE("advise in text: today's chance and the best with bars, the lines to type, the next best",
          "[cli][advise][R45]") {
  TempDir dir;
  const std::string state =
      advise_siege(dir, "siege", slurp(SIEGE_SOURCE_DIR + "/examples/castle-siege.json"));
  const Run r = advise_run({"--state", state, "advise", "--scenes", "1"});
  REQUIRE(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("Advice    the besieger engines' aims for scene 1 of The siege of Harrowmere"));
  CHECK_THAT(r.out, Catch::Contains("Weighed   625 plans, every one: 4 engines, 5 targets each"));
  CHECK_THAT(r.out, Catch::Contains("Today       3.63%  #"));
  CHECK_THAT(r.out, Catch::Contains("Best       96.35%  ######"));
  // Each line whole, or broken between its words with a backslash (80 columns here).
  const std::string joined = std::regex_replace(r.out, std::regex(" \\\\\n +"), " ");
  CHECK_THAT(r.out, Catch::Contains(" \\\n"));
  CHECK_THAT(joined, Catch::Contains("  Re-aim with\n    siege --state " + state +
                                     " target --engine great-bombard --at gatehouse\n"));
  CHECK_THAT(r.out, Catch::Contains("Next best\n"));
}

TEST_CASE("advise refuses what it cannot answer (exit 2), naming the input", "[cli][advise][R45]") {
  TempDir dir;
  const std::string state =
      advise_siege(dir, "siege", slurp(SIEGE_SOURCE_DIR + "/examples/castle-siege.json"));
  auto refused = [&](std::vector<std::string> args, const std::string& id, const std::string& words) {
    INFO(args.back());
    args.insert(args.begin(), "--json");
    const Run r = advise_run(args);
    CHECK(r.status == 2);
    CHECK(r.json()["error"]["id"] == id);
    CHECK_THAT(r.err, Catch::Contains(words));
  };
  refused({"advise"}, "no-state", "advise: needs --state FILE");
  refused({"--state", state, "advise", "--side", "attacker"}, "bad-side", "--side");
  refused({"--state", state, "advise", "--goal", "breach"}, "bad-goal", "expected any-breach or breach:SECTION");
  refused({"--state", state, "advise", "--goal", "breach:gatehose"}, "unknown-section", "did you mean gatehouse?");
  refused({"--state", state, "advise", "--keep", "rams"}, "unknown-engine", "did you mean ram?");
  refused({"--state", state, "advise", "--keep", "wall-mangonel"}, "bad-keep", "a defender engine");
  refused({"--state", state, "advise", "--keep", "belfry"}, "bad-keep", "it has no weapon");
  refused({"--state", state, "advise", "--scenes", "21"}, "bad-number", "--scenes");
  // Too large: twenty engines no two alike on six sections, refused at once.
  std::string sections, guns;
  for (int i = 0; i < 6; ++i)
    sections += std::string(i ? ", " : "") + R"({"id": "s-)" + std::to_string(i) + R"(", "structure": "tower"})";
  for (int i = 0; i < 20; ++i)
    guns += std::string(i ? ", " : "") + R"({"id": "gun-)" + std::to_string(i) + R"(", "weapon": "cannon", "pool": )" +
            std::to_string(i + 1) + R"(, "target": "s-0"})";
  const std::string big = advise_siege(dir, "big", R"({"sections": [)" + sections + R"(], "besiegers": [)" + guns + "]}");
  refused({"--state", big, "advise"}, "too-large", "--keep ENGINE");
}

namespace {

// `odds scene` of `state` as --json prints it, its "file" left out (the copy's differs).
json outlook_of(const std::string& state, const std::vector<std::string>& more = {}) {
  std::vector<std::string> args{"--state", state, "--json", "odds", "scene", "--scenes", "2"};
  args.insert(args.end(), more.begin(), more.end());
  json o = advise_json(args);
  o.erase("file");
  if (o.contains("today")) o["today"].erase("file");
  return o;
}

}  // namespace

TEST_CASE("odds scene --if LINE: the outlook odds scene gives on a copy of the file after LINE, for every "
          "command that changes the siege, beside today's, the file untouched",
          "[cli][advise][odds]") {
  TempDir dir;
  const std::string state = castle_with_redo(dir);
  const std::string before = slurp(state);
  const json today = outlook_of(state);
  using Lines = std::vector<std::string>;
  std::set<std::string> tried;  // the actions of the lines below
  for (const Lines& lines : {
           Lines{"target --engine trebuchet --at gatehouse"},
           Lines{"target --engine wall-mangonel --at camp"},
           Lines{"target --engine great-bombard --at none"},
           Lines{"add --engine ram-2 --side besieger --row ram-shed --target east-wall"},
           Lines{"add --engine hot-oil --side defender --weapon ballista --pool 4 --target ram"},
           Lines{"remove --engine battery-cannon --cause 'burst barrel'"},
           Lines{"remove --engine wall-mangonel"},
           Lines{"damage --at north-wall --hull 12 --cause 'a mine fired'"},
           Lines{"damage --at trebuchet --hull 30 --cause 'a sortie burned it'"},
           Lines{"attack --section north-wall --weapon cannon --seed 11"},
           Lines{"damage --at north-wall --hull 9", "repair --at north-wall --hull 4"},
           Lines{"split --unit garrison --into sally --figures 10"},
           Lines{"merge --unit reserve --into storming-party"},
           Lines{"order --unit garrison --set shaken"},
           Lines{"note 'the bombard is moved up'"},
           Lines{"sortie --at trebuchet --weapon cannon --seed 1"},
           Lines{"scene --seed 3"},
           Lines{"--seed 8 scene", "target --engine trebuchet --at north-wall", "scene --seed 9"},
           // The other actions: sections, units and the log.
           Lines{"demolish --section gatehouse -c petard -c powder-keg --craft-successes 2 --seed 4"},
           Lines{"--seed 1 scene", "mine --section east-wall --day-results 1:0,1:0,1:0,1:0 --seed 2"},
           Lines{"--seed 1 scene", "mine --section east-wall --day-results 1:0,0:1 --seed 2",
                 "countermine --section east-wall --result collapsed"},
           Lines{"damage --at gatehouse --hull 10", "abatis build --section gatehouse --seed 8"},
           Lines{"escalade --unit storming-party --section east-wall --method ladder --seed 6"},
           Lines{"move --unit storming-party --section north-wall", "move --unit garrison --section north-wall",
                 "hold --unit garrison --enemy storming-party --section north-wall --needed 12 --seed 7"},
           Lines{"casualties --unit storming-party --killed 2"},
           Lines{"army-morale --side besieger --seed 9"},
           Lines{"rout --unit storming-party --blocked 1 --seed 3"},
           Lines{"check --difficulty hard --pool 4 --seed 5"},
       }) {
    INFO(lines.front() << (lines.size() > 1 ? " ..." : ""));
    for (const auto& line : lines) {
      const std::vector<std::string> words = siege::cli::split_words(line);
      tried.insert(words[0] == "--seed" ? words[2] : words[0]);
    }
    // For real, on a copy of the file.
    const std::string copy = dir.write("copy.json", before);
    bool ran = true;
    for (const auto& line : lines) {
      std::vector<std::string> args{"--state", copy};
      for (auto& w : siege::cli::split_words(line)) args.push_back(std::move(w));
      const Run r = advise_run(args);
      INFO(line << ": " << r.err);
      ran = ran && r.status == 0;
    }
    REQUIRE(ran);
    // Asked of the file as it is.
    std::vector<std::string> ifs;
    for (const auto& line : lines) ifs.insert(ifs.end(), {"--if", line});
    json o = outlook_of(state, ifs);
    CHECK(o["if"] == json(lines));
    CHECK(o["today"] == today);
    o.erase("if");
    o.erase("today");
    CHECK(o == outlook_of(copy));
    // A line on units, the armies, the log or a roll alone leaves the outlook as it was; any
    // other changes it, or the check above would show nothing.
    const std::string head = lines.front().substr(0, lines.front().find(' '));
    static const std::vector<std::string> outlook_kept{"split",  "merge", "order", "note",     "escalade", "move",
                                                       "casualties", "army-morale", "rout", "check"};
    if (std::find(outlook_kept.begin(), outlook_kept.end(), head) == outlook_kept.end()) CHECK(o != today);
    CHECK(slurp(state) == before);
  }
  CHECK(dir.names() == std::vector<std::string>{"copy.json", "siege.description.json", "siege.json"});  // no lock left
  // Every command that writes a log entry was tried.
  for (const auto& c : advise_json({"help", "--inputs", "--json"})["commands"])
    if (c["logged"] == true) CHECK(tried.count(c["command"].get<std::string>()) == 1);
}

TEST_CASE("odds scene --if refuses a line as its command would, named by its --if, and dice need the line's own --seed",
          "[cli][advise][odds]") {
  TempDir dir;
  const std::string state =
      advise_siege(dir, "siege", slurp(SIEGE_SOURCE_DIR + "/examples/castle-siege.json"));
  const std::string before = slurp(state);
  const auto refused = [&](const std::string& line, const std::string& id, const std::string& words) {
    INFO(line);
    const Run r = advise_run({"--json", "--state", state, "odds", "scene", "--if", "note fine", "--if", line});
    CHECK(r.status == 2);
    CHECK(r.json()["error"]["id"] == id);
    CHECK_THAT(r.err, Catch::StartsWith(std::string("siege: error: odds scene: --if ").append(siege::cli::shell_word(line)).append(": ")));
    CHECK_THAT(r.err, Catch::Contains(words));
    CHECK(slurp(state) == before);
  };
  // The command's own refusal, word for word, after the --if that made it.
  for (const std::string line : {"target --engine rams --at gatehouse", "target --engine ram", "split --unit garrison",
                                 "add --engine x --side besieger", "target --engine ram --at gatehouse --pool 3"}) {
    std::vector<std::string> args{"--json", "--state", state};
    for (auto& w : siege::cli::split_words(line)) args.push_back(std::move(w));
    const Run own = advise_run(args);
    REQUIRE(own.status == 2);
    const std::string message = own.err.substr(std::string("siege: error: ").size());
    refused(line, own.json()["error"]["id"], message.substr(0, message.size() - 1));  // its newline aside
  }
  refused("scene", "no-seed", "give the line its own --seed N");
  refused("attack --section north-wall --weapon cannon", "no-seed", "--seed");
  refused("sortie --at trebuchet --weapon cannon", "no-seed", "--seed");
  refused("status", "not-an-action", "'status' is not an action");
  refused("undo", "not-an-action", "'undo' is not an action");
  refused("siege target --engine ram --at none", "bad-line", "without 'siege'");
  refused("--state other.json target --engine ram --at none", "bad-line", "--state is not taken");
  refused("--json target --engine ram --at none", "bad-line", "--json is not taken");
  refused("target --engine ram --at 'gate", "bad-line", "is not closed");
  refused("", "bad-line", "an empty line");
}

TEST_CASE("advise: on the castle siege the best chance is the same with the sections listed in another order",
          "[cli][advise][R45]") {
  TempDir dir;
  const json castle = json::parse(slurp(SIEGE_SOURCE_DIR + "/examples/castle-siege.json"));
  const std::string listed = advise_siege(dir, "listed", castle.dump());
  json reversed = castle;
  std::reverse(reversed["sections"].begin(), reversed["sections"].end());
  json rotated = castle;
  std::rotate(rotated["sections"].begin(), rotated["sections"].begin() + 1, rotated["sections"].end());
  for (const json& other : {reversed, rotated}) {
    const std::string moved = advise_siege(dir, "moved", other.dump());
    REQUIRE(advise_json({"--state", moved, "--json", "odds", "scene"})["sections"][0]["id"] !=
            advise_json({"--state", listed, "--json", "odds", "scene"})["sections"][0]["id"]);
    for (const std::vector<std::string>& q : {std::vector<std::string>{"--side", "besieger"},
                                             {"--side", "defender"},
                                             {"--side", "besieger", "--goal", "breach:gatehouse", "--scenes", "3"},
                                             {"--side", "defender", "--goal", "breach:north-wall", "--scenes", "2"}}) {
      INFO(other["sections"][0]["id"] << " first; " << q[1] << (q.size() > 2 ? " " + q[3] : ""));
      std::vector<std::string> args{"--json", "advise"};
      args.insert(args.end(), q.begin(), q.end());
      const auto asked = [&](const std::string& state) {
        std::vector<std::string> a{"--state", state};
        a.insert(a.end(), args.begin(), args.end());
        return advise_json(a);
      };
      const json a = asked(listed), b = asked(moved);
      CHECK(b["best"]["chance"] == a["best"]["chance"]);
      CHECK(b["current"]["chance"] == a["current"]["chance"]);
      CHECK(b["plans"] == a["plans"]);
    }
    std::filesystem::remove(moved);
  }
}

TEST_CASE("advise: 12 besieger engines of 3 kinds, 4 alike each, on 6 sections, over 4 scenes, are answered exactly",
          "[cli][advise][R45]") {
  // The siege of bench/advise.sh: cannons of pools 2, 3 and 4, four of each,
  // all aimed at s-0; sections of three structures, each twice. (Its time is
  // bench/advise.sh's to measure.)
  TempDir dir;
  json d = {{"name", "Twelve guns"}, {"sections", json::array()}, {"besiegers", json::array()}};
  const std::vector<std::string> structures{"curtain-wall", "tower", "castle-gate"};
  for (int i = 0; i < 6; ++i)
    d["sections"].push_back({{"id", "s-" + std::to_string(i)}, {"structure", structures[i % 3]}});
  for (const int pool : {2, 3, 4})
    for (int j = 0; j < 4; ++j)
      d["besiegers"].push_back({{"id", "cannon-" + std::to_string(pool) + "-" + std::to_string(j)},
                                {"weapon", "cannon"},
                                {"pool", pool},
                                {"target", "s-0"}});
  const std::string state = advise_siege(dir, "alike", d.dump());
  const json a = advise_json({"--state", state, "--json", "advise", "--scenes", "4"});
  CHECK(a["plans"] == 13841287201);  // 7^12: six sections and none for each
  CHECK(a["engines"].size() == 12u);
  CHECK(a["chains"] == 6 * (5 * 5 * 5 - 1));  // each section under each load of the three kinds but the empty one
  const Rational today = rational_of(a["current"]["chance"]), best = rational_of(a["best"]["chance"]);
  CHECK(best > today);
  REQUIRE(a["others"].size() == 3u);
  Rational last = best;
  for (const auto& p : a["others"]) {
    CHECK(rational_of(p["chance"]) < last);
    last = rational_of(p["chance"]);
  }
  // Each plan shown, made by its re-aims on a copy, has the chance shown, by
  // `odds scene`.
  std::vector<json> shown{a["best"]};
  for (const auto& p : a["others"]) shown.push_back(p);
  for (const json& p : shown) {
    const std::string copy = dir.write("copy.json", slurp(state));
    for (const auto& x : p["reaims"])
      REQUIRE(advise_run({"--state", copy, "target", "--engine", x["engine"], "--at", x["at"]}).status == 0);
    const json o = advise_json({"--state", copy, "--json", "odds", "scene", "--scenes", "4"});
    Rational none = 1;
    for (const auto& s : o["sections"]) none *= 1 - rational_of(s["after_scene"].back()["breached"]);
    CHECK(1 - none == rational_of(p["chance"]));
  }
  // Made for real, the best plan is today's: no plan is better, and none as
  // good needs fewer re-aims than none.
  for (const auto& x : a["best"]["reaims"])
    REQUIRE(advise_run({"--state", state, "target", "--engine", x["engine"], "--at", x["at"]}).status == 0);
  const json again = advise_json({"--state", state, "--json", "advise", "--scenes", "4"});
  CHECK(again["best"]["today"]);
  CHECK(again["best"]["chance"] == a["best"]["chance"]);
  CHECK(again["best"]["aims"] == a["best"]["aims"]);
}

TEST_CASE("advise in play, as a referee would: the re-aims it prints, typed back at the prompt, make its best plan "
          "today's, and the scene is played",
          "[cli][advise][play][R45]") {
  TempDir dir;
  const std::string castle = slurp(SIEGE_SOURCE_DIR + "/examples/castle-siege.json");
  const std::string table = advise_siege(dir, "table", castle), by_hand = advise_siege(dir, "by-hand", castle);
  const json asked = advise_json({"--state", table, "--json", "advise", "--scenes", "1"});
  REQUIRE_FALSE(asked["best"]["today"]);
  // advise at the prompt: its re-aims as prompt lines, read off the screen.
  const Run first = siege::test::siege({"play", table}, "advise --scenes 1\n");
  INFO(first.out << first.err);
  REQUIRE(first.status == 0);
  std::vector<std::string> typed;
  const std::regex prompt_line("^    (target --engine \\S+ --at \\S+)$");
  std::istringstream screen(first.out);
  for (std::string line; std::getline(screen, line);)
    if (std::smatch m; std::regex_match(line, m, prompt_line)) typed.push_back(m[1]);
  REQUIRE(typed.size() == asked["best"]["reaims"].size());
  // Typed back, then advise again and the scene.
  std::string script;
  for (const auto& line : typed) script += line + "\n";
  script += "advise --scenes 1\nscene --seed 7\n";
  const Run second = siege::test::siege({"play", table}, script);
  INFO(second.out << second.err);
  REQUIRE(second.status == 0);
  CHECK(second.out.find("today's aims: no re-aim") != std::string::npos);
  CHECK(second.out.find("Today's aims are already the best plan.") != std::string::npos);
  // The log is that of the same lines run one by one, and the aims are the best plan's.
  for (const auto& line : typed) {
    std::vector<std::string> args{"--state", by_hand};
    for (auto& w : siege::cli::split_words(line)) args.push_back(std::move(w));
    REQUIRE(advise_run(args).status == 0);
  }
  const json before_scene = advise_json({"--state", by_hand, "--json", "advise", "--scenes", "1"});
  CHECK(before_scene["best"]["today"]);
  CHECK(before_scene["current"]["chance"] == asked["best"]["chance"]);
  REQUIRE(advise_run({"--state", by_hand, "scene", "--seed", "7"}).status == 0);
  // (Each entry draws a seed of its own when the line gives none: a re-aim's is no matter.)
  const auto log_of = [](const std::string& path) {
    json log = json::parse(slurp(path))["log"];
    for (auto& entry : log)
      if (entry["action"] == "target") entry.erase("seed");
    return log;
  };
  const json played = log_of(table);
  CHECK(played.size() == typed.size() + 1);
  CHECK(played == log_of(by_hand));
  CHECK(played.back()["action"] == "scene");
  // The scene's attacks are made at the new aims.
  std::map<std::string, std::string> aims;
  for (const auto& x : asked["best"]["reaims"]) aims[x["engine"]] = x["at"];
  std::size_t seen = 0;
  for (const auto& attack : played.back()["outcome"]["attacks"])
    if (aims.count(attack["engine"]) != 0) {
      CHECK(attack["target"] == aims[attack["engine"]]);
      ++seen;
    }
  CHECK(seen > 0u);
}
