#!/bin/sh
# The CPU kernels' threads: TWOFOLD_NUM_THREADS, else OMP_NUM_THREADS (its
# first number), else the CPUs of the affinity mask (taskset), not the
# machine's.  Each case checks the threads a pooled daxpy_ ran on
# (test/core/thread_count) and the count the TWOFOLD_LOG report gives.
. "$TF_SRCDIR/test/lib.sh"
command -v taskset > /dev/null || skip "no taskset (util-linux)"
program=./test/core/thread_count
cpus=$(taskset -c 0 true 2> /dev/null && nproc)

# expect THREADS SOURCE [VARIABLE=VALUE...] [taskset -c LIST]: neither
# variable set but as the case sets it.
expect() {
	threads=$1 source=$2
	shift 2
	env -u OMP_NUM_THREADS -u TWOFOLD_NUM_THREADS TWOFOLD_LOG=1 "$@" $program > "$work/out" 2> "$work/err" ||
		fail "$*: $(cat "$work/out" "$work/err")"
	got=$(sed -n 's/^threads //p' "$work/out")
	[ "$got" = "$threads" ] || fail "$*: the kernels ran on $got threads, expected $threads"
	line=$(sed -n 's/^twofold\[[^]]*]: \(CPU threads\)/\1/p' "$work/err")
	[ "$line" = "CPU threads $threads ($source)" ] ||
		fail "$*: the report says [$line], expected [CPU threads $threads ($source)]"
	# the report's lines (on a machine with a GPU: which it is, and that
	# it was chosen) are expected; anything else is not
	grep -v '^twofold\[[^]]*]: \(mode\|CPU threads\|GPU\|used GPU\|routine\|daxpy_\)' "$work/err" | grep . &&
		fail "$*: unexpected messages"
	echo "$* -> $threads ($source)"
}

expect 1 "the affinity mask" taskset -c 0
if [ "$cpus" -ge 2 ]; then
	expect 2 "the affinity mask" taskset -c 0,1
	all=$(nproc --all)
	expect "$cpus" "the affinity mask"
	[ "$all" -gt 1 ] && expect 1 "the affinity mask" \
		taskset -c 1
fi
expect 3 OMP_NUM_THREADS OMP_NUM_THREADS=3 taskset -c 0
expect 3 OMP_NUM_THREADS "OMP_NUM_THREADS=3,2,1"
expect 2 OMP_NUM_THREADS "OMP_NUM_THREADS= 2 , 4"
expect 4 TWOFOLD_NUM_THREADS TWOFOLD_NUM_THREADS=4 OMP_NUM_THREADS=3
expect 3 TWOFOLD_NUM_THREADS TWOFOLD_NUM_THREADS=3 taskset -c 0
expect 1 TWOFOLD_NUM_THREADS TWOFOLD_NUM_THREADS=1 OMP_NUM_THREADS=4

# A bad OMP_NUM_THREADS: one message, and the affinity mask.
env -u TWOFOLD_NUM_THREADS TWOFOLD_LOG=1 OMP_NUM_THREADS=four taskset -c 0 $program \
	> "$work/out" 2> "$work/err" || fail "OMP_NUM_THREADS=four: $(cat "$work/err")"
grep -q '^twofold\[[^]]*]: OMP_NUM_THREADS=four is not a list starting with a whole number' "$work/err" ||
	fail "OMP_NUM_THREADS=four not reported: $(cat "$work/err")"
grep -q '^twofold\[[^]]*]: CPU threads 1 (the affinity mask)$' "$work/err" ||
	fail "OMP_NUM_THREADS=four: $(cat "$work/err")"
[ "$(sed -n 's/^threads //p' "$work/out")" = 1 ] || fail "OMP_NUM_THREADS=four: $(cat "$work/out")"
echo "a bad OMP_NUM_THREADS is reported, and the affinity mask used"
