#!/usr/bin/env python3
"""The description's JSON Schema against the program, both ways, with an
independent validator (python3-jsonschema):

  * docs/schema/description.schema.json and `siege init --schema` are valid
    draft 2020-12 schemas with a description on every key;
  * `siege init --template` and every example description (examples/*.json
    that `init` takes) validate against both, and the template holds every
    key the schema declares;
  * each description `init` refuses for what a schema can say (a wrong type,
    an unknown key, a missing key, a bad word) is flagged by the schema;
  * the refusals a schema cannot express (CANNOT_SAY) are listed: `init`
    refuses each and the schema accepts it, so the list stays true;
  * the installed copy accepts a homebrew id that `init --schema` refuses.

    check_description_schema.py SIEGE SOURCE_DIR      (exit 77: no jsonschema)
"""
import copy
import glob
import json
import os
import subprocess
import sys
import tempfile

try:
    import jsonschema
except ImportError:
    print("check_description_schema: python3-jsonschema is not installed; skipped")
    sys.exit(77)

SIEGE, ROOT = sys.argv[1], sys.argv[2]
failures = []


def run(args, stdin=""):
    env = {k: v for k, v in os.environ.items() if k != "SIEGE_DATA"}
    return subprocess.run([SIEGE] + args, input=stdin, capture_output=True, text=True, env=env)


def init_accepts(doc):
    with tempfile.TemporaryDirectory() as d:
        r = run(["init", os.path.join(d, "s.json"), "--from", "-"], json.dumps(doc))
        return r.returncode == 0, r.stderr


installed = json.load(open(os.path.join(ROOT, "docs/schema/description.schema.json")))
exact = json.loads(run(["init", "--schema"]).stdout)
validators = {}
for name, schema in (("installed", installed), ("init --schema", exact)):
    jsonschema.Draft202012Validator.check_schema(schema)
    validators[name] = jsonschema.Draft202012Validator(schema)
    for shape, d in schema["$defs"].items():
        if "description" not in d:
            failures.append(f"{name}: $defs/{shape} has no description")
        for key, p in d.get("properties", {}).items():
            if "description" not in p:
                failures.append(f"{name}: $defs/{shape}/{key} has no description")


def flagged(doc):
    return {n: [e.message for e in v.iter_errors(doc)] for n, v in validators.items()}


template = json.loads(run(["init", "--template"]).stdout)
examples = [("template", template)]
for path in sorted(glob.glob(os.path.join(ROOT, "examples", "*.json"))):
    doc = json.load(open(path))
    if isinstance(doc, dict) and "sections" in doc:
        examples.append((os.path.relpath(path, ROOT), doc))
if len(examples) < 2:
    failures.append("no example description found in examples/")
for what, doc in examples:
    ok, err = init_accepts(doc)
    if not ok:
        failures.append(f"{what}: init refuses it: {err.strip()}")
    for name, errors in flagged(doc).items():
        if errors:
            failures.append(f"{what}: the {name} schema flags it: {errors[0]}")


# Every key the schema declares appears somewhere in the template.
def objects_of(shape, doc):
    return {"description": [doc], "section": doc.get("sections", []),
            "abatis": [s["abatis"] for s in doc.get("sections", []) if "abatis" in s],
            "mine": [s["mine"] for s in doc.get("sections", []) if "mine" in s],
            "engine": doc.get("besiegers", []) + doc.get("defenders", []),
            "camp": [doc["camp"]] if "camp" in doc else [], "unit": doc.get("units", []),
            "armies": [doc["armies"]] if "armies" in doc else [],
            "besieger-army": [doc["armies"]["besieger"]] if "besieger" in doc.get("armies", {}) else [],
            "defender-army": [doc["armies"]["defender"]] if "defender" in doc.get("armies", {}) else []}[shape]


for shape, d in exact["$defs"].items():
    if "properties" not in d:
        continue
    for key in d["properties"]:
        if not any(key in o for o in objects_of(shape, template)):
            failures.append(f"template: no {shape} has the key '{key}'")


def changed(f):
    doc = copy.deepcopy(template)
    f(doc)
    return doc


