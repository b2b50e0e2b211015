package org.paradjoint.fortran.internal;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.paradjoint.core.annotation.AnnotationSite;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.frontend.Increments;
import org.paradjoint.core.frontend.OrderedLoops;
import org.paradjoint.core.frontend.ParallelRegion;
import org.paradjoint.core.frontend.ParallelRegion.Part;
import org.paradjoint.core.ir.AdPragma;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.OmpParallelFor;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.fortran.internal.ConstructLines.Closer;

/**
 * The executable part of a procedure to IR statements: block structure ({@code do ... end do},
 * {@code if ... else if ... else ... end if}), the directives before each statement, and error
 * recovery: a construct whose header cannot be mapped is reported and skipped up to its
 * {@code end}, so that one run lists every unsupported construct. What a single line means for
 * the block structure is {@link ConstructLines}; the control of a do loop and its checks are
 * {@link DoLoopControl}.
 */
final class ExecutionPart {

    private final Scope scope;
    private final Reporter reporter;
    private final ExprParser exprs;
    private final SourceText src;
    private final Directives directives;
    private final SimpleStatements simple;
    private final MpiCalls mpi;
    private final List<LogicalLine> lines;
    private final int end;
    private final Deque<Variable> counters = new ArrayDeque<>();
    private List<LogicalLine> pending = new ArrayList<>();
    private int pos;
    /** 1 while the body of a parallel region is read. */
    private int regionDepth;
    /** How many parallel or worksharing loops enclose the statements being read. */
    private int parallelLoopDepth;
    /** How many of those have the {@code ordered} clause (their bodies may hold {@code !$omp ordered}). */
    private int orderedLoopDepth;
    /** In a region, the OpenMP block being read below region level (for messages); null at region level. */
    private String insideBlock;
    /** The {@code !$omp end} directives of the OpenMP blocks open around the statements being read. */
    private final Deque<OmpDirective.Kind> openBlocks = new ArrayDeque<>();
    /** Whether the last worksharing loop read ended with {@code !$omp end do nowait}. */
    private boolean lastNowait;
    /** The lock whose section is being read (up to its {@code omp_unset_lock}); null outside one. */
    private String heldLock;
    /**
     * The {@code !$omp ordered} blocks that are not increments, as read: the {@code parallel do}
     * that holds one as a statement of its own body is split around it by core's
     * {@code OrderedLoops} ({@link #withOrderedBlock}); anywhere else it is an error.
     */
    private final List<OrderedBlock> orderedBlocks = new ArrayList<>();

    private record OrderedBlock(Stmt block, org.paradjoint.core.diag.SourceRange range, String code) {
    }

    /** Integer locals the reading introduced (the section counter of {@code sections}). */
    private final List<Variable> introduced = new ArrayList<>();

    ExecutionPart(Scope scope, Reporter reporter, ExprParser exprs, Directives directives, Variable result,
            List<LogicalLine> lines, int end) {
        this.scope = scope;
        this.reporter = reporter;
        this.exprs = exprs;
        this.src = reporter.src();
        this.directives = directives;
        this.simple = new SimpleStatements(scope, exprs, src, result);
        this.mpi = new MpiCalls(scope, exprs, src, introduced);
        this.lines = lines;
        this.end = end;
    }

    /** The statements from {@code from} up to the end of the unit (or its {@code contains}). */
    List<Stmt> parse(int from) {
        pos = from;
        List<Stmt> body = statements(Closer.UNIT);
        if (pos < end) {
            LogicalLine l = lines.get(pos);
            reporter.error("unsupported-internal-procedure.internal-procedures-contains", l.start(), l.end());
        }
        return body;
    }

    /** What the MPI calls of the procedure need beyond its statements (see {@link MpiCalls}). */
    MpiCalls mpi() {
        return mpi;
    }

    /** The locals the reading introduced, to be declared with the procedure's own. */
    List<Variable> introduced() {
        return List.copyOf(introduced);
    }

    // ---- blocks -------------------------------------------------------------------------------

    private List<Stmt> statements(Closer closer) {
        return statements(closer, null);
    }

    /** The statements up to the terminator {@code closer} accepts, or up to the directive {@code ompEnd}. */
    private List<Stmt> statements(Closer closer, OmpDirective.Kind ompEnd) {
        List<Stmt> out = new ArrayList<>();
        while (pos < end) {
            LogicalLine l = lines.get(pos);
            if (l.isDirective()) {
                OmpDirective.Kind k = l.kind() == LogicalLine.Kind.OMP ? OmpDirective.kindOf(l) : null;
                if (k != null && (k == ompEnd || openBlocks.contains(k))) {
                    break;
                }
                if (k == null || !ompBlock(l, k, out)) {
                    pending.add(l);
                    pos++;
                }
                continue;
            }
            Classifier.Line cls = Classifier.classify(l);
            if (ConstructLines.isTerminator(cls)) {
                if (endsHere(l, cls, closer)) {
                    break;
                }
                continue;
            }
            if (heldLock != null && releases(l, cls, heldLock)) {
                break;
            }
            List<LogicalLine> mine = takePending();
            reportLabel(cls);
            statement(l, cls, mine, out);
        }
        directives.dangling(pending);
        pending = new ArrayList<>();
        return out;
    }

