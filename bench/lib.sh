# shellcheck shell=sh
# Shared by the benchmarks (sourced, not run): timing one command line.
#
#   median_seconds CMD...  median wall time of one run of CMD, process start
#                          included: hyperfine (100 runs) when installed, else
#                          a timed loop of 50 runs (timing_method says which).
#   instructions CMD...    instructions one run of CMD executes (valgrind's
#                          callgrind: repeatable whatever the load), or
#                          nothing when valgrind is not installed.
# median_seconds needs $work, a scratch folder the benchmark removes.

# shellcheck disable=SC2154 # $work is the sourcing benchmark's
median_seconds() {
  if command -v hyperfine >/dev/null 2>&1; then
    hyperfine -N --warmup 5 --runs 100 --export-json "$work/times.json" "$*" >/dev/null 2>&1 ||
      hyperfine --warmup 5 --runs 100 --export-json "$work/times.json" "$*" >/dev/null
    python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["results"][0]["median"])' "$work/times.json"
  else
    python3 - "$@" <<'PY'
import statistics, subprocess, sys, time
times = []
for _ in range(50):
    start = time.perf_counter()
    subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True)
    times.append(time.perf_counter() - start)
print(statistics.median(times))
PY
  fi
}

timing_method() {
  if command -v hyperfine >/dev/null 2>&1; then echo "hyperfine, 100 runs"
  else echo "timed loop of 50 runs; hyperfine not installed"; fi
}

instructions() {
  command -v valgrind >/dev/null 2>&1 || return 0
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
