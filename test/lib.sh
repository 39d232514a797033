# Shared by the test scripts: sourced, not run.
#   fail MESSAGE      the test fails
#   skip MESSAGE      the test cannot run here (exit 77)
#   $work             a scratch directory, removed at exit
#   install_twofold   make install into $root ($work/root); sets $prefix, the
#                     configured prefix, and $pc, the installed twofold.pc;
#                     skips where make would regenerate the build system
#   needs_libraries PROGRAM
#                     skips when the built PROGRAM needs a shared library that
#                     this machine lacks (a build tree moved to a machine
#                     without gfortran's libgfortran, say)
fail() { echo "FAIL: $*"; exit 1; }
skip() { echo "SKIP: $*"; exit 77; }
work=$(mktemp -d "${TMPDIR:-/tmp}/twofold-test.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
install_twofold() {
	root=$work/root
	# A build tree moved without the generated build system beside its
	# sources (configure, Makefile.in, build-aux) would have make rebuild it
	# with the autotools, which a machine that only runs the tests may lack.
	make -s -q -C "$TF_BUILDDIR" Makefile > /dev/null 2>&1 ||
		skip "make would first regenerate the build system (a moved build tree without configure and Makefile.in): not installing"
	make -C "$TF_BUILDDIR" install DESTDIR="$root" > "$work/install.log" 2>&1 ||
		{ tail -20 "$work/install.log"; fail "make install"; }
	prefix=$(sed -n 's/^prefix=//p' "$TF_BUILDDIR/twofold.pc")
	pc=$(find "$root" -name twofold.pc)
	[ -n "$pc" ] || fail "twofold.pc not installed"
}
needs_libraries() {
	# libtool's wrapper script runs the program in .libs, libtwofold found
	# through the LD_LIBRARY_PATH it sets: only the others are looked for.
	binary=$1
	[ -f "$(dirname "$1")/.libs/$(basename "$1")" ] && binary=$(dirname "$1")/.libs/$(basename "$1")
	command -v ldd > /dev/null || return 0
	missing=$(ldd "$binary" 2> /dev/null |
		awk '$2 == "=>" && $3 == "not" && $1 !~ /^libtwofold\./ { print $1 }' | tr '\n' ' ')
	[ -z "$missing" ] || skip "$1 needs ${missing% }, not found on this machine"
}
