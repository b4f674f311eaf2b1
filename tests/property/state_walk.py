#!/usr/bin/env python3
"""A property test of the state file, through the real program.

Random sieges (random sections, the castle gate with its portcullis among
them, engines of both sides, units of both sides with a hero among them, a
homebrew structure with random Armor and Hull, and a homebrew troops table
with another number of abatis turns), then random sequences of every
state-aware command with random inputs, the troop commands on the units
(R33) among them, chosen often from where the units stand, and the commands
of a siege that changes (R35-R38: add, remove, split, merge, sallies) on the
units and engines the file holds now, gone ones among them. After every step:

  * the exit status is 0 (done) or 2 (refused); nothing else;
  * a refused step leaves the file byte for byte as it was;
  * after a step that was done, `status` and `replay` succeed, and `undo` on
    a copy of the file gives back the bytes of the file before the step
    (but for the redo list it keeps, R40);
  * notes (R39) among the steps, some too long or with a control character
    (refused); `undo --count N`, `undo --to K` and `redo --count N` (R40):
    an undo gives back the file as it was K entries ago (but for its redo
    list), a redo the file as it was after the entries it puts back (byte
    for byte once nothing is left to redo), a new entry clears what could
    be redone, and redo with nothing to redo is refused.

    state_walk.py SIEGE [--seed N] [--sieges K] [--steps M] [--verbose]

Exit 0 when every property held; otherwise prints the first failure with
the seed, the siege and the command line to repeat it, and exits 1.
"""
import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

SECTION_STRUCTURES = ["curtain-wall", "tower", "castle-gate", "castle-gate", "palisade", "rampart",
                      "wooden-bridge", "stone-bridge", "iron-bound-door", "stone-house",
                      "homebrew-wall"]
BESIEGER_ENGINES = ["bombard", "trebuchet", "ram-shed", "cannon", "mangonel", "mortar"]
DEFENDER_WEAPONS = ["mangonel", "ballista", "culverin"]
WEAPONS = ["cannon", "trebuchet", "ram", "bombard", "mangonel", "ballista", "mortar"]
CHARGES = ["petard", "breaching-charge", "powder-keg", "demolition-charge"]


class Failure(Exception):
    pass


def without_redo(text):
    """A state file's bytes without its redo list (R40), as before the undo that wrote it."""
    at = text.find(b'\n  ],\n  "redo": [\n')
    if at >= 0:
        return text[:at] + b"\n  ]\n}\n"
    at = text.find(b'\n  "log": [],\n  "redo": [\n')
    if at >= 0:
        return text[:at] + b'\n  "log": []\n}\n'
    return text


