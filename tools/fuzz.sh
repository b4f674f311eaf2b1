#!/bin/sh
# Runs the libFuzzer harnesses for a bounded time and prints what they did.
#   tools/fuzz.sh [SECONDS_EACH [TARGET...]]   (default 60 s; every target of
#                                               fuzz/CMakeLists.txt)
# Builds the "fuzz" preset (clang, ASan, UBSan), or the preset FUZZ_PRESET
# names ("asan-fuzz": tools/test-all's sanitizer build, which has the
# harnesses too). Each harness starts from a scratch copy of its saved
# corpus in fuzz/corpus/<target>; a crash stops the script with a non-zero
# status and leaves the crashing input in build/PRESET/findings/.
# FUZZ_JOBS harnesses run at a time (default: the
# number of cores), each on one core for the whole SECONDS_EACH, so the
# fuzzing done is the same as one after the other, in less wall time.
set -eu
seconds=${1:-60}
if [ $# -gt 0 ]; then shift; fi
cd "$(dirname "$0")/.."
command -v clang++ >/dev/null || { echo "fuzz: clang++ not installed (apt-get install clang)"; exit 2; }
preset=${FUZZ_PRESET:-fuzz}
build=build/$preset
cmake --preset "$preset" >/dev/null
all=$(sed -n 's/^set(SIEGE_FUZZ_TARGETS \(.*\))$/\1/p' fuzz/CMakeLists.txt)
targets=${*:-$all}
for t in $targets; do
  case " $all " in *" $t "*) ;; *) echo "fuzz: unknown target '$t' (targets: $all)"; exit 2 ;; esac
done
# Only the harnesses (and what they link): the rest of the tree is not needed.
# shellcheck disable=SC2046 # one word per harness
cmake --build --preset "$preset" --target $(for t in $targets; do printf 'fuzz_%s ' "$t"; done) >/dev/null
mkdir -p "$build"/findings
jobs=${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 1)}
# fuzz_one TARGET: runs one harness; writes its summary line to
# $build/findings/TARGET.summary and exits 1 on a finding.
fuzz_one() {
  target=$1
  harness=$build/fuzz/fuzz_$target
  work=$(mktemp -d)
  cp -r "fuzz/corpus/$target/." "$work/" 2>/dev/null || true
  log="$build"/findings/$target.log
  if "$harness" -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
      -artifact_prefix="$build"/findings/"$target"- "$work" >"$log" 2>&1; then
    verdict="no findings"; found=0
  else
    verdict="FINDING (see $log)"; found=1
  fi
  runs=$(sed -n 's/^Done \([0-9]*\) runs in \([0-9]*\) second.*/\1 runs in \2 s/p' "$log" | tail -1)
  printf '%-10s %-28s corpus %4s -> %4s inputs  %s\n' "$target" "${runs:-?}" \
    "$(ls "fuzz/corpus/$target" | wc -l)" "$(ls "$work" | wc -l)" "$verdict" \
    >"$build/findings/$target.summary"
  rm -rf "$work"
  return $found
}
status=0
set -- $targets
while [ $# -gt 0 ]; do
  # Up to $jobs harnesses at once; all run for the same time, so a batch
  # ends when its harnesses do.
  batch=; pids=; n=0
  while [ $# -gt 0 ] && [ $n -lt "$jobs" ]; do
    fuzz_one "$1" & pids="$pids $!"; batch="$batch $1"; n=$((n + 1)); shift
  done
  for pid in $pids; do wait "$pid" || status=1; done
  for t in $batch; do cat "$build/findings/$t.summary"; done
done
exit $status
