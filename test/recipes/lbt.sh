#!/bin/sh
# The Julia recipe without Julia (README, "Julia"): test/recipes/lbt_load
# loads libtwofold as libblastrampoline does, makes its probes (name
# suffix, LP64 or ILP64, complex return style, f2c) and calls dgemm_ and
# dscal_ (and their 64_ forms) through trampolines of its own, as Julia's
# calls go through LBT's.  The TWOFOLD_LOG report must show the product
# computed by twofold and a CPU BLAS not found "next in lookup order" (that
# would be the trampolines).  Skipped, after the LP64 part passes, where
# libtwofold has no 64_ names.
. "$TF_SRCDIR/test/lib.sh"
[ -f "$TF_LIB" ] || fail "no library $TF_LIB"
program=$TF_BUILDDIR/test/recipes/lbt_load
[ -x "$program" ] || fail "no $program (make check-programs)"
TWOFOLD_MODE=dd TWOFOLD_LOG=1 "$program" "$TF_LIB" > "$work/out" 2> "$work/log"
status=$?
cat "$work/out"
[ $status = 0 ] || [ $status = 77 ] || { cat "$work/log"; fail "lbt_load (exit status $status)"; }
line=$(grep -E '^twofold: dgemm_ +[0-9]+ ' "$work/log")
case $line in
*cpu-dd*|*gpu*) echo "$line" ;;
*) cat "$work/log"; fail "the TWOFOLD_LOG report does not show dgemm_ computed by twofold" ;;
esac
cpu_blas=$(grep '^twofold: mode' "$work/log")
echo "$cpu_blas"
case $cpu_blas in
*"next in lookup order"*) fail "libtwofold took the trampolines for its CPU BLAS" ;;
esac
[ $status = 0 ] || skip "LP64 probes and calls pass; libtwofold has no 64_ names (ILP64) to test"
echo "PASS: libtwofold passes LBT's probes, LP64 and ILP64, and computes the calls that reach it through trampolines"
