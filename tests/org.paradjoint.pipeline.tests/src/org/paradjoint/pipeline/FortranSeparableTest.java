package org.paradjoint.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.frontend.ParseResult;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.transform.FileResult;
import org.paradjoint.core.transform.Mode;
import org.paradjoint.fortran.FortranFrontEnd;
import org.paradjoint.separable.GeneratedFile;
import org.paradjoint.separable.SeparableDifferentiator;
import org.paradjoint.separable.SeparableOptions;
import org.paradjoint.separable.SeparableResult;
import org.paradjoint.testsupport.Gcc;
import org.paradjoint.testsupport.Gfortran;
import org.paradjoint.testsupport.Processes;
import org.paradjoint.testsupport.Repo;
import org.paradjoint.testsupport.ScratchDir;

/**
 * Partial separability of Fortran procedures: the C files generated from the lowered IR and the
 * module of {@code bind(C)} interfaces, called from Fortran drivers (gfortran with the strict
 * flags, 1 and 2 OpenMP threads). {@code examples/fortran/torsion.f90} against central
 * differences of the Fortran primal (exact for its quadratic objective, to rounding); a nonlinear
 * procedure with explicit lower bounds and a column-major two-dimensional array against the
 * reverse mode's Fortran adjoint; both to 1e-10 relative.
 */
class FortranSeparableTest {

    static final String CHAIN = """
            ! a nonlinear partially separable sum over a column-major grid with explicit lower bounds;
            ! the functions it calls are inlined into the sweeps and copied into the C file
            module chain_m
              implicit none
            contains
              function weighted(n, m, w, x, i, k) result(r)
                integer, intent(in) :: n, m, i, k
                real(8), intent(in) :: w(0:n, m), x(0:n)
                real(8) :: r
                r = w(i, k) * x(i)
              end function weighted

              function sq(a) result(r)
                real(8), intent(in) :: a
                real(8) :: r
                r = a * a
              end function sq

              !$ad gradient(f : x)
              subroutine chain(n, m, w, x, f)
                integer, intent(in) :: n, m
                real(8), intent(in) :: w(0:n, m), x(0:n)
                real(8), intent(out) :: f(1)
                real(8) :: e, g, t
                integer :: i, k
                !$ad elemental
                e = 0.0d0
                !$ad elemental
                g = 1.0d0
                do k = 1, m
                  do i = 1, n
                    t = weighted(n, m, w, x, i, k) - x(i - 1)**2
                    e = e + sq(t)
                    g = g + sin(w(i - 1, k) * x(i))
                  end do
                end do
                !$ad partially_separable(e, g)
                f(1) = e * g
              end subroutine chain
            end module chain_m
            """;

    private static final String TORSION_DRIVER = """
            program torsion_check
              use torsion_ps_mod
              implicit none
              external :: torsion_f
              call check(7, 5)
              call check(30, 20)
              call check(30, 20)
            contains
              subroutine check(nx, ny)
                integer, intent(in) :: nx, ny
                real(8) :: x(nx * ny), xp(nx * ny), g(nx * ny), fd(nx * ny)
                real(8) :: c, f, fps, fref, fplus, fminus, h, err
                integer :: k
                c = 0.8d0
                do k = 1, nx * ny
                  x(k) = sin(0.37d0 * k) + 0.25d0
                end do
                call torsion_f(nx, ny, x, c, fref)
                g = 0.0d0
                f = 0.0d0
                call torsion_f_grad_ps(nx, ny, x, g, c, f)
                call torsion_f_ps(nx, ny, x, c, fps)
                h = 0.25d0
                do k = 1, nx * ny
                  xp = x
                  xp(k) = x(k) + h
                  call torsion_f(nx, ny, xp, c, fplus)
                  xp(k) = x(k) - h
                  call torsion_f(nx, ny, xp, c, fminus)
                  fd(k) = (fplus - fminus) / (2.0d0 * h)
                end do
                err = maxval(abs(g - fd)) / maxval(abs(fd))
                print '(a, 2i4, 3es11.3)', 'torsion', nx, ny, err, abs(f - fref) / abs(fref), &
                    abs(fps - fref) / abs(fref)
                if (err > 1.0d-10 .or. abs(f - fref) > 1.0d-12 * abs(fref) &
                    .or. abs(fps - fref) > 1.0d-12 * abs(fref)) error stop 1
              end subroutine check
            end program torsion_check
            """;

