package org.paradjoint.stencil.internal;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.Exprs;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Dim;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.stencil.StencilOptions.Strategy;

/**
 * Assembles the adjoint function {@code f_b}: the primal's parameters with each adjoint right
 * after its array; the passive scalar statements that preceded the nest; the gather nests of
 * the strategy (the split nests behind the condition that makes them exact, else the guarded
 * nest, both only where the primal loop runs); then one nest that zeroes the adjoints of the
 * overwritten outputs, which the gathers read and so cannot clear themselves.
 */
public final class AdjointBuilder {

    private final StencilNest nest;
    private final Strategy strategy;
    private final String name;
    private final String comment;

    public AdjointBuilder(StencilNest nest, Strategy strategy, String name, String comment) {
        this.nest = nest;
        this.strategy = strategy;
        this.name = name;
        this.comment = comment;
    }

    public Function build() {
        Function fn = nest.function();
        FreshNames names = new FreshNames(takenNames());
        Geometry g = new Geometry(nest);
        NestEmitter emitter = new NestEmitter(nest, () -> names.scope("temp"));
        List<Stmt> body = new ArrayList<>(nest.prefix());
        body.addAll(strategy == Strategy.SPLIT ? split(g, emitter) : guarded(g, emitter));
        body.addAll(zeroing());
        List<Variable> params = params();
        Set<String> used = referenced(new Block(body), params);
        // f_b reads no primal output and maybe not every input: -Wextra wants them used
        List<String> unused = params.stream().map(Variable::name).filter(p -> !used.contains(p)).toList();
        List<Variable> locals = fn.locals().stream().filter(v -> used.contains(v.name())).toList();
        return new Function(name, null, params, locals, new Block(body), List.of(), false, comment, fn.range())
                .withUnusedParams(unused);
    }

    /**
     * {@code if (wide enough) { split nests } else if (primal runs) { guarded hull nest }}: the
     * split nests are exact only on domains at least as wide as the stencil in every dimension.
     * With spans of at most 1, "wide enough" is "the primal runs" and no small case is left.
     */
    private List<Stmt> split(Geometry g, NestEmitter emitter) {
        SplitPlanner planner = new SplitPlanner(g);
        List<Stmt> exact = emitRows(emitter, planner.rows());
        Expr wide = conjunction(planner.condition());
        boolean smallDomains = false;
        for (int k = 0; k < g.depth(); k++) {
            smallDomains |= g.span(k) > 1;
        }
        if (wide == null) {
            return exact;
        }
        if (!smallDomains) {
            return guard(wide, exact);
        }
        List<Stmt> small = emitAll(emitter, List.of(new Guards(g, g.primalRuns()).plan(hull(g))));
        if (exact.isEmpty() && small.isEmpty()) {
            return List.of();
        }
        return List.of(new If(wide, new Block(exact), new Block(guard(conjunction(primalRuns(g)), small))));
    }

    /** {@code if (primal runs) { core; remainders }}: the guarded nests are exact at every size. */
    private List<Stmt> guarded(Geometry g, NestEmitter emitter) {
        return guard(conjunction(primalRuns(g)), emitRows(emitter, new GuardedPlanner(g).rows()));
    }

    private List<Variable> params() {
        List<Variable> out = new ArrayList<>();
        for (Variable p : nest.function().params()) {
            out.add(p);
            Variable adjoint = nest.adjointOf(p);
            if (adjoint != null) {
                out.add(adjoint);
            }
        }
        return out;
    }

    private Set<String> takenNames() {
        Set<String> taken = new HashSet<>();
        params().forEach(v -> taken.add(v.name()));
        nest.function().locals().forEach(v -> taken.add(v.name()));
        StmtUtil.mentioned(nest.function().body()).forEach(v -> taken.add(v.name()));
        taken.add(name);
        return taken;
    }

    private List<Stmt> emitRows(NestEmitter emitter, List<List<NestPlan>> rows) {
        List<Stmt> out = new ArrayList<>();
        for (List<NestPlan> row : rows) {
            out.addAll(emitter.emitRow(row));
        }
        return out;
    }

    private List<Stmt> emitAll(NestEmitter emitter, List<NestPlan> plans) {
        List<Stmt> out = new ArrayList<>();
        for (NestPlan p : plans) {
            out.addAll(emitter.emit(p));
        }
        return out;
    }

    private static List<Extent> hull(Geometry g) {
        List<Extent> box = new ArrayList<>();
        for (int k = 0; k < g.depth(); k++) {
            box.add(g.hull(k));
        }
        return box;
    }

    /** {@code U_k - L_k >= 0} for every loop whose bounds are not constant. */
    private static List<Affine> primalRuns(Geometry g) {
        List<Affine> out = new ArrayList<>();
        for (int k = 0; k < g.depth(); k++) {
            Affine w = g.upper(k).minus(g.lower(k));
            if (!out.contains(w)) {
                out.add(w);
            }
        }
        return out;
    }

    /** {@code a >= 0 && ...} written as {@code terms >= constant}; constant-true parts dropped; null if none remain. */
    private static Expr conjunction(List<Affine> nonNegative) {
        Expr out = null;
        for (Affine a : nonNegative) {
            Expr c;
            if (a.isConstant()) {
                if (a.constantPart() >= 0) {
                    continue;
                }
                c = new IntLit(0);
            } else {
                Affine terms = a.plus(-a.constantPart());
                c = Exprs.ge(terms.toExpr(), Exprs.integer(-a.constantPart()));
            }
            out = out == null ? c : new Binary(Binary.Op.AND, out, c);
        }
        return out;
    }

    private static List<Stmt> guard(Expr cond, List<Stmt> stmts) {
        if (stmts.isEmpty()) {
            return List.of();
        }
        return cond == null ? stmts : List.of(new If(cond, new Block(stmts), null));
    }

    /** {@code outb[...] = 0.0} over the primal's iteration space, for every overwritten output. */
    private List<Stmt> zeroing() {
        List<Stmt> zero = new ArrayList<>();
        for (Output o : nest.outputs()) {
            if (o.overwritten()) {
                List<Expr> index = new ArrayList<>();
                o.levels().forEach(l -> index.add(new VarRef(nest.counters().get(l))));
                zero.add(Assign.set(new ArrayRef(o.adjoint(), index), Exprs.real(0.0)));
            }
        }
        if (zero.isEmpty()) {
            return List.of();
        }
        Block inner = new Block(zero);
        OmpAdapter omp = new OmpAdapter(nest.omp());
        For loop = null;
        for (int k = nest.depth() - 1; k >= 0; k--) {
            For primal = nest.levels().get(k).loop();
            loop = new For(primal.counter(), primal.lower(), primal.cmp(), primal.bound(), primal.step(), inner, null,
                    List.of(), primal.range());
            if (k == nest.ompLevel()) {
                loop = loop.withOmp(omp.adapt(loop, nest.counters().subList(k, nest.depth()), List.of()));
            }
            inner = Block.of(loop);
        }
        return List.of(loop);
    }

    /** Names of variables the body reads or writes, and those the parameters' extents use. */
    private static Set<String> referenced(Block body, List<Variable> params) {
        Set<String> used = new HashSet<>();
        StmtUtil.mentioned(body).forEach(v -> used.add(v.name()));
        for (Variable p : params) {
            for (Dim d : p.dims()) {
                for (Expr e : new Expr[] {d.lower(), d.extent()}) {
                    if (e != null) {
                        ExprUtil.variables(e).forEach(v -> used.add(v.name()));
                    }
                }
            }
        }
        return used;
    }
}
