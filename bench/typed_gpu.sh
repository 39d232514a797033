#!/bin/sh
# typed_gpu.sh: the typed API's GPU benchmarks, from a build tree, into a
# directory (on a GPU machine; the build made with make bench-gpu):
#
#   bench/typed_gpu.sh BUILDDIR OUTDIR [PART...]
#
# OUTDIR receives typed_gpu.txt (bench/typed_gpu PART..., all by default:
# ceilings, rates against size, targets, comparisons, the df interface
# (dgemm_ with TWOFOLD_MODE=df, which typed_gpu sets before the library's
# first call)), typed_accuracy_gpu.txt and typed_accuracy_cpu.txt
# (bench/typed_accuracy with the GPU forced, TWOFOLD_GPU_MIN_FLOPS=0, and on
# the CPU, TWOFOLD_MODE=cpu), and the plots of bench/plot_typed.py
# where python3 has matplotlib.  The exit status is typed_gpu's: 0, or 1
# when a sampled result was beyond its bound.
set -u
usage="usage: typed_gpu.sh BUILDDIR OUTDIR [PART...]"
build=$(cd "${1:?$usage}" && pwd)
out=${2:?$usage}
shift 2
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
# The build tree may have moved: its library, not an installed one.
LD_LIBRARY_PATH="$build/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export LD_LIBRARY_PATH

"$build/bench/typed_gpu" "$@" > "$out/typed_gpu.txt" 2>&1
status=$?
if [ -x "$build/bench/typed_accuracy" ]; then
	TWOFOLD_GPU_MIN_FLOPS=0 "$build/bench/typed_accuracy" > "$out/typed_accuracy_gpu.txt" 2>&1
	TWOFOLD_MODE=cpu "$build/bench/typed_accuracy" > "$out/typed_accuracy_cpu.txt" 2>&1
fi
if python3 -c 'import matplotlib' 2> /dev/null; then
	python3 "$here/plot_typed.py" "$out/typed_gpu.txt" "$out" > /dev/null
else
	echo "typed_gpu.sh: no matplotlib for python3: no plots (bench/plot_typed.py)" >&2
fi
exit $status
