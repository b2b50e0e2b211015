package org.paradjoint.stencil.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.Exprs;
import org.paradjoint.core.expr.Simplifier;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Cond;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.LoopHint;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.Unary;
import org.paradjoint.core.ir.Variable;

/**
 * Turns a {@link NestPlan} into code: per input one statement that adds all its contributions
 * at the counters ({@code ub[i][j] += ...}), guarded terms as {@code g ? t : 0.0}, common factors
 * pulled out and repeated subexpressions evaluated once; a dimension whose extent is a single
 * value is substituted instead of looped over; the remaining loops get the primal's OpenMP clauses.
 */
final class NestEmitter {

    private final StencilNest nest;
    private final GatherTerms terms;
    private final OmpAdapter omp;
    private final Supplier<Supplier<String>> tempNames;

    NestEmitter(StencilNest nest, Supplier<Supplier<String>> tempNames) {
        this.nest = nest;
        this.terms = new GatherTerms(nest);
        this.omp = new OmpAdapter(nest.omp());
        this.tempNames = tempNames;
    }

    /**
     * A row of boxes that share their outer extents (see {@link SplitPlanner#rows()}): one loop
     * nest over the outer dimensions whose body visits the row's boxes along the innermost
     * dimension, single values as statements, ranges as inner loops. Rows without outer loops
     * (1-D stencils, or every outer extent a single value), and rows of a primal that is parallel
     * over its innermost loop, are emitted box by box.
     */
    List<Stmt> emitRow(List<NestPlan> row) {
        int last = nest.depth() - 1;
        List<Extent> outerBox = row.get(0).box();
        List<Integer> outer = new ArrayList<>();
        for (int k = 0; k < last; k++) {
            if (!outerBox.get(k).isPoint()) {
                outer.add(k);
            }
        }
        // a primal parallel over its innermost loop stays so: the row would need an outer parallel loop
        if (row.size() == 1 || outer.isEmpty() || nest.ompLevel() == last) {
            List<Stmt> out = new ArrayList<>();
            row.forEach(p -> out.addAll(emit(p)));
            return out;
        }
        int parallel = parallelPosition(outerBox, outer);
        List<Stmt> body = new ArrayList<>();
        for (NestPlan p : row) {
            List<Stmt> stmts = substitute(statements(p), points(p.box()));
            if (stmts.isEmpty()) {
                continue;
            }
            if (p.box().get(last).isPoint()) {
                body.addAll(scoped(CommonSubexpressions.apply(stmts, tempNames.get())));
            } else {
                body.addAll(innermost(p.box(), last, stmts));
            }
        }
        if (body.isEmpty()) {
            return List.of();
        }
        return List.of(wrap(outerBox, outer, parallel, body, List.of(nest.counters().get(last))));
    }

    /** One box: its statements inside the loops of its dimensions that are not single values. */
    List<Stmt> emit(NestPlan plan) {
        List<Integer> loops = new ArrayList<>();
        for (int k = 0; k < nest.depth(); k++) {
            if (!plan.box().get(k).isPoint()) {
                loops.add(k);
            }
        }
        List<Stmt> stmts = substitute(statements(plan), points(plan.box()));
        if (stmts.isEmpty()) {
            return List.of();
        }
        if (loops.isEmpty()) {
            return scoped(CommonSubexpressions.apply(stmts, tempNames.get()));
        }
        int parallel = parallelPosition(plan.box(), loops);
        int last = loops.get(loops.size() - 1);
        List<Integer> outer = loops.subList(0, loops.size() - 1);
        // the innermost loop may split only when it is neither the parallel loop nor collapsed into it
        int collapsed = parallel < 0 ? 0
                : Math.max(1, Math.min(nest.omp().collapse(), loops.size() - parallel));
        boolean split = stmts.size() > 1 && !outer.isEmpty()
                && (parallel < 0 || loops.size() - 1 >= parallel + collapsed);
        if (!split) {
            For f = loop(plan.box(), last, CommonSubexpressions.apply(stmts, tempNames.get()));
            return List.of(wrap(plan.box(), loops, parallel, List.of(f), List.of(), true));
        }
        return List.of(wrap(plan.box(), outer, parallel, innermost(plan.box(), last, stmts),
                List.of(nest.counters().get(last))));
    }

