package org.paradjoint.separable.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.paradjoint.core.analysis.Activity;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.CallStmt;
import org.paradjoint.core.ir.Cast;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.LValue;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.Unary;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.rules.Partials;
import org.paradjoint.separable.internal.Skeleton.Expanded;

/**
 * The pattern detection of {@link PatternFunction}, run by the generator on symbols instead of by the
 * generated code on numbers: every input reference {@code x[e]} becomes a {@link Ref} whose index is
 * {@code e} as a polynomial in the loop counters and the scalar parameters, together with the
 * conditions known to hold where it is read (loop bounds, the branches taken). References flow
 * through the active scalars as index sets do; each update of an elemental slot records the
 * references it accumulates and the loops around it.
 *
 * <p>Why sets are poisoned at loop entry: the walk visits a loop body once, for a symbolic iteration.
 * A scalar the body writes may still hold, when the body reads it, what an earlier iteration (or the
 * code before the loop) put there; such a reference has no fixed offset from the current iteration, so
 * it is marked unknown, and an unknown reference reaching a slot makes the whole pattern
 * data-dependent as far as the generator can tell.
 */
final class SymbolicPattern {

    /**
     * An input reference: array number (among the independents), index, conditions (each >= 0) that hold there,
     * and the loop it is read in (the number of the innermost loop around it in the walk's order, -1 outside
     * loops).
     */
    record Ref(int array, Poly index, List<Poly> conditions, String unknownBecause, int loop) {

        static Ref unknown(String why) {
            return new Ref(-1, null, List.of(), why, -1);
        }

        boolean isKnown() {
            return unknownBecause == null;
        }
    }

    /** A loop around an update: counter symbol, lower bound and trip count as polynomials (null: not affine). */
    record Loop(String counter, Poly lower, Poly trips) {
    }

    /**
     * One update of an elemental slot: the loops around it, the references its term accumulates, and the number
     * of the innermost loop around it (-1 outside loops).
     */
    record Update(Expanded elemental, List<Loop> loops, Set<Ref> refs, int loop) {
    }

    /**
     * Where an input entry is read: its reference, and whether a branch inside the innermost loop around it
     * guards the read (then some iterations may not read it).
     */
    record Site(Ref ref, boolean conditional) {
    }

    /**
     * The walk's findings: the updates in the order they run, every input read by assignment (identity) and
     * leaf, and the number of every loop (identity).
     */
    record Walk(List<Update> updates, java.util.IdentityHashMap<Assign, Map<LValue, Site>> sites,
            java.util.IdentityHashMap<For, Integer> loopNumbers) {
    }

    private final ActiveModel m;
    private final Set<Variable> writtenInBody;
    private Map<Variable, Poly> ints = new HashMap<>();
    private Map<Variable, Set<Ref>> sets = new HashMap<>();
    private final List<Poly> conditions = new ArrayList<>();
    private final List<Loop> loops = new ArrayList<>();
    private final List<Update> updates = new ArrayList<>();
    private final java.util.IdentityHashMap<Assign, Map<LValue, Site>> sites = new java.util.IdentityHashMap<>();
    private final java.util.IdentityHashMap<For, Integer> loopNumbers = new java.util.IdentityHashMap<>();
    /** The numbers of the loops open at this point of the walk, innermost last. */
    private final List<Integer> openLoops = new ArrayList<>();
    /** How many branches are open inside the innermost open loop. */
    private int branchesInLoop;

    private SymbolicPattern(ActiveModel m) {
        this.m = m;
        this.writtenInBody = StmtUtil.writes(m.flat().body());
    }

    /** The slot updates of the model's function, in the order they run. */
    static List<Update> of(ActiveModel m) {
        return walk(m).updates();
    }

    /** The updates, the input reads and the loops of the model's function. */
    static Walk walk(ActiveModel m) {
        SymbolicPattern p = new SymbolicPattern(m);
        p.walk(m.body());
        return new Walk(List.copyOf(p.updates), p.sites, p.loopNumbers);
    }

    private int innermostLoop() {
        return openLoops.isEmpty() ? -1 : openLoops.get(openLoops.size() - 1);
    }

    /** False when the walk reached the combination (what follows it is not part of the pattern). */
    private boolean walk(List<Stmt> stmts) {
        for (Stmt s : stmts) {
            if (!stmt(s)) {
                return false;
            }
        }
        return true;
    }

    private boolean stmt(Stmt s) {
        switch (s) {
            case CallStmt c when c.call().name().equals(Skeleton.COMBINE) -> {
                return false;
            }
            case Assign a -> assign(a);
            case For f -> loop(f);
            case If i -> branch(i);
            case Block b -> {
                return walk(b.stmts());
            }
            default -> forget(StmtUtil.writes(s));
        }
        return true;
    }

    private void assign(Assign a) {
        LValue target = a.target();
        Expanded slot = m.slotArray(target);
        if (slot != null || m.isScalar(target)) {
            Set<Ref> refs = new LinkedHashSet<>();
            Map<LValue, Expr> partials = Partials.of(Activity.effectiveValue(a), m::isActiveLeaf);
            for (LValue leaf : partials.keySet()) {
                if (leaf.equals(target) && slot == null) {
                    refs.addAll(sets.getOrDefault(leaf.var(), Set.of()));
                } else if (m.isInput(leaf)) {
                    Ref ref = reference((ArrayRef) leaf);
                    sites.computeIfAbsent(a, x -> new LinkedHashMap<>()).put(leaf, new Site(ref, branchesInLoop > 0));
                    refs.add(ref);
                } else if (m.isScalar(leaf)) {
                    refs.addAll(sets.getOrDefault(leaf.var(), Set.of()));
                } else if (m.slotArray(leaf) != slot) {
                    refs.add(Ref.unknown("an elemental is read in the update of another"));
                }
            }
            if (slot != null) {
                updates.add(new Update(slot, List.copyOf(loops), refs, innermostLoop()));
            } else {
                sets.put(target.var(), refs);
            }
            return;
        }
        if (target instanceof VarRef v && v.var().isScalar() && v.var().type().isInteger()) {
            Poly p = poly(Activity.effectiveValue(a));
            if (p == null) {
                ints.remove(v.var());
            } else {
                ints.put(v.var(), p);
            }
        } else {
            forget(Set.of(target.var()));
        }
    }

