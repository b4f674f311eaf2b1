#!/usr/bin/env python3
"""`siege serve`'s page in headless Chromium, driven through chromedriver's
WebDriver HTTP API (python3's standard library only): the page opens, its
styles and its one script pass its Content-Security-Policy, and when
`siege --state FILE scene` runs outside, the page's DOM shows the new scene
within a few seconds without a reload (a mark left in the page's window
survives).

    check_browser.py SIEGE SOURCE_DIR [--screenshot PNG [STATE]]

With --screenshot it writes the players' page of STATE (default: the
example castle after a scene) as PNG at 1000 px (README's picture;
tools/make-chronicle does not make it).

Chromium and chromedriver are test tools (tools/install-deps --test):
without them the test is skipped (77), or fails under tools/test-all
(SIEGE_REQUIRE_TOOLS=1). It runs as root in CI, hence --no-sandbox."""
import base64
import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_lib import Server, Siege, finish, missing_tool  # noqa: E402

for tool, package in (("chromium", "chromium"), ("chromedriver", "chromium-driver")):
    if shutil.which(tool) is None:
        missing_tool(f"{tool} is missing (apt-get install {package}, or tools/install-deps --test)", "skipped")
        sys.exit(77)

siege = Siege(sys.argv[1], sys.argv[2])
shot = sys.argv[4] if len(sys.argv) > 4 and sys.argv[3] == "--screenshot" else None
if shot and len(sys.argv) > 5:
    shutil.copy(sys.argv[5], siege.state)
problems = []


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


port = free_port()
driver = subprocess.Popen(["chromedriver", f"--port={port}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
base = f"http://127.0.0.1:{port}"


def call(method, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, method=method,
                                 headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            return json.loads(r.read())["value"]
    except urllib.error.HTTPError as e:
        raise RuntimeError(f"{method} {path}: {e.code} {e.read()[:300]!r}") from None


server = None
session = None
try:
    for _ in range(100):
        try:
            if call("GET", "/status").get("ready"):
                break
        except (OSError, RuntimeError):
            pass
        time.sleep(0.1)
    profile = os.path.join(siege.work, "profile")
    session = call("POST", "/session", {"capabilities": {"alwaysMatch": {
        "goog:chromeOptions": {"binary": shutil.which("chromium"), "args": [
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
            "--disable-background-networking", "--disable-component-update", "--hide-scrollbars",
            "--window-size=1000,1400", f"--user-data-dir={profile}"]},
        "goog:loggingPrefs": {"browser": "ALL"}}}})["sessionId"]

    def js(script):
        return call("POST", f"/session/{session}/execute/sync", {"script": script, "args": []})

    if not shot:
        siege.on_state("scene", "--seed", "5")
    server = Server(siege)
    call("POST", f"/session/{session}/url", {"url": f"http://{server.host}/"})
    state = js("""
        window.sawReload = 'no';
        var live = document.getElementById('live');
        return {version: live && live.getAttribute('data-version'),
                banner: live ? getComputedStyle(live).borderTopStyle : '',
                width: getComputedStyle(document.body).maxWidth,
                scenes: document.querySelector('.lead') ? document.querySelector('.lead').textContent : ''};""")
    if not (state["banner"] == "solid" and state["width"] not in ("none", "")):
        problems.append(f"the page's styles did not apply (CSP?): {state}")
    if shot:
        png = base64.b64decode(call("GET", f"/session/{session}/screenshot"))
        with open(shot, "wb") as f:
            f.write(png)
        print(f"wrote {shot} ({len(png)} bytes)")
    else:
        siege.on_state("scene", "--seed", "6")
        seen = None
        end = time.monotonic() + 5
        while time.monotonic() < end:
            seen = js("""
                var live = document.getElementById('live');
                return {mark: window.sawReload, version: live && live.getAttribute('data-version'),
                        scenes: document.querySelector('.lead').textContent,
                        h3: Array.from(document.querySelectorAll('h3')).map(function (h) { return h.id; })};""")
            if seen["version"] != state["version"]:
                break
            time.sleep(0.1)
        if seen["version"] == state["version"]:
            problems.append(f"the page did not change within 5 s of the scene: {seen}")
        elif seen["mark"] != "no":
            problems.append("the page was reloaded instead of updated in place")
        elif "2 scenes played" not in seen["scenes"] or "scene-2" not in seen["h3"]:
            problems.append(f"the page's DOM does not show the second scene: {seen}")
    try:
        log = call("POST", f"/session/{session}/se/log", {"type": "browser"})
    except RuntimeError:
        log = []
    bad = [e["message"] for e in log if e.get("level") in ("SEVERE", "WARNING")]
    if bad:
        problems.append(f"the browser logged: {bad[:3]}")
finally:
    if session:
        try:
            call("DELETE", f"/session/{session}")
        except (OSError, RuntimeError):
            pass
    driver.terminate()
    driver.wait(10)
    if server:
        code = server.stop()
        if code != 0:
            problems.append(f"serve ended with {code}")
    siege.cleanup()

finish(problems, None if shot else
       "chromium: the page followed the file without a reload, its styles and script within its CSP")
