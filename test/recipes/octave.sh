#!/bin/sh
# Octave with libtwofold preloaded (README, "Octave"): Debian's octave calls
# libblas.so.3 and liblapack.so.3, and LD_PRELOAD puts twofold's BLAS
# first.  octave_cases.m computes an ill-conditioned A * B (dgemm_), whose
# correctly rounded result is known, and A \ b: without twofold the product
# is wrong in every element, with it every element must be correctly
# rounded, and the TWOFOLD_LOG=1 report must show dgemm_ and the BLAS calls
# of the solve (dtrsm_) computed by twofold.  Skipped where octave-cli is
# missing (build-aux/install-deps installs octave).
. "$TF_SRCDIR/test/recipes/lib.sh"
octave=$(command -v octave-cli) || skip "no octave-cli (build-aux/install-deps installs octave)"
cases=$(cd "$TF_SRCDIR" && pwd)/test/recipes/octave_cases.m
run_octave() { "$octave" --norc --no-history --quiet --no-window-system --eval "source('$cases')"; }

with_and_without run_octave octave_cases.m 'A * B'
expect_computed "$work/log" dgemm_ dtrsm_
echo "PASS: Octave's A * B correctly rounded by twofold; A \\ b's BLAS calls computed by twofold"
