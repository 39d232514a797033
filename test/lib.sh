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
#   reference_blas_first
#                     puts TF_REFERENCE_BLAS first as libblas.so.3 (the
#                     system's may be another BLAS, by Debian's
#                     alternatives), for the programs run after it
#   reference_blas_program PROGRAM
#                     for a BLAS test PROGRAM (built with MPFR, judged
#                     against the reference BLAS): skips where it was not
#                     built or TF_REFERENCE_BLAS is missing, clears the
#                     settings that choose twofold's CPU kernels and
#                     threads, and puts the reference first as
#                     libblas.so.3; sets $program
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
reference_blas_first() {
	mkdir "$work/lib" && ln -s "$TF_REFERENCE_BLAS" "$work/lib/libblas.so.3"
	export LD_LIBRARY_PATH=$work/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
}
reference_blas_program() {
	program=$1
	[ -x "$program" ] || skip "$program was not built (it needs MPFR and the reference BLAS)"
	[ -f "$TF_REFERENCE_BLAS" ] || skip "the reference BLAS $TF_REFERENCE_BLAS is not on this machine"
	unset TWOFOLD_CPU_BLAS TWOFOLD_NUM_THREADS TWOFOLD_CPU_KERNEL
	reference_blas_first
}
