#!/usr/bin/env python3
"""Writes cases.jsonl, the cases of the behaviour corpus (see README.md).

    python3 tests/corpus/gen_cases.py      # then: check.py SIEGE --record

The files a case needs (the example siege, homebrew tables, the bad inputs
of tests/bad-inputs) are copied into the case as text when this runs, so
the corpus does not change when those files do. Every case that rolls dice
gives --seed (or a batch line's "seed"); check.py --record refuses a case
whose two runs differ.
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def read(rel):
    with open(os.path.join(ROOT, rel), encoding="utf-8", errors="surrogateescape") as f:
        return f.read()


# The example siege as the corpus was first recorded with: its walls and
# engines, without the units the example gained with issue 16 (CASTLE_UNITS,
# for the cases of the troop commands on units), so that the state cases
# recorded before it still test what they tested.
CASTLE_UNITS = read("examples/castle-siege.json")
CASTLE = CASTLE_UNITS[:CASTLE_UNITS.index(',\n  "units": [')] + "\n}\n"
assert "units" not in json.loads(CASTLE) and json.loads(CASTLE_UNITS)["units"]
CASES = []


def case(name, steps, files=None, watch=None):
    c = {"name": name}
    if files:
        c["files"] = files
    if watch:
        c["watch"] = watch
    c["steps"] = steps
    CASES.append(c)


def run(name, *argv, stdin=None, files=None, stdout=None):
    step = {"argv": list(argv)}
    if stdin is not None:
        step["stdin"] = stdin
    if stdout:
        step["stdout"] = stdout
    case(name, [step], files=files)


def st(*argv, stdin=None):
    step = {"argv": list(argv)}
    if stdin is not None:
        step["stdin"] = stdin
    return step


def siege(name, steps, files=None, init=True, watch=("siege.json",)):
    """A state sequence: the example castle made by init, then `steps`, each
    recorded with the state file's bytes after it."""
    f = {"castle-siege.json": CASTLE}
    f.update(files or {})
    pre = [st("init", "siege.json", "--from", "castle-siege.json")] if init else []
    case(name, pre + list(steps), files=f, watch=list(watch))


def jl(*objs):
    return "".join((o if isinstance(o, str) else json.dumps(o)) + "\n" for o in objs)


S = ["--state", "siege.json"]
# The commands and odds subcommands, as the program declares them
# (commands.json: tools/gen-refs writes it from `siege help --inputs`).
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "commands.json"), encoding="utf-8") as _f:
    _declared = json.load(_f)
COMMANDS = _declared["commands"]
ODDS = _declared["odds"]
STRUCTURES = ["interior-door", "iron-bound-door", "palisade", "castle-gate", "timber-house", "stone-house",
              "rampart", "curtain-wall", "tower", "bastion", "bunker", "pillbox", "concrete-fortress",
              "wooden-bridge", "stone-bridge"]
WEAPONS = ["musket", "falconet", "ballista", "mangonel", "trebuchet", "ram", "culverin", "cannon", "bombard",
           "mortar", "siege-howitzer", "naval-gun"]
CHARGES = ["petard", "breaching-charge", "powder-keg", "demolition-charge"]
ENGINES = ["siege-tower", "ram-shed", "trebuchet", "mangonel", "ballista", "cannon", "culverin", "bombard",
           "mortar", "siege-howitzer", "camp"]
TABLES = ["structures", "weapons", "charges", "engines"]

# ------------------------------------------------------------------ help

run("help/none")
run("help/--help", "--help")
run("help/-h", "-h")
run("help/help", "help")
run("help/help-json", "help", "--json")
run("help/nosuch", "help", "nosuch")
run("help/help-help", "help", "help")
for c in COMMANDS:
    run(f"help/{c}--help", c, "--help")
    run(f"help/help-{c}", "help", c)
run("help/show-h", "show", "-h")
run("help/list-h-json", "--json", "list", "--help")
for s in ODDS:
    run(f"help/odds-{s}--help", "odds", s, "--help")
    run(f"help/help-odds-{s}", "help", "odds", s)
run("help/abatis-build--help", "abatis", "build", "--help")
for c in ["hold", "casualties", "move", "rout", "army-morale", "escalade", "order"]:
    run(f"help/inputs-{c}", "help", "--inputs", c)
    run(f"help/inputs-{c}-json", "help", "--inputs", c, "--json")
run("help/help-after-option", "--seed", "3", "help", "check")
run("help/double-dash-help", "--", "help")

# ------------------------------------------------------------------ global usage errors

run("usage/no-command", )
run("usage/no-command-json", "--json")
run("usage/unknown-command", "atack")
run("usage/unknown-command-json", "atack", "--json")
run("usage/unknown-command-far", "xyzzy")
run("usage/unknown-command-odd", "sho")
run("usage/unknown-command-case", "LIST", "structures")
run("usage/unknown-option", "check", "-d", "easy", "--pol", "3", "--seed", "1")
run("usage/unknown-option-json", "--json", "check", "-d", "easy", "--pol", "3", "--seed", "1")
run("usage/unknown-global-option", "--jsn", "list", "structures")
run("usage/option-missing-value", "check", "-d")
run("usage/global-missing-value", "list", "structures", "--data")
run("usage/state-missing-value", "status", "--state")
run("usage/seed-missing-value", "check", "-d", "easy", "--seed")
run("usage/extra-positional", "list", "structures", "weapons")
run("usage/extra-positional-check", "check", "-d", "easy", "extra", "--seed", "1")
for v, tag in [("0", "0"), ("1", "1"), ("9223372036854775807", "max"), ("9223372036854775808", "max+1"),
               ("18446744073709551615", "u64max"), ("18446744073709551616", "u64max+1"),
               ("-1", "minus1"), ("abc", "abc"), ("", "empty"), ("+5", "plus5"), ("1e3", "1e3"),
               ("00000000000000000007", "20-digits"), (" 7", "space7")]:
    run(f"usage/seed-{tag}", "check", "-d", "easy", "--seed", v)
    run(f"usage/seed-{tag}-json", "--json", "check", "-d", "easy", "--seed", v)
for w in ["auto", "always", "never", "sometimes", ""]:
    run(f"color/{w or 'empty'}-check", "--color", w, "check", "-d", "hard", "--pool", "4", "--seed", "7")
for w in ["always", "never"]:
    run(f"color/{w}-list", "--color", w, "list", "structures")
    run(f"color/{w}-attack", "--color", w, "attack", "-s", "curtain-wall", "-w", "cannon", "--seed", "42")
    run(f"color/{w}-json", "--color", w, "--json", "check", "-d", "easy", "--seed", "1")
    run(f"color/{w}-help", "--color", w, "check", "--help")
    run(f"color/{w}-error", "--color", w, "attack", "-s", "curtian-wall", "-w", "cannon")
    run(f"color/{w}-hold", "--color", w, "hold", "--needed", "3", "--rolled", "19", "--order", "good")
run("format/bad", "--format", "html", "list", "structures")
run("format/empty", "--format", "", "list", "structures")
run("format/bad-json", "--json", "--format", "yaml", "list", "weapons")
run("format/text-list", "--format", "text", "list", "charges")
run("format/json-and--json", "--json", "--format", "json", "list", "charges")
run("format/after-command", "list", "charges", "--format", "csv")
run("json/after-command", "check", "-d", "easy", "--seed", "5", "--json")
run("json/twice", "--json", "check", "-d", "easy", "--seed", "5", "--json")
run("dry-run/without-state", "--dry-run", "check", "-d", "easy", "--seed", "5")
run("dry-run/attack-without-state", "--dry-run", "attack", "-s", "tower", "-w", "cannon", "--seed", "5")
for c, args in [("hold", ["--needed", "5", "--rolled", "3", "--order", "good"]),
                ("rout", ["--figures", "4"]), ("army-morale", ["--strength", "9", "--killed", "3"]),
                ("casualties", ["--through", "1", "--behind", "1", "--killed", "1"]),
                ("move", ["--speed", "4"]), ("abatis", ["tear"]),
                ("demolish", ["-s", "palisade", "-c", "petard", "--craft-successes", "1"]),
                ("mine", ["-s", "palisade", "--day-results", "1:0"]),
                ("escalade", ["-m", "tower", "--attackers", "4"]), ("show", ["ram"]), ("log", []),
                ("scene", [])]:
    run(f"format/markdown-{c}", "--format", "markdown", c, *args, "--seed", "1")
    run(f"format/csv-{c}", "--format", "csv", c, *args, "--seed", "1")
run("format/markdown-attack", "--format", "markdown", "attack", "-s", "tower", "-w", "cannon", "--seed", "1")
run("format/csv-check", "--format", "csv", "check", "-d", "easy", "--seed", "1")
run("format/markdown-odds-check", "--format", "markdown", "odds", "check", "-d", "easy")
run("format/json-check", "--format", "json", "check", "-d", "easy", "--seed", "1")
run("format/json-hold", "--format", "json", "hold", "--needed", "5", "--rolled", "3", "--order", "good", "--seed", "1")
run("double-dash/list", "list", "--", "structures")
run("double-dash/option-after", "check", "--", "-d", "easy")

# ------------------------------------------------------------------ list, show

for t in TABLES:
    run(f"list/{t}", "list", t)
    run(f"list/{t}-json", "list", t, "--json")
    for f in ["text", "markdown", "csv", "json"]:
        run(f"list/{t}-format-{f}", "--format", f, "list", t)
run("list/singular", "list", "structure")
run("list/typo", "list", "wepons")
run("list/typo-json", "--json", "list", "wepons")
run("list/nothing-near", "list", "dragons")
run("list/missing", "list")
run("list/missing-json", "list", "--json")
run("list/upper", "list", "Weapons")
for i in dict.fromkeys(STRUCTURES + ["keep"] + WEAPONS + CHARGES + ENGINES):
    run(f"show/{i}", "show", i)
    run(f"show/{i}-json", "show", i, "--json")
run("show/typo", "show", "curtian-wall")
run("show/typo-json", "show", "curtian-wall", "--json")
run("show/nothing-near", "show", "dragon")
run("show/missing", "show")
run("show/two", "show", "ram", "cannon")
run("show/upper", "show", "Tower")
run("show/format-csv", "--format", "csv", "show", "tower")

# ------------------------------------------------------------------ check

for d in ["easy", "average", "hard", "daunting"]:
    for seed in ["1", "2", "42"]:
        run(f"check/{d}-seed{seed}", "check", "--difficulty", d, "--seed", seed)
    run(f"check/{d}-json", "check", "-d", d, "--pool", "4", "--seed", "9", "--json")
run("check/pool-default", "check", "-d", "average", "--pool", "3", "--seed", "8")
run("check/pool-implicit", "check", "-d", "average", "--seed", "8")
for opt in ["--pool", "--bane-dice", "--boon-dice"]:
    for v in ["0", "50", "51", "-1", "x", "2.5"]:
        run(f"check/{opt[2:]}-{v}", "check", "-d", "hard", opt, v, "--seed", "3")
run("check/all-dice", "check", "-d", "daunting", "--pool", "6", "--bane-dice", "2", "--boon-dice", "3",
    "--seed", "13", "--json")
run("check/bane-default", "check", "-d", "easy", "--bane-dice", "0", "--boon-dice", "0", "--seed", "13")
run("check/no-dice", "check", "-d", "easy", "--pool", "0", "--seed", "2")
run("check/max-dice-json", "check", "-d", "daunting", "--pool", "50", "--bane-dice", "50", "--boon-dice", "50",
    "--seed", "77", "--json")
run("check/missing-difficulty", "check", "--seed", "1")
run("check/missing-difficulty-json", "check", "--seed", "1", "--json")
run("check/bad-difficulty", "check", "-d", "impossible", "--seed", "1")
run("check/bad-difficulty-near", "check", "-d", "hadr", "--seed", "1")
run("check/bad-difficulty-json", "check", "-d", "Hard", "--seed", "1", "--json")
run("check/seed-0", "check", "-d", "easy", "--seed", "0")
run("check/seed-max", "check", "-d", "easy", "--seed", "9223372036854775807", "--json")

# ------------------------------------------------------------------ attack

for s in STRUCTURES:
    for w, seed in [("cannon", "42"), ("trebuchet", "7"), ("ram", "3")]:
        run(f"attack/{s}-{w}", "attack", "--structure", s, "--weapon", w, "--seed", seed)
    run(f"attack/{s}-bombard-ref-json", "attack", "-s", s, "-w", "bombard", "--successes", "2", "--boons", "4",
        "--seed", "1", "--json")
for w in WEAPONS:
    run(f"attack/curtain-wall-{w}-ref", "attack", "-s", "curtain-wall", "-w", w, "--successes", "1", "--boons", "3")
    run(f"attack/tower-{w}-json", "attack", "-s", "tower", "-w", w, "--seed", "11", "--json")
run("attack/keep-alias", "attack", "-s", "keep", "-w", "cannon", "--seed", "4")
run("attack/musket-json", "attack", "-s", "palisade", "-w", "musket", "--seed", "4", "--json")
run("attack/portcullis", "attack", "--structure", "castle-gate", "--portcullis", "--weapon", "ram",
    "--successes", "2", "--boons", "2")
run("attack/portcullis-json", "attack", "-s", "castle-gate", "--portcullis", "-w", "ram", "--successes", "2",
    "--damage-taken", "9", "--seed", "1", "--json")
run("attack/portcullis-wrong-structure", "attack", "-s", "curtain-wall", "--portcullis", "-w", "ram",
    "--successes", "2")
run("attack/firing-slit", "attack", "-s", "pillbox", "--firing-slit", "-w", "cannon", "--seed", "3")
run("attack/firing-slit-json", "attack", "-s", "pillbox", "--firing-slit", "-w", "naval-gun", "--seed", "3", "--json")
run("attack/firing-slit-wrong-structure", "attack", "-s", "bunker", "--firing-slit", "-w", "cannon", "--seed", "3")
run("attack/indirect-bunker", "attack", "-s", "bunker", "-w", "cannon", "--indirect", "--successes", "2")
run("attack/indirect-mortar", "attack", "-s", "bunker", "-w", "mortar", "--successes", "2", "--seed", "1", "--json")
run("attack/blast-rampart", "attack", "-s", "rampart", "-w", "mortar", "--successes", "3", "--damage-taken", "10")
# R9: a miss reports the Blast weapon's Hull damage as halved too.
run("attack/blast-rampart-miss", "attack", "-s", "rampart", "-w", "mortar", "--successes", "0", "--json", "--seed", "1")
run("attack/inline-blast", "attack", "-s", "rampart", "--hull-damage", "6", "--blast", "--successes", "1")
run("attack/inline", "attack", "-s", "curtain-wall", "--hull-damage", "5", "--pierce", "1", "--gunpowder",
    "--mount", "heavy", "--successes", "1")
run("attack/inline-json", "attack", "-s", "curtain-wall", "--hull-damage", "5", "--pierce", "1", "--gunpowder",
    "--mount", "heavy", "--successes", "1", "--seed", "1", "--json")
run("attack/inline-defaults", "attack", "-s", "palisade", "--hull-damage", "3", "--seed", "6")
run("attack/inline-crit", "attack", "-s", "palisade", "--hull-damage", "3", "--crit", "2", "--successes", "1",
    "--boons", "5")
run("attack/override-row", "attack", "-s", "curtain-wall", "-w", "cannon", "--pierce", "3", "--hull-damage", "9",
    "--successes", "1")
run("attack/override-mount-personal", "attack", "-s", "curtain-wall", "-w", "cannon", "--mount", "personal",
    "--successes", "1")
for m in ["personal", "light", "standard", "heavy", "capital", "huge", "Heavy"]:
    run(f"attack/mount-{m}", "attack", "-s", "concrete-fortress", "--hull-damage", "12", "--mount", m,
        "--successes", "2")
for opt, lo, hi in [("--hull-damage", 0, 1000), ("--pierce", 0, 1000), ("--crit", 0, 1000),
                    ("--successes", -100, 100), ("--boons", -100, 100), ("--spend-boons", 0, 100),
                    ("--damage-taken", 0, 100000)]:
    for v in [lo, hi, lo - 1, hi + 1]:
        extra = [] if opt in ("--successes",) else ["--successes", "2"]
        if opt == "--boons":
            extra = ["--successes", "1"]
        run(f"attack/{opt[2:]}-{v}", "attack", "-s", "stone-house", "-w", "culverin", *extra, opt, str(v))
        if opt == "--hull-damage":
            pass
run("attack/hull-damage-inline-0", "attack", "-s", "stone-house", "--hull-damage", "0", "--successes", "5")
run("attack/hull-damage-inline-max-json", "attack", "-s", "bastion", "--hull-damage", "1000", "--pierce", "1000",
    "--crit", "1", "--successes", "100", "--boons", "100", "--seed", "0", "--json")
for opt in ["--pool", "--bane-dice", "--boon-dice"]:
    for v in ["0", "50", "51", "-1"]:
        run(f"attack/{opt[2:]}-{v}", "attack", "-s", "curtain-wall", "-w", "cannon", opt, v, "--seed", "21")
