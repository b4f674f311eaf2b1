#!/bin/sh
# Speed of `siege advise` (issue 43, R45: the best plan of aims, exactly).
#
#   bench/advise.sh [path/to/siege]
#
# - examples/castle-siege.json, 4 scenes, each side: the median wall time of
#   one `siege --state FILE advise --side S`, process start included
#   (hyperfine when installed, else a timed loop), against 1 s.
# - 12 besieger engines of 3 kinds (4 alike each) on 6 sections, 4 scenes:
#   answered exactly, target under 2 s (median CPU of 3 runs); and the same
#   with one kind held (--keep), 8 engines of 2 kinds.
# - 12 besieger engines all different on 6 sections, 4 scenes: answered, or
#   refused under 50 ms naming what to ask instead (--keep, fewer scenes).
# For each answered question: the plans weighed (every one) against the
# sections' chains played ("plans", "chains" of --json). Exits 1 if a target
# is missed.
set -eu
siege=${1:-build/release/siege}
[ -x "$siege" ] || { echo "no siege binary at $siege (build first)" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
. "$here/lib.sh"
how=$(timing_method)

fail=0
castle=$work/castle.json
"$siege" init "$castle" --from "$here/../examples/castle-siege.json" >/dev/null
for side in besieger defender; do
  set -- "$siege" --state "$castle" advise --side "$side"
  "$@" >/dev/null
  median=$(median_seconds "$@")
  counts=$("$siege" --state "$castle" --json advise --side "$side" |
    python3 -c 'import json, sys; d = json.load(sys.stdin); print(d["plans"], "plans weighed,", d["chains"], "chains played")')
  verdict=$(python3 -c "print('ok' if $median < 1.0 else 'OVER')")
  echo "advise, castle-siege.json, $side, 4 scenes: $counts; median $(python3 -c "print(f'{$median * 1000:.1f}')") ms ($how; target < 1 s) $verdict"
  [ "$verdict" = ok ] || fail=1
done

python3 - "$siege" "$work" <<'PY' || fail=1
import json, os, resource, statistics, subprocess, sys
siege, work = sys.argv[1], sys.argv[2]
sections = [{"id": f"s-{i}", "structure": ("curtain-wall", "tower", "castle-gate")[i % 3]} for i in range(6)]
def siege_of(name, engines):
    """engines: (id, weapon or engine row, pool) of each besieger engine, all aimed at s-0."""
    d = {"name": name, "sections": sections, "besiegers": []}
    for id_, what, pool in engines:
        key = "engine" if what in ("bombard", "trebuchet", "ram-shed") else "weapon"
        d["besiegers"].append({"id": id_, key: what, "pool": pool, "target": "s-0"})
    path = os.path.join(work, name + ".json")
    json.dump(d, open(path + ".in", "w"))
    subprocess.run([siege, "init", path, "--from", path + ".in"], check=True, stdout=subprocess.DEVNULL)
    return path
alike = siege_of("alike", [(f"cannon-{p}-{j}", "cannon", p) for p in (2, 3, 4) for j in range(4)])
kinds = ("cannon", "culverin", "mangonel", "ballista", "bombard", "trebuchet")
different = siege_of("different", [(f"gun-{i}", kinds[i % 6], 2 + i // 6) for i in range(12)])
held = [w for j in range(4) for w in ("--keep", f"cannon-4-{j}")]
cases = [  # (what, state, more arguments, must be answered?, target seconds)
    ("12 engines of 3 kinds (4 alike each) on 6 sections", alike, [], True, 2.0),
    ("the same, one kind held (--keep): 8 engines of 2 kinds", alike, held, True, 2.0),
    ("12 engines all different on 6 sections", different, [], False, 0.05),
]
over = False
for what, state, more, must, target in cases:
    times = []
    for _ in range(3):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        p = subprocess.run([siege, "--state", state, "--json", "advise", "--scenes", "4", *more],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        times.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    t = statistics.median(times)
    if p.returncode == 0:
        d = json.loads(p.stdout)
        got = f"answered: {d['plans']} plans weighed, {d['chains']} chains played"
        ok = t < target
    elif '"too-large"' in p.stdout:
        got = "refused at once (too-large; it names --keep ENGINE" + (
            " and fewer --scenes)" if "--scenes" in p.stderr else ")")
        ok = not must and t < 0.05 and "--keep" in p.stderr
    else:
        got, ok = "FAILED: " + p.stderr.strip()[:160], False
    verdict = "ok" if ok else "OVER"
    over = over or not ok
    goal = ("answered" if must else "answered, or refused") + f" in < {target * 1000:.0f} ms"
    print(f"advise, {what}, 4 scenes: {got}; median {t * 1000:.0f} ms CPU (3 runs; target: {goal}) {verdict}")
sys.exit(1 if over else 0)
PY
exit $fail