    /**
     * At a construct terminator: true when it ends the statements being read (the one {@code
     * closer} expects, or the unit's end); otherwise it closes nothing open, which is reported, and
     * is skipped.
     */
    private boolean endsHere(LogicalLine l, Classifier.Line cls, Closer closer) {
        if (closer.accepts(cls) || ConstructLines.endsUnit(cls)) {
            return true;
        }
        reporter.error("mismatched-end.open-construct", l.start(), l.end(), "code", src.excerpt(l.start(), l.end()),
                "describe", closer.describe());
        pos++;
        return false;
    }

    private void reportLabel(Classifier.Line cls) {
        if (cls.label() != null) {
            reporter.error("unsupported-label.fortran", cls.label().start(), cls.label().end());
        }
    }

    private void statement(LogicalLine l, Classifier.Line cls, List<LogicalLine> mine, List<Stmt> out) {
        LockRoutines.Call lockCall = LockRoutines.call(l, cls, scope);
        if (lockCall != null) {
            lockRoutine(l, lockCall, mine, out);
            return;
        }
        switch (cls.kind()) {
            case DO -> {
                For f = doLoop(l, cls, mine, false);
                if (f != null) {
                    out.addAll(withOrderedBlock(f));
                }
                return;
            }
            case IF -> {
                Stmt s = ifStatement(l, cls, mine);
                if (s != null) {
                    out.add(s);
                }
                return;
            }
            default -> {
            }
        }
        pos++;
        try {
            switch (cls.kind()) {
                case ASSIGNMENT -> {
                    Directives.Claimed d = directives.claim(mine, AnnotationSite.ASSIGNMENT,
                            OmpDirective.Kind.ATOMIC);
                    // atomic read and write are the plain access, which the race analysis judges
                    OmpDirective.Parsed update = d.omp() != null && d.omp().isAtomicAccess() ? null : d.omp();
                    out.add(simple.assignment(l, cls.at(), counters, d.ad(), update));
                }
                case CALL -> {
                    directives.claim(mine, AnnotationSite.OTHER, Set.of());
                    out.add(MpiCalls.isMpiCall(l, cls) ? mpi.statement(l, cls.at(), out) : simple.call(l, cls.at()));
                }
                case RETURN -> {
                    directives.claim(mine, AnnotationSite.OTHER, Set.of());
                    out.add(simple.returnStatement(l, cls.at()));
                }
                case CONTINUE -> {
                    directives.claim(mine, AnnotationSite.OTHER, Set.of());
                    new Cursor(l, src, cls.at() + 1).expectEnd("continue");
                }
                default -> {
                    directives.claim(mine, AnnotationSite.OTHER, Set.of());
                    UnsupportedException e = simple.unsupported(l, cls);
                    if (ConstructLines.opensConstruct(l, cls)) {
                        skipConstruct();
                    }
                    throw e;
                }
            }
        } catch (UnsupportedException e) {
            reporter.add(e.diagnostic());
        }
    }

    // ---- do -----------------------------------------------------------------------------------

    /**
     * A do loop with the directives before it; {@code worksharing}: it stands directly in a
     * parallel region, where {@code !$omp do} may divide it.
     */
    private For doLoop(LogicalLine l, Classifier.Line cls, List<LogicalLine> mine, boolean worksharing) {
        Directives.Claimed d = directives.claim(mine, AnnotationSite.LOOP,
                Set.of(OmpDirective.Kind.PARALLEL_DO, OmpDirective.Kind.DO));
        pos++;
        DoLoopControl control = control(l, cls);
        if (control == null) {
            return null;
        }
        OmpDirective.Parsed parsed = d.omp() != null && allowed(d.omp(), worksharing) ? d.omp() : null;
        Variable counter = control.counter();
        Expr lower = control.lower();
        long step = control.step();
        counters.push(counter);
        boolean ordered = parsed != null && parsed.ordered();
        if (parsed != null) {
            parallelLoopDepth++;
        }
        if (ordered) {
            orderedLoopDepth++;
        }
        List<Stmt> body;
        try {
            body = statements(Closer.DO);
        } finally {
            counters.pop();
            if (parsed != null) {
                parallelLoopDepth--;
            }
            if (ordered) {
                orderedLoopDepth--;
            }
        }
        int endOffset = closeConstruct(l, "do", "end do", cls);
        OmpParallelFor omp = null;
        lastNowait = false;
        if (d.omp() != null) {
            OmpDirective.Kind closing = d.omp().kind() == OmpDirective.Kind.DO ? OmpDirective.Kind.END_DO
                    : OmpDirective.Kind.END_PARALLEL_DO;
            if (pos < end && lines.get(pos).kind() == LogicalLine.Kind.OMP
                    && OmpDirective.kindOf(lines.get(pos)) == closing) {
                OmpDirective.Parsed e = parseOrReport(lines.get(pos));
                lastNowait = e != null && e.nowait();
                endOffset = lines.get(pos).end();
                pos++;
            }
        }
        if (parsed != null) {
            omp = DoLoopControl.withInnerCounters(parsed.clauses(), body, counter, l, reporter);
        }
        int start = d.omp() != null ? Math.min(l.start(), d.omp().line().start()) : l.start();
        For f = new For(counter, lower, step > 0 ? Binary.Op.LE : Binary.Op.GE, control.upper(),
                new IntLit(step, lower.range()), new Block(body, src.range(l.end(), endOffset)), omp, d.ad(),
                src.range(start, endOffset));
        DoLoopControl.checkBounds(f, l, reporter);
        if (parsed != null && parsed.kind() == OmpDirective.Kind.PARALLEL_DO) {
            // an atomic increment of a shared scalar in a parallel loop is a sum reduction
            return Increments.scalarUpdatesAsReductions(f);
        }
        return f;
    }