run("attack/pool-3-explicit", "attack", "-s", "curtain-wall", "-w", "cannon", "--pool", "3", "--seed", "42")
run("attack/dice-json", "attack", "-s", "curtain-wall", "-w", "cannon", "--pool", "5", "--bane-dice", "2",
    "--boon-dice", "1", "--seed", "42", "--json")
run("attack/spend-boons", "attack", "-s", "curtain-wall", "-w", "cannon", "--successes", "2", "--boons", "6",
    "--spend-boons", "3")
run("attack/spend-boons-json", "attack", "-s", "curtain-wall", "-w", "cannon", "--successes", "2", "--boons", "6",
    "--spend-boons", "3", "--seed", "1", "--json")
run("attack/spend-boons-rolled", "attack", "-s", "curtain-wall", "-w", "cannon", "--spend-boons", "0",
    "--seed", "42")
run("attack/miss", "attack", "-s", "curtain-wall", "-w", "cannon", "--successes", "0", "--boons", "2")
run("attack/negative", "attack", "-s", "curtain-wall", "-w", "cannon", "--successes", "-3", "--boons", "-2")
run("attack/overkill", "attack", "-s", "interior-door", "-w", "naval-gun", "--successes", "3", "--seed", "1",
    "--json")
for dt in ["0", "9", "10", "19", "20", "25"]:
    run(f"attack/damage-taken-{dt}-curtain", "attack", "-s", "curtain-wall", "-w", "cannon", "--successes", "1",
        "--damage-taken", dt)
run("attack/ladder-hull", "attack", "-s", "tower", "-w", "bombard", "--ladder", "hull", "--seed", "5")
run("attack/ladder-steps", "attack", "-s", "tower", "-w", "bombard", "--ladder", "steps", "--seed", "5")
for frm in ["intact", "cracked", "breached", "broken"]:
    run(f"attack/ladder-steps-from-{frm}", "attack", "-s", "tower", "-w", "bombard", "--ladder", "steps",
        "--from", frm, "--seed", "5")
run("attack/ladder-steps-json", "attack", "-s", "tower", "-w", "bombard", "--ladder", "steps", "--from",
    "cracked", "--seed", "5", "--json")
run("attack/ladder-bad", "attack", "-s", "tower", "-w", "bombard", "--ladder", "rungs", "--seed", "5")
run("attack/from-without-steps", "attack", "-s", "tower", "-w", "bombard", "--from", "cracked", "--seed", "5")
run("attack/damage-taken-with-steps", "attack", "-s", "tower", "-w", "bombard", "--ladder", "steps",
    "--damage-taken", "3", "--seed", "5")
run("attack/heavy-weapons-only", "attack", "-s", "concrete-fortress", "-w", "culverin", "--successes", "4")
run("attack/heavy-weapons-only-falconet", "attack", "-s", "concrete-fortress", "-w", "falconet", "--seed", "2")
run("attack/bunker-mangonel", "attack", "-s", "bunker", "-w", "mangonel", "--successes", "0")
run("attack/stone-bridge", "attack", "-s", "stone-bridge", "-w", "siege-howitzer", "--successes", "3",
    "--damage-taken", "20")
run("attack/wooden-bridge-breach", "attack", "-s", "wooden-bridge", "-w", "cannon", "--successes", "3",
    "--damage-taken", "5", "--seed", "1", "--json")
run("attack/interior-door-kick", "attack", "-s", "interior-door", "-w", "ram", "--successes", "1", "--seed", "1",
    "--json")
run("attack/missing-structure", "attack", "-w", "cannon", "--seed", "1")
run("attack/missing-structure-json", "attack", "-w", "cannon", "--seed", "1", "--json")
run("attack/missing-weapon", "attack", "-s", "curtain-wall", "--seed", "1")
run("attack/unknown-structure", "attack", "--structure", "curtian-wall", "--weapon", "cannon")
run("attack/unknown-structure-json", "attack", "--structure", "curtian-wall", "--weapon", "cannon", "--json")
run("attack/unknown-weapon", "attack", "-s", "curtain-wall", "-w", "canon", "--seed", "1")
run("attack/unknown-weapon-far", "attack", "-s", "curtain-wall", "-w", "laser", "--seed", "1")
run("attack/engine-id-as-weapon", "attack", "-s", "curtain-wall", "-w", "ram-shed", "--seed", "1")
run("attack/boons-without-successes", "attack", "-s", "curtain-wall", "-w", "cannon", "--boons", "2", "--seed", "1")
run("attack/pool-with-successes", "attack", "-s", "curtain-wall", "-w", "cannon", "--successes", "2", "--pool", "3")
run("attack/bane-with-successes", "attack", "-s", "curtain-wall", "-w", "cannon", "--successes", "2",
    "--bane-dice", "1")
run("attack/section-without-state", "attack", "--section", "north-wall", "-w", "cannon", "--seed", "1")
run("attack/engine-without-state", "attack", "--engine", "great-bombard", "--seed", "1")
run("attack/engine-without-state-json", "attack", "--engine", "great-bombard", "--seed", "1", "--json")
run("attack/successes-word", "attack", "-s", "tower", "-w", "cannon", "--successes", "two")
run("attack/short-options", "attack", "-s", "tower", "-w", "cannon", "--seed", "99", "--json")
run("attack/option-twice", "attack", "-s", "tower", "-s", "palisade", "-w", "cannon", "--seed", "99")
run("attack/gunpowder-flag-on-row", "attack", "-s", "curtain-wall", "-w", "trebuchet", "--gunpowder",
    "--successes", "2")
for seed in range(20, 30):
    run(f"attack/seeds-curtain-cannon-{seed}", "attack", "-s", "curtain-wall", "-w", "cannon", "--seed", str(seed),
        "--json")

# ------------------------------------------------------------------ odds

for d in ["easy", "average", "hard", "daunting"]:
    run(f"odds-check/{d}", "odds", "check", "--difficulty", d)
    run(f"odds-check/{d}-json", "odds", "check", "-d", d, "--pool", "2", "--json")
run("odds-check/dice", "odds", "check", "-d", "daunting", "--pool", "5", "--bane-dice", "2", "--boon-dice", "3")
run("odds-check/dice-json", "odds", "check", "-d", "daunting", "--pool", "5", "--bane-dice", "2", "--boon-dice", "3",
    "--json")
run("odds-check/pool-3-explicit", "odds", "check", "-d", "hard", "--pool", "3", "--bane-dice", "0",
    "--boon-dice", "0")
for opt in ["--pool", "--bane-dice", "--boon-dice"]:
    for v in ["0", "50", "51"]:
        run(f"odds-check/{opt[2:]}-{v}", "odds", "check", "-d", "easy", opt, v)
run("odds-check/missing-difficulty", "odds", "check")
run("odds-check/bad-difficulty", "odds", "check", "-d", "esay")
run("odds-check/seed-ignored", "odds", "check", "-d", "easy", "--seed", "3")

run("odds-attack/example", "odds", "attack", "--structure", "curtain-wall", "--weapon", "cannon", "--attacks", "3")
run("odds-attack/example-json", "odds", "attack", "-s", "curtain-wall", "-w", "cannon", "--attacks", "3", "--json")
for s in STRUCTURES:
    run(f"odds-attack/{s}-bombard", "odds", "attack", "-s", s, "-w", "bombard")
for w in WEAPONS:
    run(f"odds-attack/tower-{w}-json", "odds", "attack", "-s", "tower", "-w", w, "--attacks", "2", "--json")
run("odds-attack/referee", "odds", "attack", "-s", "palisade", "-w", "ram", "--successes", "2", "--ladder", "steps")
run("odds-attack/referee-boons", "odds", "attack", "-s", "palisade", "-w", "ram", "--successes", "2", "--boons", "4",
    "--spend-boons", "2")
run("odds-attack/concrete-falconet", "odds", "attack", "-s", "concrete-fortress", "-w", "falconet")
run("odds-attack/big", "odds", "attack", "-s", "tower", "-w", "bombard", "--pool", "6", "--attacks", "12",
    "--damage-taken", "7")
run("odds-attack/big-json", "odds", "attack", "-s", "tower", "-w", "bombard", "--pool", "6", "--attacks", "12",
    "--damage-taken", "7", "--json")
for v in ["0", "1", "1000", "1001"]:
    run(f"odds-attack/attacks-{v}", "odds", "attack", "-s", "palisade", "-w", "ram", "--attacks", v)
run("odds-attack/attacks-1-explicit", "odds", "attack", "-s", "curtain-wall", "-w", "cannon", "--attacks", "1")
run("odds-attack/inline", "odds", "attack", "-s", "rampart", "--hull-damage", "4", "--pierce", "2", "--crit", "2",
    "--mount", "heavy", "--gunpowder", "--indirect", "--blast")
run("odds-attack/dice", "odds", "attack", "-s", "curtain-wall", "-w", "cannon", "--pool", "4", "--bane-dice", "1",
    "--boon-dice", "2")
run("odds-attack/portcullis", "odds", "attack", "-s", "castle-gate", "--portcullis", "-w", "ram", "--attacks", "4")
run("odds-attack/firing-slit", "odds", "attack", "-s", "pillbox", "--firing-slit", "-w", "naval-gun", "--attacks", "3")
run("odds-attack/steps-from", "odds", "attack", "-s", "tower", "-w", "cannon", "--ladder", "steps", "--from",
    "cracked", "--attacks", "3")
run("odds-attack/ladder-hull", "odds", "attack", "-s", "tower", "-w", "cannon", "--ladder", "hull", "--damage-taken",
    "25")
run("odds-attack/pool-0", "odds", "attack", "-s", "tower", "-w", "cannon", "--pool", "0")
run("odds-attack/pool-50", "odds", "attack", "-s", "tower", "-w", "cannon", "--pool", "50")
run("odds-attack/pool-51", "odds", "attack", "-s", "tower", "-w", "cannon", "--pool", "51")
run("odds-attack/missing-structure", "odds", "attack", "-w", "cannon")
run("odds-attack/missing-weapon", "odds", "attack", "-s", "tower")
run("odds-attack/unknown-weapon", "odds", "attack", "-s", "tower", "-w", "trebuchett")
run("odds-attack/musket", "odds", "attack", "-s", "tower", "-w", "musket")
run("odds-attack/boons-alone", "odds", "attack", "-s", "tower", "-w", "cannon", "--boons", "1")
run("odds-attack/pool-with-successes", "odds", "attack", "-s", "tower", "-w", "cannon", "--successes", "1",
    "--pool", "2")
run("odds-attack/section-option", "odds", "attack", "--section", "north-wall", "-w", "cannon")

run("odds-demolish/example", "odds", "demolish", "--structure", "stone-bridge", "--on-pier", "--charge",
    "powder-keg:2")
run("odds-demolish/example-json", "odds", "demolish", "-s", "stone-bridge", "--on-pier", "-c", "powder-keg:2",
    "--json")
for s in STRUCTURES:
    run(f"odds-demolish/{s}-keg", "odds", "demolish", "-s", s, "-c", "powder-keg")
for ch in CHARGES:
    run(f"odds-demolish/curtain-{ch}-json", "odds", "demolish", "-s", "curtain-wall", "-c", ch, "--json")
run("odds-demolish/petard-door", "odds", "demolish", "-s", "iron-bound-door", "-c", "petard")
run("odds-demolish/craft-successes", "odds", "demolish", "-s", "curtain-wall", "-c", "powder-keg",
    "--craft-successes", "1")
run("odds-demolish/pool-0", "odds", "demolish", "-s", "rampart", "-c", "demolition-charge", "--pool", "0")
run("odds-demolish/pool-3", "odds", "demolish", "-s", "rampart", "-c", "demolition-charge", "--pool", "3")
run("odds-demolish/mixed", "odds", "demolish", "-s", "tower", "-c", "powder-keg:3", "-c", "petard",
    "--damage-taken", "12")
run("odds-demolish/portcullis", "odds", "demolish", "-s", "castle-gate", "--portcullis", "-c", "breaching-charge")
run("odds-demolish/missing-charge", "odds", "demolish", "-s", "tower")
run("odds-demolish/unknown-charge", "odds", "demolish", "-s", "tower", "-c", "powderkeg")
run("odds-demolish/bad-count", "odds", "demolish", "-s", "tower", "-c", "powder-keg:0")

run("odds-escalade/example", "odds", "escalade", "--method", "ladder", "--attackers", "20", "--ladders", "2",
    "--defended")
run("odds-escalade/example-json", "odds", "escalade", "--method", "ladder", "--attackers", "20", "--ladders", "2",
    "--defended", "--json")
run("odds-escalade/ladder-small", "odds", "escalade", "--method", "ladder", "--attackers", "2", "--pool", "1",
    "--rounds", "2")
run("odds-escalade/grapnel", "odds", "escalade", "--method", "grapnel", "--attackers", "7", "--ropes", "3",
    "--rounds", "4")
run("odds-escalade/grapnel-json", "odds", "escalade", "-m", "grapnel", "--attackers", "7", "--ropes", "3",
    "--json")
run("odds-escalade/tower", "odds", "escalade", "--method", "tower", "--attackers", "10")
run("odds-escalade/tower-json", "odds", "escalade", "--method", "tower", "--attackers", "10", "--json")
run("odds-escalade/pool-0", "odds", "escalade", "--method", "ladder", "--attackers", "3", "--pool", "0")
run("odds-escalade/breached", "odds", "escalade", "--method", "grapnel", "--attackers", "2", "--damage-taken", "20")
run("odds-escalade/too-large", "odds", "escalade", "--method", "ladder", "--attackers", "10000", "--ladders", "1000")
run("odds-escalade/structure-palisade", "odds", "escalade", "-s", "palisade", "-m", "ladder", "--attackers", "4")
run("odds-escalade/portcullis", "odds", "escalade", "-s", "castle-gate", "--portcullis", "-m", "grapnel",
    "--attackers", "3")
run("odds-escalade/referee", "odds", "escalade", "-m", "ladder", "--attackers", "3",
    "--successes-per-round", "1,0,2")
run("odds-escalade/referee-good", "odds", "escalade", "-m", "ladder", "--ladders", "2", "--attackers", "4",
    "--successes-per-round", "2,1")
run("odds-escalade/structure-long", "odds", "escalade", "--structure", "rampart", "--method", "ladder",
    "--attackers", "3")
run("odds-escalade/missing-method", "odds", "escalade", "--attackers", "3")
run("odds-escalade/missing-attackers", "odds", "escalade", "-m", "ladder")
run("odds-escalade/ropes-with-ladder", "odds", "escalade", "-m", "ladder", "--attackers", "3", "--ropes", "2")

run("odds-mine/curtain-wall", "odds", "mine", "-s", "curtain-wall")
run("odds-mine/example", "odds", "mine", "--structure", "curtain-wall", "--sapper-pool", "4")
run("odds-mine/curtain-wall-json", "odds", "mine", "-s", "curtain-wall", "--json")
run("odds-mine/rampart-countermine", "odds", "mine", "-s", "rampart", "--sapper-pool", "0", "--defender-pool", "1",
    "--countermine")
run("odds-mine/days", "odds", "mine", "-s", "concrete-fortress", "--days", "3", "--days-dug", "2")
run("odds-mine/day-results", "odds", "mine", "-s", "rampart", "--day-results", "1:0,2:2,0:1")
run("odds-mine/portcullis", "odds", "mine", "-s", "castle-gate", "--portcullis", "--damage-taken", "2")
run("odds-mine/pools-3", "odds", "mine", "-s", "tower", "--sapper-pool", "3", "--defender-pool", "3",
    "--days-dug", "0")
for s in STRUCTURES:
    run(f"odds-mine/{s}-days2", "odds", "mine", "-s", s, "--days", "2")
run("odds-mine/missing-structure", "odds", "mine")
run("odds-mine/bad-day-results", "odds", "mine", "-s", "tower", "--day-results", "1-0")

run("odds-scene/without-state", "odds", "scene")
run("odds-scene/without-state-json", "odds", "scene", "--json")
run("odds/no-subcommand", "odds")
run("odds/no-subcommand-json", "odds", "--json")
run("odds/typo", "odds", "chek", "-d", "easy")
run("odds/typo-far", "odds", "zzz")
run("odds/pool-before-sub", "odds", "--pool", "9", "check", "-d", "easy")
run("odds/attacks-before-sub", "odds", "--attacks", "3", "attack", "-s", "tower", "-w", "cannon")
run("odds/weapons-with-sub", "odds", "attack", "-s", "tower", "-w", "cannon", "--weapons", "cannon")
run("odds/compare-with-sub", "odds", "--compare", "check", "-d", "easy")
run("odds/structures-with-sub", "odds", "check", "-d", "easy", "--structures", "tower")
run("odds/format-csv-sub", "--format", "csv", "odds", "attack", "-s", "tower", "-w", "cannon")

run("odds-compare/example", "odds", "--compare", "--weapons", "cannon,trebuchet", "--structures",
    "curtain-wall,tower", "--attacks", "4")
