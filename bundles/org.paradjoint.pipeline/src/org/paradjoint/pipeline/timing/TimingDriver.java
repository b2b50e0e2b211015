package org.paradjoint.pipeline.timing;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.print.CPrinter;
import org.paradjoint.core.transform.DerivativeSignature;

/**
 * The C timing driver of one variant at one problem size: allocates and fills every argument
 * (floating arrays uniform in [0.5, 1.5), index arrays with a permutation of 0..len-1, which
 * keeps indirect writes of a parallel primal race-free), then calls the variant once untimed and
 * takes {@code repetitions} measurements. A measurement is {@value TimedCall#CALLS_VARIABLE}
 * calls (from the environment, default 1; the runner chooses it so that a measurement lasts long
 * enough to time), each timed with {@code omp_get_wtime} after restoring every floating array, so
 * that each call does the same work and the restoring is not timed. Prints
 * {@code pa_time REP SECONDS}, the mean time of a call in that measurement, and
 * {@code pa_threads N}. For a kernel that communicates the driver is an MPI program: every rank
 * draws its own data and passes {@code MPI_COMM_WORLD}, the ranks start each call together (a
 * barrier, not timed), and rank 0 prints the slowest rank's time.
 */
final class TimingDriver {

    /** What is passed for one parameter of the called function, with its element count. */
    private record Arg(Variable var, long count, String source) {
    }

    private final StringBuilder out = new StringBuilder();
    private final List<Arg> arrays = new ArrayList<>();

    private TimingDriver() {
    }

    /**
     * @param kernel     the primal
     * @param signature  the derivative's signature, or null to time the primal itself
     * @param ints       values of the integer scalar parameters
     * @param extents    element counts of the array parameters
     */
    static String source(Function kernel, DerivativeSignature signature, Map<String, Long> ints,
            Map<Variable, Long> extents, int repetitions, String description) {
        TimingDriver d = new TimingDriver();
        d.emit(kernel, signature, ints, extents, repetitions, description);
        return d.out.toString();
    }

    private void emit(Function kernel, DerivativeSignature signature, Map<String, Long> ints,
            Map<Variable, Long> extents, int repetitions, String description) {
        TimedCall timed = TimedCall.of(kernel, signature);
        String called = timed.name();
        List<Variable> params = timed.args().stream().map(TimedCall.Arg::var).toList();
        List<Arg> args = timed.args().stream()
                .map(a -> new Arg(a.var(), a.sizedByPrimal() ? extents.get(a.primal()) : 1, a.source())).toList();
        boolean mpi = org.paradjoint.core.check.CheckDriverGenerator.usesMpi(kernel);
        line("/* Timing driver: " + description + " */");
        if (mpi) {
            line("#include <mpi.h>");
        }
        line("#include <stdio.h>");
        line("#include <stdlib.h>");
        line("#include <string.h>");
        line("#include <omp.h>");
        line("");
        line("void " + called + "(" + params.stream().map(CPrinter::declarator).collect(Collectors.joining(", "))
                + ");");
        line("");
        line(HELPERS);
        line(mpi ? "int main(int argc, char **argv)" : "int main(void)");
        line("{");
        if (mpi) {
            // every rank its own data; the time of a call is the slowest rank's
            line("    int pa_rank = 0, pa_ranks = 1;");
            line("    MPI_Init(&argc, &argv);");
            line("    MPI_Comm_rank(MPI_COMM_WORLD, &pa_rank);");
            line("    MPI_Comm_size(MPI_COMM_WORLD, &pa_ranks);");
            line("    pa_state += 0x632BE59BD9B4E019ULL * (unsigned long long) pa_rank;");
        }
        for (Arg a : args) {
            declare(a, ints);
        }
        line("    const long pa_calls = pa_calls_per_measurement();");
        line("    for (int pa_rep = 0; pa_rep <= " + repetitions + "; pa_rep++) {");
        line("        double pa_sum = 0.0;");
        line("        const long pa_n = pa_rep == 0 ? 1 : pa_calls;");
        line("        for (long pa_call = 0; pa_call < pa_n; pa_call++) {");
        for (Arg a : arrays) {
            if (a.var().isFloating()) {
                line("            memcpy(" + a.source() + ", " + a.source() + "_0, " + bytes(a) + ");");
            }
        }
        if (mpi) {
            line("            MPI_Barrier(MPI_COMM_WORLD);");
        }
        line("            double pa_t0 = omp_get_wtime();");
        line("            " + called + "(" + args.stream().map(a -> a.var().isArray() ? "(void *) " + a.source()
                : a.source()).collect(Collectors.joining(", ")) + ");");
        line("            pa_sum += omp_get_wtime() - pa_t0;");
        line("        }");
        if (mpi) {
            line("        MPI_Allreduce(MPI_IN_PLACE, &pa_sum, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);");
        }
        line("        if (pa_rep > 0" + (mpi ? " && pa_rank == 0" : "") + ") {");
        line("            printf(\"pa_time %d %.9e\\n\", pa_rep, pa_sum / pa_n);");
        line("        }");
        line("    }");
        if (mpi) {
            line("    if (pa_rank == 0) {");
            line("        printf(\"pa_threads %d\\n\", omp_get_max_threads());");
            line("        printf(\"pa_ranks %d\\n\", pa_ranks);");
            line("    }");
        } else {
            line("    printf(\"pa_threads %d\\n\", omp_get_max_threads());");
        }
        for (Arg a : arrays) {
            line("    free(" + a.source() + ");");
            if (a.var().isFloating()) {
                line("    free(" + a.source() + "_0);");
            }
        }
        if (mpi) {
            line("    MPI_Finalize();");
        }
        line("    return 0;");
        line("}");
    }

