// End-to-end tests of the siege as it changes during an evening (R35-R38):
// add, remove, split, merge and sallies through the program, in batch, with
// --dry-run, in the log and on replay; every refusal one line, exit 2, the
// file as it was.
#include <catch2/catch.hpp>

#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "support.hpp"
#include "temp_dir.hpp"

using nlohmann::json;

namespace {

// The example castle (a garrison of 30 and a hero within the walls, a
// storming party of 30 and a reserve of 12 outside).
struct RoSiege {
  siege::test::TempDir dir;
  std::string state = dir.file("siege.json");
  RoSiege() {
    REQUIRE(siege::test::siege({"init", state, "--from", SIEGE_SOURCE_DIR + "/examples/castle-siege.json"})
                .status == 0);
  }
  [[nodiscard]] siege::test::Run on(std::vector<std::string> args, const std::string& in = "") const {
    args.insert(args.begin(), {"--state", state});
    return siege::test::siege(args, in);
  }
  [[nodiscard]] json ok(std::vector<std::string> args) const {
    args.insert(args.begin(), "--json");
    const auto r = on(args);
    INFO(r.err);
    REQUIRE(r.status == 0);
    return r.json();
  }
  [[nodiscard]] std::string bytes() const { return siege::test::slurp(state); }
  [[nodiscard]] json file() const { return json::parse(bytes()); }
  [[nodiscard]] json unit(const std::string& id) const {
    const json f = file();
    for (const auto& u : f.at("units"))
      if (u.at("id") == id) return u;
    FAIL("no unit " << id);
    return {};
  }
};

void ro_refused(const RoSiege& s, const std::vector<std::string>& args, const std::string& words) {
  const std::string before = s.bytes();
  const auto r = s.on(args);
  INFO(r.err);
  CHECK(r.status == 2);
  CHECK(r.out.empty());
  CHECK(r.err.rfind("siege: error: ", 0) == 0);
  CHECK(r.err.find('\n') == r.err.size() - 1);
  CHECK(r.err.find(words) != std::string::npos);
  CHECK(s.bytes() == before);
}

}  // namespace

TEST_CASE("R35-R38: an evening with every new command replays from initial to the same bytes",
          "[cli][roster]") {
  RoSiege s;
  const std::string initial = s.file().at("initial").dump();
  auto j = s.ok({"add", "--unit", "relief", "--side", "besieger", "--figures", "20", "--order", "shaken"});
  CHECK(j["record"]["order"] == "shaken");
  CHECK(j["armies"][0]["after"]["strength"] == 62);
  j = s.ok(
      {"add", "--engine", "new-treb", "--side", "besieger", "--row", "trebuchet", "--target", "east-wall"});
  CHECK(j["record"]["weapon"] == "trebuchet");
  j = s.ok({"split", "--unit", "garrison", "--into", "gate-guard", "--figures", "10"});
  CHECK(s.unit("garrison")["start_figures"] == 20);
  CHECK(s.unit("gate-guard")["figures"] == 10);
  j = s.ok({"move", "--unit", "gate-guard", "--to", "outside"});
  CHECK(s.unit("gate-guard")["sally"] == true);
  CHECK(s.ok({"status"})["armies"]["defender"]["sally"] == true);
  (void)s.ok({"--seed", "5", "scene"});
  (void)s.ok({"casualties", "--unit", "gate-guard", "--killed", "4"});
  (void)s.ok({"move", "--unit", "gate-guard", "--to", "within-walls"});
  (void)s.ok({"merge", "--unit", "gate-guard", "--into", "garrison"});
  CHECK(s.unit("gate-guard")["gone"] == "merged");
  CHECK(s.unit("garrison")["figures"] == 26);
  j = s.ok({"remove", "--engine", "trebuchet", "--cause", "burned"});
  CHECK(j["idle"] == json::array({"wall-mangonel"}));
  (void)s.ok({"remove", "--unit", "reserve", "--cause", "marched off"});
  const json f = s.file();
  CHECK(f["armies"]["besieger"]["strength"] == 50);  // 42 + 20 - 12
  CHECK(f["armies"]["defender"]["killed"] == 4);
  CHECK(f["initial"].dump() == initial);
  CHECK(f["units"].size() == 6);
  CHECK(f["engines"].back()["id"] == "new-treb");
  // The scene names the engine aimed at the one that left.
  j = s.ok({"--seed", "6", "scene"});
  bool idle = false;
  for (const auto& i : j["idle"])
    idle = idle || (i["engine"] == "wall-mangonel" && i["reason"] == "target-gone");
  CHECK(idle);
  // replay from initial gives the file; read-only commands leave its bytes.
  const std::string bytes = s.bytes();
  for (const std::vector<std::string>& cmd :
       {std::vector<std::string>{"replay"}, {"status"}, {"log"}, {"chronicle", "-o", s.dir.file("c.html")}}) {
    const auto r = s.on(cmd);
    INFO(r.err);
    CHECK(r.status == 0);
    CHECK(s.bytes() == bytes);
  }
  const auto log = s.on({"log"}).out;
  CHECK(log.find("unit relief (besieger, 20 figures) joins outside") != std::string::npos);
  CHECK(log.find("10 figures of garrison become gate-guard") != std::string::npos);
  CHECK(log.find("engine trebuchet leaves: burned") != std::string::npos);
  // undo replays from initial too: the newcomer of the entry taken back goes.
  (void)s.ok({"undo"});
  (void)s.ok({"undo"});
  CHECK(s.unit("reserve").count("gone") == 0);
  CHECK(s.file()["engines"][2].count("gone") == 1);
}

