#!/bin/sh
# make uninstall removes every file that make install put down.  Automake's
# uninstall rules remove files, not directories; twofold's own directories
# (INCLUDEDIR/twofold, LIBDIR/cmake/twofold) go too, by the uninstall-hook
# of Makefile.am, and the directories that other packages share (bin,
# include, lib, lib/pkgconfig, lib/cmake, share/man/man1 ...) stay.
. "$TF_SRCDIR/test/lib.sh"
install_twofold
installed=$(cd "$root" && find . \( -type f -o -type l \) | wc -l)
[ "$installed" -gt 0 ] || fail "make install put down no files"
make -C "$TF_BUILDDIR" uninstall DESTDIR="$root" > "$work/uninstall.log" 2>&1 ||
	{ tail -20 "$work/uninstall.log"; fail "make uninstall"; }
left=$(cd "$root" && find . ! -type d | sort)
[ -z "$left" ] || fail "make uninstall leaves $(echo "$left" | wc -l) of $installed files: $(echo $left)"
echo "make uninstall removed all $installed files"
own=$(cd "$root" && find . -type d -name twofold | sort)
[ -z "$own" ] || fail "make uninstall leaves twofold's own directories: $(echo $own)"
echo "directories left (shared with other packages): $(cd "$root" && find . -mindepth 1 -type d | sort | tr '\n' ' ')"

# A second uninstall finds nothing to remove and does not fail.
make -C "$TF_BUILDDIR" uninstall DESTDIR="$root" > "$work/uninstall2.log" 2>&1 ||
	{ tail -20 "$work/uninstall2.log"; fail "make uninstall, run again over an uninstalled tree"; }
