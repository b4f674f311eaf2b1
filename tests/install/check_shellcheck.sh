#!/bin/sh
# ShellCheck, at warning level and above, on the bash completion and on
# every shell script of the repository that the tests or the README's
# commands run: tools/ (those with a sh or bash #! line), .ci/run and the
# *.sh files under tests/, examples/ and bench/. Sourced files are followed
# from each script's own folder. (The zsh completion is zsh, which
# ShellCheck does not read: tests/completion/check_zsh.sh parses it.)
#
#   check_shellcheck.sh SOURCE_DIR
#
# Without shellcheck it fails under tools/test-all and skips elsewhere
# (need_tool.sh).
set -eu
src=$1
. "$(dirname "$0")/need_tool.sh"
need_tool shellcheck shellcheck
cd "$src"
set -- completions/siege.bash .ci/run
for f in tools/*; do
    case $(head -n 1 "$f") in '#!'*/sh | '#!'*/bash | '#!'*'env bash' | '#!'*'env sh') set -- "$@" "$f" ;; esac
done
for f in $(find tests examples bench -name '*.sh' | sort); do set -- "$@" "$f"; done
[ $# -gt 10 ] || { echo "FAIL: only $# scripts found under $src" >&2; exit 1; }
if out=$(shellcheck --external-sources --source-path=SCRIPTDIR --severity=warning --format=gcc "$@" 2>&1); then
    echo "ok: shellcheck finds nothing at warning level in $# scripts:" "$@"
else
    echo "$out"
    echo "FAIL: shellcheck reports $(echo "$out" | wc -l) problem(s) in these scripts" >&2
    exit 1
fi
