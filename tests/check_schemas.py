#!/usr/bin/env python3
"""Validates every table in data/ against its JSON Schema in data/schema/:
every data/*.json must have one (docs/tables.md says so), and each schema
must refuse an unknown key.

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
names = sorted(f[: -len(".json")] for f in os.listdir(data) if f.endswith(".json"))
for name in names:
    path = os.path.join(data, name + ".json")
    schema_path = os.path.join(data, "schema", name + ".schema.json")
    if not os.path.exists(schema_path):
        print(f"{name}.json: no schema {os.path.relpath(schema_path, data)}")
        bad += 1
        continue
    schema = json.load(open(schema_path))
    jsonschema.validators.validator_for(schema).check_schema(schema)
    table = json.load(open(path))
    try:
        jsonschema.validate(table, schema)
        print(f"{name}.json: valid")
    except jsonschema.ValidationError as e:
        print(f"{name}.json: {e.message} at /{'/'.join(map(str, e.absolute_path))}")
        bad += 1
        continue
    # Strict: an unknown key in an object table, or in a row of an array one, is refused.
    bigger = dict(table, unexpected_key=1) if isinstance(table, dict) else [dict(table[0], unexpected_key=1)]
    if jsonschema.validators.validator_for(schema)(schema).is_valid(bigger):
        print(f"{name}.json: its schema accepts an unknown key")
        bad += 1
sys.exit(1 if bad else 0)
