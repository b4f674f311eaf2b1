#!/usr/bin/env python3
"""`siege serve` under load on loopback, bounded and ending by itself:
200 clients hold the event stream and 20 requests a second (the page and
the JSON in turn) go on for SECONDS (default 30) while another process
writes the file (a note every 0.2 s, each by its own `siege --state FILE
note`). Passes with no failed request, no event stream dropped, and every
client's last event naming the version the JSON gives at the end; prints
the server's resident memory.

    check_load.py SIEGE SOURCE_DIR [SECONDS]"""
import json
import os
import selectors
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_lib import Server, Siege, get  # noqa: E402

siege = Siege(sys.argv[1], sys.argv[2])
seconds = float(sys.argv[3]) if len(sys.argv) > 3 else 30.0
clients = 200
problems = []
server = Server(siege)
sel = selectors.DefaultSelector()
last = {}  # socket -> last version its stream named
buffers = {}
dropped = 0


def on_stream(s):
    global dropped
    try:
        data = s.recv(65536)
    except OSError:
        data = b""
    if not data:
        dropped += 1
        sel.unregister(s)
        return
    buf = buffers[s] + data
    *events, buffers[s] = buf.split(b"\n\n")
    for e in events:
        for line in e.split(b"\n"):
            if line.startswith(b"data: "):
                last[s] = int(line[6:])


streams = []
for _ in range(clients):
    s = server.connect()
    s.sendall(f"GET /events HTTP/1.1\r\nHost: {server.host}\r\n\r\n".encode())
    s.setblocking(False)
    buffers[s] = b""
    sel.register(s, selectors.EVENT_READ)
    streams.append(s)

writes = 0
stop = threading.Event()


def writer():
    global writes
    while not stop.is_set():
        r = subprocess.run([siege.program, "--state", siege.state, "note", f"load {writes}"], capture_output=True)
        if r.returncode != 0:
            problems.append(f"a note failed: {r.stderr!r}")
        writes += 1
        time.sleep(0.2)


requests = failures = 0
peak_rss = 0


def asker():
    global requests, failures, peak_rss
    start = time.monotonic()
    for i in range(int(seconds * 20)):  # on a schedule: a slow answer is caught up after
        time.sleep(max(0.0, start + i * 0.05 - time.monotonic()))
        try:
            status, _, body = get(server, "/" if requests % 2 == 0 else "/state.json")
            if status != 200 or not body:
                failures += 1
        except OSError:
            failures += 1
        requests += 1
        if requests % 20 == 0:
            peak_rss = max(peak_rss, server.rss_kib())


threads = [threading.Thread(target=writer), threading.Thread(target=asker)]
for t in threads:
    t.start()
threads[1].join()
stop.set()
threads[0].join()
end = time.monotonic() + 3
final = json.loads(get(server, "/state.json")[2])["version"]
while time.monotonic() < end:
    for key, _ in sel.select(timeout=0.1):
        on_stream(key.fileobj)
    final = json.loads(get(server, "/state.json")[2])["version"]
    if all(last.get(s) == final for s in streams):
        break
behind = sum(1 for s in streams if last.get(s) != final)
rss = server.rss_kib()
for s in streams:
    s.close()
code = server.stop()
status = json.loads(siege.on_state("--json", "status").stdout)
print(f"serve under load: {clients} event streams, {requests} requests in {seconds:.0f} s, {writes} writes, "
      f"version {final}, {status['log_entries']} log entries; RSS {rss} KiB (peak seen {max(peak_rss, rss)} KiB)")
if failures:
    problems.append(f"{failures} of {requests} requests failed")
if dropped:
    problems.append(f"{dropped} event streams were dropped")
if behind:
    problems.append(f"{behind} clients did not see the last version ({final})")
if final < writes // 4:
    problems.append(f"the version ({final}) did not follow {writes} writes")
if code != 0:
    problems.append(f"serve ended with {code}")
siege.cleanup()
for p in problems:
    print("FAIL:", p, file=sys.stderr)
sys.exit(1 if problems else 0)
