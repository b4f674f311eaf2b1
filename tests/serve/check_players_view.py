#!/usr/bin/env python3
"""The players' view is a function of what the players may know, at any
length of the log (R19, R44): a property test of `siege serve`, on any
build of the program.

    check_players_view.py SIEGE [--seed N] [--lengths L,L,...]

Random sieges, each played through SIEGE's batch twice from one random
script with fixed seeds: whole, and less the entries hidden from the
players, the digs of a gallery never found nor fired (the sappers win or
tie every day, R19, under a homebrew structure too deep for a gallery to
reach its end) and the private notes (R44). Beside them: galleries found on their first day and
countermined, attacks, damage and repairs, re-aims, notes, and scenes
often or seldom. Two `siege serve` of the players' view show the whole
siege and the siege less its hidden entries; the test puts the next siege
in place of each file and waits until its server has read it (inotify
tells when the server closes the file it read: no sleep) and shows the
players' entries (it lays the page out in a thread of its own), and the two
must serve the same bytes, the page and /state.json (the version in both),
and send the same versions on their event streams:

- one siege at each log length of --lengths (0 to 3,000; 239, 240 and
  241 stand around the chart's 240 points, max_chart_points);
- then one siege grown entry by entry across 240 entries, where a hidden
  entry alone must change nothing the players see, its version included.

5 to 9 s. Exit 0 when every comparison held, else 1 with a FAIL line for
each length, or the first entry, where the two differ."""
import argparse
import ctypes
import json
import os
import random
import select
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_lib import Server, finish, get, wait_until  # noqa: E402

LENGTHS = [0, 1, 5, 40, 239, 240, 241, 3000]  # and one drawn from 242 to 2999
STRUCTURES = ["curtain-wall", "tower", "castle-gate", "palisade", "stone-house"]
ENGINES = ["bombard", "trebuchet", "ram-shed", "cannon", "mangonel"]
WEAPONS = ["cannon", "trebuchet", "ram", "bombard", "mangonel", "ballista"]
WORDS = ["parley", "at", "the", "gate:", "terms", "until", "dawn", "Ser Ulric", "falls", "\u00e9", "'", "<b>", "&",
         '"', "rain"]
UNSEEN = ["0:0", "3:0", "2:1", "1:1", "4:4"]  # a day the sappers win or tie: the gallery stays unseen (R19)
DEEP = {"id": "deep-rock", "name": "Deep rock", "armor": 1000, "hull": 30, "tags": []}  # R19: a day per Armor


