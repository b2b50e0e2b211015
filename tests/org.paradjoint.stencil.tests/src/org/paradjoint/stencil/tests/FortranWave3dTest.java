package org.paradjoint.stencil.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.paradjoint.core.check.DriverRunner;
import org.paradjoint.core.frontend.ParseResult;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.print.CPrinter;
import org.paradjoint.fortran.FortranFrontEnd;
import org.paradjoint.fortran.check.FortranDriverRunner;
import org.paradjoint.fortran.print.FortranPrinter;
import org.paradjoint.stencil.StencilOptions;
import org.paradjoint.testsupport.Gfortran;
import org.paradjoint.testsupport.Processes;
import org.paradjoint.testsupport.Repo;
import org.paradjoint.testsupport.ScratchDir;

/**
 * The adjoint stencil of {@code examples/fortran/wave3d.f90}, printed as Fortran, equals the one
 * of {@code examples/stencil/wave3d.c} on the same data. C's {@code u[i][j][k]} (0-based,
 * row-major) is Fortran's {@code u(k + 1, j + 1, i + 1)} (1-based, column-major): the same
 * element of the same memory; the Fortran loop nest is the C one with {@code i} and {@code k}
 * exchanged. Both drivers fill every array from one formula of the C indices (asymmetric in
 * them, so a transposed mapping would give other numbers), call the generated {@code wave3d_b}
 * and print the three adjoint arrays in C order. The C side compiles with gcc's flags of
 * generated code, the Fortran side with gfortran's; both run with 1 and 2 threads at n = 3 (one
 * interior point), 4 and 9, and must agree to 1e-12 relative, element by element.
 */
class FortranWave3dTest {

    static final int[] SIZES = {3, 4, 9};
    static final double TOLERANCE = 1e-12;
    /** The parameters of {@code wave3d_b} in the order of both drivers' calls. */
    static final List<String> PARAMETERS = List.of("n", "D", "u", "u_b", "c", "u_1", "u_1_b", "u_2", "u_2_b");

    /** Array number {@code m} of {@code u, u_b, c, u_1, u_1_b, u_2, u_2_b} at C index {@code [i][j][k]}. */
    static double value(int m, int i, int j, int k) {
        return ((37 * m + 11 * i + 23 * j + 5 * k * k + 3 * i * j + 1) % 97) / 97.0 - 0.5;
    }

    /** The arrays printed: u_b, u_1_b, u_2_b. */
    private static final int[] PRINTED = {1, 4, 6};

    static final String C_DRIVER = """
            #include <stdio.h>
            #include <stdlib.h>
            #include "wave3d_b.c"

            /* Array m of u, u_b, c, u_1, u_1_b, u_2, u_2_b at [i][j][k]; the Fortran driver's formula. */
            static double value(int m, int i, int j, int k)
            {
                return ((37 * m + 11 * i + 23 * j + 5 * k * k + 3 * i * j + 1) % 97) / 97.0 - 0.5;
            }

            int main(int argc, char **argv)
            {
                int n = argc > 1 ? atoi(argv[1]) : 3;
                size_t len = (size_t) n * n * n;
                double *a[7];
                for (int m = 0; m < 7; m++) {
                    a[m] = malloc(len * sizeof(double));
                    if (a[m] == NULL)
                        return 2;
                }
                for (int i = 0; i < n; i++)
                    for (int j = 0; j < n; j++)
                        for (int k = 0; k < n; k++)
                            for (int m = 0; m < 7; m++)
                                a[m][((size_t) i * n + j) * n + k] = value(m, i, j, k);
                wave3d_b(n, 0.37, (double (*)[n][n]) a[0], (double (*)[n][n]) a[1], (const double (*)[n][n]) a[2],
                         (const double (*)[n][n]) a[3], (double (*)[n][n]) a[4], (const double (*)[n][n]) a[5],
                         (double (*)[n][n]) a[6]);
                const int printed[3] = {1, 4, 6};
                for (int p = 0; p < 3; p++)
                    for (size_t x = 0; x < len; x++)
                        printf("%.17g\\n", a[printed[p]][x]);
                for (int m = 0; m < 7; m++)
                    free(a[m]);
                return 0;
            }
            """;

