package org.paradjoint.fortran.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.OmpParallelFor;

/**
 * The lowering of Fortran parallel regions ({@code !$omp parallel} ... {@code !$omp end
 * parallel}) against the program it claims to be equal to: random regions of worksharing loops
 * ({@code !$omp do} with {@code end do [nowait]} and schedules, inner sequential loops),
 * barriers, {@code single}/{@code master} blocks, a time loop every thread runs and private
 * partial sums added in {@code critical} or {@code atomic} must give the same IR as the same work
 * written as {@code !$omp parallel do} loops and sequential statements, which every other test
 * checks numerically. {@code examples/fortran/regions.f90} is checked numerically at 1, 2 and 4
 * threads by {@link ExamplesTest}.
 */
class RegionLoweringTest {

    private static final String HEADER = """
            subroutine f(n, m, a, b, c, x, s)
              implicit none
              integer, intent(in) :: n, m
              real(8), intent(inout) :: a(n), b(n), c(n), s(2)
              real(8), intent(in) :: x(n)
              integer :: i, j, t
              real(8) :: local0, local1, local2, local3
            """;

    /** One construct as written in a region, and as the sequence it should lower to. */
    private record Piece(String inRegion, String lowered) {
    }

    @Test
    void randomRegionsLowerToTheirParallelLoops() {
        Random random = new Random(20261126);
        for (int trial = 0; trial < 200; trial++) {
            StringBuilder region = new StringBuilder();
            StringBuilder lowered = new StringBuilder();
            boolean timeLoop = random.nextInt(4) == 0;
            int pieces = 1 + random.nextInt(4);
            for (int k = 0; k < pieces; k++) {
                Piece p = piece(random, k);
                region.append(p.inRegion());
                lowered.append(p.lowered());
            }
            String open = "!$omp parallel private(local0, local1, local2, local3)"
                    + (random.nextBoolean() ? " shared(a, b, c, s)" : "") + "\n";
            String regionSource = timeLoop
                    ? open + "do t = 1, m\n" + region + "end do\n!$omp end parallel\n"
                    : open + region + "!$omp end parallel\n";
            String loweredSource = timeLoop ? "do t = 1, m\n" + lowered + "end do\n" : lowered.toString();
            Function withRegion = Fortran.fn(HEADER + regionSource + "end subroutine f\n");
            Function withLoops = Fortran.fn(HEADER + loweredSource + "end subroutine f\n");
            // by structure (source ranges are not compared)
            assertEquals(withLoops.body().stmts(), withRegion.body().stmts(),
                    () -> "region:\n" + regionSource + "\nlowered:\n" + loweredSource);
        }
    }

    private static Piece piece(Random random, int k) {
        String array = "abc".substring(k % 3, k % 3 + 1);
        String value = switch (random.nextInt(3)) {
            case 0 -> "sin(x(i)) * x(i)";
            case 1 -> "x(i) * " + array + "(i) + 1.0d0";
            default -> "2.0d0 * x(i)";
        };
        switch (random.nextInt(6)) {
            case 0 -> {
                String schedule = random.nextBoolean() ? " schedule(static)" : "";
                String end = switch (random.nextInt(3)) {
                    case 0 -> "";
                    case 1 -> "!$omp end do\n";
                    default -> "!$omp end do nowait\n";
                };
                String loop = "do i = 1, n\n  " + array + "(i) = " + value + "\nend do\n";
                return new Piece("!$omp do" + schedule + "\n" + loop + end, "!$omp parallel do" + schedule + "\n"
                        + loop);
            }
            case 1 -> {
                return new Piece("!$omp barrier\n", "");
            }
            case 2 -> {
                String directive = random.nextBoolean() ? "single" : "master";
                String body = array + "(1) = x(1) * x(2)\n";
                String end = directive.equals("single") && random.nextBoolean() ? " nowait" : "";
                return new Piece("!$omp " + directive + "\n" + body + "!$omp end " + directive + end + "\n", body);
            }
            case 3 -> {
                String local = "local" + k;
                String loop = "do i = 1, n\n  " + local + " = " + local + " + " + value + "\nend do\n";
                String add = "s(1) = s(1) + " + local + "\n";
                String inTurn = random.nextBoolean() ? "!$omp critical\n" + add + "!$omp end critical\n"
                        : "!$omp atomic\n" + add;
                return new Piece(local + " = 0.0d0\n!$omp do\n" + loop + "!$omp end do nowait\n" + inTurn,
                        local + " = 0.0d0\n!$omp parallel do reduction(+: " + local + ")\n" + loop + add);
            }
            case 4 -> {
                String update = "s(2) = s(2) + " + value + "\n";
                String body = random.nextBoolean() ? "!$omp atomic\n" + update
                        : "!$omp critical\n" + update + "!$omp end critical\n";
                String loop = "do i = 1, n\n" + body + "end do\n";
                return new Piece("!$omp do\n" + loop, "!$omp parallel do\n" + loop);
            }
            default -> {
                // an inner sequential loop: its counter is private in both forms
                String loop = "do i = 1, n\n  do j = 1, 3\n    " + array + "(i) = " + array + "(i) + 0.5d0 * "
                        + "x(i)\n  end do\nend do\n";
                return new Piece("!$omp do schedule(static, 2)\n" + loop + "!$omp end do\n",
                        "!$omp parallel do schedule(static, 2)\n" + loop);
            }
        }
    }

