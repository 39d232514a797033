#!/bin/sh
# libtwofold.so exports every function the reference libblas.so.3 exports;
# xerbla_ and cblas_xerbla are weak, so that a program's own win; the CBLAS
# error flags are exported, as programs that test CBLAS refer to them.
. "$TF_SRCDIR/test/lib.sh"
reference=$TF_REFERENCE_BLAS
[ -f "$reference" ] || skip "reference BLAS $reference not found"
command -v nm > /dev/null || skip "no nm"
nm -D --defined-only "$reference" | awk '$2 == "T" { print $3 }' | sort -u > "$work/reference"
nm -D --defined-only "$TF_LIB" | awk '$2 == "T" || $2 == "W" { print $3 }' | sort -u > "$work/ours"
count=$(wc -l < "$work/reference")
[ "$count" -gt 300 ] || fail "only $count functions found in $reference"
missing=$(comm -23 "$work/reference" "$work/ours")
[ -z "$missing" ] || fail "missing from libtwofold: $(echo $missing)"
echo "all $count functions of $reference are exported"
for symbol in xerbla_ cblas_xerbla; do
	nm -D --defined-only "$TF_LIB" | grep -q " W $symbol\$" || fail "$symbol is not exported weak"
done
echo "xerbla_ and cblas_xerbla are weak"
for symbol in RowMajorStrg CBLAS_CallFromC; do
	nm -D --defined-only "$TF_LIB" | grep -q " [BD] $symbol\$" || fail "$symbol is not exported"
done
echo "RowMajorStrg and CBLAS_CallFromC are exported"
# A build with CUDA must load where there is no CUDA runtime, driver or
# cuBLAS: none of them may be a dependency of the library (the runtime is
# linked in, the driver and cuBLAS are opened at run time).
if command -v readelf > /dev/null; then
	needed=$(readelf -d "$TF_LIB" | sed -n 's/.*Shared library: \[\(.*\)\]/\1/p' | tr '\n' ' ')
	case $needed in
	*libcuda*|*libcublas*|*libnvidia*) fail "libtwofold depends on CUDA libraries: $needed" ;;
	esac
	echo "dependencies: $needed"
fi
