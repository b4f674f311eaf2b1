#!/bin/sh
# The prompt and its hints agree (issue 40): under tmux, `siege play FILE`
# prints a command's hint as the line to type at the prompt (no `siege`, no
# `--state FILE`), and that line typed back runs; a line that starts with
# `siege` runs as the rest of it (and `--state` there is still refused);
# Tab after `target --engine X --at` lists exactly the targets X may aim at
# (R29: a besieger a section, a defender a besieger engine with a row or
# the camp), worked out here from the file with jq, and `none`.
#
#   check_play_hints_tmux.sh SIEGE_BINARY SOURCE_DIR
set -eu
siege=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$2
. "$(dirname "$0")/../install/need_tool.sh"
need_tool tmux tmux
need_tool jq jq
. "$(dirname "$0")/../completion/tmux.sh"
mkdir -p "$work/table" "$work/state"
file=$work/table/kestrel.json
"$siege" init "$file" --from "$src/examples/castle-siege.json" >/dev/null

entries() { [ "$(jq '.log | length' "$file")" = "$1" ]; }
prompt_line_is() { screen | grep -E -q -- "^siege kestrel\.json>${1:+ $1}\$"; }
at_prompt() { [ "$(screen | sed '/^$/d' | tail -n 1)" = 'siege kestrel.json>' ]; }
step() {
    what=$1
    shift
    if poll "$@"; then echo "ok: $what"; else fail "$what"; fi
}
# targets_of ENGINE: what R29 lets ENGINE aim at, in the file's order, then none.
targets_of() {
    jq -r --arg e "$1" '
        (.engines[] | select(.id == $e)) as $x
        | if $x.side == "besieger" then [.sections[].id]
          else [.engines[] | select(.side == "besieger" and .engine != null and .gone == null) | .id] + ["camp"]
          end + ["none"] | join("  ")' "$file"
}

tmux_start env -u TMUX TERM=xterm HOME="$work" XDG_STATE_HOME="$work/state" \
    sh -c "cd '$work/table' && '$siege' play kestrel.json; sleep 30"
step "the prompt shows" at_prompt

keys -l 'target --engine battery-cannon --at none'
keys Enter
step "battery-cannon is aimed at nothing" entries 1
keys C-l
keys -l 'scene --seed 1'
keys Enter
step "the scene is played" entries 2
step "the scene's hint is the line to type at the prompt" \
    screen_has "Re-aim it with: target --engine battery-cannon --at ID\."
if screen | grep -q 'siege target'; then fail "a hint at the prompt still starts with siege"; else
    echo "ok: no hint at the prompt names siege"; fi
keys C-l

for engine in battery-cannon wall-mangonel; do
    keys -l "target --engine $engine --at "
    keys Tab
    want=$(targets_of "$engine")
    step "Tab after target --engine $engine --at lists exactly: $want" screen_has "^$want\$"
    keys C-u C-l
done
keys -l 'target --engine wall-mangonel --at riv'
keys Tab
step "Tab does not offer a section to a defender engine" prompt_line_is 'target --engine wall-mangonel --at riv'
keys C-u C-l

# The hint's line typed back, its ID filled in.
keys -l 'target --engine battery-cannon --at east-wall'
keys Enter
step "the hint's line runs at the prompt" entries 3
[ "$(jq -r '.engines[] | select(.id == "battery-cannon") | .target' "$file")" = east-wall ] &&
    echo "ok: battery-cannon aims at east-wall" || fail "battery-cannon is not aimed at east-wall"
keys C-l

keys -l 'hold --unit '
keys Tab
step "Tab after hold --unit offers the defender units" screen_has '^garrison  sir-aldric$'
keys C-u C-l

keys -l 'siege status'
keys Enter
step "a line that starts with siege runs the rest" screen_has '^Siege     The siege of'
keys C-l
keys -l "siege --state other.json status"
keys Enter
step "--state after siege is still refused" screen_has 'siege: error: --state is not taken on a line of play'
keys C-l
keys C-d
tmux_stop
entries 3 && echo "ok: nothing else was logged" || fail "the log holds $(jq '.log | length' "$file") entries"
finish play-hints
