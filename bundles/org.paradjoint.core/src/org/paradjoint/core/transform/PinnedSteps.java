package org.paradjoint.core.transform;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;

import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.Exprs;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Cond;
import org.paradjoint.core.ir.Dim;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.OmpParallelFor.PrivateAccumulator;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.Unary;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.print.CPrinter;

/**
 * The adjoint of a parallel loop that is not proven race-free only because of one iteration
 * ({@link PinnedIteration}), decided step by step at run time. The forward run recorded the
 * direction of every conditional write of the pinned iteration that other iterations read; when
 * each of them kept its value ({@code x = c ? x : e} with {@code c} true), the primal step was
 * race-free, and the step's adjoint is the one of a race-free loop without the pinned iteration:
 * resets and increments of an iteration's own elements plain, the increments of the pinned
 * iteration's elements (which every other iteration makes) accumulated per thread in a copy of
 * just those elements ({@link PrivateAccumulator#part}), and the pinned iteration's adjoint run
 * after it on its own, with every access protected. Any other step runs the adjoint that assumes
 * nothing (every access of the racy array protected), its iterations from the last down: at one
 * thread (the primal's order) that is the adjoint of the sequential loop even when the pinned
 * iteration's writes were read by the others; at more threads a step whose primal really depends
 * on the schedule has no well-defined adjoint (the analysis' warning says so). Floyd-Warshall: the
 * step of {@code k} is race-free exactly when row {@code k} kept its paths ({@code path[k][k] >= 0}).
 * <pre>
 * pa_kept = 1;
 * if (k &gt;= 0 &amp;&amp; k &lt; n)
 *     for (j = 0; j &lt; n; j++) if (!flag(k, j)) pa_kept = 0;     // the pinned iteration's directions
 * if (pa_kept) {
 *     parallel for (i ...) if (i != k) { ... pathb[i][j] = 0.0; pathb[i][k] += g; pathb[k][j] += g (per thread) }
 *     if (k &gt;= 0 &amp;&amp; k &lt; n) for (i = k; i &lt; k + 1; i++) { the protected adjoint of iteration k }
 * } else {
 *     parallel for (i = n - 1; i &gt;= 0; i--) { the protected adjoint }
 * }
 * </pre>
 * Applies to a loop that is not collapsed, counts up by one, records its branch directions
 * ({@link BranchRecords}) and whose adjoints, protected and not, are each one loop (no gathered
 * nests); otherwise the protected adjoint alone.
 */
final class PinnedSteps {

    private PinnedSteps() {
    }

    /**
     * The adjoint of the parallel loop {@code f}: {@code adjoint} generates it under the
     * context's current policy (it is asked once more under the policy that leaves the pinned
     * iteration out); {@code local} makes an int local of the function.
     */
    static List<Stmt> adjoint(For f, ParallelLoops.Info p, DiffContext cx, Supplier<List<Stmt>> adjoint,
            Function<String, Variable> local) {
        PinnedIteration pin = cx.policy.pinned(f);
        if (pin == null || p.branches() == null || ParallelLoops.innermost(f) != f
                || !Long.valueOf(1).equals(f.constantStep()) || (f.cmp() != Binary.Op.LT && f.cmp() != Binary.Op.LE)) {
            return adjoint.get();
        }
        Variable kept = local.apply("pa_kept");
        List<Stmt> test = keptTest(p.branches().view().stmts(), pin, kept);
        List<Stmt> guarded = adjoint.get();
        if (test == null || test.isEmpty() || guarded.size() != 1 || !(guarded.get(0) instanceof For all)) {
            return guarded;
        }
        int warnings = cx.warnings.size();
        List<Stmt> fast;
        try {
            fast = cx.under(pin.excluding(), adjoint);
        } catch (UnsupportedException e) {
            // what the protected adjoint does not need, the race-free one may not do: keep the former
            return guarded;
        } finally {
            // what the other adjoint's generation says (atomics it keeps) is not what runs in the end
            cx.warnings.subList(warnings, cx.warnings.size()).clear();
        }
        List<For> loops = fast.stream().filter(s -> s instanceof For).map(s -> (For) s).toList();
        if (loops.size() != 1) {
            return guarded;
        }
        Expr pinned = pin.iteration();
        Expr inRange = Exprs.binary(Binary.Op.AND, Exprs.ge(pinned, f.lower()),
                f.cmp() == Binary.Op.LT ? Exprs.lt(pinned, f.bound()) : Exprs.le(pinned, f.bound()));
        Map<Variable, Expr> atPinned = Map.of(f.counter(), pinned);
        List<Stmt> testAtPinned = test.stream().map(s -> StmtUtil.mapExprs(s, e -> ExprUtil.substitute(e, atPinned)))
                .toList();

        For others = withoutPinned(perThreadParts(loops.get(0), pin, cx), pinned);
        For alone = new For(f.counter(), pinned, Binary.Op.LT, Exprs.add(pinned, Exprs.integer(1)),
                Exprs.integer(1), all.body(), null, List.of(), all.range());
        List<Stmt> then = new ArrayList<>();
        fast.forEach(s -> then.add(s == loops.get(0) ? others : s));
        then.add(new If(inRange, Block.of(alone), null, f.range()));

        cx.warnings.add(Diagnostic.info("race-pinned-step", f.range(), "counter", f.counter().name(), "pinned",
                CPrinter.print(pinned)));
        List<Stmt> out = new ArrayList<>();
        out.add(Assign.set(Exprs.ref(kept), Exprs.integer(1)));
        out.add(new If(inRange, new Block(testAtPinned), null, f.range()));
        // the protected step from the last iteration down: at one thread, the primal's order, this
        // is the adjoint of the sequential loop even where the step was not race-free
        For protectedStep = Loops.reversed(all, all.body().stmts()).withOmp(all.omp());
        out.add(new If(Exprs.ref(kept), new Block(then), Block.of(protectedStep), f.range()));
        return out;
    }