class Script:
    """A random siege: its description, and its batch lines one by one
    (next()), each with whether the players may not see it. R30: a gallery
    digs at most the scene's days in a scene, and none before the first."""

    def __init__(self, rng, week=None):
        self.rng = rng
        self.walls = [f"s{i}" for i in range(rng.randint(1, 3))]
        self.deep = [f"deep{i}" for i in range(rng.randint(1, 2))]  # never found, never fired: hidden digs
        self.found = [f"open{i}" for i in range(rng.randint(0, 1))]  # found on their first day: seen
        self.engines = [f"b{i}" for i in range(rng.randint(0, 2))]
        self.week = rng.random() < 0.75 if week is None else week
        self.scene_every = rng.choice([3, 8, 20, 40])  # about one line in N starts a scene
        self.scene = 0
        self.used = {}  # days dug in this scene, by gallery
        self.dug = set()  # the found galleries dug and not yet countermined
        self.description = {
            "schema": 1, "name": f"walk {rng.randrange(2 ** 32)}", "scene_length": "week" if self.week else "day",
            "sections": [{"id": w, "structure": rng.choice(STRUCTURES)} for w in self.walls + self.found]
            + [{"id": d, "structure": DEEP["id"]} for d in self.deep],
            "besiegers": [{"id": e, "engine": rng.choice(ENGINES), "pool": rng.randint(0, 4),
                           "target": rng.choice(self.walls)} for e in self.engines],
            "defenders": [{"id": "d0", "weapon": "ballista", "pool": 2, "target": "camp"}] if rng.random() < 0.5
            else [],
            "units": []}

    def room(self, galleries):
        return [g for g in galleries if self.scene > 0 and self.used.get(g, 0) < (7 if self.week else 1)]

    def next(self, kind=None):
        """(batch line, hidden): of `kind` when given: "hidden" (a dig the
        players never see or a private note, R44), "seen"
        (any other line) or "scene"."""
        rng = self.rng
        roll = {None: rng.randrange(100), "hidden": 0, "scene": 15}.get(kind, rng.randrange(15, 100))
        if roll < 15 and (not self.room(self.deep) or rng.random() < 0.4):  # R44: a private note
            text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 10)))
            return self.seeded({"action": "note", "text": text, "private": True}), True
        if roll < 15 and self.room(self.deep):
            g = rng.choice(self.room(self.deep))
            days = [rng.choice(UNSEEN)]
            if self.used.get(g, 0) + 1 < (7 if self.week else 1) and rng.random() < 0.3:
                days.append(rng.choice(UNSEEN))
            self.used[g] = self.used.get(g, 0) + len(days)
            return self.seeded({"action": "mine", "section": g, "day-results": ",".join(days)}), True
        if roll < 15 + 100 // self.scene_every:
            self.scene += 1
            self.used = {}
            return self.seeded({"action": "scene"}), False
        if roll < 22 and self.found:
            g = rng.choice(self.found)
            if g in self.dug:
                self.dug.discard(g)
                return self.seeded({"action": "countermine", "section": g, "result": "collapsed"}), False
            if g in self.room(self.found):
                self.dug.add(g)
                self.used[g] = self.used.get(g, 0) + 1
                return self.seeded({"action": "mine", "section": g, "day-results": "0:1"}), False  # found at once
        if roll < 35:
            return self.seeded({"action": "attack", "section": rng.choice(self.walls), "weapon": rng.choice(WEAPONS),
                                "successes": rng.randint(-1, 6), "boons": rng.randint(0, 2)}), False
        if roll < 40 and self.engines:
            return self.seeded({"action": "attack", "engine": rng.choice(self.engines)}), False
        if roll < 46:
            a = {"action": "damage", "at": "camp" if rng.random() < 0.25 else rng.choice(self.walls),
                 "hull": rng.randint(1, 6)}
            if rng.random() < 0.5:
                a["cause"] = "Burn"
            return self.seeded(a), False
        if roll < 50:  # more than was suffered is refused, in both files alike
            return self.seeded({"action": "repair", "at": rng.choice(self.walls), "hull": rng.randint(1, 3)}), False
        if roll < 53 and self.engines:
            return self.seeded({"action": "target", "engine": rng.choice(self.engines),
                                "at": rng.choice(self.walls)}), False
        text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 10)))
        return self.seeded({"action": "note", "text": text}), False

    def seeded(self, a):
        a["seed"] = self.rng.randrange(2 ** 32)
        return json.dumps(a)


class Pair:
    """A siege played into two files: whole, and less its hidden entries."""

    def __init__(self, program, folder, script):
        self.program, self.script = program, script
        os.mkdir(folder)
        description = os.path.join(folder, "description.json")
        with open(description, "w") as f:
            json.dump(script.description, f)
        self.whole, self.less = os.path.join(folder, "whole.json"), os.path.join(folder, "less.json")
        for state in (self.whole, self.less):
            self.run(["init", state, "--from", description])
        self.hidden = 0  # hidden lines played

    def run(self, args, stdin=None):
        p = subprocess.run([self.program, *args], input=stdin, capture_output=True, text=True, timeout=60)
        if p.returncode not in (0, 2):  # 2: a line refused (a repair of more than was suffered), in both alike
            raise RuntimeError(f"{' '.join(args)}: exit {p.returncode}: {p.stderr.strip()}")

    def play(self, lines):
        """Plays `lines` ((text, hidden) pairs): all of them on whole, the others on less."""
        for state, wanted in ((self.whole, lines), (self.less, [x for x in lines if not x[1]])):
            if wanted:
                self.run(["--state", state, "batch"], "".join(t + "\n" for t, _ in wanted))
        self.hidden += sum(1 for _, hidden in lines if hidden)

    def grow(self, length):
        """Plays random lines until whole's log holds `length` entries."""
        while (n := len(log_of(self.whole))) < length:
            self.play([self.script.next() for _ in range(length - n)])

    def problem(self):
        """Why the files are not a siege and the same siege less the digs of
        galleries never found nor fired and its private notes, or None."""
        whole, less = log_of(self.whole), log_of(self.less)
        deep = set(self.script.deep)
        digs = [e["action"] == "mine" and e["outcome"].get("section") in deep for e in whole]
        if any(e["outcome"].get("detected") or e["outcome"].get("fired") for e, d in zip(whole, digs) if d):
            return "a dig of a deep gallery was found or fired"
        dug = [d or (e["action"] == "note" and e["outcome"].get("private", False)) for e, d in zip(whole, digs)]
        if sum(dug) != self.hidden:
            return f"{self.hidden} hidden lines played, {sum(dug)} digs and private notes logged"
        seen = [{k: v for k, v in e.items() if k != "entry"} for e, d in zip(whole, dug) if not d]
        same = seen == [{k: v for k, v in e.items() if k != "entry"} for e in less]
        return None if same else "the file less its hidden entries is not the whole file less its digs"


