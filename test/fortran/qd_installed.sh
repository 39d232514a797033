#!/bin/sh
# A program that uses QD's ddmodule and takes the BLAS from module twofold
# (test/fortran/qd_interop.f90) builds against the installed module and
# library (make install DESTDIR=...) and runs.  Skips where configure found
# no QD Fortran module.
. "$TF_SRCDIR/test/lib.sh"
setting() { sed -n "s/^$1 = //p" "$TF_BUILDDIR/Makefile"; }
fc=$(setting FC)
qd_fmoddir=$(setting QD_FMODDIR)
qd_flibs=$(setting QD_FLIBS)
[ -n "$fc" ] || skip "built without a Fortran compiler"
command -v "${fc%% *}" > /dev/null || skip "$fc, the Fortran compiler of the build, is not on this machine"
[ -n "$qd_fmoddir" ] || skip "QD's Fortran module (ddmodule.mod) not found by configure"
install_twofold
command -v pkg-config > /dev/null || skip "no pkg-config"
variable() {
	PKG_CONFIG_PATH=$(dirname "$pc") pkg-config --define-variable=prefix="$root$prefix" \
		--variable="$1" twofold
}
fmoddir=$(variable fmoddir)
libdir=$(variable libdir)
for module in twofold twofold_operators; do
	[ -f "$fmoddir/$module.mod" ] || fail "$module.mod not installed in $fmoddir"
done
echo "installed modules in $fmoddir, library in $libdir"
$fc -o "$work/qd_interop" "$TF_SRCDIR/test/fortran/qd_interop.f90" -I"$fmoddir" -I"$qd_fmoddir" \
	-L"$libdir" -ltwofold $qd_flibs ||
	fail "a QD program does not build against the installed module twofold"
LD_LIBRARY_PATH=$libdir "$work/qd_interop" || fail "QD program against the installed twofold"
