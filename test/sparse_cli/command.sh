#!/bin/sh
# twofold-solve on generated matrices: the table's rows and values, the
# plot and the history it writes, every exit status (0, 1 with a one-line
# message, 2 with --require-convergence), the choice of the method, the
# right-hand sides, and no progress line when stderr is not a terminal.
. "$TF_SRCDIR/test/lib.sh"
solve=$TF_BUILDDIR/tools/twofold-solve
generate=$TF_BUILDDIR/tools/mtx-generate
svg_check=$TF_BUILDDIR/test/sparse_cli/svg_check
failures=0
bad() { echo "FAIL: $*"; failures=$((failures + 1)); }
cd "$work" || exit 99

# run EXPECTED-STATUS ARGS...: runs twofold-solve, its output in out and
# err, and checks its exit status.
run() {
	expected=$1
	shift
	"$solve" "$@" > out 2> err
	status=$?
	[ $status -eq "$expected" ] ||
		{ bad "twofold-solve $*: exit status $status, expected $expected"; cat out err; }
}
# The table's rows as "method|precision|precond|device|iterations|
# residual|error|status", the two times dropped.
rows() {
	awk '/^method +precision/ { table = 1; next }
	     table && NF {
		status = $10 == "-" ? 11 : 12
		s = $status; for (i = status + 1; i <= NF; i++) s = s " " $i
		print $1 "|" $2 "|" $3 "|" $4 "|" $5 "|" $6 "|" $7 "|" s }' out
}
# The one-line message of a refusal: exactly one line on stderr, nothing
# on stdout but what came before the refusal.
refused() {
	expected_message=$1
	shift
	run 1 "$@"
	[ "$(wc -l < err)" -eq 1 ] || bad "twofold-solve $*: not one line on stderr: $(cat err)"
	[ "$(cat err)" = "$expected_message" ] ||
		bad "twofold-solve $*: \"$(cat err)\", expected \"$expected_message\""
	echo "refused: $(cat err)"
}

"$generate" poisson2d 16 poisson.mtx || fail "mtx-generate poisson2d"
"$generate" convdiff 16 1000 convdiff.mtx || fail "mtx-generate convdiff"
"$generate" breakdown 4 breakdown.mtx || fail "mtx-generate breakdown"

# The defaults on a symmetric matrix: CG, double then DD, b = A ones.
run 0 poisson.mtx --device cpu --plot plot.svg --history history.csv
cat out
grep -q '^method  cg (the file says symmetric)$' out || bad "CG not chosen for a symmetric file"
grep -q '^rhs     A times ones' out || bad "the header does not say b = A ones"
[ ! -s err ] || bad "stderr not empty though not a terminal: $(cat err)"
rows > rows
[ "$(wc -l < rows)" -eq 2 ] || bad "$(wc -l < rows) rows, expected 2 (double, dd)"
awk -F'|' 'NR == 1 && !($1 == "cg" && $2 == "double" && $3 == "none" && $4 == "cpu") ||
     NR == 2 && !($1 == "cg" && $2 == "dd" && $3 == "none" && $4 == "cpu") { exit 1 }' rows ||
	bad "rows not cg double, cg dd on the cpu: $(cat rows)"
awk -F'|' '!($5 > 0 && $8 == "converged") { exit 1 }' rows || bad "not converged: $(cat rows)"
awk -F'|' 'NR == 1 && !($6 < 1e-7 && $7 < 1e-6) { exit 1 }' rows ||
	bad "double: true residual or error too large: $(sed -n 1p rows)"
awk -F'|' 'NR == 2 && !($6 < 1e-11 && $7 < 1e-10) { exit 1 }' rows ||
	bad "dd: true residual or error too large: $(sed -n 2p rows)"
# The plot: well-formed, one polyline per run.  The history: one line per
# iteration and run, from 0 to the table's count.
"$svg_check" plot.svg 2 || bad "the plot"
[ "$(sed -n 1p history.csv)" = "method,precision,precond,device,iteration,residual" ] ||
	bad "the history's header: $(sed -n 1p history.csv)"
