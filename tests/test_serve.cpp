// siege serve without a socket: the listening address, the Host rule, the
// routes, the views (src/commands/view.hpp) and the heads of its responses
// (src/serve/serve.hpp).
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "commands/actions.hpp"
#include "commands/chronicle.hpp"
#include "commands/cmd_state.hpp"
#include "error_of.hpp"
#include "print/chronicle.hpp"
#include "serve/serve.hpp"
#include "support.hpp"
#include "temp_dir.hpp"

using namespace siege;
using namespace siege::cli;

TEST_CASE("serve: --listen takes an IPv4 address or a bracketed IPv6 one and a port", "[serve]") {
  const serve::Listen a = serve::parse_listen("127.0.0.1:8080");
  CHECK(a.address == "127.0.0.1");
  CHECK(a.port == 8080);
  CHECK_FALSE(a.v6);
  const serve::Listen b = serve::parse_listen("[::1]:0");
  CHECK(b.address == "::1");
  CHECK(b.port == 0);
  CHECK(b.v6);
  CHECK(serve::authority(b) == "[::1]:0");
  CHECK(serve::listens_everywhere(serve::parse_listen("0.0.0.0:80")));
  CHECK_FALSE(serve::listens_everywhere(a));
  for (const char* bad :
       {"localhost:8080", "127.0.0.1", "127.0.0.1:", "127.0.0.1:65536", "127.0.0.1:-1", "256.0.0.1:80",
        "1.2.3:80", "01.2.3.4:80", "::1:80", "[nohost]:80", "127.0.0.1:80x", ""}) {
    INFO(bad);
    CHECK_FALSE(test::usage_error_of([&] { (void)serve::parse_listen(bad); }).empty());
  }
}

TEST_CASE("serve: a refused --listen says what is wrong and what to write instead", "[serve]") {
  const auto message = [](const char* text) {
    return test::usage_error_of([&] { (void)serve::parse_listen(text); });
  };
  // {given, what the message must say}: the mistake named, the form to write.
  const std::vector<std::pair<const char*, std::vector<const char*>>> cases{
      {"::1:0", {"brackets", "write [::1]:0"}},
      {"::1", {"brackets", "write [::1]:8080"}},
      {"fe80::1", {"brackets", "write [fe80::1]:8080"}},
      {":0", {"no address before the port", "write 127.0.0.1:0", "0.0.0.0:0"}},
      {"[]:0", {"no address before the port", "write 127.0.0.1:0"}},
      {"[::1]", {"no port after [::1]", "write [::1]:8080"}},
      {"[::1]80", {"after [::1] come ':'", "write [::1]:8080"}},
      {"[::1:80", {"closing ']'", "[::1]:8080"}},
      {"[127.0.0.1]:80", {"brackets are for an IPv6 address", "write 127.0.0.1:80"}},
      {"[nohost]:80", {"'nohost' in brackets is not an IPv6 address", "[::1]:80", "127.0.0.1:80"}},
      {"localhost:8080", {"'localhost' is not an IP address", "a name", "write 127.0.0.1:8080"}},
      {"256.0.0.1:80", {"'256.0.0.1' is not an IPv4 address", "0 to 255", "write one as 127.0.0.1:80"}},
      {"127.0.0.1", {"no port", "write 127.0.0.1:8080"}},
      {"127.0.0.1:", {"no port after the ':'", "write 127.0.0.1:8080"}},
      {"[::1]:", {"no port after the ':'", "write [::1]:8080"}},
      {"127.0.0.1:65536", {"'65536' is not a port", "0 (any free one) to 65535"}},
      {"127.0.0.1:80x", {"'80x' is not a port"}},
      {"", {"expected ADDR:PORT", "127.0.0.1:8080"}},
  };
  for (const auto& [given, says] : cases) {
    const std::string m = message(given);
    INFO(given << " -> " << m);
    for (const char* part : says) CHECK(m.find(part) != std::string::npos);
    CHECK(m.find("''") == std::string::npos);  // never an empty quote
  }
  CHECK(message("::1:0").find("not an IP address") == std::string::npos);
}

