#!/bin/sh
# R with libtwofold preloaded (README, "R"): Debian's r-base-core calls
# libblas.so.3 (%*%: dgemm_) and liblapack.so.3 (solve: dgesv_), and
# LD_PRELOAD puts twofold's first.  r_cases.R computes an ill-conditioned
# A %*% B whose correctly rounded result is known, and solve(H, b): without
# twofold the product is wrong in every element, with it every element
# must be correctly rounded, and the TWOFOLD_LOG=1 report must show dgemm_
# and dgesv_ computed by twofold.  Skipped where Rscript is missing
# (build-aux/install-deps installs r-base-core).
. "$TF_SRCDIR/test/recipes/lib.sh"
rscript=$(command -v Rscript) || skip "no Rscript (build-aux/install-deps installs r-base-core)"
cases=$(cd "$TF_SRCDIR" && pwd)/test/recipes/r_cases.R
run_r() { "$rscript" --vanilla "$cases"; }

with_and_without run_r r_cases.R 'A %*% B'
expect_computed "$work/log" dgemm_ dgesv_
echo "PASS: R's %*% correctly rounded by twofold; solve() through twofold's dgesv_"
