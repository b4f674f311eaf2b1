#!/bin/sh
# Concurrency: PROCS processes each apply UPDATES updates to one state file
# through the CLI at the same time. No update may be lost: the keep's
# suffered Hull is the sum of all damage, the log holds every entry, and no
# temp or lock file is left behind.
#   concurrency.sh SIEGE [PROCS] [UPDATES]     (default 8 x 250)
siege=$1; procs=${2:-8}; updates=${3:-250}
. "$(dirname "$0")/common.sh"
setup_state
start=$(date +%s)
p=0
while [ "$p" -lt "$procs" ]; do
  (
    trap - EXIT
    i=0
    while [ "$i" -lt "$updates" ]; do
      # Every third update of a process does 1 Hull damage, the others miss.
      if [ $((i % 3)) -eq 0 ]; then d=1; else d=0; fi
      update "$d" >/dev/null || { echo "FAIL: process $p update $i exited $?" >&2; exit 1; }
      i=$((i + 1))
    done
  ) &
  pids="${pids:-} $!"
  p=$((p + 1))
done
failed=0
for job in $pids; do wait "$job" || failed=1; done
[ "$failed" -eq 0 ] || fail "an update failed"
expected_hull=$(( procs * ((updates + 2) / 3) ))
got=$(suffered)
[ "$got" = "$expected_hull $((procs * updates + 0))" ] ||
  fail "suffered Hull and log entries are '$got', expected '$expected_hull $((procs * updates))'"
leftover=$(cd "$work" && find . -mindepth 1 -maxdepth 1 ! -name data ! -name desc.json ! -name siege.json)
[ -z "$leftover" ] || fail "left behind: $leftover"
echo "concurrency: $procs processes x $updates updates = $((procs * updates)) log entries," \
  "Hull suffered $expected_hull as summed, nothing left behind ($(( $(date +%s) - start )) s)"
