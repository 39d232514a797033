#!/bin/sh
# make install puts the library, twofold.h, the Fortran module and
# twofold.pc (relative to its prefix, no hard-coded libdir) in place, and a
# C and a Fortran program build against the installed copy and run.
. "$TF_SRCDIR/test/lib.sh"
install_twofold
for file in twofold.h libtwofold.so libtwofold.so.0; do
	[ -n "$(find "$root" -name "$file")" ] || fail "$file not installed"
done
grep -q '^libdir=\${exec_prefix}/' "$pc" || grep -q '^libdir=\${prefix}/' "$pc" ||
	fail "twofold.pc hard-codes its libdir: $(grep ^libdir= "$pc")"
echo "installed: $(cd "$root" && find . -type f | sort | tr '\n' ' ')"

# Build against the installed copy, found through pkg-config.
command -v pkg-config > /dev/null || skip "no pkg-config"
export PKG_CONFIG_PATH=$(dirname "$pc")
flags="$(pkg-config --define-variable=prefix="$root$prefix" --cflags --libs twofold)"
libdir=$(pkg-config --define-variable=prefix="$root$prefix" --variable=libdir twofold)
cc -o "$work/print_mode" "$TF_SRCDIR/test/print_mode.c" $flags ||
	fail "C program does not build against the installed twofold"
LD_LIBRARY_PATH=$libdir "$work/print_mode" || fail "C program against the installed twofold"
if [ -z "$(find "$root" -name twofold.mod)" ]; then
	echo "no Fortran module installed (built without a Fortran compiler)"
elif ! command -v gfortran > /dev/null; then
	echo "twofold.mod installed; no gfortran here to build a program against it"
else
	fmoddir=$(pkg-config --define-variable=prefix="$root$prefix" --variable=fmoddir twofold)
	[ -f "$fmoddir/twofold.mod" ] || fail "twofold.mod is not in fmoddir $fmoddir"
	gfortran -o "$work/fortran_module" "$TF_SRCDIR/test/fortran_module.f90" -I"$fmoddir" $flags ||
		fail "Fortran program does not build against the installed module"
	TWOFOLD_MODE=native LD_LIBRARY_PATH=$libdir "$work/fortran_module" ||
		fail "Fortran program against the installed module"
fi
