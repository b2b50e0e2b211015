package org.paradjoint.cdt.tests.e2e;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.paradjoint.core.check.CheckSpecParser;
import org.paradjoint.testsupport.Mpi;
import org.paradjoint.testsupport.ScratchDir;

/**
 * Property: random communication patterns pass the global dot-product and finite-difference tests
 * on 1, 2 and 4 ranks with 1 and 2 threads each. A kernel draws a sequence of steps: parallel
 * local updates of its state {@code w}, shifts around the ring of ranks by a random distance
 * ({@code MPI_Sendrecv}), exchanges along the open chain of ranks ({@code MPI_Send}/{@code MPI_Recv}
 * ordered by parity, {@code MPI_PROC_NULL} at the ends), reductions to a random root or to all
 * ({@code MPI_Reduce}, {@code MPI_Allreduce}, in place or not, by sum, maximum, minimum or product), broadcasts from a random root,
 * non-blocking ring shifts that overlap work ({@code MPI_Irecv}, {@code MPI_Isend}, {@code MPI_Wait}
 * or {@code MPI_Waitall}) and barriers, each on a random slice, count and tag; the output is the global sum of a function of
 * the state.
 * <p>
 * Reproduce: {@code -Dparadjoint.mpi.seed=SEED}.
 */
class MpiPropertyTest {

    static final int KERNELS = 12;
    static final int STEPS = 6;
    /** The state's length: slices of up to {@link #COUNT} values in each half. */
    static final int N = 12;
    static final int COUNT = 4;
    static final long BASE_SEED = 20_261_126L;
    static final double DOT_TOLERANCE = 1e-12;
    static final double FD_TOLERANCE = 1e-6;

    record Kernel(String name, String source) {
    }

    private Path work;

    @BeforeEach
    void createScratch() {
        work = ScratchDir.create("paradjoint-mpi-property");
    }

    @AfterEach
    void deleteScratch() {
        ScratchDir.delete(work);
    }

    /** A slice start in the lower half (send side) or the upper half (receive side) of the state. */
    private static int start(Random r, int count, boolean upper) {
        int half = N / 2;
        return (upper ? half : 0) + r.nextInt(half - count + 1);
    }

    static String step(Random r) {
        int count = 1 + r.nextInt(COUNT);
        int a = start(r, count, false);
        int b = start(r, count, true);
        int tag = r.nextInt(5);
        return switch (r.nextInt(10)) {
        case 0 -> "#pragma omp parallel for\n"
                + "    for (int i = 0; i < n; i++)\n"
                + "        v[i] = " + List.of("sin(w[i])", "w[i] * w[(i + 1) % n]", "0.5 * w[i] + w[(i + 3) % n] * w[i]",
                        "exp(0.2 * w[i])").get(r.nextInt(4)) + ";\n"
                + "    for (int i = 0; i < n; i++)\n"
                + "        w[i] = v[i];\n";
        case 1 -> {
            int d = 1 + r.nextInt(3);
            yield "    MPI_Sendrecv(&w[" + a + "], " + count + ", MPI_DOUBLE, (rank + " + d + ") % size, " + tag + ", "
                    + (r.nextBoolean() ? "&w[" + b + "]" : "w + " + b) + ", " + count
                    + ", MPI_DOUBLE, (rank + " + d + " * size - " + d + ") % size, " + tag
                    + ", comm, MPI_STATUS_IGNORE);\n";
        }
        case 2 -> "    if (rank % 2 == 0) {\n"
                + "        MPI_Send(&w[" + a + "], " + count + ", MPI_DOUBLE, up, " + tag + ", comm);\n"
                + "        MPI_Recv(&w[" + b + "], " + count + ", MPI_DOUBLE, down, " + tag + ", comm, MPI_STATUS_IGNORE);\n"
                + "    } else {\n"
                + "        MPI_Recv(&w[" + b + "], " + count + ", MPI_DOUBLE, down, " + tag + ", comm, MPI_STATUS_IGNORE);\n"
                + "        MPI_Send(&w[" + a + "], " + count + ", MPI_DOUBLE, up, " + tag + ", comm);\n"
                + "    }\n";
        case 3 -> "    MPI_Allreduce(&w[" + a + "], acc, " + count + ", MPI_DOUBLE, MPI_SUM, comm);\n"
                + "    for (int k = 0; k < " + count + "; k++)\n"
                + "        w[" + b + " + k] += 0.25 * acc[k] * w[" + b + " + k];\n";
        case 4 -> "    MPI_Allreduce(MPI_IN_PLACE, &w[" + a + "], " + count + ", MPI_DOUBLE, MPI_SUM, comm);\n";
        case 5 -> "    MPI_Reduce(&w[" + a + "], acc, " + count + ", MPI_DOUBLE, MPI_SUM, " + r.nextInt(4)
                + " % size, comm);\n"
                + "    for (int k = 0; k < " + count + "; k++)\n"
                + "        w[" + b + " + k] = w[" + b + " + k] + 0.5 * acc[k];\n";
        case 6 -> "    MPI_Bcast(&w[" + a + "], " + count + ", MPI_DOUBLE, " + r.nextInt(4) + " % size, comm);\n";
        case 7 -> nonBlocking(r, count, a, b, tag);
        case 8 -> {
            // shifted by the rank: equal values on every rank (after a broadcast) would tie a maximum
            String op = List.of("MPI_MAX", "MPI_MIN", "MPI_PROD").get(r.nextInt(3));
            String shifted = "    for (int k = 0; k < " + count + "; k++)\n        acc[k] = w[" + a + " + k] + 0.125 * rank;\n";
            yield shifted + (r.nextBoolean()
                    ? "    MPI_Allreduce(MPI_IN_PLACE, acc, " + count + ", MPI_DOUBLE, " + op + ", comm);\n"
                            + "    for (int k = 0; k < " + count + "; k++)\n        w[" + b + " + k] += 0.5 * acc[k];\n"
                    : "    MPI_Reduce(acc, &w[" + b + "], " + count + ", MPI_DOUBLE, " + op + ", " + r.nextInt(4)
                            + " % size, comm);\n");
        }
        default -> "    MPI_Barrier(comm);\n";
        };
    }

