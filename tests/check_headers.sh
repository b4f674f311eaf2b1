#!/bin/sh
# Every header compiles on its own: a file that includes only it passes
# the compiler's checks (-fsyntax-only) with the release build's warnings as
# errors. A unity build puts several files in one translation unit, where a
# header that forgets an include of its own still compiles; this finds it.
#
#   sh tests/check_headers.sh CXX ROOT GENERATED [--self-test]
#
# CXX: the compiler; ROOT: the source tree; GENERATED: the build's folder of
# generated headers (version.hpp). Two at a time (the machine's cores).
# --self-test: the check run on a copy with a header that uses std::string
# without <string> planted, which it must refuse by name (and a good header
# beside it, which it must pass).
set -eu
cxx=${1:?usage: check_headers.sh CXX ROOT GENERATED [--self-test]}
root=${2:?}
generated=${3:?}
flags="-std=gnu++20 -fsyntax-only -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wno-sign-conversion -Werror"
[ "$($cxx --version | head -n 1 | grep -c clang)" = 0 ] && flags="$flags -Wno-restrict"

check_tree() {  # $1: a tree with include/ and src/, $2: which headers (all); prints each that fails
  work=$(mktemp -d)
  if [ -n "${2:-}" ]; then printf '%s\n' $2; else (cd "$1" && find include/siege src -name '*.hpp' | sort); fi \
    > "$work/list"
  # One translation unit a header: #include "it" and nothing else.
  while IFS= read -r h; do
    name=$(printf '%s' "$h" | tr '/.' '__')
    case $h in
      include/*) printf '#include "%s"\n' "${h#include/}" ;;
      src/*) printf '#include "%s"\n' "${h#src/}" ;;
    esac > "$work/$name.cpp"
    printf '%s %s\n' "$name" "$h"
  done < "$work/list" > "$work/units"
  # shellcheck disable=SC2086
  xargs -P 2 -L 1 sh -c 'if ! "$0" '"$flags"' -I "'"$1"'/include" -I "'"$1"'/src" -I "'"$generated"'" "'"$work"'/$1.cpp" \
      > "'"$work"'/$1.log" 2>&1; then echo "$2"; fi' "$cxx" < "$work/units" > "$work/failed" || true
  sort "$work/failed"
  for f in $(cat "$work/failed"); do
    name=$(printf '%s' "$f" | tr '/.' '__')
    head -n 5 "$work/$name.log" >&2
  done
  rm -rf "$work"
}

if [ "${4:-}" = --self-test ]; then
  copy=$(mktemp -d)
  trap 'rm -rf "$copy"' EXIT
  cp -R "$root/include" "$root/src" "$copy/"
  printf '#pragma once\ninline std::string planted() { return {}; }\n' > "$copy/src/print/planted.hpp"
  failed=$(check_tree "$copy" "src/print/planted.hpp include/siege/dice.hpp" 2>/dev/null)
  if [ "$failed" != "src/print/planted.hpp" ]; then
    echo "check_headers: the planted header without <string> was not the one refused: '$failed'" >&2
    exit 1
  fi
  echo "check_headers: a header missing an include of its own is refused by name"
  exit 0
fi

failed=$(check_tree "$root")
if [ -n "$failed" ]; then
  printf '%s\n' "$failed"
  echo "check_headers: these headers do not compile on their own: add the includes they use" >&2
  exit 1
fi
echo "check_headers: every header of include/siege and src compiles on its own"
