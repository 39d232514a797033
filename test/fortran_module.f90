! The Fortran module twofold: the mode in force and the version reach a
! Fortran program intact.  Expects TWOFOLD_MODE=native.
program fortran_module
  use twofold, only: tf_get_mode, tf_mode_name, tf_version, TF_MODE_NATIVE
  implicit none
  if (tf_get_mode() /= TF_MODE_NATIVE) then
    print '(a,i0)', 'expected mode native, got ', tf_get_mode()
    stop 1
  end if
  if (tf_mode_name(tf_get_mode()) /= 'native') then
    print '(3a)', 'expected "native", got "', trim(tf_mode_name(tf_get_mode())), '"'
    stop 1
  end if
  if (len_trim(tf_version()) < 5 .or. index(tf_version(), '.') == 0) then
    print '(3a)', 'implausible version "', trim(tf_version()), '"'
    stop 1
  end if
  print '(4a)', 'module twofold: mode ', trim(tf_mode_name(tf_get_mode())), ', version ', &
    trim(tf_version())
end program fortran_module
