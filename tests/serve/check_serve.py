#!/usr/bin/env python3
"""`siege serve` against what a hostile or careless client sends, on
loopback: path traversal, a huge head, a client that sends its head a byte
at a time, POST, PUT and DELETE with and without a body (405, and a body
of 100 MB declared is never read), a foreign Host, two Host headers, the
257th connection; every one gets its error and the server goes on serving. An absolute-form
target is served (its authority held to the Host rule), Connection: close
is answered so and closes. Then the views, the event stream, a damaged, a
half-written and a missing file (a banner, never a crash, and on the
players' view never the reason), the errors at start, and SIGINT and
SIGTERM (exit 0).

    check_serve.py SIEGE SOURCE_DIR

About 16 s: the slow client is held to the 10 s a request's head may take,
and runs beside the rest."""
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_lib import Server, Siege, finish, get, optional_module, read_response, request, wait_until  # noqa: E402

siege = Siege(sys.argv[1], sys.argv[2])
problems = []
jsonschema = optional_module("jsonschema", "the JSON is not checked against its schema")
html5lib = optional_module("html5lib", "the page is not parsed as strict HTML5")
schema = json.load(open(os.path.join(sys.argv[2], "docs", "schema", "outcome.schema.json")))


def strict_html(page, what):
    """The page with html5lib's strict parser: any parse error fails."""
    if html5lib is None:
        return
    try:
        html5lib.HTMLParser(strict=True, namespaceHTMLElements=True).parse(page)
    except Exception as e:  # html5lib raises ParseError, a plain Exception
        problems.append(f"{what} is not strict HTML5: {e}")


def valid(doc, what):
    """The JSON of /state.json against docs/schema/outcome.schema.json."""
    if jsonschema is None:
        return
    errors = list(jsonschema.validators.validator_for(schema)(schema).iter_errors(doc))
    check(not errors, f"{what} does not match the schema: {errors[:1]}")


def check(ok, what):
    if not ok:
        problems.append(what)
    return ok


def serving(server):
    status, _, body = get(server, "/state.json")
    return status == 200 and json.loads(body)["view"] in ("players", "referee")


def slow_client(server, out):
    """Sends a request's head one byte every 0.4 s: the server must close it
    within its 10 s limit, having served nothing to it."""
    raw = f"GET / HTTP/1.1\r\nHost: {server.host}\r\nX-Pad: {'a' * 200}\r\n\r\n".encode()
    s = server.connect(timeout=20)
    start = time.monotonic()
    closed_after = None
    try:
        for b in raw:
            s.sendall(bytes([b]))
            time.sleep(0.4)
            if time.monotonic() - start > 16:
                break
    except OSError:
        closed_after = time.monotonic() - start
    if closed_after is None:
        try:
            s.settimeout(5)
            closed_after = time.monotonic() - start if s.recv(1) == b"" else None
        except OSError:
            closed_after = time.monotonic() - start
    s.close()
    out.append(closed_after)


def other_methods(server):
    """Any method but GET and HEAD is 405 on each path, whatever its body:
    none, a small one, a chunked one, or 100 MB declared and never sent
    (answered at once, the body unread). A request without a body keeps its
    connection; one with a body, unread, is answered with Connection: close
    and its connection closed. GET with a body stays 413."""
    bodies = [("no body", "", b""), ("a body", "Content-Length: 5\r\n", b"hello"),
              ("a chunked body", "Transfer-Encoding: chunked\r\n", b"5\r\nhello\r\n0\r\n\r\n"),
              ("100 MB declared", "Content-Length: 100000000\r\n", b"x" * 1000)]
    for method in ["POST", "PUT", "DELETE"]:
        for path in ["/", "/state.json", "/events"]:
            for what, field, body in bodies:
                with server.connect(timeout=5) as s:
                    s.sendall(f"{method} {path} HTTP/1.1\r\nHost: {server.host}\r\n{field}\r\n".encode() + body)
                    start = time.monotonic()
                    status, headers, _ = read_response(s)
                    took = time.monotonic() - start
                    said = headers.get("connection", "").lower()
                    if body:  # the server closes: what comes after the response is the end
                        try:
                            closed = s.recv(1) == b""
                        except OSError:  # reset: closed too
                            closed = True
                    else:  # the connection goes on: a GET on it is served
                        s.sendall(f"GET /state.json HTTP/1.1\r\nHost: {server.host}\r\n\r\n".encode())
                        closed = read_response(s)[0] != 200
                check(status == 405 and headers.get("allow") == "GET, HEAD" and took < 2,
                      f"{method} {path} with {what} gave {status} after {took:.2f} s, Allow {headers.get('allow')!r}")
                check(said == ("close" if body else "keep-alive") and closed == bool(body),
                      f"{method} {path} with {what}: Connection: {said!r}, {'closed' if closed else 'kept'}")
        check(serving(server), f"the server stopped serving after {method} requests with bodies")
    status, headers, _ = request(server, f"GET / HTTP/1.1\r\nHost: {server.host}\r\nContent-Length: 5\r\n\r\nhello"
                                 .encode())
    check(status == 413 and headers.get("connection") == "close", f"GET with a body gave {status}")


