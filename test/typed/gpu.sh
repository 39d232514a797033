#!/bin/sh
# The typed programs with the GPU: test/gpu/forced.sh runs them with the GPU
# forced for host arrays and checks that every typed routine ran there; with
# "resident", test/typed/resident passes device and managed arrays.
#   gpu.sh forced PROGRAM [ARGS...]
#   gpu.sh resident
. "$TF_SRCDIR/test/gpu/lib.sh"
routines="tf_ddgemm tf_dsgemm tf_dsgemm_dsarith tf_dspgemm tf_digemm tf_dfgemm tf_tsgemm
tf_ddgemv tf_dsgemv tf_dspgemv tf_digemv tf_dfgemv tf_tsgemv
tf_ddaxpy tf_dsaxpy tf_dspaxpy tf_diaxpy tf_dfaxpy tf_tsaxpy
tf_dddot tf_dsdot tf_dspdot tf_didot tf_dfdot tf_tsdot"
case $1 in
forced)
	shift
	[ -x "$1" ] || skip "$1 was not built (it needs MPFR)"
	TF_GPU_ROUTINES=$routines exec sh "$TF_SRCDIR/test/gpu/forced.sh" TWOFOLD_LOG=1 -- \
		"$TF_SRCDIR/test/gpu/run.sh" "$@" ;;
resident)
	[ -x ./test/typed/resident ] || skip "test/typed/resident not built (no CUDA or no MPFR)"
	TWOFOLD_LOG=1 ./test/typed/resident > "$work/out" 2>&1
	status=$?
	cat "$work/out"
	[ $status -eq 0 ] || fail "exit status $status"
	expect_gpu "$work/out" $routines
	echo "every typed routine ran on the GPU on device and managed arrays" ;;
*)
	fail "usage: gpu.sh forced PROGRAM [ARGS...] | gpu.sh resident" ;;
esac