    private static final String CHAIN_DRIVER = """
            program chain_check
              use chain_m, only: chain
              use chain_ps_mod
              implicit none
              integer, parameter :: n = 9, m = 4
              real(8) :: w(0:n, m), x(0:n), xb(0:n), g(0:n), f(1), fb(1), fref(1), fps(1), err
              integer :: i, k
              external :: chain_b
              do k = 1, m
                do i = 0, n
                  w(i, k) = 0.3d0 + 0.1d0 * i - 0.05d0 * k
                end do
              end do
              do i = 0, n
                x(i) = 0.2d0 + 0.15d0 * i
              end do
              call chain(n, m, w, x, fref)
              xb = 0.0d0
              fb(1) = 1.0d0
              call chain_b(n, m, w, x, xb, f, fb)
              g = 0.0d0
              call chain_grad_ps(n, m, w, x, g, f)
              call chain_ps(n, m, w, x, fps)
              err = maxval(abs(g - xb)) / maxval(abs(xb))
              print '(a, 3es11.3)', 'chain', err, abs(f(1) - fref(1)) / abs(fref(1)), &
                  abs(fps(1) - fref(1)) / abs(fref(1))
              if (err > 1.0d-10 .or. abs(f(1) - fref(1)) > 1.0d-12 * abs(fref(1)) &
                  .or. abs(fps(1) - fref(1)) > 1.0d-12 * abs(fref(1))) error stop 1
            end program chain_check
            """;

    static TranslationUnit fortran(String file, String text) {
        ParseResult r = new FortranFrontEnd().parse(file, text);
        assertFalse(r.hasErrors(), () -> r.diagnostics() + "\n" + Processes.numbered(text));
        return r.unit();
    }

