package org.paradjoint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.paradjoint.testsupport.ScratchDir;

/**
 * Bad inputs through the whole command line: each gives its documented, located diagnostic on
 * stderr ({@code file:line:col: error: message}), a non-zero exit status, and writes nothing.
 */
class BadInputTest {

    record Case(String name, String source, List<String> extraArgs, String location, String message) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Case> cases() {
        return Stream.of(
            new Case("syntax",
                    "void f(int n, double *y, const double *x {\n  y[0] = x[0];\n}\n",
                    List.of(), "1:1", "syntax error"),
            new Case("goto",
                    "#pragma ad gradient(y : x)\nvoid f(double *y, const double *x)\n{\n    y[0] = x[0];\n    goto end;\nend:\n    y[1] = x[1];\n}\n",
                    List.of(), "5:5", "`goto` is not supported"),
            new Case("while",
                    "#pragma ad gradient(y : x)\nvoid f(int n, double *y, const double *x)\n{\n    int i = 0;\n    while (i < n) {\n        y[i] = x[i];\n        i++;\n    }\n}\n",
                    List.of(), "5:5", "`while` loops are not supported"),
            new Case("unknownpragma",
                    "void f(double *y, const double *x)\n{\n#pragma ad frobnicate(y : x)\n    y[0] = x[0];\n}\n",
                    List.of(), "3:12", "unknown annotation `ad frobnicate`"),
            new Case("unknownvar",
                    "#pragma ad gradient(y : z)\nvoid f(double *y, const double *x)\n{\n    y[0] = x[0];\n}\n",
                    List.of(), "1:25", "unknown variable `z`"),
            new Case("nocolon",
                    "#pragma ad gradient(y x)\nvoid f(double *y, const double *x)\n{\n    y[0] = x[0];\n}\n",
                    List.of(), "1:23", "expected `:` between the dependents and the independents"),
            new Case("intindep",
                    "#pragma ad gradient(y : n)\nvoid f(int n, double *y, const double *x)\n{\n    y[0] = n * x[0];\n}\n",
                    List.of(), "1:1", "independent 'n' is of type int"),
            new Case("notvaried",
                    "#pragma ad gradient(y : x)\nvoid f(double *y, const double *x, const double *c)\n{\n    y[0] = c[0] * c[1];\n}\n",
                    List.of(), "1:1", "dependent 'y' does not depend on any independent"),
            new Case("unknownfn",
                    "#pragma ad gradient(y : x)\nvoid f(double *y, const double *x)\n{\n    y[0] = g(x[0]);\n}\n",
                    List.of(), "4:12", "call to unknown function 'g'"),
            new Case("ptrarith",
                    "#pragma ad gradient(y : x)\nvoid f(double *y, const double *x)\n{\n    const double *p = x + 1;\n    y[0] = p[0];\n}\n",
                    List.of(), "4:18", "local pointer variable `p` is not supported"),
            new Case("addressof",
                    "#pragma ad gradient(y : x)\nvoid f(double *y, const double *x)\n{\n    double t = x[0];\n    double *p = &t;\n    y[0] = p[0];\n}\n",
                    List.of(), "5:12", "local pointer variable `p` is not supported"),
            new Case("ompcritical",
                    "#pragma ad gradient(y : x)\nvoid f(int n, double *y, const double *x)\n{\n    int i;\n    for (i = 0; i < n; i++) {\n#pragma omp critical\n        y[0] += x[i];\n    }\n}\n",
                    List.of(), "6:8", "unsupported OpenMP construct `omp critical`"),
            new Case("step",
                    "#pragma ad gradient(y : x)\nvoid f(int n, int k, double *y, const double *x)\n{\n    int i;\n    for (i = 0; i < n; i += k)\n        y[i] = x[i];\n}\n",
                    List.of(), "5:5", "step that is not a non-zero integer constant"),
            new Case("global",
                    "double scale;\n#pragma ad gradient(y : x)\nvoid f(double *y, const double *x)\n{\n    y[0] = scale * x[0];\n}\n",
                    List.of(), "5:12", "global variable `scale`"),
            new Case("struct",
                    "struct p { double a; };\n#pragma ad gradient(y : x)\nvoid f(double *y, const double *x, struct p q)\n{\n    y[0] = q.a * x[0];\n}\n",
                    List.of(), "3:36", "struct and union types are not supported"),
            new Case("recursion",
                    "static void g(double *y, const double *x, int k)\n{\n    if (k > 0) g(y, x, k - 1);\n    y[0] = y[0] + x[0];\n}\n#pragma ad gradient(y : x)\nvoid f(double *y, const double *x)\n{\n    g(y, x, 3);\n}\n",
                    List.of(), "3:16", "recursive call of 'g'"),
            new Case("dangling",
                    "void f(double *y, const double *x)\n{\n    y[0] = x[0];\n#pragma ad gradient(y : x)\n}\n",
                    List.of(), "4:1", "is not followed by a statement"),
            new Case("maxreduction",
                    "#pragma ad gradient(y : x)\nvoid f(int n, double *y, const double *x)\n{\n    int i;\n    double m = 0.0;\n#pragma omp parallel for reduction(max : m)\n    for (i = 0; i < n; i++)\n        m = fmax(m, x[i]);\n    y[0] = m;\n}\n",
                    List.of(), "6:1", "only + and - reductions can be differentiated"),
            new Case("nosuchfunction",
                    "#pragma ad gradient(y : x)\nvoid f(double *y, const double *x)\n{\n    y[0] = x[0];\n}\n",
                    List.of("--function", "nosuch"), null, "no function 'nosuch'"),
            new Case("nopragma",
                    "void f(double *y, const double *x)\n{\n    y[0] = x[0];\n}\n",
                    List.of(), null, "no function carries an `ad gradient`"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void badInputIsALocatedErrorAndWritesNothing(Case c) throws Exception {
        Path dir = ScratchDir.create("paradjoint-cli-test");
        try {
            Path file = ScratchDir.write(dir, c.name() + ".c", c.source());
            // A non-constant step only matters when the loop must run backwards.
            List<String> modes = c.name().equals("step") ? List.of("reverse") : List.of("reverse", "tangent");
            for (String mode : modes) {
                List<String> args = new ArrayList<>(List.of("differentiate", file.toString(), "--mode", mode));
                args.addAll(c.extraArgs());
                CliRun r = CliRun.of(args.toArray(String[]::new));
                assertNotEquals(0, r.status, r.toString());
                String expectedPrefix = file + (c.location() == null ? ": error: " : ":" + c.location() + ": error: ");
                assertTrue(r.err.lines().anyMatch(l -> l.startsWith(expectedPrefix) && l.contains(c.message())),
                        "expected a line starting with '" + expectedPrefix + "' containing '" + c.message() + "'\n" + r);
                try (Stream<Path> files = Files.list(dir)) {
                    assertEquals(1, files.count(), "no output may be written on error:\n" + r);
                }
            }
        } finally {
            ScratchDir.delete(dir);
        }
    }

    /**
     * A Fortran unit gets the separable gradient as C (from its IR lowered to C's conventions)
     * with a module of {@code bind(C)} interfaces; what cannot be lowered is a located error.
     */
    @Test
    void separableModeOnFortranWritesCAndAnInterfaceModule() throws Exception {
        Path dir = ScratchDir.create("paradjoint-cli-test");
        try {
            Path file = ScratchDir.write(dir, "sum.f90", """
                    subroutine f(n, x, y)
                      implicit none
                      integer, intent(in) :: n
                      real(8), intent(in) :: x(n)
                      real(8), intent(inout) :: y
                      integer :: i
                      real(8) :: s
                    !$ad elemental
                      s = 0.0d0
                      do i = 1, n
                        s = s + x(i)**2
                      end do
                    !$ad partially_separable(s)
                      y = s
                    end subroutine f
                    """);
            CliRun r = CliRun.of("differentiate", file.toString(), "--mode", "separable", "-o", dir.toString());
            assertEquals(0, r.status, r.toString());
            for (String name : List.of("sum_ps.c", "sum_ps.h", "paradjoint_ps.h", "sum_ps_mod.f90")) {
                assertTrue(Files.isRegularFile(dir.resolve(name)), name + " not written:\n" + r);
                assertTrue(r.out.contains(dir.resolve(name).toString()), r.toString());
            }
            String header = Files.readString(dir.resolve("sum_ps.h"));
            assertTrue(header.contains("void f_grad_ps(const int n, const double x[n], double *xb, double *y);"),
                    header);
            String module = Files.readString(dir.resolve("sum_ps_mod.f90"));
            assertTrue(module.contains("module sum_ps_mod"), module);
            assertTrue(module.contains("subroutine f_grad_ps(n, x, xb, y) bind(C, name='f_grad_ps')"), module);
            assertTrue(module.contains("real(c_double), intent(inout) :: y\n"), module);

            Path grid = ScratchDir.write(dir, "grid.f90", """
                    subroutine g(n, x, y)
                      implicit none
                      integer, intent(in) :: n
                      real(8), intent(in) :: x(:, :)
                      real(8), intent(inout) :: y
                      real(8) :: s
                    !$ad elemental
                      s = 0.0d0
                    !$ad partially_separable(s)
                      y = s + x(1, n)
                    end subroutine g
                    """);
            CliRun bad = CliRun.of("differentiate", grid.toString(), "--mode", "separable", "-o", dir.toString());
            assertEquals(1, bad.status, bad.toString());
            assertTrue(bad.err.contains(grid + ":4:"), bad.toString());
            assertTrue(bad.err.contains("error: array 'x' has an assumed extent in a dimension other than its last"),
                    bad.toString());
            assertFalse(Files.exists(dir.resolve("grid_ps.c")), "no output may be written on error:\n" + bad);
        } finally {
            ScratchDir.delete(dir);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("usageErrors")
    void wrongUsageExitsWithUsageStatus(List<String> args) {
        CliRun r = CliRun.of(args.toArray(String[]::new));
        assertEquals(Paradjoint.USAGE, r.status, r.toString());
        assertFalse(r.err.isBlank(), r.toString());
    }

    static Stream<List<String>> usageErrors() {
        return Stream.of(List.of(), List.of("frobnicate"), List.of("differentiate"),
                List.of("differentiate", "x.c", "--mode", "sideways"), List.of("differentiate", "x.c", "--bogus"),
                List.of("check", "x.c"), List.of("check", "--function", "f"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("helpCommands")
    void everyCommandHasHelp(String command) {
        CliRun r = CliRun.of(command, "--help");
        assertEquals(0, r.status, r.toString());
        assertTrue(r.out.toLowerCase().contains("usage"), r.toString());
    }

    static Stream<String> helpCommands() {
        return Stream.of("differentiate", "check", "color");
    }
}
