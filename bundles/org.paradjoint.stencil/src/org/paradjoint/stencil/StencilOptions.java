package org.paradjoint.stencil;

/**
 * Options of the adjoint-stencil transformation. {@code strategy} overrides the pragma's
 * {@code strategy(...)} when not null (the pragma's default is {@link Strategy#SPLIT});
 * {@code adjointSuffix} names the generated function ({@code f_} + suffix, default {@code b}).
 */
public record StencilOptions(Strategy strategy, String adjointSuffix) {

    /** How the iteration space outside the core is covered. */
    public enum Strategy {
        /** Disjoint remainder nests, each summing exactly its valid terms, no guards (at most (2w+1)^d nests). */
        SPLIT,
        /** One remainder nest per side and dimension whose terms are guarded (at most 1 + 2d nests). */
        GUARDED;

        /** The strategy a pragma names ({@code split}, {@code guarded}); null means the default. */
        public static Strategy of(String pragmaValue) {
            return "guarded".equals(pragmaValue) ? GUARDED : SPLIT;
        }
    }

    public StencilOptions {
        adjointSuffix = adjointSuffix == null || adjointSuffix.isEmpty() ? "b" : adjointSuffix;
    }

    public static StencilOptions defaults() {
        return new StencilOptions(null, null);
    }

    public StencilOptions withStrategy(Strategy s) {
        return new StencilOptions(s, adjointSuffix);
    }
}
