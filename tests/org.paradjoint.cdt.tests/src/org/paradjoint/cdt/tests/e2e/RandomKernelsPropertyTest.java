package org.paradjoint.cdt.tests.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.paradjoint.core.check.CheckReport;
import org.paradjoint.core.check.DriverRunner;
import org.paradjoint.testsupport.ScratchDir;

/**
 * Property: for random kernels (C source with {@code #pragma ad gradient}, through the C
 * front-end), tangent and adjoint pass the dot-product test (1e-12) and the finite-difference
 * test (1e-6) with 1 and 2 OpenMP threads, and every generated file (tangent, and the adjoint
 * that protects every shared increment) compiles on its own with {@code -Wall -Wextra -Werror
 * -fopenmp -O2}, although the kernels set variables they never read and compute outputs no
 * derivative needs ({@link UnneededCode}). Kernels are batched 50 to a translation unit so that gcc runs a
 * few times; a batch that does not build is bisected to find the kernels at fault. Failures are shrunk and
 * reported with their seed and the smallest failing source.
 * <p>
 * Reproduce one kernel: {@code -Dparadjoint.kernel.seed=SEED} (the seed is in the report);
 * {@code -Dparadjoint.kernels=N} checks the first N kernels only.
 */
class RandomKernelsPropertyTest {

    private static final Map<String, String> ALLOW_ZERO = Map.of(DriverRunner.ALLOW_ZERO, "1");

    static final int KERNELS = 500;
    static final int BATCH = 50;
    static final long BASE_SEED = 20_250_601L;
    static final int[] THREADS = {1, 2};
    /** Distinct kinds of failure shrunk (the first kernel of each); others are reported as generated. */
    static final int SHRUNK_FAILURES = 3;
    static final int SHRINK_BUDGET = 150;
    /** Wall-clock bound on all shrinking, so that a broken engine still fails fast. */
    static final long SHRINK_SECONDS = 120;
    static final double DOT_TOLERANCE = 1e-12;
    static final double FD_TOLERANCE = 1e-6;

    /**
     * How a kernel failed: the stage, a key that shrinking must keep (the same error codes, gcc
     * error or failing test) and what was printed.
     */
    record Failure(RandomKernel kernel, String stage, String key, String detail) {
    }

    private Path work;

    @BeforeEach
    void createScratch() {
        work = ScratchDir.create("paradjoint-kernels");
    }

    @AfterEach
    void deleteScratch() {
        ScratchDir.delete(work);
    }

    private int builds;

    static List<RandomKernel> kernels() {
        String only = System.getProperty("paradjoint.kernel.seed");
        if (only != null && !only.isBlank()) {
            return List.of(KernelGenerator.generate("rk_repro", Long.parseLong(only.trim())));
        }
        List<RandomKernel> out = new ArrayList<>();
        int count = Integer.getInteger("paradjoint.kernels", KERNELS);
        for (int k = 0; k < count; k++) {
            out.add(KernelGenerator.generate(String.format("rk%03d", k), BASE_SEED + k));
        }
        return out;
    }

    @Test
    void generatorIsDeterministicAndVaried() {
        List<RandomKernel> a = kernels();
        List<RandomKernel> b = kernels();
        assertEquals(a, b);
        if (a.size() < KERNELS) {
            return; // a single kernel or a shorter run was asked for
        }
        String all = a.stream().map(RandomKernel::toC).collect(Collectors.joining());
        for (String feature : List.of("#pragma omp parallel for", "for (j = 0; j < m; j++)", "if (", "z[i] = ",
                "y[c[i]]", "n - 1 - i", "--)", "+= 2", "log(1.5 + ", "sqrt(2.0 + sin(", "pow(fabs(", "exp(0.3 * ",
                "fmin(", "fmax(", "tanh(", "atan(", " / (2.0 + ", "    u = ", "private(i, t3)",
                "v[i] = ")) {
            assertTrue(all.contains(feature), "no kernel uses " + feature);
        }
        assertTrue(all.lines().anyMatch(l -> l.matches("#pragma omp parallel for private\\(.*\\bu\\b.*")),
                "no parallel loop has the unused temporary private");
        assertTrue(a.stream().allMatch(RandomKernel::isValid));
        assertTrue(a.stream().allMatch(KernelShrinker::wellFormed));
        // in-place updates in parallel loops, also read back across an inner loop (replayed)
        assertTrue(a.stream().anyMatch(k -> readsWhatItWrites(k, false)), "no parallel loop updates in place");
        assertTrue(a.stream().anyMatch(k -> readsWhatItWrites(k, true)),
                "no parallel loop updates in place inside an inner loop");
    }

