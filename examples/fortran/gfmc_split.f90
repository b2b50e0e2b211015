! A Green's-function-Monte-Carlo-like spin kernel on complex amplitudes stored
! as separate arrays. mss(1:4, ig) are four data-dependent state indices; the
! primal writes cl at those states and reads cr at the same states. Column
! j of a state is cl(j, state): the amplitudes of one state are contiguous.
!
! gfmc_split: spin exchange and spin flip are two parallel loops.
!   exchange loop: crb SAFE (reads of cr use the written state indices)
!   flip loop:     crb UNSAFE (cr is read at flip(ig), which no write pins)
! gfmc_fused: both parts in one parallel loop: every crb increment is UNSAFE.
subroutine gfmc_split(ng, nj, mss, flip, xee, xem, xmm, xf, cl, cr)
  implicit none
  integer, intent(in) :: ng, nj
  integer, intent(in) :: mss(4, *), flip(*)
  real(8), intent(in) :: xee, xem, xmm, xf
  real(8), intent(inout) :: cl(64, *)
  real(8), intent(in) :: cr(64, *)
  integer :: ig, j, idd, iud, idu, iuu, k

  !$ad gradient(cl : cr)
  !$omp parallel do private(ig, j, idd, iud, idu, iuu)
  do ig = 1, ng
    idd = mss(1, ig)
    iud = mss(2, ig)
    idu = mss(3, ig)
    iuu = mss(4, ig)
    do j = 1, nj
      cl(j, idd) = xee * cr(j, idd) + xem * cr(j, iuu)
      cl(j, iuu) = xee * cr(j, iuu) + xem * cr(j, idd)
      cl(j, iud) = xmm * cr(j, iud) + xem * cr(j, idu)
      cl(j, idu) = xmm * cr(j, idu) + xem * cr(j, iud)
    end do
  end do
  !$omp end parallel do

  !$ad gradient(cl : cr)
  !$omp parallel do private(ig, j, k)
  do ig = 1, ng
    k = flip(ig)
    do j = 1, nj
      cl(j, ig) = cl(j, ig) + xf * cr(j, k)
    end do
  end do
  !$omp end parallel do
end subroutine gfmc_split

subroutine gfmc_fused(ng, nj, mss, flip, xee, xem, xmm, xf, cl, cr)
  implicit none
  integer, intent(in) :: ng, nj
  integer, intent(in) :: mss(4, *), flip(*)
  real(8), intent(in) :: xee, xem, xmm, xf
  real(8), intent(inout) :: cl(64, *)
  real(8), intent(in) :: cr(64, *)
  integer :: ig, j, idd, iud, idu, iuu, k

  !$ad gradient(cl : cr)
  !$omp parallel do private(ig, j, idd, iud, idu, iuu, k)
  do ig = 1, ng
    idd = mss(1, ig)
    iud = mss(2, ig)
    idu = mss(3, ig)
    iuu = mss(4, ig)
    k = flip(ig)
    do j = 1, nj
      cl(j, idd) = xee * cr(j, idd) + xem * cr(j, iuu)
      cl(j, iuu) = xee * cr(j, iuu) + xem * cr(j, idd)
      cl(j, iud) = xmm * cr(j, iud) + xem * cr(j, idu)
      cl(j, idu) = xmm * cr(j, idu) + xem * cr(j, iud) + xf * cr(j, k)
    end do
  end do
  !$omp end parallel do
end subroutine gfmc_fused
