package org.paradjoint.core.frontend;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import org.paradjoint.core.analysis.Initialization;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.frontend.ParallelRegion.Part;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.CalleeKind;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.OmpParallelFor;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.print.ThreadAccumulators;

/**
 * Work a parallel region divides by thread number, as codes that own blocks of rows per thread
 * write it: {@code t = omp_get_thread_num(); T = omp_get_num_threads(); lo = ...(t, T); hi = ...;}
 * then loops over {@code [lo, hi)} that every thread runs on its own block. Between two barriers
 * (or other constructs) such work is a <em>phase</em>: the threads run it side by side, each with
 * its own number, on data no other thread writes in that phase (the region is race-free). So a
 * phase computes what a parallel loop over the thread numbers {@code 0 .. T-1} computes, each
 * iteration first recomputing its thread's setup values (the assignments that derive from the
 * thread number: they read nothing the region writes, which is checked) and then the phase's
 * statements with the thread number and the team size in place of the two queries. {@code T} is
 * the team size a parallel loop gets ({@link ThreadAccumulators#NUM_THREADS}, evaluated once before
 * the region), so each thread number is one iteration, with the blocks the primal's threads own.
 */
final class ThreadPhases {
    /** The runtime queries that make work thread-dependent. */
    static final Set<String> QUERIES = Set.of("omp_get_thread_num", "omp_get_num_threads");
    private final Set<Variable> privates;
    private final Set<Variable> dependent = new LinkedHashSet<>();
    private final Map<Stmt, Boolean> setup = new IdentityHashMap<>();
    private final List<Assign> setupInOrder = new ArrayList<>();
    private final Variable thread;
    private final Variable threads;
    private boolean used;
    /** Private variables the phases lowered so far wrote: each thread's own, lost between phases. */
    private final Set<Variable> carried = new LinkedHashSet<>();

    /**
     * Null when no part of the region asks its thread number; otherwise the phases, with
     * {@code fresh} declaring the thread-number counter and the team size as int locals.
     */
    static ThreadPhases of(List<Part> all, Set<Variable> privates, Function<String, Variable> fresh) {
        boolean asks = all.stream().anyMatch(p -> p instanceof ParallelRegion.Replicated r && asksThread(r.stmt()));
        return asks && fresh != null ? new ThreadPhases(all, privates, fresh) : null;
    }

    private ThreadPhases(List<Part> all, Set<Variable> privates, Function<String, Variable> fresh) {
        this.privates = privates;
        for (Part p : all) {
            if (p instanceof ParallelRegion.Replicated r && r.stmt() instanceof Assign a && a.op() == Assign.Op.SET
                    && a.target().var().isScalar() && privates.contains(a.target().var())
                    && (asksThread(a) || mentionsAny(a.value(), dependent))) {
                dependent.add(a.target().var());
                setup.put(a, true);
                setupInOrder.add(a);
            }
        }
        this.thread = fresh.apply("pa_thread");
        this.threads = fresh.apply("pa_nthreads");
        checkSetupReadsNothingWritten(all);
    }

    boolean isSetup(Stmt s) {
        return setup.containsKey(s);
    }

    /** Work of a phase: a statement (not a setup assignment) that reads the thread number or what derives from it. */
    boolean isOwnedWork(Stmt s) {
        return !isSetup(s) && (asksThread(s) || StmtUtil.reads(s).stream().anyMatch(dependent::contains));
    }

    /** {@code T = pa_num_threads()}: before the region, when a phase was lowered. */
    List<Stmt> prologue() {
        return used ? List.of(Assign.set(new VarRef(threads), new Call(ThreadAccumulators.NUM_THREADS, List.of(), SourceRange.NONE,
                CalleeKind.EXTERNAL))) : List.of();
    }

