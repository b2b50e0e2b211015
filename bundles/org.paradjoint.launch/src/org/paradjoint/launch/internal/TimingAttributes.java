package org.paradjoint.launch.internal;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

import org.paradjoint.pipeline.timing.TimingConfig;

/**
 * The attributes of a "Derivative timing experiment" launch configuration and their translation
 * into a {@link TimingConfig}. Paths may use string variables such as
 * {@code ${workspace_loc:/project/kernel.c}}; the caller substitutes them.
 */
public final class TimingAttributes {

    public static final String TYPE_ID = "org.paradjoint.launch.timing";
    private static final String P = "org.paradjoint.launch.";
    public static final String SOURCE = P + "source";
    public static final String KERNEL = P + "kernel";
    public static final String SIZE_PARAMETER = P + "sizeParameter";
    public static final String SIZES = P + "sizes";
    public static final String FIXED = P + "fixed";
    public static final String THREADS = P + "threads";
    /** MPI process counts of a kernel that communicates ({@code "1, 2, 4"}); empty: one. */
    public static final String RANKS = P + "ranks";
    public static final String VARIANTS = P + "variants";
    public static final String REPETITIONS = P + "repetitions";
    public static final String COMPILER = P + "compiler";
    /** The compiler of Fortran sources (default gfortran); the flags are shared with the C compiler. */
    public static final String FORTRAN_COMPILER = P + "fortranCompiler";
    public static final String FLAGS = P + "flags";
    public static final String CSV = P + "csv";
    public static final String ENVIRONMENT = P + "environment";

    /** Attribute of the timing process: the CSV it writes. */
    public static final String PROCESS_CSV = P + "process.csv";

    private TimingAttributes() {
    }

    /** The experiment the attributes describe; an {@link IllegalArgumentException} says what is wrong. */
    public static TimingConfig toConfig(Map<String, Object> attrs, UnaryOperator<String> substitute) {
        String source = substitute.apply(string(attrs, SOURCE, ""));
        if (source.isBlank()) {
            throw new IllegalArgumentException("no source file is set");
        }
        Path src = Path.of(source);
        TimingConfig c = TimingConfig.of(src, string(attrs, KERNEL, "").strip(),
                TimingConfig.parseLongs(string(attrs, SIZES, "")),
                TimingConfig.parseLongs(string(attrs, THREADS, "1")).stream().map(Long::intValue).toList());
        String sizeParameter = string(attrs, SIZE_PARAMETER, "").strip();
        if (!sizeParameter.isEmpty()) {
            c = c.withSizeParameter(sizeParameter);
        }
        c = c.withFixed(TimingConfig.parseAssignments(string(attrs, FIXED, "")))
                .withRanks(TimingConfig.parseLongs(string(attrs, RANKS, "")).stream().map(Long::intValue).toList());
        if (attrs.get(VARIANTS) instanceof List<?> v) {
            c = c.withVariants(v.stream().map(Object::toString).toList());
        }
        if (attrs.get(REPETITIONS) instanceof Integer r) {
            c = c.withRepetitions(r);
        }
        String flags = string(attrs, FLAGS, String.join(" ", TimingConfig.DEFAULT_FLAGS));
        c = c.withCompiler(string(attrs, COMPILER, "gcc"), List.of(flags.strip().split("\\s+")).stream()
                .filter(s -> !s.isEmpty()).toList())
                .withFortranCompiler(string(attrs, FORTRAN_COMPILER, TimingConfig.DEFAULT_FORTRAN_COMPILER));
        if (attrs.get(ENVIRONMENT) instanceof String env) {
            c = c.withEnvironment(TimingConfig.parseEnvironment(env));
        }
        String csv = substitute.apply(string(attrs, CSV, "")).strip();
        if (!csv.isEmpty()) {
            c = c.withOutput(c.workDir(), Path.of(csv));
        }
        return c;
    }

    private static String string(Map<String, Object> attrs, String key, String fallback) {
        return attrs.get(key) instanceof String s ? s : fallback;
    }
}
