! The typed BLAS through module twofold: every explicit routine and every
! generic name, for every format, against a reference computed in quad
! precision (gfortran's real(16), 113 bits), with transposes, leading
! dimensions above the rows, positive and negative strides, beta = 0 over a
! NaN, alpha = 0 over a NaN, the info values of illegal arguments, and the
! conversions.  Prints one line per case; exits 1 if any case fails.
program typed_blas
  use, intrinsic :: iso_c_binding, only: c_float, c_double, c_int32_t
  use twofold
  implicit none
  integer, parameter :: qp = selected_real_kind(30)
  integer, parameter :: m = 5, n = 4, k = 7, lda = 9, ldb = 8, ldc = 6
  integer(8) :: state = 20240601_8
  integer :: failures = 0
  character(len=1), parameter :: trans(4) = ['N', 't', 'T', 'c']
  character(len=1), parameter :: transb(4) = ['n', 'N', 'C', 'T']

  call test_dd()
  call test_ds(.false.)
  call test_ds(.true.)
  call test_di()
  call test_df()
  call test_ts()
  call test_info()
  call test_conversions()
  if (failures > 0) then
    print '(i0,a)', failures, ' case(s) failed'
    stop 1
  end if
  print '(a)', 'all cases passed'

contains

  ! ---- data, reference and checks (quad precision)

  ! A uniform random value in [-1, 1) with 106 random bits.
  function random_q() result(q)
    real(qp) :: q
    real(qp) :: u1, u2
    u1 = real(next_bits(), qp) * 2.0_qp**(-52) - 1.0_qp
    u2 = real(next_bits(), qp) * 2.0_qp**(-53)
    q = u1 + u2 * 2.0_qp**(-53)
  end function random_q

  function next_bits() result(bits)
    integer(8) :: bits
    state = ieor(state, ishft(state, 13))
    state = ieor(state, ishft(state, -7))
    state = ieor(state, ishft(state, 17))
    bits = ishft(state, -11)
    if (bits < 0) bits = -bits
    bits = iand(bits, 2_8**53 - 1)
  end function next_bits

  subroutine random_fill(a)
    real(qp), intent(out) :: a(:, :)
    integer :: i, j
    do j = 1, size(a, 2)
      do i = 1, size(a, 1)
        a(i, j) = random_q()
      end do
    end do
  end subroutine random_fill

  function random_vector(length) result(v)
    integer, intent(in) :: length
    real(qp) :: v(length)
    integer :: i
    do i = 1, length
      v(i) = random_q()
    end do
  end function random_vector

  ! Element i (1-based) of a vector of length len with stride inc, as BLAS.
  pure function at(len, inc, i) result(p)
    integer, intent(in) :: len, inc, i
    integer :: p
    if (inc > 0) then
      p = 1 + (i - 1) * inc
    else
      p = 1 + (len - i) * (-inc)
    end if
  end function at

  ! C = alpha op(A) op(B) + beta C in quad precision; scale = the sum of
  ! the magnitudes, for the error bound.
  subroutine ref_gemm(ta, tb, alpha, a, b, beta, c, scale)
    character(len=1), intent(in) :: ta, tb
    real(qp), intent(in) :: alpha, beta, a(:, :), b(:, :)
    real(qp), intent(inout) :: c(:, :)
    real(qp), intent(out) :: scale(:, :)
    real(qp) :: s, t, x, y
    integer :: i, j, l
    do j = 1, n
      do i = 1, m
        s = 0
        t = 0
        do l = 1, k
          if (ta == 'N' .or. ta == 'n') then
            x = a(i, l)
          else
            x = a(l, i)
          end if
          if (tb == 'N' .or. tb == 'n') then
            y = b(l, j)
          else
            y = b(j, l)
          end if
          s = s + x * y
          t = t + abs(x * y)
        end do
        scale(i, j) = abs(alpha) * t + abs(beta * c(i, j))
        c(i, j) = alpha * s + beta * c(i, j)
      end do
    end do
  end subroutine ref_gemm

  ! y = alpha op(A) x + beta y (strides incx, incy) in quad precision.
  subroutine ref_gemv(ta, alpha, a, x, incx, beta, y, incy, scale)
    character(len=1), intent(in) :: ta
    real(qp), intent(in) :: alpha, beta, a(:, :), x(:)
    integer, intent(in) :: incx, incy
    real(qp), intent(inout) :: y(:)
    real(qp), intent(out) :: scale(:)
    integer :: i, l, rows, cols
    real(qp) :: s, t, e
    rows = m
    cols = n
    if (ta /= 'N' .and. ta /= 'n') then
      rows = n
      cols = m
    end if
    do i = 1, rows
      s = 0
      t = 0
      do l = 1, cols
        if (ta == 'N' .or. ta == 'n') then
          e = a(i, l)
        else
          e = a(l, i)
        end if
        s = s + e * x(at(cols, incx, l))
        t = t + abs(e * x(at(cols, incx, l)))
      end do
      scale(at(rows, incy, i)) = abs(alpha) * t + abs(beta * y(at(rows, incy, i)))
      y(at(rows, incy, i)) = alpha * s + beta * y(at(rows, incy, i))
    end do
  end subroutine ref_gemv

  ! got within eps_store |ref| + (terms + 2) eps_work scale, element by
  ! element; one line for the case.
  subroutine check(label, got, ref, scale, terms, eps_store, eps_work)
    character(len=*), intent(in) :: label
    real(qp), intent(in) :: got(:), ref(:), scale(:)
    integer, intent(in) :: terms
    real(qp), intent(in) :: eps_store, eps_work
    real(qp) :: worst, bound, err
    integer :: i, bad
    worst = 0
    bad = 0
    do i = 1, size(got)
      err = abs(got(i) - ref(i))
      bound = eps_store * abs(ref(i)) + (terms + 2) * eps_work * scale(i)
      if (.not. (err <= bound)) then
        if (bad == 0) print '(2a,i0,a,es40.32,a,es40.32)', label, ': element ', i, ' expected ', &
          ref(i), ' got ', got(i)
        bad = bad + 1
      end if
      if (scale(i) > 0) worst = max(worst, err / scale(i))
    end do
    if (bad > 0) then
      print '(a,a,i0,a)', 'FAIL ', label, bad, ' element(s) beyond the bound'
      failures = failures + 1
    else
      print '(a,a,t40,a,es10.3)', 'ok   ', label, 'max error / scale ', worst
    end if
  end subroutine check

  subroutine expect(label, condition)
    character(len=*), intent(in) :: label
    logical, intent(in) :: condition
    if (condition) then
      print '(2a)', 'ok   ', label
    else
      print '(2a)', 'FAIL ', label
      failures = failures + 1
    end if
  end subroutine expect

  subroutine expect_info(label, info, expected)
    character(len=*), intent(in) :: label
    integer, intent(in) :: info, expected
    if (info == expected) then
      print '(2a,i0)', 'ok   ', label//': info ', info
    else
      print '(a,a,i0,a,i0)', 'FAIL ', label//': info expected ', expected, ', got ', info
      failures = failures + 1
    end if
  end subroutine expect_info

  ! ---- per format: from a quad value to the format (rounded), and back (exact)

  elemental function dd_of(q) result(d)
    real(qp), intent(in) :: q
    type(dd_real) :: d
    d%re(1) = real(q, c_double)
    d%re(2) = real(q - d%re(1), c_double)
  end function dd_of

  elemental function q_of_dd(d) result(q)
    type(dd_real), intent(in) :: d
    real(qp) :: q
    q = real(d%re(1), qp) + real(d%re(2), qp)
  end function q_of_dd

  elemental function q_of_ds(hi, lo) result(q)
    real(c_double), intent(in) :: hi
    real(c_float), intent(in) :: lo
    real(qp) :: q
    q = real(hi, qp) + real(lo, qp)
  end function q_of_ds

  elemental function q_of_di(hi, lo) result(q)
    real(c_double), intent(in) :: hi
    integer(c_int32_t), intent(in) :: lo
    real(qp) :: q
    q = q_of_dd(to_dd_real(hi, lo))
  end function q_of_di

  elemental function df_of(q) result(d)
    real(qp), intent(in) :: q
    type(df_real) :: d
    d%hi = real(q, c_float)
    d%lo = real(q - d%hi, c_float)
  end function df_of

  elemental function q_of_df(d) result(q)
    type(df_real), intent(in) :: d
    real(qp) :: q
    q = real(d%hi, qp) + real(d%lo, qp)
  end function q_of_df

  elemental function ts_of(q) result(t)
    real(qp), intent(in) :: q
    type(ts_real) :: t
    t%x = real(q, c_float)
    t%y = real(q - t%x, c_float)
    t%z = real(q - t%x - t%y, c_float)
  end function ts_of

  elemental function q_of_ts(t) result(q)
    type(ts_real), intent(in) :: t
    real(qp) :: q
    q = real(t%x, qp) + real(t%y, qp) + real(t%z, qp)
  end function q_of_ts

  ! ---- dd

  subroutine test_dd()
    type(dd_real) :: a(lda, k), b(ldb, k), c(ldc, n), x(3 * k), y(2 * k), alpha, beta, r
    real(qp) :: aq(lda, k), bq(ldb, k), cq(ldc, n), c0(ldc, n), scale(ldc, n)
    real(qp) :: xq(3 * k), yq(2 * k), y0(2 * k), vscale(2 * k), alq, beq, rq, t
    real(qp), parameter :: es = 2.0_qp**(-104), ew = 2.0_qp**(-102)
    integer :: case, info, i
    real(c_double) :: nan
    do case = 1, 4
      call random_fill(aq)
      call random_fill(bq)
      call random_fill(cq)
      a = dd_of(aq)
      b = dd_of(bq)
      c = dd_of(cq)
      aq = q_of_dd(a)
      bq = q_of_dd(b)
      cq = q_of_dd(c)
      c0 = cq
      alpha = dd_of(random_q())
      beta = dd_of(random_q())
      alq = q_of_dd(alpha)
      beq = q_of_dd(beta)
      if (mod(case, 2) == 1) then
        call tf_ddgemm(trans(case), transb(case), m, n, k, alpha, a, lda, b, ldb, beta, c, ldc, &
                       info)
      else
        call tf_gemm(trans(case), transb(case), m, n, k, alpha, a, lda, b, ldb, beta, c, ldc, &
                     info)
      end if
      call expect_info('tf_ddgemm '//trans(case)//transb(case), info, 0)
      call ref_gemm(trans(case), transb(case), alq, aq, bq, beq, cq, scale)
      call check('tf_ddgemm '//trans(case)//transb(case), &
                 reshape(q_of_dd(c(1:m, :)), [m * n]), reshape(cq(1:m, :), [m * n]), &
                 reshape(scale(1:m, :), [m * n]), k, es, ew)
      call expect('tf_ddgemm leaves rows m+1:ldc', all(q_of_dd(c(m + 1:, :)) == c0(m + 1:, :)))
    end do

    ! beta = 0 overwrites a NaN; alpha = 0 reads no NaN of A.
    nan = ieee_nan()
    c = dd_real([nan, nan])
    call tf_ddgemm('N', 'N', m, n, k, alpha, a, lda, b, ldb, dd_real([0d0, 0d0]), c, ldc)
    call expect('tf_ddgemm beta = 0 over NaN', all(abs(q_of_dd(c(1:m, :))) <= k))
    a(1, 1) = dd_real([nan, 0d0])
    c = dd_of(cq)
    call tf_ddgemm('N', 'N', m, n, k, dd_real([0d0, 0d0]), a, lda, b, ldb, dd_real([2d0, 0d0]), &
                   c, ldc)
    call expect('tf_ddgemm alpha = 0: C = beta C, A unread', &
                all(q_of_dd(c(1:m, :)) == 2 * q_of_dd(dd_of(cq(1:m, :)))))
    a = dd_of(aq)

    ! GEMV, both ways, x with stride 2, y with stride -1 and 2.
    do case = 1, 2
      xq = random_vector(3 * k)
      yq = random_vector(2 * k)
      x = dd_of(xq)
      y = dd_of(yq)
      xq = q_of_dd(x)
      yq = q_of_dd(y)
      y0 = yq
      vscale = 0
      if (case == 1) then
        call tf_ddgemv('N', m, n, alpha, a, lda, x, 2, beta, y, -1, info)
        call ref_gemv('N', alq, aq, xq, 2, beq, yq, -1, vscale)
      else
        call tf_gemv('T', m, n, alpha, a, lda, x, -2, beta, y, 2, info)
        call ref_gemv('T', alq, aq, xq, -2, beq, yq, 2, vscale)
      end if
      call expect_info('tf_ddgemv', info, 0)
      call check('tf_ddgemv '//trans(2 * case - 1), q_of_dd(y), yq, vscale, max(m, n), es, ew)
    end do

    ! AXPY: x stride -2, y stride 3 (explicit), then 1 and 1 (generic).
    xq = random_vector(3 * k)
    yq = random_vector(2 * k)
    x = dd_of(xq)
    y = dd_of(yq)
    xq = q_of_dd(x)
    yq = q_of_dd(y)
    call tf_ddaxpy(4, alpha, x, -2, y, 3, info)
    call expect_info('tf_ddaxpy', info, 0)
    vscale = abs(yq)
    do i = 1, 4
      t = alq * xq(at(4, -2, i))
      vscale(at(4, 3, i)) = abs(t) + abs(yq(at(4, 3, i)))
      yq(at(4, 3, i)) = t + yq(at(4, 3, i))
    end do
    call check('tf_ddaxpy', q_of_dd(y), yq, vscale, 0, es, ew)
    call tf_axpy(2 * k, alpha, x, 1, y, 1)
    vscale = abs(alq * xq(1:2 * k)) + abs(yq)
    yq = alq * xq(1:2 * k) + yq
    call check('tf_axpy dd', q_of_dd(y), yq, vscale, 0, es, ew)

    ! DOT: strides 1 and -2, explicit and generic.
    call tf_dddot(k, x, 1, y, -2, r, info)
    call expect_info('tf_dddot', info, 0)
    rq = 0
    t = 0
    do i = 1, k
      rq = rq + xq(i) * yq(at(k, -2, i))
      t = t + abs(xq(i) * yq(at(k, -2, i)))
    end do
    call check('tf_dddot', [q_of_dd(r)], [rq], [t], k, es, ew)
    call tf_dot(k, x, 3, y, 2, r)
    rq = 0
    t = 0
    do i = 1, k
      rq = rq + xq(at(k, 3, i)) * yq(at(k, 2, i))
      t = t + abs(xq(at(k, 3, i)) * yq(at(k, 2, i)))
    end do
    call check('tf_dot dd', [q_of_dd(r)], [rq], [t], k, es, ew)
    call tf_dot(0, x, 1, y, 1, r)
    call expect('tf_dot dd n = 0 gives 0', r%re(1) == 0 .and. r%re(2) == 0)
  end subroutine test_dd

  ! ---- ds (dsarith: tf_dsgemm_dsarith, the DS arithmetic)

  subroutine test_ds(dsarith)
    logical, intent(in) :: dsarith
    real(c_double) :: a_hi(lda, k), b_hi(ldb, k), c_hi(ldc, n), x_hi(3 * k), y_hi(2 * k)
    real(c_float) :: a_lo(lda, k), b_lo(ldb, k), c_lo(ldc, n), x_lo(3 * k), y_lo(2 * k)
    type(dd_real) :: alpha, beta, r
    real(qp) :: aq(lda, k), bq(ldb, k), cq(ldc, n), scale(ldc, n)
    real(qp) :: xq(3 * k), yq(2 * k), vscale(2 * k), alq, beq, rq, t
    real(qp) :: es, ew
    integer :: case, info, i
    character(len=17) :: name
    es = 2.0_qp**(-74)
    ew = 2.0_qp**(-102)
    name = 'tf_dsgemm'
    if (dsarith) then
      ew = 2.0_qp**(-66)
      name = 'tf_dsgemm_dsarith'
    end if
    do case = 1, 4
      call random_fill(aq)
      call random_fill(bq)
      call random_fill(cq)
      call to_ds(dd_of(aq), a_hi, a_lo)
      call to_ds(dd_of(bq), b_hi, b_lo)
      call to_ds(dd_of(cq), c_hi, c_lo)
      aq = q_of_ds(a_hi, a_lo)
      bq = q_of_ds(b_hi, b_lo)
      cq = q_of_ds(c_hi, c_lo)
      alpha = dd_of(random_q())
      beta = dd_of(random_q())
      alq = q_of_dd(alpha)
      beq = q_of_dd(beta)
      if (dsarith) then
        call tf_dsgemm_dsarith(trans(case), transb(case), m, n, k, alpha, a_hi, a_lo, lda, &
                               b_hi, b_lo, ldb, beta, c_hi, c_lo, ldc, info)
      else if (mod(case, 2) == 1) then
        call tf_dsgemm(trans(case), transb(case), m, n, k, alpha, a_hi, a_lo, lda, b_hi, b_lo, &
                       ldb, beta, c_hi, c_lo, ldc, info)
      else
        call tf_gemm(trans(case), transb(case), m, n, k, alpha, a_hi, a_lo, lda, b_hi, b_lo, &
                     ldb, beta, c_hi, c_lo, ldc, info)
      end if
      call expect_info(trim(name), info, 0)
      call ref_gemm(trans(case), transb(case), alq, aq, bq, beq, cq, scale)
      call check(trim(name)//' '//trans(case)//transb(case), &
                 reshape(q_of_ds(c_hi(1:m, :), c_lo(1:m, :)), [m * n]), &
                 reshape(cq(1:m, :), [m * n]), reshape(scale(1:m, :), [m * n]), k, es, ew)
    end do
    if (dsarith) return

    do case = 1, 2
      xq = random_vector(3 * k)
      yq = random_vector(2 * k)
      call to_ds(dd_of(xq), x_hi, x_lo)
      call to_ds(dd_of(yq), y_hi, y_lo)
      xq = q_of_ds(x_hi, x_lo)
      yq = q_of_ds(y_hi, y_lo)
      vscale = 0
      if (case == 1) then
        call tf_dsgemv('n', m, n, alpha, a_hi, a_lo, lda, x_hi, x_lo, 1, beta, y_hi, y_lo, -2, &
                       info)
        call ref_gemv('n', alq, aq, xq, 1, beq, yq, -2, vscale)
      else
        call tf_gemv('C', m, n, alpha, a_hi, a_lo, lda, x_hi, x_lo, -3, beta, y_hi, y_lo, 1, &
                     info)
        call ref_gemv('C', alq, aq, xq, -3, beq, yq, 1, vscale)
      end if
      call expect_info('tf_dsgemv', info, 0)
      call check('tf_dsgemv', q_of_ds(y_hi, y_lo), yq, vscale, max(m, n), es, ew)
    end do

    call tf_dsaxpy(5, alpha, x_hi, x_lo, 2, y_hi, y_lo, -1, info)
    call expect_info('tf_dsaxpy', info, 0)
    vscale = abs(yq)
    do i = 1, 5
      t = alq * xq(at(5, 2, i))
      vscale(at(5, -1, i)) = abs(t) + abs(yq(at(5, -1, i)))
      yq(at(5, -1, i)) = t + yq(at(5, -1, i))
    end do
    call check('tf_dsaxpy', q_of_ds(y_hi, y_lo), yq, vscale, 0, es, ew)
    call tf_axpy(3, alpha, x_hi, x_lo, 1, y_hi, y_lo, 1)
    vscale(1:3) = abs(alq * xq(1:3)) + abs(yq(1:3))
    yq(1:3) = alq * xq(1:3) + yq(1:3)
    call check('tf_axpy ds', q_of_ds(y_hi, y_lo), yq, vscale, 0, es, ew)

    call tf_dsdot(k, x_hi, x_lo, -1, y_hi, y_lo, 2, r, info)
    call expect_info('tf_dsdot', info, 0)
    rq = 0
    t = 0
    do i = 1, k
      rq = rq + xq(at(k, -1, i)) * yq(at(k, 2, i))
      t = t + abs(xq(at(k, -1, i)) * yq(at(k, 2, i)))
    end do
    ! The dot product comes back as a dd_real, rounded as a DS value is.
    call check('tf_dsdot', [q_of_dd(r)], [rq], [t], k, es, ew)
    call tf_dot(k, x_hi, x_lo, 1, y_hi, y_lo, 1, r)
    rq = sum(xq(1:k) * yq(1:k))
    t = sum(abs(xq(1:k) * yq(1:k)))
    call check('tf_dot ds', [q_of_dd(r)], [rq], [t], k, es, ew)
  end subroutine test_ds

  ! ---- di

  subroutine test_di()
    real(c_double) :: a_hi(lda, k), b_hi(ldb, k), c_hi(ldc, n), x_hi(3 * k), y_hi(2 * k)
    integer(c_int32_t) :: a_lo(lda, k), b_lo(ldb, k), c_lo(ldc, n), x_lo(3 * k), y_lo(2 * k)
    type(dd_real) :: alpha, beta, r
    real(qp) :: aq(lda, k), bq(ldb, k), cq(ldc, n), scale(ldc, n)
    real(qp) :: xq(3 * k), yq(2 * k), vscale(2 * k), alq, beq, rq, t
    real(qp), parameter :: es = 2.0_qp**(-72), ew = 2.0_qp**(-102)
    integer :: case, info, i
    do case = 1, 4
      call random_fill(aq)
      call random_fill(bq)
      call random_fill(cq)
      call to_di(dd_of(aq), a_hi, a_lo)
      call to_di(dd_of(bq), b_hi, b_lo)
      call to_di(dd_of(cq), c_hi, c_lo)
      aq = q_of_di(a_hi, a_lo)
      bq = q_of_di(b_hi, b_lo)
      cq = q_of_di(c_hi, c_lo)
      alpha = dd_of(random_q())
      beta = dd_of(random_q())
      alq = q_of_dd(alpha)
      beq = q_of_dd(beta)
      if (mod(case, 2) == 1) then
        call tf_digemm(trans(case), transb(case), m, n, k, alpha, a_hi, a_lo, lda, b_hi, b_lo, &
                       ldb, beta, c_hi, c_lo, ldc, info)
      else
        call tf_gemm(trans(case), transb(case), m, n, k, alpha, a_hi, a_lo, lda, b_hi, b_lo, &
                     ldb, beta, c_hi, c_lo, ldc, info)
      end if
      call expect_info('tf_digemm', info, 0)
      call ref_gemm(trans(case), transb(case), alq, aq, bq, beq, cq, scale)
      call check('tf_digemm '//trans(case)//transb(case), &
                 reshape(q_of_di(c_hi(1:m, :), c_lo(1:m, :)), [m * n]), &
                 reshape(cq(1:m, :), [m * n]), reshape(scale(1:m, :), [m * n]), k, es, ew)
    end do

    do case = 1, 2
      xq = random_vector(3 * k)
      yq = random_vector(2 * k)
      call to_di(dd_of(xq), x_hi, x_lo)
      call to_di(dd_of(yq), y_hi, y_lo)
      xq = q_of_di(x_hi, x_lo)
      yq = q_of_di(y_hi, y_lo)
      vscale = 0
      if (case == 1) then
        call tf_digemv('N', m, n, alpha, a_hi, a_lo, lda, x_hi, x_lo, -1, beta, y_hi, y_lo, 2, &
                       info)
        call ref_gemv('N', alq, aq, xq, -1, beq, yq, 2, vscale)
      else
        call tf_gemv('T', m, n, alpha, a_hi, a_lo, lda, x_hi, x_lo, 2, beta, y_hi, y_lo, -1, &
                     info)
        call ref_gemv('T', alq, aq, xq, 2, beq, yq, -1, vscale)
      end if
      call expect_info('tf_digemv', info, 0)
      call check('tf_digemv', q_of_di(y_hi, y_lo), yq, vscale, max(m, n), es, ew)
    end do

    call tf_diaxpy(6, alpha, x_hi, x_lo, -1, y_hi, y_lo, 2, info)
    call expect_info('tf_diaxpy', info, 0)
    vscale = abs(yq)
    do i = 1, 6
      t = alq * xq(at(6, -1, i))
      vscale(at(6, 2, i)) = abs(t) + abs(yq(at(6, 2, i)))
      yq(at(6, 2, i)) = t + yq(at(6, 2, i))
    end do
    call check('tf_diaxpy', q_of_di(y_hi, y_lo), yq, vscale, 0, es, ew)
    call tf_axpy(2, alpha, x_hi, x_lo, 1, y_hi, y_lo, 1)
    vscale(1:2) = abs(alq * xq(1:2)) + abs(yq(1:2))
    yq(1:2) = alq * xq(1:2) + yq(1:2)
    call check('tf_axpy di', q_of_di(y_hi, y_lo), yq, vscale, 0, es, ew)

    call tf_didot(k, x_hi, x_lo, 2, y_hi, y_lo, -1, r, info)
    call expect_info('tf_didot', info, 0)
    rq = 0
    t = 0
    do i = 1, k
      rq = rq + xq(at(k, 2, i)) * yq(at(k, -1, i))
      t = t + abs(xq(at(k, 2, i)) * yq(at(k, -1, i)))
    end do
    call check('tf_didot', [q_of_dd(r)], [rq], [t], k, es, ew)
    call tf_dot(k, x_hi, x_lo, 1, y_hi, y_lo, 1, r)
    rq = sum(xq(1:k) * yq(1:k))
    t = sum(abs(xq(1:k) * yq(1:k)))
    call check('tf_dot di', [q_of_dd(r)], [rq], [t], k, es, ew)
  end subroutine test_di

  ! ---- df

  subroutine test_df()
    type(df_real) :: a(lda, k), b(ldb, k), c(ldc, n), x(3 * k), y(2 * k), alpha, beta, r
    real(qp) :: aq(lda, k), bq(ldb, k), cq(ldc, n), scale(ldc, n)
    real(qp) :: xq(3 * k), yq(2 * k), vscale(2 * k), alq, beq, rq, t
    real(qp), parameter :: es = 2.0_qp**(-46), ew = 2.0_qp**(-44)
    integer :: case, info, i
    do case = 1, 4
      call random_fill(aq)
      call random_fill(bq)
      call random_fill(cq)
      a = df_of(aq)
      b = df_of(bq)
      c = df_of(cq)
      aq = q_of_df(a)
      bq = q_of_df(b)
      cq = q_of_df(c)
      alpha = df_of(random_q())
      beta = df_of(random_q())
      alq = q_of_df(alpha)
      beq = q_of_df(beta)
      if (mod(case, 2) == 1) then
        call tf_dfgemm(trans(case), transb(case), m, n, k, alpha, a, lda, b, ldb, beta, c, ldc, &
                       info)
      else
        call tf_gemm(trans(case), transb(case), m, n, k, alpha, a, lda, b, ldb, beta, c, ldc, &
                     info)
      end if
      call expect_info('tf_dfgemm', info, 0)
      call ref_gemm(trans(case), transb(case), alq, aq, bq, beq, cq, scale)
      call check('tf_dfgemm '//trans(case)//transb(case), &
                 reshape(q_of_df(c(1:m, :)), [m * n]), reshape(cq(1:m, :), [m * n]), &
                 reshape(scale(1:m, :), [m * n]), k, es, ew)
    end do

    do case = 1, 2
      xq = random_vector(3 * k)
      yq = random_vector(2 * k)
      x = df_of(xq)
      y = df_of(yq)
      xq = q_of_df(x)
      yq = q_of_df(y)
      vscale = 0
      if (case == 1) then
        call tf_dfgemv('N', m, n, alpha, a, lda, x, 3, beta, y, 1, info)
        call ref_gemv('N', alq, aq, xq, 3, beq, yq, 1, vscale)
      else
        call tf_gemv('T', m, n, alpha, a, lda, x, 1, beta, y, -2, info)
        call ref_gemv('T', alq, aq, xq, 1, beq, yq, -2, vscale)
      end if
      call expect_info('tf_dfgemv', info, 0)
      call check('tf_dfgemv', q_of_df(y), yq, vscale, max(m, n), es, ew)
    end do

    call tf_dfaxpy(4, alpha, x, 3, y, -3, info)
    call expect_info('tf_dfaxpy', info, 0)
    vscale = abs(yq)
    do i = 1, 4
      t = alq * xq(at(4, 3, i))
      vscale(at(4, -3, i)) = abs(t) + abs(yq(at(4, -3, i)))
      yq(at(4, -3, i)) = t + yq(at(4, -3, i))
    end do
    call check('tf_dfaxpy', q_of_df(y), yq, vscale, 0, es, ew)
    call tf_axpy(2 * k, alpha, x, 1, y, 1)
    vscale = abs(alq * xq(1:2 * k)) + abs(yq)
    yq = alq * xq(1:2 * k) + yq
    call check('tf_axpy df', q_of_df(y), yq, vscale, 0, es, ew)

    call tf_dfdot(k, x, -2, y, 1, r, info)
    call expect_info('tf_dfdot', info, 0)
    rq = 0
    t = 0
    do i = 1, k
      rq = rq + xq(at(k, -2, i)) * yq(i)
      t = t + abs(xq(at(k, -2, i)) * yq(i))
    end do
    call check('tf_dfdot', [q_of_df(r)], [rq], [t], k, es, ew)
    call tf_dot(k, x, 1, y, 1, r)
    rq = sum(xq(1:k) * yq(1:k))
    t = sum(abs(xq(1:k) * yq(1:k)))
    call check('tf_dot df', [q_of_df(r)], [rq], [t], k, es, ew)
  end subroutine test_df

  ! ---- ts

  subroutine test_ts()
    type(ts_real) :: a(lda, k), b(ldb, k), c(ldc, n), x(3 * k), y(2 * k), alpha, beta, r
    real(qp) :: aq(lda, k), bq(ldb, k), cq(ldc, n), scale(ldc, n)
    real(qp) :: xq(3 * k), yq(2 * k), vscale(2 * k), alq, beq, rq, t
    real(qp), parameter :: es = 2.0_qp**(-68), ew = 2.0_qp**(-66)
    integer :: case, info, i
    do case = 1, 4
      call random_fill(aq)
      call random_fill(bq)
      call random_fill(cq)
      a = ts_of(aq)
      b = ts_of(bq)
      c = ts_of(cq)
      aq = q_of_ts(a)
      bq = q_of_ts(b)
      cq = q_of_ts(c)
      alpha = ts_of(random_q())
      beta = ts_of(random_q())
      alq = q_of_ts(alpha)
      beq = q_of_ts(beta)
      if (mod(case, 2) == 1) then
        call tf_tsgemm(trans(case), transb(case), m, n, k, alpha, a, lda, b, ldb, beta, c, ldc, &
                       info)
      else
        call tf_gemm(trans(case), transb(case), m, n, k, alpha, a, lda, b, ldb, beta, c, ldc, &
                     info)
      end if
      call expect_info('tf_tsgemm', info, 0)
      call ref_gemm(trans(case), transb(case), alq, aq, bq, beq, cq, scale)
      call check('tf_tsgemm '//trans(case)//transb(case), &
                 reshape(q_of_ts(c(1:m, :)), [m * n]), reshape(cq(1:m, :), [m * n]), &
                 reshape(scale(1:m, :), [m * n]), k, es, ew)
    end do

    do case = 1, 2
      xq = random_vector(3 * k)
      yq = random_vector(2 * k)
      x = ts_of(xq)
      y = ts_of(yq)
      xq = q_of_ts(x)
      yq = q_of_ts(y)
      vscale = 0
      if (case == 1) then
        call tf_tsgemv('N', m, n, alpha, a, lda, x, -1, beta, y, -1, info)
        call ref_gemv('N', alq, aq, xq, -1, beq, yq, -1, vscale)
      else
        call tf_gemv('t', m, n, alpha, a, lda, x, 2, beta, y, 3, info)
        call ref_gemv('t', alq, aq, xq, 2, beq, yq, 3, vscale)
      end if
      call expect_info('tf_tsgemv', info, 0)
      call check('tf_tsgemv', q_of_ts(y), yq, vscale, max(m, n), es, ew)
    end do

    call tf_tsaxpy(7, alpha, x, 2, y, 2, info)
    call expect_info('tf_tsaxpy', info, 0)
    vscale = abs(yq)
    do i = 1, 7
      t = alq * xq(at(7, 2, i))
      vscale(at(7, 2, i)) = abs(t) + abs(yq(at(7, 2, i)))
      yq(at(7, 2, i)) = t + yq(at(7, 2, i))
    end do
    call check('tf_tsaxpy', q_of_ts(y), yq, vscale, 0, es, ew)
    call tf_axpy(k, alpha, x, -1, y, 1)
    do i = 1, k
      t = alq * xq(at(k, -1, i))
      vscale(i) = abs(t) + abs(yq(i))
      yq(i) = t + yq(i)
    end do
    call check('tf_axpy ts', q_of_ts(y), yq, vscale, 0, es, ew)

    call tf_tsdot(k, x, 1, y, 1, r, info)
    call expect_info('tf_tsdot', info, 0)
    rq = sum(xq(1:k) * yq(1:k))
    t = sum(abs(xq(1:k) * yq(1:k)))
    call check('tf_tsdot', [q_of_ts(r)], [rq], [t], k, es, ew)
    call tf_dot(k, x, -3, y, 2, r)
    rq = 0
    t = 0
    do i = 1, k
      rq = rq + xq(at(k, -3, i)) * yq(at(k, 2, i))
      t = t + abs(xq(at(k, -3, i)) * yq(at(k, 2, i)))
    end do
    call check('tf_dot ts', [q_of_ts(r)], [rq], [t], k, es, ew)
  end subroutine test_ts

  ! ---- illegal arguments: info is -(position), pairs counting two

  subroutine test_info()
    type(dd_real) :: a(4, 4), x(4), one
    real(c_double) :: hi(4, 4), vhi(4)
    real(c_float) :: lo(4, 4), vlo(4)
    integer(c_int32_t) :: ilo(4, 4), vilo(4)
    type(df_real) :: f(4, 4), fv(4), fone
    type(ts_real) :: t(4, 4), tv(4), tone
    integer :: info
    one = to_dd_real(1d0)
    fone = to_df_real(1d0)
    tone = to_ts_real(1d0)
    a = one
    x = one
    hi = 1
    lo = 0
    ilo = 0
    vhi = 1
    vlo = 0
    vilo = 0
    f = fone
    fv = fone
    t = tone
    tv = tone
    call tf_ddgemm('X', 'N', 2, 2, 2, one, a, 4, a, 4, one, a, 4, info)
    call expect_info('tf_ddgemm transa X', info, -1)
    call tf_ddgemm('N', '?', 2, 2, 2, one, a, 4, a, 4, one, a, 4, info)
    call expect_info('tf_ddgemm transb ?', info, -2)
    call tf_gemm('N', 'N', -1, 2, 2, one, a, 4, a, 4, one, a, 4, info)
    call expect_info('tf_gemm dd m < 0', info, -3)
    call tf_ddgemm('N', 'N', 3, 2, 2, one, a, 2, a, 4, one, a, 4, info)
    call expect_info('tf_ddgemm lda < m', info, -8)
    call tf_ddgemm('N', 'N', 2, 2, 3, one, a, 4, a, 2, one, a, 4, info)
    call expect_info('tf_ddgemm ldb < k', info, -10)
    call tf_ddgemm('N', 'N', 3, 2, 2, one, a, 4, a, 4, one, a, 2, info)
    call expect_info('tf_ddgemm ldc < m', info, -13)
    call tf_dsgemm('T', 'N', 2, 2, 3, one, hi, lo, 2, hi, lo, 4, one, hi, lo, 4, info)
    call expect_info('tf_dsgemm lda < k', info, -9)
    call tf_dsgemm_dsarith('N', 'N', 2, 2, 2, one, hi, lo, 4, hi, lo, 4, one, hi, lo, 1, info)
    call expect_info('tf_dsgemm_dsarith ldc < m', info, -16)
    call tf_digemm('N', 'T', 2, 3, 2, one, hi, ilo, 4, hi, ilo, 2, one, hi, ilo, 4, info)
    call expect_info('tf_digemm ldb < n', info, -12)
    call tf_dfgemm('N', 'N', 2, -2, 2, fone, f, 4, f, 4, fone, f, 4, info)
    call expect_info('tf_dfgemm n < 0', info, -4)
    call tf_tsgemm('N', 'N', 2, 2, -1, tone, t, 4, t, 4, tone, t, 4, info)
    call expect_info('tf_tsgemm k < 0', info, -5)
    call tf_ddgemv('Y', 2, 2, one, a, 4, x, 1, one, x, 1, info)
    call expect_info('tf_ddgemv trans Y', info, -1)
    call tf_ddgemv('N', 2, 2, one, a, 4, x, 0, one, x, 1, info)
    call expect_info('tf_ddgemv incx = 0', info, -8)
    call tf_dsgemv('N', 2, 2, one, hi, lo, 4, vhi, vlo, 1, one, vhi, vlo, 0, info)
    call expect_info('tf_dsgemv incy = 0', info, -14)
    call tf_digemv('N', 3, 2, one, hi, ilo, 2, vhi, vilo, 1, one, vhi, vilo, 1, info)
    call expect_info('tf_digemv lda < m', info, -7)
    call tf_dfgemv('T', 2, 2, fone, f, 4, fv, 0, fone, fv, 1, info)
    call expect_info('tf_dfgemv incx = 0', info, -8)
    call tf_gemv('N', 2, -1, tone, t, 4, tv, 1, tone, tv, 1, info)
    call expect_info('tf_gemv ts n < 0', info, -3)
    ! AXPY and DOT have no illegal argument; n <= 0 does nothing.
    call tf_ddaxpy(-1, one, x, 0, x, 0, info)
    call expect_info('tf_ddaxpy n < 0', info, 0)
    call expect('tf_ddaxpy n < 0 leaves y', all(x%re(1) == 1))
  end subroutine test_info

  ! ---- conversions

  subroutine test_conversions()
    real(c_double) :: d(5), hi(5)
    real(c_float) :: lo(5)
    integer(c_int32_t) :: ilo(5)
    type(dd_real) :: dd(5)
    type(df_real) :: df(5)
    type(ts_real) :: ts(5)
    real(qp) :: q(5)
    integer :: i
    d = [1.0d0 / 3, -2.5d0, 7.0d20, 1.0d-30, 0.0d0]
    dd = to_dd_real(d)
    call expect('to_double(to_dd_real(d)) = d', all(to_double(dd) == d))
    call to_ds(d, hi, lo)
    call expect('to_ds(d): exact', all(hi == d .and. lo == 0) .and. all(to_double(hi, lo) == d))
    call to_di(d, hi, ilo)
    call expect('to_di(d): exact', all(to_double(hi, ilo) == d))
    df(1:4) = to_df_real(d(1:4))
    call expect('to_df_real(d) within 2^-48', &
                all(abs(to_double(df(1:4)) - d(1:4)) <= 2.0d0**(-48) * abs(d(1:4))))
    ts(1:3) = to_ts_real(d(1:3))
    call expect('to_ts_real(d): exact in float range', all(to_double(ts(1:3)) == d(1:3)) .and. &
                all(q_of_ts(ts(1:3)) == real(d(1:3), qp)))
    do i = 1, 5
      q(i) = random_q() * 10.0_qp**(i - 3)
    end do
    dd = dd_of(q)
    q = q_of_dd(dd)
    call to_ds(dd, hi, lo)
    call expect('to_ds(dd) within 2^-77', all(abs(q_of_ds(hi, lo) - q) <= 2.0_qp**(-77) * abs(q)))
    call expect('to_dd_real(ds) exact', all(q_of_dd(to_dd_real(hi, lo)) == q_of_ds(hi, lo)))
    call to_di(dd, hi, ilo)
    call expect('to_di(dd) within 2^-74', all(abs(q_of_di(hi, ilo) - q) <= 2.0_qp**(-74) * abs(q)))
    ts = to_ts_real(dd)
    call expect('to_ts_real(dd) within 2^-71', all(abs(q_of_ts(ts) - q) <= 2.0_qp**(-71) * abs(q)))
    call expect('to_dd_real(ts) within 2^-104', &
                all(abs(q_of_dd(to_dd_real(ts)) - q_of_ts(ts)) <= 2.0_qp**(-104) * abs(q)))
    call expect('to_double(dd) nearest', all(to_double(dd) == real(q, c_double)))
  end subroutine test_conversions

  function ieee_nan() result(x)
    real(c_double) :: x
    real(c_double) :: zero
    zero = 0
    x = transfer(-2251799813685248_8, zero)
  end function ieee_nan

end program typed_blas
