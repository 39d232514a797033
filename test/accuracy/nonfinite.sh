#!/bin/sh
# NaN, +Inf and -Inf from dgemm_, dgemv_ and daxpy_ in exactly the places
# where the reference BLAS puts them: test/accuracy/nonfinite, linked with
# the reference BLAS, run as it is (the reference) and with libtwofold
# preloaded in each mode given (default: cpu dd), each CPU kernel and thread
# count below, and the outputs compared element by element.
. "$TF_SRCDIR/test/lib.sh"
program=./test/accuracy/nonfinite
[ -x "$program" ] || skip "$program was not built (it needs the reference BLAS)"
[ -f "$TF_REFERENCE_BLAS" ] || skip "the reference BLAS $TF_REFERENCE_BLAS is not on this machine"
[ -f "$TF_LIB" ] || fail "no library $TF_LIB"
unset TWOFOLD_LOG TWOFOLD_CPU_BLAS TWOFOLD_NUM_THREADS TWOFOLD_CPU_KERNEL TWOFOLD_MODE
reference_blas_first
"$program" > "$work/reference.out" || fail "the reference run failed"
echo "reference: $(wc -l < "$work/reference.out") calls"
bad=
for mode in ${*:-cpu dd}; do
	for config in "" "TWOFOLD_CPU_KERNEL=generic TWOFOLD_NUM_THREADS=1" "TWOFOLD_NUM_THREADS=3"; do
		label="TWOFOLD_MODE=$mode${config:+ $config}"
		echo "==== $label"
		env TWOFOLD_MODE=$mode TWOFOLD_LOG=1 $config LD_PRELOAD=$TF_LIB \
			"$program" > "$work/twofold.out" 2> "$work/twofold.err" ||
			fail "$label: the run failed: $(cat "$work/twofold.err")"
		cat "$work/twofold.err"
		grep -q "^twofold\[[^]]*]: mode $mode," "$work/twofold.err" ||
			fail "$label: libtwofold was not loaded in mode $mode"
		"$program" compare "$work/reference.out" "$work/twofold.out" || bad="$bad
  $label"
	done
done
[ -z "$bad" ] || fail "NaN and Inf not where the reference puts them, in:$bad"
echo "NaN and Inf exactly where the reference puts them, finite results equal"