    /**
     * A ring shift with {@code MPI_Irecv}/{@code MPI_Isend} in either order, work on the lower half
     * while the messages travel (the send buffer may be read meanwhile, the receive buffer in the
     * upper half not), completed by one {@code MPI_Waitall} or by two {@code MPI_Wait} in either order.
     */
    static String nonBlocking(Random r, int count, int a, int b, int tag) {
        int d = 1 + r.nextInt(3);
        String recv = "        MPI_Irecv(&w[" + b + "], " + count + ", MPI_DOUBLE, (rank + " + d + " * size - " + d
                + ") % size, " + tag + ", comm, &req[0]);\n";
        String send = "        MPI_Isend(" + (r.nextBoolean() ? "&w[" + a + "]" : "w + " + a) + ", " + count
                + ", MPI_DOUBLE, (rank + " + d + ") % size, " + tag + ", comm, &req[1]);\n";
        String work = "        for (int i = 0; i < " + N / 2 + "; i++)\n            v[i] = w[i] * w[(i + 1) % " + N / 2
                + "];\n";
        String waits = switch (r.nextInt(3)) {
        case 0 -> "        MPI_Waitall(2, req, MPI_STATUSES_IGNORE);\n";
        case 1 -> "        MPI_Wait(&req[0], MPI_STATUS_IGNORE);\n        MPI_Wait(req + 1, MPI_STATUS_IGNORE);\n";
        default -> "        MPI_Wait(&req[1], MPI_STATUS_IGNORE);\n        MPI_Wait(&req[0], MPI_STATUS_IGNORE);\n";
        };
        return "    {\n        MPI_Request req[2];\n" + (r.nextBoolean() ? recv + send : send + recv) + work + waits
                + "        for (int i = 0; i < " + N / 2 + "; i++)\n            w[i] += 0.1 * v[i];\n    }\n";
    }

    static Kernel kernel(String name, Random r) {
        StringBuilder steps = new StringBuilder();
        for (int k = 0; k < STEPS; k++) {
            steps.append(step(r));
        }
        // declared only where used: the user's file is compiled with -Werror here too
        String body = steps.toString();
        StringBuilder s = new StringBuilder();
        s.append("#pragma ad gradient(f : x)\n")
                .append("void ").append(name).append("(int n, const double *x, double *w, double *v, double *f, MPI_Comm comm)\n{\n")
                .append("    int rank, size;\n")
                .append("    MPI_Comm_rank(comm, &rank);\n")
                .append("    MPI_Comm_size(comm, &size);\n");
        if (body.contains(" up,")) {
            s.append("    int up = rank + 1 < size ? rank + 1 : MPI_PROC_NULL;\n")
                    .append("    int down = rank > 0 ? rank - 1 : MPI_PROC_NULL;\n");
        }
        if (body.contains("acc")) {
            s.append("    double acc[").append(COUNT).append("] = {0.0};\n");
        }
        s.append("    for (int i = 0; i < n; i++)\n        w[i] = x[i];\n").append(body)
                .append("    double s = 0.0;\n")
                .append("    for (int i = 0; i < n; i++) {\n        v[i] = w[i] * x[i];\n        s += v[i] * w[i];\n    }\n")
                .append("    MPI_Allreduce(&s, f, 1, MPI_DOUBLE, MPI_SUM, comm);\n}\n");
        return new Kernel(name, s.toString());
    }

    static List<Kernel> kernels() {
        Random r = new Random(Long.getLong("paradjoint.mpi.seed", BASE_SEED));
        List<Kernel> out = new ArrayList<>();
        for (int k = 0; k < KERNELS; k++) {
            out.add(kernel("comm" + k, r));
        }
        return out;
    }

    @Test
    void randomCommunicationPatternsPassTheChecks() throws IOException {
        Mpi.require();
        List<Kernel> kernels = kernels();
        StringBuilder source = new StringBuilder("#include <math.h>\n#include <mpi.h>\n\n");
        kernels.forEach(k -> source.append(k.source()).append('\n'));
        String base = "comm";
        CheckPipeline.Built built = CheckPipeline.build(work.resolve(base), base, source.toString(),
                fn -> fn.startsWith("comm") ? CheckSpecParser.parse(List.of("--set", "n=" + N)) : null);
        if (built.stage() != CheckPipeline.Stage.PASSED) {
            fail(built.stage() + "\n" + built.problem() + "\n" + CheckPipeline.files(built, base, 200));
        }
        Map<String, String> sources = new HashMap<>();
        kernels.forEach(k -> sources.put(k.name(), k.source()));
        List<String> problems = CheckPipeline.failuresOnRanks(built, kernels.stream().map(Kernel::name).toList(),
                DOT_TOLERANCE, FD_TOLERANCE, f -> "\n" + sources.get(f));
        if (!problems.isEmpty()) {
            fail(problems.size() + " failing checks:\n"
                    + String.join("\n", problems.subList(0, Math.min(4, problems.size()))));
        }
    }
}
