#!/usr/bin/env python3
"""Validates every table in data/ against its JSON Schema in data/schema/.

Exit 77 (CTest's skip code) when the jsonschema module is not installed.
"""
import json, os, sys

try:
    import jsonschema
except ImportError:
    print("skipped: python3 jsonschema module not installed (apt-get install python3-jsonschema)")
    sys.exit(77)

data = sys.argv[1]
bad = 0
for name in ["structures", "weapons", "charges", "engines", "siege-rating", "dice"] + sys.argv[2:]:
    path = os.path.join(data, name + ".json")
    if not os.path.exists(path):
        continue
    schema = json.load(open(os.path.join(data, "schema", name + ".schema.json")))
    try:
        jsonschema.validate(json.load(open(path)), schema)
        print(f"{name}.json: valid")
    except jsonschema.ValidationError as e:
        print(f"{name}.json: {e.message} at /{'/'.join(map(str, e.absolute_path))}")
        bad += 1
sys.exit(1 if bad else 0)
