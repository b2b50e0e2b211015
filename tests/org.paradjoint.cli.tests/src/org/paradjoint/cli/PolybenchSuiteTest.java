package org.paradjoint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.paradjoint.testsupport.Gcc;
import org.paradjoint.testsupport.Repo;
import org.paradjoint.testsupport.ScratchDir;

/**
 * The real-code suite {@code examples/realc/polybench}: kernels written as PolyBench 4.2 writes
 * them (a header of sizes, element type and array macros, the kernel among its init, print and
 * main functions, C99 variable-length array parameters) go through {@code differentiate} and
 * {@code check --run} as they are, and both derivative tests pass at 1 and 2 threads, in double
 * and (-D DATA_TYPE_IS_FLOAT) in float. What a PolyBench user may write that is not supported is
 * refused with an error located at the construct, naming it and what would make it supported.
 */
class PolybenchSuiteTest {

    private static final Path SUITE = Repo.examples().resolve("realc").resolve("polybench");

    private Path dir;

    @BeforeEach
    void copySuite() throws IOException {
        dir = ScratchDir.create("paradjoint-polybench");
        try (Stream<Path> files = Files.list(SUITE)) {
            for (Path p : files.toList()) {
                Files.copy(p, dir.resolve(p.getFileName()));
            }
        }
    }

    @AfterEach
    void deleteScratch() {
        ScratchDir.delete(dir);
    }

    /**
     * Every kernel of the suite with the check options it needs: sizes that keep a check near a
     * second (the kernels' size parameters are 10 unless set), the contents of an index array,
     * and for durbin an input range in which its Toeplitz system is diagonally dominant.
     */
    private static final String[] KERNELS = {
            "2mm.c            | kernel_2mm            | ",
            "3mm.c            | kernel_3mm            | ",
            "adi.c            | kernel_adi            | --set tsteps=2",
            "atax.c           | kernel_atax           | ",
            "bicg.c           | kernel_bicg           | ",
            "cholesky.c       | kernel_cholesky       | ",
            "correlation.c    | kernel_correlation    | ",
            "covariance.c     | kernel_covariance     | ",
            "deriche.c        | kernel_deriche        | --set w=8 --set h=6",
            "doitgen.c        | kernel_doitgen        | --set nr=4 --set nq=5 --set np=6",
            "durbin.c         | kernel_durbin         | --range -0.1:0.1",
            "fdtd-2d.c        | kernel_fdtd_2d        | --set tmax=3",
            "floyd-warshall.c | kernel_floyd_warshall | ",
            "gemm.c           | kernel_gemm           | ",
            "gemver.c         | kernel_gemver         | ",
            "gesummv.c        | kernel_gesummv        | ",
            "gramschmidt.c    | kernel_gramschmidt    | ",
            "heat-3d.c        | kernel_heat_3d        | --set tsteps=2 --set n=8",
            "jacobi-1d.c      | kernel_jacobi_1d      | --set tsteps=4",
            "jacobi-2d.c      | kernel_jacobi_2d      | --set tsteps=3",
            "lu.c             | kernel_lu             | ",
            "ludcmp.c         | kernel_ludcmp         | ",
            "mvt.c            | kernel_mvt            | ",
            "nussinov.c       | kernel_nussinov       | --index seq=range:0:4",
            "seidel-2d.c      | kernel_seidel_2d      | --set tsteps=2",
            "symm.c           | kernel_symm           | ",
            "syr2k.c          | kernel_syr2k          | ",
            "syrk.c           | kernel_syrk           | ",
            "trisolv.c        | kernel_trisolv        | ",
            "trmm.c           | kernel_trmm           | "};

