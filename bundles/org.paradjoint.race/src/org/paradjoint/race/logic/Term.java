package org.paradjoint.race.logic;

import java.util.List;

/**
 * Integer terms of the race-analysis formulas: variables, constants, sums, differences,
 * products, the mathematical (non-negative) remainder by a positive constant, and applications
 * of uninterpreted functions (an index array {@code c[e]} is {@code c(e)}). Records compare
 * structurally; build them through {@link Logic} to get canonical (normalised) forms.
 */
public sealed interface Term {

    record Const(long value) implements Term {
        @Override
        public String toString() {
            return Long.toString(value);
        }
    }

    record Var(String name) implements Term {
        @Override
        public String toString() {
            return name;
        }
    }

    /** {@code t1 + t2 + ...} (at least two terms). */
    record Add(List<Term> terms) implements Term {
        public Add {
            terms = List.copyOf(terms);
        }

        @Override
        public String toString() {
            return Logic.text(this);
        }
    }

    record Sub(Term left, Term right) implements Term {
        @Override
        public String toString() {
            return Logic.text(this);
        }
    }

    record Mul(Term left, Term right) implements Term {
        @Override
        public String toString() {
            return Logic.text(this);
        }
    }

    /** Mathematical remainder: {@code 0 <= dividend mod divisor < divisor}; {@code divisor > 0}. */
    record Mod(Term dividend, long divisor) implements Term {
        public Mod {
            if (divisor <= 0) {
                throw new IllegalArgumentException("divisor must be positive: " + divisor);
            }
        }

        @Override
        public String toString() {
            return Logic.text(this);
        }
    }

    /** An uninterpreted function {@code Int^k -> Int} applied to {@code k >= 1} arguments. */
    record App(String function, List<Term> args) implements Term {
        public App {
            args = List.copyOf(args);
            if (args.isEmpty()) {
                throw new IllegalArgumentException("an application needs arguments: " + function);
            }
        }

        @Override
        public String toString() {
            return Logic.text(this);
        }
    }
}
