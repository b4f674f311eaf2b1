// `siege serve FILE`: the players' screen. The parts that need no socket,
// so that the tests reach them without one: the listening
// address and the Host check, the routes, the page and the JSON of one
// reading of the file, and the heads of the responses. cmd_serve.cpp (the
// one file that includes Boost.Beast) runs them in one event loop.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "commands/context.hpp"
#include "commands/view.hpp"
#include "siege/state.hpp"

namespace siege::cli::serve {

// --listen ADDR:PORT: an IPv4 address, or an IPv6 one in brackets, and a
// port from 0 (any free port, chosen at start) to 65535.
struct Listen {
  std::string address;  // "127.0.0.1", "0.0.0.0", "::1"
  std::uint16_t port = 0;
  bool v6 = false;
};
inline constexpr std::string_view default_listen = "127.0.0.1:8080";
// Refuses (usage error naming --listen) a host name, an IPv6 address
// without brackets, a missing address or port, a bad port: each with what
// is wrong and what to write instead.
[[nodiscard]] Listen parse_listen(std::string_view text);
// The address and port as a URL's authority: "127.0.0.1:8080", "[::1]:8080".
[[nodiscard]] std::string authority(const Listen& l);
// Whether `l` listens on every address (0.0.0.0 or ::).
[[nodiscard]] bool listens_everywhere(const Listen& l);

// Whether a request's Host header names this server (`l`, with the port it
// got). The rule (docs/siege.1, README): the authority it prints, or
// localhost at that port when it listens on a loopback address; listening
// on every address, any IP address (v4, or v6 in brackets) at that port,
// since players type the address of the referee's machine, and never a
// name other than localhost: a name that is not ours (DNS rebinding) is
// refused. Case of the name and a trailing dot do not matter.
[[nodiscard]] bool host_allowed(std::string_view host, const Listen& l);

// A request's target (RFC 9112 §3.2): origin-form ("/state.json?x") is a
// path; absolute-form ("http://127.0.0.1:8080/state.json") is a path ("/"
// when it has none) and an authority, which then stands for the Host header
// (§3.2.2) and is held to the same rule. bad: an http URI with no authority
// or with user information (400). Any other target is taken as a path (it
// then matches none: 404).
enum class TargetForm { origin, absolute, bad };
struct Target {
  TargetForm form = TargetForm::origin;
  std::string_view authority;  // absolute-form only
  std::string_view path;
};
[[nodiscard]] Target split_target(std::string_view target);

// Where a request goes: the three paths (a query string is ignored), by
// GET or HEAD only.
enum class Route { page, json, events, not_found, method_not_allowed };
inline constexpr std::string_view json_path = "/state.json";
inline constexpr std::string_view events_path = "/events";
[[nodiscard]] Route route(std::string_view method, std::string_view target);

// One reading of the file as the view shows it, at one version.
struct Rendered {
  std::string page;  // the HTML page
  std::string json;  // the JSON object of json_path
  std::string csp;   // the page's Content-Security-Policy
  // Where the version's digits stand in page and json, and how many.
  std::size_t page_version_at = 0, json_version_at = 0, version_digits = 0;
};
// Whether `a` and `b` show the same: their bytes equal but for the version.
[[nodiscard]] bool same_but_version(const Rendered& a, const Rendered& b);

// The page and the JSON of `st` (the file named `name`, without its folder)
// in view `v` (commands/view.hpp: the chronicle gather_chronicle gathers in
// that view, and view_status of view_of(st, v), so that the players'
// rendering is the one of the siege less the entries hidden from them);
// `version` counts the changes served so far (the page and the event stream
// carry it); `problem`, when not empty, is why the file could
// not be read just now: it shows as a banner over the siege as last read
// (`st`), or alone when `st` is null, and as "error" in the JSON. The
// players' view says only that the file cannot be read: the reason may
// quote the file (a half-written one names a gallery not yet found), so it
// is the referee's view's alone.
[[nodiscard]] Rendered render(const SiegeState* st, Context& ctx, const std::string& name, View v,
                              std::uint64_t version, const std::string& problem);

// The SHA-256 of `bytes` in base64, as a CSP hash source takes it.
[[nodiscard]] std::string sha256_base64(std::string_view bytes);
// The one inline script of the page: it listens to the event stream and,
// on each change, fetches the page and puts its body in place.
[[nodiscard]] std::string_view live_script();

// The head of a response (status line and headers, ending in the blank
// line): `type` its Content-Type, `length` its Content-Length (nullopt for
// the event stream, which ends when the connection does), `csp` the
// page's policy ("" for the others: default-src 'none'), `allow` for a
// 405. Every response is no-store, nosniff, no referrer, never framed.
struct Head {
  int status = 200;
  std::string_view type = "text/plain; charset=utf-8";
  std::optional<std::size_t> length = std::nullopt;
  std::string_view csp = {};
  bool keep_alive = false;
};
[[nodiscard]] std::string response_head(const Head& h);
// The reason phrase of `status` ("Not Found").
[[nodiscard]] std::string_view reason(int status);
// A whole short response: `status`, its reason as the plain-text body, and
// Connection: close (or keep-alive).
[[nodiscard]] std::string error_response(int status, bool keep_alive = false);

}  // namespace siege::cli::serve