TEST_CASE("serve: an absolute-form target is its path, its authority standing for Host (RFC 9112 3.2.2)",
          "[serve]") {
  using serve::TargetForm;
  const serve::Target origin = serve::split_target("/state.json?x=1");
  CHECK(origin.form == TargetForm::origin);
  CHECK(origin.path == "/state.json?x=1");
  const serve::Target abs = serve::split_target("http://127.0.0.1:8080/state.json");
  CHECK(abs.form == TargetForm::absolute);
  CHECK(abs.authority == "127.0.0.1:8080");
  CHECK(abs.path == "/state.json");
  CHECK(serve::route("GET", abs.path) == serve::Route::json);
  for (const char* no_path : {"http://127.0.0.1:8080", "HTTP://127.0.0.1:8080?x=1"}) {
    INFO(no_path);
    const serve::Target t = serve::split_target(no_path);
    CHECK(t.form == TargetForm::absolute);
    CHECK(t.authority == "127.0.0.1:8080");
    CHECK(t.path == "/");
  }
  CHECK(serve::split_target("http://[::1]:8080/events").authority == "[::1]:8080");
  CHECK(serve::split_target("http:///state.json").form == TargetForm::bad);
  CHECK(serve::split_target("http://user@127.0.0.1:8080/").form == TargetForm::bad);
  // Another scheme, or no scheme, is a path that matches none.
  CHECK(serve::split_target("https://127.0.0.1:8080/").form == TargetForm::origin);
  CHECK(serve::route("GET", serve::split_target("https://127.0.0.1:8080/").path) == serve::Route::not_found);
}

TEST_CASE("serve: the Host header must name the listening address", "[serve]") {
  const serve::Listen loop = serve::parse_listen("127.0.0.1:8080");
  CHECK(serve::host_allowed("127.0.0.1:8080", loop));
  CHECK(serve::host_allowed("localhost:8080", loop));
  CHECK(serve::host_allowed("LOCALHOST:8080", loop));
  CHECK_FALSE(serve::host_allowed("127.0.0.1:8081", loop));
  CHECK_FALSE(serve::host_allowed("127.0.0.1", loop));
  CHECK_FALSE(serve::host_allowed("evil.example:8080", loop));  // DNS rebinding
  CHECK_FALSE(serve::host_allowed("192.168.1.20:8080", loop));
  CHECK_FALSE(serve::host_allowed("", loop));

  const serve::Listen lan = serve::parse_listen("192.168.1.20:8080");
  CHECK(serve::host_allowed("192.168.1.20:8080", lan));
  CHECK_FALSE(serve::host_allowed("localhost:8080", lan));  // not a loopback address

  const serve::Listen all = serve::parse_listen("0.0.0.0:8080");
  CHECK(serve::host_allowed("192.168.1.20:8080", all));
  CHECK(serve::host_allowed("10.0.0.7:8080", all));
  CHECK(serve::host_allowed("[fe80::1]:8080", all));
  CHECK(serve::host_allowed("localhost:8080", all));
  CHECK_FALSE(serve::host_allowed("castle.local:8080", all));
  CHECK_FALSE(serve::host_allowed("evil.example:8080", all));
  CHECK_FALSE(serve::host_allowed("192.168.1.20:9090", all));
  CHECK_FALSE(serve::host_allowed("192.168.1.300:8080", all));

  const serve::Listen v6 = serve::parse_listen("[::1]:8080");
  CHECK(serve::host_allowed("[::1]:8080", v6));
  CHECK(serve::host_allowed("localhost:8080", v6));
  CHECK_FALSE(serve::host_allowed("::1:8080", v6));
}

TEST_CASE("serve: three paths by GET or HEAD, nothing else", "[serve]") {
  using serve::Route;
  CHECK(serve::route("GET", "/") == Route::page);
  CHECK(serve::route("HEAD", "/") == Route::page);
  CHECK(serve::route("GET", "/?x=1") == Route::page);
  CHECK(serve::route("GET", "/state.json") == Route::json);
  CHECK(serve::route("GET", "/events") == Route::events);
  CHECK(serve::route("POST", "/") == Route::method_not_allowed);
  CHECK(serve::route("PUT", "/state.json") == Route::method_not_allowed);
  CHECK(serve::route("OPTIONS", "/events") == Route::method_not_allowed);
  for (const char* path : {"/index.html", "/../siege.json", "/%2e%2e/etc/passwd", "//", "/state.json/",
                           "/events/x", "", "*", "http://127.0.0.1:8080/", "/STATE.JSON"}) {
    INFO(path);
    CHECK(serve::route("GET", path) == Route::not_found);
  }
  CHECK(serve::route("POST", "/../x") == Route::not_found);
}

TEST_CASE("serve: --view is players or referee", "[serve]") {
  CHECK(view_named("players") == View::players);
  CHECK(view_named("referee") == View::referee);
  CHECK(test::usage_error_of([] { (void)view_named("gm"); }).find("players") != std::string::npos);
}

