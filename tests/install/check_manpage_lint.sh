#!/bin/sh
# The man page passes `mandoc -T lint` at every level (style included),
# its header names the version CMake builds, and every line of it fits 80
# columns (mandoc, and man-db's `MANWIDTH=80 man -l`).
#
#   check_manpage_lint.sh MAN_PAGE VERSION
#
# Without mandoc or man it fails under tools/test-all and skips elsewhere
# (need_tool.sh).
set -eu
page=$1
version=$2
. "$(dirname "$0")/need_tool.sh"
need_tool mandoc mandoc
out=$(mandoc -T lint -W style "$page" 2>&1) || true
if [ -n "$out" ]; then
    echo "$out"
    echo "FAIL: mandoc -T lint -W style reports the lines above" >&2
    exit 1
fi
echo "ok: mandoc -T lint -W style says nothing about $page"
# Every line fits a terminal 80 columns wide, in mandoc and in man-db's man
# (groff), the examples too: a tab counts to the next multiple of 8.
wide() {
    col -bx | awk -v what="$1" 'length > 80 { n++; print what ": " length " columns: " $0 }
                                 END { exit n > 0 }'
}
mandoc -T utf8 -O width=80 "$page" | wide "mandoc -O width=80" || {
    echo "FAIL: lines wider than 80 columns in mandoc" >&2; exit 1; }
echo "ok: every line of mandoc -T utf8 -O width=80 fits 80 columns"
need_tool man man-db
MANWIDTH=80 MAN_KEEP_FORMATTING=0 man -l "$page" 2>/dev/null | wide "MANWIDTH=80 man -l" || {
    echo "FAIL: lines wider than 80 columns in man -l" >&2; exit 1; }
echo "ok: every line of MANWIDTH=80 man -l fits 80 columns"
th=$(grep -m 1 '^\.TH ' "$page")
case $th in
    *"\"siege $version\""*) echo "ok: the header names siege $version" ;;
    *) echo "FAIL: the header ($th) does not name siege $version" >&2; exit 1 ;;
esac
