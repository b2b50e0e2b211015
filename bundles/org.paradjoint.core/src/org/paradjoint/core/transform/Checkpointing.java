package org.paradjoint.core.transform;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.Exprs;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.mpi.Communication;
import org.paradjoint.core.ir.AdPragma;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.Decl;
import org.paradjoint.core.ir.Dim;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * Reverse mode of a sequential loop annotated {@code ad checkpoint(binomial[, S])}: instead of
 * taping every iteration, the adjoint keeps at most {@code S} snapshots of the loop's state and
 * follows Revolve's binomial schedule ({@link CheckpointRuntime}), so that memory is {@code S}
 * states plus the working state plus one iteration's tape, whatever the number of iterations.
 *
 * <p>The forward sweep runs the schedule's actions up to its first turn (advances, primal only,
 * and snapshots), then records the last iteration on the function's tape, which leaves the loop's
 * final state for the statements after it. At the loop's place in the reverse sweep the remaining
 * actions run: the first turn reverses that last iteration; every later turn records one iteration
 * and reverses it at once; advances and restores in between rebuild the state each turn needs.
 * An iteration is recorded and reversed exactly as the ordinary reversal of the loop would do it
 * (the same {@link SavePlan}, parallel loops inside keep their race-aware adjoints), so the
 * adjoint equals the taped one up to rounding.
 *
 * <p>The state is what an iteration may need that the snapshots must bring back: every array the
 * body writes but one that every iteration sets before reading it (recorded where it computes it,
 * {@link RecordedWrites#setBeforeRead}), every scalar it writes and may read before writing (not
 * the counter, not variables declared in the body), and every variable it reads that the function
 * writes later (the reverse sweep of the statements after the loop does
 * not restore what only the recomputation reads). Arrays need known extents. The schedule lives
 * from the forward sweep to the reverse sweep, so a checkpointed loop must not sit in another loop.
 *
 * <p>A loop without the annotation whose tape grows with a trip count known only at run time is
 * checkpointed by default ({@link #takesByDefault}): it tapes its steps as an ordinary loop, up to
 * {@code pa_ck_tape_until}, while the budget holds; the schedule covers the steps after those, and
 * the reverse sweep reverses the taped steps last, as the ordinary reversed loop over them.
 */
final class Checkpointing {

    /** A sweep of {@link Reverse} over one iteration of a sequential loop. */
    interface Sweep {
        List<Stmt> of(For loop, SweepContext c);
    }

    /**
     * What one checkpointed loop's two halves share: its schedule, trip count, counters and state;
     * for a loop checkpointed by default, the locals that keep the last taped step's scalars.
     */
    private record Loop(Variable ck, Variable steps, Variable action, Variable step, List<Variable> state,
            Map<Variable, Variable> lastValues) {
    }

    /** Whether every step of a time loop sets an array before reading it (then no snapshot holds it). */
    interface SetBeforeRead {
        boolean test(For loop, Variable array);
    }

    private final DiffContext cx;
    private final Sweep fwd;
    private final Sweep rev;
    private final SetBeforeRead setBeforeRead;
    private final List<Variable> locals;
    private final Map<For, Loop> loops = new IdentityHashMap<>();
    /** Loops inside other loops (by identity): a schedule lives from the forward to the reverse sweep. */
    private final Set<For> nested = Collections.newSetFromMap(new IdentityHashMap<>());
    /** The loops checkpointed without an annotation (by identity), see {@link #takesByDefault}. */
    private final Set<For> byDefault = Collections.newSetFromMap(new IdentityHashMap<>());
    /** The loops that run a schedule's actions (by identity): not time loops of the user's. */
    private final Set<For> schedules = Collections.newSetFromMap(new IdentityHashMap<>());

    /**
     * @param locals where the locals this class makes are declared (the adjoint's extra locals)
     * @throws UnsupportedException at a checkpointed loop that sits inside another loop
     */
    Checkpointing(DiffContext cx, Sweep fwd, Sweep rev, SetBeforeRead setBeforeRead, List<Variable> locals) {
        this.cx = cx;
        this.fwd = fwd;
        this.rev = rev;
        this.setBeforeRead = setBeforeRead;
        this.locals = locals;
        cx.fn.body().stmts().forEach(s -> StmtUtil.forEach(s, x -> {
            if (x instanceof For outer) {
                StmtUtil.forEach(outer.body(), y -> {
                    if (y instanceof For inner) {
                        nested.add(inner);
                    }
                    if (y instanceof For inner && pragma(inner) != null) {
                        throw new UnsupportedException("checkpoint-nested", inner.range(), "counter",
                                inner.counter().name(), "annotation", "`" + "ad checkpoint" + "`");
                    }
                });
            }
        }));
    }

    /** The loop's {@code ad checkpoint}, or null. */
    static AdPragma.Checkpoint pragma(For f) {
        for (AdPragma p : f.pragmas()) {
            if (p instanceof AdPragma.Checkpoint c) {
                return c;
            }
        }
        return null;
    }

    /** True for a sequential loop that carries {@code ad checkpoint}. */
    static boolean applies(For f) {
        return !f.isParallel() && pragma(f) != null;
    }

    /** True for a loop this class reverses: annotated, or checkpointed by default. */
    boolean covers(For f) {
        return applies(f) || byDefault.contains(f);
    }

    /** True for a loop made here that runs a schedule's actions. */
    boolean isSchedule(For f) {
        return schedules.contains(f);
    }

    /**
     * Whether sequential loop {@code f}, whose ordinary forward sweep is {@code forwardBody}, is
     * checkpointed by default, remembered for its reverse sweep and reported as a
     * {@code time-loop-checkpointed} warning. That is the loop {@link TapeGrowth} would warn about
     * (its trip count not a constant, its iterations taping in loops) where checkpointing can take
     * it: C (the runtime is C), not inside another loop, a fixed trip count, no MPI communication
     * (ranks deciding apart would follow different schedules), a state of arrays only, with known
     * extents. Its adjoint then tapes every iteration, as an unannotated loop's does, while
     * the tape of the iterations recorded so far, extrapolated to all, fits a budget set at run
     * time; past that the remaining iterations follow the binomial schedule with as many
     * snapshots as the rest of the budget holds ({@code pa_ck_taped}). A loop that fits costs
     * what a taped loop costs, so nothing is lost by default.
     */
    boolean takesByDefault(For f, List<Stmt> forwardBody) {
        if (cx.language != TranslationUnit.Language.C || f.isParallel() || pragma(f) != null || nested.contains(f)
                || !TapeGrowth.grows(f, forwardBody) || Loops.tripCountRecorded(f)
                || !Communication.in(f.body()).isEmpty()) {
            return false;
        }
        try {
            Loops.check(f);
            // scalars of the state are copied on paths where the compiler cannot see them set
            // (-Wmaybe-uninitialized): an annotation asks for that, a default does not
            if (!state(f).stream().allMatch(Variable::isArray)) {
                return false;
            }
        } catch (UnsupportedException e) {
            return false;
        }
        byDefault.add(f);
        cx.warnings.add(Diagnostic.warning("time-loop-checkpointed", f.range(), "counter", f.counter().name()));
        return true;
    }

    /**
     * The forward sweep of checkpointed loop {@code f} in sweep {@code c}; {@code counterRecord}
     * (or null) saves the counter's value before the loop, as for any loop whose counter is needed.
     */
    List<Stmt> forward(For f, SweepContext c, Stmt counterRecord) {
        Loops.check(f);
        Loop k = loop(f);
        List<Stmt> out = new ArrayList<>();
        if (counterRecord != null) {
            out.add(counterRecord);
        }
        out.add(Assign.set(new VarRef(k.steps), tripCount(f)));
        AdPragma.Checkpoint p = pragma(f);
        if (p == null) {
            // by default: the steps taped one by one while the budget holds (measured after each)
            c.tapeUsed = true;
            out.add(CheckpointRuntime.stmt(CheckpointRuntime.INIT_BY_DEFAULT, k.ck, new VarRef(c.tape),
                    new VarRef(k.steps), stateBytes(k)));
            List<Stmt> taping = new ArrayList<>(fwd.of(f, c));
            taping.add(CheckpointRuntime.stmt(CheckpointRuntime.TAPED, k.ck, new VarRef(c.tape)));
            // what the taped steps' reversal reads first: the last taped step's values of the scalars
            // every step sets, which the schedule's recomputations of later steps overwrite (they are
            // no part of the snapshots); copied after each taped step into locals set beforehand, so
            // that no path copies an unset value
            k.lastValues().forEach((v, copy) -> {
                out.add(Assign.set(new VarRef(copy), v.isFloating() ? Exprs.zero(true) : new IntLit(0)));
                taping.add(Assign.set(new VarRef(copy), new VarRef(v)));
            });
            out.add(made(over(f, CheckpointRuntime.TAPE_UNTIL, k).withBody(new Block(taping))));
        } else {
            Expr snaps = p.snapshots() != null ? p.snapshots()
                    : Call.runtime(CheckpointRuntime.DEFAULT, List.of(new VarRef(k.steps)));
            out.add(CheckpointRuntime.stmt(CheckpointRuntime.INIT, k.ck, new VarRef(k.steps), snaps));
        }
        out.add(actions(k, new IntLit(0), CheckpointRuntime.FORWARD, List.of(
                when(k, CheckpointRuntime.ADVANCING, advance(f, k)),
                when(k, CheckpointRuntime.STORING, copies(k, true)))));
        // the first turn's recording: the last iteration on the tape, leaving the final state in place
        List<Stmt> last = new ArrayList<>();
        last.add(setCounter(f, Exprs.sub(new VarRef(k.steps), new IntLit(1))));
        last.addAll(fwd.of(f, c));
        Expr scheduled = p == null ? CheckpointRuntime.call(CheckpointRuntime.SCHEDULED, k.ck)
                : Exprs.lt(new IntLit(0), new VarRef(k.steps));
        out.add(new If(scheduled, new Block(last), null, f.range()));
        out.add(setCounter(f, new VarRef(k.steps)));
        return out;
    }

    /** The reverse sweep of {@code f}; {@code counterRestore} (or null) puts the counter's value back. */
    List<Stmt> reverse(For f, SweepContext c, Stmt counterRestore) {
        Loop k = loop(f);
        List<Stmt> record = new ArrayList<>();
        record.addAll(turnCounter(f, k));
        record.addAll(fwd.of(f, c));
        List<Stmt> reverse = new ArrayList<>();
        reverse.addAll(turnCounter(f, k));
        reverse.addAll(rev.of(f, c));
        List<Stmt> out = new ArrayList<>();
        out.add(actions(k, CheckpointRuntime.call(CheckpointRuntime.FORWARD, k.ck), CheckpointRuntime.ACTIONS,
                List.of(when(k, CheckpointRuntime.ADVANCING, advance(f, k)),
                        when(k, CheckpointRuntime.STORING, copies(k, true)),
                        when(k, CheckpointRuntime.RESTORING, copies(k, false)),
                        when(k, CheckpointRuntime.RECORDING, record),
                        when(k, CheckpointRuntime.REVERSING, reverse))));
        if (byDefault.contains(f)) {
            // the steps taped, reversed as an ordinary taped loop's (after the schedule's, which follow
            // them), from the last values of the last taped step
            k.lastValues().forEach((v, copy) -> out.add(Assign.set(new VarRef(v), new VarRef(copy))));
            List<Stmt> step = rev.of(f, c);
            if (!step.isEmpty()) {
                out.add(Loops.reversed(over(f, CheckpointRuntime.TAPED_STEPS, k), step));
            }
        }
        out.add(Runtime.free(k.ck));
        if (counterRestore != null) {
            out.add(counterRestore);
        }
        return out;
    }

    private Loop loop(For f) {
        return loops.computeIfAbsent(f, x -> {
            Map<Variable, Variable> last = new LinkedHashMap<>();
            if (byDefault.contains(f)) {
                lastValues(f).forEach(v -> last.put(v, local("pa_last_" + v.name(), v.type())));
            }
            Loop k = new Loop(Runtime.tapeVariable(cx.names.fresh("pa_ck")), local("pa_steps", BaseType.LONG),
                    local("pa_action", BaseType.LONG), local("pa_step", BaseType.LONG), state(f), last);
            locals.add(k.ck);
            return k;
        });
    }

    private Variable local(String name, BaseType type) {
        Variable v = Variable.scalar(cx.names.fresh(name), type, Variable.Kind.LOCAL);
        locals.add(v);
        return v;
    }

    /** {@code for (a = from; a < pa_ck_NAME(ck); a++) { pa_ck_next(ck); body }}. */
    private For actions(Loop k, Expr from, String until, List<Stmt> body) {
        List<Stmt> all = new ArrayList<>();
        all.add(CheckpointRuntime.stmt(CheckpointRuntime.NEXT, k.ck));
        all.addAll(body);
        return made(new For(k.action, from, Binary.Op.LT, CheckpointRuntime.call(until, k.ck), new IntLit(1),
                new Block(all), null, List.of(), SourceRange.NONE));
    }

    private For made(For f) {
        schedules.add(f);
        return f;
    }

    /**
     * Loop {@code f} over its first {@code pa_ck_NAME(ck)} iterations: the same counter, start,
     * step and body, the bound {@code lower + count * step} (read again after every iteration,
     * as C reads a bound).
     */
    private static For over(For f, String count, Loop k) {
        long step = f.constantStep();
        Expr bound = Exprs.add(f.lower(), Exprs.mul(CheckpointRuntime.call(count, k.ck), new IntLit(step)));
        return new For(f.counter(), f.lower(), step > 0 ? Binary.Op.LT : Binary.Op.GT, bound, f.step(), f.body(),
                null, List.of(), f.range());
    }

    private static Stmt when(Loop k, String query, List<Stmt> then) {
        return new If(CheckpointRuntime.call(query, k.ck), new Block(then), null, SourceRange.NONE);
    }

    /** The advance: iterations {@code from .. to-1} of the primal body, nothing recorded. */
    private static List<Stmt> advance(For f, Loop k) {
        List<Stmt> body = new ArrayList<>();
        body.add(setCounter(f, new VarRef(k.step)));
        body.addAll(f.body().stmts());
        return List.of(new For(k.step, CheckpointRuntime.call(CheckpointRuntime.FROM, k.ck), Binary.Op.LT,
                CheckpointRuntime.call(CheckpointRuntime.TO, k.ck), new IntLit(1), new Block(body), null, List.of(),
                f.range()));
    }

    /** Copies of the whole state into the top snapshot ({@code save}) or back from it. */
    private List<Stmt> copies(Loop k, boolean save) {
        List<Stmt> out = new ArrayList<>();
        for (Variable v : k.state) {
            Expr count = v.isArray() ? elements(v) : null;
            out.add(save ? CheckpointRuntime.save(k.ck, v, count) : CheckpointRuntime.load(k.ck, v, count));
        }
        return out;
    }

    /**
     * The bytes a snapshot of the state takes, as a double ({@code 8.0 * n * n}: no int product that
     * could overflow), for the budget of a loop checkpointed by default.
     */
    private Expr stateBytes(Loop k) {
        Expr total = null;
        for (Variable v : k.state) {
            Expr bytes = Exprs.real(switch (v.type()) {
                case DOUBLE, LONG -> 8.0;
                default -> 4.0;
            });
            if (v.isArray()) {
                for (Dim d : cx.sized(v).dims()) {
                    bytes = new Binary(Binary.Op.MUL, bytes, d.extent());
                }
            }
            total = total == null ? bytes : new Binary(Binary.Op.ADD, total, bytes);
        }
        return total == null ? Exprs.real(0.0) : total;
    }

    private Expr elements(Variable v) {
        Expr n = null;
        for (Dim d : cx.sized(v).dims()) {
            n = n == null ? d.extent() : Exprs.mul(n, d.extent());
        }
        return n;
    }

    /** {@code counter = lower + index * step}: the counter of iteration {@code index} (from 0). */
    private static Stmt setCounter(For f, Expr index) {
        return Assign.set(new VarRef(f.counter()), Exprs.add(f.lower(), Exprs.mul(index,
                new IntLit(f.constantStep()))));
    }

    /**
     * The counter of the iteration a turn reverses, when the body mentions it: the assignment
     * calls the runtime, so liveness would keep it even where nothing reads it.
     */
    private static List<Stmt> turnCounter(For f, Loop k) {
        return StmtUtil.mentioned(f.body()).contains(f.counter())
                ? List.of(setCounter(f, CheckpointRuntime.call(CheckpointRuntime.TURN, k.ck))) : List.of();
    }

    /** The number of iterations of {@code f} (a constant non-zero step towards its bound, checked before). */
    static Expr tripCount(For f) {
        long s = f.constantStep();
        boolean up = s > 0;
        Expr from = up ? f.lower() : f.bound();
        Expr to = up ? f.bound() : f.lower();
        long a = Math.abs(s);
        // counting up to bound (exclusive) is the distance over the step, rounded up
        boolean inclusive = f.cmp() == Binary.Op.LE || f.cmp() == Binary.Op.GE;
        Expr end = inclusive ? Exprs.add(to, new IntLit(1)) : to;
        Expr distance = Exprs.sub(end, from);
        Expr count = a == 1 ? distance : Exprs.div(Exprs.add(distance, new IntLit(a - 1)), new IntLit(a));
        return Exprs.cond(Exprs.lt(from, end), count, new IntLit(0));
    }

    /** The variables {@code f}'s body declares. */
    private static Set<Variable> declaredIn(For f) {
        Set<Variable> declared = new LinkedHashSet<>();
        StmtUtil.forEach(f.body(), s -> {
            if (s instanceof Decl d) {
                declared.add(d.var());
            }
        });
        return declared;
    }

    /**
     * The scalars {@code f}'s body assigns (not the counters of its loops, which their adjoints set,
     * not those declared in it): after the steps a loop checkpointed by default tapes, the
     * schedule's recomputations of later steps set them again, while the reversal of the last taped
     * step reads their values of that step.
     */
    private static List<Variable> lastValues(For f) {
        Set<Variable> declared = declaredIn(f);
        declared.add(f.counter());
        StmtUtil.forEach(f.body(), s -> {
            if (s instanceof For g) {
                declared.add(g.counter());
            }
        });
        List<Variable> out = new ArrayList<>();
        for (Variable v : StmtUtil.writes(f.body())) {
            if (v.isScalar() && !declared.contains(v) && !v.type().isOpaque()) {
                out.add(v);
            }
        }
        return out;
    }

    /**
     * The variables a snapshot holds: those the body writes and those it reads that the function
     * writes in or after the top-level statement that holds the loop; not the counter, not variables
     * declared in the body, not a scalar every iteration sets before reading it, not an array every
     * step sets before reading it ({@link SetBeforeRead}: recorded where the step computes it).
     */
    private List<Variable> state(For f) {
        Set<Variable> declared = declaredIn(f);
        Set<Variable> later = new LinkedHashSet<>();
        boolean seen = false;
        for (Stmt s : cx.fn.body().stmts()) {
            seen |= contains(s, f);
            if (seen) {
                later.addAll(StmtUtil.writes(s));
            }
        }
        Set<Variable> out = new LinkedHashSet<>(StmtUtil.writes(f.body()));
        StmtUtil.reads(f.body()).stream().filter(later::contains).forEach(out::add);
        out.remove(f.counter());
        out.removeAll(declared);
        List<Variable> state = new ArrayList<>();
        for (Variable v : out) {
            if (v.isScalar() && !readBeforeWritten(f.body().stmts(), v)
                    || v.isArray() && setBeforeRead.test(f, v)) {
                continue;
            }
            if (v.isArray() && cx.sized(v).dims().stream().anyMatch(d -> d.extent() == null)) {
                throw new UnsupportedException("checkpoint-state-extent", f.range(), "counter", f.counter().name(),
                        "array", v.name());
            }
            state.add(v);
        }
        return state;
    }

    /**
     * True unless every iteration sets scalar {@code v} before reading it (an assignment or a loop
     * header, at the top of the body or inside loops, before any statement that reads it): then a
     * snapshot need not hold it, and copying a value never set before the loop would read an
     * uninitialised variable. The counter of an inner loop nest is such a scalar.
     */
    private static boolean readBeforeWritten(List<Stmt> body, Variable v) {
        return firstUse(body, v) == Use.READ;
    }

    /** What a run of {@code stmts} does first to scalar {@code v}; a loop's body may not run. */
    private enum Use { READ, WRITTEN, NEITHER }

    private static Use firstUse(List<Stmt> stmts, Variable v) {
        for (Stmt s : stmts) {
            Use u = switch (s) {
                case For inner when inner.counter().equals(v) -> Use.WRITTEN;
                case For inner -> ExprUtil.variables(inner.lower()).contains(v)
                        || ExprUtil.variables(inner.bound()).contains(v) || ExprUtil.variables(inner.step()).contains(v)
                        ? Use.READ : firstUse(inner.body().stmts(), v) == Use.READ ? Use.READ : Use.NEITHER;
                case Block b -> firstUse(b.stmts(), v);
                case If i when !ExprUtil.variables(i.cond()).contains(v) -> firstUse(i, v);
                case Assign a when a.op() == Assign.Op.SET && a.target() instanceof VarRef r && r.var().equals(v)
                        && !ExprUtil.variables(a.value()).contains(v) -> Use.WRITTEN;
                default -> StmtUtil.reads(s).contains(v) ? Use.READ : Use.NEITHER;
            };
            if (u != Use.NEITHER) {
                return u;
            }
        }
        return Use.NEITHER;
    }

    /**
     * What an {@code if} whose condition does not read {@code v} does first to it: a read if one
     * branch may read it first, a write if both write it first (a loop counting with it writes it),
     * else neither.
     */
    private static Use firstUse(If i, Variable v) {
        Use then = firstUse(i.then().stmts(), v);
        Use otherwise = i.otherwise() == null ? Use.NEITHER : firstUse(i.otherwise().stmts(), v);
        if (then == Use.READ || otherwise == Use.READ) {
            return Use.READ;
        }
        return then == Use.WRITTEN && otherwise == Use.WRITTEN ? Use.WRITTEN : Use.NEITHER;
    }

    private static boolean contains(Stmt s, For f) {
        boolean[] found = {false};
        StmtUtil.forEach(s, x -> found[0] |= x == f);
        return found[0];
    }
}
