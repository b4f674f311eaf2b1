#!/bin/sh
# A long siege as quick as a short one (issue 44): the commands of an
# evening on a state file of 100 log entries and on one of ENTRIES.
#
#   bench/long_log.sh [path/to/siege] [ENTRIES]
#
# Makes the two sieges (bench/gen_log.py: the example castle, a scene every
# 100 entries, attacks, checks and notes; ENTRIES defaults to 20,000, a
# file of about 4 MB), then for each command prints its median wall time
# over 11 runs, each on a fresh copy of the file (the copy is made outside
# the time; process start, the fsync of the write included), its
# instructions (callgrind, when valgrind is installed: repeatable whatever
# the machine's load) and its peak RSS (GNU time, when installed). Targets:
#   note, attack --section, scene, status: at most 50 ms on the long file
#     and at most 4x their time on the short one; peak RSS at most twice
#     the file's size plus 8 MB;
#   replay, undo, chronicle of the long file: at most 250 ms.
# Exits 1 when a target is missed.
set -eu
siege=${1:-build/release/siege}
entries=${2:-20000}
[ -x "$siege" ] || { echo "no siege binary at $siege (build first)" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

make_siege() {  # make_siege FILE N
  "$siege" init "$1" --from "$here/../examples/castle-siege.json" >/dev/null
  python3 "$here/gen_log.py" "$2" >"$work/lines.jsonl"
  "$siege" --state "$1" batch --fail-fast "$work/lines.jsonl" >/dev/null
}
make_siege "$work/short.json" 100
make_siege "$work/long.json" "$entries"
bytes=$(wc -c <"$work/long.json")

# run_on FILE CMD...: median seconds, instructions and peak KB of one run of
# `siege --state COPY CMD...` on a fresh copy of FILE, as "S I KB".
run_on() {
  file=$1
  shift
  python3 - "$file" "$work/copy.json" "$siege" "$@" <<'PY'
import shutil, statistics, subprocess, sys, time
src, copy, siege, args = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
cmd = [siege, "--state", copy] + args
times = []
for _ in range(11):
    shutil.copyfile(src, copy)
    start = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, check=True)
    times.append(time.perf_counter() - start)
instr = "-"
if shutil.which("valgrind"):
    shutil.copyfile(src, copy)
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + cmd,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=True).stderr
    instr = next((l.split("Collected :")[1].strip() for l in out.splitlines() if "Collected :" in l), "-")
kb = "-"
if shutil.which("time") or __import__("os").path.exists("/usr/bin/time"):
    shutil.copyfile(src, copy)
    out = subprocess.run(["/usr/bin/time", "-f", "%M"] + cmd, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, text=True, check=True).stderr
    kb = out.strip().splitlines()[-1]
print(statistics.median(times), instr, kb)
PY
}

status=0
say() { printf '%-58s %s\n' "$1" "$2"; }
echo "long_log: $entries entries, $bytes bytes; median of 11 runs, instructions by callgrind, peak RSS by GNU time"
rss_limit_kb=$(( bytes * 2 / 1024 + 8 * 1024 ))
for cmd in "note --text a-ruling" "attack --section east-wall --weapon cannon --successes 1" "scene" "status"; do
  # shellcheck disable=SC2086 # the command's words
  set -- $cmd
  read -r s_short i_short _ <<EOF
$(run_on "$work/short.json" --seed 7 "$@")
EOF
  read -r s_long i_long kb <<EOF
$(run_on "$work/long.json" --seed 7 "$@")
EOF
  verdict=$(python3 -c "
s, l, kb, lim = $s_short, $s_long, '$kb', $rss_limit_kb
ok = l <= 0.050 and l <= 4 * s and (kb == '-' or int(kb) <= lim)
print('ok' if ok else 'OVER')")
  [ "$verdict" = ok ] || status=1
  say "$1 (100 / $entries entries)" "$(python3 -c "print(f'{$s_short*1000:.1f} / {$s_long*1000:.1f} ms (x{$s_long/$s_short:.1f}); $i_short / $i_long instructions; $kb KB (limit $rss_limit_kb KB)')") $verdict"
done
for cmd in "replay" "undo" "chronicle -o $work/page.html"; do
  # shellcheck disable=SC2086
  set -- $cmd
  read -r s_long i_long kb <<EOF
$(run_on "$work/long.json" "$@")
EOF
  verdict=$(python3 -c "print('ok' if $s_long <= 0.250 else 'OVER')")
  [ "$verdict" = ok ] || status=1
  say "$1 ($entries entries)" "$(python3 -c "print(f'{$s_long*1000:.1f} ms; $i_long instructions; $kb KB')") $verdict (target 250 ms)"
done
exit $status
