#!/usr/bin/env python3
"""Every header compiles on its own.

A translation unit that includes only the header passes the compiler's
checks (-fsyntax-only) with the release build's warnings as errors. A unity
build puts several files in one translation unit, where a header that
forgets an include of its own still compiles; this finds it.

Cheap enough for the test suite: nlohmann/json.hpp, siege/state_json.hpp
and the exact odds (Boost) cost seconds of every header that includes them,
so they are parsed once, into precompiled headers, and given first to the
headers that include them anyhow, themselves or through a header of the
tree (read from their #include lines: they would have them whatever the
order). A header that uses one without including it is still refused.

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

JSON = "nlohmann/json.hpp"


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


# The heavy headers parsed once, into precompiled headers, each level with
# the one before: a header is given the deepest level all of whose headers
# it includes anyhow (itself or through the tree's headers) and that does
# not hold it already (the check of a header inside a level would be empty).
LEVELS = [[f"<{JSON}>"], [f"<{JSON}>", '"siege/state_json.hpp"'],
          [f"<{JSON}>", '"siege/state_json.hpp"', '"siege/odds.hpp"']]


def closures(root, all_headers):
    """{header: the set of include lines it reaches, "<...>" and "\"...\"", itself not included}."""
    by_name = {include_name(h): h for h in all_headers}
    direct = {}
    for h in all_headers:
        text = (root / h).read_text(errors="replace")
        direct[h] = re.findall(r'^\s*#\s*include\s+([<"][^>"]+[>"])', text, re.M)
    memo = {}

    def reach(h, stack=()):
        if h in memo:
            return memo[h]
        out = set()
        for inc in direct[h]:
            out.add(inc)
            target = by_name.get(inc[1:-1]) if inc.startswith('"') else None
            if target and target not in stack:
                out |= reach(target, stack + (h,))
        memo[h] = out
        return out

    return {h: reach(h) for h in all_headers}, by_name


def level_of(h, closure, by_name):
    """The deepest level to give `h` first (-1: none)."""
    best = -1
    for n, level in enumerate(LEVELS):
        if not all(inc in closure[h] for inc in level):
            continue
        inside = set()
        for inc in level:
            target = by_name.get(inc[1:-1]) if inc.startswith('"') else None
            if target:
                inside |= {target} | {by_name[i[1:-1]] for i in closure[target] if i.startswith('"') and i[1:-1] in by_name}
        if h not in inside:
            best = n
    return best


def check(cxx, root, generated, only=None):
    """The headers that fail, each with the first lines of the compiler's words."""
    all_headers = headers(root)
    chosen = only or all_headers
    closure, by_name = closures(root, all_headers)
    work = pathlib.Path(tempfile.mkdtemp(prefix="siege-headers-"))
    try:
        base = flags(cxx) + ["-I", str(root / "include"), "-I", str(root / "src"), "-I", generated]
        clang = "clang" in subprocess.run([cxx, "--version"], capture_output=True, text=True).stdout
        pchs = []
        for n, level in enumerate(LEVELS):
            pch = work / f"level{n}.hpp"
            pch.write_text("".join(f"#include {inc}\n" for inc in level))
            # The same flags as the units (GCC's rule for a precompiled header to be used).
            made = subprocess.run([cxx] + [f for f in base if f != "-fsyntax-only"] +
                                  ["-x", "c++-header", str(pch), "-o", str(pch) + ".gch"], capture_output=True)
            pchs.append(pch if made.returncode == 0 and not clang else None)

        def one(h):
            unit = work / (h.replace("/", "_") + ".cpp")
            unit.write_text(f'#include "{include_name(h)}"\n')
            n = level_of(h, closure, by_name)
            extra = ["-include", str(pchs[n])] if n >= 0 and pchs[n] is not None else []
            r = subprocess.run([cxx] + base + extra + [str(unit)], capture_output=True, text=True)
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
                "src/print/json.hpp"]
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
