package org.paradjoint.cdt.tests.e2e;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.BiFunction;

import org.paradjoint.core.check.CheckSpec;
import org.paradjoint.core.check.CheckSpecParser;
import org.paradjoint.pipeline.GenerationSettings;

/**
 * The frame the property tests share that draw C kernels from a seed: the seed (a system property
 * reproduces a run), the kernels built as one file with the check options of each, a build that
 * fails shown with its files, and the derivative checks at several thread counts, a failure
 * naming the kernel's options and source. What a test is about (the kernels it draws, what their
 * adjoints must show) stays in the test.
 */
final class SeededKernels {

    /** A drawn kernel: its function's name, its C text and the options of {@code paradjoint check}. */
    record Kernel(String name, String source, String options) {

        CheckSpec spec() {
            return CheckSpecParser.parse(List.of(options.split("\\s+")));
        }

        /** What reproduces a failing check of it. */
        String about() {
            return " (" + options + ")\n" + source;
        }
    }

    /** A built file of kernels and the text of its adjoint file. */
    record Built(CheckPipeline.Built build, String base, List<Kernel> kernels, String adjoint) {

        /** The adjoint function of {@code k}: from its signature to its closing brace. */
        String adjointOf(Kernel k) {
            String fn = adjoint.substring(adjoint.indexOf("void " + k.name() + "_b("));
            return fn.substring(0, fn.indexOf("\n}\n"));
        }

        /**
         * Runs the checks with each count of {@code threads}; fails with the first six problems
         * (and, when {@code withFiles}, the generated files) if a check does not pass both tests.
         */
        void check(int[] threads, double dotTolerance, double fdTolerance, boolean withFiles) throws IOException {
            Map<String, Kernel> byName = new LinkedHashMap<>();
            kernels.forEach(k -> byName.put(k.name(), k));
            List<String> problems = CheckPipeline.failuresOnThreads(build, new ArrayList<>(byName.keySet()), threads,
                    dotTolerance, fdTolerance, f -> byName.get(f).about());
            if (!problems.isEmpty()) {
                fail(problems.size() + " failing checks:\n"
                        + String.join("\n", problems.subList(0, Math.min(6, problems.size())))
                        + (withFiles ? "\n" + CheckPipeline.files(build, base, 120) : ""));
            }
        }
    }

    private SeededKernels() {
    }

    /**
     * {@code count} kernels named {@code prefix} and their number, drawn in order by {@code draw}
     * from the seed in system property {@code property}, or {@code baseSeed} when it is not set.
     */
    static List<Kernel> draw(String property, long baseSeed, int count, String prefix,
            BiFunction<String, Random, Kernel> draw) {
        Random r = random(property, baseSeed);
        List<Kernel> out = new ArrayList<>();
        for (int k = 0; k < count; k++) {
            out.add(draw.apply(prefix + k, r));
        }
        return out;
    }

    /** The random source of a run: the seed in system property {@code property}, else {@code baseSeed}. */
    static Random random(String property, long baseSeed) {
        String only = System.getProperty(property);
        return new Random(only == null || only.isBlank() ? baseSeed : Long.parseLong(only.trim()));
    }

    /** Whether this run draws from the base seed (no seed given): what a test asserts of its draw holds then. */
    static boolean baseSeed(String property) {
        String only = System.getProperty(property);
        return only == null || only.isBlank();
    }

    /**
     * {@code kernels} after {@code prelude} in {@code base.c} under {@code work}, differentiated under
     * {@code settings} and built into a check driver; fails the test with the files when that does not
     * succeed.
     */
    static Built build(Path work, String base, String prelude, List<Kernel> kernels, GenerationSettings settings)
            throws IOException {
        StringBuilder source = new StringBuilder(prelude);
        Map<String, Kernel> byName = new LinkedHashMap<>();
        for (Kernel k : kernels) {
            source.append(k.source()).append('\n');
            byName.put(k.name(), k);
        }
        CheckPipeline.Built built = CheckPipeline.build(work.resolve(base), base, source.toString(), fn -> {
            Kernel k = byName.get(fn);
            return k == null ? null : k.spec();
        }, settings);
        if (built.stage() != CheckPipeline.Stage.PASSED) {
            fail(built.stage() + "\n" + built.problem() + "\n" + CheckPipeline.files(built, base, 200));
        }
        return new Built(built, base, List.copyOf(kernels), Files.readString(built.dir().resolve(base + "_b.c")));
    }

    /** As above, under the settings of {@link CheckPipeline#build(Path, String, String, java.util.function.Function)}. */
    static Built build(Path work, String base, String prelude, List<Kernel> kernels) throws IOException {
        return build(work, base, prelude, kernels, GenerationSettings.allAtomic());
    }
}
