! A plain three-point gather, parallel over the output (formad/gather3.c).
! Neighbouring iterations read the same x entries, so the conventional adjoint
! scatters increments xb(i-1), xb(i), xb(i+1) that really collide between
! iterations.                                    Expected: xb UNSAFE.
! (The race-free alternative is the adjoint-stencil transformation.)
subroutine gather3(n, y, x)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: y(n)
  real(8), intent(in) :: x(n)
  integer :: i

  !$ad gradient(y : x)
  !$omp parallel do private(i)
  do i = 2, n - 1
    y(i) = x(i - 1) + 2.0d0 * x(i) + x(i + 1)
  end do
  !$omp end parallel do
end subroutine gather3
