#!/usr/bin/env python3
"""Runs real siege commands of every kind with --json and fixed seeds, and
validates each output against docs/schema/outcome.schema.json.

    check_outputs.py SIEGE_BINARY SCHEMA_FILE

Every command that `siege --help` lists, and every subcommand that
`siege odds --help` lists, must have samples here, or else a `--help`
example that runs on the example castle (examples/castle-siege.json) and
is its sample; so must batch (its good and error lines), the --json error
object of every exit status, and the state file commands. Every example
that runs is validated too. `siege help --inputs NAME --json` runs for every one
of those commands and subcommands (the program's own list, not a hand
one), and `siege --version --json` too: every JSON the program prints. The schema must also be strict: for each sample,
dropping any top-level key that the command always writes, or adding an
unknown one, must make it invalid. Every probability's "value" must be the
double nearest to its exact "p" (Python's float(Fraction(p)) rounds
correctly).

Exit 77 (CTest's skip code) when the jsonschema module is not installed.
"""
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
from fractions import Fraction

try:
    import jsonschema
except ImportError:
    print("skipped: python3 jsonschema module not installed (apt-get install python3-jsonschema)")
    sys.exit(77)

siege, schema_path = os.path.abspath(sys.argv[1]), sys.argv[2]
schema = json.load(open(schema_path))
validator_class = jsonschema.validators.validator_for(schema)
validator_class.check_schema(schema)
validator = validator_class(schema)


def actions_of(branch):
    """The actions a branch of the schema accepts (its "action" const or
    enum), or None when it does not say (it accepts any)."""
    name = branch.get("$ref", "").split("/")[-1]
    action = schema["$defs"].get(name, {}).get("properties", {}).get("action", {})
    if "const" in action:
        return {action["const"]}
    return set(action["enum"]) if "enum" in action else None


validators = {}


def validator_of(doc):
    """A validator that gives the same verdict as the whole schema's for
    `doc`, quicker: the branches of the root's and of "outcome"'s oneOf
    whose "action" cannot be the doc's are left out (each would reject it on
    that key alone, so oneOf's verdict stands). A doc without an "action"
    key, or not an object, gets the whole schema."""
    if not isinstance(doc, dict) or not isinstance(doc.get("action"), str):
        return validator
    action = doc["action"]
    if action not in validators:
        keep = lambda b: actions_of(b) is None or action in actions_of(b)
        defs = dict(schema["$defs"])
        defs["outcome"] = dict(defs["outcome"], oneOf=[b for b in defs["outcome"]["oneOf"] if keep(b)])
        validators[action] = validator_class(dict(schema, oneOf=[b for b in schema["oneOf"] if keep(b)], **{"$defs": defs}))
    return validators[action]

# Keys that only some outputs of a command carry (with --state, in a batch, or only when
# the check was rolled), so dropping them keeps an output valid.
OPTIONAL_TOP_LEVEL = {"log_entry", "dry_run", "section", "kick_opens", "line"}  # line: batch only