    static final String FORTRAN_DRIVER = """
            include 'wave3d_b.f90'

            ! The C driver's data: C's a[m][i][j][k] is a(k + 1, j + 1, i + 1, m).
            program wave3d_cmp
              implicit none
              integer, parameter :: printed(3) = [1, 4, 6]
              integer :: n, m, i, j, k, p
              character(len=32) :: arg
              real(8), allocatable :: a(:, :, :, :)
              call get_command_argument(1, arg)
              read (arg, *) n
              allocate (a(n, n, n, 0:6))
              do i = 0, n - 1
                do j = 0, n - 1
                  do k = 0, n - 1
                    do m = 0, 6
                      a(k + 1, j + 1, i + 1, m) = value(m, i, j, k)
                    end do
                  end do
                end do
              end do
              call wave3d_b(n, 0.37d0, a(:, :, :, 0), a(:, :, :, 1), a(:, :, :, 2), a(:, :, :, 3), &
                            a(:, :, :, 4), a(:, :, :, 5), a(:, :, :, 6))
              do p = 1, 3
                do i = 0, n - 1
                  do j = 0, n - 1
                    do k = 0, n - 1
                      write (*, '(es26.17e3)') a(k + 1, j + 1, i + 1, printed(p))
                    end do
                  end do
                end do
              end do
            contains
              pure function value(m, i, j, k) result(v)
                integer, intent(in) :: m, i, j, k
                real(8) :: v
                v = real(mod(37 * m + 11 * i + 23 * j + 5 * k * k + 3 * i * j + 1, 97), 8) / 97.0d0 - 0.5d0
              end function value
            end program wave3d_cmp
            """;

    @ParameterizedTest(name = "{0}")
    @EnumSource(StencilOptions.Strategy.class)
    void fortranAdjointStencilEqualsTheCOne(StencilOptions.Strategy strategy) throws IOException {
        Gfortran.require();
        FortranDriverRunner gfortran = new FortranDriverRunner();
        Function c = Variants.stencil(Variants.parse("wave3d.c", Repo.example("stencil/wave3d.c")), "wave3d", strategy)
                .function();
        Function f = Variants.stencil(fortranWave3d(), "wave3d", strategy).function();
        assertEquals(PARAMETERS, names(c));
        assertEquals(PARAMETERS.stream().map(s -> s.toLowerCase(Locale.ROOT)).toList(), names(f));
        String fortranText = FortranPrinter.printFile(List.of(f), null);
        assertFalse(fortranText.contains("!$ad"), fortranText);
        Path dir = ScratchDir.create("pa-stencil-fortran");
        try {
            ScratchDir.write(dir, "wave3d_b.c", CPrinter.printFile(List.of(c)));
            Path cExe = Gcc.build(ScratchDir.write(dir, "wave3d_cmp.c", C_DRIVER));
            ScratchDir.write(dir, "wave3d_b.f90", fortranText);
            Path fSource = ScratchDir.write(dir, "wave3d_cmp_f.f90", FORTRAN_DRIVER);
            Path fExe = dir.resolve("wave3d_cmp_f");
            DriverRunner.Outcome compiled = gfortran.compile(fSource, fExe);
            assertTrue(compiled.ok(), () -> compiled.text() + "\n" + fortranText);
            List<String> problems = new ArrayList<>();
            for (int n : SIZES) {
                List<Double> reference = null;
                for (int threads : new int[] {1, 2}) {
                    List<Double> inC = cRun(cExe, n, threads);
                    List<Double> inFortran = fortranRun(gfortran, fExe, n, threads);
                    if (reference == null) {
                        reference = inC;
                        assertTouched(reference, n);
                    }
                    compare(reference, inC, "n=" + n + ", C with " + threads + " thread(s)", problems);
                    compare(reference, inFortran, "n=" + n + ", Fortran with " + threads + " thread(s)", problems);
                }
            }
            if (!problems.isEmpty()) {
                fail(strategy + ": the Fortran adjoint stencil differs from the C one\n" + String.join("\n", problems)
                        + "\n" + fortranText);
            }
        } finally {
            ScratchDir.delete(dir);
        }
    }