TEST_CASE("serve: the players' view forgets a gallery not yet found and its entries, the referee's keeps all",
          "[serve][R19]") {
  SiegeState st;
  SectionState hidden, found;
  hidden.id = "north-wall";
  hidden.mine = {3, false};
  found.id = "gate";
  found.mine = {2, true};
  st.now.sections = {hidden, found};
  st.initial.sections = st.now.sections;
  LogEntry dug, seen, fired, scene;
  dug.action = "mine";
  dug.outcome = RawJson(nlohmann::json{{"section", "north-wall"}, {"detected", false}, {"fired", false}});
  seen.action = "mine";
  seen.outcome = RawJson(nlohmann::json{{"section", "gate"}, {"detected", true}});
  fired.action = "mine";
  fired.outcome = RawJson(nlohmann::json{{"section", "gate"}, {"fired", true}});
  scene.action = "scene";
  st.log = {dug, seen, fired, scene};
  for (std::size_t i = 0; i < st.log.size(); ++i) st.log.edit(i).entry = static_cast<int>(i) + 1;

  CHECK(hidden_from_players(dug));
  CHECK_FALSE(hidden_from_players(seen));
  CHECK_FALSE(hidden_from_players(fired));
  CHECK_FALSE(hidden_from_players(scene));

  const SiegeState p = view_of(st, View::players);
  CHECK(p.now.sections[0].mine.days_dug == 0);
  CHECK_FALSE(p.now.sections[0].mine.detected);
  CHECK(p.now.sections[1].mine.days_dug == 2);
  CHECK(p.now.sections[1].mine.detected);
  REQUIRE(p.log.size() == 3);
  CHECK(p.log[0].outcome.json().at("section") == "gate");
  CHECK(p.log[0].entry == 1);  // numbered as the players' log: no gap counts the dig
  CHECK(p.log[2].entry == 3);

  const SiegeState r = view_of(st, View::referee);
  CHECK(r.now.sections[0].mine.days_dug == 3);
  CHECK(r.log.size() == 4);
}

namespace {

// Batch lines, each seeded: a scene, a dig under east-wall that the sappers
// win (R19: unseen, so hidden from the players), a note.
std::string scene_line(int seed) { return R"({"action":"scene","seed":)" + std::to_string(seed) + "}\n"; }
std::string dig_line() {
  return R"({"action":"mine","section":"east-wall","day-results":"3:0","seed":21})"
         "\n";
}
std::string note_line(int k) {
  return R"({"action":"note","text":"note )" + std::to_string(k) + R"(","seed":)" + std::to_string(k) + "}\n";
}

// The example castle (a week a scene) with `lines` played on it by batch
// through the binary, in a file `name` of `dir`.
SiegeState castle_played(const test::TempDir& dir, const std::string& name, const std::string& lines,
                         Context& ctx) {
  const std::string state = dir.file(name);
  REQUIRE(test::siege({"init", state, "--from", SIEGE_SOURCE_DIR + "/examples/castle-siege.json"}).status ==
          0);
  const test::Run r = test::siege({"--state", state, "batch"}, lines);
  INFO(r.err);
  REQUIRE(r.status == 0);
  return load_state_text(test::slurp(state), state, ctx.tables());
}

}  // namespace

TEST_CASE(
    "serve: the players' chronicle is gathered from their own entries: a hidden dig has no entry, "
    "no number and no chart point, and the page is the one of the siege without it",
    "[serve][R19]") {
  const test::TempDir dir;
  Context ctx;
  const SiegeState dug = castle_played(
      dir, "dug.json",
      scene_line(11) + dig_line() + note_line(1) + scene_line(12) + dig_line() + note_line(2), ctx);
  const SiegeState plain =
      castle_played(dir, "plain.json", scene_line(11) + note_line(1) + scene_line(12) + note_line(2), ctx);
  REQUIRE(dug.log.size() == 6);
  REQUIRE(hidden_from_players(dug.log[1]));

  const Chronicle c = gather_chronicle(dug, ctx, "siege.json", evening_scenes, View::players);
  REQUIRE(c.entries.size() == 4);
  CHECK(c.entries[1].action == "note");
  CHECK(c.entries[1].number == 2);
  CHECK(c.entries[3].number == 4);
  REQUIRE(c.points.size() == 5);
  for (std::size_t k = 0; k < c.points.size(); ++k) CHECK(c.points[k].entry == static_cast<int>(k));
  REQUIRE(c.scene_ends.size() == 3);
  CHECK(c.scene_ends[1].entry == 2);  // scene 1 ends on the players' entry 2, the note
  CHECK(c.state->log.size() == 4);
  CHECK(c.outlook_hidden);
  CHECK_FALSE(c.outlook);
  for (const auto& x : c.state->now.sections) CHECK(x.mine.days_dug == 0);

  const Chronicle same = gather_chronicle(plain, ctx, "siege.json", evening_scenes, View::players);
  CHECK(chronicle_html(c) == chronicle_html(same));
  CHECK(chronicle_markdown(c) == chronicle_markdown(same));

  const Chronicle whole = gather_chronicle(dug, ctx, "siege.json", evening_scenes, View::referee);
  CHECK(whole.entries.size() == 6);
  CHECK(whole.points.size() == 7);
  CHECK(whole.state->now.find_section("east-wall")->mine.days_dug == 2);
  CHECK(chronicle_html(whole) != chronicle_html(c));
}

