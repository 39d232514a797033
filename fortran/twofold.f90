! Module twofold: the twofold library from Fortran 2003 (ISO_C_BINDING).
!
! The standard BLAS needs no module: libtwofold.so exports the Fortran BLAS
! symbols, and a program calls DGEMM and the rest as it always has.  This
! module gives what twofold adds: the mode in force and the version, and the
! typed extended-precision BLAS (include/twofold.h) with its types and
! conversions.  The arithmetic operators on the types are in the separate
! module twofold_operators, so that a program using QD's ddmodule can take
! the BLAS from here without a second set of operators on dd_real.
!
! Nothing here may need the Fortran run-time library (no I/O, no STOP, no
! allocation): libtwofold is linked as C and loads into programs of any
! language.  Errors go to xerbla, the program's own if it has one.
module twofold
  use, intrinsic :: iso_c_binding, only: c_int, c_int32_t, c_char, c_float, c_double, c_ptr, &
                                         c_null_char, c_associated, c_f_pointer, c_loc
  implicit none
  private

  ! What a double-precision call means (TWOFOLD_MODE); values of tf_mode.
  integer(c_int), parameter, public :: TF_MODE_DD = 0
  integer(c_int), parameter, public :: TF_MODE_DF = 1
  integer(c_int), parameter, public :: TF_MODE_FAST = 2
  integer(c_int), parameter, public :: TF_MODE_NATIVE = 3
  integer(c_int), parameter, public :: TF_MODE_CPU = 4

  public :: tf_get_mode, tf_mode_name, tf_version

  ! Double-double, hi = re(1), lo = re(2): declared exactly as QD's ddmodule
  ! declares it, so that the two are the same type (a sequence type with the
  ! same name and components) and a QD program's dd_real arrays pass to the
  ! routines here unchanged.  16 bytes, the layout of C's tf_dd.
  type, public :: dd_real
    sequence
    real(8) :: re(2)
  end type dd_real

  ! Double-float (C's tf_df): hi + lo, 48 bits, float's exponent range.
  type, bind(c), public :: df_real
    real(c_float) :: hi, lo
  end type df_real

  ! Triple-single (C's tf_ts): x + y + z, about 72 bits, float's range.
  type, bind(c), public :: ts_real
    real(c_float) :: x, y, z
  end type ts_real

  ! DS and DI values are pairs of arrays (or scalars): real(c_double) hi with
  ! real(c_float) lo, and real(c_double) hi with integer(c_int32_t) lo.

  ! C's tf_dd, tf_ds and tf_di by value (a sequence type is not
  ! interoperable).
  type, bind(c) :: c_dd
    real(c_double) :: hi, lo
  end type c_dd
  type, bind(c) :: c_ds
    real(c_double) :: hi
    real(c_float) :: lo
  end type c_ds
  type, bind(c) :: c_di
    real(c_double) :: hi
    integer(c_int32_t) :: lo
  end type c_di

  ! The typed BLAS, one routine per format (dd, ds, di, df, ts), in BLAS
  ! argument order, arrays column-major and by reference; a trailing
  ! optional info receives 0 or -i (the i-th argument is illegal).
  public :: tf_ddgemm, tf_dsgemm, tf_dsgemm_dsarith, tf_digemm, tf_dfgemm, tf_tsgemm
  public :: tf_ddgemv, tf_dsgemv, tf_digemv, tf_dfgemv, tf_tsgemv
  public :: tf_ddaxpy, tf_dsaxpy, tf_diaxpy, tf_dfaxpy, tf_tsaxpy
  public :: tf_dddot, tf_dsdot, tf_didot, tf_dfdot, tf_tsdot

  ! The same, by the types of the arguments (tf_dsgemm_dsarith has no
  ! generic name: its arguments are tf_dsgemm's).  Generic resolution needs
  ! the arrays' ranks to match: rank 2 for A, B and C, rank 1 for vectors.
  public :: tf_gemm, tf_gemv, tf_axpy, tf_dot
  interface tf_gemm
    module procedure tf_ddgemm, tf_dsgemm, tf_digemm, tf_dfgemm, tf_tsgemm
  end interface tf_gemm
  interface tf_gemv
    module procedure tf_ddgemv, tf_dsgemv, tf_digemv, tf_dfgemv, tf_tsgemv
  end interface tf_gemv
  interface tf_axpy
    module procedure tf_ddaxpy, tf_dsaxpy, tf_diaxpy, tf_dfaxpy, tf_tsaxpy
  end interface tf_axpy
  interface tf_dot
    module procedure tf_dddot, tf_dsdot, tf_didot, tf_dfdot, tf_tsdot
  end interface tf_dot

  ! Conversions, elemental.  To a format from a double: exact for dd, ds and
  ! di, and for ts within float's range; df rounds to 48 bits.  From dd to
  ! ds, di and ts: rounded once, as the typed BLAS rounds its results.  To
  ! dd from ds and di: exact; from ts: within 2^-105 relative.  To double:
  ! the nearest double.  DS and DI values are given as (hi, lo).
  public :: to_dd_real, to_df_real, to_ts_real, to_double, to_ds, to_di
  interface to_dd_real
    module procedure dd_from_double, dd_from_ds, dd_from_di, dd_from_ts
  end interface to_dd_real
  interface to_df_real
    module procedure df_from_double
  end interface to_df_real
  interface to_ts_real
    module procedure ts_from_double, ts_from_dd
  end interface to_ts_real
  interface to_double
    module procedure double_from_dd, double_from_df, double_from_ts, double_from_ds, &
                     double_from_di
  end interface to_double
  ! call to_ds(x, hi, lo), x a double or a dd_real.
  interface to_ds
    module procedure ds_from_double, ds_from_dd
  end interface to_ds
  ! call to_di(x, hi, lo), x a double or a dd_real.
  interface to_di
    module procedure di_from_double, di_from_dd
  end interface to_di

  ! Errors: the reference BLAS's xerbla(srname, info), or the program's own.
  interface
    subroutine xerbla(srname, info)
      character(len=*), intent(in) :: srname
      integer, intent(in) :: info
    end subroutine xerbla
  end interface

  interface
    ! The mode in force, one of TF_MODE_*.
    function tf_get_mode() bind(c, name='tf_get_mode')
      import :: c_int
      integer(c_int) :: tf_get_mode
    end function tf_get_mode

    function c_tf_mode_name(mode) bind(c, name='tf_mode_name')
      import :: c_int, c_ptr
      integer(c_int), value :: mode
      type(c_ptr) :: c_tf_mode_name
    end function c_tf_mode_name

    function c_tf_version() bind(c, name='tf_version')
      import :: c_ptr
      type(c_ptr) :: c_tf_version
    end function c_tf_version
  end interface

  ! The conversions of include/twofold.h, one value at a time.
  interface
    pure function c_d2df(value) bind(c, name='tf_d2df') result(r)
      import
      real(c_double), value :: value
      type(df_real) :: r
    end function c_d2df
    pure function c_d2ts(value) bind(c, name='tf_d2ts') result(r)
      import
      real(c_double), value :: value
      type(ts_real) :: r
    end function c_d2ts
    pure function c_d2ds(value) bind(c, name='tf_d2ds') result(r)
      import
      real(c_double), value :: value
      type(c_ds) :: r
    end function c_d2ds
    pure function c_d2di(value) bind(c, name='tf_d2di') result(r)
      import
      real(c_double), value :: value
      type(c_di) :: r
    end function c_d2di
    pure function c_dd2d(value) bind(c, name='tf_dd2d') result(r)
      import
      type(c_dd), value :: value
      real(c_double) :: r
    end function c_dd2d
    pure function c_df2d(value) bind(c, name='tf_df2d') result(r)
      import
      type(df_real), value :: value
      real(c_double) :: r
    end function c_df2d
    pure function c_ts2d(value) bind(c, name='tf_ts2d') result(r)
      import
      type(ts_real), value :: value
      real(c_double) :: r
    end function c_ts2d
    pure function c_ds2d(value) bind(c, name='tf_ds2d') result(r)
      import
      type(c_ds), value :: value
      real(c_double) :: r
    end function c_ds2d
    pure function c_di2d(value) bind(c, name='tf_di2d') result(r)
      import
      type(c_di), value :: value
      real(c_double) :: r
    end function c_di2d
    pure function c_dd2ds(value) bind(c, name='tf_dd2ds') result(r)
      import
      type(c_dd), value :: value
      type(c_ds) :: r
    end function c_dd2ds
    pure function c_dd2di(value) bind(c, name='tf_dd2di') result(r)
      import
      type(c_dd), value :: value
      type(c_di) :: r
    end function c_dd2di
    pure function c_di2dd(value) bind(c, name='tf_di2dd') result(r)
      import
      type(c_di), value :: value
      type(c_dd) :: r
    end function c_di2dd
    pure function c_dd2ts(value) bind(c, name='tf_dd2ts') result(r)
      import
      type(c_dd), value :: value
      type(ts_real) :: r
    end function c_dd2ts
    pure function c_ts2dd(value) bind(c, name='tf_ts2dd') result(r)
      import
      type(ts_real), value :: value
      type(c_dd) :: r
    end function c_ts2dd
  end interface

  ! The typed BLAS of include/twofold.h.  dd arrays go by address (c_loc):
  ! dd_real, a sequence type, is not interoperable, but its layout is tf_dd's.
  interface
    function c_ddgemm(transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc) &
        bind(c, name='tf_ddgemm') result(status)
      import
      character(kind=c_char), value :: transa, transb
      integer(c_int), value :: m, n, k, lda, ldb, ldc
      type(c_dd), value :: alpha, beta
      type(c_ptr), value :: a, b, c
      integer(c_int) :: status
    end function c_ddgemm

    function c_dsgemm(transa, transb, m, n, k, alpha, a_hi, a_lo, lda, b_hi, b_lo, ldb, &
        beta, c_hi, c_lo, ldc) &
        bind(c, name='tf_dsgemm') result(status)
      import
      character(kind=c_char), value :: transa, transb
      integer(c_int), value :: m, n, k, lda, ldb, ldc
      type(c_dd), value :: alpha, beta
      real(c_double), intent(in) :: a_hi(*), b_hi(*)
      real(c_float), intent(in) :: a_lo(*), b_lo(*)
      real(c_double), intent(inout) :: c_hi(*)
      real(c_float), intent(inout) :: c_lo(*)
      integer(c_int) :: status
    end function c_dsgemm

    function c_dsgemm_dsarith(transa, transb, m, n, k, alpha, a_hi, a_lo, lda, b_hi, b_lo, &
        ldb, beta, c_hi, c_lo, ldc) &
        bind(c, name='tf_dsgemm_dsarith') result(status)
      import
      character(kind=c_char), value :: transa, transb
      integer(c_int), value :: m, n, k, lda, ldb, ldc
      type(c_dd), value :: alpha, beta
      real(c_double), intent(in) :: a_hi(*), b_hi(*)
      real(c_float), intent(in) :: a_lo(*), b_lo(*)
      real(c_double), intent(inout) :: c_hi(*)
      real(c_float), intent(inout) :: c_lo(*)
      integer(c_int) :: status
    end function c_dsgemm_dsarith

    function c_digemm(transa, transb, m, n, k, alpha, a_hi, a_lo, lda, b_hi, b_lo, ldb, &
        beta, c_hi, c_lo, ldc) &
        bind(c, name='tf_digemm') result(status)
      import
      character(kind=c_char), value :: transa, transb
      integer(c_int), value :: m, n, k, lda, ldb, ldc
      type(c_dd), value :: alpha, beta
      real(c_double), intent(in) :: a_hi(*), b_hi(*)
      integer(c_int32_t), intent(in) :: a_lo(*), b_lo(*)
      real(c_double), intent(inout) :: c_hi(*)
      integer(c_int32_t), intent(inout) :: c_lo(*)
      integer(c_int) :: status
    end function c_digemm

    function c_dfgemm(transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc) &
        bind(c, name='tf_dfgemm') result(status)
      import
      character(kind=c_char), value :: transa, transb
      integer(c_int), value :: m, n, k, lda, ldb, ldc
      type(df_real), value :: alpha, beta
      type(df_real), intent(in) :: a(*), b(*)
      type(df_real), intent(inout) :: c(*)
      integer(c_int) :: status
    end function c_dfgemm

    function c_tsgemm(transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc) &
        bind(c, name='tf_tsgemm') result(status)
      import
      character(kind=c_char), value :: transa, transb
      integer(c_int), value :: m, n, k, lda, ldb, ldc
      type(ts_real), value :: alpha, beta
      type(ts_real), intent(in) :: a(*), b(*)
      type(ts_real), intent(inout) :: c(*)
      integer(c_int) :: status
    end function c_tsgemm

    function c_ddgemv(trans, m, n, alpha, a, lda, x, incx, beta, y, incy) &
        bind(c, name='tf_ddgemv') result(status)
      import
      character(kind=c_char), value :: trans
      integer(c_int), value :: m, n, lda, incx, incy
      type(c_dd), value :: alpha, beta
      type(c_ptr), value :: a, x, y
      integer(c_int) :: status
    end function c_ddgemv

    function c_dsgemv(trans, m, n, alpha, a_hi, a_lo, lda, x_hi, x_lo, incx, beta, y_hi, &
        y_lo, incy) &
        bind(c, name='tf_dsgemv') result(status)
      import
      character(kind=c_char), value :: trans
      integer(c_int), value :: m, n, lda, incx, incy
      type(c_dd), value :: alpha, beta
      real(c_double), intent(in) :: a_hi(*), x_hi(*)
      real(c_float), intent(in) :: a_lo(*), x_lo(*)
      real(c_double), intent(inout) :: y_hi(*)
      real(c_float), intent(inout) :: y_lo(*)
      integer(c_int) :: status
    end function c_dsgemv

    function c_digemv(trans, m, n, alpha, a_hi, a_lo, lda, x_hi, x_lo, incx, beta, y_hi, &
        y_lo, incy) &
        bind(c, name='tf_digemv') result(status)
      import
      character(kind=c_char), value :: trans
      integer(c_int), value :: m, n, lda, incx, incy
      type(c_dd), value :: alpha, beta
      real(c_double), intent(in) :: a_hi(*), x_hi(*)
      integer(c_int32_t), intent(in) :: a_lo(*), x_lo(*)
      real(c_double), intent(inout) :: y_hi(*)
      integer(c_int32_t), intent(inout) :: y_lo(*)
      integer(c_int) :: status
    end function c_digemv

    function c_dfgemv(trans, m, n, alpha, a, lda, x, incx, beta, y, incy) &
        bind(c, name='tf_dfgemv') result(status)
      import
      character(kind=c_char), value :: trans
      integer(c_int), value :: m, n, lda, incx, incy
      type(df_real), value :: alpha, beta
      type(df_real), intent(in) :: a(*), x(*)
      type(df_real), intent(inout) :: y(*)
      integer(c_int) :: status
    end function c_dfgemv

    function c_tsgemv(trans, m, n, alpha, a, lda, x, incx, beta, y, incy) &
        bind(c, name='tf_tsgemv') result(status)
      import
      character(kind=c_char), value :: trans
      integer(c_int), value :: m, n, lda, incx, incy
      type(ts_real), value :: alpha, beta
      type(ts_real), intent(in) :: a(*), x(*)
      type(ts_real), intent(inout) :: y(*)
      integer(c_int) :: status
    end function c_tsgemv

    function c_ddaxpy(n, alpha, x, incx, y, incy) &
        bind(c, name='tf_ddaxpy') result(status)
      import
      integer(c_int), value :: n, incx, incy
      type(c_dd), value :: alpha
      type(c_ptr), value :: x, y
      integer(c_int) :: status
    end function c_ddaxpy

    function c_dsaxpy(n, alpha, x_hi, x_lo, incx, y_hi, y_lo, incy) &
        bind(c, name='tf_dsaxpy') result(status)
      import
      integer(c_int), value :: n, incx, incy
      type(c_dd), value :: alpha
      real(c_double), intent(in) :: x_hi(*)
      real(c_float), intent(in) :: x_lo(*)
      real(c_double), intent(inout) :: y_hi(*)
      real(c_float), intent(inout) :: y_lo(*)
      integer(c_int) :: status
    end function c_dsaxpy

    function c_diaxpy(n, alpha, x_hi, x_lo, incx, y_hi, y_lo, incy) &
        bind(c, name='tf_diaxpy') result(status)
      import
      integer(c_int), value :: n, incx, incy
      type(c_dd), value :: alpha
      real(c_double), intent(in) :: x_hi(*)
      integer(c_int32_t), intent(in) :: x_lo(*)
      real(c_double), intent(inout) :: y_hi(*)
      integer(c_int32_t), intent(inout) :: y_lo(*)
      integer(c_int) :: status
    end function c_diaxpy

    function c_dfaxpy(n, alpha, x, incx, y, incy) &
        bind(c, name='tf_dfaxpy') result(status)
      import
      integer(c_int), value :: n, incx, incy
      type(df_real), value :: alpha
      type(df_real), intent(in) :: x(*)
      type(df_real), intent(inout) :: y(*)
      integer(c_int) :: status
    end function c_dfaxpy

    function c_tsaxpy(n, alpha, x, incx, y, incy) &
        bind(c, name='tf_tsaxpy') result(status)
      import
      integer(c_int), value :: n, incx, incy
      type(ts_real), value :: alpha
      type(ts_real), intent(in) :: x(*)
      type(ts_real), intent(inout) :: y(*)
      integer(c_int) :: status
    end function c_tsaxpy

    function c_dddot(n, x, incx, y, incy, result) &
        bind(c, name='tf_dddot') result(status)
      import
      integer(c_int), value :: n, incx, incy
      type(c_ptr), value :: x, y
      type(c_dd), intent(out) :: result
      integer(c_int) :: status
    end function c_dddot

    function c_dsdot(n, x_hi, x_lo, incx, y_hi, y_lo, incy, result) &
        bind(c, name='tf_dsdot') result(status)
      import
      integer(c_int), value :: n, incx, incy
      real(c_double), intent(in) :: x_hi(*), y_hi(*)
      real(c_float), intent(in) :: x_lo(*), y_lo(*)
      type(c_dd), intent(out) :: result
      integer(c_int) :: status
    end function c_dsdot

    function c_didot(n, x_hi, x_lo, incx, y_hi, y_lo, incy, result) &
        bind(c, name='tf_didot') result(status)
      import
      integer(c_int), value :: n, incx, incy
      real(c_double), intent(in) :: x_hi(*), y_hi(*)
      integer(c_int32_t), intent(in) :: x_lo(*), y_lo(*)
      type(c_dd), intent(out) :: result
      integer(c_int) :: status
    end function c_didot

    function c_dfdot(n, x, incx, y, incy, result) &
        bind(c, name='tf_dfdot') result(status)
      import
      integer(c_int), value :: n, incx, incy
      type(df_real), intent(in) :: x(*), y(*)
      type(df_real), intent(out) :: result
      integer(c_int) :: status
    end function c_dfdot

    function c_tsdot(n, x, incx, y, incy, result) &
        bind(c, name='tf_tsdot') result(status)
      import
      integer(c_int), value :: n, incx, incy
      type(ts_real), intent(in) :: x(*), y(*)
      type(ts_real), intent(out) :: result
      integer(c_int) :: status
    end function c_tsdot
  end interface

contains

  ! "dd", "df", "fast", "native" or "cpu", blank-padded; blank for a value
  ! outside TF_MODE_*.
  function tf_mode_name(mode) result(name)
    integer(c_int), intent(in) :: mode
    character(len=8) :: name
    call copy_c_string(c_tf_mode_name(mode), name)
  end function tf_mode_name

  ! The library's version, "MAJOR.MINOR.PATCH", blank-padded.
  function tf_version() result(version)
    character(len=16) :: version
    call copy_c_string(c_tf_version(), version)
  end function tf_version

  ! Character by character, so that the module needs no Fortran run-time
  ! library: libtwofold stays loadable into programs of any language.
  subroutine copy_c_string(pointer, text)
    type(c_ptr), intent(in) :: pointer
    character(len=*), intent(out) :: text
    character(kind=c_char), pointer :: chars(:)
    integer :: i
    text = ''
    if (.not. c_associated(pointer)) return
    call c_f_pointer(pointer, chars, [len(text)])
    do i = 1, len(text)
      if (chars(i) == c_null_char) exit
      text(i:i) = chars(i)
    end do
  end subroutine copy_c_string

  ! The C routine's status to info when the caller asked for it; else an
  ! illegal argument goes to xerbla with its position, as BLAS reports it.
  subroutine report(routine, status, info)
    character(len=*), intent(in) :: routine
    integer(c_int), intent(in) :: status
    integer, intent(out), optional :: info
    if (present(info)) then
      info = int(status)
    else if (status /= 0) then
      call xerbla(routine, -int(status))
    end if
  end subroutine report

  pure function c_dd_of(value) result(r)
    type(dd_real), intent(in) :: value
    type(c_dd) :: r
    r = c_dd(value%re(1), value%re(2))
  end function c_dd_of

  pure function dd_of(value) result(r)
    type(c_dd), intent(in) :: value
    type(dd_real) :: r
    r = dd_real([value%hi, value%lo])
  end function dd_of

  ! ---- conversions

  elemental function dd_from_double(x) result(r)
    real(c_double), intent(in) :: x
    type(dd_real) :: r
    r = dd_real([x, 0.0_c_double])
  end function dd_from_double

  ! DS (hi, lo) to dd: the pair itself.
  elemental function dd_from_ds(hi, lo) result(r)
    real(c_double), intent(in) :: hi
    real(c_float), intent(in) :: lo
    type(dd_real) :: r
    r = dd_real([hi, real(lo, c_double)])
  end function dd_from_ds

  elemental function dd_from_di(hi, lo) result(r)
    real(c_double), intent(in) :: hi
    integer(c_int32_t), intent(in) :: lo
    type(dd_real) :: r
    r = dd_of(c_di2dd(c_di(hi, lo)))
  end function dd_from_di

  elemental function dd_from_ts(x) result(r)
    type(ts_real), intent(in) :: x
    type(dd_real) :: r
    r = dd_of(c_ts2dd(x))
  end function dd_from_ts

  elemental function df_from_double(x) result(r)
    real(c_double), intent(in) :: x
    type(df_real) :: r
    r = c_d2df(x)
  end function df_from_double

  elemental function ts_from_double(x) result(r)
    real(c_double), intent(in) :: x
    type(ts_real) :: r
    r = c_d2ts(x)
  end function ts_from_double

  elemental function ts_from_dd(x) result(r)
    type(dd_real), intent(in) :: x
    type(ts_real) :: r
    r = c_dd2ts(c_dd_of(x))
  end function ts_from_dd

  elemental function double_from_dd(x) result(r)
    type(dd_real), intent(in) :: x
    real(c_double) :: r
    r = c_dd2d(c_dd_of(x))
  end function double_from_dd

  elemental function double_from_df(x) result(r)
    type(df_real), intent(in) :: x
    real(c_double) :: r
    r = c_df2d(x)
  end function double_from_df

  elemental function double_from_ts(x) result(r)
    type(ts_real), intent(in) :: x
    real(c_double) :: r
    r = c_ts2d(x)
  end function double_from_ts

  elemental function double_from_ds(hi, lo) result(r)
    real(c_double), intent(in) :: hi
    real(c_float), intent(in) :: lo
    real(c_double) :: r
    r = c_ds2d(c_ds(hi, lo))
  end function double_from_ds

  elemental function double_from_di(hi, lo) result(r)
    real(c_double), intent(in) :: hi
    integer(c_int32_t), intent(in) :: lo
    real(c_double) :: r
    r = c_di2d(c_di(hi, lo))
  end function double_from_di

  elemental subroutine ds_from_double(x, hi, lo)
    real(c_double), intent(in) :: x
    real(c_double), intent(out) :: hi
    real(c_float), intent(out) :: lo
    type(c_ds) :: r
    r = c_d2ds(x)
    hi = r%hi
    lo = r%lo
  end subroutine ds_from_double

  elemental subroutine ds_from_dd(x, hi, lo)
    type(dd_real), intent(in) :: x
    real(c_double), intent(out) :: hi
    real(c_float), intent(out) :: lo
    type(c_ds) :: r
    r = c_dd2ds(c_dd_of(x))
    hi = r%hi
    lo = r%lo
  end subroutine ds_from_dd

  elemental subroutine di_from_double(x, hi, lo)
    real(c_double), intent(in) :: x
    real(c_double), intent(out) :: hi
    integer(c_int32_t), intent(out) :: lo
    type(c_di) :: r
    r = c_d2di(x)
    hi = r%hi
    lo = r%lo
  end subroutine di_from_double

  elemental subroutine di_from_dd(x, hi, lo)
    type(dd_real), intent(in) :: x
    real(c_double), intent(out) :: hi
    integer(c_int32_t), intent(out) :: lo
    type(c_di) :: r
    r = c_dd2di(c_dd_of(x))
    hi = r%hi
    lo = r%lo
  end subroutine di_from_dd

  ! ---- the typed BLAS
  !
  ! The options are copied to a character(kind=c_char) variable before the
  ! call: gfortran 12 passes a substring such as trans(1:1) to a VALUE
  ! character dummy of a BIND(C) interface wrongly.

  ! C = alpha op(A) op(B) + beta C, in double-double.
  subroutine tf_ddgemm(transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc, info)
    character(len=*), intent(in) :: transa, transb
    integer, intent(in) :: m, n, k, lda, ldb, ldc
    type(dd_real), intent(in) :: alpha, beta
    type(dd_real), intent(in), target :: a(lda, *), b(ldb, *)
    type(dd_real), intent(inout), target :: c(ldc, *)
    integer, intent(out), optional :: info
    character(kind=c_char) :: c_transa, c_transb
    c_transa = transa(1:1)
    c_transb = transb(1:1)
    call report('TF_DDGEMM', c_ddgemm(c_transa, c_transb, int(m, c_int), int(n, c_int), &
        int(k, c_int), c_dd_of(alpha), c_loc(a(1, 1)), int(lda, c_int), c_loc(b(1, 1)), &
        int(ldb, c_int), c_dd_of(beta), c_loc(c(1, 1)), int(ldc, c_int)), info)
  end subroutine tf_ddgemm

  ! C = alpha op(A) op(B) + beta C, DS pairs (hi, lo), computed in double-double.
  subroutine tf_dsgemm(transa, transb, m, n, k, alpha, a_hi, a_lo, lda, b_hi, b_lo, ldb, &
      beta, c_hi, c_lo, ldc, info)
    character(len=*), intent(in) :: transa, transb
    integer, intent(in) :: m, n, k, lda, ldb, ldc
    type(dd_real), intent(in) :: alpha, beta
    real(c_double), intent(in) :: a_hi(lda, *), b_hi(ldb, *)
    real(c_float), intent(in) :: a_lo(lda, *), b_lo(ldb, *)
    real(c_double), intent(inout) :: c_hi(ldc, *)
    real(c_float), intent(inout) :: c_lo(ldc, *)
    integer, intent(out), optional :: info
    character(kind=c_char) :: c_transa, c_transb
    c_transa = transa(1:1)
    c_transb = transb(1:1)
    call report('TF_DSGEMM', c_dsgemm(c_transa, c_transb, int(m, c_int), int(n, c_int), &
        int(k, c_int), c_dd_of(alpha), a_hi, a_lo, int(lda, c_int), b_hi, b_lo, int(ldb, &
        c_int), c_dd_of(beta), c_hi, c_lo, int(ldc, c_int)), info)
  end subroutine tf_dsgemm

  ! tf_dsgemm computed in DS arithmetic (double leading words, float
  ! trailing words): for comparison with tf_dsgemm.
  subroutine tf_dsgemm_dsarith(transa, transb, m, n, k, alpha, a_hi, a_lo, lda, b_hi, &
      b_lo, ldb, beta, c_hi, c_lo, ldc, info)
    character(len=*), intent(in) :: transa, transb
    integer, intent(in) :: m, n, k, lda, ldb, ldc
    type(dd_real), intent(in) :: alpha, beta
    real(c_double), intent(in) :: a_hi(lda, *), b_hi(ldb, *)
    real(c_float), intent(in) :: a_lo(lda, *), b_lo(ldb, *)
    real(c_double), intent(inout) :: c_hi(ldc, *)
    real(c_float), intent(inout) :: c_lo(ldc, *)
    integer, intent(out), optional :: info
    character(kind=c_char) :: c_transa, c_transb
    c_transa = transa(1:1)
    c_transb = transb(1:1)
    call report('TF_DSGEMM_DSARITH', c_dsgemm_dsarith(c_transa, c_transb, int(m, c_int), &
        int(n, c_int), int(k, c_int), c_dd_of(alpha), a_hi, a_lo, int(lda, c_int), b_hi, &
        b_lo, int(ldb, c_int), c_dd_of(beta), c_hi, c_lo, int(ldc, c_int)), info)
  end subroutine tf_dsgemm_dsarith

  ! C = alpha op(A) op(B) + beta C, DI pairs (hi, lo), computed in double-double.
  subroutine tf_digemm(transa, transb, m, n, k, alpha, a_hi, a_lo, lda, b_hi, b_lo, ldb, &
      beta, c_hi, c_lo, ldc, info)
    character(len=*), intent(in) :: transa, transb
    integer, intent(in) :: m, n, k, lda, ldb, ldc
    type(dd_real), intent(in) :: alpha, beta
    real(c_double), intent(in) :: a_hi(lda, *), b_hi(ldb, *)
    integer(c_int32_t), intent(in) :: a_lo(lda, *), b_lo(ldb, *)
    real(c_double), intent(inout) :: c_hi(ldc, *)
    integer(c_int32_t), intent(inout) :: c_lo(ldc, *)
    integer, intent(out), optional :: info
    character(kind=c_char) :: c_transa, c_transb
    c_transa = transa(1:1)
    c_transb = transb(1:1)
    call report('TF_DIGEMM', c_digemm(c_transa, c_transb, int(m, c_int), int(n, c_int), &
        int(k, c_int), c_dd_of(alpha), a_hi, a_lo, int(lda, c_int), b_hi, b_lo, int(ldb, &
        c_int), c_dd_of(beta), c_hi, c_lo, int(ldc, c_int)), info)
  end subroutine tf_digemm

  ! C = alpha op(A) op(B) + beta C, in double-float.
  subroutine tf_dfgemm(transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc, info)
    character(len=*), intent(in) :: transa, transb
    integer, intent(in) :: m, n, k, lda, ldb, ldc
    type(df_real), intent(in) :: alpha, a(lda, *), b(ldb, *), beta
    type(df_real), intent(inout) :: c(ldc, *)
    integer, intent(out), optional :: info
    character(kind=c_char) :: c_transa, c_transb
    c_transa = transa(1:1)
    c_transb = transb(1:1)
    call report('TF_DFGEMM', c_dfgemm(c_transa, c_transb, int(m, c_int), int(n, c_int), &
        int(k, c_int), alpha, a, int(lda, c_int), b, int(ldb, c_int), beta, c, int(ldc, &
        c_int)), info)
  end subroutine tf_dfgemm

  ! C = alpha op(A) op(B) + beta C, in triple-single.
  subroutine tf_tsgemm(transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc, info)
    character(len=*), intent(in) :: transa, transb
    integer, intent(in) :: m, n, k, lda, ldb, ldc
    type(ts_real), intent(in) :: alpha, a(lda, *), b(ldb, *), beta
    type(ts_real), intent(inout) :: c(ldc, *)
    integer, intent(out), optional :: info
    character(kind=c_char) :: c_transa, c_transb
    c_transa = transa(1:1)
    c_transb = transb(1:1)
    call report('TF_TSGEMM', c_tsgemm(c_transa, c_transb, int(m, c_int), int(n, c_int), &
        int(k, c_int), alpha, a, int(lda, c_int), b, int(ldb, c_int), beta, c, int(ldc, &
        c_int)), info)
  end subroutine tf_tsgemm

  ! y = alpha op(A) x + beta y, in double-double.
  subroutine tf_ddgemv(trans, m, n, alpha, a, lda, x, incx, beta, y, incy, info)
    character(len=*), intent(in) :: trans
    integer, intent(in) :: m, n, lda, incx, incy
    type(dd_real), intent(in) :: alpha, beta
    type(dd_real), intent(in), target :: a(lda, *), x(*)
    type(dd_real), intent(inout), target :: y(*)
    integer, intent(out), optional :: info
    character(kind=c_char) :: c_trans
    c_trans = trans(1:1)
    call report('TF_DDGEMV', c_ddgemv(c_trans, int(m, c_int), int(n, c_int), &
        c_dd_of(alpha), c_loc(a(1, 1)), int(lda, c_int), c_loc(x(1)), int(incx, c_int), &
        c_dd_of(beta), c_loc(y(1)), int(incy, c_int)), info)
  end subroutine tf_ddgemv

  ! y = alpha op(A) x + beta y, DS pairs (hi, lo), computed in double-double.
  subroutine tf_dsgemv(trans, m, n, alpha, a_hi, a_lo, lda, x_hi, x_lo, incx, beta, y_hi, &
      y_lo, incy, info)
    character(len=*), intent(in) :: trans
    integer, intent(in) :: m, n, lda, incx, incy
    type(dd_real), intent(in) :: alpha, beta
    real(c_double), intent(in) :: a_hi(lda, *), x_hi(*)
    real(c_float), intent(in) :: a_lo(lda, *), x_lo(*)
    real(c_double), intent(inout) :: y_hi(*)
    real(c_float), intent(inout) :: y_lo(*)
    integer, intent(out), optional :: info
    character(kind=c_char) :: c_trans
    c_trans = trans(1:1)
    call report('TF_DSGEMV', c_dsgemv(c_trans, int(m, c_int), int(n, c_int), &
        c_dd_of(alpha), a_hi, a_lo, int(lda, c_int), x_hi, x_lo, int(incx, c_int), &
        c_dd_of(beta), y_hi, y_lo, int(incy, c_int)), info)
  end subroutine tf_dsgemv

  ! y = alpha op(A) x + beta y, DI pairs (hi, lo), computed in double-double.
  subroutine tf_digemv(trans, m, n, alpha, a_hi, a_lo, lda, x_hi, x_lo, incx, beta, y_hi, &
      y_lo, incy, info)
    character(len=*), intent(in) :: trans
    integer, intent(in) :: m, n, lda, incx, incy
    type(dd_real), intent(in) :: alpha, beta
    real(c_double), intent(in) :: a_hi(lda, *), x_hi(*)
    integer(c_int32_t), intent(in) :: a_lo(lda, *), x_lo(*)
    real(c_double), intent(inout) :: y_hi(*)
    integer(c_int32_t), intent(inout) :: y_lo(*)
    integer, intent(out), optional :: info
    character(kind=c_char) :: c_trans
    c_trans = trans(1:1)
    call report('TF_DIGEMV', c_digemv(c_trans, int(m, c_int), int(n, c_int), &
        c_dd_of(alpha), a_hi, a_lo, int(lda, c_int), x_hi, x_lo, int(incx, c_int), &
        c_dd_of(beta), y_hi, y_lo, int(incy, c_int)), info)
  end subroutine tf_digemv

  ! y = alpha op(A) x + beta y, in double-float.
  subroutine tf_dfgemv(trans, m, n, alpha, a, lda, x, incx, beta, y, incy, info)
    character(len=*), intent(in) :: trans
    integer, intent(in) :: m, n, lda, incx, incy
    type(df_real), intent(in) :: alpha, a(lda, *), x(*), beta
    type(df_real), intent(inout) :: y(*)
    integer, intent(out), optional :: info
    character(kind=c_char) :: c_trans
    c_trans = trans(1:1)
    call report('TF_DFGEMV', c_dfgemv(c_trans, int(m, c_int), int(n, c_int), alpha, a, &
        int(lda, c_int), x, int(incx, c_int), beta, y, int(incy, c_int)), info)
  end subroutine tf_dfgemv

  ! y = alpha op(A) x + beta y, in triple-single.
  subroutine tf_tsgemv(trans, m, n, alpha, a, lda, x, incx, beta, y, incy, info)
    character(len=*), intent(in) :: trans
    integer, intent(in) :: m, n, lda, incx, incy
    type(ts_real), intent(in) :: alpha, a(lda, *), x(*), beta
    type(ts_real), intent(inout) :: y(*)
    integer, intent(out), optional :: info
    character(kind=c_char) :: c_trans
    c_trans = trans(1:1)
    call report('TF_TSGEMV', c_tsgemv(c_trans, int(m, c_int), int(n, c_int), alpha, a, &
        int(lda, c_int), x, int(incx, c_int), beta, y, int(incy, c_int)), info)
  end subroutine tf_tsgemv

  ! y = alpha x + y, in double-double.
  subroutine tf_ddaxpy(n, alpha, x, incx, y, incy, info)
    integer, intent(in) :: n, incx, incy
    type(dd_real), intent(in) :: alpha
    type(dd_real), intent(in), target :: x(*)
    type(dd_real), intent(inout), target :: y(*)
    integer, intent(out), optional :: info
    call report('TF_DDAXPY', c_ddaxpy(int(n, c_int), c_dd_of(alpha), c_loc(x(1)), &
        int(incx, c_int), c_loc(y(1)), int(incy, c_int)), info)
  end subroutine tf_ddaxpy

  ! y = alpha x + y, DS pairs (hi, lo), computed in double-double.
  subroutine tf_dsaxpy(n, alpha, x_hi, x_lo, incx, y_hi, y_lo, incy, info)
    integer, intent(in) :: n, incx, incy
    type(dd_real), intent(in) :: alpha
    real(c_double), intent(in) :: x_hi(*)
    real(c_float), intent(in) :: x_lo(*)
    real(c_double), intent(inout) :: y_hi(*)
    real(c_float), intent(inout) :: y_lo(*)
    integer, intent(out), optional :: info
    call report('TF_DSAXPY', c_dsaxpy(int(n, c_int), c_dd_of(alpha), x_hi, x_lo, &
        int(incx, c_int), y_hi, y_lo, int(incy, c_int)), info)
  end subroutine tf_dsaxpy

  ! y = alpha x + y, DI pairs (hi, lo), computed in double-double.
  subroutine tf_diaxpy(n, alpha, x_hi, x_lo, incx, y_hi, y_lo, incy, info)
    integer, intent(in) :: n, incx, incy
    type(dd_real), intent(in) :: alpha
    real(c_double), intent(in) :: x_hi(*)
    integer(c_int32_t), intent(in) :: x_lo(*)
    real(c_double), intent(inout) :: y_hi(*)
    integer(c_int32_t), intent(inout) :: y_lo(*)
    integer, intent(out), optional :: info
    call report('TF_DIAXPY', c_diaxpy(int(n, c_int), c_dd_of(alpha), x_hi, x_lo, &
        int(incx, c_int), y_hi, y_lo, int(incy, c_int)), info)
  end subroutine tf_diaxpy

  ! y = alpha x + y, in double-float.
  subroutine tf_dfaxpy(n, alpha, x, incx, y, incy, info)
    integer, intent(in) :: n, incx, incy
    type(df_real), intent(in) :: alpha, x(*)
    type(df_real), intent(inout) :: y(*)
    integer, intent(out), optional :: info
    call report('TF_DFAXPY', c_dfaxpy(int(n, c_int), alpha, x, int(incx, c_int), y, &
        int(incy, c_int)), info)
  end subroutine tf_dfaxpy

  ! y = alpha x + y, in triple-single.
  subroutine tf_tsaxpy(n, alpha, x, incx, y, incy, info)
    integer, intent(in) :: n, incx, incy
    type(ts_real), intent(in) :: alpha, x(*)
    type(ts_real), intent(inout) :: y(*)
    integer, intent(out), optional :: info
    call report('TF_TSAXPY', c_tsaxpy(int(n, c_int), alpha, x, int(incx, c_int), y, &
        int(incy, c_int)), info)
  end subroutine tf_tsaxpy

  ! result = sum x(i) y(i), in double-double.
  subroutine tf_dddot(n, x, incx, y, incy, result, info)
    integer, intent(in) :: n, incx, incy
    type(dd_real), intent(in), target :: x(*), y(*)
    type(dd_real), intent(out) :: result
    integer, intent(out), optional :: info
    type(c_dd) :: c_result
    call report('TF_DDDOT', c_dddot(int(n, c_int), c_loc(x(1)), int(incx, c_int), &
        c_loc(y(1)), int(incy, c_int), c_result), info)
    result = dd_real([c_result%hi, c_result%lo])
  end subroutine tf_dddot

  ! result = sum x(i) y(i), DS pairs (hi, lo), computed in double-double.
  subroutine tf_dsdot(n, x_hi, x_lo, incx, y_hi, y_lo, incy, result, info)
    integer, intent(in) :: n, incx, incy
    real(c_double), intent(in) :: x_hi(*), y_hi(*)
    real(c_float), intent(in) :: x_lo(*), y_lo(*)
    type(dd_real), intent(out) :: result
    integer, intent(out), optional :: info
    type(c_dd) :: c_result
    call report('TF_DSDOT', c_dsdot(int(n, c_int), x_hi, x_lo, int(incx, c_int), y_hi, &
        y_lo, int(incy, c_int), c_result), info)
    result = dd_real([c_result%hi, c_result%lo])
  end subroutine tf_dsdot

  ! result = sum x(i) y(i), DI pairs (hi, lo), computed in double-double.
  subroutine tf_didot(n, x_hi, x_lo, incx, y_hi, y_lo, incy, result, info)
    integer, intent(in) :: n, incx, incy
    real(c_double), intent(in) :: x_hi(*), y_hi(*)
    integer(c_int32_t), intent(in) :: x_lo(*), y_lo(*)
    type(dd_real), intent(out) :: result
    integer, intent(out), optional :: info
    type(c_dd) :: c_result
    call report('TF_DIDOT', c_didot(int(n, c_int), x_hi, x_lo, int(incx, c_int), y_hi, &
        y_lo, int(incy, c_int), c_result), info)
    result = dd_real([c_result%hi, c_result%lo])
  end subroutine tf_didot

  ! result = sum x(i) y(i), in double-float.
  subroutine tf_dfdot(n, x, incx, y, incy, result, info)
    integer, intent(in) :: n, incx, incy
    type(df_real), intent(in) :: x(*), y(*)
    type(df_real), intent(out) :: result
    integer, intent(out), optional :: info
    call report('TF_DFDOT', c_dfdot(int(n, c_int), x, int(incx, c_int), y, &
        int(incy, c_int), result), info)
  end subroutine tf_dfdot

  ! result = sum x(i) y(i), in triple-single.
  subroutine tf_tsdot(n, x, incx, y, incy, result, info)
    integer, intent(in) :: n, incx, incy
    type(ts_real), intent(in) :: x(*), y(*)
    type(ts_real), intent(out) :: result
    integer, intent(out), optional :: info
    call report('TF_TSDOT', c_tsdot(int(n, c_int), x, int(incx, c_int), y, &
        int(incy, c_int), result), info)
  end subroutine tf_tsdot
end module twofold
