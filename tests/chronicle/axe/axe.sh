# shellcheck shell=sh
# Where axe-core, the accessibility engine of the chronicle's browser test,
# is installed: one release, pinned by package.json and package-lock.json
# beside this file (the lock holds its integrity hash), installed by
# `tools/install-deps --test` with npm outside the source tree, so that
# every clone and worktree shares it. Sourced by tools/install-deps and
# tests/chronicle/check_browser.sh, which set axe_pins to this folder first.
#
#   axe_version   the pinned release (from package.json)
#   axe_dir       the npm prefix it is installed under (SIEGE_AXE_DIR overrides it)
#   axe_js        the script a page loads
axe_version=$(sed -n 's/^ *"axe-core": *"\([0-9.]*\)".*/\1/p' "${axe_pins:?}/package.json")
axe_dir=${SIEGE_AXE_DIR:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/siege/axe-core-$axe_version}
# shellcheck disable=SC2034 # read by the scripts that source this file
axe_js=$axe_dir/node_modules/axe-core/axe.min.js
