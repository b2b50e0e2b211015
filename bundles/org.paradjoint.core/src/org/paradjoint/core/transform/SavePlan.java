package org.paradjoint.core.transform;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import org.paradjoint.core.analysis.ToBeRecorded;
import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.CallStmt;
import org.paradjoint.core.ir.Decl;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.Return;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.Variable;

/**
 * Which old values the forward sweep of {@link Reverse} pushes on the tape, decided once before
 * any code is generated: per assignment and loop whether it saves its target or counter, per
 * parallel loop the scalars saved around it and the variables its adjoint iterations zero first.
 * The sweeps then only look the decisions up, so that pushes and pops always pair.
 */
final class SavePlan {

    private final Block body;
    private final Set<Variable> needed;
    private final Function<For, ParallelLoops.Info> info;
    /** Whether an assignment or a loop saves the old value of its target/counter (by identity). */
    private final Map<Stmt, Boolean> saves = new IdentityHashMap<>();
    /** The scalars a parallel loop writes that are saved around it (by identity). */
    private final Map<For, List<Variable>> savedAround = new IdentityHashMap<>();
    /** Private variables an adjoint iteration zeroes first (by identity of the parallel loop). */
    private final Map<For, Set<Variable>> privateZeroInit = new IdentityHashMap<>();

    /** {@code body} is the primal function's, {@code needed} what the reverse sweep reads. */
    SavePlan(Block body, Set<Variable> needed, Function<For, ParallelLoops.Info> info) {
        this.body = body;
        this.needed = needed;
        this.info = info;
    }

    /** True when the assignment or loop {@code s} saves the old value of its target or counter. */
    boolean saves(Stmt s) {
        return saves.getOrDefault(s, false);
    }

    /** The scalars saved before the parallel loop {@code f} and restored after its adjoint. */
    List<Variable> savedAround(For f) {
        return savedAround.get(f);
    }

    /** The private variables an adjoint iteration of {@code f} sets to zero before anything else. */
    Set<Variable> privateZeroInit(For f) {
        return privateZeroInit.getOrDefault(f, Set.of());
    }

    /**
     * Decides, in program order, which assignments and loops save the old value of a needed
     * variable: only where that variable may already hold a value ({@code init}: parameters and
     * whatever may have been written before). A loop counter is saved only when it is read
     * outside the loops it counts. Variables saved where they might still be uninitialised
     * (first iteration of a loop) are collected in {@code zeroInit}: they get a zero at the start
     * of the function (or of the adjoint iteration), so that no indeterminate value is pushed.
     */
    void decide(List<Stmt> stmts, Set<Variable> init, Set<Variable> definite, ParallelLoops.Info par,
            Set<Variable> zeroInit) {
        for (Stmt s : stmts) {
            switch (s) {
                case Assign a -> {
                    Variable v = a.target().var();
                    boolean save = needed.contains(v) && (v.isArray() || init.contains(v))
                            && (par == null || par.privates().contains(v))
                            || par != null && par.replayed().contains(v);
                    saves.merge(a, save, Boolean::logicalOr);
                    // a local array is saved element by element from its first write on: zero first
                    if (save && !definite.contains(v) && (v.isScalar() || isWholeLocalArray(v, par))) {
                        zeroInit.add(v);
                    }
                    init.add(v);
                    definite.add(v);
                }
                case For f when f.isParallel() && par == null -> {
                    ParallelLoops.Info p = info.apply(f);
                    List<Variable> around = new ArrayList<>();
                    for (Variable v : StmtUtil.writes(f)) {
                        if (p.runsForward() && v.isScalar() && needed.contains(v) && init.contains(v)
                                && !p.privates().contains(v)) {
                            around.add(v);
                            if (!definite.contains(v)) {
                                zeroInit.add(v);
                            }
                        }
                    }
                    savedAround.put(f, around);
                    Set<Variable> inner = new HashSet<>(init);
                    inner.removeAll(p.privates());
                    inner.addAll(f.omp().firstprivates());
                    Set<Variable> innerDefinite = new HashSet<>(definite);
                    innerDefinite.removeAll(p.privates());
                    innerDefinite.addAll(f.omp().firstprivates());
                    Set<Variable> privateZero = new LinkedHashSet<>();
                    decide(p.body().stmts(), inner, innerDefinite, p, privateZero);
                    privateZeroInit.put(f, privateZero);
                    for (Variable v : StmtUtil.writes(f)) {
                        if (!p.privates().contains(v)) {
                            init.add(v);
                        }
                    }
                }
                case For f -> {
                    Variable i = f.counter();
                    boolean save = needed.contains(i) && readOutsideItsLoops(i) && init.contains(i)
                            && (par == null || par.privates().contains(i));
                    saves.merge(f, save, Boolean::logicalOr);
                    if (save && !definite.contains(i)) {
                        zeroInit.add(i);
                    }
                    init.add(i);
                    init.addAll(StmtUtil.writes(f.body()));
                    definite.add(i);
                    Set<Variable> bodyDefinite = new HashSet<>(definite);
                    decide(f.body().stmts(), init, bodyDefinite, par, zeroInit);
                }
                case If i -> {
                    Set<Variable> a = new HashSet<>(init);
                    Set<Variable> da = new HashSet<>(definite);
                    decide(i.then().stmts(), a, da, par, zeroInit);
                    Set<Variable> b = new HashSet<>(init);
                    Set<Variable> db = new HashSet<>(definite);
                    if (i.otherwise() != null) {
                        decide(i.otherwise().stmts(), b, db, par, zeroInit);
                    }
                    init.addAll(a);
                    init.addAll(b);
                    da.retainAll(db);
                    definite.addAll(da);
                }
                case Block b -> decide(b.stmts(), init, definite, par, zeroInit);
                case Decl d -> {
                    // not a save point
                }
                case CallStmt c -> {
                    // not a save point
                }
                case Return r -> {
                    // not a save point; the forward sweep rejects it
                }
            }
        }
    }

