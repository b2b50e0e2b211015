package org.paradjoint.core.check;

import java.util.List;
import java.util.Map;

/**
 * Contents of an integer (index) array, from {@code --index NAME=KIND:ARGS}. Arguments are
 * {@link IntExpr}s over the integer parameters; a 2-D array is filled as its flattened elements.
 */
public sealed interface IndexFill {

    /** {@code perm:N}: a random permutation of 0..N-1, repeated or truncated to the array's length. */
    record Perm(IntExpr n) implements IndexFill {
    }

    /** {@code range:LO:HI}: independent values, uniform in [LO, HI). */
    record Range(IntExpr lo, IntExpr hi) implements IndexFill {
    }

    /** {@code ascending:LO:HI}: sorted values in [LO, HI], the first LO and the last HI (CSR offsets). */
    record Ascending(IntExpr lo, IntExpr hi) implements IndexFill {
    }

    /** Parses {@code perm:N}, {@code range:LO:HI} or {@code ascending:LO:HI}. */
    static IndexFill parse(String text) {
        String[] parts = text.split(":", -1);
        String kind = parts[0].trim();
        int arity = switch (kind) {
            case "perm" -> 1;
            case "range", "ascending" -> 2;
            default -> throw new IllegalArgumentException("unknown fill '" + kind
                    + "'; use perm:N, range:LO:HI or ascending:LO:HI");
        };
        if (parts.length != arity + 1) {
            throw new IllegalArgumentException("'" + kind + "' takes " + arity + " argument" + (arity == 1 ? "" : "s")
                    + " separated by ':' (" + (arity == 1 ? "perm:N" : kind + ":LO:HI") + "), got '" + text + "'");
        }
        IntExpr a = IntExpr.parse(parts[1]);
        return switch (kind) {
            case "perm" -> new Perm(a);
            case "range" -> new Range(a, IntExpr.parse(parts[2]));
            default -> new Ascending(a, IntExpr.parse(parts[2]));
        };
    }

    /** The expressions, in the order they are written. */
    default List<IntExpr> arguments() {
        return switch (this) {
            case Perm p -> List.of(p.n());
            case Range r -> List.of(r.lo(), r.hi());
            case Ascending a -> List.of(a.lo(), a.hi());
        };
    }

    /** Smallest and largest value the array can hold, given the integer values. */
    default long[] valueRange(Map<String, Long> env) {
        return switch (this) {
            case Perm p -> new long[] {0, p.n().eval(env) - 1};
            case Range r -> new long[] {r.lo().eval(env), r.hi().eval(env) - 1};
            case Ascending a -> new long[] {a.lo().eval(env), a.hi().eval(env)};
        };
    }

    /** The option text, e.g. {@code perm:4 * ng}. */
    default String spelling() {
        return switch (this) {
            case Perm p -> "perm:" + p.n().toC();
            case Range r -> "range:" + r.lo().toC() + ":" + r.hi().toC();
            case Ascending a -> "ascending:" + a.lo().toC() + ":" + a.hi().toC();
        };
    }
}
