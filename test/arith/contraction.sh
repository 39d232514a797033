#!/bin/sh
# No compiler contraction may change the two-term arithmetic: every unit-test
# program of test/arith/ built a second time with contraction enabled
# (test/arith/NAME-contract: -O3, FMA instructions, -ffp-contract=fast) must
# compute bit-identical results on the same operands.  Both builds print a
# 64-bit checksum of the bit patterns of each operation's results
# (--checksum-only); the sums must agree, operation by operation.
. "$TF_SRCDIR/test/lib.sh"
# Every operation's edge cases, and this many random cases: contraction
# changes most products, so a fraction of the unit tests' million suffices.
cases=250000
status=0
for name in dd df ds di ts; do
	normal=./test/arith/$name
	contracted=./test/arith/$name-contract
	[ -x "$normal" ] && [ -x "$contracted" ] || skip "$normal or $contracted not built (configure found no MPFR)"
	"$normal" --checksum-only --cases $cases > "$work/$name.normal" || fail "$normal --checksum-only failed"
	"$contracted" --checksum-only --cases $cases > "$work/$name.contract"
	code=$?
	[ $code -lt 128 ] || skip "$contracted does not run here (signal $((code - 128)): no FMA instructions?)"
	[ $code -eq 0 ] || fail "$contracted --checksum-only failed"
	# Each build says whether it fuses a*b + c: the normal one must not,
	# and the contracted one must, or there is nothing to compare.
	grep -q '^contraction: off$' "$work/$name.normal" ||
		fail "$normal fuses a*b + c: the library's code is not built with -ffp-contract=off"
	grep -q '^contraction: fused$' "$work/$name.contract" ||
		skip "$contracted does not fuse a*b + c (CFLAGS overriding -ffp-contract=fast?): nothing to compare"
	grep '^checksum' "$work/$name.normal" > "$work/$name.sums.normal"
	grep '^checksum' "$work/$name.contract" > "$work/$name.sums.contract"
	[ -s "$work/$name.sums.normal" ] || fail "$normal printed no checksums"
	if cmp -s "$work/$name.sums.normal" "$work/$name.sums.contract"; then
		echo "$name: $(grep -vc ' all ' "$work/$name.sums.normal") operations, results identical with contraction"
	else
		echo "$name: results differ with contraction:"
		# checksum NAME SUM: the operations whose sums differ
		paste "$work/$name.sums.normal" "$work/$name.sums.contract" |
			awk '$3 != $6 { printf "  %-24s %s (normal) %s (contracted)\n", $2, $3, $6 }'
		status=1
	fi
done
[ $status -eq 0 ] || fail "contraction changes the arithmetic"
echo "PASS: contraction changes nothing"