def log_of(state):
    with open(state) as f:
        return json.load(f)["log"]


class Reads:
    """The reads of the file `name` in `folder`: inotify's IN_CLOSE_NOWRITE,
    each time a reader closes it."""

    IN_CLOSE_NOWRITE = 0x10
    libc = ctypes.CDLL(None, use_errno=True)

    def __init__(self, folder, name):
        self.name = os.fsencode(name)
        self.fd = self.libc.inotify_init1(os.O_NONBLOCK | os.O_CLOEXEC)
        if self.fd < 0 or self.libc.inotify_add_watch(self.fd, os.fsencode(folder), self.IN_CLOSE_NOWRITE) < 0:
            raise OSError(ctypes.get_errno(), "inotify")

    def names(self):
        """The names closed since the last call."""
        out = []
        while True:
            try:
                data = os.read(self.fd, 65536)
            except BlockingIOError:
                return out
            at = 0
            while at < len(data):
                _, _, _, n = struct.unpack_from("iIII", data, at)
                out.append(data[at + 16:at + 16 + n].rstrip(b"\0"))
                at += 16 + n

    def wait(self, seconds):
        """Whether the file was read within `seconds`."""
        end = time.monotonic() + seconds
        while self.name not in self.names():
            left = end - time.monotonic()
            if left <= 0:
                return False
            select.select([self.fd], [], [], left)
        return True


class Events(threading.Thread):
    """The versions an event stream of `server` sends, as they come."""

    def __init__(self, server):
        super().__init__(daemon=True)
        self.sock = server.connect(timeout=None)
        self.sock.sendall(f"GET /events HTTP/1.1\r\nHost: {server.host}\r\n\r\n".encode())
        self.versions = []
        self.start()

    def run(self):
        data = b""
        try:
            while chunk := self.sock.recv(4096):
                data += chunk
                while b"\n\n" in data:
                    event, data = data.split(b"\n\n", 1)
                    self.versions += [int(x[6:]) for x in event.split(b"\n") if x.startswith(b"data: ")]
        except OSError:
            return

    def close(self):
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.sock.close()


class Shown:
    """A file siege.json in a folder of its own (the page names the file),
    shown by `siege serve` in the players' view, and its event stream."""

    def __init__(self, program, folder, first):
        self.program = program
        os.mkdir(folder)
        self.folder, self.state = folder, os.path.join(folder, "siege.json")
        shutil.copyfile(first, self.state)
        self.reads = Reads(folder, "siege.json")
        self.server = Server(self)  # up once it has read the file
        self.events = Events(self.server)

    def put(self, state):
        """Puts a copy of `state` in place of the file, as one rename."""
        self.reads.names()
        shutil.copyfile(state, os.path.join(self.folder, "next.json"))
        os.replace(os.path.join(self.folder, "next.json"), self.state)

    def served(self):
        """(page, JSON), once the event stream has sent the version in them."""
        page, text = get(self.server, "/")[2], get(self.server, "/state.json")[2]
        version = json.loads(text)["version"]
        wait_until(lambda: self.events.versions[-1:] == [version], 5)
        return page, text

    def stop(self):
        self.events.close()
        os.close(self.reads.fd)
        return self.server.stop()


def put(pairs):
    """Puts each (Shown, state) of `pairs` in place; whether every server
    read its file within 10 s."""
    pairs = list(pairs)
    for shown, state in pairs:
        shown.put(state)
    return all([shown.reads.wait(10) for shown, _ in pairs])


def difference(a, b):
    """Where bytes `a` and `b` first differ, with a little of each."""
    at = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    return f"at byte {at}: {a[max(0, at - 30):at + 50]!r} against {b[max(0, at - 30):at + 50]!r}"