run("odds-compare/default", "odds", "--compare")
run("odds-compare/default-json", "odds", "--compare", "--json")
for f in ["text", "markdown", "csv", "json"]:
    run(f"odds-compare/format-{f}", "--format", f, "odds", "--compare", "--weapons", "cannon,bombard,ram",
        "--structures", "palisade,curtain-wall")
run("odds-compare/structures-only", "odds", "--compare", "--structures", "bunker")
run("odds-compare/weapons-only", "odds", "--compare", "--weapons", "mortar")
run("odds-compare/defaults-explicit", "odds", "--compare", "--weapons", "cannon", "--structures", "tower",
    "--attacks", "4", "--pool", "3")
for v in ["0", "1", "1000", "1001"]:
    run(f"odds-compare/attacks-{v}", "odds", "--compare", "--weapons", "ram", "--structures", "palisade",
        "--attacks", v)
for v in ["0", "50", "51"]:
    run(f"odds-compare/pool-{v}", "odds", "--compare", "--weapons", "ram", "--structures", "palisade", "--pool", v)
run("odds-compare/unknown-weapon", "odds", "--compare", "--weapons", "cannon,canon")
run("odds-compare/unknown-structure", "odds", "--compare", "--structures", "towr")
run("odds-compare/empty-item", "odds", "--compare", "--weapons", "cannon,,ram")
run("odds-compare/keep-alias", "odds", "--compare", "--weapons", "cannon", "--structures", "keep")
run("odds-compare/musket", "odds", "--compare", "--weapons", "musket", "--structures", "palisade")
run("odds-compare/weapons-without-compare", "odds", "--weapons", "cannon")

# ------------------------------------------------------------------ hold, rout, army-morale, casualties, move

run("hold/example", "hold", "--needed", "12", "--rolled", "15", "--order", "good", "--site", "breach")
run("hold/example-json", "hold", "--needed", "12", "--rolled", "15", "--order", "good", "--site", "breach",
    "--seed", "1", "--json")
for site in ["breach", "gateway", "doorway", "window", "wall-top", "rampart", "parapet", "breastwork", "corridor",
             "bridge", "passage", "moat", ""]:
    run(f"hold/site-{site or 'empty'}", "hold", "--needed", "9", "--rolled", "11", "--order", "good", "--site", site)
for order in ["good", "shaken", "routed", "bad"]:
    run(f"hold/order-{order}", "hold", "--needed", "9", "--rolled", "9", "--order", order)
    run(f"hold/order-{order}-fail", "hold", "--needed", "9", "--rolled", "14", "--order", order, "--seed", "2", "--json")
run("hold/rolled-seeded", "hold", "--needed", "9", "--order", "shaken", "--site", "wall-top", "--seed", "11",
    "--figures", "6")
run("hold/rolled-seeded-json", "hold", "--needed", "9", "--order", "shaken", "--site", "wall-top", "--seed", "11",
    "--figures", "6", "--json")
for seed in range(1, 9):
    run(f"hold/roll-seed-{seed}", "hold", "--needed", "11", "--order", "good", "--seed", str(seed))
run("hold/hero", "hold", "--hero", "--needed", "5", "--seed", "1")
run("hold/hero-json", "hold", "--hero", "--needed", "5", "--rolled", "20", "--order", "good", "--seed", "2", "--json")
run("hold/hero-shaken", "hold", "--hero", "--needed", "5", "--rolled", "20", "--order", "shaken")
run("hold/enemy-figures", "hold", "--needed", "3", "--rolled", "19", "--order", "good", "--enemy-figures", "4")
run("hold/unprotected", "hold", "--needed", "8", "--rolled", "12", "--order", "good", "--site", "parapet",
    "--unprotected-in-contact", "2")
run("hold/unprotected-breach", "hold", "--needed", "8", "--rolled", "12", "--order", "good",
    "--unprotected-in-contact", "2")
run("hold/unprotected-0", "hold", "--needed", "8", "--rolled", "12", "--order", "good", "--site", "rampart",
    "--unprotected-in-contact", "0")
for opt, lo, hi in [("--needed", 0, 1000000), ("--rolled", -1000000, 1000000),
                    ("--unprotected-in-contact", 0, 100000), ("--figures", 1, 100000),
                    ("--enemy-figures", 1, 100000)]:
    for v in [lo, hi, lo - 1, hi + 1]:
        base = {"--needed": "10", "--rolled": "12"}
        args = ["hold", "--order", "good", "--site", "wall-top"]
        for k, d in base.items():
            if k != opt:
                args += [k, d]
        run(f"hold/{opt[2:]}-{v}", *args, opt, str(v))
run("hold/missing-order", "hold", "--needed", "5", "--rolled", "3")
run("hold/missing-needed", "hold", "--rolled", "3", "--order", "good")
run("hold/missing-all", "hold")
run("hold/state-ignored-no-file", "--state", "nosuch.json", "hold", "--needed", "5", "--rolled", "3",
    "--order", "good")

run("rout/example", "rout", "--figures", "8", "--order", "good", "--blocked", "1")
run("rout/example-json", "rout", "--figures", "8", "--order", "good", "--blocked", "1", "--json")
run("rout/attacker", "rout", "--figures", "5", "--side", "attacker")
run("rout/attacker-within", "rout", "--figures", "10", "--side", "attacker", "--within-walls", "--room-figures", "4")
run("rout/attacker-all-within", "rout", "--figures", "10", "--side", "attacker", "--all-within-walls")
run("rout/attacker-all-within-json", "rout", "--figures", "10", "--side", "attacker", "--all-within-walls", "--json")
run("rout/defender-explicit", "rout", "--figures", "6", "--order", "good", "--side", "defender", "--blocked", "0")
run("rout/shaken", "rout", "--figures", "6", "--order", "shaken")
run("rout/routed", "rout", "--figures", "6", "--order", "routed")
run("rout/bad-side", "rout", "--figures", "6", "--side", "neutral")
run("rout/within-walls-defender", "rout", "--figures", "6", "--within-walls")
run("rout/room", "rout", "--figures", "9", "--room-figures", "3", "--blocked", "1")
run("rout/room-larger", "rout", "--figures", "3", "--room-figures", "9")
run("rout/blocked-all", "rout", "--figures", "3", "--blocked", "3")
run("rout/blocked-more", "rout", "--figures", "3", "--blocked", "5")
run("rout/one-figure", "rout", "--figures", "1", "--json")
for opt, lo, hi in [("--figures", 1, 100000), ("--room-figures", 1, 100000), ("--blocked", 0, 100000)]:
    for v in [lo, hi, lo - 1, hi + 1]:
        args = ["rout"] + ([] if opt == "--figures" else ["--figures", "100000"])
        run(f"rout/{opt[2:]}-{v}", *args, opt, str(v))
run("rout/missing-figures", "rout")

run("army-morale/example", "army-morale", "--strength", "30", "--killed", "10")
run("army-morale/example-json", "army-morale", "--strength", "30", "--killed", "10", "--json")
run("army-morale/below", "army-morale", "--strength", "31", "--killed", "2")
run("army-morale/just-below", "army-morale", "--strength", "31", "--killed", "10")
run("army-morale/just-at", "army-morale", "--strength", "31", "--killed", "11")
run("army-morale/castle", "army-morale", "--strength", "30", "--killed", "29", "--defender-in-castle")
run("army-morale/castle-json", "army-morale", "--strength", "30", "--killed", "29", "--defender-in-castle", "--json")
run("army-morale/killed-more", "army-morale", "--strength", "10", "--killed", "11")
run("army-morale/killed-all", "army-morale", "--strength", "10", "--killed", "10")
for opt, lo, hi in [("--strength", 1, 10000000), ("--killed", 0, 10000000)]:
    for v in [lo, hi, lo - 1, hi + 1]:
        other = ["--killed", "0"] if opt == "--strength" else ["--strength", "10000000"]
        run(f"army-morale/{opt[2:]}-{v}", "army-morale", *other, opt, str(v))
run("army-morale/missing-killed", "army-morale", "--strength", "30")
run("army-morale/missing-strength", "army-morale", "--killed", "3")

run("casualties/example", "casualties", "--through", "3", "--behind", "7", "--killed", "4")
run("casualties/example-json", "casualties", "--through", "3", "--behind", "7", "--killed", "4", "--json")
for t, b, k in [(0, 0, 0), (0, 5, 3), (5, 0, 3), (3, 7, 0), (3, 7, 10), (3, 7, 12), (2, 2, 1), (1, 9, 5)]:
    run(f"casualties/{t}-{b}-{k}", "casualties", "--through", str(t), "--behind", str(b), "--killed", str(k))
for opt in ["--through", "--behind", "--killed"]:
    for v in [0, 100000, -1, 100001]:
        args = {"--through": "100000", "--behind": "100000", "--killed": "5"}
        args[opt] = str(v)
        run(f"casualties/{opt[2:]}-{v}", "casualties", *[x for kv in args.items() for x in kv])
run("casualties/missing", "casualties", "--through", "3")

run("move/example", "move", "--speed", "9", "--through-breach")
run("move/example-json", "move", "--speed", "9", "--through-breach", "--json")
run("move/plain", "move", "--speed", "6")
run("move/plain-json", "move", "--speed", "6", "--json")
for v in ["0", "1", "1000", "1001", "-1", "7.5"]:
    run(f"move/speed-{v}", "move", "--speed", v, "--through-breach")
run("move/missing", "move", "--through-breach")

# ------------------------------------------------------------------ abatis

run("abatis/example", "abatis", "build", "--progress", "2")
run("abatis/example-json", "abatis", "build", "--progress", "2", "--json")
for p in ["0", "1", "2", "3", "99", "100", "-1"]:
    run(f"abatis/build-progress-{p}", "abatis", "build", "--progress", p)
    run(f"abatis/tear-progress-{p}", "abatis", "tear", "--progress", p)
run("abatis/build", "abatis", "build")
run("abatis/tear", "abatis", "tear", "--json")
run("abatis/build-attackers", "abatis", "build", "--progress", "1", "--attackers-in-breach")
run("abatis/tear-interrupted", "abatis", "tear", "--interrupted", "--progress", "1")
run("abatis/build-interrupted", "abatis", "build", "--interrupted")
run("abatis/tear-attackers", "abatis", "tear", "--attackers-in-breach")
run("abatis/missing-work", "abatis")
run("abatis/missing-work-json", "abatis", "--json")
run("abatis/bad-work", "abatis", "burn")
run("abatis/section-without-state", "abatis", "build", "--section", "north-wall")

# ------------------------------------------------------------------ demolish

run("demolish/example", "demolish", "--structure", "stone-bridge", "--on-pier", "--charge", "powder-keg:2",
    "--craft-successes", "1")
run("demolish/example-json", "demolish", "--structure", "stone-bridge", "--on-pier", "--charge", "powder-keg:2",
    "--craft-successes", "1", "--seed", "1", "--json")
run("demolish/petard-door", "demolish", "--structure", "iron-bound-door", "--charge", "petard", "--seed", "1")
for s in STRUCTURES:
    for ch in CHARGES:
        run(f"demolish/{s}-{ch}", "demolish", "-s", s, "-c", ch, "--seed", "5")
run("demolish/two-charges", "demolish", "-s", "curtain-wall", "-c", "powder-keg", "-c", "demolition-charge",
    "--seed", "2")
run("demolish/two-charges-json", "demolish", "-s", "curtain-wall", "-c", "powder-keg", "-c", "demolition-charge",
    "--seed", "2", "--json")
run("demolish/count-3", "demolish", "-s", "bastion", "-c", "demolition-charge:3", "--craft-successes", "2")
for spec in ["powder-keg:0", "powder-keg:-1", "powder-keg:x", "powder-keg:", ":2", "powder-keg:1:2",
             "powder-keg:1000", "powder-keg:1001", "powderkeg", "petard:1"]:
    run(f"demolish/charge-spec-{spec}", "demolish", "-s", "tower", "-c", spec, "--craft-successes", "1")
run("demolish/on-pier-not-bridge", "demolish", "-s", "tower", "--on-pier", "-c", "powder-keg", "--seed", "3")
run("demolish/portcullis", "demolish", "-s", "castle-gate", "--portcullis", "-c", "breaching-charge", "--seed", "3")
run("demolish/portcullis-wrong", "demolish", "-s", "tower", "--portcullis", "-c", "breaching-charge", "--seed", "3")
for v in ["-100", "100", "-101", "101", "0", "-1"]:
    run(f"demolish/craft-successes-{v}", "demolish", "-s", "curtain-wall", "-c", "powder-keg", "--craft-successes", v)
for v in ["0", "3", "50", "51"]:
    run(f"demolish/pool-{v}", "demolish", "-s", "curtain-wall", "-c", "powder-keg", "--pool", v, "--seed", "8")
for v in ["0", "23", "24", "100000", "100001"]:
    run(f"demolish/damage-taken-{v}", "demolish", "-s", "stone-bridge", "-c", "powder-keg", "--damage-taken", v,
        "--craft-successes", "1")
run("demolish/pool-with-craft", "demolish", "-s", "tower", "-c", "petard", "--pool", "2", "--craft-successes", "1")
run("demolish/missing-charge", "demolish", "-s", "tower", "--seed", "1")
run("demolish/missing-structure", "demolish", "-c", "petard", "--seed", "1")
run("demolish/unknown-structure", "demolish", "-s", "towr", "-c", "petard", "--seed", "1")
run("demolish/section-without-state", "demolish", "--section", "gatehouse", "-c", "petard", "--seed", "1")
for seed in range(1, 7):
    run(f"demolish/seed-{seed}-json", "demolish", "-s", "rampart", "-c", "powder-keg:2", "--seed", str(seed), "--json")

# ------------------------------------------------------------------ mine

run("mine/example", "mine", "--structure", "curtain-wall", "--seed", "7")
run("mine/example-json", "mine", "--structure", "curtain-wall", "--seed", "7", "--json")
run("mine/example-referee", "mine", "--structure", "rampart", "--day-results", "1:0,2:2,0:1", "--countermine")
run("mine/example-referee-json", "mine", "--structure", "rampart", "--day-results", "1:0,2:2,0:1", "--countermine",
    "--seed", "1", "--json")
for s in STRUCTURES:
    run(f"mine/{s}", "mine", "-s", s, "--seed", "4")
for seed in range(1, 9):
    run(f"mine/tower-seed-{seed}", "mine", "-s", "tower", "--seed", str(seed), "--json")
for opt, lo, hi in [("--days-dug", 0, 1000), ("--days", 1, 1000), ("--damage-taken", 0, 100000),
                    ("--sapper-pool", 0, 50), ("--defender-pool", 0, 50)]:
    for v in [lo, hi, lo - 1, hi + 1]:
        run(f"mine/{opt[2:]}-{v}", "mine", "-s", "curtain-wall", opt, str(v), "--seed", "6")
run("mine/days-one", "mine", "-s", "curtain-wall", "--days", "1", "--seed", "6")
run("mine/days-dug-partial", "mine", "-s", "curtain-wall", "--days-dug", "2", "--days", "1", "--seed", "6")
run("mine/pools-explicit", "mine", "-s", "curtain-wall", "--sapper-pool", "3", "--defender-pool", "3",
    "--days-dug", "0", "--seed", "6")
run("mine/countermine", "mine", "-s", "curtain-wall", "--countermine", "--seed", "6")
run("mine/portcullis", "mine", "-s", "castle-gate", "--portcullis", "--seed", "6")
run("mine/portcullis-wrong", "mine", "-s", "tower", "--portcullis", "--seed", "6")
for dr in ["2:1", "0:3", "1:0,1:0,1:0,1:0,1:0,1:0,1:0,1:0,1:0,1:0", "-1:0", "1:-2", "1", "1:0,", ",1:0", "1:0,,2:1",
           "a:b", "1:0:2", "", "101:0", "1 :0"]:
    run(f"mine/day-results-{dr or 'empty'}", "mine", "-s", "rampart", "--day-results", dr)
run("mine/day-results-with-pool", "mine", "-s", "rampart", "--day-results", "1:0", "--sapper-pool", "2")
run("mine/day-results-with-days", "mine", "-s", "rampart", "--day-results", "1:0,1:0", "--days", "1")
run("mine/missing-structure", "mine", "--seed", "1")
run("mine/section-without-state", "mine", "--section", "north-wall", "--seed", "1")

# ------------------------------------------------------------------ escalade

run("escalade/example", "escalade", "--method", "ladder", "--ladders", "2", "--attackers", "10", "--defended",
    "--seed", "3")
run("escalade/example-json", "escalade", "--method", "ladder", "--ladders", "2", "--attackers", "10", "--defended",
    "--seed", "3", "--json")
