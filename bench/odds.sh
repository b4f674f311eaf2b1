#!/bin/sh
# Speed of `siege odds scene` (issue 6: odds of the coming scenes), and of
# the largest odds questions the work budget lets through (issue 14).
#
#   bench/odds.sh [path/to/siege]
#
# A siege with 4 besieger engines on one section, each of them shot at by a
# defender engine (so the chain is joint over the wall and all 4 engines),
# looked at 4 scenes ahead. Prints the median wall time of one
# `siege --state FILE odds scene --scenes 4`, process start included
# (hyperfine when installed, else a timed loop), against the 50 ms target,
# and the instructions it executes (callgrind, when installed; repeatable
# whatever the load).
#
# Then the worst questions allowed: for each odds subcommand, the largest
# one found (by walking the options' bounds, with the built-in tables and
# with homebrew tables at their schemas' bounds) that is answered rather
# than refused as too-large. Prints each one's median CPU time of 3 runs
# against the 1 s target. Exits 1 if a target is missed.
set -eu
siege=${1:-build/release/siege}
[ -x "$siege" ] || { echo "no siege binary at $siege (build first)" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
. "$here/lib.sh"
how=$(timing_method)

cat >"$work/description.json" <<'JSON'
{
  "name": "Four guns on the north wall",
  "sections": [{"id": "north-wall", "structure": "curtain-wall", "hull_suffered": 3}],
  "besiegers": [
    {"id": "great-bombard", "engine": "bombard", "pool": 4, "target": "north-wall"},
    {"id": "cannon-1", "weapon": "cannon", "pool": 3, "target": "north-wall"},
    {"id": "cannon-2", "weapon": "cannon", "pool": 3, "target": "north-wall"},
    {"id": "trebuchet", "engine": "trebuchet", "pool": 3, "target": "north-wall"}
  ],
  "defenders": [
    {"id": "wall-gun", "weapon": "culverin", "pool": 3, "target": "great-bombard"},
    {"id": "tower-gun", "weapon": "cannon", "pool": 3, "target": "cannon-1"},
    {"id": "gate-mangonel", "weapon": "mangonel", "pool": 3, "target": "cannon-2"},
    {"id": "keep-ballista", "weapon": "ballista", "pool": 3, "target": "trebuchet"}
  ]
}
JSON
state=$work/siege.json
"$siege" init "$state" --from "$work/description.json" >/dev/null
set -- "$siege" --state "$state" odds scene --scenes 4
"$@" >/dev/null

fail=0
median=$(median_seconds "$@")
ms=$(python3 -c "print(f'{$median * 1000:.1f}')")
verdict=$(python3 -c "print('ok' if $median < 0.050 else 'OVER')")
echo "odds scene: 4 engines (each shot at) on one section, 4 scenes: median $ms ms ($how; target < 50 ms) $verdict"
[ "$verdict" = ok ] || fail=1

n=$(instructions "$@")
[ -z "$n" ] || echo "odds scene: $n instructions per run"

# Grand batteries (issue 27): many besieger guns on one bastion, each shot
# at by a defender gun, 4 scenes. Guns alike are counted by class (how many
# are still in action), so forty identical ones answer; as many distinct
# ones as the budget allows answer, and one more is refused at once.
python3 - "$siege" "$work" <<'PY' || fail=1
import json, os, resource, statistics, subprocess, sys
siege, work = sys.argv[1], sys.argv[2]
def battery(name, guns):
    """guns: (weapon, pool, hull_suffered) of each besieger gun, in order."""
    d = {"name": name, "sections": [{"id": "bastion", "structure": "bastion"}], "besiegers": [], "defenders": []}
    for i, (weapon, pool, suffered) in enumerate(guns):
        d["besiegers"].append({"id": f"gun-{i}", "engine": weapon, "pool": pool, "hull_suffered": suffered,
                               "target": "bastion"})
        d["defenders"].append({"id": f"wall-gun-{i}", "weapon": "cannon", "pool": 3, "target": f"gun-{i}"})
    path = os.path.join(work, name + ".json")
    json.dump(d, open(path + ".in", "w"))
    subprocess.run([siege, "init", path, "--from", path + ".in"], check=True, stdout=subprocess.DEVNULL)
    return path
def distinct(n):  # all different: each its own class
    return [(("cannon", "culverin")[i % 2], 1 + i // 2 % 4, i // 8) for i in range(n)]
cases = [  # (what, guns, scenes, answered?, target seconds)
    ("11 identical cannons", [("cannon", 3, 0)] * 11, 4, True, 1.0),
    ("14 identical cannons", [("cannon", 3, 0)] * 14, 4, True, 1.0),
    ("20 distinct: 10 cannons, then 10 culverins", [("cannon", 3, 0)] * 10 + [("culverin", 3, 0)] * 10, 4, True, 1.0),
    ("40 identical cannons", [("cannon", 3, 0)] * 40, 4, True, 1.0),
    ("40 identical cannons (about the most scenes allowed)", [("cannon", 3, 0)] * 40, 10, True, 1.0),
    ("40 identical cannons (too many scenes)", [("cannon", 3, 0)] * 40, 12, False, 0.05),
    ("11 all different", distinct(11), 4, True, 1.0),
    ("14 all different", distinct(14), 4, False, 0.05),
    ("40 all different", distinct(40), 4, False, 0.05),
]
over = False
for i, (what, guns, scenes, answered, target) in enumerate(cases):
    state = battery(f"battery-{i}", guns)
    times = []
    for _ in range(3):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        p = subprocess.run([siege, "--state", state, "--json", "odds", "scene", "--scenes", str(scenes)],
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        times.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    t = statistics.median(times)
    got = "answered" if p.returncode == 0 else "refused" if "too-large" in p.stderr or "too large" in p.stderr else "FAILED"
    verdict = "ok" if t < target and got == ("answered" if answered else "refused") else "OVER"
    over = over or verdict != "ok"
    print(f"odds scene, battery on a bastion: {what}, {scenes} scenes: {got}, median {t * 1000:.0f} ms CPU "
          f"(3 runs; target: {'answered' if answered else 'refused'} in < {target * 1000:.0f} ms) {verdict}")
sys.exit(1 if over else 0)
PY

# The worst questions allowed (see docs/json.md, "Bounded work").
huge=$work/huge
mkdir "$huge"
python3 - "$huge" <<'PY'
import json, random, sys
d = sys.argv[1]
rng = random.Random(12345)
faces = {}
for k, kind in enumerate(["skill", "difficulty", "bane", "boon"]):
    sym = ["success", "failure", "boon", "bane"]
    faces[kind] = [[sym[k] if rng.random() < 0.8 else rng.choice(sym) for _ in range(f % 11)] for f in range(100)]
json.dump({"faces": faces, "difficulty_dice": {"easy": 50, "average": 50, "hard": 50, "daunting": 50}},
          open(d + "/dice.json", "w"))
json.dump([{"id": "huge-keep", "name": "Huge keep", "armor": 1000, "hull": 1000, "tags": [],
            "variants": [{"id": "portcullis", "armor": 1000, "hull_bonus": 1000}], "notes": ""}],
          open(d + "/structures.json", "w"))
PY
python3 - "$siege" "$huge" <<'PY' || fail=1
import os, resource, statistics, subprocess, sys
siege, huge = sys.argv[1], sys.argv[2]
worst = [
    ["odds", "attack", "-s", "bastion", "-w", "cannon", "--attacks", "1000"],
    ["odds", "attack", "-s", "bastion", "-w", "cannon", "--attacks", "150", "--pool", "50"],
    ["odds", "check", "-d", "daunting", "--pool", "50", "--bane-dice", "50", "--boon-dice", "50"],
    ["odds", "--compare", "--attacks", "300"],
    ["odds", "demolish", "-s", "bastion", "-c", "powder-keg:100", "--pool", "50"],
    ["odds", "escalade", "--method", "ladder", "--attackers", "1000", "--ladders", "10"],
    ["odds", "mine", "-s", "concrete-fortress", "--sapper-pool", "50", "--defender-pool", "50"],
    ["--data", huge, "odds", "attack", "-s", "huge-keep", "--portcullis", "-w", "cannon", "--successes", "1",
     "--attacks", "1000"],
    ["--data", huge, "odds", "escalade", "--method", "ladder", "--attackers", "10000", "--ladders", "1000",
     "--successes-per-round", "1000"],
]
over = False
for args in worst:
    times = []
    for _ in range(3):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        p = subprocess.run([siege, *args, "--json"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        times.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    t = statistics.median(times)
    what = " ".join(a if a != huge else "HOMEBREW" for a in args)
    if p.returncode != 0:
        print(f"worst allowed: {what}: refused ({p.stderr.strip()[:120]}), so not the worst allowed: FIX THE LIST")
        over = True
        continue
    verdict = "ok" if t < 1.0 else "OVER"
    over = over or verdict != "ok"
    print(f"worst allowed: {what}: median {t * 1000:.0f} ms CPU (3 runs; target < 1 s) {verdict}")
sys.exit(1 if over else 0)
PY
exit $fail
