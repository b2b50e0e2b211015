package org.paradjoint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.paradjoint.testsupport.Gcc;
import org.paradjoint.testsupport.Gfortran;
import org.paradjoint.testsupport.Processes;
import org.paradjoint.testsupport.Repo;
import org.paradjoint.testsupport.ScratchDir;

/** The happy paths of the command line on the shipped examples. */
class CommandLineTest {

    private static Path copyToScratch(Path dir, String relative) throws IOException {
        Path source = Repo.examples().resolve(relative);
        return Files.copy(source, dir.resolve(source.getFileName()));
    }

    @Test
    void differentiateWritesTheAdjointNextToTheSource() throws IOException {
        Path dir = ScratchDir.create("paradjoint-cli-test");
        try {
            Path file = copyToScratch(dir, "formad/gather3.c");
            CliRun r = CliRun.of("differentiate", file.toString());
            assertEquals(0, r.status, r.toString());
            String text = Files.readString(dir.resolve("gather3_b.c"));
            assertTrue(text.contains("void gather3_b(int n, double *y, double *yb, const double *x, double *xb)"), text);
            assertTrue(r.out.contains("gather3_b.c"), r.toString());
        } finally {
            ScratchDir.delete(dir);
        }
    }

    /** Every route's file compiles as written: includes, runtime and prototypes are the file's own. */
    @ParameterizedTest
    @CsvSource({"formad/compact3.c, ''", "formad/compact3.c, --no-race-analysis", "formad/compact3.c, --mode=tangent",
            "formad/compact17.c, ''", "formad/compact17.c, --no-race-analysis", "formad/greengauss.c, ''",
            "formad/gfmc.c, ''", "formad/lbm_stream.c, ''", "formad/indirect.c, --no-race-analysis",
            "stencil/burgers1d.c, ''", "stencil/burgers1d.c, --mode=tangent", "stencil/wave3d.c, ''"})
    void generatedFilesCompileStrictly(String example, String option) throws IOException {
        Path dir = ScratchDir.create("paradjoint-cli-test");
        try {
            Path file = copyToScratch(dir, example);
            Path out = dir.resolve("generated.c");
            List<String> args = new ArrayList<>(List.of("differentiate", file.toString(), "-o", out.toString()));
            if (!option.isEmpty()) {
                args.addAll(List.of(option.split("=")));
            }
            CliRun r = CliRun.of(args.toArray(String[]::new));
            assertEquals(0, r.status, r.toString());
            Gcc.require();
            Processes.Result gcc = Processes.exec(List.of("gcc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-fopenmp",
                    "-c", out.toString(), "-o", dir.resolve("generated.o").toString()), dir, Map.of(), 120);
            assertEquals(0, gcc.exitCode(), gcc.output() + "\n" + Files.readString(out));
        } finally {
            ScratchDir.delete(dir);
        }
    }

    @Test
    void tangentModeWritesTheTangentFile() throws IOException {
        Path dir = ScratchDir.create("paradjoint-cli-test");
        try {
            Path file = copyToScratch(dir, "stencil/wave3d.c");
            CliRun r = CliRun.of("differentiate", "--mode", "tangent", file.toString());
            assertEquals(0, r.status, r.toString());
            String text = Files.readString(dir.resolve("wave3d_d.c"));
            assertTrue(text.contains("void wave3d_d(int n, double D, double u[n][n][n], double ud[n][n][n]"), text);
        } finally {
            ScratchDir.delete(dir);
        }
    }

    @Test
    void outputDashPrintsToStandardOutput() throws IOException {
        Path dir = ScratchDir.create("paradjoint-cli-test");
        try {
            Path file = copyToScratch(dir, "formad/indirect.c");
            CliRun r = CliRun.of("differentiate", file.toString(), "-o", "-");
            assertEquals(0, r.status, r.toString());
            assertTrue(r.out.contains("void indirect_b("), r.toString());
            try (var files = Files.list(dir)) {
                assertEquals(1, files.count());
            }
        } finally {
            ScratchDir.delete(dir);
        }
    }

    @Test
    void checkRunPassesOnAnExample() throws IOException {
        Path dir = ScratchDir.create("paradjoint-cli-test");
        try {
            Path file = copyToScratch(dir, "formad/indirect.c");
            Gcc.require();
            CliRun r = CliRun.of("check", file.toString(), "--function", "indirect", "--set", "n=40", "--index",
                    "c=perm:n", "--run", "--threads", "1,2");
            assertEquals(0, r.status, r.toString());
            assertEquals(2, r.out.lines().filter(l -> l.equals("PASS")).count(), r.toString());
            assertTrue(Files.exists(dir.resolve("indirect_check.c")));
            assertTrue(Files.exists(dir.resolve("indirect_b.c")));
            assertTrue(Files.exists(dir.resolve("indirect_d.c")));
        } finally {
            ScratchDir.delete(dir);
        }
    }

