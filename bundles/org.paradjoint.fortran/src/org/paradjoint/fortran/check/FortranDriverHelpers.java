package org.paradjoint.fortran.check;

/**
 * The Fortran module every check driver carries: its own reproducible random numbers (the
 * minimal standard generator, exact in 64-bit integers), fills of real and index arrays, the
 * dot-product and finite-difference comparisons, and the report lines in the format that
 * {@link org.paradjoint.core.check.CheckReport} reads (the same as the C drivers').
 */
final class FortranDriverHelpers {

    private FortranDriverHelpers() {
    }

    /**
     * The module; {@code mpi}: for a driver run under {@code mpirun}, where every rank draws its own
     * inputs and seeds, and the dot products are summed and the finite-difference norms maximised
     * over the ranks before they are judged. The lines that do so are marked {@code !mpi} in the
     * text and dropped otherwise; they use {@code mpi} inside the subroutine, so that the driver
     * program may use {@code mpi_f08}.
     */
    static String module(boolean mpi) {
        return MODULE.lines().filter(l -> mpi || !l.startsWith(MPI_ONLY))
                .map(l -> l.startsWith(MPI_ONLY) ? l.substring(MPI_ONLY.length()) : l)
                .collect(java.util.stream.Collectors.joining("\n", "", "\n"));
    }

    /** The mark of the lines only a driver under MPI has. */
    private static final String MPI_ONLY = "!mpi";