    private List<Stmt> statements(NestPlan plan) {
        List<Stmt> stmts = new ArrayList<>();
        for (NestPlan.Gather g : plan.gathers()) {
            stmts.add(statement(g));
        }
        return stmts;
    }

    private Map<Variable, Expr> points(List<Extent> box) {
        Map<Variable, Expr> points = new LinkedHashMap<>();
        for (int k = 0; k < nest.depth(); k++) {
            if (box.get(k).isPoint()) {
                points.put(nest.counters().get(k), box.get(k).lo().toExpr());
            }
        }
        return points;
    }

    /** Statements with temporaries go into a block of their own, so that names can repeat. */
    private static List<Stmt> scoped(List<Stmt> body) {
        boolean declares = body.stream().anyMatch(s -> s instanceof org.paradjoint.core.ir.Decl);
        return declares ? List.of(new Block(body)) : body;
    }

    /**
     * The innermost loop around the statements. Where it is long it is marked {@code omp simd}:
     * each iteration writes only its own element of each adjoint, and the arrays do not alias
     * (what the front-ends assume of parameters), so no run-time alias checks are needed and
     * the gathers of all adjoints vectorise in one loop that reads the seed's row once. A loop
     * whose statements are guarded by counter conditions (remainders of the guarded strategy)
     * is left to the compiler.
     */
    private List<Stmt> innermost(List<Extent> box, int level, List<Stmt> stmts) {
        For f = loop(box, level, CommonSubexpressions.apply(stmts, tempNames.get()));
        return List.of(grows(box.get(level)) && !guardedByCounters(stmts) ? f.withHint(LoopHint.SIMD) : f);
    }

    /** True when a conditional in the statements tests a loop counter (a boundary guard). */
    private boolean guardedByCounters(List<Stmt> stmts) {
        boolean[] found = new boolean[1];
        for (Stmt s : stmts) {
            StmtUtil.forEach(s, x -> found[0] |= x instanceof If i && testsCounter(i.cond()));
            StmtUtil.forEachExpr(s, e -> ExprUtil.forEach(e, x -> found[0] |= x instanceof Cond c
                    && testsCounter(c.cond())));
        }
        return found[0];
    }

    private boolean testsCounter(Expr condition) {
        return nest.counters().stream().anyMatch(v -> ExprUtil.references(condition, v));
    }

    private For wrap(List<Extent> box, List<Integer> levels, int parallel, List<Stmt> body, List<Variable> inner) {
        return wrap(box, levels, parallel, body, inner, false);
    }

    /**
     * The loops of {@code levels} around {@code body}; the one at position {@code parallel} gets
     * the primal's OpenMP clauses, with {@code inner} (counters of loops inside the body) private.
     * With {@code bodyIsInnermost} the body is already the loop of the last level.
     */
    private For wrap(List<Extent> box, List<Integer> levels, int parallel, List<Stmt> body, List<Variable> inner,
            boolean bodyIsInnermost) {
        List<Stmt> current = body;
        For result = null;
        int top = bodyIsInnermost ? levels.size() - 2 : levels.size() - 1;
        for (int p = levels.size() - 1; p >= 0; p--) {
            For f = p > top ? (For) current.get(0) : loop(box, levels.get(p), current);
            if (p == parallel) {
                List<Variable> counters = new ArrayList<>();
                levels.subList(p, levels.size()).forEach(k -> counters.add(nest.counters().get(k)));
                f = f.withOmp(omp.adapt(f, counters, inner));
            }
            current = List.of(f);
            result = f;
        }
        return result;
    }

    private For loop(List<Extent> box, int level, List<Stmt> body) {
        Extent e = box.get(level);
        return new For(nest.counters().get(level), e.lo().toExpr(), Binary.Op.LE, e.upperExpr(), Exprs.integer(1),
                new Block(body), null, List.of(), org.paradjoint.core.diag.SourceRange.NONE);
    }