    private Ref reference(ArrayRef r) {
        Poly index = poly(r.indices().get(0));
        if (index == null) {
            return Ref.unknown("the index of " + r.var().name() + " is not a polynomial in the loop counters and "
                    + "scalar parameters");
        }
        return new Ref(m.independents().indexOf(r.var()), index, List.copyOf(conditions), null, innermostLoop());
    }

    private void loop(For f) {
        Set<Variable> written = StmtUtil.writes(f.body());
        Long step = f.constantStep();
        Poly lower = poly(f.lower());
        Poly bound = poly(f.bound());
        boolean affine = step != null && step == 1 && lower != null && bound != null
                && !written.contains(f.counter()) && (f.cmp() == Binary.Op.LT || f.cmp() == Binary.Op.LE);
        forget(written);
        forget(Set.of(f.counter()));
        int mark = conditions.size();
        Poly trips = null;
        Poly c = Poly.symbol(f.counter().name());
        if (!written.contains(f.counter())) {
            // the counter is the iteration's symbol even when the loop is not one a stencil allows (the
            // extraction then names the loop as the reason)
            ints.put(f.counter(), c);
        }
        if (affine) {
            Poly last = f.cmp() == Binary.Op.LE ? bound : bound.minus(Poly.constant(1));
            trips = last.minus(lower).plus(Poly.constant(1));
            conditions.add(c.minus(lower));
            conditions.add(last.minus(c));
        }
        loops.add(new Loop(f.counter().name(), affine ? lower : null, trips));
        int number = loopNumbers.size();
        loopNumbers.put(f, number);
        openLoops.add(number);
        int branchesOutside = branchesInLoop;
        branchesInLoop = 0;
        walk(f.body().stmts());
        branchesInLoop = branchesOutside;
        openLoops.remove(openLoops.size() - 1);
        loops.remove(loops.size() - 1);
        conditions.subList(mark, conditions.size()).clear();
        forget(written);
        forget(Set.of(f.counter()));
    }

    private void branch(If i) {
        Map<Variable, Poly> intsBefore = new HashMap<>(ints);
        Map<Variable, Set<Ref>> setsBefore = new HashMap<>(sets);
        int mark = conditions.size();
        branchesInLoop++;
        conditions.addAll(Conditions.of(i.cond(), true, this::poly));
        walk(i.then().stmts());
        conditions.subList(mark, conditions.size()).clear();
        Map<Variable, Poly> intsThen = ints;
        Map<Variable, Set<Ref>> setsThen = sets;
        ints = intsBefore;
        sets = setsBefore;
        if (i.otherwise() != null) {
            conditions.addAll(Conditions.of(i.cond(), false, this::poly));
            walk(i.otherwise().stmts());
            conditions.subList(mark, conditions.size()).clear();
        }
        branchesInLoop--;
        // after the branch: what both paths agree on, and the union of the index sets (structural)
        ints.keySet().retainAll(intsThen.keySet());
        ints.entrySet().removeIf(e -> !e.getValue().equals(intsThen.get(e.getKey())));
        Map<Variable, Set<Ref>> merged = new LinkedHashMap<>(setsThen);
        sets.forEach((v, refs) -> merged.merge(v, refs, (a, b) -> {
            Set<Ref> u = new LinkedHashSet<>(a);
            u.addAll(b);
            return u;
        }));
        sets = merged;
    }

    /** Written variables: integer values unknown; index sets of active scalars unknown (see the class comment). */
    private void forget(Set<Variable> written) {
        for (Variable v : written) {
            ints.remove(v);
            if (m.activeScalars().contains(v)) {
                sets.put(v, Set.of(Ref.unknown("'" + v.name() + "' may carry a reference from an earlier iteration")));
            }
        }
    }

    /** The value of an integer expression as a polynomial, or null. */
    Poly poly(Expr e) {
        return switch (e) {
            case IntLit l -> Poly.constant(l.value());
            case VarRef v when ints.containsKey(v.var()) -> ints.get(v.var());
            case VarRef v when v.var().isParameter() && v.var().isScalar() && v.var().type().isInteger()
                    && !writtenInBody.contains(v.var()) -> Poly.symbol(v.var().name());
            case Unary u when u.op() == Unary.Op.NEG -> {
                Poly p = poly(u.operand());
                yield p == null ? null : p.times(-1);
            }
            case Cast c when c.type().isInteger() -> poly(c.operand());
            case Binary b when b.op() == Binary.Op.ADD || b.op() == Binary.Op.SUB || b.op() == Binary.Op.MUL -> {
                Poly l = poly(b.left());
                Poly r = poly(b.right());
                if (l == null || r == null) {
                    yield null;
                }
                yield switch (b.op()) {
                    case ADD -> l.plus(r);
                    case SUB -> l.minus(r);
                    default -> l.times(r);
                };
            }
            default -> null;
        };
    }
}
