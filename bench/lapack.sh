#!/bin/sh
# LAPACK's testers, every input, preloaded in dd mode against the same
# testers without twofold: failures and times (test/lapack.sh full).
#
#   bench/lapack.sh BUILDDIR [REFERENCE_BLAS [INPUT...]]
#
# REFERENCE_BLAS is Netlib's libblas.so.3 (default: the configured CPU BLAS
# of BUILDDIR).  See docs/PERFORMANCE.md, "LAPACK's testers preloaded".
builddir=$(cd "${1:?usage: bench/lapack.sh BUILDDIR [REFERENCE_BLAS [INPUT...]]}" && pwd) || exit 1
srcdir=$(cd "$(dirname "$0")/.." && pwd)
reference=${2:-$(sed -n 's/^TF_DEFAULT_CPU_BLAS = //p' "$builddir/Makefile")}
netlib=$(sed -n 's/^NETLIB_TESTER_DIR = //p' "$builddir/Makefile")
[ $# -ge 2 ] && shift 2 || shift $#
TF_SRCDIR=$srcdir TF_LIB=$builddir/.libs/libtwofold.so TF_REFERENCE_BLAS=$reference \
	TF_NETLIB_DIR=$netlib exec sh "$srcdir/test/lapack.sh" full "$@"
