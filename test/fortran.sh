#!/bin/sh
# The Fortran programs: a Fortran 77 program linked with -ltwofold alone, and
# a Fortran 2003 program that uses the module twofold.
. "$TF_SRCDIR/test/lib.sh"
[ -x ./test/f77_link ] || skip "built without a Fortran compiler"
needs_libraries ./test/f77_link
needs_libraries ./test/fortran_module
./test/f77_link || fail "Fortran 77 program linked with -ltwofold"
TWOFOLD_MODE=native ./test/fortran_module || fail "Fortran module program"
