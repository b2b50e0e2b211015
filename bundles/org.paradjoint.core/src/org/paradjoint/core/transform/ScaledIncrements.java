package org.paradjoint.core.transform;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.Exprs;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Return;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * The adjoint of an overwritten independent accumulated straight into its adjoint parameter,
 * without the local adjoint of {@link OverwrittenIndependents}, where that is exact: when the
 * only statement of the adjoint that does more than increment {@code xb} is one in-place scaling
 * {@code xb(c) = a * xb(c)} (the adjoint of an overwrite {@code x(c) = a * x(c) + ...} that
 * reads no other element of x), run once for each element of a rectangular loop nest over the
 * counters c, with a factor a that reads nothing the adjoint writes.
 * <p>
 * Why it is exact: a local that starts at zero holds, when the scaling runs, the sum of the
 * increments made before it; the scaling multiplies that sum by a, which is the sum of the same
 * increments each multiplied by a. So every increment before the scaling is multiplied by the
 * factor of its element (a with the counters replaced by the element's indices, 1 for an element
 * outside the nest), the scaling goes, and the increments after it are left alone. What remains
 * only increments, so it may increment the parameter itself: the value the caller passed in is
 * then added, never scaled, as the contract of an independent's adjoint asks. Anything else
 * (a second overwrite, a read of the adjoint, a conditional scaling) keeps the local.
 */
final class ScaledIncrements {

    private ScaledIncrements() {
    }

    /**
     * The statements {@code top} (an adjoint's body) incrementing {@code xb} directly, or empty when
     * the local adjoint is needed.
     */
    static Optional<List<Stmt>> fold(List<Stmt> top, Variable xb) {
        Set<Variable> written = StmtUtil.writes(new Block(top));
        boolean[] returns = {false};
        top.forEach(s -> StmtUtil.forEach(s, x -> returns[0] |= x instanceof Return));
        if (returns[0]) {
            return Optional.empty();
        }
        int at = -1;
        Scaling scaling = null;
        for (int k = 0; k < top.size(); k++) {
            if (!StmtUtil.mentioned(top.get(k)).contains(xb)) {
                continue;
            }
            Optional<Scaling> s = Scaling.of(top.get(k), xb, written);
            if (s.isPresent()) {
                if (scaling != null) {
                    return Optional.empty();
                }
                scaling = s.get();
                at = k;
            } else if (!onlyIncrements(top.get(k), xb)) {
                return Optional.empty();
            }
        }
        if (scaling == null) {
            return Optional.empty();
        }
        List<Stmt> out = new ArrayList<>();
        for (int k = 0; k < top.size(); k++) {
            Stmt s = top.get(k);
            if (k < at) {
                out.add(scaling.applyTo(s));
            } else if (k == at) {
                out.addAll(scaling.removedFrom(s));
            } else {
                out.add(s);
            }
        }
        return Optional.of(out);
    }

    /**
     * True when every mention of {@code xb} in {@code s} is the target of an increment ({@code +=},
     * or {@code -=}, an increment by the opposite) by a value that reads no xb.
     */
    private static boolean onlyIncrements(Stmt s, Variable xb) {
        boolean[] ok = {true};
        StmtUtil.forEach(s, x -> {
            switch (x) {
                case Assign a -> {
                    if (a.target().var().equals(xb)) {
                        ok[0] &= (a.op() == Assign.Op.ADD || a.op() == Assign.Op.SUB)
                                && !ExprUtil.references(a.value(), xb) && a.target() instanceof ArrayRef r
                                && r.indices().stream().noneMatch(i -> ExprUtil.references(i, xb));
                    } else {
                        ok[0] &= !ExprUtil.references(a.value(), xb) && !ExprUtil.references(a.target(), xb);
                    }
                }
                case For f -> ok[0] &= !f.counter().equals(xb)
                        && StmtUtil.ownExprs(f).stream().noneMatch(e -> ExprUtil.references(e, xb));
                case Block b -> {
                }
                default -> ok[0] &= StmtUtil.ownExprs(x).stream().noneMatch(e -> ExprUtil.references(e, xb));
            }
        });
        return ok[0];
    }

