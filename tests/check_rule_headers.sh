#!/bin/sh
# No rule header writes JSON (issue 23): the core computes outcome structs,
# the printers in src/print/ write them. Fails, naming the file and line, if
# a header under include/siege/ names the JSON writer (includes
# json_writer.hpp, or takes or makes a JsonWriter), except the writer itself
# (detail/json_writer.hpp) and the state file's own format (state_json.hpp,
# persistence rather than an outcome).
#
#   sh tests/check_rule_headers.sh INCLUDE_DIR   (INCLUDE_DIR holds siege/)
#
# It then proves it can fail: a copy of the headers with a writer added to
# one rule header must be refused, with that header named.
set -eu
dir=${1:?usage: check_rule_headers.sh INCLUDE_DIR}

check() {
  found=$(grep -rnE 'json_writer|JsonWriter' "$1/siege" --include='*.hpp' |
          grep -vE "^$1/siege/(detail/json_writer\.hpp|state_json\.hpp):" || true)
  [ -z "$found" ] && return 0
  printf '%s\n' "$found"
  return 1
}

if ! check "$dir"; then
  echo "check_rule_headers: a rule header writes JSON; write the outcome in src/print/ instead" >&2
  exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -R "$dir/siege" "$work/siege"
printf '%s\n' 'inline void write_wall(detail::JsonWriter& w, const Wall& x);' >> "$work/siege/breach.hpp"
if out=$(check "$work"); then
  echo "check_rule_headers: the check let a writer in breach.hpp pass" >&2
  exit 1
fi
case $out in
  *"$work/siege/breach.hpp:"*) ;;
  *) echo "check_rule_headers: the check failed without naming breach.hpp: $out" >&2; exit 1 ;;
esac
echo "no rule header under $dir/siege writes JSON"
