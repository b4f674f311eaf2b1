#!/bin/sh
# The referee's prompt in a real terminal: tmux runs `siege play FILE` and
# keys are typed into it (tests/completion/tmux.sh): commands, a typo (the
# error is printed and the prompt goes on), Tab completing a section id, Up
# bringing back the last line, Ctrl-C dropping a line, a line with letters
# past ASCII (kept as typed), undo, Ctrl-D. The
# file's log must then equal that of the same commands run one by one, and
# the history must be kept under XDG_STATE_HOME, not beside the siege.
# (The shell around it traps SIGINT: a shell that is sent Ctrl-C while it
# waits for a program ends itself once the program ends.)
#
#   check_play_tmux.sh SIEGE_BINARY SOURCE_DIR
set -eu
siege=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$2
. "$(dirname "$0")/../install/need_tool.sh"
need_tool tmux tmux
need_tool jq jq
. "$(dirname "$0")/../completion/tmux.sh"
mkdir -p "$work/table" "$work/state"
castle=$src/examples/castle-siege.json
"$siege" init "$work/table/kestrel.json" --from "$castle" >/dev/null
"$siege" init "$work/by-hand.json" --from "$castle" >/dev/null

entries() { [ "$(jq '.log | length' "$work/table/kestrel.json")" = "$1" ]; }
# prompt_line_is TEXT: a line of the screen is the prompt with TEXT typed.
prompt_line_is() { screen | grep -E -q -- "^siege kestrel\.json>${1:+ $1}\$"; }
# at_prompt: the last line on the screen is an empty prompt.
at_prompt() { [ "$(screen | sed '/^$/d' | tail -n 1)" = 'siege kestrel.json>' ]; }
step() {  # step WHAT CHECK...: reports whether CHECK came true
    what=$1
    shift
    if poll "$@"; then echo "ok: $what"; else fail "$what"; fi
}

tmux_start env -u TMUX TERM=xterm HOME="$work" XDG_STATE_HOME="$work/state" \
    sh -c "trap : INT; cd '$work/table' && '$siege' play kestrel.json; echo \"exit status \$?\" >'$work/rc'; sleep 30"
step "the prompt shows" at_prompt

keys -l 'scene --seed 1'
keys Enter
step "a scene is played and logged" entries 1
step "the prompt is back after the scene" at_prompt

keys -l 'atack --seed 2'
keys Enter
step "a typo is refused and the prompt goes on" screen_has "siege: error: unknown command 'atack'"
keys C-l

keys -l "damage --at east-wall --hull 1 --cause 'the mine"
keys Enter
step "an unclosed quote is refused" screen_has "siege: error: a quote \(') opened at column 40 is not closed"
keys C-l
keys Up
step "Up brings back the refused line to mend" prompt_line_is "damage --at east-wall --hull 1 --cause 'the mine"
keys C-u C-l

keys -l 'attack --seed 3 --weapon cannon --section nor'
keys Tab
step "Tab completes a section id" prompt_line_is 'attack --seed 3 --weapon cannon --section north-wall'
keys Enter
step "the completed attack is logged" entries 2
keys C-l

keys Up
step "Up brings back the last line" prompt_line_is 'attack --seed 3 --weapon cannon --section north-wall'
keys Enter
step "the line from the history runs" entries 3
keys C-l

keys -l "\"attack\" --seed 3 --section 'riv"
keys Tab
step "Tab completes in quotes, and closes the quote" prompt_line_is "\"attack\" --seed 3 --section 'river-tower'"
keys C-u C-l

keys -l -- '--format m'
keys Tab
step "Tab completes the value of a line's own option, not a command" prompt_line_is '--format markdown'
keys C-u C-l

keys -l 'hold --site wall'
keys Tab
step "Tab completes a word the declaration lists" prompt_line_is 'hold --site wall-top'
keys C-u C-l