def full_then_free(server, held, what):
    """With `held` open (`what`: 256 connections in all), the next
    connection gets 503; once they close, the server serves again."""
    time.sleep(0.3)
    try:
        status, _, _ = get(server, "/")
    except OSError as e:
        status = repr(e)
    check(status == 503, f"the 257th connection, beside {what}, gave {status}")
    for s in held:
        s.close()
    check(wait_until(lambda: get(server, "/")[0] == 200, 5), f"the server does not serve once {what} went")


def streams_leave_room(server):
    """Event streams hold at most 192 of the 256 connections: 256 asked for
    by one client, the last 64 get 503, and the page and the JSON are still
    served; once 256 connections are open, of any kind, the next gets 503."""
    held = []
    for _ in range(256):
        s = server.connect()
        s.sendall(f"GET /events HTTP/1.1\r\nHost: {server.host}\r\n\r\n".encode())
        held.append(s)
    statuses = [read_response(s, head_only=True)[0] for s in held]
    streams = [s for s, status in zip(held, statuses) if status == 200]
    check(len(streams) == 192 and statuses.count(503) == 64,
          f"256 event streams asked: {len(streams)} given, {statuses.count(503)} refused (503), not 192 and 64")
    for s, status in zip(held, statuses):
        if status != 200:
            s.close()
    # The refused ones closed here are let go by the server when it reads
    # their end, a moment later (under the sanitizers, one in two runs after
    # the next request came: 503): wait for that first.
    check(wait_until(lambda: get(server, "/state.json")[0] == 200, 5), "the refused event streams are not let go")
    for path in ["/", "/state.json"]:
        status, _, body = get(server, path)
        check(status == 200 and body, f"GET {path} beside the event streams gave {status}")
    # 64 plain connections fill the rest: the next gets 503.
    others = [server.connect() for _ in range(256 - len(streams))]
    full_then_free(server, streams + others, f"{len(streams)} event streams and {len(others)} others")