    /**
     * The statements that clear {@code kept} when an iteration's recorded direction of one of the
     * pinned writes is not the one that keeps the value, in the loops around them ({@code view}: the
     * iteration with its directions read from the record); null when a pinned write is no such
     * recorded keep, or sits under a condition (its direction may not have been recorded).
     */
    private static List<Stmt> keptTest(List<Stmt> view, PinnedIteration pin, Variable kept) {
        Set<ArrayRef> found = Collections.newSetFromMap(new IdentityHashMap<>());
        List<Stmt> out = keptTest(view, pin, found, kept);
        return out == null || found.size() != pin.writes().size() ? null : out;
    }

    private static List<Stmt> keptTest(List<Stmt> stmts, PinnedIteration pin, Set<ArrayRef> found,
            Variable kept) {
        List<Stmt> out = new ArrayList<>();
        for (Stmt s : stmts) {
            switch (s) {
                case Assign a when isPinnedWrite(pin, a.target()) -> {
                    if (!(a.value() instanceof Cond c) || !Runtime.isFlagRead(c.cond()) || a.op() != Assign.Op.SET) {
                        return null;
                    }
                    boolean keepsOnTrue = a.target().equals(c.then());
                    if (!keepsOnTrue && !a.target().equals(c.otherwise())) {
                        return null;
                    }
                    found.add((ArrayRef) a.target());
                    Expr changed = keepsOnTrue ? new Unary(Unary.Op.NOT, c.cond()) : c.cond();
                    out.add(new If(changed, Block.of(Assign.set(Exprs.ref(kept), Exprs.integer(0))), null, a.range()));
                }
                case For g -> {
                    List<Stmt> body = keptTest(g.body().stmts(), pin, found, kept);
                    if (body == null) {
                        return null;
                    }
                    if (!body.isEmpty()) {
                        out.add(new For(g.counter(), g.lower(), g.cmp(), g.bound(), g.step(), new Block(body), null,
                                List.of(), g.range()));
                    }
                }
                case Block b -> {
                    List<Stmt> inner = keptTest(b.stmts(), pin, found, kept);
                    if (inner == null) {
                        return null;
                    }
                    out.addAll(inner);
                }
                default -> {
                    // a pinned write under a condition: its direction is not recorded in every step
                    boolean[] under = {false};
                    StmtUtil.forEach(s, x -> under[0] |= x instanceof Assign a && isPinnedWrite(pin, a.target()));
                    if (under[0]) {
                        return null;
                    }
                }
            }
        }
        return out;
    }

    private static boolean isPinnedWrite(PinnedIteration pin, Object target) {
        return pin.writes().stream().anyMatch(w -> w == target);
    }

