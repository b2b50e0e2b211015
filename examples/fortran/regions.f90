! OpenMP parallel regions with worksharing loops, as simulation codes write
! them to start the thread team once (the Fortran versions of
! ../openmp/regions.c). Each procedure's adjoint is the adjoint of its
! worksharing loops, in reverse order, each with its own race proofs.

! Two worksharing loops (the second reads what the first wrote, after the
! first loop's implicit barrier) and a single block for the ends.
!$ad gradient(y : x)
subroutine smooth_two_phase(n, y, w, x)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: y(n), w(n)
  real(8), intent(in) :: x(n)
  integer :: i

  !$omp parallel
  !$omp do schedule(static)
  do i = 1, n
    w(i) = sin(x(i)) * x(i)
  end do
  !$omp end do
  !$omp do
  do i = 2, n - 1
    y(i) = w(i - 1) - 2.0d0 * w(i) + w(i + 1)
  end do
  !$omp end do
  !$omp single
  y(1) = w(1)
  y(n) = w(n) * w(n)
  !$omp end single
  !$omp end parallel
end subroutine smooth_two_phase

! The hand-made reduction: a private partial sum per thread, added to the
! shared result in a critical section after a nowait loop.
!$ad gradient(s : x)
subroutine norm2_partial(n, x, s)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(inout) :: s(1)
  real(8) :: local
  integer :: i

  !$omp parallel private(local)
  local = 0.0d0
  !$omp do
  do i = 1, n
    local = local + x(i) * x(i)
  end do
  !$omp end do nowait
  !$omp critical
  s(1) = s(1) + local
  !$omp end critical
  !$omp end parallel
end subroutine norm2_partial

! A time loop inside the region: every thread runs the loop over steps (its
! counter is private, as OpenMP makes every loop counter in a parallel
! construct), the work of each step is shared by worksharing loops, and a
! barrier separates the steps.
!$ad gradient(u : u)
subroutine relax_steps(n, steps, u, v)
  implicit none
  integer, intent(in) :: n, steps
  real(8), intent(inout) :: u(n), v(n)
  integer :: i, t

  !$omp parallel default(none) shared(n, steps, u, v)
  do t = 1, steps
    !$omp do
    do i = 2, n - 1
      v(i) = 0.25d0 * u(i - 1) + 0.5d0 * u(i) + 0.25d0 * u(i + 1)
    end do
    !$omp end do
    !$omp do
    do i = 2, n - 1
      u(i) = v(i) * (1.0d0 + 0.1d0 * v(i))
    end do
    !$omp end do
    !$omp barrier
  end do
  !$omp end parallel
end subroutine relax_steps

! A reduction clause on the region, atomic increments of array elements,
! and a master block after an explicit barrier.
!$ad gradient(h, r : x)
subroutine moments(n, m, x, h, r)
  implicit none
  integer, intent(in) :: n, m
  real(8), intent(in) :: x(n)
  real(8), intent(inout) :: h(m), r(2)
  real(8) :: s
  integer :: i

  s = 0.0d0
  !$omp parallel reduction(+: s)
  !$omp do
  do i = 1, n
    s = s + x(i) * x(i) * x(i)
    !$omp atomic
    h(mod(i, m) + 1) = h(mod(i, m) + 1) + cos(x(i))
  end do
  !$omp end do
  !$omp barrier
  !$omp master
  r(2) = h(1) * h(m)
  !$omp end master
  !$omp end parallel
  r(1) = s
end subroutine moments

! An atomic increment of a shared scalar in a parallel loop: a sum.
!$ad gradient(r : x, y)
subroutine dot_atomic(n, x, y, r)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n), y(n)
  real(8), intent(inout) :: r(1)
  real(8) :: acc
  integer :: i

  acc = 0.0d0
  !$omp parallel do
  do i = 1, n
    !$omp atomic
    acc = acc + x(i) * y(i)
  end do
  !$omp end parallel do
  r(1) = acc * acc
