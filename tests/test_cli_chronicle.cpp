// `siege chronicle`: the whole siege as one page (src/print/chronicle.hpp). The
// page's HTML is held to a strict HTML5 parser and to a browser by
// tests/chronicle/ (CTest); here: the command line, the formats, the output
// file, the escaping, and what the page holds.
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <tuple>

#include <catch2/catch.hpp>

#include "print/chronicle.hpp"
#include "support.hpp"
#include "temp_dir.hpp"

using nlohmann::json;
using siege::test::Run;
using siege::test::slurp;
using siege::test::TempDir;

namespace {

const std::string castle_description = SIEGE_SOURCE_DIR + "/examples/castle-siege.json";

// The example castle after two seeded scenes and an attack that breaches
// the gatehouse.
struct Played {
  TempDir dir;
  std::string state = dir.file("siege.json");
  Played() {
    REQUIRE(siege::test::siege({"init", state, "--from", castle_description}).status == 0);
    REQUIRE(on({"--seed", "1001", "scene"}).status == 0);
    REQUIRE(on({"--seed", "1002", "scene"}).status == 0);
    REQUIRE(on({"attack", "--section", "gatehouse", "--weapon", "ram", "--successes", "9"}).status == 0);
  }
  Run on(std::vector<std::string> args) const {
    args.insert(args.begin(), {"--state", state});
    return siege::test::siege(args);
  }
};

std::size_t count_of(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

namespace {

// The SVG of `page` whose <title> has the id `title_id`.
std::string svg_with(const std::string& page, const std::string& title_id) {
  const auto at = page.find("<title id=\"" + title_id + "\">");
  if (at == std::string::npos) return {};
  const auto from = page.rfind("<svg", at);
  return page.substr(from, page.find("</svg>", at) - from);
}

// The numbers of `attr` ("cx") of each `element` ("<circle") in `svg`, in order.
std::vector<int> numbers_of(const std::string& svg, const std::string& element, const std::string& attr) {
  std::vector<int> out;
  for (auto at = svg.find(element); at != std::string::npos; at = svg.find(element, at + 1)) {
    const auto a = svg.find(" " + attr + "=\"", at);
    if (a == std::string::npos || a > svg.find('>', at)) continue;
    out.push_back(std::stoi(svg.substr(a + attr.size() + 3)));
  }
  return out;
}

// The texts of the SVG's <text> elements anchored `anchor` whose y is `y` ("" for any y).
std::vector<std::string> texts_of(const std::string& svg, const std::string& anchor,
                                  const std::string& y = "") {
  std::vector<std::string> out;
  for (auto at = svg.find("<text "); at != std::string::npos; at = svg.find("<text ", at + 1)) {
    const auto close = svg.find('>', at);
    const std::string head = svg.substr(at, close - at);
    if (head.find("text-anchor=\"" + anchor + "\"") == std::string::npos) continue;
    if (!y.empty() && head.find(" y=\"" + y + "\"") == std::string::npos) continue;
    out.push_back(svg.substr(close + 1, svg.find("</text>", close) - close - 1));
  }
  return out;
}

}  // namespace

TEST_CASE("chronicle needs a state file", "[cli][chronicle]") {
  const Run r = siege::test::siege({"chronicle"});
  CHECK(r.status == 2);
  CHECK(r.err == "siege: error: chronicle: needs --state FILE (a siege made with 'siege init')\n");
}

TEST_CASE("chronicle writes one HTML page with every section, engine and log entry", "[cli][chronicle]") {
  const Played p;
  const Run r = p.on({"chronicle"});
  REQUIRE(r.status == 0);
  CHECK(r.err.empty());
  CHECK(r.out.rfind("<!DOCTYPE html>\n<html lang=\"en\">", 0) == 0);
  CHECK(r.out.find("<title>The siege of Harrowmere: the chronicle</title>") != std::string::npos);
  for (const char* id : {"north-wall", "east-wall", "gatehouse", "river-tower", "great-bombard", "battery-cannon",
                         "trebuchet", "ram", "belfry", "wall-mangonel", "tower-ballista"})
    CHECK(r.out.find(std::string("<th scope=\"row\">") + id + "</th>") != std::string::npos);
  for (int entry = 1; entry <= 3; ++entry)
    CHECK(r.out.find("id=\"entry-" + std::to_string(entry) + "\"") != std::string::npos);
  // The attack that breached the gate stands out, with what to do next.
  CHECK(r.out.find("<article class=\"entry flagged\" id=\"entry-3\"") != std::string::npos);
  CHECK(r.out.find("<strong>Breach:</strong> gatehouse is breached: the way in is open") != std::string::npos);
  CHECK(r.out.find("siege --state siege.json --seed") != std::string::npos);
  // Self-contained: no script, nothing fetched.
  CHECK(r.out.find("<script") == std::string::npos);
  CHECK(r.out.find("://") == std::string::npos);
  CHECK(r.out.find("<link") == std::string::npos);
  CHECK(r.out.find("@media print") != std::string::npos);
  CHECK(r.out.find("@page{size:A4") != std::string::npos);
}

TEST_CASE("the chronicle is the same bytes every time, and the same on stdout and in -o FILE", "[cli][chronicle]") {
  const Played p;
  const Run a = p.on({"chronicle"});
  const Run b = p.on({"chronicle"});
  REQUIRE(a.status == 0);
  CHECK(a.out == b.out);
  const std::string out = p.dir.file("siege.html");
  const Run w = p.on({"chronicle", "-o", out});
  REQUIRE(w.status == 0);
  CHECK(slurp(out) == a.out);
  CHECK(w.out.find("written to " + out) != std::string::npos);
  // Only the page is left beside the state: no temp file.
  CHECK(p.dir.names() == std::vector<std::string>{"siege.html", "siege.json"});
  // No path and no date in it.
  CHECK(a.out.find(p.dir.path()) == std::string::npos);
}

TEST_CASE("the Hull chart follows the log entry by entry, and the scene table scene by scene", "[cli][chronicle]") {
  const Played p;
  const json log = json::parse(p.on({"--json", "log"}).out);
  const Run r = p.on({"chronicle"});
  REQUIRE(r.status == 0);
  // One chart per section and per engine (or the camp) that was ever hit.
  CHECK(count_of(r.out, "<title id=\"chart-") == 4 + 2);
  CHECK(r.out.find("No Hull suffered all along: great-bombard, battery-cannon") != std::string::npos);
  // The gatehouse: breached by entry 3 (Hull 10 with its portcullis).
  const int after_scenes = log["entries"][1]["outcome"]["attacks"][3]["hull"]["after"];
  CHECK(r.out.find("<desc id=\"chart-gatehouse-d\">Hull suffered by gatehouse (castle-gate, portcullis, Hull 10): 0 "
                   "at the start") != std::string::npos);
  CHECK(r.out.find(std::to_string(after_scenes) + " after entry 2 (scene 2); 10 after entry 3 (scene 2)") !=
        std::string::npos);
  CHECK(r.out.find("<caption>At the end of each scene</caption>") != std::string::npos);
  CHECK(r.out.find("<td class=\"n\" data-label=\"scene 2\">10 (breached)</td>") != std::string::npos);
}

TEST_CASE("the outlook comes from odds scene", "[cli][chronicle]") {
  const Played p;
  const json odds = json::parse(p.on({"--json", "odds", "scene", "--scenes", "2"}).out);
  const Run r = p.on({"--format", "markdown", "chronicle", "--scenes", "2"});
  REQUIRE(r.status == 0);
  CHECK(r.out.find("| Breached by the end of | scene 3 | scene 4 |") != std::string::npos);
  // Each section's row: the chance of `odds scene`, as a percentage with one
  // decimal (a chance that is neither 0 nor 1 never shows as 0% or 100%).
  const auto shown = [](double v) -> std::string {
    if (v <= 0) return "0%";
    if (v >= 1) return "100%";
    if (v < 0.0005) return "under 0.1%";
    if (v > 0.9995) return "over 99.9%";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f%%", v * 100);
    return buf;
  };
  for (const auto& s : odds["sections"]) {
    std::string row = "| " + s["id"].get<std::string>() + " |";
    for (const auto& a : s["after_scene"]) row += " " + shown(a["breached"]["value"].get<double>()) + " |";
    CHECK(r.out.find(row + "\n") != std::string::npos);
  }
}

TEST_CASE("an outlook too large to work out is left out with a note", "[cli][chronicle]") {
  // Sixteen besieger engines on one bastion, no two alike, each shot at by a
  // defender: the chain of `odds scene` is refused as too-large (docs/state.md).
  json d = {{"sections", {{{"id", "bastion"}, {"structure", "bastion"}}}}};
  for (int i = 0; i < 16; ++i) {
    d["besiegers"].push_back({{"id", "gun-" + std::to_string(i)}, {"engine", "cannon"}, {"pool", 1 + i % 4},
                              {"hull_suffered", i / 4}, {"target", "bastion"}});
    d["defenders"].push_back({{"id", "wall-" + std::to_string(i)}, {"weapon", "cannon"},
                              {"target", "gun-" + std::to_string(i)}});
  }
  TempDir dir;
  const std::string state = dir.file("s.json");
  REQUIRE(siege::test::siege({"init", state, "--from", dir.write("d.json", d.dump())}).status == 0);
  REQUIRE(siege::test::siege({"--state", state, "odds", "scene"}).status == 2);
  const Run r = siege::test::siege({"--state", state, "chronicle"});
  REQUIRE(r.status == 0);
  CHECK(r.out.find("The outlook is left out: odds scene: --scenes 4: too large to work out exactly here") !=
        std::string::npos);
  const Run j = siege::test::siege({"--state", state, "--json", "chronicle", "-o", dir.file("c.html")});
  REQUIRE(j.status == 0);
  CHECK(j.json()["outlook"] == false);
  CHECK(j.json()["notes"].size() == 1);
}

TEST_CASE("chronicle --format markdown gives the same content as Markdown tables", "[cli][chronicle]") {
  const Played p;
  const Run r = p.on({"--format", "markdown", "chronicle"});
  REQUIRE(r.status == 0);
  CHECK(r.out.rfind("# The siege of Harrowmere\n", 0) == 0);
  for (const char* h : {"## The castle at a glance", "## Hull suffered over the scenes", "## Scene by scene",
                        "### Scene 2", "#### Entry 3: attack (!)", "## The outlook", "## The rules cited"})
    CHECK(r.out.find(h) != std::string::npos);
  CHECK(r.out.find("| gatehouse | castle\\-gate, portcullis | 10 / 10 | **breached** |") == std::string::npos);
  CHECK(r.out.find("| gatehouse | castle-gate, portcullis | 10 / 10 | **breached** |") != std::string::npos);
  CHECK(r.out.find("- **Breach:** gatehouse is breached: the way in is open") != std::string::npos);
  CHECK(r.out.find("<svg") == std::string::npos);
  CHECK(r.out.find("<") == std::string::npos);
}

TEST_CASE("chronicle refuses the table formats, and other commands refuse --format html", "[cli][chronicle]") {
  const Played p;
  for (const char* f : {"text", "csv"}) {
    const Run r = p.on({"--format", f, "chronicle"});
    CHECK(r.status == 2);
    CHECK(r.err == std::string("siege: error: --format ") + f +
                       ": the chronicle is a page, html (the default) or markdown\n");
  }
  CHECK(p.on({"--format", "html", "chronicle"}).out == p.on({"chronicle"}).out);
  const Run s = p.on({"--format", "html", "status"});
  CHECK(s.status == 2);
  CHECK(s.err == "siege: error: --format html: only chronicle writes a page; tables print as text, markdown, csv "
                 "or json\n");
  CHECK(siege::test::siege({"list", "weapons", "--format", "html"}).status == 2);
}

TEST_CASE("chronicle --json needs -o, and then says what was written", "[cli][chronicle]") {
  const Played p;
  const Run r = p.on({"--json", "chronicle"});
  CHECK(r.status == 2);
  CHECK(r.json()["error"]["id"] == "bad-usage");
  const std::string out = p.dir.file("c.md");
  const Run j = p.on({"--json", "--format", "markdown", "chronicle", "-o", out});
  REQUIRE(j.status == 0);
  const json o = j.json();
  CHECK(o["action"] == "chronicle");
  CHECK(o["output"] == out);
  CHECK(o["format"] == "markdown");
  CHECK(o["bytes"] == slurp(out).size());
  CHECK(o["log_entries"] == 3);
  CHECK(o["scene"] == 2);
  CHECK(o["outlook"] == true);
  // --format json is --json: the page is html.
  const Run f = p.on({"--format", "json", "chronicle", "-o", p.dir.file("c.html")});
  REQUIRE(f.status == 0);
  CHECK(f.json()["format"] == "html");
}

TEST_CASE("chronicle -o refuses the state file itself and reports a failed write as exit 5", "[cli][chronicle]") {
  const Played p;
  const std::string before = slurp(p.state);
  const Run same = p.on({"chronicle", "-o", p.state});
  CHECK(same.status == 2);
  CHECK(same.err.find("is the state file itself") != std::string::npos);
  CHECK(slurp(p.state) == before);
  const Run missing = p.on({"chronicle", "-o", p.dir.file("no/such/folder/c.html")});
  CHECK(missing.status == 5);
  CHECK(missing.err.find("cannot create a temp file beside it: No such file or directory") != std::string::npos);
  const Run folder = p.on({"chronicle", "-o", p.dir.path()});
  CHECK(folder.status == 2);
  CHECK(folder.err == "siege: error: chronicle: --output " + p.dir.path() +
                          ": a folder, not a file or a character device; give another file\n");
  std::vector<std::string> want{"siege.json"};
  CHECK(p.dir.names() == want);
}

TEST_CASE("chronicle -o leaves a read-only file and another siege as they are, --force replacing the siege",
          "[cli][chronicle][output]") {
  const Played p;
  const auto refused = [&](const std::string& path, const std::vector<std::string>& more = {}) {
    const std::string before = slurp(path);
    std::vector<std::string> args{"chronicle", "-o", path};
    args.insert(args.end(), more.begin(), more.end());
    const Run r = p.on(args);
    INFO(path << ": exit " << r.status << ": " << r.err);
    CHECK(r.status == 2);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    CHECK(r.err.rfind("siege: error: chronicle: --output " + path + ": ", 0) == 0);
    CHECK(slurp(path) == before);
    return r.err;
  };
  // No write bit: refused whoever runs it (root too; tests/reliability/
  // unprivileged.sh holds the rule as a user without privileges).
  const std::string page = p.dir.write("page.html", "<p>kept</p>");
  REQUIRE(::chmod(page.c_str(), 0444) == 0);
  CHECK(refused(page).find(": read-only (no write permission), so siege leaves it as it is; make it writable "
                           "(chmod u+w), or give another file") != std::string::npos);
  CHECK(refused(page, {"--force"}).find("read-only") != std::string::npos);
  // Through a symbolic link too.
  REQUIRE(::symlink("page.html", p.dir.file("link.html").c_str()) == 0);
  CHECK(refused(p.dir.file("link.html")).find("read-only") != std::string::npos);
  REQUIRE(::chmod(page.c_str(), 0644) == 0);
  CHECK(p.on({"chronicle", "-o", p.dir.file("link.html")}).status == 0);
  CHECK(slurp(page).find("<html") != std::string::npos);

  // Another siege's state file, by its content: refused unless --force.
  const std::string other = p.dir.write("other.json", slurp(p.state));
  const std::string why = refused(other);
  CHECK(why == "siege: error: chronicle: --output " + other +
                   ": a siege state file (it holds \"format\": \"siege-state\"), so siege leaves it as it is; "
                   "give another file, or --force to replace it\n");
  const Run j = p.on({"--json", "chronicle", "-o", other});
  CHECK(j.status == 2);
  CHECK(j.json()["error"]["id"] == "output-is-siege");
  CHECK(j.json()["error"]["input"] == "output");
  // A state file cut short, or with its marker written another way, is one still.
  const std::string text = slurp(p.state);
  refused(p.dir.write("cut.json", text.substr(0, 200)));
  std::string escaped = text;
  escaped.replace(escaped.find("\"format\""), 8, "\"\\u0066ormat\"");
  refused(p.dir.write("escaped.json", escaped));
  refused(p.dir.write("spaced.json", "{\"schema\":1,\n\"format\" :\t\"siege-state\"}"));
  // JSON of another kind, and a page, are not.
  for (const std::string& name : {std::string("data.json"), std::string("notes.md")}) {
    const std::string path = p.dir.write(name, name == "data.json" ? "{\"format\": \"other\"}" : "format: siege-state");
    CHECK(p.on({"chronicle", "-o", path}).status == 0);
    CHECK(slurp(path).find("<html") != std::string::npos);
  }
  const Run forced = p.on({"chronicle", "-o", other, "--force"});
  CHECK(forced.status == 0);
  CHECK(slurp(other).find("<html") != std::string::npos);
  // The state file itself: --force or not.
  const std::string before = slurp(p.state);
  CHECK(refused(p.state, {"--force"}).find("it is the state file itself; give another file") != std::string::npos);
  CHECK(slurp(p.state) == before);
}

TEST_CASE("chronicle -o - and /dev/stdout write standard output, and a device is written in place",
          "[cli][chronicle][output]") {
  const Played p;
  const std::string page = p.on({"chronicle"}).out;
  REQUIRE(page.find("<html") != std::string::npos);
  for (const char* name : {"-", "/dev/stdout"}) {
    const Run r = p.on({"chronicle", "-o", name});
    INFO(name << ": " << r.err);
    CHECK(r.status == 0);
    CHECK(r.out == page);
    CHECK(r.err.empty());
  }
  // --json goes with a file, and standard output is none.
  CHECK(p.on({"--json", "chronicle", "-o", "/dev/stdout"}).status == 2);
  const Run null = p.on({"--json", "chronicle", "-o", "/dev/null"});
  CHECK(null.status == 0);
  CHECK(null.err.empty());
  CHECK(null.json()["output"] == "/dev/null");
  CHECK(null.json()["bytes"] == page.size());
  const Run full = p.on({"chronicle", "-o", "/dev/full"});
  CHECK(full.status == 5);
  CHECK(full.err == "siege: error: /dev/full: cannot write: No space left on device\n");
  const Run full_json = p.on({"--json", "chronicle", "-o", "/dev/full"});
  CHECK(full_json.status == 5);
  CHECK(full_json.json()["error"]["id"] == "write-error");
  // Nothing made beside a device.
  CHECK(::access("/dev/null.lock", F_OK) != 0);
  // A pipe, as a shell's >(...) gives one, is written in place too (its
  // reader bounded: a siege that never opens it fails the test, not hangs).
  const std::string fifo = p.dir.file("pipe");
  REQUIRE(::mkfifo(fifo.c_str(), 0644) == 0);
  const std::string got = p.dir.file("got.html");
  const int rc = std::system(("timeout 20 cat '" + fifo + "' > '" + got + "' & '" + SIEGE_BINARY + "' --state '" + p.state +
                              "' chronicle -o '" + fifo + "' >/dev/null; s=$?; wait; exit $s")
                                 .c_str());
  CHECK(WEXITSTATUS(rc) == 0);
  CHECK(slurp(got) == page);
  std::vector<std::string> want{"got.html", "pipe", "siege.json"};
  CHECK(p.dir.names() == want);
}

TEST_CASE("chronicle to a full standard output is exit 5", "[cli][chronicle]") {
  const Played p;
  const int rc = std::system(("'" + SIEGE_BINARY + "' --state '" + p.state + "' chronicle >/dev/full 2>/dev/null").c_str());
  CHECK(WEXITSTATUS(rc) == 5);
}

TEST_CASE("html_escape shows markup, quotes, controls and non-characters as text", "[chronicle]") {
  using siege::cli::html_escape;
  CHECK(html_escape("<script>alert(\"x\")</script> & 'q'") ==
        "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;");
  CHECK(html_escape("\x07 bell\nline\x7f") == "\\x07 bell\\x0aline\\x7f");
  CHECK(html_escape("\xc3\x89" "chec \xe5\x9f\x8e") == "\xc3\x89" "chec \xe5\x9f\x8e");
  CHECK(html_escape("\xc2\x85 \xef\xbf\xbe \xef\xb7\x90 \xe2\x80\xa8") == "\\u0085 \\ufffe \\ufdd0 \\u2028");
  CHECK(html_escape("\xff\xfe ok") == "\\xff\\xfe ok");
}

TEST_CASE("markdown_escape escapes Markdown's characters and markup", "[chronicle]") {
  using siege::cli::markdown_escape;
  CHECK(markdown_escape("<b>*a*</b> | _b_ [c] `d` #e & f\\") ==
        "&lt;b>\\*a\\*&lt;/b> \\| \\_b\\_ \\[c\\] \\`d\\` \\#e &amp; f\\\\");
  CHECK(markdown_escape("> quoted -> not") == "\\> quoted -> not");
  CHECK(markdown_escape("north-wall 'q' \"r\"") == "north-wall 'q' \"r\"");
}

TEST_CASE("an entry's command line gives a positional input as a word and quotes what a shell would split",
          "[cli][chronicle]") {
  TempDir dir;
  const std::string state = dir.file("siege.json");
  REQUIRE(siege::test::siege({"init", state, "--from", castle_description}).status == 0);
  // Abatis goes across a breach (R26): breach north-wall first.
  REQUIRE(siege::test::siege({"--state", state, "damage", "--at", "north-wall", "--hull", "20", "--seed", "3"}).status ==
          0);
  REQUIRE(siege::test::siege({"--state", state, "--seed", "4", "abatis", "build", "--section", "north-wall"}).status ==
          0);
  const Run r = siege::test::siege({"--state", state, "--format", "markdown", "chronicle"});
  REQUIRE(r.status == 0);
  CHECK(r.out.find("`siege --state siege.json --seed 4 abatis build --section north-wall`\n") !=
        std::string::npos);
  // A hand-edited input with a space and a quote: one shell word.
  std::string text = slurp(state);
  const std::string from = "\"section\":\"north-wall\"";
  REQUIRE(text.find(from) != std::string::npos);
  text.replace(text.find(from), from.size(), "\"section\":\"north wall's\"");
  dir.write("siege.json", text);
  const Run edited = siege::test::siege({"--state", state, "chronicle"});
  REQUIRE(edited.status == 0);
  CHECK(edited.out.find("<code>siege --state siege.json --seed 4 abatis build --section &#39;north "
                        "wall&#39;\\&#39;&#39;s&#39;</code>") != std::string::npos);
  CHECK(edited.out.find("The log does not replay to its end") != std::string::npos);
}

TEST_CASE("a long log is charted at the end of each scene, and the scene table is thinned", "[cli][chronicle]") {
  TempDir dir;
  const std::string state = dir.file("siege.json");
  REQUIRE(siege::test::siege({"init", state, "--from", castle_description}).status == 0);
  // 30 scenes, each followed by 9 misses: 300 entries.
  std::string lines;
  for (int s = 0; s < 30; ++s) {
    lines += "{\"action\":\"scene\"}\n";
    for (int k = 0; k < 9; ++k)
      lines += "{\"action\":\"attack\",\"section\":\"east-wall\",\"weapon\":\"cannon\",\"successes\":0}\n";
  }
  REQUIRE(siege::test::siege({"--state", state, "--seed", "8", "batch"}, lines).status == 0);
  const Run r = siege::test::siege({"--state", state, "chronicle"});
  REQUIRE(r.status == 0);
  // The chart of a section: the start and the end of each of the 30 scenes.
  const auto from = r.out.find("<desc id=\"chart-east-wall-d\">");
  REQUIRE(from != std::string::npos);
  const std::string desc = r.out.substr(from, r.out.find("</desc>", from) - from);
  CHECK(count_of(desc, ";") == 30);
  CHECK(desc.find("0 after entry 300 (scene 30)") != std::string::npos);
  // 30 bands too narrow for a label each: every 5th scene is numbered.
  const std::string chart =
      r.out.substr(r.out.rfind("<svg", from), r.out.find("</svg>", from) - r.out.rfind("<svg", from));
  CHECK(texts_of(chart, "middle") == std::vector<std::string>{"start", "5", "10", "15", "20", "25", "30"});
  // The table at the end of each scene: at most 24 columns, the last scene kept.
  const auto t = r.out.find("<caption>At the end of each scene</caption>");
  REQUIRE(t != std::string::npos);
  const std::string head = r.out.substr(t, r.out.find("</tr>", t) - t);
  CHECK(count_of(head, "<th scope=\"col\">") == 1 + 24);
  CHECK(head.find(">start</th>") != std::string::npos);
  CHECK(head.find(">scene 30</th>") != std::string::npos);
  CHECK(count_of(r.out, "<article class=\"entry") == 300);
}

TEST_CASE("the command that plays an entry again is the whole command, --state and all, quoted for the shell",
          "[cli][chronicle]") {
  TempDir dir;
  const std::string state = dir.file("the siege's file.json");
  REQUIRE(siege::test::siege({"init", state, "--from", castle_description}).status == 0);
  REQUIRE(siege::test::siege({"--state", state, "--seed", "1001", "scene"}).status == 0);
  const Run md = siege::test::siege({"--state", state, "--format", "markdown", "chronicle"});
  REQUIRE(md.status == 0);
  CHECK(md.out.find("`siege --state 'the siege'\\''s file.json' --seed 1001 scene`\n") != std::string::npos);
  // No folder: the page names no path (the file as it is in its folder).
  CHECK(md.out.find(dir.path()) == std::string::npos);
  const Run html = siege::test::siege({"--state", state, "chronicle"});
  CHECK(html.out.find(
            "<code>siege --state &#39;the siege&#39;\\&#39;&#39;s file.json&#39; --seed 1001 scene</code>") !=
        std::string::npos);
  // A plain name stays as it is; one that starts with '-' is not read as an option.
  const Played p;
  CHECK(
      p.on({"--format", "markdown", "chronicle"}).out.find("`siege --state siege.json --seed 1002 scene`") !=
      std::string::npos);
  const std::string dash = p.dir.file("-x.json");
  REQUIRE(siege::test::siege({"init", dash, "--from", castle_description}).status == 0);
  REQUIRE(siege::test::siege({"--state", dash, "--seed", "3", "scene"}).status == 0);
  CHECK(siege::test::siege({"--state", dash, "--format", "markdown", "chronicle"})
            .out.find("`siege --state ./-x.json --seed 3 scene`") != std::string::npos);
}

TEST_CASE(
    "the Hull chart's x axis is the scenes, each entry inside its scene's band, and its y axis has ticks",
    "[cli][chronicle]") {
  const Played p;  // entry 1: scene 1; entries 2 and 3: scene 2
  const Run r = p.on({"chronicle"});
  REQUIRE(r.status == 0);
  const std::string chart = svg_with(r.out, "chart-gatehouse-t");
  REQUIRE(!chart.empty());
  // Along the bottom: the start, then one label per scene, and the axis's name.
  CHECK(texts_of(chart, "middle") == std::vector<std::string>{"start", "1", "2"});
  const std::vector<int> label_x = numbers_of(chart.substr(chart.find(">start<")), "<text", "x");
  REQUIRE(label_x.size() >= 2);
  const std::vector<int> dot = numbers_of(chart, "<circle", "cx");
  REQUIRE(dot.size() == 4);
  // Scene 1's one entry under its label; scene 2's two entries on either side of its label.
  CHECK(dot[0] < dot[1]);
  CHECK(dot[1] == label_x[0]);
  CHECK(dot[1] < dot[2]);
  CHECK(dot[2] < label_x[1]);
  CHECK(label_x[1] < dot[3]);
  // Up the side: 0, 5 and 10 (the gatehouse's Hull with its portcullis).
  CHECK(texts_of(chart, "end") ==
        std::vector<std::string>{"0", "5", "10", "cracked at 5", "breached at 10", "scene"});
  const std::string wall = svg_with(r.out, "chart-north-wall-t");
  CHECK(texts_of(wall, "end").size() == 5 + 3);  // 0, 5, 10, 15, 20, the two marks, "scene"
}

TEST_CASE("the plan of the castle stands above the first table, with the sections, engines, camp and units",
          "[cli][chronicle]") {
  TempDir dir;
  const std::string state = dir.file("siege.json");
  const auto on = [&](std::vector<std::string> args) {
    args.insert(args.begin(), {"--state", state});
    return siege::test::siege(args);
  };
  REQUIRE(siege::test::siege({"init", state, "--from", castle_description}).status == 0);
  // North wall breached, abatis begun across it; a mine under the east wall, found on its second day.
  REQUIRE(on({"--seed", "1001", "scene"}).status == 0);
  REQUIRE(on({"--seed", "3", "damage", "--at", "north-wall", "--hull", "20"}).status == 0);
  REQUIRE(on({"--seed", "4", "abatis", "build", "--section", "north-wall"}).status == 0);
  REQUIRE(on({"--seed", "5", "mine", "--section", "east-wall", "--day-results", "1:0,0:1"}).status == 0);
  REQUIRE(on({"move", "--unit", "storming-party", "--section", "north-wall"}).status == 0);
  const Run r = on({"chronicle"});
  REQUIRE(r.status == 0);
  const auto plan_at = r.out.find("<svg class=\"plan\"");
  REQUIRE(plan_at != std::string::npos);
  CHECK(plan_at < r.out.find("<table"));
  CHECK(count_of(r.out, "<svg class=\"plan\"") == 1);
  const std::string plan = svg_with(r.out, "plan-t");
  // Every section, engine, the camp and every unit by name, and each state in words.
  for (const char* id : {"north-wall", "east-wall", "gatehouse", "river-tower", "great-bombard",
                         "battery-cannon", "trebuchet", "ram", "belfry", "wall-mangonel", "tower-ballista",
                         "the camp", "garrison", "sir-aldric", "storming-party", "reserve"})
    CHECK(plan.find(std::string("font-weight=\"bold\">") + id + "</tspan>") != std::string::npos);
  CHECK(plan.find(">breached</tspan>") != std::string::npos);
  CHECK(count_of(plan, ">intact</tspan>") == 3);
  CHECK(plan.find(">abatis 1 of 3 turns built</tspan>") != std::string::npos);
  CHECK(plan.find(">mine found</tspan>") != std::string::npos);
  CHECK(plan.find(">no target</tspan>") != std::string::npos);  // the belfry
  // An arrow (its head) from each engine that has a target: four besiegers' and two defenders'.
  CHECK(count_of(plan, "<polygon") == 6);
  // Whole numbers only (no decimal point after the description): the same bytes on every machine.
  CHECK(plan.substr(plan.find("</desc>")).find('.') == std::string::npos);
  // The same facts as a list in Markdown.
  const Run md = on({"--format", "markdown", "chronicle"});
  REQUIRE(md.status == 0);
  CHECK(md.out.find("### The plan\n") < md.out.find("### Sections\n"));
  CHECK(md.out.find(
            "- north-wall: curtain-wall, breached; abatis 1 of 3 turns built. Shot at by great-bombard "
            "(besieger) and battery-cannon (besieger). At it: storming-party (besieger, 30 of 30).\n") !=
        std::string::npos);
  CHECK(md.out.find("- east-wall: curtain-wall, intact; a mine found (2 days dug).\n") != std::string::npos);
  CHECK(md.out.find("- Outside the walls: the besiegers' camp (0 of ") != std::string::npos);
  CHECK(md.out.find("belfry (siege-tower, no target)") != std::string::npos);
  CHECK(md.out.find("tower-ballista (ballista, shoots at the camp)") != std::string::npos);
}

TEST_CASE("the plan of a crowded castle grows its ring until no two counters overlap", "[cli][chronicle]") {
  // Ten sections, thirteen besieger engines, six defender engines, ten units.
  const std::vector<std::string> kinds = {"curtain-wall", "tower",       "castle-gate",  "curtain-wall",
                                          "palisade",     "tower",       "curtain-wall", "rampart",
                                          "castle-gate",  "curtain-wall"};
  json d;
  for (std::size_t i = 0; i < kinds.size(); ++i)
    d["sections"].push_back({{"id", "sec-" + std::to_string(i) + "-" + kinds[i]}, {"structure", kinds[i]}});
  for (std::size_t i = 0; i < 12; ++i)
    d["besiegers"].push_back({{"id", "gun-" + std::to_string(i)},
                              {"weapon", "cannon"},
                              {"target", d["sections"][i % kinds.size()]["id"]}});
  d["besiegers"].push_back({{"id", "tower-belfry"}, {"engine", "siege-tower"}});
  for (int i = 0; i < 5; ++i)
    d["defenders"].push_back({{"id", "def-" + std::to_string(i)},
                              {"weapon", "mangonel"},
                              {"target", "gun-" + std::to_string(2 * i)}});
  d["defenders"].push_back({{"id", "def-camp"}, {"weapon", "ballista"}, {"target", "camp"}});
  for (int i = 0; i < 10; ++i)
    d["units"].push_back({{"id", "band-" + std::to_string(i)},
                          {"side", i % 2 == 1 ? "besieger" : "defender"},
                          {"figures", 10 + i}});
  TempDir dir;
  const std::string state = dir.file("s.json");
  REQUIRE(siege::test::siege({"init", state, "--from", dir.write("d.json", d.dump())}).status == 0);
  const Run r = siege::test::siege({"--state", state, "chronicle"});
  REQUIRE(r.status == 0);
  const std::string plan = svg_with(r.out, "plan-t");
  const auto xs = numbers_of(plan, "<rect", "x"), ys = numbers_of(plan, "<rect", "y");
  const auto ws = numbers_of(plan, "<rect", "width"), hs = numbers_of(plan, "<rect", "height");
  REQUIRE(xs.size() == 13 + 6 + 1 + 10);  // the engines, the camp, the units
  REQUIRE(ys.size() == xs.size());
  for (std::size_t a = 0; a < xs.size(); ++a)
    for (std::size_t b = a + 1; b < xs.size(); ++b) {
      INFO("counters " << a << " and " << b);
      CHECK((xs[a] + ws[a] <= xs[b] || xs[b] + ws[b] <= xs[a] || ys[a] + hs[a] <= ys[b] ||
             ys[b] + hs[b] <= ys[a]));
    }
}

namespace {

// The counter (its frame: x, y, width, height) whose first line is `id`.
std::array<int, 4> counter_of(const std::string& svg, const std::string& id) {
  const auto name = svg.find("font-weight=\"bold\">" + id + "</tspan>");
  if (name == std::string::npos) return {};
  const std::string rect = svg.substr(svg.rfind("<rect", name));
  return {numbers_of(rect, "<rect", "x")[0], numbers_of(rect, "<rect", "y")[0], numbers_of(rect, "<rect", "width")[0],
          numbers_of(rect, "<rect", "height")[0]};
}

}  // namespace

TEST_CASE("the plan draws each unit at its section: a besieger before it, a defender against its inner side",
          "[cli][chronicle]") {
  // Two sections (the smallest ring) and long names: counters wider than a
  // small ring's inside is deep.
  TempDir dir;
  const std::string state = dir.file("s.json");
  REQUIRE(siege::test::siege({"init", state, "--from", "-"}, R"({"sections": [
      {"id": "quay-wall", "structure": "curtain-wall"}, {"id": "water-gate", "structure": "castle-gate"}],
    "units": [{"id": "harbour-watch-of-the-quay", "side": "defender", "figures": 40},
              {"id": "old-town-militia-company", "side": "defender", "figures": 35},
              {"id": "gate-wardens", "side": "defender", "figures": 12},
              {"id": "keep-guard", "side": "defender", "figures": 10},
              {"id": "river-raiders", "side": "besieger", "figures": 30}]})")
              .status == 0);
  const auto on = [&](std::vector<std::string> args) {
    args.insert(args.begin(), {"--state", state});
    return siege::test::siege(args);
  };
  REQUIRE(on({"move", "--unit", "harbour-watch-of-the-quay", "--section", "quay-wall"}).status == 0);
  REQUIRE(on({"move", "--unit", "old-town-militia-company", "--section", "quay-wall"}).status == 0);
  REQUIRE(on({"move", "--unit", "gate-wardens", "--section", "water-gate"}).status == 0);
  REQUIRE(on({"move", "--unit", "river-raiders", "--section", "water-gate"}).status == 0);
  const Run r = on({"chronicle"});
  REQUIRE(r.status == 0);
  const std::string plan = svg_with(r.out, "plan-t");
  // The ring: the radius of the walls' arcs, centred on 0,0.
  const auto arc = plan.find("A", plan.find("<path d=\"M"));
  const int ring = std::stoi(plan.substr(arc + 1));
  INFO("ring " << ring);
  // quay-wall's middle is at the top (-90 degrees), water-gate's at the bottom; each spans 180 degrees.
  const auto at = [&](const std::string& id) {
    const auto [x, y, w, h] = counter_of(plan, id);
    REQUIRE(w > 0);
    double nearest = 1e9, farthest = 0;
    for (const int cx : {x, x + w})
      for (const int cy : {y, y + h}) farthest = std::max(farthest, std::hypot(cx, cy));
    const double dx = std::max({0, x, -(x + w)}), dy = std::max({0, y, -(y + h)});
    nearest = std::hypot(dx, dy);
    return std::tuple{x + w / 2.0, y + h / 2.0, nearest, farthest};
  };
  constexpr int wall = 7;  // half the wall's width
  for (const std::string id : {"harbour-watch-of-the-quay", "old-town-militia-company", "gate-wardens"}) {
    const auto [cx, cy, nearest, farthest] = at(id);
    INFO(id << ": centre " << cx << "," << cy << ", nearest " << nearest << ", farthest " << farthest);
    CHECK(farthest < ring - wall);  // inside the walls
    CHECK((id == "gate-wardens" ? cy > 0 : cy < 0));  // on its own section's half
    CHECK(nearest >= (ring - 30) / 3.0);  // clear of the middle, where the units within the walls stand
  }
  // The first at a section stands against its wall, not in the middle of the ring.
  CHECK(std::get<3>(at("harbour-watch-of-the-quay")) > ring - 40);
  CHECK(std::get<3>(at("gate-wardens")) > ring - 40);
  // The second at quay-wall stands behind the first, nearer the wall than the centre.
  CHECK(std::get<1>(at("old-town-militia-company")) < -ring / 3.0);
  // The besieger before water-gate, outside it; the unit within the walls nowhere near a wall.
  const auto [bx, by, bnear, bfar] = at("river-raiders");
  CHECK(bnear > ring + wall);
  CHECK(bnear < ring + 50);
  CHECK(by > 0);
  CHECK(std::get<3>(at("keep-guard")) < ring - 30);
  // Each unit at a section is tied to its wall by a dotted line; none other is.
  CHECK(count_of(plan, "stroke-dasharray=\"2 3\"") == 4);
}

