#!/usr/bin/env python3
"""Drives `siege batch` as a co-process, for tests/test_cli_batch.cpp.

    batch_coprocess.py MODE LINES.jsonl [STATE] -- SIEGE ARGS...

Starts SIEGE ARGS... with its stdin and stdout pipes and prints one JSON
report on stdout; the C++ test checks it. Every wait has a time limit, so
a siege that holds its outcomes back shows as a timeout, never a hang.

lockstep  Writes the lines of LINES.jsonl one at a time and reads each
          one's outcome before writing the next. With STATE, reads that
          file's log length right after each outcome arrives. Report:
          {"outcomes": [...], "log_lengths": [...], "timeout_at": N or null,
           "status": exit status}
progress  Runs siege with stderr on a pseudo-terminal, writes the lines of
          LINES.jsonl over and over (reading the outcomes as they come)
          until something appears on the terminal or 20 s pass, then ends
          the input. Report: {"terminal": what stderr wrote, "outcomes": N,
          "seconds": time until the first byte, "status": ...}
pipe      The same with stderr a pipe, writing for 1.5 s. Report:
          {"stderr": what it wrote, "outcomes": N, "seconds": 1.5 or more,
           "status": ...}
"""
import json
import os
import pty
import select
import subprocess
import sys
import time

WAIT = 10.0  # seconds: far longer than any outcome takes


def read_line(fd, pending):
    """One line from fd (bytes, without the newline), or None on timeout."""
    deadline = time.monotonic() + WAIT
    while b"\n" not in pending[0]:
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([fd], [], [], left)[0]:
            return None
        chunk = os.read(fd, 65536)
        if not chunk:
            return None
        pending[0] += chunk
    line, _, rest = pending[0].partition(b"\n")
    pending[0] = rest
    return line


def log_length(path):
    with open(path, encoding="utf-8") as f:
        return len(json.load(f)["log"])


def lockstep(lines, state, cmd):
    p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    pending = [b""]
    report = {"outcomes": [], "log_lengths": [], "timeout_at": None}
    for n, text in enumerate(lines, 1):
        p.stdin.write(text + b"\n")
        p.stdin.flush()
        if not text.strip():
            continue  # a blank line has no outcome
        out = read_line(p.stdout.fileno(), pending)
        if out is None:
            report["timeout_at"] = n
            p.kill()
            break
        report["outcomes"].append(json.loads(out))
        if state:
            report["log_lengths"].append(log_length(state))
    p.stdin.close()
    p.stdout.read()
    report["status"] = p.wait()
    return report


def drain(fd, into):
    """Reads what fd has now; False at its end."""
    while select.select([fd], [], [], 0)[0]:
        chunk = os.read(fd, 65536)
        if not chunk:
            return False
        into.append(chunk)
    return True


def flood(lines, cmd, on_terminal):
    if on_terminal:
        master, slave = pty.openpty()
        err_read, err_write = master, slave
    else:
        err_read, err_write = os.pipe()
    p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err_write)
    os.close(err_write)
    pending = [b""]
    err, outcomes = [], 0
    start = time.monotonic()
    seconds = None
    block = b"".join(text + b"\n" for text in lines)
    while time.monotonic() - start < (20.0 if on_terminal else 1.5):
        p.stdin.write(block)
        p.stdin.flush()
        for _ in lines:
            if read_line(p.stdout.fileno(), pending) is None:
                break
            outcomes += 1
        drain(err_read, err)
        if on_terminal and err:
            seconds = time.monotonic() - start
            break
    if seconds is None:
        seconds = time.monotonic() - start
    p.stdin.close()
    outcomes += p.stdout.read().count(b"\n") + pending[0].count(b"\n")
    status = p.wait()
    # After the exit: what is left on the terminal or the pipe (a closed
    # terminal reads as an error, EIO).
    try:
        while drain(err_read, err) and select.select([err_read], [], [], 0.2)[0]:
            pass
    except OSError:
        pass
    os.close(err_read)
    key = "terminal" if on_terminal else "stderr"
    return {key: b"".join(err).decode("utf-8", "replace"), "outcomes": outcomes, "seconds": seconds,
            "status": status}


def main():
    sep = sys.argv.index("--")
    mode, path = sys.argv[1], sys.argv[2]
    state = sys.argv[3] if sep > 3 else None
    cmd = sys.argv[sep + 1:]
    with open(path, "rb") as f:
        lines = f.read().splitlines()
    if mode == "lockstep":
        report = lockstep(lines, state, cmd)
    else:
        report = flood(lines, cmd, mode == "progress")
    print(json.dumps(report))


if __name__ == "__main__":
    main()
