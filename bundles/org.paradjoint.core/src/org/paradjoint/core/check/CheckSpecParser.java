package org.paradjoint.core.check;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Parses the options of {@code paradjoint check FILE --function NAME [options]}. Options take
 * their value as the next argument or after {@code =} ({@code --seed 7}, {@code --seed=7});
 * {@code --set}, {@code --extent} and {@code --index} may be repeated.
 */
public final class CheckSpecParser {

    /** The parsed command line: {@code file} and {@code function} may be null (not given). */
    public record CheckCommand(String file, String function, String output, CheckSpec spec, boolean help) {
    }

    /** A C identifier, or a member of a struct parameter as the code names it ({@code g->n}). */
    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*(->[A-Za-z_][A-Za-z0-9_]*)?");

    public static final String HELP = """
            Usage: paradjoint check FILE --function NAME [options]

            Writes a C driver that checks the derivatives of NAME: the dot-product test
            <J xd, yb> = <xd, J^T yb> between NAME_d (tangent) and NAME_b (adjoint), and the
            tangent against central differences (f(x+h xd) - f(x-h xd)) / 2h of the primal.
            The driver holds two translation units: FILE (PA_CHECK_PART=1, GNU C, warnings but no
            -Werror, its main renamed) and FILE_d.c, FILE_b.c with the checks (PA_CHECK_PART=2,
            strict); --run builds and runs it, otherwise check prints the two gcc commands.
            It prints one line per test, then PASS or FAIL; the exit status is 0 only on PASS.

            Options (EXPR: integer expression over integer parameters and --set names,
            with + - * / %% and parentheses, e.g. 4*ng or (nx+2)*(ny+2)):
              --function NAME       the function to check
              --output FILE         where to write the driver (default NAME_check.c next to FILE)
              --set NAME=EXPR       value of an integer parameter (default %d); a NAME that is
                                    no parameter is a helper for other expressions (--set E=12)
              --extent NAME=EXPR    leading extent of array NAME (default: one more than the
                                    largest index the function can use, found from loop bounds,
                                    integer values and index-array contents; when that cannot be
                                    bounded the generator asks for --extent)
              --index NAME=FILL     contents of integer array NAME (flattened if 2-D):
                                      perm:N         a random permutation of 0..N-1, repeated or
                                                     truncated to the array's length (default:
                                                     perm over the array's own length)
                                      range:LO:HI    values uniform in [LO, HI)
                                      ascending:LO:HI sorted values from LO (first) to HI (last)
              --seed S              seed of the driver's random numbers (default %d)
              --fd-step H           finite-difference step relative to max(1, max|x|) over the
                                    independents' inputs (default %s; float kernels %s)
              --tol-dot T           tolerance of the dot-product test (default %s; float %s)
              --tol-fd T            tolerance of the finite-difference test (default %s; float %s)
              --range LO:HI         floating inputs are uniform in [LO, HI] (default %s:%s)
              -h, --help            this text

            Derivative seeds: xd uniform in [-1, 1] for every independent, yb uniform in [-1, 1]
            for every dependent, zero for every other derivative argument. Relative errors: the
            dot-product test divides |<yd,yb> - <xd,xb>| by the larger sum of |terms| of the two
            products; the finite-difference test divides max|fd - yd| by
            max(max|yd|, max|fd|, noise / tol-fd), where noise, the rounding error of the
            differences, is the larger of 100 eps max(1, max|y|) / h (eps of the kernel's
            precision) and 4 times the change of the differences when h doubles (C drivers).
            """.formatted(CheckSpec.DEFAULT_INT, CheckSpec.DEFAULT_SEED, CheckSpec.DEFAULT_FD_STEP,
            Tolerances.FLOAT_STEP, CheckSpec.DEFAULT_TOL_DOT, Tolerances.FLOAT_TOL_DOT, CheckSpec.DEFAULT_TOL_FD,
            Tolerances.FLOAT_TOL_FD, CheckSpec.DEFAULT_RANGE_LO,
            CheckSpec.DEFAULT_RANGE_HI);

    private CheckSpecParser() {
    }

    /** Parses check options only (no FILE, no --function); throws {@link CheckSpecException}. */
    public static CheckSpec parse(List<String> args) {
        CheckCommand c = parse(args, false);
        if (c.help()) {
            throw new CheckSpecException("--help is not a check option here");
        }
        return c.spec();
    }

    /** Parses the whole {@code check} command line after the word {@code check}. */
    public static CheckCommand parseCommand(List<String> args) {
        return parse(args, true);
    }

