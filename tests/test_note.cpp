// R39 notes: the rule (siege/note.hpp) and `siege note TEXT` on a state
// file, in the log, status, the chronicle and batch mode.
#include <catch2/catch.hpp>

#include "siege/note.hpp"
#include "support.hpp"
#include "temp_dir.hpp"

using nlohmann::json;
using siege::test::Run;
using siege::test::slurp;
using siege::test::TempDir;

TEST_CASE("R39: a note keeps its text and the scene it is written in", "[note][R39]") {
  const siege::NoteOutcome o = siege::resolve_note("parley at the gate", 2);
  CHECK(o.text == "parley at the gate");
  CHECK(o.scene == 2);
  CHECK(o.rules == std::vector<std::string>{"note"});
  CHECK(siege::resolve_note(std::string(siege::max_note_bytes, 'x'), 0).text.size() == 1000);
}

TEST_CASE("R39, R42: a note past 1000 bytes, empty, not UTF-8 or with a control character is refused",
          "[note][R39][R42]") {
  auto refused = [](const std::string& text) {
    try {
      (void)siege::resolve_note(text, 1);
    } catch (const siege::Error& e) {
      CHECK(e.exit_code() == 2);
      CHECK(e.input() == "text");
      return std::string(e.what());
    }
    FAIL("accepted: " << text);
    return std::string();
  };
  CHECK(refused(std::string(1001, 'x')) ==
        "--text: 1001 bytes; a note holds at most 1000 bytes of UTF-8 (R39)");
  CHECK(refused("") == "--text: a note needs some text (R39)");
  CHECK(refused("   ") == "--text: a note needs some text (R39)");
  CHECK(refused(" \t ") == "--text: a note needs some text (R39)");
  // R42: the shared check of every text input (siege/text.hpp).
  const std::string control = "; a text given here has no control characters (R42)";
  CHECK(refused("terms\nuntil dawn") ==
        "--text 'terms\nuntil dawn': holds the control character U+000A at offset 5" + control);
  CHECK(refused("a\ttab") == "--text 'a\ttab': holds the control character U+0009 at offset 1" + control);
  CHECK(refused("next line \xc2\x85").find("holds the control character U+0085 at offset 10") !=
        std::string::npos);  // C1
  CHECK(refused("del \x7f").find("holds the control character U+007F at offset 4") != std::string::npos);
  CHECK(refused("bad \xff byte") ==
        "--text 'bad \xff byte': not valid UTF-8 (the byte 0xff at offset 4); give the text in UTF-8");
  CHECK(refused("cut \xe2\x80").find("not valid UTF-8 (the byte 0xe2 at offset 4)") != std::string::npos);
  CHECK(refused("overlong \xc0\xaf").find("not valid UTF-8 (the byte 0xc0 at offset 9)") != std::string::npos);
  // Letters of any script, and format characters (kept, R42), are text.
  CHECK(siege::resolve_note("Ser Brienne \xe2\x80\x94 \xc3\xa9\xe2\x80\x8b", 0).text.size() == 21);
}

namespace {

struct Siege {
  TempDir dir;
  std::string state = dir.file("siege.json");
  Siege() {
    REQUIRE(siege::test::siege({"init", state, "--from", SIEGE_SOURCE_DIR + "/examples/castle-siege.json"}).status ==
            0);
  }
  [[nodiscard]] Run on(std::vector<std::string> args, const std::string& stdin_text = "") const {
    args.insert(args.begin(), {"--state", state});
    return siege::test::siege(args, stdin_text);
  }
  [[nodiscard]] std::string bytes() const { return slurp(state); }
  [[nodiscard]] json file() const { return json::parse(bytes()); }
};

}  // namespace

