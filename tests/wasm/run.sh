#!/bin/sh
# The WebAssembly package's tests (tools/test-all's wasm step), once
# `cmake --build --preset wasm` has built build/wasm/ and the release
# build build/release/siege:
#   - the package in node against the native program (node --test tests/wasm/);
#   - examples/calculator.html is the page the build writes now (current);
#   - the page in headless Chromium from file://: it starts, weighs, rolls,
#     and axe-core finds nothing at 390 and 1280 px;
#   - `npm pack` of the package, installed from its tarball into a new
#     project (offline), is imported by its name and answers.
set -eu
cd "$(dirname "$0")/../.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The evenings (half the node tests' time, most of it spent waiting on the
# native program) run in a node of their own beside the other files, one a
# core; their report follows the others'.
export SIEGE_BIN=build/release/siege SIEGE_NPM=build/wasm/npm
node --test tests/wasm/evenings.test.mjs >"$work/evenings.log" 2>&1 &
evenings=$!
status=0
set --
for f in tests/wasm/*.test.mjs; do
  [ "$f" = tests/wasm/evenings.test.mjs ] || set -- "$@" "$f"
done
node --test "$@" || status=$?
wait "$evenings" || status=$?
cat "$work/evenings.log"
[ "$status" = 0 ] || exit "$status"
(cd build/wasm/npm && npm pack --silent --pack-destination "$work" >/dev/null)
mkdir "$work/tabletop"
(cd "$work/tabletop" && npm init -y >/dev/null && npm install --offline --no-audit --no-fund --silent "$work"/siege-rules-*.tgz)
(cd "$work/tabletop" && node --input-type=module -e "
import { createSiege } from 'siege-rules';
const s = await createSiege();
const o = s.resolve({ action: 'attack', structure: 'curtain-wall', weapon: 'cannon', successes: 3 });
if (o.hull.after !== o.damage) throw new Error('unexpected outcome: ' + JSON.stringify(o.hull));
console.log('tests/wasm/run.sh: siege-rules ' + s.version.version + ' installed from its tarball answers');
")
if ! cmp -s build/wasm/calculator.html examples/calculator.html; then
  echo "tests/wasm/run.sh: examples/calculator.html is not current: cp build/wasm/calculator.html examples/" >&2
  exit 1
fi
axe_pins=tests/chronicle/axe
# shellcheck source=../chronicle/axe/axe.sh
. "$axe_pins/axe.sh"
python3 tests/wasm/check_calculator.py build/release/siege examples/calculator.html "$axe_js" "$(command -v chromium)"
