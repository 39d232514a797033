! A program that uses QD's ddmodule for its dd_real and takes only the BLAS
! from twofold: QD's dd_real arrays pass to twofold unchanged (the two
! declarations are the same sequence type), and the results agree with the
! same computation done in QD's arithmetic.
program qd_interop
  use ddmodule
  use twofold, only: tf_ddgemm, tf_ddgemv, tf_ddaxpy, tf_dddot, tf_gemm, tf_dot
  implicit none
  integer, parameter :: m = 6, n = 5, k = 9
  type(dd_real) :: a(m, k), b(k, n), c(m, n), ref(m, n), x(k), y(m), yref(m)
  type(dd_real) :: alpha, beta, dot, dotref, s
  real(8) :: worst
  integer :: i, j, l, info, failures
  failures = 0
  do j = 1, k
    do i = 1, m
      a(i, j) = ddreal(1.0d0) / ddreal(real(i + 2 * j, 8))
    end do
  end do
  do j = 1, n
    do i = 1, k
      b(i, j) = sqrt(ddreal(real(i * j + 1, 8)))
    end do
  end do
  c = ddreal(0.5d0)
  x = b(:, 1)
  y = a(:, 2)
  alpha = ddreal(3.0d0) / ddreal(7.0d0)
  beta = ddreal(-1.0d0) / ddreal(3.0d0)

  ! QD's arithmetic: the reference.
  do j = 1, n
    do i = 1, m
      s = ddreal(0.0d0)
      do l = 1, k
        s = s + a(i, l) * b(l, j)
      end do
      ref(i, j) = alpha * s + beta * c(i, j)
    end do
  end do
  call tf_ddgemm('N', 'N', m, n, k, alpha, a, m, b, k, beta, c, m, info)
  call compare('tf_ddgemm', c, ref, info)
  c = ddreal(0.5d0)
  call tf_gemm('N', 'N', m, n, k, alpha, a, m, b, k, beta, c, m)
  call compare('tf_gemm', c, ref, 0)

  do i = 1, m
    s = ddreal(0.0d0)
    do l = 1, k
      s = s + a(i, l) * x(l)
    end do
    yref(i) = alpha * s + beta * y(i)
  end do
  call tf_ddgemv('N', m, k, alpha, a, m, x, 1, beta, y, 1, info)
  call compare('tf_ddgemv', reshape(y, [m, 1]), reshape(yref, [m, 1]), info)

  yref = alpha * a(:, 3) + y
  call tf_ddaxpy(m, alpha, a(:, 3), 1, y, 1, info)
  call compare('tf_ddaxpy', reshape(y, [m, 1]), reshape(yref, [m, 1]), info)

  dotref = ddreal(0.0d0)
  do l = 1, k
    dotref = dotref + x(l) * a(1, l)
  end do
  call tf_dddot(k, x, 1, a, m, dot, info)
  call compare('tf_dddot', reshape([dot], [1, 1]), reshape([dotref], [1, 1]), info)
  call tf_dot(k, x, 1, a(1, :), 1, dot)
  call compare('tf_dot', reshape([dot], [1, 1]), reshape([dotref], [1, 1]), 0)

  if (failures > 0) stop 1
  print '(a)', 'QD dd_real arrays through twofold: all agree with QD'

contains

  ! Agreement to 2^-100 relative (both sides are DD computations).
  subroutine compare(label, got, expected, info)
    character(len=*), intent(in) :: label
    type(dd_real), intent(in) :: got(:, :), expected(:, :)
    integer, intent(in) :: info
    type(dd_real) :: diff
    integer :: i, j
    worst = 0
    do j = 1, size(got, 2)
      do i = 1, size(got, 1)
        diff = got(i, j) - expected(i, j)
        worst = max(worst, abs(diff%re(1)) / abs(expected(i, j)%re(1)))
      end do
    end do
    if (info /= 0 .or. .not. (worst <= 2.0d0**(-100))) then
      print '(3a,i0,a,es10.3)', 'FAIL ', label, ': info ', info, ', relative difference ', worst
      failures = failures + 1
    else
      print '(3a,es10.3)', 'ok   ', label, ': relative difference from QD ', worst
    end if
  end subroutine compare

end program qd_interop
