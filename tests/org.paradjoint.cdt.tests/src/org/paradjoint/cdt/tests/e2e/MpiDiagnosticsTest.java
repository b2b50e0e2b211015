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
 * what is supported instead: one-sided communication, wildcards whose match the adjoint would need,
 * reductions other than a sum, datatypes other than double and int, buffers it cannot stage,
 * communication from inside a parallel loop, routines not yet supported.
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

    /** Asserts one error with this code at line:column whose message mentions every fragment. */
    private static void expect(String body, String code, int line, int column, String... mentions) {
        List<Diagnostic> errors = errors(body);
        Diagnostic d = errors.stream().filter(e -> e.code().equals(code)).findFirst()
                .orElseGet(() -> fail("no `" + code + "` in " + errors));
        assertEquals(line + ":" + column, d.range().line() + ":" + d.range().column(), d::toString);
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
    void anySource() {
        expect("    MPI_Recv(x, n, MPI_DOUBLE, MPI_ANY_SOURCE, 0, comm, MPI_STATUS_IGNORE);\n    f[0] = x[0];\n",
                "unsupported-mpi", 5, 32, "MPI_ANY_SOURCE");
    }

    @Test
    void maximumReduction() {
        expect("    MPI_Allreduce(x, f, 1, MPI_DOUBLE, MPI_PROD, comm);\n", "unsupported-mpi", 5, 40, "MPI_PROD",
                "MPI_SUM");
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
    void bufferInsideATwoDimensionalArray() {
        expect("    double a[4][4] = {{0.0}};\n    a[1][1] = x[0];\n    MPI_Allreduce(&a[1][0], f, 1, MPI_DOUBLE, MPI_SUM, comm);\n",
                "unsupported-mpi", 7, 19, "&a[1][0]");
    }

    @Test
    void nonBlockingNotYet() {
        expect("    MPI_Isend(x, n, MPI_DOUBLE, 0, 0, comm, 0);\n    f[0] = x[0];\n", "unsupported-mpi", 5, 5,
                "MPI_Isend", "not supported yet");
    }

    @Test
    void communicationInsideAParallelLoop() {
        expect("    #pragma omp parallel for\n    for (int i = 0; i < n; i++) {\n"
                + "        MPI_Allreduce(&x[i], &f[i], 1, MPI_DOUBLE, MPI_SUM, comm);\n    }\n",
                "unsupported-mpi", 7, 9, "MPI_Allreduce", "MPI_THREAD_FUNNELED");
    }
}