    /**
     * {@code xb(c) = a * xb(c)} directly in the body of a nest of loops, step 1, over the counters
     * c in order, whose bounds and factor read nothing the adjoint writes; no other statement of
     * the nest mentions xb.
     */
    private record Scaling(Variable xb, List<For> nest, Assign scaling, Expr factor) {

        static Optional<Scaling> of(Stmt top, Variable xb, Set<Variable> written) {
            List<For> nest = new ArrayList<>();
            Stmt s = top;
            while (s instanceof For f && f.constantStep() != null && f.constantStep() == 1
                    && (f.cmp() == Binary.Op.LT || f.cmp() == Binary.Op.LE)) {
                nest.add(f);
                List<Stmt> mentioning = f.body().stmts().stream()
                        .filter(x -> StmtUtil.mentioned(x).contains(xb)).toList();
                if (mentioning.size() != 1) {
                    return Optional.empty();
                }
                s = mentioning.get(0);
            }
            if (nest.isEmpty() || !(s instanceof Assign a) || a.op() != Assign.Op.SET || a.atomic()
                    || !(a.target() instanceof ArrayRef target) || !target.var().equals(xb)
                    || target.indices().size() != nest.size()) {
                return Optional.empty();
            }
            List<Variable> counters = nest.stream().map(For::counter).toList();
            for (int d = 0; d < nest.size(); d++) {
                if (!(target.indices().get(d) instanceof VarRef r) || !r.var().equals(counters.get(d))) {
                    return Optional.empty();
                }
            }
            for (For f : nest) {
                Set<Variable> inBody = StmtUtil.writes(f.body());
                if (counters.stream().anyMatch(inBody::contains)
                        || !invariant(f.lower(), written, List.of()) || !invariant(f.bound(), written, List.of())) {
                    return Optional.empty();
                }
            }
            Expr factor = factor(a.value(), target);
            if (factor == null || ExprUtil.references(factor, xb) || !invariant(factor, written, counters)) {
                return Optional.empty();
            }
            return Optional.of(new Scaling(xb, nest, a, factor));
        }

        /** a where {@code value} is {@code a * xb(c)} or {@code xb(c) * a}; null otherwise. */
        private static Expr factor(Expr value, ArrayRef self) {
            if (value instanceof Binary b && b.op() == Binary.Op.MUL) {
                if (b.right().equals(self)) {
                    return b.left();
                }
                if (b.left().equals(self)) {
                    return b.right();
                }
            }
            return null;
        }

        /**
         * True when {@code e} has the same value wherever the adjoint evaluates it: it reads no
         * variable the adjoint writes other than the {@code counters} (which are substituted), and
         * calls nothing but pure functions.
         */
        private static boolean invariant(Expr e, Set<Variable> written, List<Variable> counters) {
            return ExprUtil.variables(e).stream().allMatch(v -> counters.contains(v) || !written.contains(v))
                    && ExprUtil.calls(e).stream().allMatch(c -> c.isShapeQuery() || c.isIntrinsic());
        }

        /** {@code s} with every increment of xb multiplied by the factor of the element it increments. */
        Stmt applyTo(Stmt s) {
            return rewrite(s, List.of());
        }

        /** {@code s}, inside the loops {@code around} (outermost first), with its increments of xb scaled. */
        private Stmt rewrite(Stmt s, List<For> around) {
            return switch (s) {
                case Assign a when a.target().var().equals(xb) -> new Assign(a.target(), a.op(),
                        Exprs.mul(factorAt(((ArrayRef) a.target()).indices(), around), a.value()), a.atomic(),
                        a.pragmas(), a.range());
                case For f -> {
                    List<For> inside = new ArrayList<>(around);
                    inside.add(f);
                    yield f.withBody((Block) rewrite(f.body(), inside));
                }
                case org.paradjoint.core.ir.If i -> new org.paradjoint.core.ir.If(i.cond(),
                        (Block) rewrite(i.then(), around),
                        i.otherwise() == null ? null : (Block) rewrite(i.otherwise(), around), i.range());
                case Block b -> new Block(b.stmts().stream().map(x -> rewrite(x, around)).toList(), b.range());
                default -> s;
            };
        }