    /** The rows of {@link #KERNELS}: file name, kernel, check options. */
    static Stream<Arguments> kernels() {
        return Arrays.stream(KERNELS).map(row -> row.split("\\|", -1))
                .map(cells -> Arguments.of(cells[0].trim(), cells[1].trim(), cells[2].trim()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kernels")
    void everyKernelIsDifferentiatedAndPassesBothTestsAtOneAndTwoThreads(String name, String kernel, String options)
            throws IOException {
        Path file = dir.resolve(name);
        String base = name.replaceFirst("\\.c$", "");

        CliRun reverse = CliRun.of("differentiate", file.toString());
        assertEquals(0, reverse.status, reverse.toString());
        CliRun forward = CliRun.of("differentiate", file.toString(), "--mode", "tangent");
        assertEquals(0, forward.status, forward.toString());
        String adjoint = Files.readString(dir.resolve(base + "_b.c"));
        String tangent = Files.readString(dir.resolve(base + "_d.c"));
        assertTrue(adjoint.contains(kernel + "_b(") && tangent.contains(kernel + "_d("), adjoint + tangent);

        CliRun checked = check(file, kernel, options);
        assertPassesAtOneAndTwoThreads(checked);
        assertTrue(checked.out.contains("tol=1.0e-12"), "double's tolerance:\n" + checked);
        // the check tests the very files differentiate writes
        assertEquals(adjoint, Files.readString(dir.resolve(base + "_b.c")), "adjoint of check and differentiate");
        assertEquals(tangent, Files.readString(dir.resolve(base + "_d.c")), "tangent of check and differentiate");
    }

    /** -D DATA_TYPE_IS_FLOAT: the header's float branch (float, x##f constants, sqrtf, expf, powf). */
    @ParameterizedTest(name = "{0}")
    @MethodSource("kernels")
    void everyKernelInFloatPassesBothTestsAtFloatsTolerances(String name, String kernel, String options)
            throws IOException {
        Path file = dir.resolve(name);
        CliRun checked = check(file, kernel, options + " -D DATA_TYPE_IS_FLOAT");
        assertPassesAtOneAndTwoThreads(checked);
        assertTrue(checked.out.contains("tol=1.0e-03") && !checked.out.contains("tol=1.0e-12"),
                "float's tolerances:\n" + checked);
        String adjoint = Files.readString(dir.resolve(name.replaceFirst("\\.c$", "_b.c")));
        int start = adjoint.indexOf(kernel + "_b(");
        String parameters = adjoint.substring(start, adjoint.indexOf(')', start));
        assertTrue(parameters.contains("float") && !parameters.contains("double"), parameters);
    }

    /** PolyBench's padding of every extent, given on the command line: the arrays are larger than the loops. */
    @Test
    void paddedArraysPassWithTheirPaddedExtents() throws IOException {
        CliRun checked = check(dir.resolve("gemm.c"), "kernel_gemm", "-D POLYBENCH_PADDING_FACTOR=2");
        assertPassesAtOneAndTwoThreads(checked);
        String adjoint = Files.readString(dir.resolve("gemm_b.c"));
        assertTrue(adjoint.contains("double C[ni + 2][nj + 2], double Cb[ni + 2][nj + 2]"), adjoint);
    }

    private static CliRun check(Path file, String kernel, String options) {
        Gcc.require();
        List<String> args = new ArrayList<>(List.of("check", file.toString(), "--function", kernel, "--run"));
        if (!options.isBlank()) {
            args.addAll(Arrays.asList(options.trim().split("\\s+")));
        }
        return CliRun.of(args.toArray(String[]::new));
    }

    private static void assertPassesAtOneAndTwoThreads(CliRun checked) {
        assertEquals(0, checked.status, checked.toString());
        assertTrue(checked.out.contains("OMP_NUM_THREADS=1") && checked.out.contains("OMP_NUM_THREADS=2"),
                checked.toString());
        // two runs, or four where the adjoint checkpoints a loop by default (each thread count past the
        // tape budget too); both tests pass in each
        long runs = checked.out.lines().filter(l -> l.startsWith("== OMP_NUM_THREADS=")).count();
        assertTrue(runs == 2 || runs == 4 && checked.out.contains("== OMP_NUM_THREADS=2 PARADJOINT_TAPE_BUDGET=1"),
                checked.toString());
        List<String> expected = new ArrayList<>();
        for (long k = 0; k < runs; k++) {
            expected.addAll(List.of("dot-product", "finite-difference"));
        }
        assertEquals(expected, checked.out.lines().filter(l -> l.matches("(dot-product|finite-difference): PASS.*"))
                .map(l -> l.substring(0, l.indexOf(':'))).toList(), checked.toString());
        assertFalse(checked.out.contains("FAIL"), checked.toString());
    }

    @Test
    void everyKernelFileHasARow() throws IOException {
        List<String> named = kernels().map(row -> (String) row.get()[0]).sorted().toList();
        try (Stream<Path> files = Files.list(SUITE)) {
            assertEquals(named, files.map(p -> p.getFileName().toString()).filter(f -> f.endsWith(".c")).sorted()
                    .toList(), "add a row for a new kernel");
        }
        assertEquals(30, named.size(), "the suite's kernels");
    }

    /**
     * gemver annotated with x among its inputs only, as PolyBench's users would: the kernel overwrites
     * x, so its adjoint accumulates in a heap array of its own, added to the caller's at the end.
     */
    @Test
    void anOverwrittenIndependentThatIsNoDependentGetsAnAdjointArrayOfItsOwn() throws IOException {
        Path file = rewrite("gemver.c", "gradient(w, x, A : A,", "gradient(w, A : A,");
        CliRun d = CliRun.of("differentiate", file.toString(), "-o", "-");
        assertEquals(0, d.status, d.toString());
        assertTrue(d.out.contains("double *xb_w = pa_heap_zeros((long) (n + 0), sizeof(double));"), d.out);
        assertTrue(d.out.contains("xb[pa_i] += xb_w[pa_i];"), d.out);
        assertTrue(d.out.contains("pa_heap_free(xb_w);\n}"), d.out);
        Gcc.require();
        CliRun checked = CliRun.of("check", file.toString(), "--function", "kernel_gemver", "--run", "--threads", "1,2");
        assertEquals(0, checked.status, checked.toString());
        assertFalse(checked.out.contains("FAIL"), checked.toString());
    }

    /** PolyBench's nussinov keeps its bases in a char array, typedef char base in its header. */
    @Test
    void aCharTypedefIsRefusedWhereTheKernelUsesIt() throws IOException {
        rewrite("polybench_local.h", "typedef int base;", "typedef char base;");
        Path file = dir.resolve("nussinov.c");
        CliRun r = CliRun.of("differentiate", file.toString(), "-o", "-");
        assertEquals(1, r.status, r.toString());
        int line = lineOf(file, "void kernel_nussinov(");
        int column = Files.readAllLines(file).get(line - 1).indexOf("base ") + 1;
        assertTrue(r.err.contains(file + ":" + line + ":" + column + ": error: type `base` is `char`, which is not "
                + "supported; use a typedef of int, long, float or double"), r.toString());
    }

    /** doitgen parallel over r, its work vector sum declared in the loop body (private to each r). */
    static final String DOITGEN_PRIVATE_SUM = """
            #include <math.h>
            #include "polybench_local.h"

            #pragma ad gradient(A : A, C4)
            void kernel_doitgen(int nr, int nq, int np, DATA_TYPE POLYBENCH_3D(A, NR, NQ, NP, nr, nq, np),
                                DATA_TYPE POLYBENCH_2D(C4, NP, NP, np, np))
            {
                int r, q, p, s;

            #pragma omp parallel for private(q, p, s)
                for (r = 0; r < nr; r++) {
                    DATA_TYPE sum[np];
                    for (q = 0; q < nq; q++) {
                        for (p = 0; p < np; p++) {
                            sum[p] = SCALAR_VAL(0.0);
                            for (s = 0; s < np; s++)
                                sum[p] += A[r][q][s] * C4[s][p];
                        }
                        for (p = 0; p < np; p++)
                            A[r][q][p] = sum[p];
                    }
                }
            }
            """;

    @Test
    void anActiveVariableLengthArrayPrivateToAParallelLoopIsRefusedAtTheLoop() {
        Path file = ScratchDir.write(dir, "doitgen_private.c", DOITGEN_PRIVATE_SUM);
        CliRun r = CliRun.of("differentiate", file.toString(), "-o", "-");
        assertEquals(1, r.status, r.toString());
        assertTrue(r.err.contains(file + ":11:5: error: active array 'sum' is private to the parallel loop"),
                r.toString());
        assertTrue(r.err.contains("give it a constant size, or use a shared array indexed by the loop counter"),
                r.toString());
    }

    /** A grid passed as a struct of its size and values, as larger codes do. */
    static final String STRUCT_GRID = """
            #include <math.h>
            #include "polybench_local.h"

            struct grid {
                int n;
                DATA_TYPE *u;
            };

            #pragma ad gradient(v : g)
            void kernel_smooth(struct grid g, DATA_TYPE *v)
            {
                int i;

                for (i = 1; i < g.n - 1; i++)
                    v[i] = SCALAR_VAL(0.5) * (g.u[i - 1] + g.u[i + 1]);
            }
            """;

    @Test
    void aStructPassedByValueIsRefusedAtItsParameter() {
        Path file = ScratchDir.write(dir, "smooth.c", STRUCT_GRID);
        CliRun r = CliRun.of("differentiate", file.toString(), "-o", "-");
        assertEquals(1, r.status, r.toString());
        assertTrue(r.err.contains(file + ":10:20: error: struct parameter `struct grid g` is passed by value, which is "
                + "not supported; pass a pointer to it (`grid_t *g`) and use its members as `g->m`"), r.toString());
    }

    /** The same grid passed by pointer: its members are the kernel's arrays and bounds. */
    @Test
    void theStructPassedByPointerDifferentiatesAndChecks() {
        Path file = ScratchDir.write(dir, "smooth.c", STRUCT_GRID.replace("struct grid g,", "struct grid *g,")
                .replace("g.", "g->").replace("(v : g)", "(v : g->u)"));
        CliRun r = check(file, "kernel_smooth", "--threads 1,2");
        assertEquals(0, r.status, r.toString());
        assertTrue(r.out.contains("== kernel_smooth: PASS"), r.toString());
    }

    /** The suite's file {@code name} with {@code from} replaced by {@code to}, in the scratch folder. */
    private Path rewrite(String name, String from, String to) throws IOException {
        Path file = dir.resolve(name);
        String text = Files.readString(file);
        assertTrue(text.contains(from), from + " in " + name);
        Files.writeString(file, text.replace(from, to));
        return file;
    }

    /** The 1-based number of the first line of {@code file} that contains {@code needle}. */
    private static int lineOf(Path file, String needle) throws IOException {
        List<String> lines = Files.readAllLines(file);
        for (int k = 0; k < lines.size(); k++) {
            if (lines.get(k).contains(needle)) {
                return k + 1;
            }
        }
        throw new AssertionError(needle + " not in " + file);
    }
}
