#!/usr/bin/env python3
"""The folders of the tree include one another in one direction only.

ARCHITECTURE.md declares the layers, lowest first, in the table under its
heading "## Layers": a row a layer, its folders in the second column. A file
may include a header of its own folder or of a folder in a lower layer;
never one of its own layer's other folders (the front ends stand side by
side, and so do the state file and the printers) and never one above. The
rules core, include/siege/, is the lowest layer: it includes nothing of
src/. A header that is no folder's (the build's version.hpp) is not checked.

Usage:
  check_layers.py ROOT              exit 1, a line a wrong include (FILE:LINE: ...)
  check_layers.py ROOT --self-test  the check run on copies of the tree with
                                    an upward and a sideways include planted:
                                    it must refuse each, naming the file
"""
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def layers(root):
    """{folder: layer number} from ARCHITECTURE.md's table under "## Layers"."""
    text = (root / "ARCHITECTURE.md").read_text()
    m = re.search(r"^## Layers\n(.*?)(?=^## |\Z)", text, re.S | re.M)
    if not m:
        sys.exit("check_layers: ARCHITECTURE.md has no '## Layers' section")
    out = {}
    number = 0
    for line in m.group(1).splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 2 or not cells[1].startswith("`"):
            continue
        for folder in re.findall(r"`([^`]+)/`", cells[1]):
            out[folder] = number
        number += 1
    if not out:
        sys.exit("check_layers: the '## Layers' table names no folder")
    return out


def folder_of(path, known):
    """The declared folder that holds `path` (relative, posix), or None."""
    best = None
    for f in known:
        if path.startswith(f + "/") and (best is None or len(f) > len(best)):
            best = f
    return best


def header_folder(name, known):
    """The folder an include names: "siege/x.hpp" is include/siege, "print/x.hpp" src/print."""
    first = name.split("/", 1)[0]
    for candidate in ("include/" + first, "src/" + first):
        if candidate in known:
            return candidate
    return None


def findings(root):
    known = layers(root)
    found = []
    for folder in sorted(known):
        base = root / folder
        if not base.is_dir():
            found.append(f"{folder}/: declared in ARCHITECTURE.md, not in the tree")
            continue
        for path in sorted(base.rglob("*")):
            if path.suffix not in (".cpp", ".hpp", ".h"):
                continue
            rel = path.relative_to(root).as_posix()
            own = folder_of(rel, known)
            for number, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
                m = INCLUDE.match(line)
                if not m:
                    continue
                target = header_folder(m.group(1), known)
                if target is None or target == own:
                    continue
                if known[target] >= known[own]:
                    how = "a folder of the same layer" if known[target] == known[own] else "a higher layer"
                    found.append(f"{rel}:{number}: includes {m.group(1)}, of {target}/, {how} "
                                 f"({own}/ is layer {known[own]}, {target}/ layer {known[target]})")
    # Every folder of src/ with sources has its place in the order.
    for path in sorted((root / "src").iterdir()):
        if path.is_dir() and any(path.rglob("*.?pp")) and folder_of(path.relative_to(root).as_posix() + "/x", known) is None:
            found.append(f"src/{path.name}/: a folder of sources with no layer in ARCHITECTURE.md")
    return found


def self_test(root):
    plants = [
        ("src/print/render.cpp", '#include "cli/cli.hpp"', "a higher layer"),
        ("src/batch/cmd_batch.cpp", '#include "play/words.hpp"', "a folder of the same layer"),
        ("include/siege/dice.hpp", '#include "state/state_file.hpp"', "a higher layer"),
    ]
    for file, line, why in plants:
        with tempfile.TemporaryDirectory() as tmp:
            work = pathlib.Path(tmp)
            shutil.copy(root / "ARCHITECTURE.md", work)
            shutil.copytree(root / "src", work / "src")
            shutil.copytree(root / "include", work / "include")
            target = work / file
            target.write_text(target.read_text() + "\n" + line + "\n")
            out = subprocess.run([sys.executable, __file__, str(work)], capture_output=True, text=True)
            if out.returncode != 1 or f"{file}:" not in out.stdout or why not in out.stdout:
                print(f"check_layers: {line} planted in {file} was not refused as {why}: {out.stdout}{out.stderr}")
                return 1
    print(f"check_layers: {len(plants)} planted includes refused, each naming its file")
    return 0


def main():
    if len(sys.argv) not in (2, 3) or (len(sys.argv) == 3 and sys.argv[2] != "--self-test"):
        sys.exit(__doc__)
    root = pathlib.Path(sys.argv[1])
    if len(sys.argv) == 3:
        return self_test(root)
    found = findings(root)
    for f in found:
        print(f)
    if found:
        print(f"{len(found)} include(s) against the layers of ARCHITECTURE.md: move the code down a layer, or "
              "pass what it needs in from above", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