    static String torsionSource() {
        Path repo = Repo.root();
        try {
            return Files.readString(repo.resolve("examples/fortran/torsion.f90"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void writesTheCFilesAndAnInterfaceModule() {
        SeparableResult r = SeparableDifferentiator.differentiateAll(fortran("dir/torsion.f90", torsionSource()),
                SeparableOptions.defaults(), FortranSeparableGradient::generate);
        assertFalse(r.hasErrors(), r.diagnostics().toString());
        assertEquals(List.of("dir/torsion_ps.c", "dir/torsion_ps.h", "dir/paradjoint_ps.h", "dir/torsion_ps_mod.f90"),
                r.files().stream().map(GeneratedFile::name).toList());
        assertEquals("dir/torsion_ps_mod.f90", FortranSeparableGradient.moduleFileName("dir/torsion.f90"));
        assertEquals("dir/torsion_ps_mod.f90", r.interfaceModule().orElseThrow().name());
        // the lowered procedure reads the same stencil: its colouring is fixed by the generator (the runs of
        // this class check the gradients it gives on 7 x 5 and 30 x 20 grids)
        assertEquals(4, r.function("torsion_f").orElseThrow().colors(), r.diagnostics().toString());
        assertFalse(r.source().text().contains("pa_ps_plan_color("), r.source().text());
        String h = r.header().text();
        assertTrue(h.contains("void torsion_f_grad_ps(const int nx, const int ny, const double x[nx * ny], "
                + "double *xb,"), h);
        String mod = r.interfaceModule().orElseThrow().text();
        assertTrue(mod.contains("module torsion_ps_mod\n"), mod);
        assertTrue(mod.contains("subroutine torsion_f_grad_ps(nx, ny, x, xb, c, f) bind(C, name='torsion_f_grad_ps')"),
                mod);
        assertTrue(mod.contains("integer(c_int), value, intent(in) :: nx\n"), mod);
        assertTrue(mod.contains("real(c_double), intent(in) :: x(*)\n"), mod);
        assertTrue(mod.contains("real(c_double), intent(inout) :: xb(*)\n"), mod);
        assertTrue(mod.contains("real(c_double), value, intent(in) :: c\n"), mod);
        assertTrue(mod.contains("real(c_double), intent(inout) :: f\n"), "f is assigned: by reference\n" + mod);
        assertTrue(mod.contains("type(c_ptr) function torsion_f_grad_ps_plan() bind(C, name='torsion_f_grad_ps_plan')"),
                mod);
        // the elementals are expanded over the 1-based subscripts' 0-based C offsets
        assertTrue(r.source().text().contains("x[nx * (j - 1) + i - 1]"), r.source().text());
        assertEquals(List.of("x"), r.function("torsion_f").orElseThrow().independents());
    }

    @Test
    void torsionGradientMatchesCentralDifferences() {
        Gfortran.require();
        Path dir = ScratchDir.deletedAtExit("separable-fortran-torsion");
        ScratchDir.write(dir, "torsion.f90", torsionSource());
        SeparableResult r = SeparableDifferentiator.differentiateAll(fortran("torsion.f90", torsionSource()),
                SeparableOptions.defaults(), FortranSeparableGradient::generate);
        assertFalse(r.hasErrors(), r.diagnostics().toString());
        Path c = Cc.writeAll(dir, r);
        Gcc.object(c, Gcc.STRICT);
        ScratchDir.write(dir, "torsion_check.f90", TORSION_DRIVER);
        for (String f : List.of("torsion.f90", "torsion_ps_mod.f90", "torsion_check.f90")) {
            GfortranBuild.compile(dir.resolve(f));
        }
        Path exe = GfortranBuild.link(dir, "torsion_check", List.of("torsion_check.o", "torsion.o", "torsion_ps_mod.o",
                "torsion_ps.c.o"));
        runPassing(exe, 3);
    }

    @Test
    void lowerBoundsAndColumnMajorArraysMatchTheReverseMode() {
        Gfortran.require();
        Path dir = ScratchDir.deletedAtExit("separable-fortran-chain");
        TranslationUnit unit = fortran("chain.f90", CHAIN);
        SeparableResult r = SeparableDifferentiator.differentiateAll(unit, SeparableOptions.defaults(),
                FortranSeparableGradient::generate);
        assertFalse(r.hasErrors(), r.diagnostics().toString());
        String text = r.source().text();
        // w(0:n, m) is the row-major C array w[m][n + 1]; w(i, k) is w[k - 1][i], also in the copied callee
        assertTrue(text.contains("const double w[m][n + 1]") && text.contains("w[k - 1][i - 1]"), text);
        assertTrue(text.contains("static double weighted(") && text.contains("r = w[k - 1][i] * x[i];"), text);
        FileResult adjoint = DerivativeFiles.derivatives(unit, Mode.REVERSE, GenerationSettings.allAtomic(),
                ReductionLengths.none());
        assertFalse(adjoint.hasErrors(), adjoint.diagnostics().toString());
        ScratchDir.write(dir, "chain.f90", CHAIN);
        ScratchDir.write(dir, "chain_b.f90", adjoint.text());
        Gcc.object(Cc.writeAll(dir, r), Gcc.STRICT);
        ScratchDir.write(dir, "chain_check.f90", CHAIN_DRIVER);
        for (String f : List.of("chain.f90", "chain_b.f90", "chain_ps_mod.f90", "chain_check.f90")) {
            GfortranBuild.compile(dir.resolve(f));
        }
        Path exe = GfortranBuild.link(dir, "chain_check", List.of("chain_check.o", "chain.o", "chain_b.o",
                "chain_ps_mod.o", "chain_ps.c.o"));
        runPassing(exe, 1);
    }

    /** What still cannot be generated is a located error, and no files. */
    @Test
    void aTwoDimensionalIndependentIsALocatedError() {
        String text = """
                subroutine grid(n, x, f)
                  implicit none
                  integer, intent(in) :: n
                  real(8), intent(in) :: x(n, n)
                  real(8), intent(out) :: f
                  real(8) :: e
                  integer :: i, j
                  !$ad elemental
                  e = 0.0d0
                  do j = 1, n
                    do i = 1, n
                      e = e + x(i, j)**2
                    end do
                  end do
                  !$ad partially_separable(e)
                  f = e
                end subroutine grid
                """;
        SeparableResult r = SeparableDifferentiator.differentiateAll(fortran("grid.f90", text),
                SeparableOptions.defaults(), FortranSeparableGradient::generate);
        assertTrue(r.hasErrors());
        assertTrue(r.files().isEmpty());
        Diagnostic d = r.diagnostics().stream().filter(Diagnostic::isError).findFirst().orElseThrow();
        assertEquals("independent-shape", d.code(), r.diagnostics().toString());
        assertEquals(4, d.range().line(), d.toString());
    }

    private static void runPassing(Path exe, int lines) {
        for (int threads : new int[] {1, 2}) {
            Processes.Result run = Gcc.run(exe, Map.of("OMP_NUM_THREADS", Integer.toString(threads)), 120);
            assertEquals(0, run.exitCode(), "threads " + threads + ":\n" + run.output());
            assertEquals(lines, run.output().strip().lines().count(), run.output());
        }
    }
}
