#!/bin/sh
# LAPACK's testers (Debian: liblapack-test) with libtwofold preloaded in
# TWOFOLD_MODE=dd, against the same testers run without twofold.
#
#   lapack.sh check [INPUT...|TYPE]
#                                for make check: the inputs below but the
#                                longest (svd, dec, zec), and the linear
#                                equation testers on sizes up to 16 (their
#                                input's M and N of 50 made 16)
#   lapack.sh full [INPUT...]    every input of xlintstd, xlintstz, xeigtstd
#                                and xeigtstz (bench/lapack.sh)
#
# INPUT names one run as TYPE-FILE (d-dtest, z-sep, ...): FILE.in given to
# xlintstTYPE (FILE = TYPEtest) or xeigtstTYPE; a TYPE alone (d or z) names
# that type's inputs of the set.  Each input runs twice,
# first without twofold, then preloaded; both with the reference BLAS as
# libblas.so.3.  A run fails when twofold's output lacks "End of tests" or
# the twofold report, or when it counts more failures than the run without
# twofold (failures counted as LAPACK's lapack_testing.py counts them: the
# tests of "N out of M tests failed", each line reporting an illegal
# value or an INFO, and each failure of the error exits).  Prints the
# times of both runs and their ratio.
#
# The testers are looked for in $TF_LAPACK_TESTER_DIR, else beside the
# Netlib BLAS testers' directory (/usr/lib/MULTIARCH/lapack).  The report
# lines of routines that ran on the GPU are shown (test/gpu.list runs the
# check set with the GPU forced).
. "$TF_SRCDIR/test/lib.sh"
set_name=$1
shift
dir=${TF_LAPACK_TESTER_DIR:-$(dirname "${TF_NETLIB_DIR:-/usr/lib/x/blas}")/lapack}
[ -x "$dir/xlintstd" ] && [ -x "$dir/xeigtstz" ] ||
	skip "LAPACK's testers not found in '$dir' (Debian: liblapack-test)"
[ -f "$TF_REFERENCE_BLAS" ] || skip "the reference BLAS $TF_REFERENCE_BLAS is not on this machine"
[ -f "$TF_LIB" ] || fail "no library $TF_LIB"
eig="nep sep se2 svd Tec Ted Tgg Tgd Tsb Tsg Tbb glm gqr gsv csd lse Tbal Tbak Tgbal Tgbak"
case $set_name in
check) long=" d-svd d-dec z-svd z-zec " ;;
full) long= ;;
*) fail "usage: lapack.sh check|full [INPUT...|TYPE]" ;;
esac
inputs=$*
types="d z"
case $inputs in d|z) types=$inputs inputs= ;; esac
if [ -z "$inputs" ]; then
	for t in $types; do
		inputs="$inputs $t-${t}test"
		for f in $eig; do
			f=$(echo "$f" | sed "s/^T/$t/")
			case $long in *" $t-$f "*) continue ;; esac
			inputs="$inputs $t-$f"
		done
	done
fi
unset TWOFOLD_LOG TWOFOLD_CPU_BLAS TWOFOLD_NUM_THREADS TWOFOLD_CPU_KERNEL TWOFOLD_MODE
reference_blas_first
cd "$work" || exit 99
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }

# failures FILE: LAPACK's count of failed tests in a tester's output.
failures() {
	awk '/out of/ { for (i = 2; i <= NF; i++) if ($i == "out" && $(i + 1) == "of") n += $(i - 1) }
	     /[Ii]llegal/ || / INFO/ || /failed the tests of the error exits/ { n++ }
	     END { print n + 0 }' "$1"
}
# now: the wall time in seconds.  cpu VAR: VAR = the CPU time (user +
# system) of this shell's finished children, in seconds: the machine may be
# shared.  (times runs in this shell, not in a command substitution's.)
now() { date +%s.%N; }
cpu() {
	times > times.out
	eval "$1=$(awk 'NR == 2 { for (i = 1; i <= 2; i++) { split($i, p, "m"); t += p[1] * 60 + p[2] }
				printf "%.3f", t }' times.out)"
}

