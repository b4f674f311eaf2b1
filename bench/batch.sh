#!/bin/sh
# Batch throughput and memory (issue: batch, odds and speed).
#
#   bench/batch.sh [path/to/siege] [LINES]
#
# Generates LINES attack actions (default 1,000,000), then measures:
# - `siege batch` on them, pinned to one core: lines per second of its CPU
#   time (target >= 500,000), the wall time, and peak RSS (target < 20 MB),
#   via /usr/bin/time when present (Debian package "time");
# - one process per line from a shell loop on the first 2,000 lines, scaled:
#   batch must be at least 20 times faster.
# Exits 1 if a target is missed.
set -eu
siege=${1:-build/release/siege}
lines=${2:-1000000}
here=$(dirname "$0")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 "$here/gen_attacks.py" "$lines" > "$work/in.jsonl"
fail=0

# Throughput on one core: lines per second of CPU time (user + system) of
# the process pinned to one core, which is what one core delivers even when
# other work shares the machine; the wall time is printed beside it.
start=$(date +%s.%N)
if [ -x /usr/bin/time ]; then
  /usr/bin/time -f '%U %S %M' -o "$work/time" taskset -c 0 "$siege" batch --seed 1 "$work/in.jsonl" > "$work/out.jsonl"
else
  taskset -c 0 "$siege" batch --seed 1 "$work/in.jsonl" > "$work/out.jsonl"
fi
end=$(date +%s.%N)
out_lines=$(wc -l < "$work/out.jsonl")
wall=$(python3 -c "print(round($end - $start, 3))")
wall_rate=$(python3 -c "print(int($lines / ($end - $start)))")
[ "$out_lines" -eq "$lines" ] || { echo "  expected $lines output lines, got $out_lines"; fail=1; }
if [ -f "$work/time" ]; then
  read -r user sys rss < "$work/time"
  cpu=$(python3 -c "print(round($user + $sys, 3))")
  rate=$(python3 -c "print(int($lines / max($user + $sys, 0.001)))")
  echo "batch: $lines lines: $cpu s CPU on one core ($user user + $sys system): $rate lines/s (target >= 500000)"
  echo "batch: wall $wall s: $wall_rate lines/s (the same when the machine is otherwise idle)"
  echo "batch: peak RSS $rss KiB (target < 20480 KiB)"
  [ "$rss" -lt 20480 ] || fail=1
else
  rate=$wall_rate
  echo "batch: $lines lines in $wall s (wall; install 'time' for CPU time and RSS): $rate lines/s (target >= 500000)"
fi
[ "$rate" -ge 500000 ] || fail=1
if [ -x /usr/bin/time ]; then
  # The same with the output thrown away: siege's own work, without the
  # kernel's cost of putting 800 MB into a file.
  /usr/bin/time -f '%U %S' -o "$work/time0" taskset -c 0 "$siege" batch --seed 1 "$work/in.jsonl" > /dev/null
  read -r user0 sys0 < "$work/time0"
  echo "batch: output to /dev/null: $(python3 -c "print(round($user0 + $sys0, 3))") s CPU: $(python3 -c "print(int($lines / max($user0 + $sys0, 0.001)))") lines/s (info)"
fi

n=2000
head -n $n "$work/in.jsonl" | python3 -c '
import json, shlex, sys
for line in sys.stdin:
    a = json.loads(line)
    args = ["attack"]
    for k, v in a.items():
        if k == "action": continue
        args += ["--" + k, str(v)]
    print(" ".join(shlex.quote(x) for x in args))
' > "$work/cmds"
start=$(date +%s.%N)
while IFS= read -r cmd; do
  eval "taskset -c 0 \"$siege\" $cmd --json" > /dev/null
done < "$work/cmds"
end=$(date +%s.%N)
loop=$(python3 -c "print(int($n / ($end - $start)))")
ratio=$(python3 -c "print(round($rate / $loop, 1))")
echo "shell loop: $loop lines/s (one process per line); batch is ${ratio}x faster (target >= 20x)"
python3 -c "import sys; sys.exit(0 if $rate >= 20 * $loop else 1)" || fail=1
exit $fail