# command -> list of (arguments, expected exit status). Seeds are fixed so a
# failure can be replayed by hand.
SAMPLES = {
    "help": [
        (["help", "--inputs", "attack"], 0),
        (["help", "--inputs", "odds", "mine"], 0),
        (["help", "--inputs", "status"], 0),
        (["help", "--inputs"], 0),  # with --json: every command (tools/gen-refs reads it)
        (["help", "--inputs", "odds", "chek"], 2),
        (["help", "attack"], 0),  # with --json: the help text in one object
        (["help"], 0),
        (["odds", "check", "--help"], 0),
    ],
    "check": [
        (["check", "--difficulty", "hard", "--pool", "4", "--seed", "7"], 0),
        (["check", "-d", "easy", "--pool", "0", "--bane-dice", "2", "--boon-dice", "1", "--seed", "1"], 0),
    ],
    "attack": [
        (["attack", "--structure", "curtain-wall", "--weapon", "cannon", "--seed", "42"], 0),
        (["attack", "-s", "curtain-wall", "-w", "cannon", "--successes", "2", "--boons", "6", "--spend-boons", "3"], 0),
        (["attack", "-s", "tower", "-w", "bombard", "--ladder", "steps", "--from", "cracked", "--seed", "5"], 0),
        (["attack", "-s", "curtain-wall", "--hull-damage", "5", "--pierce", "1", "--gunpowder", "--mount", "heavy",
          "--successes", "1"], 0),
        (["attack", "-s", "pillbox", "--firing-slit", "-w", "cannon", "--seed", "3"], 0),
        (["attack", "-s", "castle-gate", "--portcullis", "-w", "ram", "--successes", "2", "--damage-taken", "9"], 0),
        (["attack", "-s", "rampart", "-w", "mortar", "--successes", "3", "--damage-taken", "10"], 0),
        (["attack", "-s", "concrete-fortress", "-w", "culverin", "--successes", "4"], 0),
        (["attack", "-s", "bunker", "-w", "mangonel", "--successes", "0"], 0),
    ],
    "odds": [
        (["odds", "check", "--difficulty", "average", "--pool", "2"], 0),
        (["odds", "attack", "--structure", "curtain-wall", "--weapon", "cannon", "--attacks", "3"], 0),
        (["odds", "attack", "-s", "palisade", "-w", "ram", "--successes", "2", "--ladder", "steps"], 0),
        (["odds", "attack", "-s", "concrete-fortress", "-w", "falconet"], 0),
        (["odds", "--compare", "--weapons", "cannon,trebuchet", "--structures", "curtain-wall,tower", "--attacks", "2"], 0),
        (["odds", "check", "-d", "daunting", "--pool", "5", "--bane-dice", "2", "--boon-dice", "3"], 0),
        (["odds", "attack", "-s", "tower", "-w", "bombard", "--pool", "6", "--attacks", "12", "--damage-taken", "7"], 0),
        (["odds", "demolish", "-s", "stone-bridge", "--on-pier", "-c", "powder-keg:2"], 0),
        (["odds", "demolish", "-s", "iron-bound-door", "-c", "petard"], 0),
        (["odds", "demolish", "-s", "curtain-wall", "-c", "powder-keg", "--craft-successes", "1"], 0),
        (["odds", "demolish", "-s", "rampart", "-c", "demolition-charge", "--pool", "0"], 0),
        (["odds", "escalade", "--method", "ladder", "--attackers", "2", "--pool", "1", "--rounds", "2"], 0),
        (["odds", "escalade", "--method", "ladder", "--attackers", "20", "--ladders", "2", "--defended"], 0),
        (["odds", "escalade", "--method", "grapnel", "--attackers", "7", "--ropes", "3", "--rounds", "4"], 0),
        (["odds", "escalade", "--method", "tower", "--attackers", "10"], 0),
        (["odds", "escalade", "--method", "ladder", "--attackers", "3", "--pool", "0"], 0),
        (["odds", "escalade", "--method", "grapnel", "--attackers", "2", "--damage-taken", "20"], 0),
        (["odds", "mine", "-s", "curtain-wall"], 0),
        (["odds", "mine", "-s", "rampart", "--sapper-pool", "0", "--defender-pool", "1", "--countermine"], 0),
        (["odds", "mine", "-s", "concrete-fortress", "--days", "3", "--days-dug", "2"], 0),
        (["odds", "mine", "-s", "rampart", "--day-results", "1:0,2:2,0:1"], 0),
    ],
    "show": [
        (["show", "keep"], 0),
        (["show", "trebuchet"], 0),
        (["show", "petard"], 0),
        (["show", "interior-door"], 0),
    ],
    "list": [
        (["list", "structures"], 0),
        (["list", "weapons"], 0),
        (["list", "charges"], 0),
        (["list", "engines", "--format", "json"], 0),
    ],
    "hold": [
        (["hold", "--needed", "12", "--rolled", "15", "--order", "good", "--site", "breach"], 0),
        (["hold", "--needed", "9", "--order", "shaken", "--site", "wall-top", "--seed", "11", "--figures", "6"], 0),
        (["hold", "--hero", "--needed", "5"], 0),
        (["hold", "--needed", "3", "--rolled", "19", "--order", "good", "--enemy-figures", "4"], 0),
    ],
    "rout": [
        (["rout", "--figures", "8", "--order", "good", "--blocked", "1"], 0),
        (["rout", "--figures", "5", "--side", "attacker"], 0),
        (["rout", "--figures", "10", "--side", "attacker", "--within-walls", "--room-figures", "4"], 0),
    ],
    "army-morale": [
        (["army-morale", "--strength", "30", "--killed", "10"], 0),
        (["army-morale", "--strength", "31", "--killed", "2"], 0),
        (["army-morale", "--strength", "30", "--killed", "29", "--defender-in-castle"], 0),
    ],
    "abatis": [
        (["abatis", "build", "--progress", "2"], 0),
        (["abatis", "build", "--progress", "1", "--attackers-in-breach"], 0),
        (["abatis", "tear", "--interrupted", "--progress", "1"], 0),
    ],
    "casualties": [
        (["casualties", "--through", "3", "--behind", "7", "--killed", "4"], 0),
    ],
    "move": [
        (["move", "--speed", "9", "--through-breach"], 0),
        (["move", "--speed", "6"], 0),
    ],
    # The siege works (merged from the works branch).
    "demolish": [
        (["demolish", "--structure", "stone-bridge", "--on-pier", "--charge", "powder-keg:2", "--craft-successes", "1"], 0),
        (["demolish", "--structure", "iron-bound-door", "--charge", "petard", "--seed", "1"], 0),
        (["demolish", "-s", "curtain-wall", "-c", "powder-keg", "-c", "demolition-charge", "--seed", "2"], 0),
    ],
    "mine": [
        (["mine", "--structure", "curtain-wall", "--seed", "7"], 0),
        (["mine", "--structure", "rampart", "--day-results", "1:0,2:2,0:1", "--countermine"], 0),
    ],
    "escalade": [
        (["escalade", "--method", "ladder", "--ladders", "2", "--attackers", "3", "--defended", "--seed", "3"], 0),
        (["escalade", "--method", "tower", "--attackers", "10"], 0),
        (["escalade", "--method", "grapnel", "--attackers", "2", "--damage-taken", "20"], 0),
    ],
}

