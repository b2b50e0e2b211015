! One procedure per MPI rule of the reverse and tangent modes, each a complete small kernel, the
! Fortran counterparts of rules.c (use mpi; rules_f08.f90 has the same with use mpi_f08):
! paradjoint check rules.f90 --function NAME --set n=12 --run --ranks 1,2,4

! Send/Recv along a chain of ranks, the ends talking to MPI_PROC_NULL; even ranks send first,
! odd ranks receive first (no deadlock with blocking calls)
!$ad gradient(f : x)
subroutine chain(n, x, w, f, comm)
  use mpi
  implicit none
  integer, intent(in) :: n, comm
  real(8), intent(in) :: x(n)
  real(8), intent(inout) :: w(n), f(1)
  integer :: rank, nranks, up, down, i, ierr
  integer :: status(MPI_STATUS_SIZE)
  real(8) :: s
  call MPI_Comm_rank(comm, rank, ierr)
  call MPI_Comm_size(comm, nranks, ierr)
  up = rank + 1
  if (up == nranks) up = MPI_PROC_NULL
  down = rank - 1
  if (rank == 0) down = MPI_PROC_NULL
  do i = 1, n
    w(i) = x(i) * x(i)
  end do
  if (mod(rank, 2) == 0) then
    call MPI_Send(w(n - 1), 2, MPI_DOUBLE_PRECISION, up, 7, comm, ierr)
    call MPI_Recv(w, 2, MPI_DOUBLE_PRECISION, down, 7, comm, status, ierr)
  else
    call MPI_Recv(w(1), 2, MPI_DOUBLE_PRECISION, down, 7, comm, MPI_STATUS_IGNORE, ierr)
    call MPI_Send(w(n - 1), 2, MPI_DOUBLE_PRECISION, up, 7, comm, ierr)
  end if
  s = 0.0d0
  do i = 1, n
    s = s + sin(w(i)) * x(i)
  end do
  call MPI_Allreduce(s, f, 1, MPI_DOUBLE_PRECISION, MPI_SUM, comm, ierr)
end subroutine chain

! a periodic halo exchange with MPI_Sendrecv, both directions, and a parallel stencil
!$ad gradient(f : x)
subroutine halo(n, x, u, f, comm)
  use mpi
  implicit none
  integer, intent(in) :: n, comm
  real(8), intent(in) :: x(n)
  real(8), intent(inout) :: u(0:n + 1), f(1)
  integer :: rank, nranks, left, right, i, ierr
  real(8) :: s
  call MPI_Comm_rank(comm, rank, ierr)
  call MPI_Comm_size(comm, nranks, ierr)
  left = mod(rank + nranks - 1, nranks)
  right = mod(rank + 1, nranks)
  do i = 1, n
    u(i) = cos(x(i))
  end do
  call MPI_Sendrecv(u(n), 1, MPI_DOUBLE_PRECISION, right, 1, u(0), 1, MPI_DOUBLE_PRECISION, left, 1, comm, &
                    MPI_STATUS_IGNORE, ierr)
  call MPI_Sendrecv(u(1), 1, MPI_DOUBLE_PRECISION, left, 2, u(n + 1), 1, MPI_DOUBLE_PRECISION, right, 2, comm, &
                    MPI_STATUS_IGNORE, ierr)
  s = 0.0d0
  !$omp parallel do reduction(+: s)
  do i = 1, n
    s = s + u(i) * (u(i - 1) + u(i + 1)) * x(i)
  end do
  call MPI_Allreduce(s, f, 1, MPI_DOUBLE_PRECISION, MPI_SUM, comm, ierr)
end subroutine halo

! the same halo with MPI_Irecv/MPI_Isend, the interior computed while the messages travel,
! completed by MPI_Waitall on a request array and by MPI_Wait on single requests
!$ad gradient(f : x)
subroutine halo_nonblocking(n, x, u, v, f, comm)
  use mpi
  implicit none
  integer, intent(in) :: n, comm
  real(8), intent(in) :: x(n)
  real(8), intent(inout) :: u(0:n + 1), v(n), f(1)
  integer :: rank, nranks, left, right, i, ierr, rl, rr
  integer :: reqs(2)
  real(8) :: s
  call MPI_Comm_rank(comm, rank, ierr)
  call MPI_Comm_size(comm, nranks, ierr)
  left = mod(rank + nranks - 1, nranks)
  right = mod(rank + 1, nranks)
  do i = 1, n
    u(i) = x(i) * x(i) + 1.0d0
  end do
  ! the ghosts hold values of x before the exchange overwrites them: their adjoints must be zeroed
  u(0) = x(n)
  u(n + 1) = 2.0d0 * x(1)
  call MPI_Irecv(u(0), 1, MPI_DOUBLE_PRECISION, left, 4, comm, reqs(1), ierr)
  call MPI_Isend(u(n), 1, MPI_DOUBLE_PRECISION, right, 4, comm, reqs(2), ierr)
  call MPI_Irecv(u(n + 1), 1, MPI_DOUBLE_PRECISION, right, 5, comm, rr, ierr)
  call MPI_Isend(u(1), 1, MPI_DOUBLE_PRECISION, left, 5, comm, rl, ierr)
  do i = 2, n - 1
    v(i) = u(i) * (u(i - 1) - u(i + 1))
  end do
  call MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE, ierr)
  call MPI_Wait(rl, MPI_STATUS_IGNORE, ierr)
  call MPI_Wait(rr, MPI_STATUS_IGNORE, ierr)
  v(1) = u(1) * (u(0) - u(2))
  v(n) = u(n) * (u(n - 1) - u(n + 1))
  s = 0.0d0
  do i = 1, n
    s = s + v(i) * x(i)
  end do
  call MPI_Allreduce(s, f, 1, MPI_DOUBLE_PRECISION, MPI_SUM, comm, ierr)
