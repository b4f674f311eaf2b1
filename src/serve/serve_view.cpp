// `siege serve`: the Host check, the routes, the page and the JSON of one
// reading in a view (commands/view.hpp), the heads of the responses
// (serve.hpp). No socket.
#include <arpa/inet.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstring>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "commands/chronicle.hpp"
#include "serve/serve.hpp"

namespace siege::cli::serve {

// ------------------------------------------------------------ addresses

namespace {

// Whether `text` is a dotted IPv4 address: four numbers 0-255, no leading 0.
bool ipv4(std::string_view text) {
  int parts = 0;
  while (true) {
    std::size_t n = 0;
    while (n < text.size() && n < 4 && std::isdigit(static_cast<unsigned char>(text[n])) != 0) ++n;
    if (n == 0 || n > 3 || (n > 1 && text[0] == '0')) return false;
    if (std::stoi(std::string(text.substr(0, n))) > 255) return false;
    ++parts;
    text.remove_prefix(n);
    if (text.empty()) return parts == 4;
    if (text[0] != '.' || parts == 4) return false;
    text.remove_prefix(1);
  }
}

// Whether `text` (without brackets) looks like an IPv6 address: hex digits,
// colons and dots only, at least two colons. (The listener's own parser has
// the last word on --listen; for a Host header this is enough: no name of
// DNS is made of these.)
bool ipv6(std::string_view text) {
  if (text.size() < 2 || text.size() > 45) return false;
  const auto colons = std::count(text.begin(), text.end(), ':');
  return colons >= 2 && std::all_of(text.begin(), text.end(), [](char c) {
           return std::isxdigit(static_cast<unsigned char>(c)) != 0 || c == ':' || c == '.';
         });
}

// Whether `text` (without brackets) is an IPv6 address, as the system reads
// one: what --listen takes in brackets.
bool ipv6_exact(std::string_view text) {
  in6_addr a{};
  return ipv6(text) && ::inet_pton(AF_INET6, std::string(text).c_str(), &a) == 1;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (auto& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

Listen parse_listen(std::string_view text) {
  const auto bad = [&](const std::string& why) -> Listen {
    fail_input("bad-listen", "listen", std::string(text), why);
  };
  std::string_view addr, port;
  bool bracketed = false;
  if (!text.empty() && text.front() == '[') {
    const auto close = text.find(']');
    if (close == std::string_view::npos)
      return bad("an IPv6 address in brackets needs its closing ']': write [ADDR]:PORT, as [::1]:8080");
    const std::string_view whole = text.substr(0, close + 1), rest = text.substr(close + 1);
    if (rest.empty())
      return bad(fmt::format("no port after {}: write {}:8080 (port 0: any free one)", whole, whole));
    if (rest.front() != ':')
      return bad(fmt::format("after {} come ':' and the port: write {}:8080", whole, whole));
    addr = text.substr(1, close - 1);
    port = rest.substr(1);
    bracketed = true;
  } else {
    const auto colon = text.rfind(':');
    if (colon == std::string_view::npos)
      return bad(ipv4(text)
                     ? fmt::format("no port: write {}:8080 (port 0: any free one)", text)
                     : "expected ADDR:PORT, an IP address and a port: 127.0.0.1:8080 (this machine only), "
                       "0.0.0.0:8080 (every address) or [::1]:8080");
    addr = text.substr(0, colon);
    port = text.substr(colon + 1);
  }
  const bool port_ok = !port.empty() && port.size() <= 5 &&
                       std::all_of(port.begin(), port.end(), [](char c) { return c >= '0' && c <= '9'; }) &&
                       std::stol(std::string(port)) <= 65535;
  // The port the suggestions write: the one given when it is one.
  const std::string_view p = port_ok ? port : "8080";
  if (!bracketed && addr.find(':') != std::string_view::npos) {  // IPv6 without its brackets
    if (ipv6_exact(addr))
      return bad(
          fmt::format("an IPv6 address goes in brackets, the port after them: write [{}]:{}", addr, p));
    return bad(
        ipv6_exact(text)
            ? fmt::format("an IPv6 address goes in brackets, the port after them: write [{}]:8080", text)
            : "'" + std::string(addr) +
                  "' is not an IP address: an IPv6 address goes in brackets, as [::1]:8080");
  }
  if (addr.empty())
    return bad(
        fmt::format("no address before the port: write 127.0.0.1:{0} (this machine only), 0.0.0.0:{0} "
                    "(every address) or [::1]:{0}",
                    p));
  if (bracketed && ipv4(addr))
    return bad(fmt::format("brackets are for an IPv6 address: write {}:{}", addr, p));
  if (bracketed && !ipv6_exact(addr))
    return bad(
        fmt::format("'{}' in brackets is not an IPv6 address: write one as [::1]:{}, or an IPv4 address "
                    "without brackets, as 127.0.0.1:{}",
                    addr, p, p));
  if (!bracketed && !ipv4(addr)) {
    const bool dotted =
        std::all_of(addr.begin(), addr.end(), [](char c) { return c == '.' || (c >= '0' && c <= '9'); });
    return bad(
        dotted ? fmt::format("'{}' is not an IPv4 address (four numbers from 0 to 255, no leading zeros): "
                             "write one as 127.0.0.1:{}",
                             addr, p)
               : fmt::format("'{0}' is not an IP address (a name is not taken): write 127.0.0.1:{1} (this "
                             "machine only), 0.0.0.0:{1} (every address, for players' phones) or [::1]:{1}",
                             addr, p));
  }
  if (port.empty())
    return bad(fmt::format("no port after the ':': write {}{}{}:8080 (port 0: any free one)",
                           bracketed ? "[" : "", addr, bracketed ? "]" : ""));
  if (!port_ok)
    return bad(
        fmt::format("'{}' is not a port: a port is a whole number from 0 (any free one) to 65535", port));
  Listen l;
  l.v6 = bracketed;
  l.address = lower(addr);
  l.port = static_cast<std::uint16_t>(std::stol(std::string(port)));
  return l;
}

std::string authority(const Listen& l) {
  return l.v6 ? fmt::format("[{}]:{}", l.address, l.port) : fmt::format("{}:{}", l.address, l.port);
}

bool listens_everywhere(const Listen& l) { return l.address == "0.0.0.0" || l.address == "::"; }

bool host_allowed(std::string_view host, const Listen& l) {
  std::string h = lower(host);
  if (h == authority(l)) return true;  // its address is kept in lower case
  const std::string port = fmt::format(":{}", l.port);
  if (h.size() <= port.size() || h.compare(h.size() - port.size(), port.size(), port) != 0) return false;
  h.resize(h.size() - port.size());
  if (!h.empty() && h.back() == '.') h.pop_back();
  const bool loopback = l.address.rfind("127.", 0) == 0 || l.address == "::1";
  if (h == "localhost") return loopback || listens_everywhere(l);
  if (!listens_everywhere(l)) return false;
  if (h.size() > 2 && h.front() == '[' && h.back() == ']')
    return ipv6(std::string_view(h).substr(1, h.size() - 2));
  return ipv4(h);
}

Target split_target(std::string_view target) {
  constexpr std::string_view scheme = "http://";
  if (target.size() < scheme.size() || lower(target.substr(0, scheme.size())) != scheme)
    return {.form = TargetForm::origin, .authority = {}, .path = target};
  const std::string_view rest = target.substr(scheme.size());
  const auto end = std::min(rest.find('/'), rest.find('?'));
  const std::string_view authority = rest.substr(0, end);
  if (authority.empty() || authority.find('@') != std::string_view::npos) return {.form = TargetForm::bad, .authority = {}, .path = {}};
  // An empty path is "/" (RFC 9110 §4.2.3); a query alone is the query of "/", which route ignores.
  const std::string_view path = end == std::string_view::npos || rest[end] == '?' ? "/" : rest.substr(end);
  return {.form = TargetForm::absolute, .authority = authority, .path = path};
}

Route route(std::string_view method, std::string_view target) {
  target = target.substr(0, target.find('?'));
  const bool known = target == "/" || target == json_path || target == events_path;
  if (!known) return Route::not_found;
  if (method != "GET" && method != "HEAD") return Route::method_not_allowed;
  if (target == "/") return Route::page;
  return target == json_path ? Route::json : Route::events;
}

// ------------------------------------------------------------ the page

namespace {

// How the banner looks: the chronicle's own sheet has no such block.
constexpr std::string_view live_css =
    "\n.live{border:2px solid #1f5f8b;border-radius:4px;padding:.3rem .7rem;margin:.5rem 0 1rem;"
    "font-size:.9rem}\n.live p{margin:.2rem 0}\n.live .problem{color:#a11;font-weight:bold}\n";

// With scripts off, the page reloads itself this often (seconds).
constexpr int refresh_seconds = 5;

constexpr std::string_view script_text = R"js(
document.addEventListener("DOMContentLoaded", function () {
  "use strict";
  var wanted = null, busy = false;
  function shown() {
    var live = document.getElementById("live");
    return live ? live.getAttribute("data-version") : "";
  }
  function load() {
    busy = true;
    fetch("/", {cache: "no-store", credentials: "omit"}).then(function (r) {
      if (!r.ok) throw new Error("HTTP " + r.status);
      return r.text();
    }).then(function (text) {
      var page = new DOMParser().parseFromString(text, "text/html");
      document.title = page.title;
      document.body.replaceWith(document.importNode(page.body, true));
    }).catch(function () {}).then(function () {
      busy = false;
      if (wanted !== null && wanted !== shown()) setTimeout(load, 500);
    });
  }
  if (!window.EventSource || !window.fetch || !window.DOMParser) {
    setTimeout(function () { location.reload(); }, REFRESH000);
    return;
  }
  new EventSource("/events").onmessage = function (e) {
    wanted = e.data;
    if (!busy && wanted !== shown()) load();
  };
});
)js";

// The contents of every <style> element of `page`.
std::vector<std::string_view> styles_of(std::string_view page) {
  std::vector<std::string_view> out;
  for (std::size_t at = page.find("<style>"); at != std::string_view::npos; at = page.find("<style>", at)) {
    at += 7;
    const std::size_t end = page.find("</style>", at);
    if (end == std::string_view::npos) break;
    out.push_back(page.substr(at, end - at));
  }
  return out;
}

}  // namespace

std::string_view live_script() {
  static const std::string script = [] {
    std::string s(script_text);
    const auto at = s.find("REFRESH000");
    s.replace(at, 10, std::to_string(refresh_seconds * 1000));
    return s;
  }();
  return script;
}

Rendered render(const SiegeState* st, Context& ctx, const std::string& name, View v, std::uint64_t version,
                const std::string& problem) {
  Rendered out;
  const std::string view_words = v == View::players
                                     ? "the players' view (no gallery not yet found, no outlook)"
                                     : "the referee's view (the whole chronicle)";
  // The players' view says no more than that the file cannot be read: the
  // reason may quote it (a half-written file, a gallery not yet found).
  std::string message = problem, said;
  if (!problem.empty() && v == View::players)
    message = st == nullptr ? "the siege cannot be shown just now" : "the file cannot be read just now";
  if (!problem.empty())
    said = st == nullptr ? (v == View::players ? "The siege cannot be shown just now."
                                               : "The siege cannot be shown: " + problem)
                         : "The file cannot be read just now (the siege below is as it last read)" +
                               (v == View::players ? "." : ": " + problem);
  std::string banner =
      fmt::format("<div id=\"live\" class=\"live\" data-version=\"{}\" role=\"status\"><p>", version);
  banner += html_escape(
      fmt::format("Live from {}: {}. The page follows the file as it changes.", name, view_words));
  banner += "</p>";
  if (!said.empty()) banner += "<p class=\"problem\">" + html_escape(said) + "</p>";
  banner += "</div>\n";
  const std::string head = fmt::format(
      "<style>{}</style>\n<noscript><meta http-equiv=\"refresh\" content=\"{}\">"
      "</noscript>\n<script>{}</script>\n",
      live_css, refresh_seconds, live_script());
  const std::string footer =
      "Shown by siege serve from the state file and its log alone, as " + std::string(name_of(v)) +
      " see it. One inline script (it fetches this page again when the file changes), nothing else fetched.";

  nlohmann::ordered_json j;
  if (st != nullptr) {
    Chronicle c = gather_chronicle(*st, ctx, name, evening_scenes, v);
    c.live_head = head;
    c.live_banner = banner;
    c.live_footer = html_escape(footer);
    out.page = chronicle_html(c);
    j = view_status(*c.state, ctx.tables(), name, v);
  } else {
    out.page =
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" "
        "content=\"width=device-width, initial-scale=1\">\n<title>" +
        html_escape(name) + ": siege serve</title>\n" + head + "</head>\n<body>\n" + banner + "<footer><p>" +
        html_escape(footer) + "</p></footer>\n</body>\n</html>\n";
    j["schema"] = schema_version;
    j["action"] = "status";
    j["file"] = name;
  }
  j["view"] = name_of(v);
  // The version and the error last (no other key has their names), so that
  // where the version stands is known.
  out.json = j.dump();
  out.json.pop_back();  // its closing brace
  out.version_digits = std::to_string(version).size();
  out.json += ",\"version\":";
  out.json_version_at = out.json.size();
  nlohmann::ordered_json error = nullptr;
  if (!message.empty()) error = {{"message", message}};
  out.json += fmt::format("{},\"error\":{}}}\n", version,
                          error.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace));
  // The banner's is the page's first: no escaped text holds a '"'.
  out.page_version_at = out.page.find("data-version=\"") + 14;

  std::string styles;
  for (const auto s : styles_of(out.page)) styles += " 'sha256-" + sha256_base64(s) + "'";
  out.csp = "default-src 'none'; script-src 'sha256-" + sha256_base64(live_script()) + "'; style-src" +
            styles + "; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
  return out;
}

bool same_but_version(const Rendered& a, const Rendered& b) {
  const auto same = [](std::string_view x, std::size_t x_at, std::size_t x_digits, std::string_view y,
                       std::size_t y_at, std::size_t y_digits) {
    return x.substr(0, x_at) == y.substr(0, y_at) && x.substr(x_at + x_digits) == y.substr(y_at + y_digits);
  };
  return same(a.page, a.page_version_at, a.version_digits, b.page, b.page_version_at, b.version_digits) &&
         same(a.json, a.json_version_at, a.version_digits, b.json, b.json_version_at, b.version_digits) &&
         a.csp == b.csp;
}

// ------------------------------------------------------------ SHA-256

std::string sha256_base64(std::string_view bytes) {
  static constexpr std::array<std::uint32_t, 64> k{
      0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
      0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
      0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
      0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
      0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
      0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
      0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
      0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};
  std::array<std::uint32_t, 8> h{0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  std::string m(bytes);
  const std::uint64_t bits = static_cast<std::uint64_t>(bytes.size()) * 8;
  m += static_cast<char>(0x80);
  while (m.size() % 64 != 56) m += '\0';
  for (int i = 7; i >= 0; --i) m += static_cast<char>((bits >> (i * 8)) & 0xff);
  const auto rotr = [](std::uint32_t x, int n) { return (x >> n) | (x << (32 - n)); };
  for (std::size_t at = 0; at < m.size(); at += 64) {
    std::array<std::uint32_t, 64> w{};
    for (int i = 0; i < 16; ++i)
      for (int b = 0; b < 4; ++b)
        w[i] = (w[i] << 8) | static_cast<unsigned char>(m[at + static_cast<std::size_t>(i * 4 + b)]);
    for (int i = 16; i < 64; ++i) {
      const std::uint32_t s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3);
      const std::uint32_t s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10);
      w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    auto a = h;
    for (int i = 0; i < 64; ++i) {
      const std::uint32_t s1 = rotr(a[4], 6) ^ rotr(a[4], 11) ^ rotr(a[4], 25);
      const std::uint32_t ch = (a[4] & a[5]) ^ (~a[4] & a[6]);
      const std::uint32_t t1 = a[7] + s1 + ch + k[i] + w[i];
      const std::uint32_t s0 = rotr(a[0], 2) ^ rotr(a[0], 13) ^ rotr(a[0], 22);
      const std::uint32_t maj = (a[0] & a[1]) ^ (a[0] & a[2]) ^ (a[1] & a[2]);
      const std::uint32_t t2 = s0 + maj;
      a = {t1 + t2, a[0], a[1], a[2], a[3] + t1, a[4], a[5], a[6]};
    }
    for (int i = 0; i < 8; ++i) h[i] += a[i];
  }
  std::string digest;
  for (const auto x : h)
    for (int i = 3; i >= 0; --i) digest += static_cast<char>((x >> (i * 8)) & 0xff);
  static constexpr std::string_view alphabet =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  for (std::size_t i = 0; i < digest.size(); i += 3) {
    std::uint32_t n = static_cast<unsigned char>(digest[i]) << 16;
    if (i + 1 < digest.size()) n |= static_cast<unsigned char>(digest[i + 1]) << 8;
    if (i + 2 < digest.size()) n |= static_cast<unsigned char>(digest[i + 2]);
    out += alphabet[(n >> 18) & 63];
    out += alphabet[(n >> 12) & 63];
    out += i + 1 < digest.size() ? alphabet[(n >> 6) & 63] : '=';
    out += i + 2 < digest.size() ? alphabet[n & 63] : '=';
  }
  return out;
}

// ------------------------------------------------------------ responses

std::string_view reason(int status) {
  switch (status) {
    case 200:
      return "OK";
    case 400:
      return "Bad Request";
    case 404:
      return "Not Found";
    case 405:
      return "Method Not Allowed";
    case 408:
      return "Request Timeout";
    case 413:
      return "Content Too Large";
    case 421:
      return "Misdirected Request";
    case 431:
      return "Request Header Fields Too Large";
    case 503:
      return "Service Unavailable";
    default:
      return "Error";
  }
}

std::string response_head(const Head& h) {
  std::string out = fmt::format("HTTP/1.1 {} {}\r\nContent-Type: {}\r\n", h.status, reason(h.status), h.type);
  if (h.length) out += fmt::format("Content-Length: {}\r\n", *h.length);
  out += fmt::format("Content-Security-Policy: {}\r\n",
                     h.csp.empty() ? std::string_view("default-src 'none'; frame-ancestors 'none'") : h.csp);
  out +=
      "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nReferrer-Policy: no-referrer\r\n"
      "X-Frame-Options: DENY\r\nCross-Origin-Resource-Policy: same-origin\r\n";
  if (h.status == 405) out += "Allow: GET, HEAD\r\n";
  if (h.status == 503) out += "Retry-After: 5\r\n";
  out += h.keep_alive ? "Connection: keep-alive\r\n\r\n" : "Connection: close\r\n\r\n";
  return out;
}

std::string error_response(int status, bool keep_alive) {
  const std::string body = fmt::format("{} {}\n", status, reason(status));
  return response_head({.status = status, .length = body.size(), .keep_alive = keep_alive}) + body;
}

}  // namespace siege::cli::serve
