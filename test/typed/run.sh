#!/bin/sh
# Runs a typed test program (built only with MPFR) as a test.
#   run.sh PROGRAM [ARGS...]
. "$TF_SRCDIR/test/lib.sh"
[ -x "$1" ] || skip "$1 was not built (it needs MPFR)"
"$@"
