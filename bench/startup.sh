#!/bin/sh
# Start-up cost of single commands (issues: foundation, batch/odds).
#
#   bench/startup.sh [path/to/siege]
#
# Prints, for each command line below, the instructions executed
# (valgrind --tool=callgrind; repeatable whatever the load) against the
# 1.5 million budget, and the median wall time against /bin/true (hyperfine,
# same run) against the 1.5x budget. Exits 1 if any target is missed.
set -eu
siege=${1:-build/release/siege}
[ -x "$siege" ] || { echo "no siege binary at $siege (build first)" >&2; exit 2; }
budget=1500000
fail=0

command -v valgrind >/dev/null 2>&1 || { echo "valgrind not installed (apt-get install valgrind)" >&2; exit 2; }
. "$(dirname "$0")/lib.sh"

echo "== instructions per run (budget $budget)"
while IFS= read -r line; do
  [ -z "$line" ] && continue
  # shellcheck disable=SC2086
  n=$(instructions "$siege" $line)
  verdict=ok
  [ "$n" -le "$budget" ] || { verdict=OVER; fail=1; }
  printf '%10s  %-4s siege %s\n' "$n" "$verdict" "$line"
done <<'LINES'
attack --structure curtain-wall --weapon cannon --seed 1
attack --structure curtain-wall --weapon cannon --seed 1 --json
attack --structure castle-gate --portcullis --weapon ram --successes 2 --boons 2 --json
check --difficulty hard --pool 4 --seed 2
list structures
show curtain-wall --json
attack --structure nowhere --weapon cannon
attack --help
odds attack --structure curtain-wall --weapon cannon --attacks 3
odds check --difficulty hard --pool 4
odds demolish --structure stone-bridge --on-pier --charge powder-keg:2
odds mine --structure curtain-wall --sapper-pool 4
LINES
printf '%10s  %-4s /bin/true\n' "$(instructions /bin/true)" ref
# Reported, not held to the budget: questions whose exact counting grows
# with their size (rounds of 20 climbers on 2 ladders; 4 attacks for each
# cell of a table), so most of their instructions are the counting, not
# start-up (docs/performance.md, "odds").
while IFS= read -r line; do
  # shellcheck disable=SC2086
  printf '%10s  %-4s siege %s\n' "$(instructions "$siege" $line)" info "$line"
done <<'LINES'
odds escalade --method ladder --attackers 20 --ladders 2 --defended
odds --compare --weapons cannon,trebuchet --structures curtain-wall,tower --attacks 4
LINES

if command -v hyperfine >/dev/null 2>&1; then
  echo "== wall time (median of hyperfine runs; budget 1.5x /bin/true)"
  out=$(mktemp)
  hyperfine -N --warmup 50 --runs 1000 --export-json "$out" \
    '/bin/true' "$siege attack --structure curtain-wall --weapon cannon --seed 1" >/dev/null 2>&1 ||
    hyperfine --warmup 50 --runs 1000 --export-json "$out" \
      '/bin/true' "$siege attack --structure curtain-wall --weapon cannon --seed 1" >/dev/null
  python3 - "$out" <<'PY' || fail=1
import json, sys
r = json.load(open(sys.argv[1]))["results"]
t, s = r[0]["median"], r[1]["median"]
print(f"  /bin/true      median {t*1e6:8.1f} us")
print(f"  siege attack   median {s*1e6:8.1f} us   ratio {s/t:.2f}  ({'ok' if s <= 1.5*t else 'OVER'})")
sys.exit(0 if s <= 1.5 * t else 1)
PY
  rm -f "$out"
else
  echo "hyperfine not installed: wall time skipped (apt-get install hyperfine)"
fi
exit $fail
