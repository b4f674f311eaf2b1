#!/bin/sh
# Builds the Debian packages with `cpack -G DEB` (siege and siege-dev, one
# for each install component), holds both to lintian at error and warning
# level, unpacks them with `dpkg-deb -x`, runs the siege program from one
# and builds tests/consumer against the CMake package of the other.
#
#   check_deb.sh CPACK CMAKE BUILD_DIR SOURCE_DIR STATIC(ON|OFF)
#
# Without lintian (or, for a dynamically linked build, dpkg-shlibdeps) it
# fails under tools/test-all and skips elsewhere (need_tool.sh).
set -eu
cpack=$1
cmake=$2
build=$3
src=$4
static=$5
. "$(dirname "$0")/need_tool.sh"
need_tool dpkg-deb dpkg
need_tool lintian lintian
case $static in
    ON | on | 1 | TRUE | true) static=ON ;;
    *) need_tool dpkg-shlibdeps dpkg-dev ;;
esac
work=$(mktemp -d "${TMPDIR:-/tmp}/siege-deb.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

"$cpack" --config "$build/CPackConfig.cmake" -G DEB -B "$work/out" >"$work/cpack.log" 2>&1 ||
    { cat "$work/cpack.log" >&2; fail "cpack -G DEB failed"; }
version=$(sed -n 's/^set(CPACK_PACKAGE_VERSION "\(.*\)")$/\1/p' "$build/CPackConfig.cmake")
[ -n "$version" ] || fail "no CPACK_PACKAGE_VERSION in CPackConfig.cmake"
arch=$(dpkg --print-architecture)
deb=$work/out/siege_${version}_$arch.deb
dev=$work/out/siege-dev_${version}_all.deb
[ -f "$deb" ] || fail "cpack made no $(basename "$deb"): $(ls "$work/out")"
[ -f "$dev" ] || fail "cpack made no $(basename "$dev"): $(ls "$work/out")"
echo "ok: cpack made $(basename "$deb") and $(basename "$dev")"

# Control fields.
field() {
    d=$1
    shift
    dpkg-deb -f "$d" "$@"
}
for d in "$deb" "$dev"; do
    [ -n "$(field "$d" Maintainer)" ] || fail "$(basename "$d") has no maintainer"
    [ "$(field "$d" Description | wc -l)" -gt 2 ] || fail "$(basename "$d") has no long description"
done
[ "$(field "$dev" Architecture)" = all ] || fail "siege-dev is not Architecture: all"
if [ "$static" = ON ]; then
    depends=$(field "$deb" Depends)
    [ -z "$depends" ] || fail "a static program should depend on nothing, siege depends on: $depends"
fi
echo "ok: control fields: $(field "$deb" Package Version Architecture Section | tr '\n' ' ')/" \
    "$(field "$dev" Package Architecture Section Depends | tr '\n' ' ')"

# lintian: no error and no warning on either package (as root, it says so on
# stderr; that is not a tag).
if ! lintian --fail-on error,warning --tag-display-limit 0 "$deb" "$dev" >"$work/lintian.log" 2>"$work/lintian.err"; then
    cat "$work/lintian.log" "$work/lintian.err" >&2
    fail "lintian reports errors or warnings"
fi
[ -s "$work/lintian.log" ] && { echo "lintian (below warning level):"; cat "$work/lintian.log"; }
echo "ok: lintian --fail-on error,warning passes both packages"

# Each package's changelog starts with the version it has.
dpkg-deb -x "$deb" "$work/root"
dpkg-deb -x "$dev" "$work/devroot"
for d in root/usr/share/doc/siege devroot/usr/share/doc/siege-dev; do
    top=$(gzip -dc "$work/$d/changelog.gz" | sed -n '1s/^[^ ]* (\([^)]*\)).*/\1/p')
    [ "$top" = "$version" ] || fail "/${d#*/}/changelog.gz starts at version '$top', the package is $version"
    [ -s "$work/$d/copyright" ] || fail "/${d#*/}/copyright is missing"
done
echo "ok: changelogs start at $version, copyright files in place"

# The program from the package, run from / (nothing of the build helps).
out=$(cd / && "$work/root/usr/bin/siege" attack --structure curtain-wall --weapon cannon --successes 2 --json) ||
    fail "the packaged siege exited with $?"
case $out in *'"damage":7'*) ;; *) fail "unexpected output: $out" ;; esac
echo "ok: the packaged siege resolves an attack"
for f in usr/share/man/man1/siege.1.gz usr/share/bash-completion/completions/siege \
    usr/share/zsh/vendor-completions/_siege usr/share/siege/data/structures.json \
    usr/share/siege/schema/outcome.schema.json; do
    [ -f "$work/root/$f" ] || fail "siege lacks /$f"
done
[ ! -e "$work/root/usr/include" ] || fail "siege holds headers (they belong in siege-dev)"
for f in usr/include/siege/siege.hpp usr/include/siege/odds.hpp usr/share/cmake/siege/siegeConfig.cmake; do
    [ -f "$work/devroot/$f" ] || fail "siege-dev lacks /$f"
done
echo "ok: the program, man page, completions, tables in siege; headers and CMake package in siege-dev"

# A project outside siege builds against siege-dev's CMake package (with the
# odds component) and runs.
"$cmake" -S "$src/tests/consumer" -B "$work/consumer" -DCMAKE_PREFIX_PATH="$work/devroot/usr" \
    >"$work/consumer.log" 2>&1 || { cat "$work/consumer.log" >&2; fail "the consumer does not configure"; }
"$cmake" --build "$work/consumer" >>"$work/consumer.log" 2>&1 ||
    { cat "$work/consumer.log" >&2; fail "the consumer does not build"; }
out=$("$work/consumer/consumer") || fail "the consumer exited with $?: $out"
[ "$out" = "cracked 1/2" ] || fail "the consumer printed: $out"
grep -q "^siege_DIR:PATH=$work/devroot/" "$work/consumer/CMakeCache.txt" ||
    fail "the consumer found another siege: $(grep '^siege_DIR' "$work/consumer/CMakeCache.txt")"
echo "ok: tests/consumer builds against siege-dev's siegeConfig.cmake"

# Every package whose CMake config (NAME_DIR) that build found: nlohmann_json, Boost
# is among siege-dev's dependencies or theirs: installing siege-dev brings
# what its config asks for.
closure=" "
for p in $(field "$dev" Depends | tr ',' '\n' | sed 's/(.*)//; s/|.*//'); do
    closure="$closure$p $(dpkg-query -W -f='${Depends}' "$p" 2>/dev/null | tr ',' '\n' | sed 's/(.*)//; s/|.*//' | tr -d ' ' | tr '\n' ' ') "
done
found=$(sed -n 's/^\([A-Za-z0-9_]*\)_DIR:PATH=\(\/.*\/cmake\/.*\)$/\1 \2/p' "$work/consumer/CMakeCache.txt" |
    grep -v '^siege ')
[ -n "$found" ] || fail "the consumer's build found no dependency of siege"
echo "$found" | while read -r name dir; do
    owner=$(dpkg-query -S "$dir" 2>/dev/null | sed 's/:.*//' | head -n 1)
    [ -n "$owner" ] || fail "no Debian package owns $dir ($name)"
    case $closure in *" $owner "*) ;; *) fail "$name comes from $owner, which siege-dev does not depend on (Depends: $(field "$dev" Depends))" ;; esac
    echo "ok: $name ($dir) comes from $owner, which installing siege-dev brings"
done
