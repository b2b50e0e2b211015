package org.paradjoint.fortran.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.paradjoint.core.check.CheckReport;
import org.paradjoint.core.check.CheckSpec;
import org.paradjoint.core.check.DriverRunner;
import org.paradjoint.core.transform.FileResult;
import org.paradjoint.core.transform.Mode;
import org.paradjoint.fortran.check.FortranCheckDriverGenerator;
import org.paradjoint.fortran.check.FortranCheckPipeline;
import org.paradjoint.fortran.check.FortranDriverRunner;
import org.paradjoint.testsupport.Mpi;
import org.paradjoint.testsupport.Repo;
import org.paradjoint.testsupport.ScratchDir;

/**
 * Every annotated procedure of the Fortran examples of {@code examples/mpi} ({@code use mpi} and
 * {@code use mpi_f08}): tangent and adjoint generated, the check driver built with {@code mpif90
 * -std=f2008 -Wall -Werror -fopenmp -fcheck=bounds} and run under {@code mpirun} with 1, 2 and 4
 * ranks and 1 and 2 OpenMP threads per rank; the global dot-product test must hold to 1e-12 and
 * the finite-difference test to 1e-6. Each rule of core's {@code MpiAdjoints} that Fortran reads has
 * a procedure in {@code rules.f90}, the same as {@code rules.c}.
 */
class MpiExamplesTest {

    record Example(String file, String procedure, String options) {
        CheckSpec spec() {
            return CheckSpec.parse(options.split("\\s+"));
        }
    }

    private static final List<String> RULES = List.of("chain", "halo", "halo_nonblocking", "collect_any",
            "collect_any_nonblocking", "broadcast", "reduce", "gather", "extrema", "products");

    /** How to check each example; the same options work with {@code paradjoint check ... --run --ranks 1,2,4}. */
    static final List<Example> EXAMPLES = examples();

    private static List<Example> examples() {
        List<Example> out = new ArrayList<>();
        for (String file : List.of("mpi/rules.f90", "mpi/rules_f08.f90")) {
            for (String p : RULES) {
                out.add(new Example(file, p, p.equals("gather") ? "--set n=5 --extent all=20" : "--set n=12"));
            }
        }
        out.add(new Example("mpi/heat.f90", "heat", "--set ny=12 --set nc=5 --set steps=3"));
        return out;
    }

    static Stream<String> files() {
        return EXAMPLES.stream().map(Example::file).distinct();
    }

    private Path work;

    @BeforeEach
    void createScratch() {
        work = ScratchDir.create("paradjoint-fortran-mpi");
    }

