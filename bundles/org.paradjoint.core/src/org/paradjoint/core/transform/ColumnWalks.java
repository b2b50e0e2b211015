package org.paradjoint.core.transform;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
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
import org.paradjoint.core.ir.Cond;
import org.paradjoint.core.ir.Dim;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.Layout;
import org.paradjoint.core.ir.OmpParallelFor;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * A parallel loop over {@code i} whose inner loop over {@code j} walks a column of a row-major
 * array ({@code A[j][i]}: {@code i} the last, contiguous index) runs in blocks of {@link #BLOCK}
 * consecutive {@code i}, the loop over {@code j} outside the loop over the block's {@code i}: each
 * {@code j} then reads a run of neighbouring elements of a row instead of one element per row.
 * Every {@code i} keeps its statements in their order (its sums over {@code j} add their terms in
 * the same order), and the iterations over {@code i} were independent (a parallel loop whose
 * arrays are written only at elements of the iteration's own, read nowhere else in it); its
 * private scalars become arrays of one element per {@code i} of the block. When the statement
 * before it is a parallel nest that sets each element of the walked array once, at its own
 * counters, over the same ranges, reading no other element of what it writes nor anything the
 * loop writes, its body moves into the block loop: each element is set just before the walk
 * reads it, one pass over the array instead of two. gemver's forward sweep ({@code A += u1 v1' +
 * u2 v2'}, then {@code x += beta A' y}) is the case: the primal's own column walk, which a
 * hand-written adjoint replaces by row sums in another order; this keeps the primal's sums.
 * Loops of Fortran (column-major) arrays or Kokkos Views, and loops with reductions, per-thread
 * accumulators or {@code collapse}, are left as they are.
 */
final class ColumnWalks {

    /** The i's of a block: 64 doubles, a few cache lines of each row per j. */
    static final int BLOCK = 64;

    private final Names names;
    private final List<Variable> added = new ArrayList<>();

    private ColumnWalks(Names names) {
        this.names = names;
    }

