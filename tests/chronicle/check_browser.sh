#!/bin/sh
# The chronicle of the example evening in a real browser: headless Chromium
# renders it to a screenshot and to PDF (A4, from the print stylesheet)
# without a console message or a request for anything, and the DOM it
# builds (--dump-dom) holds the numbers of the state file. A page with a
# console error first proves that such errors are seen. Then the page at a
# phone's width (390 px) and a desktop's (1280 px), with axe-core's
# accessibility rules run inside it (tests/chronicle/axe_check.py): no
# violation, no sideways scrolling, no two labels of a chart on top of each
# other.
#
#   check_browser.sh SIEGE SOURCE_DIR
#
# Chromium is a test tool (tools/install-deps --test): without it the test is
# skipped (77), or fails under tools/test-all (tests/install/need_tool.sh).
# So is axe-core, the one release tests/chronicle/axe/ pins, which
# install-deps puts where tests/chronicle/axe/axe.sh says. It runs as root
# in CI, hence --no-sandbox.
set -eu
siege=$1
source=$2
. "$(dirname "$0")/../install/need_tool.sh"
need_tool chromium chromium
need_tool python3 python3
axe_pins=$(dirname "$0")/axe
# shellcheck source=axe/axe.sh
. "$axe_pins/axe.sh"
if [ ! -f "$axe_js" ]; then
  what="axe-core $axe_version is not in $axe_dir (tools/install-deps --test installs it with npm)"
  [ "${SIEGE_REQUIRE_TOOLS:-0}" = 1 ] && { echo "FAIL: $what" >&2; exit 1; }
  echo "skipped: $what"
  exit 77
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/siege-browser.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail=0

sh "$source/examples/evening.sh" "$siege" "$work/evening.json" >/dev/null
"$siege" --state "$work/evening.json" chronicle -o "$work/evening.html" >/dev/null
"$siege" --state "$work/evening.json" --json status >"$work/status.json"

# Every request but file:// fails to resolve, so a page that asked for
# anything would log a failed load.
browse() {
  log=$1
  shift
  timeout 60 chromium --headless --no-sandbox --disable-gpu --no-first-run --hide-scrollbars \
    --disable-extensions --disable-background-networking --disable-component-update --no-default-browser-check \
    --host-resolver-rules="MAP * ~NOTFOUND" --user-data-dir="$work/profile" \
    --enable-logging=stderr --v=0 --window-size="${window:-1000,1400}" "$@" 2>"$log"
}
# Console messages, failed loads and script errors, as Chromium logs them.
problems() { grep -E "CONSOLE|Uncaught|Failed to load|ERR_NAME_NOT_RESOLVED|net::ERR" "$1" || true; }

printf '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>t</title></head><body><p>x</p><script>console.error("seen-by-the-check")</script></body></html>\n' >"$work/control.html"
browse "$work/control.log" --dump-dom "file://$work/control.html" >/dev/null || true
if ! grep -q "seen-by-the-check" "$work/control.log"; then
  echo "FAIL: a console error on a control page is not in Chromium's log: this check would not see one" >&2
  fail=1
fi

browse "$work/shot.log" --screenshot="$work/evening.png" "file://$work/evening.html" >/dev/null ||
  { echo "FAIL: chromium --screenshot failed" >&2; cat "$work/shot.log" >&2; fail=1; }
browse "$work/pdf.log" --no-pdf-header-footer --print-to-pdf="$work/evening.pdf" "file://$work/evening.html" \
  >/dev/null || { echo "FAIL: chromium --print-to-pdf failed" >&2; cat "$work/pdf.log" >&2; fail=1; }
browse "$work/dom.log" --dump-dom "file://$work/evening.html" >"$work/dom.html" ||
  { echo "FAIL: chromium --dump-dom failed" >&2; cat "$work/dom.log" >&2; fail=1; }
