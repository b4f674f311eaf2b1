#!/usr/bin/env python3
"""A command computes apart from how it is printed.

A command file (src/commands/cmd_*.cpp) may hold the printers of its own
outcome, as functions named for what they print: write_NAME (its JSON),
NAME_text (its lines on a terminal) and describe_NAME (its line in `siege
log`). Anywhere else in it (its run, its declaration, its object) nothing
writes JSON (JsonWriter, json_writer.hpp), lays out text with the pieces of
print/render.hpp that draw a printer's lines (painted_*, render_*, hull_bar,
pad_to, display_width), or writes a "Section   ID" line. And no file in
src/print/ includes a command file: printers know no command.

Fails (exit 1, FILE:LINE: what) on each finding.

  check_commands_print.py SRC               check the tree
  check_commands_print.py SRC --self-test   the check run on copies with a
                                            JSON writer, a text line and a
                                            "Section" line planted in a run,
                                            and a printer including a command
                                            header: each refused, naming its file
"""
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

PRINTS = re.compile(r'JsonWriter|json_writer\.hpp|\b(painted_[a-z_]+|render_[a-z_]+|hull_bar|pad_to|display_width)\(|"Section {3}')
# A function that starts at the margin: its name is the word before its "(".
FUNCTION = re.compile(r"^(?!namespace\b|struct\b|class\b|enum\b|using\b|#|//|\}|SIEGE_COMMAND)[^\s(][^(=]*?(\w+)\(")
PRINTER = re.compile(r"^(write_\w+|\w+_text|describe_\w+)$")


def findings(src):
    found = []
    for path in sorted((src / "commands").glob("cmd_*.cpp")):
        current = ""
        for number, line in enumerate(path.read_text().splitlines(), 1):
            m = FUNCTION.match(line)
            if m:
                current = m.group(1)
            elif line.startswith(("SIEGE_COMMAND", "}  // namespace", "namespace")):
                current = ""
            if PRINTS.search(line) and not PRINTER.match(current):
                where = f"in {current}()" if current else "outside a printer"
                found.append(f"{path}:{number}: prints {where}: {line.strip()}")
    for path in sorted((src / "print").glob("*.?pp")):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if re.match(r'\s*#\s*include\s+"commands/', line):
                found.append(f"{path}:{number}: a printer includes a command file: {line.strip()}")
    return found


def self_test(src):
    plants = [
        ("commands/cmd_log.cpp", "void run_it(siege::JsonWriter& w) { w.begin_object().end_object(); }"),
        ("commands/cmd_status.cpp", 'std::string run_it(BreachState s) { return "State     " + painted_state(s); }'),
        ("commands/cmd_mine.cpp", 'std::string it(const std::string& id) { return fmt::format("Section   {}", id); }'),
        ("print/odds_text.cpp", '#include "commands/cmd_odds.hpp"'),
    ]
    for file, line in plants:
        with tempfile.TemporaryDirectory() as tmp:
            work = pathlib.Path(tmp) / "src"
            shutil.copytree(src / "commands", work / "commands")
            shutil.copytree(src / "print", work / "print")
            target = work / file
            target.write_text(target.read_text() + "\n" + line + "\n")
            out = subprocess.run([sys.executable, __file__, str(work)], capture_output=True, text=True)
            if out.returncode != 1 or f"{file}:" not in out.stdout:
                print(f"check_commands_print: the check let '{line}' in {file} pass: {out.stdout}{out.stderr}")
                return 1
    # A printer of the command's own outcome, named as one, is allowed.
    with tempfile.TemporaryDirectory() as tmp:
        work = pathlib.Path(tmp) / "src"
        shutil.copytree(src / "commands", work / "commands")
        shutil.copytree(src / "print", work / "print")
        target = work / "commands" / "cmd_log.cpp"
        target.write_text(target.read_text() + "\nvoid write_it(siege::JsonWriter& w) { w.begin_object(); }\n")
        out = subprocess.run([sys.executable, __file__, str(work)], capture_output=True, text=True)
        if out.returncode != 0:
            print(f"check_commands_print: a printer named write_it was refused: {out.stdout}")
            return 1
    print(f"check_commands_print: {len(plants)} planted prints refused, each naming its file; a printer allowed")
    return 0


def main():
    if len(sys.argv) not in (2, 3) or (len(sys.argv) == 3 and sys.argv[2] != "--self-test"):
        sys.exit(__doc__)
    src = pathlib.Path(sys.argv[1])
    if len(sys.argv) == 3:
        return self_test(src)
    found = findings(src)
    for f in found:
        print(f)
    if found:
        print(f"{len(found)} finding(s): a command's run hands its outcome to its printers (write_*, *_text, "
              "describe_*, in its file or in src/print/); no printer includes a command file", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
