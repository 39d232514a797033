! An ILP64 Fortran program: dgemm_64, ddot_64, idamax_64 and dgesv_64
! (the symbols dgemm_64_, ...) called with INTEGER(8) arguments, against
! dgemm, ddot, idamax and dgesv called with INTEGER(4) on the same data:
! the same results, bit for bit.  Stops with status 1 on a difference.
program ilp64_fortran
  implicit none
  integer, parameter :: n = 6
  integer(4) :: n4, one4, ipiv4(n), info4, i4
  integer(8) :: n8, one8, ipiv8(n), info8, i8
  double precision :: a(n, n), b(n, n), c4(n, n), c8(n, n), a4(n, n), a8(n, n)
  double precision :: r4(n, 2), r8(n, 2), d4, d8
  double precision, external :: ddot, ddot_64
  integer(4), external :: idamax
  integer(8), external :: idamax_64
  integer :: failures, i

  failures = 0
  n4 = n
  n8 = n
  one4 = 1
  one8 = 1
  call random_number(a)
  call random_number(b)
  c4 = 0.5d0
  c8 = c4
  call dgemm('N', 'T', n4, n4, n4, 1.5d0, a, n4, b, n4, 0.25d0, c4, n4)
  call dgemm_64('N', 'T', n8, n8, n8, 1.5d0, a, n8, b, n8, 0.25d0, c8, n8)
  call check('dgemm_64', all(c4 == c8))

  d4 = ddot(n4 * n4, a, one4, b, one4)
  d8 = ddot_64(n8 * n8, a, one8, b, one8)
  call check('ddot_64', d4 == d8)

  i4 = idamax(n4, c4(:, 2), one4)
  i8 = idamax_64(n8, c8(:, 2), one8)
  call check('idamax_64', int(i4, 8) == i8)

  a4 = a
  do i = 1, n
    a4(i, i) = a4(i, i) + n
  end do
  a8 = a4
  r4 = b(:, 1:2)
  r8 = r4
  call dgesv(n4, 2, a4, n4, ipiv4, r4, n4, info4)
  call dgesv_64(n8, 2_8, a8, n8, ipiv8, r8, n8, info8)
  call check('dgesv_64', all(a4 == a8) .and. all(r4 == r8) .and. &
             all(int(ipiv4, 8) == ipiv8) .and. int(info4, 8) == info8)

  if (failures > 0) stop 1

contains

  subroutine check(what, same)
    character(*), intent(in) :: what
    logical, intent(in) :: same
    if (same) then
      print '(a, a)', 'ok   ', what
    else
      print '(a, a)', 'FAIL ', what
      failures = failures + 1
    end if
  end subroutine check

end program ilp64_fortran
