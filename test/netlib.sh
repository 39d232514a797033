#!/bin/sh
# Netlib's BLAS testers (Fortran xblat1/2/3 and CBLAS x?cblat1/2/3, all four
# types, error exits included) with libtwofold in front of the reference BLAS.
#
#   netlib.sh preload MODE [TESTER...]   libtwofold preloaded into the testers
#   netlib.sh standin MODE [TESTER...]   libtwofold found as libblas.so.3
#
# (all testers when none is named)
# MODE is a TWOFOLD_MODE.  The TWOFOLD_LOG report of each run must show that
# libtwofold was there, in that mode, and where its CPU BLAS came from (or
# that no call needed it).
. "$TF_SRCDIR/test/lib.sh"
way=$1
mode=$2
shift 2
testers=${*:-xblat1s xblat1d xblat1c xblat1z xblat2s xblat2d xblat2c xblat2z \
	      xblat3s xblat3d xblat3c xblat3z \
	      xscblat1 xdcblat1 xccblat1 xzcblat1 xscblat2 xdcblat2 xccblat2 xzcblat2 \
	      xscblat3 xdcblat3 xccblat3 xzcblat3}
dir=$TF_NETLIB_DIR
[ -x "$dir/xblat3d" ] || skip "Netlib testers not found in '$dir' (Debian: libblas-test)"
case $way in
preload)
	run() { LD_PRELOAD=$TF_LIB "$@"; }
	origin="(next in lookup order)" ;;
standin)
	mkdir "$work/lib"
	ln -s "$TF_LIB" "$work/lib/libblas.so.3"
	run() { LD_LIBRARY_PATH=$work/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} "$@"; }
	origin="(default" ;;   # the configured path, the soname or a system directory
*) fail "usage: netlib.sh preload|standin MODE" ;;
esac
export TWOFOLD_MODE=$mode TWOFOLD_LOG=1
cd "$work" || exit 99
bad=0
for tester in $testers; do
	case $tester in
	xblat*) level=${tester#xblat}; type=${level#?}; level=${level%?} ;;   # xblat<level><type>
	*) type=${tester#x}; type=${type%cblat?}; level=${tester#x?cblat} ;;  # x<type>cblat<level>
	esac
	case $tester in
	xblat1?|x?cblat1) input=/dev/null ;;
	xblat*) input=$dir/${type}blat$level.in ;;
	*) input=$dir/${type}in$level ;;
	esac
	rm -f ./*.out ./*.SNAP
	run "$dir/$tester" < "$input" > output 2> report
	status=$?
	cat ./*.out >> output 2> /dev/null
	problems=
	[ $status -eq 0 ] || problems="exit status $status"
	if grep -qE 'FAIL|\*\*\*\*' output; then
		problems="$problems; $(grep -E 'FAIL|\*\*\*\*' output | head -3 | tr -s ' ' | tr '\n' '|')"
	fi
	[ $level = 1 ] || grep -q 'END OF TESTS' output || problems="$problems; no END OF TESTS"
	[ $level != 1 ] || grep -q 'PASS' output || problems="$problems; no PASS line"
	# A tester whose every call twofold computes itself (dd mode) never
	# loads the CPU BLAS: the report says so.
	grep -q "^twofold\[[^]]*]: mode $mode, CPU BLAS .* $origin" report ||
		grep -q "^twofold\[[^]]*]: mode $mode, CPU BLAS not loaded" report ||
		problems="$problems; no twofold report for mode $mode with CPU BLAS $origin"
	calls=$(grep -c '^twofold\[[^]]*]: [a-z_0-9]* *[0-9]' report)
	if [ -n "$problems" ]; then
		echo "$tester: FAILED: $problems"
		sed 's/^/    /' report | head -5
		bad=$((bad + 1))
	else
		echo "$tester: passed ($calls routines went through libtwofold)"
		cat report
	fi
done
[ $bad -eq 0 ] || fail "$bad testers failed ($way, mode $mode)"
