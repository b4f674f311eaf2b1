"""Batch lines that grow a siege of the example castle to N log entries.

    python3 bench/gen_log.py N > lines.jsonl

A scene every 100 entries, and between them attacks on the east wall,
checks and notes in turn, each with its own seed: the mix of a long evening
(bench/undo.sh, bench/long_log.sh).
"""
import json
import sys

n = int(sys.argv[1])
for i in range(n):
    if i % 100 == 0:
        line = {"action": "scene"}
    elif i % 4 == 1:
        line = {"action": "attack", "section": "east-wall", "weapon": "cannon", "successes": 1}
    elif i % 4 == 2:
        line = {"action": "note", "text": f"entry {i + 1}: a ruling of the referee's, who killed whom"}
    else:
        line = {"action": "check", "difficulty": "easy"}
    line["seed"] = i
    print(json.dumps(line))
