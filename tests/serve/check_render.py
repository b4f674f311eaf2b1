#!/usr/bin/env python3
"""`siege serve` answers at once while it reads and lays out a large file
anew. A siege of 13,000 notes (a 13 MB state file, a page of 15 MB) is
served; the file is replaced by one with a note more, and while serve
reads it and lays out the new version, GET /state.json (every 10 ms) and
GET / (every 200 ms) are asked on loopback, each on a new connection, by a
thread of their own, and an event stream tells when the new version is
served.

The re-layout is shown in progress by what the answers say: a GET asked
after serve has looked at the changed file (it looks every 250 ms) and
answered with the version before, ahead of the new version's event, was
answered while serve made the new one. Passes when at least 3 GETs of
/state.json were answered so, their median wait (to the answer's head) is
within LIMIT ms (default 50), and no GET asked after the change waited a
quarter of the re-layout or more (a server that lays out on its event loop
answers none in that time and makes each wait for the rest of it), and
the new version is the old one's + 1. Measured against the re-layout's own
length, it holds on a loaded machine too. Prints the figures.

    check_render.py SIEGE SOURCE_DIR [NOTES [LIMIT_MS]]

NOTES (default 13,000) makes a smaller file for the sanitized builds, where
the point is the thread, not the time. A few seconds: making the file,
serve's first reading, one re-layout."""
import json
import os
import re
import statistics
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_lib import Server, Siege, finish  # noqa: E402

siege = Siege(sys.argv[1], sys.argv[2])
notes = int(sys.argv[3]) if len(sys.argv) > 3 else 13000
limit = float(sys.argv[4]) / 1000 if len(sys.argv) > 4 else 0.050
watch_every = 0.25  # how often serve looks at the file
deadline = 30.0  # seconds after the change: the new version is served by then, or the test fails


def siege_of(count):
    """A siege of `count` notes as its file's text, less the log's end, and
    how to write one more: the note the program logs, over and over, each
    with a text of its own (as a batch of notes would leave it, in a tenth
    of the time)."""
    siege.on_state("note", "--text", "the siege begins")
    with open(siege.state) as f:
        st = json.load(f)
    first = st["log"][0]
    st["log"] = []
    head = json.dumps(st)
    assert head.endswith('"log": []}')
    words = "the garrison watches the walls and counts the arrows " * 8

    def entry(n):
        text = f"note {n}: {words}"
        return json.dumps({**first, "entry": n, "inputs": {**first["inputs"], "text": text},
                           "outcome": {**first["outcome"], "text": text}})

    return head[:-2] + "\n" + ",\n".join(entry(n) for n in range(1, count + 1)), entry


def write_file(text):
    """The file: `text` and the log's end, written whole and put in place at
    once, as the program does."""
    with open(siege.state + ".new", "w") as f:
        f.write(text + "\n]}\n")
    os.replace(siege.state + ".new", siege.state)


def timed_get(server, path):
    """GET `path` on a new connection: (seconds to the answer's head,
    status, the version it shows, or the JSON's error when it has one). The
    page's bytes are read to its end but not kept past its first 256 KiB
    (the version is near its top): a client of Python's must not hold the
    interpreter long."""
    start = time.monotonic()
    head_after = None
    kept = bytearray()
    buf = bytearray(1 << 20)
    with server.connect() as s:
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: {server.host}\r\nConnection: close\r\n\r\n".encode())
        while True:
            n = s.recv_into(buf)
            if head_after is None:
                head_after = time.monotonic() - start
            if n == 0:
                break
            if len(kept) < (1 << 18):
                kept += buf[:n]
    head, _, body = bytes(kept).partition(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1]) if head.startswith(b"HTTP/") else None
    if status != 200:
        return head_after, status, None
    if path == "/state.json":
        got = json.loads(body)
        return head_after, status, got["version"] if got["error"] is None else f"error: {got['error']}"
    m = re.search(rb'data-version="(\d+)"', body)
    return head_after, status, int(m.group(1)) if m else None


class Asker(threading.Thread):
    """GET `path` every `every` seconds (or as soon as the last is answered)
    until `done` is set: each as (asked, seconds after the change; seconds
    to the head; status; version)."""

    def __init__(self, server, path, every, changed, done):
        super().__init__(daemon=True)
        self.server, self.path, self.every, self.changed, self.done = server, path, every, changed, done
        self.seen = []

    def run(self):
        while not self.done.is_set() and time.monotonic() - self.changed < deadline:
            at = time.monotonic() - self.changed
            if self.seen and at < self.seen[-1][0] + self.every:
                time.sleep(self.seen[-1][0] + self.every - at)
                continue
            try:
                self.seen.append((at, *timed_get(self.server, self.path)))
            except OSError as e:
                self.seen.append((at, time.monotonic() - self.changed - at, repr(e), None))


