#!/bin/sh
# Runs one of the Fortran test programs (test/fortran/NAME), built only
# where configure found a Fortran compiler and fypp.
. "$TF_SRCDIR/test/lib.sh"
program=./test/fortran/$1
[ -x "$program" ] || skip "$program not built (no Fortran compiler or fypp, or --disable-fortran)"
needs_libraries "$program"
"$program" || fail "$program"
