! Green-Gauss gradient over the edges of an unstructured mesh. Edges are
! grouped by colour so that edges of one colour share no node; the loop over
! the edges of one colour is parallel. Indices are data-dependent (1-based
! nodes; edges of colour ic are color_ia(ic) .. color_ia(ic+1)-1).
! Active: dv -> grad.                           Expected: dvb SAFE.
subroutine green_gauss(ncolors, color_ia, edge2nodes, sij, dv, grad)
  implicit none
  integer, intent(in) :: ncolors
  integer, intent(in) :: color_ia(*), edge2nodes(2, *)
  real(8), intent(in) :: sij(*), dv(*)
  real(8), intent(inout) :: grad(*)
  integer :: ic, ie, i, j
  real(8) :: dvface

  do ic = 1, ncolors
    !$ad gradient(grad : dv)
    !$omp parallel do private(ie, i, j, dvface)
    do ie = color_ia(ic), color_ia(ic + 1) - 1
      i = edge2nodes(1, ie)
      j = edge2nodes(2, ie)
      if (i /= j) then
        dvface = 0.5d0 * (dv(i) + dv(j))
        grad(i) = grad(i) + dvface * sij(ie)
        grad(j) = grad(j) - dvface * sij(ie)
      end if
    end do
    !$omp end parallel do
  end do
end subroutine green_gauss
