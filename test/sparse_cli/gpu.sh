#!/bin/sh
# twofold-solve on the GPU (skipped without one): --device auto and gpu
# run there, the rows say gpu, CG (Poisson) and BiCGStab with ILU(0)
# (convection-diffusion) converge in both precisions with the DD error
# below 1e-10, and the plot and the history have both runs.
. "$TF_SRCDIR/test/lib.sh"
solve=$TF_BUILDDIR/tools/twofold-solve
cd "$work" || exit 99
"$TF_BUILDDIR/tools/mtx-generate" poisson2d 64 poisson.mtx || fail "mtx-generate"
"$TF_BUILDDIR/tools/mtx-generate" convdiff 64 1000 convdiff.mtx || fail "mtx-generate"
"$solve" poisson.mtx --precision double --maxit 1 > out 2> err || fail "an auto run: $(cat err)"
grep -q '^cg  *double  *none  *gpu ' out || skip "no GPU: the auto run went to the CPU"
for run in "poisson none" "convdiff ilu0"; do
	set -- $run
	matrix=$1
	for device in auto gpu; do
		"$solve" $matrix.mtx --device $device --precond $2 --plot plot.svg \
			--history history.csv --require-convergence > out 2> err ||
			{ cat out err; fail "$matrix --device $device: exit status $?"; }
		cat out
		[ "$(grep -c ' gpu .* converged$' out)" -eq 2 ] ||
			fail "$matrix --device $device: not two converged runs on the GPU"
		awk '$2 == "dd" && !($7 < 1e-10) { exit 1 }' out ||
			fail "$matrix --device $device: the DD error is not below 1e-10"
		"$TF_BUILDDIR/test/sparse_cli/svg_check" plot.svg 2 || fail "the plot"
		[ "$(grep -c ',gpu,' history.csv)" -eq "$(($(wc -l < history.csv) - 1))" ] ||
			fail "the history's device column is not gpu"
	done
done
echo "twofold-solve on the GPU: as on the CPU"
