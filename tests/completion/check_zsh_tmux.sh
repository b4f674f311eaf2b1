#!/bin/sh
# TAB in a real interactive zsh: tmux runs `zsh -f`, which puts
# completions/ on fpath and runs compinit; each case types a partial command
# and a TAB (two for the list, where the descriptions show) and reads the
# screen back (tmux.sh).
#
#   check_zsh_tmux.sh SIEGE_BINARY SOURCE_DIR
#
# Without tmux or zsh it fails under tools/test-all and skips elsewhere
# (tests/install/need_tool.sh).
set -eu
siege=$1
src=$2
. "$(dirname "$0")/../install/need_tool.sh"
need_tool tmux tmux
need_tool zsh zsh
. "$(dirname "$0")/tmux.sh"
setup_files "$siege" "$src"
cat >"$work/rc" <<RC
PS1='\$ '
path=('$work/bin' \$path)
fpath=('$src/completions' \$fpath)
autoload -Uz compinit
compinit -u -D
cd '$work'
RC
HOME=$work HISTFILE=/dev/null tmux_start env -u TMUX zsh -f
keys -l ". '$work/rc'"
keys Enter

completes 'siege att' 'siege attack'
completes 'siege attack --weapon can' 'siege attack --weapon cannon'
completes 'siege attack --structure=curt' 'siege attack --structure=curtain-wall'
completes 'siege odds attack --weapons cannon,treb' 'siege odds attack --weapons cannon,trebuchet'
completes 'siege --state sub/my' 'siege --state sub/my\ siege.json'
completes 'siege --data hb\ tables attack --structure curs' 'siege --data hb\ tables attack --structure cursed-wall'
completes 'siege --state sub/my\ siege.json attack --section g' 'siege --state sub/my\ siege.json attack --section gatehouse'
# The list describes each candidate: ids with their table names, options and
# commands with their --help text (each option once).
lists 'siege attack --structure c' 'curtain-wall +-- Stone curtain wall, one section'
lists 'siege attack --weapon ' 'naval-gun +-- Naval gun'
lists 'siege attack --' '--structure +-- [A-Za-z]'
lists 'siege attack --h' '^--help +-- Print this help'
lists 'siege ' '(^|  )attack +-- [A-Za-z]'
lists 'siege odds ' '(^|  )scene +-- [A-Za-z]'
finish zsh
