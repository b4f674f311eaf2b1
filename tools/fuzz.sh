#!/bin/sh
# Runs the libFuzzer harnesses for a bounded time and prints what they did.
#   tools/fuzz.sh [SECONDS_EACH [TARGET...]]   (default 60 s; every target of
#                                               fuzz/CMakeLists.txt)
# Builds the "fuzz" preset (clang, ASan, UBSan). Each harness starts from a
# scratch copy of its saved corpus in fuzz/corpus/<target>; a crash stops
# the script with a non-zero status and leaves the crashing input in
# build/fuzz/findings/.
set -eu
seconds=${1:-60}
if [ $# -gt 0 ]; then shift; fi
cd "$(dirname "$0")/.."
command -v clang++ >/dev/null || { echo "fuzz: clang++ not installed (apt-get install clang)"; exit 2; }
cmake --preset fuzz >/dev/null
all=$(sed -n 's/^set(SIEGE_FUZZ_TARGETS \(.*\))$/\1/p' fuzz/CMakeLists.txt)
targets=${*:-$all}
for t in $targets; do
  case " $all " in *" $t "*) ;; *) echo "fuzz: unknown target '$t' (targets: $all)"; exit 2 ;; esac
done
# Only the harnesses (and what they link): the rest of the tree is not needed.
# shellcheck disable=SC2046 # one word per harness
cmake --build --preset fuzz --target $(for t in $targets; do printf 'fuzz_%s ' "$t"; done) >/dev/null
mkdir -p build/fuzz/findings
status=0
for target in $targets; do
  harness=build/fuzz/fuzz/fuzz_$target
  work=$(mktemp -d)
  cp -r "fuzz/corpus/$target/." "$work/" 2>/dev/null || true
  log=build/fuzz/findings/$target.log
  if "$harness" -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
      -artifact_prefix=build/fuzz/findings/"$target"- "$work" >"$log" 2>&1; then
    verdict="no findings"
  else
    verdict="FINDING (see $log)"
    status=1
  fi
  runs=$(sed -n 's/^Done \([0-9]*\) runs in \([0-9]*\) second.*/\1 runs in \2 s/p' "$log" | tail -1)
  printf '%-10s %-28s corpus %4s -> %4s inputs  %s\n' "$target" "${runs:-?}" \
    "$(ls "fuzz/corpus/$target" | wc -l)" "$(ls "$work" | wc -l)" "$verdict"
  rm -rf "$work"
done
exit $status