end subroutine halo_nonblocking

! rank 0 collects one value from every other rank in the order they arrive (MPI_ANY_SOURCE,
! MPI_ANY_TAG): the forward sweep records whom each receive matched, and the adjoint sends each
! value's adjoint back to the rank that sent it
!$ad gradient(f : x)
subroutine collect_any(n, x, f, comm)
  use mpi
  implicit none
  integer, intent(in) :: n, comm
  real(8), intent(in) :: x(n)
  real(8), intent(inout) :: f(1)
  integer :: rank, nranks, i, p, ierr
  integer :: st(MPI_STATUS_SIZE)
  real(8) :: s, total, part
  call MPI_Comm_rank(comm, rank, ierr)
  call MPI_Comm_size(comm, nranks, ierr)
  s = 0.0d0
  do i = 1, n
    s = s + x(i) * x(i) * (1.0d0 + 0.1d0 * i)
  end do
  total = s * s
  if (rank == 0) then
    do p = 1, nranks - 1
      part = 0.0d0
      call MPI_Recv(part, 1, MPI_DOUBLE_PRECISION, MPI_ANY_SOURCE, MPI_ANY_TAG, comm, st, ierr)
      total = total + sin(part) * part
    end do
  else
    call MPI_Send(s, 1, MPI_DOUBLE_PRECISION, 0, 10 + rank, comm, ierr)
  end if
  call MPI_Bcast(total, 1, MPI_DOUBLE_PRECISION, 0, comm, ierr)
  f(1) = total
end subroutine collect_any

! the same with non-blocking calls: rank 0 posts each receive from MPI_ANY_SOURCE and MPI_ANY_TAG
! before work of its own, and the others send with MPI_Isend: the forward sweep records at each
! wait whom the receive matched; the adjoint of the wait sends the value's adjoint back to that
! rank with its tag, and the tangent is received from it after the wait
!$ad gradient(f : x)
subroutine collect_any_nonblocking(n, x, f, comm)
  use mpi
  implicit none
  integer, intent(in) :: n, comm
  real(8), intent(in) :: x(n)
  real(8), intent(inout) :: f(1)
  integer :: rank, nranks, i, p, req, ierr
  real(8) :: s, total, part, w
  call MPI_Comm_rank(comm, rank, ierr)
  call MPI_Comm_size(comm, nranks, ierr)
  s = 0.0d0
  do i = 1, n
    s = s + x(i) * x(i) * (1.0d0 + 0.1d0 * i)
  end do
  total = s * s
  if (rank == 0) then
    do p = 1, nranks - 1
      part = 0.0d0
      call MPI_Irecv(part, 1, MPI_DOUBLE_PRECISION, MPI_ANY_SOURCE, MPI_ANY_TAG, comm, req, ierr)
      w = x(mod(p, n) + 1) * s
      call MPI_Wait(req, MPI_STATUS_IGNORE, ierr)
      total = total + sin(part) * part + w
    end do
  else
    call MPI_Isend(s, 1, MPI_DOUBLE_PRECISION, 0, 10 + rank, comm, req, ierr)
    call MPI_Wait(req, MPI_STATUS_IGNORE, ierr)
  end if
  call MPI_Bcast(total, 1, MPI_DOUBLE_PRECISION, 0, comm, ierr)
  f(1) = total
end subroutine collect_any_nonblocking

! MPI_Bcast from the last rank: the adjoint sums every rank's adjoint to the root
!$ad gradient(f : x)
subroutine broadcast(n, x, f, comm)
  use mpi
  implicit none
  integer, intent(in) :: n, comm
  real(8), intent(in) :: x(n)
  real(8), intent(inout) :: f(1)
  integer :: rank, nranks, i, ierr
  real(8) :: b(3), s
  call MPI_Comm_rank(comm, rank, ierr)
  call MPI_Comm_size(comm, nranks, ierr)
  do i = 1, 3
    b(i) = x(i) * x(i + 1)
  end do
  call MPI_Bcast(b, 3, MPI_DOUBLE_PRECISION, nranks - 1, comm, ierr)
  s = 0.0d0
  do i = 1, n
    s = s + x(i) * b(mod(i, 3) + 1)
  end do
  call MPI_Allreduce(MPI_IN_PLACE, s, 1, MPI_DOUBLE_PRECISION, MPI_SUM, comm, ierr)
  f(1) = s
