#!/usr/bin/env python3
"""`siege serve` under load on loopback, bounded and ending by itself: 192
clients hold the event stream (as many streams as serve holds) and 20
requests a second (the page and the JSON in turn) go on for SECONDS
(default 30) while another process writes the file: `siege --state FILE
batch --commit-each`, fed a note line every 0.2 s, so each line is a commit
of the batch. Passes with no failed request, no event stream dropped, and
every client's last event naming the version the JSON gives at the end;
prints the server's resident memory.

    check_load.py SIEGE SOURCE_DIR [SECONDS]"""
import json
import os
import selectors
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_lib import Server, Siege, finish, get  # noqa: E402

siege = Siege(sys.argv[1], sys.argv[2])
seconds = float(sys.argv[3]) if len(sys.argv) > 3 else 30.0
clients = 192  # max_streams: every one is held
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
    batch = subprocess.Popen([siege.program, "--state", siege.state, "batch", "--commit-each"],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    while not stop.is_set():
        batch.stdin.write(json.dumps({"action": "note", "text": f"load {writes}"}) + "\n")
        batch.stdin.flush()
        answer = json.loads(batch.stdout.readline() or "{}")  # the line is on disk once answered
        if "error" in answer or "line" not in answer:
            problems.append(f"a batch line failed: {answer!r}")
        writes += 1
        time.sleep(0.2)
    rest, err = batch.communicate(timeout=30)  # closes its input: the batch ends
    if batch.returncode != 0 or rest.strip() or err.strip():
        problems.append(f"the batch ended with {batch.returncode}: {(rest + err)[:200]!r}")


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
finish(problems)
