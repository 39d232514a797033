#!/bin/sh
# Runs one of the Fortran test programs (test/fortran/NAME), built only
# where configure found a Fortran compiler and fypp.
. "$TF_SRCDIR/test/lib.sh"
program=./test/fortran/$1
[ -x "$program" ] || skip "$program not built (no Fortran compiler, or no fypp for the modules)"
"$program" || fail "$program"
