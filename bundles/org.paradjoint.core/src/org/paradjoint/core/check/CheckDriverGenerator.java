package org.paradjoint.core.check;

import java.util.List;

import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.print.CPrinter;
import org.paradjoint.core.transform.DerivativeSignature;

/**
 * Writes the C driver behind {@code paradjoint check}: one translation unit that
 * {@code #include}s the primal source and the generated tangent and adjoint files, and for each
 * checked function runs
 * <ol>
 * <li>the dot-product test: {@code <yd, yb>} (yd from the tangent, summed over dependents) against
 * {@code <xd, xb>} (xb from the adjoint, summed over independents), relative to the larger sum of
 * absolute values of the terms;</li>
 * <li>the tangent against central differences {@code (f(x+h xd) - f(x-h xd)) / 2h} of the
 * primal, in the max norm relative to {@code max(max|yd|, max|fd|, noise / tol)} where
 * {@code noise = 100 eps max(1, max|y|) / h} is what rounding leaves of the differences (so a
 * derivative far below the values passes when it agrees to within that noise).</li>
 * </ol>
 * Every call starts from the same pristine inputs (primal calls overwrite outputs, some arrays
 * are updated in place). Seeds: xd uniform in [-1, 1] for independents, yb uniform in [-1, 1]
 * for dependents, zero for every other derivative argument; adjoints of by-value scalars are
 * passed as a pointer to one double. The driver prints the number of OpenMP threads, one line
 * per test and {@code PASS} or {@code FAIL}; it exits with 0 only on PASS. Given names on its
 * command line, it runs only those checks.
 * <p>
 * Driver variables are prefixed {@code pa_} ({@code pa_x} work copy, {@code pa_x_in} pristine
 * input, {@code pa_d_x}/{@code pa_b_x} tangent/adjoint arguments, {@code pa_x_dseed}/
 * {@code pa_x_bseed} seeds); integer parameters keep their names so that extents read as written.
 */
public final class CheckDriverGenerator {

    private CheckDriverGenerator() {
    }

    /** The files a driver for {@code primalFile} includes: the source and its {@code _d.c}/{@code _b.c}. */
    public static List<String> includesFor(String primalFile) {
        String base = primalFile.endsWith(".c") ? primalFile.substring(0, primalFile.length() - 2) : primalFile;
        return List.of(primalFile, base + "_d.c", base + "_b.c");
    }

    /** A driver for one function of {@code primalFile} (included with its {@code _d.c} and {@code _b.c}). */
    public static CheckDriver generate(Function primal, DerivativeSignature tangent, DerivativeSignature adjoint,
            CheckSpec spec, String primalFile) {
        return generate(List.of(new CheckTarget(primal, tangent, adjoint, spec)), includesFor(primalFile));
    }

    /** A driver that checks every target; {@code includes} are {@code #include "..."}d in order. */
    public static CheckDriver generate(List<CheckTarget> targets, List<String> includes) {
        boolean mpi = targets.stream().anyMatch(t -> usesMpi(t.primal()));
        return CheckPlan.driver(targets, DriverPlan::resolve, (plans, out) -> {
            header(out, plans, includes, mpi);
            out.append(DriverHelpers.TEXT);
            for (DriverPlan p : plans) {
                out.append('\n');
                new CKernelWriter(p, out).write();
            }
            mainFunction(out, plans);
            out.append("#endif\n");
        });
    }

    /**
     * How to build {@code driver} by hand (with {@code options}, each preceded by a space): the
     * user's file (part 1) as its own translation unit without {@code -Werror}, then the generated
     * part strictly and linked with it, as {@link DriverRunner#compileCheck} does.
     */
    public static String buildCommand(String driver, String options) {
        String object = driver.replaceFirst("\\.c$", "") + "_src.o";
        return "gcc " + String.join(" ", DriverRunner.SOURCE_FLAGS) + options + " -D" + DriverRunner.PART + "=1 -c "
                + driver + " -o " + object + " && gcc " + String.join(" ", DriverRunner.GCC_FLAGS) + options + " -D"
                + DriverRunner.PART + "=2 " + driver + " " + object + " -lm && OMP_NUM_THREADS=2 ./a.out";
    }

