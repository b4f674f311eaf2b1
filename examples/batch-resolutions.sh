#!/bin/sh
# Many resolutions in a loop, until siege has a batch mode: one command per
# attack with --json and a fixed seed, the results summed with jq (or with
# python3 when jq is missing).
#
#   examples/batch-resolutions.sh [PATH/TO/siege]
#
# Part 1: a battery pounds one wall section, night after night; each attack
# starts from the Hull the previous one left (--damage-taken), until the
# section is breached. Part 2: fifty seeded shots of each gun at a fresh
# wall, totalled per gun; every gun gets the same fifty seeds, so the same
# dice, and only the guns differ. Exits non-zero if a command fails or the numbers
# do not add up.
set -eu

siege=${1:-siege}
work=$(mktemp -d "${TMPDIR:-/tmp}/siege-batch.XXXXXX")
trap 'rm -rf "$work"' EXIT

fail() { echo "batch-resolutions: $*" >&2; exit 1; }

# field KEY...: one number (or word) from the JSON object on stdin, e.g.
# `field hull after` is .hull.after.
if command -v jq >/dev/null 2>&1; then
    field() { jq -er ".$(echo "$*" | tr ' ' '.')"; }
    # summary: per weapon, attacks, hits and damage of the JSON lines on stdin.
    summary() {
        jq -sr 'group_by(.weapon)[]
                | [.[0].weapon, length, (map(select(.hit)) | length), (map(.damage) | add)]
                | @tsv'
    }
else
    command -v python3 >/dev/null 2>&1 || fail "needs jq or python3 to read the JSON"
    field() {
        python3 -c 'import json, sys
v = json.load(sys.stdin)
for k in sys.argv[1:]: v = v[k]
print(str(v).lower() if isinstance(v, bool) else v)' "$@"
    }
    summary() {
        python3 -c 'import json, sys
rows = {}
for line in sys.stdin:
    o = json.loads(line)
    r = rows.setdefault(o["weapon"], [0, 0, 0])
    r[0] += 1; r[1] += o["hit"]; r[2] += o["damage"]
for w in sorted(rows):
    print(w, *rows[w], sep="\t")'
    }
fi

# ---- Part 1: one section until it is breached --------------------------------
echo "Part 1: two trebuchets against a curtain wall, one shot each a night"
suffered=0
state=intact
seed=100
night=0
while [ "$state" != breached ]; do
    night=$((night + 1))
    [ "$night" -le 20 ] || fail "the wall still stands after 20 nights: something is wrong"
    for weapon in trebuchet trebuchet; do
        seed=$((seed + 1))
        "$siege" attack --structure curtain-wall --weapon "$weapon" --damage-taken "$suffered" \
            --seed "$seed" --json >"$work/out.json" || fail "attack with seed $seed failed"
        before=$(field hull before <"$work/out.json")
        after=$(field hull after <"$work/out.json")
        damage=$(field damage <"$work/out.json")
        overkill=$(field overkill <"$work/out.json")
        state=$(field state after <"$work/out.json")
        [ "$before" -eq "$suffered" ] || fail "seed $seed: started at $before, expected $suffered"
        [ $((after - before + overkill)) -eq "$damage" ] ||
            fail "seed $seed: $before + $damage - $overkill overkill != $after"
        printf '  night %d  %-9s seed %-4d %2d damage  Hull %2d -> %2d  %s\n' \
            "$night" "$weapon" "$seed" "$damage" "$before" "$after" "$state"
        suffered=$after
        [ "$state" != breached ] || break
    done
done
echo "  breached on night $night"

# ---- Part 2: fifty shots of each gun, totalled -------------------------------
echo
echo "Part 2: 50 seeded shots of each gun at an intact curtain wall"
: >"$work/shots.jsonl"
for weapon in culverin cannon bombard; do
    seed=1
    while [ "$seed" -le 50 ]; do
        "$siege" attack --structure curtain-wall --weapon "$weapon" --seed "$seed" --json \
            >>"$work/shots.jsonl" || fail "$weapon with seed $seed failed"
        seed=$((seed + 1))
    done
done
lines=$(wc -l <"$work/shots.jsonl")
[ "$lines" -eq 150 ] || fail "expected 150 outcomes, got $lines"

printf '  %-10s %7s %5s %7s %9s\n' weapon attacks hits damage "per shot"
summary <"$work/shots.jsonl" >"$work/summary.tsv"
total=0
while IFS="$(printf '\t')" read -r weapon attacks hits damage; do
    [ "$attacks" -eq 50 ] || fail "$weapon: $attacks attacks, expected 50"
    [ "$hits" -le "$attacks" ] || fail "$weapon: more hits than attacks"
    printf '  %-10s %7d %5d %7d %9s\n' "$weapon" "$attacks" "$hits" "$damage" \
        "$(awk -v d="$damage" -v n="$attacks" 'BEGIN { printf "%.2f", d / n }')"
    total=$((total + damage))
done <"$work/summary.tsv"
[ "$(wc -l <"$work/summary.tsv")" -eq 3 ] || fail "expected a line per gun"
[ "$total" -gt 0 ] || fail "150 shots and no damage at all"
echo "  $total Hull damage in all"
