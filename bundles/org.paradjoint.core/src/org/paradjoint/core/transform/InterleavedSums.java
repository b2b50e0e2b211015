package org.paradjoint.core.transform;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.Exprs;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.Cond;
import org.paradjoint.core.ir.Decl;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.Layout;
import org.paradjoint.core.ir.Return;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * A parallel loop over {@code i} whose body sums over {@code j} in the primal's order
 * ({@code s = s + e} into a private scalar: one chain of dependent additions per {@code i}, whose
 * latency, not its arithmetic, sets its speed, and which must not be reassociated, unlike the
 * adjoint's own sums that {@link SimdSums} vectorises) runs {@link #LANES} consecutive {@code i}'s
 * at once: the loop over {@code j} takes the next term of each of their sums in turn, independent
 * chains that the processor overlaps, each {@code i}'s terms still added in its order, so every
 * sum is the primal's bit for bit. The statements before the sum run for the block's {@code i}'s
 * first and those after it afterwards, each part in the order of {@code i}: the iterations of a
 * parallel loop are independent, and this is an interleaving of them that a team of threads could
 * run. The private scalars that live across the parts become arrays of one element per {@code i}
 * of the block. A last block of fewer {@code i}'s sums them one after the other. atax's forward
 * sweep ({@code tmp[i] = sum A[i][j] x[j]}) is the case: a hand-written adjoint vectorises that dot
 * product (in another order); this keeps the primal's sums and runs them about as fast.
 *
 * <p>Left as they are: loops with reductions, firstprivates, {@code collapse}, calls of the runtime (a
 * tape read in iteration order), private arrays or locals declared before the sum, loops of Fortran arrays or Kokkos Views, and
 * sums over a range that depends on {@code i} or on what the loop writes. Runs after
 * {@link ColumnWalks}, which takes the loops whose sums walk a column.
 */
final class InterleavedSums {

    /** The i's summed at once: enough independent chains to hide an addition's latency. */
    static final int LANES = 8;

    private final Names names;
    private final List<Variable> added = new ArrayList<>();

    private InterleavedSums(Names names) {
        this.names = names;
    }

    static Function apply(Function f, Names names) {
        InterleavedSums pass = new InterleavedSums(names);
        List<Stmt> body = pass.list(f.body().stmts());
        if (pass.added.isEmpty()) {
            return f;
        }
        List<Variable> locals = new ArrayList<>(f.locals());
        locals.addAll(pass.added);
        return f.withLocalsAndBody(locals, new Block(body, f.body().range()));
    }

    private List<Stmt> list(List<Stmt> stmts) {
        List<Stmt> out = new ArrayList<>();
        for (Stmt s : stmts) {
            Sum sum = s instanceof For f ? Sum.of(f) : null;
            if (sum != null) {
                out.add(interleaved(sum));
            } else {
                out.add(s instanceof Block b ? new Block(list(b.stmts()), b.range()) : s);
            }
        }
        return out;
    }

    /** A loop of the form above: the statements before its sum, the sum, those after, and the scalars that become lanes. */
    private record Sum(For loop, List<Stmt> lead, For inner, List<Stmt> trail, Set<Variable> lanes) {

        static Sum of(For f) {
            if (f.omp() == null || f.omp().collapse() > 1 || !f.omp().reductions().isEmpty()
                    || !f.omp().firstprivates().isEmpty() || !Long.valueOf(1).equals(f.constantStep()) || DistinctElements.Range.of(f) == null
                    || !plainAndQuiet(f)) {
                return null;
            }
            List<Stmt> body = f.body().stmts();
            for (int k = 0; k < body.size(); k++) {
                if (body.get(k) instanceof For inner && chain(f, inner) != null) {
                    List<Stmt> lead = body.subList(0, k);
                    List<Stmt> trail = body.subList(k + 1, body.size());
                    Set<Variable> lanes = lanes(f, lead, inner, trail);
                    return lanes == null ? null : new Sum(f, lead, inner, trail, lanes);
                }
            }
            return null;
        }

        /**
         * The private double scalar that sequential loop {@code inner} sums into, in order
         * ({@code s = s + e} or {@code s += e}, {@code e} without {@code s}, the range fixed over
         * {@code f}'s iterations), or null.
         */
        private static Variable chain(For f, For inner) {
            if (inner.omp() != null || inner.simd() || !Long.valueOf(1).equals(inner.constantStep())
                    || inner.body().stmts().size() != 1 || !(inner.body().stmts().get(0) instanceof Assign a)
                    || !(a.target() instanceof VarRef t) || t.var().type() != BaseType.DOUBLE
                    || !f.omp().privates().contains(t.var())) {
                return null;
            }
            Variable s = t.var();
            Expr term;
            if (a.op() == Assign.Op.ADD) {
                term = a.value();
            } else if (a.op() == Assign.Op.SET && a.value() instanceof Binary b && b.op() == Binary.Op.ADD
                    && b.left() instanceof VarRef l && l.var().equals(s)) {
                term = b.right();
            } else {
                return null;
            }
            Set<Variable> written = StmtUtil.writes(f.body());
            Set<Variable> range = new LinkedHashSet<>(ExprUtil.variables(inner.lower()));
            range.addAll(ExprUtil.variables(inner.bound()));
            if (ExprUtil.variables(term).contains(s) || range.contains(f.counter())
                    || range.stream().anyMatch(written::contains)) {
                return null;
            }
            return s;
        }

        /**
         * The private scalars that must keep one value per i of a block: those written before the
         * sum or by it and mentioned after it (or in it); null when a private array would have to.
         */
        private static Set<Variable> lanes(For f, List<Stmt> lead, For inner, List<Stmt> trail) {
            Set<Variable> early = new LinkedHashSet<>();
            lead.forEach(s -> early.addAll(StmtUtil.writes(s)));
            early.addAll(StmtUtil.writes(inner.body()));
            Set<Variable> later = new LinkedHashSet<>(StmtUtil.mentioned(inner.body()));
            trail.forEach(s -> later.addAll(StmtUtil.mentioned(s)));
            Set<Variable> lanes = new LinkedHashSet<>();
            for (Variable v : f.omp().privates()) {
                if (v.equals(f.counter()) || v.equals(inner.counter()) || !early.contains(v) || !later.contains(v)) {
                    continue;
                }
                if (!v.isScalar()) {
                    return null;
                }
                lanes.add(v);
            }
            // a local declared before the sum would be one variable for the whole block
            boolean[] declared = {false};
            lead.forEach(s -> StmtUtil.forEach(s, x -> declared[0] |= x instanceof Decl));
            return declared[0] ? null : lanes;
        }

        /**
         * C's own row-major arrays only, no runtime calls (a tape is read in the order of the
         * iterations), no return, no nested parallel loop. Atomic increments may stay: each part
         * keeps its statements, and the order of the iterations within a part.
         */
        private static boolean plainAndQuiet(For f) {
            boolean[] ok = {true};
            StmtUtil.forEach(f.body(), s -> {
                if (s instanceof Return || s instanceof For inner && inner.omp() != null) {
                    ok[0] = false;
                }
            });
            StmtUtil.forEachExpr(f, x -> {
                if (x instanceof ArrayRef r && (r.var().layout() != Layout.ROW_MAJOR || r.var().hasRuntimeShape())
                        || x instanceof Call c && c.isRuntime()) {
                    ok[0] = false;
                }
            });
            return ok[0];
        }
    }

    /**
     * {@code for (ib = lo; ib < end; ib += LANES) { lead for the block's i; the sum: if the block is
     * whole, for j, for its i; else for its i, for j; trail for the block's i }}.
     */
    private Stmt interleaved(Sum sum) {
        For loop = sum.loop();
        SourceRange range = loop.range();
        Variable i = loop.counter();
        ColumnWalks.Blocking b = ColumnWalks.Blocking.of(loop, sum.inner().counter(), sum.lanes(), LANES, names, added);
        Variable block = b.block();
        Map<Variable, Expr> perI = b.perI();
        DistinctElements.Range values = DistinctElements.Range.of(loop);
        Expr end = ExprUtil.simplify(Exprs.add(values.highest(), new IntLit(1)));
        Expr blockEnd = Exprs.add(new VarRef(block), new IntLit(LANES));
        Expr stop = new Cond(new Binary(Binary.Op.LT, blockEnd, end), blockEnd, end);
        List<Stmt> terms = ColumnWalks.renamed(sum.inner().body().stmts(), perI);
        // a whole block: the j loop outside, the block's i inside (a constant count, kept in registers)
        Stmt whole = sum.inner().withBody(
                new Block(List.of(ColumnWalks.overBlock(i, block, blockEnd, terms, range)), range));
        Stmt part = ColumnWalks.overBlock(i, block, end, List.of(sum.inner().withBody(new Block(terms, range))),
                range);
        List<Stmt> parts = new ArrayList<>();
        if (!sum.lead().isEmpty()) {
            parts.add(ColumnWalks.overBlock(i, block, stop, ColumnWalks.renamed(sum.lead(), perI), range));
        }
        parts.add(new If(new Binary(Binary.Op.LE, blockEnd, end), Block.of(whole), Block.of(part), range));
        if (!sum.trail().isEmpty()) {
            parts.add(ColumnWalks.overBlock(i, block, stop, ColumnWalks.renamed(sum.trail(), perI), range));
        }
        return new For(block, values.lowest(), Binary.Op.LT, end, new IntLit(LANES), new Block(parts, range),
                loop.omp().withPrivates(b.privates()), loop.pragmas(), range);
    }
}
