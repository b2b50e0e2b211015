package org.paradjoint.cdt.tests.e2e;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.paradjoint.cdt.tests.e2e.SeededKernels.Kernel;
import org.paradjoint.core.transform.RaceStrategy;
import org.paradjoint.pipeline.GenerationSettings;
import org.paradjoint.testsupport.ScratchDir;

/**
 * Property: random stencil time loops {@code B = f(A); A = g(B)} in one, two and three
 * dimensions, whose adjoint increments become gathers (core {@code GatherNest}: edges split at
 * every level) with the resets of the overwritten arrays folded into them, within a time step and
 * across steps (core {@code FoldedResets}), pass the dot-product and finite-difference tests at
 * 1, 2 and 4 threads. Each kernel draws its dimension, the offsets of each half step's terms
 * (2 to 5 of the 3^d neighbours, the centre not always among them), their coefficients, a
 * nonlinear term now and then (then the adjoint records the array), the number of steps (a
 * constant or a parameter) and sizes from 3 (the interior a single point, the gathers' central
 * parts empty) up. Further kernels make the second half step pointwise and nonlinear
 * ({@code A = g(B)} at the centre only, as in a reaction step): the first half step's loop then
 * records {@code B} where it computes it and the second's adjoint reads it from the tape (core
 * {@code RecordedWrites}), which every such kernel's adjoint must show.
 * <p>
 * Reproduce: {@code -Dparadjoint.gathers.seed=SEED}.
 */
class FoldedGathersPropertyTest {

    static final int KERNELS = 24;
    /** Kernels whose second half step is pointwise (drawn after the others: those stay as they were). */
    static final int REACTION_KERNELS = 8;
    static final long BASE_SEED = 202_611_272L;
    static final double DOT_TOLERANCE = 1e-12;
    static final double FD_TOLERANCE = 1e-6;

    private Path work;

    @BeforeEach
    void createScratch() {
        work = ScratchDir.create("paradjoint-gathers");
    }

    @AfterEach
    void deleteScratch() {
        ScratchDir.delete(work);
    }

    private static final String[] COUNTERS = {"i", "j", "k"};

    /** {@code X[i + o0][j + o1]...} */
    private static String at(String x, int[] offsets) {
        StringBuilder b = new StringBuilder(x);
        for (int d = 0; d < offsets.length; d++) {
            int o = offsets[d];
            b.append('[').append(COUNTERS[d]).append(o == 0 ? "" : o > 0 ? " + " + o : " - " + -o).append(']');
        }
        return b.toString();
    }

    /** One half step: {@code to[...] = sum of c * from[... + o]}, perhaps with a nonlinear term. */
    private static String halfStep(Random r, int dims, String to, String from, String indent) {
        Set<List<Integer>> picked = new LinkedHashSet<>();
        int terms = Math.min(2 + r.nextInt(4), dims == 1 ? 3 : 9);
        while (picked.size() < terms) {
            List<Integer> o = new ArrayList<>();
            for (int d = 0; d < dims; d++) {
                o.add(r.nextInt(3) - 1);
            }
            picked.add(o);
        }
        int[] centre = new int[dims];
        StringBuilder sum = new StringBuilder();
        for (List<Integer> o : picked) {
            int[] off = o.stream().mapToInt(Integer::intValue).toArray();
            sum.append(sum.length() == 0 ? "" : " + ").append(0.05 + 0.05 * r.nextInt(6)).append(" * ").append(at(from, off));
        }
        if (r.nextInt(4) == 0) {
            sum.append(" + 0.01 * ").append(at(from, centre)).append(" * ").append(at(from, centre));
        }
        StringBuilder b = new StringBuilder("#pragma omp parallel for" + (dims > 1 ? " private(" + String.join(", ",
                List.of(COUNTERS).subList(1, dims)) + ")" : "") + "\n");
        String in = indent;
        for (int d = 0; d < dims; d++) {
            b.append(in).append("for (").append(COUNTERS[d]).append(" = 1; ").append(COUNTERS[d]).append(" < n - 1; ")
                    .append(COUNTERS[d]).append("++)\n");
            in += "    ";
        }
        return b.append(in).append(at(to, centre)).append(" = ").append(sum).append(";\n").toString();
    }

