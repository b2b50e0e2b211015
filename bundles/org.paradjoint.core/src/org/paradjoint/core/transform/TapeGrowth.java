package org.paradjoint.core.transform;

import java.util.List;
import java.util.function.Predicate;

import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.expr.Exprs;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.Stmt;

/**
 * The memory warning of reverse mode for time loops: a sequential loop whose forward sweep pushes
 * values inside a loop of its body (a saved array, an inner loop's overwritten values) tapes an
 * amount per iteration that its own trip count multiplies. When that trip count is not a constant
 * either, nothing bounds the tape at generation time, and the user is told that
 * {@code ad checkpoint(binomial)} would bound it. The warning sits on the outermost such loop
 * only; a checkpointed loop's forward sweep records no loop's values inside a loop, so it never
 * warns. Where {@link Checkpointing#takesByDefault} can checkpoint such a loop it does, and warns
 * {@code time-loop-checkpointed} instead; this warning is left for the loops it cannot take. Sizes known only at run time are not guessed: this is the honest static half of a memory
 * budget.
 */
final class TapeGrowth {

    private TapeGrowth() {
    }

    /**
     * Adds a {@code time-loop-tape} warning to {@code warnings} for each such loop of a forward
     * sweep, except loops {@code made} says the transformation made (a checkpoint schedule's).
     */
    static void warn(List<Stmt> forwardSweep, List<Diagnostic> warnings, Predicate<For> made) {
        for (Stmt s : forwardSweep) {
            switch (s) {
                // a save nest of a parallel loop carries that loop's place: no time loop
                case For f when !f.isParallel() && !made.test(f) && !savesOnly(f) -> {
                    if (grows(f, f.body().stmts())) {
                        warnings.add(Diagnostic.warning("time-loop-tape", f.range(), "counter", f.counter().name()));
                    } else {
                        warn(f.body().stmts(), warnings, made);
                    }
                }
                case If i -> {
                    warn(i.then().stmts(), warnings, made);
                    if (i.otherwise() != null) {
                        warn(i.otherwise().stmts(), warnings, made);
                    }
                }
                case Block b -> warn(b.stmts(), warnings, made);
                default -> {
                }
            }
        }
    }

    /**
     * True when sequential loop {@code f}, whose forward sweep runs {@code forwardBody} in each
     * iteration, grows the tape without a bound known at generation time: its trip count is not a
     * constant and a loop inside {@code forwardBody} pushes on the tape.
     */
    static boolean grows(For f, List<Stmt> forwardBody) {
        boolean constant = Exprs.isConst(f.lower()) && Exprs.isConst(f.bound());
        return !constant && pushesInLoop(new Block(forwardBody));
    }

    /** True when a loop inside {@code body} pushes on the tape. */
    private static boolean pushesInLoop(Block body) {
        boolean[] found = {false};
        StmtUtil.forEach(body, s -> {
            if (s instanceof For inner && StmtUtil.calls(inner.body()).stream().anyMatch(TapeGrowth::isPush)) {
                found[0] = true;
            }
        });
        return found[0];
    }

    /**
     * True when {@code f} only puts values on the tape (the save of an array before a loop
     * overwrites it, a nest over its elements): its tape is the array's size, no time loop's.
     */
    private static boolean savesOnly(For f) {
        for (Stmt s : f.body().stmts()) {
            boolean save = switch (s) {
                case For inner -> savesOnly(inner);
                case org.paradjoint.core.ir.CallStmt c -> isPush(c.call());
                default -> false;
            };
            if (!save) {
                return false;
            }
        }
        return true;
    }

    private static boolean isPush(Call c) {
        return c.isRuntime() && (c.name().equals(Runtime.PUSH_D) || c.name().equals(Runtime.PUSH_I)
                || c.name().equals(Runtime.PUT_D) || c.name().equals(Runtime.PUT_FLAG));
    }
}