TEST_CASE(
    "serve: a dig hidden as the log's 240th entry is no change to the players' page, JSON or version, "
    "nor is a scene after it (issue 41: the chart was thinned over entries they do not see)",
    "[serve][R19]") {
  static_assert(max_chart_points == 240, "the log's length below stands at the chart's points");
  const test::TempDir dir;
  Context ctx;
  std::string notes;
  for (int k = 1; k <= 238; ++k) notes += note_line(k);
  const std::string before = scene_line(11) + notes;  // 239 entries
  const SiegeState plain = castle_played(dir, "plain.json", before, ctx);
  const SiegeState dug = castle_played(dir, "dug.json", before + dig_line(), ctx);
  const SiegeState plain_on = castle_played(dir, "plain-on.json", before + scene_line(12), ctx);
  const SiegeState dug_on = castle_played(dir, "dug-on.json", before + dig_line() + scene_line(12), ctx);
  REQUIRE(dug.log.size() == 240);
  REQUIRE(hidden_from_players(dug.log.back()));

  const auto players = [&](const SiegeState& st, std::uint64_t version) {
    return serve::render(&st, ctx, "siege.json", View::players, version, "");
  };
  // As the server reads the file: the dig renders the bytes it already
  // serves, so no new version; the scene then renders what it does without the dig.
  const serve::Rendered shown = players(plain, 0);
  CHECK(serve::same_but_version(players(dug, 1), shown));
  CHECK(players(dug, 0).page == shown.page);
  CHECK(players(dug, 0).json == shown.json);
  CHECK(players(dug_on, 1).page == players(plain_on, 1).page);
  CHECK(players(dug_on, 1).json == players(plain_on, 1).json);
  CHECK(shown.page.find("Nothing has happened yet") == std::string::npos);
  // The referee's view shows the dig.
  CHECK_FALSE(serve::same_but_version(serve::render(&dug, ctx, "siege.json", View::referee, 1, ""),
                                      serve::render(&plain, ctx, "siege.json", View::referee, 0, "")));
}

namespace {

SiegeState castle() {
  return read_description(test::slurp(SIEGE_SOURCE_DIR + "/examples/castle-siege.json"),
                          {"castle.json", ErrorKind::usage}, test::tables());
}

}  // namespace

TEST_CASE(
    "serve: the players' banner for a file that cannot be read quotes none of it, the referee's, escaped",
    "[serve][R19]") {
  Context ctx;
  const SiegeState st = castle();
  // A half-written file: the reader's message quotes what it last read.
  const std::string problem =
      "kestrel.json:1:40: missing closing quote; last read: '\"secret-tunnel-q7 <b>\"&'";
  for (const SiegeState* shown : {&st, static_cast<const SiegeState*>(nullptr)}) {
    INFO((shown == nullptr ? "no siege" : "the siege as last read"));
    const serve::Rendered p = serve::render(shown, ctx, "kestrel.json", View::players, 4, problem);
    CHECK(p.page.find("class=\"problem\"") != std::string::npos);
    CHECK(p.page.find("secret-tunnel") == std::string::npos);
    CHECK(p.page.find("last read:") == std::string::npos);  // the reason's quote, not "as it last read"
    CHECK(p.json.find("secret-tunnel") == std::string::npos);
    const auto pj = nlohmann::json::parse(p.json);
    CHECK(pj.at("error").at("message").get<std::string>().find("cannot be") != std::string::npos);
    CHECK(pj.at("version") == 4);

    const serve::Rendered r = serve::render(shown, ctx, "kestrel.json", View::referee, 4, problem);
    CHECK(r.page.find("secret-tunnel-q7 &lt;b&gt;&quot;&amp;") != std::string::npos);
    CHECK(r.page.find("<b>") == std::string::npos);
    CHECK(nlohmann::json::parse(r.json).at("error").at("message") == problem);
  }
  // A name is escaped in the page as any text is.
  const serve::Rendered named = serve::render(nullptr, ctx, "<i>\"x\".json", View::players, 1, "gone");
  CHECK(named.page.find("<i>") == std::string::npos);
  CHECK(named.page.find("&lt;i&gt;&quot;x&quot;.json") != std::string::npos);
}