    /**
     * {@code loop} as read, or, when a general {@code !$omp ordered} block is a statement of its
     * own body and it is a {@code parallel do}, the loops core's {@link OrderedLoops} splits it
     * into.
     */
    private List<Stmt> withOrderedBlock(For loop) {
        ParallelRegion.Ordered o = orderedBlock(loop);
        if (o == null) {
            return List.of(loop);
        }
        try {
            return OrderedLoops.fission(loop, o.block(), o.range(), o.fresh());
        } catch (UnsupportedException e) {
            reporter.add(e.diagnostic());
            return List.of(loop);
        }
    }

    /**
     * The general {@code !$omp ordered} block of {@code loop} (a parallel or worksharing loop whose
     * body holds it as a statement of its own), or null when it has none; such a block anywhere
     * else (inside another construct of the body, or in a sequential loop) is reported.
     */
    private ParallelRegion.Ordered orderedBlock(For loop) {
        for (var it = orderedBlocks.iterator(); it.hasNext();) {
            OrderedBlock o = it.next();
            boolean[] inside = {false};
            org.paradjoint.core.expr.StmtUtil.forEach(loop.body(), x -> inside[0] |= x.equals(o.block()));
            if (!inside[0]) {
                continue;
            }
            it.remove();
            if (loop.omp() == null || !loop.body().stmts().contains(o.block())) {
                reporter.error("unsupported-omp.ordered-update", o.range(), "code", o.code());
                return null;
            }
            return new ParallelRegion.Ordered(o.block(), o.range(), v -> freshLike("pa_" + v.name(), v));
        }
        return null;
    }

    /** The control of a do statement; null (reported, the construct skipped) when it cannot be read. */
    private DoLoopControl control(LogicalLine l, Classifier.Line cls) {
        Cursor c = new Cursor(l, src, cls.at());
        c.next();
        boolean labelled = c.peek() != null && c.peek().kind() == Token.Kind.INT;
        try {
            if (labelled) {
                Token label = c.peek();
                skipToLabel(label.text());
                throw c.at(label, "unsupported-do.labelled-do-loops");
            }
            return DoLoopControl.parse(c, scope, exprs, counters);
        } catch (UnsupportedException e) {
            reporter.add(e.diagnostic());
            if (!labelled) {
                skipConstruct();
            }
            return null;
        }
    }

    /**
     * Whether a loop directive may stand here: {@code !$omp do} directly in a parallel region,
     * {@code !$omp parallel do} outside regions. A misplaced one is reported; its loop is read as
     * a sequential loop.
     */
    private boolean allowed(OmpDirective.Parsed omp, boolean worksharing) {
        LogicalLine l = omp.line();
        if (omp.kind() == OmpDirective.Kind.PARALLEL_DO) {
            if (regionDepth > 0) {
                reporter.error("unsupported-omp-region.fortran-nested", l.start(), l.end(), "construct",
                        "parallel do");
                return false;
            }
            return true;
        }
        if (worksharing) {
            return true;
        }
        misplacedInRegion(l, omp.kind());
        return false;
    }

    /** A region-level directive ({@code do}, {@code barrier}, {@code single} ...) where it cannot stand. */
    private void misplacedInRegion(LogicalLine l, OmpDirective.Kind k) {
        if (parallelLoopDepth > 0) {
            reporter.error("unsupported-omp.inside-loop", l.start(), l.end(), "construct", k.spelling);
        } else if (regionDepth > 0) {
            reporter.error("unsupported-omp-region.fortran-inside-construct", l.start(), l.end(), "construct",
                    k.spelling, "where", insideBlock == null ? "this construct" : insideBlock);
        } else {
            reporter.error("unsupported-omp.fortran-orphaned", l.start(), l.end(), "construct", k.spelling);
        }
    }

    private OmpDirective.Parsed parseOrReport(LogicalLine l) {
        try {
            return OmpDirective.parse(l, scope, src);
        } catch (UnsupportedException e) {
            reporter.add(e.diagnostic());
            return null;
        }
    }

    // ---- OpenMP blocks and parallel regions ---------------------------------------------------

