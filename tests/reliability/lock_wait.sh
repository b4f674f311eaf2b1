#!/bin/sh
# A writer that waits for the lock says so, and gives up when told. A real
# writer holds the lock: `siege --state F batch` reading its lines from a
# FIFO holds F.lock until its input ends; it is then stopped (SIGSTOP), as
# a writer suspended at a prompt would be. Another update:
#   - after about 1 s says once on stderr that it waits, naming the file
#     and the holder's PID ("locked by process PID (siege); waiting up to");
#   - with --lock-wait 2 gives up after about 2 s: exit 4, one error line
#     naming the holder, the state file byte for byte as it was;
#   - with --lock-wait 0 gives up at once (with --json: "id": "locked");
#   - with the default wait completes normally once the holder goes on and
#     lets go, writing what it writes on a copy with no one in the way;
#   - with --lock-wait 1, the lock held by flock(1) (where it is
#     installed), gives up after 1 s naming that process.
# About 6 s in all.
#   lock_wait.sh SIEGE
siege=$1
. "$(dirname "$0")/common.sh"
holder=""
cleanup() {
  if [ -n "$holder" ]; then
    kill -CONT "$holder" 2>/dev/null || true
    kill -KILL "$holder" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT
setup_state
update 1 >/dev/null
cp "$state" "$work/before"
# The update that waits: FILE, then global options.
attack() {
  file=$1
  shift
  "$siege" --data "$data" --seed 1 --state "$file" "$@" attack --section keep --hull-damage 3 --successes 1
}
# What it writes with no one in the way (--seed is fixed: the same bytes).
cp "$state" "$work/copy.json"
attack "$work/copy.json" >/dev/null
mv "$work/copy.json" "$work/after"
now_ms() { echo $(($(date +%s%N) / 1000000)); }

# The holder: a batch on the state file, its input a FIFO kept open here.
mkfifo "$work/lines"
"$siege" --data "$data" --state "$state" batch <"$work/lines" >"$work/batch.out" 2>&1 &
holder=$!
exec 3>"$work/lines"
i=0
until [ -e "$state.lock" ] && grep -q " $holder " /proc/locks 2>/dev/null; do
  i=$((i + 1))
  [ "$i" -lt 500 ] || fail "the batch never took the lock (no lock of $holder in /proc/locks)"
  sleep 0.01
done
kill -STOP "$holder"

# --lock-wait 2: the waiting line after about 1 s, exit 4 after about 2 s.
start=$(now_ms)
status=0
attack "$state" --lock-wait 2 >"$work/out" 2>"$work/err" || status=$?
took=$(($(now_ms) - start))
[ "$status" -eq 4 ] || fail "--lock-wait 2: exit $status, expected 4: $(cat "$work/err")"
[ "$took" -ge 2000 ] && [ "$took" -lt 6000 ] || fail "--lock-wait 2: gave up after $took ms, expected about 2000"
want="siege: $state: locked by process $holder (siege); waiting up to 2 s"
[ "$(sed -n 1p "$work/err")" = "$want" ] ||
  fail "--lock-wait 2: the first line is '$(sed -n 1p "$work/err")', expected '$want'"
[ "$(wc -l <"$work/err")" -eq 2 ] || fail "--lock-wait 2: not two lines on stderr: $(cat "$work/err")"
case $(sed -n 2p "$work/err") in
  "siege: error: $state: still locked by process $holder after 2 s; "*) ;;
  *) fail "--lock-wait 2: the error line is '$(sed -n 2p "$work/err")'" ;;
esac
[ ! -s "$work/out" ] || fail "--lock-wait 2: printed an outcome: $(cat "$work/out")"
cmp -s "$state" "$work/before" || fail "--lock-wait 2: the state file changed"

