! One-dimensional three-point gather stencil (adjoint stencils, 1D example).
! Active: u (input) -> r (output); c is passive. The arrays keep C's numbering
! through an explicit lower bound: r(0:n) is the C array r[n+1].
subroutine stencil1d(n, r, c, u)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: r(0:n)
  real(8), intent(in) :: c(0:n), u(0:n)
  integer :: i

  !$ad stencil adjoint(r:rb, u:ub)
  !$omp parallel do private(i)
  do i = 1, n - 1
    r(i) = c(i) * (2.0d0 * u(i - 1) - 3.0d0 * u(i) + 4.0d0 * u(i + 1))
  end do
  !$omp end parallel do
end subroutine stencil1d