    /**
     * An OpenMP directive that is no statement's: a parallel region (replaced by its lowering), a
     * critical section in a parallel loop (its increments made atomic), or a region-level
     * directive or {@code end} out of place (reported). False for the directives a statement
     * claims ({@code parallel do}, {@code do}, {@code atomic}); true when the line was consumed.
     */
    private boolean ompBlock(LogicalLine l, OmpDirective.Kind k, List<Stmt> out) {
        switch (k) {
            case PARALLEL_DO, DO, ATOMIC -> {
                return false;
            }
            case END_PARALLEL_DO -> {
                reporter.error("misplaced-pragma.omp-end-parallel", l.start(), l.end());
                pos++;
            }
            case PARALLEL, PARALLEL_SECTIONS -> {
                directives.dangling(pending);
                pending = new ArrayList<>();
                pos++;
                out.addAll(region(l));
            }
            case CRITICAL -> {
                pos++;
                List<Stmt> body = block(l, k, "'!$omp critical'");
                if (parallelLoopDepth > 0) {
                    out.addAll(ProtectedIncrements.of(body, reporter, src, "unsupported-omp.fortran-critical-update"));
                } else {
                    misplacedInRegion(l, k);
                }
            }
            case ORDERED -> {
                OmpDirective.Parsed p = parseOrReport(l);
                pos++;
                if (p == null) {
                    return true;
                }
                List<Stmt> body = block(l, k, "'!$omp ordered'");
                if (parallelLoopDepth > 0 && orderedLoopDepth > 0 && !ProtectedIncrements.allIncrements(body)) {
                    // a general block: its loop is split around it (core's OrderedLoops)
                    var range = src.range(l.start(), lines.get(pos - 1).end());
                    Block b = new Block(body, range);
                    orderedBlocks.add(new OrderedBlock(b, range,
                            src.excerpt(range.offset(), range.offset() + range.length())));
                    out.add(b);
                } else if (parallelLoopDepth > 0 && orderedLoopDepth > 0) {
                    // in iteration order in the primal; for increments that order cannot be observed
                    out.addAll(ProtectedIncrements.of(body, reporter, src, "unsupported-omp.ordered-update"));
                } else {
                    reporter.error("unsupported-omp.ordered-outside", l.start(), l.end());
                }
            }
            case SINGLE, MASTER, MASKED, BARRIER, SECTIONS, SECTION -> {
                pos++;
                misplacedInRegion(l, k);
                if (k != OmpDirective.Kind.BARRIER && k != OmpDirective.Kind.SECTION) {
                    block(l, k, "'!$omp " + k.spelling + "'");
                }
            }
            default -> {
                reporter.error("misplaced-pragma.omp-end-construct", l.start(), l.end(), "directive", k.spelling,
                        "construct", k.spelling.substring("end ".length()));
                pos++;
            }
        }
        return true;
    }

    /** The statements of an OpenMP block whose opening line was read, through its {@code !$omp end}. */
    private List<Stmt> block(LogicalLine open, OmpDirective.Kind k, String what) {
        String outer = insideBlock;
        insideBlock = what;
        openBlocks.push(k.end());
        List<Stmt> body;
        try {
            body = statements(Closer.OMP, k.end());
        } finally {
            insideBlock = outer;
            openBlocks.pop();
        }
        closeOmp(open, k);
        return body;
    }

    /** Consumes the {@code !$omp end} of a block and returns its end offset; a missing one is reported. */
    private int closeOmp(LogicalLine open, OmpDirective.Kind k) {
        if (pos < end && lines.get(pos).kind() == LogicalLine.Kind.OMP
                && OmpDirective.kindOf(lines.get(pos)) == k.end()) {
            LogicalLine l = lines.get(pos);
            parseOrReport(l);
            pos++;
            return l.end();
        }
        reporter.error("missing-end.omp-construct", open.start(), open.end(), "construct", k.spelling);
        return open.end();
    }

    /** Whether the code line {@code l} is {@code call omp_unset_lock(lock)}. */
    private boolean releases(LogicalLine l, Classifier.Line cls, String lock) {
        LockRoutines.Call c = LockRoutines.call(l, cls, scope);
        return c != null && c.releases(lock);
    }

    /**
     * A call of a lock routine ({@link LockRoutines}): the lifetime calls are left out; {@code
     * omp_set_lock} starts a critical section, read up to its {@code omp_unset_lock} in the same
     * block, whose increments are made atomic when it stands in a parallel loop.
     */
    private void lockRoutine(LogicalLine l, LockRoutines.Call call, List<LogicalLine> mine, List<Stmt> out) {
        directives.claim(mine, AnnotationSite.OTHER, Set.of());
        pos++;
        if (call.managesLifetime()) {
            return;
        }
        if (!call.sets()) {
            reporter.error("unsupported-omp.fortran-lock-not-set", l.start(), l.end(), "lock", call.lock());
            return;
        }
        String outer = heldLock;
        heldLock = call.lock();
        List<Stmt> body;
        try {
            body = statements(Closer.OMP);
        } finally {
            heldLock = outer;
        }
        LogicalLine next = pos < end ? lines.get(pos) : null;
        if (next == null || next.kind() != LogicalLine.Kind.CODE
                || !releases(next, Classifier.classify(next), call.lock())) {
            reporter.error("unsupported-omp.fortran-lock-not-released", l.start(), l.end(), "lock", call.lock());
            return;
        }
        pos++;
        if (parallelLoopDepth == 0) {
            reporter.error("unsupported-omp.fortran-lock-outside-loop", l.start(), l.end(), "lock", call.lock());
            return;
        }
        out.addAll(ProtectedIncrements.of(body, reporter, src, "unsupported-omp.fortran-lock-increment", "lock",
                call.lock()));
    }

