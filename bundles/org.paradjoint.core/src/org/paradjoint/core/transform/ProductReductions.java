package org.paradjoint.core.transform;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;

import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.Exprs;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.LValue;
import org.paradjoint.core.ir.OmpParallelFor;
import org.paradjoint.core.ir.RealLit;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.rules.Partials;

/**
 * A parallel loop that multiplies an active scalar, {@code reduction(*: p)} with the body
 * {@code p *= e} (or {@code p = p * e}, {@code p = e * p}). Its result is {@code p = p0 * e_1 *
 * ... * e_n}, so {@code dp = dp0 * prod_j e_j + sum_i p0 * (prod_{j != i} e_j) * de_i}. The
 * cofactor {@code prod_{j != i} e_j} is not {@code p / e_i} when a factor is zero, so both modes
 * count the zero factors ({@code z}) and multiply the others ({@code q}) in one more parallel
 * loop after the loop as written (an integer {@code reduction(+)} and a {@code reduction(*)},
 * which is what the primal's own clause does with the values). Then, exactly:
 * <ul>
 * <li>{@code prod_j e_j} is {@code q} when {@code z == 0}, else 0;</li>
 * <li>the cofactor of a nonzero {@code e_i} is {@code q / e_i} when {@code z == 0} (the division
 * takes back a factor {@code q} holds), else 0 (another factor is zero);</li>
 * <li>the cofactor of a zero {@code e_i} is {@code q} when {@code z == 1} (it is the only zero
 * factor, and {@code q} is the product of all the others), else 0.</li>
 * </ul>
 * No division by zero can occur, and none is used to remove a zero factor. The tangent adds
 * {@code p0 * cofactor_i * de_i} in a {@code reduction(+)} loop; the adjoint adds
 * {@code pb * p0 * cofactor_i * de_i/dx} to the adjoint of each {@code x} that {@code e_i} reads,
 * in a parallel loop whose increments are atomic (iterations may read the same {@code x}), then
 * scales {@code pb} by {@code prod_j e_j}. Each iteration evaluates {@code e_i} again; the reverse
 * sweep finds its inputs as the loop did, as for every statement it reverses.
 */
final class ProductReductions {

    /** The loop, the scalar it multiplies, and the factor each iteration offers. */
    record Form(For loop, Variable result, Expr factor) {
    }

    /**
     * The locals one loop's derivative needs: the initial value, the zero count, the product of the
     * nonzero factors, and (private to each iteration) the factor and what its inputs' adjoints get.
     */
    record Locals(Variable initial, Variable zeros, Variable others, Variable factor, Variable scaled) {
        static Locals make(Form form, BiFunction<String, BaseType, Variable> local) {
            BaseType t = form.result().type();
            return new Locals(local.apply("pa_p0", t), local.apply("pa_zeros", BaseType.INT),
                    local.apply("pa_others", t), local.apply("pa_factor", t), local.apply("pa_scaled", t));
        }
    }

    private ProductReductions() {
    }

    /** The form of {@code f}, or null when it is not a lone {@code *} update of an active scalar. */
    static Form of(For f, Predicate<Variable> active) {
        if (!f.isParallel() || f.omp().collapse() > 1) {
            return null;
        }
        for (OmpParallelFor.Reduction r : f.omp().reductions()) {
            if (!r.op().equals("*")) {
                continue;
            }
            for (Variable p : r.vars()) {
                if (active.test(p) && p.isScalar()) {
                    Expr e = factor(StmtUtil.flatten(f.body().stmts()), p);
                    if (e != null && !ExprUtil.references(e, p)) {
                        return new Form(f, p, e);
                    }
                }
            }
        }
        return null;
    }

    /** What the body multiplies {@code p} by, when it is exactly one such update. */
    private static Expr factor(List<Stmt> body, Variable p) {
        if (body.size() != 1 || !(body.get(0) instanceof Assign a) || !isRef(a.target(), p)) {
            return null;
        }
        if (a.op() == Assign.Op.MUL) {
            return a.value();
        }
        if (a.op() == Assign.Op.SET && a.value() instanceof Binary b && b.op() == Binary.Op.MUL) {
            if (isRef(b.left(), p)) {
                return b.right();
            }
            if (isRef(b.right(), p)) {
                return b.left();
            }
        }
        return null;
    }

    private static boolean isRef(Expr e, Variable v) {
        return e instanceof VarRef r && r.var().equals(v);
    }

