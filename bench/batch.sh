#!/bin/sh
# Batch throughput and memory (issue: batch, odds and speed).
#
#   bench/batch.sh [path/to/siege] [LINES]
#
# Generates LINES attack actions (default 1,000,000), then measures:
# - `siege batch` on them, pinned to one core: lines per second of its CPU
#   time (target >= 500,000), the wall time, and peak RSS (target < 20 MB),
#   via /usr/bin/time when present (Debian package "time");
# - the same input through a pipe (`cat | siege batch`), where siege also
#   writes its outcomes whenever it would wait for input: lines/s of CPU
#   time, to compare with the file;
# - siege as a co-process on the first 20,000 lines: one line written, its
#   outcome read, then the next (round trips per second; a siege that holds
#   its outcomes back until the end of input fails it);
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

# Through a pipe: the input is not a regular file, so outcomes also go out
# before each read that might wait. The pipe's writer (cat) runs on the
# other core; the CPU time is siege's own.
if [ -x /usr/bin/time ]; then
  cat "$work/in.jsonl" | /usr/bin/time -f '%U %S %M' -o "$work/time_pipe" taskset -c 0 "$siege" batch --seed 1 > "$work/out_pipe.jsonl"
  read -r userp sysp rssp < "$work/time_pipe"
  pipe_lines=$(wc -l < "$work/out_pipe.jsonl")
  [ "$pipe_lines" -eq "$lines" ] || { echo "  through a pipe: expected $lines output lines, got $pipe_lines"; fail=1; }
  cmp -s "$work/out.jsonl" "$work/out_pipe.jsonl" || { echo "  through a pipe: not the bytes of the file run"; fail=1; }
  echo "batch: input through a pipe: $(python3 -c "print(round($userp + $sysp, 3))") s CPU: $(python3 -c "print(int($lines / max($userp + $sysp, 0.001)))") lines/s, peak RSS $rssp KiB"
fi

# As a co-process: write a line, read its outcome, write the next.
co=20000
head -n $co "$work/in.jsonl" > "$work/co.jsonl"
python3 - "$siege" "$work/co.jsonl" <<'PY' || fail=1
import os, select, subprocess, sys, time
siege, path = sys.argv[1], sys.argv[2]
lines = open(path, "rb").read().splitlines(keepends=True)
p = subprocess.Popen(["taskset", "-c", "0", siege, "batch", "--seed", "1"],
                     stdin=subprocess.PIPE, stdout=subprocess.PIPE)
fd, pending, done = p.stdout.fileno(), b"", 0
start = time.monotonic()
for line in lines:
    p.stdin.write(line)
    p.stdin.flush()
    while b"\n" not in pending:
        if not select.select([fd], [], [], 5)[0]:
            break
        chunk = os.read(fd, 65536)
        if not chunk:
            break
        pending += chunk
    if b"\n" not in pending:
        break
    pending = pending.split(b"\n", 1)[1]
    done += 1
elapsed = time.monotonic() - start
p.kill()
p.wait()
if done < len(lines):
    print(f"co-process: no outcome for line {done + 1} within 5 s of writing it (outcomes held back)")
    sys.exit(1)
print(f"co-process: {done} lines one at a time in {elapsed:.2f} s: {int(done / elapsed)} round trips/s")
PY

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