run("escalade/tower", "escalade", "--method", "tower", "--attackers", "10")
run("escalade/tower-json", "escalade", "--method", "tower", "--attackers", "10", "--seed", "1", "--json")
run("escalade/grapnel-breached", "escalade", "--method", "grapnel", "--attackers", "2", "--damage-taken", "20")
for m in ["ladder", "grapnel", "tower"]:
    for s in ["curtain-wall", "palisade", "tower", "castle-gate", "rampart", "interior-door", "wooden-bridge"]:
        run(f"escalade/{m}-{s}", "escalade", "-m", m, "-s", s, "--attackers", "5", "--seed", "12")
run("escalade/structure-long", "escalade", "--structure", "palisade", "--method", "grapnel", "--attackers", "3",
    "--seed", "12")
run("escalade/bad-method", "escalade", "-m", "catapult", "--attackers", "5", "--seed", "12")
run("escalade/default-structure-explicit", "escalade", "-s", "curtain-wall", "-m", "ladder", "--attackers", "5",
    "--ladders", "1", "--pool", "3", "--seed", "12")
for opt, lo, hi in [("--attackers", 1, 10000), ("--ladders", 1, 1000), ("--rounds", 1, 1000),
                    ("--damage-taken", 0, 100000), ("--pool", 0, 50)]:
    for v in [lo, hi, lo - 1, hi + 1]:
        args = ["escalade", "-m", "ladder"] + ([] if opt == "--attackers" else ["--attackers", "6"])
        run(f"escalade/{opt[2:]}-{v}", *args, opt, str(v), "--seed", "14")
for v in [1, 1000, 0, 1001]:
    run(f"escalade/ropes-{v}", "escalade", "-m", "grapnel", "--attackers", "6", "--ropes", str(v), "--seed", "14")
run("escalade/rounds-2", "escalade", "-m", "grapnel", "--attackers", "6", "--rounds", "2", "--seed", "14", "--json")
run("escalade/defended-grapnel", "escalade", "-m", "grapnel", "--attackers", "6", "--defended", "--seed", "14")
run("escalade/defended-tower", "escalade", "-m", "tower", "--attackers", "6", "--defended")
run("escalade/portcullis", "escalade", "-s", "castle-gate", "--portcullis", "-m", "ladder", "--attackers", "3",
    "--seed", "14")
run("escalade/referee", "escalade", "-m", "ladder", "--attackers", "3", "--successes-per-round", "1,0,2")
run("escalade/referee-json", "escalade", "-m", "ladder", "--attackers", "3", "--successes-per-round", "1,0,2",
    "--seed", "1", "--json")
run("escalade/referee-good", "escalade", "-m", "ladder", "--attackers", "3", "--successes-per-round", "1,0,1,1")
run("escalade/referee-ladders-2", "escalade", "-m", "ladder", "--ladders", "2", "--attackers", "5",
    "--successes-per-round", "2,1,0,2")
run("escalade/referee-grapnel-json", "escalade", "-m", "grapnel", "--ropes", "3", "--attackers", "4",
    "--successes-per-round", "3,1", "--seed", "1", "--json")
run("escalade/referee-short", "escalade", "-m", "ladder", "--attackers", "5", "--successes-per-round", "1,1")
run("escalade/referee-too-many", "escalade", "-m", "ladder", "--attackers", "2", "--successes-per-round", "3")
for spr in ["", "1,,2", "a", "-1", "1,", "0,0,0"]:
    run(f"escalade/successes-per-round-{spr or 'empty'}", "escalade", "-m", "ladder", "--attackers", "3",
        "--successes-per-round", spr)
run("escalade/referee-with-pool", "escalade", "-m", "ladder", "--attackers", "3", "--successes-per-round", "1",
    "--pool", "2")
run("escalade/ropes-with-ladder", "escalade", "-m", "ladder", "--attackers", "3", "--ropes", "2", "--seed", "1")
run("escalade/ladders-with-grapnel", "escalade", "-m", "grapnel", "--attackers", "3", "--ladders", "2", "--seed", "1")
run("escalade/ladders-with-tower", "escalade", "-m", "tower", "--attackers", "3", "--ladders", "2")
run("escalade/pool-with-tower", "escalade", "-m", "tower", "--attackers", "3", "--pool", "2")
run("escalade/missing-method", "escalade", "--attackers", "3", "--seed", "1")
run("escalade/missing-attackers", "escalade", "-m", "ladder", "--seed", "1")
run("escalade/section-without-state", "escalade", "--section", "north-wall", "-m", "tower", "--attackers", "3")
for seed in range(1, 7):
    run(f"escalade/ladder-seed-{seed}-json", "escalade", "-m", "ladder", "--attackers", "8", "--ladders", "2",
        "--seed", str(seed), "--json")

# ------------------------------------------------------------------ homebrew tables (--data)

HOMEBREW = {
    "homebrew/weapons.json": json.dumps([
        {"id": "hand-cannon", "name": "Hand cannon", "hull_damage": 3, "pierce": 1, "crit": 2, "mount": "light",
         "qualities": ["gunpowder"], "notes": "A homebrew gun."},
        {"id": "cannon", "name": "Great cannon", "hull_damage": 7, "pierce": 2, "crit": 3, "mount": "heavy",
         "qualities": ["gunpowder"]},
    ], indent=1) + "\n",
    "homebrew/structures.json": json.dumps([
        {"id": "motte", "name": "Motte and bailey", "armor": 2, "hull": 14, "tags": ["burns"],
         "aliases": ["bailey"], "notes": "Timber on earth."},
    ], indent=1) + "\n",
    "homebrew/dice.json": read("data/dice.json").replace('"2d10"', '"3d6"'),
    "homebrew/troops.json": read("data/troops.json").replace('"abatis_turns": 3', '"abatis_turns": 2'),
}
H = ["--data", "homebrew"]
run("data/list-weapons", *H, "list", "weapons", files=HOMEBREW)
run("data/list-structures-csv", *H, "--format", "csv", "list", "structures", files=HOMEBREW)
run("data/show-hand-cannon", *H, "show", "hand-cannon", files=HOMEBREW)
run("data/show-bailey-json", *H, "show", "bailey", "--json", files=HOMEBREW)
run("data/attack-motte", *H, "attack", "-s", "motte", "-w", "hand-cannon", "--seed", "3", files=HOMEBREW)
run("data/attack-replaced-cannon-json", *H, "attack", "-s", "curtain-wall", "-w", "cannon", "--successes", "2",
    "--seed", "1", "--json", files=HOMEBREW)
run("data/hold-3d6", *H, "hold", "--needed", "10", "--order", "good", "--seed", "5", "--json", files=HOMEBREW)
run("data/abatis-2-turns", *H, "abatis", "build", "--progress", "1", files=HOMEBREW)
run("data/odds-attack-motte", *H, "odds", "attack", "-s", "motte", "-w", "cannon", "--attacks", "2", files=HOMEBREW)
run("data/odds-compare", *H, "odds", "--compare", "--weapons", "hand-cannon,cannon", "--structures", "motte,tower",
    files=HOMEBREW)
run("data/without-data-unknown", "show", "hand-cannon", files=HOMEBREW)
run("data/after-command", "list", "weapons", "--data", "homebrew", files=HOMEBREW)
run("data/not-there", "--data", "nosuch", "list", "structures")
run("data/not-there-json", "--data", "nosuch", "--json", "list", "structures")
run("data/absolute-not-there", "--data", "/nonexistent-siege-data", "list", "structures")
run("data/a-file", "--data", "plain.txt", "list", "structures", files={"plain.txt": "hello\n"})
run("data/empty-dir", "--data", "empty", "list", "charges", files={"empty/README": "no tables here\n"})
run("data/table-is-dir", "--data", "d", "list", "charges", files={"d/weapons.json/x": "1\n"})
run("data/empty-string", "--data", "", "list", "charges")
BAD_TABLES = os.path.join(ROOT, "tests/bad-inputs/tables")
for fn in sorted(os.listdir(BAD_TABLES)):
    table, why = fn[:-len(".json")].split("--")
    files = {f"bad/{table}.json": read(f"tests/bad-inputs/tables/{fn}")}
    run(f"data/bad-{table}-{why}", "--data", "bad", "list", table if table in TABLES else "weapons", files=files)
    run(f"data/bad-{table}-{why}-json", "--data", "bad", "--json", "check", "-d", "easy", "--seed", "1", files=files)
run("data/bad-alias-keep", "--data", "b", "list", "structures",
    files={"b/structures.json": json.dumps([{"id": "fort", "name": "Fort", "armor": 3, "hull": 12,
                                              "aliases": ["keep"]}]) + "\n"})
run("data/bad-unknown-key", "--data", "b", "list", "weapons",
    files={"b/weapons.json": json.dumps([{"id": "sling", "name": "Sling", "hull_damage": 1, "pierce": 0,
                                           "mount": "light", "colour": "red"}]) + "\n"})
run("data/bad-charge-rating", "--data", "b", "list", "charges",
    files={"b/charges.json": json.dumps([{"id": "bomb", "name": "Bomb", "siege": 99, "prepare": 1}]) + "\n"})

# ------------------------------------------------------------------ batch without a state

BATCH_ALL = [
    {"action": "attack", "structure": "curtain-wall", "weapon": "cannon", "seed": 42},
    {"action": "attack", "structure": "curtain-wall", "weapon": "cannon", "successes": 2, "boons": 3},
    {"action": "check", "difficulty": "hard", "pool": 4},
    {"action": "demolish", "structure": "stone-bridge", "on-pier": True, "charge": ["powder-keg:2"], "seed": 1},
    {"action": "mine", "structure": "curtain-wall", "seed": 7},
    {"action": "mine", "structure": "rampart", "day-results": "1:0,2:2,0:1", "countermine": True},
    {"action": "escalade", "method": "ladder", "ladders": 2, "attackers": 3, "defended": True},
    {"action": "escalade", "method": "tower", "attackers": 9},
    {"action": "hold", "needed": 12, "rolled": 15, "order": "good", "site": "breach"},
    {"action": "hold", "needed": 12, "order": "shaken"},
    {"action": "rout", "figures": 8, "order": "good", "blocked": 1},
    {"action": "rout", "figures": 8, "side": "attacker", "all-within-walls": True},
    {"action": "army-morale", "strength": 30, "killed": 10},
    {"action": "abatis", "work": "build", "progress": 2},
    {"action": "abatis", "work": "tear", "interrupted": True},
    {"action": "casualties", "through": 3, "behind": 7, "killed": 4},
    {"action": "move", "speed": 9, "through-breach": True},
]
BATCH_BAD = [
    {"action": "attack", "structure": "curtian-wall", "weapon": "cannon"},
    {"action": "no-such-action"},
    {"action": "atack", "structure": "tower"},
    "not an object",
    "[1, 2, 3]",
    "{\"action\": \"check\", \"difficulty\": \"easy\"",
    "{}",
    {"action": 7},
    {"action": "check", "difficulty": "easy", "poool": 3},
    {"action": "rout", "figures": 8, "side": "attacker", "within-walls": True},
    {"action": "check", "difficulty": "easy", "pool": "3"},
    {"action": "check", "difficulty": "easy", "pool": 51},
    {"action": "check", "difficulty": "easy", "pool": 2.5},
    {"action": "check", "difficulty": "easy", "seed": -1},
    {"action": "check", "difficulty": "easy", "seed": "7"},
    {"action": "attack", "section": "north-wall", "weapon": "cannon"},
    {"action": "scene"},
    {"action": "demolish", "structure": "tower", "charge": "petard"},
    {"action": "hold", "needed": 5, "rolled": 3, "order": "good", "hero": "yes"},
    {"action": "check", "difficulty": "easy", "difficulty ": "hard"},
    "{\"action\": \"check\", \"difficulty\": \"easy\", \"difficulty\": \"hard\"}",
    {"action": "check", "difficulty": "easy", "nested": {"a": [1, {"b": None}]}},
    {"action": "escalade", "method": "ladder", "attackers": 3, "successes-per-round": ""},
    {"action": "mine", "structure": "rampart", "day-results": ""},
    "null",
    "\"just a string\"",
    "\t  ",
]
B = jl(*BATCH_ALL)
run("batch/every-action", "batch", "--seed", "7", stdin=B)
run("batch/every-action-seed-8", "batch", "--seed", "8", stdin=B)
run("batch/every-action-json-flag", "--json", "batch", "--seed", "7", stdin=B)
run("batch/every-action-line-buffered", "batch", "--line-buffered", "--seed", "7", stdin=B)
run("batch/every-action-file", "batch", "actions.jsonl", "--seed", "7", files={"actions.jsonl": B})
run("batch/every-action-file-line-buffered", "batch", "actions.jsonl", "--line-buffered", "--seed", "7",
    files={"actions.jsonl": B})
run("batch/every-action-dash", "batch", "-", "--seed", "7", stdin=B)
run("batch/text-format-ignored", "--format", "markdown", "batch", "--seed", "7", stdin=B)
run("batch/bad-lines", "batch", "--seed", "3", stdin=jl(*BATCH_BAD))
for i, bad in enumerate(BATCH_BAD):
    run(f"batch/bad-line-{i:02d}", "batch", "--seed", "3", stdin=jl(bad))
MIXED = [BATCH_ALL[0], "", BATCH_BAD[0], BATCH_ALL[2], "   ", BATCH_BAD[3], BATCH_ALL[8], BATCH_BAD[8],
         BATCH_ALL[13], "", BATCH_BAD[1], BATCH_ALL[16]]
run("batch/mixed", "batch", "--seed", "11", stdin=jl(*MIXED))
run("batch/mixed-fail-fast", "batch", "--fail-fast", "--seed", "11", stdin=jl(*MIXED))
run("batch/mixed-fail-fast-file", "batch", "--fail-fast", "in.jsonl", "--seed", "11", files={"in.jsonl": jl(*MIXED)})
run("batch/crlf", "batch", "--seed", "2", stdin=jl(*BATCH_ALL[:3]).replace("\n", "\r\n"))
run("batch/no-final-newline", "batch", "--seed", "2", stdin=jl(*BATCH_ALL[:3]).rstrip("\n"))
run("batch/empty-input", "batch", "--seed", "2", stdin="")
run("batch/only-blank-lines", "batch", "--seed", "2", stdin="\n\n  \n")
run("batch/devnull-stdin", "batch", "--seed", "2")
run("batch/not-utf8", "batch", "--seed", "2", stdin='{"action": "check", "difficulty": "\udcff"}\n')
run("batch/control-chars", "batch", "--seed", "2", stdin='{"action": "check", "difficulty": "ea\\u0001sy"}\n')
run("batch/unicode-id", "batch", "--seed", "2", stdin='{"action": "show", "id": "tówer"}\n'
    '{"action": "attack", "structure": "tówer", "weapon": "cannon", "successes": 1}\n')
run("batch/missing-file", "batch", "nosuch.jsonl", "--seed", "2")
run("batch/missing-file-json", "batch", "nosuch.jsonl", "--seed", "2", "--json")
run("batch/dir-as-file", "batch", "d", "--seed", "2", files={"d/x": ""})
run("batch/commit-each-without-state", "batch", "--commit-each", "--seed", "2", stdin=B)
run("batch/two-files", "batch", "a.jsonl", "b.jsonl", files={"a.jsonl": B, "b.jsonl": B})
run("batch/per-line-seeds", "batch", stdin=jl(*[{"action": "check", "difficulty": "average", "seed": s}
                                                  for s in range(10)]))
run("batch/seed-max", "batch", stdin=jl({"action": "check", "difficulty": "easy", "seed": 9223372036854775807},
                                        {"action": "check", "difficulty": "easy", "seed": 18446744073709551615},
                                        {"action": "check", "difficulty": "easy", "seed": 18446744073709551616}))
run("batch/many-lines", "batch", "--seed", "5", stdin=jl(*[
    {"action": "attack", "structure": STRUCTURES[i % 15], "weapon": WEAPONS[1 + i % 11], "pool": i % 6}
    for i in range(60)]))
run("batch/nonflat-charges", "batch", "--seed", "5", stdin=jl(
    {"action": "demolish", "structure": "tower", "charge": ["powder-keg", "petard:2"], "craft-successes": 1},
    {"action": "demolish", "structure": "tower", "charge": [], "craft-successes": 1},
    {"action": "demolish", "structure": "tower", "charge": ["powder-keg", 3]},
    {"action": "attack", "structure": "tower", "weapon": "cannon", "successes": 1, "gunpowder": False},
    {"action": "attack", "structure": "tower", "weapon": "cannon", "successes": 1, "gunpowder": 1},
    {"action": "attack", "structure": "tower", "weapon": "cannon", "successes": 1, "extra": None},
    {"action": "hold", "needed": 5, "rolled": 3, "order": "good", "figures": 1e2}))
run("batch/long-string", "batch", "--seed", "5", stdin=jl({"action": "show", "id": "x" * 300},
                                                          {"action": "attack", "structure": "a" * 201,
                                                           "weapon": "cannon", "successes": 1}))
run("batch/show-list-not-actions", "batch", "--seed", "5", stdin=jl({"action": "show", "id": "tower"},
                                                                    {"action": "list", "table": "weapons"},
                                                                    {"action": "odds"}, {"action": "init"},
                                                                    {"action": "status"}, {"action": "undo"}))
