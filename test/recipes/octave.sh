#!/bin/sh
# Octave with libtwofold preloaded (README, "Octave"): Debian's octave calls
# libblas.so.3 and liblapack.so.3, and LD_PRELOAD puts twofold's BLAS
# first.  octave_cases.m computes an ill-conditioned A * B (dgemm_), whose
# correctly rounded result is known, and A \ b: without twofold the product
# is wrong in every element, with it every element must be correctly
# rounded, and the TWOFOLD_LOG=1 report must show dgemm_ and the BLAS calls
# of the solve (dtrsm_) computed by twofold.  Skipped where octave-cli is
# missing (build-aux/install-deps installs octave).
. "$TF_SRCDIR/test/lib.sh"
[ -f "$TF_LIB" ] || fail "no library $TF_LIB"
octave=$(command -v octave-cli) || skip "no octave-cli (build-aux/install-deps installs octave)"
cases=$(cd "$TF_SRCDIR" && pwd)/test/recipes/octave_cases.m
run_octave() { "$octave" --norc --no-history --quiet --no-window-system --eval "source('$cases')"; }

run_octave > "$work/without" 2>&1 || { cat "$work/without"; fail "octave_cases.m fails without twofold"; }
echo "without twofold:"
cat "$work/without"
grep -q '^matmul differs' "$work/without" ||
	fail "A * B is correctly rounded without twofold: the case cannot tell twofold's result from the reference's"

LD_PRELOAD=$TF_LIB TWOFOLD_MODE=dd TWOFOLD_LOG=1 run_octave > "$work/with" 2> "$work/log" ||
	{ cat "$work/with" "$work/log"; fail "octave_cases.m fails with libtwofold preloaded"; }
echo "with libtwofold preloaded:"
cat "$work/with"
grep -q '^matmul exact' "$work/with" || fail "A * B: not correctly rounded with libtwofold preloaded"
for routine in dgemm_ dtrsm_; do
	line=$(grep -E "^twofold: $routine +[0-9]+ " "$work/log")
	[ -n "$line" ] || { cat "$work/log"; fail "the TWOFOLD_LOG report does not count $routine"; }
	case $line in
	*cpu-blas*) fail "$routine was forwarded to the CPU BLAS: $line" ;;
	esac
	echo "$line"
done
echo "PASS: Octave's A * B correctly rounded by twofold; A \\ b's BLAS calls computed by twofold"