bad=0
total_ref=0
total_tf=0
cpu_ref=0
cpu_tf=0
printf '%-10s %8s %8s %6s %9s %9s %6s %8s %8s  %s\n' input "ref s" "dd s" ratio "ref cpu" "dd cpu" ratio \
	"ref fail" "dd fail" verdict
for input in $inputs; do
	t=${input%%-*}
	file=${input#*-}
	case $file in
	"$t"test) tester=$dir/xlintst$t ;;
	*) tester=$dir/xeigtst$t ;;
	esac
	in=$dir/$file.in
	[ -f "$in" ] || fail "no input $in"
	if [ "$set_name" = check ] && [ "$file" = "${t}test" ]; then
		sed -e '3s/ 50 / 16 /' -e '5s/ 50 / 16 /' "$in" > small.in
		in=small.in
	fi
	start=$(now)
	cpu cpu0
	"$tester" < "$in" > ref.out 2> ref.err
	ref_status=$?
	middle=$(now)
	cpu cpu1
	TWOFOLD_MODE=dd TWOFOLD_LOG=1 LD_PRELOAD=$TF_LIB "$tester" < "$in" > dd.out 2> dd.err
	dd_status=$?
	end=$(now)
	cpu cpu2
	ref_c=$(awk -v a="$cpu1" -v b="$cpu0" 'BEGIN { printf "%.3f", a - b }')
	dd_c=$(awk -v a="$cpu2" -v b="$cpu1" 'BEGIN { printf "%.3f", a - b }')
	cpu_ref=$(awk -v a="$cpu_ref" -v b="$ref_c" 'BEGIN { printf "%.3f", a + b }')
	cpu_tf=$(awk -v a="$cpu_tf" -v b="$dd_c" 'BEGIN { printf "%.3f", a + b }')
	ref_s=$(awk -v a="$middle" -v b="$start" 'BEGIN { printf "%.3f", a - b }')
	dd_s=$(awk -v a="$end" -v b="$middle" 'BEGIN { printf "%.3f", a - b }')
	total_ref=$(awk -v a="$total_ref" -v b="$ref_s" 'BEGIN { printf "%.3f", a + b }')
	total_tf=$(awk -v a="$total_tf" -v b="$dd_s" 'BEGIN { printf "%.3f", a + b }')
	ref_fail=$(failures ref.out)
	dd_fail=$(failures dd.out)
	problems=
	grep -q 'End of tests' ref.out || problems="$problems; the run without twofold did not finish (status $ref_status)"
	grep -q 'End of tests' dd.out || problems="$problems; no End of tests (status $dd_status)"
	grep -q '^twofold\[[^]]*]: mode dd, CPU BLAS' dd.err || problems="$problems; no twofold report in mode dd"
	[ "$dd_fail" -le "$ref_fail" ] || problems="$problems; more failures than without twofold"
	printf '%-10s %8.2f %8.2f %6s %9.2f %9.2f %6s %8s %8s  %s\n' "$input" "$ref_s" "$dd_s" \
		"$(ratio "$dd_s" "$ref_s")" "$ref_c" "$dd_c" "$(ratio "$dd_c" "$ref_c")" "$ref_fail" \
		"$dd_fail" "$([ -n "$problems" ] && echo FAILED || echo ok)"
	# the report's routines that ran on the GPU (none on the CPU alone):
	# test/gpu/forced.sh looks for them
	grep '^twofold\[[^]]*]: [a-z0-9_]* .* gpu' dd.err
	if [ -n "$problems" ]; then
		bad=$((bad + 1))
		echo "    ${problems#; }"
		grep -E 'out of|[Ii]llegal| INFO' dd.out | head -5 | sed 's/^/    dd: /'
		tail -3 dd.err | sed 's/^/    dd stderr: /'
	fi
done
printf 'total wall time: without twofold %.1f s, preloaded dd %.1f s, ratio %s\n' "$total_ref" \
	"$total_tf" "$(ratio "$total_tf" "$total_ref")"
printf 'total CPU time: without twofold %.1f s, preloaded dd %.1f s, ratio %s\n' "$cpu_ref" \
	"$cpu_tf" "$(ratio "$cpu_tf" "$cpu_ref")"
[ $bad -eq 0 ] || fail "$bad of LAPACK's tester runs failed preloaded in dd mode"