TEST_CASE("each command line of the chronicle, run by a shell, plays its log entry again", "[cli][chronicle]") {
  // Notes a shell or the parser would misread: a dash first, an option's
  // name, quotes and a dollar sign; a flag, a repeated option and a
  // positional word.
  TempDir dir;
  const std::string state = dir.file("siege.json");
  auto on = [&](std::vector<std::string> args) {
    args.insert(args.begin(), {"--state", state});
    return siege::test::siege(args);
  };
  REQUIRE(siege::test::siege({"init", state, "--from", castle_description}).status == 0);
  const std::string initial = slurp(state);
  for (const std::string text : {"-h", "--seed", "-x y", "it's $HOME \"here\"", "plain words"})
    REQUIRE(on({"note", "--", text}).status == 0);
  REQUIRE(on({"--seed", "7", "demolish", "--section", "gatehouse", "-c", "petard", "-c", "powder-keg"}).status == 0);
  REQUIRE(on({"attack", "--section", "gatehouse", "--weapon", "ram", "--successes", "9", "--indirect"}).status == 0);
  REQUIRE(on({"--seed", "8", "abatis", "build", "--section", "gatehouse"}).status == 0);
  const std::string played = slurp(state);

  const Run page = on({"--format", "markdown", "chronicle"});
  REQUIRE(page.status == 0);
  std::vector<std::string> lines;
  for (std::size_t at = page.out.find("\n`siege "); at != std::string::npos; at = page.out.find("\n`siege ", at + 1))
    lines.push_back(page.out.substr(at + 2, page.out.find("`\n", at + 2) - at - 2));
  REQUIRE(lines.size() == 8);
  CHECK(lines[0].find(" note --text -h") != std::string::npos);

  // The same lines again on a fresh copy of the siege: the same file.
  const std::string again = dir.file("again.json");
  {
    std::ofstream(again) << initial;
  }
  std::string script = "cd '" + dir.path() + "' || exit 1\n";
  for (auto line : lines) {
    line.replace(0, std::string("siege --state ").size(), SIEGE_BINARY + " --state ");
    const auto name = line.find(" siege.json ");
    REQUIRE(name != std::string::npos);
    line.replace(name, std::string(" siege.json ").size(), " again.json ");
    script += line + " >/dev/null || exit 1\n";
  }
  std::ofstream(dir.file("play.sh")) << script;
  REQUIRE(std::system(("sh " + dir.file("play.sh")).c_str()) == 0);
  CHECK(slurp(again) == played);
}
