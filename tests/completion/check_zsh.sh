#!/bin/sh
# Loads completions/_siege in zsh with the completion builtins replaced by
# stubs that keep what would be offered, and checks the offers (the real
# thing, in a terminal: check_zsh_tmux.sh). Without zsh it fails under
# tools/test-all and skips elsewhere (tests/install/need_tool.sh).
#
#   check_zsh.sh SIEGE_BINARY SOURCE_DIR
set -u
. "$(dirname "$0")/../install/need_tool.sh"
need_tool zsh zsh
siege=$1
src=$2
work=$(mktemp -d "${TMPDIR:-/tmp}/siege-zsh.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/homebrew"
echo '[{"id": "cursed-wall", "name": "Cursed wall", "armor": 4, "hull": 20}]' >"$work/homebrew/structures.json"

zsh -f -s -- "$siege" "$src" "$work" <<'ZSH'
siege=$1 src=$2 work=$3
# Stubs: _describe keeps its candidates in reply and their "WORD:TEXT"
# entries in described (zsh itself would filter them by the word typed so
# far), the rest keep what they stand for.
_describe() { local name=${@[-1]}; described=(${(P)name}); reply=(${described%%:*}); }
compset() { return 0; }
_files() { reply=(FILES); }
_directories() { reply=(DIRECTORIES); }
_message() { reply=(MESSAGE); }
failures=0
# expect WANTED WORD... : completing after the words offers WANTED.
expect() {
  local wanted=$1; shift
  words=($siege "$@"); CURRENT=$#words; reply=(); described=()
  source $src/completions/_siege
  if (( ${reply[(Ie)$wanted]} )); then
    print -r -- "ok: siege $* <TAB> offers $wanted"
  else
    print -r -- "FAIL: siege $* <TAB> should offer $wanted, got: $reply"
    (( failures++ ))
  fi
}
# expect_described ENTRY WORD... : the same, with ENTRY ("WORD:TEXT").
expect_described() {
  local wanted=$1; shift
  expect ${wanted%%:*} "$@" >/dev/null
  if (( ${described[(Ie)$wanted]} )); then
    print -r -- "ok: siege $* <TAB> describes $wanted"
  else
    print -r -- "FAIL: siege $* <TAB> should describe $wanted, got: $described"
    (( failures++ ))
  fi
}
expect attack at
expect curtain-wall attack --structure cur
expect cannon attack -w can
expect --structure attack --str
expect --json attack --js
expect trebuchet odds --compare --weapons cannon,treb
expect check odds ''
expect scene odds ''
expect --scenes odds scene --sc
expect structures list s
expect petard show p
expect cursed-wall --data $work/homebrew attack --structure cur
expect gatehouse --state $src/tests/completion/siege-state.json attack --section ''
expect wall-mangonel --state $src/tests/completion/siege-state.json attack --engine ''
expect storming-party --state $src/tests/completion/siege-units.json hold --enemy ''
expect routed order --set ''
# siege help [--inputs] COMMAND [SUBCOMMAND] (issue 26).
expect help ''
expect attack help ''
expect attack help --inputs ''
expect move help --inputs ''
expect mine help --inputs odds ''
expect scene help odds ''
expect --inputs help --in
expect DIRECTORIES --data ''
expect MESSAGE attack --pool ''
# A global option's value is not the command (issue 41: --lock-wait), and a
# number is offered nothing.
expect attack --lock-wait 5 at
expect --weapon --lock-wait 5 attack --we
expect MESSAGE --lock-wait ''
# From the declarations (tools/gen-refs): every number, --hull too.
expect MESSAGE damage --hull ''
expect MESSAGE undo --to ''
expect cracked attack --from ''
expect curtain-wall attack --structure=cur
expect gatehouse --state=$src/tests/completion/siege-state.json attack --section ''
expect_described 'curtain-wall:Stone curtain wall, one section' attack --structure ''
expect_described 'cursed-wall:Cursed wall' --data $work/homebrew attack --structure ''
(( failures == 0 )) || { print "$failures zsh completion check(s) failed"; exit 1; }
print "all zsh completion checks passed"
ZSH
exit $?