    private static final String MODULE = """
            module pa_chk
              implicit none
              integer(8), save :: pa_chk_state = 1

              ! central differences against the tangent, in the max norm
              type :: pa_chk_fd
                real(8) :: err = 0.0d0, max_yd = 0.0d0, max_fd = 0.0d0, max_y = 0.0d0
                logical :: nan = .false.
              end type pa_chk_fd

            contains

              ! under MPI every rank draws its own inputs and seeds
              subroutine pa_chk_seed(seed)
            !mpi    use mpi
                integer(8), intent(in) :: seed
                integer(8) :: shifted
            !mpi    integer :: rank, ierr
                shifted = seed
            !mpi    call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
            !mpi    shifted = seed + 40503_8 * rank
                pa_chk_state = modulo(shifted, 2147483646_8) + 1
              end subroutine pa_chk_seed

              ! minimal standard generator: state in 1 .. 2^31-2, products below 2^47
              function pa_chk_next() result(r)
                integer(8) :: r
                pa_chk_state = modulo(48271_8 * pa_chk_state, 2147483647_8)
                r = pa_chk_state
              end function pa_chk_next

              function pa_chk_uniform(lo, hi) result(x)
                real(8), intent(in) :: lo, hi
                real(8) :: x
                x = lo + (hi - lo) * (real(pa_chk_next() - 1, 8) / 2147483646.0d0)
              end function pa_chk_uniform

              function pa_chk_below(n) result(k)
                integer(8), intent(in) :: n
                integer(8) :: k
                k = modulo(pa_chk_next(), n)
              end function pa_chk_below

              subroutine pa_chk_fill(a, n, lo, hi)
                integer(8), intent(in) :: n
                real(8), intent(inout) :: a(n)
                real(8), intent(in) :: lo, hi
                integer(8) :: k
                do k = 1, n
                  a(k) = pa_chk_uniform(lo, hi)
                end do
              end subroutine pa_chk_fill

              ! a random permutation of base .. base+m-1, repeated or truncated to n elements
              subroutine pa_chk_perm(a, n, m, base, ok)
                integer(8), intent(in) :: n, m, base
                integer, intent(inout) :: a(n)
                logical, intent(out) :: ok
                integer(8), allocatable :: p(:)
                integer(8) :: k, j, t
                ok = m > 0
                if (.not. ok) return
                allocate(p(0:m - 1))
                do k = 0, m - 1
                  p(k) = k
                end do
                do k = m - 1, 1, -1
                  j = pa_chk_below(k + 1)
                  t = p(k)
                  p(k) = p(j)
                  p(j) = t
                end do
                do k = 1, n
                  a(k) = int(base + p(modulo(k - 1, m)))
                end do
                deallocate(p)
              end subroutine pa_chk_perm

              ! values uniform in [lo, hi)
              subroutine pa_chk_range(a, n, lo, hi, ok)
                integer(8), intent(in) :: n, lo, hi
                integer, intent(inout) :: a(n)
                logical, intent(out) :: ok
                integer(8) :: k
                ok = hi > lo
                if (.not. ok) return
                do k = 1, n
                  a(k) = int(lo + pa_chk_below(hi - lo))
                end do
              end subroutine pa_chk_range

              ! sorted values in [lo, hi], the first lo and the last hi
              subroutine pa_chk_ascending(a, n, lo, hi, ok)
                integer(8), intent(in) :: n, lo, hi
                integer, intent(inout) :: a(n)
                logical, intent(out) :: ok
                integer(8) :: k, j, t
                integer(8), allocatable :: v(:)
                ok = hi >= lo .and. (n /= 1 .or. hi == lo)
                if (.not. ok) return
                allocate(v(n))
                do k = 1, n
                  v(k) = lo + pa_chk_below(hi - lo + 1)
                end do
                v(1) = lo
                v(n) = hi
                do k = 2, n
                  t = v(k)
                  j = k - 1
                  do while (j >= 1)
                    if (v(j) <= t) exit
                    v(j + 1) = v(j)
                    j = j - 1
                  end do
                  v(j + 1) = t
                end do
                do k = 1, n
                  a(k) = int(v(k))
                end do
                deallocate(v)
              end subroutine pa_chk_ascending

              ! a = a0 + h * d
              subroutine pa_chk_shift(a, a0, d, h, n)
                integer(8), intent(in) :: n
                real(8), intent(inout) :: a(n)
                real(8), intent(in) :: a0(n), d(n), h
                integer(8) :: k
                do k = 1, n
                  a(k) = a0(k) + h * d(k)
                end do
              end subroutine pa_chk_shift

              subroutine pa_chk_dot(a, b, n, s, sabs)
                integer(8), intent(in) :: n
                real(8), intent(in) :: a(n), b(n)
                real(8), intent(inout) :: s, sabs
                integer(8) :: k
                do k = 1, n
                  s = s + a(k) * b(k)
                  sabs = sabs + abs(a(k) * b(k))
                end do
              end subroutine pa_chk_dot

            """ + formatter("pa_chk_num", 32, "es12.3e3") + formatter("pa_chk_full", 40, "es25.16e3") + """
              function pa_chk_verdict(pass) result(s)
                logical, intent(in) :: pass
                character(len=4) :: s
                s = merge('PASS', 'FAIL', pass)
              end function pa_chk_verdict

              subroutine pa_chk_report_dot(tangent_local, tabs_local, adjoint_local, aabs_local, tol, status)
            !mpi    use mpi
                real(8), intent(in) :: tangent_local, tabs_local, adjoint_local, aabs_local, tol
                integer, intent(inout) :: status
                real(8) :: scale, err, tangent, tabs, adjoint, aabs, g(4)
                logical :: pass, vacuous
                integer :: allow
            !mpi    integer :: ierr
                g = [tangent_local, tabs_local, adjoint_local, aabs_local]
            !mpi    ! global inner products: each rank's terms summed over the ranks
            !mpi    call MPI_Allreduce(MPI_IN_PLACE, g, 4, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
                tangent = g(1)
                tabs = g(2)
                adjoint = g(3)
                aabs = g(4)
                scale = max(max(tabs, aabs), max(abs(tangent), abs(adjoint)))
                err = 0.0d0
                if (scale > 0.0d0) err = abs(tangent - adjoint) / scale
                ! both products exactly 0: the run compared nothing (no iteration, or all derivatives 0)
                call get_environment_variable('PARADJOINT_CHECK_ALLOW_ZERO', status=allow)
                vacuous = scale == 0.0d0 .and. allow /= 0
                pass = err <= tol .and. .not. vacuous
                write (*, '(11a)') 'dot-product: ', pa_chk_verdict(pass), ' rel_err=', pa_chk_num(err), ' tol=', &
                    pa_chk_num(tol), ' <yd,yb>=', pa_chk_full(tangent), ' <xd,xb>=', pa_chk_full(adjoint), ''
                if (vacuous) write (*, '(a)') 'note: nothing was exercised: every product is exactly 0 (no loop ' &
                    // 'iteration ran, or every derivative is 0); choose sizes that run the loops, or accept it ' &
                    // 'with --allow-zero'
                if (.not. pass) status = 1
              end subroutine pa_chk_report_dot

              subroutine pa_chk_fd_add(s, plus, minus, yd, n, h)
                type(pa_chk_fd), intent(inout) :: s
                integer(8), intent(in) :: n
                real(8), intent(in) :: plus(n), minus(n), yd(n), h
                integer(8) :: k
                real(8) :: fd
                do k = 1, n
                  fd = (plus(k) - minus(k)) / (2.0d0 * h)
                  s%err = max(s%err, abs(fd - yd(k)))
                  s%max_yd = max(s%max_yd, abs(yd(k)))
                  s%max_fd = max(s%max_fd, abs(fd))
                  s%max_y = max(s%max_y, max(abs(plus(k)), abs(minus(k))))
                  if (fd /= fd .or. yd(k) /= yd(k)) s%nan = .true.
                end do
              end subroutine pa_chk_fd_add

              ! relative to the larger of max|yd| and max|fd|, but never below what central differences
              ! resolve: rounding makes them uncertain by about eps max|y| / h (100 times that here)
              subroutine pa_chk_report_fd(local, tol, h, status)
            !mpi    use mpi
                type(pa_chk_fd), intent(in) :: local
                real(8), intent(in) :: tol, h
                integer, intent(inout) :: status
                type(pa_chk_fd) :: s
                real(8) :: noise, scale, err
                logical :: pass
            !mpi    real(8) :: m(5)
            !mpi    integer :: ierr
                s = local
            !mpi    ! the max norms over every rank's dependents
            !mpi    m = [s%err, s%max_yd, s%max_fd, s%max_y, merge(1.0d0, 0.0d0, s%nan)]
            !mpi    call MPI_Allreduce(MPI_IN_PLACE, m, 5, MPI_DOUBLE_PRECISION, MPI_MAX, MPI_COMM_WORLD, ierr)
            !mpi    s = pa_chk_fd(m(1), m(2), m(3), m(4), m(5) /= 0.0d0)
                noise = 100.0d0 * epsilon(1.0d0) * max(1.0d0, s%max_y) / h
                scale = max(max(s%max_yd, s%max_fd), noise / tol)
                err = s%err / scale
                pass = err <= tol .and. .not. s%nan
                write (*, '(11a)') 'finite-difference: ', pa_chk_verdict(pass), ' rel_err=', pa_chk_num(err), &
                    ' tol=', pa_chk_num(tol), ' max_abs_err=', pa_chk_num(s%err), ' max|yd|=', pa_chk_num(s%max_yd), &
                    ' h=' // pa_chk_num(h)
                if (.not. pass) status = 1
              end subroutine pa_chk_report_fd

              function pa_chk_selected(name) result(yes)
                character(len=*), intent(in) :: name
                logical :: yes
                character(len=256) :: arg
                integer :: k
                yes = command_argument_count() == 0
                do k = 1, command_argument_count()
                  call get_command_argument(k, arg)
                  if (trim(arg) == name) yes = .true.
                end do
              end function pa_chk_selected
            end module pa_chk
            """;

    /** A function that writes a real(8) with edit descriptor {@code edit} in a buffer of {@code len}, trimmed. */
    private static String formatter(String name, int len, String edit) {
        return """
                  function %1$s(x) result(s)
                    real(8), intent(in) :: x
                    character(len=:), allocatable :: s
                    character(len=%2$d) :: buf
                    write (buf, '(%3$s)') x
                    s = trim(adjustl(buf))
                  end function %1$s

                """.formatted(name, len, edit);
    }
}
