package org.paradjoint.pipeline.timing;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.paradjoint.pipeline.GenerationSettings;

/**
 * One timing experiment: a kernel of a C or Fortran source file, timed at every problem size and
 * thread count for every variant.
 *
 * @param source        the annotated C or Fortran file
 * @param kernel        the function to time (its derivatives are generated from its pragmas)
 * @param sizeParameter the integer parameter the problem sizes set; null: every integer parameter
 * @param sizes         problem sizes, e.g. {@code [100000, 1000000]}
 * @param fixed         values of other integer parameters, and explicit array lengths
 *                      ({@code x=1000}) where the kernel's indices cannot be bounded
 * @param threads       thread counts, e.g. {@code [1, 2, 4]}
 * @param variants      variant ids ({@link Variants}); empty: all that apply to the kernel
 * @param repetitions   timed calls per run (after one untimed warm-up call)
 * @param compiler      the C compiler command, e.g. {@code gcc}
 * @param fortranCompiler the Fortran compiler command for Fortran sources, e.g. {@code gfortran}
 * @param flags         flags of either compiler; {@code -fopenmp} is always added
 * @param workDir       where generated sources, drivers and executables go
 * @param csv           the CSV written at the end
 * @param generation    suffixes, prover timeout, stencil strategy of the generated variants
 * @param runTimeout    limit of one compile or run
 * @param environment   variables set for every run besides {@code OMP_NUM_THREADS}
 * @param ranks         MPI process counts of a kernel that communicates (an {@code MPI_Comm}
 *                      parameter or an MPI call), e.g. {@code [1, 2, 4]}: each run starts that many ranks with
 *                      {@code mpirun}, each with the thread count; empty: 1 for such a kernel
 */