end subroutine broadcast

! MPI_Reduce(SUM) to rank 0, then broadcast back: Reduce and Bcast are each other's adjoints
!$ad gradient(f : x)
subroutine reduce(n, x, f, comm)
  use mpi
  implicit none
  integer, intent(in) :: n, comm
  real(8), intent(in) :: x(n)
  real(8), intent(inout) :: f(1)
  integer :: i, ierr
  real(8) :: part(2), total(2)
  part(1) = 0.0d0
  part(2) = 0.0d0
  do i = 1, n
    part(1) = part(1) + x(i) * x(i)
    part(2) = part(2) + sin(x(i))
  end do
  total(1) = 0.0d0
  total(2) = 0.0d0
  call MPI_Reduce(part, total, 2, MPI_DOUBLE_PRECISION, MPI_SUM, 0, comm, ierr)
  call MPI_Bcast(total, 2, MPI_REAL8, 0, comm, ierr)
  f(1) = total(1) * total(2)
end subroutine reduce

! MPI_Gather to the root, a root-only update, MPI_Scatter back, and MPI_Allgather
!$ad gradient(f : x)
subroutine gather(n, x, all, back, f, comm)
  use mpi
  implicit none
  integer, intent(in) :: n, comm
  real(8), intent(in) :: x(n)
  real(8), intent(inout) :: all(*), back(n), f(1)
  integer :: rank, nranks, i, ierr
  real(8) :: s
  call MPI_Comm_rank(comm, rank, ierr)
  call MPI_Comm_size(comm, nranks, ierr)
  call MPI_Gather(x, n, MPI_DOUBLE_PRECISION, all(1), n, MPI_DOUBLE_PRECISION, 0, comm, ierr)
  if (rank == 0) then
    do i = 2, n * nranks
      all(i) = all(i) * all(i - 1)
    end do
  end if
  call MPI_Scatter(all(1), n, MPI_DOUBLE_PRECISION, back, n, MPI_DOUBLE_PRECISION, 0, comm, ierr)
  call MPI_Allgather(back, n, MPI_DOUBLE_PRECISION, all(1), n, MPI_DOUBLE_PRECISION, comm, ierr)
  s = 0.0d0
  do i = 1, n * nranks
    s = s + cos(all(i)) * x(mod(i - 1, n) + 1)
  end do
  call MPI_Allreduce(s, f, 1, MPI_DOUBLE_PRECISION, MPI_SUM, comm, ierr)
end subroutine gather

! MPI_MAX and MPI_MIN route the adjoint to the rank that holds each extremum (the lowest of a
! tie); MPI_Reduce by MPI_MAX to the root
!$ad gradient(f : x)
subroutine extrema(n, x, f, comm)
  use mpi
  implicit none
  integer, intent(in) :: n, comm
  real(8), intent(in) :: x(n)
  real(8), intent(inout) :: f(1)
  integer :: rank, i, ierr
  real(8) :: hi(2), lo(2), top(2)
  call MPI_Comm_rank(comm, rank, ierr)
  hi(1) = x(1) + 0.25d0 * rank
  hi(2) = x(2) * x(3) - 0.125d0 * rank
  do i = 1, 2
    lo(i) = hi(i)
    top(i) = 0.0d0
  end do
  call MPI_Allreduce(MPI_IN_PLACE, hi, 2, MPI_DOUBLE_PRECISION, MPI_MAX, comm, ierr)
  call MPI_Allreduce(MPI_IN_PLACE, lo, 2, MPI_DOUBLE_PRECISION, MPI_MIN, comm, ierr)
  call MPI_Reduce(lo, top, 2, MPI_DOUBLE_PRECISION, MPI_MAX, 0, comm, ierr)
  call MPI_Bcast(top, 2, MPI_DOUBLE_PRECISION, 0, comm, ierr)
  f(1) = hi(1) * lo(2) + hi(2) * lo(1) + top(1) * top(2)
end subroutine extrema

! MPI_PROD: each rank's factor weighs the product of the others'; and a barrier, which stays
!$ad gradient(f : x)
subroutine products(n, x, f, comm)
  use mpi
  implicit none
  integer, intent(in) :: n, comm
  real(8), intent(in) :: x(n)
  real(8), intent(inout) :: f(1)
  integer :: i, ierr
  real(8) :: p(2)
  p(1) = 1.0d0 + 0.1d0 * x(1)
  p(2) = 0.0d0
  do i = 1, n
    p(2) = p(2) + 0.05d0 * x(i)
  end do
  call MPI_Barrier(comm, ierr)
  call MPI_Allreduce(MPI_IN_PLACE, p, 2, MPI_DOUBLE_PRECISION, MPI_PROD, comm, ierr)
  f(1) = p(1) + p(2)
end subroutine products
