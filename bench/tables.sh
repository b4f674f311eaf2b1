#!/bin/sh
# Loading a large homebrew table with --data (issue 14: the loader was
# quadratic in rows).
#
#   bench/tables.sh [path/to/siege] [ROWS]
#
# Writes a weapons.json of ROWS weapons (default 150,000) and a quarter-size
# one, times `siege --data DIR list weapons --json` on each (CPU seconds,
# the best of 3 runs) and prints the seconds. Targets: the full table loads in
# under 10 s, and four times the rows cost less than eight times the time
# (linear: about 4x; the old quadratic loader took 16x). Exits 1 if missed.
set -eu
siege=${1:-build/release/siege}
rows=${2:-150000}
[ -x "$siege" ] || { echo "no siege binary at $siege (build first)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

gen() {  # gen ROWS DIR: DIR/weapons.json with ROWS weapons, ids w0, w1, ... (150,000: 13.7 MB, under the 16 MiB cap)
  mkdir -p "$2"
  awk -v n="$1" 'BEGIN {
    printf "[\n"
    for (i = 0; i < n; i++)
      printf "{\"id\":\"w%d\",\"name\":\"Weapon %d\",\"hull_damage\":%d,\"pierce\":%d,\"crit\":2,\"mount\":\"heavy\"}%s\n", i, i, i % 10, i % 3, (i + 1 < n ? "," : "")
    printf "]\n"
  }' > "$2/weapons.json"
}

seconds() {  # seconds DIR: the least CPU time (user + system) of 3 runs
  # CPU time, not wall time: the figure holds when other work shares the
  # machine (wall time without /usr/bin/time, Debian package "time").
  best=""
  for _ in 1 2 3; do
    if [ -x /usr/bin/time ]; then
      /usr/bin/time -f '%U %S' -o "$work/time" "$siege" --data "$1" list weapons --json > "$work/out.json"
      t=$(awk '{ print $1 + $2 }' "$work/time")
    else
      start=$(date +%s.%N)
      "$siege" --data "$1" list weapons --json > "$work/out.json"
      end=$(date +%s.%N)
      t=$(python3 -c "print($end - $start)")
    fi
    best=$(python3 -c "t = $t; b = '$best'; print(round(min(t, float(b)) if b else t, 3))")
  done
  echo "$best"
}

quarter=$((rows / 4))
gen "$rows" "$work/full"
gen "$quarter" "$work/quarter"
fail=0
t_full=$(seconds "$work/full")
listed=$(python3 -c "import json, sys; print(len(json.load(open(sys.argv[1]))))" "$work/out.json")
t_quarter=$(seconds "$work/quarter")
size=$(wc -c < "$work/full/weapons.json")
echo "tables: $quarter weapons: $t_quarter s CPU"
echo "tables: $rows weapons ($size bytes): $t_full s CPU (target < 10 s), $listed rows listed"
python3 - "$t_quarter" "$t_full" <<'PY' || fail=1
import sys
q, f = float(sys.argv[1]), float(sys.argv[2])
ratio = f / max(q, 0.001)
print(f"tables: 4x the rows cost {ratio:.1f}x the time (linear about 4x; target < 8x)")
sys.exit(0 if f < 10 and ratio < 8 else 1)
PY
# The built-in rows (12 or so) come first in the list, then the new ones.
[ "$listed" -gt "$rows" ] || { echo "tables: expected more than $rows rows listed, got $listed"; fail=1; }
exit $fail
