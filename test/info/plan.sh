#!/bin/sh
# twofold-info --plan dgemm: the dry run names the place a call would run
# and why, for a small and a large dgemm in cpu and dd modes (and with
# TWOFOLD_SPLIT=force and TWOFOLD_GPU_MIN_FLOPS=0); where a real dgemm of
# the sizes the CPU computes quickly runs, the TWOFOLD_LOG report names the
# same place.
. "$TF_SRCDIR/test/lib.sh"
info=$TF_BUILDDIR/tools/twofold-info
run_dgemm=$TF_BUILDDIR/test/info/run_dgemm
[ -x "$info" ] && [ -x "$run_dgemm" ] || fail "no $info or $run_dgemm"
clean_env() { env $(env | sed -n 's/^\(TWOFOLD_[A-Za-z0-9_]*\)=.*/-u \1/p') "$@"; }
# plan SETTINGS... -- M N K: the place twofold-info predicts ($place, $why).
plan() {
	clean_env "$@" > "$work/plan" 2> "$work/err" || { cat "$work/err"; fail "twofold-info $* exits $?"; }
	[ "$(wc -l < "$work/plan")" = 1 ] || { cat "$work/plan"; fail "--plan prints not one line"; }
	place=$(sed -n 's/^dgemm [0-9]* x [0-9]* x [0-9]*, mode [a-z]*: \([a-z-]*\): .*/\1/p' "$work/plan")
	why=$(sed 's/^[^:]*: [a-z-]*: //' "$work/plan")
	[ -n "$place" ] || { cat "$work/plan"; fail "--plan: no place in the line"; }
}
# ran SETTINGS... M N K: the place the TWOFOLD_LOG report gives a real dgemm.
ran() {
	clean_env TWOFOLD_LOG=1 "$@" > /dev/null 2> "$work/log" || { cat "$work/log"; fail "run_dgemm $*"; }
	ran_place=$(sed -n 's/^twofold\[[^]]*]: dgemm_ *1 *[0-9.]* *\([a-z-]*\) 1.*/\1/p' "$work/log")
	[ -n "$ran_place" ] || { cat "$work/log"; fail "no dgemm_ line in the report"; }
}
expect() { # PLACE TEXT: the last plan's place is PLACE and its reason holds TEXT
	[ "$place" = "$1" ] || { cat "$work/plan"; fail "--plan says $place, expected $1"; }
	case $why in *"$2"*) ;; *) cat "$work/plan"; fail "--plan's reason has no \"$2\"" ;; esac
}
gpu=no
"$info" | sed -n '/^GPUs:/{n;p;}' | grep -q '^  no GPU' || gpu=yes
echo "GPU: $gpu"

# cpu mode: the CPU BLAS, small or large.
for n in 16 8192; do
	plan TWOFOLD_MODE=cpu "$info" --plan dgemm $n
	expect cpu-blas "TWOFOLD_MODE=cpu"
done
# dd mode, small: the DD kernels on the CPU, by the model, GPU or none.
plan TWOFOLD_MODE=dd "$info" --plan dgemm 16
expect cpu-dd "twofold's DD kernels on the CPU, because "
# dd mode, large: with no GPU, the DD kernels, saying there is none; with a
# GPU, the GPU (the split engine where it has INT8 tensor cores).
plan "$info" --plan dgemm 8192
if [ $gpu = no ]; then
	expect cpu-dd "no GPU"
else
	case $place in gpu-dd|gpu-split) ;; *) fail "a GPU here and dgemm 8192 planned on $place" ;; esac
fi
# df mode with no GPU: the CPU BLAS.
if [ $gpu = no ]; then
	plan TWOFOLD_MODE=df "$info" --plan dgemm 8192
	expect cpu-blas "TWOFOLD_MODE=df computes on a GPU and there is none to use: no GPU"
	# A threshold that sends everything to a GPU that is not there.
	plan TWOFOLD_GPU_MIN_FLOPS=0 "$info" --plan dgemm 64
	expect cpu-dd ">= TWOFOLD_GPU_MIN_FLOPS=0, but no GPU"
	plan TWOFOLD_SPLIT=force "$info" --plan dgemm 64
	expect cpu-split "TWOFOLD_SPLIT=force takes every product"
fi
# M N K given apart.
plan "$info" --plan dgemm 3 5 7
grep -q '^dgemm 3 x 5 x 7, mode dd: ' "$work/plan" || fail "--plan dgemm 3 5 7: $(cat "$work/plan")"

# The dry run against real calls, at sizes the CPU computes in a moment.
checked=0
for settings in "TWOFOLD_MODE=cpu" "TWOFOLD_MODE=dd" "TWOFOLD_SPLIT=force" "TWOFOLD_MODE=df" \
	"TWOFOLD_GPU_MIN_FLOPS=0"; do
	for size in "16 16 16" "200 100 300"; do
		plan $settings "$info" --plan dgemm $size
		ran $settings "$run_dgemm" $size
		[ "$place" = "$ran_place" ] ||
			fail "$settings dgemm $size: --plan says $place, the call ran on $ran_place"
		echo "$settings dgemm $size: $place, as planned"
		checked=$((checked + 1))
	done
done
echo "PASS: --plan in cpu, dd and df modes, small and large; $checked dry runs as the calls ran"