    @Test
    void analyzeReportsVerdictsPerLoopAndArray() throws IOException {
        Path dir = ScratchDir.create("paradjoint-cli-test");
        try {
            Path file = copyToScratch(dir, "formad/gfmc.c");
            CliRun r = CliRun.of("analyze", file.toString());
            assertEquals(0, r.status, r.toString());
            assertTrue(r.out.contains("crb: 8 increments, SAFE"), r.toString());
            assertTrue(r.out.contains("crb: 1 increment, UNSAFE"), r.toString());
            assertTrue(r.out.contains("no primal write pins flip[ig]"), r.toString());
            assertTrue(r.out.contains("counterexample"), r.toString());
        } finally {
            ScratchDir.delete(dir);
        }
    }

    @Test
    void analyzeAndDifferentiateReportTheInterchangedAdjointNest() throws IOException {
        Path dir = ScratchDir.create("paradjoint-cli-test");
        try {
            Path file = dir.resolve("colsum.c");
            Files.writeString(file, """
                    void colsum(int m, int n, const double A[m][n], const double t[m], double y[n])
                    {
                        int i, j;
                    #pragma ad gradient(y : A, t)
                    #pragma omp parallel for private(i, j)
                        for (j = 0; j < n; j++) {
                            y[j] = 0.0;
                            for (i = 0; i < m; i++)
                                y[j] = y[j] + A[i][j] * t[i];
                        }
                    }
                    """);
            CliRun a = CliRun.of("analyze", file.toString());
            assertEquals(0, a.status, a.toString());
            assertTrue(a.out.contains("loop order of the adjoints (reverse mode):\n  " + file + ":6:5: the adjoint loops"
                    + " over j and i are interchanged, the loop over i outside, because the innermost loop walks the"
                    + " last dimension of Ab, A (contiguous), and each iteration of the parallel loop over i owns the"
                    + " elements it increments (Ab, tb)"), a.toString());
            // the primal order's verdict stays, but nothing is accumulated per thread any more
            assertTrue(a.out.contains("tb: 1 increment, UNSAFE"), a.toString());
            assertFalse(a.out.contains("accumulated per thread"), a.toString());
            CliRun d = CliRun.of("differentiate", file.toString(), "-o", "-");
            assertEquals(0, d.status, d.toString());
            assertFalse(d.err.contains("warning"), d.toString());
            assertTrue(d.err.contains(file + ":9:37: info: increments of 'tb' that may collide in the primal loop's"
                    + " order are owned by the iterations of the interchanged adjoint loop over i"), d.toString());
            assertFalse(d.out.contains("pa_thread_part"), d.toString());
            assertTrue(d.out.contains("tb[i] += pa_sum;"), d.toString());
        } finally {
            ScratchDir.delete(dir);
        }
    }

    @Test
    void unsafeIncrementsAreWarningsAndStayAtomicUnlessGathered() throws IOException {
        Path dir = ScratchDir.create("paradjoint-cli-test");
        try {
            Path file = copyToScratch(dir, "formad/gather3.c");
            CliRun r = CliRun.of("differentiate", file.toString(), "-o", "-", "--race-strategy", "atomic");
            assertEquals(0, r.status, r.toString());
            assertEquals(3, r.err.lines().filter(l -> l.startsWith(file + ":12:") && l.contains(": warning: adjoint increment xb[")).count(), r.toString());
            assertEquals(3, r.out.lines().filter(l -> l.strip().equals("#pragma omp atomic")).count(), r.toString());
            // by default the increments are written as a gather: information instead of warnings
            CliRun d = CliRun.of("differentiate", file.toString(), "-o", "-");
            assertEquals(0, d.status, d.toString());
            assertEquals(3, d.err.lines().filter(l -> l.contains(": info: written as a gather (each iteration of a "
                    + "loop of its own sums what reaches its element, no atomic): adjoint increment xb[")).count(),
                    d.toString());
            assertFalse(d.err.contains("warning"), d.toString());
            assertFalse(d.out.contains("omp atomic"), d.toString());
            assertFalse(d.out.contains("pa_thread_part"), d.toString());
            assertTrue(d.out.contains("xb[i] += y"), d.toString());
            // a neighbour that is no constant offset cannot be gathered, nor (x has no declared length
            // for the modulo) accumulated per thread: the increments stay atomic, with warnings saying why
            Files.writeString(file, Files.readString(file).replace("x[i + 1]", "x[(i + 1) % n]"));
            CliRun w = CliRun.of("differentiate", file.toString(), "-o", "-");
            assertEquals(0, w.status, w.toString());
            assertTrue(w.err.contains("warning: adjoint 'xb' keeps omp atomic on its unsafe increments"), w.toString());
            assertEquals(3, w.out.lines().filter(l -> l.strip().equals("#pragma omp atomic")).count(), w.toString());
        } finally {
            ScratchDir.delete(dir);
        }
    }