class Walk:
    def __init__(self, siege, rng, work, verbose):
        self.siege = siege
        self.rng = rng
        self.work = work
        self.verbose = verbose
        self.data = os.path.join(work, "data")
        self.state = os.path.join(work, "siege.json")
        self.files = []       # the file after init and after each log entry, without a redo list
        self.redo_files = []  # R40: the file after each entry undo took back, the next to redo first
        self.new_ids = 0
        self.roster_steps = 0  # steps of the commands of R35-R38 (a sally: a defender moved outside)

    def run(self, args, check_exit=None):
        cmd = [self.siege, "--data", self.data] + args
        p = subprocess.run(cmd, capture_output=True, stdin=subprocess.DEVNULL, timeout=60)
        if self.verbose:
            print(" ".join(args), "->", p.returncode, file=sys.stderr)
        if check_exit is not None and p.returncode != check_exit:
            raise Failure(f"{' '.join(args)}: exit {p.returncode}, expected {check_exit}: "
                          f"{p.stderr.decode(errors='replace').strip()}")
        return p

    # ---- a random siege
    def make_tables(self):
        os.makedirs(self.data)
        armor = self.rng.randint(0, 8)
        hull = self.rng.randint(1, 40)
        with open(os.path.join(self.data, "structures.json"), "w") as f:
            json.dump([{"id": "homebrew-wall", "name": "Homebrew wall", "armor": armor, "hull": hull,
                        "tags": []}], f)
        with open(os.path.join(self.data, "troops.json"), "w") as f:
            json.dump({"rough_terrain": {"numerator": 1, "denominator": 2}, "rout_move_inches": 4,
                       "abatis_turns": self.rng.randint(1, 6)}, f)

    def make_description(self):
        r = self.rng
        sections = []
        for i in range(r.randint(1, 4)):
            s = {"id": f"s{i}", "structure": r.choice(SECTION_STRUCTURES)}
            if s["structure"] == "castle-gate" and r.random() < 0.7:
                s["variant"] = "portcullis"
            sections.append(s)
        besiegers = []
        for i in range(r.randint(0, 4)):
            besiegers.append({"id": f"b{i}", "engine": r.choice(BESIEGER_ENGINES),
                              "pool": r.randint(0, 5), "target": r.choice(sections)["id"]})
        if r.random() < 0.3:
            besiegers.append({"id": "belfry", "engine": "siege-tower"})
        defenders = []
        for i in range(r.randint(0, 2)):
            targets = ["camp"] + [b["id"] for b in besiegers]
            defenders.append({"id": f"d{i}", "weapon": r.choice(DEFENDER_WEAPONS),
                              "pool": r.randint(0, 4), "target": r.choice(targets)})
        units = []
        with_units = r.random() < 0.85  # most sieges have both sides' troops
        for i in range(r.randint(1, 2) if with_units else 0):
            units.append({"id": f"g{i}", "side": "defender", "figures": r.randint(1, 25)})
        if r.random() < 0.3:
            units.append({"id": "hero", "side": "defender", "hero": True})
        for i in range(r.randint(1, 3) if with_units else r.randint(0, 1)):
            u = {"id": f"a{i}", "side": "besieger", "figures": r.randint(1, 30)}
            if r.random() < 0.2:
                u["order"] = "shaken"
            units.append(u)
        desc = {"schema": 1, "name": "walk", "scene_length": r.choice(["day", "week"]),
                "sections": sections, "besiegers": besiegers, "defenders": defenders, "units": units}
        if units and r.random() < 0.3:
            side = r.choice(["besieger", "defender"])
            figures = sum(u.get("figures", 1) for u in units if u["side"] == side)
            desc["armies"] = {side: {"strength": figures + r.randint(0, 20)}} if figures else {}
        return desc

    def units_now(self):
        """The units of the state file as it is now."""
        with open(self.state) as f:
            return json.load(f).get("units", [])

    def unit_step(self, desc, sec):
        """A troop command on the units (R33), its inputs often taken from where the units stand."""
        r = self.rng
        units = self.units_now()
        if not units:
            return ["move", "--unit", "nobody", "--section", sec]
        u = r.choice(units)
        besiegers = [x for x in units if x["side"] == "besieger"] or units
        defenders = [x for x in units if x["side"] == "defender"] or units
        # A defender and a besieger unit at one section can hold; often they are made to meet.
        real_defenders = [x for x in units if x["side"] == "defender" and x["figures"] > 0]
        at_section = [x for x in units if x["side"] == "besieger" and x["where"] == "section"]
        pairs = [(h, e) for h in real_defenders for e in at_section if h["section"] == e["section"]]
        meet = (real_defenders, at_section) if real_defenders and at_section else None
        outside = [x for x in units if x["side"] == "besieger" and x["where"] == "outside" and x["figures"] > 0]
        kind = r.choice(["move", "through", "out", "hold", "hold", "hold", "casualties", "rout", "order", "escalade",
                         "morale"])
        if kind == "move":
            return ["move", "--unit", u["id"], "--section", sec]
        if kind == "through":
            a = r.choice(besiegers)
            n = a["behind"] if a["where"] == "section" else a["figures"]
            return ["move", "--unit", a["id"], "--section", a["section"] or sec, "--through-breach",
                    "--figures", str(max(1, r.randint(1, max(1, n))))] + (["--speed", "9"] if r.random() < 0.3 else [])
        if kind == "out":
            return ["move", "--unit", u["id"], "--to", r.choice(["outside", "within-walls"])]
        if kind == "hold":
            h, e = r.choice(defenders), r.choice(besiegers)
            if pairs and r.random() < 0.9:
                h, e = r.choice(pairs)
            elif meet:  # the defenders come to meet them
                return ["move", "--unit", r.choice(meet[0])["id"], "--section", r.choice(meet[1])["section"]]
            elif outside and r.random() < 0.7:  # the besiegers come to a section first
                return ["move", "--unit", r.choice(outside)["id"], "--section", sec]
            a = ["hold", "--unit", h["id"], "--enemy", e["id"], "--section", h["section"] or e["section"] or sec,
                 "--needed", str(r.randint(0, 20))]
            return a + (["--rolled", str(r.randint(2, 20))] if r.random() < 0.6 else ["--seed", str(r.randint(0, 10**6))])
        if kind == "casualties":
            return ["casualties", "--unit", u["id"], "--killed", str(r.randint(0, u["figures"] + 1))]
        if kind == "rout":
            a = ["rout", "--unit", u["id"]]
            if r.random() < 0.3:
                a += ["--room-figures", str(r.randint(1, max(1, u["figures"])))]
            if r.random() < 0.4:
                a += ["--blocked", str(r.randint(0, 3))]
            if r.random() < 0.2:
                a += ["--standard"]
            return a
        if kind == "order":
            return ["order", "--unit", u["id"], "--set", r.choice(["good", "shaken", "routed"])]
        if kind == "escalade":
            a = r.choice(besiegers)
            return ["escalade", "--unit", a["id"], "--section", a["section"] or sec,
                    "--method", r.choice(["ladder", "grapnel", "tower"]), "--seed", str(r.randint(0, 10**6))]
        return ["army-morale", "--side", r.choice(["besieger", "defender", "attacker"])]

    def roster_step(self, sec):
        """R35-R38: a newcomer, a departure, a split, a merge or a sally, on what the file holds now."""
        r = self.rng
        with open(self.state) as f:
            doc = json.load(f)
        units, engines = doc.get("units", []), doc["engines"]
        self.new_ids += 1
        fresh = f"n{self.new_ids}"
        # An id already taken (gone ones too) now and then: refused.
        taken = [x["id"] for x in units + engines + doc["sections"]]
        new_id = r.choice(taken) if taken and r.random() < 0.1 else fresh
        kind = r.choice(["add-unit", "add-unit", "add-engine", "remove", "remove", "split", "split", "merge",
                         "merge", "sally"])
        if kind == "add-unit":
            side = r.choice(["besieger", "defender"])
            a = ["add", "--unit", new_id, "--side", side]
            a += ["--hero"] if r.random() < 0.1 else ["--figures", str(r.randint(1, 20))]
            x = r.random()
            if x < 0.3:
                a += ["--section", sec]
            elif x < 0.6:
                a += ["--to", r.choice(["outside", "within-walls"])]
            if r.random() < 0.2:
                a += ["--order", r.choice(["good", "shaken", "routed"])]
            return a
        if kind == "add-engine":
            side = r.choice(["besieger", "defender"])
            if side == "besieger":
                targets = [x["id"] for x in doc["sections"]]
                a = ["add", "--engine", new_id, "--side", side, "--row", r.choice(BESIEGER_ENGINES)]
            else:
                targets = ["camp"] + [e["id"] for e in engines if e["side"] == "besieger"]
                a = ["add", "--engine", new_id, "--side", side, "--weapon", r.choice(DEFENDER_WEAPONS)]
            if r.random() < 0.1:  # against R29 now and then
                targets = [x["id"] for x in doc["sections"]] + ["camp"]
            return a + ["--target", r.choice(targets), "--pool", str(r.randint(0, 5))]
        if kind == "remove":
            pool = [("--unit", x["id"]) for x in units] + [("--engine", e["id"]) for e in engines]
            if not pool:
                return ["remove", "--unit", "nobody"]
            opt, id_ = r.choice(pool)
            return ["remove", opt, id_] + (["--cause", "withdrawn"] if r.random() < 0.4 else [])
        live = [x for x in units if "gone" not in x] or units or [{"id": "nobody", "figures": 1, "where": "outside",
                                                                   "through": 0, "side": "besieger"}]
        u = r.choice(live)
        if kind == "split":
            a = ["split", "--unit", u["id"], "--into", new_id, "--figures", str(r.randint(1, max(1, u["figures"])))]
            if u["where"] == "section" and r.random() < 0.5:
                a += ["--through", str(r.randint(0, u["through"] + 1))]
            return a
        if kind == "merge":
            mates = [x for x in live if x["id"] != u["id"] and x["side"] == u["side"] and x["where"] == u["where"]]
            other = r.choice(mates) if mates and r.random() < 0.8 else r.choice(live)
            return ["merge", "--unit", u["id"], "--into", other["id"]]
        defenders = [x for x in live if x["side"] == "defender"] or live
        return ["move", "--unit", r.choice(defenders)["id"], "--to", "outside"]

    # ---- a random step
    def random_step(self, desc):
        r = self.rng
        sec = r.choice(desc["sections"])["id"]
        seed = ["--seed", str(r.randint(0, 10**9))]
        if self.redo_files and r.random() < 0.4:  # R40: often put back what was just taken back
            kind = "redo"
        else:
            kind = r.choices(["scene", "attack", "attack-engine", "demolish", "mine", "abatis", "escalade",
                              "units", "target", "sortie", "damage", "repair", "countermine", "undo", "bad",
                              "note", "undo-many", "redo", "roster"],
                             weights=[2, 3, 2, 2, 4, 3, 2, 8, 2, 2, 2, 2, 2, 1, 1, 2, 1, 1, 10])[0]
        engines = [e["id"] for e in desc["besiegers"] + desc["defenders"]] or ["nobody"]
        if kind == "target":
            targets = [x["id"] for x in desc["sections"]] + engines + ["camp", "none"]
            return ["target", "--engine", r.choice(engines), "--at", r.choice(targets)] + seed
        if kind == "sortie":
            a = ["sortie", "--at", r.choice([b["id"] for b in desc["besiegers"]] + ["camp"])]
            a += ["--weapon", r.choice(WEAPONS)] if r.random() < 0.7 else ["--hull-damage", str(r.randint(0, 9))]
            if r.random() < 0.5:
                a += ["--successes", str(r.randint(-2, 6)), "--boons", str(r.randint(0, 4))]
            else:
                a += ["--pool", str(r.randint(0, 6))]
            return a + seed
        if kind in ("damage", "repair"):
            a = [kind, "--at", r.choice([sec, r.choice(engines), "camp"]), "--hull", str(r.randint(1, 25))]
            if r.random() < 0.3:
                a += ["--cause", r.choice(["Burn", "a night's repair"])]
            return a + seed
        if kind == "countermine":
            return ["countermine", "--section", sec, "--result", r.choice(["collapsed", "failed"])] + seed
        if kind == "scene":
            return ["scene"] + seed
        if kind == "attack":
            a = ["attack", "--section", sec, "--weapon", r.choice(WEAPONS)]
            if r.random() < 0.5:
                a += ["--successes", str(r.randint(-2, 6)), "--boons", str(r.randint(0, 4))]
            else:
                a += ["--pool", str(r.randint(0, 6))]
            return a + seed
        if kind == "attack-engine":
            engines = [b["id"] for b in desc["besiegers"]] or ["nobody"]
            return ["attack", "--engine", r.choice(engines)] + seed
        if kind == "demolish":
            a = ["demolish", "--section", sec]
            for _ in range(r.randint(1, 2)):
                c = r.choice(CHARGES)
                a += ["--charge", c if r.random() < 0.6 else f"{c}:{r.randint(1, 3)}"]
            if r.random() < 0.5:
                a += ["--craft-successes", str(r.randint(-1, 3))]
            if r.random() < 0.2:
                a += ["--on-pier"]
            return a + seed
        if kind == "mine":
            a = ["mine", "--section", sec]
            x = r.random()
            if x < 0.4:
                a += ["--days", str(r.randint(1, 9))]
            elif x < 0.8:  # the referee's rolls: the sappers stay hidden
                a += ["--day-results", ",".join(["2:0"] * r.randint(1, 4))]
            return a + seed
        if kind == "abatis":
            a = ["abatis", r.choice(["build", "tear"]), "--section", sec]
            x = r.random()
            if x < 0.15:
                a += ["--attackers-in-breach"]
            elif x < 0.3:
                a += ["--interrupted"]
            return a + seed
        if kind == "escalade":  # a unit of the file climbs (R33); without one it is refused
            attackers = [u["id"] for u in desc["units"] if u["side"] == "besieger"] or ["nobody"]
            a = ["escalade", "--section", sec, "--unit", r.choice(attackers),
                 "--method", r.choice(["ladder", "grapnel", "tower"])]
            if r.random() < 0.5:
                a += ["--defended"]
            return a + seed
        if kind == "units":
            return self.unit_step(desc, sec)
        if kind == "roster":
            return self.roster_step(sec)
        if kind == "undo":
            return ["undo"]
        if kind == "note":  # R39; some past the limit or with a control character (R42): refused
            x = r.random()
            if x < 0.1:
                return ["note", "x" * r.choice([1001, 1500])]
            if x < 0.2:
                return ["note", r.choice(["two\nlines", "a\ttab", "bell\x07"])]
            words = ["parley", "at", "the", "gate:", "terms", "until", "dawn", "Ser Ulric", "falls", "\u00e9", "'"]
            return ["note", " ".join(r.choice(words) for _ in range(r.randint(1, 12)))] + seed
        if kind == "undo-many":  # R40; sometimes past the log (refused)
            n = len(self.files) - 1
            if r.random() < 0.5:
                return ["undo", "--count", str(r.randint(1, n + 1))]
            return ["undo", "--to", str(r.randint(0, n + 1))]
        if kind == "redo":  # R40; sometimes more than can be redone, or nothing to redo (refused)
            return ["redo"] + (["--count", str(r.randint(1, len(self.redo_files) + 1))] if r.random() < 0.5 else [])
        # input that must be refused, file untouched
        return r.choice([["attack", "--section", "no-such-section", "--weapon", "cannon"],
                         ["attack", "--section", sec, "--weapon", "canon"],
                         ["attack", "--section", sec, "--structure", "tower", "--weapon", "cannon"],
                         ["mine", "--section", sec, "--days", "0"],
                         ["demolish", "--section", sec, "--charge", "nothing"],
                         ["casualties", "--unit", "no-such-unit", "--killed", "1"],
                         ["hold", "--needed", "12", "--rolled", "15"],
                         ["order", "--unit", "no-such-unit", "--set", "good"],
                         ["target", "--engine", "no-such-engine", "--at", sec],
                         ["repair", "--at", sec, "--hull", "100001"],
                         ["countermine", "--section", sec, "--result", "won"]])

    def step(self, args):
        if args[0] in ("add", "remove", "split", "merge") or args[:1] == ["move"] and "outside" in args:
            self.roster_steps += 1
        before = open(self.state, "rb").read()
        p = self.run(["--state", self.state] + args)
        after = open(self.state, "rb").read()
        if p.returncode not in (0, 2):
            raise Failure(f"{' '.join(args)}: exit {p.returncode}: {p.stderr.decode(errors='replace').strip()}")
        if p.stderr.count(b"\n") > 1:
            raise Failure(f"{' '.join(args)}: a message of more than one line: {p.stderr!r}")
        if p.returncode == 2:
            if before != after:
                raise Failure(f"{' '.join(args)}: refused (exit 2) but the file changed")
            if args[0] == "redo" and self.redo_files and (len(args) == 1 or int(args[2]) <= len(self.redo_files)):
                raise Failure(f"{' '.join(args)}: refused with {len(self.redo_files)} entries to redo")
            return
        if args[0] == "undo":
            keep = len(self.files) - 2
            if len(args) == 3:
                keep = int(args[2]) if args[1] == "--to" else len(self.files) - 1 - int(args[2])
            if keep < 0:
                raise Failure(f"{' '.join(args)}: done on a log of {len(self.files) - 1} entries")
            if without_redo(after) != self.files[keep]:
                raise Failure(f"{' '.join(args)}: the file differs from the one after entry {keep}")
            self.redo_files = self.files[keep + 1:] + self.redo_files
            self.files = self.files[:keep + 1]
        elif args[0] == "redo":
            count = int(args[2]) if len(args) == 3 else 1
            if count > len(self.redo_files):
                raise Failure(f"{' '.join(args)}: done with {len(self.redo_files)} entries to redo")
            want = self.redo_files[count - 1]
            self.files += self.redo_files[:count]
            self.redo_files = self.redo_files[count:]
            if (after if not self.redo_files else without_redo(after)) != want:
                raise Failure(f"{' '.join(args)}: the file differs from the one after the entries it puts back")
        else:
            if after != without_redo(after):
                raise Failure(f"{' '.join(args)}: a new entry did not clear the redo list")
            self.files.append(after)
            self.redo_files = []
        self.check(args)

    def check(self, args):
        for cmd in (["status"], ["status", "--json"], ["replay"], ["log"]):
            p = self.run(["--state", self.state] + cmd)
            if p.returncode != 0:
                raise Failure(f"after {' '.join(args)}: {' '.join(cmd)} exits {p.returncode}: "
                              f"{p.stderr.decode(errors='replace').strip()}")
        if args[0] not in ("undo", "redo") and len(self.files) > 1:
            copy = os.path.join(self.work, "copy.json")
            shutil.copyfile(self.state, copy)
            p = self.run(["--state", copy, "undo"])
            if p.returncode != 0:
                raise Failure(f"after {' '.join(args)}: undo exits {p.returncode}: "
                              f"{p.stderr.decode(errors='replace').strip()}")
            if without_redo(open(copy, "rb").read()) != self.files[-2]:
                raise Failure(f"after {' '.join(args)}: undo does not give back the file before the step")
            os.remove(copy)

    def walk(self, steps):
        self.make_tables()
        desc = self.make_description()
        path = os.path.join(self.work, "desc.json")
        with open(path, "w") as f:
            json.dump(desc, f)
        self.run(["init", self.state, "--from", path], check_exit=0)
        self.files = [open(self.state, "rb").read()]
        self.check(["init"])
        for _ in range(steps):
            self.step(self.random_step(desc))
        return desc


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("siege")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sieges", type=int, default=10)
    ap.add_argument("--steps", type=int, default=20)
    ap.add_argument("--verbose", action="store_true")
    a = ap.parse_args()
    total = 0
    roster = 0
    for k in range(a.sieges):
        rng = random.Random(a.seed * 1000003 + k)
        work = tempfile.mkdtemp(prefix="siege-walk-")
        w = Walk(a.siege, rng, work, a.verbose)
        try:
            w.walk(a.steps)
        except Failure as e:
            print(f"state_walk: siege {k} (--seed {a.seed}): {e}")
            print(f"  the siege and its tables are in {work}")
            return 1
        total += a.steps
        roster += w.roster_steps
        shutil.rmtree(work)
    print(f"state_walk: {a.sieges} sieges, {total} steps ({roster} of add, remove, split, merge or a move "
          f"outside): every property held")
    return 0


if __name__ == "__main__":
    sys.exit(main())