    /** True when a parallel loop of {@code k} stores into an element its value reads (in an inner loop). */
    private static boolean readsWhatItWrites(RandomKernel k, boolean inInnerLoop) {
        boolean[] found = {false};
        for (RandomKernel.S s : k.body()) {
            if (s instanceof RandomKernel.Loop l && l.parallel()) {
                List<RandomKernel.S> scope = l.body();
                if (inInnerLoop) {
                    scope = l.body().stream().filter(RandomKernel.Loop.class::isInstance)
                            .flatMap(x -> ((RandomKernel.Loop) x).body().stream()).toList();
                }
                for (RandomKernel.S x : scope) {
                    if (x instanceof RandomKernel.Store st) {
                        KernelCleanup.mapReads(List.of(new RandomKernel.SetTemp("t0", st.value())), r -> {
                            found[0] |= r.array().equals(st.array()) && r.idx().equals(st.idx());
                            return r;
                        });
                    }
                }
            }
        }
        return found[0];
    }

    @Test
    void randomKernelsPassTheChecks() throws IOException {
        List<RandomKernel> kernels = kernels();
        List<Failure> failures = new ArrayList<>();
        for (int from = 0; from < kernels.size(); from += BATCH) {
            List<RandomKernel> batch = kernels.subList(from, Math.min(kernels.size(), from + BATCH));
            failures.addAll(checkBatch(batch, work.resolve("batch" + from / BATCH)));
        }
        if (failures.isEmpty()) {
            return;
        }
        StringBuilder report = new StringBuilder(failures.size() + " of " + kernels.size() + " random kernels fail ("
                + failures.stream().collect(Collectors.groupingBy(Failure::stage, LinkedHashMap::new,
                        Collectors.counting())) + ")\n");
        long deadline = System.nanoTime() + SHRINK_SECONDS * 1_000_000_000L;
        Set<String> shrunkKeys = new HashSet<>();
        for (Failure f : failures) {
            report.append("\n==== ").append(f.kernel().name()).append(" (seed ").append(f.kernel().seed())
                    .append(", reproduce with -Dparadjoint.kernel.seed=").append(f.kernel().seed()).append("): ")
                    .append(f.key()).append('\n');
            if (shrunkKeys.size() < SHRUNK_FAILURES && shrunkKeys.add(f.key())) {
                var shrunk = KernelShrinker.shrink(f.kernel(),
                        c -> System.nanoTime() < deadline && sameFailure(c, f.key()), SHRINK_BUDGET);
                Failure small = check(shrunk.kernel());
                report.append("shrunk in ").append(shrunk.steps()).append(" steps (").append(shrunk.tries())
                        .append(" tries) to:\n").append(shrunk.kernel().toC())
                        .append("check options: ").append(String.join(" ", shrunk.kernel().spec().toArguments()))
                        .append('\n').append(small == null ? f.detail() : small.detail()).append('\n');
            } else {
                report.append(f.kernel().toC()).append(CheckPipeline.head(f.detail(), 15)).append('\n');
            }
        }
        fail(report.toString());
    }

    private boolean sameFailure(RandomKernel k, String key) {
        Failure f = check(k);
        return f != null && f.key().equals(key);
    }

