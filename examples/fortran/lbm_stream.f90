! Lattice-Boltzmann-like streaming step (D2Q9, push scheme) with the
! distributions of all cells stored direction-major in one array, numbered
! from 0 as in C: src(q*ncell + i) for direction q and cell i. The adjoint
! increments srcb(q*ncell + i); knowledge taken from the primal writes alone
! cannot separate the nine directions' offsets (UNPROVEN); an analysis that
! also uses the loop bounds may prove srcb safe.
subroutine lbm_stream(nx, ny, src, dst)
  implicit none
  integer, intent(in) :: nx, ny
  real(8), intent(in) :: src(0:9 * nx * ny - 1)
  real(8), intent(inout) :: dst(0:9 * nx * ny - 1)
  integer :: i, ncell

  ncell = nx * ny
  !$ad gradient(dst : src)
  !$omp parallel do private(i)
  do i = nx + 1, ncell - nx - 2
    dst(0 * ncell + i) = src(0 * ncell + i)
    dst(1 * ncell + i + 1) = src(1 * ncell + i)
    dst(2 * ncell + i - 1) = src(2 * ncell + i)
    dst(3 * ncell + i + nx) = src(3 * ncell + i)
    dst(4 * ncell + i - nx) = src(4 * ncell + i)
    dst(5 * ncell + i + nx + 1) = src(5 * ncell + i)
    dst(6 * ncell + i + nx - 1) = src(6 * ncell + i)
    dst(7 * ncell + i - nx + 1) = src(7 * ncell + i)
    dst(8 * ncell + i - nx - 1) = src(8 * ncell + i)
  end do
  !$omp end parallel do
end subroutine lbm_stream
