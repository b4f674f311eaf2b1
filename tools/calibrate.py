#!/usr/bin/env python3
"""Exact breach odds for the calibration notes in docs/tables.md.

Enumerates the symbol dice of data/dice.json exactly (fractions), applies the
attack rules (R1-R6, R3 crit bundles) for a weapon against a structure with
the referee spending every full bundle, and prints, for a battery of N
identical engines, the chance that the section is breached by the end of each
scene (one attack per engine per scene). It re-implements only the arithmetic
the tables need; the program's own odds engine is the reference.
"""
import json, sys
from fractions import Fraction
from collections import defaultdict

data = sys.argv[1] if len(sys.argv) > 1 else "data"
dice = json.load(open(f"{data}/dice.json"))
weapons = {w["id"]: w for w in json.load(open(f"{data}/weapons.json"))}
structures = {s["id"]: s for s in json.load(open(f"{data}/structures.json"))}

def face(f):
    return (f.count("success") - f.count("failure"), f.count("boon") - f.count("bane"))

def check_dist(pool, difficulty_dice):
    dist = {(0, 0): Fraction(1)}
    kinds = ["skill"] * pool + ["difficulty"] * difficulty_dice
    for k in kinds:
        faces = dice["faces"][k]
        nd = defaultdict(Fraction)
        for (s, b), p in dist.items():
            for f in faces:
                ds, db = face(f)
                nd[(s + ds, b + db)] += p / len(faces)
        dist = nd
    return dist

def damage_dist(weapon, structure, cracked):
    w, s = weapons[weapon], structures[structure]
    armor = s["armor"]
    guns = "vulnerable-to-guns" in s.get("tags", []) and "gunpowder" in w.get("qualities", []) \
        and w["mount"] in ("standard", "heavy", "capital")
    if guns: armor -= 2
    if cracked: armor -= 1
    armor = max(0, armor - w["pierce"])
    out = defaultdict(Fraction)
    for (succ, boons), p in check_dist(3, 1).items():
        if succ < 1:
            out[0] += p
            continue
        d = max(0, w["hull_damage"] + succ - armor)
        if w.get("crit") and boons > 0:
            d += 2 * (boons // w["crit"])
        out[d] += p
    return out

def breach_by_scene(weapon, structure, engines, scenes):
    hull = structures[structure]["hull"]
    hit = {c: damage_dist(weapon, structure, c) for c in (False, True)}
    dist = {0: Fraction(1)}
    res = []
    for _ in range(scenes):
        for _ in range(engines):
            nd = defaultdict(Fraction)
            for suffered, p in dist.items():
                if suffered >= hull:
                    nd[suffered] += p
                    continue
                for d, q in hit[2 * suffered >= hull].items():
                    nd[min(hull, suffered + d)] += p * q
            dist = nd
        res.append(sum(p for h, p in dist.items() if h >= hull))
    return res

if __name__ == "__main__":
    pass_p = sum(p for (s, b), p in check_dist(3, 1).items() if s >= 1)
    print(f"Easy check, pool 3: passes {float(pass_p):.3f}")
    for weapon in ["cannon", "culverin", "bombard", "trebuchet", "mangonel", "mortar", "siege-howitzer", "naval-gun"]:
        dd = damage_dist(weapon, "curtain-wall", False)
        mean = sum(d * p for d, p in dd.items())
        print(f"{weapon:15s} mean damage per attack on an intact curtain wall {float(mean):5.2f}")
        for engines in (3, 4):
            odds = breach_by_scene(weapon, "curtain-wall", engines, 4)
            print(f"    {engines} engines: breached by scene 1..4: " + "  ".join(f"{float(x):.2f}" for x in odds))
