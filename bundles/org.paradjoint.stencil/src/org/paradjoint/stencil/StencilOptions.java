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

        /** The allowed values, as they are written: {@code split, guarded}. */
        public static final String VALUES = "split, guarded";

        /**
         * The strategy a pragma or an option names ({@code split}, {@code guarded}); null means
         * the default, {@link #SPLIT}.
         *
         * @throws IllegalArgumentException for any other value, naming the allowed ones
         */
        public static Strategy of(String value) {
            if (value == null) {
                return SPLIT;
            }
            for (Strategy s : values()) {
                if (s.spelling().equals(value)) {
                    return s;
                }
            }
            throw new IllegalArgumentException("unknown strategy '" + value + "': the strategies are " + VALUES);
        }

        /** {@code split} or {@code guarded}, as pragmas and options write it. */
        public String spelling() {
            return name().toLowerCase(java.util.Locale.ROOT);
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