    /** The whole pipeline for one kernel alone; null when it passes. */
    private Failure check(RandomKernel k) {
        List<Failure> f = checkBatch(List.of(k), work.resolve("single" + builds++));
        return f.isEmpty() ? null : f.get(0);
    }

    private static String source(List<RandomKernel> kernels) {
        return "#include <math.h>\n\n" + kernels.stream().map(RandomKernel::toC).collect(Collectors.joining("\n"));
    }

    private List<Failure> checkBatch(List<RandomKernel> batch, Path dir) {
        try {
            return checkBatchOrThrow(batch, dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private List<Failure> checkBatchOrThrow(List<RandomKernel> batch, Path dir) throws IOException {
        List<Failure> failures = new ArrayList<>();
        List<RandomKernel> good = new ArrayList<>();
        for (RandomKernel k : batch) {
            var d = CheckPipeline.differentiate(k.name() + ".c", source(List.of(k)));
            if (d.stage() != CheckPipeline.Stage.PASSED) {
                failures.add(new Failure(k, d.stage().name(), d.key(), d.problem()));
            } else {
                good.add(k);
            }
        }
        if (good.isEmpty()) {
            return failures;
        }
        Map<String, RandomKernel> byName = new LinkedHashMap<>();
        good.forEach(k -> byName.put(k.name(), k));
        CheckPipeline.Built built = CheckPipeline.build(dir, "kernels", source(good),
                name -> byName.containsKey(name) ? byName.get(name).spec() : null);
        if (built.stage() != CheckPipeline.Stage.PASSED) {
            if (good.size() == 1) {
                failures.add(new Failure(good.get(0), built.stage().name(), built.key(), built.problem()
                        + CheckPipeline.files(built, "kernels", 120)));
                return failures;
            }
            // bisect: the kernels at fault are few
            int half = good.size() / 2;
            failures.addAll(checkBatch(good.subList(0, half), dir.resolve("a")));
            failures.addAll(checkBatch(good.subList(half, good.size()), dir.resolve("b")));
            return failures;
        }
        Map<String, Failure> wrong = new LinkedHashMap<>();
        for (int threads : THREADS) {
            // a random kernel may have a derivative that is exactly 0 at the sampled inputs (a constant
            // branch): correct, so such runs are allowed here
            DriverRunner.Outcome run = CheckPipeline.runner().run(built.executable(), threads, ALLOW_ZERO);
            CheckReport report = run.report();
            for (RandomKernel k : good) {
                if (wrong.containsKey(k.name())) {
                    continue;
                }
                CheckReport.Result r = report.result(k.name());
                if (r == null) {
                    // it crashed, or one before it did: run it alone
                    DriverRunner.Outcome alone = CheckPipeline.runner().run(built.executable(), threads, ALLOW_ZERO,
                            k.name());
                    CheckReport.Result ra = alone.report().result(k.name());
                    if (ra == null) {
                        wrong.put(k.name(), new Failure(k, "CRASH", "CRASH", threads + " thread(s), exit " + alone.exitCode()
                                + "\n" + CheckPipeline.head(alone.text(), 20)));
                    } else if (!passes(ra)) {
                        wrong.put(k.name(), new Failure(k, "WRONG", wrongKey(ra), threads + " thread(s):\n"
                                + String.join("\n", ra.lines())));
                    }
                } else if (!passes(r)) {
                    wrong.put(k.name(), new Failure(k, "WRONG", wrongKey(r), threads + " thread(s):\n"
                            + String.join("\n", r.lines())));
                }
            }
        }
        failures.addAll(wrong.values());
        return failures;
    }

    private static String wrongKey(CheckReport.Result r) {
        return "WRONG" + (r.dotError() <= DOT_TOLERANCE ? "" : " dot-product")
                + (r.fdError() <= FD_TOLERANCE ? "" : " finite-difference");
    }

    private static boolean passes(CheckReport.Result r) {
        return r.passed() && r.dotError() <= DOT_TOLERANCE && r.fdError() <= FD_TOLERANCE;
    }
}
