! Without info, an illegal argument of a typed routine goes to xerbla with
! the routine's name in upper case and the argument's position, as BLAS
! reports it; the program's own xerbla (below) wins over the library's.
program own_xerbla
  use twofold
  implicit none
  character(len=32) :: seen_name
  integer :: seen_info, calls
  common /xerbla_seen/ seen_name, seen_info, calls
  type(dd_real) :: a(2, 2), x(2), one
  type(df_real) :: f(2, 2)
  real(8) :: hi(2, 2)
  real(4) :: lo(2, 2)
  integer :: failures
  failures = 0
  calls = 0
  one = to_dd_real(1d0)
  a = one
  x = one
  f = to_df_real(1d0)
  hi = 1
  lo = 0
  call tf_ddgemm('N', 'N', 2, 2, 2, one, a, 1, a, 2, one, a, 2)
  call expect('TF_DDGEMM', 8)
  call tf_gemv('N', 2, 2, one, a, 2, x, 1, one, x, 0)
  call expect('TF_DDGEMV', 11)
  call tf_dsgemm_dsarith('N', 'Q', 2, 2, 2, one, hi, lo, 2, hi, lo, 2, one, hi, lo, 2)
  call expect('TF_DSGEMM_DSARITH', 2)
  call tf_dfgemm('N', 'N', 2, 2, 2, to_df_real(1d0), f, 2, f, 2, to_df_real(1d0), f, 1)
  call expect('TF_DFGEMM', 13)
  ! A legal call reaches no xerbla.
  call tf_ddgemm('N', 'N', 2, 2, 2, one, a, 2, a, 2, one, a, 2)
  if (calls /= 4) then
    print '(a,i0)', 'FAIL a legal call reached xerbla; calls: ', calls
    failures = failures + 1
  end if
  if (failures > 0) stop 1
  print '(a)', 'all errors reached the program''s own xerbla'

contains

  subroutine expect(name, info)
    character(len=*), intent(in) :: name
    integer, intent(in) :: info
    if (seen_name /= name .or. seen_info /= info) then
      print '(5a,i0,a,i0)', 'FAIL expected xerbla(', name, '), got (', trim(seen_name), &
        ') info ', seen_info, ' expected ', info
      failures = failures + 1
    else
      print '(3a,i0,a)', 'ok   xerbla(', name, ', ', info, ')'
    end if
    seen_name = ''
    seen_info = 0
  end subroutine expect

end program own_xerbla

subroutine xerbla(srname, info)
  implicit none
  character(len=*), intent(in) :: srname
  integer, intent(in) :: info
  character(len=32) :: seen_name
  integer :: seen_info, calls
  common /xerbla_seen/ seen_name, seen_info, calls
  seen_name = srname
  seen_info = info
  calls = calls + 1
end subroutine xerbla