TEST_CASE("R39: note logs a line in the current scene and changes nothing else", "[cli][note][R39]") {
  Siege s;
  REQUIRE(s.on({"--seed", "5", "scene"}).status == 0);
  const json before = s.file();
  const Run r = s.on({"--seed", "3", "note", "parley at the gate: the garrison asks for terms until dawn"});
  REQUIRE(r.status == 0);
  CHECK(r.out.find("Note      parley at the gate: the garrison asks for terms until dawn\nScene     1\n") == 0);
  CHECK(r.out.find("Log       entry 2 written to " + s.state) != std::string::npos);
  json after = s.file();
  const json entry = after["log"][1];
  CHECK(entry["action"] == "note");
  CHECK(entry["scene"] == 1);
  CHECK(entry["inputs"] == json{{"text", "parley at the gate: the garrison asks for terms until dawn"}});
  CHECK(entry["outcome"] == json{{"text", "parley at the gate: the garrison asks for terms until dawn"}});
  after["log"].erase(1);
  CHECK(after == before);
  // --text says the same; --json is the note outcome with its log entry.
  const Run j = s.on({"--json", "note", "--text", "-3 figures: the captain"});
  REQUIRE(j.status == 0);
  CHECK(j.out == R"({"schema":1,"action":"note","log_entry":3,"dry_run":false,"text":"-3 figures: the captain",)"
                 R"("scene":1,"rules":["note"],"notes":[],"not_modelled":[]})"
                 "\n");
  CHECK(s.on({"replay"}).status == 0);
  // In the log: the text as the command line takes it, then the line.
  const Run log = s.on({"log"});
  CHECK(log.out.find("   2  note    'parley at the gate: the garrison asks for terms") != std::string::npos);
  CHECK(log.out.find("      noted: parley at the gate: the garrison asks for terms") != std::string::npos);
  // A note that starts with a dash is logged as --text, so the line can be pasted back.
  CHECK(log.out.find("   3  note    --text '-3 figures: the captain'") != std::string::npos);
}

TEST_CASE("R39: status shows the last three notes in every format", "[cli][note][R39]") {
  Siege s;
  for (const char* text : {"one", "two, with a comma", "three", "four | pipe"}) REQUIRE(s.on({"note", text}).status == 0);
  const Run text = s.on({"status"});
  CHECK(text.out.find("Log       4 entries\n"
                      "  note 2 (scene 0): two, with a comma\n"
                      "  note 3 (scene 0): three\n"
                      "  note 4 (scene 0): four | pipe\n") != std::string::npos);
  CHECK(text.out.find("note 1") == std::string::npos);
  const json j = s.on({"--json", "status"}).json();
  REQUIRE(j["log_notes"].size() == 3);
  CHECK(j["log_notes"][0] == json{{"entry", 2}, {"scene", 0}, {"text", "two, with a comma"}});
  const Run csv = s.on({"--format", "csv", "status"});
  CHECK(csv.out.find("NOTE,SCENE,TEXT\r\n2,0,\"two, with a comma\"\r\n3,0,three\r\n4,0,four | pipe\r\n") != std::string::npos);
  const Run md = s.on({"--format", "markdown", "status"});
  CHECK(md.out.find("| NOTE | SCENE | TEXT") != std::string::npos);
  CHECK(md.out.find("four \\| pipe") != std::string::npos);
}

TEST_CASE("R39: the chronicle shows a note in its scene", "[cli][note][chronicle][R39]") {
  Siege s;
  REQUIRE(s.on({"--seed", "5", "scene"}).status == 0);
  REQUIRE(s.on({"note", "the <herald> & his horn"}).status == 0);
  const Run html = s.on({"chronicle"});
  REQUIRE(html.status == 0);
  CHECK(html.out.find("noted: the &lt;herald&gt; &amp; his horn") != std::string::npos);
  const Run md = s.on({"--format", "markdown", "chronicle"});
  REQUIRE(md.status == 0);
  const auto scene = md.out.find("Scene 1");
  REQUIRE(scene != std::string::npos);
  CHECK(md.out.find("noted: the &lt;herald> &amp; his horn", scene) != std::string::npos);
}

TEST_CASE("R39: bad notes exit 2 with the file unchanged, on the command line and in batch", "[cli][note][R39]") {
  Siege s;
  const std::string before = s.bytes();
  const Run too_long = s.on({"note", std::string(1001, 'x')});
  CHECK(too_long.status == 2);
  CHECK(too_long.err == "siege: error: --text: 1001 bytes; it holds at most 1000 bytes\n");
  CHECK(s.on({"note", "line one\nline two"}).status == 2);
  CHECK(s.on({"note"}).status == 2);
  CHECK(s.bytes() == before);
  // In batch: the key "text", its limit, and a control character.
  const Run b = s.on({"batch"}, "{\"action\": \"note\", \"text\": \"" + std::string(1001, 'y') + "\"}\n" +
                                    "{\"action\": \"note\", \"text\": \"a\\u0007bell\"}\n");
  CHECK(b.status == 2);
  CHECK(b.out.find("<stdin>:1:/text: 1001 bytes; it holds at most 1000 bytes") != std::string::npos);
  CHECK(b.out.find("<stdin>:2:/text: 'a\\u0007bell': holds the control character U+0007 at offset 1") !=
        std::string::npos);
  CHECK(s.bytes() == before);
  const Run ok = s.on({"batch"}, "{\"action\": \"note\", \"text\": \"" + std::string(1000, 'z') + "\"}\n");
  CHECK(ok.status == 0);
  CHECK(s.file()["log"][0]["inputs"]["text"].get<std::string>().size() == 1000);
  // Without a state file.
  const Run none = siege::test::siege({"note", "hello"});
  CHECK(none.status == 2);
  CHECK(none.err == "siege: error: note: needs --state FILE (a siege made with 'siege init')\n");
}

