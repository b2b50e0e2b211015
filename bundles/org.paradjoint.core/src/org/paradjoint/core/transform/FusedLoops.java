package org.paradjoint.core.transform;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.CallStmt;
import org.paradjoint.core.ir.Decl;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.LValue;
import org.paradjoint.core.ir.OmpParallelFor;
import org.paradjoint.core.ir.Return;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.Variable;

/**
 * Fuses consecutive parallel loops of a derivative over the same iterations into one parallel
 * loop, so that data one loop brings into cache is used by the next while it is still there: the
 * adjoint of {@code tmp = A x; y = A' tmp} recomputes {@code tmp} and makes two reverse passes
 * over the rows of {@code A}, three passes over a matrix that a careful person makes in one.
 * <p>
 * Two parallel loops {@code L1; L2} whose iterations are independent (OpenMP's promise for each)
 * become {@code for i { body1(i); body2(i) }} when no iteration of the fused loop touches what
 * another iteration of it touches, unless both only read it:
 * <ul>
 * <li>every variable one body writes and the other mentions (apart from each loop's private
 * variables, counters and declarations) is an array of which every reference in both bodies has,
 * at one and the same position, exactly the loop counter as its index: iteration {@code i} of
 * either loop touches only elements whose index there is {@code i}, so only iteration {@code i}
 * of the fused loop touches them, in the order {@code body1(i)} then {@code body2(i)} that the
 * two loops had; or it is an array both bodies only increment atomically (increments commute);</li>
 * <li>a variable private to one loop is not shared in the other, reduction variables and
 * per-thread accumulators of one loop are not mentioned by the other, and neither body has
 * calls, tapes or returns (their order is not an element-wise property);</li>
 * <li>both loops run over the same counter values (a reversed parallel loop runs in either
 * order), with the same schedule, bounds that read nothing the first loop writes, and no
 * collapsed levels.</li>
 * </ul>
 * Statements between the loops that commute with the later loop (they write nothing it mentions
 * and mention nothing it writes: typically the reset of an adjoint the later loop does not read)
 * move after the fused loop, in their order.
 */
final class FusedLoops {

    /** How far ahead of a parallel loop another one is looked for, past commuting statements. */
    private static final int WINDOW = 3;

    private final List<Diagnostic> diagnostics;

    private FusedLoops(List<Diagnostic> diagnostics) {
        this.diagnostics = diagnostics;
    }

    /** {@code f} with its consecutive fusable parallel loops fused; each fusion is reported to {@code diagnostics}. */
    static Function apply(Function f, List<Diagnostic> diagnostics) {
        return f.withBody(new FusedLoops(diagnostics).block(f.body()));
    }

    private Block block(Block b) {
        List<Stmt> in = new ArrayList<>();
        for (Stmt s : b.stmts()) {
            in.add(nested(s));
        }
        List<Stmt> out = new ArrayList<>();
        int k = 0;
        while (k < in.size()) {
            if (!(in.get(k) instanceof For first) || !candidate(first)) {
                out.add(in.get(k++));
                continue;
            }
            For fused = first;
            List<Stmt> deferred = new ArrayList<>();
            int next = k + 1;
            boolean grown = true;
            while (grown) {
                grown = false;
                for (int at = next; at < Math.min(in.size(), next + WINDOW); at++) {
                    if (!(in.get(at) instanceof For later) || !candidate(later)) {
                        continue;
                    }
                    List<Stmt> between = new ArrayList<>(deferred);
                    between.addAll(in.subList(next, at));
                    For merged = fuse(fused, later, between);
                    if (merged != null) {
                        deferred = between;
                        fused = merged;
                        next = at + 1;
                        grown = true;
                        break;
                    }
                }
            }
            out.add(fused);
            out.addAll(deferred);
            k = next;
        }
        return new Block(out, b.range());
    }

    /** Parallel loops are left as they are inside (no nested parallelism); other blocks are fused within. */
    private Stmt nested(Stmt s) {
        return switch (s) {
            case Block b -> block(b);
            case If i -> new If(i.cond(), block(i.then()), i.otherwise() == null ? null : block(i.otherwise()),
                    i.range());
            case For f when !f.isParallel() -> f.withBody(block(f.body()));
            default -> s;
        };
    }

    private static boolean candidate(For f) {
        if (!f.isParallel() || f.omp().collapse() > 1 || DistinctElements.Range.of(f) == null) {
            return false;
        }
        boolean[] refused = {false};
        StmtUtil.forEach(f.body(), s -> {
            if (s instanceof CallStmt || s instanceof Return) {
                refused[0] = true;
            }
        });
        StmtUtil.forEachExpr(f.body(), e -> ExprUtil.forEach(e, x -> {
            if (x instanceof LValue lv && lv.var().type().isOpaque()
                    || x instanceof org.paradjoint.core.ir.Call c && c.name().startsWith("pa_")) {
                refused[0] = true;
            }
        }));
        return !refused[0];
    }

