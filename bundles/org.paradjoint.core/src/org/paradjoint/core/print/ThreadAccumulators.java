package org.paradjoint.core.print;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.Dim;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.OmpParallelFor;
import org.paradjoint.core.ir.OmpParallelFor.PrivateAccumulator;
import org.paradjoint.core.ir.Variable;

/**
 * The C text of a parallel loop with {@link PrivateAccumulator}s: a block that allocates the
 * per-thread copies, a {@code #pragma omp parallel} region whose threads each declare their view
 * of every accumulated adjoint, the loop as {@code #pragma omp for}, and after the region the sum
 * of the copies into the shared adjoints. The helpers it calls are {@link #C_SOURCE}.
 * <pre>
 * {
 *     int pa_nt = pa_num_threads();
 *     size_t pa_Bb_buf_len = (size_t) (nk) * (size_t) (nj);
 *     double *pa_Bb_buf = pa_thread_buffers(pa_nt, pa_Bb_buf_len);
 *     #pragma omp parallel private(i, j, k) num_threads(pa_nt)
 *     {
 *         double (*pa_Bb)[nj] = (double (*)[nj]) pa_thread_part((double *) Bb, pa_Bb_buf, pa_Bb_buf_len);
 *         #pragma omp for
 *         for (...) { ... pa_Bb[k][j] += ...; }
 *     }
 *     pa_sum_threads((double *) Bb, pa_Bb_buf, pa_Bb_buf_len, pa_nt);
 * }
 * </pre>
 */
public final class ThreadAccumulators {

    /** The helpers, printed once per file that has accumulators. */
    public static final String C_SOURCE = """
            #ifndef PARADJOINT_THREAD_BUFFERS_H
            #define PARADJOINT_THREAD_BUFFERS_H
            /* Per-thread accumulation of adjoint increments: the thread numbered 0 adds into the shared
             * adjoint, each other thread into its own zeroed copy; the copies are summed into the shared
             * adjoint after the loop. */
            static inline int pa_num_threads(void)
            {
            #ifdef _OPENMP
                return omp_get_max_threads();
            #else
                return 1;
            #endif
            }

            /* nt - 1 zeroed copies of len doubles, one after the other; NULL when there is one thread. */
            static inline double *pa_thread_buffers(int nt, size_t len)
            {
                double *buf;
                if (nt <= 1 || len == 0) {
                    return NULL;
                }
                buf = (double *) calloc((size_t) (nt - 1) * len, sizeof(double));
                if (buf == NULL) {
                    fprintf(stderr, "paradjoint: out of memory for per-thread adjoints\\n");
                    exit(1);
                }
                return buf;
            }

            /* The calling thread's view: the shared adjoint for thread 0, its copy for the others. */
            static inline double *pa_thread_part(double *shared, double *buf, size_t len)
            {
            #ifdef _OPENMP
                int t = omp_get_thread_num();
                return t == 0 || buf == NULL ? shared : buf + (size_t) (t - 1) * len;
            #else
                (void) buf;
                (void) len;
                return shared;
            #endif
            }

            /* shared[e] += the copies' elements e, in parallel over e; frees the copies. */
            static inline void pa_sum_threads(double *shared, double *buf, size_t len, int nt)
            {
                long e;
                if (buf == NULL) {
                    return;
                }
                #pragma omp parallel for schedule(static)
                for (e = 0; e < (long) len; e++) {
                    double s = 0.0;
                    for (int t = 0; t < nt - 1; t++) {
                        s += buf[(size_t) t * len + (size_t) e];
                    }
                    shared[e] += s;
                }
                free(buf);
            }
            #endif
            """;

    /**
     * The helper of {@link #C_SOURCE} that gives the team size of a parallel loop
     * ({@code omp_get_max_threads()} under OpenMP, else 1): per-thread accumulation asks it, and so
     * do parallel regions lowered to loops over thread numbers.
     */
    public static final String NUM_THREADS = "pa_num_threads";

    private ThreadAccumulators() {
    }

