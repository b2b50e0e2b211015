package org.paradjoint.core.transform;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.paradjoint.core.analysis.Activity;
import org.paradjoint.core.analysis.ToBeRecorded;
import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.CallStmt;
import org.paradjoint.core.ir.Cond;
import org.paradjoint.core.mpi.Communication;
import org.paradjoint.core.ir.Decl;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.LValue;
import org.paradjoint.core.ir.Layout;
import org.paradjoint.core.ir.RealLit;
import org.paradjoint.core.ir.Return;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.Unary;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * Reverse mode: a forward sweep that runs the primal and pushes on a function-local tape what
 * the reverse sweep needs (old values of needed variables, branch directions, loop counters),
 * then the reverse sweep. A parallel loop runs as in the primal in the forward sweep when what it
 * writes is read after it (otherwise not at all); its adjoint is a parallel loop with the same
 * header whose iterations recompute their own forward body (on an iteration-local tape, skipping
 * writes to shared arrays) and then reverse it. Increments of shared adjoints inside it are plain
 * where the {@link IncrementPolicy} proves them race-free, otherwise atomic or, with
 * {@link RaceStrategy#REDUCTION}, plain inside a {@code reduction(+: ...)} clause; adjoints of
 * shared scalars are summed per thread. Shared arrays a loop that runs forward overwrites and
 * whose old values the adjoint needs are saved before it (the element each iteration writes, or
 * the whole array) and restored before its adjoint; adjoint iterations redo and undo their own
 * writes to an array only where they read it after writing it ({@link ParallelLoops.Info}),
 * keeping the old values in locals when each is recorded once per iteration.
 * <p>
 * The sweeps are generated here; which old values are saved is decided first by
 * {@link SavePlan}, and the adjoint statements of each assignment come from
 * {@link AssignmentAdjoints}.
 */
final class Reverse {

    private final DiffContext cx;
    private final Set<Variable> needed;
    private final Variable tape;
    /** The facts of each parallel loop (by identity). */
    private final Map<For, ParallelLoops.Info> infos = new IdentityHashMap<>();
    private final Map<For, Set<Variable>> neededBefore;
    private final Map<For, Set<Variable>> readAfter;
    private final List<Variable> extraLocals = new ArrayList<>();
    /** The local sums of by-value parameters' adjoints in parallel loops (adjoints too). */
    private final List<Variable> sums = new ArrayList<>();
    private final SavePlan plan;
    private final AssignmentAdjoints adjoints;
    /** Counters of the loops that save and restore whole arrays, one per dimension. */
    private final List<Variable> wholeArrayCounters = new ArrayList<>();
    private final Checkpointing checkpoints;
    /** Per max/min loop (by identity): the winning iteration and the result's value before the loop. */
    private final Map<For, Variable> winners = new IdentityHashMap<>();
    private final Map<For, Variable> initials = new IdentityHashMap<>();
    /** Per {@code *} loop (by identity): its initial value, zero count and product of the other factors. */
    private final Map<For, ProductReductions.Locals> products = new IdentityHashMap<>();
    private Variable blockBase;
    /** The branch directions each parallel loop's forward run records (by identity; none for most loops). */
    private final Map<For, BranchRecords> branches = new IdentityHashMap<>();
    private Variable flagBase;
    /** The values time steps record where they compute them instead of whole-array saves. */
    private RecordedWrites writeRecords = RecordedWrites.NONE;

    Reverse(DiffContext cx) {
        this.cx = cx;
        this.tape = Runtime.tapeVariable(cx.names.fresh("pa_t"));
        this.readAfter = ReadAfter.of(cx.fn.body());
        findBranchRecords();
        // what the reverse sweep needs, with the recorded directions read back instead of re-evaluated
        this.needed = ToBeRecorded.needed(BranchRecords.viewed(cx.fn.body(), branches), cx::isActive);
        this.neededBefore = NeededBefore.of(cx.fn.body(), cx::isActive, s -> BranchRecords.viewed(s, branches));
        this.plan = new SavePlan(cx.fn.body(), needed, this::info);
        this.adjoints = new AssignmentAdjoints(cx, extraLocals);
        // the recordings are planned in generate, before any checkpointed loop's state is decided
        this.checkpoints = new Checkpointing(cx, this::stepForward, this::stepReverse,
                (t, v) -> writeRecords.setBeforeRead(t, v), extraLocals);
    }

    private ParallelLoops.Info info(For f) {
        return infos.computeIfAbsent(f, x -> ParallelLoops.info(x, needed, neededBefore.getOrDefault(x, Set.of()),
                readAfter.getOrDefault(x, Set.of()), cx::isActive, branches.get(x)));
    }

    /** The parallel loops that run forward and whose branch directions their forward run can record. */
    private void findBranchRecords() {
        StmtUtil.forEach(cx.fn.body(), s -> {
            if (s instanceof For f && f.isParallel()
                    && ParallelLoops.runsForward(f, readAfter.getOrDefault(f, Set.of()))) {
                BranchRecords r = BranchRecords.of(f, ParallelLoops.privates(f), cx::isActive, tape, this::flagBase,
                        (name, type) -> Variable.scalar(cx.names.fresh(name), type, Variable.Kind.LOCAL));
                if (r != null) {
                    branches.put(f, r);
                }
            }
        });
    }

    /** Where the last reserved block of branch directions starts (one long local). */
    private Variable flagBase() {
        if (flagBase == null) {
            flagBase = local("pa_fat", BaseType.LONG);
        }
        return flagBase;
    }

    Function generate() {
        Set<Variable> init = new HashSet<>(cx.fn.params());
        Set<Variable> zeroInit = new LinkedHashSet<>();
        plan.decide(cx.fn.body().stmts(), init, new HashSet<>(cx.fn.params()), null, zeroInit);
        writeRecords = RecordedWrites.of(cx.fn.body(), tape, this::info,
                s -> ToBeRecorded.needed(BranchRecords.viewed(s, branches), cx::isActive), cx::sized,
                name -> local(name, BaseType.LONG));
        SweepContext top = new SweepContext(tape, null, null);
        List<Stmt> fwd = fwdList(cx.fn.body().stmts(), top);
        List<Stmt> rev = revList(cx.fn.body().stmts(), top);
        TapeGrowth.warn(fwd, cx.warnings, checkpoints::isSchedule);

        List<Stmt> body = new ArrayList<>();
        if (top.tapeUsed) {
            body.add(Runtime.init(tape));
        }
        List<Variable> counters = new ArrayList<>();
        for (Variable v : zeroInit) {
            body.addAll(v.isArray() ? Zeroing.zero(v, cx.names, counters) : List.of(zeroAssign(v)));
        }
        body.addAll(fwd);
        // adjoints of active locals (and of written by-value parameters) start at zero
        Set<String> referenced = new HashSet<>();
        for (Stmt s : rev) {
            Cleanup.references(s, new HashSet<>(), referenced);
        }
        List<Variable> zeroed = new ArrayList<>();
        for (Variable v : cx.fn.locals()) {
            if (cx.isActive(v)) {
                zeroed.add(cx.derivative(v));
            }
        }
        for (Variable p : cx.fn.params()) {
            if (cx.isActive(p) && !cx.hasDerivativeParam(p)) {
                zeroed.add(cx.derivative(p));
            }
        }
        zeroed.addAll(cx.localAdjointsOfParams().values());
        for (Variable d : zeroed) {
            if (referenced.contains(d.name())) {
                body.addAll(Zeroing.zero(d, cx.names, counters));
            }
        }
        body.addAll(rev);
        for (Map.Entry<Variable, Variable> e : cx.localAdjointsOfParams().entrySet()) {
            body.add(new Assign(new ArrayRef(cx.derivative(e.getKey()), List.of(new IntLit(0))), Assign.Op.ADD,
                    new VarRef(e.getValue())));
        }
        if (top.tapeUsed) {
            body.add(Runtime.free(tape));
        }
        List<Variable> locals = new ArrayList<>(cx.fn.locals());
        locals.addAll(cx.derivativeLocals());
        locals.addAll(counters);
        locals.addAll(extraLocals);
        if (top.tapeUsed) {
            locals.add(tape);
        }
        Function f = new Function(cx.functionName(), null, cx.derivedParams(), locals, new Block(body), List.of(),
                false, cx.comment(), cx.fn.range());
        Set<Variable> adjointParams = new HashSet<>(cx.derivedParams());
        cx.fn.params().forEach(adjointParams::remove);
        Function live = AdjointLiveness.prune(f, adjointParams);
        // an adjoint left reading only zeros (its primal fed results no derivative needs) goes too
        Function folded = AdjointLiveness.prune(ZeroAdjoints.apply(live, cx::isGeneratedLocal), adjointParams);
        Set<Variable> adjoints = new HashSet<>(adjointParams);
        adjoints.addAll(cx.derivativeLocals());
        adjoints.addAll(cx.localAdjointsOfParams().values());
        adjoints.addAll(sums);
        // loops ordered before the increments are merged and summed: a swapped nest's invariant
        // increments become private sums
        Function ordered = LoopOrder.apply(ForwardedTemps.apply(folded, cx::isGeneratedLocal), adjoints,
                cx.raceStrategy, cx.warnings);
        // merged before the dead stores go: a cancelled pair leaves its temporary unread
        Function merged = InvariantIncrements.apply(MergedIncrements.apply(ordered, adjoints), adjoints, cx.names);
        Function undead = DeadDerivatives.remove(merged, cx::isGeneratedLocal);
        // fused once every loop has its final body: the forward sweep's loops with the adjoint loops after them
        Function fused = FusedLoops.apply(AdjointLiveness.prune(undead, adjointParams), cx.warnings);
        // fused lanes can increment one element twice: merged again into one update
        fused = MergedIncrements.apply(FusedLanes.apply(fused), adjoints);
        // a reset followed by a gather into the same array: the gather's central part sets instead
        fused = FoldedResets.apply(fused);
        // a parallel loop walking a column of a row-major array runs in blocks of rows' runs
        fused = ColumnWalks.apply(fused, cx.names);
        // a parallel loop summing in the primal's order sums several iterations' chains at once
        fused = InterleavedSums.apply(fused, cx.names);
        // reversed loops of independent increments run upwards (vectorised without reversing)
        fused = AscendingIncrements.apply(fused);
        // views last (they drop copies nothing increments any more), then the unused declarations and parameters;
        // what a branch may leave unset gets a value gcc can see
        return BranchSetLocals.apply(Cleanup.apply(PerThreadAdjoints.throughViews(fused)));
    }

    /** {@code v = 0} or {@code v = 0.0}: a defined value before a save that may precede the first write. */
    private static Stmt zeroAssign(Variable v) {
        return Assign.set(new VarRef(v), v.isFloating() ? new RealLit(0.0) : new IntLit(0));
    }

    // ---- forward sweep ------------------------------------------------------------------------

    /** The forward sweep of one iteration of sequential loop {@code f}: its body's, with where recorded writes' blocks start. */
    private List<Stmt> stepForward(For f, SweepContext c) {
        return writeRecords.withBasesPushed(f, fwdList(f.body().stmts(), c));
    }

    /** The reverse sweep of one iteration of sequential loop {@code f}, after where recorded writes' blocks start. */
    private List<Stmt> stepReverse(For f, SweepContext c) {
        return writeRecords.withBasesPopped(f, revList(f.body().stmts(), c));
    }

    private List<Stmt> fwdList(List<Stmt> stmts, SweepContext c) {
        List<Stmt> out = new ArrayList<>();
        for (Stmt s : stmts) {
            out.addAll(fwd(s, c));
        }
        return out;
    }

    private List<Stmt> fwd(Stmt s, SweepContext c) {
        List<Stmt> out = new ArrayList<>();
        switch (s) {
            case Assign a -> {
                Variable v = a.target().var();
                boolean replayed = c.par != null && c.par.replayed().contains(v);
                if (c.par != null && !replayed && (c.isShared(v) || !c.par.recomputed().contains(v))) {
                    return out;
                }
                if (plan.saves(a)) {
                    out.add(record(c, a, a.target()));
                }
                out.add(c.par != null && a.atomic() ? a.withAtomic(false) : a);
            }
            case For f when c.par == null && minMax(f) != null -> {
                MinMaxReductions.Form form = minMax(f);
                for (Variable v : plan.savedAround(f)) {
                    out.add(push(c, new VarRef(v)));
                }
                Variable winner = winner(f);
                out.addAll(MinMaxReductions.primalAndWinner(form, initialOf(f), winner,
                        local("pa_mgap", form.result().type())));
                out.add(push(c, new VarRef(winner)));
            }
            case For f when c.par == null && product(f) != null -> {
                for (Variable v : plan.savedAround(f)) {
                    out.add(push(c, new VarRef(v)));
                }
                ProductReductions.Locals l = productLocals(f);
                out.addAll(ProductReductions.primalAndCounts(product(f), l));
                out.add(push(c, new VarRef(l.initial())));
                out.add(push(c, new VarRef(l.zeros())));
                out.add(push(c, new VarRef(l.others())));
            }
            case For f when f.isParallel() -> {
                if (c.par != null) {
                    throw new UnsupportedException("nested-parallel", f.range());
                }
                ParallelLoops.Info p = info(f);
                ParallelLoops.check(f, cx, p);
                if (!p.runsForward()) {
                    // nothing after it reads its results: its adjoint finds its inputs in place
                    return out;
                }
                for (Variable v : plan.savedAround(f)) {
                    out.add(push(c, new VarRef(v)));
                }
                For in = ParallelLoops.innermost(f);
                for (Variable v : p.saved()) {
                    ArrayRef element = p.savedElement(v);
                    if (writeRecords.records(f, v)) {
                        continue;
                    }
                    if (element != null) {
                        out.add(ParallelLoops.perIteration(f, in, push(c, element)));
                    } else if (savedInParallel(v)) {
                        c.tapeUsed = true;
                        out.addAll(WholeArrays.putAll(cx.sized(v), c.tape, blockBase(), wholeArrayCounters(v.rank())));
                    } else {
                        out.add(WholeArrays.pushAll(cx.sized(v), lv -> push(c, lv), wholeArrayCounters(v.rank())));
                    }
                }
                if (p.branches() != null) {
                    c.tapeUsed = true;
                    out.add(p.branches().reserve());
                    out.add(p.branches().recording());
                } else {
                    c.tapeUsed |= writeRecords.isWriter(f);
                    out.addAll(writeRecords.forward(f));
                }
            }
            case For f when Checkpointing.applies(f) -> out.addAll(checkpoints.forward(f, c,
                    plan.saves(f) ? record(c, f, new VarRef(f.counter())) : null));
            case For f -> {
                // inside a parallel loop an iteration recomputes its loops: their bounds must not move
                boolean recorded = c.par == null && Loops.tripCountRecorded(f);
                Loops.check(f, recorded);
                List<Stmt> body = stepForward(f, c);
                if (c.par == null && checkpoints.takesByDefault(f, body)) {
                    out.addAll(checkpoints.forward(f, c, plan.saves(f) ? record(c, f, new VarRef(f.counter())) : null));
                    return out;
                }
                if (plan.saves(f)) {
                    out.add(record(c, f, new VarRef(f.counter())));
                }
                if (c.par != null && body.isEmpty() && !plan.readOutsideItsLoops(f.counter())) {
                    return out;
                }
                out.add(new For(f.counter(), f.lower(), f.cmp(), f.bound(), f.step(), new Block(body), null, List.of(),
                        f.range()));
                if (recorded) {
                    out.add(push(c, new VarRef(f.counter())));
                }
            }
            case If i -> {
                boolean flag = ToBeRecorded.needsBranchFlag(i);
                List<Stmt> then = fwdList(i.then().stmts(), c);
                List<Stmt> otherwise = i.otherwise() == null ? new ArrayList<>() : fwdList(i.otherwise().stmts(), c);
                if (flag) {
                    then.add(recordBranch(c, i, 1));
                    otherwise.add(recordBranch(c, i, 0));
                } else if (then.isEmpty() && otherwise.isEmpty()) {
                    return out;
                }
                out.add(new If(i.cond(), new Block(then), otherwise.isEmpty() ? null : new Block(otherwise),
                        i.range()));
            }
            case Block b -> out.addAll(fwdList(b.stmts(), c));
            case Decl d -> {
                if (c.par == null) {
                    out.add(d);
                }
            }
            case CallStmt cs -> {
                // passive output and timers belong to the primal run, not to the adjoint's (PassiveCalls)
                if (c.par == null && !cs.call().isPassive()) {
                    out.add(cs);
                    Communication.of(cs).map(m -> MpiAdjoints.record(m, cx, c.tape)).filter(r -> !r.isEmpty())
                            .ifPresent(r -> {
                                out.addAll(r);
                                c.tapeUsed = true;
                            });
                }
            }
            default -> throw new UnsupportedException("unsupported-statement.statement-differentiated-reverse",
                    s.range());
        }
        return out;
    }

    /**
     * A whole C array saved before a parallel loop goes to a block of the tape that a parallel loop
     * fills (and, in the reverse sweep, empties): saving n elements one push at a time would be the
     * one serial part of the loop's forward sweep. Fortran and Kokkos keep their own savings.
     */
    static boolean savedInParallel(Variable v) {
        return v.isFloating() && v.layout() == Layout.ROW_MAJOR && !v.hasRuntimeShape();
    }

    /** Where the last reserved tape block starts (one long local, set right before each use). */
    private Variable blockBase() {
        if (blockBase == null) {
            blockBase = local("pa_at", BaseType.LONG);
        }
        return blockBase;
    }

    private MinMaxReductions.Form minMax(For f) {
        return MinMaxReductions.of(f, cx::isActive);
    }

    private ProductReductions.Form product(For f) {
        return ProductReductions.of(f, cx::isActive);
    }

    /** The locals of a {@code *} loop's adjoint (one set per loop, shared by both sweeps). */
    private ProductReductions.Locals productLocals(For f) {
        return products.computeIfAbsent(f, x -> ProductReductions.Locals.make(product(f), this::local));
    }

    /** The index of the iteration whose value a max/min loop kept (one local per loop). */
    private Variable winner(For f) {
        return winners.computeIfAbsent(f, x -> local("pa_w", BaseType.INT));
    }

    /** The value a max/min loop's result had before it. */
    private Variable initialOf(For f) {
        return initials.computeIfAbsent(f, x -> local("pa_m0", minMax(f).result().type()));
    }

    private Variable local(String name, BaseType type) {
        Variable v = Variable.scalar(cx.names.fresh(name), type, Variable.Kind.LOCAL);
        extraLocals.add(v);
        return v;
    }

    private Stmt push(SweepContext c, LValue target) {
        Variable v = target.var();
        if (v.type() == BaseType.LONG) {
            throw new UnsupportedException("unsupported-long-record", target.range(), "variable", v.name());
        }
        c.tapeUsed = true;
        return Runtime.push(c.tape, target, v.isFloating());
    }

    /** Fresh int counters for a loop nest of {@code rank} levels over a whole array (shared between nests). */
    private List<Variable> wholeArrayCounters(int rank) {
        while (wholeArrayCounters.size() < rank) {
            Variable k = Variable.scalar(cx.names.fresh("pa_s" + wholeArrayCounters.size()), BaseType.INT,
                    Variable.Kind.LOCAL);
            wholeArrayCounters.add(k);
            extraLocals.add(k);
        }
        return wholeArrayCounters;
    }

    private Stmt pop(SweepContext c, LValue target) {
        return Runtime.pop(c.tape, target, target.var().isFloating());
    }

    /**
     * Saves the old value of {@code target} before {@code site} overwrites it: on the tape, or,
     * in an adjoint iteration whose saves all happen at most once ({@link SweepContext#localRecords}),
     * in a local of its own.
     */
    private Stmt record(SweepContext c, Stmt site, LValue target) {
        if (!c.localRecords) {
            return push(c, target);
        }
        Variable r = c.recordOf(site, () -> Variable.scalar(cx.names.fresh("pa_r"), target.var().type(),
                Variable.Kind.LOCAL));
        return Assign.set(new VarRef(r), target);
    }

    /** Puts back what {@link #record} saved for {@code site}. */
    private Stmt restore(SweepContext c, Stmt site, LValue target) {
        return c.localRecords ? Assign.set(target, new VarRef(c.recordOf(site, null))) : pop(c, target);
    }

    /** Records which branch of {@code site} ran (1: then, 0: otherwise). */
    private Stmt recordBranch(SweepContext c, If site, int taken) {
        if (!c.localRecords) {
            c.tapeUsed = true;
            return Runtime.push(c.tape, new IntLit(taken), false);
        }
        Variable r = c.recordOf(site, () -> Variable.scalar(cx.names.fresh("pa_r"), BaseType.INT,
                Variable.Kind.LOCAL));
        return Assign.set(new VarRef(r), new IntLit(taken));
    }

    /** The branch {@link #recordBranch} recorded for {@code site}, as a condition. */
    private Expr recordedBranch(SweepContext c, If site) {
        return c.localRecords ? new VarRef(c.recordOf(site, null)) : Runtime.popInt(c.tape);
    }

    // ---- reverse sweep ------------------------------------------------------------------------

    private List<Stmt> revList(List<Stmt> stmts, SweepContext c) {
        List<Stmt> out = new ArrayList<>();
        for (int k = stmts.size() - 1; k >= 0; k--) {
            out.addAll(rev(stmts.get(k), c));
        }
        return out;
    }

    private List<Stmt> rev(Stmt s, SweepContext c) {
        List<Stmt> out = new ArrayList<>();
        switch (s) {
            case Assign a -> {
                if (plan.saves(a)) {
                    out.add(restore(c, a, a.target()));
                }
                if (cx.isActive(a.target().var())) {
                    if (a.op() == Assign.Op.SET && a.value() instanceof Cond k && Runtime.isFlagRead(k.cond())) {
                        out.addAll(recordedChoice(a.target(), k, c));
                    } else {
                        out.addAll(adjoints.adjoint(a.target(), Activity.effectiveValue(a), c));
                    }
                }
            }
            case For f when c.par == null && minMax(f) != null -> {
                MinMaxReductions.Form form = minMax(f);
                Variable winner = winner(f);
                out.add(pop(c, new VarRef(winner)));
                out.add(MinMaxReductions.atWinner(form, winner, rev(MinMaxReductions.winningAssignment(form), c)));
                List<Variable> around = new ArrayList<>(plan.savedAround(f));
                Collections.reverse(around);
                for (Variable v : around) {
                    out.add(pop(c, new VarRef(v)));
                }
            }
            case For f when c.par == null && product(f) != null -> {
                ProductReductions.Locals l = productLocals(f);
                out.add(pop(c, new VarRef(l.others())));
                out.add(pop(c, new VarRef(l.zeros())));
                out.add(pop(c, new VarRef(l.initial())));
                out.addAll(ProductReductions.adjoint(product(f), l, cx::isActive, cx::derivativeRef));
                List<Variable> around = new ArrayList<>(plan.savedAround(f));
                Collections.reverse(around);
                for (Variable v : around) {
                    out.add(pop(c, new VarRef(v)));
                }
            }
            case For f when f.isParallel() -> {
                ParallelLoops.Info p = info(f);
                For in = ParallelLoops.innermost(f);
                if (p.branches() != null) {
                    // reserved last in the forward sweep: given back first (read by the adjoint loop below)
                    out.add(p.branches().release());
                }
                // reserved after the saves in the forward sweep: given back first
                out.addAll(writeRecords.released(f));
                List<Variable> saved = new ArrayList<>(p.saved());
                Collections.reverse(saved);
                for (Variable v : saved) {
                    ArrayRef element = p.savedElement(v);
                    if (writeRecords.records(f, v)) {
                        continue;
                    }
                    if (element != null) {
                        out.add(ParallelLoops.perIterationReversed(f, in, pop(c, element)));
                    } else if (savedInParallel(v)) {
                        out.addAll(WholeArrays.getAll(cx.sized(v), c.tape, blockBase(), wholeArrayCounters(v.rank())));
                    } else {
                        out.add(WholeArrays.popAll(cx.sized(v), lv -> pop(c, lv), wholeArrayCounters(v.rank())));
                    }
                }
                // one iteration alone keeping the loop from being proven race-free: decided per step
                out.addAll(PinnedSteps.adjoint(f, p, cx, () -> writeRecords.readingRecords(f, reverseParallel(f)),
                        name -> local(name, BaseType.INT)));
                List<Variable> around = new ArrayList<>(plan.savedAround(f));
                Collections.reverse(around);
                for (Variable v : around) {
                    out.add(pop(c, new VarRef(v)));
                }
            }
            case For f when checkpoints.covers(f) -> out.addAll(checkpoints.reverse(f, c,
                    plan.saves(f) ? restore(c, f, new VarRef(f.counter())) : null));
            case For f when c.par != null && c.par.branches() != null && c.par.branches().isWordLoop(f) -> {
                List<Stmt> body = revList(f.body().stmts(), c);
                if (!body.isEmpty()) {
                    out.add(c.par.branches().reversedByWords(body, c.recordLocals));
                }
            }
            case For f -> {
                List<Stmt> body = stepReverse(f, c);
                if (c.par == null && Loops.tripCountRecorded(f)) {
                    // where the counter stopped, recorded after the forward loop
                    if (body.isEmpty()) {
                        out.add(new CallStmt(Runtime.popInt(c.tape)));
                    } else {
                        out.add(pop(c, new VarRef(f.counter())));
                        out.add(Loops.reversedFromExit(f, body));
                    }
                } else if (!body.isEmpty()) {
                    out.add(Loops.reversed(f, body));
                }
                if (plan.saves(f)) {
                    out.add(restore(c, f, new VarRef(f.counter())));
                }
            }
            case If i -> {
                boolean flag = ToBeRecorded.needsBranchFlag(i);
                List<Stmt> then = revList(i.then().stmts(), c);
                List<Stmt> otherwise = i.otherwise() == null ? List.of() : revList(i.otherwise().stmts(), c);
                Expr cond = flag ? recordedBranch(c, i) : i.cond();
                if (then.isEmpty() && otherwise.isEmpty()) {
                    if (flag && !c.localRecords) {
                        out.add(new CallStmt(Runtime.popInt(c.tape)));
                    }
                } else if (then.isEmpty()) {
                    out.add(new If(new Unary(Unary.Op.NOT, cond), new Block(otherwise), null, i.range()));
                } else {
                    out.add(new If(cond, new Block(then), otherwise.isEmpty() ? null : new Block(otherwise),
                            i.range()));
                }
            }
            case Block b -> out.addAll(revList(b.stmts(), c));
            case Decl d -> {
                // stays in the forward sweep (or heads the adjoint iteration)
            }
            case CallStmt cs -> {
                // runs in the forward sweep; a communication is also reversed here
                Communication.of(cs).ifPresent(m -> out.addAll(MpiAdjoints.reverse(m, cx, c.tape)));
            }
            case Return r -> throw new UnsupportedException("unsupported-statement.statement-differentiated-reverse",
                    s.range());
        }
        return out;
    }

    /**
     * The adjoint of {@code t = flag ? a : b} whose direction the forward run recorded: the adjoint
     * of the assignment that ran, as a branch, so that an iteration pays only for the side it took
     * (the adjoint of {@code t = t} is nothing: Floyd-Warshall's kept paths cost one bit test).
     */
    private List<Stmt> recordedChoice(LValue target, Cond choice, SweepContext c) {
        List<Stmt> then = target.equals(choice.then()) ? List.of() : adjoints.adjoint(target, choice.then(), c);
        List<Stmt> otherwise = target.equals(choice.otherwise()) ? List.of()
                : adjoints.adjoint(target, choice.otherwise(), c);
        if (then.isEmpty() && otherwise.isEmpty()) {
            return List.of();
        }
        if (then.isEmpty()) {
            return List.of(new If(new Unary(Unary.Op.NOT, choice.cond()), new Block(otherwise), null,
                    choice.range()));
        }
        return List.of(new If(choice.cond(), new Block(then), otherwise.isEmpty() ? null : new Block(otherwise),
                choice.range()));
    }

    // ---- parallel loops ------------------------------------------------------------------------

    /**
     * The adjoint of a parallel loop: same header, each iteration recomputes and reverses its body;
     * preceded and followed by the set-up and combination of the local sums of by-value
     * parameters' adjoints.
     */
    private List<Stmt> reverseParallel(For f) {
        For in = ParallelLoops.innermost(f);
        ParallelLoops.Info p = info(f);
        SweepContext ic = new SweepContext(Runtime.tapeVariable(cx.names.fresh("pa_tl")), f, p);
        ic.localRecords = plan.savesOnlyOnce(p.body().stmts(), false);
        List<Stmt> bodyStmts = p.body().stmts().stream().filter(s -> !(s instanceof Decl)).toList();
        List<Stmt> fwd = fwdList(bodyStmts, ic);
        List<Stmt> rev = revList(bodyStmts, ic);
        List<Stmt> iteration = new ArrayList<>();
        p.body().stmts().stream().filter(s -> s instanceof Decl).forEach(iteration::add);
        for (Variable v : p.privates()) {
            if (cx.isActive(v)) {
                iteration.add(new Decl(cx.derivative(v), new RealLit(0.0)));
            }
        }
        if (ic.temp != null) {
            iteration.add(new Decl(ic.temp, null));
        }
        ic.recordLocals.forEach(r -> iteration.add(new Decl(r, r.isFloating() ? new RealLit(0.0)
                : new IntLit(0))));
        if (ic.tapeUsed) {
            iteration.add(Runtime.declare(ic.tape));
            iteration.add(Runtime.init(ic.tape));
        }
        plan.privateZeroInit(f).forEach(v -> iteration.add(zeroAssign(v)));
        iteration.addAll(fwd);
        iteration.addAll(rev);
        if (ic.tapeUsed) {
            iteration.add(Runtime.free(ic.tape));
        }
        List<Variable> scalars = AdjointReductions.scalars(iteration, ic.unsafe, cx);
        List<Variable> reduced = new ArrayList<>();
        // a by-value parameter's adjoint ab[0] sums into a local scalar, which stays in a register
        Map<Variable, Variable> localSums = new LinkedHashMap<>();
        for (Variable v : scalars) {
            if (v.isArray()) {
                Variable sum = Variable.scalar(cx.names.fresh("pa_" + v.name()), v.type(), Variable.Kind.LOCAL);
                localSums.put(v, sum);
                extraLocals.add(sum);
                this.sums.add(sum);
                reduced.add(sum);
            } else {
                reduced.add(v);
            }
        }
        Map<Variable, LValue> arrays = new LinkedHashMap<>(ic.unsafe);
        arrays.keySet().removeAll(scalars);
        Map<Variable, LValue> perThreadCandidates = cx.raceStrategy == RaceStrategy.PRIVATE ? arrays : Map.of();
        if (cx.raceStrategy == RaceStrategy.REDUCTION && !arrays.isEmpty()) {
            Map<Variable, LValue> onStacks = new LinkedHashMap<>(arrays);
            perThreadCandidates = AdjointReductions.tooLargeForStacks(iteration, onStacks, cx);
            onStacks.keySet().removeAll(perThreadCandidates.keySet());
            reduced.addAll(AdjointReductions.plan(iteration, onStacks, cx));
        }
        List<Stmt> gathers = gather(f, in, iteration, arrays);
        PerThreadAdjoints perThread = PerThreadAdjoints.plan(f, iteration, perThreadCandidates, cx);
        List<Stmt> summed = localSums.isEmpty() ? iteration : iteration.stream().map(s -> intoSums(s,
                localSums)).toList();
        Block body = new Block(AdjointReductions.withoutAtomics(summed, perThread.unguarded(reduced)));
        List<Stmt> out = new ArrayList<>(gathers);
        localSums.values().forEach(sum -> out.add(zeroAssign(sum)));
        if (!iteration.isEmpty()) {
            out.add(ParallelLoops.rebuildNest(f, in, body, perThread.clauses(ParallelLoops.reverseOmp(f.omp(), cx,
                    reduced))));
        }
        localSums.forEach((adjoint, sum) -> out.add(new Assign(new ArrayRef(adjoint, List.of(new IntLit(0))),
                Assign.Op.ADD, new VarRef(sum))));
        return out;
    }

    /**
     * The gathered nests of the unproven increments that can be written as a gather (removed
     * from {@code iteration} and {@code unsafe}), under the PRIVATE strategy (the command line's
     * default), which avoids atomics wherever it can; ATOMIC keeps an atomic per unproven
     * increment (the workbench's decisions are about those), as do the baseline and reductions.
     */
    private List<Stmt> gather(For f, For in, List<Stmt> iteration, Map<Variable, LValue> unsafe) {
        if (unsafe.isEmpty() || cx.raceStrategy != RaceStrategy.PRIVATE) {
            return List.of();
        }
        return GatherIncrements.of(f, in, iteration, unsafe.keySet(), ParallelLoops.reverseOmp(f.omp(), cx,
                List.of())).map(g -> {
                    for (Assign a : g.sites()) {
                        cx.warnings.add(Diagnostic.info("race-gathered", a.range(), "adjoint", a.target().var().name(),
                                "counter", f.counter().name()));
                    }
                    unsafe.keySet().removeAll(g.gathered());
                    iteration.clear();
                    iteration.addAll(g.remaining());
                    return g.gathers();
                }).orElse(List.of());
    }

    /** {@code s} with every {@code ab[0]} of an adjoint in {@code sums} replaced by its local sum. */
    private static Stmt intoSums(Stmt s, Map<Variable, Variable> sums) {
        return StmtUtil.mapExprs(s, e -> ExprUtil.map(e, x -> x instanceof ArrayRef r && sums.containsKey(r.var())
                ? new VarRef(sums.get(r.var()), r.range()) : x));
    }
}
