package org.paradjoint.stencil.internal;

import java.util.List;

/**
 * What is known about the symbolic loop bounds where a piece of code runs, as affine forms known
 * to be non-negative (e.g. {@code upper - lower >= 0} inside "the primal loop runs"). Proves
 * {@code a <= b} when {@code b - a} is a non-negative constant, or one fact plus one.
 */
final class Facts {

    private final List<Affine> nonNegative;

    Facts(List<Affine> nonNegative) {
        this.nonNegative = List.copyOf(nonNegative);
    }

    static Facts none() {
        return new Facts(List.of());
    }

    boolean le(Affine a, Affine b) {
        Affine diff = b.minus(a);
        if (diff.isConstant()) {
            return diff.constantPart() >= 0;
        }
        for (Affine f : nonNegative) {
            Affine rest = diff.minus(f);
            if (rest.isConstant() && rest.constantPart() >= 0) {
                return true;
            }
        }
        return false;
    }

    boolean lt(Affine a, Affine b) {
        return le(a.plus(1), b);
    }

    /** Every value of {@code e} is at least {@code v}. */
    boolean lowAtLeast(Extent e, Affine v) {
        return le(v, e.lo());
    }

    /** Every value of {@code e} is at most {@code v}. */
    boolean highAtMost(Extent e, Affine v) {
        return le(e.hi(), v) || e.cap() != null && le(e.cap(), v);
    }
}
