package org.paradjoint.fortran.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.paradjoint.core.check.CheckReport;
import org.paradjoint.core.check.CheckSpec;
import org.paradjoint.core.check.DriverRunner;
import org.paradjoint.core.transform.Mode;
import org.paradjoint.fortran.check.FortranCheckDriverGenerator;
import org.paradjoint.fortran.check.FortranCheckPipeline;
import org.paradjoint.fortran.check.FortranCheckTarget;
import org.paradjoint.fortran.check.FortranDriverRunner;
import org.paradjoint.testsupport.Gfortran;
import org.paradjoint.testsupport.ScratchDir;

/**
 * The Fortran check driver on what the examples do not cover: a module procedure with
 * assumed-shape dummies, a scalar independent (its adjoint is a one-element array), a taped
 * sequential loop with branches, an inlined function; an external procedure with assumed-shape
 * dummies (called through an interface block); and the driver's own diagnostics.
 */
class CheckDriverTest {

    private static final String MODULE_KERNEL = """
            module kern
              implicit none
              integer, parameter :: dp = kind(1.0d0)
            contains
              real(dp) function sq(x)
                real(dp), intent(in) :: x
                sq = x * x
              end function sq

              !$ad gradient(y : x, a)
              subroutine mixed(n, a, x, y)
                integer, intent(in) :: n
                real(dp), intent(in) :: a
                real(dp), intent(in) :: x(:)
                real(dp), intent(inout) :: y(:)
                real(dp) :: t
                integer :: i, k
                t = 0.0_dp
                do i = 1, n
                  t = t * 0.5_dp + a * sq(x(i))
                  if (t > 1.0_dp) then
                    t = sqrt(t)
                  else if (t < 0.25_dp) then
                    t = t + abs(x(i))
                  end if
                  y(i) = t * x(i)
                end do
                !$omp parallel do private(i, k)
                do i = 1, n
                  do k = 1, 2
                    y(i) = y(i) + sin(x(i)) * a**k
                  end do
                end do
                !$omp end parallel do
              end subroutine mixed
            end module kern
            """;

    private static final String EXTERNAL_KERNEL = """
            !$ad tangent(y : x)
            subroutine shaped(n, x, y)
              implicit none
              integer, intent(in) :: n
              real(8), intent(in) :: x(0:)
              real(8), intent(inout) :: y(:)
              integer :: i
              do i = 1, n
                y(i) = exp(x(i - 1)) * x(i) - merge(x(i), 0.0d0, x(i) > 0.9d0)
              end do
            end subroutine shaped
            """;

    private static final String LOCAL_ARRAY_KERNEL = """
            !$ad gradient(y : x)
            subroutine local_work(n, x, y)
              implicit none
              integer, intent(in) :: n
              real(8), intent(in) :: x(0:n + 1, n)
              real(8), intent(inout) :: y(n, n)
              real(8) :: w(-1:n)
              integer :: i, j
              do i = -1, n
                w(i) = 0.0d0
              end do
              do j = 1, n
                do i = 1, n
                  w(i) = w(i) + x(i - 1, j) * x(i + 1, j)
                end do
              end do
              !$omp parallel do collapse(2) private(i, j)
              do j = 1, n
                do i = 1, n
                  y(i, j) = w(i) * cos(x(i, j)) + w(i - 1)
                end do
              end do
              !$omp end parallel do
            end subroutine local_work
            """;

    private Path work;

    @BeforeEach
    void createScratch() {
        work = ScratchDir.create("paradjoint-fortran-check");
    }

    @AfterEach
    void deleteScratch() {
        ScratchDir.delete(work);
    }

    private void passes(String file, String source, String function, CheckSpec spec) throws IOException {
        Gfortran.require();
        var runner = new FortranDriverRunner();
        FortranCheckPipeline.Built built = FortranCheckPipeline.build(work, file, source, Generated::file,
                f -> f.equals(function) ? spec : null, runner, "-fcheck=bounds");
        if (built.stage() != FortranCheckPipeline.Stage.BUILT) {
            fail(built.stage() + "\n" + built.problem() + "\n" + listing(file));
        }
        for (int threads : new int[] {1, 2}) {
            DriverRunner.Outcome run = runner.run(built.executable(), threads);
            CheckReport.Result r = run.report().result(function);
            if (r == null || !r.passed() || run.exitCode() != 0) {
                fail(threads + " thread(s):\n" + run.text() + "\n" + listing(file));
            }
        }
    }

    private String listing(String file) {
        try {
            StringBuilder sb = new StringBuilder();
            for (String f : FortranCheckDriverGenerator.includesFor(file)) {
                Path p = work.resolve(f);
                if (Files.exists(p)) {
                    sb.append("---- ").append(f).append('\n').append(Files.readString(p));
                }
            }
            return sb.toString();
        } catch (IOException e) {
            return e.toString();
        }
    }

