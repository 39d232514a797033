! Built by CMake against an installed twofold (test/pkg/cmake.sh): module
! twofold is found through the package's target and gives the version.
program fortran_app
  use twofold, only: tf_version, tf_get_mode, tf_mode_name
  implicit none
  if (index(tf_version(), '.') == 0) then
    print '(3a)', 'implausible version "', trim(tf_version()), '"'
    stop 1
  end if
  print '(4a)', 'module twofold: version ', trim(tf_version()), ', mode ', &
    trim(tf_mode_name(tf_get_mode()))
end program fortran_app
