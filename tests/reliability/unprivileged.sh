#!/bin/sh
# An output file is never replaced against its owner's word, tried as a user
# without privileges (as root every file is writable, so as root the
# commands run as nobody, through setpriv or runuser, in a folder nobody may
# write: a rename there could replace any file in it). `chronicle -o FILE` refuses,
# with exit 2 and one line naming the file, leaving it byte for byte:
#   - a page of mode 444 (which `echo x > page` may not touch either);
#   - a page of mode 464: a write bit, but not for its owner;
#   - as root: a page of root's, mode 644, in nobody's folder;
#   - another siege's state file (replaced with --force);
#   - the state file of --state.
# A new page is written. The state file's own rule, the same way: an update
# of a siege this user may not write is exit 4, the file unchanged.
# Where no other user can be had (as root, neither setpriv nor runuser works):
# exit 77 (skip), saying why.
#   unprivileged.sh SIEGE
siege=$1
. "$(dirname "$0")/common.sh"
as_user=""
if [ "$(id -u)" -eq 0 ]; then
  # The first way to be nobody that works here: setpriv, else runuser.
  for way in "setpriv --reuid=nobody --regid=nogroup --clear-groups" "runuser -u nobody --"; do
    command -v "${way%% *}" >/dev/null 2>&1 && $way true 2>/dev/null && { as_user=$way; break; }
  done
  [ -n "$as_user" ] || {
    echo "skipped: running as root, and neither 'setpriv --reuid=nobody' nor 'runuser -u nobody' works here"
    exit 77
  }
fi
# Runs ARGS as the unprivileged user (this one, when it is not root).
run() { $as_user "$@"; }
setup_state
chmod 755 "$work"
pages=$work/pages
mkdir "$pages"
chmod 777 "$pages" # no sticky bit: a rename here may replace any file
chmod 644 "$state"
run "$siege" --version >/dev/null 2>&1 || {
  echo "skipped: the unprivileged user cannot run $siege (a folder on the way is closed to it)"
  exit 77
}
run sh -c ": >'$pages/probe'" 2>/dev/null || {
  echo "skipped: the unprivileged user cannot write in $pages (a folder on the way is closed to it)"
  exit 77
}
rm -f "$pages/probe"

# Makes PATH with TEXT as the unprivileged user, then gives it MODE.
make_as_user() { run sh -c "printf '%s' '$2' >'$1' && chmod $3 '$1'"; }

refused() { # NAME: chronicle -o NAME (more options after it) is refused, the file unchanged
  name=$1
  shift
  cp "$pages/$name" "$work/was"
  status=0
  err=$(run "$siege" --data "$data" --state "$state" chronicle -o "$pages/$name" "$@" 2>&1 >/dev/null) || status=$?
  [ "$status" -eq 2 ] || fail "$name: exit $status, expected 2 ($err)"
  [ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] || fail "$name: the error is not one line: $err"
  case $err in "siege: error: chronicle: --output $pages/$name: "*) ;; *) fail "$name: the error does not name the file: $err" ;; esac
  cmp -s "$pages/$name" "$work/was" || fail "$name: the file changed"
  echo "$name: $err"
}

make_as_user "$pages/page-444.html" "<p>kept</p>" 444
run sh -c "echo x >'$pages/page-444.html'" 2>/dev/null && fail "page-444.html: the shell may write it: not a test of anything"
refused page-444.html
case $err in *"read-only (no write permission)"*) ;; *) fail "page-444.html: not refused as read-only: $err" ;; esac
refused page-444.html --force

make_as_user "$pages/page-464.html" "<p>kept</p>" 464
run sh -c "echo x >'$pages/page-464.html'" 2>/dev/null && fail "page-464.html: the shell may write it: not a test of anything"
refused page-464.html
case $err in *"read-only (no write permission)"*) ;; *) fail "page-464.html: not refused as read-only: $err" ;; esac

if [ -n "$as_user" ]; then
  printf '<p>root'"'"'s</p>' >"$pages/page-root.html"
  chmod 644 "$pages/page-root.html"
  run sh -c "echo x >'$pages/page-root.html'" 2>/dev/null && fail "page-root.html: nobody may write it: not a test of anything"
  refused page-root.html
fi

run cp "$state" "$pages/other-siege.json"
refused other-siege.json
case $err in *"a siege state file"*) ;; *) fail "other-siege.json: not refused as a siege: $err" ;; esac
run "$siege" --data "$data" --state "$state" chronicle -o "$pages/other-siege.json" --force >/dev/null ||
  fail "other-siege.json --force: refused"
grep -q '<html' "$pages/other-siege.json" || fail "other-siege.json --force: not the page"

run cp "$state" "$pages/own.json"
status=0
err=$(run "$siege" --data "$data" --state "$pages/own.json" chronicle -o "$pages/own.json" --force 2>&1 >/dev/null) ||
  status=$?
[ "$status" -eq 2 ] || fail "own.json: the state file itself: exit $status ($err)"

run "$siege" --data "$data" --state "$state" chronicle -o "$pages/new.html" >/dev/null || fail "new.html: refused"
grep -q '<html' "$pages/new.html" || fail "new.html: not the page"

# The state file's own rule: root's siege, mode 644, in nobody's folder.
if [ -n "$as_user" ]; then
  cp "$state" "$pages/root-siege.json"
  chmod 644 "$pages/root-siege.json"
  cp "$pages/root-siege.json" "$work/was"
  status=0
  err=$(run "$siege" --data "$data" --state "$pages/root-siege.json" --seed 1 attack --section keep --hull-damage 0 \
    --successes 1 2>&1 >/dev/null) || status=$?
  [ "$status" -eq 4 ] || fail "root-siege.json: exit $status, expected 4 ($err)"
  case $err in *"read-only (no write permission)"*) ;; *) fail "root-siege.json: $err" ;; esac
  cmp -s "$pages/root-siege.json" "$work/was" || fail "root-siege.json: the file changed"
fi
leftover=$(cd "$pages" && find . -name '*.lock' -o -name '*.tmp.*')
[ -z "$leftover" ] || fail "left behind: $leftover"
echo "unprivileged ($(run id -un)): every refused output file left as it was"
