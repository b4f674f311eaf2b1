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
exit $fail
