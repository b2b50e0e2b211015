package org.paradjoint.core.transform;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.UnaryOperator;

import org.paradjoint.core.expr.Exprs;
import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Cast;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * Values recorded where a time step computes them, instead of the array saved whole before the
 * loop that overwrites it and restored before that loop's adjoint. In a sequential loop at the
 * top of the function (a time loop) whose body is parallel loops, an array that one of them (the
 * writer) sets element by element, once per iteration of its nest, and whose new values the
 * adjoints of the loops after it in the step need, is put on the tape by the writer itself, each
 * value right after it is computed, at the element's place in storage order in a block reserved
 * before the writer (the block a whole-array save would fill). The adjoints of the later loops
 * read it there ({@code pa_get_d}) instead of in the array; nothing restores the array, so after
 * the adjoint it holds what the primal leaves in it. Per step this saves a pass that copies the
 * array to the tape and one that copies it back (block_reaction: what a hand-written adjoint
 * does).
 * <p>
 * Where the block starts is pushed (as a double, exact below 2^53) at the end of the step's
 * forward run and popped at the start of its adjoint, before the adjoint loops that read the
 * block; the block itself is given back where the writer's save would have been restored, just
 * before the writer's adjoint: what the later loops of the step put on the tape after it (their
 * own saves) has been popped by then, and nothing is written on the tape in between.
 * <p>
 * A time loop that {@link Checkpointing} reverses (annotated, or past its tape budget) records
 * the same way: a turn of its schedule runs a step's forward sweep (the writer putting its
 * values, the bases pushed) from the state a snapshot brought back and its adjoint at once, and
 * the steps it only advances run the primal, which records nothing. Where no loop of the step up
 * to the writer reads the array, every step sets what it reads of it first, so the loop's
 * snapshots leave it out ({@link #setBeforeRead}).
 * <p>
 * It holds when every value the reverse sweep reads is one the writer put in this step:
 * <ul>
 * <li>the writer sets the array in exactly one assignment ({@code =}, not atomic, under loops
 * only, no branch), the step's other loops never write it, and neither the writer's adjoint,
 * the adjoints of the loops before it in the step, nor those of the statements before the time
 * loop need the array (they would need the values from before the writer, which are not
 * restored);</li>
 * <li>every loop after the writer in the step reads the array only at the written element,
 * inside loop headers equal to those around the write (so each read is of an element the
 * writer set in the same iteration point), and the indices and bounds read nothing the step
 * writes except those loops' counters;</li>
 * <li>the writer records no branch directions (its forward run would be their recording);</li>
 * <li>the array is a C array of floating values whose extents are known (declared or given:
 * the arrays whose whole-array saves go to tape blocks, {@link Reverse}); a pointer without
 * them keeps the save of the elements each iteration writes.</li>
 * </ul>
 * Otherwise the array is saved and restored as before.
 */
final class RecordedWrites {

    /**
     * Array {@code array} (with its extents: {@code sized}) set at {@code written} by {@code writer};
     * {@code setFirst}: no loop of the step up to the writer reads it.
     */
    private record Recording(Variable array, Variable sized, ArrayRef written, Variable base, boolean setFirst) {
    }

    static final RecordedWrites NONE = new RecordedWrites(null);

    private final Variable tape;
    /** Per writer, per reader, per time loop (by identity): the recordings, in forward order. */
    private final Map<For, List<Recording>> byWriter = new IdentityHashMap<>();
    private final Map<For, List<Recording>> byReader = new IdentityHashMap<>();
    private final Map<For, List<Recording>> byStep = new IdentityHashMap<>();

    private RecordedWrites(Variable tape) {
        this.tape = tape;
    }

    /**
     * What the information of a reverse sweep decides: {@code info} the facts of a parallel
     * loop, {@code neededBy} the variables the
     * adjoint of a statement needs, {@code sized} an array with its extents, {@code base} a fresh
     * long local (where a block starts).
     */
    static RecordedWrites of(Block body, Variable tape, Function<For, ParallelLoops.Info> info,
            Function<Stmt, Set<Variable>> neededBy, UnaryOperator<Variable> sized, Function<String, Variable> base) {
        RecordedWrites r = new RecordedWrites(tape);
        Set<Variable> neededEarlier = new HashSet<>();
        for (Stmt s : body.stmts()) {
            // a checkpointed time loop too: its turns record and reverse a step with the same sweeps
            if (s instanceof For t && !t.isParallel()) {
                r.plan(t, neededEarlier, info, neededBy, sized, base);
            }
            neededEarlier.addAll(neededBy.apply(s));
        }
        return r;
    }

    /** Whether {@code writer} records {@code v} where it computes it (then it saves nothing of it before). */
    boolean records(For writer, Variable v) {
        return byWriter.getOrDefault(writer, List.of()).stream().anyMatch(r -> r.array().equals(v));
    }

    boolean isWriter(For f) {
        return byWriter.containsKey(f);
    }

    /**
     * Whether every step of time loop {@code t} sets array {@code v} before it reads any of it: a
     * recording whose writer and the loops before it in the step do not read {@code v} (the loops
     * after it read only elements it set). A snapshot of a checkpointed loop's state need not hold
     * it then: each recomputed step sets what it reads, and nothing in the loop writes the
     * elements the writer leaves, which keep their values.
     */
    boolean setBeforeRead(For t, Variable v) {
        return byStep.getOrDefault(t, List.of()).stream().anyMatch(r -> r.array().equals(v) && r.setFirst());
    }

    /** The forward run of parallel loop {@code f}: its blocks reserved, then it with each recorded value put. */
    List<Stmt> forward(For f) {
        List<Recording> recs = byWriter.get(f);
        if (recs == null) {
            return List.of(f);
        }
        List<Stmt> out = new ArrayList<>();
        for (Recording r : recs) {
            out.add(Runtime.reserve(tape, r.base(), WholeArrays.count(r.sized())));
        }
        out.add(withPuts(f, recs));
        return out;
    }

    /** The adjoint of loop {@code f} ({@code adjoint}) reading the recorded values instead of the arrays. */
    List<Stmt> readingRecords(For f, List<Stmt> adjoint) {
        List<Recording> recs = byReader.get(f);
        if (recs == null) {
            return adjoint;
        }
        return adjoint.stream().map(s -> StmtUtil.mapExprs(s, e -> ExprUtil.map(e, x -> fromTape(x, recs))))
                .toList();
    }

    /** The forward run {@code body} of a step of time loop {@code t}, then where its blocks start. */
    List<Stmt> withBasesPushed(For t, List<Stmt> body) {
        List<Recording> recs = byStep.get(t);
        if (recs == null) {
            return body;
        }
        List<Stmt> out = new ArrayList<>(body);
        for (Recording r : recs) {
            out.add(Runtime.push(tape, new Cast(BaseType.DOUBLE, new VarRef(r.base())), true));
        }
        return out;
    }

    /** The adjoint {@code body} of a step of time loop {@code t}, after where its blocks start is popped. */
    List<Stmt> withBasesPopped(For t, List<Stmt> body) {
        List<Recording> recs = byStep.get(t);
        if (recs == null) {
            return body;
        }
        List<Stmt> out = new ArrayList<>();
        for (int k = recs.size() - 1; k >= 0; k--) {
            out.add(Assign.set(new VarRef(recs.get(k).base()), new Cast(BaseType.LONG, Runtime.popValue(tape))));
        }
        out.addAll(body);
        return out;
    }

    /** Before the adjoint of writer {@code f}: its blocks given back (on top of the tape by then). */
    List<Stmt> released(For f) {
        List<Recording> recs = byWriter.getOrDefault(f, List.of());
        List<Stmt> out = new ArrayList<>();
        for (int k = recs.size() - 1; k >= 0; k--) {
            Recording r = recs.get(k);
            out.add(Runtime.release(tape, r.base(), WholeArrays.count(r.sized())));
        }
        return out;
    }

    private Expr fromTape(Expr x, List<Recording> recs) {
        if (x instanceof ArrayRef a) {
            for (Recording r : recs) {
                if (a.var().name().equals(r.array().name())) {
                    return Runtime.getValue(tape, Exprs.add(new VarRef(r.base()), WholeArrays.placeOf(r.sized(),
                            a.indices())));
                }
            }
        }
        return x;
    }

    /** {@code f} with {@code pa_put_d(tape, base + place, v[...])} after each recorded write. */
    private Stmt withPuts(Stmt s, List<Recording> recs) {
        return switch (s) {
            case For f -> new For(f.counter(), f.lower(), f.cmp(), f.bound(), f.step(), (Block) withPuts(f.body(),
                    recs), f.omp(), f.pragmas(), f.range(), f.hint());
            case Block b -> {
                List<Stmt> out = new ArrayList<>();
                for (Stmt x : b.stmts()) {
                    out.add(withPuts(x, recs));
                    for (Recording r : recs) {
                        if (x instanceof Assign a && a.target().equals(r.written())) {
                            out.add(Runtime.put(tape, Exprs.add(new VarRef(r.base()), WholeArrays.placeOf(r.sized(),
                                    r.written().indices())), r.written()));
                        }
                    }
                }
                yield new Block(out, b.range());
            }
            default -> s;
        };
    }

    // ---- which arrays a time step records ---------------------------------------------------------

    private void plan(For t, Set<Variable> neededEarlier, Function<For, ParallelLoops.Info> info,
            Function<Stmt, Set<Variable>> neededBy, UnaryOperator<Variable> sized, Function<String, Variable> base) {
        List<Stmt> steps = t.body().stmts();
        if (steps.isEmpty() || !steps.stream().allMatch(s -> s instanceof For f && f.isParallel())) {
            return;
        }
        Set<Variable> writtenInStep = StmtUtil.writes(t.body());
        List<Recording> all = new ArrayList<>();
        for (int w = 0; w < steps.size(); w++) {
            For writer = (For) steps.get(w);
            ParallelLoops.Info p = info.apply(writer);
            if (!p.runsForward() || p.branches() != null) {
                continue;
            }
            for (Variable v : p.saved()) {
                List<For> chain = new ArrayList<>();
                ArrayRef written = onlyWrite(writer, v, chain);
                Variable withExtents = sized.apply(v);
                if (written != null && Reverse.savedInParallel(v) && hasExtents(withExtents)
                        && !neededEarlier.contains(v)
                        && recordable(steps, w, v, written, chain, writtenInStep, neededBy)) {
                    boolean setFirst = StmtUtil.ownExprs(t).stream().noneMatch(e -> ExprUtil.references(e, v))
                            && steps.subList(0, w + 1).stream().noneMatch(s -> StmtUtil.reads(s).contains(v));
                    Recording r = new Recording(v, withExtents, written, base.apply("pa_at_" + v.name()), setFirst);
                    byWriter.computeIfAbsent(writer, x -> new ArrayList<>()).add(r);
                    for (int k = w + 1; k < steps.size(); k++) {
                        byReader.computeIfAbsent((For) steps.get(k), x -> new ArrayList<>()).add(r);
                    }
                    all.add(r);
                }
            }
        }
        if (!all.isEmpty()) {
            byStep.put(t, all);
        }
    }

    /** Whether every dimension of {@code v} has its extent (a block of its size can be reserved). */
    private static boolean hasExtents(Variable v) {
        return v.rank() > 0 && v.dims().stream().allMatch(d -> d.lower() != null && d.extent() != null);
    }

    /**
     * The one assignment of {@code writer}'s nest to {@code v}, when it sets an element and is
     * reached through loops only ({@code chain} gets their headers, outermost first); else null.
     */
    private static ArrayRef onlyWrite(For writer, Variable v, List<For> chain) {
        List<Assign> writes = new ArrayList<>();
        StmtUtil.forEach(writer, s -> {
            if (s instanceof Assign a && a.target().var().equals(v)) {
                writes.add(a);
            }
        });
        if (writes.size() != 1 || writes.get(0).op() != Assign.Op.SET || writes.get(0).atomic()
                || !(writes.get(0).target() instanceof ArrayRef written)) {
            return null;
        }
        return pathOfLoops(writer, writes.get(0), chain) ? written : null;
    }

    /** Whether {@code target} sits in {@code s} under loops and blocks only; {@code chain} gets the loops. */
    private static boolean pathOfLoops(Stmt s, Stmt target, List<For> chain) {
        if (s == target) {
            return true;
        }
        switch (s) {
            case For f -> {
                chain.add(f);
                if (pathOfLoops(f.body(), target, chain)) {
                    return true;
                }
                chain.remove(chain.size() - 1);
                return false;
            }
            case Block b -> {
                for (Stmt x : b.stmts()) {
                    if (pathOfLoops(x, target, chain)) {
                        return true;
                    }
                }
                return false;
            }
            default -> {
                return false;
            }
        }
    }

    /** The conditions on the loops of the step around writer {@code steps[w]} (see the class comment). */
    private static boolean recordable(List<Stmt> steps, int w, Variable v, ArrayRef written, List<For> chain,
            Set<Variable> writtenInStep, Function<Stmt, Set<Variable>> neededBy) {
        Set<Variable> counters = new HashSet<>();
        chain.forEach(f -> counters.add(f.counter()));
        Set<Variable> read = new HashSet<>(ExprUtil.indexVariables(written));
        for (For f : chain) {
            read.addAll(ExprUtil.variables(f.lower()));
            read.addAll(ExprUtil.variables(f.bound()));
            read.addAll(ExprUtil.variables(f.step()));
        }
        read.removeAll(counters);
        if (read.stream().anyMatch(writtenInStep::contains)) {
            return false;
        }
        for (int k = 0; k < steps.size(); k++) {
            Stmt s = steps.get(k);
            if (k <= w && neededBy.apply(s).contains(v)) {
                return false;
            }
            if (k != w && StmtUtil.writes(s).contains(v)) {
                return false;
            }
            if (k > w && !readsOnlyAt(s, v, written, chain, new ArrayList<>())) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether every reference to {@code v} in {@code s} is {@code written}, inside loops whose
     * headers are those of {@code chain} ({@code path}: the loops around {@code s}).
     */
    private static boolean readsOnlyAt(Stmt s, Variable v, ArrayRef written, List<For> chain, List<For> path) {
        boolean[] ok = {true};
        for (Expr e : StmtUtil.ownExprs(s)) {
            ExprUtil.forEach(e, x -> {
                if (x instanceof VarRef r && r.var().equals(v)) {
                    ok[0] = false;
                } else if (x instanceof ArrayRef a && a.var().equals(v)
                        && (!a.equals(written) || !sameHeaders(path, chain) || s instanceof For)) {
                    ok[0] = false;
                }
            });
        }
        if (!ok[0]) {
            return false;
        }
        return switch (s) {
            case For f -> {
                path.add(f);
                boolean inside = readsOnlyAt(f.body(), v, written, chain, path);
                path.remove(path.size() - 1);
                yield inside;
            }
            case Block b -> b.stmts().stream().allMatch(x -> readsOnlyAt(x, v, written, chain, path));
            case If i -> readsOnlyAt(i.then(), v, written, chain, path)
                    && (i.otherwise() == null || readsOnlyAt(i.otherwise(), v, written, chain, path));
            default -> true;
        };
    }

    private static boolean sameHeaders(List<For> a, List<For> b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int k = 0; k < a.size(); k++) {
            For x = a.get(k);
            For y = b.get(k);
            if (!x.counter().equals(y.counter()) || !x.lower().equals(y.lower()) || x.cmp() != y.cmp()
                    || !x.bound().equals(y.bound()) || !x.step().equals(y.step())) {
                return false;
            }
        }
        return true;
    }
}