# --lock-wait 0: at once, one line, no waiting line.
start=$(now_ms)
status=0
attack "$state" --lock-wait 0 >"$work/out" 2>"$work/err" || status=$?
took=$(($(now_ms) - start))
[ "$status" -eq 4 ] || fail "--lock-wait 0: exit $status, expected 4: $(cat "$work/err")"
[ "$took" -lt 900 ] || fail "--lock-wait 0: gave up after $took ms, expected at once"
[ "$(wc -l <"$work/err")" -eq 1 ] || fail "--lock-wait 0: not one line on stderr: $(cat "$work/err")"
case $(cat "$work/err") in
  "siege: error: $state: locked by process $holder (siege), "*) ;;
  *) fail "--lock-wait 0: the error line is '$(cat "$work/err")'" ;;
esac
status=0
json=$(attack "$state" --lock-wait 0 --json 2>/dev/null) || status=$?
[ "$status" -eq 4 ] || fail "--lock-wait 0 --json: exit $status"
case $json in *'"code":4,"id":"locked"'*) ;; *) fail "--lock-wait 0 --json: $json" ;; esac
cmp -s "$state" "$work/before" || fail "--lock-wait 0: the state file changed"

# The default wait: the waiting line, then the update once the holder lets go.
# (Without the FIFO's end, which a redirection of a function's call would
# keep as another descriptor: the batch's input must end.)
(
  exec 3>&-
  attack "$state" >"$work/out" 2>"$work/err"
) &
waiter=$!
i=0
until grep -q 'waiting up to' "$work/err"; do
  i=$((i + 1))
  [ "$i" -lt 300 ] || fail "the default wait said nothing in 3 s"
  sleep 0.01
done
kill -0 "$waiter" 2>/dev/null || fail "the waiter ended while the lock was held: $(cat "$work/err")"
want="siege: $state: locked by process $holder (siege); waiting up to 60 s"
[ "$(cat "$work/err")" = "$want" ] || fail "default wait: stderr is '$(cat "$work/err")', expected '$want'"
held_by=$holder
kill -CONT "$holder"
exec 3>&- # the batch's input ends: it lets go
wait "$holder" || fail "the holding batch failed: $(cat "$work/batch.out")"
holder=""
status=0
wait "$waiter" || status=$?
[ "$status" -eq 0 ] || fail "after the holder let go: exit $status: $(cat "$work/err")"
[ "$(cat "$work/err")" = "$want" ] || fail "after the holder let go, stderr: $(cat "$work/err")"
cmp -s "$state" "$work/after" || fail "after the holder let go: the state file is not what the update writes"
leftover=$(cd "$work" && find . -mindepth 1 -maxdepth 1 -name 'siege.json?*')
[ -z "$leftover" ] || fail "left behind: $leftover"

# Any process that holds the lock is named, here flock(1) (util-linux),
# holding it until its input ends: --lock-wait 1 gives up after 1 s.
other=""
if command -v flock >/dev/null 2>&1; then
  mkfifo "$work/hold"
  flock "$state.lock" cat <"$work/hold" >/dev/null &
  holder=$!
  exec 4>"$work/hold"
  i=0
  until grep -q " $holder " /proc/locks 2>/dev/null; do
    i=$((i + 1))
    [ "$i" -lt 500 ] || fail "flock(1) never took the lock (no lock of $holder in /proc/locks)"
    sleep 0.01
  done
  status=0
  attack "$state" --lock-wait 1 >"$work/out" 2>"$work/err" || status=$?
  [ "$status" -eq 4 ] || fail "flock(1) holding: exit $status, expected 4: $(cat "$work/err")"
  want="siege: error: $state: still locked by process $holder after 1 s; nothing was changed: try again once it"
  want="$want is done, or wait longer with --lock-wait SECONDS"
  [ "$(cat "$work/err")" = "$want" ] || fail "flock(1) holding: stderr is '$(cat "$work/err")', expected '$want'"
  cmp -s "$state" "$work/after" || fail "flock(1) holding: the state file changed"
  other="; flock(1) (process $holder) named too"
  exec 4>&-
  wait "$holder" || fail "flock(1) failed"
  holder=""
  rm -f "$state.lock" # flock(1) leaves its lock file
fi
echo "lock wait: a stopped writer (a batch, process $held_by) named after 1 s; --lock-wait 2 gave up with" \
  "exit 4 after 2 s, the file unchanged; --lock-wait 0 at once; the default wait completed once it let go$other"
