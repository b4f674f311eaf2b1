#!/usr/bin/env python3
"""Writes N attack action lines (JSON Lines) for the batch benchmarks."""
import sys
n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000000
structures = ["curtain-wall", "tower", "castle-gate", "bastion", "rampart", "palisade"]
weapons = ["cannon", "trebuchet", "culverin", "bombard", "mortar", "ram"]
out = sys.stdout
for i in range(n):
    s = structures[i % len(structures)]
    w = weapons[(i // len(structures)) % len(weapons)]
    if i % 2:
        out.write(f'{{"action": "attack", "structure": "{s}", "weapon": "{w}", "successes": {i % 4}, "boons": {i % 3}}}\n')
    else:
        out.write(f'{{"action": "attack", "structure": "{s}", "weapon": "{w}", "damage-taken": {i % 6}}}\n')
