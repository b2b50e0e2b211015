package org.paradjoint.cdt.tests.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.paradjoint.core.check.CheckSpec;
import org.paradjoint.core.check.CheckSpecParser;
import org.paradjoint.testsupport.Mpi;
import org.paradjoint.testsupport.Repo;
import org.paradjoint.testsupport.ScratchDir;

/**
 * Every annotated function of {@code examples/mpi}: tangent and adjoint generated and compiled with
 * {@code mpicc -std=c11 -Wall -Wextra -Werror -fopenmp}, the check driver run under {@code mpirun}
 * with 1, 2 and 4 ranks (4 oversubscribe a small machine) and 1 and 2 OpenMP threads per rank; the
 * global dot-product test must hold to 1e-12 and the finite-difference test to 1e-6. Each rule of
 * {@code MpiAdjoints} has a function here (see {@code examples/mpi/rules.c}).
 */
class MpiExamplesTest {

    /** How to check each example; the same options work with {@code paradjoint check ... --run --ranks 1,2,4}. */
    static final List<Example> EXAMPLES = List.of(
            new Example("mpi/rules.c", "chain", "--set n=12"),
            new Example("mpi/rules.c", "halo", "--set n=12"),
            new Example("mpi/rules.c", "halo_nonblocking", "--set n=12"),
            new Example("mpi/rules.c", "chain_nonblocking", "--set n=12"),
            new Example("mpi/rules.c", "collect_any", "--set n=12"),
            new Example("mpi/rules.c", "collect_any_nonblocking", "--set n=12"),
            new Example("mpi/rules.c", "rows", "--set n=4 --set m=5"),
            new Example("mpi/rules.c", "shifts_in_helper", "--set n=6 --extent w=n"),
            new Example("mpi/rules.c", "broadcast", "--set n=12"),
            new Example("mpi/rules.c", "reduce", "--set n=12"),
            new Example("mpi/rules.c", "gather", "--set n=5 --extent all=20"),
            new Example("mpi/rules.c", "extrema", "--set n=12"),
            new Example("mpi/rules.c", "products", "--set n=12"),
            new Example("mpi/heat.c", "heat", "--set ny=12 --set nc=5 --set steps=3"));

    static final double DOT_TOLERANCE = 1e-12;
    static final double FD_TOLERANCE = 1e-6;

    record Example(String file, String function, String options) {
        CheckSpec spec() {
            return CheckSpecParser.parse(Arrays.asList(options.split("\\s+")));
        }
    }

    static Stream<String> files() {
        return EXAMPLES.stream().map(Example::file).distinct();
    }

    private Path work;

    @BeforeEach
    void createScratch() {
        work = ScratchDir.create("paradjoint-mpi-examples");
    }

    @AfterEach
    void deleteScratch() {
        ScratchDir.delete(work);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void derivativesPassTheChecksOnEveryRankCount(String file) throws IOException {
        Mpi.require();
        Path source = Repo.examples().resolve(file);
        String base = source.getFileName().toString().replaceFirst("\\.c$", "");
        List<Example> rows = EXAMPLES.stream().filter(e -> e.file().equals(file)).toList();
        CheckPipeline.Built built = CheckPipeline.build(work.resolve(base), base, Files.readString(source),
                fn -> rows.stream().filter(r -> r.function().equals(fn)).map(Example::spec).findFirst().orElse(null));
        if (built.stage() != CheckPipeline.Stage.PASSED) {
            fail(file + ": " + built.stage() + "\n" + built.problem() + "\n" + CheckPipeline.files(built, base, 200));
        }
        List<String> problems = CheckPipeline.failuresOnRanks(built, rows.stream().map(Example::function).toList(),
                DOT_TOLERANCE, FD_TOLERANCE, f -> "");
        if (!problems.isEmpty()) {
            fail(problems.size() + " failing checks:\n" + String.join("\n", problems));
        }
    }

    /** Each rule shows in the adjoint as its reversal, on the derivative communicator. */
    @Test
    void theAdjointReversesEachCall() throws IOException {
        CheckPipeline.Differentiated d = rules();
        String adjoint = d.adjoint().text();
        for (String reversal : List.of("pa_mpi_send_b(", "pa_mpi_recv_b(", "pa_mpi_sendrecv_b(",
                "pa_mpi_allreduce_sum_b(", "pa_mpi_reduce_sum_b(", "pa_mpi_bcast_b(", "pa_mpi_gather_b(", "pa_mpi_scatter_b(",
                "pa_mpi_allgather_b(", "pa_mpi_record_weights(", "pa_mpi_reduction_b(", "MPI_Barrier(comm);",
                "pa_mpi_isend_b_post(", "pa_mpi_isend_b_wait(", "pa_mpi_irecv_b_post(", "pa_mpi_irecv_b_wait(",
                "pa_mpi_record_match(pa_t, pa_recv_status);", "pa_mpi_recv_matched_b(pa_t, ")) {
            assertTrue(adjoint.contains(reversal), () -> "no " + reversal + " in\n" + adjoint);
        }
        String tangent = d.tangent().text();
        assertTrue(tangent.contains("pa_mpi_derivative_comm(comm)"), tangent);
        assertTrue(tangent.contains("pa_mpi_reduction_d("), tangent);
        assertTrue(tangent.contains("MPI_Wait(pa_isend_req + 1, MPI_STATUS_IGNORE);"), tangent);
        assertTrue(tangent.contains("pa_mpi_source(pa_recv_status), pa_mpi_tag(pa_recv_status)"), tangent);
    }

    /**
     * The reversed non-blocking exchange keeps its overlap: every reversed operation is posted (the
     * waits' reversals) before the reversed interior loop, and completed (the calls' reversals) after it.
     */
    @Test
    void theNonBlockingReversalOverlapsTheInterior() throws IOException {
        CheckPipeline.Differentiated d = rules();
        String text = d.adjoint().text();
        String adjoint = text.substring(text.indexOf("void halo_nonblocking_b("));
        adjoint = adjoint.substring(0, adjoint.indexOf("\n}\n"));
        int lastPost = Math.max(adjoint.lastIndexOf("pa_mpi_isend_b_post("), adjoint.lastIndexOf("pa_mpi_irecv_b_post("));
        int interior = adjoint.indexOf("#pragma omp parallel for", lastPost);
        int firstWait = adjoint.indexOf("_b_wait(");
        assertEquals(4, adjoint.split("_b_post\\(", -1).length - 1, adjoint);
        assertEquals(4, adjoint.split("_b_wait\\(", -1).length - 1, adjoint);
        assertTrue(lastPost > 0 && interior > lastPost && firstWait > interior, adjoint);
    }

    /** The tangent and adjoint of every function of examples/mpi/rules.c. */
    private static CheckPipeline.Differentiated rules() throws IOException {
        Mpi.require(); // mpi.h is read from the MPI compiler wrapper's include folders
        String source = Files.readString(Repo.examples().resolve("mpi/rules.c"));
        CheckPipeline.Differentiated d = CheckPipeline.differentiate("rules.c", source);
        assertTrue(d.stage() == CheckPipeline.Stage.PASSED, d::problem);
        return d;
    }
}