awk -F, 'NR > 1 && NF != 6 { exit 1 }' history.csv || bad "a history line without 6 columns"
for precision in double dd; do
	iterations=$(awk -F'|' -v p=$precision '$2 == p { print $5 }' rows)
	awk -F, -v p=$precision -v n="$iterations" '
		$2 == p { if ($5 != count) exit 1; count++; last = $6 }
		END { if (count != n + 1 || last + 0 <= 0) exit 1 }' history.csv ||
		bad "the $precision history does not run from iteration 0 to $iterations"
done
echo "plot and history: as the table"

# Exit status 2: --require-convergence and a run that does not converge;
# without it, not converging is a result (0).
run 0 poisson.mtx --device cpu --maxit 1
rows | awk -F'|' '!($5 == 1 && $8 == "max iterations") { exit 1 }' ||
	bad "--maxit 1: $(rows)"
run 2 poisson.mtx --device cpu --maxit 1 --require-convergence
[ "$(rows | wc -l)" -eq 2 ] || bad "--require-convergence: the table lacks rows"
run 0 poisson.mtx --device cpu --require-convergence --precision dd
[ "$(rows | wc -l)" -eq 1 ] || bad "--precision dd: not one row"
echo "exit status 2 with --require-convergence, 0 without"

# The method: BiCGStab for a nonsymmetric matrix; CG for a symmetric one
# in a general file, found numerically.
run 0 convdiff.mtx --device cpu --precond ilu0 --quiet
grep -q '^method  bicgstab (the matrix is not symmetric)$' out ||
	bad "BiCGStab not chosen for convection-diffusion"
rows | awk -F'|' '!($1 == "bicgstab" && $3 == "ilu0" && $8 == "converged") ||
		  $2 == "dd" && !($7 < 1e-10) { exit 1 }' ||
	bad "convection-diffusion with ILU(0): $(rows)"
cat > general.mtx <<END
%%MatrixMarket matrix coordinate real general
3 3 7
1 1 4
1 2 -1
2 1 -1
2 2 4
2 3 -1
3 2 -1
3 3 4
END
run 0 general.mtx --device cpu
grep -q '^method  cg (the matrix is symmetric)$' out || bad "a symmetric general file: not CG"
run 0 general.mtx --device cpu --method bicgstab
grep -q '^method  bicgstab (as asked)$' out || bad "--method bicgstab not followed"

# The right-hand sides: ones, random (seeded), a file; no error column
# without a known solution.
run 0 poisson.mtx --device cpu --rhs ones
rows | awk -F'|' '!($7 == "-" && $8 == "converged") { exit 1 }' || bad "--rhs ones: $(rows)"
run 0 poisson.mtx --device cpu --rhs random
grep -q '^rhs     random, uniform in \[-1, 1), seed [0-9]*$' out || bad "--rhs random: header"
rows > random1
run 0 poisson.mtx --device cpu --rhs random
rows > random2
[ "$(cut -d'|' -f5,6 random1)" = "$(cut -d'|' -f5,6 random2)" ] ||
	bad "--rhs random differs between runs"
printf '1\n0\n0\n0\n' > e1.txt
run 0 breakdown.mtx --device cpu --rhs e1.txt --precision double
rows | awk -F'|' '!($1 == "bicgstab" && $8 == "breakdown (omega)") { exit 1 }' ||
	bad "the breakdown matrix: $(rows)"
run 2 breakdown.mtx --device cpu --rhs e1.txt --require-convergence

# Exit status 1: one line on stderr.
refused "twofold-solve: unknown option '--fast' (twofold-solve --help lists the options)" \
	poisson.mtx --fast
refused "twofold-solve: --tol: 'small' is not a positive number (twofold-solve --help lists the options)" \
	poisson.mtx --tol small