run("batch/help", "batch", "--help", stdin=B)
run("batch/stdout-full", "batch", "--seed", "7", stdin=B, stdout="full")

# output that cannot be written
run("output/list-full", "list", "weapons", stdout="full")
run("output/check-full-json", "--json", "check", "-d", "easy", "--seed", "1", stdout="full")
run("output/help-full", "--help", stdout="full")
run("output/error-full", "attack", "-s", "curtian-wall", "-w", "cannon", stdout="full")

# ------------------------------------------------------------------ init

DESC_SMALL = json.dumps({
    "name": "Schema check",
    "sections": [{"id": "north-wall", "structure": "curtain-wall"},
                 {"id": "gatehouse", "structure": "castle-gate", "variant": "portcullis"}],
    "besiegers": [{"id": "great-bombard", "engine": "bombard", "pool": 4, "target": "north-wall"},
                  {"id": "ram", "engine": "ram-shed", "target": "gatehouse"}],
    "defenders": [{"id": "wall-mangonel", "weapon": "mangonel", "target": "great-bombard"},
                  {"id": "tower-ballista", "weapon": "ballista", "target": "camp"}],
}, indent=2) + "\n"
siege("init/castle", [])
case("init/castle-json", [st("--json", "init", "siege.json", "--from", "castle-siege.json")],
     files={"castle-siege.json": CASTLE}, watch=["siege.json"])
case("init/state-option", [st("--state", "siege.json", "init", "--from", "castle-siege.json")],
     files={"castle-siege.json": CASTLE}, watch=["siege.json"])
case("init/state-and-file-same", [st("--state", "siege.json", "init", "siege.json", "--from", "castle-siege.json")],
     files={"castle-siege.json": CASTLE}, watch=["siege.json"])
case("init/state-and-file-differ", [st("--state", "a.json", "init", "b.json", "--from", "castle-siege.json")],
     files={"castle-siege.json": CASTLE}, watch=["a.json", "b.json"])
case("init/file-dash", [st("init", "-", "--from", "castle-siege.json")], files={"castle-siege.json": CASTLE})
case("init/no-file", [st("init", "--from", "castle-siege.json")], files={"castle-siege.json": CASTLE})
case("init/no-from", [st("init", "siege.json")], watch=["siege.json"])
case("init/from-stdin", [st("init", "siege.json", "--from", "-", stdin=CASTLE)], watch=["siege.json"])
case("init/from-stdin-empty", [st("init", "siege.json", "--from", "-", stdin="")], watch=["siege.json"])
case("init/from-missing", [st("init", "siege.json", "--from", "nosuch.json")], watch=["siege.json"])
case("init/from-dir", [st("init", "siege.json", "--from", "d")], files={"d/x": ""}, watch=["siege.json"])
case("init/small", [st("init", "s.json", "--from", "small.json"), st("--state", "s.json", "status")],
     files={"small.json": DESC_SMALL}, watch=["s.json"])
case("init/small-json", [st("--json", "init", "s.json", "--from", "small.json")], files={"small.json": DESC_SMALL},
     watch=["s.json"])
case("init/dry-run", [st("--dry-run", "init", "siege.json", "--from", "castle-siege.json")],
     files={"castle-siege.json": CASTLE}, watch=["siege.json"])
case("init/dry-run-json", [st("--dry-run", "--json", "init", "siege.json", "--from", "castle-siege.json")],
     files={"castle-siege.json": CASTLE}, watch=["siege.json"])
siege("init/exists", [st("init", "siege.json", "--from", "castle-siege.json")])
siege("init/exists-force", [st(*S, "--seed", "3", "scene"), st("init", "siege.json", "--from", "castle-siege.json",
                                                           "--force")])
siege("init/exists-force-dry-run", [st("--dry-run", "init", "siege.json", "--from", "castle-siege.json", "--force")])
case("init/force-new", [st("init", "siege.json", "--from", "castle-siege.json", "--force")],
     files={"castle-siege.json": CASTLE}, watch=["siege.json"])
case("init/subdir-missing", [st("init", "no/such/dir/siege.json", "--from", "castle-siege.json")],
     files={"castle-siege.json": CASTLE})
case("init/in-subdir", [st("init", "sub/siege.json", "--from", "castle-siege.json"),
                        st("--state", "sub/siege.json", "status")],
     files={"castle-siege.json": CASTLE, "sub/.keep": ""}, watch=["sub/siege.json"])
case("init/with-data", [st("--data", "homebrew", "init", "s.json", "--from", "d.json"),
                        st("--data", "homebrew", "--state", "s.json", "--seed", "4", "scene"),
                        st("--data", "homebrew", "--state", "s.json", "replay"),
                        st("--state", "s.json", "status")],
     files=dict(HOMEBREW, **{"d.json": json.dumps({"name": "Motte", "scene_length": "day",
                                                   "sections": [{"id": "mound", "structure": "bailey"}],
                                                   "besiegers": [{"id": "hc", "weapon": "hand-cannon",
                                                                  "target": "mound"}]}) + "\n"}),
     watch=["s.json"])
# R43: a castle from nothing; the template, the schema, every error at once.
case("init/name-empty", [st("init", "s.json", "--name", "Newtown", "--scene-length", "week"),
                         st("--state", "s.json", "--seed", "1", "scene"),
                         st("--state", "s.json", "--seed", "3", "add", "--section", "gate", "--structure", "castle-gate",
                            "--variant", "portcullis"),
                         st("--json", "--state", "s.json", "--seed", "3", "add", "--section", "west", "--structure",
                            "curtain-wall", "--hull-suffered", "10"),
                         st("--state", "s.json", "--seed", "3", "add", "--section", "keep", "--structure", "tower",
                            "--hull-suffered", "20"),
                         st("--state", "s.json", "--seed", "3", "add", "--section", "x", "--structure", "curtain-wall",
                            "--hull-suffered", "21"),
                         st("--state", "s.json", "--seed", "3", "add", "--section", "west", "--structure", "tower"),
                         st("--state", "s.json", "--seed", "3", "add", "--section", "y", "--structure", "tower", "--side",
                            "defender"),
                         st("--state", "s.json", "--seed", "3", "add", "--engine", "treb", "--side", "besieger", "--row",
                            "trebuchet", "--target", "west"),
                         st("--state", "s.json", "log"), st("--state", "s.json", "undo"),
                         st("--state", "s.json", "redo"), st("--state", "s.json", "replay"),
                         st("--state", "s.json", "--seed", "2", "scene"), st("--state", "s.json", "status")],
     watch=["s.json"])
case("init/name-with-from", [st("init", "s.json", "--from", "castle-siege.json", "--name", "X")],
     files={"castle-siege.json": CASTLE}, watch=["s.json"])
case("init/play-empty", [st("init", "s.json", "--name", "Newtown"),
                         st("play", "s.json", stdin="add --seed 5 --section gate --structure castle-gate\nstatus\n")],
     watch=["s.json"])
run("init/template", "init", "--template")
run("init/schema", "init", "--schema")
case("init/schema-with-data", [st("--data", "homebrew", "init", "--schema")], files=HOMEBREW)
case("init/template-with-file", [st("init", "s.json", "--template")], watch=["s.json"])
case("init/template-and-schema", [st("init", "--template", "--schema")])
FIVE_ERRORS = json.dumps({
    "sections": [{"id": "gatehouse", "structure": "castle-gate", "portcullis": True},
                 {"id": "north-wall", "structure": "curtian-wall"}],
    "besiegers": [{"id": "gun", "engine": "Big Bertha", "weapon": "bombard", "target": "gatehouse"}],
    "defenders": [{"id": "ballista", "weapon": "ballista", "target": "gatehouse"}],
    "units": [{"id": "garrison", "side": "defender", "figures": 30, "oder": "good"}]}, indent=2) + "\n"
case("init/five-errors", [st("init", "s.json", "--from", "d.json")], files={"d.json": FIVE_ERRORS}, watch=["s.json"])
case("init/five-errors-json", [st("--json", "init", "s.json", "--from", "d.json")], files={"d.json": FIVE_ERRORS},
     watch=["s.json"])
case("init/many-errors", [st("--json", "init", "s.json", "--from", "d.json")],
     files={"d.json": json.dumps({"sections": [{"id": f"s{i}", "structure": "nope"} for i in range(25)]}) + "\n"},
     watch=["s.json"])
case("init/engine-named-weapon", [st("init", "s.json", "--from", "d.json")],
     files={"d.json": json.dumps({"sections": [{"id": "w", "structure": "tower"}],
                                  "besiegers": [{"id": "g", "engine": "musket", "target": "w"}]}) + "\n"},
     watch=["s.json"])
BAD_DESC = os.path.join(ROOT, "tests/bad-inputs/descriptions")
for fn in sorted(os.listdir(BAD_DESC)):
    case(f"init/bad-{fn[:-5]}", [st("init", "siege.json", "--from", "d.json")],
         files={"d.json": read(f"tests/bad-inputs/descriptions/{fn}")}, watch=["siege.json"])
    case(f"init/bad-{fn[:-5]}-json", [st("--json", "init", "siege.json", "--from", "d.json")],
         files={"d.json": read(f"tests/bad-inputs/descriptions/{fn}")})


def desc(**kw):
    d = {"sections": [{"id": "wall", "structure": "curtain-wall"}],
         "besiegers": [{"id": "gun", "weapon": "cannon", "target": "wall"}]}
    d.update(kw)
    return json.dumps(d) + "\n"


for tag, text in [
    ("unknown-key", desc(colour="red")),
    ("unknown-weapon", desc(besiegers=[{"id": "gun", "weapon": "canon", "target": "wall"}])),
    ("personal-weapon", desc(besiegers=[{"id": "gun", "weapon": "musket", "target": "wall"}])),
    ("no-target", desc(besiegers=[{"id": "gun", "weapon": "cannon"}])),
    ("target-without-weapon", desc(besiegers=[{"id": "tw", "engine": "siege-tower", "target": "wall"}])),
    ("besieger-target-camp", desc(besiegers=[{"id": "gun", "weapon": "cannon", "target": "camp"}])),
    ("defender-target-camp", desc(defenders=[{"id": "bal", "weapon": "ballista", "target": "camp"}])),
    ("defender-target-engine", desc(defenders=[{"id": "bal", "weapon": "ballista", "target": "gun"}])),
    ("id-camp", desc(sections=[{"id": "camp", "structure": "tower"}])),
    ("id-not-kebab", desc(sections=[{"id": "North Wall", "structure": "tower"}])),
    ("duplicate-engine-id", desc(besiegers=[{"id": "wall", "weapon": "cannon", "target": "wall"}])),
    ("variant-wrong", desc(sections=[{"id": "wall", "structure": "tower", "variant": "portcullis"}])),
    ("hull-suffered", desc(sections=[{"id": "wall", "structure": "curtain-wall", "hull_suffered": 12}])),
    ("hull-suffered-too-much", desc(sections=[{"id": "wall", "structure": "curtain-wall", "hull_suffered": 21}])),
    ("pool-51", desc(besiegers=[{"id": "gun", "weapon": "cannon", "target": "wall", "pool": 51}])),
    ("pool-50", desc(besiegers=[{"id": "gun", "weapon": "cannon", "target": "wall", "pool": 50}])),
    ("knocked-out", desc(besiegers=[{"id": "gun", "engine": "cannon", "target": "wall", "knocked_out": True}])),
    ("camp", desc(camp={"hull_suffered": 5})),
    ("schema-2", desc(schema=2)),
    ("no-sections", json.dumps({"besiegers": []}) + "\n"),
    ("empty-object", "{}\n"),
    ("name-long", desc(name="n" * 201)),
    ("scene-length-week", desc(scene_length="week")),
    ("abatis-mine", desc(sections=[{"id": "wall", "structure": "curtain-wall", "abatis": {"standing": True,
                                                                                        "progress": 0},
                                    "mine": {"days_dug": 2, "detected": False}}])),
    ("alias-keep", desc(sections=[{"id": "wall", "structure": "keep"}])),
]:
    case(f"init/desc-{tag}", [st("init", "siege.json", "--from", "d.json"), st("--state", "siege.json", "status")],
         files={"d.json": text}, watch=["siege.json"])

# ------------------------------------------------------------------ state sequences

siege("state/status-formats", [st(*S, "status"), st(*S, "status", "--json"), st(*S, "--format", "markdown", "status"),
                               st(*S, "--format", "csv", "status"), st(*S, "--format", "json", "status"),
                               st(*S, "--format", "text", "status"), st(*S, "log"), st(*S, "log", "--json"),
                               st(*S, "replay"), st(*S, "replay", "--json"), st(*S, "odds", "scene")])
siege("state/evening", [
    st(*S, "--seed", "11", "scene"),
    st(*S, "attack", "--section", "gatehouse", "--weapon", "ram", "--successes", "2", "--seed", "5"),
    st(*S, "attack", "--engine", "great-bombard", "--seed", "9"),
    st(*S, "status"), st(*S, "log"),
    st(*S, "--seed", "12", "scene"),
    st(*S, "--seed", "13", "scene"),
    st(*S, "status"), st(*S, "--format", "markdown", "status"), st(*S, "--format", "csv", "status"),
    st(*S, "status", "--json"),
    st(*S, "log"), st(*S, "log", "--json"), st(*S, "replay"),
    st(*S, "undo"), st(*S, "log"), st(*S, "replay"), st(*S, "odds", "scene", "--scenes", "3"),
])
for seed in range(1, 16):
    siege(f"state/scenes-seed-{seed}", [st(*S, "--seed", str(seed), "scene"),
                                        st(*S, "--seed", str(seed + 100), "scene", "--json"),
                                        st(*S, "--seed", str(seed + 200), "scene"),
                                        st(*S, "status"), st(*S, "replay")])
siege("state/five-scenes", [st(*S, "--seed", str(40 + i), "scene") for i in range(6)] +
      [st(*S, "status"), st(*S, "status", "--json"), st(*S, "log"), st(*S, "replay"), st(*S, "undo"),
       st(*S, "undo", "--json"), st(*S, "replay"), st(*S, "odds", "scene", "--json")])
siege("state/breach-and-assault", [st(*S, "attack", "--section", "north-wall", "-w", "bombard", "--successes", "5",
                                      "--boons", "8", "--seed", "1") for _ in range(3)] +
      [st(*S, "status"), st(*S, "--seed", "2", "scene"), st(*S, "abatis", "build", "--section", "north-wall", "--seed", "1"),
       st(*S, "abatis", "build", "--section", "north-wall", "--attackers-in-breach", "--seed", "2"),
       st(*S, "abatis", "build", "--section", "north-wall", "--seed", "3"), st(*S, "abatis", "build", "--section", "north-wall", "--seed", "4"),
       st(*S, "abatis", "build", "--section", "north-wall", "--json", "--seed", "5"),
       st(*S, "abatis", "build", "--section", "north-wall", "--seed", "6"),
       st(*S, "status"),
       # R46: tearing it down needs a besieger unit at the section.
       st(*S, "add", "--unit", "sappers", "--side", "besieger", "--figures", "8", "--section", "north-wall",
          "--seed", "13"),
       st(*S, "abatis", "tear", "--section", "north-wall", "--seed", "7"),
       st(*S, "abatis", "tear", "--section", "north-wall", "--interrupted", "--seed", "8"),
       st(*S, "abatis", "tear", "--section", "north-wall", "--seed", "9"), st(*S, "abatis", "tear", "--section", "north-wall", "--seed", "10"),
       st(*S, "abatis", "tear", "--section", "north-wall", "--seed", "11"), st(*S, "abatis", "tear", "--section", "north-wall", "--seed", "12"),
       st(*S, "--format", "csv", "status"), st(*S, "log"), st(*S, "replay"),
       st(*S, "escalade", "--section", "north-wall", "-m", "ladder", "--unit", "sappers", "--seed", "3"),
       st(*S, "odds", "scene")])
siege("state/abatis-errors", [st(*S, "abatis", "tear", "--section", "north-wall", "--seed", "13"),
                              st(*S, "abatis", "build", "--section", "north-wall", "--progress", "1", "--seed", "14"),
                              st(*S, "abatis", "build"), st(*S, "abatis", "--section", "north-wall"),
                              st(*S, "abatis", "build", "--section", "nort-wall"),
                              st(*S, "abatis", "build", "--section", "north-wall", "--dry-run", "--seed", "15"),
                              st(*S, "abatis", "build", "--section", "north-wall", "--json", "--seed", "16"),
                              st(*S, "log")])