    static Function apply(Function f, Names names) {
        ColumnWalks pass = new ColumnWalks(names);
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
            Walk w = s instanceof For f ? Walk.of(f) : null;
            if (w == null) {
                out.add(s instanceof Block b ? new Block(list(b.stmts()), b.range()) : s);
                continue;
            }
            Stmt before = out.isEmpty() ? null : out.get(out.size() - 1);
            List<Assign> fused = before instanceof For p ? w.fusible(p) : null;
            if (fused != null) {
                out.remove(out.size() - 1);
            }
            out.add(blocked(w, fused == null ? List.of() : fused));
        }
        return out;
    }

    /** A loop of the form above: its parts, and the private scalars that become block arrays. */
    private record Walk(For loop, List<Stmt> lead, For inner, List<Stmt> trail, Set<Variable> scalars,
            Set<Variable> arrays) {

        static Walk of(For f) {
            OmpParallelFor omp = f.omp();
            if (omp == null || omp.collapse() > 1 || !omp.reductions().isEmpty() || !omp.accumulators().isEmpty()
                    || !omp.firstprivates().isEmpty() || !Long.valueOf(1).equals(f.constantStep())
                    || DistinctElements.Range.of(f) == null || !plainCArrays(f)) {
                return null;
            }
            List<Stmt> body = f.body().stmts();
            int at = -1;
            for (int k = 0; k < body.size(); k++) {
                if (body.get(k) instanceof For) {
                    if (at >= 0) {
                        return null;
                    }
                    at = k;
                } else if (!(body.get(k) instanceof Assign)) {
                    return null;
                }
            }
            if (at < 0 || !(body.get(at) instanceof For inner) || inner.omp() != null
                    || !Long.valueOf(1).equals(inner.constantStep())
                    || !inner.body().stmts().stream().allMatch(s -> s instanceof Assign)) {
                return null;
            }
            Variable i = f.counter();
            Set<Variable> written = StmtUtil.writes(f.body());
            Set<Variable> bounds = new HashSet<>(ExprUtil.variables(inner.lower()));
            bounds.addAll(ExprUtil.variables(inner.bound()));
            if (bounds.contains(i) || bounds.stream().anyMatch(written::contains)) {
                return null;
            }
            Set<Variable> scalars = new LinkedHashSet<>();
            Set<Variable> arrays = new LinkedHashSet<>();
            for (Variable v : written) {
                if (v.equals(i) || v.equals(inner.counter())) {
                    continue;
                }
                if (v.isScalar() && omp.privates().contains(v) && v.type() == BaseType.DOUBLE) {
                    scalars.add(v);
                } else if (v.isArray() && ownedBy(f.body(), v, i)) {
                    arrays.add(v);
                } else {
                    return null;
                }
            }
            Walk w = new Walk(f, body.subList(0, at), inner, body.subList(at + 1, body.size()), scalars, arrays);
            return w.walksAColumn() ? w : null;
        }

        /** Only row-major arrays of C's own (no Kokkos View, no Fortran array) in the loop. */
        private static boolean plainCArrays(For f) {
            boolean[] ok = {true};
            StmtUtil.forEachExpr(f, x -> {
                if (x instanceof ArrayRef r && (r.var().layout() != Layout.ROW_MAJOR || r.var().hasRuntimeShape())) {
                    ok[0] = false;
                }
            });
            return ok[0];
        }

        /** Every reference to {@code v} in {@code body} is the same element, one index of which is {@code i}. */
        private static boolean ownedBy(Block body, Variable v, Variable i) {
            List<ArrayRef> refs = new ArrayList<>();
            StmtUtil.forEachExpr(body, x -> {
                if (x instanceof ArrayRef r && r.var().equals(v)) {
                    refs.add(r);
                }
            });
            return !refs.isEmpty() && refs.stream().allMatch(r -> r.indices().equals(refs.get(0).indices()))
                    && refs.get(0).indices().stream().anyMatch(x -> x instanceof VarRef c && c.var().equals(i));
        }

        /** Some array of the inner loop has {@code i} as its last index and {@code j} in an earlier one. */
        private boolean walksAColumn() {
            Variable i = loop.counter();
            Variable j = inner.counter();
            boolean[] column = {false};
            StmtUtil.forEachExpr(inner.body(), x -> {
                if (x instanceof ArrayRef r && r.indices().size() > 1
                        && r.indices().get(r.indices().size() - 1) instanceof VarRef last && last.var().equals(i)
                        && r.indices().subList(0, r.indices().size() - 1).stream()
                                .anyMatch(y -> ExprUtil.variables(y).contains(j))) {
                    column[0] = true;
                }
            });
            return column[0];
        }

        /**
         * The assignments of {@code p}, renamed to this loop's counters, when {@code p} can move into
         * the block loop (see the class comment); null otherwise.
         */
        List<Assign> fusible(For p) {
            if (p.omp() == null || !p.omp().reductions().isEmpty() || !p.omp().accumulators().isEmpty()
                    || p.body().stmts().size() != 1 || !(p.body().stmts().get(0) instanceof For c) || c.omp() != null
                    || !c.body().stmts().stream().allMatch(s -> s instanceof Assign a && !a.atomic())) {
                return null;
            }
            DistinctElements.Range rows = DistinctElements.Range.of(p);
            DistinctElements.Range columns = DistinctElements.Range.of(c);
            if (rows == null || columns == null || !rows.sameValues(DistinctElements.Range.of(inner))
                    || !columns.sameValues(DistinctElements.Range.of(loop))) {
                return null;
            }
            List<Expr> own = List.of(new VarRef(p.counter()), new VarRef(c.counter()));
            Set<Variable> set = StmtUtil.writes(c.body());
            for (Stmt s : c.body().stmts()) {
                if (!(((Assign) s).target() instanceof ArrayRef t) || !t.indices().equals(own)) {
                    return null;
                }
            }
            // what p writes: read by it and by the loop's inner statements only at the element (j, i)
            List<Expr> walked = List.of(new VarRef(inner.counter()), new VarRef(loop.counter()));
            for (Variable w : set) {
                if (!atOnly(c.body(), w, own) || !atOnly(inner.body(), w, walked)
                        || lead.stream().anyMatch(s -> StmtUtil.mentioned(s).contains(w))
                        || trail.stream().anyMatch(s -> StmtUtil.mentioned(s).contains(w))) {
                    return null;
                }
            }
            // the counters aside: p's are renamed to the loop's
            Set<Variable> loopWrites = new HashSet<>(StmtUtil.writes(loop.body()));
            loopWrites.removeAll(List.of(loop.counter(), inner.counter()));
            Set<Variable> reads = new HashSet<>(StmtUtil.reads(c.body()));
            reads.removeAll(List.of(p.counter(), c.counter()));
            if (reads.stream().anyMatch(loopWrites::contains)
                    || ExprUtil.variables(p.lower()).stream().anyMatch(loopWrites::contains)
                    || ExprUtil.variables(p.bound()).stream().anyMatch(loopWrites::contains)) {
                return null;
            }
            Map<Variable, Expr> renamed = new LinkedHashMap<>();
            renamed.put(p.counter(), new VarRef(inner.counter()));
            renamed.put(c.counter(), new VarRef(loop.counter()));
            List<Assign> out = new ArrayList<>();
            for (Stmt s : c.body().stmts()) {
                out.add((Assign) StmtUtil.mapExprs(s, e -> ExprUtil.substitute(e, renamed)));
            }
            return out;
        }

        /** Every reference to {@code v} in {@code body} has exactly the indices {@code at}. */
        private static boolean atOnly(Block body, Variable v, List<Expr> at) {
            boolean[] ok = {true};
            StmtUtil.forEachExpr(body, x -> {
                if (x instanceof VarRef r && r.var().equals(v)
                        || x instanceof ArrayRef a && a.var().equals(v) && !a.indices().equals(at)) {
                    ok[0] = false;
                }
            });
            return ok[0];
        }
    }

    /** The loop in blocks of {@link #BLOCK}, {@code fused} (set elements) first in the block's inner loop. */
    private Stmt blocked(Walk w, List<Assign> fused) {
        For loop = w.loop();
        SourceRange range = loop.range();
        Variable i = loop.counter();
        Blocking b = Blocking.of(loop, w.inner().counter(), w.scalars(), BLOCK, names, added);
        Variable block = b.block();
        Map<Variable, Expr> perI = b.perI();
        DistinctElements.Range values = DistinctElements.Range.of(loop);
        Expr end = ExprUtil.simplify(Exprs.add(values.highest(), new IntLit(1)));
        Expr blockEnd = Exprs.add(new VarRef(block), new IntLit(BLOCK));
        Expr stop = new Cond(new Binary(Binary.Op.LT, blockEnd, end), blockEnd, end);
        List<Stmt> parts = new ArrayList<>();
        if (!w.lead().isEmpty()) {
            parts.add(overBlock(i, block, stop, renamed(w.lead(), perI), range));
        }
        List<Stmt> walk = new ArrayList<>(fused);
        walk.addAll(renamed(w.inner().body().stmts(), perI));
        parts.add(w.inner().withBody(new Block(List.of(overBlock(i, block, stop, walk, range)), range)));
        if (!w.trail().isEmpty()) {
            parts.add(overBlock(i, block, stop, renamed(w.trail(), perI), range));
        }
        return new For(block, values.lowest(), Binary.Op.LT, end, new IntLit(BLOCK), new Block(parts, range),
                loop.omp().withPrivates(b.privates()), loop.pragmas(), range);
    }

    /**
     * What a parallel loop over {@code i} run in blocks of {@code size} declares (into
     * {@code added}): the block's counter; for each of its private {@code scalars}, an array of
     * {@code size}, one element per {@code i} of the block, and the element standing for the scalar
     * ({@code perI}); the loop's privates with those arrays instead of the scalars, and with
     * {@code i} and the inner counter. Also {@link InterleavedSums}'.
     */
    record Blocking(Variable block, Map<Variable, Expr> perI, List<Variable> privates) {

        static Blocking of(For loop, Variable inner, Collection<Variable> scalars, int size, Names names,
                List<Variable> added) {
            Variable i = loop.counter();
            Variable block = Variable.scalar(names.fresh("pa_ib"), BaseType.INT, Variable.Kind.LOCAL);
            added.add(block);
            Map<Variable, Expr> perI = new LinkedHashMap<>();
            List<Variable> privates = new ArrayList<>(loop.omp().privates());
            for (Variable s : scalars) {
                Variable lane = new Variable(names.fresh(s.name() + "_v"), s.type(), List.of(Dim.c(new IntLit(size))),
                        Variable.Kind.LOCAL, false, Layout.ROW_MAJOR, s.range());
                added.add(lane);
                perI.put(s, new ArrayRef(lane, List.of(Exprs.sub(new VarRef(i), new VarRef(block))), loop.range()));
                privates.remove(s);
                privates.add(lane);
            }
            for (Variable v : List.of(i, inner)) {
                if (!privates.contains(v)) {
                    privates.add(v);
                }
            }
            return new Blocking(block, perI, privates);
        }
    }

    /** {@code for (i = block; i < stop; i++) body}: a block's {@code i}'s (also {@link InterleavedSums}'). */
    static For overBlock(Variable i, Variable block, Expr stop, List<Stmt> body, SourceRange range) {
        return new For(i, new VarRef(block), Binary.Op.LT, stop, new IntLit(1), new Block(body, range), null,
                List.of(), range);
    }

    /** {@code stmts} with each scalar of {@code perI} replaced by its element of the block's array. */
    static List<Stmt> renamed(List<Stmt> stmts, Map<Variable, Expr> perI) {
        return stmts.stream().map(s -> StmtUtil.mapExprs(s, e -> ExprUtil.substitute(e, perI))).toList();
    }
}