    @AfterEach
    void deleteScratch() {
        ScratchDir.delete(work);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void derivativesPassTheChecksOnEveryRankCount(String file) throws IOException {
        Mpi.requireFortran();
        List<Example> rows = EXAMPLES.stream().filter(e -> e.file().equals(file)).toList();
        List<String> problems = failuresOnRanks(work, Repo.examples().resolve(file),
                fn -> rows.stream().filter(r -> r.procedure().equals(fn)).map(Example::spec).findFirst().orElse(null),
                rows.stream().map(Example::procedure).toList());
        if (!problems.isEmpty()) {
            fail(problems.size() + " failing checks:\n" + String.join("\n", problems));
        }
    }

    /**
     * Builds the driver of {@code source} in {@code dir} and runs it on 1, 2 and 4 ranks with 1 and
     * 2 threads: what failed (each procedure of {@code procedures} must pass every run).
     */
    static List<String> failuresOnRanks(Path dir, Path source, Function<String, CheckSpec> specs,
            List<String> procedures) throws IOException {
        String name = source.getFileName().toString();
        var runner = new FortranDriverRunner("gfortran", 300);
        FortranCheckPipeline.Built built = FortranCheckPipeline.build(dir, name, Files.readString(source),
                Generated::file, specs, runner, "-fcheck=bounds");
        if (built.stage() != FortranCheckPipeline.Stage.BUILT) {
            return List.of(built.stage() + "\n" + built.problem() + "\n" + listing(dir, name));
        }
        List<String> problems = new ArrayList<>();
        for (int ranks : new int[] {1, 2, 4}) {
            for (int threads : new int[] {1, 2}) {
                DriverRunner.Outcome run = runner.withMpi().runRanks(built.executable(), ranks, threads, Map.of());
                for (String p : procedures) {
                    CheckReport.Result r = run.report().result(p);
                    if (r == null || !r.passed()) {
                        problems.add(p + " on " + ranks + " ranks, " + threads + " threads:\n" + run.text());
                    }
                }
                if (run.exitCode() != 0 && problems.isEmpty()) {
                    problems.add(ranks + " ranks, " + threads + " threads: exit " + run.exitCode() + "\n" + run.text());
                }
            }
        }
        return problems;
    }

    static String listing(Path dir, String file) {
        StringBuilder sb = new StringBuilder();
        for (String f : FortranCheckDriverGenerator.includesFor(file)) {
            try {
                Path p = dir.resolve(f);
                if (Files.exists(p)) {
                    sb.append("---- ").append(f).append('\n').append(Files.readString(p));
                }
            } catch (IOException e) {
                sb.append(e);
            }
        }
        return sb.toString();
    }

    /** Each rule shows in the adjoint as its reversal, on the derivative communicator. */
    @Test
    void theAdjointReversesEachCall() throws IOException {
        var unit = Fortran.ok(Files.readString(Repo.examples().resolve("mpi/rules.f90")));
        FileResult adjoint = Generated.file(unit, Mode.REVERSE);
        String b = adjoint.text();
        for (String reversal : List.of("call pa_mpi_send_b(", "call pa_mpi_recv_b(", "call pa_mpi_sendrecv_b(",
                "call pa_mpi_allreduce_sum_b(", "call pa_mpi_reduce_sum_b(", "call pa_mpi_bcast_b(",
                "call pa_mpi_gather_b(", "call pa_mpi_scatter_b(", "call pa_mpi_allgather_b(",
                "call pa_mpi_record_weights(", "call pa_mpi_reduction_b(", "call MPI_Barrier(comm, pa_mpi_ierr)",
                "call pa_mpi_isend_b_post(", "call pa_mpi_isend_b_wait(pa_isend_req(1))", "call pa_mpi_irecv_b_post(",
                "call pa_mpi_irecv_b_wait(", "module pa_mpi_chain_b",
                "call pa_mpi_record_match(pa_t, pa_recv_status(MPI_SOURCE), pa_recv_status(MPI_TAG))",
                "call pa_mpi_recv_matched_b(pa_t, ", "integer :: pa_recv_status(MPI_STATUS_SIZE)", "use pa_mpi_chain_b", "use paradjoint_tape")) {
            assertTrue(b.contains(reversal), () -> "no " + reversal + " in\n" + b);
        }
        String d = Generated.file(unit, Mode.TANGENT).text();
        for (String tangent : List.of("pa_mpi_derivative_comm(comm)", "call pa_mpi_reduction_d(",
                "call MPI_Wait(pa_isend_req(1), MPI_STATUS_IGNORE, pa_mpi_ierr)", "module pa_mpi_chain_d",
                "MPI_DOUBLE_PRECISION, pa_recv_status(MPI_SOURCE)", "pa_recv_status(MPI_TAG)")) {
            assertTrue(d.contains(tangent), () -> "no " + tangent + " in\n" + d);
        }
        // a tangent needs no tape: its module leaves out the reversals that record on one
        assertTrue(!d.contains("paradjoint_tape"), d);
    }

    /** Under mpi_f08 the run-time module gets the handles' MPI_VAL, and MPI routines a type(MPI_Comm). */
    @Test
    void f08HandlesPassTheirValuesToTheRuntime() throws IOException {
        var unit = Fortran.ok(Files.readString(Repo.examples().resolve("mpi/rules_f08.f90")));
        String b = Generated.file(unit, Mode.REVERSE).text();
        String d = Generated.file(unit, Mode.TANGENT).text();
        for (String text : List.of("use mpi_f08", "type(MPI_Comm), intent(in) :: comm", "comm%MPI_VAL",
                "type(MPI_Request) :: pa_isend_req(0:1)", "MPI_MAX%MPI_VAL",
                "pa_recv_status%MPI_SOURCE, pa_recv_status%MPI_TAG")) {
            assertTrue(b.contains(text), () -> "no " + text + " in\n" + b);
        }
        assertTrue(d.contains("MPI_Comm(pa_mpi_derivative_comm(comm%MPI_VAL))"), d);
    }
}