end subroutine dot_atomic

! Two fluxes computed side by side in sections of a region, then combined
! (the Fortran version of ../openmp/sections.c).
!$ad gradient(f : u)
subroutine two_fluxes(n, u, fx, fy, f)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: u(n)
  real(8), intent(inout) :: fx(n), fy(n), f(n)
  integer :: i

  !$omp parallel
  !$omp sections
  !$omp section
  do i = 2, n
    fx(i) = u(i) * u(i) - u(i - 1) * u(i - 1)
  end do
  !$omp section
  do i = 2, n
    fy(i) = sin(u(i)) * u(i - 1)
  end do
  !$omp end sections
  !$omp do
  do i = 2, n
    f(i) = fx(i) + 0.5d0 * fy(i)
  end do
  !$omp end do
  !$omp end parallel
end subroutine two_fluxes

! parallel sections with a sum reduction; the first section has no
! '!$omp section' line.
!$ad gradient(e : x)
subroutine energies(n, x, e)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: e(1)
  real(8) :: total
  integer :: i

  total = 0.0d0
  !$omp parallel sections reduction(+: total)
  do i = 1, n
    total = total + x(i) * x(i)
  end do
  !$omp section
  do i = 2, n
    total = total + 0.5d0 * (x(i) - x(i - 1)) * (x(i) - x(i - 1))
  end do
  !$omp section
  total = total + exp(0.1d0 * x(1)) + x(n) * x(n) * x(n)
  !$omp end parallel sections
  e(1) = total
end subroutine energies

! '!$omp atomic read' and '!$omp atomic write': each is one plain access,
! which the race analysis looks at like any other (the Fortran version of
! reversed_squares in ../openmp/regions.c).
!$ad gradient(y : x)
subroutine reversed_squares(n, x, y)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(inout) :: y(n)
  real(8) :: v
  integer :: i

  !$omp parallel do private(v)
  do i = 1, n
    !$omp atomic read
    v = x(i)
    !$omp atomic write
    y(n + 1 - i) = v * v + sin(v)
  end do
  !$omp end parallel do
end subroutine reversed_squares

