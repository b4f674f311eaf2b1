# shellcheck shell=sh
# Sourced by the tests that run a tool siege does not build with: lintian,
# ShellCheck, mandoc, tmux, zsh and bash-completion, which
# `tools/install-deps --test` installs.
#
#   need_tool COMMAND PACKAGE    returns when COMMAND is on PATH
#   need_file FILE PACKAGE       returns when FILE exists
#
# Otherwise the test cannot run. Under tools/test-all (the README's test
# command and CI), which exports SIEGE_REQUIRE_TOOLS=1, that is a failure:
# exit 1. Elsewhere (ctest by hand) it is a skip: exit 77, CTest's
# SKIP_RETURN_CODE for these tests, with a line saying what to install.
missing_tool() {
    if [ "${SIEGE_REQUIRE_TOOLS:-0}" = 1 ]; then
        echo "FAIL: $1 is missing (apt-get install $2, or tools/install-deps --test)" >&2
        exit 1
    fi
    echo "skipped: $1 is missing (apt-get install $2, or tools/install-deps --test)"
    exit 77
}
need_tool() {
    command -v "$1" >/dev/null 2>&1 || missing_tool "$1" "$2"
}
need_file() {
    [ -e "$1" ] || missing_tool "$1" "$2"
}
