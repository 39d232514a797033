#!/bin/sh
# TWOFOLD_MODE, TWOFOLD_LOG and misspelt TWOFOLD_* variables: read once, bad
# values reported once with the default kept.
. "$TF_SRCDIR/test/lib.sh"
program=./test/print_mode
run() { env "$@" $program > "$work/out" 2> "$work/err"; }
expect_mode() {
	grep -q "^mode $1, ddot 14$" "$work/out" || fail "expected mode $1, got: $(cat "$work/out" "$work/err")"
}
messages() { grep -c "^twofold\[[^]]*]: $1" "$work/err"; }

run -u TWOFOLD_MODE
expect_mode dd
[ ! -s "$work/err" ] || fail "unexpected messages: $(cat "$work/err")"
for mode in dd df fast native cpu DD Native; do
	run TWOFOLD_MODE=$mode
	expect_mode "$(echo $mode | tr A-Z a-z)"
	[ ! -s "$work/err" ] || fail "TWOFOLD_MODE=$mode: unexpected messages: $(cat "$work/err")"
done
echo "modes parsed"

run TWOFOLD_MODE=quad
expect_mode dd
[ "$(messages 'TWOFOLD_MODE=quad is not one of dd, df, fast, native, cpu; using dd')" = 1 ] || fail "bad mode not reported once: $(cat "$work/err")"
echo "a bad mode is reported once and dd is used"

run TWOFOLD_MOED=dd TWOFOLD_LOG=0
[ "$(messages 'unknown environment variable TWOFOLD_MOED')" = 1 ] ||
	fail "misspelt variable not reported once: $(cat "$work/err")"
grep -q 'known: TWOFOLD_MODE, TWOFOLD_LOG, TWOFOLD_LOG_FILE, TWOFOLD_CPU_BLAS, TWOFOLD_NUM_THREADS, TWOFOLD_CPU_KERNEL' "$work/err" ||
	fail "known variables not listed"
echo "a misspelt variable is reported once"

run TWOFOLD_NUM_THREADS=0
[ "$(messages 'TWOFOLD_NUM_THREADS=0 is not a whole number from 1 to 4096')" = 1 ] || fail "bad TWOFOLD_NUM_THREADS not reported"
run TWOFOLD_CPU_KERNEL=sse9
[ "$(messages 'TWOFOLD_CPU_KERNEL=sse9 is not one of')" = 1 ] || fail "bad TWOFOLD_CPU_KERNEL not reported"
echo "bad thread counts and kernel names are reported"

run TWOFOLD_LOG=yes
[ "$(messages 'TWOFOLD_LOG=yes is not one of 0, 1; using 0')" = 1 ] || fail "bad TWOFOLD_LOG not reported"
grep -q 'ddot_' "$work/err" && fail "report printed although TWOFOLD_LOG is not 1"

# df, fast and native need a GPU; without one, dgemm goes to the CPU BLAS
# after one notice, however many calls and threads.
if [ -e /dev/nvidia0 ]; then
	echo "a GPU is here: the no-GPU notice is not tested"
else
	for mode in df fast native; do
		TWOFOLD_MODE=$mode ./test/threads_init > "$work/out" 2> "$work/err" ||
			fail "TWOFOLD_MODE=$mode: threads_init failed: $(cat "$work/out" "$work/err")"
		[ "$(messages "TWOFOLD_MODE=$mode computes on a GPU")" = 1 ] ||
			fail "TWOFOLD_MODE=$mode: expected one notice, got: $(cat "$work/err")"
	done
	echo "df, fast and native without a GPU: one notice each"
fi

run TWOFOLD_LOG=1 TWOFOLD_MODE=cpu
grep -q '^twofold\[[^]]*]: mode cpu, CPU BLAS ' "$work/err" || fail "no report header: $(cat "$work/err")"
grep -Eq '^twofold\[[^]]*]: ddot_ +1 +[0-9.]+ +cpu-blas 1( \([0-9.]+\))?$' "$work/err" || fail "no ddot_ line: $(cat "$work/err")"
[ "$(grep -Ec '^twofold\[[^]]*]: [a-z_0-9]+ +[0-9]+ ' "$work/err")" = 1 ] ||
	fail "report has lines for routines not called: $(cat "$work/err")"
echo "TWOFOLD_LOG=1 reports each routine called, with calls, time and where"