refused "twofold-solve: no matrix file given (twofold-solve --help lists the options)"
refused "missing.mtx: cannot open: No such file or directory" missing.mtx
printf '%%%%MatrixMarket matrix coordinate real general\n3 3 2\n1 1 1\n4 1 1\n' > range.mtx
refused "range.mtx:4: row index 4 out of range (1 to 3; indices count from 1)" range.mtx
printf '%%%%MatrixMarket matrix coordinate real general\n2 3 1\n1 1 1\n' > wide.mtx
refused "twofold-solve: wide.mtx: the matrix is 2 x 3; the solvers need a square one" wide.mtx
printf '1\n2\n' > short.txt
refused "short.txt:2: the file ends after 2 values; the matrix has 4 rows" breakdown.mtx --rhs short.txt
# an output that cannot be written: refused before the solves
refused "twofold-solve: nowhere/plot.svg: cannot write: No such file or directory" \
	poisson.mtx --plot nowhere/plot.svg
[ ! -s out ] || bad "a plot path that cannot be written: solved first"
refused "twofold-solve: nowhere/h.csv: cannot write: No such file or directory" \
	poisson.mtx --history nowhere/h.csv
# row 2 of the breakdown matrix has no diagonal entry: ILU(0) cannot run
run 1 breakdown.mtx --device cpu --precond ilu0 --rhs e1.txt
grep -q 'ILU(0) zero pivot at row 2' err || bad "ILU(0) without a diagonal: $(cat err)"
[ "$(wc -l < err)" -eq 1 ] || bad "ILU(0) without a diagonal: not one line: $(cat err)"
echo "refused: $(cat err)"

# --help and --version: on stdout, exit 0.
run 0 --help
grep -q '^usage: twofold-solve A.mtx' out || bad "--help"
run 0 --version
grep -q '^twofold-solve (twofold [0-9][0-9.]*)$' out || bad "--version: $(cat out)"

# The device: auto runs where the library finds a GPU; --device gpu
# without one is a bad option (1).
run 0 general.mtx
device=$(rows | awk -F'|' 'NR == 1 { print $4 }')
if [ "$device" = cpu ]; then
	run 1 general.mtx --device gpu
	echo "no GPU here: --device gpu refused: $(cat err)"
fi

# The progress line: on a terminal (script(1) gives one), redrawn with
# carriage returns and erased before the row; none with --quiet.  A solve
# shorter than the first redraw (0.25 s) shows none, so the check asks for
# one only when the table says the solve took 0.6 s or more.
if command -v script > /dev/null && script -qec true /dev/null > /dev/null 2>&1; then
	"$generate" poisson2d 150 large.mtx || fail "mtx-generate poisson2d 150"
	script -qec "'$solve' large.mtx --device cpu --precision dd" /dev/null > tty.out 2>&1
	seconds=$(tr '\r' '\n' < tty.out | awk '$1 == "cg" && $2 == "dd" { print $8 * ($9 == "s" ? 1 : $9 == "ms" ? 1e-3 : 1e-6) }')
	cr=$(printf '\r')
	if awk -v s="$seconds" 'BEGIN { exit !(s >= 0.6) }'; then
		grep -q "${cr}cg dd: iteration [0-9]*, residual [0-9.e+-]*${cr}" tty.out ||
			bad "no progress line on a terminal in a solve of $seconds s"
		grep -q "${cr} *${cr}cg        dd " tty.out ||
			bad "the progress line not erased before the row"
		echo "progress line on a terminal: $(tr '\r' '\n' < tty.out | grep -c '^cg dd: iteration') redraws in $seconds s"
	else
		echo "the solve took ${seconds:-?} s: too short to ask for a progress line"
	fi
	script -qec "'$solve' large.mtx --device cpu --precision dd --quiet" /dev/null > tty.out 2>&1
	! grep -q "iteration [0-9]" tty.out || bad "a progress line with --quiet"
else
	echo "no script(1): the progress line on a terminal is not checked"
fi

[ $failures -eq 0 ] || fail "$failures checks"
echo "all checks passed"