    private static CheckCommand parse(List<String> args, boolean command) {
        Map<String, IntExpr> sets = new LinkedHashMap<>();
        Map<String, IntExpr> extents = new LinkedHashMap<>();
        Map<String, IndexFill> indices = new LinkedHashMap<>();
        CheckSpec d = CheckSpec.defaults();
        long seed = d.seed();
        double fdStep = d.fdStep(), tolDot = d.tolDot(), tolFd = d.tolFd();
        double rangeLo = d.rangeLo(), rangeHi = d.rangeHi();
        String file = null, function = null, output = null;
        boolean help = false;
        List<String> rest = new ArrayList<>(args);
        while (!rest.isEmpty()) {
            String arg = rest.remove(0);
            if (arg.equals("-h") || arg.equals("--help")) {
                help = true;
                continue;
            }
            if (!arg.startsWith("-")) {
                if (!command) {
                    throw new CheckSpecException("unexpected argument '" + arg + "' (options start with --)");
                }
                if (file != null) {
                    throw new CheckSpecException("more than one FILE: '" + file + "' and '" + arg + "'");
                }
                file = arg;
                continue;
            }
            String option = arg;
            String value = null;
            int eq = arg.indexOf('=');
            if (eq > 0) {
                option = arg.substring(0, eq);
                value = arg.substring(eq + 1);
            }
            boolean known = switch (option) {
                case "--set", "--extent", "--index", "--seed", "--fd-step", "--tol-dot", "--tol-fd", "--range" -> true;
                case "--function", "--output" -> command;
                default -> false;
            };
            if (!known) {
                throw new CheckSpecException("unknown option '" + option + "' (see --help)");
            }
            if (value == null) {
                if (rest.isEmpty() || rest.get(0).startsWith("--")) {
                    throw new CheckSpecException(option + " needs a value (see --help)");
                }
                value = rest.remove(0);
            }
            switch (option) {
                case "--function" -> function = name(option, value);
                case "--output" -> output = value;
                case "--set" -> putAssignment(sets, option, value, IntExpr::parse);
                case "--extent" -> putAssignment(extents, option, value, IntExpr::parse);
                case "--index" -> putAssignment(indices, option, value, IndexFill::parse);
                case "--seed" -> seed = parseLong(option, value);
                case "--fd-step" -> fdStep = positive(option, value);
                case "--tol-dot" -> tolDot = positive(option, value);
                case "--tol-fd" -> tolFd = positive(option, value);
                default -> {
                    double[] r = range(option, value);
                    rangeLo = r[0];
                    rangeHi = r[1];
                }
            }
        }
        CheckSpec spec = new CheckSpec(sets, extents, indices, seed, fdStep, tolDot, tolFd, rangeLo, rangeHi);
        if (command && !help && file == null) {
            throw new CheckSpecException("missing FILE (usage: paradjoint check FILE --function NAME [options])");
        }
        return new CheckCommand(file, function, output, spec, help);
    }

    private static <T> void putAssignment(Map<String, T> into, String option, String value,
            java.util.function.Function<String, T> parser) {
        int eq = value.indexOf('=');
        if (eq < 0) {
            throw new CheckSpecException(option + " expects NAME=" + (option.equals("--index") ? "FILL" : "EXPR")
                    + ", got '" + value + "'");
        }
        String name = name(option, value.substring(0, eq).trim());
        if (into.containsKey(name)) {
            throw new CheckSpecException(option + " " + name + " is given twice");
        }
        try {
            into.put(name, parser.apply(value.substring(eq + 1)));
        } catch (IllegalArgumentException e) {
            throw new CheckSpecException(option + " " + value + ": " + e.getMessage());
        }
    }

    private static String name(String option, String text) {
        if (!NAME.matcher(text).matches()) {
            throw new CheckSpecException(option + ": '" + text + "' is not a C identifier");
        }
        return text;
    }

    private static long parseLong(String option, String value) {
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new CheckSpecException(option + " expects an integer, got '" + value + "'");
        }
    }

    private static double parseDouble(String option, String value) {
        try {
            double v = Double.parseDouble(value.trim());
            if (!Double.isFinite(v)) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            throw new CheckSpecException(option + " expects a number, got '" + value + "'");
        }
    }

    private static double positive(String option, String value) {
        double v = parseDouble(option, value);
        if (v <= 0) {
            throw new CheckSpecException(option + " must be positive, got " + value);
        }
        return v;
    }

    private static double[] range(String option, String value) {
        int colon = value.indexOf(':', 1);
        if (colon < 0) {
            throw new CheckSpecException(option + " expects LO:HI, got '" + value + "'");
        }
        double lo = parseDouble(option, value.substring(0, colon));
        double hi = parseDouble(option, value.substring(colon + 1));
        if (!(lo < hi)) {
            throw new CheckSpecException(option + " needs LO < HI, got '" + value + "'");
        }
        return new double[] {lo, hi};
    }
}
