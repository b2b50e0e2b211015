! Indirect write and read through the same index array (formal-methods
! example, Figure 2). The primal is correctly parallel, so c(i) differs
! between iterations; hence c(i)+7 differs too and the adjoint increment of
! xb needs no atomic.                           Expected: xb, yb SAFE.
subroutine indirect(n, y, x, c)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: y(*)
  real(8), intent(in) :: x(*)
  integer, intent(in) :: c(n)
  integer :: i

  !$ad gradient(y : x)
  !$omp parallel do private(i)
  do i = 1, n
    y(c(i)) = x(c(i) + 7)
  end do
  !$omp end parallel do
end subroutine indirect
