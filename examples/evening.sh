#!/bin/sh
# A whole siege played in an evening: the example castle, four scenes with
# fixed seeds, one engine's extra attack, then status, the log, an undo and a
# replay that checks the file against its log.
#
#   examples/evening.sh [PATH/TO/siege [KEEP.json]]
#
# Works in a temporary folder that it removes; exits non-zero if any step
# fails (the test suite runs it). Given KEEP.json, it copies the state file
# of the evening there at the end (tools/make-chronicle writes its
# chronicle, examples/evening.html, from it).
set -eu

siege=${1:-siege}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/siege-evening.XXXXXX")
trap 'rm -rf "$work"' EXIT
state="$work/harrowmere.json"

step() { printf '\n== %s\n' "$*"; }

step "A new siege from the description"
"$siege" init "$state" --from "$here/castle-siege.json"

for seed in 1001 1002 1003; do
  step "Scene with seed $seed"
  "$siege" --state "$state" --seed "$seed" scene
done

step "Between scenes the ram swings once more (the referee's own roll)"
"$siege" --state "$state" --seed 1004 attack --engine ram --successes 2 --boons 1

step "A fourth scene"
"$siege" --state "$state" --seed 1005 scene

step "The siege at a glance"
"$siege" --state "$state" status

step "Everything that was resolved"
"$siege" --state "$state" log

step "Take the last scene back"
"$siege" --state "$state" undo >/dev/null
entries=$("$siege" --state "$state" --json status | sed -n 's/.*"log_entries":\([0-9]*\).*/\1/p')
test "$entries" = 4 || { echo "expected 4 log entries after undo, got '$entries'" >&2; exit 1; }

step "Check the file against its log"
"$siege" --state "$state" replay

leftover=$(ls -A "$work")
test "$leftover" = "harrowmere.json" || { echo "files left beside the state: $leftover" >&2; exit 1; }
if [ -n "${2-}" ]; then cp "$state" "$2"; fi
