#!/bin/sh
# Runs bench/call_overhead with the reference BLAS alone and with libtwofold
# preloaded in cpu mode (forwarding only), and prints both and the difference.
#   call_overhead.sh BUILDDIR
build=${1:-.}
program=$build/bench/call_overhead
[ -x "$program" ] || { echo "build $program first (make bench)"; exit 1; }
unset TWOFOLD_LOG
"$program" > "${TMPDIR:-/tmp}/overhead.ref"
TWOFOLD_MODE=cpu LD_PRELOAD=$build/.libs/libtwofold.so "$program" > "${TMPDIR:-/tmp}/overhead.tf"
echo "% routine  n  reference_ns  twofold_ns  added_ns"
paste "${TMPDIR:-/tmp}/overhead.ref" "${TMPDIR:-/tmp}/overhead.tf" |
	awk '!/^%/ { printf "%-7s %3d %12.1f %11.1f %9.1f\n", $1, $2, $3, $6, $6 - $3 }'
rm -f "${TMPDIR:-/tmp}/overhead.ref" "${TMPDIR:-/tmp}/overhead.tf"
