#!/usr/bin/env python3
"""The chronicle page (`siege chronicle`) against a strict HTML5 parser.

    check_page.py SIEGE SOURCE_DIR

1. The example evening (examples/evening.sh on examples/castle-siege.json):
   its page parses with html5lib's strict parser (any parse error fails),
   holds every section, engine and log entry of the state file with the
   numbers the file has, names no external URL and holds no script, and its
   Markdown holds the same ids and no SVG.
2. A siege with hostile names (markup, quotes, &, control characters,
   non-ASCII) and units, whose log has a hand-edited entry: every such text
   is shown as text, never run or parsed as markup, in both formats; every
   unit is on the page.

Needs Debian's python3-html5lib (run it with /usr/bin/python3). Without it:
exit 77 (CTest's skip), or a failure under tools/test-all
(SIEGE_REQUIRE_TOOLS=1).
"""
import json
import os
import re
import subprocess
import sys
import tempfile

try:
    import html5lib
except ImportError:
    msg = "html5lib is missing (apt-get install python3-html5lib, or tools/install-deps --test)"
    if os.environ.get("SIEGE_REQUIRE_TOOLS") == "1":
        print("FAIL: " + msg)
        sys.exit(1)
    print("skipped: " + msg)
    sys.exit(77)

siege, source = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
failures = []
NS = "{http://www.w3.org/1999/xhtml}"


def fail(what):
    failures.append(what)


def run(*args, check=True):
    p = subprocess.run([siege, *args], capture_output=True, text=True)
    if check and p.returncode != 0:
        raise SystemExit(f"FAIL: siege {' '.join(args)}: exit {p.returncode}: {p.stderr.strip()}")
    return p


def parse_strict(html, what):
    """The document, or None (and a failure) on the first parse error."""
    try:
        return html5lib.HTMLParser(strict=True, namespaceHTMLElements=True).parse(html)
    except html5lib.html5parser.ParseError as e:
        fail(f"{what}: not strict HTML5: {e}")
        return None


def local(tag):
    return tag.split("}", 1)[-1] if isinstance(tag, str) else ""


def text_of(root):
    return "".join(root.itertext())


def check_no_outside(doc, html, what):
    """No script, no embedded or linked resource, no external URL, no handler."""
    for el in doc.iter():
        name = local(el.tag)
        if name in {"script", "iframe", "object", "embed", "link", "img", "base", "form", "audio", "video", "source"}:
            fail(f"{what}: has a <{name}> element")
        for attr, value in el.attrib.items():
            a = local(attr).lower()
            if a.startswith("on"):
                fail(f"{what}: <{name}> has an event handler {a}")
            if a in {"href", "src", "action", "xlink:href", "href"} or a.endswith("href"):
                if not value.startswith("#"):
                    fail(f"{what}: <{name} {a}={value!r}> points outside the page")
            if "://" in value or value.startswith("//") or "url(" in value.lower():
                fail(f"{what}: <{name} {a}={value!r}> names an external URL")
    styles = " ".join(text_of(s) for s in doc.iter(NS + "style"))
    if re.search(r"url\(|@import|@font-face|://", styles):
        fail(f"{what}: the stylesheet fetches something")
    if re.search(r"https?://|ftp://|file://", html):
        fail(f"{what}: names an external URL")


def check_svgs(doc, what):
    """Every chart has a role, a title and a description."""
    count = 0
    for svg in doc.iter("{http://www.w3.org/2000/svg}svg"):
        count += 1
        if svg.get("role") != "img":
            fail(f"{what}: an <svg> without role=img")
        if svg.find("{http://www.w3.org/2000/svg}title") is None:
            fail(f"{what}: an <svg> without <title>")
    return count


def write(path, text):
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