def compare(shown, what, entries, name):
    """The problem with what the two servers show, or None; `entries`: the
    players' entries of the siege they should show, `name` its name."""
    # The server lays a new version out in a thread of its own after it has
    # read the file: wait (at most 20 s) until each shows the players'
    # entries of this siege (a private note may be the first entry: two
    # sieges in turn may then both show none, told apart by their names).
    def shows(s):
        j = json.loads(get(s.server, "/state.json")[2])
        return j["log_entries"] == entries and j["name"] == name
    for s in shown:
        wait_until(lambda: shows(s), 20)
    (page, text), (less_page, less_text) = (s.served() for s in shown)
    if json.loads(less_text)["log_entries"] != entries:
        return f"{what}: the server of the siege less its hidden entries does not show its {entries} entries"
    differ = []
    if text != less_text:
        differ.append(f"its /state.json {difference(text, less_text)}")
    if page != less_page:
        differ.append(f"its page {difference(page, less_page)}")
    if shown[0].events.versions != shown[1].events.versions:
        differ.append(f"its event stream's versions {shown[0].events.versions} against "
                      f"{shown[1].events.versions}")
    if not differ:
        return None
    return f"{what}: the players' view of the whole siege is not the one of the siege less its hidden entries: " + \
        "; ".join(differ)


def at_lengths(program, work, rng, lengths, shown):
    """One siege at each of `lengths`, shown by the two servers in turn
    (started on the first); the problems."""
    problems = []
    for k, length in enumerate(lengths):
        seed = rng.randrange(2 ** 32)
        pair = Pair(program, os.path.join(work, f"siege{k}"), Script(random.Random(seed)))
        pair.grow(length)
        what = f"length {length} ({pair.hidden} hidden; seed {seed})"
        if problem := pair.problem():
            return problems + [f"{what}: the test's sieges are wrong: {problem}"]
        if length in (239, 240, 241) and not pair.hidden:
            return problems + [f"{what}: no hidden entry where the chart's points are thinned; take another --seed"]
        if not shown:
            shown += [Shown(program, os.path.join(work, name), state)
                      for name, state in (("whole", pair.whole), ("less", pair.less))]
        elif not put(zip(shown, (pair.whole, pair.less))):
            return problems + [f"{what}: a server did not read its file within 10 s"]
        if problem := compare(shown, what, len(log_of(pair.less)), pair.script.description["name"]):
            problems.append(problem)
    return problems


def step_by_step(program, work, rng, shown):
    """One siege grown from 236 entries to 242, an entry at a time, shown by
    the two servers: a scene at 237 leaves every gallery its days, and
    entries 238, 240 and 241 are hidden digs. The problem at the first entry
    where the two differ, if any."""
    seed = rng.randrange(2 ** 32)
    pair = Pair(program, os.path.join(work, "steps"), Script(random.Random(seed), week=True))
    pair.grow(236)
    if not put(zip(shown, (pair.whole, pair.less))):
        return ["236 entries: a server did not read its file within 10 s"]
    kinds = {237: "scene", 238: "hidden", 240: "hidden", 241: "hidden"}
    while (n := len(log_of(pair.whole))) < 242:
        text, hidden = pair.script.next(kinds.get(n + 1, "seen"))
        what = f"entry {n + 1} ({'hidden' if hidden else 'seen'}: {text}; seed {seed})"
        if hidden != (kinds.get(n + 1) == "hidden"):
            return [f"{what}: not the entry the test means"]
        pair.play([(text, hidden)])
        if len(log_of(pair.whole)) == n:
            continue  # refused, in both files
        if not put([(shown[0], pair.whole)] + ([] if hidden else [(shown[1], pair.less)])):
            return [f"{what}: a server did not read its file within 10 s"]
        if problem := pair.problem() or compare(shown, what, len(log_of(pair.less)), pair.script.description["name"]):
            return [problem]
    return []


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("siege")
    ap.add_argument("--seed", type=int, default=41)
    ap.add_argument("--lengths", help="the lengths of the sieges (default: LENGTHS and one drawn from 242 to 2999)")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    lengths = [int(x) for x in args.lengths.split(",")] if args.lengths else LENGTHS + [rng.randrange(242, 3000)]

    work = tempfile.mkdtemp(prefix="siege-players-view.")
    problems, shown = [], []
    try:
        os.mkdir(os.path.join(work, "data"))
        with open(os.path.join(work, "data", "structures.json"), "w") as f:
            json.dump([DEEP], f)
        os.environ["SIEGE_DATA"] = os.path.join(work, "data")  # the servers' tables too
        problems += at_lengths(args.siege, work, rng, sorted(lengths), shown)
        if shown:
            problems += step_by_step(args.siege, work, rng, shown)
    finally:
        for s in shown:
            if (code := s.stop()) != 0:
                problems.append(f"SIGTERM ended serve with {code}")
        shutil.rmtree(work, ignore_errors=True)
    finish(problems, f"serve: the players' view of a siege is the one of the siege less its hidden entries at "
                     f"{len(lengths)} lengths from {min(lengths)} to {max(lengths)} entries, and entry by entry "
                     f"from 236 to 242 (seed {args.seed})")


if __name__ == "__main__":
    main()