siege("state/attack-options", [
    st(*S, "attack", "--section", "north-wall", "-w", "cannon", "--seed", "3"),
    st(*S, "attack", "--section", "north-wall", "-w", "cannon", "--seed", "3", "--json"),
    st(*S, "attack", "--section", "east-wall", "--hull-damage", "5", "--pierce", "2", "--successes", "1",
       "--seed", "4"),
    st(*S, "attack", "--section", "river-tower", "-w", "trebuchet", "--pool", "5", "--bane-dice", "1",
       "--boon-dice", "1", "--seed", "5"),
    st(*S, "attack", "--section", "gatehouse", "-w", "ram", "--successes", "3", "--boons", "4", "--spend-boons", "2",
       "--seed", "6", "--json"),
    st(*S, "attack", "--engine", "battery-cannon", "--seed", "7"),
    st(*S, "attack", "--engine", "trebuchet", "--successes", "2", "--seed", "8", "--json"),
    st(*S, "attack", "--engine", "ram", "--pool", "6", "--seed", "9"),
    st(*S, "attack", "--engine", "great-bombard", "--pierce", "2", "--seed", "10"),
    st(*S, "log"), st(*S, "log", "--json"), st(*S, "replay"), st(*S, "status")])
siege("state/attack-errors", [
    st(*S, "attack", "-s", "curtain-wall", "-w", "cannon", "--seed", "1"),
    st(*S, "attack", "--section", "north-wall", "-s", "curtain-wall", "-w", "cannon", "--seed", "1"),
    st(*S, "attack", "--section", "north-wall", "-w", "cannon", "--damage-taken", "3", "--seed", "1"),
    st(*S, "attack", "--section", "gatehouse", "-w", "ram", "--portcullis", "--seed", "1"),
    st(*S, "attack", "--section", "north-wall", "-w", "cannon", "--ladder", "steps", "--seed", "1"),
    st(*S, "attack", "--section", "north-wall", "-w", "cannon", "--from", "cracked", "--seed", "1"),
    st(*S, "attack", "--section", "nort-wall", "-w", "cannon", "--seed", "1"),
    st(*S, "attack", "--section", "north-wall", "--seed", "1"),
    st(*S, "attack", "--section", "north-wall", "-w", "musket", "--seed", "1"),
    st(*S, "attack", "--engine", "great-bombrd", "--seed", "1"),
    st(*S, "attack", "--engine", "wall-mangonel", "--seed", "1"),
    st(*S, "attack", "--engine", "belfry", "--seed", "1"),
    st(*S, "attack", "--engine", "ram", "--section", "north-wall", "--seed", "1"),
    st(*S, "attack", "--engine", "ram", "-w", "cannon", "--seed", "1"),
    st(*S, "attack", "--engine", "ram", "-w", "ram", "--seed", "1"),
    st(*S, "attack", "--seed", "1", "-w", "cannon"),
    st(*S, "attack", "--section", "north-wall", "-w", "cannon", "--seed", "1", "--json", "--portcullis"),
    st(*S, "log")])
siege("state/knock-out-engine", [st(*S, "--seed", str(s), "scene") for s in (5, 6, 7, 8, 9)] +
      [st(*S, "status"), st(*S, "attack", "--engine", "trebuchet", "--seed", "1"), st(*S, "odds", "scene")])
siege("state/dry-run", [
    st(*S, "--dry-run", "--seed", "1", "scene"),
    st(*S, "--dry-run", "--seed", "1", "scene", "--json"),
    st(*S, "--seed", "1", "scene"),
    st(*S, "--dry-run", "attack", "--section", "north-wall", "-w", "cannon", "--seed", "2"),
    st(*S, "--dry-run", "attack", "--engine", "ram", "--seed", "2", "--json"),
    st(*S, "--dry-run", "demolish", "--section", "gatehouse", "-c", "petard", "--seed", "2"),
    st(*S, "--dry-run", "mine", "--section", "east-wall", "--seed", "2"),
    st(*S, "--dry-run", "escalade", "--section", "east-wall", "-m", "tower", "--attackers", "4"),
    st(*S, "--dry-run", "abatis", "build", "--section", "east-wall"),
    st(*S, "--dry-run", "undo"),
    st(*S, "--dry-run", "undo", "--json"),
    st(*S, "--dry-run", "status"), st(*S, "--dry-run", "log"), st(*S, "--dry-run", "replay"),
    st(*S, "undo"), st(*S, "--dry-run", "undo")])
siege("state/works", [
    st(*S, "demolish", "--section", "gatehouse", "--charge", "powder-keg", "--seed", "3"),
    st(*S, "demolish", "--section", "gatehouse", "--charge", "petard", "--craft-successes", "2", "--seed", "3",
       "--json"),
    st(*S, "demolish", "--section", "river-tower", "-c", "demolition-charge:2", "--pool", "5", "--seed", "4"),
    st(*S, "mine", "--section", "north-wall", "--days", "1", "--seed", "4"),
    st(*S, "mine", "--section", "north-wall", "--days", "1", "--seed", "5", "--json"),
    st(*S, "status"),
    st(*S, "mine", "--section", "north-wall", "--day-results", "2:0", "--seed", "6"),
    st(*S, "mine", "--section", "north-wall", "--sapper-pool", "5", "--defender-pool", "1", "--countermine",
       "--seed", "7"),
    st(*S, "escalade", "--section", "east-wall", "--method", "ladder", "--attackers", "2", "--seed", "5"),
    st(*S, "escalade", "--section", "east-wall", "-m", "grapnel", "--attackers", "3", "--ropes", "2", "--rounds", "2",
       "--defended", "--seed", "5", "--json"),
    st(*S, "escalade", "--section", "gatehouse", "-m", "tower", "--attackers", "8", "--seed", "5"),
    st(*S, "escalade", "--section", "river-tower", "-m", "ladder", "--attackers", "3",
       "--successes-per-round", "1,1,1", "--seed", "5"),
    st(*S, "status"), st(*S, "status", "--json"), st(*S, "log"), st(*S, "replay"),
    st(*S, "undo"), st(*S, "undo"), st(*S, "replay"), st(*S, "log")])
siege("state/works-errors", [
    st(*S, "demolish", "-s", "tower", "-c", "petard", "--seed", "1"),
    st(*S, "demolish", "--section", "gatehouse", "-c", "petard", "--damage-taken", "2", "--seed", "1"),
    st(*S, "demolish", "--section", "gatehouse", "-c", "petard", "--portcullis", "--seed", "1"),
    st(*S, "demolish", "--section", "gatehous", "-c", "petard", "--seed", "1"),
    st(*S, "demolish", "-c", "petard", "--seed", "1"),
    st(*S, "demolish", "--section", "gatehouse", "--seed", "1"),
    st(*S, "mine", "-s", "tower", "--seed", "1"),
    st(*S, "mine", "--section", "north-wall", "--days-dug", "2", "--seed", "1"),
    st(*S, "mine", "--section", "north-wall", "--damage-taken", "2", "--seed", "1"),
    st(*S, "mine", "--seed", "1"),
    st(*S, "escalade", "-s", "tower", "-m", "ladder", "--attackers", "2", "--seed", "1"),
    st(*S, "escalade", "--section", "north-wall", "-m", "ladder", "--attackers", "2", "--damage-taken", "1",
       "--seed", "1"),
    st(*S, "escalade", "-m", "ladder", "--attackers", "2", "--seed", "1"),
    st(*S, "escalade", "--section", "north-wall", "--attackers", "2", "--seed", "1"),
    st(*S, "log")])
for seed in range(1, 13):
    siege(f"state/mine-found-{seed}", [st(*S, "mine", "--section", "east-wall", "--days", "2", "--seed", str(seed)),
                                       st(*S, "mine", "--section", "east-wall", "--seed", str(seed + 50)),
                                       st(*S, "mine", "--section", "east-wall", "--seed", str(seed + 90)),
                                       st(*S, "status")])
# With --state every resolving command is logged (issue 15; before, these
# ran unlogged): seeded, so the log entries are the same bytes every run.
siege("state/troops-ignore-state", [
    st(*S, "check", "-d", "easy", "--seed", "1"),
    st(*S, "--seed", "2", "hold", "--needed", "5", "--rolled", "3", "--order", "good"),
    st(*S, "--seed", "3", "rout", "--figures", "4"),
    st(*S, "--seed", "4", "army-morale", "--strength", "9", "--killed", "3"),
    st(*S, "--seed", "5", "casualties", "--through", "1", "--behind", "1", "--killed", "1"),
    st(*S, "--seed", "6", "move", "--speed", "4"),
    st(*S, "show", "tower"), st(*S, "list", "charges"),
    st(*S, "odds", "check", "-d", "easy"),
    st(*S, "log")])
siege("state/odds-scene", [st(*S, "odds", "scene"), st(*S, "odds", "scene", "--json"),
                           st(*S, "odds", "scene", "--scenes", "1"), st(*S, "odds", "scene", "--scenes", "20"),
                           st(*S, "odds", "scene", "--scenes", "0"), st(*S, "odds", "scene", "--scenes", "21"),
                           st(*S, "odds", "scene", "--scenes", "4"), st("odds", "scene", *S, "--scenes", "6"),
                           st(*S, "--seed", "3", "scene"), st(*S, "odds", "scene", "--scenes", "2"),
                           st(*S, "--format", "csv", "odds", "scene")])
# The best aims (issue 43, R45): both sides, each goal, held engines, after
# a scene, the re-aims it names run, and its refusals.
siege("state/advise", [st(*S, "advise"), st(*S, "advise", "--json"), st(*S, "advise", "--scenes", "1"),
                       st(*S, "advise", "--side", "defender"), st(*S, "--json", "advise", "--side", "defender"),
                       st(*S, "advise", "--goal", "breach:river-tower", "--scenes", "2"),
                       st(*S, "advise", "--side", "defender", "--goal", "breach:north-wall", "--scenes", "3"),
                       st(*S, "advise", "--keep", "great-bombard", "--keep", "ram", "--scenes", "2"),
                       st(*S, "--seed", "3", "scene"), st(*S, "advise", "--scenes", "1", "--json"),
                       st(*S, "--seed", "1", "target", "--engine", "great-bombard", "--at", "gatehouse"),
                       st(*S, "--seed", "1", "target", "--engine", "battery-cannon", "--at", "gatehouse"),
                       st(*S, "--seed", "1", "target", "--engine", "trebuchet", "--at", "gatehouse"),
                       st(*S, "advise", "--scenes", "1"),
                       st(*S, "advise", "--goal", "breach:gatehose"), st(*S, "advise", "--goal", "all"),
                       st(*S, "advise", "--keep", "wall-mangonel"), st(*S, "advise", "--keep", "belfry"),
                       st(*S, "advise", "--keep", "trebuchett", "--json"), st(*S, "advise", "--side", "attacker"),
                       st(*S, "advise", "--scenes", "0"), st(*S, "--format", "csv", "advise")])
siege("state/advise-breached", [st(*S, "attack", "--section", "gatehouse", "-w", "bombard", "--successes", "5",
                                   "--boons", "4", "--seed", "1"),
                                st(*S, "advise", "--goal", "breach:gatehouse"), st(*S, "advise", "--json"),
                                st(*S, "advise", "--side", "defender", "--scenes", "2")])
# What-if (issue 43): the outlook after lines played on a copy, beside today's,
# in text and JSON; a scene played on the copy; the refusals, named by --if.
siege("state/odds-scene-if", [st(*S, "odds", "scene", "--scenes", "2", "--if",
                                 "target --engine trebuchet --at gatehouse"),
                              st(*S, "--json", "odds", "scene", "--scenes", "1", "--if",
                                 "target --engine trebuchet --at gatehouse", "--if", "remove --engine wall-mangonel"),
                              st(*S, "odds", "scene", "--scenes", "2", "--if", "--seed 3 scene", "--if",
                                 "damage --at trebuchet --hull 30"),
                              st(*S, "odds", "scene", "--if", "scene"),
                              st(*S, "--json", "odds", "scene", "--if", "target --engine trebuchett --at gatehouse"),
                              st(*S, "odds", "scene", "--if", "status"),
                              st(*S, "odds", "scene", "--if", "--state x.json note hi"),
                              st("odds", "scene", "--if", "note hi")])
run("advise/without-state", "advise")
run("advise/without-state-json", "advise", "--json")
# The chronicle (issue 18): Markdown (the HTML page is held by tests/chronicle/
# and examples/evening.html), the empty log as HTML, and its refusals.
siege("state/chronicle", [st(*S, "--format", "markdown", "chronicle"), st(*S, "chronicle"),
                          st(*S, "--seed", "3", "scene"),
                          st(*S, "attack", "--section", "gatehouse", "-w", "ram", "--successes", "9", "--seed", "1"),
                          st(*S, "--format", "markdown", "chronicle", "--scenes", "2"),
                          st(*S, "--format", "markdown", "chronicle", "-o", "page.md"),
                          st(*S, "--json", "--format", "markdown", "chronicle", "--output", "page.md"),
                          st(*S, "chronicle", "--json"), st(*S, "--format", "csv", "chronicle"),
                          st(*S, "--format", "text", "chronicle"), st(*S, "--format", "html", "status"),
                          st(*S, "chronicle", "--scenes", "0"), st(*S, "chronicle", "-o", "siege.json"),
                          st(*S, "chronicle", "-o", "no/such/page.html"),
                          {"argv": [*S, "--format", "markdown", "chronicle"], "stdout": "full"}])
run("state/chronicle-without-state", "chronicle")
run("state/chronicle-without-state-json", "chronicle", "--json")

# The siege as it changes (R35-R38): arrivals, departures, split, merge, a sally.
siege("state/roster", [
    st(*S, "--seed", "101", "add", "--unit", "relief", "--side", "besieger", "--figures", "20"),
    st(*S, "--seed", "102", "--json", "add", "--engine", "new-treb", "--side", "besieger", "--row", "trebuchet",
       "--target", "east-wall"),
    st(*S, "--seed", "103", "split", "--unit", "garrison", "--into", "gate-guard", "--figures", "10"),
    st(*S, "--seed", "104", "move", "--unit", "gate-guard", "--to", "outside"),
    st(*S, "--seed", "105", "--json", "casualties", "--unit", "gate-guard", "--killed", "4"),
    st(*S, "--seed", "106", "move", "--unit", "gate-guard", "--to", "within-walls"),
    st(*S, "--seed", "107", "--json", "merge", "--unit", "gate-guard", "--into", "garrison"),
    st(*S, "--seed", "108", "remove", "--engine", "trebuchet", "--cause", "burned"),
    st(*S, "--seed", "109", "--json", "remove", "--unit", "reserve"),
    st(*S, "--seed", "5", "scene"),
    st(*S, "status"), st(*S, "--json", "status"), st(*S, "log"), st(*S, "replay"), st(*S, "odds", "scene"),
    st(*S, "--format", "markdown", "chronicle"),
], files={"castle-siege.json": CASTLE_UNITS})
siege("state/roster-errors", [
    st(*S, "--seed", "117", "remove", "--unit", "reserve"),
    st(*S, "--seed", "118", "add", "--unit", "reserve", "--side", "besieger", "--figures", "3"),
    st(*S, "--seed", "119", "add", "--engine", "x", "--side", "defender", "--weapon", "mangonel", "--target",
       "east-wall"),
    st(*S, "--seed", "120", "add", "--engine", "x", "--side", "besieger", "--weapon", "musket", "--target",
       "east-wall"),
    st(*S, "--seed", "121", "add", "--engine", "x", "--side", "besieger", "--weapon", "cannon"),
    st(*S, "--seed", "122", "add", "--unit", "x", "--side", "besieger"),
    st(*S, "--seed", "123", "--json", "move", "--unit", "reserve", "--to", "outside"),
    st(*S, "--seed", "124", "split", "--unit", "sir-aldric", "--into", "squire", "--figures", "1"),
    st(*S, "--seed", "125", "split", "--unit", "garrison", "--into", "g2", "--figures", "30"),
    st(*S, "--seed", "126", "merge", "--unit", "garrison", "--into", "storming-party"),
    st(*S, "--seed", "127", "merge", "--unit", "sir-aldric", "--into", "garrison"),
    st("add", "--unit", "x", "--side", "besieger", "--figures", "3"),
    st(*S, "--seed", "128", "--dry-run", "add", "--unit", "x", "--side", "besieger", "--figures", "3"),
    st(*S, "--seed", "129", "batch", stdin=jl({"action": "split", "unit": "storming-party", "into": "wing",
                                               "figures": 5},
                                              {"action": "merge", "unit": "wing", "into": "storming-party"},
                                              {"action": "remove", "unit": "wing"})),
], files={"castle-siege.json": CASTLE_UNITS})
# R41: odds escalade reads the siege's own tower and climbing unit, as escalade does.
siege("state/odds-escalade-tower", [
    st(*S, "odds", "escalade", "--section", "north-wall", "--method", "tower", "--engine", "belfry", "--unit",
       "reserve"),
    st(*S, "--json", "odds", "escalade", "--section", "north-wall", "--method", "tower", "--engine", "belfry",
       "--unit", "storming-party"),
    st(*S, "odds", "escalade", "--section", "north-wall", "--method", "tower", "--engine", "ram", "--unit",
       "reserve"),
    st(*S, "odds", "escalade", "--section", "north-wall", "--method", "ladder", "--unit", "reserve",
       "--attackers", "3"),
], files={"castle-siege.json": CASTLE_UNITS})
# A siege with no units at init: an arrival brings the side its army.
siege("state/roster-no-units", [st(*S, "--seed", "130", "--json", "add", "--unit", "relief", "--side", "defender",
                                   "--figures", "6", "--to", "outside"), st(*S, "status"), st(*S, "replay")])
