# TF_CUDA: --with-cuda[=DIR] and --with-cuda-arch=LIST.
#
# By default CUDA is looked for (nvcc, the runtime, cuBLAS) and used when
# found; without it the library is built for the CPU only.  configure fails
# only when CUDA was asked for (--with-cuda or --with-cuda=DIR) and is not
# usable.  The runtime is linked statically, so that libtwofold.so loads on a
# machine with no CUDA runtime or driver.
AC_DEFUN([TF_CUDA], [
AC_ARG_WITH([cuda],
  [AS_HELP_STRING([--with-cuda@<:@=DIR@:>@],
    [build the GPU engine with the CUDA toolkit in DIR @<:@default: look for it, in CUDA_HOME or /usr/local/cuda@:>@])],
  [], [with_cuda=check])
AC_ARG_WITH([cuda-arch],
  [AS_HELP_STRING([--with-cuda-arch=LIST],
    [compute capabilities to build for, e.g. "80 90" @<:@75 80 86 89 90 100 120@:>@])],
  [tf_cuda_arch=`echo "$withval" | sed 's/sm_//g; s/,/ /g'`],
  [tf_cuda_arch="75 80 86 89 90 100 120"])

# Ascending and unique, so that the last is the newest.
tf_cuda_arch=`for tf_cc in $tf_cuda_arch; do echo $tf_cc; done | sort -n -u | tr '\n' ' ' | sed 's/ $//'`
have_cuda=no
tf_cuda_why=
AS_IF([test "x$with_cuda" != xno], [
  # A directory given is the only place looked in; otherwise CUDA_HOME or
  # /usr/local/cuda, then PATH.
  AS_CASE([$with_cuda],
    [check|yes], [tf_cuda_dir=${CUDA_HOME:-/usr/local/cuda}
                  tf_cuda_path=$tf_cuda_dir/bin$PATH_SEPARATOR$PATH],
    [tf_cuda_dir=$with_cuda
     tf_cuda_path=$tf_cuda_dir/bin])
  AC_PATH_PROG([NVCC], [nvcc], [], [$tf_cuda_path])
  AS_IF([test -n "$NVCC"], [tf_cuda_dir=$(dirname "$(dirname "$NVCC")")])
  tf_cuda_libdir=$tf_cuda_dir/lib64
  AS_IF([test -z "$NVCC"], [tf_cuda_why="nvcc not found"],
    [test ! -f "$tf_cuda_dir/include/cuda_runtime.h"], [tf_cuda_why="no cuda_runtime.h in $tf_cuda_dir/include"],
    [test ! -f "$tf_cuda_libdir/libcudart_static.a"], [tf_cuda_why="no libcudart_static.a in $tf_cuda_libdir"],
    [test ! -f "$tf_cuda_dir/include/cublas_v2.h"], [tf_cuda_why="no cuBLAS (cublas_v2.h) in $tf_cuda_dir/include"])
  NVCC_GENCODE=
  tf_cuda_last=
  for tf_cc in $tf_cuda_arch; do
    NVCC_GENCODE="$NVCC_GENCODE -gencode arch=compute_$tf_cc,code=sm_$tf_cc"
    tf_cuda_last=$tf_cc
  done
  # PTX of the newest target too, so that newer GPUs can run it.
  AS_IF([test -n "$tf_cuda_last"],
    [NVCC_GENCODE="$NVCC_GENCODE -gencode arch=compute_$tf_cuda_last,code=compute_$tf_cuda_last"])
  AS_IF([test -z "$tf_cuda_why"], [
    AC_MSG_CHECKING([whether $NVCC builds for $tf_cuda_arch])
    cat > conftest.cu <<TF_EOF
__global__ void conftest_kernel(int *p) { *p = 1; }
TF_EOF
    AS_IF([$NVCC $NVCC_GENCODE -c conftest.cu -o conftest.$OBJEXT >&AS_MESSAGE_LOG_FD 2>&1],
      [AC_MSG_RESULT([yes]); have_cuda=yes],
      [AC_MSG_RESULT([no]); tf_cuda_why="$NVCC cannot build for $tf_cuda_arch (see config.log)"])
    rm -f conftest.cu conftest.$OBJEXT])
  AS_IF([test $have_cuda = no && test "x$with_cuda" != xcheck],
    [AC_MSG_ERROR([CUDA was asked for but is not usable: $tf_cuda_why])])
  AS_IF([test $have_cuda = no && test -n "$tf_cuda_why"],
    [AC_MSG_NOTICE([building for the CPU only: $tf_cuda_why])])
])
AS_IF([test $have_cuda = yes], [
  AC_DEFINE([TF_HAVE_CUDA], [1], [Define to 1 when the GPU engine is built])
  CUDA_CPPFLAGS="-I$tf_cuda_dir/include"
  # -Wl, so that libtool links the static runtime in without objecting.
  CUDA_LIBS="-Wl,$tf_cuda_libdir/libcudart_static.a -lrt -lstdc++"
], [tf_cuda_arch=none])
AC_DEFINE_UNQUOTED([TF_CUDA_ARCH], ["$tf_cuda_arch"],
  [The compute capabilities the GPU engine is built for, or none (twofold-info)])
AC_SUBST([NVCC])
AC_SUBST([NVCC_GENCODE])
AC_SUBST([CUDA_CPPFLAGS])
AC_SUBST([CUDA_LIBS])
AC_SUBST([CUDA_LIBDIR], [$tf_cuda_libdir])
AM_CONDITIONAL([HAVE_CUDA], [test $have_cuda = yes])
])