    /**
     * Where the parallel loop goes: the first kept loop at or inside the primal's parallel one
     * whose trip count grows with the problem (else the first such loop at all); -1 when sequential.
     */
    private int parallelPosition(List<Extent> box, List<Integer> levels) {
        if (!omp.isParallel()) {
            return -1;
        }
        int first = -1;
        for (int p = 0; p < levels.size(); p++) {
            if (levels.get(p) >= nest.ompLevel()) {
                first = first < 0 ? p : first;
                if (grows(box.get(levels.get(p)))) {
                    return p;
                }
            }
        }
        return first >= 0 ? first : levels.size() - 1;
    }

    /** True when the trip count of the extent is not bounded by a constant. */
    private static boolean grows(Extent e) {
        boolean bounded = e.hi().minus(e.lo()).isConstant() || e.cap() != null && e.cap().minus(e.lo()).isConstant();
        return !bounded;
    }

    private Stmt statement(NestPlan.Gather g) {
        // terms under the same guard share one conditional, so that their common factors meet
        Map<List<Bound>, List<Expr>> byGuard = new LinkedHashMap<>();
        for (NestPlan.Term t : g.terms()) {
            byGuard.computeIfAbsent(t.guard(), x -> new ArrayList<>()).addAll(terms.summands(g.input(), t.shift()));
        }
        Expr value = null;
        List<Expr> always = byGuard.remove(List.<Bound>of());
        if (always != null) {
            value = Factoring.sum(always);
        }
        for (Map.Entry<List<Bound>, List<Expr>> e : byGuard.entrySet()) {
            Expr x = Exprs.cond(conjunction(e.getKey()), Factoring.sum(e.getValue()), Exprs.real(0.0));
            value = value == null ? x : Exprs.add(value, x);
        }
        // x += -e reads better as x -= e (the same operation in floating point)
        Stmt assign = value instanceof Unary u && u.op() == Unary.Op.NEG
                ? new Assign(terms.target(g.input()), Assign.Op.SUB, u.operand())
                : new Assign(terms.target(g.input()), Assign.Op.ADD, value);
        return g.guard().isEmpty() ? assign : new If(conjunction(g.guard()), Block.of(assign), null);
    }

    private Expr conjunction(List<Bound> bounds) {
        Expr out = null;
        for (Bound b : bounds) {
            Expr c = b.toExpr(nest.counters().get(b.level()));
            out = out == null ? c : new Binary(Binary.Op.AND, out, c);
        }
        return out;
    }

    /** Replaces the counters of single-value dimensions; folds what becomes constant. */
    private static List<Stmt> substitute(List<Stmt> stmts, Map<Variable, Expr> points) {
        List<Stmt> out = new ArrayList<>();
        for (Stmt s : stmts) {
            Stmt r = points.isEmpty() ? s
                    : StmtUtil.mapExprs(s, e -> Simplifier.simplify(ExprUtil.substitute(e, points)));
            if (r instanceof If i) {
                Expr c = foldConjunction(i.cond());
                if (c instanceof IntLit l) {
                    if (l.value() != 0) {
                        out.addAll(i.then().stmts());
                    }
                    continue;
                }
                r = new If(c, i.then(), i.otherwise(), i.range());
            }
            out.add(r);
        }
        return out;
    }

    /** {@code a && b} with constant operands folded (Exprs folds only literal pairs). */
    private static Expr foldConjunction(Expr e) {
        if (e instanceof Binary b && b.op() == Binary.Op.AND) {
            Expr l = foldConjunction(b.left());
            Expr r = foldConjunction(b.right());
            if (l instanceof IntLit x) {
                return x.value() == 0 ? x : r;
            }
            if (r instanceof IntLit y) {
                return y.value() == 0 ? y : l;
            }
            return new Binary(Binary.Op.AND, l, r);
        }
        return e;
    }
}