siege("state/undo-all", [st(*S, "--seed", "1", "scene"), st(*S, "--seed", "2", "scene"),
                         st(*S, "undo"), st(*S, "undo", "--json"), st(*S, "undo"), st(*S, "undo", "--json"),
                         st(*S, "log"), st(*S, "log", "--json"), st(*S, "status")])
siege("state/empty-log", [st(*S, "log"), st(*S, "log", "--json"), st(*S, "undo"), st(*S, "undo", "--json"),
                          st(*S, "replay")])
# R39: notes in the log, status (every format) and the chronicle; refusals.
siege("state/note", [st(*S, "note", "before the first scene", "--seed", "1"),
                     st(*S, "--seed", "2", "scene"),
                     st(*S, "note", "parley at the gate: terms until dawn, refused", "--seed", "3"),
                     st(*S, "note", "--text", "-2 figures: Ser Ulric's men, by the ram", "--seed", "4", "--json"),
                     st(*S, "note", "the herald's <horn> & a \u00e9 \u200b", "--seed", "5"),
                     st(*S, "status"), st(*S, "status", "--json"), st(*S, "--format", "csv", "status"),
                     st(*S, "--format", "markdown", "status"), st(*S, "log"), st(*S, "log", "--json"),
                     {"argv": [*S, "--format", "markdown", "chronicle"], "stdout": "full"},
                     st(*S, "note", "x" * 1001), st(*S, "note", "two\nlines"), st(*S, "note", "bell \u0007"),
                     st(*S, "note"), st(*S, "note", ""), st(*S, "note", "a", "b"), st(*S, "--dry-run", "note", "dry"),
                     st(*S, "batch", stdin=jl({"action": "note", "text": "from a batch line", "seed": 6},
                                              {"action": "note", "text": "y" * 1001},
                                              {"action": "note", "text": "tab\there"},
                                              {"action": "note"})),
                     st(*S, "replay")])
run("state/note-without-state", "note", "hello")
run("state/note-help", "note", "--help")
run("state/note-inputs", "help", "--inputs", "note", "--json")
# R40: undo --count / --to and redo, the file's redo list, and refusals.
siege("state/undo-redo", [st(*S, "--seed", "1", "scene"),
                          st(*S, "attack", "--section", "east-wall", "-w", "trebuchet", "--seed", "2"),
                          st(*S, "note", "a parley", "--seed", "3"), st(*S, "--seed", "4", "scene"),
                          st(*S, "check", "-d", "easy", "--seed", "5"),
                          st(*S, "undo", "--count", "3"), st(*S, "log"), st(*S, "log", "--json"), st(*S, "status"),
                          st(*S, "replay"), st(*S, "redo"), st(*S, "redo", "--count", "2", "--json"),
                          st(*S, "redo"), st(*S, "undo", "--to", "2", "--json"), st(*S, "--dry-run", "redo"),
                          st(*S, "--dry-run", "undo", "--to", "0"), st(*S, "undo", "--to", "0"),
                          st(*S, "redo", "--count", "6"), st(*S, "redo", "--count", "5"),
                          st(*S, "undo", "--count", "9"), st(*S, "undo", "--to", "9"), st(*S, "undo", "--to", "5"),
                          st(*S, "undo", "--count", "0"), st(*S, "undo", "--count", "1", "--to", "1"),
                          st(*S, "batch", stdin=jl({"action": "undo"}, {"action": "redo", "count": 1})),
                          st(*S, "undo", "--count", "2"),
                          st(*S, "note", "a new entry clears the redo list", "--seed", "6"),
                          st(*S, "redo"), st(*S, "redo", "--json"), st(*S, "log")])
siege("state/tampered-hull", [st(*S, "--seed", "11", "scene"), st(*S, "replay"),
                              {"edit": "siege.json", "replace": ['"hull_suffered":7,', '"hull_suffered":8,']},
                              st(*S, "replay"), st(*S, "replay", "--json"), st(*S, "status"), st(*S, "undo"),
                              st(*S, "--seed", "3", "scene")])
siege("state/tampered-outcome", [st(*S, "attack", "--section", "north-wall", "-w", "cannon", "--successes", "2",
                                    "--seed", "1"),
                                 {"edit": "siege.json", "replace": ['"damage":7', '"damage":9']},
                                 st(*S, "replay"), st(*S, "undo"), st(*S, "log")])
siege("state/tampered-seed", [st(*S, "--seed", "11", "scene"),
                              {"edit": "siege.json", "replace": ['"seed":11,"outcome"', '"seed":12,"outcome"']},
                              st(*S, "replay"), st(*S, "status")])
siege("state/tampered-syntax", [st(*S, "--seed", "11", "scene"),
                                {"edit": "siege.json", "replace": ['"scene": 1', '"scene": 1,,']},
                                st(*S, "status"), st(*S, "replay"), st(*S, "--seed", "2", "scene"), st(*S, "log")])
siege("state/tampered-structure", [{"edit": "siege.json", "replace": ['"curtain-wall"', '"curtian-wall"']},
                                   st(*S, "status"), st(*S, "status", "--json")])
siege("state/tampered-state-word", [st(*S, "attack", "--section", "north-wall", "-w", "bombard", "--successes", "5",
                                       "--seed", "1"),
                                    {"edit": "siege.json", "replace": ['"state":"cracked"', '"state":"intact"']},
                                    st(*S, "status")])
siege("state/tampered-initial", [{"edit": "siege.json", "replace": ['      {"id":"great-bombard","side":"besieger","engine":"bombard","weapon":"bombard","pool":4',
                                                     '      {"id":"great-bombard","side":"besieger","engine":"bombard","weapon":"bombard","pool":5']},
                                 st(*S, "replay"), st(*S, "status")])
siege("state/tampered-log-action", [st(*S, "--seed", "11", "scene"),
                                    {"edit": "siege.json", "replace": ['"action":"scene"', '"action":"scen"']},
                                    st(*S, "log"), st(*S, "replay")])
siege("state/tampered-inputs", [st(*S, "attack", "--section", "north-wall", "-w", "cannon", "--successes", "2",
                                   "--seed", "1"),
                                {"edit": "siege.json", "replace": ['"weapon":"cannon"}', '"weapn":"cannon"}']},
                                st(*S, "replay"), st(*S, "undo")])
siege("state/tampered-camp", [st(*S, "--seed", "11", "scene"),
                              {"edit": "siege.json", "replace": ['"camp": {"hull_suffered": 3}',
                                                                 '"camp": {"hull_suffered": 4}']},
                              st(*S, "replay"), st(*S, "status"), st(*S, "undo")])
siege("state/tampered-entry-number", [st(*S, "--seed", "11", "scene"),
                                      {"edit": "siege.json", "replace": ['"entry":1,', '"entry":2,']},
                                      st(*S, "replay"), st(*S, "log")])
for s in (1, 2, 3):
    siege(f"state/scene-then-replay-{s}", [st(*S, "--seed", str(s), "scene", "--json"), st(*S, "replay", "--json"),
                                           st(*S, "undo", "--json"), st(*S, "replay")])
case("state/status-missing-file", [st(*S, "status")], watch=["siege.json"])
case("state/status-missing-file-json", [st(*S, "status", "--json")])
for c in ["status", "log", "undo", "replay", "scene"]:
    run(f"state/{c}-without-state", c, "--seed", "1")
    run(f"state/{c}-without-state-json", c, "--seed", "1", "--json")
case("state/scene-missing-file", [st(*S, "--seed", "1", "scene")], watch=["siege.json"])
case("state/attack-missing-file", [st(*S, "attack", "--section", "north-wall", "-w", "cannon", "--seed", "1")],
     watch=["siege.json"])
case("state/state-is-dir", [st("--state", "d", "status")], files={"d/x": ""})
case("state/state-empty-name", [st("--state", "", "status")])
case("state/not-a-state", [st("--state", "w.json", "status")], files={"w.json": read("data/weapons.json")})
BAD_STATES = os.path.join(ROOT, "tests/bad-inputs/states")
for fn in sorted(os.listdir(BAD_STATES)):
    body = read(f"tests/bad-inputs/states/{fn}")
    case(f"state/bad-{fn[:-5]}", [st(*S, "status"), st(*S, "--json", "replay"),
                                  st(*S, "--seed", "1", "scene")],
         files={"siege.json": body}, watch=["siege.json"])

# batch with a state
STATE_BATCH = [
    {"action": "attack", "section": "north-wall", "weapon": "cannon", "successes": 2},
    {"action": "scene"},
    "",
    {"action": "attack", "engine": "great-bombard"},
    {"action": "demolish", "section": "gatehouse", "charge": ["petard"]},
    {"action": "mine", "section": "east-wall", "days": 1},
    {"action": "escalade", "section": "east-wall", "method": "tower", "attackers": 4},
    {"action": "abatis", "work": "build", "section": "north-wall"},
    {"action": "hold", "needed": 12, "rolled": 15, "order": "good"},
    {"action": "check", "difficulty": "easy"},
    {"action": "scene", "seed": 99},
]
STATE_BATCH_BAD = STATE_BATCH[:2] + [{"action": "attack", "section": "nowhere", "weapon": "cannon"}] + STATE_BATCH[3:6]
SB, SBB = jl(*STATE_BATCH), jl(*STATE_BATCH_BAD)
siege("batch-state/all", [st(*S, "batch", "--seed", "5", stdin=SB), st(*S, "log"), st(*S, "status"),
                          st(*S, "replay"), st(*S, "undo"), st(*S, "replay")])
siege("batch-state/all-seed-6", [st(*S, "batch", "--seed", "6", stdin=SB), st(*S, "status", "--json")])
siege("batch-state/file", [st(*S, "batch", "lines.jsonl", "--seed", "5"), st(*S, "log")], files={"lines.jsonl": SB})
siege("batch-state/commit-each", [st(*S, "batch", "--commit-each", "--seed", "5", stdin=SB), st(*S, "replay")])
siege("batch-state/dry-run", [st(*S, "--dry-run", "batch", "--seed", "5", stdin=SB), st(*S, "log")])
siege("batch-state/bad-line", [st(*S, "batch", "--seed", "5", stdin=SBB), st(*S, "log")])
siege("batch-state/bad-line-fail-fast", [st(*S, "batch", "--fail-fast", "--seed", "5", stdin=SBB), st(*S, "log")])
siege("batch-state/bad-line-fail-fast-commit-each", [st(*S, "batch", "--fail-fast", "--commit-each", "--seed", "5",
                                                        stdin=SBB), st(*S, "log"), st(*S, "replay")])
siege("batch-state/bad-line-commit-each", [st(*S, "batch", "--commit-each", "--seed", "5", stdin=SBB),
                                           st(*S, "log")])
siege("batch-state/dry-run-commit-each", [st(*S, "--dry-run", "batch", "--commit-each", "--seed", "5", stdin=SB)])
siege("batch-state/after-scenes", [st(*S, "--seed", "1", "scene"), st(*S, "batch", "--seed", "5", stdin=SB),
                                   st(*S, "undo"), st(*S, "log")])
siege("batch-state/line-buffered", [st(*S, "batch", "--line-buffered", "--seed", "5", stdin=SB)])
siege("batch-state/empty", [st(*S, "batch", "--seed", "5", stdin=""), st(*S, "log")])
siege("batch-state/refused-keys", [st(*S, "batch", "--seed", "5", stdin=jl(
    {"action": "attack", "structure": "tower", "weapon": "cannon", "successes": 1},
    {"action": "attack", "section": "north-wall", "weapon": "cannon", "damage-taken": 3, "successes": 1},
    {"action": "mine", "section": "north-wall", "days-dug": 3},
    {"action": "abatis", "work": "build", "section": "north-wall", "progress": 1},
    {"action": "abatis", "work": "tear", "section": "north-wall"},
    {"action": "demolish", "section": "gatehouse", "charge": ["petard"], "portcullis": True},
    {"action": "escalade", "section": "north-wall", "method": "tower", "attackers": 2, "damage-taken": 1},
    {"action": "scene", "extra": 1},
    {"action": "attack", "engine": "wall-mangonel"},
)), st(*S, "log")])
for seed in range(1, 9):
    siege(f"batch-state/scenes-{seed}", [st(*S, "batch", "--seed", str(seed), stdin=jl(*[{"action": "scene"}] * 4)),
                                         st(*S, "status"), st(*S, "replay")])
case("batch-state/missing-file", [st(*S, "batch", "--seed", "1", stdin=SB)], watch=["siege.json"])
case("batch-state/bad-state", [st(*S, "batch", "--seed", "1", stdin=SB)],
     files={"siege.json": read("tests/bad-inputs/states/schema-2.json")}, watch=["siege.json"])

# the scene without a weapon and a small siege
case("state/small-siege", [st("init", "s.json", "--from", "small.json"),
                           st("--state", "s.json", "--seed", "7", "scene"),
                           st("--state", "s.json", "--seed", "8", "--dry-run", "scene"),
                           st("--state", "s.json", "odds", "scene"),
                           st("odds", "scene", "--state", "s.json", "--scenes", "6"),
                           st("--state", "s.json", "attack", "--section", "gatehouse", "--weapon", "ram",
                              "--successes", "2", "--seed", "1"),
                           st("--state", "s.json", "--seed", "9", "attack", "--engine", "great-bombard"),
                           st("--state", "s.json", "--seed", "3", "demolish", "--section", "gatehouse", "--charge",
                              "powder-keg"),
                           st("--state", "s.json", "--seed", "4", "mine", "--section", "north-wall", "--days", "1"),
                           st("--state", "s.json", "abatis", "build", "--section", "north-wall", "--seed", "1"),
                           st("--state", "s.json", "--seed", "5", "escalade", "--section", "north-wall", "--method",
                              "ladder", "--attackers", "2"),
                           st("--state", "s.json", "log"), st("--state", "s.json", "undo"),
                           st("--state", "s.json", "replay"), st("--state", "s.json", "status")],
     files={"small.json": DESC_SMALL}, watch=["s.json"])
case("state/other-name", [st("init", "real.json", "--from", "castle-siege.json"),
                       st("--state", "real.json", "--seed", "1", "scene"),
                       st("--state", "real.json", "status")],
     files={"castle-siege.json": CASTLE}, watch=["real.json"])

# siege help --inputs: the declared inputs of a command (one-declaration change).
siege("help/inputs-odds-mine-json", [st("help", "--inputs", "odds", "mine", "--json")])
siege("help/inputs-unknown", [st("help", "--inputs", "atack")])
siege("help/inputs-unknown-sub", [st("help", "--inputs", "odds", "chek")])
siege("help/inputs-none", [st("help", "--inputs")])

# ------------------------------------------------------------------ units (issue 16, R33)


def assault(name, steps):
    """A state sequence on the example castle with its units, north-wall breached first."""
    case(name, [st("init", "siege.json", "--from", "castle-siege.json"),
                st(*S, "attack", "--section", "north-wall", "-w", "bombard", "--successes", "20", "--seed", "1")] +
         list(steps), files={"castle-siege.json": CASTLE_UNITS}, watch=["siege.json"])


def hold_at(*extra):
    return st(*S, "hold", "--unit", "garrison", "--enemy", "storming-party", "--section", "north-wall", *extra)


TO_BREACH = [st(*S, "move", "--unit", "storming-party", "--section", "north-wall", "--seed", "2"),
             st(*S, "move", "--unit", "garrison", "--section", "north-wall", "--seed", "3")]
case("units/init", [st("init", "siege.json", "--from", "castle-siege.json"), st(*S, "status", "--json"),
                    st(*S, "--format", "markdown", "status"), st(*S, "--format", "csv", "status")],
     files={"castle-siege.json": CASTLE_UNITS}, watch=["siege.json"])
assault("units/evening", [
    st(*S, "abatis", "build", "--section", "north-wall", "--seed", "1"),
    *TO_BREACH,
    hold_at("--needed", "12", "--rolled", "15", "--seed", "4"),
    st(*S, "abatis", "build", "--section", "north-wall", "--seed", "5"),
    st(*S, "casualties", "--unit", "storming-party", "--killed", "5", "--seed", "6"),
    st(*S, "move", "--unit", "storming-party", "--section", "north-wall", "--through-breach", "--figures", "25",
       "--speed", "9", "--seed", "7"),
    st(*S, "rout", "--unit", "storming-party", "--room-figures", "10", "--blocked", "2", "--seed", "8"),
    st(*S, "casualties", "--unit", "storming-party", "--killed", "6", "--seed", "9"),
    st(*S, "army-morale", "--side", "besieger", "--seed", "10"),
    st(*S, "order", "--unit", "reserve", "--set", "shaken", "--seed", "11"),
    st(*S, "status"), st(*S, "status", "--json"), st(*S, "--format", "csv", "status"), st(*S, "log"),
    st(*S, "replay"), st(*S, "undo"), st(*S, "replay")])