    /**
     * {@code first} and {@code later} as one loop, {@code between} (statements that ran between
     * them) to run after it; null when that could change what they compute.
     */
    private For fuse(For first, For later, List<Stmt> between) {
        OmpParallelFor a = first.omp();
        OmpParallelFor b = later.omp();
        if (!java.util.Objects.equals(a.schedule(), b.schedule())
                || !java.util.Objects.equals(a.defaultSharing(), b.defaultSharing())) {
            return null;
        }
        if (!DistinctElements.Range.of(first).sameValues(DistinctElements.Range.of(later))) {
            return null;
        }
        Block laterBody = later.body();
        Set<Variable> localB = locals(later, laterBody);
        if (!later.counter().equals(first.counter())) {
            // the later loop's counter takes the first's name; where the later loop has a private
            // variable of that name (an inner counter), the two swap names
            boolean swap = StmtUtil.mentioned(laterBody).contains(first.counter());
            if (StmtUtil.mentioned(first.body()).contains(later.counter()) && !locals(first, first.body())
                    .contains(later.counter()) || swap && !localB.contains(first.counter())) {
                return null;
            }
            Map<Variable, Variable> names = swap ? Map.of(later.counter(), first.counter(), first.counter(),
                    later.counter()) : Map.of(later.counter(), first.counter());
            laterBody = (Block) StmtUtil.rename(laterBody, names);
            Set<Variable> renamed = new HashSet<>();
            localB.forEach(v -> renamed.add(names.getOrDefault(v, v)));
            localB = renamed;
            b = StmtUtil.renameOmp(b, names);
        }
        Set<Variable> localA = locals(first, first.body());
        Set<Variable> allA = StmtUtil.mentioned(first.body());
        Set<Variable> allB = StmtUtil.mentioned(laterBody);
        Set<Variable> mentionedA = new HashSet<>(allA);
        mentionedA.removeAll(localA);
        Set<Variable> mentionedB = new HashSet<>(allB);
        mentionedB.removeAll(localB);
        // a private variable of one loop read or written as shared by the other would change meaning
        if (intersects(localA, mentionedB) || intersects(localB, mentionedA) || declaresSameName(first.body(), laterBody)
                || intersects(reductionVars(a), allB) || intersects(reductionVars(b), allA)
                || intersects(accumulated(a), allB) || intersects(accumulated(b), allA)) {
            return null;
        }
        Set<Variable> writesA = StmtUtil.writes(first.body());
        writesA.removeAll(localA);
        Set<Variable> writesB = StmtUtil.writes(laterBody);
        writesB.removeAll(localB);
        Set<Variable> header = new HashSet<>();
        for (Expr e : List.of(later.lower(), later.bound(), later.step())) {
            header.addAll(ExprUtil.variables(e));
        }
        if (intersects(header, writesA)) {
            return null;
        }
        Set<Variable> shared = new LinkedHashSet<>();
        writesA.stream().filter(mentionedB::contains).forEach(shared::add);
        writesB.stream().filter(mentionedA::contains).forEach(shared::add);
        for (Variable v : shared) {
            if (!partitioned(v, first.counter(), first.body(), laterBody)
                    && !(onlyAtomicIncrements(v, first.body()) && onlyAtomicIncrements(v, laterBody))) {
                return null;
            }
        }
        for (Stmt s : between) {
            if (!commutes(s, later, laterBody, localB)) {
                return null;
            }
        }
        List<Stmt> body = new ArrayList<>(first.body().stmts());
        body.addAll(laterBody.stmts());
        if (first.range().isKnown() && later.range().isKnown()) {
            diagnostics.add(Diagnostic.info("loops-fused", first.range(), "counter", first.counter().name(), "line",
                    String.valueOf(later.range().line())));
        }
        return first.withBody(new Block(body, first.body().range())).withOmp(merged(a, b));
    }

    /** {@code s} may run after {@code later} instead of before it. */
    private static boolean commutes(Stmt s, For later, Block laterBody, Set<Variable> localB) {
        if (!(s instanceof For || s instanceof Assign || s instanceof Block)) {
            return false;
        }
        boolean[] refused = {false};
        StmtUtil.forEach(s, x -> {
            if (x instanceof CallStmt || x instanceof Return) {
                refused[0] = true;
            }
        });
        if (refused[0]) {
            return false;
        }
        Set<Variable> localS = new HashSet<>();
        StmtUtil.forEach(s, x -> {
            if (x instanceof For f && f.isParallel()) {
                localS.add(f.counter());
                localS.addAll(f.omp().privates());
                localS.addAll(f.omp().firstprivates());
                StmtUtil.forEach(f.body(), y -> {
                    if (y instanceof For g) {
                        localS.add(g.counter());
                    }
                });
            }
        });
        Set<Variable> writesS = StmtUtil.writes(s);
        writesS.removeAll(localS);
        Set<Variable> mentionedS = StmtUtil.mentioned(s);
        mentionedS.removeAll(localS);
        Set<Variable> mentionedL = StmtUtil.mentioned(laterBody);
        mentionedL.removeAll(localB);
        for (Expr e : List.of(later.lower(), later.bound(), later.step())) {
            mentionedL.addAll(ExprUtil.variables(e));
        }
        Set<Variable> writesL = StmtUtil.writes(laterBody);
        writesL.removeAll(localB);
        return !intersects(writesS, mentionedL) && !intersects(writesL, mentionedS);
    }

