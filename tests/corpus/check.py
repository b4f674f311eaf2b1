#!/usr/bin/env python3
"""The behaviour corpus: every case of cases.jsonl run against a siege
binary and compared byte for byte with expected.jsonl.gz.

    check.py SIEGE_BINARY            compare; exit 1 if any case differs
    check.py SIEGE_BINARY --record   rewrite expected.jsonl.gz (each case is
                                     run twice and must give the same bytes)
    --only TEXT                      only the cases whose name contains TEXT
                                     (with --record: only those are replaced)
    --jobs N                         processes at once (default 4 per CPU)
    --every N                        only every Nth case (the first, the
                                     N+1th ...): the sanitizer build's sample,
                                     where a process takes 50 ms to start

A case (one JSON object a line of cases.jsonl, made by gen_cases.py):
  name     unique
  files    {relative path: text} written into a fresh temporary folder,
           the working directory of every step
  watch    relative paths (state files) whose bytes are recorded after each
           step: null when the file is absent, {"unchanged": true} when the
           step left its bytes as they were (or as the case's files made them);
           the names of all the files in the folder are recorded too
  steps    a list; each either {"argv": [...], "stdin": TEXT?, "stdout": "full"?}
           (siege run with those words; stdin is /dev/null unless given;
           "full" sends stdout to /dev/full), or {"edit": PATH, "replace":
           [OLD, NEW]} (the checker changes the first OLD in the file: a
           tampered state file; it is an error if OLD is not there)

Each step runs with a fixed environment (PATH, LC_ALL=C.UTF-8, TERM=dumb,
NO_COLOR=1 and nothing else but the sanitizers' ASAN_OPTIONS, LSAN_OPTIONS
and UBSAN_OPTIONS when set, which change no output) and argv[0] "siege". The folder's path, should
it appear in an output, is replaced by $TMP before comparing.

expected.jsonl.gz holds one JSON object a line (name, steps: each step's
stdout, stderr, status and watched files), gzip-compressed with a fixed level
and no time or name in its header, so recording the same outcomes twice gives
the same bytes. Read it with `zcat tests/corpus/expected.jsonl.gz`.
"""
import argparse
import concurrent.futures
import gzip
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
CASES = os.path.join(HERE, "cases.jsonl")
EXPECTED = os.path.join(HERE, "expected.jsonl.gz")
GZIP_LEVEL = 9  # fixed, with mtime 0: the same outcomes give the same file bytes
ENV = {"PATH": "/usr/local/bin:/usr/bin:/bin", "LC_ALL": "C.UTF-8", "TERM": "dumb", "NO_COLOR": "1"}
ENV.update({k: os.environ[k] for k in ("ASAN_OPTIONS", "LSAN_OPTIONS", "UBSAN_OPTIONS") if k in os.environ})
STEP_TIMEOUT = 60
UNCHANGED = {"unchanged": True}  # a watched file with the same bytes as before the step


def text(b):
    """Bytes as a JSON-safe string (a byte that is not UTF-8 survives as a
    lone surrogate, which json writes as \\udcXX)."""
    return b.decode("utf-8", "surrogateescape")


