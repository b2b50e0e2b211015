package org.paradjoint.core.transform;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.LoopHint;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * Fuses consecutive innermost loops inside a parallel loop's iteration that walk the same row:
 * bicg's adjoint makes, for row i, one pass for {@code Ab[i][j] += p[j] * qb[i]} and
 * {@code pb[j] += A[i][j] * qb[i]}, then another for {@code Ab[i][j] += r[i] * sb[j]} and the sum
 * {@code rb[i] += A[i][j] * sb[j]}; one pass does both while the row is in registers.
 * <p>
 * A loop qualifies when its lanes are independent: its body is assignments, every array it
 * writes is referenced in it only at elements with one index exactly the counter (at one
 * position), and the only scalars it writes are the sums of its {@code omp simd} mark. Two such
 * loops over the same counter and the same values (their order is free: lanes are independent)
 * fuse when every array one writes and the other mentions is referenced in both at the counter's
 * position ({@link FusedLoops#partitioned}) and no scalar one writes is mentioned by the other:
 * lane j of the fused loop then does lane j of the first, then lane j of the second, the only
 * lanes that touch those elements. Statements between them move before the fused loop when they
 * commute with the first (the reset of the second's sum) or after it when they commute with the
 * second (a reset of what only the first reads). The fused loop keeps {@code omp simd} with both
 * loops' sums when one of them had it.
 */
final class FusedLanes {

    private FusedLanes() {
    }

    /** {@code f} with the innermost loops of each parallel loop's iteration fused where they may be. */
    static org.paradjoint.core.ir.Function apply(org.paradjoint.core.ir.Function f) {
        return f.withBody(StmtUtil.flatMap(f.body(), FusedLanes::inParallelLoops));
    }

    private static List<Stmt> inParallelLoops(Stmt s) {
        return List.of(switch (s) {
            case For f when f.isParallel() -> f.withBody(of(f.body(), f.body()));
            case For f -> f.withBody(StmtUtil.flatMap(f.body(), FusedLanes::inParallelLoops));
            case Block b -> StmtUtil.flatMap(b, FusedLanes::inParallelLoops);
            case If i -> new If(i.cond(), StmtUtil.flatMap(i.then(), FusedLanes::inParallelLoops),
                    StmtUtil.flatMap(i.otherwise(), FusedLanes::inParallelLoops), i.range());
            default -> s;
        });
    }

    /**
     * Block {@code b} of the body {@code iteration} of a parallel loop, with its fusable innermost
     * loops fused, at every level of it.
     */
    private static Block of(Block b, Block iteration) {
        List<Stmt> in = new ArrayList<>();
        for (Stmt s : b.stmts()) {
            in.add(switch (s) {
                case Block x -> of(x, iteration);
                case If i -> new If(i.cond(), of(i.then(), iteration), i.otherwise() == null ? null
                        : of(i.otherwise(), iteration), i.range());
                case For f -> f.withBody(of(f.body(), iteration));
                default -> s;
            });
        }
        List<Stmt> out = new ArrayList<>();
        int k = 0;
        while (k < in.size()) {
            if (!(in.get(k) instanceof For first) || !independentLanes(first)) {
                out.add(in.get(k++));
                continue;
            }
            For fused = first;
            List<Stmt> before = new ArrayList<>();
            List<Stmt> after = new ArrayList<>();
            int next = k + 1;
            while (true) {
                int at = next;
                while (at < in.size() && in.get(at) instanceof Assign) {
                    at++;
                }
                if (at >= in.size() || !(in.get(at) instanceof For later) || !independentLanes(later)) {
                    break;
                }
                List<Stmt> hoisted = new ArrayList<>();
                List<Stmt> sunk = new ArrayList<>();
                boolean movable = true;
                for (Stmt s : in.subList(next, at)) {
                    // a statement hoisted past one that sinks trades places with it: they must commute
                    if (commutes(s, fused) && sunk.stream().allMatch(x -> commutes(s, x))) {
                        hoisted.add(s);
                    } else if (commutes(s, later)) {
                        sunk.add(s);
                    } else {
                        movable = false;
                        break;
                    }
                }
                For merged = movable ? fuse(fused, later, readOutsideItsLoops(iteration, later.counter())) : null;
                if (merged == null) {
                    break;
                }
                before.addAll(hoisted);
                after.addAll(sunk);
                fused = merged;
                next = at + 1;
            }
            out.addAll(before);
            out.add(fused);
            out.addAll(after);
            k = next;
        }
        return new Block(out, b.range());
    }

    /** {@code s} and {@code t} touch nothing the other writes. */
    private static boolean commutes(Stmt s, Stmt t) {
        Set<Variable> writesT = StmtUtil.writes(t);
        Set<Variable> mentionsT = StmtUtil.mentioned(t);
        return StmtUtil.writes(s).stream().noneMatch(mentionsT::contains)
                && StmtUtil.mentioned(s).stream().noneMatch(writesT::contains);
    }

    /**
     * Whether {@code counter} is read in {@code iteration} anywhere but in the loops it counts:
     * then its value after them is the last loop's last value, which the fused loop must keep.
     */
    private static boolean readOutsideItsLoops(Block iteration, Variable counter) {
        boolean[] read = {false};
        for (Stmt s : iteration.stmts()) {
            readOutside(s, counter, read);
        }
        return read[0];
    }

    private static void readOutside(Stmt s, Variable counter, boolean[] read) {
        if (s instanceof For f && f.counter().equals(counter)) {
            return;
        }
        for (org.paradjoint.core.ir.Expr e : StmtUtil.ownExprs(s)) {
            read[0] |= org.paradjoint.core.expr.ExprUtil.references(e, counter);
        }
        switch (s) {
            case For f -> f.body().stmts().forEach(x -> readOutside(x, counter, read));
            case Block x -> x.stmts().forEach(y -> readOutside(y, counter, read));
            case If i -> StmtUtil.branches(i).forEach(x -> x.stmts().forEach(y -> readOutside(y, counter, read)));
            default -> {
            }
        }
    }

    /** {@code counterRead}: the counter is read after the loops, so it must end as {@code b} left it. */
    private static For fuse(For a, For b, boolean counterRead) {
        if (!a.counter().equals(b.counter())
                || !DistinctElements.Range.of(a).sameValues(DistinctElements.Range.of(b))) {
            return null;
        }
        Set<Variable> writesA = StmtUtil.writes(a.body());
        Set<Variable> writesB = StmtUtil.writes(b.body());
        Set<Variable> mentionedA = StmtUtil.mentioned(a.body());
        Set<Variable> mentionedB = StmtUtil.mentioned(b.body());
        Set<Variable> shared = new LinkedHashSet<>();
        writesA.stream().filter(mentionedB::contains).forEach(shared::add);
        writesB.stream().filter(mentionedA::contains).forEach(shared::add);
        for (Variable v : shared) {
            if (!FusedLoops.partitioned(v, a.counter(), a.body(), b.body())) {
                return null;
            }
        }
        List<Stmt> body = new ArrayList<>(a.body().stmts());
        body.addAll(b.body().stmts());
        List<Variable> sums = new ArrayList<>(sums(a));
        sums.addAll(sums(b));
        LoopHint hint = a.hint() instanceof LoopHint.Simd || b.hint() instanceof LoopHint.Simd
                ? new LoopHint.Simd(sums) : null;
        // the lanes are independent, so either header will do: an upward walk streams best,
        // unless the counter's value after the loops is read (it is the later loop's last one)
        For header = counterRead ? b : upward(a) || !upward(b) ? a : b;
        return header.withBody(new Block(body, a.body().range())).withHint(hint);
    }

    private static boolean upward(For f) {
        Long step = f.constantStep();
        return step != null && step > 0;
    }

    private static List<Variable> sums(For f) {
        return f.hint() instanceof LoopHint.Simd s ? s.sums() : List.of();
    }

    /**
     * An innermost loop with step 1 or -1 whose body is assignments that write arrays only at
     * elements of their own lane and scalars only as the sums of its {@code omp simd} mark.
     */
    private static boolean independentLanes(For f) {
        if (f.isParallel() || DistinctElements.Range.of(f) == null || f.hint() != null
                && !(f.hint() instanceof LoopHint.Simd)) {
            return false;
        }
        Set<Variable> sums = new HashSet<>(sums(f));
        for (Stmt s : f.body().stmts()) {
            if (!(s instanceof Assign a) || a.atomic()) {
                return false;
            }
            if (a.target() instanceof VarRef r && !(sums.contains(r.var()) && (a.op() == Assign.Op.ADD
                    || a.op() == Assign.Op.SUB))) {
                return false;
            }
        }
        for (Variable v : StmtUtil.writes(f.body())) {
            if (v.isArray() && !FusedLoops.partitioned(v, f.counter(), f.body(), f.body())) {
                return false;
            }
        }
        return true;
    }
}
