#!/bin/sh
# Builds the Debian package with `cpack -G DEB`, unpacks it with
# `dpkg-deb -x` and runs the siege program from it. Exit 77 (CTest's skip)
# when dpkg-deb is not installed.
#
#   check_deb.sh CPACK BUILD_DIR STATIC(ON|OFF)
set -eu
cpack=$1
build=$2
static=$3
if ! command -v dpkg-deb >/dev/null 2>&1; then
    echo "skipped: dpkg-deb is not installed (it comes with dpkg, on Debian and Ubuntu)"
    exit 77
fi
case $static in
    ON | on | 1 | TRUE | true) ;;
    *) command -v dpkg-shlibdeps >/dev/null 2>&1 || {
        echo "skipped: a dynamically linked build needs dpkg-shlibdeps (apt-get install dpkg-dev)"
        exit 77
    } ;;
esac
work=$(mktemp -d "${TMPDIR:-/tmp}/siege-deb.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

"$cpack" --config "$build/CPackConfig.cmake" -G DEB -B "$work/out" >"$work/cpack.log" 2>&1 ||
    { cat "$work/cpack.log" >&2; fail "cpack -G DEB failed"; }
set -- "$work"/out/*.deb
[ $# -eq 1 ] && [ -f "$1" ] || fail "cpack made no single .deb: $*"
deb=$1
echo "ok: cpack made $(basename "$deb")"

[ "$(dpkg-deb -f "$deb" Package)" = siege ] || fail "the package is not called siege"
[ -n "$(dpkg-deb -f "$deb" Maintainer)" ] || fail "the package has no maintainer"
[ -n "$(dpkg-deb -f "$deb" Description)" ] || fail "the package has no description"
if [ "$static" = ON ]; then
    depends=$(dpkg-deb -f "$deb" Depends)
    [ -z "$depends" ] || fail "a static program should depend on nothing, the package depends on: $depends"
fi
echo "ok: control fields: $(dpkg-deb -f "$deb" Package Version Architecture | tr '\n' ' ')"

dpkg-deb -x "$deb" "$work/root" || fail "dpkg-deb -x failed"
out=$(cd / && "$work/root/usr/bin/siege" attack --structure curtain-wall --weapon cannon --successes 2 --json) ||
    fail "the packaged siege exited with $?"
case $out in *'"damage":7'*) ;; *) fail "unexpected output: $out" ;; esac
echo "ok: the packaged siege resolves an attack"
for f in usr/share/man/man1/siege.1 usr/share/bash-completion/completions/siege \
    usr/share/zsh/vendor-completions/_siege usr/share/siege/data/structures.json \
    usr/share/siege/schema/outcome.schema.json; do
    [ -f "$work/root/$f" ] || fail "the package lacks /$f"
done
echo "ok: the package holds the man page, completions, tables and schema"