public record TimingConfig(Path source, String kernel, String sizeParameter, List<Long> sizes,
        Map<String, Long> fixed, List<Integer> threads, List<String> variants, int repetitions, String compiler,
        String fortranCompiler, List<String> flags, Path workDir, Path csv, GenerationSettings generation,
        Duration runTimeout, Map<String, String> environment, List<Integer> ranks) {

    public static final List<String> DEFAULT_FLAGS = List.of("-O2");
    public static final String DEFAULT_FORTRAN_COMPILER = "gfortran";
    public static final Duration DEFAULT_RUN_TIMEOUT = Duration.ofMinutes(10);
    /**
     * Threads sleep at barriers instead of spinning: spinning threads that share their cores with
     * other work, or run under a CPU quota, turn microseconds of waiting into milliseconds.
     */
    public static final Map<String, String> DEFAULT_ENVIRONMENT = Map.of("OMP_WAIT_POLICY", "passive");

    public TimingConfig {
        sizes = List.copyOf(sizes);
        fixed = new LinkedHashMap<>(fixed == null ? Map.of() : fixed);
        threads = List.copyOf(threads);
        variants = List.copyOf(variants == null ? List.of() : variants);
        flags = List.copyOf(flags == null ? DEFAULT_FLAGS : flags);
        compiler = compiler == null || compiler.isBlank() ? "gcc" : compiler.strip();
        fortranCompiler = fortranCompiler == null || fortranCompiler.isBlank() ? DEFAULT_FORTRAN_COMPILER
                : fortranCompiler.strip();
        generation = generation == null ? GenerationSettings.defaults() : generation;
        runTimeout = runTimeout == null ? DEFAULT_RUN_TIMEOUT : runTimeout;
        environment = new LinkedHashMap<>(environment == null ? DEFAULT_ENVIRONMENT : environment);
        ranks = List.copyOf(ranks == null ? List.of() : ranks);
        if (source == null || kernel == null || kernel.isBlank()) {
            throw new IllegalArgumentException("a source file and a kernel function are required");
        }
        if (sizes.isEmpty() || threads.isEmpty()) {
            throw new IllegalArgumentException("give at least one problem size and one thread count");
        }
        if (threads.stream().anyMatch(t -> t < 1) || sizes.stream().anyMatch(s -> s < 1)
                || ranks.stream().anyMatch(r -> r < 1)) {
            throw new IllegalArgumentException("problem sizes, thread and rank counts must be positive");
        }
        if (repetitions < 1) {
            throw new IllegalArgumentException("repetitions must be at least 1");
        }
    }

    /** A configuration with the defaults: work directory and CSV next to the source. */
    public static TimingConfig of(Path source, String kernel, List<Long> sizes, List<Integer> threads) {
        String stem = stem(source);
        Path dir = source.toAbsolutePath().getParent();
        return new TimingConfig(source, kernel, null, sizes, Map.of(), threads, List.of(), 5, "gcc", null,
                DEFAULT_FLAGS, dir.resolve(stem + "_timing"), dir.resolve(stem + "_timing.csv"), null, null, null, List.of());
    }

    public TimingConfig withVariants(List<String> v) {
        return new TimingConfig(source, kernel, sizeParameter, sizes, fixed, threads, v, repetitions, compiler,
                fortranCompiler, flags, workDir, csv, generation, runTimeout, environment, ranks);
    }

    public TimingConfig withRepetitions(int r) {
        return new TimingConfig(source, kernel, sizeParameter, sizes, fixed, threads, variants, r, compiler,
                fortranCompiler, flags, workDir, csv, generation, runTimeout, environment, ranks);
    }

    public TimingConfig withCompiler(String cc, List<String> f) {
        return new TimingConfig(source, kernel, sizeParameter, sizes, fixed, threads, variants, repetitions, cc,
                fortranCompiler, f, workDir, csv, generation, runTimeout, environment, ranks);
    }

    /** The compiler of Fortran sources and their drivers (the flags are those of {@link #withCompiler}). */
    public TimingConfig withFortranCompiler(String fc) {
        return new TimingConfig(source, kernel, sizeParameter, sizes, fixed, threads, variants, repetitions, compiler,
                fc, flags, workDir, csv, generation, runTimeout, environment, ranks);
    }

    public TimingConfig withOutput(Path dir, Path csvFile) {
        return new TimingConfig(source, kernel, sizeParameter, sizes, fixed, threads, variants, repetitions, compiler,
                fortranCompiler, flags, dir, csvFile, generation, runTimeout, environment, ranks);
    }

    public TimingConfig withFixed(Map<String, Long> values) {
        return new TimingConfig(source, kernel, sizeParameter, sizes, values, threads, variants, repetitions, compiler,
                fortranCompiler, flags, workDir, csv, generation, runTimeout, environment, ranks);
    }

    public TimingConfig withSizeParameter(String name) {
        return new TimingConfig(source, kernel, name, sizes, fixed, threads, variants, repetitions, compiler,
                fortranCompiler, flags, workDir, csv, generation, runTimeout, environment, ranks);
    }

    public TimingConfig withGeneration(GenerationSettings g) {
        return new TimingConfig(source, kernel, sizeParameter, sizes, fixed, threads, variants, repetitions, compiler,
                fortranCompiler, flags, workDir, csv, g, runTimeout, environment, ranks);
    }

    public TimingConfig withEnvironment(Map<String, String> env) {
        return new TimingConfig(source, kernel, sizeParameter, sizes, fixed, threads, variants, repetitions, compiler,
                fortranCompiler, flags, workDir, csv, generation, runTimeout, env, ranks);
    }

    /** The MPI process counts of a kernel that communicates. */
    public TimingConfig withRanks(List<Integer> r) {
        return new TimingConfig(source, kernel, sizeParameter, sizes, fixed, threads, variants, repetitions, compiler,
                fortranCompiler, flags, workDir, csv, generation, runTimeout, environment, r);
    }

    /** Parses {@code OMP_WAIT_POLICY=passive OMP_PROC_BIND=close}. */
    public static Map<String, String> parseEnvironment(String text) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String part : text.strip().split("\\s+")) {
            if (part.isEmpty()) {
                continue;
            }
            int eq = part.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("expected NAME=VALUE, not '" + part + "'");
            }
            out.put(part.substring(0, eq), part.substring(eq + 1));
        }
        return out;
    }

    /** Parses {@code 1,2,4} or {@code 1000 10000}. */
    public static List<Long> parseLongs(String text) {
        List<Long> out = new ArrayList<>();
        for (String part : text.split("[,\\s]+")) {
            if (!part.isBlank()) {
                try {
                    out.add(Long.parseLong(part.strip()));
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("'" + part.strip() + "' is not a whole number");
                }
            }
        }
        return out;
    }

    /** Parses {@code m=4, x=1000}. */
    public static Map<String, Long> parseAssignments(String text) {
        Map<String, Long> out = new LinkedHashMap<>();
        for (String part : text.split("[,\\s]+")) {
            if (part.isBlank()) {
                continue;
            }
            int eq = part.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("expected NAME=VALUE, not '" + part + "'");
            }
            out.put(part.substring(0, eq).strip(), parseLongs(part.substring(eq + 1)).get(0));
        }
        return out;
    }

    static String stem(Path source) {
        String name = source.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }
}
