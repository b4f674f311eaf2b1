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
    right edge (sideways scrolling; text inside an SVG counts), but for what
    stands in a frame that scrolls on its own (the plan's);
  - two text elements of one SVG whose boxes overlap (a chart's labels);
  - a label of the castle's plan (svg.plan) smaller than SMALLEST_LABEL CSS px
    on the screen: its font size times the SVG's scale (getScreenCTM);
  - a plan wider than the screen whose frame does not open on its middle;
  - a frame that reported nothing (axe did not finish).
"""
import json
import os
import re
import shutil
import sys

WIDTHS = [390, 1280]
# The least size of a label of the castle's plan on the screen, in CSS px
# (issue 40: the plan reads on a phone).
SMALLEST_LABEL = 11

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
  // Whether `el` stands in a frame that scrolls sideways on its own (the
  // frame itself is measured as any element: it must fit the screen).
  function framed(el) {
    for (var p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      var o = getComputedStyle(p).overflowX;
      if (o === 'auto' || o === 'scroll' || o === 'hidden') return true;
    }
    return false;
  }
  // The smallest label of each SVG as the reader sees it: its font size
  // in the SVG's units times the SVG's scale on the screen, in CSS px.
  function label_sizes() {
    var found = [], svgs = document.getElementsByTagName('svg');
    for (var k = 0; k < svgs.length; k++) {
      var texts = svgs[k].querySelectorAll('text, tspan'), least = null, which = '';
      for (var a = 0; a < texts.length; a++) {
        var m = texts[a].getScreenCTM();
        // a text's own size, or its tspans' where it has them
        if (!m || !(texts[a].textContent || '').trim() ||
            (texts[a].tagName === 'text' && texts[a].getElementsByTagName('tspan').length)) continue;
        var px = parseFloat(getComputedStyle(texts[a]).fontSize) * Math.sqrt(m.a * m.a + m.b * m.b);
        if (least === null || px < least) { least = px; which = texts[a].textContent.trim().slice(0, 40); }
      }
      if (least === null) continue;
      var title = svgs[k].getElementsByTagName('title')[0];
      found.push({svg: svgs[k].getAttribute('class') || '', title: title ? title.textContent.slice(0, 40) : '',
                  labels: texts.length, least: Math.round(least * 100) / 100, text: which});
    }
    return found;
  }
  // How far the plan's frame is scrolled sideways, of how far it can be.
  function plan_frame() {
    var f = document.querySelector('.plan-frame');
    return f ? {left: Math.round(f.scrollLeft), most: f.scrollWidth - f.clientWidth} : null;
  }
  function measure() {
    var width = document.documentElement.clientWidth, out = [], overlaps = [];
    var all = document.body.getElementsByTagName('*');
    for (var i = 0; i < all.length; i++) {
      var r = all[i].getBoundingClientRect();
      if (r.width > 0 && r.height > 0 && r.right > width + 1 && !framed(all[i]))
        out.push(name(all[i]) + ' reaches ' + Math.round(r.right) + ' px');
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
            overflow_count: out.length, overlaps: overlaps, labels: label_sizes(), frame: plan_frame()};
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
        plans = [l for l in f["labels"] if l["svg"] == "plan"]
        if not plans:
            problems.append(f"{w} px: the page has no plan (svg.plan) whose labels could be measured")
        for l in plans:
            if l["least"] < SMALLEST_LABEL:
                problems.append(f"{w} px: the plan's label \"{l['text']}\" is {l['least']} px on the screen, "
                                f"under {SMALLEST_LABEL} px")
        frame = f["frame"]
        if frame is None:
            problems.append(f"{w} px: the page has no plan frame (.plan-frame)")
        elif abs(frame["left"] - frame["most"] / 2) > 2:
            problems.append(f"{w} px: the plan's frame opens scrolled {frame['left']} px of {frame['most']}, "
                            "not on the middle of the castle")
        summary.append(f"{len(f['violations'])} axe-core {f['axe']} violation(s) at {w} px"
                       + "".join(f", the plan's smallest label {l['least']} px" for l in plans))
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
