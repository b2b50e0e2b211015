package org.paradjoint.cdt.tests.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.paradjoint.cdt.CFrontEnd;
import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.frontend.ParseResult;
import org.paradjoint.core.transform.FileResult;
import org.paradjoint.core.transform.Mode;
import org.paradjoint.pipeline.DerivativeFiles;
import org.paradjoint.pipeline.GenerationSettings;
import org.paradjoint.pipeline.ReductionLengths;
import org.paradjoint.testsupport.Mpi;

/**
 * MPI the tool does not differentiate is a located error that names the call or argument and says
 * what is supported instead: one-sided communication, wildcards outside receives,
 * reductions other than sums, extrema and products, datatypes other than double and int, buffers it cannot stage,
 * communication from inside a parallel loop, routines not yet supported, and non-blocking calls
 * whose wait cannot be paired with them in one block.
 */
class MpiDiagnosticsTest {

    /** The errors of reading and differentiating {@code body} inside an annotated function. */
    private static List<Diagnostic> errors(String body) {
        Mpi.require(); // mpi.h is read from the MPI compiler wrapper's include folders
        String source = "#include <mpi.h>\n"
                + "#pragma ad gradient(f : x)\n"
                + "void k(int n, double *x, double *f, MPI_Comm comm)\n{\n"
                + body
                + "}\n";
        ParseResult parsed = new CFrontEnd().parse("t.c", source);
        List<Diagnostic> out = new ArrayList<>(parsed.diagnostics().stream().filter(Diagnostic::isError).toList());
        if (out.isEmpty()) {
            FileResult adjoint = DerivativeFiles.derivatives(parsed.unit(), Mode.REVERSE, GenerationSettings.defaults(),
                    ReductionLengths.none());
            out.addAll(adjoint.diagnostics().stream().filter(Diagnostic::isError).toList());
        }
        return out;
    }

    /**
     * Asserts an error with this code at line:column whose message mentions every fragment (a
     * non-blocking call whose wait is refused is also reported as never completed, at the call).
     */
    private static void expect(String body, String code, int line, int column, String... mentions) {
        List<Diagnostic> errors = errors(body);
        Diagnostic d = errors.stream().filter(e -> e.code().equals(code))
                .filter(e -> e.range().line() == line && e.range().column() == column).findFirst()
                .orElseGet(() -> fail("no `" + code + "` at " + line + ":" + column + " in " + errors));
        for (String m : mentions) {
            assertTrue(d.message().contains(m), () -> "message lacks `" + m + "`: " + d.message());
        }
    }

    @Test
    void oneSidedCommunication() {
        expect("    MPI_Get(x, n, MPI_DOUBLE, 0, 0, n, MPI_DOUBLE, 0);\n    f[0] = x[0];\n", "unsupported-mpi", 5, 5,
                "MPI_Get", "one-sided");
    }

    @Test
    void anySourceOfANonBlockingSend() {
        expect("    MPI_Request r;\n    MPI_Isend(x, n, MPI_DOUBLE, MPI_ANY_SOURCE, 0, comm, &r);\n"
                + "    MPI_Wait(&r, MPI_STATUS_IGNORE);\n    f[0] = x[0];\n", "unsupported-mpi", 6, 33,
                "MPI_ANY_SOURCE", "MPI_Recv");
    }

    @Test
    void statusOfAWildcardReceive() {
        expect("    MPI_Status st;\n    MPI_Recv(x, n, MPI_DOUBLE, MPI_ANY_SOURCE, 0, comm, &st);\n    f[0] = x[0];\n",
                "unsupported-mpi", 6, 57, "&st", "MPI_STATUS_IGNORE");
    }

    @Test
    void bitwiseReduction() {
        expect("    MPI_Allreduce(x, f, 1, MPI_DOUBLE, MPI_BAND, comm);\n", "unsupported-mpi", 5, 40, "MPI_BAND",
                "MPI_PROD");
    }

    @Test
    void otherDatatype() {
        expect("    MPI_Allreduce(x, f, 1, MPI_FLOAT, MPI_SUM, comm);\n", "unsupported-mpi", 5, 28, "MPI_FLOAT",
                "MPI_DOUBLE");
    }

