#!/bin/sh
# PILAENV (src/abi/pilaenv.c): TWOFOLD_PBLAS_PANEL's width where it is set;
# unset, the next PILAENV's answer (ScaLAPACK's, here a module's), else
# ScaLAPACK's 32; a value out of range refused with a message.
. "$TF_SRCDIR/test/lib.sh"
probe=./test/pilaenv/probe
module=$TF_BUILDDIR/test/pilaenv/.libs/next_pilaenv.so
[ -f "$module" ] || fail "no $module"
answer() { # answer EXPECTED [VAR=VALUE ...] -- [MODULE]
	expected=$1
	shift
	got=$(env -u TWOFOLD_PBLAS_PANEL "$@" 2> "$work/err") || fail "$*: exit status $?: $(cat "$work/err")"
	[ "$got" = "$expected" ] || fail "$*: PILAENV answered ${got:-nothing}, expected $expected"
	echo "$*: $got"
}
answer 32 "$probe"
answer 48 "$probe" "$module"
answer 1024 TWOFOLD_PBLAS_PANEL=1024 "$probe" "$module"
answer 4096 TWOFOLD_PBLAS_PANEL=4096 "$probe"
answer 48 TWOFOLD_PBLAS_PANEL=0 "$probe" "$module"
grep -q 'TWOFOLD_PBLAS_PANEL' "$work/err" || fail "TWOFOLD_PBLAS_PANEL=0 was not refused: $(cat "$work/err")"
echo "refused: $(cat "$work/err")"