    /** The private variables of a loop's iteration: its counter, the inner loops' counters, privates and declarations. */
    private static Set<Variable> locals(For loop, Block body) {
        Set<Variable> out = new HashSet<>();
        out.add(loop.counter());
        StmtUtil.forEach(body, s -> {
            if (s instanceof For inner && inner.omp() == null && loop.omp().privates().contains(inner.counter())) {
                out.add(inner.counter());
            }
        });
        out.addAll(loop.omp().privates());
        out.addAll(loop.omp().firstprivates());
        StmtUtil.forEach(body, s -> {
            if (s instanceof Decl d) {
                out.add(d.var());
            }
        });
        return out;
    }

    private static boolean declaresSameName(Block a, Block b) {
        Set<String> names = new HashSet<>();
        StmtUtil.forEach(a, s -> {
            if (s instanceof Decl d) {
                names.add(d.var().name());
            }
        });
        boolean[] clash = {false};
        StmtUtil.forEach(b, s -> {
            if (s instanceof Decl d && names.contains(d.var().name())) {
                clash[0] = true;
            }
        });
        return clash[0];
    }

    /**
     * Every reference to array {@code v} in both bodies has exactly {@code counter} as its index
     * at one and the same position: each iteration touches elements of its own.
     */
    static boolean partitioned(Variable v, Variable counter, Block a, Block b) {
        if (!v.isArray()) {
            return false;
        }
        List<ArrayRef> refs = new ArrayList<>();
        boolean[] whole = {false};
        for (Block body : List.of(a, b)) {
            StmtUtil.forEachExpr(body, e -> ExprUtil.forEach(e, x -> {
                if (x instanceof ArrayRef r && r.var().equals(v)) {
                    refs.add(r);
                } else if (x instanceof LValue lv && lv.var().equals(v)) {
                    whole[0] = true;
                }
            }));
        }
        return !whole[0] && !DistinctElements.counterPositions(refs, counter).isEmpty();
    }

    /** {@code v} appears in {@code body} only as the target of atomic increments (not in their values). */
    private static boolean onlyAtomicIncrements(Variable v, Block body) {
        boolean[] other = {false};
        StmtUtil.forEach(body, s -> {
            if (s instanceof Assign a && a.target().var().equals(v)
                    && !(a.atomic() && (a.op() == Assign.Op.ADD || a.op() == Assign.Op.SUB))) {
                other[0] = true;
            }
            if (s instanceof Assign a && ExprUtil.references(a.value(), v)) {
                other[0] = true;
            }
            if (!(s instanceof Assign)) {
                for (Expr e : StmtUtil.ownExprs(s)) {
                    if (ExprUtil.references(e, v)) {
                        other[0] = true;
                    }
                }
            }
        });
        return !other[0];
    }

    /** The clauses of the fused loop: the union of both loops' lists. */
    private static OmpParallelFor merged(OmpParallelFor a, OmpParallelFor b) {
        List<Variable> firstprivates = union(a.firstprivates(), b.firstprivates());
        List<Variable> privates = union(a.privates(), b.privates());
        privates.removeAll(firstprivates);
        List<OmpParallelFor.Reduction> reductions = new ArrayList<>(a.reductions());
        reductions.addAll(b.reductions());
        List<OmpParallelFor.PrivateAccumulator> accumulators = new ArrayList<>(a.accumulators());
        // one region: the team size of the first loop's copies sizes the second's too
        Variable threads = a.accumulators().isEmpty() ? null : a.accumulators().get(0).threads();
        b.accumulators().forEach(p -> accumulators.add(threads == null ? p
                : p.withThreads(threads)));
        return a.withPrivates(privates).withFirstprivates(firstprivates).withShared(union(a.shared(), b.shared()))
                .withReductions(reductions).withAccumulators(accumulators);
    }

    private static List<Variable> union(List<Variable> a, List<Variable> b) {
        Set<Variable> out = new LinkedHashSet<>(a);
        out.addAll(b);
        return new ArrayList<>(out);
    }

    private static Set<Variable> reductionVars(OmpParallelFor omp) {
        Set<Variable> out = new HashSet<>();
        out.addAll(omp.reductionVariables());
        return out;
    }

    private static Set<Variable> accumulated(OmpParallelFor omp) {
        Set<Variable> out = new HashSet<>();
        omp.accumulators().forEach(p -> {
            out.add(p.target());
            out.add(p.view());
        });
        return out;
    }

    private static boolean intersects(Set<Variable> a, Set<Variable> b) {
        return a.stream().anyMatch(b::contains);
    }
}
