#!/bin/sh
# The WebAssembly package's tests (tools/test-all's wasm step), once
# `cmake --build --preset wasm` has built build/wasm/ and the release
# build build/release/siege:
#   - the package in node against the native program (node --test tests/wasm/);
#   - examples/calculator.html is the page the build writes now (current);
#   - the page in headless Chromium from file://: it starts, weighs, rolls,
#     and axe-core finds nothing at 390 and 1280 px.
set -eu
cd "$(dirname "$0")/../.."
SIEGE_BIN=build/release/siege SIEGE_NPM=build/wasm/npm node --test tests/wasm/
if ! cmp -s build/wasm/calculator.html examples/calculator.html; then
  echo "tests/wasm/run.sh: examples/calculator.html is not current: cp build/wasm/calculator.html examples/" >&2
  exit 1
fi
axe_pins=tests/chronicle/axe
# shellcheck source=../chronicle/axe/axe.sh
. "$axe_pins/axe.sh"
python3 tests/wasm/check_calculator.py build/release/siege examples/calculator.html "$axe_js" "$(command -v chromium)"
