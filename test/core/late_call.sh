#!/bin/sh
# A BLAS call made after libtwofold's destructors (from a library finalized
# after it) runs on the caller's thread, the workers gone, and is right;
# with TWOFOLD_LOG=1 too (the report was printed already).
. "$TF_SRCDIR/test/lib.sh"
for log in 0 1; do
	TWOFOLD_NUM_THREADS=4 TWOFOLD_LOG=$log LD_DEBUG=files ./test/core/late_call > "$work/out" \
		2> "$work/err" || fail "TWOFOLD_LOG=$log: exit status $?: $(cat "$work/out")"
	cat "$work/out"
	# The loader's order of destructors (LD_DEBUG=files): libtwofold's first.
	order=$(sed -n 's/.*calling fini: .*\(libtwofold\|liblate_call\).*/\1/p' "$work/err" | tr '\n' ' ')
	case $order in
	"libtwofold liblate_call ") ;;
	*) skip "the loader does not finalize libtwofold before the library after it ($order)" ;;
	esac
	grep -q '^running: threads 4$' "$work/out" || fail "the pool did not start: $(cat "$work/out")"
	line=$(grep '^late call:' "$work/out") || fail "TWOFOLD_LOG=$log: the late call did not run"
	[ "$line" = "late call: threads 1 before, 1 after, 0 wrong" ] ||
		fail "TWOFOLD_LOG=$log: expected the workers gone and the result right: $line"
done
