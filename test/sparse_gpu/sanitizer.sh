#!/bin/sh
# The sparse kernels under compute-sanitizer on small cases: memcheck (no
# access out of bounds) on the SpMV test and on the solvers, racecheck
# (shared memory: the reductions) on the SpMV test.  Skips without the
# program, a GPU or the sanitizer.
[ -x ./test/sparse_gpu/resident ] || { echo "not built"; exit 77; }
sanitizer=$(command -v compute-sanitizer || ls /usr/local/cuda*/bin/compute-sanitizer 2>/dev/null | head -1)
[ -n "$sanitizer" ] || { echo "no compute-sanitizer"; exit 77; }
./test/sparse_gpu/resident quick > /dev/null 2>&1
[ $? -eq 77 ] && { echo "no GPU"; exit 77; }
status=0
"$sanitizer" --tool memcheck --error-exitcode 9 ./test/sparse_gpu/resident quick || status=1
if [ -x ./test/sparse_gpu/spmv ]; then
	for tool in memcheck racecheck; do
		"$sanitizer" --tool $tool --error-exitcode 9 ./test/sparse_gpu/spmv quick || status=1
	done
fi
exit $status