class Events(threading.Thread):
    """The event stream, open from before the change: `came`, when (on
    time.monotonic()) the event of version `wanted` came."""

    def __init__(self, server, wanted):
        super().__init__(daemon=True)
        self.wanted, self.came = wanted, None
        self.ready = threading.Event()
        self.s = server.connect(timeout=deadline + 5)
        self.s.sendall(f"GET /events HTTP/1.1\r\nHost: {server.host}\r\n\r\n".encode())

    def run(self):
        data = b""
        try:
            while self.came is None:
                chunk = self.s.recv(65536)
                if not chunk:
                    break
                data += chunk
                if b"retry:" in data:
                    self.ready.set()
                if f"data: {self.wanted}\n".encode() in data:
                    self.came = time.monotonic()
        except OSError:
            pass
        finally:
            self.ready.set()
            self.s.close()


text, entry = siege_of(notes)
write_file(text)
size = os.path.getsize(siege.state)
start = time.monotonic()
server = Server(siege)
started = time.monotonic() - start
problems = []
try:
    idle = [timed_get(server, p) for p in ["/state.json", "/", "/state.json", "/"]]
    before = idle[0][2]
    events = Events(server, before + 1)
    events.start()
    events.ready.wait(10)
    write_file(text + ",\n" + entry(notes + 1))
    changed = time.monotonic()  # the file was replaced before this
    done = threading.Event()
    askers = [Asker(server, "/state.json", 0.01, changed, done), Asker(server, "/", 0.2, changed, done)]
    for a in askers:
        a.start()
    events.join(deadline)
    # A few more answers after the new version, to see it served.
    time.sleep(0.2)
    done.set()
    for a in askers:
        a.join(deadline)
finally:
    code = server.stop()
    siege.cleanup()

new_at = None if events.came is None else events.came - changed
if new_at is None:
    finish([f"the new version's event did not come within {deadline:.0f} s of the change"])
# Serve looked at the changed file by `looked`, and asked for it to be read
# and laid out; its event came at new_at: the re-layout lies between.
looked = watch_every + 0.05
layout = new_at - looked
everything = {a.path: a.seen for a in askers}
during = {p: [x for x in seen if x[0] >= looked and x[0] + x[1] < new_at and x[3] == before]
          for p, seen in everything.items()}
for p, seen in everything.items():
    bad = [x for x in seen if x[2] != 200]
    if bad:
        problems.append(f"GET {p}: {len(bad)} of {len(seen)} not answered 200, the first: {bad[0]}")
    last = seen[-1][3] if seen else None
    if last != before + 1:
        problems.append(f"GET {p}: the version went from {before} to {last}, not {before + 1}")
    slow = [x for x in seen if x[1] >= layout / 4]
    if slow:
        at, waited = slow[0][0], slow[0][1]
        problems.append(f"GET {p}: {len(slow)} of {len(seen)} waited a quarter of the re-layout "
                        f"({layout * 1000:.0f} ms) or more; the first, asked {at:.2f} s after the change, "
                        f"{waited * 1000:.0f} ms")


def figures(xs):
    waits = sorted(x[1] * 1000 for x in xs)
    if not waits:
        return "none"
    return f"{len(waits)}, waited a median {statistics.median(waits):.1f} ms, the longest {waits[-1]:.1f} ms"


print(f"a {size / 1e6:.1f} MB file ({notes} notes): serve started in {started:.2f} s; idle, GET /state.json "
      f"answered in {idle[0][0] * 1000:.1f} ms, GET / in {idle[1][0] * 1000:.1f} ms (to the head)")
print(f"a note added: version {before + 1}'s event came {new_at:.2f} s after "
      f"the file changed; re-layout from {looked:.2f} s at the latest: {layout * 1000:.0f} ms")
for p in everything:
    print(f"  GET {p} answered during it from version {before}: {figures(during[p])}")
    print(f"  GET {p} asked from the change on: {figures(everything[p])}")
if len(during["/state.json"]) < 3:
    problems.append(f"only {len(during['/state.json'])} GET /state.json answered during the re-layout, "
                    f"from version {before} (at least 3 are)")
elif statistics.median(x[1] for x in during["/state.json"]) > limit:
    problems.append(f"GET /state.json during the re-layout: median wait over {limit * 1000:.0f} ms")
if code != 0:
    problems.append(f"serve ended with {code}")
finish(problems)
