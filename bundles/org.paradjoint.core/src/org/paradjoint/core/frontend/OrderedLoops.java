package org.paradjoint.core.frontend;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

import org.paradjoint.core.analysis.Initialization;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Decl;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.OmpParallelFor;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.Variable;

/**
 * A parallel loop with the {@code ordered} clause whose body is {@code A; ordered { B } C} (the
 * {@code ordered} block a statement of the body itself, not only increments): lowered by loop
 * fission into a parallel loop of the {@code A}s, a sequential loop of the {@code B}s in
 * iteration order, and a parallel loop of the {@code C}s. Every later sweep then sees ordinary
 * loops, and the adjoint is their adjoints in reverse order: the {@code C}s' in parallel, the
 * {@code B}s' sequentially in reverse iteration order, the {@code A}s' in parallel.
 *
 * <p>Why the fission is exact for a race-free primal. Write {@code X(i)} for part X of
 * iteration i. OpenMP orders {@code A(i)} before {@code B(i)} before {@code C(i)} (one thread),
 * and {@code B(i)} before {@code B(j)} for {@code i < j} (the ordered construct); so {@code A(i)}
 * happens before {@code B(j)} and {@code C(j)} for every {@code j >= i}, and {@code B(i)} before
 * {@code C(j)} for {@code j >= i}. Every other pair ({@code A(i)} with {@code B(j)} or
 * {@code C(j)} for {@code j < i}, {@code C(i)} with {@code B(j)} for {@code j > i}, two
 * {@code A}s or two {@code C}s) is unordered, and in a race-free primal unordered parts do not
 * touch a location one of them writes. The fissioned program keeps every ordered pair in its
 * order (all {@code A}s, then the {@code B}s in iteration order, then all {@code C}s) and only
 * reorders unordered, hence independent, pairs: it computes what the primal computes, whatever
 * the schedule. (The alternative, an adjoint loop with {@code ordered} running backwards, is as
 * exact, but needs the ordered block in the IR and a tape shared in iteration order.)
 *
 * <p>What one part leaves to a later one in a private variable would be lost between the loops.
 * Assignments of private scalars in {@code A} that read nothing the loop writes (the iteration's
 * setup, as {@code double e = x[i] * x[i];}) are recomputed at the start of the later loops that
 * read them; any other private value read by a later part is a located error.
 */
public final class OrderedLoops {

    private OrderedLoops() {
    }

    /**
     * {@code loop} (parallel, its body holding {@code ordered} as a statement of its own) as the
     * three loops above, the empty ones left out.
     */
    public static List<Stmt> fission(For loop, Stmt ordered, SourceRange orderedRange,
            UnaryOperator<Variable> fresh) {
        List<Stmt> body = loop.body().stmts();
        int at = body.indexOf(ordered);
        if (at < 0) {
            throw new IllegalArgumentException("the ordered block is not a statement of the loop's body");
        }
        List<Stmt> before = body.subList(0, at);
        List<Stmt> inOrder = StmtUtil.flatten(List.of(ordered));
        List<Stmt> after = body.subList(at + 1, body.size());
        Set<Variable> privates = new LinkedHashSet<>(loop.omp().privates());
        privates.addAll(loop.omp().firstprivates());

        // inside the loop a reduction variable is each thread's partial value, which the
        // sequential loop of the blocks would not have
        for (OmpParallelFor.Reduction r : loop.omp().reductions()) {
            for (Variable v : r.vars()) {
                if (inOrder.stream().anyMatch(x -> StmtUtil.reads(x).contains(v) || StmtUtil.writes(x).contains(v))) {
                    throw new UnsupportedException("unsupported-omp.ordered-reduction", orderedRange, "variable",
                            v.name());
                }
            }
        }
        Set<Variable> writtenByLoop = new LinkedHashSet<>(StmtUtil.writes(loop.body()));
        List<Stmt> setup = new ArrayList<>();
        Set<Variable> setupTargets = new LinkedHashSet<>();
        for (Stmt s : before) {
            Variable target = privateScalarSet(s, privates);
            if (target != null && !readsWrittenOtherThan(s, writtenByLoop, setupTargets)
                    && writtenOnlyBySetup(target, body, s)) {
                setup.add(s);
                setupTargets.add(target);
            }
        }
        List<Stmt> firstWork = before.stream().filter(s -> !setup.contains(s)).toList();
        Set<Variable> leftByEarlier = new LinkedHashSet<>();
        firstWork.forEach(s -> StmtUtil.writes(s).stream().filter(privates::contains).forEach(leftByEarlier::add));
        checkNothingCarried(inOrder, setupTargets, leftByEarlier, privates, orderedRange);
        inOrder.forEach(s -> StmtUtil.writes(s).stream().filter(privates::contains).forEach(leftByEarlier::add));
        checkNothingCarried(after, setupTargets, leftByEarlier, privates,
                after.isEmpty() ? orderedRange : after.get(0).range());

        List<Stmt> out = new ArrayList<>();
        if (!firstWork.isEmpty()) {
            out.add(piece(loop, before));
        }
        out.add(sequential(loop, withSetup(setup, inOrder), privates, orderedRange, fresh));
        if (!after.isEmpty()) {
            out.add(piece(loop, withSetup(setup, after)));
        }
        return out;
    }