    private void declare(Arg a, Map<String, Long> ints) {
        Variable v = a.var();
        String type = v.type().cName();
        if (v.type() == BaseType.MPI_COMM) {
            line("    MPI_Comm " + a.source() + " = MPI_COMM_WORLD;");
            return;
        }
        if (v.isScalar()) {
            if (v.type().isInteger()) {
                line("    " + type + " " + a.source() + " = " + ints.getOrDefault(v.name(), 1L) + ";");
            } else {
                line("    " + type + " " + a.source() + " = pa_uniform();");
            }
            return;
        }
        arrays.add(a);
        line("    " + type + " *" + a.source() + " = pa_alloc(" + a.count() + ", sizeof(" + type + "));");
        if (v.isFloating()) {
            line("    for (long k = 0; k < " + a.count() + "L; k++) {");
            line("        " + a.source() + "[k] = pa_uniform();");
            line("    }");
            line("    " + type + " *" + a.source() + "_0 = pa_alloc(" + a.count() + ", sizeof(" + type + "));");
            line("    memcpy(" + a.source() + "_0, " + a.source() + ", " + bytes(a) + ");");
        } else {
            line("    for (long k = 0; k < " + a.count() + "L; k++) {");
            line("        " + a.source() + "[k] = (" + type + ") k;");
            line("    }");
            line("    for (long k = " + a.count() + "L - 1; k > 0; k--) {");
            line("        long j = (long) (pa_next() % (unsigned long long) (k + 1));");
            line("        " + type + " t = " + a.source() + "[k];");
            line("        " + a.source() + "[k] = " + a.source() + "[j];");
            line("        " + a.source() + "[j] = t;");
            line("    }");
        }
    }

    private static String bytes(Arg a) {
        return a.count() + "UL * sizeof(" + a.var().type().cName() + ")";
    }

    private void line(String s) {
        out.append(s).append('\n');
    }

    private static final String HELPERS = """
            static unsigned long long pa_state = 20250101ULL;

            static unsigned long long pa_next(void)
            {
                unsigned long long z = (pa_state += 0x9E3779B97F4A7C15ULL);
                z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
                z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
                return z ^ (z >> 31);
            }

            static double pa_uniform(void)
            {
                return 0.5 + (double) (pa_next() >> 11) * 0x1.0p-53;
            }

            static long pa_calls_per_measurement(void)
            {
                const char *v = getenv("%s");
                long n = v == NULL ? 1 : strtol(v, NULL, 10);
                return n < 1 ? 1 : n;
            }

            static void *pa_alloc(long count, size_t size)
            {
                void *p = calloc(count > 0 ? (size_t) count : 1, size);
                if (p == NULL) {
                    fprintf(stderr, "out of memory\\n");
                    exit(2);
                }
                return p;
            }
            """.formatted(TimedCall.CALLS_VARIABLE);
}