    /**
     * The driver is two translation units in one file, chosen by {@code PA_CHECK_PART}: the user's
     * source ({@code includes}' first file) with an external entry point {@code pa_chk_primal_f}
     * for each checked function, and the generated files with the checks, which call those entry
     * points. Built apart, the user's file is compiled with warnings but not {@code -Werror} (an
     * unused parameter of the user's is not the check's business) and in GNU C (M_PI and POSIX
     * names), while the generated code keeps {@code -std=c11 -Werror}. Diagnostic pragmas around
     * an include cannot do that: no pragma undoes {@code -Werror} as a whole, each warning would
     * have to be named (and gcc's list changes between versions), and warnings of the middle end
     * and of the end of the unit do not all honour them. Without {@code PA_CHECK_PART} both parts
     * are one unit, as before (strict flags for all), which a kernel with struct parameters cannot be:
     * the generated files define the user's structs again. The entry points also make {@code static}
     * kernels callable from the other unit, and the user's {@code main} is renamed in part 1 so
     * that the driver's runs.
     */
    private static void header(StringBuilder out, List<DriverPlan> plans, List<String> includes, boolean mpi) {
        List<String> comment = CheckPlan.driverComment(plans, "file, two translation units", buildCommand("THIS_FILE", ""));
        out.append("/* ").append(String.join("\n * ", comment)).append(" */\n");
        if (mpi) {
            // the checks run on every rank and compare global inner products and norms (DriverHelpers)
            out.append("#define ").append(MPI_MACRO).append(" 1\n");
        }
        String part = DriverRunner.PART;
        out.append("#if !defined(").append(part).append(") || ").append(part).append(" == 1\n");
        // math functions are known by name (a source need not include math.h): declare them first
        out.append("#include <math.h>\n");
        out.append("/* the sources carry #pragma ad annotations, unknown to gcc; a main of theirs is not the driver's */\n")
                .append("#pragma GCC diagnostic push\n#pragma GCC diagnostic ignored \"-Wunknown-pragmas\"\n")
                .append("#define main pa_chk_user_main\n")
                .append(CPrinter.include(includes.get(0)))
                .append("#undef main\n#pragma GCC diagnostic pop\n\n");
        for (DriverPlan p : plans) {
            out.append(entryPoint(p.function())).append('\n');
        }
        out.append("#endif\n#if !defined(").append(part).append(") || ").append(part).append(" == 2\n")
                .append("#include <float.h>\n#include <math.h>\n#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n")
                .append("#ifdef ").append(MPI_MACRO).append("\n#include <mpi.h>\n#endif\n")
                .append("#ifdef _OPENMP\n#include <omp.h>\n#endif\n\n");
        for (String inc : includes.subList(1, includes.size())) {
            out.append(CPrinter.include(inc));
        }
        for (DriverPlan p : plans) {
            out.append(CPrinter.prototype(entry(p.function()))).append('\n');
        }
        out.append('\n');
    }

    /** The name the driver calls {@code primal} by: its entry point in the user's unit. */
    static String entryName(Function primal) {
        return "pa_chk_primal_" + primal.name();
    }

    /** The entry point's declaration: the primal's parameters as the IR types them, external. */
    private static Function entry(Function primal) {
        return new Function(entryName(primal), primal.returnType(), primal.params(), List.of(), primal.body(),
                List.of(), false, null, primal.range());
    }

    private static String entryPoint(Function primal) {
        if (!primal.structs().isEmpty()) {
            return StructEntry.function(primal, entryName(primal));
        }
        String head = CPrinter.prototype(entry(primal));
        String args = String.join(", ", primal.params().stream().map(Variable::name).toList());
        return head.substring(0, head.length() - 1) + "\n{\n    " + (primal.returnType() != null ? "return " : "")
                + primal.name() + "(" + args + ");\n}\n";
    }

