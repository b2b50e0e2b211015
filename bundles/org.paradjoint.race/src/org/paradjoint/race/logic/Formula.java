package org.paradjoint.race.logic;

import java.util.List;

/**
 * Formulas over {@link Term}s: comparisons, boolean connectives, boolean variables (opaque
 * conditions) and universal quantification over integer variables. Build them through
 * {@link Logic}, which simplifies constant parts away.
 */
public sealed interface Formula {

    enum Rel {
        EQ("=="), NE("!="), LT("<"), LE("<=");

        public final String symbol;

        Rel(String symbol) {
            this.symbol = symbol;
        }
    }

    record Bool(boolean value) implements Formula {
        @Override
        public String toString() {
            return Boolean.toString(value);
        }
    }

    record Cmp(Rel rel, Term left, Term right) implements Formula {
        @Override
        public String toString() {
            return Logic.text(this);
        }
    }

    record And(List<Formula> parts) implements Formula {
        public And {
            parts = List.copyOf(parts);
        }

        @Override
        public String toString() {
            return Logic.text(this);
        }
    }

    record Or(List<Formula> parts) implements Formula {
        public Or {
            parts = List.copyOf(parts);
        }

        @Override
        public String toString() {
            return Logic.text(this);
        }
    }

    record Not(Formula operand) implements Formula {
        @Override
        public String toString() {
            return Logic.text(this);
        }
    }

    /** A truth value the analysis cannot express (e.g. a floating-point comparison). */
    record BoolVar(String name) implements Formula {
        @Override
        public String toString() {
            return name;
        }
    }

    /** {@code forall vars . body}; the bound names must not occur free elsewhere. */
    record Forall(List<String> vars, Formula body) implements Formula {
        public Forall {
            vars = List.copyOf(vars);
        }

        @Override
        public String toString() {
            return Logic.text(this);
        }
    }
}