    @Test
    void datatypeOfOtherElements() {
        expect("    MPI_Allreduce(x, f, 1, MPI_INT, MPI_SUM, comm);\n", "unsupported-mpi", 5, 19, "double", "MPI_INT");
    }

    @Test
    void addressOfARow() {
        expect("    double a[4][4] = {{0.0}};\n    a[1][1] = x[0];\n    MPI_Allreduce(&a[1], f, 1, MPI_DOUBLE, MPI_SUM, comm);\n",
                "unsupported-mpi", 7, 19, "&a[1]", "&a[i][j]");
    }

    @Test
    void routineNotYetSupported() {
        expect("    MPI_Request r;\n    MPI_Isend(x, n, MPI_DOUBLE, 0, 0, comm, &r);\n"
                + "    MPI_Waitany(1, &r, 0, MPI_STATUS_IGNORE);\n    f[0] = x[0];\n", "unsupported-mpi", 7, 5,
                "MPI_Waitany", "not supported yet", "MPI_Waitall");
    }

    @Test
    void nonBlockingCallNeverWaited() {
        expect("    MPI_Request r;\n    MPI_Isend(x, n, MPI_DOUBLE, 0, 0, comm, &r);\n    f[0] = x[0];\n",
                "unsupported-mpi", 6, 5, "`r`", "MPI_Wait");
    }

    @Test
    void waitInAnotherBlock() {
        expect("    MPI_Request r;\n    MPI_Irecv(x, n, MPI_DOUBLE, 0, 0, comm, &r);\n"
                + "    if (n > 2) {\n        MPI_Wait(&r, MPI_STATUS_IGNORE);\n    }\n    f[0] = x[0];\n",
                "unsupported-mpi", 8, 9, "`r`", "same block");
    }

    @Test
    void nonBlockingCallUnderAnIfWithoutBraces() {
        expect("    MPI_Request r;\n    if (n > 2)\n        MPI_Irecv(x, n, MPI_DOUBLE, 0, 0, comm, &r);\n"
                + "    MPI_Wait(&r, MPI_STATUS_IGNORE);\n    f[0] = x[0];\n", "unsupported-mpi", 7, 9,
                "MPI_Irecv", "block");
    }

    @Test
    void requestWithAComputedIndex() {
        expect("    MPI_Request req[2];\n    int k = n % 2;\n    MPI_Isend(x, n, MPI_DOUBLE, 0, 0, comm, &req[k]);\n"
                + "    MPI_Waitall(2, req, MPI_STATUSES_IGNORE);\n    f[0] = x[0];\n", "unsupported-mpi", 7, 45,
                "&req[k]", "constant");
    }

    @Test
    void requestStartedTwice() {
        expect("    MPI_Request r;\n    MPI_Isend(x, 1, MPI_DOUBLE, 0, 0, comm, &r);\n"
                + "    MPI_Isend(x, 1, MPI_DOUBLE, 0, 1, comm, &r);\n    MPI_Wait(&r, MPI_STATUS_IGNORE);\n"
                + "    f[0] = x[0];\n", "unsupported-mpi", 7, 5, "`r`", "started again");
    }

    @Test
    void waitallWithAVariableCount() {
        expect("    MPI_Request req[2];\n    MPI_Isend(x, 1, MPI_DOUBLE, 0, 0, comm, &req[0]);\n"
                + "    MPI_Waitall(n, req, MPI_STATUSES_IGNORE);\n    f[0] = x[0];\n", "unsupported-mpi", 7, 5,
                "constant count");
    }

    @Test
    void communicationInsideAParallelLoop() {
        expect("    #pragma omp parallel for\n    for (int i = 0; i < n; i++) {\n"
                + "        MPI_Allreduce(&x[i], &f[i], 1, MPI_DOUBLE, MPI_SUM, comm);\n    }\n",
                "unsupported-mpi", 7, 9, "MPI_Allreduce", "MPI_THREAD_FUNNELED");
    }
}