def load_jsonl(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def write_expected(entries):
    """expected.jsonl.gz: one sorted-key JSON line per entry, compressed so
    that the same entries always give the same bytes (no mtime, no name)."""
    data = "".join(json.dumps(e, sort_keys=True) + "\n" for e in entries).encode("utf-8")
    with open(EXPECTED, "wb") as f:
        f.write(gzip.compress(data, compresslevel=GZIP_LEVEL, mtime=0))


def run_case(binary, case):
    tmp = tempfile.mkdtemp(prefix="siege-corpus-")
    try:
        return {"name": case["name"], "steps": run_steps(binary, case, tmp)}
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def run_steps(binary, case, tmp):
    def scrub(b):
        return text(b.replace(tmp.encode(), b"$TMP"))

    for rel, content in case.get("files", {}).items():
        path = os.path.join(tmp, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(content.encode("utf-8", "surrogateescape"))
    watch = case.get("watch", [])
    before = {rel: case.get("files", {}).get(rel) for rel in watch}
    results = []
    for step in case["steps"]:
        if "edit" in step:
            path = os.path.join(tmp, step["edit"])
            old, new = step["replace"]
            with open(path, "rb") as f:
                data = f.read()
            if old.encode() not in data:
                results.append({"edit": step["edit"], "error": "text to replace not found"})
                continue
            with open(path, "wb") as f:
                f.write(data.replace(old.encode(), new.encode(), 1))
            results.append({"edit": step["edit"]})
            continue
        stdin = step.get("stdin")
        out_full = step.get("stdout") == "full"
        sink = open("/dev/full", "wb") if out_full else None
        try:
            p = subprocess.run(["siege", *step["argv"]], executable=binary, cwd=tmp, env=ENV,
                               input=None if stdin is None else stdin.encode("utf-8", "surrogateescape"),
                               stdin=subprocess.DEVNULL if stdin is None else None,
                               stdout=sink if out_full else subprocess.PIPE, stderr=subprocess.PIPE,
                               timeout=STEP_TIMEOUT)
            r = {"stdout": scrub(p.stdout or b""), "stderr": scrub(p.stderr), "status": p.returncode}
        except subprocess.TimeoutExpired:
            r = {"stdout": "", "stderr": f"(timed out after {STEP_TIMEOUT} s)", "status": None}
        finally:
            if sink:
                sink.close()
        if watch:
            files = {}
            for rel in watch:
                path = os.path.join(tmp, rel)
                now = None
                if os.path.isfile(path):
                    with open(path, "rb") as f:
                        now = scrub(f.read())
                files[rel] = UNCHANGED if now == before[rel] else now
                before[rel] = now
            r["files"] = files
            r["folder"] = sorted(os.path.relpath(os.path.join(d, f), tmp)
                                 for d, _, names in os.walk(tmp) for f in names)
        results.append(r)
    return results


def first_difference(want, got):
    """(line number, expected line, actual line) of the first line that differs."""
    a, b = want.split("\n"), got.split("\n")
    for i in range(max(len(a), len(b))):
        x = a[i] if i < len(a) else "(no line: the output ends)"
        y = b[i] if i < len(b) else "(no line: the output ends)"
        if x != y:
            return i + 1, x, y
    return None


def say(v):
    return "absent" if v is None else "unchanged" if v == UNCHANGED else "changed"


def differences(case, want, got):
    out = []
    if want is None:
        return [f"{case['name']}: no expected outcome recorded (run check.py --record)"]
    if len(want["steps"]) != len(got["steps"]):
        return [f"{case['name']}: {len(got['steps'])} steps, {len(want['steps'])} recorded"]
    for k, (w, g, step) in enumerate(zip(want["steps"], got["steps"], case["steps"]), 1):
        where = f"{case['name']} step {k}"
        if "argv" in step:
            where += " (siege " + " ".join(step["argv"]) + ")"
        if w == g:
            continue
        if w.get("status") != g.get("status"):
            out.append(f"{where}: exit status: expected {w.get('status')}, got {g.get('status')}")
        if g.get("error"):
            out.append(f"{where}: {g['error']}")
        streams = [("stdout", w.get("stdout", ""), g.get("stdout", "")),
                   ("stderr", w.get("stderr", ""), g.get("stderr", ""))]
        if w.get("folder") != g.get("folder"):
            streams.append(("files in the folder", "\n".join(w.get("folder") or []),
                            "\n".join(g.get("folder") or [])))
        for rel in sorted(set(w.get("files", {})) | set(g.get("files", {}))):
            streams.append((f"file {rel}", w.get("files", {}).get(rel), g.get("files", {}).get(rel)))
        for stream, x, y in streams:
            if x == y:
                continue
            if not isinstance(x, str) or not isinstance(y, str):
                out.append(f"{where}: {stream}: expected {say(x)}, got {say(y)}")
                continue
            n, lx, ly = first_difference(x, y)
            out.append(f"{where}: {stream} differs at line {n}:\n"
                       f"    expected: {lx!r}\n    actual:   {ly!r}")
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("binary")
    ap.add_argument("--record", action="store_true")
    ap.add_argument("--only", default="")
    ap.add_argument("--jobs", type=int, default=4 * (os.cpu_count() or 1))
    ap.add_argument("--every", type=int, default=1)
    args = ap.parse_args()
    if args.every < 1 or (args.record and args.every != 1):
        print("corpus: --every takes a whole number from 1, and not with --record", file=sys.stderr)
        return 2
    binary = os.path.abspath(args.binary)
    if not os.access(binary, os.X_OK):
        print(f"corpus: {args.binary}: not an executable", file=sys.stderr)
        return 2
    cases = [c for c in load_jsonl(CASES) if args.only in c["name"]][::args.every]
    names = [c["name"] for c in cases]
    if len(set(names)) != len(names):
        dup = sorted({n for n in names if names.count(n) > 1})
        print(f"corpus: duplicate case names: {', '.join(dup[:10])}", file=sys.stderr)
        return 2
    start = time.monotonic()
    rounds = 2 if args.record else 1
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        runs = [list(pool.map(lambda c: run_case(binary, c), cases)) for _ in range(rounds)]
    elapsed = time.monotonic() - start

    if args.record:
        bad_edits = [r["name"] for r in runs[0] if any(s.get("error") for s in r["steps"])]
        for n in bad_edits:
            print(f"corpus: {n}: an edit step did not find the text to replace")
        if bad_edits:
            return 1
        unstable = [c["name"] for c, a, b in zip(cases, runs[0], runs[1]) if a != b]
        if unstable:
            for n in unstable:
                print(f"corpus: {n}: two runs gave different bytes (a random seed? time?)")
            print(f"corpus: not recorded: {len(unstable)} unstable case(s)")
            return 1
        old = {e["name"]: e for e in load_jsonl(EXPECTED)} if args.only and os.path.exists(EXPECTED) else {}
        new = {r["name"]: r for r in runs[0]}
        every = [c["name"] for c in load_jsonl(CASES)]
        write_expected(e for e in (new.get(n) or old.get(n) for n in every) if e is not None)
        print(f"corpus: recorded {len(cases)} cases in {elapsed:.1f} s (each run twice)")
        return 0

    expected = {e["name"]: e for e in load_jsonl(EXPECTED)} if os.path.exists(EXPECTED) else {}
    differ = 0
    for case, got in zip(cases, runs[0]):
        diffs = differences(case, expected.get(case["name"]), got)
        if diffs:
            differ += 1
            for d in diffs:
                print(d)
    if not args.only and args.every == 1:
        known = set(names)
        for n in expected:
            if n not in known:
                differ += 1
                print(f"{n}: recorded but no longer a case (run check.py --record)")
    print(f"corpus: {len(cases)} cases run in {elapsed:.1f} s")
    print(f"corpus: {len(cases)} cases, {differ} differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
