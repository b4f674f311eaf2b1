#!/usr/bin/env python3
"""Holds the man page and docs/state.md to the program's own declaration of
every command's inputs (`siege help --inputs COMMAND [SUB] --json`).

* docs/siege.1: every input of every command (odds subcommands included)
  has an item in its command's section; a number's item gives its bounds
  ("0 to 50") and, when it has a default, the default ("(default 3)"); a
  text's default, when it has one, is named as "(default X)",
  "X (the default)"/"X (default)" or "Default: X." (tools/gen-refs).
* docs/state.md: the table "The actions and their keys" has one row per
  action with exactly that action's keys.

Usage: check_inputs_docs.py SIEGE SOURCE_DIR. Exit 1 naming each mismatch.
"""
import json
import re
import subprocess
import sys


def siege(binary, *args):
    out = subprocess.run([binary, *args], capture_output=True, text=True, check=True)
    return out.stdout


def man_sections(page):
    """{"attack": text, "odds attack": text, ...} from .SS headings."""
    out, current = {}, None
    for line in page.splitlines():
        if line.startswith(".SH ") or line.startswith(".SS "):
            current = plain(line[4:]).replace('"', "").strip()
            out[current] = ""
        elif current is not None:
            out[current] += line + "\n"
    return out


def plain(troff):
    s = troff.replace("\\-", "-").replace("\\&", "")
    s = re.sub(r"\\f[BIRP]", "", s)
    return s


def items(section):
    """The .TP items of a section: {option-or-positional word: item text};
    heads joined by .TQ share one text."""
    text = plain(section)
    out = {}
    for block in text.split(".TP\n")[1:]:
        lines = block.split("\n")
        heads, i = [lines[0]], 1
        while i + 1 < len(lines) and lines[i] == ".TQ":
            heads.append(lines[i + 1])
            i += 2
        body = " ".join(lines[i:])
        body = re.sub(r"(^| )\.(BI|B|I|BR|IR|RB|RI) ", " ", body)
        body = re.sub(r"\s+", " ", body)
        for head in heads:
            head = re.sub(r"^\.(BI|B|I|BR|IR|RB)\s+", "", head).replace('"', " ")
            for w in re.split(r"[ ,]+", head):
                if w.startswith("-") or (w.isupper() and w.isalpha()):
                    out.setdefault(w.strip(), body)
    return out


def main():
    binary, source = sys.argv[1], sys.argv[2]
    problems = []
    commands = json.loads(siege(binary, "--json", "help", "--inputs", "odds"))  # proves --inputs works
    del commands
    names = []
    for line in siege(binary, "--help").splitlines():
        m = re.match(r"^  ([a-z][a-z-]*)\s{2,}", line)
        if m:
            names.append(m.group(1))
    paths = []
    for n in names:
        paths.append([n])
        sub_help = siege(binary, n, "--help")
        if "Subcommands:" in sub_help:
            after = sub_help.split("Subcommands:", 1)[1]
            for line in after.splitlines():
                m = re.match(r"^  ([a-z][a-z-]*)\s{2,}", line)
                if m:
                    paths.append([n, m.group(1)])
    page = open(f"{source}/docs/siege.1", encoding="utf-8").read()
    sections = man_sections(page)
    actions = {}
    for path in paths:
        d = json.loads(siege(binary, "--json", "help", "--inputs", *path))
        name = " ".join(path)
        if d["logged"]:
            actions[name] = [i["key"] for i in d["inputs"]]
        sec = sections.get(name)
        if sec is None:
            problems.append(f"docs/siege.1: no section .SS {name}")
            continue
        its = items(sec)
        # "It takes the options of .B attack": those items stand for its own.
        for m in re.finditer(r"(?:the options of|every option of|As for)\s*\n\.BR? ([a-z\\-]+)", sec):
            other = plain(m.group(1))
            if other in sections:
                for k, v in items(sections[other]).items():
                    if k not in its or its[k].strip().startswith("As for"):
                        its[k] = v
        for i in d["inputs"]:
            opt = i["key"].upper() if i["positional"] else "--" + i["key"]
            body = its.get(opt)
            if body is None:
                problems.append(f"docs/siege.1: {name}: no item for {opt}")
                continue
            if i["kind"] == "number":
                lo, hi = i["min"], i["max"]
                if f"{lo} to {hi}" not in body:
                    problems.append(f"docs/siege.1: {name} {opt}: the bounds '{lo} to {hi}' are not said")
                if "default" in i and f"(default {i['default']})" not in body:
                    problems.append(f"docs/siege.1: {name} {opt}: the default '(default {i['default']})' is not said")
            elif i["kind"] == "text" and "default" in i and not i["required"]:
                dv = str(i["default"])
                if not any(s in body for s in (f"(default {dv})", f"{dv} (the default)", f"{dv} (default)",
                                               f"Default: {dv} .")):
                    problems.append(f"docs/siege.1: {name} {opt}: the default '{dv}' is not said")

    state_md = open(f"{source}/docs/state.md", encoding="utf-8").read()
    table = state_md.split("## The actions and their keys", 1)[1]
    rows = {}
    for line in table.splitlines():
        m = re.match(r"^\| `([a-z-]+)` \| (.*?) \|", line)
        if m:
            keys = re.findall(r"`([a-z-]+)`", m.group(2))
            rows[m.group(1)] = [k for k in keys if not k.startswith("-")]
        elif rows and not line.startswith("|"):
            break
    for action, keys in actions.items():
        if action not in rows:
            problems.append(f"docs/state.md: no row for the action '{action}'")
            continue
        listed = [k for k in rows[action] if k not in ("build", "tear", "true", "false")]
        if set(listed) != set(keys):
            problems.append(f"docs/state.md: {action}: the row lists {sorted(set(listed))}, "
                            f"the program declares {sorted(keys)}")
    for action in rows:
        if action not in actions:
            problems.append(f"docs/state.md: a row for '{action}', which is not an action")
    for p in problems:
        print(p)
    print(f"inputs docs: {len(paths)} commands, {sum(len(v) for v in actions.values())} action keys, "
          f"{len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