    /**
     * A parallel region whose {@code !$omp parallel} line was read: its parts, lowered by
     * {@link ParallelRegion}. Nothing when the region or its lowering has errors (reported). The
     * counters of do loops inside the region are private to each thread (OpenMP's rule for
     * Fortran), which is what lets every thread run a sequential loop around worksharing loops.
     */
    private List<Stmt> region(LogicalLine l) {
        OmpDirective.Parsed p = parseOrReport(l);
        boolean nested = regionDepth > 0 || parallelLoopDepth > 0;
        if (nested) {
            reporter.error("unsupported-omp-region.fortran-nested", l.start(), l.end(), "construct", "parallel");
        }
        int errorsBefore = reporter.errorCount();
        String outer = insideBlock;
        int outerLoops = parallelLoopDepth;
        regionDepth++;
        insideBlock = null;
        parallelLoopDepth = 0;
        OmpDirective.Kind kind = OmpDirective.kindOf(l);
        openBlocks.push(kind.end());
        // the thread-number queries are read as calls in the region: its lowering replaces them
        // (work divided by thread number) or reports where it cannot
        boolean queries = exprs.readThreadQueries(true);
        List<Part> parts;
        try {
            parts = kind == OmpDirective.Kind.PARALLEL_SECTIONS
                    ? List.of(sections(l, OmpParallelFor.plain(), OmpDirective.Kind.END_PARALLEL_SECTIONS))
                    : parts(Closer.OMP, OmpDirective.Kind.END_PARALLEL);
        } finally {
            exprs.readThreadQueries(queries);
            openBlocks.pop();
            regionDepth--;
            insideBlock = outer;
            parallelLoopDepth = outerLoops;
        }
        closeOmp(l, kind);
        if (p == null || nested || reporter.errorCount() > errorsBefore) {
            return List.of();
        }
        Set<Variable> loopCounters = new LinkedHashSet<>();
        RegionParts.counters(parts, loopCounters);
        for (Variable v : loopCounters) {
            if (p.clauses().shared().contains(v)) {
                reporter.error("unsupported-omp-clause.counts-inner-loop", l.start(), l.end(), "counter", v.name());
                return List.of();
            }
        }
        try {
            return new ParallelRegion(p.clauses(), List.copyOf(loopCounters), parts, this::freshInteger).lower();
        } catch (UnsupportedException e) {
            reporter.add(RegionParts.fortranWording(e.diagnostic()));
            return List.of();
        }
    }

    /** The body of a region (or of a sequential loop in it) up to {@code ompEnd} or a terminator. */
    private List<Part> parts(Closer closer, OmpDirective.Kind ompEnd) {
        List<Part> out = new ArrayList<>();
        while (pos < end) {
            LogicalLine l = lines.get(pos);
            if (l.isDirective()) {
                OmpDirective.Kind k = l.kind() == LogicalLine.Kind.OMP ? OmpDirective.kindOf(l) : null;
                if (k != null && (k == ompEnd || openBlocks.contains(k))) {
                    break;
                }
                if (k == null) {
                    pending.add(l);
                    pos++;
                    continue;
                }
                switch (k) {
                    case BARRIER -> {
                        parseOrReport(l);
                        out.add(new ParallelRegion.Barrier(src.range(l.start(), l.end())));
                        pos++;
                    }
                    case SECTIONS -> {
                        directives.claim(takePending(), AnnotationSite.OTHER, Set.of());
                        OmpDirective.Parsed p = parseOrReport(l);
                        pos++;
                        ParallelRegion.Worksharing w = sections(l,
                                p == null ? OmpParallelFor.plain() : p.clauses(), OmpDirective.Kind.END_SECTIONS);
                        boolean nowait = false;
                        if (pos < end && OmpDirective.kindOf(lines.get(pos)) == OmpDirective.Kind.END_SECTIONS) {
                            OmpDirective.Parsed e = parseOrReport(lines.get(pos));
                            nowait = e != null && e.nowait();
                            pos++;
                        } else {
                            reporter.error("missing-end.omp-construct", l.start(), l.end(), "construct",
                                    k.spelling);
                        }
                        out.add(new ParallelRegion.Worksharing(w.loop(), nowait));
                    }
                    case SINGLE, MASTER, MASKED, CRITICAL -> {
                        directives.claim(takePending(), AnnotationSite.OTHER, Set.of());
                        OmpDirective.Parsed p = parseOrReport(l);
                        pos++;
                        String construct = "!$omp " + k.spelling
                                + (p != null && p.name() != null ? " (" + p.name() + ")" : "");
                        List<Stmt> body = block(l, k, "'" + construct + "'");
                        int endOffset = lines.get(pos - 1).end();
                        Block b = new Block(body, src.range(l.end(), endOffset));
                        var range = src.range(l.start(), endOffset);
                        out.add(k == OmpDirective.Kind.CRITICAL ? new ParallelRegion.InTurn(construct, b, range)
                                : new ParallelRegion.OneThread(construct, b, range));
                    }
                    default -> {
                        List<Stmt> ignored = new ArrayList<>();
                        if (!ompBlock(l, k, ignored)) {
                            pending.add(l);
                            pos++;
                        }
                    }
                }
                continue;
            }
            Classifier.Line cls = Classifier.classify(l);
            if (ConstructLines.isTerminator(cls)) {
                if (endsHere(l, cls, closer)) {
                    break;
                }
                continue;
            }
            List<LogicalLine> mine = takePending();
            reportLabel(cls);
            regionStatement(l, cls, mine, out);
        }
        directives.dangling(pending);
        pending = new ArrayList<>();
        return out;
    }