    /** A pointwise nonlinear half step {@code to[c] = g(from[c])} at the centre {@code c}. */
    private static String pointwiseStep(Random r, int dims, String to, String from, String indent) {
        String x = at(from, new int[dims]);
        String value = switch (r.nextInt(3)) {
            case 0 -> x + " - " + (0.01 + 0.01 * r.nextInt(5)) + " * " + x + " * " + x + " * " + x;
            case 1 -> "sin(" + x + ") + " + (0.1 + 0.1 * r.nextInt(4)) + " * " + x;
            default -> x + " * " + x + " * " + (0.05 + 0.05 * r.nextInt(4)) + " + " + x;
        };
        StringBuilder b = new StringBuilder("#pragma omp parallel for" + (dims > 1 ? " private(" + String.join(", ",
                List.of(COUNTERS).subList(1, dims)) + ")" : "") + "\n");
        String in = indent;
        for (int d = 0; d < dims; d++) {
            b.append(in).append("for (").append(COUNTERS[d]).append(" = 1; ").append(COUNTERS[d]).append(" < n - 1; ")
                    .append(COUNTERS[d]).append("++)\n");
            in += "    ";
        }
        return b.append(in).append(at(to, new int[dims])).append(" = ").append(value).append(";\n").toString();
    }

    static Kernel kernel(String name, Random r) {
        return kernel(name, r, false);
    }

    static Kernel kernel(String name, Random r, boolean reaction) {
        int dims = 1 + r.nextInt(3);
        boolean parameterSteps = r.nextBoolean();
        String steps = parameterSteps ? "tsteps" : Integer.toString(1 + r.nextInt(3));
        String shape = "[n]".repeat(dims);
        String source = (reaction ? "#include <math.h>\n" : "") + "#pragma ad gradient(A, B : A, B)\n"
                + "void " + name + "(" + (parameterSteps ? "int tsteps, " : "") + "int n, double A" + shape
                + ", double B" + shape + ")\n"
                + "{\n"
                + "    int t" + ", i, j, k".substring(0, 3 * dims) + ";\n"
                + "    for (t = 0; t < " + steps + "; t++) {\n"
                + halfStep(r, dims, "B", "A", "        ")
                + (reaction ? pointwiseStep(r, dims, "A", "B", "        ") : halfStep(r, dims, "A", "B", "        "))
                + "    }\n"
                + "}\n";
        int n = 3 + r.nextInt(dims == 1 ? 30 : dims == 2 ? 9 : 5);
        return new Kernel(name, source, "--set n=" + n + (parameterSteps ? " --set tsteps=" + (1 + r.nextInt(3)) : ""));
    }

    static List<Kernel> kernels() {
        Random r = SeededKernels.random("paradjoint.gathers.seed", BASE_SEED);
        List<Kernel> out = new ArrayList<>();
        for (int k = 0; k < KERNELS; k++) {
            out.add(kernel("fg" + k, r));
        }
        for (int k = 0; k < REACTION_KERNELS; k++) {
            out.add(kernel("fr" + k, r, true));
        }
        return out;
    }

    @Test
    void derivativesOfRandomStencilTimeLoopsPassTheChecks() throws IOException {
        List<Kernel> kernels = kernels();
        // without a race analysis every increment is unproven: the private strategy gathers them
        SeededKernels.Built built = SeededKernels.build(work, "gathers", "", kernels,
                GenerationSettings.defaults().withRaceStrategy(RaceStrategy.PRIVATE).withConventionalAdjoint(true));
        // the property is about folded gathers: resets folded within steps and across them
        int across = 0;
        for (Kernel k : kernels) {
            across += built.adjointOf(k).contains(" ? 0.0 : ") ? 1 : 0;
        }
        assertTrue(across >= KERNELS / 3, across + " of " + KERNELS + " kernels fold a reset across time steps");
        // a pointwise second half step reads B where the first recorded it, with no copy of B
        for (Kernel k : kernels.subList(KERNELS, kernels.size())) {
            String fn = built.adjointOf(k);
            assertTrue(fn.contains("pa_put_d(pa_t, pa_at_B + ") && fn.contains("pa_get_d(pa_t, pa_at_B + ")
                    && !fn.contains("B[pa_s0]"), k.source() + "\n" + fn);
        }
        built.check(new int[] {1, 2, 4}, DOT_TOLERANCE, FD_TOLERANCE, false);
    }
}