    @Test
    void provenIncrementsArePlain() throws IOException {
        Path dir = ScratchDir.create("paradjoint-cli-test");
        try {
            Path file = copyToScratch(dir, "formad/indirect.c");
            CliRun proven = CliRun.of("differentiate", file.toString(), "-o", "-");
            assertEquals(0, proven.status, proven.toString());
            assertTrue(proven.out.contains("xb[c[i] + 7] += yb[c[i]];"), proven.toString());
            assertTrue(!proven.out.contains("omp atomic"), proven.toString());
            CliRun baseline = CliRun.of("differentiate", file.toString(), "-o", "-", "--no-race-analysis");
            assertTrue(baseline.out.contains("omp atomic"), baseline.toString());
        } finally {
            ScratchDir.delete(dir);
        }
    }

    @Test
    void separableModeWritesTheSparseGradientAndItsSupportFiles() throws IOException {
        Path dir = ScratchDir.create("paradjoint-cli-test");
        try {
            Path file = copyToScratch(dir, "separable/torsion.c");
            CliRun r = CliRun.of("differentiate", "--mode", "separable", file.toString());
            assertEquals(0, r.status, r.toString());
            String text = Files.readString(dir.resolve("torsion_ps.c"));
            assertTrue(text.contains("torsion_f_grad_ps("), text);
            // added straight into the gradient; the colours per elemental, fixed when the code was written
            assertTrue(r.err.contains("with 3 directions") && r.err.contains("would take 4 colours")
                    && r.err.contains("colours per elemental: fquad 4, flin 4"), r.toString());
            assertTrue(Files.exists(dir.resolve("torsion_ps.h")));
            assertTrue(Files.exists(dir.resolve("paradjoint_ps.h")));
        } finally {
            ScratchDir.delete(dir);
        }
    }

    @Test
    void benchTimesAFortranKernel() throws IOException {
        Gfortran.require();
        Path dir = ScratchDir.create("paradjoint-cli-test");
        try {
            Path file = copyToScratch(dir, "fortran/stencil1d.f90");
            CliRun r = CliRun.of("bench", file.toString(), "--kernel", "stencil1d", "--sizes", "300", "--threads",
                    "1,2", "--variants", "primal,adjoint-stencil", "--repetitions", "2", "--fc", "gfortran");
            assertEquals(0, r.status, r.toString());
            List<String> csv = Files.readAllLines(dir.resolve("stencil1d_timing.csv"));
            assertEquals(5, csv.size(), csv.toString());
            assertTrue(csv.get(3).startsWith("adjoint-stencil,300,1,2,"), csv.toString());
            assertTrue(r.out.contains("$ gfortran -O2 -fopenmp -o "), r.toString());
        } finally {
            ScratchDir.delete(dir);
        }
    }

    @Test
    void benchPrintsTheSpreadAndWarnsAboutASizeTooSmallToTime() throws IOException {
        Path dir = ScratchDir.create("paradjoint-cli-test");
        try {
            Path file = copyToScratch(dir, "stencil/stencil1d.c");
            Gcc.require();
            CliRun r = CliRun.of("bench", file.toString(), "--kernel", "stencil1d", "--sizes", "300", "--threads", "1",
                    "--variants", "primal", "--repetitions", "3");
            assertEquals(0, r.status, r.toString());
            assertTrue(r.out.lines().anyMatch(l -> l.matches("variant +size +threads +calls +min +median +max +speed-up")),
                    r.toString());
            // 300 points take microseconds: many calls per measurement, and a warning that stays visible on stderr
            String row = r.out.lines().filter(l -> l.startsWith("primal ")).findFirst().orElseThrow();
            assertTrue(Long.parseLong(row.split(" +")[3]) > 1, row);
            assertTrue(row.matches("primal +300 +1 +\\d+ +[0-9.]+ us +[0-9.]+ us +[0-9.]+ us +1\\.00"), row);
            assertTrue(r.err.startsWith("warning: size 300 is too small to time: primal with 1 thread ("), r.toString());
            List<String> csv = Files.readAllLines(dir.resolve("stencil1d_timing.csv"));
            assertTrue(csv.get(0).contains(",min_s,median_s,max_s,"), csv.toString());
        } finally {
            ScratchDir.delete(dir);
        }
    }

    @Test
    void stencilPragmaGivesAGatherAdjoint() throws IOException {
        Path dir = ScratchDir.create("paradjoint-cli-test");
        try {
            Path file = copyToScratch(dir, "stencil/stencil1d.c");
            CliRun r = CliRun.of("differentiate", file.toString(), "-o", "-");
            assertEquals(0, r.status, r.toString());
            assertTrue(r.out.contains("for (i = 2; i <= n - 2; i++)"), r.toString());
            assertTrue(!r.out.contains("omp atomic"), r.toString());
        } finally {
            ScratchDir.delete(dir);
        }
    }
}
