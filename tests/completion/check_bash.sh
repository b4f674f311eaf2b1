#!/usr/bin/env bash
# Sources completions/siege.bash and checks what TAB offers, the way bash
# would call it: COMP_WORDS/COMP_CWORD set, then _siege, then COMPREPLY.
#
#   check_bash.sh SIEGE_BINARY SOURCE_DIR
set -u
siege=$1
src=$2
here=$src/tests/completion
work=$(mktemp -d "${TMPDIR:-/tmp}/siege-completion.XXXXXX")
trap 'rm -rf "$work"' EXIT

# shellcheck source=../../completions/siege.bash
source "$src/completions/siege.bash"
complete -p siege >/dev/null || { echo "FAIL: the script does not register _siege for siege"; exit 1; }

failures=0
# expect "WANTED" WORD... : TAB after the words (the last one is the word
# being completed) offers WANTED.
expect() {
    local wanted=$1
    shift
    COMP_WORDS=("$siege" "$@")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMP_LINE="${COMP_WORDS[*]}"
    COMP_POINT=${#COMP_LINE}
    COMPREPLY=()
    _siege
    local got=" ${COMPREPLY[*]} "
    if [[ $got == *" $wanted "* ]]; then
        echo "ok: siege $* <TAB> offers $wanted"
    else
        echo "FAIL: siege $* <TAB> should offer $wanted, got:${got}"
        failures=$((failures + 1))
    fi
}
# refuse "UNWANTED" WORD... : TAB does not offer UNWANTED.
refuse() {
    local unwanted=$1
    shift
    COMP_WORDS=("$siege" "$@")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMPREPLY=()
    _siege
    if [[ " ${COMPREPLY[*]} " == *" $unwanted "* ]]; then
        echo "FAIL: siege $* <TAB> should not offer $unwanted"
        failures=$((failures + 1))
    else
        echo "ok: siege $* <TAB> does not offer $unwanted"
    fi
}

expect attack at
expect army-morale ar
refuse attack attack ""
expect curtain-wall attack --structure cur
expect curtain-wall attack -s cur
refuse tower attack --structure cur
expect cannon attack --weapon can
expect cannon odds attack -w ""
expect powder-keg demolish --charge pow
expect --structure attack --str
expect --json attack --js
expect --attacks odds attack --att
expect --compare odds --com
expect attack odds ""
expect scene odds sc
expect --scenes --state "$here/siege-state.json" odds scene --sc
expect cannon,trebuchet odds --compare --weapons cannon,treb
expect structures list s
expect trebuchet show treb
expect build abatis b
expect hard check --difficulty h
expect wall-top hold --site wall
expect never --color n
# A global option's value is not the command (issue 41: --lock-wait), and a
# number is offered nothing.
expect attack --lock-wait 5 at
expect --weapon --lock-wait 5 attack --we
expect --weapon attack --lock-wait 5 --we
refuse attack --lock-wait ""
# siege help [--inputs] COMMAND [SUBCOMMAND] (issue 26).
expect help he
expect attack help ""
expect army-morale help ar
expect attack help --inputs ""
expect casualties help --inputs ca
expect mine help --inputs odds m
expect scene help odds ""
expect --inputs help --in
refuse attack help attack ""
refuse check help --inputs attack ""

# Homebrew tables complete too.
mkdir -p "$work/homebrew"
echo '[{"id": "cursed-wall", "name": "Cursed wall", "armor": 4, "hull": 20}]' >"$work/homebrew/structures.json"
expect cursed-wall --data "$work/homebrew" attack --structure cur
expect curtain-wall --data "$work/homebrew" attack --structure cur
refuse cursed-wall attack --structure cur

# Section and engine ids from the state file.
expect gatehouse --state "$here/siege-state.json" attack --section g
expect great-bombard --state "$here/siege-state.json" attack --engine ""
expect storming-party --state "$here/siege-units.json" hold --enemy st
expect garrison --state "$here/siege-units.json" casualties --unit g
expect routed order --set r
expect besieger rout --side b
expect within-walls move --to w
# The value lists come from the declarations (tools/gen-refs), per command:
# undo's --to is a number, attack's --from a ladder state.
refuse outside undo --to ""
expect cracked attack --from c
expect shaken add --order s
refuse gatehouse attack --section g

if ((failures > 0)); then
    echo "$failures completion check(s) failed"
    exit 1
fi
echo "all bash completion checks passed"