    /**
     * {@code initial = p}, the loop as written, then {@code zeros} and {@code others}: how many
     * factors are zero and the product of the rest.
     */
    static List<Stmt> primalAndCounts(Form form, Locals l) {
        For f = form.loop();
        VarRef factor = new VarRef(l.factor());
        VarRef zeros = new VarRef(l.zeros());
        VarRef others = new VarRef(l.others());
        Stmt count = new If(new Binary(Binary.Op.EQ, factor, new RealLit(0.0)),
                new Block(List.of(new Assign(zeros, Assign.Op.ADD, new IntLit(1), false, List.of(), f.range()))),
                new Block(List.of(new Assign(others, Assign.Op.MUL, factor, false, List.of(), f.range()))));
        List<OmpParallelFor.Reduction> reductions = List.of(new OmpParallelFor.Reduction("+", List.of(l.zeros())),
                new OmpParallelFor.Reduction("*", List.of(l.others())));
        For counts = overIterations(f, List.of(Assign.set(factor, form.factor()), count), List.of(l.factor()),
                reductions);
        return List.of(Assign.set(new VarRef(l.initial()), new VarRef(form.result())), f,
                Assign.set(zeros, new IntLit(0)), Assign.set(others, new RealLit(1.0)), counts);
    }

    /** {@code prod_j e_j}: {@code others} when no factor is zero, else 0. */
    static Expr product(Locals l) {
        return Exprs.cond(new Binary(Binary.Op.EQ, new VarRef(l.zeros()), new IntLit(0)), new VarRef(l.others()),
                new RealLit(0.0));
    }

    /** {@code p0 * prod_{j != i} e_j} for the factor held in {@code l.factor()} (see the class comment). */
    static Expr scaledCofactor(Locals l) {
        VarRef factor = new VarRef(l.factor());
        VarRef zeros = new VarRef(l.zeros());
        VarRef others = new VarRef(l.others());
        Expr nonzero = Exprs.cond(new Binary(Binary.Op.EQ, zeros, new IntLit(0)),
                new Binary(Binary.Op.DIV, others, factor), new RealLit(0.0));
        Expr zero = Exprs.cond(new Binary(Binary.Op.EQ, zeros, new IntLit(1)), others, new RealLit(0.0));
        Expr cofactor = Exprs.cond(new Binary(Binary.Op.NE, factor, new RealLit(0.0)), nonzero, zero);
        return new Binary(Binary.Op.MUL, new VarRef(l.initial()), cofactor);
    }

    /**
     * The tangent after {@link #primalAndCounts}: {@code sum = sum_i p0 * cofactor_i * de_i} (a
     * {@code reduction(+)} loop; {@code tangentOf} gives {@code de_i}), then {@code pd = pd *
     * prod_j e_j + sum}.
     */
    static List<Stmt> tangent(Form form, Locals l, Variable sum, LValue pd, Function<Expr, Expr> tangentOf) {
        For f = form.loop();
        VarRef s = new VarRef(sum);
        Stmt add = new Assign(s, Assign.Op.ADD, new Binary(Binary.Op.MUL, scaledCofactor(l),
                tangentOf.apply(form.factor())), false, List.of(), f.range());
        For sums = overIterations(f, List.of(Assign.set(new VarRef(l.factor()), form.factor()), add),
                List.of(l.factor()), List.of(new OmpParallelFor.Reduction("+", List.of(sum))));
        return List.of(Assign.set(s, new RealLit(0.0)), sums,
                Assign.set(pd, new Binary(Binary.Op.ADD, new Binary(Binary.Op.MUL, pd, product(l)), s)));
    }

    /**
     * The adjoint, with {@code initial}, {@code zeros} and {@code others} as the forward sweep left
     * them: {@code scaled = pb * p0 * cofactor_i} and, for each active {@code x} that {@code e_i}
     * reads, {@code xb += scaled * de_i/dx} (atomic), in a parallel loop; then {@code pb *= prod_j e_j}.
     */
    static List<Stmt> adjoint(Form form, Locals l, Predicate<Variable> active, Function<LValue, LValue> adjointOf) {
        For f = form.loop();
        LValue pb = adjointOf.apply(new VarRef(form.result()));
        VarRef scaled = new VarRef(l.scaled());
        List<Stmt> body = new ArrayList<>();
        body.add(Assign.set(new VarRef(l.factor()), form.factor()));
        body.add(Assign.set(scaled, new Binary(Binary.Op.MUL, pb, scaledCofactor(l))));
        for (Map.Entry<LValue, Expr> part : Partials.of(form.factor(), lv -> active.test(lv.var())).entrySet()) {
            body.add(new Assign(adjointOf.apply(part.getKey()), Assign.Op.ADD, Exprs.mul(part.getValue(), scaled),
                    true, List.of(), f.range()));
        }
        For spread = overIterations(f, body, List.of(l.factor(), l.scaled()), List.of());
        return List.of(spread, Assign.set(pb, new Binary(Binary.Op.MUL, pb, product(l))));
    }

    /** A parallel loop over {@code f}'s iterations with {@code body}, its own privates and {@code reductions}. */
    private static For overIterations(For f, List<Stmt> body, List<Variable> privates,
            List<OmpParallelFor.Reduction> reductions) {
        List<Variable> all = new ArrayList<>(f.omp().privates());
        all.addAll(privates);
        OmpParallelFor omp = new OmpParallelFor(all, List.of(), List.of(), reductions, f.omp().schedule(), 0, null,
                f.omp().range());
        return new For(f.counter(), f.lower(), f.cmp(), f.bound(), f.step(), new Block(body), omp, List.of(),
                f.range());
    }
}