# Errors, one per exit status the program can give without a state file
# (and state file errors below).
ERRORS = [
    (["attack", "--structure", "curtian-wall", "--weapon", "cannon"], 2),
    (["list", "wepons"], 2),
    (["hold", "--needed", "5", "--rolled", "9", "--order", "good", "--site", "corridor"], 2),
    (["odds", "scene"], 2),
    (["odds", "--pool", "9", "check", "-d", "easy"], 2),
    (["odds", "escalade", "--method", "ladder", "--attackers", "10000", "--ladders", "1000"], 2),
    (["--data", "/nonexistent-siege-data", "list", "structures"], 3),
]

# Batch input: one line of every action batch takes, good and bad (the bad
# ones give error lines), without a state file.
BATCH_LINES = [
    {"action": "attack", "structure": "curtain-wall", "weapon": "cannon", "seed": 42},
    {"action": "check", "difficulty": "hard", "pool": 4},
    {"action": "demolish", "structure": "stone-bridge", "on-pier": True, "charge": ["powder-keg:2"], "seed": 1},
    {"action": "mine", "structure": "curtain-wall", "seed": 7},
    {"action": "escalade", "method": "ladder", "ladders": 2, "attackers": 3, "defended": True},
    {"action": "hold", "needed": 12, "rolled": 15, "order": "good", "site": "breach"},
    {"action": "rout", "figures": 8, "order": "good", "blocked": 1},
    {"action": "army-morale", "strength": 30, "killed": 10},
    {"action": "abatis", "work": "build", "progress": 2},
    {"action": "casualties", "through": 3, "behind": 7, "killed": 4},
    {"action": "move", "speed": 9, "through-breach": True},
    {"action": "attack", "structure": "curtian-wall", "weapon": "cannon"},
    {"action": "no-such-action"},
    "not an object",
]

