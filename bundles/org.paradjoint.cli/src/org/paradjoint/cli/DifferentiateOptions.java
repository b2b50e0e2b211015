package org.paradjoint.cli;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.paradjoint.core.transform.Mode;
import org.paradjoint.core.transform.RaceStrategy;
import org.paradjoint.pipeline.GenerationSettings;
import org.paradjoint.race.RaceOptions;
import org.paradjoint.stencil.StencilOptions;

/**
 * The options of {@code paradjoint differentiate}, parsed into honest types at the boundary: a
 * bad value is an IllegalArgumentException naming the option and its allowed values (a usage
 * error, exit status 64).
 */
final class DifferentiateOptions {
    String file;
    Mode mode;
    String function;
    String output;
    List<String> dependents;
    List<String> independents;
    String adjointSuffix;
    String tangentSuffix;
    RaceStrategy raceStrategy = RaceStrategy.PRIVATE;
    boolean noRaceAnalysis;
    boolean separable;
    Map<String, String> extents = new LinkedHashMap<>();
    StencilOptions.Strategy stencilStrategy;
    long proverTimeoutMs = RaceOptions.DEFAULT_TIMEOUT.toMillis();
    boolean help;
    /** Replace existing files that paradjoint did not generate. */
    boolean force;
    final PreprocessorOptions preprocessor = new PreprocessorOptions();

    static DifferentiateOptions parse(String[] args) {
        DifferentiateOptions o = new DifferentiateOptions();
        for (int k = 0; k < args.length; k++) {
            String a = args[k];
            switch (a) {
                case "-h", "--help" -> o.help = true;
                case "--mode" -> {
                    String m = value(args, ++k, a);
                    o.separable = m.equals("separable");
                    o.mode = o.separable ? null : mode(m);
                }
                case "--function" -> o.function = value(args, ++k, a);
                case "-o", "--output" -> o.output = value(args, ++k, a);
                case "--dependents" -> o.dependents = list(value(args, ++k, a));
                case "--independents" -> o.independents = list(value(args, ++k, a));
                case "--adjoint-suffix" -> o.adjointSuffix = suffix(value(args, ++k, a), a);
                case "--tangent-suffix" -> o.tangentSuffix = suffix(value(args, ++k, a), a);
                case "--race-strategy" -> o.raceStrategy = strategy(value(args, ++k, a));
                case "--no-race-analysis" -> o.noRaceAnalysis = true;
                case "--force" -> o.force = true;
                case "--extent" -> {
                    String v = value(args, ++k, a);
                    int eq = v.indexOf('=');
                    if (eq <= 0 || eq == v.length() - 1) {
                        throw new IllegalArgumentException("--extent needs NAME=EXPR, not '" + v + "'");
                    }
                    o.extents.put(v.substring(0, eq).trim(), v.substring(eq + 1).trim());
                }
                case "--strategy" -> o.stencilStrategy = stencilStrategy(value(args, ++k, a));
                case "--prover-timeout" -> o.proverTimeoutMs = OptionValues.positive(value(args, ++k, a), a);
                default -> {
                    if (PreprocessorOptions.isOption(a)) {
                        k = o.preprocessor.take(args, k);
                        continue;
                    }
                    if (a.startsWith("-") && !a.equals("-")) {
                        throw new IllegalArgumentException("unknown option '" + a + "'");
                    }
                    if (o.file != null) {
                        throw new IllegalArgumentException("more than one FILE: '" + o.file + "' and '" + a + "'");
                    }
                    o.file = a;
                }
            }
        }
        if (!o.help && o.file == null) {
            throw new IllegalArgumentException("missing FILE");
        }
        if (o.noRaceAnalysis && o.raceStrategy == RaceStrategy.REDUCTION) {
            throw new IllegalArgumentException("--no-race-analysis makes every increment atomic (the all-atomic "
                    + "baseline) and cannot be combined with --race-strategy reduction, which needs the analysis "
                    + "to know which adjoints to reduce: drop one of them");
        }
        return o;
    }

    /** What the options set about generation; {@code --no-race-analysis} is the all-atomic strategy. */
    GenerationSettings settings() {
        return new GenerationSettings(adjointSuffix, tangentSuffix,
                noRaceAnalysis ? RaceStrategy.ALL_ATOMIC : raceStrategy, Duration.ofMillis(proverTimeoutMs),
                stencilStrategy, extents, dependents, independents, false, preprocessor.preprocessor());
    }

    private static String value(String[] args, int k, String option) {
        if (k >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[k];
    }

    /** A suffix ends the names of generated functions and files, so it is made of identifier characters. */
    private static String suffix(String s, String option) {
        if (!s.matches("[A-Za-z0-9_]+")) {
            throw new IllegalArgumentException(option + " must be letters, digits or '_' (it ends function names), not '"
                    + s + "'");
        }
        return s;
    }

    private static Mode mode(String s) {
        return switch (s) {
            case "reverse", "adjoint" -> Mode.REVERSE;
            case "tangent", "forward" -> Mode.TANGENT;
            default -> throw new IllegalArgumentException("--mode must be one of reverse, tangent, separable, not '"
                    + s + "'");
        };
    }

    private static RaceStrategy strategy(String s) {
        try {
            return RaceStrategy.parse(s);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--race-strategy must be one of " + RaceStrategy.allowed() + ", not '"
                    + s + "'");
        }
    }

    private static StencilOptions.Strategy stencilStrategy(String s) {
        return switch (s) {
            case "split" -> StencilOptions.Strategy.SPLIT;
            case "guarded" -> StencilOptions.Strategy.GUARDED;
            default -> throw new IllegalArgumentException("--strategy must be one of split, guarded, not '" + s + "'");
        };
    }

    private static List<String> list(String s) {
        List<String> r = new ArrayList<>();
        for (String part : s.split(",")) {
            if (!part.isBlank()) {
                r.add(part.trim());
            }
        }
        return r;
    }
}