def hostile(server):
    slow = []
    t = threading.Thread(target=slow_client, args=(server, slow))
    t.start()
    secret = open(siege.state, "rb").read()[:40]

    status, headers, body = get(server, "/")
    check(status == 200 and headers.get("content-type", "").startswith("text/html"), f"GET / gave {status}")
    csp = headers.get("content-security-policy", "")
    check("default-src 'none'" in csp and "script-src 'sha256-" in csp and "style-src 'sha256-" in csp
          and "unsafe-inline" not in csp, f"the page's CSP is {csp!r}")
    check(headers.get("x-content-type-options") == "nosniff", "no nosniff on the page")
    check(b'id="live"' in body and b"<script>" in body and b'http-equiv="refresh"' in body,
          "the page has no live banner, script or refresh")
    status, headers, body = get(server, "/", method="HEAD")
    check(status == 200 and body == b"" and int(headers.get("content-length", "0")) > 1000, "HEAD / is not a head")

    for path in ["/../kestrel.json", "/kestrel.json", "/%2e%2e/kestrel.json", "/..%2fkestrel.json",
                 "/etc/passwd", "//etc/passwd", "/state.json/../kestrel.json", "/index.html", "/events/..",
                 "/" + "a" * 2000]:
        status, _, body = get(server, path)
        check(status == 404 and secret not in body, f"GET {path[:40]} gave {status}")
    for method in ["POST", "PUT", "DELETE", "OPTIONS", "PATCH", "TRACE"]:
        status, headers, _ = request(server, f"{method} / HTTP/1.1\r\nHost: {server.host}\r\nContent-Length: 0"
                                     f"\r\nConnection: close\r\n\r\n".encode())
        check(status == 405 and headers.get("allow") == "GET, HEAD", f"{method} / gave {status}")
    other_methods(server)
    for host in ["evil.example:%d" % server.port, "127.0.0.1:1", "127.0.0.1", "192.168.1.20:%d" % server.port,
                 "localhost.evil.example:%d" % server.port]:
        status, _, _ = get(server, "/state.json", host=host)
        check(status == 421, f"Host {host} gave {status}")
    status, _, _ = request(server, b"GET / HTTP/1.0\r\n\r\n")
    check(status == 421, f"a request with no Host gave {status}")
    # RFC 9112 3.2: two Host headers, or none in HTTP/1.1, are a bad request.
    for hosts in [f"Host: {server.host}\r\nHost: evil.example\r\n", f"Host: {server.host}\r\nHost: {server.host}\r\n",
                  ""]:
        status, _, _ = request(server, f"GET / HTTP/1.1\r\n{hosts}\r\n".encode())
        check(status == 400, f"a request with Host lines {hosts!r} gave {status}")
    # RFC 9112 3.2.2: an absolute-form target is served, its authority held to the Host rule in place of Host.
    for target, host, want in [(f"http://{server.host}/state.json", server.host, 200),
                               (f"http://{server.host}", server.host, 200),
                               (f"HTTP://localhost:{server.port}/?x=1", "evil.example", 200),
                               (f"http://evil.example:{server.port}/", server.host, 421),
                               (f"http://{server.host}/kestrel.json", server.host, 404),
                               (f"http://user@{server.host}/", server.host, 400)]:
        status, headers, body = request(server, f"GET {target} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
                                        .encode())
        check(status == want, f"GET {target} (Host {host}) gave {status}, not {want}")
        if want == 200:
            check(body.startswith(b"{" if target.endswith(".json") else b"<!DOCTYPE html>"),
                  f"GET {target} gave {body[:30]!r}")
    status, _, _ = request(server, f"GET http://{server.host}/ HTTP/1.0\r\n\r\n".encode())
    check(status == 200, f"an HTTP/1.0 absolute-form request with no Host gave {status}")
    status, _, _ = get(server, "/", host=f"localhost:{server.port}")
    check(status == 200, f"Host localhost:PORT gave {status}")
    big = f"GET / HTTP/1.1\r\nHost: {server.host}\r\nX-Big: {'b' * 70000}\r\n\r\n".encode()
    try:
        status, _, _ = request(server, big)
    except OSError:
        status = "reset"
    check(status == 431, f"a 70 kB head gave {status}")
    status, _, _ = request(server, b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03garbage\r\n\r\n")
    check(status == 400, f"bytes that are not HTTP gave {status}")

    # Connection: close (or HTTP/1.0 without keep-alive): answered so, and the
    # connection closed after the response, whatever comes after it.
    for path, version, want in [("/", "1.1", 200), ("/state.json", "1.1", 200), ("/nope", "1.1", 404),
                                ("/", "1.0", 200), ("/nope", "1.0", 404), ("/events", "1.1", 200),
                                ("/events", "1.0", 200)]:
        closing = "Connection: close\r\n" if version == "1.1" else ""
        with server.connect(timeout=5) as s:
            s.sendall(f"GET {path} HTTP/{version}\r\nHost: {server.host}\r\n{closing}\r\n"
                      f"GET / HTTP/1.1\r\nHost: {server.host}\r\n\r\n".encode())
            status, headers, body = read_response(s)
            if path == "/events":  # it goes on until the client goes: no answer to what comes after
                s.settimeout(1)
            try:
                rest = body + b"".join(iter(lambda: s.recv(65536), b""))
            except TimeoutError:
                rest = body
            except OSError as e:
                rest = repr(e).encode()
        said = headers.get("connection", "").lower()
        check(status == want and said == "close", f"GET {path} HTTP/{version} {closing.strip()} gave {status}, "
              f"Connection: {said!r}")
        check(b"HTTP/1.1 " not in rest and (path == "/events" or len(rest) == int(headers.get("content-length", -1))),
              f"GET {path} HTTP/{version} {closing.strip()}: the connection went on after the response: {rest[-80:]!r}")
    status, headers, _ = request(server, f"HEAD /events HTTP/1.1\r\nHost: {server.host}\r\n\r\n".encode(),
                                 head_only=True)
    check(status == 200 and headers.get("connection") == "close", f"HEAD /events said Connection: "
          f"{headers.get('connection')!r} and closed")

    # Keep-alive: two requests on one connection.
    with server.connect() as s:
        s.sendall(f"GET /state.json HTTP/1.1\r\nHost: {server.host}\r\n\r\n".encode())
        a = read_response(s)[0]
        s.sendall(f"GET /nope HTTP/1.1\r\nHost: {server.host}\r\n\r\nGET / HTTP/1.1\r\nHost: {server.host}\r\n\r\n"
                  .encode())
        b = read_response(s)[0]
        c = read_response(s)[0]
    check((a, b, c) == (200, 404, 200), f"three requests on one connection gave {a}, {b}, {c}")

    # 256 connections at once, then the next gets 503; once they go, all is well.
    full_then_free(server, [server.connect() for _ in range(256)], "256 connections")
    streams_leave_room(server)

    t.join(30)
    check(slow and slow[0] is not None and 8 <= slow[0] <= 14,
          f"the slow client was closed after {slow and slow[0]} s, not at the 10 s limit")
    check(serving(server), "the server stopped serving after the hostile requests")


def events_and_files(server):
    with server.connect() as s:
        s.sendall(f"GET /events HTTP/1.1\r\nHost: {server.host}\r\n\r\n".encode())
        s.settimeout(5)
        got = b""
        while b"data: " not in got or not got.endswith(b"\n\n"):
            got += s.recv(4096)
        check(b"text/event-stream" in got, "the event stream's type is not text/event-stream")
        first = int(got.rsplit(b"data: ", 1)[1].split(b"\n")[0])
        before = json.loads(get(server, "/state.json")[2])
        siege.on_state("note", "the herald rides out")
        got = b""
        while b"data: " not in got:
            got += s.recv(4096)
        now = int(got.rsplit(b"data: ", 1)[1].split(b"\n")[0])
        after = json.loads(get(server, "/state.json")[2])
        check(now > first and after["version"] == now, f"the event said {now} after {first}, the JSON {after['version']}")
        check(after["log_entries"] == before["log_entries"] + 1, "the JSON did not follow the file")

    text = open(siege.state, "rb").read()
    with open(siege.state, "wb") as f:
        f.write(b'{"schema": 1, "sections": [')
    check(wait_until(lambda: json.loads(get(server, "/state.json")[2])["error"] is not None, 3),
          "a damaged file gives no error in the JSON")
    valid(json.loads(get(server, "/state.json")[2]), "the JSON with an error")
    status, _, body = get(server, "/")
    check(status == 200 and b'class="problem"' in body and b"north-wall" in body,
          "a damaged file gives no banner over the siege as last read")
    strict_html(body, "the page with a banner")
    os.rename(siege.state, siege.state + ".away")
    time.sleep(0.6)
    status, _, body = get(server, "/")
    check(status == 200 and b'class="problem"' in body, "a missing file gives no banner")
    os.rename(siege.state + ".away", siege.state)
    with open(siege.state, "wb") as f:
        f.write(text)
    check(wait_until(lambda: json.loads(get(server, "/state.json")[2])["error"] is None, 3),
          "the banner stays once the file is whole again")


def views(program_server_args):
    # A gallery dug and not found: the referee sees it, the players do not.
    siege.on_state("scene", "--seed", "3")
    siege.on_state("mine", "--section", "north-wall", "--day-results", "1:0")
    referee = Server(siege, "--view", "referee")
    players = Server(siege)
    try:
        check("referee view" in referee.banner and "players view" in players.banner,
              f"the view is not said at start: {players.banner!r}")
        r = json.loads(get(referee, "/state.json")[2])
        p = json.loads(get(players, "/state.json")[2])
        valid(r, "the referee's JSON")
        valid(p, "the players' JSON")
        status = json.loads(siege.on_state("--json", "status").stdout)
        check(r["galleries"] == status["galleries"] and r["galleries"], "the referee's JSON is not status --json's")
        check(p["galleries"] == [] and p["sections"][0]["mine"]["days_dug"] == 0,
              "the players' JSON shows a gallery not yet found")
        check(p["log_entries"] == status["log_entries"] - 1, "the players' JSON counts the hidden entry")
        for k in ("scene", "engines", "camp", "units", "armies", "open_breaches"):
            check(p[k] == status[k], f"the players' JSON differs from status --json at {k}")
        rp, pp = get(referee, "/")[2], get(players, "/")[2]
        strict_html(rp, "the referee's page")
        strict_html(pp, "the players' page")
        check(b'id="outlook"' in rp and b'id="outlook"' not in pp, "the outlook is not the referee's alone")
        check(b"dug 0 -&gt; 1 day" in rp and b"dug 0 -&gt; 1 day" not in pp,
              "the hidden gallery's entry is not the referee's alone")
        # Nothing on the players' page counts the hidden entries: no chart
        # point after one, no gap in the entries' numbers, no new version.
        seen = p["log_entries"]  # the referee's log has one entry more: the dig
        check(b"after entry %d" % (seen + 1) in rp and b"after entry %d" % (seen + 1) not in pp,
              "the players' chart has a point after a hidden dig")
        version = json.loads(get(players, "/state.json")[2])["version"]
        siege.on_state("mine", "--section", "north-wall", "--day-results", "1:0")
        check(wait_until(lambda: json.loads(get(referee, "/state.json")[2])["log_entries"] == seen + 2, 3),
              "the referee's view did not follow a second dig")
        time.sleep(0.6)
        check(json.loads(get(players, "/state.json")[2])["version"] == version and get(players, "/")[2] == pp,
              "a hidden dig changed the players' page or version")
        siege.on_state("note", "a parley at dawn")
        check(wait_until(lambda: json.loads(get(players, "/state.json")[2])["version"] > version, 3),
              "the players' view did not follow a note")
        p = json.loads(get(players, "/state.json")[2])
        pp = get(players, "/")[2]
        check(p["log_entries"] == seen + 1 and p["log_notes"][-1]["entry"] == seen + 1,
              f"the players' log is not numbered without gaps: {p['log_entries']} entries, notes {p['log_notes']}")
        check(all(b'id="entry-%d"' % k in pp for k in range(1, seen + 2)) and b'id="entry-%d"' % (seen + 2) not in pp
              and b"after entry %d" % (seen + 2) not in pp, "the players' page numbers its entries with gaps")

        # A half-written file: the reader's reason quotes it. The players are
        # told only that it cannot be read; the referee the reason, escaped.
        text = open(siege.state, "rb").read()
        with open(siege.state, "wb") as f:
            f.write(b'{"schema": 1, "log": [{"action": "mine", "inputs": {"section": "secret-tunnel-q7 <b>')
        check(wait_until(lambda: all(json.loads(get(s, "/state.json")[2])["error"] for s in (referee, players)), 3),
              "a half-written file gives no error in the JSON")
        rp, pp = get(referee, "/")[2], get(players, "/")[2]
        pj = get(players, "/state.json")[2]
        check(b'class="problem"' in pp and b"secret-tunnel" not in pp and b"secret-tunnel" not in pj,
              f"the players' banner or JSON quotes the damaged file: {pj!r}")
        check(b"secret-tunnel-q7 &lt;b&gt;" in rp and b"<b>" not in rp, "the referee's banner does not show the "
              "reason, escaped")
        strict_html(pp, "the players' page with a banner")
        strict_html(rp, "the referee's page with a banner")
        with open(siege.state, "wb") as f:
            f.write(text)
        check(wait_until(lambda: json.loads(get(players, "/state.json")[2])["error"] is None, 3),
              "the players' banner stays once the file is whole again")
    finally:
        for s in (referee, players):
            code = s.stop()
            check(code == 0, f"SIGTERM ended serve with {code}")


def start_errors():
    for args, code, what in [
        (["--listen", "localhost:8080"], 2, "a host name"),
        (["--listen", "127.0.0.1:99999"], 2, "a bad port"),
        (["--view", "gm"], 2, "a bad view"),
        (["--json"], 2, "--json"),
        (["--seed", "3"], 2, "--seed"),
        (["--dry-run"], 2, "--dry-run"),
        (["--format", "markdown"], 2, "--format"),
    ]:
        r = siege.run("serve", siege.state, *args, check=False)
        check(r.returncode == code and r.stderr.count("\n") == 1 and r.stderr.startswith("siege: error:"),
              f"serve with {what} gave {r.returncode}: {r.stderr!r}")
    r = siege.run("--state", siege.state, "serve", siege.state, check=False)
    check(r.returncode == 2 and "--state" in r.stderr, f"serve with --state gave {r.returncode}: {r.stderr!r}")
    r = siege.run("serve", os.path.join(siege.work, "nowhere.json"), check=False)
    check(r.returncode == 4 and r.stderr.startswith("siege: error:"), f"a missing file at start gave {r.returncode}")
    first = Server(siege)
    try:
        r = siege.run("serve", siege.state, "--listen", first.host, check=False)
        check(r.returncode == 2 and "--listen" in r.stderr, f"a port in use gave {r.returncode}: {r.stderr!r}")
    finally:
        first.proc.send_signal(signal.SIGINT)
        code = first.proc.wait(10)
        check(code == 0, f"SIGINT ended serve with {code}")


server = Server(siege)
try:
    hostile(server)
    events_and_files(server)
finally:
    code = server.stop()
    check(code == 0, f"SIGTERM ended serve with {code}: {server.proc.stderr.read()!r}")
views(None)
start_errors()
siege.cleanup()
finish(problems, "serve: every hostile request got its error, the server went on serving; views, events, banners, exits")
