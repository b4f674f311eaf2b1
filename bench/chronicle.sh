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
# sizes of what it writes. Exits 1 if the target is missed.
set -eu
siege=${1:-build/release/siege}
[ -x "$siege" ] || { echo "no siege binary at $siege (build first)" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
state=$work/evening.json
sh "$here/../examples/evening.sh" "$siege" "$state" >/dev/null

median_of() {
  if command -v hyperfine >/dev/null 2>&1; then
    hyperfine -N --warmup 5 --runs 100 --export-json "$work/times.json" "$*" >/dev/null 2>&1 ||
      hyperfine --warmup 5 --runs 100 --export-json "$work/times.json" "$*" >/dev/null
    python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["results"][0]["median"])' "$work/times.json"
  else
    python3 - "$@" <<'PY'
import statistics, subprocess, sys, time
times = []
for _ in range(50):
    start = time.perf_counter()
    subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True)
    times.append(time.perf_counter() - start)
print(statistics.median(times))
PY
  fi
}
how="hyperfine, 100 runs"
command -v hyperfine >/dev/null 2>&1 || how="timed loop of 50 runs; hyperfine not installed"

fail=0
for format in html markdown; do
  set -- "$siege" --state "$state" --format "$format" chronicle -o "$work/page.$format"
  "$@" >/dev/null
  median=$(median_of "$@")
  ms=$(python3 -c "print(f'{$median * 1000:.1f}')")
  verdict=$(python3 -c "print('ok' if $median < 0.050 else 'OVER')")
  echo "chronicle ($format) of the example evening: median $ms ms, $(wc -c <"$work/page.$format") bytes ($how; target < 50 ms) $verdict"
  [ "$verdict" = ok ] || fail=1
  if command -v valgrind >/dev/null 2>&1; then
    n=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
      sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
    echo "chronicle ($format): $n instructions per run"
  fi
done
exit $fail
