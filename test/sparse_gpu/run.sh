#!/bin/sh
# Runs a program of the sparse GPU tests; skips where it was not built (a
# build without CUDA or MPFR).
#   run.sh PROGRAM [ARGS...]
[ -x "$1" ] || { echo "$1 not built"; exit 77; }
exec "$@"