for log in shot pdf dom; do
  p=$(problems "$work/$log.log")
  if [ -n "$p" ]; then
    echo "FAIL: chromium ($log) logged:" >&2
    echo "$p" >&2
    fail=1
  fi
done

python3 - "$work" <<'PY' || fail=1
import json, os, re, sys
from html.parser import HTMLParser
work = sys.argv[1]
problems = []
png = open(os.path.join(work, "evening.png"), "rb").read() if os.path.exists(os.path.join(work, "evening.png")) else b""
if not png.startswith(b"\x89PNG") or len(png) < 10000:
    problems.append(f"the screenshot is not a PNG of a page ({len(png)} bytes)")
pdf = open(os.path.join(work, "evening.pdf"), "rb").read() if os.path.exists(os.path.join(work, "evening.pdf")) else b""
if not pdf.startswith(b"%PDF"):
    problems.append("the print is not a PDF")
else:
    # A4 is 595 x 842 points; Chromium writes its MediaBox with decimals.
    boxes = re.findall(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", pdf)
    if not boxes or not all(abs(float(w) - 595.3) < 2 and abs(float(h) - 841.9) < 2 for w, h in boxes):
        problems.append(f"the PDF's pages are not A4: {boxes[:3]}")
    if len(boxes) < 2:
        problems.append(f"the PDF has {len(boxes)} page(s); the evening takes more")

class Rows(HTMLParser):
    """The text of each table row, cell by cell."""
    def __init__(self):
        super().__init__()
        self.rows, self.row, self.cell = [], None, None
    def handle_starttag(self, tag, attrs):
        if tag == "tr":
            self.row = []
        elif tag in ("td", "th") and self.row is not None:
            self.cell = []
    def handle_endtag(self, tag):
        if tag in ("td", "th") and self.cell is not None:
            self.row.append(" ".join("".join(self.cell).split()))
            self.cell = None
        elif tag == "tr" and self.row is not None:
            self.rows.append(self.row)
            self.row = None
    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)

dom = open(os.path.join(work, "dom.html"), encoding="utf-8").read()
parser = Rows()
parser.feed(dom)
status = json.load(open(os.path.join(work, "status.json")))
by_id = {}
for r in parser.rows:
    if r:
        by_id.setdefault(r[0], []).append(" | ".join(r))
for s in status["sections"]:
    want = f"{s['hull']['suffered']} / {s['hull']['max']}"
    if not any(want in r and s["state"] in r for r in by_id.get(s["id"], [])):
        problems.append(f"the DOM has no row for section {s['id']} with {want}, {s['state']}")
for e in status["engines"]:
    want = f"{e['hull']['suffered']} / {e['hull']['max']}" if e["hull"] else e["id"]
    if not any(want in r for r in by_id.get(e["id"], [])):
        problems.append(f"the DOM has no row for engine {e['id']} with {want}")
camp = f"{status['camp']['hull']['suffered']} / {status['camp']['hull']['max']}"
if camp not in dom:
    problems.append(f"the DOM does not show the camp's {camp}")
if f"{status['scene']} scenes played" not in dom:
    problems.append(f"the DOM does not say {status['scene']} scenes were played")
for p in problems:
    print("FAIL:", p, file=sys.stderr)
sys.exit(1 if problems else 0)
PY
# At 390 and 1280 px, axe-core inside the page (two iframes, one load).
mkdir "$work/axe"
python3 "$source/tests/chronicle/axe_check.py" make "$work/axe" "$work/evening.html" "$axe_js"
window=1400,1000 browse "$work/axe.log" --virtual-time-budget=20000 --dump-dom "file://$work/axe/frames.html" \
  >"$work/axe.html" || { echo "FAIL: chromium --dump-dom (axe) failed" >&2; cat "$work/axe.log" >&2; fail=1; }
python3 "$source/tests/chronicle/axe_check.py" judge "$work/axe.html" || fail=1

[ "$fail" = 0 ] && echo "chromium rendered the chronicle (screenshot, A4 PDF, DOM) without a console message or a request"
exit "$fail"
