package org.paradjoint.core.check;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a check driver needs beyond the function itself: values of integer parameters, extents
 * the declarations leave open, contents of index arrays, the random seed, the finite-difference
 * step, the tolerances and the range of the random floating inputs. Built by
 * {@link CheckSpecParser} from {@code paradjoint check} options; {@link #toArguments()} spells it
 * back.
 *
 * @param sets      {@code --set NAME=EXPR}: integer parameters, or helper names used only in other
 *                  expressions (e.g. {@code E}, a number of edges); in option order
 * @param extents   {@code --extent NAME=EXPR}: the leading extent of an array parameter
 * @param indices   {@code --index NAME=FILL}: contents of an integer array parameter
 * @param seed      {@code --seed}: seed of the driver's own generator (splitmix64)
 * @param fdStep    {@code --fd-step}: h of the central differences (f(x+h xd) - f(x-h xd)) / 2h; C
 *                  drivers take it relative to the inputs and by the kernel's precision ({@link Tolerances})
 * @param tolDot    {@code --tol-dot}: bound on the relative error of the dot-product test
 * @param tolFd     {@code --tol-fd}: bound on the relative error of the finite-difference test
 * @param rangeLo   {@code --range LO:HI}: floating inputs are uniform in [LO, HI]
 * @param rangeHi   see {@code rangeLo}
 */
public record CheckSpec(Map<String, IntExpr> sets, Map<String, IntExpr> extents, Map<String, IndexFill> indices,
        long seed, double fdStep, double tolDot, double tolFd, double rangeLo, double rangeHi) {

    /** Value of an integer parameter that no {@code --set} names. */
    public static final long DEFAULT_INT = 10;
    public static final long DEFAULT_SEED = 20250101L;
    public static final double DEFAULT_FD_STEP = 1e-6;
    public static final double DEFAULT_TOL_DOT = 1e-12;
    public static final double DEFAULT_TOL_FD = 1e-6;
    /** Away from 0 (kinks of fabs/fmin/fmax against 0.0) and inside the domains of log and sqrt. */
    public static final double DEFAULT_RANGE_LO = 0.5;
    public static final double DEFAULT_RANGE_HI = 1.5;

    public CheckSpec {
        sets = Collections.unmodifiableMap(new LinkedHashMap<>(sets));
        extents = Collections.unmodifiableMap(new LinkedHashMap<>(extents));
        indices = Collections.unmodifiableMap(new LinkedHashMap<>(indices));
    }

    public static CheckSpec defaults() {
        return new CheckSpec(Map.of(), Map.of(), Map.of(), DEFAULT_SEED, DEFAULT_FD_STEP, DEFAULT_TOL_DOT,
                DEFAULT_TOL_FD, DEFAULT_RANGE_LO, DEFAULT_RANGE_HI);
    }

    /** Parses check options; see {@link CheckSpecParser#parse(List)}. */
    public static CheckSpec parse(String... args) {
        return CheckSpecParser.parse(List.of(args));
    }

    public CheckSpec withSet(String name, String expr) {
        Map<String, IntExpr> m = new LinkedHashMap<>(sets);
        m.put(name, IntExpr.parse(expr));
        return new CheckSpec(m, extents, indices, seed, fdStep, tolDot, tolFd, rangeLo, rangeHi);
    }

    public CheckSpec withExtent(String name, String expr) {
        Map<String, IntExpr> m = new LinkedHashMap<>(extents);
        m.put(name, IntExpr.parse(expr));
        return new CheckSpec(sets, m, indices, seed, fdStep, tolDot, tolFd, rangeLo, rangeHi);
    }

    public CheckSpec withIndex(String name, String fill) {
        Map<String, IndexFill> m = new LinkedHashMap<>(indices);
        m.put(name, IndexFill.parse(fill));
        return new CheckSpec(sets, extents, m, seed, fdStep, tolDot, tolFd, rangeLo, rangeHi);
    }

    public CheckSpec withSeed(long s) {
        return new CheckSpec(sets, extents, indices, s, fdStep, tolDot, tolFd, rangeLo, rangeHi);
    }

    /** The options that rebuild this spec (defaults left out), e.g. {@code [--set, n=50, --index, c=perm:n]}. */
    public List<String> toArguments() {
        List<String> out = new ArrayList<>();
        sets.forEach((k, v) -> add(out, "--set", k + "=" + v.toC().replace(" ", "")));
        extents.forEach((k, v) -> add(out, "--extent", k + "=" + v.toC().replace(" ", "")));
        indices.forEach((k, v) -> add(out, "--index", k + "=" + v.spelling().replace(" ", "")));
        if (seed != DEFAULT_SEED) {
            add(out, "--seed", Long.toString(seed));
        }
        if (fdStep != DEFAULT_FD_STEP) {
            add(out, "--fd-step", Double.toString(fdStep));
        }
        if (tolDot != DEFAULT_TOL_DOT) {
            add(out, "--tol-dot", Double.toString(tolDot));
        }
        if (tolFd != DEFAULT_TOL_FD) {
            add(out, "--tol-fd", Double.toString(tolFd));
        }
        if (rangeLo != DEFAULT_RANGE_LO || rangeHi != DEFAULT_RANGE_HI) {
            add(out, "--range", rangeLo + ":" + rangeHi);
        }
        return out;
    }

    private static void add(List<String> out, String option, String value) {
        out.add(option);
        out.add(value);
    }
}
