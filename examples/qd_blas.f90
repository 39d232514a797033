! QD and twofold together: QD's dd_real (module ddmodule) for the scalar
! work, twofold's tf_ddgemm for the matrix products, on the same arrays.
!
! exp(tA) for the rotation generator A = [0 1; -1 0] is the rotation
! [cos t, sin t; -sin t, cos t].  The Taylor series sum (tA)^j / j! is
! summed with the powers formed by tf_ddgemm and the scalars 1/j! by QD;
! the result is compared with QD's own cos and sin of t.
program qd_blas
  use ddmodule
  use twofold, only: tf_ddgemm
  implicit none
  integer, parameter :: n = 2, terms = 40
  type(dd_real) :: a(n, n), power(n, n), next(n, n), total(n, n), exact(n, n), t, scale
  type(dd_real) :: zero, one
  real(8) :: worst
  integer :: j, i, l

  zero = ddreal(0.0d0)
  one = ddreal(1.0d0)
  t = ddreal(7.0d0) / ddreal(10.0d0)
  a = zero
  a(1, 2) = t
  a(2, 1) = -t
  total = zero
  power = zero
  do i = 1, n
    total(i, i) = one
    power(i, i) = one
  end do
  scale = one
  do j = 1, terms
    ! power = (tA)^j / j!: the product by twofold, the scalar by QD.
    scale = one / ddreal(real(j, 8))
    call tf_ddgemm('N', 'N', n, n, n, scale, power, n, a, n, zero, next, n)
    power = next
    total = total + power
  end do

  exact(1, 1) = cos(t)
  exact(2, 2) = cos(t)
  exact(1, 2) = sin(t)
  exact(2, 1) = -sin(t)
  worst = 0
  do l = 1, n
    do i = 1, n
      worst = max(worst, abs(total(i, l)%re(1) - exact(i, l)%re(1) + &
                             (total(i, l)%re(2) - exact(i, l)%re(2))))
    end do
  end do
  print '(a)', 'exp(tA), t = 0.7, by a Taylor series of tf_ddgemm products and QD scalars'
  print '(a,2es26.17)', 'computed (1,1), (1,2): ', total(1, 1)%re(1), total(1, 2)%re(1)
  print '(a,2es26.17)', 'QD cos(t), sin(t):     ', exact(1, 1)%re(1), exact(1, 2)%re(1)
  print '(a,es10.3,a)', 'largest difference: ', worst, ' (double-double: about 1e-32)'
end program qd_blas
