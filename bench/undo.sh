#!/bin/sh
# Speed of `siege undo --to 1` on a long log (issue 24, R40).
#
#   bench/undo.sh [path/to/siege] [ENTRIES]
#
# Makes a siege of the example castle with ENTRIES log entries (default
# 10,000: a scene every 100 entries, attacks, checks and notes, written by
# one batch), then prints the median wall time of one `undo --to 1` on a
# fresh copy of it, process start included (each run undoes the same file:
# the copy is made outside the time), against the 1 s target, with the size
# of the file before and after. Undo replays what is left once (one entry
# here), and reads and writes the file once; the redo list it writes
# (9,999 entries) is read back once to check it. Then the same for `redo
# --count 9999`, which must replay every entry it puts back. Exits 1 if
# undo misses its target.
set -eu
siege=${1:-build/release/siege}
entries=${2:-10000}
[ -x "$siege" ] || { echo "no siege binary at $siege (build first)" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
state=$work/long.json
"$siege" init "$state" --from "$here/../examples/castle-siege.json" >/dev/null
python3 "$here/gen_log.py" "$entries" >"$work/lines.jsonl"
"$siege" --state "$state" batch --fail-fast "$work/lines.jsonl" >/dev/null
logged=$("$siege" --state "$state" --json status | sed -n 's/.*"log_entries":\([0-9]*\).*/\1/p')
test "$logged" = "$entries" || { echo "undo.sh: the siege has $logged entries, not $entries" >&2; exit 1; }

# median_of CMD...: the median wall time of CMD run on a fresh copy of the file.
median_of() {
  python3 - "$state" "$work/copy.json" "$@" <<'PY'
import shutil, statistics, subprocess, sys, time
src, copy, cmd = sys.argv[1], sys.argv[2], sys.argv[3:]
times = []
for _ in range(11):
    shutil.copyfile(src, copy)
    start = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, check=True)
    times.append(time.perf_counter() - start)
print(statistics.median(times))
PY
}

before=$(wc -c <"$state")
median=$(median_of "$siege" --state "$work/copy.json" undo --to 1)
after=$(wc -c <"$work/copy.json")
ms=$(python3 -c "print(f'{$median * 1000:.0f}')")
verdict=$(python3 -c "print('ok' if $median < 1.0 else 'OVER')")
echo "undo --to 1 on $entries entries ($before bytes -> $after bytes): median $ms ms (11 runs; target < 1 s) $verdict"

cp "$state" "$work/full.json"
"$siege" --state "$state" undo --to 1 >/dev/null
median=$(median_of "$siege" --state "$work/copy.json" redo --count "$((entries - 1))")
ms=$(python3 -c "print(f'{$median * 1000:.0f}')")
cmp -s "$work/copy.json" "$work/full.json" || { echo "undo.sh: undo then redo did not give back the file" >&2; exit 1; }
echo "redo --count $((entries - 1)) of that file: median $ms ms (11 runs; it replays every entry it puts back)"
[ "$verdict" = ok ]
