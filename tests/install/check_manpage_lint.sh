#!/bin/sh
# The man page passes `mandoc -T lint` at every level (style included),
# and its header names the version CMake builds.
#
#   check_manpage_lint.sh MAN_PAGE VERSION
#
# Without mandoc it fails under tools/test-all and skips elsewhere
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
th=$(grep -m 1 '^\.TH ' "$page")
case $th in
    *"\"siege $version\""*) echo "ok: the header names siege $version" ;;
    *) echo "FAIL: the header ($th) does not name siege $version" >&2; exit 1 ;;
esac
