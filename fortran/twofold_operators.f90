! Module twofold_operators: arithmetic and comparison operators on the types
! of module twofold (dd_real, df_real, ts_real).
!
! A module apart from twofold, so that a program that uses QD's ddmodule,
! whose operators on dd_real are the same type's, can take the typed BLAS
! from twofold without a clash; such a program does not use this module.
!
! +, -, * and / take two values of a type, or one and a real of its leading
! word's kind (real(c_double) for dd_real, real(c_float) for df_real and
! ts_real; such a real is converted exactly); unary minus is exact.  The
! arithmetic is the library's (include/twofold/arith_*.h, compiled there
! without contraction): addition and multiplication with the error bounds
! stated in those headers, division a long division with relative error
! at most about 4u^2 (dd, u = 2^-53), 5u^2 (df, u = 2^-24) and 70u^3 (ts).
! The comparisons compare the words in order, which orders normalized
! values (those every operation here and in twofold returns).  All are
! elemental.
module twofold_operators
  use, intrinsic :: iso_c_binding, only: c_float, c_double
  use twofold, only: dd_real, df_real, ts_real
  implicit none
  private

  public :: operator(+), operator(-), operator(*), operator(/)
  public :: operator(==), operator(/=), operator(<), operator(<=), operator(>), operator(>=)

  interface operator(+)
    module procedure dd_add, dd_add_r, r_add_dd, df_add, df_add_r, r_add_df, ts_add, &
                     ts_add_r, r_add_ts
  end interface operator(+)
  interface operator(-)
    module procedure dd_sub, dd_sub_r, r_sub_dd, df_sub, df_sub_r, r_sub_df, ts_sub, &
                     ts_sub_r, r_sub_ts, dd_neg, df_neg, ts_neg
  end interface operator(-)
  interface operator(*)
    module procedure dd_mul, dd_mul_r, r_mul_dd, df_mul, df_mul_r, r_mul_df, ts_mul, &
                     ts_mul_r, r_mul_ts
  end interface operator(*)
  interface operator(/)
    module procedure dd_div, dd_div_r, r_div_dd, df_div, df_div_r, r_div_df, ts_div, &
                     ts_div_r, r_div_ts
  end interface operator(/)
  interface operator(==)
    module procedure dd_eq, df_eq, ts_eq
  end interface operator(==)
  interface operator(/=)
    module procedure dd_ne, df_ne, ts_ne
  end interface operator(/=)
  interface operator(<)
    module procedure dd_lt, df_lt, ts_lt
  end interface operator(<)
  interface operator(<=)
    module procedure dd_le, df_le, ts_le
  end interface operator(<=)
  interface operator(>)
    module procedure dd_gt, df_gt, ts_gt
  end interface operator(>)
  interface operator(>=)
    module procedure dd_ge, df_ge, ts_ge
  end interface operator(>=)

  ! C's tf_dd by value (dd_real, a sequence type, is not interoperable).
  type, bind(c) :: dd_words
    real(c_double) :: hi, lo
  end type dd_words

  ! The scalar arithmetic of include/twofold.h.
  interface
    pure function c_ddadd(a, b) bind(c, name='tf_ddadd') result(r)
      import
      type(dd_words), value :: a, b
      type(dd_words) :: r
    end function c_ddadd
    pure function c_ddsub(a, b) bind(c, name='tf_ddsub') result(r)
      import
      type(dd_words), value :: a, b
      type(dd_words) :: r
    end function c_ddsub
    pure function c_ddmul(a, b) bind(c, name='tf_ddmul') result(r)
      import
      type(dd_words), value :: a, b
      type(dd_words) :: r
    end function c_ddmul
    pure function c_dddiv(a, b) bind(c, name='tf_dddiv') result(r)
      import
      type(dd_words), value :: a, b
      type(dd_words) :: r
    end function c_dddiv
    pure function c_dfadd(a, b) bind(c, name='tf_dfadd') result(r)
      import
      type(df_real), value :: a, b
      type(df_real) :: r
    end function c_dfadd
    pure function c_dfsub(a, b) bind(c, name='tf_dfsub') result(r)
      import
      type(df_real), value :: a, b
      type(df_real) :: r
    end function c_dfsub
    pure function c_dfmul(a, b) bind(c, name='tf_dfmul') result(r)
      import
      type(df_real), value :: a, b
      type(df_real) :: r
    end function c_dfmul
    pure function c_dfdiv(a, b) bind(c, name='tf_dfdiv') result(r)
      import
      type(df_real), value :: a, b
      type(df_real) :: r
    end function c_dfdiv
    pure function c_tsadd(a, b) bind(c, name='tf_tsadd') result(r)
      import
      type(ts_real), value :: a, b
      type(ts_real) :: r
    end function c_tsadd
    pure function c_tssub(a, b) bind(c, name='tf_tssub') result(r)
      import
      type(ts_real), value :: a, b
      type(ts_real) :: r
    end function c_tssub
    pure function c_tsmul(a, b) bind(c, name='tf_tsmul') result(r)
      import
      type(ts_real), value :: a, b
      type(ts_real) :: r
    end function c_tsmul
    pure function c_tsdiv(a, b) bind(c, name='tf_tsdiv') result(r)
      import
      type(ts_real), value :: a, b
      type(ts_real) :: r
    end function c_tsdiv
  end interface