with tempfile.TemporaryDirectory(prefix="siege-chronicle-") as work:
    # ------------------------------------------------------------ the evening
    state = os.path.join(work, "evening.json")
    p = subprocess.run(["sh", os.path.join(source, "examples", "evening.sh"), siege, state],
                       capture_output=True, text=True)
    if p.returncode != 0:
        raise SystemExit(f"FAIL: examples/evening.sh: exit {p.returncode}: {p.stderr.strip()}")
    status = json.loads(run("--state", state, "--json", "status").stdout)
    log = json.loads(run("--state", state, "--json", "log").stdout)
    page = os.path.join(work, "evening.html")
    run("--state", state, "chronicle", "-o", page)
    html = open(page, encoding="utf-8").read()
    if run("--state", state, "chronicle").stdout != html:
        fail("the page on standard output differs from the one written with -o")
    doc = parse_strict(html, "evening.html")
    if doc is not None:
        check_no_outside(doc, html, "evening.html")
        charts = check_svgs(doc, "evening.html")
        text = text_of(doc)
        headings = [text_of(h) for h in doc.iter() if local(h.tag) in {"h1", "h2", "h3"}]
        for want in ["The castle at a glance", "Hull suffered over the scenes", "Scene by scene", "The outlook"]:
            if want not in headings:
                fail(f"evening.html: no heading '{want}'")
        if doc.find(f".//{NS}th") is None:
            fail("evening.html: no table header cells")
        rows = {}
        for tr in doc.iter(NS + "tr"):
            cells = [" ".join(text_of(c).split()) for c in tr]
            if cells:
                rows.setdefault(cells[0], []).append(cells)
        for s in status["sections"]:
            want = f"{s['hull']['suffered']} / {s['hull']['max']}"
            if not any(want in " ".join(r) and s["state"] in " ".join(r) for r in rows.get(s["id"], [])):
                fail(f"evening.html: no row for section {s['id']} with {want} and {s['state']}")
            if f"Hull suffered by {s['id']}" not in text:
                fail(f"evening.html: no chart of section {s['id']}")
        for e in status["engines"]:
            if e["id"] not in rows:
                fail(f"evening.html: no row for engine {e['id']}")
            elif e["hull"] is not None:
                want = f"{e['hull']['suffered']} / {e['hull']['max']}"
                if not any(want in " ".join(r) for r in rows[e["id"]]):
                    fail(f"evening.html: engine {e['id']} is not shown with {want}")
        ids = {el.get("id") for el in doc.iter() if el.get("id")}
        for entry in log["entries"]:
            if f"entry-{entry['entry']}" not in ids:
                fail(f"evening.html: no element for log entry {entry['entry']}")
            if f"--seed {entry['seed']} {entry['action']}" not in text:
                fail(f"evening.html: log entry {entry['entry']} is not shown with its seed and action")
        # A Hull bar and a Hull chart for each section at least.
        if charts < 2 * len(status["sections"]):
            fail(f"evening.html: {charts} SVG images, fewer than expected")
    md = run("--state", state, "--format", "markdown", "chronicle").stdout
    if "<svg" in md or "<" in md.replace("&lt;", ""):
        fail("evening.md: holds markup")
    for s in status["sections"]:
        if f"| {s['id']} |" not in md.replace("\\-", "-"):
            fail(f"evening.md: no row for section {s['id']}")
    for e in status["engines"]:
        if f"| {e['id']} |" not in md:
            fail(f"evening.md: no row for engine {e['id']}")
    for entry in log["entries"]:
        if f"#### Entry {entry['entry']}:" not in md:
            fail(f"evening.md: no heading for log entry {entry['entry']}")

    # ------------------------------------------------------------ hostile names
    name = "<script>alert(\"x\")</script> & 'quoted' \u00c9chec \u57ce <b>bold</b> \u0007bell ]]> <!-- -->"
    description = {
        "name": name,
        "sections": [{"id": "north-wall", "structure": "curtain-wall"}, {"id": "gate", "structure": "castle-gate"}],
        "besiegers": [{"id": "bombard", "engine": "bombard", "pool": 4, "target": "north-wall"},
                      {"id": "ram", "engine": "ram-shed", "target": "gate"}],
        "defenders": [{"id": "ballista", "weapon": "ballista", "target": "ram"}],
        "units": [{"id": "sappers", "side": "besieger", "figures": 12},
                  {"id": "champion", "side": "besieger", "hero": True},
                  {"id": "garrison", "side": "defender", "figures": 20}],
    }
    desc = os.path.join(work, "hostile.description.json")
    write(desc, json.dumps(description))
    hostile = os.path.join(work, "hostile.json")
    run("init", hostile, "--from", desc)
    run("--state", hostile, "--seed", "5", "scene")
    run("--state", hostile, "attack", "--section", "north-wall", "--weapon", "cannon", "--successes", "2")
    # A hand-edited entry: its inputs carry markup, and it no longer replays.
    st = json.load(open(hostile))
    st["log"][-1]["inputs"]["weapon"] = "<img src=x onerror=alert(1)>"
    write(hostile, json.dumps(st))
    for fmt in ["html", "markdown"]:
        out = run("--state", hostile, "--format", fmt, "chronicle").stdout
        what = f"hostile ({fmt})"
        if fmt == "html":
            doc = parse_strict(out, what)
            if doc is None:
                continue
            check_no_outside(doc, out, what)
            check_svgs(doc, what)
            if [local(el.tag) for el in doc.iter() if local(el.tag) in {"b", "script", "img"}]:
                fail(f"{what}: a name became markup")
            text = text_of(doc)
            title = text_of(doc.find(f".//{NS}title"))
            if "<script>alert(\"x\")</script> & 'quoted' \u00c9chec \u57ce <b>bold</b>" not in title:
                fail(f"{what}: the name is not the title, as text: {title!r}")
            if "\\x07bell" not in text or "\u0007" in out:
                fail(f"{what}: the control character is not shown escaped")
            if "<img src=x onerror=alert(1)>" not in text:
                fail(f"{what}: the hand-edited input is not shown as text")
            for unit in description["units"]:
                if unit["id"] not in text:
                    fail(f"{what}: unit {unit['id']} is not on the page")
            if "does not replay" not in text:
                fail(f"{what}: the entry that does not replay is not pointed out")
        else:
            if re.search(r"<(script|b|img)\b", out):
                fail(f"{what}: a name is markup in the Markdown")
            if "&lt;script>" not in out or "&amp;" not in out:
                fail(f"{what}: the name is not escaped in the Markdown")
            for unit in description["units"]:
                if unit["id"] not in out:
                    fail(f"{what}: unit {unit['id']} is not in the Markdown")

for f in failures:
    print("FAIL:", f)
print(f"chronicle pages checked; {len(failures)} problem(s)")
sys.exit(1 if failures else 0)
