package org.paradjoint.core.ir;

import java.lang.invoke.MethodHandles;

import java.util.List;

import org.paradjoint.core.diag.SourceRange;

/** The {@code ad} annotations ({@code #pragma ad ...} in C, {@code !$ad ...} in Fortran). */
public sealed interface AdPragma {

    SourceRange range();

    /** {@code ad gradient(deps : indeps)}: reverse mode of the enclosing function. */
    record Gradient(List<String> dependents, List<String> independents, SourceRange range) implements AdPragma {

        private static final Structure STRUCTURE = Structure.of(MethodHandles.lookup(), Gradient.class);

        /** By structure: the source range is not compared (see {@link Structure}). */
        @Override
        public boolean equals(Object o) {
            return STRUCTURE.equal(this, o);
        }

        @Override
        public int hashCode() {
            return STRUCTURE.hash(this);
        }

        public Gradient {
            dependents = List.copyOf(dependents);
            independents = List.copyOf(independents);
        }
    }

    /** {@code ad tangent(deps : indeps)}: forward mode of the enclosing function. */
    record Tangent(List<String> dependents, List<String> independents, SourceRange range) implements AdPragma {

        private static final Structure STRUCTURE = Structure.of(MethodHandles.lookup(), Tangent.class);

        /** By structure: the source range is not compared (see {@link Structure}). */
        @Override
        public boolean equals(Object o) {
            return STRUCTURE.equal(this, o);
        }

        @Override
        public int hashCode() {
            return STRUCTURE.hash(this);
        }

        public Tangent {
            dependents = List.copyOf(dependents);
            independents = List.copyOf(independents);
        }
    }

    /** {@code ad stencil adjoint(u:ub, ...) [strategy(split|guarded)]}. */
    record StencilAdjoint(List<Mapping> mappings, String strategy, SourceRange range) implements AdPragma {

        private static final Structure STRUCTURE = Structure.of(MethodHandles.lookup(), StencilAdjoint.class);

        /** By structure: the source range is not compared (see {@link Structure}). */
        @Override
        public boolean equals(Object o) {
            return STRUCTURE.equal(this, o);
        }

        @Override
        public int hashCode() {
            return STRUCTURE.hash(this);
        }

        public record Mapping(String array, String adjoint) {
        }

        public StencilAdjoint {
            mappings = List.copyOf(mappings);
        }
    }

    /** {@code ad partially_separable(e1, ...)} or ADIC2's {@code $adic_partiallyseparable, e1, ...}. */
    record PartiallySeparable(List<String> elementals, SourceRange range) implements AdPragma {

        private static final Structure STRUCTURE = Structure.of(MethodHandles.lookup(), PartiallySeparable.class);

        /** By structure: the source range is not compared (see {@link Structure}). */
        @Override
        public boolean equals(Object o) {
            return STRUCTURE.equal(this, o);
        }

        @Override
        public int hashCode() {
            return STRUCTURE.hash(this);
        }

        public PartiallySeparable {
            elementals = List.copyOf(elementals);
        }
    }

    /** {@code ad elemental} or ADIC2's {@code $adic_partialelemental}. */
    record Elemental(SourceRange range) implements AdPragma {

        private static final Structure STRUCTURE = Structure.of(MethodHandles.lookup(), Elemental.class);

        /** By structure: the source range is not compared (see {@link Structure}). */
        @Override
        public boolean equals(Object o) {
            return STRUCTURE.equal(this, o);
        }

        @Override
        public int hashCode() {
            return STRUCTURE.hash(this);
        }
    }

    /** {@code ad disjoint(expr, ...)}: user knowledge for the race analysis. */
    record Disjoint(List<Expr> expressions, SourceRange range) implements AdPragma {

        private static final Structure STRUCTURE = Structure.of(MethodHandles.lookup(), Disjoint.class);

        /** By structure: the source range is not compared (see {@link Structure}). */
        @Override
        public boolean equals(Object o) {
            return STRUCTURE.equal(this, o);
        }

        @Override
        public int hashCode() {
            return STRUCTURE.hash(this);
        }

        public Disjoint {
            expressions = List.copyOf(expressions);
        }
    }

    /**
     * {@code ad checkpoint(binomial[, S])} on a sequential loop: its adjoint keeps {@code snapshots}
     * snapshots of the loop's state and recomputes from them (Revolve) instead of taping every
     * iteration. {@code snapshots} is an integer literal or a reference to an integer parameter;
     * null when omitted (a run-time default, see the user guide).
     */
    record Checkpoint(Expr snapshots, SourceRange range) implements AdPragma {

        private static final Structure STRUCTURE = Structure.of(MethodHandles.lookup(), Checkpoint.class);

        /** By structure: the source range is not compared (see {@link Structure}). */
        @Override
        public boolean equals(Object o) {
            return STRUCTURE.equal(this, o);
        }

        @Override
        public int hashCode() {
            return STRUCTURE.hash(this);
        }
    }
}
