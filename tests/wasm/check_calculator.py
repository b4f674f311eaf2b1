#!/usr/bin/env python3
"""The calculator page (examples/calculator.html) in headless Chromium,
from file://, at a phone's width and a desktop's: it starts, shows the
odds of an attack and of a charge, rolls one, and axe-core finds nothing.

    check_calculator.py SIEGE_BIN PAGE AXE_JS CHROMIUM

The page is copied to a fresh folder with two scripts added (axe-core, and
a driver that clicks as a user would and posts what the page showed), and
loaded twice in a frame page, in an iframe 390 px wide and one 1280 px
wide, whose findings `chromium --dump-dom` prints. Fails on: a frame that
reported nothing; a page that did not start; fewer than 3 outcome rows; a
summary whose chances are not those of `siege --json odds attack` for the
same question; a roll without its Armor steps; any axe-core violation; a
page wider than the screen.
"""
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

WIDTHS = [390, 1280]

DRIVER = r"""<script>
(async function () {
  function done(found) { parent.postMessage(JSON.stringify(found), '*'); }
  try {
    for (var i = 0; i < 400 && document.body.dataset.ready !== 'true'; i++)
      await new Promise(function (r) { setTimeout(r, 25); });
    if (document.body.dataset.ready !== 'true')
      return done({ error: 'the page did not start: ' + document.getElementById('error').textContent });
    var $ = function (id) { return document.getElementById(id); };
    $('structure').value = 'curtain-wall';
    $('weapon').value = 'cannon';
    $('pool').value = '3';
    $('hull').value = '4';
    $('weigh').click();
    var found = { rows: $('odds-table').rows.length, summary: $('odds-summary').textContent,
                  odds_text: $('odds-text').textContent.slice(0, 80), error: $('error').textContent };
    $('roll').click();
    found.roll = $('roll-text').textContent;
    found.roll_summary = $('roll-summary').textContent;
    document.querySelector('input[value=charge]').click();
    $('weigh').click();
    found.charge_rows = $('odds-table').rows.length;
    found.charge_summary = $('odds-summary').textContent;
    found.charge_error = $('error').textContent;
    var res = await axe.run();
    found.violations = res.violations.map(function (v) {
      return { id: v.id, impact: v.impact, nodes: v.nodes.length,
               first: v.nodes.slice(0, 3).map(function (n) { return n.target.join(' '); }) };
    });
    var width = document.documentElement.clientWidth;
    found.too_wide = document.documentElement.scrollWidth > width + 1;
    done(found);
  } catch (e) {
    done({ error: 'the driver failed: ' + e });
  }
})();
</script>
"""

FRAMES = """<!doctype html><html><head><meta charset="utf-8"><title>frames</title></head><body>
{frames}
<script>
window.addEventListener('message', function (e) {{
  for (var i = 0; i < frames.length; i++)
    if (frames[i] === e.source) document.getElementById('out' + i).textContent = e.data;
}});
</script></body></html>
"""


def fail(msg):
    print("check_calculator: " + msg, file=sys.stderr)
    sys.exit(1)


def main():
    siege, page, axe_js, chromium = sys.argv[1:5]
    work = tempfile.mkdtemp(prefix="siege-calc-")
    try:
        shutil.copy(axe_js, os.path.join(work, "axe.min.js"))
        text = open(page, encoding="utf-8").read()
        if "</body>" not in text:
            fail(page + ": no </body>")
        text = text.replace("</body>", '<script src="axe.min.js"></script>\n' + DRIVER + "</body>")
        with open(os.path.join(work, "page.html"), "w", encoding="utf-8") as f:
            f.write(text)
        frames = "\n".join(
            f'<iframe src="page.html" title="at {w} px" style="width:{w}px;height:900px"></iframe>'
            f'<pre id="out{i}"></pre>'
            for i, w in enumerate(WIDTHS))
        with open(os.path.join(work, "frames.html"), "w", encoding="utf-8") as f:
            f.write(FRAMES.format(frames=frames))
        profile = os.path.join(work, "profile")
        dom = subprocess.run(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             "--user-data-dir=" + profile, "--virtual-time-budget=30000", "--window-size=1400,2000",
             "--dump-dom", "file://" + os.path.join(work, "frames.html")],
            capture_output=True, text=True, timeout=180).stdout
    finally:
        shutil.rmtree(work, ignore_errors=True)

    want = json.loads(subprocess.run(
        [siege, "--json", "odds", "attack", "--structure", "curtain-wall", "--weapon", "cannon", "--pool", "3",
         "--damage-taken", "4"], capture_output=True, text=True, check=True).stdout)["state_after"]
    problems = []
    for i, w in enumerate(WIDTHS):
        m = re.search(rf'<pre id="out{i}">(.*?)</pre>', dom, re.S)
        if not m or not m.group(1).strip():
            problems.append(f"{w} px: the frame reported nothing")
            continue
        found = json.loads(html.unescape(m.group(1)))
        if found.get("error"):
            problems.append(f"{w} px: {found['error']}")
            continue
        if found["rows"] < 3:
            problems.append(f"{w} px: {found['rows']} rows in the odds table")
        for state in ("intact", "cracked", "breached"):
            shown = f"{state} {want[state]['value'] * 100:.1f}%"
            if shown not in found["summary"] and not (0 < want[state]["value"] < 0.001):
                problems.append(f"{w} px: the summary does not say '{shown}': {found['summary']}")
        if "Armor" not in found["roll"] or "Seed" not in found["roll_summary"]:
            problems.append(f"{w} px: the roll shows no Armor steps: {found['roll'][:200]!r}")
        if found["charge_rows"] < 2 or found["charge_error"]:
            problems.append(f"{w} px: the charge's odds: {found['charge_rows']} rows, {found['charge_error']}")
        for v in found["violations"]:
            problems.append(f"{w} px: axe-core: {v['id']} ({v['impact']}) on {v['nodes']} element(s): "
                            + ", ".join(v["first"]))
        if found["too_wide"]:
            problems.append(f"{w} px: the page is wider than the screen")
    if problems:
        fail("\n".join(problems))
    print(f"check_calculator: started, weighed, rolled and passed axe-core at {WIDTHS} px")


if __name__ == "__main__":
    main()