    /**
     * The parallel loop over thread numbers that runs {@code work}: setup recomputed, queries
     * replaced. A private value one phase leaves for a later one would be lost (each phase is its
     * own loop): a located error.
     */
    For phase(List<Stmt> work, SourceRange range) {
        used = true;
        Set<Variable> liveIn = Initialization.maybeReadUninitialized(new Block(work, range), dependent);
        for (Variable v : liveIn) {
            if (carried.contains(v)) {
                throw new UnsupportedException("unsupported-omp-region.thread-value-carried", range, "variable",
                        v.name());
            }
        }
        work.forEach(s -> StmtUtil.writes(s).stream().filter(privates::contains).forEach(carried::add));
        List<Stmt> body = new ArrayList<>();
        setupInOrder.forEach(a -> body.add(substituted(a)));
        work.forEach(s -> body.add(substituted(s)));
        Set<Variable> written = new LinkedHashSet<>();
        body.forEach(s -> written.addAll(StmtUtil.writes(s)));
        List<Variable> loopPrivates = new ArrayList<>();
        List<Variable> loopFirstprivates = new ArrayList<>();
        for (Variable v : written) {
            if (privates.contains(v) && v.isScalar()) {
                // a value the statements every thread runs set before (the same on every thread) is read
                // first: each iteration starts from it
                (liveIn.contains(v) ? loopFirstprivates : loopPrivates).add(v);
            }
        }
        OmpParallelFor omp = new OmpParallelFor(loopPrivates, loopFirstprivates, List.of(), List.of(), "static", 0,
                null, range);
        return new For(thread, new IntLit(0, range), Binary.Op.LT, new VarRef(threads), new IntLit(1, range),
                new Block(body, range), omp, List.of(), range);
    }

    private Stmt substituted(Stmt s) {
        return StmtUtil.mapExprs(s, e -> ExprUtil.map(e, x -> x instanceof Call c && c.args().isEmpty()
                ? switch (c.name()) {
                case "omp_get_thread_num" -> new VarRef(thread, c.range());
                case "omp_get_num_threads" -> new VarRef(threads, c.range());
                default -> x;
                } : x));
    }

    /**
     * A part outside the phases (a worksharing loop, a one-thread block, an in-turn increment)
     * that reads the thread number, what derives from it, or what a phase left in a private
     * variable (before setting it): the value would be one thread's, so it is an error.
     */
    void checkOutsidePhases(Stmt s) {
        // what the part reads before it sets it: a loop's counter is set by its header (Fortran's
        // loops share one counter variable, which a phase's loop may have left behind)
        Set<Variable> reads = Initialization.maybeReadUninitialized(s, Set.of());
        Variable seen = reads.stream().filter(v -> dependent.contains(v) || carried.contains(v)).findFirst()
                .orElse(null);
        if (seen != null || asksThread(s)) {
            throw new UnsupportedException("unsupported-omp-region.thread-number", s.range(), "call",
                    seen != null ? seen.name() : "omp_get_thread_num()");
        }
    }

    /** Setup is recomputed in every phase, so it must read nothing the region's work writes. */
    private void checkSetupReadsNothingWritten(List<Part> all) {
        Set<Variable> written = new LinkedHashSet<>();
        for (Part p : all) {
            switch (p) {
            case ParallelRegion.Replicated r when !isSetup(r.stmt()) -> written.addAll(StmtUtil.writes(r.stmt()));
            case ParallelRegion.Worksharing w -> written.addAll(StmtUtil.writes(w.loop()));
            case ParallelRegion.OneThread o -> written.addAll(StmtUtil.writes(o.body()));
            case ParallelRegion.InTurn t -> written.addAll(StmtUtil.writes(t.body()));
            default -> {
            }
            }
        }
        for (Assign a : setupInOrder) {
            for (Variable v : StmtUtil.reads(a)) {
                if (written.contains(v)) {
                    throw new UnsupportedException("unsupported-omp-region.thread-setup-reads-written", a.range(),
                            "variable", a.target().var().name(), "read", v.name());
                }
            }
            if (written.contains(a.target().var())) {
                throw new UnsupportedException("unsupported-omp-region.thread-setup-reads-written", a.range(),
                        "variable", a.target().var().name(), "read", a.target().var().name());
            }
        }
    }

    static boolean asksThread(Stmt s) {
        return StmtUtil.calls(s).stream().anyMatch(c -> QUERIES.contains(c.name()));
    }

    private static boolean mentionsAny(Expr e, Set<Variable> vars) {
        return ExprUtil.variables(e).stream().anyMatch(vars::contains);
    }
}