    /** Defined by drivers of functions that communicate: they run under {@code mpirun}, every rank checking. */
    public static final String MPI_MACRO = "PA_CHECK_MPI";

    /** Whether {@code primal} communicates (an {@code MPI_Comm} parameter or an MPI call). */
    public static boolean usesMpi(Function primal) {
        return primal.params().stream().anyMatch(v -> v.type() == org.paradjoint.core.ir.BaseType.MPI_COMM)
                || org.paradjoint.core.expr.StmtUtil.calls(primal.body()).stream()
                        .anyMatch(org.paradjoint.core.ir.Call::isMpi);
    }

    /**
     * {@code main} runs the checks ({@code pa_chk_checks}); under MPI between {@code MPI_Init_thread}
     * (funneled: the threads of a rank never call MPI) and {@code MPI_Finalize}, with only rank 0
     * printing (every rank reaches the same verdicts, from global sums).
     */
    private static void mainFunction(StringBuilder out, List<DriverPlan> plans) {
        out.append("\nstatic int pa_chk_checks(int argc, char **argv);\n\nint main(int argc, char **argv)\n{\n")
                .append("#ifdef ").append(MPI_MACRO).append("\n")
                .append("    int pa_provided, pa_rank, pa_ranks;\n")
                .append("    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &pa_provided);\n")
                .append("    MPI_Comm_rank(MPI_COMM_WORLD, &pa_rank);\n    MPI_Comm_size(MPI_COMM_WORLD, &pa_ranks);\n")
                .append("    if (pa_rank != 0 && freopen(\"/dev/null\", \"w\", stdout) == NULL)\n        return 2;\n")
                .append("    printf(\"ranks: %d\\n\", pa_ranks);\n")
                .append("    int pa_result = pa_chk_checks(argc, argv);\n    MPI_Finalize();\n    return pa_result;\n")
                .append("#else\n    return pa_chk_checks(argc, argv);\n#endif\n}\n");
        out.append("\nstatic int pa_chk_checks(int argc, char **argv)\n{\n")
                .append("    static const struct {\n        const char *name;\n        int (*run)(void);\n")
                .append("    } pa_checks[] = {\n");
        for (DriverPlan p : plans) {
            out.append("        { \"").append(p.function().name()).append("\", ").append(CheckKernelWriter.runName(p))
                    .append(" },\n");
        }
        out.append("    };\n")
                .append("    int pa_threads = 1, pa_ran = 0, pa_failed = 0;\n")
                .append("#ifdef _OPENMP\n    pa_threads = omp_get_max_threads();\n#endif\n")
                .append("    printf(\"threads: %d\\n\", pa_threads);\n")
                .append("    for (size_t k = 0; k < sizeof pa_checks / sizeof pa_checks[0]; k++) {\n")
                .append("        if (!pa_chk_selected(pa_checks[k].name, argc, argv))\n            continue;\n")
                .append("        pa_ran++;\n        printf(\"== %s\\n\", pa_checks[k].name);\n        fflush(stdout);\n")
                .append("        int r = pa_checks[k].run();\n")
                .append("        printf(\"== %s: %s\\n\", pa_checks[k].name, r == 0 ? \"PASS\" : \"FAIL\");\n")
                .append("        fflush(stdout);\n        pa_failed += r != 0;\n    }\n")
                .append("    if (pa_ran == 0) {\n        fprintf(stderr, \"error: no check of that name\\n\");\n")
                .append("        return 2;\n    }\n")
                .append("    printf(\"%s\\n\", pa_failed == 0 ? \"PASS\" : \"FAIL\");\n")
                .append("    return pa_failed == 0 ? 0 : 1;\n}\n");
    }
}
