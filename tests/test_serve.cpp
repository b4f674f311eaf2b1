// siege serve without a socket: the listening address, the Host rule, the
// routes, the views and the heads of its responses (src/front/serve.hpp).
#include <catch2/catch.hpp>

#include "error_of.hpp"
#include "front/serve.hpp"
#include "print/chronicle.hpp"

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
  CHECK(serve::view_named("players") == serve::View::players);
  CHECK(serve::view_named("referee") == serve::View::referee);
  CHECK(test::usage_error_of([] { (void)serve::view_named("gm"); }).find("players") != std::string::npos);
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
  dug.outcome = {{"section", "north-wall"}, {"detected", false}, {"fired", false}};
  seen.action = "mine";
  seen.outcome = {{"section", "gate"}, {"detected", true}};
  fired.action = "mine";
  fired.outcome = {{"section", "gate"}, {"fired", true}};
  scene.action = "scene";
  st.log = {dug, seen, fired, scene};

  CHECK(serve::hidden_from_players(dug));
  CHECK_FALSE(serve::hidden_from_players(seen));
  CHECK_FALSE(serve::hidden_from_players(fired));
  CHECK_FALSE(serve::hidden_from_players(scene));

  const SiegeState p = serve::view_of(st, serve::View::players);
  CHECK(p.now.sections[0].mine.days_dug == 0);
  CHECK_FALSE(p.now.sections[0].mine.detected);
  CHECK(p.now.sections[1].mine.days_dug == 2);
  CHECK(p.now.sections[1].mine.detected);
  REQUIRE(p.log.size() == 3);
  CHECK(p.log[0].outcome.at("section") == "gate");

  const SiegeState r = serve::view_of(st, serve::View::referee);
  CHECK(r.now.sections[0].mine.days_dug == 3);
  CHECK(r.log.size() == 4);
}

TEST_CASE("serve: the players' chronicle leaves out a hidden dig's entry and chart point, and numbers the rest 1, 2, 3",
          "[serve][R19]") {
  SiegeState st;
  LogEntry scene, dug, note;
  scene.action = "scene";
  dug.action = "mine";
  dug.outcome = {{"section", "north-wall"}, {"detected", false}, {"fired", false}};
  note.action = "note";
  st.log = {scene, dug, dug, note};  // entries 1 to 4; 2 and 3 are hidden
  for (std::size_t i = 0; i < st.log.size(); ++i) st.log[i].entry = static_cast<int>(i) + 1;
  CHECK(serve::view_of(st, serve::View::players).log.back().entry == 2);

  Chronicle c;
  for (int i = 1; i <= 4; ++i) {
    ChronicleEntry e;
    e.number = i;
    e.action = st.log[static_cast<std::size_t>(i) - 1].action;
    c.entries.push_back(e);
  }
  for (int i = 0; i <= 4; ++i) c.points.push_back({i, i == 0 ? 0 : 1, i == 1});
  c.scene_ends = {{0, 0, false}, {3, 1, false}};  // the scene ends on a hidden dig
  ChronicleSeries wall;
  wall.suffered = {0, 4, 4, 4, 6};
  c.series = {wall};
  serve::players_chronicle(c, st);

  REQUIRE(c.entries.size() == 2);
  CHECK(c.entries[0].action == "scene");
  CHECK(c.entries[0].number == 1);
  CHECK(c.entries[1].action == "note");
  CHECK(c.entries[1].number == 2);
  REQUIRE(c.points.size() == 3);
  CHECK(c.points[0].entry == 0);
  CHECK(c.points[1].entry == 1);
  CHECK(c.points[2].entry == 2);
  CHECK(c.series[0].suffered == std::vector<int>{0, 4, 6});
  REQUIRE(c.scene_ends.size() == 2);
  CHECK(c.scene_ends[1].entry == 1);  // the last entry the players see in that scene
}

TEST_CASE("serve: the CSP hashes are SHA-256 in base64", "[serve]") {
  // FIPS 180-2's examples, as base64.
  CHECK(serve::sha256_base64("abc") == "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=");
  CHECK(serve::sha256_base64("") == "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=");
  CHECK(serve::sha256_base64("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
        "JI1qYdIGOLjlwCaTDD5gOaM85Flk/yFn9uzt1BnbBsE=");
  CHECK(serve::live_script().find("</") == std::string_view::npos);  // it cannot end its element early
}

TEST_CASE("serve: every response is no-store, nosniff, never framed; a 405 says what is allowed", "[serve]") {
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