        /**
         * The factor of element {@code at}: a there when the nest runs over it, else 1. The test
         * of each bound is left out where the loops {@code around} the increment prove it (the
         * gather's interior kernel, whose range lies inside the scaling's): a select in the
         * innermost loop keeps the compiler from vectorising it.
         */
        private Expr factorAt(List<Expr> at, List<For> around) {
            Map<Variable, Expr> counterAt = new HashMap<>();
            Expr inside = null;
            for (int d = 0; d < nest.size(); d++) {
                For f = nest.get(d);
                Expr i = at.get(d);
                counterAt.put(f.counter(), i);
                Expr upper = f.cmp() == Binary.Op.LE ? Exprs.add(f.bound(), Exprs.integer(1)) : f.bound();
                Optional<Span> span = Span.of(i, around);
                if (span.isEmpty() || !atLeast(span.get().lowest(), f.lower())) {
                    inside = and(inside, Exprs.ge(i, f.lower()));
                }
                if (span.isEmpty() || !atLeast(upper, span.get().highestPlusOne())) {
                    inside = and(inside, Exprs.binary(f.cmp(), i, f.bound()));
                }
            }
            Expr a = ExprUtil.substitute(factor, counterAt);
            return inside == null ? a : Exprs.cond(inside, a, Exprs.real(1.0));
        }

        private static Expr and(Expr a, Expr b) {
            return a == null ? b : Exprs.binary(Binary.Op.AND, a, b);
        }

        /** True when {@code x - y} is a constant, not negative. */
        private static boolean atLeast(Expr x, Expr y) {
            Long d = IntegerSums.difference(x, y, IntegerSums.INTEGER_TERMS);
            return d != null && d >= 0;
        }

        /**
         * The nest's top statement without the scaling: the loops stay for what else they do, a loop
         * left empty goes.
         */
        List<Stmt> removedFrom(Stmt s) {
            if (s == scaling) {
                return List.of();
            }
            if (s instanceof For f && nest.contains(f)) {
                List<Stmt> rest = StmtUtil.flatMap(f.body().stmts(), this::removedFrom);
                return rest.isEmpty() ? List.of() : List.of(f.withBody(new Block(rest, f.body().range())));
            }
            return List.of(s);
        }
    }

    /**
     * The values an index {@code counter + k} takes inside a loop over that counter, step 1 or -1,
     * whose bounds read nothing its body writes: from {@code lowest} to below {@code highestPlusOne}.
     */
    private record Span(Expr lowest, Expr highestPlusOne) {

        static Optional<Span> of(Expr index, List<For> around) {
            for (For g : around) {
                Long offset = IntegerSums.difference(index, new VarRef(g.counter()), IntegerSums.INTEGER_TERMS);
                Long step = g.constantStep();
                if (offset == null || step == null) {
                    continue;
                }
                Set<Variable> inBody = StmtUtil.writes(g.body());
                if (inBody.contains(g.counter()) || ExprUtil.variables(g.lower()).stream().anyMatch(inBody::contains)
                        || ExprUtil.variables(g.bound()).stream().anyMatch(inBody::contains)) {
                    return Optional.empty();
                }
                Expr k = Exprs.integer(offset);
                if (step == 1 && (g.cmp() == Binary.Op.LT || g.cmp() == Binary.Op.LE)) {
                    Expr end = g.cmp() == Binary.Op.LE ? Exprs.add(g.bound(), Exprs.integer(1)) : g.bound();
                    return Optional.of(new Span(Exprs.add(g.lower(), k), Exprs.add(end, k)));
                }
                if (step == -1 && (g.cmp() == Binary.Op.GT || g.cmp() == Binary.Op.GE)) {
                    Expr lowest = g.cmp() == Binary.Op.GT ? Exprs.add(g.bound(), Exprs.integer(1)) : g.bound();
                    return Optional.of(new Span(Exprs.add(lowest, k),
                            Exprs.add(Exprs.add(g.lower(), Exprs.integer(1)), k)));
                }
                return Optional.empty();
            }
            return Optional.empty();
        }
    }
}
