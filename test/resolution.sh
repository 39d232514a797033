#!/bin/sh
# Which CPU BLAS libtwofold forwards to, and what happens when there is none.
. "$TF_SRCDIR/test/lib.sh"
linked=./test/print_mode
preloaded=./test/error_report_reference
export TWOFOLD_LOG=1 TWOFOLD_MODE=cpu
origin() { grep '^twofold\[[^]]*]: mode' "$work/err" | sed 's/.*CPU BLAS //'; }

XX

# Preloaded in front of the program's BLAS: the next definition.
if [ -x "$preloaded" ]; then
	LD_PRELOAD=$TF_LIB $preloaded 54 > "$work/out" 2> "$work/err" || fail "preloaded program failed"
	origin | grep -q '(next in lookup order)$' || fail "preloaded: CPU BLAS $(origin)"
	echo "preloaded: $(origin)"
fi

# Named by TWOFOLD_CPU_BLAS.
explicit=$(origin | sed 's/ (.*//')
TWOFOLD_CPU_BLAS=$explicit $linked > "$work/out" 2> "$work/err" ||
	fail "TWOFOLD_CPU_BLAS=$explicit failed: $(cat "$work/err")"
[ "$(origin)" = "$explicit (TWOFOLD_CPU_BLAS)" ] || fail "explicit: CPU BLAS $(origin)"
echo "explicit: $(origin)"

# No CPU BLAS: one clear message naming TWOFOLD_CPU_BLAS, a non-zero exit,
# no crash, no result.
expect_refusal() {
	status=$1
	what=$2
	[ "$status" -ne 0 ] && [ "$status" -lt 128 ] || fail "$what: exit status $status"
	[ "$(grep -c '^twofold\[[^]]*]: .*TWOFOLD_CPU_BLAS' "$work/err")" = 1 ] ||
		fail "$what: expected one message naming TWOFOLD_CPU_BLAS, got: $(cat "$work/err")"
	[ ! -s "$work/out" ] || fail "$what: printed a result: $(cat "$work/out")"
	echo "$what: exit $status, $(cat "$work/err")"
}
TWOFOLD_CPU_BLAS=$work/no-such-libblas.so.3 $linked > "$work/out" 2> "$work/err"
expect_refusal $? "missing library"

# A resolution that lands in libtwofold itself is refused: by path, and by
# the name libblas.so.3 when libtwofold is installed as that.
TWOFOLD_CPU_BLAS=$TF_LIB $linked > "$work/out" 2> "$work/err"
expect_refusal $? "libtwofold as its own CPU BLAS"
grep -q 'libtwofold itself' "$work/err" || fail "refusal does not say why"
mkdir "$work/lib" && ln -s "$TF_LIB" "$work/lib/libblas.so.3"
LD_LIBRARY_PATH=$work/lib TWOFOLD_CPU_BLAS=libblas.so.3 $linked > "$work/out" 2> "$work/err"
expect_refusal $? "libblas.so.3 that is libtwofold"

# A library that is no BLAS.
TWOFOLD_CPU_BLAS=libm.so.6 $linked > "$work/out" 2> "$work/err"
expect_refusal $? "a library without BLAS"