# The state file commands (merged from the state branch): a little siege.
# target, sortie, damage, repair and countermine need one: their samples are
# in state_samples.
DESCRIPTION = {
    "name": "Schema check",
    "sections": [
        {"id": "north-wall", "structure": "curtain-wall"},
        {"id": "east-wall", "structure": "curtain-wall"},
        {"id": "gatehouse", "structure": "castle-gate", "variant": "portcullis"},
    ],
    "besiegers": [
        {"id": "great-bombard", "engine": "bombard", "pool": 4, "target": "north-wall"},
        {"id": "ram", "engine": "ram-shed", "target": "gatehouse"},
        {"id": "belfry", "engine": "siege-tower"},
    ],
    "defenders": [
        {"id": "wall-mangonel", "weapon": "mangonel", "target": "great-bombard"},
        {"id": "tower-ballista", "weapon": "ballista", "target": "camp"},
    ],
    "units": [
        {"id": "garrison", "side": "defender", "figures": 12},
        {"id": "sir-hugh", "side": "defender", "hero": True},
        {"id": "storming-party", "side": "besieger", "figures": 10},
        {"id": "climbers", "side": "besieger", "figures": 5},
    ],
}


def state_samples(state, description):
    """Commands in the order they must run on one state file."""
    return [
        ("init", ["init", state, "--from", description], 0),
        ("status", ["--state", state, "status"], 0),
        ("scene", ["--state", state, "--seed", "7", "scene"], 0),
        ("scene", ["--state", state, "--seed", "8", "--dry-run", "scene"], 0),
        ("odds scene", ["--state", state, "odds", "scene"], 0),
        ("odds scene", ["odds", "scene", "--state", state, "--scenes", "6"], 0),
        ("attack", ["--state", state, "attack", "--section", "gatehouse", "--weapon", "ram", "--successes", "2"], 0),
        ("attack", ["--state", state, "--seed", "9", "attack", "--engine", "great-bombard"], 0),
        ("demolish", ["--state", state, "--seed", "3", "demolish", "--section", "gatehouse", "--charge", "powder-keg"], 0),
        ("mine", ["--state", state, "--seed", "4", "mine", "--section", "north-wall", "--days", "1"], 0),
        ("target", ["--state", state, "target", "--engine", "ram", "--at", "east-wall"], 0),
        ("target", ["--state", state, "target", "--engine", "ram", "--at", "none"], 0),
        ("sortie", ["--state", state, "sortie", "--at", "ram", "--weapon", "cannon", "--successes", "2"], 0),
        ("sortie", ["--state", state, "--seed", "6", "sortie", "--at", "camp", "--hull-damage", "4", "--pool", "3"], 0),
        ("damage", ["--state", state, "damage", "--at", "north-wall", "--hull", "30", "--cause", "Burn"], 0),
        ("damage", ["--state", state, "damage", "--at", "belfry", "--hull", "2"], 0),
        ("repair", ["--state", state, "repair", "--at", "belfry", "--hull", "1"], 0),
        ("abatis", ["--state", state, "abatis", "build", "--section", "north-wall"], 0),
        ("escalade unit", ["--state", state, "--seed", "5", "escalade", "--section", "north-wall", "--method", "ladder",
                      "--unit", "climbers"], 0),
        # The assault on the units of the file (R33): north-wall breached first.
        ("attack", ["--state", state, "attack", "--section", "north-wall", "--weapon", "bombard", "--successes", "9"], 0),
        ("move unit", ["--state", state, "move", "--unit", "storming-party", "--section", "north-wall"], 0),
        ("move unit", ["--state", state, "move", "--unit", "garrison", "--section", "north-wall"], 0),
        ("move unit", ["--state", state, "move", "--unit", "sir-hugh", "--to", "outside"], 0),
        ("hold unit", ["--state", state, "hold", "--unit", "garrison", "--enemy", "storming-party", "--section", "north-wall",
                  "--needed", "12", "--rolled", "15"], 0),
        ("hold unit", ["--state", state, "--seed", "6", "hold", "--unit", "garrison", "--enemy", "storming-party",
                  "--section", "north-wall", "--needed", "11"], 0),
        ("abatis unit", ["--state", state, "abatis", "build", "--section", "north-wall"], 0),
        ("casualties unit", ["--state", state, "casualties", "--unit", "storming-party", "--killed", "2"], 0),
        ("casualties unit", ["--state", state, "casualties", "--unit", "garrison", "--killed", "1"], 0),
        ("move unit", ["--state", state, "move", "--unit", "storming-party", "--section", "north-wall", "--through-breach",
                  "--figures", "1", "--speed", "9"], 0),
        ("rout unit", ["--state", state, "rout", "--unit", "garrison", "--room-figures", "5", "--blocked", "1"], 0),
        ("rout unit", ["--state", state, "rout", "--unit", "storming-party", "--standard"], 0),
        ("order unit", ["--state", state, "order", "--unit", "storming-party", "--set", "shaken"], 0),
        # The siege as it changes (R35-R38).
        ("add", ["--state", state, "add", "--unit", "relief", "--side", "besieger", "--figures", "8"], 0),
        ("add", ["--state", state, "add", "--engine", "new-bombard", "--side", "besieger", "--row", "bombard",
                 "--target", "east-wall"], 0),
        ("add", ["--state", state, "add", "--unit", "sally-party", "--side", "defender", "--figures", "3", "--to",
                 "outside"], 0),
        ("split", ["--state", state, "split", "--unit", "relief", "--into", "relief-b", "--figures", "3"], 0),
        ("merge", ["--state", state, "merge", "--unit", "relief-b", "--into", "relief"], 0),
        ("remove", ["--state", state, "remove", "--unit", "relief", "--cause", "withdrawn"], 0),
        ("remove", ["--state", state, "remove", "--engine", "new-bombard"], 0),
        ("add", ["--state", state, "add", "--unit", "relief", "--side", "besieger", "--figures", "8"], 2),
        ("army-morale unit", ["--state", state, "army-morale", "--side", "besieger"], 0),
        ("casualties unit", ["--state", state, "casualties", "--unit", "storming-party", "--killed", "3"], 0),
        ("army-morale unit", ["--state", state, "army-morale", "--side", "attacker"], 0),
        ("army-morale unit", ["--state", state, "army-morale", "--side", "defender"], 0),
        ("status units", ["--state", state, "status"], 0),
        ("hold refused", ["--state", state, "hold", "--unit", "storming-party", "--enemy", "garrison", "--section",
                   "north-wall", "--needed", "12", "--rolled", "15"], 2),
        ("scene", ["--state", state, "--seed", "10", "scene"], 0),
        ("mine", ["--state", state, "mine", "--section", "east-wall", "--day-results", "0:1"], 0),
        ("countermine", ["--state", state, "countermine", "--section", "east-wall", "--result", "collapsed"], 0),
        ("countermine", ["--state", state, "countermine", "--section", "east-wall", "--result", "collapsed"], 2),
        ("odds attack", ["--state", state, "odds", "attack", "--section", "gatehouse", "--weapon", "cannon"], 0),
        ("note", ["--state", state, "note", "parley at the gate: terms until dawn"], 0),
        ("status notes", ["--state", state, "status"], 0),
        ("log", ["--state", state, "log"], 0),
        ("undo", ["--state", state, "undo"], 0),
        ("undo count", ["--state", state, "undo", "--count", "2"], 0),
        ("log redo", ["--state", state, "log"], 0),
        ("redo", ["--state", state, "redo"], 0),
        ("redo dry run", ["--state", state, "--dry-run", "redo", "--count", "2"], 0),
        ("undo to", ["--state", state, "undo", "--to", "3"], 0),
        ("redo refused", ["--state", state, "redo", "--count", "99999"], 2),
        ("replay", ["--state", state, "replay"], 0),
        ("status", ["--state", state, "status"], 0),
        ("chronicle", ["--state", state, "chronicle", "-o", state + ".html"], 0),
        ("chronicle", ["--state", state, "--format", "markdown", "chronicle", "-o", state + ".md"], 0),
        ("chronicle error", ["--state", state, "chronicle"], 2),  # the page is not JSON: --json needs -o
    ]


