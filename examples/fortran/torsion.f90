! Elastic-plastic torsion objective (MINPACK-2 test problem dtorfg, quadratic
! form), the Fortran version of ../separable/torsion.c. x holds the nx*ny
! interior values of u on a uniform grid of the unit square, point (i, j) at
! x(nx*(j-1) + i) as in MINPACK-2; u = 0 on the boundary (the tests on i and j).
! f(x) = area * (0.5*fquad + flin), summed over the lower and upper
! triangular elements of the grid. The elementals fquad and flin carry the
! partial-separability annotations.
subroutine torsion_f(nx, ny, x, c, f)
  implicit none
  integer, intent(in) :: nx, ny
  real(8), intent(in) :: x(nx * ny), c
  real(8), intent(out) :: f
  real(8) :: hx, hy, area, p5, cdiv3
  real(8) :: fquad, flin, v, vr, vt, vl, vb, dvdx, dvdy
  integer :: i, j

  hx = 1.0d0 / (nx + 1)
  hy = 1.0d0 / (ny + 1)
  area = 0.5d0 * hx * hy
  p5 = 0.5d0
  cdiv3 = c / 3.0d0

  !$ad elemental
  fquad = 0.0d0
  !$ad elemental
  flin = 0.0d0

  ! lower triangular elements: (i, j), (i+1, j), (i, j+1)
  do j = 0, ny
    do i = 0, nx
      v = 0.0d0
      vr = 0.0d0
      vt = 0.0d0
      if (i >= 1 .and. j >= 1) v = x(nx * (j - 1) + i)
      if (i < nx .and. j >= 1) vr = x(nx * (j - 1) + i + 1)
      if (i >= 1 .and. j < ny) vt = x(nx * j + i)
      dvdx = (vr - v) / hx
      dvdy = (vt - v) / hy
      fquad = fquad + dvdx * dvdx + dvdy * dvdy
      flin = flin - cdiv3 * (v + vr + vt)
    end do
  end do
  ! upper triangular elements: (i, j-1), (i-1, j), (i, j)
  do j = 1, ny + 1
    do i = 1, nx + 1
      vb = 0.0d0
      vl = 0.0d0
      v = 0.0d0
      if (i <= nx .and. j > 1) vb = x(nx * (j - 2) + i)
      if (i > 1 .and. j <= ny) vl = x(nx * (j - 1) + i - 1)
      if (i <= nx .and. j <= ny) v = x(nx * (j - 1) + i)
      dvdx = (v - vl) / hx
      dvdy = (v - vb) / hy
      fquad = fquad + dvdx * dvdx + dvdy * dvdy
      flin = flin - cdiv3 * (vb + vl + v)
    end do
  end do

  !$ad partially_separable(fquad, flin)
  f = area * (p5 * fquad + flin)
end subroutine torsion_f
