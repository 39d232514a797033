! Iterative refinement in triple precision (DS: a double and a float per
! value, 77 bits) with module twofold alone.
!
! The system is the 8 x 8 Hilbert matrix (condition number about 1.5e10)
! with the solution x = (1, ..., 1); b = A x is formed by tf_dsgemv, exactly.
! An LU factorization in double gives x to about 1e-6.  Each step of
! refinement computes the residual r = b - A x with tf_dsgemv (in
! double-double, rounded to DS), solves A d = r with the double LU, and adds
! d to x with tf_dsaxpy; x, kept in DS, converges to about 1e-23, far beyond
! what double can hold.
program triple_refine
  use twofold, only: dd_real, to_dd_real, to_double, tf_dsgemv, tf_dsaxpy
  implicit none
  integer, parameter :: n = 8
  real(8) :: a_hi(n, n), lu(n, n), d(n), ones_hi(n), b_hi(n), x_hi(n), r_hi(n)
  real(4) :: a_lo(n, n), d_lo(n), ones_lo(n), b_lo(n), x_lo(n), r_lo(n)
  integer :: pivot(n), i, j, step
  type(dd_real) :: one, minus_one, zero

  one = to_dd_real(1d0)
  minus_one = to_dd_real(-1d0)
  zero = to_dd_real(0d0)
  do j = 1, n
    do i = 1, n
      a_hi(i, j) = 1d0 / (i + j - 1)
    end do
  end do
  a_lo = 0
  ones_hi = 1
  ones_lo = 0
  call tf_dsgemv('N', n, n, one, a_hi, a_lo, n, ones_hi, ones_lo, 1, zero, b_hi, b_lo, 1)

  lu = a_hi
  call factor(lu, pivot)
  x_hi = to_double(b_hi, b_lo)
  call solve(lu, pivot, x_hi)
  x_lo = 0
  print '(a)', 'Hilbert matrix of order 8, solution (1, ..., 1), x kept in DS (77 bits)'
  print '(a,i2,a,es10.3,a)', 'step ', 0, ': max |x(i) - 1| = ', max_error(), &
    '   (LU in double alone)'
  do step = 1, 4
    r_hi = b_hi
    r_lo = b_lo
    call tf_dsgemv('N', n, n, minus_one, a_hi, a_lo, n, x_hi, x_lo, 1, one, r_hi, r_lo, 1)
    d = to_double(r_hi, r_lo)
    call solve(lu, pivot, d)
    d_lo = 0
    call tf_dsaxpy(n, one, d, d_lo, 1, x_hi, x_lo, 1)
    print '(a,i2,a,es10.3)', 'step ', step, ': max |x(i) - 1| = ', max_error()
  end do

contains

  ! The error of x = x_hi + x_lo, exactly enough: x_hi - 1 is exact.
  function max_error() result(e)
    real(8) :: e
    e = maxval(abs((x_hi - 1d0) + real(x_lo, 8)))
  end function max_error

  ! LU with partial pivoting, in place, in double.
  subroutine factor(a, p)
    real(8), intent(inout) :: a(n, n)
    integer, intent(out) :: p(n)
    integer :: i, k
    real(8) :: row(n)
    do k = 1, n
      p(k) = k - 1 + maxloc(abs(a(k:n, k)), 1)
      row = a(k, :)
      a(k, :) = a(p(k), :)
      a(p(k), :) = row
      do i = k + 1, n
        a(i, k) = a(i, k) / a(k, k)
        a(i, k + 1:) = a(i, k + 1:) - a(i, k) * a(k, k + 1:)
      end do
    end do
  end subroutine factor

  subroutine solve(a, p, x)
    real(8), intent(in) :: a(n, n)
    integer, intent(in) :: p(n)
    real(8), intent(inout) :: x(n)
    integer :: i
    real(8) :: t
    do i = 1, n
      t = x(i)
      x(i) = x(p(i))
      x(p(i)) = t
    end do
    do i = 2, n
      x(i) = x(i) - dot_product(a(i, 1:i - 1), x(1:i - 1))
    end do
    do i = n, 1, -1
      x(i) = (x(i) - dot_product(a(i, i + 1:), x(i + 1:))) / a(i, i)
    end do
  end subroutine solve

end program triple_refine
