#!/usr/bin/env python3
"""The chronicle at a phone's width and a desktop's, in headless Chromium:
axe-core's accessibility rules, sideways scrolling, and overlapping labels.

    axe_check.py make WORK PAGE AXE_JS   write WORK/frames.html (then load it in chromium --dump-dom)
    axe_check.py judge DOM               read the DOM chromium dumped; exit 1 on any problem

`make` copies PAGE (the chronicle, which holds no script) to WORK/page.html
with two scripts added at its end: axe-core (AXE_JS, copied beside it) and
one that runs axe.run() with its default rules, then measures the page,
and posts what it found to the window above. WORK/frames.html holds that
page twice, in an iframe 390 px wide (a phone) and one 1280 px wide (a
desktop); an iframe is a viewport of its own, so the page's media queries
see those widths (headless Chromium will not make a window narrower than
500 px). It writes each frame's findings into its own DOM, which
`chromium --dump-dom --virtual-time-budget=...` prints.

`judge` fails on, at each width:
  - any axe-core violation (the rule, its impact, how many elements, the first ones);
  - a page wider than the screen, or any element that reaches past its
    right edge (sideways scrolling; text inside an SVG counts);
  - two text elements of one SVG whose boxes overlap (a chart's labels);
  - a frame that reported nothing (axe did not finish).
"""
import json
import os
import re
import shutil
import sys

WIDTHS = [390, 1280]

PROBE = r"""<script>
(function () {
  function done(found) { parent.postMessage(JSON.stringify(found), '*'); }
  function box(r) { return [Math.round(r.left), Math.round(r.top), Math.round(r.right), Math.round(r.bottom)]; }
  function name(el) {
    var s = el.tagName.toLowerCase();
    if (el.id) s += '#' + el.id;
    if (el.getAttribute('class')) s += '.' + el.getAttribute('class').split(' ').join('.');
    var t = (el.textContent || '').trim().replace(/\s+/g, ' ');
    return s + (t ? ' "' + t.slice(0, 40) + '"' : '');
  }
  function measure() {
    var width = document.documentElement.clientWidth, out = [], overlaps = [];
    var all = document.body.getElementsByTagName('*');
    for (var i = 0; i < all.length; i++) {
      var r = all[i].getBoundingClientRect();
      if (r.width > 0 && r.height > 0 && r.right > width + 1) out.push(name(all[i]) + ' reaches ' + Math.round(r.right) + ' px');
    }
    var svgs = document.getElementsByTagName('svg');
    for (var k = 0; k < svgs.length; k++) {
      var texts = svgs[k].getElementsByTagName('text'), rects = [];
      for (var a = 0; a < texts.length; a++) rects.push(texts[a].getBoundingClientRect());
      for (var a = 0; a < texts.length; a++)
        for (var b = a + 1; b < texts.length; b++) {
          var p = rects[a], q = rects[b];
          var w = Math.min(p.right, q.right) - Math.max(p.left, q.left);
          var h = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
          if (w > 1 && h > 1) {
            var title = svgs[k].getElementsByTagName('title')[0];
            overlaps.push((title ? title.textContent : 'an svg') + ': "' + texts[a].textContent + '" ' +
                          JSON.stringify(box(p)) + ' and "' + texts[b].textContent + '" ' + JSON.stringify(box(q)));
          }
        }
    }
    return {width: width, page_width: document.documentElement.scrollWidth, overflow: out.slice(0, 10),
            overflow_count: out.length, overlaps: overlaps};
  }
  try {
    axe.run(document, {resultTypes: ['violations']}).then(function (r) {
      var found = measure();
      found.axe = axe.version;
      found.violations = r.violations.map(function (v) {
        return {id: v.id, impact: v.impact, nodes: v.nodes.length,
                first: v.nodes.slice(0, 3).map(function (n) { return n.target.join(' '); })};
      });
      done(found);
    }, function (e) { done({error: 'axe.run failed: ' + e}); });
  } catch (e) { done({error: 'axe did not start: ' + e}); }
})();
</script>
"""

FRAMES = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>the chronicle at two widths</title>
<style>body{{margin:0}}iframe{{display:block;border:0;height:900px}}</style></head><body>
{frames}
<pre id="found"></pre>
<script>
var found = {{}};
window.addEventListener('message', function (e) {{
  var f = JSON.parse(e.data);
  for (var i = 0; i < frames.length; i++) if (frames[i] === e.source) found[document.getElementsByTagName('iframe')[i].id] = f;
  document.getElementById('found').textContent = JSON.stringify(found);
}});
</script>
</body></html>
"""


def make(work, page, axe_js):
    html = open(page, encoding="utf-8").read()
    if "</body>" not in html:
        raise SystemExit(f"FAIL: {page} has no </body>")
    shutil.copy(axe_js, os.path.join(work, "axe.min.js"))
    probe = '<script src="axe.min.js"></script>\n' + PROBE
    with open(os.path.join(work, "page.html"), "w", encoding="utf-8") as f:
        f.write(html.replace("</body>", probe + "</body>", 1))
    frames = "\n".join(f'<iframe id="w{w}" title="the chronicle at {w} px" src="page.html" style="width:{w}px">'
                       f'</iframe>' for w in WIDTHS)
    with open(os.path.join(work, "frames.html"), "w", encoding="utf-8") as f:
        f.write(FRAMES.format(frames=frames))


def judge(dom_file):
    dom = open(dom_file, encoding="utf-8").read()
    m = re.search(r'<pre id="found">(.*?)</pre>', dom, re.S)
    text = m.group(1) if m else ""
    for a, b in (("&lt;", "<"), ("&gt;", ">"), ("&quot;", '"'), ("&amp;", "&")):
        text = text.replace(a, b)
    found = json.loads(text) if text.strip() else {}
    problems, summary = [], []
    for w in WIDTHS:
        f = found.get(f"w{w}")
        if f is None:
            problems.append(f"{w} px: the page reported nothing (axe did not finish in chromium's time budget)")
            continue
        if "error" in f:
            problems.append(f"{w} px: {f['error']}")
            continue
        if f["width"] != w:
            problems.append(f"{w} px: the frame's viewport is {f['width']} px wide")
        for v in f["violations"]:
            problems.append(f"{w} px: axe-core {f['axe']}: {v['id']} ({v['impact']}) on {v['nodes']} element(s): "
                            + ", ".join(v["first"]))
        if f["page_width"] > f["width"]:
            problems.append(f"{w} px: the page is {f['page_width']} px wide: it scrolls sideways")
        for o in f["overflow"]:
            problems.append(f"{w} px: past the right edge: {o}")
        if f["overflow_count"] > len(f["overflow"]):
            problems.append(f"{w} px: and {f['overflow_count'] - len(f['overflow'])} more elements past the edge")
        for o in f["overlaps"]:
            problems.append(f"{w} px: overlapping labels: {o}")
        summary.append(f"{len(f['violations'])} axe-core {f['axe']} violation(s) at {w} px")
    for p in problems:
        print("FAIL:", p, file=sys.stderr)
    print("; ".join(summary) if summary else "no results")
    return 1 if problems else 0


if __name__ == "__main__":
    if len(sys.argv) == 5 and sys.argv[1] == "make":
        make(sys.argv[2], sys.argv[3], sys.argv[4])
    elif len(sys.argv) == 3 and sys.argv[1] == "judge":
        sys.exit(judge(sys.argv[2]))
    else:
        raise SystemExit(__doc__)