contains

  pure function words_of(value) result(r)
    type(dd_real), intent(in) :: value
    type(dd_words) :: r
    r = dd_words(value%re(1), value%re(2))
  end function words_of

  pure function dd_of(value) result(r)
    type(dd_words), intent(in) :: value
    type(dd_real) :: r
    r = dd_real([value%hi, value%lo])
  end function dd_of

  ! ---- dd_real

  elemental function dd_add(a, b) result(c)
    type(dd_real), intent(in) :: a, b
    type(dd_real) :: c
    c = dd_of(c_ddadd(words_of(a), words_of(b)))
  end function dd_add

  elemental function dd_add_r(a, b) result(c)
    type(dd_real), intent(in) :: a
    real(c_double), intent(in) :: b
    type(dd_real) :: c
    c = dd_add(a, dd_real([b, 0.0_c_double]))
  end function dd_add_r

  elemental function r_add_dd(a, b) result(c)
    real(c_double), intent(in) :: a
    type(dd_real), intent(in) :: b
    type(dd_real) :: c
    c = dd_add(dd_real([a, 0.0_c_double]), b)
  end function r_add_dd

  elemental function dd_sub(a, b) result(c)
    type(dd_real), intent(in) :: a, b
    type(dd_real) :: c
    c = dd_of(c_ddsub(words_of(a), words_of(b)))
  end function dd_sub

  elemental function dd_sub_r(a, b) result(c)
    type(dd_real), intent(in) :: a
    real(c_double), intent(in) :: b
    type(dd_real) :: c
    c = dd_sub(a, dd_real([b, 0.0_c_double]))
  end function dd_sub_r

  elemental function r_sub_dd(a, b) result(c)
    real(c_double), intent(in) :: a
    type(dd_real), intent(in) :: b
    type(dd_real) :: c
    c = dd_sub(dd_real([a, 0.0_c_double]), b)
  end function r_sub_dd

  elemental function dd_mul(a, b) result(c)
    type(dd_real), intent(in) :: a, b
    type(dd_real) :: c
    c = dd_of(c_ddmul(words_of(a), words_of(b)))
  end function dd_mul

  elemental function dd_mul_r(a, b) result(c)
    type(dd_real), intent(in) :: a
    real(c_double), intent(in) :: b
    type(dd_real) :: c
    c = dd_mul(a, dd_real([b, 0.0_c_double]))
  end function dd_mul_r

  elemental function r_mul_dd(a, b) result(c)
    real(c_double), intent(in) :: a
    type(dd_real), intent(in) :: b
    type(dd_real) :: c
    c = dd_mul(dd_real([a, 0.0_c_double]), b)
  end function r_mul_dd

  elemental function dd_div(a, b) result(c)
    type(dd_real), intent(in) :: a, b
    type(dd_real) :: c
    c = dd_of(c_dddiv(words_of(a), words_of(b)))
  end function dd_div

  elemental function dd_div_r(a, b) result(c)
    type(dd_real), intent(in) :: a
    real(c_double), intent(in) :: b
    type(dd_real) :: c
    c = dd_div(a, dd_real([b, 0.0_c_double]))
  end function dd_div_r

  elemental function r_div_dd(a, b) result(c)
    real(c_double), intent(in) :: a
    type(dd_real), intent(in) :: b
    type(dd_real) :: c
    c = dd_div(dd_real([a, 0.0_c_double]), b)
  end function r_div_dd

  elemental function dd_neg(a) result(c)
    type(dd_real), intent(in) :: a
    type(dd_real) :: c
    c = dd_real(-a%re)
  end function dd_neg

  elemental function dd_eq(a, b) result(c)
    type(dd_real), intent(in) :: a, b
    logical :: c
    c = a%re(1) == b%re(1) .and. a%re(2) == b%re(2)
  end function dd_eq

  elemental function dd_ne(a, b) result(c)
    type(dd_real), intent(in) :: a, b
    logical :: c
    c = .not. (a%re(1) == b%re(1) .and. a%re(2) == b%re(2))
  end function dd_ne

  elemental function dd_lt(a, b) result(c)
    type(dd_real), intent(in) :: a, b
    logical :: c
    c = (a%re(1) < b%re(1)) .or. (a%re(1) == b%re(1) .and. a%re(2) < b%re(2))
  end function dd_lt

  elemental function dd_le(a, b) result(c)
    type(dd_real), intent(in) :: a, b
    logical :: c
    c = (a%re(1) < b%re(1)) .or. (a%re(1) == b%re(1) .and. a%re(2) <= b%re(2))
  end function dd_le

  elemental function dd_gt(a, b) result(c)
    type(dd_real), intent(in) :: a, b
    logical :: c
    c = dd_lt(b, a)
  end function dd_gt

  elemental function dd_ge(a, b) result(c)
    type(dd_real), intent(in) :: a, b
    logical :: c
    c = dd_le(b, a)
  end function dd_ge

  ! ---- df_real

  elemental function df_add(a, b) result(c)
    type(df_real), intent(in) :: a, b
    type(df_real) :: c
    c = c_dfadd(a, b)
  end function df_add

  elemental function df_add_r(a, b) result(c)
    type(df_real), intent(in) :: a
    real(c_float), intent(in) :: b
    type(df_real) :: c
    c = df_add(a, df_real(b, 0.0_c_float))
  end function df_add_r

  elemental function r_add_df(a, b) result(c)
    real(c_float), intent(in) :: a
    type(df_real), intent(in) :: b
    type(df_real) :: c
    c = df_add(df_real(a, 0.0_c_float), b)
  end function r_add_df

  elemental function df_sub(a, b) result(c)
    type(df_real), intent(in) :: a, b
    type(df_real) :: c
    c = c_dfsub(a, b)
  end function df_sub

  elemental function df_sub_r(a, b) result(c)
    type(df_real), intent(in) :: a
    real(c_float), intent(in) :: b
    type(df_real) :: c
    c = df_sub(a, df_real(b, 0.0_c_float))
  end function df_sub_r

  elemental function r_sub_df(a, b) result(c)
    real(c_float), intent(in) :: a
    type(df_real), intent(in) :: b
    type(df_real) :: c
    c = df_sub(df_real(a, 0.0_c_float), b)
  end function r_sub_df

  elemental function df_mul(a, b) result(c)
    type(df_real), intent(in) :: a, b
    type(df_real) :: c
    c = c_dfmul(a, b)
  end function df_mul

  elemental function df_mul_r(a, b) result(c)
    type(df_real), intent(in) :: a
    real(c_float), intent(in) :: b
    type(df_real) :: c
    c = df_mul(a, df_real(b, 0.0_c_float))
  end function df_mul_r

  elemental function r_mul_df(a, b) result(c)
    real(c_float), intent(in) :: a
    type(df_real), intent(in) :: b
    type(df_real) :: c
    c = df_mul(df_real(a, 0.0_c_float), b)
  end function r_mul_df

  elemental function df_div(a, b) result(c)
    type(df_real), intent(in) :: a, b
    type(df_real) :: c
    c = c_dfdiv(a, b)
  end function df_div

  elemental function df_div_r(a, b) result(c)
    type(df_real), intent(in) :: a
    real(c_float), intent(in) :: b
    type(df_real) :: c
    c = df_div(a, df_real(b, 0.0_c_float))
  end function df_div_r

  elemental function r_div_df(a, b) result(c)
    real(c_float), intent(in) :: a
    type(df_real), intent(in) :: b
    type(df_real) :: c
    c = df_div(df_real(a, 0.0_c_float), b)
  end function r_div_df

  elemental function df_neg(a) result(c)
    type(df_real), intent(in) :: a
    type(df_real) :: c
    c = df_real(-a%hi, -a%lo)
  end function df_neg

  elemental function df_eq(a, b) result(c)
    type(df_real), intent(in) :: a, b
    logical :: c
    c = a%hi == b%hi .and. a%lo == b%lo
  end function df_eq

  elemental function df_ne(a, b) result(c)
    type(df_real), intent(in) :: a, b
    logical :: c
    c = .not. (a%hi == b%hi .and. a%lo == b%lo)
  end function df_ne

  elemental function df_lt(a, b) result(c)
    type(df_real), intent(in) :: a, b
    logical :: c
    c = (a%hi < b%hi) .or. (a%hi == b%hi .and. a%lo < b%lo)
  end function df_lt

  elemental function df_le(a, b) result(c)
    type(df_real), intent(in) :: a, b
    logical :: c
    c = (a%hi < b%hi) .or. (a%hi == b%hi .and. a%lo <= b%lo)
  end function df_le

  elemental function df_gt(a, b) result(c)
    type(df_real), intent(in) :: a, b
    logical :: c
    c = df_lt(b, a)
  end function df_gt

  elemental function df_ge(a, b) result(c)
    type(df_real), intent(in) :: a, b
    logical :: c
    c = df_le(b, a)
  end function df_ge

  ! ---- ts_real

  elemental function ts_add(a, b) result(c)
    type(ts_real), intent(in) :: a, b
    type(ts_real) :: c
    c = c_tsadd(a, b)
  end function ts_add

  elemental function ts_add_r(a, b) result(c)
    type(ts_real), intent(in) :: a
    real(c_float), intent(in) :: b
    type(ts_real) :: c
    c = ts_add(a, ts_real(b, 0.0_c_float, 0.0_c_float))
  end function ts_add_r

  elemental function r_add_ts(a, b) result(c)
    real(c_float), intent(in) :: a
    type(ts_real), intent(in) :: b
    type(ts_real) :: c
    c = ts_add(ts_real(a, 0.0_c_float, 0.0_c_float), b)
  end function r_add_ts

  elemental function ts_sub(a, b) result(c)
    type(ts_real), intent(in) :: a, b
    type(ts_real) :: c
    c = c_tssub(a, b)
  end function ts_sub

  elemental function ts_sub_r(a, b) result(c)
    type(ts_real), intent(in) :: a
    real(c_float), intent(in) :: b
    type(ts_real) :: c
    c = ts_sub(a, ts_real(b, 0.0_c_float, 0.0_c_float))
  end function ts_sub_r

  elemental function r_sub_ts(a, b) result(c)
    real(c_float), intent(in) :: a
    type(ts_real), intent(in) :: b
    type(ts_real) :: c
    c = ts_sub(ts_real(a, 0.0_c_float, 0.0_c_float), b)
  end function r_sub_ts

  elemental function ts_mul(a, b) result(c)
    type(ts_real), intent(in) :: a, b
    type(ts_real) :: c
    c = c_tsmul(a, b)
  end function ts_mul

  elemental function ts_mul_r(a, b) result(c)
    type(ts_real), intent(in) :: a
    real(c_float), intent(in) :: b
    type(ts_real) :: c
    c = ts_mul(a, ts_real(b, 0.0_c_float, 0.0_c_float))
  end function ts_mul_r

  elemental function r_mul_ts(a, b) result(c)
    real(c_float), intent(in) :: a
    type(ts_real), intent(in) :: b
    type(ts_real) :: c
    c = ts_mul(ts_real(a, 0.0_c_float, 0.0_c_float), b)
  end function r_mul_ts

  elemental function ts_div(a, b) result(c)
    type(ts_real), intent(in) :: a, b
    type(ts_real) :: c
    c = c_tsdiv(a, b)
  end function ts_div

  elemental function ts_div_r(a, b) result(c)
    type(ts_real), intent(in) :: a
    real(c_float), intent(in) :: b
    type(ts_real) :: c
    c = ts_div(a, ts_real(b, 0.0_c_float, 0.0_c_float))
  end function ts_div_r

  elemental function r_div_ts(a, b) result(c)
    real(c_float), intent(in) :: a
    type(ts_real), intent(in) :: b
    type(ts_real) :: c
    c = ts_div(ts_real(a, 0.0_c_float, 0.0_c_float), b)
  end function r_div_ts

  elemental function ts_neg(a) result(c)
    type(ts_real), intent(in) :: a
    type(ts_real) :: c
    c = ts_real(-a%x, -a%y, -a%z)
  end function ts_neg

  elemental function ts_eq(a, b) result(c)
    type(ts_real), intent(in) :: a, b
    logical :: c
    c = a%x == b%x .and. a%y == b%y .and. a%z == b%z
  end function ts_eq

  elemental function ts_ne(a, b) result(c)
    type(ts_real), intent(in) :: a, b
    logical :: c
    c = .not. (a%x == b%x .and. a%y == b%y .and. a%z == b%z)
  end function ts_ne

  elemental function ts_lt(a, b) result(c)
    type(ts_real), intent(in) :: a, b
    logical :: c
    c = (a%x < b%x) .or. &
        (a%x == b%x .and. a%y < b%y) .or. &
        (a%x == b%x .and. a%y == b%y .and. a%z < b%z)
  end function ts_lt

  elemental function ts_le(a, b) result(c)
    type(ts_real), intent(in) :: a, b
    logical :: c
    c = (a%x < b%x) .or. &
        (a%x == b%x .and. a%y < b%y) .or. &
        (a%x == b%x .and. a%y == b%y .and. a%z <= b%z)
  end function ts_le

  elemental function ts_gt(a, b) result(c)
    type(ts_real), intent(in) :: a, b
    logical :: c
    c = ts_lt(b, a)
  end function ts_gt

  elemental function ts_ge(a, b) result(c)
    type(ts_real), intent(in) :: a, b
    logical :: c
    c = ts_le(b, a)
  end function ts_ge

end module twofold_operators
