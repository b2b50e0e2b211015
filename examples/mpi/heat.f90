! The 2-D five-point heat solver of heat.c in Fortran, written the way MPI+OpenMP codes are: the
! grid's columns are decomposed over the ranks (each rank holds nc columns and one ghost column on
! each side, periodic over the ranks), the columns of a rank are shared by its threads, the ghost
! columns (contiguous in Fortran's column-major order: u(1, j) with a count of ny) are exchanged
! with MPI_Sendrecv straight from the grid every step, and the output is the global sum of
! squares of the final state.
!   paradjoint check heat.f90 --function heat --set ny=12 --set nc=5 --set steps=3 --run --ranks 1,2,4

!$ad gradient(norm : u0)
subroutine heat(ny, nc, steps, u0, u, v, norm, comm)
  use mpi
  implicit none
  integer, intent(in) :: ny, nc, steps, comm
  real(8), intent(in) :: u0(ny, 0:nc + 1)
  real(8), intent(inout) :: u(ny, 0:nc + 1), v(ny, 0:nc + 1), norm(1)
  integer :: rank, nranks, left, right, t, i, j, ierr
  real(8) :: s
  call MPI_Comm_rank(comm, rank, ierr)
  call MPI_Comm_size(comm, nranks, ierr)
  left = mod(rank + nranks - 1, nranks)
  right = mod(rank + 1, nranks)
  do j = 0, nc + 1
    do i = 1, ny
      u(i, j) = u0(i, j)
    end do
  end do
  do t = 1, steps
    call MPI_Sendrecv(u(1, nc), ny, MPI_DOUBLE_PRECISION, right, 0, u(1, 0), ny, MPI_DOUBLE_PRECISION, left, 0, &
                      comm, MPI_STATUS_IGNORE, ierr)
    call MPI_Sendrecv(u(1, 1), ny, MPI_DOUBLE_PRECISION, left, 1, u(1, nc + 1), ny, MPI_DOUBLE_PRECISION, right, 1, &
                      comm, MPI_STATUS_IGNORE, ierr)
    !$omp parallel do private(i)
    do j = 1, nc
      do i = 2, ny - 1
        v(i, j) = u(i, j) + 0.2d0 * (u(i - 1, j) + u(i + 1, j) + u(i, j - 1) + u(i, j + 1) - 4.0d0 * u(i, j))
      end do
    end do
    !$omp end parallel do
    !$omp parallel do private(i)
    do j = 1, nc
      do i = 2, ny - 1
        u(i, j) = v(i, j)
      end do
    end do
    !$omp end parallel do
  end do
  s = 0.0d0
  !$omp parallel do private(i) reduction(+: s)
  do j = 1, nc
    do i = 2, ny - 1
      s = s + u(i, j) * u(i, j)
    end do
  end do
  !$omp end parallel do
  call MPI_Allreduce(s, norm, 1, MPI_DOUBLE_PRECISION, MPI_SUM, comm, ierr)
end subroutine heat
