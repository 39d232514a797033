#!/bin/sh
# xerbla_'s routing (src/abi/xerbla.c): a module loaded RTLD_LOCAL with its
# own xerbla_ hears the argument errors of its calls, with libtwofold
# preloaded in front of the reference BLAS and with libtwofold linked in
# place of it.
. "$TF_SRCDIR/test/lib.sh"
module=test/xerbla/.libs/xerbla_module.so
[ -f "$module" ] || fail "no $module"
[ -f "$TF_LIB" ] || fail "no library $TF_LIB"
unset TWOFOLD_CPU_BLAS
ran=
if [ -x ./test/xerbla/routing_reference ]; then
	LD_PRELOAD=$TF_LIB ./test/xerbla/routing_reference "$PWD/$module" || fail "preloaded: the module's xerbla_ was passed over"
	ran="preloaded"
fi
./test/xerbla/routing_twofold "$PWD/$module" || fail "linked in place: the module's xerbla_ was passed over"
echo "the module's own xerbla_ hears its errors: ${ran:+$ran and }linked in place"
