"""What the tests of `siege serve` share: a siege to show, a server on a
free port of 127.0.0.1, plain HTTP over sockets (python3's standard
library only), the test tools that may be missing, and the end of a test."""
import importlib
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time


def missing_tool(what, then):
    """A test tool is missing (`what`: which, and how to install it). Under
    tools/test-all (SIEGE_REQUIRE_TOOLS=1) that is a failure: exits 1.
    Otherwise prints `then` (what the test does without it) and returns."""
    if os.environ.get("SIEGE_REQUIRE_TOOLS") == "1":
        print("FAIL:", what, file=sys.stderr)
        sys.exit(1)
    print(f"{then}: {what}")


def optional_module(name, unchecked):
    """The Python module `name` (Debian's python3-NAME), or None when it is
    missing: missing_tool, with a note that `unchecked`."""
    try:
        return importlib.import_module(name)
    except ImportError:
        package = f"python3-{name}"
        missing_tool(f"{package} is missing (apt-get install {package}, or tools/install-deps --test)",
                     f"note: {unchecked}")
        return None


def finish(problems, passed=None):
    """Ends the test: each problem as a FAIL line and status 1, or `passed`
    (when given) and status 0."""
    for p in problems:
        print("FAIL:", p, file=sys.stderr)
    if not problems and passed:
        print(passed)
    sys.exit(1 if problems else 0)


class Siege:
    """The example castle in a temporary folder, and the program."""

    def __init__(self, program, source):
        self.program = program
        self.work = tempfile.mkdtemp(prefix="siege-serve.")
        self.state = os.path.join(self.work, "kestrel.json")
        self.run("init", self.state, "--from", os.path.join(source, "examples", "castle-siege.json"))

    def run(self, *args, check=True):
        return subprocess.run([self.program, *args], check=check, capture_output=True, text=True, timeout=60)

    def on_state(self, *args):
        return self.run("--state", self.state, *args)

    def cleanup(self):
        shutil.rmtree(self.work, ignore_errors=True)


class Server:
    """`siege serve FILE --listen 127.0.0.1:0 ARGS...`, up once it printed its URL."""

    def __init__(self, siege, *args):
        self.proc = subprocess.Popen([siege.program, "serve", siege.state, "--listen", "127.0.0.1:0", *args],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.banner = self.proc.stdout.readline()
        m = re.search(r"http://127\.0\.0\.1:(\d+)/", self.banner)
        if not m:
            self.proc.kill()
            raise RuntimeError(f"serve printed no URL: {self.banner!r} {self.proc.stderr.read()!r}")
        self.port = int(m.group(1))
        self.host = f"127.0.0.1:{self.port}"

    def connect(self, timeout=10):
        s = socket.create_connection(("127.0.0.1", self.port), timeout=timeout)
        return s

    def stop(self):
        """SIGTERM; returns the exit status (it must end by itself, cleanly)."""
        if self.proc.poll() is None:
            self.proc.terminate()
        try:
            return self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return "hung"

    def rss_kib(self):
        with open(f"/proc/{self.proc.pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        return -1


def _receive(s, data, enough):
    """`data` and what socket `s` sends after it, until `enough(data)` or the peer closes."""
    while not enough(data):
        chunk = s.recv(65536)
        if not chunk:
            break
        data += chunk
    return data


def read_response(s, head_only=False):
    """Reads one response from socket `s`: (status, headers dict, body bytes)."""
    data = _receive(s, b"", lambda d: b"\r\n\r\n" in d)
    if b"\r\n\r\n" not in data:
        return None, {}, data
    head, body = data.split(b"\r\n\r\n", 1)
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {}
    for line in lines[1:]:
        k, _, v = line.partition(":")
        headers[k.strip().lower()] = v.strip()
    if not head_only and "content-length" in headers:
        n = int(headers["content-length"])
        body = _receive(s, body, lambda d: len(d) >= n)
    return status, headers, body


def request(server, raw, head_only=False):
    """Sends the bytes `raw` on a new connection; returns its response."""
    with server.connect() as s:
        s.sendall(raw)
        return read_response(s, head_only)


def get(server, path, host=None, method="GET"):
    host = host or server.host
    return request(server, f"{method} {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode(),
                   head_only=method == "HEAD")


def wait_until(pred, seconds):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if pred():
            return True
        time.sleep(0.05)
    return pred()