def commands_of_program():
    out = subprocess.run([siege, "--help"], capture_output=True, text=True, check=True).stdout
    return commands_of_help(out)


def run(args, stdin=None, cwd=None):
    p = subprocess.run([siege, *args, "--json"], capture_output=True, text=True, input=stdin, cwd=cwd)
    return p.returncode, p.stdout, p.stderr


def odds_subcommands_of_program():
    out = subprocess.run([siege, "odds", "--help"], capture_output=True, text=True, check=True).stdout
    return commands_of_help(out)


def commands_of_help(out):
    names, in_list = [], False
    for line in out.splitlines():
        if line and not line.startswith(" "):
            in_list = line.startswith("Subcommands:")
            continue
        if in_list and line.startswith("  ") and line[2:3] != " ":
            names.append(line.split()[0])
    return names


def values_off(doc, where="", found=None):
    """Every {"p": "a/b", "value": x} in doc whose value is not the double
    nearest to a/b."""
    found = [] if found is None else found
    if isinstance(doc, dict):
        if isinstance(doc.get("p"), str) and "value" in doc:
            want = float(Fraction(doc["p"]))
            if doc["value"] != want:
                found.append(f"{where}: value {doc['value']!r}, the nearest double to {doc['p'][:40]} is {want!r}")
        for k, v in doc.items():
            values_off(v, f"{where}/{k}", found)
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            values_off(v, f"{where}/{i}", found)
    return found


