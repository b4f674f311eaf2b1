#!/bin/sh
# Faults: an update on a state file whose folder is read-only, or whose disk
# is full, fails with exit 4 and a one-line error naming the file, and
# leaves the file byte for byte as it was (and no temp file behind).
#   faults.sh SIEGE read-only|full-disk
# As root, permissions do not stop writes: the folder is then a tmpfs
# remounted read-only, in a private mount namespace (unshare -m). The full
# disk is a small tmpfs, filled up. Where neither can be had: exit 77 (skip).
siege=$1; mode=$2
if [ "$(id -u)" -eq 0 ] && [ -z "${SIEGE_IN_NAMESPACE:-}" ]; then
  if command -v unshare >/dev/null 2>&1 && unshare -m true 2>/dev/null; then
    SIEGE_IN_NAMESPACE=1 exec unshare -m sh "$0" "$@"
  fi
  [ "$mode" = read-only ] || { echo "skipped: no 'unshare -m' here to mount a small tmpfs"; exit 77; }
  echo "skipped: running as root without 'unshare -m': permissions cannot make a folder read-only"; exit 77
fi
. "$(dirname "$0")/common.sh"
mounted=""
if [ -n "${SIEGE_IN_NAMESPACE:-}" ]; then
  mkdir "$work/mnt"
  mount -t tmpfs -o size=256k tmpfs "$work/mnt" || { echo "skipped: cannot mount a tmpfs"; exit 77; }
  mounted=$work/mnt
  trap 'umount "$mounted" 2>/dev/null; rm -rf "$work"' EXIT
  state=$work/mnt/siege.json
elif [ "$mode" = full-disk ]; then
  echo "skipped: a full disk needs a small tmpfs (root and 'unshare -m')"; exit 77
else
  mkdir "$work/mnt"
  state=$work/mnt/siege.json
fi
setup_state
for _ in 1 2 3; do update 1 >/dev/null; done
cp "$state" "$work/before"
case $mode in
  read-only)
    if [ -n "$mounted" ]; then mount -o remount,ro,bind "$mounted" || { echo "skipped: cannot remount read-only"; exit 77; }
    else chmod 555 "$work/mnt"; fi ;;
  full-disk)
    # Fill what is left of the tmpfs.
    dd if=/dev/zero of="$mounted/filler" bs=4096 2>/dev/null || true ;;
  *) fail "unknown mode $mode" ;;
esac
status=0
err=$(update 1 2>&1 >/dev/null) || status=$?
[ -n "$mounted" ] || chmod 755 "$work/mnt"
[ "$status" -eq 4 ] || fail "$mode: exit $status, expected 4 ($err)"
[ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] || fail "$mode: the error is not one line: $err"
case $err in "siege: error: $state"*) ;; *) fail "$mode: the error does not name the file first: $err" ;; esac
cmp -s "$state" "$work/before" || fail "$mode: the state file changed"
leftover=$(cd "$(dirname "$state")" && find . -mindepth 1 -maxdepth 1 ! -name siege.json ! -name filler)
[ -z "$leftover" ] || fail "$mode: left behind: $leftover"
echo "$mode: exit 4, '$err', the state file unchanged"