    /**
     * The sections of a {@code sections} construct whose opening line was read, up to (not
     * including) {@code closing}: each {@code !$omp section} line starts one (the first may go
     * without), lowered by core's rule into a worksharing loop over section numbers.
     */
    private ParallelRegion.Worksharing sections(LogicalLine open, OmpParallelFor clauses,
            OmpDirective.Kind closing) {
        List<Block> sections = new ArrayList<>();
        String outer = insideBlock;
        insideBlock = "'!$omp sections'";
        openBlocks.push(closing);
        openBlocks.push(OmpDirective.Kind.SECTION);
        try {
            while (true) {
                int from = pos < end ? lines.get(pos).start() : open.end();
                boolean marked = pos < end && OmpDirective.kindOf(lines.get(pos)) == OmpDirective.Kind.SECTION;
                if (marked) {
                    parseOrReport(lines.get(pos));
                    pos++;
                }
                List<Stmt> body = statements(Closer.OMP, closing);
                if (marked || !body.isEmpty()) {
                    int to = pos > 0 ? lines.get(pos - 1).end() : from;
                    sections.add(new Block(body, src.range(from, Math.max(from, to))));
                }
                if (!(pos < end && OmpDirective.kindOf(lines.get(pos)) == OmpDirective.Kind.SECTION)) {
                    break;
                }
            }
        } finally {
            openBlocks.pop();
            openBlocks.pop();
            insideBlock = outer;
        }
        Variable counter = freshInteger("pa_section");
        int to = pos > 0 ? lines.get(pos - 1).end() : open.end();
        return ParallelRegion.sections(sections, counter, clauses, false, src.range(open.start(), to));
    }

    /** A new integer local of the procedure, named after {@code hint}. */
    private Variable freshInteger(String hint) {
        return freshLike(hint, Variable.scalar(hint, BaseType.INT, Variable.Kind.LOCAL));
    }

    /** A new local of the procedure like {@code like} (its type and shape), named after {@code hint}. */
    private Variable freshLike(String hint, Variable like) {
        String name = hint;
        for (int k = 1; scope.lookup(name) != null; k++) {
            name = hint + "_" + k;
        }
        Variable v = like.withName(name).withKind(Variable.Kind.LOCAL);
        scope.define(name, new Scope.Var(v, false, Scope.Intent.NONE));
        introduced.add(v);
        return v;
    }

    private List<LogicalLine> takePending() {
        List<LogicalLine> mine = pending;
        pending = new ArrayList<>();
        return mine;
    }

    /** One statement at region level: a worksharing loop, a sequential loop with directives inside, an atomic increment, or a statement every thread runs. */
    private void regionStatement(LogicalLine l, Classifier.Line cls, List<LogicalLine> mine, List<Part> out) {
        OmpDirective.Kind k = mine.stream().filter(x -> x.kind() == LogicalLine.Kind.OMP)
                .map(OmpDirective::kindOf).filter(x -> x != null).findFirst().orElse(null);
        if (cls.kind() == Classifier.Kind.DO && k == OmpDirective.Kind.DO) {
            For f = doLoop(l, cls, mine, true);
            ParallelRegion.Ordered ordered = f == null ? null : orderedBlock(f);
            if (f != null && f.omp() != null) {
                out.add(new ParallelRegion.Worksharing(f, lastNowait, ordered));
            } else if (f != null) {
                out.add(new ParallelRegion.Replicated(f));
            }
            return;
        }
        int inner = ConstructLines.opensConstruct(l, cls) ? ompInside() : -1;
        if (cls.kind() == Classifier.Kind.DO && k == null && inner >= 0) {
            ParallelRegion.Serial s = serialLoop(l, cls, mine);
            if (s != null) {
                out.add(s);
            }
            return;
        }
        if (inner >= 0 && cls.kind() != Classifier.Kind.DO) {
            LogicalLine d = lines.get(inner);
            reporter.error("unsupported-omp-region.fortran-inside-construct", d.start(), d.end(), "construct",
                    OmpDirective.kindOf(d) == null ? "directive" : OmpDirective.kindOf(d).spelling, "where",
                    cls.kind() == Classifier.Kind.IF ? "an if construct" : "this construct");
            directives.claim(mine, AnnotationSite.OTHER, Set.of());
            pos++;
            skipConstruct();
            return;
        }
        if (cls.kind() == Classifier.Kind.ASSIGNMENT && k == OmpDirective.Kind.ATOMIC) {
            Directives.Claimed d = directives.claim(mine, AnnotationSite.ASSIGNMENT, OmpDirective.Kind.ATOMIC);
            pos++;
            try {
                Assign a = simple.assignment(l, cls.at(), counters, d.ad(), null);
                if (d.omp() != null && d.omp().isAtomicAccess()) {
                    out.add(new ParallelRegion.Replicated(a));
                    return;
                }
                int start = d.omp() == null ? l.start() : d.omp().line().start();
                out.add(new ParallelRegion.InTurn("!$omp atomic", new Block(List.of(a), a.range()),
                        src.range(start, l.end())));
            } catch (UnsupportedException e) {
                reporter.add(e.diagnostic());
            }
            return;
        }
        List<Stmt> stmts = new ArrayList<>();
        statement(l, cls, mine, stmts);
        for (Stmt s : stmts) {
            out.add(new ParallelRegion.Replicated(s));
        }
    }