    private static TranslationUnit fortranWave3d() throws IOException {
        String source = Files.readString(Repo.root().resolve("examples/fortran/wave3d.f90"));
        ParseResult r = new FortranFrontEnd().parse("wave3d.f90", source);
        assertFalse(r.hasErrors(), r.diagnostics()::toString);
        return r.unit();
    }

    private static List<String> names(Function f) {
        return f.params().stream().map(Variable::name).toList();
    }

    private static List<Double> cRun(Path exe, int n, int threads) {
        Processes.Result r = Gcc.exec(List.of(exe.toString(), Integer.toString(n)), exe.getParent(),
                Map.of("OMP_NUM_THREADS", Integer.toString(threads), "OMP_WAIT_POLICY", "passive"), 120);
        assertTrue(r.ok(), () -> "C driver, n=" + n + ", " + threads + " thread(s):\n" + Gcc.head(r.output(), 2000));
        return numbers(r.output(), n);
    }

    private static List<Double> fortranRun(FortranDriverRunner gfortran, Path exe, int n, int threads)
            throws IOException {
        DriverRunner.Outcome r = gfortran.run(exe, threads, Integer.toString(n));
        assertTrue(r.ok(), () -> "Fortran driver, n=" + n + ", " + threads + " thread(s):\n" + r.text());
        return numbers(r.stdout(), n);
    }

    /** The printed values: three arrays of n^3 in C order. */
    private static List<Double> numbers(String output, int n) {
        List<Double> out = output.lines().map(String::strip).filter(l -> !l.isEmpty()).map(Double::parseDouble)
                .toList();
        assertEquals(3 * n * n * n, out.size(), output);
        return out;
    }

    private static void compare(List<Double> want, List<Double> got, String what, List<String> problems) {
        int n = (int) Math.round(Math.cbrt(want.size() / 3.0));
        for (int x = 0; x < want.size(); x++) {
            double a = want.get(x);
            double b = got.get(x);
            double scale = Math.max(Math.abs(a), Math.abs(b));
            if (!(Math.abs(a - b) <= TOLERANCE * scale)) {
                problems.add(what + ": " + element(x, n) + " is " + b + ", C with 1 thread gives " + a);
                return;
            }
        }
    }

    /** The element at position {@code x} of the printed list, e.g. {@code u_1_b[1][0][2]}. */
    private static String element(int x, int n) {
        int cube = n * n * n;
        int at = x % cube;
        return List.of("u_b", "u_1_b", "u_2_b").get(x / cube) + "[" + at / (n * n) + "][" + at / n % n + "]["
                + at % n + "]";
    }

    /**
     * The adjoint did its work where it should: u_1_b changed at every interior point and at its
     * face neighbours, u_2_b at every interior point, u_b (zeroed where the primal wrote) at every
     * interior point, nowhere else. No value of the formula is zero.
     */
    private static void assertTouched(List<Double> values, int n) {
        int cube = n * n * n;
        int[] changed = new int[3];
        for (int x = 0; x < 3 * cube; x++) {
            int at = x % cube;
            double before = value(PRINTED[x / cube], at / (n * n), at / n % n, at % n);
            if (values.get(x) != before) {
                changed[x / cube]++;
            }
        }
        int interior = (n - 2) * (n - 2) * (n - 2);
        assertEquals(interior, changed[0], "n=" + n + ": elements of u_b changed");
        assertEquals(interior + 6 * (n - 2) * (n - 2), changed[1], "n=" + n + ": elements of u_1_b changed");
        assertEquals(interior, changed[2], "n=" + n + ": elements of u_2_b changed");
    }
}
