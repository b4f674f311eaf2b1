#!/bin/sh
# Loads completions/_siege in zsh with the completion builtins replaced by
# stubs that print what would be offered, and checks the offers. Exit 77
# (CTest's skip) when zsh is not installed.
#
#   check_zsh.sh SIEGE_BINARY SOURCE_DIR
set -u
if ! command -v zsh >/dev/null 2>&1; then
    echo "skipped: zsh is not installed (apt-get install zsh to run this test)"
    exit 77
fi
siege=$1
src=$2
work=$(mktemp -d "${TMPDIR:-/tmp}/siege-zsh.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/homebrew"
echo '[{"id": "cursed-wall", "name": "Cursed wall", "armor": 4, "hull": 20}]' >"$work/homebrew/structures.json"

zsh -f -s -- "$siege" "$src" "$work" <<'ZSH'
siege=$1 src=$2 work=$3
# Stubs: compadd prints its candidates (zsh itself would filter them by the
# word typed so far), the rest print what they stand for.
compadd() { while (( $# )) && [[ $1 != -- ]]; do shift; done; shift; reply=("$@"); }
compset() { return 0; }
_files() { reply=(FILES); }
_directories() { reply=(DIRECTORIES); }
_message() { reply=(MESSAGE); }
failures=0
# expect WANTED WORD... : completing after the words offers WANTED.
expect() {
  local wanted=$1; shift
  words=($siege "$@"); CURRENT=$#words; reply=()
  source $src/completions/_siege
  if (( ${reply[(Ie)$wanted]} )); then
    print -r -- "ok: siege $* <TAB> offers $wanted"
  else
    print -r -- "FAIL: siege $* <TAB> should offer $wanted, got: $reply"
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
expect DIRECTORIES --data ''
expect MESSAGE attack --pool ''
(( failures == 0 )) || { print "$failures zsh completion check(s) failed"; exit 1; }
print "all zsh completion checks passed"
ZSH
exit $?
