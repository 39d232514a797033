#!/bin/sh
# The sparse kernels under compute-sanitizer on small cases: memcheck (no
# access out of bounds) and racecheck on the SpMV test and on the solvers
# (the triangular solves' flags).  Skips without the program, a GPU or the
# sanitizer.
[ -x ./test/sparse_gpu/resident ] || { echo "not built"; exit 77; }
sanitizer=$(command -v compute-sanitizer || ls /usr/local/cuda*/bin/compute-sanitizer 2>/dev/null | head -1)
[ -n "$sanitizer" ] || { echo "no compute-sanitizer"; exit 77; }
./test/sparse_gpu/resident quick > /dev/null 2>&1
[ $? -eq 77 ] && { echo "no GPU"; exit 77; }
status=0
for tool in memcheck racecheck; do
	"$sanitizer" --tool $tool --error-exitcode 9 ./test/sparse_gpu/resident quick || status=1
	if [ -x ./test/sparse_gpu/spmv ]; then
		"$sanitizer" --tool $tool --error-exitcode 9 ./test/sparse_gpu/spmv quick || status=1
	fi
done
exit $status