    /** The target of {@code s} when it sets a private scalar ({@code e = ...} or {@code double e = ...}); else null. */
    private static Variable privateScalarSet(Stmt s, Set<Variable> privates) {
        Variable v = switch (s) {
        case Assign a when a.op() == Assign.Op.SET && a.target().var().isScalar() -> a.target().var();
        case Decl d when d.init() != null && d.var().isScalar() -> d.var();
        default -> null;
        };
        return v != null && privates.contains(v) ? v : null;
    }

    private static boolean readsWrittenOtherThan(Stmt s, Set<Variable> written, Set<Variable> setupTargets) {
        return StmtUtil.reads(s).stream().anyMatch(v -> written.contains(v) && !setupTargets.contains(v));
    }

    /** True when no statement of {@code body} but {@code setup} writes {@code v}: recomputing it gives the same value. */
    private static boolean writtenOnlyBySetup(Variable v, List<Stmt> body, Stmt setup) {
        return body.stream().filter(s -> s != setup).noneMatch(s -> StmtUtil.writes(s).contains(v));
    }

    private static void checkNothingCarried(List<Stmt> part, Set<Variable> setupTargets, Set<Variable> leftByEarlier,
            Set<Variable> privates, SourceRange range) {
        Set<Variable> liveIn = Initialization.maybeReadUninitialized(new Block(part, range), setupTargets);
        for (Variable v : liveIn) {
            if (privates.contains(v) && leftByEarlier.contains(v)) {
                throw new UnsupportedException("unsupported-omp.ordered-private-carried", range, "variable",
                        v.name());
            }
        }
    }

    private static List<Stmt> withSetup(List<Stmt> setup, List<Stmt> work) {
        Set<Variable> read = new LinkedHashSet<>();
        work.forEach(s -> read.addAll(StmtUtil.reads(s)));
        List<Stmt> out = new ArrayList<>();
        // a setup statement is kept when the work, or a later setup statement kept, reads its target
        for (int k = setup.size() - 1; k >= 0; k--) {
            Stmt s = setup.get(k);
            if (StmtUtil.writes(s).stream().anyMatch(read::contains)) {
                out.add(0, s);
                read.addAll(StmtUtil.reads(s));
            }
        }
        out.addAll(work);
        return out;
    }

    /**
     * The sequential loop of the blocks. The private scalars it writes are renamed to fresh
     * locals ({@code fresh} declares one like its argument): OpenMP leaves a private variable's
     * original unchanged by the loop, and code after it may read that. A private array written
     * there would need a fresh array: a located error.
     */
    private static For sequential(For loop, List<Stmt> stmts, Set<Variable> privates, SourceRange range,
            UnaryOperator<Variable> fresh) {
        Map<Variable, Variable> renaming = new LinkedHashMap<>();
        for (Stmt s : stmts) {
            for (Variable v : StmtUtil.writes(s)) {
                if (privates.contains(v) && !renaming.containsKey(v)) {
                    if (!v.isScalar()) {
                        throw new UnsupportedException("unsupported-omp.ordered-private-array", range, "array",
                                v.name());
                    }
                    renaming.put(v, fresh.apply(v));
                }
            }
        }
        List<Stmt> renamed = stmts.stream().map(s -> StmtUtil.rename(s, renaming)).toList();
        return loop.withBody(new Block(renamed, loop.body().range())).withOmp(null);
    }

    /** One of the parallel loops: the header and clauses of {@code loop}. */
    private static For piece(For loop, List<Stmt> stmts) {
        Block body = new Block(stmts, loop.body().range());
        Set<Variable> written = new LinkedHashSet<>(StmtUtil.writes(body));
        OmpParallelFor omp = loop.omp();
        // a reduction belongs to the loops that update its variables
        List<OmpParallelFor.Reduction> reductions = omp.reductions().stream()
                .map(r -> new OmpParallelFor.Reduction(r.op(), r.vars().stream().filter(written::contains).toList()))
                .filter(r -> !r.vars().isEmpty()).toList();
        return loop.withBody(body).withOmp(omp.withReductions(reductions));
    }
}
