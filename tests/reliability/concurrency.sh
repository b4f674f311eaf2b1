#!/bin/sh
# Concurrency: PROCS processes each apply UPDATES updates to one state file
# through the CLI at the same time, by three paths: the file's own, a
# symbolic link beside it, and a link to that link in another folder. No
# update may be lost: the keep's suffered Hull is the sum of all damage, the
# log holds every entry, the links are still links, and no temp or lock file
# is left behind.
#   concurrency.sh SIEGE [PROCS] [UPDATES]     (default 8 x 250)
siege=$1; procs=${2:-8}; updates=${3:-250}
. "$(dirname "$0")/common.sh"
setup_state
real=$state
ln -s siege.json "$work/link.json"
mkdir "$work/links"
ln -s "$work/link.json" "$work/links/far.json"
start=$(date +%s)
p=0
while [ "$p" -lt "$procs" ]; do
  (
    trap - EXIT
    case $((p % 3)) in  # update() writes through $state
      1) state=$work/link.json ;;
      2) state=$work/links/far.json ;;
    esac
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
for link in "$work/link.json" "$work/links/far.json"; do
  [ -L "$link" ] || fail "$link is no longer a symbolic link"
done
[ -f "$real" ] && [ ! -L "$real" ] || fail "$real is no longer a regular file"
leftover=$( (ls -A "$work"; ls -A "$work/links") |
  grep -v -x -e data -e desc.json -e siege.json -e link.json -e links -e far.json || true)
[ -z "$leftover" ] || fail "left behind: $leftover"
echo "concurrency: $procs processes x $updates updates (by the file, a link and a link to it)" \
  "= $((procs * updates)) log entries," \
  "Hull suffered $expected_hull as summed, nothing left behind ($(( $(date +%s) - start )) s)"
