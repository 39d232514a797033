! Module twofold: the twofold library from Fortran 2003 (ISO_C_BINDING).
!
! The standard BLAS needs no module: libtwofold.so exports the Fortran BLAS
! symbols, and a program calls DGEMM and the rest as it always has.  This
! module gives what twofold adds: the mode in force and the version.
module twofold
  use, intrinsic :: iso_c_binding, only: c_int, c_char, c_ptr, c_null_char, &
                                         c_associated, c_f_pointer
  implicit none
  private

  ! What a double-precision call means (TWOFOLD_MODE); values of tf_mode.
  integer(c_int), parameter, public :: TF_MODE_DD = 0
  integer(c_int), parameter, public :: TF_MODE_DF = 1
  integer(c_int), parameter, public :: TF_MODE_FAST = 2
  integer(c_int), parameter, public :: TF_MODE_NATIVE = 3
  integer(c_int), parameter, public :: TF_MODE_CPU = 4

  public :: tf_get_mode, tf_mode_name, tf_version

  interface
    ! The mode in force, one of TF_MODE_*.
    function tf_get_mode() bind(c, name='tf_get_mode')
      import :: c_int
      integer(c_int) :: tf_get_mode
    end function tf_get_mode

    function c_tf_mode_name(mode) bind(c, name='tf_mode_name')
      import :: c_int, c_ptr
      integer(c_int), value :: mode
      type(c_ptr) :: c_tf_mode_name
    end function c_tf_mode_name

    function c_tf_version() bind(c, name='tf_version')
      import :: c_ptr
      type(c_ptr) :: c_tf_version
    end function c_tf_version
  end interface

contains

  ! "dd", "df", "fast", "native" or "cpu", blank-padded; blank for a value
  ! outside TF_MODE_*.
  function tf_mode_name(mode) result(name)
    integer(c_int), intent(in) :: mode
    character(len=8) :: name
    call copy_c_string(c_tf_mode_name(mode), name)
  end function tf_mode_name

  ! The library's version, "MAJOR.MINOR.PATCH", blank-padded.
  function tf_version() result(version)
    character(len=16) :: version
    call copy_c_string(c_tf_version(), version)
  end function tf_version

  ! Character by character, so that the module needs no Fortran run-time
  ! library: libtwofold stays loadable into programs of any language.
  subroutine copy_c_string(pointer, text)
    type(c_ptr), intent(in) :: pointer
    character(len=*), intent(out) :: text
    character(kind=c_char), pointer :: chars(:)
    integer :: i
    text = ''
    if (.not. c_associated(pointer)) return
    call c_f_pointer(pointer, chars, [len(text)])
    do i = 1, len(text)
      if (chars(i) == c_null_char) exit
      text(i:i) = chars(i)
    end do
  end subroutine copy_c_string

end module twofold