TEST_CASE("R35-R37: each bad input is one line, exit 2, the file unchanged", "[cli][roster]") {
  RoSiege s;
  (void)s.ok({"remove", "--unit", "reserve"});
  ro_refused(s, {"add", "--unit", "reserve", "--side", "besieger", "--figures", "3"},
             "it left, and its id stays taken");
  ro_refused(s, {"add", "--unit", "north-wall", "--side", "besieger", "--figures", "3"},
             "--unit north-wall: a section");
  ro_refused(s,
             {"add", "--engine", "x", "--side", "defender", "--weapon", "mangonel", "--target", "east-wall"},
             "never at its own wall (R29)");
  ro_refused(s, {"add", "--engine", "x", "--side", "besieger", "--weapon", "cannon"}, "give --target ID");
  ro_refused(s, {"add", "--engine", "x", "--side", "besieger", "--weapon", "cannon", "--figures", "3"},
             "--figures: goes with --unit ID");
  ro_refused(s, {"add", "--unit", "x", "--side", "besieger"}, "--figures: missing: give a number");
  ro_refused(s, {"add", "--unit", "x", "--side", "nobody", "--figures", "3"}, "--side 'nobody'");
  ro_refused(s, {"move", "--unit", "reserve", "--to", "outside"}, "unit 'reserve' has left the siege");
  ro_refused(s, {"remove", "--unit", "reserve"}, "unit 'reserve' has left the siege");
  ro_refused(s, {"split", "--unit", "sir-aldric", "--into", "squire", "--figures", "1"}, "does not split");
  ro_refused(s, {"split", "--unit", "garrison", "--into", "g2", "--figures", "30"}, "give from 1 to 29");
  ro_refused(s, {"split", "--unit", "garrison", "--into", "reserve", "--figures", "3"}, "its id stays taken");
  for (const std::string bad : {"Bad_Id", "a b", "-x"})  // the new id, as add refuses it
    ro_refused(s, {"split", "--unit", "garrison", "--into", bad, "--figures", "3"},
               "--into " + bad + ": expected an id of lower-case letters, digits and hyphens");
  ro_refused(s, {"split", "--unit", "garrison", "--into", "g2", "--figures", "3", "--through", "1"},
             "not at a section");
  ro_refused(s, {"merge", "--unit", "garrison", "--into", "storming-party"}, "units of one side merge");
  ro_refused(s, {"merge", "--unit", "sir-aldric", "--into", "garrison"}, "a hero does not merge");
  ro_refused(s, {"merge", "--unit", "storming-party", "--into", "reserve"}, "has left the siege");
  ro_refused(s, {"remove", "--engine", "nothing"}, "--engine nothing: unknown engine");
  (void)s.ok({"remove", "--engine", "trebuchet"});
  ro_refused(s, {"target", "--engine", "wall-mangonel", "--at", "trebuchet"}, "has left the siege");
  ro_refused(s, {"damage", "--at", "trebuchet", "--hull", "1"}, "engine 'trebuchet' has left the siege");
  ro_refused(s, {"sortie", "--at", "trebuchet", "--weapon", "cannon", "--successes", "1"},
             "has left the siege");
}

