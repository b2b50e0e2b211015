package org.paradjoint.core.frontend;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.OmpParallelFor;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.RealLit;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * An OpenMP {@code parallel} region as a front-end reads it, and the one rule that turns it into
 * the IR every transformation knows: a sequence of parallel loops and sequential statements.
 *
 * <p>Why this is exact. In a region whose threads do not look at their thread number, every
 * thread runs the same statements outside worksharing constructs, on its private variables, with
 * the same values; the work is divided only by worksharing loops. Such a region computes what
 * this sequence computes:
 * <ul>
 * <li>a worksharing loop ({@code omp for}, {@code !$omp do}) is a {@code parallel for} with the
 * region's data-sharing merged into its clauses; {@code nowait} and the implicit barrier at its
 * end change nothing, since in a region without data races no other thread reads what it writes
 * before the next barrier;</li>
 * <li>a {@code sections} construct is a worksharing loop over the section numbers whose iteration
 * {@code k} runs section {@code k} ({@link #sections}): each section runs once, on some thread,
 * and in a region without data races no section reads what another writes;</li>
 * <li>a {@code barrier} is nothing: consecutive parallel loops are already ordered;</li>
 * <li>{@code single}, {@code master} and {@code masked} blocks run once, in sequence;</li>
 * <li>statements every thread runs (initialising region-private variables, sequential loops
 * around worksharing loops) run once, in sequence: each thread would compute the same private
 * values;</li>
 * <li>a private partial sum ({@code local = 0} before, only {@code local += e} inside worksharing
 * loops, then {@code critical}/{@code atomic} {@code s += local}; increments may also be written
 * out, {@code local = local + e}, as Fortran must) is a {@code reduction(+: local)} of those loops
 * followed by {@code s += local} once: the threads' partials add up to the sum over all
 * iterations;</li>
 * <li>inside a worksharing or parallel loop, {@code atomic}/{@code critical} increments of a
 * shared scalar are a {@code reduction(+: s)} of that loop ({@link Increments#scalarUpdatesAsReductions}).</li>
 * </ul>
 * Whatever would make the threads differ (a statement writing a shared variable on every thread,
 * a value left by a worksharing loop read afterwards, an increment by a value every thread has
 * the same) is a located error, never a silently different program. The adjoint of the lowered
 * region is the ordinary adjoint of those loops, each with its race proofs.
 */
public final class ParallelRegion {

    /** What the region's body contains, in order. */
    public sealed interface Part {
        SourceRange range();
    }

    /**
     * A worksharing loop; its own clauses are in {@code loop.omp()}; {@code ordered}: its general
     * {@code ordered} block (a statement of the loop's body that is not only increments), or null.
     */
    public record Worksharing(For loop, boolean nowait, Ordered ordered) implements Part {
        public Worksharing(For loop, boolean nowait) {
            this(loop, nowait, null);
        }

        @Override
        public SourceRange range() {
            return loop.range();
        }
    }

    /**
     * A general {@code ordered} block of a worksharing loop, lowered with the loop by
     * {@link OrderedLoops#fission}; {@code fresh} declares the renamed copy of a private scalar.
     */
    public record Ordered(Stmt block, SourceRange range, java.util.function.UnaryOperator<Variable> fresh) {
    }

    /** An explicit {@code barrier}. */
    public record Barrier(SourceRange range) implements Part {
    }

    /** {@code single}, {@code master} or {@code masked}: statements one thread runs. */
    public record OneThread(String construct, Block body, SourceRange range) implements Part {
    }

    /** {@code critical} or {@code atomic} outside worksharing loops: every thread runs it in turn. */
    public record InTurn(String construct, Block body, SourceRange range) implements Part {
    }

    /** A statement without directives that every thread runs. */
    public record Replicated(Stmt stmt) implements Part {
        @Override
        public SourceRange range() {
            return stmt.range();
        }
    }

    /** A sequential loop every thread runs, with worksharing loops or barriers inside ({@code loop}'s body is unused). */
    public record Serial(For loop, List<Part> body) implements Part {
        public Serial {
            body = List.copyOf(body);
        }

        @Override
        public SourceRange range() {
            return loop.range();
        }
    }

    /**
     * {@code sections} ({@code parallel sections} is a region of one such part) as the worksharing
     * loop {@code for (counter = 0; counter < k; counter++) if (counter == 0) S0 else if (counter ==
     * 1) S1 ...}, with the construct's own clauses. {@code counter} is a fresh int of the function.
     */
    public static Worksharing sections(List<Block> sections, Variable counter, OmpParallelFor clauses,
            boolean nowait, SourceRange range) {
        Stmt chain = null;
        for (int k = sections.size() - 1; k >= 0; k--) {
            Expr isK = new Binary(Binary.Op.EQ, new VarRef(counter), new IntLit(k));
            chain = new If(isK, sections.get(k),
                    chain == null ? null : new Block(List.of(chain), chain.range()), sections.get(k).range());
        }
        Block body = new Block(chain == null ? List.of() : List.of(chain), range);
        For loop = new For(counter, new IntLit(0), Binary.Op.LT, new IntLit(sections.size()), new IntLit(1), body,
                clauses, List.of(), range);
        return new Worksharing(loop, nowait);
    }

    /**
     * The runtime queries ({@code omp_get_thread_num}, {@code omp_get_num_threads}) a region may
     * read at its own level, where its lowering gives them values ({@link ThreadPhases}); a query
     * left after {@link #lower()} is an error of the front-end's.
     */
    public static final Set<String> THREAD_QUERIES = ThreadPhases.QUERIES;

    private final OmpParallelFor clauses;
    private final Set<Variable> privates = new LinkedHashSet<>();
    private final List<Part> parts;
    /** Private scalars that carry each thread's partial sum (see the class comment). */
    private final Set<Variable> partials = new LinkedHashSet<>();
    /** The region's work divided by thread number, or null when it does not ask its thread number. */
    private final ThreadPhases phases;

    /**
     * {@code clauses}: the region's own ({@code private}, {@code firstprivate}, {@code shared},
     * {@code default}, {@code reduction}); {@code declaredInside}: variables declared in the
     * region's body, private to each thread.
     */
    public ParallelRegion(OmpParallelFor clauses, List<Variable> declaredInside, List<Part> parts) {
        this(clauses, declaredInside, parts, null);
    }

    /**
     * As above; {@code freshLocal} declares an int local of the function from a name hint, for
     * regions that divide their work by thread number ({@link ThreadPhases}); without it such a
     * region is an error.
     */
    public ParallelRegion(OmpParallelFor clauses, List<Variable> declaredInside, List<Part> parts,
            java.util.function.Function<String, Variable> freshLocal) {
        this.clauses = clauses;
        this.parts = List.copyOf(parts);
        privates.addAll(declaredInside);
        privates.addAll(clauses.privates());
        privates.addAll(clauses.firstprivates());
        this.phases = ThreadPhases.of(flatten(this.parts), privates, freshLocal);
    }

    /** The region as parallel loops and sequential statements; a located error where that would change it. */
    public List<Stmt> lower() {
        findPartials();
        List<Stmt> out = new ArrayList<>();
        lower(parts, out, new ArrayList<>(flatten(parts)));
        checkNoThreadQueries(out);
        if (phases != null) {
            List<Stmt> withPrologue = new ArrayList<>(phases.prologue());
            withPrologue.addAll(out);
            return withPrologue;
        }
        return out;
    }

    /** A thread-number query the phases did not replace would read one thread's value: an error. */
    private static void checkNoThreadQueries(List<Stmt> lowered) {
        for (Stmt s : lowered) {
            for (Call c : StmtUtil.calls(s)) {
                if (THREAD_QUERIES.contains(c.name())) {
                    throw new UnsupportedException("unsupported-omp-region.thread-number", c.range(), "call",
                            c.name() + "()");
                }
            }
        }
    }

    // ---- lowering ---------------------------------------------------------------------------

    private void lower(List<Part> list, List<Stmt> out, List<Part> all) {
        List<Stmt> phase = new ArrayList<>();
        for (Part p : list) {
            if (phases != null && p instanceof Replicated r && phases.isSetup(r.stmt())) {
                continue;
            }
            if (phases != null && p instanceof Replicated r && phases.isOwnedWork(r.stmt())) {
                phase.add(r.stmt());
                continue;
            }
            if (!phase.isEmpty()) {
                out.add(phases.phase(phase, phase.get(0).range()));
                phase = new ArrayList<>();
            }
            if (phases != null) {
                switch (p) {
                case Worksharing w -> phases.checkOutsidePhases(w.loop());
                case OneThread o -> phases.checkOutsidePhases(o.body());
                case InTurn t -> phases.checkOutsidePhases(t.body());
                case Replicated r -> phases.checkOutsidePhases(r.stmt());
                default -> {
                }
                }
            }
            switch (p) {
            case Worksharing w when w.ordered() != null -> {
                // split around the block once the loop has the region's clauses, as a parallel
                // for ... ordered is: its block's statement is at the same place of the body
                For loop = worksharing(w, all);
                Stmt block = loop.body().stmts().get(w.loop().body().stmts().indexOf(w.ordered().block()));
                out.addAll(OrderedLoops.fission(loop, block, w.ordered().range(), w.ordered().fresh()));
            }
            case Worksharing w -> out.add(worksharing(w, all));
            case Barrier b -> {
            }
            case OneThread o -> {
                checkNoPartialRead(o.body(), o.construct());
                out.addAll(o.body().stmts());
            }
            case InTurn t -> out.addAll(inTurn(t));
            case Replicated r -> out.add(replicated(r.stmt()));
            case Serial s -> {
                For f = s.loop();
                if (!privates.contains(f.counter())) {
                    throw new UnsupportedException("unsupported-omp-region.serial-counter-shared", f.range(), "counter",
                            f.counter().name());
                }
                List<Stmt> body = new ArrayList<>();
                lower(s.body(), body, all);
                out.add(new For(f.counter(), f.lower(), f.cmp(), f.bound(), f.step(), new Block(body, f.range()),
                        null, f.pragmas(), f.range()));
            }
            }
        }
        if (!phase.isEmpty()) {
            out.add(phases.phase(phase, phase.get(0).range()));
        }
    }

    private Stmt replicated(Stmt s) {
        for (Variable v : StmtUtil.writes(s)) {
            if (!privates.contains(v)) {
                throw new UnsupportedException("unsupported-omp-region.shared-write", s.range(), "variable", v.name());
            }
        }
        if (!(s instanceof Assign a && partials.contains(a.target().var()))) {
            checkNoPartialRead(s, "the region");
        }
        return s;
    }

    private For worksharing(Worksharing w, List<Part> all) {
        For loop = Increments.scalarUpdatesAsReductions(w.loop());
        OmpParallelFor omp = loop.omp();
        List<Variable> loopPrivates = new ArrayList<>(omp.privates());
        List<Variable> loopFirstprivates = new ArrayList<>(omp.firstprivates());
        List<OmpParallelFor.Reduction> reductions = new ArrayList<>(omp.reductions());
        Set<Variable> written = StmtUtil.writes(loop.body());
        Set<Variable> mentioned = StmtUtil.mentioned(loop.body());
        for (Variable v : mentioned) {
            if (v.equals(loop.counter()) || omp.isPrivate(v) || omp.shared().contains(v)) {
                continue;
            }
            if (partials.contains(v)) {
                reductions.add(new OmpParallelFor.Reduction("+", List.of(v)));
            } else if (regionReduction(v) != null) {
                reductions.add(new OmpParallelFor.Reduction(regionReduction(v), List.of(v)));
            } else if (privates.contains(v) && written.contains(v)) {
                checkNotReadAfter(v, w, all);
                // a value from before the loop matters only to an iteration that reads it first
                if (clauses.firstprivates().contains(v)
                        || assignedBefore(v, w, all) && StmtUtil.readsBeforeWriting(loop.body(), v)) {
                    loopFirstprivates.add(v);
                } else {
                    loopPrivates.add(v);
                }
            }
        }
        // The region's default(none) and shared(...) are not carried over: they check the user's
        // code, and in the lowered code every variable the loop does not make private is shared.
        OmpParallelFor merged = new OmpParallelFor(loopPrivates, loopFirstprivates, List.of(), reductions,
                omp.schedule(), omp.collapse(), null, omp.range());
        return loop.withOmp(merged);
    }

    /** The in-turn increments, run once and plain: the partial sums they add are the loops' reductions. */
    private List<Stmt> inTurn(InTurn t) {
        List<Stmt> out = new ArrayList<>();
        for (Stmt s : t.body().stmts()) {
            boolean sumOfPartials = s instanceof Assign a && Increments.added(a) != null
                    && !privates.contains(a.target().var()) && isSumOfPartials(Increments.added(a));
            if (!sumOfPartials) {
                throw new UnsupportedException("unsupported-omp-region.in-turn", s.range(), "construct",
                        t.construct());
            }
            out.add(((Assign) s).withAtomic(false));
        }
        return out;
    }

    private boolean isSumOfPartials(Expr e) {
        if (e instanceof VarRef r) {
            return partials.contains(r.var());
        }
        return e instanceof Binary b && (b.op() == Binary.Op.ADD || b.op() == Binary.Op.SUB)
                && isSumOfPartials(b.left()) && isSumOfPartials(b.right());
    }

    private String regionReduction(Variable v) {
        for (OmpParallelFor.Reduction r : clauses.reductions()) {
            if (r.vars().contains(v)) {
                return r.op();
            }
        }
        return null;
    }

    // ---- partial sums ------------------------------------------------------------------------

    /**
     * Private scalars set to zero outside worksharing loops, only incremented inside them and read
     * only by in-turn increments of shared variables.
     */
    private void findPartials() {
        List<Part> all = flatten(parts);
        Set<Variable> candidates = new LinkedHashSet<>();
        for (Part p : all) {
            if (p instanceof Worksharing w) {
                StmtUtil.forEach(w.loop().body(), s -> {
                    if (s instanceof Assign a && a.target().var().dims().isEmpty()
                            && privates.contains(a.target().var()) && !a.target().var().equals(w.loop().counter())
                            && !w.loop().omp().isPrivate(a.target().var())) {
                        candidates.add(a.target().var());
                    }
                });
            }
        }
        for (Variable v : candidates) {
            if (isPartial(v, all)) {
                partials.add(v);
            }
        }
    }

    private boolean isPartial(Variable v, List<Part> all) {
        if (clauses.firstprivates().contains(v)) {
            return false;
        }
        boolean zeroed = false;
        for (Part p : all) {
            switch (p) {
            case Worksharing w -> {
                boolean[] ok = {true};
                StmtUtil.forEach(w.loop().body(), s -> {
                    if (s instanceof Assign a) {
                        boolean update = a.target().var().equals(v);
                        Expr added = update ? Increments.added(a) : a.value();
                        if (added == null || ExprUtil.references(added, v)
                                || ExprUtil.indexVariables(a.target()).contains(v)) {
                            ok[0] = false;
                        }
                    } else if (!(s instanceof Block) && StmtUtil.ownExprs(s).stream()
                            .anyMatch(e -> ExprUtil.references(e, v))) {
                        ok[0] = false;
                    }
                });
                if (!ok[0] || !zeroed && w.loop().body() != null && StmtUtil.writes(w.loop().body()).contains(v)) {
                    return false;
                }
            }
            case Replicated r -> {
                if (r.stmt() instanceof Assign a && a.target().var().equals(v)) {
                    if (a.op() != Assign.Op.SET || !isZero(a.value())) {
                        return false;
                    }
                    zeroed = true;
                } else if (StmtUtil.mentioned(r.stmt()).contains(v)) {
                    return false;
                }
            }
            case OneThread o -> {
                if (StmtUtil.mentioned(o.body()).contains(v)) {
                    return false;
                }
            }
            case Serial s -> {
                if (ExprUtil.references(s.loop().lower(), v) || ExprUtil.references(s.loop().bound(), v)) {
                    return false;
                }
            }
            case InTurn t -> {
            }
            case Barrier b -> {
            }
            }
        }
        return zeroed;
    }

    private static boolean isZero(Expr e) {
        return e instanceof RealLit r && r.value() == 0.0 || e instanceof IntLit i && i.value() == 0;
    }

    // ---- checks ------------------------------------------------------------------------------

    private void checkNoPartialRead(Stmt s, String where) {
        for (Variable v : StmtUtil.reads(s)) {
            if (partials.contains(v)) {
                throw new UnsupportedException("unsupported-omp-region.partial-read", s.range(), "variable", v.name(),
                        "where", where);
            }
        }
    }

    /** A private variable a worksharing loop writes holds, after it, whatever its thread's last iteration left. */
    private static void checkNotReadAfter(Variable v, Worksharing w, List<Part> all) {
        boolean after = false;
        for (Part p : all) {
            if (p == w) {
                after = true;
                continue;
            }
            if (!after) {
                continue;
            }
            Stmt first = switch (p) {
            case Replicated r -> r.stmt();
            case OneThread o -> o.body();
            case InTurn t -> t.body();
            default -> null;
            };
            if (first instanceof Assign a && a.op() == Assign.Op.SET && a.target().var().equals(v)
                    && !ExprUtil.references(a.value(), v)) {
                return;
            }
            if (first != null && StmtUtil.reads(first).contains(v)) {
                throw new UnsupportedException("unsupported-omp-region.schedule-dependent", first.range(), "variable",
                        v.name());
            }
        }
    }

    private static boolean assignedBefore(Variable v, Worksharing w, List<Part> all) {
        for (Part p : all) {
            if (p == w) {
                return false;
            }
            if (p instanceof Replicated r && StmtUtil.writes(r.stmt()).contains(v)) {
                return true;
            }
        }
        return false;
    }

    /** The parts in execution order of one pass, sequential loops opened. */
    private static List<Part> flatten(List<Part> list) {
        List<Part> out = new ArrayList<>();
        for (Part p : list) {
            out.add(p);
            if (p instanceof Serial s) {
                out.addAll(flatten(s.body()));
            }
        }
        return out;
    }
}
