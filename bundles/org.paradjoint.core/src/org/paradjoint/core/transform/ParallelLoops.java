package org.paradjoint.core.transform;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

import org.paradjoint.core.analysis.ToBeRecorded;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Decl;
import org.paradjoint.core.ir.Dim;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.OmpParallelFor;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * OpenMP parallel loops in reverse mode: their collapsed nest, what is private to an iteration,
 * what an adjoint iteration recomputes, the restrictions of the baseline adjoint (each a
 * located error) and the clauses of the adjoint loop.
 */
final class ParallelLoops {

    /**
     * What an adjoint iteration knows about its parallel loop: the variables private to an
     * iteration (clauses, counters of the collapsed nest, declarations in the body), those it
     * recomputes, and the reduction variables; whether the forward sweep runs the loop at all
     * ({@code runsForward}: only when something after it reads what it writes, {@link ReadAfter});
     * the shared arrays it overwrites whose values from before the loop the adjoint needs
     * ({@code saved}: saved whole before the loop runs, restored before its adjoint; none when
     * the loop does not run forward, since those values are then still in place), and the arrays
     * whose writes each adjoint iteration redoes ({@code replayed}: saving the old values on its
     * own tape and undoing them while it reverses, {@link IterationReplay}; the primal being
     * race-free, no other iteration touches those elements). {@code body} is the innermost body of
     * the collapsed nest as the adjoint iterations see it: the primal's, or its
     * {@link BranchRecords#view} where the forward run records branch directions
     * ({@code branches}, else null).
     */
    record Info(Set<Variable> privates, Set<Variable> recomputed, Set<Variable> reductionVars, boolean runsForward,
            Set<Variable> saved, Set<Variable> replayed, Map<Variable, ArrayRef> savedElements, Block body,
            BranchRecords branches) {

        /**
         * The one element each iteration writes of a saved array, when every write of the loop to
         * it has the same index and that index depends only on the counters of the collapsed nest
         * and on what the loop does not modify (trmm's {@code B[i][j]}): then only those elements
         * are saved, in a copy of the loop header, not the whole array. Null otherwise.
         */
        ArrayRef savedElement(Variable v) {
            return savedElements.get(v);
        }
    }

    private ParallelLoops() {
    }

    static int levels(For f) {
        return Math.max(1, f.omp().collapse());
    }

    /** The innermost loop of the collapsed nest of a parallel loop. */
    static For innermost(For f) {
        For cur = f;
        for (int k = 1; k < levels(f); k++) {
            if (cur.body().stmts().size() != 1 || !(cur.body().stmts().get(0) instanceof For inner)) {
                throw new UnsupportedException("collapse-not-perfect", f.range(), "levels", levels(f));
            }
            cur = inner;
        }
        return cur;
    }

    /**
     * The facts of {@code f}; {@code neededBefore} are the variables needed by the adjoints of the
     * statements that run before it ({@link NeededBefore}), {@code readAfter} those read by the
     * statements that run after it ({@link ReadAfter}); {@code branches} the directions its
     * forward run records (null for none): its adjoint iterations then see their
     * {@link BranchRecords#view}, with those conditions read back instead of re-evaluated.
     */
    static Info info(For f, Set<Variable> needed, Set<Variable> neededBefore, Set<Variable> readAfter,
            Predicate<Variable> active, BranchRecords branches) {
        For in = innermost(f);
        Block body = branches == null ? in.body() : branches.view();
        Set<Variable> privates = privates(f);
        Set<Variable> reductionVars = f.omp().reductionVariables();
        Set<Variable> recomputed = ToBeRecorded.recomputed(body, needed, reductionVars);
        Set<Variable> ownNeeds = ToBeRecorded.ownRecomputed(body, active, reductionVars);
        boolean runsForward = runsForward(f, readAfter);
        Set<Variable> sharedArrays = new LinkedHashSet<>();
        StmtUtil.writes(in.body()).stream().filter(v -> v.isArray() && !privates.contains(v))
                .forEach(sharedArrays::add);
        Set<Variable> saved = new LinkedHashSet<>();
        if (runsForward) {
            for (Variable v : sharedArrays) {
                if (ownNeeds.contains(v) || neededBefore.contains(v)) {
                    saved.add(v);
                }
            }
        }
        Set<Variable> replayed = IterationReplay.of(body, sharedArrays, recomputed, active);
        Map<Variable, ArrayRef> savedElements = new LinkedHashMap<>();
        for (Variable v : saved) {
            ArrayRef e = oneWrittenElement(in, v);
            if (e != null) {
                savedElements.put(v, e);
            }
        }
        return new Info(privates, recomputed, reductionVars, runsForward, saved, replayed, savedElements, body,
                branches);
    }

