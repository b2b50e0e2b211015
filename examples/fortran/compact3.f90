! "Compact" three-point stencil: each iteration reads and writes the same
! neighbourhood; two sweeps with stride 2 keep iterations disjoint.
! Active: uold -> unew.                         Expected: uoldb SAFE.
subroutine compact3(n, unew, uold, wl, wc, wr)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: unew(n)
  real(8), intent(in) :: uold(n)
  real(8), intent(in) :: wl, wc, wr
  integer :: offset, from, i

  do offset = 0, 1
    from = 3 + offset
    !$ad gradient(unew : uold)
    !$omp parallel do shared(unew, uold) private(i)
    do i = from, n - 1, 2
      unew(i) = unew(i) + wl * uold(i - 1)
      unew(i) = unew(i) + wc * uold(i)
      unew(i - 1) = unew(i - 1) + wr * uold(i)
    end do
    !$omp end parallel do
  end do
end subroutine compact3