# advise (issue 43): --goal offers any-breach and breach:, then the siege's
# section ids; --keep the engines of the line's side that can shoot (the
# belfry has no weapon: 'b' is the battery-cannon alone).
keys -l 'advise --goal b'
keys Tab
keys -l 'riv'
keys Tab
step "Tab completes advise --goal breach: with a section id" prompt_line_is 'advise --goal breach:river-tower'
keys C-u C-l
keys -l 'advise --scenes 1'
keys Enter
step "advise at the prompt prints its re-aims as prompt lines" screen_has '^    target --engine [a-z-]* --at [a-z-]*$'
keys C-l
keys -l 'advise --goal an'
keys Tab
step "Tab completes advise --goal any-breach" prompt_line_is 'advise --goal any-breach'
keys C-u C-l
keys -l 'advise --keep b'
keys Tab
step "Tab completes advise --keep with an engine that can shoot" prompt_line_is 'advise --keep battery-cannon'
keys C-u C-l
keys -l 'advise --side defender --keep w'
keys Tab
step "Tab completes advise --keep with the --side's engines" prompt_line_is 'advise --side defender --keep wall-mangonel'
keys C-u C-l

keys -l 'scene --seed 9'
step "a line is being typed" prompt_line_is 'scene --seed 9'
keys C-c
step "Ctrl-C gives a fresh prompt" at_prompt
keys Enter
# A second prompt on this siege saves a line of its own to the history
# file: the next line saved here must keep it (each prompt adds its line to
# the file as it is then, instead of writing its own history over it).
other=$(find "$work/state/siege/history" -type f -name 'kestrel.json-*' ! -name '*.lock' ! -name '*.new' | head -n 1)
printf 'note\\040from\\040the\\040other\\040terminal\n' >>"$other"
keys -l 'undo'
keys Enter
step "undo takes back the last entry, and the dropped line never ran" entries 2
step "the prompt is back after undo" at_prompt
cause() { [ "$(jq -r '.log[-1].inputs.cause' "$work/table/kestrel.json")" = "$1" ]; }
keys -l "damage --seed 5 --at east-wall --hull 1 --cause 'café ⚔ siège'"
keys Enter
step "letters past ASCII typed at the prompt reach the log" cause 'café ⚔ siège'
keys -l 'undo'
keys Enter
step "undo takes the damage back" entries 2
keys C-l
keys C-d
step "Ctrl-D ends the prompt with exit status 0" grep -s -q '^exit status 0$' "$work/rc"

for line in "scene --seed 1" "attack --seed 3 --weapon cannon --section north-wall" \
    "attack --seed 3 --weapon cannon --section north-wall" "undo"; do
    # shellcheck disable=SC2086 # the words of the line, as play split them
    "$siege" --state "$work/by-hand.json" $line >/dev/null
done
# A siege whose name holds an escape: the prompt quotes it, and the
# terminal does not take it for a command (red text, a cleared screen).
tmux_stop
odd=$(printf 'x\033[2Jy.json')
cp "$work/by-hand.json" "$work/table/$odd"
tmux_start env -u TMUX TERM=xterm HOME="$work" XDG_STATE_HOME="$work/state" \
    sh -c "cd '$work/table' && '$siege' play '$odd'"
step "a control byte in the siege's name is quoted in the prompt" screen_has '^siege x\\u001b\[2Jy\.json>$'
tmux_stop
rm "$work/table/$odd"

if [ "$(jq -S .log "$work/table/kestrel.json")" = "$(jq -S .log "$work/by-hand.json")" ]; then
    echo "ok: the log equals that of the same commands run one by one"
else
    fail "the log differs from that of the same commands run one by one"
fi
history_file=$(find "$work/state/siege/history" -type f -name 'kestrel.json-*' ! -name '*.lock' ! -name '*.new' 2>/dev/null |
    head -n 1)
if [ -n "$history_file" ] && grep -q 'north-wall' "$history_file"; then
    echo "ok: the history is kept under XDG_STATE_HOME"
else
    fail "no history under $work/state/siege/history"
fi
if grep -q 'other.040terminal' "$history_file" && grep -q '^undo$' "$history_file"; then
    echo "ok: a line another prompt saved stays in the history"
else
    fail "the history lost the line another prompt saved: $(cat "$history_file")"
fi
if [ "$(ls "$work/table")" = kestrel.json ]; then
    echo "ok: nothing was left beside the siege file"
else
    fail "files beside the siege: $(ls "$work/table" | tr '\n' ' ')"
fi
finish play