    @Test
    void joinedEndsAndUpperCaseDirectives() {
        String region = """
                !$OMP PARALLEL PRIVATE(local0)
                local0 = 0.0d0
                !$omp do
                do i = 1, n
                  local0 = local0 + x(i) - a(i)
                enddo
                !$omp enddo nowait
                !$omp atomic update
                s(1) = s(1) + local0
                !$omp masked
                b(1) = x(1)
                !$omp endmasked
                !$omp endparallel
                """;
        String lowered = """
                local0 = 0.0d0
                !$omp parallel do reduction(+: local0)
                do i = 1, n
                  local0 = local0 + x(i) - a(i)
                end do
                s(1) = s(1) + local0
                b(1) = x(1)
                """;
        assertEquals(Fortran.fn(HEADER + lowered + "end subroutine f\n").body().stmts(),
                Fortran.fn(HEADER + region + "end subroutine f\n").body().stmts());
    }

    @Test
    void aRegionInsideASequentialLoop() {
        String region = """
                do t = 1, m
                  !$omp parallel
                  !$omp do
                  do i = 1, n
                    a(i) = a(i) + x(i)
                  end do
                  !$omp single
                  s(2) = a(1)
                  !$omp end single
                  !$omp end parallel
                end do
                """;
        String lowered = """
                do t = 1, m
                  !$omp parallel do
                  do i = 1, n
                    a(i) = a(i) + x(i)
                  end do
                  s(2) = a(1)
                end do
                """;
        assertEquals(Fortran.fn(HEADER + lowered + "end subroutine f\n").body().stmts(),
                Fortran.fn(HEADER + region + "end subroutine f\n").body().stmts());
    }

    @Test
    void anAtomicScalarIncrementInAParallelLoopIsASumReduction() {
        Function f = Fortran.fn("""
                subroutine d(n, x, r)
                  integer, intent(in) :: n
                  real(8), intent(in) :: x(n)
                  real(8), intent(inout) :: r(1)
                  real(8) :: acc
                  integer :: i
                  acc = 0.0d0
                  !$omp parallel do
                  do i = 1, n
                    !$omp atomic
                    acc = acc + x(i)
                  end do
                  r(1) = acc
                end subroutine
                """);
        For loop = (For) f.body().stmts().get(1);
        assertEquals(List.of(new OmpParallelFor.Reduction("+", List.of(Fortran.var(f, "acc")))),
                loop.omp().reductions());
        Assign inc = (Assign) loop.body().stmts().get(0);
        assertFalse(inc.atomic(), "the increment is plain under the reduction");
        assertEquals(Assign.Op.ADD, inc.op());
    }

    @Test
    void aCriticalIncrementOfAnArrayElementStaysAtomic() {
        Function f = Fortran.fn("""
                subroutine hist(n, m, x, h)
                  integer, intent(in) :: n, m
                  real(8), intent(in) :: x(n)
                  real(8), intent(inout) :: h(m)
                  integer :: i
                  !$omp parallel
                  !$omp do
                  do i = 1, n
                    !$omp critical (bins)
                    h(mod(i, m) + 1) = h(mod(i, m) + 1) + x(i)
                    !$omp end critical (bins)
                  end do
                  !$omp end do
                  !$omp end parallel
                end subroutine
                """);
        assertEquals(1, f.body().stmts().size(), f.body().stmts()::toString);
        For loop = (For) f.body().stmts().get(0);
        Assign inc = (Assign) loop.body().stmts().get(0);
        assertTrue(inc.atomic() && inc.op() == Assign.Op.ADD, inc::toString);
        assertTrue(loop.omp().reductions().isEmpty());
    }

    @Test
    void aRegionReductionAndFirstprivateReachTheWorksharingLoops() {
        Function f = Fortran.fn("""
                subroutine g(n, x, y, r)
                  integer, intent(in) :: n
                  real(8), intent(in) :: x(n)
                  real(8), intent(inout) :: y(n), r(1)
                  real(8) :: s, w
                  integer :: i
                  s = 0.0d0
                  w = 2.0d0
                  !$omp parallel reduction(+: s) firstprivate(w)
                  !$omp do
                  do i = 1, n
                    w = w + x(i)
                    y(i) = w
                    s = s + x(i) * x(i)
                  end do
                  !$omp end do
                  !$omp end parallel
                  r(1) = s
                end subroutine
                """);
        For loop = (For) f.body().stmts().get(2);
        assertEquals(List.of(Fortran.var(f, "w")), loop.omp().firstprivates());
        assertEquals(List.of(new OmpParallelFor.Reduction("+", List.of(Fortran.var(f, "s")))),
                loop.omp().reductions());
    }
}