TEST_CASE("R35: the new commands work as batch lines and with --dry-run", "[cli][roster]") {
  RoSiege s;
  const std::string before = s.bytes();
  auto r = s.on({"--dry-run", "--json", "add", "--unit", "relief", "--side", "besieger", "--figures", "5"});
  CHECK(r.status == 0);
  CHECK(r.json()["dry_run"] == true);
  CHECK(s.bytes() == before);
  r = s.on({"batch"},
           "{\"action\": \"add\", \"unit\": \"relief\", \"side\": \"besieger\", \"figures\": 5}\n"
           "{\"action\": \"split\", \"unit\": \"relief\", \"into\": \"relief-b\", \"figures\": 2}\n"
           "{\"action\": \"merge\", \"unit\": \"relief-b\", \"into\": \"relief\"}\n"
           "{\"action\": \"remove\", \"unit\": \"relief-b\"}\n"
           "{\"action\": \"remove\", \"engine\": \"ram\", \"cause\": \"captured\"}\n");
  INFO(r.out);
  CHECK(r.status != 0);  // the fourth line names a unit merged away
  CHECK(r.out.find("\"line\":4,\"error\"") != std::string::npos);
  CHECK(r.out.find("unit 'relief-b' has left the siege (merged into another unit)") != std::string::npos);
  const json f = s.file();
  CHECK(f["log"].size() == 4);
  CHECK(f["units"].back()["gone"] == "merged");
  CHECK(s.on({"replay"}).status == 0);
}

TEST_CASE("R38: an older file's defender move outside replays with its old meaning", "[cli][roster]") {
  RoSiege s;
  (void)s.ok({"casualties", "--unit", "garrison", "--killed", "11"});
  (void)s.ok({"move", "--unit", "garrison", "--to", "outside"});
  CHECK(s.file()["armies"]["defender"]["called"] == true);  // 11 x 3 >= 31 while out
  // The same evening as an older version wrote it: no sally recorded, the
  // defenders still in their castle, the check not called.
  RoSiege old;
  (void)old.ok({"casualties", "--unit", "garrison", "--killed", "11"});
  (void)old.ok({"move", "--unit", "garrison", "--section", "north-wall"});
  json doc = old.file();
  auto outside = [](json& u) {
    u["where"] = "outside";
    u["section"] = nullptr;
    u["behind"] = 0;
  };
  outside(doc["units"][0]);
  doc["log"][1]["inputs"] = {{"to", "outside"}, {"unit", "garrison"}};
  outside(doc["log"][1]["outcome"]["units"][0]);
  const std::string text = doc.dump(2) + "\n";
  {
    std::ofstream out(old.state, std::ios::binary);
    out << text;
  }
  const auto r = old.on({"replay"});
  INFO(r.err);
  CHECK(r.status == 0);
  CHECK(old.bytes() == text);
  CHECK(old.ok({"status"})["armies"]["defender"]["due"] == false);
  CHECK(old.bytes() == text);
}