    /**
     * {@code loop} (the adjoint without the pinned iteration) with the increments of the pinned
     * iteration's elements accumulated per thread, under {@link RaceStrategy#PRIVATE}: for each
     * read of {@link PinnedIteration#reads} whose leading indices are fixed while the loop runs
     * (row {@code k} of {@code path[k][j]}), the copies are of that part of the adjoint only. That
     * needs every reference of the adjoint in the loop either an increment of the part or one
     * that holds the counter where the pinned writes do (so, the pinned iteration left out, never
     * in the part); else the increments stay atomic.
     */
    private static For perThreadParts(For loop, PinnedIteration pin, DiffContext cx) {
        if (cx.raceStrategy != RaceStrategy.PRIVATE) {
            return loop;
        }
        Set<Variable> written = StmtUtil.writes(loop);
        List<PrivateAccumulator> parts = new ArrayList<>();
        Variable threads = null;
        Block body = loop.body();
        for (ArrayRef read : pin.reads()) {
            Variable primal = read.var();
            int rank = read.indices().size();
            if (rank < 2 || pin.dimension() >= rank - 1 || primal.type() != BaseType.DOUBLE || !primal.isParameter()
                    || cx.isByValueAdjointParam(primal) || ParallelLoops.unknownExtent(primal, cx) != null) {
                continue;
            }
            List<Expr> part = read.indices().subList(0, rank - 1);
            List<Dim> dims = cx.sized(primal).dims();
            if (part.stream().anyMatch(e -> ExprUtil.variables(e).stream().anyMatch(written::contains))
                    || dims.stream().anyMatch(d -> !(d.lower() instanceof IntLit l && l.value() == 0))) {
                continue;
            }
            Variable adjoint = cx.derivative(primal);
            Expr ownIndex = pin.writes().stream().filter(w -> w.var().equals(primal)).findFirst()
                    .map(w -> w.indices().get(pin.dimension())).orElse(null);
            if (ownIndex == null || !onlyIncrementedInPart(body, adjoint, part, pin.dimension(), ownIndex)
                    || parts.stream().anyMatch(a -> a.target().equals(adjoint))) {
                continue;
            }
            if (threads == null) {
                threads = Variable.scalar(cx.names.fresh("pa_nt"), BaseType.INT, Variable.Kind.LOCAL);
            }
            Variable sized = adjoint.withDims(dims);
            Variable view = adjoint.withDims(dims.subList(part.size(), rank))
                    .withName(cx.names.fresh("pa_" + adjoint.name())).withKind(Variable.Kind.LOCAL).withConst(false);
            Variable buffer = Variable.scalar(cx.names.fresh("pa_" + adjoint.name() + "_buf"), BaseType.DOUBLE,
                    Variable.Kind.LOCAL);
            parts.add(new PrivateAccumulator(sized, view, buffer, threads, part));
            body = (Block) unprotected(body, adjoint, part);
        }
        if (parts.isEmpty()) {
            return loop;
        }
        List<PrivateAccumulator> all = new ArrayList<>(loop.omp().accumulators());
        all.addAll(parts);
        return loop.withOmp(loop.omp().withAccumulators(all)).withBody(body);
    }

    /**
     * Whether every reference of {@code adjoint} in {@code body} with leading indices {@code part}
     * is the target of an increment, and every other one has {@code ownIndex} at {@code dimension}.
     */
    private static boolean onlyIncrementedInPart(Block body, Variable adjoint, List<Expr> part, int dimension,
            Expr ownIndex) {
        boolean[] ok = {true};
        StmtUtil.forEach(body, s -> {
            if (s instanceof Assign a) {
                boolean increment = a.op() == Assign.Op.ADD || a.op() == Assign.Op.SUB;
                if (a.target() instanceof ArrayRef t && t.var().equals(adjoint)) {
                    ok[0] &= increment && inPart(t, part) || !inPart(t, part) && own(t, dimension, ownIndex);
                    t.indices().forEach(i -> ok[0] &= !ExprUtil.references(i, adjoint));
                } else if (a.target() instanceof ArrayRef t) {
                    t.indices().forEach(i -> ok[0] &= !ExprUtil.references(i, adjoint));
                }
            }
            for (Expr e : StmtUtil.ownExprs(s)) {
                if (s instanceof Assign a && e == a.target()) {
                    continue;
                }
                ExprUtil.forEach(e, x -> ok[0] &= !(x instanceof ArrayRef r && r.var().equals(adjoint))
                        || !inPart(r, part) && own(r, dimension, ownIndex));
            }
        });
        return ok[0];
    }

    private static boolean inPart(ArrayRef r, List<Expr> part) {
        return r.indices().size() > part.size() && r.indices().subList(0, part.size()).equals(part);
    }

    private static boolean own(ArrayRef r, int dimension, Expr ownIndex) {
        return r.indices().size() > dimension && r.indices().get(dimension).equals(ownIndex);
    }

    /** {@code s} with the increments of {@code adjoint} in {@code part} plain (the per-thread view takes them). */
    private static Stmt unprotected(Stmt s, Variable adjoint, List<Expr> part) {
        return switch (s) {
            case Assign a when a.atomic() && a.target() instanceof ArrayRef t && t.var().equals(adjoint)
                    && inPart(t, part) -> a.withAtomic(false);
            case Block b -> new Block(b.stmts().stream().map(x -> unprotected(x, adjoint, part)).toList(), b.range());
            case If i -> new If(i.cond(), (Block) unprotected(i.then(), adjoint, part),
                    i.otherwise() == null ? null : (Block) unprotected(i.otherwise(), adjoint, part), i.range());
            case For g -> g.withBody((Block) unprotected(g.body(), adjoint, part));
            default -> s;
        };
    }

    /** {@code loop} with its body run only in the iterations other than {@code pinned}. */
    private static For withoutPinned(For loop, Expr pinned) {
        Expr other = Exprs.binary(Binary.Op.NE, Exprs.ref(loop.counter()), pinned);
        return loop.withBody(Block.of(new If(other, loop.body(), null, loop.range())));
    }
}