    /**
     * True when a loop of {@code f} has accumulators or {@code f} asks the team size
     * ({@code pa_num_threads()}, which parallel regions divided by thread number are lowered to):
     * the file then needs {@link #C_SOURCE}.
     */
    public static boolean uses(Function f) {
        boolean[] found = {false};
        StmtUtil.forEach(f.body(), s -> found[0] |= s instanceof For x && x.omp() != null
                && !x.omp().accumulators().isEmpty());
        return found[0] || StmtUtil.calls(f.body()).stream().anyMatch(c -> c.name().equals(NUM_THREADS));
    }

    /** The lines after the opening brace of the block, up to the {@code #pragma omp parallel} line. */
    static List<String> setup(OmpParallelFor omp) {
        List<String> out = new ArrayList<>();
        String nt = omp.accumulators().get(0).threads().name();
        out.add("int " + nt + " = " + NUM_THREADS + "();");
        for (PrivateAccumulator a : omp.accumulators()) {
            out.add("size_t " + length(a) + " = " + elements(a) + ";");
            out.add("double *" + a.buffer().name() + " = pa_thread_buffers(" + nt + ", " + length(a) + ");");
        }
        Set<String> shared = new LinkedHashSet<>();
        if (omp.defaultSharing() != null) {
            // default(none): what the region names must be listed, once (a clause may list it already)
            omp.reductions().forEach(r -> r.vars().forEach(v -> shared.add(v.name())));
            omp.accumulators().forEach(a -> {
                shared.add(a.target().name());
                shared.add(a.buffer().name());
                shared.add(length(a));
            });
            omp.shared().forEach(v -> shared.remove(v.name()));
            omp.privates().forEach(v -> shared.remove(v.name()));
            omp.firstprivates().forEach(v -> shared.remove(v.name()));
        }
        out.add("#pragma omp parallel" + omp.sharingClauses() + (shared.isEmpty() ? ""
                : " shared(" + String.join(", ", shared) + ")") + " num_threads(" + nt + ")");
        return out;
    }

    /** The lines inside the region before the loop: each view, then the {@code #pragma omp for} line. */
    static List<String> views(OmpParallelFor omp) {
        List<String> out = new ArrayList<>();
        for (PrivateAccumulator a : omp.accumulators()) {
            Variable v = a.view();
            String rows = v.dims().stream().skip(1).map(d -> "[" + CPrinter.print(d.extent()) + "]")
                    .collect(Collectors.joining());
            String declared = v.rank() == 1 ? "double *" + v.name() : "double (*" + v.name() + ")" + rows;
            String cast = v.rank() == 1 ? "(double *)" : "(double (*)" + rows + ")";
            out.add(declared + " = " + cast + " pa_thread_part((double *) " + shared(a) + ", "
                    + a.buffer().name() + ", " + length(a) + ");");
        }
        out.add("#pragma omp for" + CPrinter.loopClauses(omp));
        return out;
    }

    /** The lines after the region: the sums into the shared adjoints. */
    static List<String> sums(OmpParallelFor omp) {
        List<String> out = new ArrayList<>();
        for (PrivateAccumulator a : omp.accumulators()) {
            out.add("pa_sum_threads((double *) " + shared(a) + ", " + a.buffer().name() + ", " + length(a)
                    + ", " + a.threads().name() + ");");
        }
        return out;
    }

    /** The accumulated elements in the shared adjoint: the array, or its part {@code xb[k]}. */
    private static String shared(PrivateAccumulator a) {
        return a.target().name() + a.part().stream().map(e -> "[" + CPrinter.print(e) + "]")
                .collect(Collectors.joining());
    }

    /** The local that holds the number of elements of the accumulated adjoint. */
    private static String length(PrivateAccumulator a) {
        return a.buffer().name() + "_len";
    }

    /** The number of elements of the accumulated adjoint: {@code (size_t) (n) * (size_t) (m)}. */
    private static String elements(PrivateAccumulator a) {
        List<String> factors = new ArrayList<>();
        for (Dim d : a.target().dims().subList(a.part().size(), a.target().rank())) {
            factors.add("(size_t) (" + CPrinter.print(d.extent()) + ")");
        }
        return String.join(" * ", factors);
    }
}