    /**
     * The variables private to an iteration of {@code f}: its clauses' privates and firstprivates,
     * the counters of the collapsed nest and the declarations in its body.
     */
    static Set<Variable> privates(For f) {
        For in = innermost(f);
        Set<Variable> privates = new LinkedHashSet<>();
        privates.addAll(f.omp().privates());
        privates.addAll(f.omp().firstprivates());
        For cur = f;
        privates.add(cur.counter());
        while (cur != in) {
            cur = (For) cur.body().stmts().get(0);
            privates.add(cur.counter());
        }
        StmtUtil.forEach(in.body(), s -> {
            if (s instanceof Decl d) {
                privates.add(d.var());
            }
        });
        return privates;
    }

    /** Whether the forward sweep runs {@code f}: something after it reads a shared variable it writes. */
    static boolean runsForward(For f, Set<Variable> readAfter) {
        Set<Variable> privates = privates(f);
        return StmtUtil.writes(innermost(f).body()).stream().anyMatch(v -> !privates.contains(v)
                && readAfter.contains(v));
    }

    /**
     * The index every write of {@code in}'s body to {@code v} uses, if it is fixed per iteration
     * (it reads nothing the body modifies: the nest's counters are set by its headers); else null.
     */
    private static ArrayRef oneWrittenElement(For in, Variable v) {
        Set<Variable> modified = StmtUtil.writes(in.body());
        ArrayRef[] one = {null};
        boolean[] varies = {false};
        StmtUtil.forEach(in.body(), s -> {
            if (s instanceof Assign a && a.target().var().equals(v) && a.target() instanceof ArrayRef r) {
                if (one[0] == null) {
                    one[0] = r;
                } else if (!one[0].indices().equals(r.indices())) {
                    varies[0] = true;
                }
            }
        });
        if (one[0] == null || varies[0] || ExprUtil.indexVariables(one[0]).stream().anyMatch(modified::contains)) {
            return null;
        }
        return one[0];
    }

    /** A sequential copy of the collapsed nest's headers around {@code stmt}: once per iteration. */
    static For perIteration(For f, For in, Stmt stmt) {
        return rebuildNest(f, in, Block.of(stmt), null);
    }

    /** The same, iterations in reverse order (pairs with {@link #perIteration} through a stack). */
    static For perIterationReversed(For f, For in, Stmt stmt) {
        Stmt body = f == in ? stmt : perIterationReversed((For) f.body().stmts().get(0), in, stmt);
        return Loops.reversed(f, List.of(body));
    }

    /** The restrictions of the adjoint of a parallel loop; each violation is a located error. */
    static void check(For f, DiffContext cx, Info p) {
        For in = innermost(f);
        For cur = f;
        while (true) {
            Loops.check(cur);
            if (cur == in) {
                break;
            }
            cur = (For) cur.body().stmts().get(0);
        }
        StmtUtil.forEach(in.body(), s -> {
            if (s instanceof For x && x.isParallel()) {
                throw new UnsupportedException("nested-parallel", x.range());
            }
        });
        for (OmpParallelFor.Reduction r : f.omp().reductions()) {
            for (Variable v : r.vars()) {
                if (cx.isActive(v) && !r.op().equals("+") && !r.op().equals("-")) {
                    throw new UnsupportedException("unsupported-reduction", f.omp().range().isKnown()
                            ? f.omp().range() : f.range(), "operator", r.op(), "variable", v.name());
                }
            }
        }
        for (Variable v : f.omp().firstprivates()) {
            if (cx.isActive(v)) {
                throw new UnsupportedException("unsupported-firstprivate", f.range(), "variable", v.name());
            }
            FirstprivateCarry.carriedWrite(in.body(), v).ifPresent(write -> {
                throw new UnsupportedException("firstprivate-carry", write.range().isKnown() ? write.range()
                        : f.range(), "firstprivate", v.name());
            });
        }
        for (Variable v : p.privates()) {
            // an active private array gets a private adjoint declared zero in each iteration's adjoint,
            // which C can do for constant extents only (a variable-length array has no initialiser)
            if (cx.isActive(v) && v.isArray() && !v.dims().stream().allMatch(d -> d.extent() instanceof IntLit)) {
                throw new UnsupportedException("unsupported-private-array", f.range(), "array", v.name());
            }
        }
        StmtUtil.forEach(in.body(), s -> {
            if (s instanceof For x && !p.privates().contains(x.counter())) {
                throw new UnsupportedException("omp-shared-scalar-write.counter-loop-inside", x.range(), "counter",
                        x.counter().name());
            }
            if (!(s instanceof Assign a)) {
                return;
            }
            Variable v = a.target().var();
            if (p.privates().contains(v)) {
                return;
            }
            if (v.isScalar()) {
                if (!p.reductionVars().contains(v)) {
                    throw new UnsupportedException("omp-shared-scalar-write.scalar-written-parallel", a.range(),
                            "scalar", v.name());
                }
                if (!isReductionUpdate(a)) {
                    throw new UnsupportedException("unsupported-reduction-update", a.range(), "variable", v.name());
                }
            } else if (p.saved().contains(v) && p.savedElement(v) == null) {
                String unknown = unknownExtent(v, cx);
                if (unknown != null) {
                    throw new UnsupportedException("parallel-inplace-needed", a.range(), "array", v.name(), "unknown",
                            unknown);
                }
            }
        });
        for (Variable r : p.reductionVars()) {
            StmtUtil.forEach(in.body(), s -> {
                Set<Variable> reads = new HashSet<>();
                if (s instanceof Assign a && a.target().var().equals(r) && isReductionUpdate(a)) {
                    Expr rest = a.op() == Assign.Op.SET ? ((Binary) a.value()).right() : a.value();
                    reads.addAll(ExprUtil.variables(rest));
                    reads.addAll(ExprUtil.indexVariables(a.target()));
                } else if (!(s instanceof Block || s instanceof For || s instanceof If)) {
                    StmtUtil.ownExprs(s).forEach(e -> reads.addAll(ExprUtil.variables(e)));
                    if (s instanceof Assign a && a.target() instanceof VarRef) {
                        reads.remove(a.target().var());
                    }
                } else {
                    StmtUtil.ownExprs(s).forEach(e -> reads.addAll(ExprUtil.variables(e)));
                }
                if (reads.contains(r)) {
                    throw new UnsupportedException("reduction-variable-read", s.range(), "variable", r.name());
                }
            });
        }
    }

