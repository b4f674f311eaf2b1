#!/bin/sh
# Speed of `siege chronicle` (issue 18: the siege chronicle).
#
#   bench/chronicle.sh [path/to/siege]
#
# Plays the example evening (examples/evening.sh) and prints the median wall
# time of one `siege --state FILE chronicle -o PAGE`, process start
# included (hyperfine when installed, else a timed loop), against the 50 ms
# target, for the HTML page and the Markdown; then the instructions one run
# executes (callgrind, when installed; repeatable whatever the load), and the
# sizes of what it writes; then the HTML page of two sieges at the state
# file's limits (1000 units; 1000 sections and engines) against 1 s. Exits 1
# if a target is missed.
set -eu
siege=${1:-build/release/siege}
[ -x "$siege" ] || { echo "no siege binary at $siege (build first)" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
state=$work/evening.json
sh "$here/../examples/evening.sh" "$siege" "$state" >/dev/null

. "$here/lib.sh"
how=$(timing_method)

fail=0
for format in html markdown; do
  set -- "$siege" --state "$state" --format "$format" chronicle -o "$work/page.$format"
  "$@" >/dev/null
  median=$(median_seconds "$@")
  ms=$(python3 -c "print(f'{$median * 1000:.1f}')")
  verdict=$(python3 -c "print('ok' if $median < 0.050 else 'OVER')")
  echo "chronicle ($format) of the example evening: median $ms ms, $(wc -c <"$work/page.$format") bytes ($how; target < 50 ms) $verdict"
  [ "$verdict" = ok ] || fail=1
  n=$(instructions "$@")
  [ -z "$n" ] || echo "chronicle ($format): $n instructions per run"
done

# Sieges at the state file's limits, where the plan of the castle has the
# most to lay out (the players' screen, `siege serve`, draws this page after
# every change and promises it within a second): 1000 units (the most a
# siege holds), half of them within the walls; and 1000 sections with 1000
# engines, one aimed at each, and 100 units.
python3 - "$work" <<'PY'
import json, sys
work = sys.argv[1]
units = [{"id": f"u{i:04}", "side": "defender" if i % 2 else "besieger", "figures": 10} for i in range(1000)]
json.dump({"schema": 1, "name": "A thousand units", "scene_length": "week",
           "sections": [{"id": "north-wall", "structure": "curtain-wall"},
                        {"id": "gatehouse", "structure": "castle-gate"}],
           "besiegers": [], "defenders": [], "units": units}, open(f"{work}/units.json", "w"))
sections = [{"id": f"s{i:04}", "structure": "curtain-wall"} for i in range(1000)]
engines = [{"id": f"e{i:04}", "weapon": "cannon", "pool": 3, "target": f"s{i:04}"} for i in range(1000)]
json.dump({"schema": 1, "name": "A thousand sections", "scene_length": "week", "sections": sections,
           "besiegers": engines, "defenders": [], "units": units[:100]}, open(f"{work}/sections.json", "w"))
PY
for siege_of in units sections; do
  "$siege" init "$work/$siege_of-state.json" --from "$work/$siege_of.json" >/dev/null
  set -- "$siege" --state "$work/$siege_of-state.json" chronicle -o "$work/$siege_of.html"
  "$@" >/dev/null
  median=$(median_seconds "$@")
  ms=$(python3 -c "print(f'{$median * 1000:.1f}')")
  verdict=$(python3 -c "print('ok' if $median < 1.0 else 'OVER')")
  echo "chronicle (html) of 1000 $siege_of: median $ms ms, $(wc -c <"$work/$siege_of.html") bytes ($how; target < 1 s) $verdict"
  [ "$verdict" = ok ] || fail=1
done
exit $fail
