#!/bin/sh
# Runs one of the Fortran test programs (test/fortran/NAME), built only
# where configure found a Fortran compiler.
. "$TF_SRCDIR/test/lib.sh"
program=./test/fortran/$1
[ -x "$program" ] || skip "$program not built (no Fortran compiler)"
"$program" || fail "$program"
