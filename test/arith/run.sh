#!/bin/sh
# run.sh NAME: runs the unit test test/arith/NAME of the build directory
# (against MPFR); skips when it was not built, configure having found no MPFR.
. "$TF_SRCDIR/test/lib.sh"
program=./test/arith/$1
[ -x "$program" ] || skip "$program not built (configure found no MPFR)"
exec "$program"
