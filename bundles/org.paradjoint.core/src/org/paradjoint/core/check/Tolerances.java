package org.paradjoint.core.check;

import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Variable;

/**
 * The tolerance model of C check drivers, decided here once. The precision of a kernel is that of
 * its least precise floating parameter ({@code float} or {@code double}); its epsilon bounds what
 * rounding leaves of every computed value.
 * <ul>
 * <li>The finite-difference step is relative: {@code h = step * max(1, max|x|)} over the
 * independents' inputs (the driver computes it once the inputs are drawn), so that a kernel of
 * large inputs is perturbed by the same relative amount as one of inputs near 1.</li>
 * <li>Central differences are uncertain by about {@code eps * max|y| / h} from rounding; the
 * finite-difference error is relative to the larger of max|yd|, max|fd| and 100 times that noise
 * over the tolerance (the noise uses the kernel's epsilon).</li>
 * <li>The dot-product error is relative to the sum of the absolute values of its terms (its
 * condition), since the two sides are sums that may cancel.</li>
 * <li>Defaults depend on the precision: double {@code 1e-6} step, {@code 1e-12} dot-product and
 * {@code 1e-6} finite-difference tolerance; float (about 7 digits) {@code 1e-3} step (near
 * the cube root of its epsilon, which balances truncation and rounding), {@code 1e-3} and
 * {@code 1e-2}. A value given on the command line is used as given.</li>
 * </ul>
 */
record Tolerances(String epsilon, double step, double tolDot, double tolFd) {

    static final double FLOAT_STEP = 1e-3;
    static final double FLOAT_TOL_DOT = 1e-3;
    static final double FLOAT_TOL_FD = 1e-2;

    static Tolerances of(CheckPlan<?> plan) {
        CheckSpec spec = plan.spec();
        boolean single = plan.function().params().stream().map(Variable::type).anyMatch(t -> t == BaseType.FLOAT);
        if (!single) {
            return new Tolerances("DBL_EPSILON", spec.fdStep(), spec.tolDot(), spec.tolFd());
        }
        return new Tolerances("FLT_EPSILON", given(spec.fdStep(), CheckSpec.DEFAULT_FD_STEP, FLOAT_STEP),
                given(spec.tolDot(), CheckSpec.DEFAULT_TOL_DOT, FLOAT_TOL_DOT),
                given(spec.tolFd(), CheckSpec.DEFAULT_TOL_FD, FLOAT_TOL_FD));
    }

    /** The user's value, or {@code precisionDefault} where the user left the default. */
    private static double given(double value, double defaultValue, double precisionDefault) {
        return value == defaultValue ? precisionDefault : value;
    }
}
