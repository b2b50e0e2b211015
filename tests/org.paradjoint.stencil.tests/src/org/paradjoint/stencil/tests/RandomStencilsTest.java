package org.paradjoint.stencil.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.IntStream;

import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.print.CPrinter;
import org.paradjoint.testsupport.Processes;
import org.paradjoint.testsupport.ScratchDir;

/**
 * The acceptance property on random stencils ({@link RandomStencil}): for each, both strategies
 * produce a pure gather (checked on the IR), compile with {@code -Wall -Wextra -Werror -fopenmp},
 * equal the core's conventional reverse-mode adjoint to 1e-12 and pass the dot-product test
 * against the core's tangent, with 1 and 2 threads, at every size from one below the smallest
 * domain where the primal runs to a few stencil spans beyond. Stencils are checked in batches,
 * one gcc run per batch. {@code -Dparadjoint.stencil.random=N} changes the number of batches,
 * {@code -Dparadjoint.stencil.batch=K} runs batch K alone.
 */
@Execution(ExecutionMode.CONCURRENT)
class RandomStencilsTest {

    static final int PER_BATCH = 40;
    static final long SEED = 20250611L;

    static IntStream batches() {
        Integer only = Integer.getInteger("paradjoint.stencil.batch");
        return only != null ? IntStream.of(only) : IntStream.range(0, Integer.getInteger("paradjoint.stencil.random", 13));
    }

    @ParameterizedTest(name = "batch {0}")
    @MethodSource("batches")
    void randomStencilsMatchTheConventionalAdjoint(int batch) {
        Random rnd = new Random(SEED + batch * 1_000_003L);
        StringBuilder source = new StringBuilder(RandomStencil.CALLEES);
        List<RandomStencil.Generated> gens = new ArrayList<>();
        for (int q = 0; q < PER_BATCH; q++) {
            RandomStencil.Generated g = RandomStencil.generate(rnd, "s" + batch + "_" + q);
            gens.add(g);
            source.append(g.source()).append('\n');
        }
        TranslationUnit unit = Variants.parse("random" + batch + ".c", source.toString());
        List<Function> core = new ArrayList<>();
        List<Function> stencil = new ArrayList<>();
        List<Harness.Case> cases = new ArrayList<>();
        for (RandomStencil.Generated g : gens) {
            Variants v;
            try {
                v = Variants.of(unit, g.name());
            } catch (AssertionError e) {
                throw new AssertionError(e.getMessage() + "\n--- source ---\n" + g.source(), e);
            }
            core.add(v.conventional());
            core.add(v.tangent());
            stencil.add(v.split());
            stencil.add(v.guarded());
            cases.add(new Harness.Case(g.name(), v.sTangent(), v.sConventional(),
                    List.of(new Harness.Variant("split", v.sSplit()), new Harness.Variant("guarded", v.sGuarded())),
                    g.nLo(), g.nHi(), p -> "(size_t) E" + " * (size_t) E".repeat(p.rank() - 1),
                    Map.of("n", "n", "E", "n + 4", "D", "0.7")));
        }
        String code = CPrinter.printFile(core) + "\n" + CPrinter.printFile(stencil);
        Path dir = ScratchDir.create("pa-stencil-random");
        try {
            Path src = ScratchDir.write(dir, "random" + batch + ".c", Harness.program(code, cases));
            ScratchDir.write(dir, "primal" + batch + ".c", source.toString());
            Path exe = Gcc.build(src);
            // every size but the first (where the primal does not run) has a non-zero Jacobian
            int nontrivial = Harness.expectedNontrivial(cases, c -> c.nHi() - c.nLo());
            for (int threads : new int[] {1, 2}) {
                Processes.Result r = Gcc.run(exe, threads);
                assertTrue(r.ok() && r.output().contains("checked: " + PER_BATCH + "\nnontrivial: " + nontrivial),
                        () -> "batch " + batch + " with "
                        + threads + " thread(s) failed (sources in " + dir + "):\n" + Gcc.head(r.output(), 4000)
                        + sourcesOfFailures(r.output(), gens));
            }
        } finally {
            ScratchDir.delete(dir);
        }
    }

    private static String sourcesOfFailures(String output, List<RandomStencil.Generated> gens) {
        StringBuilder sb = new StringBuilder();
        for (RandomStencil.Generated g : gens) {
            if (output.contains("FAIL " + g.name() + " ")) {
                sb.append("\n--- ").append(g.name()).append(" ---\n").append(g.source());
                if (sb.length() > 6000) {
                    break;
                }
            }
        }
        return sb.toString();
    }
}
