#!/bin/sh
# TAB in a real interactive bash: tmux runs `bash --norc`, which loads
# bash-completion and sources completions/siege.bash; each case types a
# partial command and a TAB (two for a list) and reads the screen back
# (tmux.sh).
#
#   check_bash_tmux.sh SIEGE_BINARY SOURCE_DIR
#
# Without tmux or bash-completion it fails under tools/test-all and skips
# elsewhere (tests/install/need_tool.sh).
set -eu
siege=$1
src=$2
. "$(dirname "$0")/../install/need_tool.sh"
need_tool tmux tmux
need_tool bash bash
bash_completion=/usr/share/bash-completion/bash_completion
need_file "$bash_completion" bash-completion
. "$(dirname "$0")/tmux.sh"
setup_files "$siege" "$src"
cat >"$work/rc" <<RC
PS1='\$ '
PATH='$work/bin':\$PATH
. '$bash_completion'
. '$src/completions/siege.bash'
cd '$work'
RC
: >"$work/inputrc"
HOME=$work INPUTRC=$work/inputrc HISTFILE=/dev/null tmux_start env -u TMUX bash --norc --noprofile
keys -l ". '$work/rc'"
keys Enter

completes 'siege att' 'siege attack'
completes 'siege attack --weapon can' 'siege attack --weapon cannon'
completes 'siege attack --weapon=can' 'siege attack --weapon=cannon'
completes 'siege attack --structure=curt' 'siege attack --structure=curtain-wall'
lists 'siege attack --structure=' '(^| )pillbox( |$)'
completes 'siege odds attack --weapons cannon,treb' 'siege odds attack --weapons cannon,trebuchet'
# File and folder names with a space, typed with a backslash or a quote.
completes 'siege --state sub/my' 'siege --state sub/my\ siege.json'
completes 'siege --state "sub/my s' 'siege --state "sub/my siege.json"'
completes 'siege --state=sub/my' 'siege --state=sub/my\ siege.json'
completes 'siege --data hb' 'siege --data hb\ tables/'
completes 'siege --data hb\ tables attack --structure curs' 'siege --data hb\ tables attack --structure cursed-wall'
completes 'siege --state sub/my\ siege.json attack --section g' 'siege --state sub/my\ siege.json attack --section gatehouse'
finish bash