    /** Why the extents of {@code v} cannot size a copy made before the loop, or null when they can. */
    static String unknownExtent(Variable declared, DiffContext cx) {
        Variable v = cx.sized(declared);
        for (int k = 0; k < v.rank(); k++) {
            Dim d = v.dims().get(k);
            if (!d.extentKnown()) {
                return "the extent of " + (v.rank() == 1 ? "'" + v.name() + "'" : "dimension " + (k + 1) + " of '"
                        + v.name() + "'") + ", which is not declared";
            }
            for (Variable x : ExprUtil.variables(d.extent())) {
                if (cx.written.contains(x)) {
                    return "its extent, which depends on '" + x.name() + "' that the function modifies";
                }
            }
        }
        return null;
    }

    private static boolean isReductionUpdate(Assign a) {
        Variable v = a.target().var();
        if (a.op() == Assign.Op.ADD || a.op() == Assign.Op.SUB) {
            return !ExprUtil.references(a.value(), v);
        }
        return a.op() == Assign.Op.SET && a.value() instanceof Binary b
                && (b.op() == Binary.Op.ADD || b.op() == Binary.Op.SUB) && b.left() instanceof VarRef r
                && r.var().equals(v) && !ExprUtil.references(b.right(), v);
    }

    static For rebuildNest(For cur, For in, Block innerBody, OmpParallelFor omp) {
        Block body = cur == in ? innerBody : Block.of(rebuildNest((For) cur.body().stmts().get(0), in, innerBody,
                null));
        return new For(cur.counter(), cur.lower(), cur.cmp(), cur.bound(), cur.step(), body, omp, List.of(),
                cur.range());
    }

    /**
     * The clauses of the adjoint loop: the primal's reductions dropped, adjoints of shared active
     * variables listed as shared, except the adjoints in {@code reduced}, which form a
     * {@code reduction(+: ...)} clause.
     */
    static OmpParallelFor reverseOmp(OmpParallelFor omp, DiffContext cx, List<Variable> reduced) {
        List<Variable> shared = new ArrayList<>(omp.shared());
        for (Variable v : omp.shared()) {
            if (cx.isActive(v)) {
                shared.add(cx.derivativeRef(new VarRef(v)).var());
            }
        }
        if (!omp.shared().isEmpty() || omp.defaultSharing() != null) {
            for (OmpParallelFor.Reduction r : omp.reductions()) {
                for (Variable v : r.vars()) {
                    if (cx.isActive(v)) {
                        shared.add(cx.derivativeRef(new VarRef(v)).var());
                    }
                }
            }
        }
        shared.removeAll(reduced);
        List<OmpParallelFor.Reduction> reductions = reduced.isEmpty() ? List.of()
                : List.of(new OmpParallelFor.Reduction("+", reduced));
        return new OmpParallelFor(omp.privates(), omp.firstprivates(), shared, reductions, omp.schedule(),
                omp.collapse(), omp.defaultSharing(), omp.range());
    }
}
