# Shared by the GPU test scripts: test/lib.sh, and a skip where there is no
# NVIDIA GPU or libtwofold was built without CUDA.
. "$TF_SRCDIR/test/lib.sh"
ls /dev/nvidia0 > /dev/null 2>&1 || skip "no NVIDIA GPU on this machine"
nm -D "$TF_LIB" 2>/dev/null | grep -q ' tf_version$' || fail "no library $TF_LIB"
strings "$TF_LIB" | grep -q 'TWOFOLD_GPU_FAULT' || skip "libtwofold built without CUDA"
# The GPU report line of a TWOFOLD_LOG report in file $1 must show `gpu-dd`
# (`gpu-df`, `gpu-native`, `gpu-split`; `gpu` for the typed API) calls for
# each routine named after it.
expect_gpu() {
	report=$1
	shift
	for routine in "$@"; do
		grep -Eq "^twofold\[[^]]*]: $routine +[0-9]+ .*gpu(-dd|-df|-native|-split)? [0-9]+" "$report" ||
			fail "$routine did not run on the GPU: $(grep "^twofold\[[^]]*]: $routine " "$report")"
	done
}
# Runs each command line given (a program and its arguments, split at
# spaces) under compute-sanitizer's memcheck, then racecheck, showing the
# last $1 lines of each report; fails at the first that finds an error.
# Skips where there is no compute-sanitizer.
sanitize() {
	shown=$1
	shift
	sanitizer=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null)
	[ -n "$sanitizer" ] || skip "no compute-sanitizer"
	for tool in memcheck racecheck; do
		for run in "$@"; do
			"$sanitizer" --tool $tool --error-exitcode 9 $run > "$work/out" 2>&1
			status=$?
			tail -$shown "$work/out"
			[ $status -eq 0 ] || fail "$tool on $run: exit status $status: $(tail -20 "$work/out")"
		done
	done
	echo "memcheck and racecheck: no errors"
}
