#!/usr/bin/env python3
"""Every header compiles on its own.

A translation unit that includes only the header passes the compiler's
checks (-fsyntax-only) with the release build's warnings as errors. A unity
build puts several files in one translation unit, where a header that
forgets an include of its own still compiles; this finds it.

The release build runs the same check as steps of its own
(SIEGE_CHECK_HEADERS, CMakeLists.txt), where the cores are free; the test
suite runs this script's self-test, which shows that such a check fails.

  check_headers.py CXX ROOT GENERATED               check the tree
  check_headers.py CXX ROOT GENERATED --self-test   a header that uses
        std::string without <string>, and one that uses nlohmann::json
        without including it, planted in a copy: each refused by name

CXX: the compiler; ROOT: the source tree; GENERATED: the build's folder of
generated headers. Two compiles at a time (the machine's cores).
"""
import concurrent.futures
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

def flags(cxx):
    f = ["-std=gnu++20", "-fsyntax-only", "-Wall", "-Wextra", "-Wpedantic", "-Wshadow", "-Wconversion",
         "-Wno-sign-conversion", "-Werror"]
    version = subprocess.run([cxx, "--version"], capture_output=True, text=True).stdout
    if "clang" not in version:
        f.append("-Wno-restrict")
    return f


def headers(root):
    return sorted([p.relative_to(root).as_posix() for p in (root / "include" / "siege").rglob("*.hpp")] +
                  [p.relative_to(root).as_posix() for p in (root / "src").rglob("*.hpp")])


def include_name(rel):
    return rel.removeprefix("include/").removeprefix("src/")


def check(cxx, root, generated, only=None):
    """The headers that fail, each with the first lines of the compiler's words."""
    chosen = only or headers(root)
    work = pathlib.Path(tempfile.mkdtemp(prefix="siege-headers-"))
    try:
        base = flags(cxx) + ["-I", str(root / "include"), "-I", str(root / "src"), "-I", generated]

        def one(h):
            unit = work / (h.replace("/", "_") + ".cpp")
            unit.write_text(f'#include "{include_name(h)}"\n')
            r = subprocess.run([cxx] + base + [str(unit)], capture_output=True, text=True)
            return h, r.returncode, r.stderr

        failed = []
        with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
            for h, status, err in pool.map(one, chosen):
                if status != 0:
                    failed.append((h, "\n".join(err.splitlines()[:4])))
        return failed
    finally:
        shutil.rmtree(work, ignore_errors=True)


def self_test(cxx, root, generated):
    with tempfile.TemporaryDirectory() as tmp:
        copy = pathlib.Path(tmp)
        shutil.copytree(root / "include", copy / "include")
        shutil.copytree(root / "src", copy / "src")
        (copy / "src/print/planted.hpp").write_text("#pragma once\ninline std::string planted() { return {}; }\n")
        (copy / "src/print/planted_json.hpp").write_text(
            "#pragma once\n#include <string>\ninline nlohmann::json planted_json() { return {}; }\n")
        only = ["src/print/planted.hpp", "src/print/planted_json.hpp", "include/siege/dice.hpp",
                "src/commands/hint.hpp"]
        failed = sorted(h for h, _ in check(cxx, copy, generated, only))
        want = ["src/print/planted.hpp", "src/print/planted_json.hpp"]
        if failed != want:
            print(f"check_headers: the planted headers were not the ones refused: {failed}")
            return 1
    print("check_headers: a header missing <string>, and one using JSON without including it, are refused by name")
    return 0


def main():
    args = sys.argv[1:]
    if len(args) not in (3, 4) or (len(args) == 4 and args[3] != "--self-test"):
        sys.exit(__doc__)
    cxx, root, generated = args[0], pathlib.Path(args[1]), args[2]
    if len(args) == 4:
        return self_test(cxx, root, generated)
    failed = check(cxx, root, generated)
    for h, err in failed:
        print(f"{h}: does not compile on its own:\n{err}")
    if failed:
        print(f"check_headers: {len(failed)} header(s) do not compile on their own: add the includes they use",
              file=sys.stderr)
        return 1
    print(f"check_headers: every header of include/siege and src compiles on its own ({len(headers(root))})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
