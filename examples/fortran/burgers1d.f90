! One time step of the 1D Burgers equation with first-order upwinding.
! C = dt/dx, D = nu*dt/dx^2. Nonlinear and only piecewise differentiable
! (max/min): the adjoint needs the primal u_1 and branches.
! Active: u_1 -> u. Arrays are 1-based: the interior is 2 .. n-1.
subroutine burgers1d(n, c, d, u, u_1)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: c, d
  real(8), intent(inout) :: u(n)
  real(8), intent(in) :: u_1(n)
  integer :: i

  !$ad stencil adjoint(u:u_b, u_1:u_1_b)
  !$omp parallel do private(i)
  do i = 2, n - 1
    u(i) = u_1(i) &
         - c * (max(u_1(i), 0.0d0) * (u_1(i) - u_1(i - 1)) &
              + min(u_1(i), 0.0d0) * (u_1(i + 1) - u_1(i))) &
         + d * (u_1(i + 1) + u_1(i - 1) - 2.0d0 * u_1(i))
  end do
  !$omp end parallel do
end subroutine burgers1d