# What init refuses and a schema can say: each must be flagged by both schemas.
CAN_SAY = {
    "a wrong type (pool a string)": lambda d: d["besiegers"][0].update(pool="3"),
    "a wrong type (sections an object)": lambda d: d.update(sections={}),
    "an unknown key ('portcullis': true)": lambda d: d["sections"][0].update(portcullis=True),
    "an unknown key at the top": lambda d: d.update(colour="red"),
    "the undocumented section key 'state'": lambda d: d["sections"][0].update(state="intact"),
    "a missing key (a section's structure)": lambda d: d["sections"][0].pop("structure"),
    "a missing key (sections)": lambda d: d.pop("sections"),
    "a unit without figures": lambda d: d["units"][0].pop("figures"),
    "an engine with neither engine nor weapon": lambda d: d["besiegers"][0].pop("engine"),
    "a bad word (side)": lambda d: d["units"][0].update(side="attackers"),
    "a bad word (scene_length)": lambda d: d.update(scene_length="month"),
    "a bad variant": lambda d: d["sections"][0].update(variant="drawbridge"),
    "an id that is not kebab-case": lambda d: d["sections"][0].update(id="North Wall"),
    "pool past its bound": lambda d: d["besiegers"][0].update(pool=51),
    "figures below 1": lambda d: d["units"][0].update(figures=0),
    "a hero of two figures": lambda d: d["units"][1].update(figures=2),
    "schema 2": lambda d: d.update(schema=2),
}
# Only the exact schema of `init --schema` knows the rows of the tables in use.
EXACT_ONLY = {
    "an unknown structure": lambda d: d["sections"][1].update(structure="curtian-wall"),
    "an unknown weapon": lambda d: d["besiegers"][1].update(weapon="canon"),
    "a personal weapon (R7)": lambda d: d["besiegers"][1].update(weapon="musket"),
}
# What init refuses and no schema can say: a schema sees one value at a time,
# not the siege's ids, the tables' numbers or one key against another.
CANNOT_SAY = {
    "a duplicate id": lambda d: d["units"][0].update(id="gatehouse"),
    "a target naming no section": lambda d: d["besiegers"][0].update(target="east-wall"),
    "a defender engine aimed at a section (R29)": lambda d: d["defenders"][0].update(target="gatehouse"),
    "an engine with a weapon and no target": lambda d: d["besiegers"][0].pop("target"),
    "hull_suffered past the section's Hull": lambda d: d["sections"][1].update(hull_suffered=21),
    "days dug past the listed Armor (R19)": lambda d: d["sections"][2]["mine"].update(days_dug=10000),
    "abatis progress past the turns it takes (R26)": lambda d: d["sections"][2]["abatis"].update(progress=3),
    "a strength below the units' figures": lambda d: d["armies"]["defender"].update(strength=2),
    "the id 'camp'": lambda d: d["sections"][0].update(id="camp"),
    "a variant a structure does not have": lambda d: d["sections"][1].update(variant="portcullis"),
}

for what, f in list(CAN_SAY.items()) + list(EXACT_ONLY.items()) + list(CANNOT_SAY.items()):
    doc = changed(f)
    ok, _ = init_accepts(doc)
    if ok:
        failures.append(f"{what}: init accepts it")
    errors = flagged(doc)
    for name in validators:
        says = bool(errors[name])
        should = what in CAN_SAY or (what in EXACT_ONLY and name == "init --schema")
        if says != should:
            failures.append(f"{what}: the {name} schema {'flags' if says else 'does not flag'} it")

# A homebrew row (--data DIR) stays valid in the installed copy.
homebrew = changed(lambda d: d["sections"][1].update(structure="earth-mound"))
if flagged(homebrew)["installed"]:
    failures.append("the installed schema refuses a well-formed homebrew id")

for f in failures:
    print("check_description_schema: " + f)
print(f"check_description_schema: {len(examples)} descriptions, {len(CAN_SAY)} refusals a schema says, "
      f"{len(EXACT_ONLY)} only the exact one says, {len(CANNOT_SAY)} no schema can say; "
      f"{len(failures)} failures")
sys.exit(1 if failures else 0)
