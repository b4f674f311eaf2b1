#!/bin/sh
# Installs the build into a scratch prefix with `cmake --install` and checks
# that the installed program runs from another folder and that the man
# page, the shell completions, the tables and the schemas are in place.
#
#   check_install.sh CMAKE BUILD_DIR
set -eu
cmake=$1
build=$2
work=$(mktemp -d "${TMPDIR:-/tmp}/siege-install.XXXXXX")
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
fail() { echo "FAIL: $*" >&2; exit 1; }

"$cmake" --install "$build" --prefix "$prefix" >"$work/install.log" 2>&1 ||
    { cat "$work/install.log" >&2; fail "cmake --install failed"; }

# The program, run from / so that nothing in the source or build tree helps.
out=$(cd / && "$prefix/bin/siege" attack --structure curtain-wall --weapon cannon --successes 2 --json) ||
    fail "the installed siege exited with $?"
for key in '"action":"attack"' '"structure":"curtain-wall"' '"damage":7' '"after":7' '"rules":['; do
    case $out in *"$key"*) ;; *) fail "output lacks $key: $out" ;; esac
done
echo "ok: installed siege resolves an attack from /"

for f in \
    share/man/man1/siege.1.gz \
    share/bash-completion/completions/siege \
    share/zsh/vendor-completions/_siege \
    share/siege/schema/outcome.schema.json \
    share/doc/siege/copyright \
    share/doc/siege/changelog.gz \
    share/doc/siege-dev/copyright \
    include/siege/siege.hpp; do
    [ -f "$prefix/$f" ] || fail "missing $f"
done
for t in structures weapons charges engines siege-rating dice troops; do
    [ -f "$prefix/share/siege/data/$t.json" ] || fail "missing share/siege/data/$t.json"
done
for t in structures weapons charges engines siege-rating dice; do
    [ -f "$prefix/share/siege/data/schema/$t.schema.json" ] || fail "missing share/siege/data/schema/$t.schema.json"
done
[ -f "$prefix/share/cmake/siege/siegeConfig.cmake" ] || fail "missing share/cmake/siege/siegeConfig.cmake"
# Every installed header is the core's: siege.hpp or an odds header includes
# it, directly or not. A header only the program uses stays in src/.
reached="siege/siege.hpp siege/odds.hpp siege/odds_works.hpp siege/odds_scene.hpp siege/odds_advise.hpp"
todo=$reached
while [ -n "$todo" ]; do
    next=
    for h in $todo; do
        [ -f "$prefix/include/$h" ] || fail "missing include/$h"
        for inc in $(sed -n 's/^#include "\(siege\/[^"]*\)"/\1/p' "$prefix/include/$h"); do
            case " $reached " in *" $inc "*) ;; *) reached="$reached $inc" next="$next $inc" ;; esac
        done
    done
    todo=$next
done
for f in $(cd "$prefix/include" && find siege -type f); do
    case " $reached " in *" $f "*) ;; *) fail "include/$f is installed, but no core header includes it" ;; esac
done
echo "ok: man page, completions, tables, schemas and the CMake package are installed"

# The installed tables are valid --data for the installed program.
(cd / && "$prefix/bin/siege" --data "$prefix/share/siege/data" list structures >/dev/null) ||
    fail "the installed tables do not load with --data"
echo "ok: the installed tables load with --data"

# man finds the page under the prefix, and it renders without warnings.
if command -v man >/dev/null 2>&1; then
    found=$(MANPATH="$prefix/share/man" man -w siege 2>/dev/null) || fail "man -w siege finds no page under the prefix"
    [ "$found" = "$prefix/share/man/man1/siege.1.gz" ] || fail "man -w siege found $found"
    echo "ok: man -w siege finds $found"
fi
if command -v groff >/dev/null 2>&1; then
    warnings=$(gzip -dc "$prefix/share/man/man1/siege.1.gz" | groff -man -ww -z 2>&1)
    [ -z "$warnings" ] || fail "groff warns about siege.1.gz: $warnings"
    echo "ok: siege.1.gz renders without groff warnings"
fi