def pick(errors):
    """A missing key says more than the knock-on 'unevaluated' complaint."""
    pending = list(errors)
    while pending:
        e = pending.pop(0)
        if e.validator == "required":
            return e
        pending.extend(e.context or [])
    return jsonschema.exceptions.best_match(errors)


def first_error(doc):
    """The most telling schema error, checked against the branch the output
    claims to be (its action), so that the message names the key."""
    errors = list(validator_of(doc).iter_errors(doc))
    if not errors:
        return None
    best = pick(errors)
    if isinstance(doc, dict) and "action" in doc:
        name = {"army-morale": "army_morale", "init": "siege", "status": "siege"}.get(doc["action"], doc["action"])
        if doc["action"] == "odds":
            name = "odds_" + str(doc.get("of"))
        elif doc["action"] not in ("inputs", "version", "help"):  # branches of their own
            name += "_outcome"
        if name in schema["$defs"]:
            branch = validator_class({"$defs": schema["$defs"], "$ref": "#/$defs/" + name})
            sub = list(branch.iter_errors(doc))
            if sub:
                best = pick(sub)
    where = "/" + "/".join(map(str, best.absolute_path))
    return f"{best.message} at {where}"


failures = []
checked = 0
strict_checked = set()  # labels whose first output went through strictness()


values_checked = 0


def validate(what, doc):
    """True when doc is valid and its values are the nearest doubles."""
    global checked, values_checked
    problem = first_error(doc)
    if problem:
        failures.append(f"{what}: {problem}")
        return False
    off = values_off(doc)
    failures.extend(f"{what}: {o}" for o in off[:5])
    values_checked += len(json.dumps(doc).split('"p":')) - 1
    checked += 1
    return not off


def check(label, args, want_status, cwd=None):
    status, out, err = run(args, cwd=cwd)
    what = "siege " + " ".join(args) + " --json"
    if status != want_status:
        failures.append(f"{what}: exit {status}, expected {want_status}: {err.strip()}")
        return None
    try:
        doc = json.loads(out)
    except ValueError as e:
        failures.append(f"{what}: not one JSON document ({e}): {out[:200]!r}")
        return None
    if not validate(what, doc):
        return None
    # Strictness once per command (and per error): every key of the first
    # output dropped in turn costs a validation each.
    if label not in strict_checked:
        strict_checked.add(label)
        strictness(what, doc)
    return doc


