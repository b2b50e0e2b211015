package org.paradjoint.race;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.Exprs;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.transform.IncrementPolicy;
import org.paradjoint.core.transform.PinnedIteration;

/**
 * The loops whose {@link PrimalConflict}s all come from one iteration: each conflict is a write
 * that holds the loop's counter at some index ({@code path[i][j]}, with {@code i + c} or
 * {@code i - c} as well) and a read that holds there a value the loop does not change
 * ({@code path[k][j]}), so the two meet only in the iteration {@code i = k} (minus {@code c}), the
 * same for every conflict. Such a loop is analysed once more without that iteration (its body
 * under {@code if (i != k)}); when that analysis finds no conflict, the generator may use it in the
 * steps where the pinned iteration wrote nothing new ({@link PinnedIteration}).
 */
final class PinnedIterations {

    private PinnedIterations() {
    }

    /** The pinned iteration of every loop of {@code report} that has one (by identity of the loop). */
    static Map<For, PinnedIteration> of(Function analysed, RaceReport report, Prover prover, RaceOptions options) {
        Map<For, PinnedIteration> out = new IdentityHashMap<>();
        for (LoopReport l : report.loops()) {
            if (!l.conflicts().isEmpty() && l.primalRace() == null && l.unsupported() == null) {
                PinnedIteration p = of(analysed, l, prover, options);
                if (p != null) {
                    out.put(l.loop(), p);
                }
            }
        }
        return out;
    }

    private static PinnedIteration of(Function analysed, LoopReport l, Prover prover, RaceOptions options) {
        For loop = l.loop();
        Set<Variable> varying = new HashSet<>(StmtUtil.writes(loop));
        StmtUtil.forEach(loop, s -> {
            if (s instanceof For f) {
                varying.add(f.counter());
            }
        });
        Expr pinned = null;
        int dimension = -1;
        List<ArrayRef> writes = new ArrayList<>();
        List<ArrayRef> reads = new ArrayList<>();
        for (PrimalConflict c : l.conflicts()) {
            if (c.otherIsWrite() || c.write().indices().size() != c.other().indices().size()) {
                return null;
            }
            int d = pinningIndex(c.write(), c.other(), loop.counter(), varying);
            if (d < 0) {
                return null;
            }
            Expr at = pinnedValue(c.write().indices().get(d), c.other().indices().get(d));
            if (pinned == null) {
                pinned = at;
                dimension = d;
            } else if (!pinned.equals(at) || dimension != d) {
                return null;
            }
            if (writes.stream().noneMatch(w -> w == c.write())) {
                writes.add(c.write());
            }
            if (reads.stream().noneMatch(r -> r == c.other())) {
                reads.add(c.other());
            }
        }
        Expr other = Exprs.binary(Binary.Op.NE, Exprs.ref(loop.counter()), pinned);
        For without = loop.withBody(Block.of(new If(other, loop.body(), null, loop.range())));
        Function guarded = analysed.withBody((Block) replaced(analysed.body(), loop, without));
        LoopReport rest = RaceAnalysis.analyzeLoop(guarded, without, prover, options);
        if (rest.primalRace() != null || rest.unsupported() != null || !rest.conflicts().isEmpty()) {
            return null;
        }
        return new PinnedIteration(pinned, dimension, writes, reads, new Excluding(rest));
    }

    /**
     * The index at which {@code write} holds the counter ({@code i}, {@code i + e}, {@code i - e},
     * {@code e} unchanged by the loop) and {@code read} a value the loop does not change; -1 if none.
     */
    private static int pinningIndex(ArrayRef write, ArrayRef read, Variable counter, Set<Variable> varying) {
        for (int d = 0; d < write.indices().size(); d++) {
            Expr r = read.indices().get(d);
            if (offset(write.indices().get(d), counter, varying) != null
                    && ExprUtil.variables(r).stream().noneMatch(varying::contains)) {
                return d;
            }
        }
        return -1;
    }

    /** {@code e} of {@code i + e} (zero for {@code i}, {@code -e} for {@code i - e}), or null. */
    private static Expr offset(Expr index, Variable counter, Set<Variable> varying) {
        if (index instanceof VarRef v && v.var().equals(counter)) {
            return Exprs.integer(0);
        }
        if (index instanceof Binary b && (b.op() == Binary.Op.ADD || b.op() == Binary.Op.SUB)
                && b.left() instanceof VarRef v && v.var().equals(counter)
                && ExprUtil.variables(b.right()).stream().noneMatch(varying::contains)) {
            return b.op() == Binary.Op.ADD ? b.right() : Exprs.neg(b.right());
        }
        return null;
    }

    /** The counter's value at which {@code written} (counter plus offset) equals {@code read}. */
    private static Expr pinnedValue(Expr written, Expr read) {
        Expr e = written instanceof VarRef ? Exprs.integer(0)
                : ((Binary) written).op() == Binary.Op.ADD ? ((Binary) written).right()
                        : Exprs.neg(((Binary) written).right());
        return Exprs.sub(read, e);
    }

    /** {@code s} with {@code loop} (by identity) replaced by {@code by}; the rest the same nodes. */
    private static Stmt replaced(Stmt s, For loop, For by) {
        return switch (s) {
            case For f when f == loop -> by;
            case For f -> f.withBody((Block) replaced(f.body(), loop, by));
            case Block b -> new Block(b.stmts().stream().map(x -> replaced(x, loop, by)).toList(), b.range());
            case If i -> new If(i.cond(), (Block) replaced(i.then(), loop, by),
                    i.otherwise() == null ? null : (Block) replaced(i.otherwise(), loop, by), i.range());
            default -> s;
        };
    }

    /**
     * The verdicts of the loop without its pinned iteration, for the generator's questions about
     * the loop itself (its references are the same nodes).
     */
    private record Excluding(LoopReport report) implements IncrementPolicy {

        @Override
        public Safety classify(For loop, ArrayRef primal) {
            return report.increment(primal).filter(Increment::isSafe).isPresent() ? Safety.SAFE : Safety.UNSAFE;
        }

        @Override
        public boolean plainOverwrite(For loop, ArrayRef write) {
            return report.primalRaceFree(write.var().name());
        }
    }
}
