package org.paradjoint.core.analysis;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.Unary;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.print.CPrinter;

/**
 * The symbolic view of {@link IndexRanges}: the element count of a one-dimensional array parameter
 * as C text over the function's integer parameters, for reduction clauses and whole-array saves
 * that must be sized inside the generated function.
 */
final class SymbolicLengths {

    private SymbolicLengths() {
    }

    /** {@code sum(coef * name) + constant}, names sorted. */
    private record Affine(Map<String, Long> coefs, long constant) {

        static Affine constant(long c) {
            return new Affine(Map.of(), c);
        }

        Affine plus(Affine o, long sign) {
            Map<String, Long> m = new TreeMap<>(coefs);
            o.coefs.forEach((k, v) -> m.merge(k, sign * v, Long::sum));
            m.values().removeIf(v -> v == 0);
            return new Affine(m, constant + sign * o.constant);
        }

        Affine times(long k) {
            Map<String, Long> m = new TreeMap<>();
            coefs.forEach((n, v) -> m.put(n, v * k));
            m.values().removeIf(v -> v == 0);
            return new Affine(m, constant * k);
        }

        String toC() {
            StringBuilder sb = new StringBuilder();
            coefs.forEach((n, v) -> {
                if (sb.length() > 0) {
                    sb.append(v < 0 ? " - " : " + ");
                } else if (v < 0) {
                    sb.append('-');
                }
                long a = Math.abs(v);
                sb.append(a == 1 ? n : a + " * " + n);
            });
            if (sb.length() == 0) {
                return Long.toString(constant);
            }
            if (constant != 0) {
                sb.append(constant < 0 ? " - " : " + ").append(Math.abs(constant));
            }
            return sb.toString();
        }
    }

    /**
     * The number of elements of a one-dimensional array parameter as C text over the function's
     * integer parameters: its declared extent, or one more than the largest index the function
     * uses, when every index is affine in unit-step loop counters and integer parameters with the
     * same parameter part ({@code x[i - 1]}, {@code x[i + 1]} with {@code 1 <= i < n - 1} give
     * {@code n}). Anything else is unknown (empty): a length that is too large would make a
     * reduction clause touch memory the caller never allocated, one too small a per-thread copy
     * too short. An array passed whole to a call is unknown too (the caller inlines first to see
     * what the callee indexes).
     */
    static Optional<String> of(Function function, Variable array) {
        if (array.rank() != 1) {
            return Optional.empty();
        }
        if (array.dims().get(0).extentKnown()) {
            return Optional.of(CPrinter.print(array.dims().get(0).extent()));
        }
        LargestIndex s = new LargestIndex(function, array);
        IndexRanges.walk(function.body(), s);
        return s.failed || s.max == null ? Optional.empty() : Optional.of(s.max.plus(Affine.constant(1), 1).toC());
    }

    /** The largest affine index of one array over the loop nests, or failure. */
    private static final class LargestIndex implements IndexRanges.Nest {

        private final Function function;
        private final Variable array;
        private final Set<Variable> written;
        private final Deque<For> loops = new ArrayDeque<>();
        private Affine max;
        private boolean failed;

        LargestIndex(Function function, Variable array) {
            this.function = function;
            this.array = array;
            this.written = StmtUtil.writes(function.body());
        }

        @Override
        public boolean enter(For f) {
            loops.push(f);
            return true;
        }

        @Override
        public void exit(For f) {
            loops.pop();
        }

        @Override
        public void expr(Expr e) {
            ExprUtil.forEach(e, x -> {
                if (x instanceof VarRef v && v.var().equals(array)) {
                    // passed whole (to a call): what the callee indexes is not seen here
                    failed = true;
                } else if (x instanceof ArrayRef r && r.var().equals(array)) {
                    Affine idx = affine(r.indices().get(0));
                    Affine top = idx == null ? null : extreme(idx, true);
                    if (top == null) {
                        failed = true;
                    } else if (max == null) {
                        max = top;
                    } else if (!max.coefs().equals(top.coefs())) {
                        failed = true;
                    } else if (top.constant() > max.constant()) {
                        max = top;
                    }
                }
            });
        }

        /** The largest (or smallest) value of {@code a} over the enclosing loops, innermost first. */
        private Affine extreme(Affine a, boolean largest) {
            Affine cur = a;
            for (For f : loops) {
                Long c = cur.coefs().get(f.counter().name());
                if (c == null) {
                    continue;
                }
                Affine bound = counterBound(f, c > 0 == largest);
                if (bound == null) {
                    return null;
                }
                Map<String, Long> rest = new TreeMap<>(cur.coefs());
                rest.remove(f.counter().name());
                cur = new Affine(rest, cur.constant()).plus(bound.times(c), 1);
            }
            for (String n : cur.coefs().keySet()) {
                if (!isIntParameter(n)) {
                    return null;
                }
            }
            return cur;
        }

        /** An integer parameter the function never assigns: its name means the same value everywhere. */
        private boolean isIntParameter(String name) {
            return function.params().stream().anyMatch(p -> p.name().equals(name) && IndexRanges.isIntScalar(p)
                    && !written.contains(p));
        }
    }

    /** The last (or first) value of a unit-step loop's counter. */
    private static Affine counterBound(For f, boolean last) {
        Long step = f.constantStep();
        if (step == null || Math.abs(step) != 1) {
            return null;
        }
        Affine lower = affine(f.lower());
        Affine bound = affine(f.bound());
        if (lower == null || bound == null) {
            return null;
        }
        Affine end = switch (f.cmp()) {
            case LT -> step > 0 ? bound.plus(Affine.constant(1), -1) : null;
            case LE, GE -> bound;
            case GT -> step < 0 ? bound.plus(Affine.constant(1), 1) : null;
            default -> null;
        };
        if (end == null) {
            return null;
        }
        boolean ascending = step > 0;
        return last == ascending ? end : lower;
    }

    private static Affine affine(Expr e) {
        return switch (e) {
            case IntLit l -> Affine.constant(l.value());
            case VarRef v when IndexRanges.isIntScalar(v.var()) -> new Affine(new TreeMap<>(Map.of(v.var().name(), 1L)), 0);
            case Unary u when u.op() == Unary.Op.NEG -> {
                Affine a = affine(u.operand());
                yield a == null ? null : a.times(-1);
            }
            case Binary b when b.op() == Binary.Op.ADD || b.op() == Binary.Op.SUB -> {
                Affine l = affine(b.left());
                Affine r = affine(b.right());
                yield l == null || r == null ? null : l.plus(r, b.op() == Binary.Op.ADD ? 1 : -1);
            }
            case Binary b when b.op() == Binary.Op.MUL -> {
                Affine l = affine(b.left());
                Affine r = affine(b.right());
                if (l == null || r == null) {
                    yield null;
                }
                yield l.coefs().isEmpty() ? r.times(l.constant()) : r.coefs().isEmpty() ? l.times(r.constant()) : null;
            }
            default -> null;
        };
    }
}