TEST_CASE("R35-R38: state files written before read as they did, byte for byte after read-only commands",
          "[cli][roster]") {
  for (const char* name : {"seed-init.json", "seed-played.json", "seed-units.json"}) {
    siege::test::TempDir dir;
    const std::string path = dir.file(name);
    const std::string text = siege::test::slurp(SIEGE_SOURCE_DIR + "/fuzz/corpus/state/" + name);
    {
      std::ofstream out(path, std::ios::binary);
      out << text;
    }
    for (const std::vector<std::string>& cmd : {std::vector<std::string>{"status"},
                                                {"--json", "status"},
                                                {"log"},
                                                {"chronicle", "-o", dir.file("c.html")},
                                                {"odds", "scene"}}) {
      std::vector<std::string> args{"--state", path};
      args.insert(args.end(), cmd.begin(), cmd.end());
      const auto r = siege::test::siege(args);
      INFO(name << ": " << r.err);
      CHECK(r.status == 0);
      CHECK(siege::test::slurp(path) == text);
    }
  }
}

TEST_CASE("R36: status in every format and the chronicle's summary and plan show who has left", "[cli][roster]") {
  RoSiege s;
  (void)s.ok({"remove", "--engine", "trebuchet", "--cause", "burned"});
  (void)s.ok({"remove", "--unit", "reserve", "--cause", "marched off"});
  const auto csv = s.on({"--format", "csv", "status"});
  REQUIRE(csv.status == 0);
  CHECK(csv.out.find("KNOCKED OUT,GONE\r\n") != std::string::npos);
  CHECK(csv.out.find("\r\ntrebuchet,besieger,") != std::string::npos);
  CHECK(csv.out.find(",no,removed\r\n") != std::string::npos);  // the engine and the unit
  CHECK(csv.out.find("SALLY,GONE\r\n") != std::string::npos);
  CHECK(csv.out.find("\r\nreserve,besieger,") != std::string::npos);
  const auto md = s.on({"--format", "markdown", "status"});
  CHECK(md.out.find("| KNOCKED OUT | GONE |") != std::string::npos);
  CHECK(md.out.find("| no | removed |") != std::string::npos);
  const auto page = s.on({"--format", "markdown", "chronicle"});
  REQUIRE(page.status == 0);
  // Five besieger engines began; the trebuchet has gone.
  CHECK(page.out.find("- Besiegers: 4 engines, none knocked out.") != std::string::npos);
  const auto plan = page.out.substr(page.out.find("### The plan"));
  const auto plan_list = plan.substr(0, plan.find("\n\n", plan.find("\n- ")));
  CHECK(plan_list.find("trebuchet (") == std::string::npos);
  CHECK(plan_list.find("wall-mangonel (mangonel, nothing to shoot: trebuchet has left the siege)") !=
        std::string::npos);
  CHECK(plan_list.find("reserve") == std::string::npos);
  CHECK(plan_list.find("storming-party") != std::string::npos);
}

TEST_CASE("R25 R38: a check called on a sally shows as called in the log and chronicle once back in the castle",
          "[cli][roster][R25]") {
  RoSiege s;
  (void)s.ok({"split", "--unit", "garrison", "--into", "gate-guard", "--figures", "12"});
  (void)s.ok({"move", "--unit", "gate-guard", "--to", "outside"});
  // 11 of the defenders' 31 killed out on a sally: the one-third check is called.
  (void)s.ok({"casualties", "--unit", "gate-guard", "--killed", "11"});
  (void)s.ok({"move", "--unit", "gate-guard", "--to", "within-walls"});
  REQUIRE(s.file()["armies"]["defender"]["called"] == true);
  const json j = s.ok({"army-morale", "--side", "defender"});
  CHECK(j["called"] == true);
  CHECK(s.file()["log"].back()["outcome"]["called"] == true);
  const auto log = s.on({"log"}).out;
  CHECK(log.find("defender army morale check called (threshold 11 killed)") != std::string::npos);
  CHECK(log.find("not due") == std::string::npos);
  const auto md = s.on({"--format", "markdown", "chronicle"}).out;
  CHECK(md.find("| the defenders | 31 | 11 | 11 | **called: it checks its morale (R25)** |") != std::string::npos);
}
