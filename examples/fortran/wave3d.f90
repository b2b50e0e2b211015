! One time step of a 3D wave equation solver with spatially varying speed c.
! u is the new field, u_1 and u_2 the two previous time levels.
! Active: u_1, u_2 -> u; c and D are passive. Column-major: the first index
! varies fastest, so the innermost loop runs over it.
subroutine wave3d(n, d, u, c, u_1, u_2)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: d
  real(8), intent(inout) :: u(n, n, n)
  real(8), intent(in) :: c(n, n, n), u_1(n, n, n), u_2(n, n, n)
  integer :: i, j, k

  !$ad stencil adjoint(u:u_b, u_1:u_1_b, u_2:u_2_b)
  !$omp parallel do private(i, j, k)
  do k = 2, n - 1
    do j = 2, n - 1
      do i = 2, n - 1
        u(i, j, k) = 2.0d0 * u_1(i, j, k) - u_2(i, j, k) &
            + c(i, j, k) * d * (u_1(i - 1, j, k) + u_1(i + 1, j, k) &
                              + u_1(i, j - 1, k) + u_1(i, j + 1, k) &
                              + u_1(i, j, k - 1) + u_1(i, j, k + 1) &
                              - 6.0d0 * u_1(i, j, k))
      end do
    end do
  end do
  !$omp end parallel do
end subroutine wave3d