def strictness(what, doc):
    """Dropping a key the command always writes, or adding one it never
    writes, must make the output invalid."""
    if not isinstance(doc, dict):
        doc = doc[0] if doc else None
        if doc is None:
            return
        wrap = lambda d: [d]
    else:
        wrap = lambda d: d
    for key in doc:
        if key in OPTIONAL_TOP_LEVEL:
            continue
        smaller = {k: v for k, v in doc.items() if k != key}
        if validator_of(wrap(smaller)).is_valid(wrap(smaller)):
            failures.append(f"{what}: the schema still accepts the output without '{key}'")
    bigger = dict(doc, unexpected_key=1)
    if validator_of(wrap(bigger)).is_valid(wrap(bigger)):
        failures.append(f"{what}: the schema accepts an unknown key")


program = commands_of_program()
# The commands sampled: those of SAMPLES and of the state file sequence
# (state_samples, labelled by command), and batch (checked below: each line
# another command's outcome with a "line" key first, as
# tests/test_cli_batch.cpp holds), play (it prints the outcomes of the
# commands on its lines, each that command's own: tests/test_cli_play.cpp)
# and serve (a server: its JSON, the siege_outcome branch, is validated by
# tests/serve/check_serve.py).
sampled = set(SAMPLES) | {label.split()[0] for label, _, _ in state_samples("siege.json", "d.json")}
sampled |= {"batch", "play", "serve"}
# A command with no sample here is sampled by its own --help example (below).
unsampled = [name for name in program if name not in sampled]

if "odds" in program:
    asked = {args[1] for args, _ in SAMPLES["odds"] if not args[1].startswith("-")}
    asked |= {"scene"}  # with a state file, below
    for sub in odds_subcommands_of_program():
        if sub not in asked:
            failures.append(f"'odds {sub}' is a subcommand of the program with no sample here")

for name, samples in SAMPLES.items():
    if name not in program and name != "help":  # help is a word of its own, not in the list
        print(f"note: no command '{name}' in this build; its samples are skipped")
        continue
    for args, status in samples:
        check(name + (" " + args[1] if name == "odds" else ""), args, status)

# The declared inputs of every command and every odds subcommand the
# program lists (its command table, through --help), not a hand list.
for name in program:
    check("help --inputs", ["help", "--inputs", name], 0)
    if name == "odds":
        for sub in odds_subcommands_of_program():
            check("help --inputs", ["help", "--inputs", name, sub], 0)

check("version", ["--version"], 0)

for args, status in ERRORS:
    doc = check("error", args, status)
    if doc is not None and doc["error"]["code"] != status:
        failures.append(f"siege {' '.join(args)}: error code {doc['error']['code']}, exit status {status}")


def check_batch(args, lines, want_status):
    """Each output line of `siege batch` is valid, answers its input line
    (its "line" key first), and is an outcome or an error as expected."""
    text = "".join((json.dumps(l) if not isinstance(l, str) else l) + "\n" for l in lines)
    status, out, err = run(["batch", *args], stdin=text)
    what = "siege batch " + " ".join(args) + " --json"
    if status != want_status:
        failures.append(f"{what}: exit {status}, expected {want_status}: {err.strip()}")
        return
    outputs = out.splitlines()
    if len(outputs) != len(lines):
        failures.append(f"{what}: {len(outputs)} output lines for {len(lines)} input lines")
        return
    kinds = set()
    for n, line in enumerate(outputs, 1):
        try:
            doc = json.loads(line)
        except ValueError as e:
            failures.append(f"{what}: output line {n} is not JSON ({e}): {line[:200]!r}")
            continue
        if not isinstance(doc, dict) or next(iter(doc), None) != "line" or doc["line"] != n:
            failures.append(f"{what}: output line {n} does not start with \"line\": {n}: {line[:80]!r}")
            continue
        if validate(f"{what}, line {n}", doc):
            kinds.add("error" if "error" in doc else "outcome")
            if n == 1:
                strictness(f"{what}, line {n}", doc)
    if kinds != {"error", "outcome"}:
        failures.append(f"{what}: expected both outcome and error lines, got {sorted(kinds)}")


