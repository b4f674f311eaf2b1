#!/bin/sh
# Kill safety: ROUNDS times, start one update and SIGKILL it after a short
# delay drawn from a fixed seed. After every kill the state file still loads
# (siege status succeeds) and is byte for byte either the file before the
# update or the file after it; the next update gets the lock and commits.
#   kill.sh SIEGE [ROUNDS]     (default 50)
siege=$1; rounds=${2:-50}
. "$(dirname "$0")/common.sh"
setup_state
# A temp file left by a writer killed before its rename is removed by the
# next writer, which holds the lock: the killed one recorded its name in the
# lock file. A file that only looks like a temp file is never removed.
echo "$(basename "$state").tmp.99999.0123456789abcdef" >"$state.lock"
echo '{"half": ' >"$state.tmp.99999.0123456789abcdef"
echo 'another siege' >"$state.tmp.99998"
update 1 >/dev/null
[ ! -e "$state.tmp.99999.0123456789abcdef" ] || fail "a stale temp file survived the next update"
[ -e "$state.tmp.99998" ] || fail "a file that only looks like a temp file was removed"
rm -f "$state.tmp.99998"
seed=12345
before_kept=0; after_kept=0; killed=0
r=0
while [ "$r" -lt "$rounds" ]; do
  cp "$state" "$work/before"
  # What the update writes when it is not interrupted (--seed is fixed, so
  # the bytes are the same): run it on a copy.
  cp "$state" "$work/copy.json"
  state_saved=$state; state=$work/copy.json; update 1 >/dev/null; state=$state_saved
  mv "$work/copy.json" "$work/after"
  # Delay 0-19 ms (a linear congruential sequence, the same on every run).
  seed=$(( (seed * 1103515245 + 12345) % 2147483648 ))
  delay=$(( seed / 65536 % 20 ))
  # The binary itself in the background (not the update function, whose
  # subshell would die while siege ran on).
  "$siege" --data "$data" --seed 1 --state "$state" attack --section keep --hull-damage 0 --successes 1 \
    >/dev/null 2>&1 &
  pid=$!
  sleep "$(printf '0.%03d' "$delay")"
  kill -KILL "$pid" 2>/dev/null || true
  rc=0; wait "$pid" 2>/dev/null || rc=$?
  [ "$rc" -eq 137 ] && killed=$((killed + 1))
  "$siege" --data "$data" --state "$state" status >/dev/null || fail "round $r: status fails after the kill"
  if cmp -s "$state" "$work/before"; then before_kept=$((before_kept + 1))
  elif cmp -s "$state" "$work/after"; then after_kept=$((after_kept + 1))
  else
    diff "$work/after" "$state" | head -20 >&2 || true
    fail "round $r (killed after $delay ms): the file is neither the one before nor the one after"
  fi
  # The next update must get the lock (a killed holder leaves none held).
  update 0 >/dev/null || fail "round $r: the next update fails after the kill"
  r=$((r + 1))
done
leftover=$(cd "$work" && find . -mindepth 1 -maxdepth 1 ! -name data ! -name desc.json ! -name siege.json ! -name before ! -name after)
[ -z "$leftover" ] || fail "left behind: $leftover"
echo "kill: $rounds updates sent SIGKILL after 0-19 ms ($killed died of it, the others had finished);" \
  "the file kept the old bytes $before_kept times and had the new bytes $after_kept times, loaded every" \
  "time, and the next update always committed"
