#!/bin/sh
# R with libtwofold preloaded (README, "R"): Debian's r-base-core calls
# libblas.so.3 (%*%: dgemm_) and liblapack.so.3 (solve: dgesv_), and
# LD_PRELOAD puts twofold's first.  r_cases.R computes an ill-conditioned
# A %*% B whose correctly rounded result is known, and solve(H, b): without
# twofold the product is wrong in every element, with it every element
# must be correctly rounded, and the TWOFOLD_LOG=1 report must show dgemm_
# and dgesv_ computed by twofold.  Skipped where Rscript is missing
# (build-aux/install-deps installs r-base-core).
. "$TF_SRCDIR/test/lib.sh"
[ -f "$TF_LIB" ] || fail "no library $TF_LIB"
rscript=$(command -v Rscript) || skip "no Rscript (build-aux/install-deps installs r-base-core)"
cases=$(cd "$TF_SRCDIR" && pwd)/test/recipes/r_cases.R
run_r() { "$rscript" --vanilla "$cases"; }

run_r > "$work/without" 2>&1 || { cat "$work/without"; fail "r_cases.R fails without twofold"; }
echo "without twofold:"
cat "$work/without"
grep -q '^matmul differs' "$work/without" ||
	fail "A %*% B is correctly rounded without twofold: R does not call dgemm_ here, or the case cannot tell"

LD_PRELOAD=$TF_LIB TWOFOLD_MODE=dd TWOFOLD_LOG=1 run_r > "$work/with" 2> "$work/log" ||
	{ cat "$work/with" "$work/log"; fail "r_cases.R fails with libtwofold preloaded"; }
echo "with libtwofold preloaded:"
cat "$work/with"
grep -q '^matmul exact' "$work/with" || fail "A %*% B: not correctly rounded with libtwofold preloaded"
for routine in dgemm_ dgesv_; do
	line=$(grep -E "^twofold: $routine +[0-9]+ " "$work/log")
	[ -n "$line" ] || { cat "$work/log"; fail "the TWOFOLD_LOG report does not count $routine"; }
	case $line in
	*cpu-blas*) fail "$routine was forwarded to the CPU BLAS: $line" ;;
	esac
	echo "$line"
done
echo "PASS: R's %*% correctly rounded by twofold; solve() through twofold's dgesv_"