! OpenMP locks around increments (the Fortran version of ../openmp/locks.c):
! 'call omp_set_lock(l)' ... 'call omp_unset_lock(l)' in a parallel loop is
! read as a critical section. What it protects must be increments, which
! become atomic increments (the shared scalar's a sum reduction of the loop);
! the lock itself is left out of the derivative code.
!$ad gradient(h, s : x)
subroutine binned_energy(n, nb, x, h, s)
  use omp_lib
  implicit none
  integer, intent(in) :: n, nb
  real(8), intent(in) :: x(n)
  real(8), intent(inout) :: h(nb), s(1)
  integer(omp_lock_kind) :: lock
  real(8) :: total, e
  integer :: i

  total = 0.0d0
  call omp_init_lock(lock)
  !$omp parallel do private(e)
  do i = 1, n
    e = x(i) * x(i) + sin(x(i))
    call omp_set_lock(lock)
    h(mod(i - 1, nb) + 1) = h(mod(i - 1, nb) + 1) + e
    total = total + e
    call omp_unset_lock(lock)
  end do
  !$omp end parallel do
  call omp_destroy_lock(lock)
  s(1) = total
end subroutine binned_energy

! An ordered block in a parallel loop (the Fortran version of ordered_tally in
! ../openmp/ordered.c): the primal runs the blocks in iteration order; around
! increments that order cannot be observed, so they are read as atomic
! increments and the derivative needs no ordering.
!$ad gradient(h, s : x)
subroutine ordered_tally(n, nb, x, h, s)
  implicit none
  integer, intent(in) :: n, nb
  real(8), intent(in) :: x(n)
  real(8), intent(inout) :: h(nb), s(1)
  real(8) :: total, e
  integer :: i

  total = 0.0d0
  !$omp parallel do ordered private(e) schedule(static, 2)
  do i = 1, n
    e = x(i) * x(i) + cos(x(i))
    !$omp ordered
    h(mod(3 * (i - 1), nb) + 1) = h(mod(3 * (i - 1), nb) + 1) + e
    total = total + e * x(i)
    !$omp end ordered
  end do
  !$omp end parallel do
  s(1) = total
end subroutine ordered_tally

! A general ordered block (the Fortran version of ordered_scan in
! ../openmp/ordered.c): a recurrence through the shared acc. The loop is split
! around the block, whose adjoint runs in reverse iteration order while the
! work before and after it stays parallel; e is recomputed in the later parts,
! and its value from before the loop survives it (e is private).
!$ad gradient(w, s : x)
subroutine ordered_scan(n, x, y, w, s)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(inout) :: y(n), w(n), s(1)
  real(8) :: acc, e
  integer :: i

  acc = 1.0d0
  e = 0.5d0 * x(1)
  !$omp parallel do ordered private(e) schedule(static, 2)
  do i = 1, n
    e = sin(x(i)) * x(i)
    y(i) = e * e
    !$omp ordered
    acc = 0.9d0 * acc + e * acc * acc / (1.0d0 + acc * acc)
    w(i) = acc + y(i)
    !$omp end ordered
    w(i) = w(i) * cos(x(i)) + e
  end do
  !$omp end parallel do
  s(1) = acc + e
end subroutine ordered_scan

! The general ordered block of ordered_scan in a worksharing loop of a region,
! between two other worksharing loops (the Fortran version of
! ordered_scan_region in ../openmp/ordered.c): the region is lowered to
! parallel loops and the ordered loop is split around its block.
!$ad gradient(w, s : x)
subroutine ordered_scan_region(n, x, y, w, s)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(inout) :: y(n), w(n), s(1)
  real(8) :: acc, e
  integer :: i

  acc = 1.0d0
  !$omp parallel private(e)
  !$omp do schedule(static)
  do i = 1, n
    y(i) = sin(x(i)) * x(i)
  end do
  !$omp end do
  !$omp do ordered schedule(static, 3)
  do i = 1, n
    e = y(i) * y(i)
    !$omp ordered
    acc = 0.9d0 * acc + e * acc / (1.0d0 + acc * acc)
    w(i) = acc * y(i)
    !$omp end ordered
    w(i) = w(i) + e * cos(x(i))
  end do
  !$omp end do
  !$omp do schedule(static)
  do i = 1, n
    w(i) = w(i) * x(i)
  end do
  !$omp end do
  !$omp end parallel
  s(1) = acc
end subroutine ordered_scan_region

! A product reduction (the Fortran version of growth_factor in
! ../openmp/reductions.c): each factor's derivative is the product of the
! others, found without dividing by a factor that may be zero.
!$ad gradient(r : x)
subroutine growth_factor(n, x, r)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(inout) :: r(1)
  real(8) :: p
  integer :: i

  p = 1.0d0 + x(1) * x(1)
  !$omp parallel do reduction(*: p)
  do i = 2, n
    p = p * (1.0d0 + 0.1d0 * sin(x(i)) * x(i - 1))
  end do
  !$omp end parallel do
  r(1) = p * p
end subroutine growth_factor

! A work array private to each iteration of a parallel loop: its adjoint is
! private too, zero where each iteration's adjoint starts.
!$ad gradient(y : x)
subroutine window_private(n, x, y)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(inout) :: y(n)
  real(8) :: w(3)
  integer :: i, k

  !$omp parallel do private(w, k)
  do i = 2, n - 1
    do k = 1, 3
      w(k) = sin(x(i - 2 + k))
    end do
    y(i) = w(1) * w(2) + w(3) * x(i)
  end do
  !$omp end parallel do
end subroutine window_private