assault("units/evening-json", [
    st(*S, "--json", "abatis", "build", "--section", "north-wall", "--seed", "1"),
    *[dict(x, argv=["--json"] + x["argv"]) for x in TO_BREACH],
    dict(hold_at("--needed", "12", "--rolled", "15", "--seed", "4"),
         argv=["--json"] + hold_at("--needed", "12", "--rolled", "15", "--seed", "4")["argv"]),
    st(*S, "--json", "abatis", "build", "--section", "north-wall", "--seed", "5"),
    st(*S, "--json", "casualties", "--unit", "storming-party", "--killed", "5", "--seed", "6"),
    st(*S, "--json", "move", "--unit", "storming-party", "--section", "north-wall", "--through-breach", "--figures",
       "25", "--speed", "9", "--seed", "7"),
    st(*S, "--json", "rout", "--unit", "storming-party", "--room-figures", "10", "--blocked", "2", "--seed", "8"),
    st(*S, "--json", "casualties", "--unit", "storming-party", "--killed", "6", "--seed", "9"),
    st(*S, "--json", "army-morale", "--side", "besieger", "--seed", "10"),
    st(*S, "--json", "order", "--unit", "reserve", "--set", "shaken", "--seed", "11"),
    st(*S, "--json", "casualties", "--unit", "reserve", "--killed", "1", "--seed", "12"),
    st(*S, "log", "--json")])
assault("units/hold-rolled-and-hero", [
    *TO_BREACH,
    hold_at("--needed", "9", "--seed", "4"),
    hold_at("--needed", "9", "--seed", "5", "--site", "gateway"),
    st(*S, "move", "--unit", "sir-aldric", "--section", "north-wall", "--seed", "7"),
    st(*S, "hold", "--unit", "sir-aldric", "--enemy", "storming-party", "--section", "north-wall", "--seed", "8"),
    st(*S, "hold", "--unit", "sir-aldric", "--enemy", "storming-party", "--section", "north-wall", "--needed", "2",
       "--rolled", "19", "--seed", "9"),
    hold_at("--needed", "3", "--rolled", "40", "--seed", "6"),
    st(*S, "status"), st(*S, "replay")])
assault("units/moves", [
    st(*S, "move", "--unit", "reserve", "--section", "north-wall", "--through-breach", "--figures", "4", "--seed", "1"),
    st(*S, "move", "--unit", "reserve", "--section", "east-wall", "--seed", "2"),
    st(*S, "move", "--unit", "garrison", "--to", "outside", "--seed", "3"),
    st(*S, "move", "--unit", "garrison", "--to", "within-walls", "--seed", "4"),
    st(*S, "move", "--unit", "reserve", "--to", "outside", "--seed", "5"),
    st(*S, "--json", "move", "--unit", "reserve", "--section", "north-wall", "--through-breach", "--figures", "12",
       "--seed", "6"),
    st(*S, "move", "--unit", "storming-party", "--section", "gatehouse", "--through-breach", "--figures", "1",
       "--seed", "7"),
    st(*S, "move", "--unit", "reserve", "--to", "within-walls", "--seed", "8"),
    st(*S, "move", "--unit", "reserve", "--to", "indoors", "--seed", "9"),
    st(*S, "move", "--unit", "reserve", "--section", "north-wall", "--to", "outside", "--seed", "9"),
    st(*S, "--dry-run", "move", "--unit", "storming-party", "--section", "north-wall", "--seed", "10"),
    st(*S, "status"), st(*S, "log")])
assault("units/abatis-blocks", [
    st(*S, "abatis", "build", "--section", "north-wall", "--seed", "1"),
    st(*S, "abatis", "build", "--section", "north-wall", "--seed", "2"),
    st(*S, "abatis", "build", "--section", "north-wall", "--seed", "3"),
    st(*S, "move", "--unit", "storming-party", "--section", "north-wall", "--seed", "4"),
    st(*S, "move", "--unit", "storming-party", "--section", "north-wall", "--through-breach", "--figures", "3",
       "--seed", "5"),
    st(*S, "abatis", "tear", "--section", "north-wall", "--seed", "6"),
    st(*S, "--json", "abatis", "tear", "--section", "north-wall", "--seed", "7")])
assault("units/rout-and-morale", [
    st(*S, "rout", "--unit", "garrison", "--blocked", "1", "--seed", "1"),
    st(*S, "rout", "--unit", "garrison", "--standard", "--seed", "2"),
    st(*S, "rout", "--unit", "garrison", "--seed", "3"),
    st(*S, "order", "--unit", "garrison", "--set", "good", "--seed", "4"),
    st(*S, "--json", "rout", "--unit", "reserve", "--seed", "5"),
    st(*S, "casualties", "--unit", "garrison", "--killed", "11", "--seed", "6"),
    st(*S, "army-morale", "--side", "defender", "--seed", "7"),
    st(*S, "--json", "army-morale", "--side", "attacker", "--seed", "8"),
    st(*S, "casualties", "--unit", "sir-aldric", "--killed", "1", "--seed", "9"),
    st(*S, "casualties", "--unit", "sir-aldric", "--killed", "0", "--seed", "10"),
    st(*S, "status"), st(*S, "log"), st(*S, "replay")])
assault("units/escalade", [
    st(*S, "escalade", "--section", "east-wall", "--unit", "reserve", "--method", "ladder", "--ladders", "2",
       "--successes-per-round", "2,1", "--seed", "1"),
    st(*S, "--json", "escalade", "--section", "east-wall", "--unit", "reserve", "--method", "tower", "--seed", "2"),
    st(*S, "escalade", "--section", "north-wall", "--unit", "storming-party", "--method", "ladder", "--seed", "3"),
    st(*S, "escalade", "--section", "river-tower", "--unit", "storming-party", "--method", "grapnel", "--seed", "4"),
    st(*S, "status"), st(*S, "replay")])
assault("units/refused", [
    *TO_BREACH,
    st(*S, "hold", "--unit", "storming-party", "--enemy", "garrison", "--section", "north-wall", "--needed", "12",
       "--rolled", "15"),
    st(*S, "--json", "hold", "--unit", "garrison", "--enemy", "sir-aldric", "--section", "north-wall", "--needed", "12",
       "--rolled", "15"),
    st(*S, "hold", "--unit", "garrison", "--enemy", "reserve", "--section", "north-wall", "--needed", "12"),
    st(*S, "casualties", "--unit", "storming-party", "--killed", "31"),
    st(*S, "casualties", "--unit", "storming-pary", "--killed", "1"),
    st(*S, "--json", "casualties", "--unit", "storming-pary", "--killed", "1"),
    st(*S, "order", "--unit", "garrison", "--set", "routed", "--seed", "1"),
    hold_at("--needed", "12", "--rolled", "15"),
    st(*S, "hold", "--needed", "12", "--rolled", "15", "--order", "good"),
    hold_at("--needed", "12", "--rolled", "15", "--order", "good"),
    hold_at("--needed", "12", "--rolled", "15", "--figures", "3"),
    st(*S, "hold", "--unit", "garrison", "--section", "north-wall", "--needed", "12"),
    st(*S, "hold", "--unit", "garrison", "--enemy", "storming-party", "--needed", "12"),
    st(*S, "casualties", "--through", "3", "--behind", "7", "--killed", "4"),
    st(*S, "casualties", "--unit", "reserve", "--behind", "7", "--killed", "4"),
    st(*S, "casualties", "--unit", "reserve"),
    st(*S, "rout", "--figures", "8"),
    st(*S, "rout", "--unit", "reserve", "--side", "attacker"),
    st(*S, "rout", "--unit", "reserve", "--within-walls"),
    st(*S, "rout", "--unit", "reserve", "--room-figures", "13"),
    st(*S, "move", "--speed", "9"),
    st(*S, "move", "--unit", "reserve"),
    st(*S, "move", "--unit", "reserve", "--section", "north-wall", "--figures", "2"),
    st(*S, "move", "--unit", "reserve", "--section", "north-wall", "--through-breach"),
    st(*S, "move", "--unit", "reserve", "--section", "north-wall", "--through-breach", "--figures", "13"),
    st(*S, "move", "--unit", "garrison", "--section", "north-wall", "--through-breach", "--figures", "1"),
    st(*S, "move", "--unit", "reserve", "--section", "nort-wall"),
    st(*S, "escalade", "--section", "east-wall", "--method", "ladder", "--attackers", "3"),
    st(*S, "escalade", "--section", "east-wall", "--unit", "reserve", "--method", "ladder", "--attackers", "3"),
    st(*S, "escalade", "--section", "east-wall", "--unit", "garrison", "--method", "tower"),
    st(*S, "army-morale", "--strength", "30", "--killed", "10"),
    st(*S, "army-morale", "--side", "besieger", "--killed", "10"),
    st(*S, "army-morale", "--side", "besiegers"),
    st(*S, "order", "--unit", "reserve"),
    st(*S, "order", "--set", "good"),
    st(*S, "order", "--unit", "reserve", "--set", "panicked"),
    st(*S, "--json", "order", "--unit", "reserve", "--set", "panicked"),
    st(*S, "log")])
for c, argv in [("hold", ["hold", "--unit", "garrison", "--needed", "12", "--rolled", "15", "--order", "good"]),
                ("hold-enemy", ["hold", "--enemy", "x", "--needed", "12", "--rolled", "15", "--order", "good"]),
                ("casualties", ["casualties", "--unit", "x", "--through", "1", "--behind", "1", "--killed", "1"]),
                ("rout", ["rout", "--unit", "x", "--figures", "4"]),
                ("rout-standard", ["rout", "--standard", "--figures", "4"]),
                ("rout-side-besieger", ["rout", "--figures", "10", "--side", "besieger", "--within-walls"]),
                ("rout-side-besieger-json", ["--json", "rout", "--figures", "10", "--side", "besieger"]),
                ("move", ["move", "--unit", "x", "--speed", "4"]),
                ("move-figures", ["move", "--figures", "2", "--speed", "4"]),
                ("escalade", ["escalade", "--unit", "x", "--method", "tower", "--attackers", "4"]),
                ("army-morale", ["army-morale", "--side", "besieger", "--strength", "9", "--killed", "3"]),
                ("order", ["order", "--unit", "x", "--set", "good"]),
                ("order-json", ["--json", "order", "--unit", "x", "--set", "good"]),
                ("order-bare", ["order"])]:
    run(f"units/without-state-{c}", *argv)
case("units/batch", [st("init", "siege.json", "--from", "castle-siege.json"),
                     st(*S, "batch", "--seed", "3", stdin=jl(
                         {"action": "attack", "section": "north-wall", "weapon": "bombard", "successes": 20},
                         {"action": "move", "unit": "storming-party", "section": "north-wall"},
                         {"action": "move", "unit": "garrison", "section": "north-wall"},
                         {"action": "hold", "unit": "garrison", "enemy": "storming-party", "section": "north-wall",
                          "needed": 12, "rolled": 15},
                         {"action": "casualties", "unit": "storming-party", "killed": 31},
                         {"action": "casualties", "unit": "storming-party"},
                         {"action": "abatis", "work": "build", "section": "north-wall"},
                         {"action": "order", "unit": "storming-party", "set": "shaken"},
                         {"action": "army-morale", "side": "besieger"})),
                     st(*S, "log"), st(*S, "replay")],
     files={"castle-siege.json": CASTLE_UNITS}, watch=["siege.json"])
case("units/description-armies", [st("init", "siege.json", "--from", "d.json"), st(*S, "status"),
                                  st(*S, "casualties", "--unit", "band", "--killed", "10", "--seed", "1"),
                                  st(*S, "status"), st(*S, "--format", "markdown", "status")],
     files={"d.json": desc(units=[{"id": "band", "side": "besieger", "figures": 20},
                                  {"id": "keepers", "side": "defender", "figures": 6, "order": "shaken"}],
                           armies={"besieger": {"strength": 30}, "defender": {"in_castle": False}})},
     watch=["siege.json"])


# ------------------------------------------------------------------ the characters' scene (issue 15)


def sd(*argv):
    """A state step with a fixed seed (every logged entry records one)."""
    return st(*argv) if "--seed" in argv else st(*argv, "--seed", "1")


for cmd, args in [("target", ["--engine", "trebuchet", "--at", "east-wall"]),
                  ("sortie", ["--at", "ram", "-w", "cannon", "--successes", "2"]),
                  ("damage", ["--at", "belfry", "--hull", "3"]), ("repair", ["--at", "belfry", "--hull", "3"]),
                  ("countermine", ["--section", "east-wall", "--result", "collapsed"])]:
    run(f"{cmd}/without-state", cmd, *args)
siege("scene-cli/target", [
    sd(*S, "target", "--engine", "trebuchet", "--at", "east-wall"),
    sd(*S, "target", "--engine", "trebuchet", "--at", "none", "--json"),
    sd(*S, "target", "--engine", "wall-mangonel", "--at", "north-wall"),
    sd(*S, "target", "--engine", "trebuchett", "--at", "east-wall"),
    sd(*S, "target", "--engine", "wall-mangonel", "--at", "ram", "--json"),
    sd(*S, "log"),
])
siege("scene-cli/sortie", [
    sd(*S, "sortie", "--at", "ram", "-w", "cannon", "--successes", "2"),
    sd(*S, "sortie", "--at", "ram", "-w", "cannon", "--successes", "1", "--json"),
    sd(*S, "sortie", "--at", "ram", "-w", "cannon", "--successes", "1"),
    sd(*S, "sortie", "--at", "camp", "--hull-damage", "5", "--pool", "4", "--seed", "9"),
    sd(*S, "sortie", "--at", "north-wall", "-w", "cannon", "--successes", "1"),
    sd(*S, "target", "--engine", "ram", "--at", "east-wall"),
    sd(*S, "replay"),
])
siege("scene-cli/damage-repair", [
    sd(*S, "damage", "--at", "gatehouse", "--hull", "12", "--cause", "Burn"),
    sd(*S, "repair", "--at", "gatehouse", "--hull", "11"),
    sd(*S, "repair", "--at", "gatehouse", "--hull", "4", "--json"),
    sd(*S, "damage", "--at", "belfry", "--hull", "12"),
    sd(*S, "repair", "--at", "belfry", "--hull", "1", "--cause", "a night's repair"),
    sd(*S, "damage", "--at", "nort-wall", "--hull", "1"),
    sd(*S, "log"),
    sd(*S, "undo"),
    sd(*S, "replay"),
])
siege("scene-cli/idle-and-re-aim", [
    sd(*S, "damage", "--at", "north-wall", "--hull", "20"),
    sd(*S, "--seed", "5", "scene"),
    sd(*S, "--seed", "6", "scene", "--json"),
    sd(*S, "target", "--engine", "great-bombard", "--at", "east-wall"),
])
siege("scene-cli/mine-days-and-countermine", [
    sd(*S, "mine", "--section", "east-wall", "--days", "1", "--seed", "1"),
    sd(*S, "--seed", "1", "scene"),
    sd(*S, "mine", "--section", "east-wall", "--day-results", "1:0,1:0"),
    sd(*S, "mine", "--section", "east-wall", "--days", "6", "--seed", "2"),
    sd(*S, "mine", "--section", "east-wall", "--day-results", "0:1"),
    sd(*S, "countermine", "--section", "east-wall", "--result", "failed", "--json"),
    sd(*S, "mine", "--section", "east-wall", "--day-results", "0:1"),
    sd(*S, "countermine", "--section", "east-wall", "--result", "collapsed"),
    sd(*S, "countermine", "--section", "east-wall", "--result", "collapsed"),
    sd(*S, "status"),
    sd(*S, "status", "--json"),
    sd(*S, "replay"),
])
siege("scene-cli/odds-from-state", [
    sd(*S, "odds", "attack", "--section", "gatehouse", "-w", "cannon"),
    sd(*S, "odds", "attack", "--engine", "great-bombard", "--json"),
    sd(*S, "odds", "demolish", "--section", "gatehouse", "-c", "petard", "--craft-successes", "1"),
    sd(*S, "odds", "mine", "--section", "east-wall", "--json"),
    sd(*S, "odds", "escalade", "--section", "river-tower", "--method", "ladder", "--attackers", "4"),
    sd(*S, "escalade", "--section", "north-wall", "--method", "tower", "--attackers", "4", "--seed", "1"),
    sd(*S, "escalade", "--section", "north-wall", "--method", "tower", "--engine", "belfry", "--attackers", "4",
       "--seed", "1"),
    sd(*S, "abatis", "build", "--section", "north-wall"),
])
run("odds-attack/section-without-state", "odds", "attack", "--section", "north-wall", "-w", "cannon")

with open(os.path.join(HERE, "cases.jsonl"), "w", encoding="utf-8") as f:
    for c in CASES:
        f.write(json.dumps(c, sort_keys=True) + "\n")
print(f"{len(CASES)} cases written to tests/corpus/cases.jsonl")