    @Test
    void moduleProcedureWithTapeBranchesAndAScalarIndependent() throws IOException {
        passes("kern.f90", MODULE_KERNEL, "mixed", CheckSpec.parse("--set", "n=9", "--extent", "x=n", "--extent",
                "y=n"));
        String adjoint = Files.readString(work.resolve("kern_b.f90"));
        assertTrue(adjoint.contains("use paradjoint_tape"), adjoint);
        assertTrue(adjoint.contains("real(8), intent(inout) :: ab(0:*)"), adjoint);
        String driver = Files.readString(work.resolve("kern_check.f90"));
        assertTrue(driver.contains("use kern"), driver);
    }

    @Test
    void externalAssumedShapeProcedureIsCalledThroughAnInterface() throws IOException {
        passes("shaped.f90", EXTERNAL_KERNEL, "shaped", CheckSpec.parse("--set", "n=7", "--extent", "x=n+1",
                "--extent", "y=n"));
        String driver = Files.readString(work.resolve("shaped_check.f90"));
        assertTrue(driver.contains("real(8), intent(in) :: x(0:)"), driver);
    }

    @Test
    void activeLocalArrayWithANegativeLowerBoundAndACollapsedLoop() throws IOException {
        passes("local_work.f90", LOCAL_ARRAY_KERNEL, "local_work", CheckSpec.parse("--set", "n=5"));
        String tangent = Files.readString(work.resolve("local_work_d.f90"));
        assertTrue(tangent.contains("real(8) :: wd(-1:n)"), tangent);
        String adjoint = Files.readString(work.resolve("local_work_b.f90"));
        assertTrue(adjoint.contains("collapse(2)"), adjoint);
    }

    /** {@code simd} on a worksharing loop is read as the loop without it, in both directive forms. */
    private static final String SIMD_KERNEL = """
            !$ad gradient(y : x)
            subroutine vec(n, x, y)
              integer, intent(in) :: n
              real(8), intent(in) :: x(n)
              real(8), intent(inout) :: y(n)
              integer :: i
              !$omp parallel do simd private(i)
              do i = 1, n
                y(i) = y(i) + x(i) * x(i)
              end do
              !$omp end parallel do simd
              !$omp parallel private(i)
              !$omp do simd
              do i = 1, n
                y(i) = y(i) * sin(x(i))
              end do
              !$omp end do simd
              !$omp end parallel
            end subroutine vec
            """;

    @Test
    void simdOnParallelDoAndDoIsReadAsTheLoopWithoutIt() throws IOException {
        passes("vec.f90", SIMD_KERNEL, "vec", CheckSpec.parse("--set", "n=11"));
        String adjoint = Files.readString(work.resolve("vec_b.f90"));
        assertTrue(adjoint.contains("!$omp parallel do") || adjoint.contains("!$omp do"), adjoint);
    }

    @Test
    void missingExtentsAndUnknownNamesAreReported() {
        var unit = Fortran.parseUnit(EXTERNAL_KERNEL);
        var t = Generated.file(unit.result().unit(), Mode.TANGENT);
        var b = Generated.file(unit.result().unit(), Mode.REVERSE);
        var f = unit.result().unit().functions().get(0);
        var driver = FortranCheckDriverGenerator.generate(List.of(new FortranCheckTarget(f, t.signatures().get(0),
                b.signatures().get(0), CheckSpec.parse("--set", "n=7"), unit.procedure("shaped"))),
                FortranCheckDriverGenerator.includesFor("shaped.f90"));
        assertTrue(driver.hasErrors());
        var d = driver.diagnostics().get(0);
        assertEquals("check-extent-unknown", d.code());
        assertTrue(d.message().contains("--extent x=EXPR"), d.message());
        var other = FortranCheckDriverGenerator.generate(List.of(new FortranCheckTarget(f, t.signatures().get(0),
                b.signatures().get(0), CheckSpec.parse("--extent", "x=n", "--extent", "z=n"),
                unit.procedure("shaped"))), List.of("shaped.f90"));
        assertTrue(other.hasErrors());
        assertEquals("check-spec-name", other.diagnostics().get(0).code(), other.diagnostics().toString());
    }

    @Test
    void setOptionsAreCheckedAsForCInTheWordsOfFortran() {
        assertEquals("shaped: --set x: x is not an integer scalar dummy (integer dummies: n)",
                firstError("--set", "x=3"));
        assertEquals("shaped: --set m=2 * k: unknown name 'k' (integer dummies: n)", firstError("--set", "m=2*k"));
        assertEquals("shaped: --set values refer to each other in a cycle: [n]", firstError("--set", "n=n+1"));
        assertEquals("shaped: --extent z: no array dummy z", firstError("--extent", "z=4"));
    }

    private static String firstError(String... options) {
        var unit = Fortran.parseUnit(EXTERNAL_KERNEL);
        var t = Generated.file(unit.result().unit(), Mode.TANGENT);
        var b = Generated.file(unit.result().unit(), Mode.REVERSE);
        var f = unit.result().unit().functions().get(0);
        var driver = FortranCheckDriverGenerator.generate(List.of(new FortranCheckTarget(f, t.signatures().get(0),
                b.signatures().get(0), CheckSpec.parse(options), unit.procedure("shaped"))), List.of("shaped.f90"));
        assertTrue(driver.hasErrors(), driver.diagnostics().toString());
        return driver.diagnostics().stream().filter(d -> d.isError()).findFirst().orElseThrow().message();
    }
}