    /** A sequential do loop every thread runs, with directives inside: its body as parts. */
    private ParallelRegion.Serial serialLoop(LogicalLine l, Classifier.Line cls, List<LogicalLine> mine) {
        Directives.Claimed d = directives.claim(mine, AnnotationSite.LOOP, Set.of());
        pos++;
        DoLoopControl control = control(l, cls);
        if (control == null) {
            return null;
        }
        counters.push(control.counter());
        List<Part> body;
        try {
            body = parts(Closer.DO, null);
        } finally {
            counters.pop();
        }
        int endOffset = closeConstruct(l, "do", "end do", cls);
        Expr lower = control.lower();
        long step = control.step();
        For f = new For(control.counter(), lower, step > 0 ? Binary.Op.LE : Binary.Op.GE, control.upper(),
                new IntLit(step, lower.range()), new Block(List.of(), src.range(l.end(), endOffset)), null, d.ad(),
                src.range(l.start(), endOffset));
        DoLoopControl.checkBounds(f.withBody(new Block(RegionParts.statementsOf(body), f.range())), l, reporter);
        return new ParallelRegion.Serial(f, body);
    }

    /** The index of the first OpenMP directive inside the construct that opens at {@code pos}; -1 if none. */
    private int ompInside() {
        int depth = 1;
        for (int i = pos + 1; i < end; i++) {
            LogicalLine l = lines.get(i);
            if (l.kind() == LogicalLine.Kind.OMP) {
                return i;
            }
            if (l.kind() != LogicalLine.Kind.CODE) {
                continue;
            }
            Classifier.Line cls = Classifier.classify(l);
            if (ConstructLines.endsUnit(cls)) {
                return -1;
            }
            if (ConstructLines.opensConstruct(l, cls)) {
                depth++;
            } else if (cls.kind() == Classifier.Kind.END && !cls.endWhat().isEmpty() && --depth == 0) {
                return -1;
            }
        }
        return -1;
    }

    // ---- if -----------------------------------------------------------------------------------

    private Stmt ifStatement(LogicalLine l, Classifier.Line cls, List<LogicalLine> mine) {
        Cursor c = new Cursor(l, src, cls.at());
        Expr cond;
        boolean construct;
        try {
            c.next();
            cond = condition(c);
            if (c.atEnd()) {
                throw c.atNext("syntax-error.expected-then-statement");
            }
            construct = c.peekName("then") && c.peek(1) == null;
            if (!construct && c.peek().kind() == Token.Kind.INT) {
                throw c.error("unsupported-arithmetic-if");
            }
        } catch (UnsupportedException e) {
            reporter.add(e.diagnostic());
            pos++;
            if (ConstructLines.isConstructIf(l, cls)) {
                skipConstruct();
            }
            directives.claim(mine, AnnotationSite.OTHER, Set.of());
            return null;
        }
        if (!construct) {
            pos++;
            return logicalIf(l, c, cond, mine);
        }
        directives.claim(mine, AnnotationSite.OTHER, Set.of());
        pos++;
        return ifRest(cond, l.start(), l, cls);
    }

    private Expr condition(Cursor c) {
        c.expect("(", "'(' after if");
        int s = c.nextStart();
        Expr cond = exprs.parse(c);
        c.expect(")", "')' after the condition");
        if (exprs.typeOf(cond) != TypeClass.LOGICAL) {
            throw c.between(s, c.prevEnd(), "syntax-error.condition-logical-expression");
        }
        return cond;
    }

    /** {@code if (c) action}: the action is one simple statement. */
    private Stmt logicalIf(LogicalLine l, Cursor c, Expr cond, List<LogicalLine> mine) {
        directives.claim(mine, AnnotationSite.OTHER, Set.of());
        LogicalLine action = new LogicalLine(LogicalLine.Kind.CODE, l.tokens().subList(c.pos(), l.tokens().size()),
                c.nextStart(), l.end());
        Classifier.Line acls = Classifier.classify(action);
        List<Stmt> body = new ArrayList<>();
        try {
            switch (acls.kind()) {
                case ASSIGNMENT -> body.add(simple.assignment(action, acls.at(), counters, List.of(), null));
                case CALL -> body.add(MpiCalls.isMpiCall(action, acls) ? mpi.statement(action, acls.at(), body)
                        : simple.call(action, acls.at()));
                case RETURN -> body.add(simple.returnStatement(action, acls.at()));
                case CONTINUE -> {
                }
                case DO, IF, ELSE, ELSE_IF, END -> throw new Cursor(action, src).error("syntax-error.logical-if-takes");
                default -> throw simple.unsupported(action, acls);
            }
        } catch (UnsupportedException e) {
            reporter.add(e.diagnostic());
            return null;
        }
        return new If(cond, new Block(body, action.tokens().isEmpty() ? src.range(l.end(), l.end())
                : src.range(action.start(), action.end())), null, src.range(l.start(), l.end()));
    }

