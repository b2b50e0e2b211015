! Work divided by thread number (the Fortran version of ../openmp/threads.c),
! as codes that own blocks of rows per thread write it: every thread computes
! its block from omp_get_thread_num() and omp_get_num_threads(), works on it,
! and meets the others at barriers.
!$ad gradient(u : u)
subroutine block_rows(n, steps, u, v)
  use omp_lib
  implicit none
  integer, intent(in) :: n, steps
  real(8), intent(inout) :: u(n), v(n)
  integer :: t, nt, lo, hi, s, i

  !$omp parallel private(t, nt, lo, hi)
  t = omp_get_thread_num()
  nt = omp_get_num_threads()
  lo = 2 + t * (n - 2) / nt
  hi = 1 + (t + 1) * (n - 2) / nt
  do s = 1, steps
    do i = lo, hi
      v(i) = u(i) + 0.25d0 * (u(i - 1) - 2.0d0 * u(i) + u(i + 1))
    end do
    !$omp barrier
    do i = lo, hi
      u(i) = v(i) * (1.0d0 + 0.05d0 * v(i))
    end do
    !$omp barrier
  end do
  !$omp end parallel
end subroutine block_rows