if "batch" in program:
    check_batch([], BATCH_LINES, 2)


# Examples run as the referee would type them; batch, play and serve have
# tests of their own (stdin, a terminal, a server), and a line with shell
# syntax (a pipe, a redirection) is not run here.
NOT_RUN = {"batch", "play", "serve"}
SOURCE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # tests/ is in the source tree


def check_examples(work):
    """Every command's --help example (`siege help --inputs --json` gives
    the lines), each run in a folder of its own holding the example castle
    (examples/castle-siege.json) and, for a line with --state, a fresh
    siege.json made from it. A command with no sample above must have an
    example that runs and whose output is valid: that is its sample. An
    example of a sampled command may ask for a siege further on than the
    first scene (a breach to hold); one that runs is validated all the same."""
    described = json.loads(subprocess.run([siege, "--json", "help", "--inputs"], capture_output=True, text=True,
                                          check=True).stdout)["commands"]
    base = os.path.join(work, "example-castle.json")
    castle = os.path.join(SOURCE, "examples", "castle-siege.json")
    status, _, err = run(["init", base, "--from", castle])
    if status != 0:
        failures.append(f"siege init {base} --from {castle}: exit {status}: {err.strip()}")
        return
    valid = {}  # line -> whether its output was valid: each line runs once (odds' lines are its subcommands')
    for n, c in enumerate(described):
        name = c["command"]
        if name.split()[0] in NOT_RUN:
            continue
        for k, line in enumerate(c["examples"]):
            words = shlex.split(line)
            if words[0] != "siege" or any(w in ("|", ">", "<", "&&", ";") for w in words) or line in valid:
                continue
            if name == "help" and "--inputs" not in words:
                continue  # the help text, --json or not (its JSON is help --inputs)
            folder = os.path.join(work, f"example-{n}-{k}")
            os.makedirs(os.path.join(folder, "examples"))
            shutil.copy(castle, os.path.join(folder, "examples"))
            if "--state" in words:
                shutil.copy(base, os.path.join(folder, "siege.json"))
            if name in unsampled:
                valid[line] = check("example " + name, words[1:], 0, cwd=folder) is not None
                continue
            status, out, _ = run(words[1:], cwd=folder)
            valid[line] = False
            if status == 0:
                try:
                    valid[line] = validate(f"example: {line} --json", json.loads(out))
                except ValueError as e:
                    failures.append(f"example: {line} --json: not one JSON document ({e}): {out[:200]!r}")
        if name in unsampled and not any(valid.get(line) for line in c["examples"]):
            failures.append(f"'{name}' is a command of the program with no sample here, and its --help example "
                            f"gave no valid output on the example castle: add samples and a schema branch")

if "init" in program:
    with tempfile.TemporaryDirectory(prefix="siege-schema-") as work:
        description = os.path.join(work, "siege.description.json")
        with open(description, "w") as f:
            json.dump(DESCRIPTION, f)
        state = os.path.join(work, "siege.json")
        for name, args, status in state_samples(state, description):
            if name.split()[0] in program:
                check(name, args, status)
        if "batch" in program:
            check_batch(["--state", state], [
                {"action": "scene", "seed": 3},
                {"action": "attack", "section": "north-wall", "weapon": "cannon", "successes": 1},
                {"action": "attack", "section": "no-such-section", "weapon": "cannon"},
            ], 2)
        check_examples(work)
        # Exit 4: a state file that is not one.
        broken = os.path.join(work, "broken.json")
        with open(broken, "w") as f:
            f.write("{not json")
        check("error", ["--state", broken, "status"], 4)
else:
    print("note: no state file commands (init ...) in this build; their samples are skipped")
    failures.extend(f"'{name}' is a command of the program with no sample here: add samples and a schema branch"
                    for name in unsampled)

for f in failures:
    print("FAIL:", f)
print(f"{checked} outputs valid against {os.path.basename(schema_path)}, {values_checked} values the nearest "
      f"doubles; {len(failures)} problem(s)")
sys.exit(1 if failures else 0)