TEST_CASE("serve: two renderings that differ only in their versions are the same, any other change is not",
          "[serve]") {
  Context ctx;
  const SiegeState st = castle();
  const serve::Rendered a = serve::render(&st, ctx, "kestrel.json", View::players, 9, "");
  const serve::Rendered b = serve::render(&st, ctx, "kestrel.json", View::players, 10, "");
  CHECK(a.page != b.page);
  CHECK(a.page.find("data-version=\"9\"") != std::string::npos);
  CHECK(b.page.find("data-version=\"10\"") != std::string::npos);
  CHECK(nlohmann::json::parse(b.json).at("version") == 10);
  CHECK(b.json.substr(b.json_version_at, 2) == "10");
  CHECK(b.page.substr(b.page_version_at, 3) == "10\"");
  CHECK(serve::same_but_version(a, b));
  CHECK(serve::same_but_version(b, a));
  // The JSON as it always was: the view, the version and the error last.
  const std::string tail = R"(,"view":"players","version":10,"error":null})"
                           "\n";
  CHECK(b.json.substr(b.json.size() - tail.size()) == tail);

  SiegeState changed = st;
  changed.now.sections[0].hull_suffered += 1;
  CHECK_FALSE(
      serve::same_but_version(b, serve::render(&changed, ctx, "kestrel.json", View::players, 11, "")));
  CHECK_FALSE(
      serve::same_but_version(b, serve::render(&st, ctx, "kestrel.json", View::players, 11, "a reason")));
  // The players are not told why the file cannot be read: two reasons, one page.
  CHECK(serve::same_but_version(serve::render(&st, ctx, "kestrel.json", View::players, 11, "one reason"),
                                serve::render(&st, ctx, "kestrel.json", View::players, 12, "another")));
  CHECK_FALSE(
      serve::same_but_version(serve::render(&st, ctx, "kestrel.json", View::referee, 11, "one reason"),
                              serve::render(&st, ctx, "kestrel.json", View::referee, 12, "another")));
}

TEST_CASE("serve: the CSP hashes are SHA-256 in base64", "[serve]") {
  // FIPS 180-2's examples, as base64.
  CHECK(serve::sha256_base64("abc") == "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=");
  CHECK(serve::sha256_base64("") == "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=");
  CHECK(serve::sha256_base64("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
        "JI1qYdIGOLjlwCaTDD5gOaM85Flk/yFn9uzt1BnbBsE=");
  CHECK(serve::live_script().find("</") == std::string_view::npos);  // it cannot end its element early
}

TEST_CASE("serve: every response is no-store, nosniff, never framed, a 405 says what is allowed", "[serve]") {
  const std::string r = serve::error_response(405);
  CHECK(r.rfind("HTTP/1.1 405 Method Not Allowed\r\n", 0) == 0);
  CHECK(r.find("\r\nAllow: GET, HEAD\r\n") != std::string::npos);
  CHECK(r.find("\r\nX-Content-Type-Options: nosniff\r\n") != std::string::npos);
  CHECK(r.find("\r\nCache-Control: no-store\r\n") != std::string::npos);
  CHECK(r.find("frame-ancestors 'none'") != std::string::npos);
  CHECK(r.find("\r\nConnection: close\r\n\r\n405 Method Not Allowed\n") != std::string::npos);
  CHECK(r.find("Content-Length: 23\r\n") != std::string::npos);
  const std::string page = serve::response_head({.status = 200,
                                                 .type = "text/html",
                                                 .length = 5,
                                                 .csp = "default-src 'none'; script-src 'sha256-x'",
                                                 .keep_alive = true});
  CHECK(page.find("Content-Security-Policy: default-src 'none'; script-src 'sha256-x'\r\n") !=
        std::string::npos);
  CHECK(page.find("Connection: keep-alive\r\n\r\n") != std::string::npos);
  CHECK(serve::response_head({.status = 200, .type = "text/event-stream"}).find("Content-Length") ==
        std::string::npos);
}
