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

# Exactly the files of test/installed_files.txt, at the places twofold.pc
# names (the .mod files when the Fortran modules are built).
pc_variable() { sed -n "s/^$1=//p" "$pc"; }
exec_prefix=$(pc_variable exec_prefix | sed "s|\${prefix}|$prefix|")
includedir=$(pc_variable includedir | sed "s|\${prefix}|$prefix|")
libdir=$(pc_variable libdir | sed "s|\${exec_prefix}|$exec_prefix|; s|\${prefix}|$prefix|")
fmoddir=$(pc_variable fmoddir | sed "s|\${includedir}|$includedir|; s|\${prefix}|$prefix|")
# bindir and mandir (twofold-solve and its manual page) are not in
# twofold.pc: they come from the build's Makefile.
make_variable() { sed -n "s/^$1 = //p" "$TF_BUILDDIR/Makefile"; }
datarootdir=$(make_variable datarootdir | sed "s|\${prefix}|$prefix|")
bindir=$(make_variable bindir | sed "s|\${exec_prefix}|$exec_prefix|; s|\${prefix}|$prefix|")
mandir=$(make_variable mandir | sed "s|\${datarootdir}|$datarootdir|; s|\${prefix}|$prefix|")
grep -v '^#' "$TF_SRCDIR/test/installed_files.txt" |
	{ if [ -f "$TF_BUILDDIR/fortran/twofold.mod" ]; then cat; else grep -v '\.mod$'; fi; } |
	sed "s|\${includedir}|$includedir|; s|\${libdir}|$libdir|; s|\${fmoddir}|$fmoddir|
	     s|\${bindir}|$bindir|; s|\${mandir}|$mandir|" |
	sort > "$work/expected-files"
(cd "$root" && find . -type f -o -type l) | sed 's|^\.||' | sort > "$work/installed-files"
if ! diff "$work/expected-files" "$work/installed-files" > "$work/files-diff"; then
	grep '^[<>]' "$work/files-diff"
	fail "make install does not put down the files of test/installed_files.txt (< expected, > installed)"
fi
echo "installed files: as test/installed_files.txt lists them"

# The installed twofold-info runs against the installed library, and its
# manual pages are where man looks (man1, man7 under mandir).
version=$(LD_LIBRARY_PATH=$root$libdir "$root$bindir/twofold-info" --version) ||
	fail "the installed twofold-info --version"
[ "$version" = "$(sed -n 's/^Version: *//p' "$pc")" ] ||
	fail "the installed twofold-info says version $version, twofold.pc another"
echo "installed twofold-info: version $version"

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
