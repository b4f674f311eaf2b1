# shellcheck shell=sh disable=SC2154 # $siege is the sourcing script's
# Shared by the reliability tests: a scratch folder with a homebrew "keep"
# (Hull 1000, Armor 0) and a siege state file on it.
#   . common.sh; setup_state   -> $work, $data, $state
set -eu
work=$(mktemp -d "${TMPDIR:-/tmp}/siege-rel.XXXXXX")
trap 'rm -rf "$work"' EXIT
data=$work/data
state=$work/siege.json
fail() { echo "FAIL: $*" >&2; exit 1; }
setup_state() {
  mkdir -p "$data"
  cat >"$data/structures.json" <<'JSON'
[{"id": "great-keep", "name": "Homebrew keep", "armor": 0, "hull": 1000,
  "notes": "Large enough that no test here caps its Hull."}]
JSON
  cat >"$work/desc.json" <<'JSON'
{"schema": 1, "name": "Reliability", "scene_length": "week",
 "sections": [{"id": "keep", "structure": "great-keep"}]}
JSON
  "$siege" --data "$data" init "$state" --from "$work/desc.json" >/dev/null
}
# One update, one log entry: DAMAGE more Hull on the keep (0: the referee's
# roll misses; N: an N-1 Hull damage weapon hitting with 1 net success).
update() {
  if [ "$1" -eq 0 ]; then set -- --hull-damage 0 --successes 0
  else set -- --hull-damage $(($1 - 1)) --successes 1; fi
  "$siege" --data "$data" --seed 1 --state "$state" attack --section keep "$@"
}
suffered() {
  "$siege" --data "$data" --json --state "$state" status | python3 -c 'import json,sys; s=json.load(sys.stdin); print(s["sections"][0]["hull"]["suffered"], s["log_entries"])'
}
