#!/usr/bin/env python3
"""The rules core knows no command line, and src/ keeps out of its internals.

Fails (exit 1, one line per finding: FILE:LINE: what) when
  * a string literal in include/siege/ spells an option ("--needed") or a
    command line ("siege status", for any command the program has): the
    core names inputs by their keys and lets the front end write them, and
    hints that name a command are built by the front end from the command
    table (CONTRIBUTING.md);
  * a hint (command_words) names a command the program does not have;
  * a file in src/ or fuzz/ names the core's `detail::` namespace: what the
    program needs of the core is its public API.

Usage: check_core_words.py SIEGE ROOT   (SIEGE: the built program, asked for
its command names with `siege --help`; ROOT: the source tree).
"""
import pathlib
import re
import subprocess
import sys

OPTION = re.compile(r"(?<![\w-])--[a-z]")


def command_names(siege):
    """The commands `siege --help` lists (its Subcommands section)."""
    out = subprocess.run([siege, "--help"], check=True, capture_output=True, text=True).stdout
    names = set()
    for line in out.split("Subcommands:", 1)[1].splitlines():
        m = re.match(r"^  ([a-z][a-z-]*)\s{2,}", line)
        if m:
            names.add(m.group(1))
    if len(names) < 10:
        sys.exit(f"{siege} --help lists only {sorted(names)}: not the program's commands")
    return names


def literals(text):
    """(line, body) of every string literal of C++ source `text`, comments skipped."""
    i, n, line = 0, len(text), 1
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            i += 1
        elif text.startswith("//", i):
            i = text.find("\n", i)
            i = n if i < 0 else i
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            line += text.count("\n", i, end)
            i = end
        elif c == "'" and not (i > 0 and (text[i - 1].isalnum())):  # a character literal, not a digit separator
            j = i + 1
            while j < n and text[j] != "'":
                j += 2 if text[j] == "\\" else 1
            i = j + 1
        elif c == "R" and text.startswith('R"', i) and not (i > 0 and (text[i - 1].isalnum() or text[i - 1] == "_")):
            open_paren = text.find("(", i + 2)
            delim = ")" + text[i + 2 : open_paren] + '"'
            end = text.find(delim, open_paren)
            yield line, text[open_paren + 1 : end]
            line += text.count("\n", i, end)
            i = end + len(delim)
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            yield line, text[i + 1 : j]
            i = j + 1
        else:
            i += 1


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    siege, root = sys.argv[1], pathlib.Path(sys.argv[2])
    commands = command_names(siege)
    command_line = re.compile(r"\bsiege (?:" + "|".join(sorted(map(re.escape, commands))) + r")\b")
    found = []
    hint = re.compile(r'command_words\(\{\s*"([^"]*)"')
    for path in sorted((root / "include" / "siege").rglob("*.hpp")):
        text = path.read_text()
        for m in hint.finditer(text):
            if m.group(1) not in commands:
                line = text.count("\n", 0, m.start()) + 1
                found.append(f"{path.relative_to(root)}:{line}: a hint names '{m.group(1)}', not a command of the program")
        for line, body in literals(text):
            for pattern, what in ((OPTION, "an option"), (command_line, "a command line")):
                m = pattern.search(body)
                if m:
                    found.append(f"{path.relative_to(root)}:{line}: the core spells {what}: \"{body}\"")
    for folder in ("src", "fuzz"):
        for path in sorted((root / folder).rglob("*")):
            if path.suffix not in (".cpp", ".hpp", ".h", ".in"):
                continue
            for number, text in enumerate(path.read_text().splitlines(), 1):
                if "detail::" in text:
                    found.append(f"{path.relative_to(root)}:{number}: names the core's detail:: namespace")
    for f in found:
        print(f)
    if found:
        print(f"{len(found)} finding(s): the core names inputs by key (fail_input, input_word) and leaves "
              "commands to the front end; src/ uses the core's public API", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
