#!/usr/bin/env python3
"""Checks that a Markdown transcript shows what the program really prints.

    check_transcript.py SIEGE_BINARY FILE.md [--update]

Every fenced block tagged `console` whose first line is `$ siege ...` is
run (the rest of the first line is split like a shell would, without
expanding anything) and its output must equal the lines after it. With
--update the blocks are rewritten with the current output instead; review
the diff before committing it.
"""
import re
import shlex
import subprocess
import sys

siege, path = sys.argv[1], sys.argv[2]
update = "--update" in sys.argv[3:]
text = open(path, encoding="utf-8").read()

block = re.compile(r"```console\n\$ (siege[^\n]*)\n(.*?)```", re.S)
failures = []
count = 0


def run(command):
    args = shlex.split(command, comments=True)
    p = subprocess.run([siege, *args[1:]], capture_output=True, text=True, env={"NO_COLOR": "1", "PATH": "/usr/bin:/bin"})
    # Errors are part of a transcript too: show them as the terminal would.
    return p.returncode, p.stdout + p.stderr


def replace(match):
    global count
    count += 1
    command, shown = match.group(1), match.group(2)
    status, out = run(command)
    if status != 0 and "# exit" not in command:
        failures.append(f"$ {command}\n  exited with {status}: {out.strip()}")
    if out != shown:
        if update:
            return f"```console\n$ {command}\n{out}```"
        failures.append(f"$ {command}\n  the transcript shows:\n{shown}  the program prints:\n{out}")
    return match.group(0)


new_text = block.sub(replace, text)
if count == 0:
    failures.append(f"{path}: no ```console blocks starting with '$ siege'")
if update and new_text != text:
    open(path, "w", encoding="utf-8").write(new_text)
    print(f"{path}: outputs updated")
for f in failures:
    print("FAIL:", f)
print(f"{count} commands in {path}; {len(failures)} problem(s)")
sys.exit(1 if failures and not update else 0)
