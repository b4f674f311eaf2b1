#!/bin/sh
# A whole siege played in an evening: the example castle, four scenes with
# fixed seeds; after the first breach the assault on it, played on the units
# of the file (a failed hold, casualties, spoilt abatis, a rout within the
# walls and the army's one-third morale check); the siege changing (a relief
# column and a new trebuchet arrive, part of the garrison splits off and
# sallies); one engine's extra attack, a parley noted in the log, two entries
# taken back and put back as they were; then status, the log, an undo and a
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

# expect TEXT COMMAND...: runs the command, shows its output, and fails
# unless the output says TEXT.
expect() {
  want=$1
  shift
  out=$("$@") || { printf '%s\n' "$out"; echo "failed: $*" >&2; exit 1; }
  printf '%s\n' "$out"
  case $out in
    *"$want"*) ;;
    *) echo "expected '$want' from: $*" >&2; exit 1 ;;
  esac
}

step "A new siege from the description"
"$siege" init "$state" --from "$here/castle-siege.json"

for seed in 1001 1002; do
  step "Scene with seed $seed"
  "$siege" --state "$state" --seed "$seed" scene
done

# The second scene breaches the north wall: play the assault.
# Each step of the assault is seeded too, so the evening (and its chronicle,
# examples/evening.html) is the same every time.
s() { "$siege" --state "$state" --seed 2000 "$@"; }

step "The defenders start to block the breach with abatis"
expect "1/3" s abatis build --section north-wall

step "The storming party comes to the breach; the garrison stands in it"
s move --unit storming-party --section north-wall
s move --unit garrison --section north-wall

step "The garrison holds the breach: needed 12, rolled 15, three figures through"
expect "3 enemy figures force a way through" \
  s hold --unit garrison --enemy storming-party --section north-wall --needed 12 --rolled 15

step "Attackers in the breach spoil the next turn of abatis"
expect "spoiled: attackers in the breach" s abatis build --section north-wall

step "Five of the storming party fall: the three through first, then two behind"
expect "3 from those through, 2 from those behind" s casualties --unit storming-party --killed 5

step "The rest pour through the breach at Rough Terrain speed"
expect "within the walls" s move --unit storming-party --section north-wall --through-breach --figures 25 --speed 9

step "A rout within the walls, the party split between two rooms: 10 in the hall"
expect "3 figures removed and eliminated" s rout --unit storming-party --room-figures 10 --blocked 2

step "Six more fall: 14 of the besiegers' 42, exactly a third"
expect "it checks morale now" s casualties --unit storming-party --killed 6
expect "due now: 14 x 3 = 42 >= 42" s army-morale --side besieger

step "The standard morale tables shake the reserve (the referee records it)"
expect "good -> shaken" s order --unit reserve --set shaken

# ---- The siege changes during the evening (R35-R38).
step "Reinforcements: a relief column of 20 joins the besiegers (their army grows to 62)"
expect "Arrives   unit relief-column (besieger): 20 of 20 figures" \
  s add --unit relief-column --side besieger --figures 20

step "A new trebuchet is brought up and aimed at the east wall"
expect "Arrives   engine new-trebuchet (besieger)" \
  s add --engine new-trebuchet --side besieger --row trebuchet --target east-wall

step "Ten of the garrison split off at the breach to make a sally"
expect "Split     10 figures of garrison become sally-party" \
  s split --unit garrison --into sally-party --figures 10

step "The sally: a defender unit outside the walls, so the defenders check at a third while it is out"
expect "goes outside, on a sally" s move --unit sally-party --to outside

step "The assault checked against its log"
expect "replay matches" s replay

step "Scene with seed 1003"
"$siege" --state "$state" --seed 1003 scene

step "Between scenes the ram swings once more (the referee's own roll)"
"$siege" --state "$state" --seed 1004 attack --engine ram --successes 2 --boons 1

step "A parley at the gate, noted in the log of the third scene (R39)"
expect "Note      parley at the gate" s note "parley at the gate: the garrison asks for terms until dawn, refused"

step "The last two entries taken back, then put back as they were (R40)"
cp "$state" "$work/before-undo"
expect "2 entries can be redone" "$siege" --state "$state" undo --count 2
expect "put back as logged" "$siege" --state "$state" redo --count 2
cmp -s "$state" "$work/before-undo" || { echo "undo --count 2 then redo --count 2 did not give back the file" >&2; exit 1; }
rm "$work/before-undo"

step "A fourth scene"
"$siege" --state "$state" --seed 1005 scene

step "The siege at a glance"
"$siege" --state "$state" status

step "Everything that was resolved"
"$siege" --state "$state" log

step "Take the last scene back"
"$siege" --state "$state" undo >/dev/null
entries=$("$siege" --state "$state" --json status | sed -n 's/.*"log_entries":\([0-9]*\).*/\1/p')
test "$entries" = 20 || { echo "expected 20 log entries after undo, got '$entries'" >&2; exit 1; }

step "Check the file against its log"
"$siege" --state "$state" replay

leftover=$(ls -A "$work")
test "$leftover" = "harrowmere.json" || { echo "files left beside the state: $leftover" >&2; exit 1; }
if [ -n "${2-}" ]; then cp "$state" "$2"; fi
