# Shared by the test scripts: sourced, not run.
#   fail MESSAGE      the test fails
#   skip MESSAGE      the test cannot run here (exit 77)
#   $work             a scratch directory, removed at exit
#   install_twofold   make install into $root ($work/root); sets $prefix, the
#                     configured prefix, and $pc, the installed twofold.pc
fail() { echo "FAIL: $*"; exit 1; }
skip() { echo "SKIP: $*"; exit 77; }
work=$(mktemp -d "${TMPDIR:-/tmp}/twofold-test.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
install_twofold() {
	root=$work/root
	make -C "$TF_BUILDDIR" install DESTDIR="$root" > "$work/install.log" 2>&1 ||
		{ tail -20 "$work/install.log"; fail "make install"; }
	prefix=$(sed -n 's/^prefix=//p' "$TF_BUILDDIR/twofold.pc")
	pc=$(find "$root" -name twofold.pc)
	[ -n "$pc" ] || fail "twofold.pc not installed"
}
