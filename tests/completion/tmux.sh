# shellcheck shell=sh
# Sourced by the interactive completion tests (check_bash_tmux.sh,
# check_zsh_tmux.sh): a shell in a detached tmux session on a private
# server, keys typed into it, and its screen read back. Sourcing it makes
# the scratch folder $work, removed with the tmux server on exit.
#
#   setup_files SIEGE SRC   $work/bin/siege, and names with a space:
#                           $work/sub/my siege.json (a state file) and
#                           $work/hb tables/ (a --data folder: cursed-wall)
#   tmux_start COMMAND...   runs COMMAND in a 160x50 window
#   keys KEYS...            tmux send-keys (Tab, C-u, Enter, or -l TEXT)
#   screen                  the window as text, trailing blanks dropped
#   completes TYPED WANTED  at a fresh prompt, TYPED and a TAB make the top
#                           line "$ WANTED"
#   lists TYPED REGEX       TYPED and two TABs show a line matching REGEX
#   finish SHELL            reports the count of failed cases; exit 1 if any
work=$(mktemp -d "${TMPDIR:-/tmp}/siege-tmux.XXXXXX")
sock=$work/tmux.sock
failures=0
trap 'tmux_stop; rm -rf "$work" 2>/dev/null || true' EXIT

setup_files() {
    mkdir -p "$work/bin" "$work/sub" "$work/hb tables"
    ln -s "$1" "$work/bin/siege"
    cp "$2/tests/completion/siege-state.json" "$work/sub/my siege.json"
    echo '[{"id": "cursed-wall", "name": "Cursed wall", "armor": 4, "hull": 20}]' >"$work/hb tables/structures.json"
}
tmux_start() {
    tmux -S "$sock" -f /dev/null new-session -d -s t -x 160 -y 50 "$@"
}
tmux_stop() {
    tmux -S "$sock" kill-server 2>/dev/null || true
    # kill-server returns before the server has gone: a session started at
    # once could reach the dying one ("server exited unexpectedly"). Without
    # its socket, the next tmux_start starts a server of its own.
    rm -f "$sock"
}
keys() {
    tmux -S "$sock" send-keys -t t "$@"
}
screen() {
    tmux -S "$sock" capture-pane -p -t t | sed 's/[[:space:]]*$//'
}
# poll COMMAND...: runs COMMAND until it succeeds, for 10 s at most.
poll() {
    tries=0
    until "$@"; do
        tries=$((tries + 1))
        [ "$tries" -lt 200 ] || return 1
        sleep 0.05
    done
}
line_is() {
    [ "$(screen | sed -n "$1p")" = "$2" ]
}
screen_has() {
    screen | grep -E -q -- "$1"
}
fail() {
    echo "FAIL: $*"
    screen | sed 's/^/  | /'
    failures=$((failures + 1))
}
# A clear screen with an empty prompt on its top line.
fresh() {
    keys C-u C-l
    poll line_is 1 '$' || { fail "no empty prompt"; return 1; }
}
completes() {
    fresh || return 0
    keys -l "$1"
    keys Tab
    if poll line_is 1 "\$ $2"; then echo "ok: $1<TAB> gives $2"; else fail "$1<TAB> should give $2"; fi
}
lists() {
    fresh || return 0
    keys -l "$1"
    keys Tab Tab
    if poll screen_has "$2"; then echo "ok: $1<TAB><TAB> lists $2"; else fail "$1<TAB><TAB> should list $2"; fi
}
finish() {
    if [ "$failures" -gt 0 ]; then
        echo "$failures interactive $1 completion check(s) failed"
        exit 1
    fi
    echo "all interactive $1 completion checks passed"
}
