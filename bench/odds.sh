#!/bin/sh
# Speed of `siege odds scene` (issue 6: odds of the coming scenes).
#
#   bench/odds.sh [path/to/siege]
#
# A siege with 4 besieger engines on one section, each of them shot at by a
# defender engine (so the chain is joint over the wall and all 4 engines),
# looked at 4 scenes ahead. Prints the median wall time of one
# `siege --state FILE odds scene --scenes 4`, process start included
# (hyperfine when installed, else a timed loop), against the 50 ms target,
# and the instructions it executes (callgrind, when installed; repeatable
# whatever the load). Exits 1 if the target is missed.
set -eu
siege=${1:-build/release/siege}
[ -x "$siege" ] || { echo "no siege binary at $siege (build first)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cat >"$work/description.json" <<'JSON'
{
  "name": "Four guns on the north wall",
  "sections": [{"id": "north-wall", "structure": "curtain-wall", "hull_suffered": 3}],
  "besiegers": [
    {"id": "great-bombard", "engine": "bombard", "pool": 4, "target": "north-wall"},
    {"id": "cannon-1", "weapon": "cannon", "pool": 3, "target": "north-wall"},
    {"id": "cannon-2", "weapon": "cannon", "pool": 3, "target": "north-wall"},
    {"id": "trebuchet", "engine": "trebuchet", "pool": 3, "target": "north-wall"}
  ],
  "defenders": [
    {"id": "wall-gun", "weapon": "culverin", "pool": 3, "target": "great-bombard"},
    {"id": "tower-gun", "weapon": "cannon", "pool": 3, "target": "cannon-1"},
    {"id": "gate-mangonel", "weapon": "mangonel", "pool": 3, "target": "cannon-2"},
    {"id": "keep-ballista", "weapon": "ballista", "pool": 3, "target": "trebuchet"}
  ]
}
JSON
state=$work/siege.json
"$siege" init "$state" --from "$work/description.json" >/dev/null
set -- "$siege" --state "$state" odds scene --scenes 4
"$@" >/dev/null

fail=0
if command -v hyperfine >/dev/null 2>&1; then
  hyperfine -N --warmup 5 --runs 100 --export-json "$work/times.json" "$*" >/dev/null 2>&1 ||
    hyperfine --warmup 5 --runs 100 --export-json "$work/times.json" "$*" >/dev/null
  median=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["results"][0]["median"])' "$work/times.json")
  how="hyperfine, 100 runs"
else
  median=$(python3 - "$@" <<'PY'
import statistics, subprocess, sys, time
times = []
for _ in range(50):
    start = time.perf_counter()
    subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True)
    times.append(time.perf_counter() - start)
print(statistics.median(times))
PY
)
  how="timed loop of 50 runs; hyperfine not installed"
fi
ms=$(python3 -c "print(f'{$median * 1000:.1f}')")
verdict=$(python3 -c "print('ok' if $median < 0.050 else 'OVER')")
echo "odds scene: 4 engines (each shot at) on one section, 4 scenes: median $ms ms ($how; target < 50 ms) $verdict"
[ "$verdict" = ok ] || fail=1

if command -v valgrind >/dev/null 2>&1; then
  n=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
  echo "odds scene: $n instructions per run"
fi
exit $fail
