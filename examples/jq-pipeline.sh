#!/bin/sh
# A jq pipeline over siege's --json output: for every weapon that can attack
# a wall, the chance that one attack hits and that it does damage, the mean
# Hull damage per attack and the expected number of attacks to breach, best
# weapon first.
#
#   examples/jq-pipeline.sh [PATH/TO/siege] [STRUCTURE]
#
# The figures are exact (siege odds counts every way the dice can fall), so
# they need no seeds. Exits non-zero if jq is missing, a command fails, or
# the probabilities of an attack do not add up to 1.
set -eu

siege=${1:-siege}
structure=${2:-curtain-wall}
command -v jq >/dev/null 2>&1 || { echo "jq-pipeline: this example needs jq (apt-get install jq)" >&2; exit 1; }

# 1. The weapons, from the table itself (homebrew tables with --data too):
#    every row but personal weapons, which cannot attack a structure (R7).
weapons=$("$siege" list weapons --json | jq -r '.[] | select(.mount != "personal") | .id')
[ -n "$weapons" ] || { echo "jq-pipeline: no weapons listed" >&2; exit 1; }

# 2. One exact-odds outcome per weapon, as JSON Lines.
odds=$(mktemp "${TMPDIR:-/tmp}/siege-odds.XXXXXX")
trap 'rm -f "$odds"' EXIT
for w in $weapons; do
    "$siege" odds attack --structure "$structure" --weapon "$w" --json
done >"$odds"

# 3. Each outcome's probabilities must add up to 1: a miss or one of the
#    damage results (jq -e fails the script otherwise).
jq -se 'all(.[]; ((.miss.value + (.damage | map(.probability.value) | add // 0)) - 1 | fabs) < 1e-9)' \
    "$odds" >/dev/null ||
    { echo "jq-pipeline: the probabilities of an attack do not add up to 1" >&2; exit 1; }

# 4. The table: the chance to hit, the chance to do any damage (a hit can
#    do none, R8), the mean damage (a miss deals 0) and the expected attacks
#    to breach (null when attacks like these can never breach it); awk only
#    lines the columns up.
echo "One attack on an intact $structure, 3 skill dice"
jq -sr '
  map({
    weapon,
    hit: (1 - .miss.value),
    harm: (.damage | map(select(.damage > 0) | .probability.value) | add // 0),
    mean: (.damage | map(.damage * .probability.value) | add // 0),
    breach: (.expected_attacks_to_breach.value // "never")
  })
  | sort_by(-.mean)
  | .[]
  | [.weapon, .hit, .harm, .mean, .breach]
  | @tsv
' "$odds" | awk -F '\t' '
  BEGIN { printf "%-16s %6s %8s %12s %18s\n", "WEAPON", "HIT", "DAMAGES", "MEAN DAMAGE", "ATTACKS TO BREACH" }
  { printf "%-16s %5.1f%% %7.1f%% %12.2f %18s\n", $1, 100 * $2, 100 * $3, $4,
           $5 == "never" ? "never" : sprintf("%.1f", $5) }'
