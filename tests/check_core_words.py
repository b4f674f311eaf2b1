#!/usr/bin/env python3
"""The rules core knows no command line, and src/ keeps out of its internals.

Fails (exit 1, one line per finding: FILE:LINE: what) when
  * a string literal in include/siege/ spells an option ("--needed") or a
    command line ("siege status", for any command the program has): the
    core names inputs by their keys and lets the front end write them, and
    hints that name a command are built by the front end from the command
    table (CONTRIBUTING.md);
  * a hint (command_words) names a command the program does not have;
  * a string literal in src/ writes a hint by hand: "siege COMMAND" (or
    "siege --state FILE COMMAND") in quotes ('siege status'), in
    parentheses, after a colon ("make one with: siege init") or opening the
    literal; the front end builds hints with
    hint() (src/commands/hint.hpp), which checks them against the registry,
    and a printer marks them with hint_mark() (src/print/render.hpp) for the
    front end to spell. Allowed: the command objects (each SIEGE_COMMAND
    statement: their examples and summaries) and the few literals in
    ALLOWED, each with why;
  * a hint() or hint_mark() in src/ names a command the program does not have;
  * a file in src/ or fuzz/ names the core's `detail::` namespace: what the
    program needs of the core is its public API.

Usage: check_core_words.py SIEGE ROOT [--expect FILE]   (SIEGE: the built
program, asked for its command names with `siege --help`; ROOT: the source
tree). With --expect, passes when the findings are exactly the lines of FILE:
how the suite sees the check fail on tests/core_words, a tree that breaks it.
"""
import pathlib
import re
import subprocess
import sys

OPTION = re.compile(r"(?<![\w-])--[a-z]")

# Literals of src/ that name a command where a hint would stand, and why
# they may. Keyed by the literal as written (not its file: a function that
# moves keeps its exemption).
ALLOWED = {
    "siege batch": "the label of batch's progress line, the program's name, not a hint",
}

# A function that starts at the margin: "std::string redo_hint(const ..." -> redo_hint.
FUNCTION = re.compile(r"^(?!namespace\b|struct\b|class\b|enum\b|using\b|#|//|\})[^\s(][^(]*?(\w+)\(")
# The first word of a hint the front end builds: hint({"init", ...}), see_hint("The unit", {"status"}).
SRC_HINT = re.compile(r'\b(?:hint|hint_on|see_hint|hint_mark|hint_mark_on)\([^{;]*\{\s*"([^"]*)"')


def is_reference(function):
    """A command object, its reference prose (a *_doc function returning its
    CommandDoc) or the global options' declarations: the examples and prose
    of the references, where a command line written out is the point."""
    return function == "SIEGE_COMMAND" or function.endswith("_doc") or function == "global_options"


def functions(text):
    """The name of the function that starts at the margin at or before each line (index: line - 1)."""
    names, current = [], ""
    for line in text.splitlines():
        m = FUNCTION.match(line)
        if line.startswith("SIEGE_COMMAND("):
            current = "SIEGE_COMMAND"  # a command object (command.hpp): its summary and examples
        elif m:
            current = m.group(1)
        names.append(current)
    return names


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
    if len(sys.argv) not in (3, 5) or (len(sys.argv) == 5 and sys.argv[3] != "--expect"):
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
    by_hand = re.compile(r"(?:^\s*|['(]|: )siege (?:--state \S+ )?(?:" +
                         "|".join(sorted(map(re.escape, commands))) + r")(?=[\s'{)]|$)", re.M)
    for path in sorted((root / "src").rglob("*")):
        if path.suffix not in (".cpp", ".hpp"):
            continue
        text = path.read_text()
        for m in SRC_HINT.finditer(text):
            if m.group(1) not in commands:
                line = text.count("\n", 0, m.start()) + 1
                found.append(f"{path.relative_to(root)}:{line}: a hint names '{m.group(1)}', not a command of the program")
        names = functions(text)
        for line, body in literals(text):
            if by_hand.search(body) and body not in ALLOWED and not is_reference(names[line - 1]):
                found.append(f"{path.relative_to(root)}:{line}: a hint written by hand (build it with hint()): \"{body}\"")
    for folder in ("src", "fuzz"):
        for path in sorted((root / folder).rglob("*")):
            if path.suffix not in (".cpp", ".hpp", ".h", ".in"):
                continue
            for number, text in enumerate(path.read_text().splitlines(), 1):
                if "detail::" in text:
                    found.append(f"{path.relative_to(root)}:{number}: names the core's detail:: namespace")
    if len(sys.argv) == 5:
        expected = pathlib.Path(sys.argv[4]).read_text().splitlines()
        for f in sorted(set(expected) - set(found)):
            print(f"not found: {f}")
        for f in sorted(set(found) - set(expected)):
            print(f"found, not expected: {f}")
        return 0 if sorted(found) == sorted(expected) else 1
    for f in found:
        print(f)
    if found:
        print(f"{len(found)} finding(s): the core names inputs by key (fail_input, input_word) and leaves "
              "commands to the front end, which builds every hint with hint(); src/ uses the core's public API",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
