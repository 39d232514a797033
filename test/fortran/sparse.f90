! Module twofold_sparse from Fortran: a 1-based CRS matrix passed as the
! program keeps it, SpMV in double, dd_real and DS against the exact
! products, CG and BiCGStab in double and DD against a known integer
! solution, the size checks, and an invalid matrix's message.
program sparse
  use, intrinsic :: iso_c_binding, only: c_int, c_double, c_float, c_int32_t
  use twofold
  use twofold_sparse
  implicit none
  integer, parameter :: nx = 12, n = nx * nx
  integer(c_int), target :: row_ptr(n + 1), col_idx(5 * n)
  real(c_double), target :: values(5 * n)
  type(tf_csr_matrix) :: a, bad
  type(tf_solve_options) :: options
  type(tf_solve_result) :: result
  real(c_double) :: exact(n), b(n), x(n), y(n), x_hi(n), y_hi(n)
  real(c_float) :: x_lo(n), y_lo(n)
  type(dd_real) :: bd(n), xd(n), yd(n)
  character(len=256) :: text
  integer :: i, info, failures, nnz
  failures = 0

  call poisson()
  call tf_csr_create(a, n, n, row_ptr, col_idx, values)
  call check(tf_csr_status(a) == 0, 'a valid 1-based matrix')
  call check(tf_csr_rows(a) == n .and. tf_csr_nnz(a) == nnz, 'its sizes')
  call check(tf_csr_is_symmetric(a), 'it is symmetric')

  ! The known solution, integers: b = A x exactly.
  do i = 1, n
    exact(i) = real(1 + mod(7 * i, 11), c_double)
  end do
  call tf_csrmv('N', 1d0, a, exact, 0d0, b, info)
  call check(info == 0 .and. all(b == reference(exact)), 'double SpMV')
  bd = [(to_dd_real(exact(i)), i = 1, n)]
  call tf_csrmv('N', to_dd_real(1d0), a, bd, to_dd_real(0d0), yd, info)
  call check(info == 0 .and. all([(to_double(yd(i)), i = 1, n)] == b), 'dd SpMV')
  x_hi = exact
  x_lo = 0.5
  y_hi = 0
  y_lo = 0
  call tf_csrmv('T', to_dd_real(1d0), a, x_hi, x_lo, to_dd_real(0d0), y_hi, y_lo, info)
  call check(info == 0 .and. all(y_hi == b + 0.5d0 * reference(spread(1d0, 1, n))), &
             'DS SpMV (transposed, symmetric matrix)')
  call tf_csrmv('N', 1d0, a, exact(1:n - 1), 0d0, y, info)
  call check(info == -5, 'x one element short: info -5')
  call tf_csrmv('N', 1d0, a, exact, 0d0, y(1:n - 1), info)
  call check(info == -8, 'y one element short: info -8')

  ! The solvers: converged, and the known solution.
  x = 0
  call tf_cg(a, b, x, result)
  call check(result%status == TF_SOLVE_CONVERGED .and. maxval(abs(x - exact)) < 1d-6, 'double CG')
  xd = to_dd_real(0d0)
  bd = [(to_dd_real(b(i)), i = 1, n)]
  options%precond = TF_PRECOND_ILU0
  call tf_cg(a, bd, xd, result, options)
  call check(result%status == TF_SOLVE_CONVERGED .and. &
             maxval(abs([(to_double(xd(i)), i = 1, n)] - exact)) < 1d-10, 'DD CG with ILU(0)')
  call check(result%true_residual <= 1d-11, 'its true residual')
  ! DD goes past what double can reach: a relative residual of 1e-15.
  xd = to_dd_real(0d0)
  options%precond = TF_PRECOND_NONE
  options%tol = 1d-15
  call tf_bicgstab(a, bd, xd, result, options)
  call check(result%status == TF_SOLVE_CONVERGED .and. &
             maxval(abs([(to_double(xd(i)), i = 1, n)] - exact)) < 1d-12, 'DD BiCGStab to 1e-15')
  x = 0
  call tf_bicgstab(a, b, x(1:n - 1), result)
  call tf_result_message(result, text)
  call check(result%status == TF_SOLVE_INVALID .and. index(text, 'size(x)') > 0, &
             'size(x) /= size(b): '//trim(text))

  ! An invalid matrix says what is wrong, counting from 1.
  col_idx(3) = n + 1
  call tf_csr_create(bad, n, n, row_ptr, col_idx, values)
  call tf_csr_message(bad, text)
  call check(tf_csr_status(bad) /= 0 .and. index(text, 'out of range at entry 3 (row 1)') > 0, &
             'invalid matrix: '//trim(text))
  call tf_csr_destroy(bad)
  call tf_csr_destroy(a)

  if (failures > 0) stop 1
  print '(a)', 'twofold_sparse: all checks passed'

contains

  subroutine check(ok, what)
    logical, intent(in) :: ok
    character(len=*), intent(in) :: what
    if (.not. ok) then
      print '(2a)', 'FAIL ', what
      failures = failures + 1
    end if
  end subroutine check

  ! The 2D five-point Laplacian on nx x nx, 1-based CRS.
  subroutine poisson()
    integer :: i, j, row
    nnz = 0
    row_ptr(1) = 1
    do j = 1, nx
      do i = 1, nx
        row = (j - 1) * nx + i
        if (j > 1) call put(row - nx, -1d0)
        if (i > 1) call put(row - 1, -1d0)
        call put(row, 4d0)
        if (i < nx) call put(row + 1, -1d0)
        if (j < nx) call put(row + nx, -1d0)
        row_ptr(row + 1) = nnz + 1
      end do
    end do
  end subroutine poisson

  subroutine put(column, value)
    integer, intent(in) :: column
    real(c_double), intent(in) :: value
    nnz = nnz + 1
    col_idx(nnz) = column
    values(nnz) = value
  end subroutine put

  ! A v by the arrays, exactly for the small integers used here.
  function reference(v) result(w)
    real(c_double), intent(in) :: v(:)
    real(c_double) :: w(size(v))
    integer :: i, k
    do i = 1, size(v)
      w(i) = 0
      do k = row_ptr(i), row_ptr(i + 1) - 1
        w(i) = w(i) + values(k) * v(col_idx(k))
      end do
    end do
  end function reference
end program sparse