    /**
     * A local array declared with the function (not a parameter, not declared inside the body, not
     * private to parallel loop {@code par}), which can be zeroed at the function's start.
     */
    private boolean isWholeLocalArray(Variable v, ParallelLoops.Info par) {
        if (!v.isArray() || v.isParameter() || par != null || !v.dims().stream().allMatch(d -> d.extentKnown())) {
            return false;
        }
        boolean[] declaredInBody = new boolean[1];
        StmtUtil.forEach(body, s -> declaredInBody[0] |= s instanceof Decl d && d.var().equals(v));
        return !declaredInBody[0];
    }

    /** True when some expression reads {@code i} outside every loop whose counter is {@code i}. */
    boolean readOutsideItsLoops(Variable i) {
        boolean[] found = new boolean[1];
        scanReads(body, i, found);
        return found[0];
    }

    private static void scanReads(Stmt s, Variable i, boolean[] found) {
        switch (s) {
            case For f -> {
                if (ExprUtil.references(f.lower(), i) || ExprUtil.references(f.bound(), i)) {
                    found[0] = true;
                }
                if (!f.counter().equals(i)) {
                    scanReads(f.body(), i, found);
                }
            }
            case Block b -> b.stmts().forEach(x -> scanReads(x, i, found));
            case If x -> {
                if (ExprUtil.references(x.cond(), i)) {
                    found[0] = true;
                }
                scanReads(x.then(), i, found);
                if (x.otherwise() != null) {
                    scanReads(x.otherwise(), i, found);
                }
            }
            default -> {
                if (StmtUtil.reads(s).contains(i)) {
                    found[0] = true;
                }
            }
        }
    }

    /**
     * True when no statement of an adjoint iteration's body that records a value (a save, a loop
     * counter, a branch direction) lies inside a loop of the body, so each records at most once
     * per iteration and a local per site can hold it: no tape, no allocation per iteration.
     */
    boolean savesOnlyOnce(List<Stmt> stmts, boolean inLoop) {
        for (Stmt s : stmts) {
            boolean records = switch (s) {
                case Assign a -> saves(a);
                case For f -> saves(f);
                case If i -> ToBeRecorded.needsBranchFlag(i);
                default -> false;
            };
            if (records && inLoop) {
                return false;
            }
            boolean nested = switch (s) {
                case For f -> savesOnlyOnce(f.body().stmts(), true);
                case If i -> savesOnlyOnce(i.then().stmts(), inLoop)
                        && (i.otherwise() == null || savesOnlyOnce(i.otherwise().stmts(), inLoop));
                case Block b -> savesOnlyOnce(b.stmts(), inLoop);
                default -> true;
            };
            if (!nested) {
                return false;
            }
        }
        return true;
    }
}