TEST_CASE("R39: help --inputs declares the note's text once: positional, its limit", "[cli][note][R39]") {
  const json j = siege::test::siege({"--json", "help", "--inputs", "note"}).json();
  CHECK(j["logged"] == true);
  REQUIRE(j["inputs"].size() == 2);
  CHECK(j["inputs"][1]["key"] == "private");
  CHECK(j["inputs"][0]["key"] == "text");
  CHECK(j["inputs"][0]["positional"] == true);
  CHECK(j["inputs"][0]["required"] == true);
  CHECK(j["inputs"][0]["max_bytes"] == 1000);
  const Run help = siege::test::siege({"note", "--help"});
  CHECK(help.out.find("TEXT") != std::string::npos);
  CHECK(help.out.find("[at most 1000 bytes]") != std::string::npos);
}

TEST_CASE("R44: a private note is the referee's: marked in the file, log, status and chronicle", "[cli][note][R44]") {
  Siege s;
  REQUIRE(s.on({"--seed", "5", "scene"}).status == 0);
  const Run r = s.on({"--json", "note", "--private", "the spy in the keep is Ser Ulric"});
  REQUIRE(r.status == 0);
  const json o = r.json();
  CHECK(o["private"] == true);
  CHECK(o["rules"] == json{"note", "private-note"});
  const json entry = s.file()["log"][1];
  CHECK(entry["inputs"] == json{{"private", true}, {"text", "the spy in the keep is Ser Ulric"}});
  CHECK(entry["outcome"] == json{{"private", true}, {"text", "the spy in the keep is Ser Ulric"}});
  CHECK(s.on({"log"}).out.find("noted (private): the spy in the keep is Ser Ulric") != std::string::npos);
  CHECK(s.on({"status"}).out.find("  note 2 (scene 1, private): the spy in the keep is Ser Ulric\n") !=
        std::string::npos);
  CHECK(s.on({"--json", "status"}).json()["log_notes"][0]["private"] == true);
  CHECK(s.on({"--format", "csv", "status"}).out.find("2,1,(private) the spy in the keep is Ser Ulric") !=
        std::string::npos);
  CHECK(s.on({"chronicle"}).out.find("noted (private): the spy in the keep is Ser Ulric") != std::string::npos);
  CHECK(s.on({"chronicle", "--view", "referee"}).out == s.on({"chronicle"}).out);
  CHECK(s.on({"chronicle", "--view", "players"}).out.find("Ulric") == std::string::npos);
  // Undo and replay treat it as any note.
  REQUIRE(s.on({"replay"}).status == 0);
  REQUIRE(s.on({"undo"}).status == 0);
  CHECK(s.file()["log"].size() == 1);
}

TEST_CASE("R44: the players' view of a siege with private notes is, byte for byte, the one without them",
          "[cli][note][R44]") {
  Siege with, without;
  const std::vector<std::vector<std::string>> lines{
      {"note", "--private", "first, before any scene"}, {"note", "terms offered"},
      {"--seed", "5", "scene"},                          {"note", "--private", "the sappers are close"},
      {"note", "the herald returns"},                    {"--seed", "6", "scene"},
      {"note", "--private", "last of all"}};
  int seed = 10;  // every entry its own seed, the same in both files
  for (auto line : lines) {
    if (line[0] != "--seed") line.insert(line.begin(), {"--seed", std::to_string(++seed)});
    REQUIRE(with.on(line).status == 0);
    if (std::find(line.begin(), line.end(), "--private") == line.end()) REQUIRE(without.on(line).status == 0);
  }
  REQUIRE(with.file()["log"].size() == 7);
  for (const std::string format : {"html", "markdown"}) {
    const Run a = with.on({"--format", format, "chronicle", "--view", "players"});
    const Run b = without.on({"--format", format, "chronicle", "--view", "players"});
    REQUIRE(a.status == 0);
    CHECK(a.out == b.out);
    CHECK(a.out.find("private") == std::string::npos);
  }
  // The referee's pages do differ: the test can tell.
  CHECK(with.on({"chronicle"}).out != without.on({"chronicle"}).out);
}