    /** The blocks of an if construct after its header, through its {@code end if}. */
    private If ifRest(Expr cond, int start, LogicalLine header, Classifier.Line cls) {
        List<Stmt> then = statements(Closer.IF);
        Block otherwise = null;
        int endOffset = header.end();
        if (pos < end) {
            LogicalLine stop = lines.get(pos);
            Classifier.Line scls = Classifier.classify(stop);
            if (scls.kind() == Classifier.Kind.ELSE_IF) {
                pos++;
                If inner = elseIf(stop, scls, cls);
                if (inner != null) {
                    otherwise = new Block(List.of(inner), inner.range());
                    endOffset = inner.range().offset() + inner.range().length();
                }
                return new If(cond, new Block(then, src.range(header.end(), stop.start())), otherwise,
                        src.range(start, endOffset));
            }
            if (scls.kind() == Classifier.Kind.ELSE) {
                pos++;
                Cursor c = new Cursor(stop, src, scls.at() + 1);
                if (!c.atEnd() && !(c.peek().isName() && c.peek(1) == null)) {
                    reporter.error("syntax-error.text-after-else", stop.start(), stop.end());
                }
                List<Stmt> els = statements(Closer.ELSE);
                otherwise = new Block(els, src.range(stop.end(), pos < end ? lines.get(pos).start() : stop.end()));
            }
        }
        endOffset = closeConstruct(header, "if", "end if", cls);
        return new If(cond, new Block(then, src.range(header.end(), header.end())), otherwise,
                src.range(start, endOffset));
    }

    private If elseIf(LogicalLine stop, Classifier.Line scls, Classifier.Line opening) {
        Cursor c = new Cursor(stop, src, scls.at());
        Expr cond;
        try {
            if (c.next().isName("else")) {
                c.next();
            }
            cond = condition(c);
            if (!c.peekName("then")) {
                throw c.atNext("syntax-error.expected-then-after");
            }
            c.next();
            if (!c.atEnd() && !(c.peek().isName() && c.peek(1) == null)) {
                throw c.atNext("syntax-error.text-after-then");
            }
        } catch (UnsupportedException e) {
            reporter.add(e.diagnostic());
            cond = new IntLit(0);
        }
        return ifRest(cond, stop.start(), stop, opening);
    }

    // ---- construct ends and recovery ----------------------------------------------------------

    /**
     * Consumes the {@code end do}/{@code end if} of a construct and returns its end offset; a
     * missing end is reported at the header. A construct name on the end must match the header's.
     */
    private int closeConstruct(LogicalLine header, String what, String spelled, Classifier.Line hcls) {
        if (pos >= end) {
            reporter.error("missing-end.construct", header.start(), header.end(), "what", what, "spelled", spelled);
            return header.end();
        }
        LogicalLine l = lines.get(pos);
        Classifier.Line cls = Classifier.classify(l);
        if (cls.kind() != Classifier.Kind.END || !cls.endWhat().equals(what)) {
            reporter.error("missing-end.construct-before", header.start(), header.end(), "what", what, "spelled",
                    spelled, "code", src.excerpt(l.start(), l.end()));
            return header.end();
        }
        pos++;
        String name = cls.endNameAt() < l.tokens().size() ? l.tokens().get(cls.endNameAt()).text() : null;
        String expected = hcls.construct() == null ? null : hcls.construct().text();
        if (name != null && !name.equals(expected) || name == null && expected != null) {
            reporter.error("mismatched-end.construct-name", l.start(), l.end(), "spelled", spelled, "given",
                    (name == null ? "" : " " + name), "name", (expected == null ? "(none)" : "'" + expected + "'"));
        }
        return l.end();
    }

    /** Skips the body of a construct whose header was rejected, through its matching end. */
    private void skipConstruct() {
        int depth = 1;
        while (pos < end) {
            LogicalLine l = lines.get(pos);
            if (l.kind() == LogicalLine.Kind.CODE) {
                Classifier.Line cls = Classifier.classify(l);
                if (ConstructLines.endsUnit(cls)) {
                    return;
                }
                if (ConstructLines.opensConstruct(l, cls)) {
                    depth++;
                } else if (cls.kind() == Classifier.Kind.END && !cls.endWhat().isEmpty()) {
                    depth--;
                    if (depth == 0) {
                        pos++;
                        return;
                    }
                }
            }
            pos++;
        }
    }

    private void skipToLabel(String label) {
        String digits = label.replaceAll("_.*", "");
        for (int i = pos; i < end; i++) {
            Classifier.Line cls = Classifier.classify(lines.get(i));
            if (cls.label() != null && cls.label().text().replaceAll("_.*", "").equals(digits)) {
                pos = i + 1;
                return;
            }
        }
    }

    List<AdPragma> pragmas() {
        return directives.collected;
    }
}
