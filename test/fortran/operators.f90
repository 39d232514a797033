! Module twofold_operators: +, -, * and / on dd_real, df_real and ts_real
! (two values, and a value with a real of its leading word's kind), unary
! minus and the comparisons, against quad precision (gfortran's real(16))
! on random operands.  Exits 1 if any case fails.
program operators
  use, intrinsic :: iso_c_binding, only: c_float, c_double
  use twofold, only: dd_real, df_real, ts_real, to_dd_real
  use twofold_operators
  implicit none
  integer, parameter :: qp = selected_real_kind(30)
  integer, parameter :: trials = 500
  integer(8) :: state = 987654321_8
  integer :: failures = 0
  real(qp) :: worst(4)

  call test_dd()
  call test_df()
  call test_ts()
  if (failures > 0) then
    print '(i0,a)', failures, ' case(s) failed'
    stop 1
  end if
  print '(a)', 'all cases passed'

contains

  function random_q() result(q)
    real(qp) :: q
    real(qp) :: u1, u2
    u1 = real(next_bits(), qp) * 2.0_qp**(-52) - 1.0_qp
    u2 = real(next_bits(), qp) * 2.0_qp**(-53)
    q = (u1 + u2 * 2.0_qp**(-53)) * 2.0_qp**(mod(next_bits(), 21_8) - 10)
  end function random_q

  function next_bits() result(bits)
    integer(8) :: bits
    state = ieor(state, ishft(state, 13))
    state = ieor(state, ishft(state, -7))
    state = ieor(state, ishft(state, 17))
    bits = iand(abs(ishft(state, -11)), 2_8**53 - 1)
  end function next_bits

  ! |got - exact| <= eps scale, else one line and a failure.
  subroutine within(label, got, exact, scale, eps, slot)
    character(len=*), intent(in) :: label
    real(qp), intent(in) :: got, exact, scale, eps
    integer, intent(in) :: slot
    if (.not. (abs(got - exact) <= eps * scale)) then
      print '(3a,es42.34,a,es42.34)', 'FAIL ', label, ' expected ', exact, ' got ', got
      failures = failures + 1
    end if
    if (scale > 0) worst(slot) = max(worst(slot), abs(got - exact) / scale)
  end subroutine within

  subroutine expect(label, condition)
    character(len=*), intent(in) :: label
    logical, intent(in) :: condition
    if (.not. condition) then
      print '(2a)', 'FAIL ', label
      failures = failures + 1
    end if
  end subroutine expect

  subroutine summary(name, eps)
    character(len=*), intent(in) :: name
    real(qp), intent(in) :: eps(4)
    print '(2a,4(a,f7.2))', name, ': worst error (log2, relative):', ' + ', log2(worst(1)), &
      ' * ', log2(worst(2)), ' / ', log2(worst(3)), ' mixed ', log2(worst(4))
    print '(2a,4(a,f7.2))', name, ': allowed                     ', ' + ', log2(eps(1)), &
      ' * ', log2(eps(2)), ' / ', log2(eps(3)), ' mixed ', log2(eps(4))
  end subroutine summary

  pure function log2(x) result(l)
    real(qp), intent(in) :: x
    real(qp) :: l
    l = -999
    if (x > 0) l = log(x) / log(2.0_qp)
  end function log2

  ! ---- dd_real

  elemental function dd_of(q) result(d)
    real(qp), intent(in) :: q
    type(dd_real) :: d
    d%re(1) = real(q, c_double)
    d%re(2) = real(q - d%re(1), c_double)
  end function dd_of

  elemental function q_dd(d) result(q)
    type(dd_real), intent(in) :: d
    real(qp) :: q
    q = real(d%re(1), qp) + real(d%re(2), qp)
  end function q_dd

  subroutine test_dd()
    real(qp), parameter :: eps(4) = [2.0_qp**(-104), 2.0_qp**(-104), 2.0_qp**(-103), &
                                     2.0_qp**(-103)]
    type(dd_real) :: a, b
    real(qp) :: qa, qb
    real(c_double) :: d
    integer :: i
    worst = 0
    do i = 1, trials
      a = dd_of(random_q())
      b = dd_of(random_q())
      if (i == 1) b = a
      qa = q_dd(a)
      qb = q_dd(b)
      d = real(random_q(), c_double)
      call within('dd a + b', q_dd(a + b), qa + qb, abs(qa) + abs(qb), eps(1), 1)
      call within('dd a - b', q_dd(a - b), qa - qb, abs(qa) + abs(qb), eps(1), 1)
      call within('dd a * b', q_dd(a * b), qa * qb, abs(qa * qb), eps(2), 2)
      call within('dd a / b', q_dd(a / b), qa / qb, abs(qa / qb), eps(3), 3)
      call within('dd a + d', q_dd(a + d), qa + d, abs(qa) + abs(d), eps(4), 4)
      call within('dd d - a', q_dd(d - a), d - qa, abs(qa) + abs(d), eps(4), 4)
      call within('dd a * d', q_dd(a * d), qa * d, abs(qa * d), eps(4), 4)
      call within('dd d / a', q_dd(d / a), d / qa, abs(d / qa), eps(4), 4)
      call within('dd a / d', q_dd(a / d), qa / d, abs(qa / d), eps(4), 4)
      call expect('dd -a', q_dd(-a) == -qa)
      call expect('dd comparisons', (a < b .eqv. qa < qb) .and. (a <= b .eqv. qa <= qb) .and. &
                  (a > b .eqv. qa > qb) .and. (a >= b .eqv. qa >= qb) .and. &
                  (a == b .eqv. qa == qb) .and. (a /= b .eqv. qa /= qb))
    end do
    ! Elemental, on arrays.
    call expect('dd elemental', all(q_dd([a, b] * 2.0_c_double) == 2 * [qa, qb]))
    call expect('dd 1 / 3', abs(q_dd(to_dd_real(1d0) / 3d0) - 1.0_qp / 3) <= 2.0_qp**(-106))
    call summary('dd_real', eps)
  end subroutine test_dd

  ! ---- df_real

  elemental function df_of(q) result(d)
    real(qp), intent(in) :: q
    type(df_real) :: d
    d%hi = real(q, c_float)
    d%lo = real(q - d%hi, c_float)
  end function df_of

  elemental function q_df(d) result(q)
    type(df_real), intent(in) :: d
    real(qp) :: q
    q = real(d%hi, qp) + real(d%lo, qp)
  end function q_df

  subroutine test_df()
    real(qp), parameter :: eps(4) = [2.0_qp**(-46), 2.0_qp**(-46), 2.0_qp**(-45), &
                                     2.0_qp**(-45)]
    type(df_real) :: a, b
    real(qp) :: qa, qb
    real(c_float) :: f
    integer :: i
    worst = 0
    do i = 1, trials
      a = df_of(random_q())
      b = df_of(random_q())
      if (i == 1) b = a
      qa = q_df(a)
      qb = q_df(b)
      f = real(random_q(), c_float)
      call within('df a + b', q_df(a + b), qa + qb, abs(qa) + abs(qb), eps(1), 1)
      call within('df a - b', q_df(a - b), qa - qb, abs(qa) + abs(qb), eps(1), 1)
      call within('df a * b', q_df(a * b), qa * qb, abs(qa * qb), eps(2), 2)
      call within('df a / b', q_df(a / b), qa / qb, abs(qa / qb), eps(3), 3)
      call within('df f + a', q_df(f + a), qa + f, abs(qa) + abs(f), eps(4), 4)
      call within('df a - f', q_df(a - f), qa - f, abs(qa) + abs(f), eps(4), 4)
      call within('df f * a', q_df(f * a), qa * f, abs(qa * f), eps(4), 4)
      call within('df a / f', q_df(a / f), qa / f, abs(qa / f), eps(4), 4)
      call within('df f / a', q_df(f / a), f / qa, abs(f / qa), eps(4), 4)
      call expect('df -a', q_df(-a) == -qa)
      call expect('df comparisons', (a < b .eqv. qa < qb) .and. (a <= b .eqv. qa <= qb) .and. &
                  (a > b .eqv. qa > qb) .and. (a >= b .eqv. qa >= qb) .and. &
                  (a == b .eqv. qa == qb) .and. (a /= b .eqv. qa /= qb))
    end do
    call summary('df_real', eps)
  end subroutine test_df

  ! ---- ts_real

  elemental function ts_of(q) result(t)
    real(qp), intent(in) :: q
    type(ts_real) :: t
    t%x = real(q, c_float)
    t%y = real(q - t%x, c_float)
    t%z = real(q - t%x - t%y, c_float)
  end function ts_of

  elemental function q_ts(t) result(q)
    type(ts_real), intent(in) :: t
    real(qp) :: q
    q = real(t%x, qp) + real(t%y, qp) + real(t%z, qp)
  end function q_ts

  subroutine test_ts()
    real(qp), parameter :: eps(4) = [2.0_qp**(-68), 2.0_qp**(-67), 2.0_qp**(-65), &
                                     2.0_qp**(-65)]
    type(ts_real) :: a, b
    real(qp) :: qa, qb
    real(c_float) :: f
    integer :: i
    worst = 0
    do i = 1, trials
      a = ts_of(random_q())
      b = ts_of(random_q())
      if (i == 1) b = a
      qa = q_ts(a)
      qb = q_ts(b)
      f = real(random_q(), c_float)
      call within('ts a + b', q_ts(a + b), qa + qb, abs(qa) + abs(qb), eps(1), 1)
      call within('ts a - b', q_ts(a - b), qa - qb, abs(qa) + abs(qb), eps(1), 1)
      call within('ts a * b', q_ts(a * b), qa * qb, abs(qa * qb), eps(2), 2)
      call within('ts a / b', q_ts(a / b), qa / qb, abs(qa / qb), eps(3), 3)
      call within('ts a + f', q_ts(a + f), qa + f, abs(qa) + abs(f), eps(4), 4)
      call within('ts f - a', q_ts(f - a), f - qa, abs(qa) + abs(f), eps(4), 4)
      call within('ts a * f', q_ts(a * f), qa * f, abs(qa * f), eps(4), 4)
      call within('ts f / a', q_ts(f / a), f / qa, abs(f / qa), eps(4), 4)
      call expect('ts -a', q_ts(-a) == -qa)
      call expect('ts comparisons', (a < b .eqv. qa < qb) .and. (a <= b .eqv. qa <= qb) .and. &
                  (a > b .eqv. qa > qb) .and. (a >= b .eqv. qa >= qb) .and. &
                  (a == b .eqv. qa == qb) .and. (a /= b .eqv. qa /= qb))
    end do
    call summary('ts_real', eps)
  end subroutine test_ts

end program operators
