# Shared by the test scripts: sourced, not run.
#   fail MESSAGE   the test fails
#   skip MESSAGE   the test cannot run here (exit 77)
#   $work          a scratch directory, removed at exit
fail() { echo "FAIL: $*"; exit 1; }
skip() { echo "SKIP: $*"; exit 77; }
work=$(mktemp -d "${TMPDIR:-/tmp}/twofold-test.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
