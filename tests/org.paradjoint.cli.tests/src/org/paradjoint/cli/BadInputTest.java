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
import org.paradjoint.testsupport.Repo;
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
                    "#pragma ad gradient(y : x)\nvoid f(int n, double *y, const double *x)\n{\n#pragma omp parallel for\n    for (int i = 0; i < n; i++) {\n        y[i] = x[i];\n        while (y[i] > 1.0) y[i] = 0.5 * y[i];\n    }\n}\n",
                    List.of(), "7:9", "`while` loop inside a parallel loop or region is not supported"),
            new Case("firstprivatecarry",
                    "void f(int n, int p, double *y, const double *x)\n{\n    int i;\n#pragma ad gradient(y : x)\n#pragma omp parallel for private(i) firstprivate(p)\n    for (i = 0; i < n; i++) {\n        p = p + 1;\n        y[i] = x[i + p];\n    }\n}\n",
                    List.of(), "7:9", "firstprivate 'p' carries its value from one iteration to the next"),
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
            new Case("omptask",
                    "#pragma ad gradient(y : x)\nvoid f(int n, double *y, const double *x)\n{\n    int i;\n    for (i = 0; i < n; i++) {\n#pragma omp task\n        y[0] += x[i];\n    }\n}\n",
                    List.of(), "6:8", "unsupported OpenMP construct `omp task`"),
            new Case("ompsharedwrite",
                    "#pragma ad gradient(y : x)\nvoid f(int n, double *y, const double *x)\n{\n#pragma omp parallel\n    {\n        y[0] = x[0];\n    }\n}\n",
                    List.of(), "6:9", "every thread of the parallel region runs this statement, which writes shared 'y'"),
            new Case("step",
                    "#pragma ad gradient(y : x)\nvoid f(int n, int k, double *y, const double *x)\n{\n    int i;\n    for (i = 0; i < n; i += k)\n        y[i] = x[i];\n}\n",
                    List.of(), "5:5", "step that is not a non-zero integer constant"),
            new Case("global",
                    "double scale;\n#pragma ad gradient(y : x)\nvoid f(double *y, const double *x)\n{\n    y[0] = scale * x[0];\n}\n",
                    List.of(), "5:12", "global variable `scale`"),
            new Case("struct",
                    "struct p { double a; };\n#pragma ad gradient(y : x)\nvoid f(double *y, const double *x, struct p q)\n{\n    y[0] = q.a * x[0];\n}\n",
                    List.of(), "3:36", "is passed by value, which is not supported; pass a pointer to it"),
            new Case("recursion",
                    "static void g(double *y, const double *x, int k)\n{\n    if (k > 0) g(y, x, k - 1);\n    y[0] = y[0] + x[0];\n}\n#pragma ad gradient(y : x)\nvoid f(double *y, const double *x)\n{\n    g(y, x, 3);\n}\n",
                    List.of(), "3:16", "recursive call of 'g'"),
            new Case("dangling",
                    "void f(double *y, const double *x)\n{\n    y[0] = x[0];\n#pragma ad gradient(y : x)\n}\n",
                    List.of(), "4:1", "is not followed by a statement"),
            new Case("maxreduction",
                    "#pragma ad gradient(y : x)\nvoid f(int n, double *y, const double *x)\n{\n    int i;\n    double m = 0.0;\n#pragma omp parallel for reduction(max : m)\n    for (i = 0; i < n; i++) {\n        m = fmax(m, x[i]);\n        y[i + 1] = x[i];\n    }\n    y[0] = m;\n}\n",
                    List.of(), "6:1", "only + and - reductions can be differentiated"),
            new Case("cascade",
                    "#pragma ad gradient(y : x)\nvoid f(int n, double *y, const double *x)\n{\n    int i;\n#pragma omp parallel for\n    for (i = 0; i < n; i++)\n        y[i] = x[i] * x[i]\n}\n",
                    List.of(), "7:26", "syntax error"),
            new Case("paren.f90",
                    "subroutine f(n, x, y)\n  implicit none\n  integer, intent(in) :: n\n  real(8), intent(in) :: x(n)\n  real(8), intent(inout) :: y(n)\n  integer :: i\n!$ad gradient(y : x)\n  do i = 1, n\n    y(i) = x(i * x(i)\n  end do\nend subroutine f\n",
                    List.of(), "9:21", "expected ',' or ')' in the subscripts of 'x'"),
            new Case("unknownfns",
                    "#pragma ad gradient(y : x)\nvoid f(double *y, const double *x)\n{\n    y[0] = foo(x[0]) + bar(x[1]) * baz(x[2]);\n}\n",
                    List.of(), "4:12", "calls to unknown functions 'foo', 'bar' and 'baz'"),
            new Case("unknownfns.f90",
                    "!$ad gradient(y : x)\nsubroutine f(x, y)\n  implicit none\n  real(8), intent(in) :: x(3)\n  real(8), intent(inout) :: y\n  y = foo(x(1)) + bar(x(2)) * sin(x(3))\nend subroutine f\n",
                    List.of(), "6:7", "calls to unknown functions 'foo' and 'bar'"),
            new Case("clash",
                    "#pragma ad gradient(y : x)\nvoid f(double *y, const double *x)\n{\n    y[0] = x[0] * x[0];\n}\n\nvoid f_b(double *y)\n{\n    y[0] = 0.0;\n}\n",
                    List.of(), "7:1", "function 'f_b' has the name of the adjoint of 'f' that paradjoint generates"),
            new Case("nosuchfunction",
                    "#pragma ad gradient(y : x)\nvoid f(double *y, const double *x)\n{\n    y[0] = x[0];\n}\n",
                    List.of("--function", "nosuch"), null, "no function 'nosuch'"),
            new Case("checkpointparallel",
                    "void f(int n, double *y, const double *x)\n{\n    int i;\n#pragma ad gradient(y : x)\n#pragma ad checkpoint(binomial, 4)\n#pragma omp parallel for private(i)\n    for (i = 0; i < n; i++)\n        y[i] = x[i] * x[i];\n}\n",
                    List.of(), "5:1", "`ad checkpoint` applies to a sequential loop"),
            new Case("checkpointsnapshots",
                    "void f(int n, int m, double x[n])\n{\n    int t, i;\n#pragma ad gradient(x : x)\n#pragma ad checkpoint(binomial, 0)\n    for (t = 0; t < m; t++)\n        for (i = 0; i < n; i++)\n            x[i] = x[i] * x[i];\n}\n",
                    List.of(), "5:33", "the number of snapshots must be a positive integer constant or the name of an integer parameter"),
            new Case("checkpoint.f90",
                    "subroutine f(n, m, x)\n  implicit none\n  integer, intent(in) :: n, m\n  real(8), intent(inout) :: x(n)\n  integer :: t, i\n!$ad gradient(x : x)\n!$ad checkpoint(binomial, 4)\n  do t = 1, m\n    do i = 1, n\n      x(i) = x(i) * x(i)\n    end do\n  end do\nend subroutine f\n",
                    List.of(), "7:1", "is not available in Fortran yet: checkpointing of time loops is generated for C only"),
            new Case("unsequenced",
                    "#pragma ad gradient(y : x)\nvoid f(int n, double *y, const double *x)\n{\n    int k;\n    for (int t = 0; t < n; t++) {\n        y[k] = k = t;\n        y[t] += x[t];\n    }\n}\n",
                    List.of(), "6:9", "in `y[k] = k = t`, `y[k]` reads `k`, which the same statement assigns"),
            new Case("nopragma",
                    "void f(double *y, const double *x)\n{\n    y[0] = x[0];\n}\n",
                    List.of(), null, "no function carries an `ad gradient`"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void badInputIsALocatedErrorAndWritesNothing(Case c) throws Exception {
        Path dir = ScratchDir.create("paradjoint-cli-test");
        try {
            Path file = ScratchDir.write(dir, c.name().contains(".") ? c.name() : c.name() + ".c", c.source());
            // A non-constant step only matters when the loop must run backwards; f_b only clashes with an adjoint;
            // a carried firstprivate only when an adjoint iteration recomputes its iteration (the tangent
            // loop carries it as the primal does).
            List<String> modes = List.of("step", "clash", "firstprivatecarry").contains(c.name())
                    ? List.of("reverse") : List.of("reverse", "tangent");
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
     * A missing `;` in a function with pragmas: the syntax error alone, not the pragmas that seem
     * to sit on the wrong statement because the parser's recovery attached them there.
     */
    @Test
    void aSyntaxErrorComesWithoutCascadedErrors() throws Exception {
        Path dir = ScratchDir.create("paradjoint-cli-test");
        try {
            Case c = cases().filter(k -> k.name().equals("cascade")).findFirst().orElseThrow();
            Path file = ScratchDir.write(dir, "cascade.c", c.source());
            CliRun r = CliRun.of("differentiate", file.toString());
            assertEquals(List.of(file + ":7:26: error: syntax error: cannot parse `]`"), r.err.lines().toList(),
                    r.toString());
        } finally {
            ScratchDir.delete(dir);
        }
    }

    /** A wrong option value: usage status 64, a message naming the option, nothing written. FILE: a copy of gather3.c. */
    record OptionCase(List<String> args, String message) {
        @Override
        public String toString() {
            return String.join(" ", args);
        }
    }

    static Stream<OptionCase> optionCases() {
        return Stream.of(
            new OptionCase(List.of("check", "FILE", "--function", "gather3", "--set", "n=abc"), "--set n=abc: unknown name 'abc'"),
            new OptionCase(List.of("check", "FILE", "--function", "gather3", "--set", "n"), "--set expects NAME=EXPR, got 'n'"),
            new OptionCase(List.of("check", "FILE", "--function", "gather3", "--set", "=3"), "--set: '' is not a C identifier"),
            new OptionCase(List.of("check", "FILE", "--function", "gather3", "--set", "x=3"), "--set x: x is not an integer scalar parameter"),
            new OptionCase(List.of("check", "FILE", "--function", "gather3", "--extent", "x=abc"), "--extent x=abc: unknown name 'abc'"),
            new OptionCase(List.of("check", "FILE", "--function", "gather3", "--index", "x=abc"), "--index x=abc: unknown fill 'abc'"),
            new OptionCase(List.of("check", "FILE", "--function", "gather3", "--seed", "x"), "--seed expects an integer, got 'x'"),
            new OptionCase(List.of("check", "FILE", "--function", "gather3", "--threads", "0"), "--threads needs a list of positive integers"),
            new OptionCase(List.of("check", "FILE", "--function", "gather3", "--output", "FILE"), "refusing to overwrite the source"),
            new OptionCase(List.of("check", "FILE", "--function", "gather3", "--output", "DIR/gather3_b.c"), "a derivative file it includes"),
            new OptionCase(List.of("differentiate", "FILE", "-o", "FILE"), "refusing to overwrite the source"),
            new OptionCase(List.of("differentiate", "FILE", "--mode", "sideways"), "--mode must be one of reverse, tangent, separable, not 'sideways'"),
            new OptionCase(List.of("differentiate", "FILE", "--strategy", "bogus"), "--strategy must be one of split, guarded, not 'bogus'"),
            new OptionCase(List.of("differentiate", "FILE", "--race-strategy", "bogus"), "--race-strategy must be one of"),
            new OptionCase(List.of("differentiate", "FILE", "--no-race-analysis", "--race-strategy", "reduction"),
                    "cannot be combined with --race-strategy reduction"),
            new OptionCase(List.of("differentiate", "FILE", "--prover-timeout", "x"), "--prover-timeout needs a positive number of milliseconds, not 'x'"),
            new OptionCase(List.of("differentiate", "FILE", "--extent", "x"), "--extent needs NAME=EXPR, not 'x'"),
            new OptionCase(List.of("differentiate", "FILE", "--dependents", "z"), "--dependents z: no variable 'z' in 'gather3'"),
            new OptionCase(List.of("differentiate", "FILE", "--independents", "x,w"), "--independents w: no variable 'w' in 'gather3'"),
            new OptionCase(List.of("differentiate", "FILE", "--extent", "n=8"), "--extent n=8: 'n' is not an array of 'gather3'"),
            new OptionCase(List.of("differentiate", "FILE", "--adjoint-suffix", "a-b"), "--adjoint-suffix must be letters, digits or '_'"),
            new OptionCase(List.of("bench", "FILE", "--kernel", "gather3", "--sizes", "10", "--repetitions", "x"), "--repetitions needs a positive whole number, not 'x'"),
            new OptionCase(List.of("bench", "FILE", "--kernel", "gather3", "--sizes", "10", "--csv", "FILE"), "refusing to overwrite the source"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("optionCases")
    void aWrongOptionValueIsAUsageErrorAndWritesNothing(OptionCase c) throws Exception {
        Path dir = ScratchDir.create("paradjoint-cli-test");
        try {
            Path file = Files.copy(Repo.examples().resolve("formad/gather3.c"), dir.resolve("gather3.c"));
            String before = Files.readString(file);
            String[] args = c.args().stream().map(a -> a.replace("FILE", file.toString()).replace("DIR", dir.toString()))
                    .toArray(String[]::new);
            CliRun r = CliRun.of(args);
            assertEquals(Paradjoint.USAGE, r.status, r.toString());
            assertTrue(r.err.contains(c.message()), r.toString());
            try (Stream<Path> files = Files.list(dir)) {
                assertEquals(List.of(file), files.toList(), "nothing may be written on a usage error:\n" + r);
            }
            assertEquals(before, Files.readString(file));
        } finally {
            ScratchDir.delete(dir);
        }
    }

    /**
     * The user guide's table of bad inputs (input | exit status | message) has a row for every
     * case pinned here, with its exit status and its message.
     */
    @Test
    void theUserGuidesTableHasEveryPinnedRow() throws Exception {
        List<String[]> rows = new ArrayList<>();
        boolean inTable = false;
        for (String line : Files.readAllLines(Repo.root().resolve("docs/USER-GUIDE.md"))) {
            if (line.startsWith("| input | exit status | message |")) {
                inTable = true;
            } else if (inTable && line.startsWith("|---")) {
                continue;
            } else if (inTable && line.startsWith("|")) {
                // the message column is the last; earlier cells hold no ' | '
                String[] cells = line.substring(1, line.length() - 1).split(" \\| ", 3);
                rows.add(new String[] {cells[1].strip(), cells[2].strip()});
            } else {
                inTable = false;
            }
        }
        List<String> missing = new ArrayList<>();
        cases().forEach(c -> {
            if (rows.stream().noneMatch(r -> r[0].equals("1") && r[1].contains(c.message()))) {
                missing.add("1: " + c.message());
            }
        });
        optionCases().forEach(c -> {
            if (rows.stream().noneMatch(r -> r[0].equals("64") && r[1].contains(c.message()))) {
                missing.add("64: " + c.message());
            }
        });
        assertEquals(List.of(), missing, "rows missing from the table in docs/USER-GUIDE.md");
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
}
