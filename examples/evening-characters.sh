#!/bin/sh
# The characters' own scenes in an evening's siege (R29-R32): a sortie that
# knocks out the ram, a breach and the engines re-aimed after it, a mine
# found and collapsed and a second one fired, a repair, and Burn given as
# damage. After every step the file is checked against its log (replay),
# the step is undone (the file must come back byte for byte, but for the
# redo list that keeps the step, R40), redone (the bytes after it), undone
# again and played again (the same bytes as the first time).
#
#   examples/evening-characters.sh [PATH/TO/siege]
#
# Works in a temporary folder that it removes; exits non-zero if any step
# fails (the test suite runs it).
set -eu

siege=${1:-siege}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/siege-characters.XXXXXX")
trap 'rm -rf "$work"' EXIT
state="$work/harrowmere.json"

step() { printf '\n== %s\n' "$1"; }

# act SEED ARGS...: one logged step, replayed, undone and played again.
act() {
  seed=$1
  shift
  cp "$state" "$work/before"
  "$siege" --state "$state" --seed "$seed" "$@"
  cp "$state" "$work/after"
  "$siege" --state "$state" replay >/dev/null
  "$siege" --state "$state" undo >/dev/null
  # The file before the step, and the step kept in the redo list (R40).
  { sed -n '/^  "redo": \[$/q;p' "$state" | sed '$s/],$/]/'; echo '}'; } >"$work/undone"
  cmp -s "$work/undone" "$work/before" || { echo "undo of '$*' did not give back the file before it" >&2; exit 1; }
  "$siege" --state "$state" redo >/dev/null
  cmp -s "$state" "$work/after" || { echo "redo of '$*' did not give back the file after it" >&2; exit 1; }
  "$siege" --state "$state" undo >/dev/null
  "$siege" --state "$state" --seed "$seed" "$@" >/dev/null
  cmp -s "$state" "$work/after" || { echo "'$*' played again wrote other bytes" >&2; exit 1; }
  rm -f "$work/before" "$work/after" "$work/undone"
}

step "A new siege from the description"
"$siege" init "$state" --from "$here/castle-siege.json"

step "The first scene: the engines shoot"
act 2001 scene

step "A sortie: the characters fall on the ram with a cannon (7 of its 8 Hull)"
act 2002 sortie --at ram --weapon cannon --successes 2
step "A second sortie knocks it out"
act 2003 sortie --at ram --weapon cannon --successes 1

step "A lucky shot breaches the north wall"
act 2004 damage --at north-wall --hull 20 --cause "the bombard's lucky shot"
step "The defenders block the breach"
act 2005 abatis build --section north-wall

step "The second scene: the engines aimed at the breach have nothing to shoot"
act 2006 scene
step "They are re-aimed at the east wall"
act 2007 target --engine great-bombard --at east-wall
act 2008 target --engine battery-cannon --at east-wall

step "Sappers dig under the gatehouse; on the second day the defenders find the gallery"
act 2009 mine --section gatehouse --day-results "1:0,0:1"
step "The countermine collapses it"
act 2010 countermine --section gatehouse --result collapsed
step "A second gallery, three days, is dug and fired"
act 2011 mine --section gatehouse --day-results "1:0,1:0,1:0"

step "A night's repair closes the north wall's breach (its abatis goes with it)"
act 2012 repair --at north-wall --hull 12 --cause "a night's repair"

step "Burn, which the rules leave to another book, given as damage to the belfry"
act 2013 damage --at belfry --hull 4 --cause Burn

step "The siege at a glance"
"$siege" --state "$state" status

step "Everything that was resolved"
"$siege" --state "$state" log

step "Check the file against its log"
"$siege" --state "$state" replay

leftover=$(ls -A "$work")
test "$leftover" = "harrowmere.json" || { echo "files left beside the state: $leftover" >&2; exit 1; }
