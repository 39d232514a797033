#!/bin/sh
# TWOFOLD_LOG=1 counts every call (threads that ended, threads alive at
# exit, the main thread) and estimates the time of short calls from a
# sample near what they took (test/core/log_counts).
. "$TF_SRCDIR/test/lib.sh"
TWOFOLD_LOG=1 TWOFOLD_MODE=cpu ./test/core/log_counts > "$work/out" 2> "$work/err" ||
	fail "$(cat "$work/out" "$work/err")"
cat "$work/out" "$work/err"
calls=$(sed -n 's/^calls //p' "$work/out")
measured=$(sed -n 's/^ns_per_call //p' "$work/out")
line=$(sed -n 's/^twofold\[[^]]*]: \(ddot_ \)/\1/p' "$work/err")
[ -n "$line" ] || fail "no ddot_ line in the report"
set -- $line
[ "$2" = "$calls" ] || fail "the report counts $2 ddot_ calls, the program made $calls"
[ "$5" = "$calls" ] || fail "the report says $5 ran on the CPU BLAS, expected $calls"
grep -q '^twofold\[[^]]*]: every call counted; of calls under 10 us, one in 256 (at random) timed' "$work/err" ||
	fail "the report does not say that short calls' times are sampled"
# The estimate: above a quarter of the fastest measure (a weight forgotten
# is 256 times off), and below the time the threads spent in their calls,
# with some slack for the extrapolation (a weight applied twice, or a
# preempted sampled call counted 256 times, is far above it).
loops=$(sed -n 's/^loops_ns //p' "$work/out")
awk -v s="$3" -v c="$calls" -v m="$measured" -v l="$loops" 'BEGIN {
	e = s / c * 1e9
	printf "estimated %.1f ns a call, %.3f s in all; measured %.1f ns a call at best, %.3f s in all\n",
		e, s, m, l * 1e-9
	exit !(e > m / 4 && s * 1e9 < 1.5 * l) }' || fail "the estimated time is far from the measured one"
