package org.paradjoint.pipeline.timing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.paradjoint.testsupport.Gcc;
import org.paradjoint.testsupport.Gfortran;
import org.paradjoint.testsupport.Mpi;
import org.paradjoint.testsupport.Repo;
import org.paradjoint.testsupport.ScratchDir;

class TimingRunnerTest {

    private static Path copy(String example) throws IOException {
        Path dir = ScratchDir.deletedAtExit("paradjoint-timing");
        Path file = dir.resolve(Path.of(example).getFileName());
        Files.writeString(file, Repo.example(example), StandardCharsets.UTF_8);
        return file;
    }

    @Test
    void oneRowPerVariantAndThreadCount() throws Exception {
        Path src = copy("stencil/stencil1d.c");
        TimingConfig config = TimingConfig.of(src, "stencil1d", List.of(500L), List.of(1, 2)).withRepetitions(2);
        List<String> lines = new ArrayList<>();
        Gcc.require();
        TimingResult result = new TimingRunner(lines::add).run(config, () -> false);

        Set<String> variants = result.rows().stream().map(TimingRow::variant).collect(Collectors.toSet());
        // stencil1d carries an `ad stencil` pragma: the adjoint-stencil generator adds its variant.
        assertEquals(Set.of("primal", "adjoint", "adjoint-atomic", "adjoint-reduction", "tangent", "adjoint-stencil"),
                variants);
        assertEquals(variants.size() * 2, result.rows().size());
        for (TimingRow r : result.rows()) {
            assertSpread(r);
            assertEquals(2, r.repetitions());
            assertEquals(500, r.size());
            assertMeasurementLastsLongEnoughToTime(r);
        }
        // a few microseconds a call: timed, but said to be too small
        assertEquals(1, result.warnings().size(), result.warnings().toString());
        String warning = result.warnings().get(0);
        assertTrue(warning.startsWith("warning: size 500 is too small to time: primal with 1 thread ("), warning);
        assertTrue(warning.contains("tangent with 2 threads ("), warning);
        assertTrue(lines.contains(warning), lines.toString());
        assertEquals(src.getParent().resolve("stencil1d_timing.csv"), result.csv());
        List<String> csv = Files.readAllLines(result.csv());
        assertEquals(TimingRow.CSV_HEADER, csv.get(0));
        List<TimingRow> read = TimingRunner.readCsv(result.csv());
        assertEquals(result.rows().size(), read.size());
        for (int k = 0; k < read.size(); k++) {
            assertEquals(result.rows().get(k).variant(), read.get(k).variant());
            assertEquals(result.rows().get(k).threads(), read.get(k).threads());
            assertEquals(result.rows().get(k).medianSeconds(), read.get(k).medianSeconds(),
                    1e-8 * result.rows().get(k).medianSeconds());
        }
        // every command is echoed, so a run can be repeated by hand: the probe with single calls, then the
        // measurement with the calls it chose
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("$ gcc -O2 -fopenmp -o ")), lines.toString());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("$ ") && l.contains(" OMP_NUM_THREADS=2 "
                + TimedCall.CALLS_VARIABLE + "=1 ")), lines.toString());
        TimingRow adjoint = result.rows().stream().filter(r -> r.variant().equals("adjoint")).findFirst().orElseThrow();
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("$ ") && l.contains(" OMP_NUM_THREADS=1 "
                + TimedCall.CALLS_VARIABLE + "=" + adjoint.callsPerMeasurement() + " ")), lines.toString());
    }

    @Test
    void aSizeLargeEnoughIsTimedWithoutWarning() throws Exception {
        Path src = copy("stencil/stencil1d.c");
        // two million points: a call takes milliseconds, far above the fixed cost of a parallel loop
        TimingConfig config = TimingConfig.of(src, "stencil1d", List.of(2_000_000L), List.of(1)).withRepetitions(3)
                .withVariants(List.of("primal", "adjoint"));
        Gcc.require();
        TimingResult result = new TimingRunner(null).run(config, null);
        assertEquals(List.of(), result.warnings());
        for (TimingRow r : result.rows()) {
            assertSpread(r);
            assertMeasurementLastsLongEnoughToTime(r);
        }
    }

    @Test
    void callsPerMeasurementMakeAMeasurementLastFiftyMilliseconds() {
        assertEquals(new CallsPerMeasurement(2000, true), CallsPerMeasurement.forCall(2.5e-5));
        assertEquals(new CallsPerMeasurement(100, false), CallsPerMeasurement.forCall(5e-4));
        assertEquals(new CallsPerMeasurement(2, false), CallsPerMeasurement.forCall(0.03));
        assertEquals(new CallsPerMeasurement(1, false), CallsPerMeasurement.forCall(0.2));
        assertEquals(new CallsPerMeasurement(CallsPerMeasurement.MAX_CALLS, true), CallsPerMeasurement.forCall(1e-9));
        // a call below the clock's resolution reads as zero seconds
        assertEquals(new CallsPerMeasurement(CallsPerMeasurement.MAX_CALLS, true), CallsPerMeasurement.forCall(0));
        // a measurement is repeated when it falls short of half the target
        assertTrue(CallsPerMeasurement.longEnough(100, 5e-4));
        assertTrue(CallsPerMeasurement.longEnough(50, 5e-4));
        assertFalse(CallsPerMeasurement.longEnough(20, 1.4e-5), "the probe's slow single calls misled");
        assertTrue(CallsPerMeasurement.longEnough(CallsPerMeasurement.MAX_CALLS, 1e-9));
    }

    private static void assertSpread(TimingRow r) {
        assertTrue(r.minSeconds() > 0 && r.minSeconds() <= r.medianSeconds() && r.medianSeconds() <= r.maxSeconds()
                && r.minSeconds() <= r.meanSeconds() && r.meanSeconds() <= r.maxSeconds(), r.toString());
    }

    /**
     * Calls per measurement come from a probe of single (cold) calls, and calls timed back to back run
     * faster: a measurement need not reach the full 50 ms, but single microsecond calls would be far below.
     */
    private static void assertMeasurementLastsLongEnoughToTime(TimingRow r) {
        assertTrue(r.callsPerMeasurement() >= 1, r.toString());
        assertTrue(r.callsPerMeasurement() * r.medianSeconds() >= 0.01
                || r.callsPerMeasurement() == CallsPerMeasurement.MAX_CALLS, r.toString());
    }

    @Test
    void aKernelReturningItsDependentIsTimedWithItsSeedLast() throws Exception {
        Path dir = ScratchDir.deletedAtExit("paradjoint-timing");
        Path src = dir.resolve("norm2.c");
        Files.writeString(src, """
                #pragma ad gradient(s : x)
                double norm2(const double *x, int n)
                {
                    double s = 0.0;
                    for (int i = 0; i < n; i++)
                        s += x[i] * x[i];
                    return s;
                }
                """, StandardCharsets.UTF_8);
        TimingConfig config = TimingConfig.of(src, "norm2", List.of(1000L), List.of(1)).withRepetitions(1);
        List<String> lines = new ArrayList<>();
        Gcc.require();
        TimingResult result = new TimingRunner(lines::add).run(config, null);
        assertEquals(List.of("primal", "adjoint", "adjoint-atomic", "adjoint-reduction"),
                result.rows().stream().map(TimingRow::variant).toList());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("not timed: tangent (tangent mode differentiates void "
                + "functions only")), lines.toString());
        String driver = Files.readString(config.workDir().resolve("size-1000").resolve("adjoint").resolve("driver.c"));
        assertTrue(driver.contains("norm2_b((void *) arg_x, (void *) arg_xb, arg_n, arg_sb);"), driver);
    }

    /**
     * A kernel that communicates is built with mpicc and run under mpirun once per rank count and
     * thread count; every rank draws its own data, and rank 0 reports the slowest rank's time.
     */
    @Test
    void aKernelThatCommunicatesIsTimedOnEveryRankCount() throws Exception {
        Mpi.require();
        Gcc.require(); // mpicc builds with it
        Path dir = ScratchDir.deletedAtExit("paradjoint-timing-mpi");
        Path src = dir.resolve("ring.c");
        Files.writeString(src, """
                #include <mpi.h>
                #pragma ad gradient(f : x)
                void ring(int n, const double *x, double *f, MPI_Comm comm)
                {
                    int rank, size;
                    MPI_Comm_rank(comm, &rank);
                    MPI_Comm_size(comm, &size);
                    double s = 0.0, t = 0.0;
                    for (int i = 0; i < n; i++)
                        s += x[i] * x[i];
                    MPI_Sendrecv(&s, 1, MPI_DOUBLE, (rank + 1) % size, 0, &t, 1, MPI_DOUBLE, (rank + size - 1) % size, 0,
                                 comm, MPI_STATUS_IGNORE);
                    s = s * t;
                    MPI_Allreduce(&s, f, 1, MPI_DOUBLE, MPI_SUM, comm);
                }
                """, StandardCharsets.UTF_8);
        TimingConfig config = TimingConfig.of(src, "ring", List.of(2000L), List.of(1, 2)).withRepetitions(2)
                .withVariants(List.of("primal", "adjoint")).withRanks(List.of(1, 2));
        List<String> lines = new ArrayList<>();
        TimingResult result = new TimingRunner(lines::add).run(config, null);
        assertEquals(List.of("primal 1x1", "primal 1x2", "primal 2x1", "primal 2x2", "adjoint 1x1", "adjoint 1x2",
                "adjoint 2x1", "adjoint 2x2"), result.rows().stream().map(r -> r.variant() + " " + r.ranks() + "x"
                        + r.threads()).toList());
        result.rows().forEach(TimingRunnerTest::assertSpread);
        assertEquals(1.0, result.rows().get(2).relativeToPrimal(), 1e-12);
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("$ mpicc ")), lines.toString());
        assertTrue(lines.stream().anyMatch(l -> l.contains("mpirun --oversubscribe --bind-to none -np 2 ")),
                lines.toString());
        assertTrue(lines.contains("pa_ranks 2"), lines.toString());
        String driver = Files.readString(config.workDir().resolve("size-2000").resolve("adjoint").resolve("driver.c"));
        assertTrue(driver.contains("MPI_Comm arg_comm = MPI_COMM_WORLD;"), driver);
        assertTrue(driver.contains("MPI_Allreduce(MPI_IN_PLACE, &pa_sum, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);"),
                driver);
        assertTrue(TimingRunner.readCsv(config.csv()).stream().anyMatch(r -> r.ranks() == 2));

        TimingException e = assertThrows(TimingException.class, () -> new TimingRunner(null).run(
                TimingConfig.of(copy("formad/indirect.c"), "indirect", List.of(300L), List.of(1)).withRepetitions(1)
                        .withRanks(List.of(2)), null));
        assertTrue(e.getMessage().contains("indirect does not communicate"), e.getMessage());
    }

    @Test
    void chosenVariantsOnly() throws Exception {
        Path src = copy("formad/indirect.c");
        TimingConfig config = TimingConfig.of(src, "indirect", List.of(300L), List.of(1)).withRepetitions(1)
                .withVariants(List.of("primal", "adjoint"));
        Gcc.require();
        TimingResult result = new TimingRunner(null).run(config, null);
        assertEquals(List.of("primal", "adjoint"), result.rows().stream().map(TimingRow::variant).toList());
        assertEquals(1.0, result.rows().get(0).relativeToPrimal(), 1e-12);
    }

    @Test
    void sparseGradientIsTimedLikeTheOtherVariants() throws Exception {
        Path src = copy("separable/torsion.c");
        // torsion reads x through its helper val(): the length nx * ny is given, as a user gives it
        TimingConfig config = TimingConfig.of(src, "torsion_f", List.of(12L), List.of(1, 2)).withRepetitions(2)
                .withFixed(Map.of("x", 144L));
        List<String> lines = new ArrayList<>();
        Gcc.require();
        TimingResult result = new TimingRunner(lines::add).run(config, null);
        // only partial separability is annotated: the primal and the sparse gradient apply
        assertEquals(List.of("primal", "primal", "separable-gradient", "separable-gradient"),
                result.rows().stream().map(TimingRow::variant).toList());
        for (TimingRow r : result.rows()) {
            assertTrue(r.minSeconds() > 0 && r.minSeconds() <= r.medianSeconds(), r.toString());
        }
        Path dir = config.workDir().resolve("size-12").resolve("separable-gradient");
        assertTrue(Files.isRegularFile(dir.resolve("torsion_ps.h")) && Files.isRegularFile(dir.resolve(
                "paradjoint_ps.h")), "the headers torsion_ps.c includes are written beside it");
        String driver = Files.readString(dir.resolve("driver.c"));
        assertTrue(driver.contains("torsion_f_grad_ps(int nx, int ny, const double *x, double *xb, double c, "
                + "double *f);"), driver);
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("$ gcc ") && l.endsWith("torsion_ps.c -lm")),
                lines.toString());
    }

    @Test
    void badConfigurationsAreExplained() throws Exception {
        Path src = copy("stencil/stencil1d.c");
        TimingConfig base = TimingConfig.of(src, "stencil1d", List.of(100L), List.of(1)).withRepetitions(1);
        TimingException unknown = assertThrows(TimingException.class,
                () -> new TimingRunner(null).run(base.withVariants(List.of("fastest")), null));
        assertTrue(unknown.getMessage().contains("unknown variant 'fastest'"), unknown.getMessage());
        TimingException kernel = assertThrows(TimingException.class, () -> new TimingRunner(null)
                .run(TimingConfig.of(src, "nope", List.of(100L), List.of(1)), null));
        assertTrue(kernel.getMessage().contains("no function 'nope'"), kernel.getMessage());
        TimingException size = assertThrows(TimingException.class,
                () -> new TimingRunner(null).run(base.withSizeParameter("m"), null));
        assertTrue(size.getMessage().contains("'m' is not an integer parameter"), size.getMessage());
        assertThrows(IllegalArgumentException.class, () -> TimingConfig.of(src, "stencil1d", List.of(), List.of(1)));
    }

    @Test
    void fortranKernelsAreTimedWithFortranVariantsAndDriver() throws Exception {
        Gfortran.require();
        Path src = copy("fortran/stencil1d.f90");
        List<String> chosen = List.of("primal", "adjoint-stencil", "adjoint", "tangent");
        TimingConfig config = TimingConfig.of(src, "stencil1d", List.of(400L), List.of(1, 2)).withRepetitions(2)
                .withVariants(chosen);
        List<String> lines = new ArrayList<>();
        TimingResult result = new TimingRunner(lines::add).run(config, () -> false);

        List<String> expected = new ArrayList<>();
        chosen.forEach(v -> expected.addAll(List.of(v, v)));
        assertEquals(expected, result.rows().stream().map(TimingRow::variant).toList());
        assertEquals(List.of(1, 2, 1, 2, 1, 2, 1, 2), result.rows().stream().map(TimingRow::threads).toList());
        for (TimingRow r : result.rows()) {
            assertSpread(r);
            assertMeasurementLastsLongEnoughToTime(r);
            assertEquals(2, r.repetitions());
            assertEquals(400, r.size());
        }
        assertEquals(result.rows().size(), TimingRunner.readCsv(result.csv()).size());
        // the variants are Fortran, compiled with gfortran together with a Fortran driver that
        // allocates the arrays with the dummies' bounds, u(0:n) at n = 400
        Path dir = config.workDir().resolve("size-400");
        assertTrue(Files.readString(dir.resolve("adjoint-stencil").resolve("stencil1d_b.f90"))
                .contains("subroutine stencil1d_b(n, r, rb, c, u, ub)"));
        String driver = Files.readString(dir.resolve("tangent").resolve("driver.f90"));
        assertTrue(driver.contains("allocate(arg_ud(0:400))") && driver.contains("call stencil1d_d("), driver);
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("$ gfortran -O2 -fopenmp -o ")
                && l.endsWith("stencil1d_d.f90 " + dir.resolve("tangent").resolve("driver.f90"))), lines.toString());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("$ ") && l.contains(" OMP_NUM_THREADS=2 ")),
                lines.toString());
    }

    @Test
    void fortranIndexArraysHoldIndicesFromOne() throws Exception {
        Gfortran.require();
        Path src = copy("fortran/indirect.f90");
        // c(n) holds a permutation of 1..n; y(*) and x(*) are sized from y(c(i)) and x(c(i) + 7)
        TimingConfig config = TimingConfig.of(src, "indirect", List.of(300L), List.of(1)).withRepetitions(1)
                .withVariants(List.of("primal", "adjoint")).withCompiler("gcc", List.of("-O1", "-fcheck=bounds"));
        List<String> lines = new ArrayList<>();
        TimingResult result = new TimingRunner(lines::add).run(config, null);
        assertEquals(List.of("primal", "adjoint"), result.rows().stream().map(TimingRow::variant).toList());
        assertTrue(lines.contains("== indirect at n=300; arrays y[300], x[307], c[300]"), lines.toString());
    }

    @Test
    void sparseGradientOfFortranIsNotTimed() throws Exception {
        Path src = copy("fortran/torsion.f90");
        TimingConfig config = TimingConfig.of(src, "torsion_f", List.of(12L), List.of(1)).withRepetitions(1)
                .withVariants(List.of("primal", "separable-gradient")).withFixed(Map.of("x", 144L));
        TimingException e = assertThrows(TimingException.class, () -> new TimingRunner(null).run(config, null));
        assertTrue(e.getMessage().startsWith("variant 'separable-gradient' is not timed for Fortran sources"),
                e.getMessage());
    }

    @Test
    void fortranModuleProceduresAreExplained() throws Exception {
        Path dir = ScratchDir.deletedAtExit("paradjoint-timing");
        Path src = dir.resolve("scale.f90");
        Files.writeString(src, """
                module kernels
                contains
                  subroutine scale(n, x)
                    integer, intent(in) :: n
                    real(8), intent(inout) :: x(n)
                    integer :: i
                    do i = 1, n
                      x(i) = 2.0d0 * x(i)
                    end do
                  end subroutine scale
                end module kernels
                """, StandardCharsets.UTF_8);
        TimingException e = assertThrows(TimingException.class, () -> new TimingRunner(null)
                .run(TimingConfig.of(src, "scale", List.of(10L), List.of(1)), null));
        assertTrue(e.getMessage().contains("'scale' is a procedure of module 'kernels'"), e.getMessage());
    }

    @Test
    void cancellationStopsTheRun() throws Exception {
        Path src = copy("stencil/stencil1d.c");
        TimingConfig config = TimingConfig.of(src, "stencil1d", List.of(100L), List.of(1)).withRepetitions(1);
        TimingException e = assertThrows(TimingException.class, () -> new TimingRunner(null).run(config, () -> true));
        assertTrue(e.getMessage().contains("cancelled"), e.getMessage());
    }

    @Test
    void rowsRoundTripThroughCsv() {
        TimingRow r = new TimingRow("adjoint", 1000, 2, 5, 40, 1.5e-3, 2e-3, 3e-3, 2.2e-3, 1.8, Double.NaN, 4);
        TimingRow back = TimingRow.parse(r.toCsv());
        assertEquals(4, back.ranks());
        // a CSV written before the ranks column: one rank
        assertEquals(1, TimingRow.parse(r.toCsv().substring(0, r.toCsv().lastIndexOf(','))).ranks());
        assertEquals(r.variant(), back.variant());
        assertEquals(40, back.callsPerMeasurement());
        assertEquals(r.minSeconds(), back.minSeconds(), 1e-12);
        assertEquals(r.medianSeconds(), back.medianSeconds(), 1e-12);
        assertEquals(r.maxSeconds(), back.maxSeconds(), 1e-12);
        assertTrue(Double.isNaN(back.relativeToPrimal()));
        assertThrows(IllegalArgumentException.class, () -> TimingRow.parse("adjoint,1000,2,5,1.5e-3,2e-3"));
    }
}
