package org.paradjoint.core.transform;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;

import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.Exprs;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Cond;
import org.paradjoint.core.ir.Decl;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.Layout;
import org.paradjoint.core.ir.LoopHint;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.Unary;
import org.paradjoint.core.ir.Variable;

/**
 * The branch directions of a parallel loop, recorded by its forward run so that its adjoint
 * iterations need not work them out again. A condition that reads a shared array the loop
 * overwrites (Floyd-Warshall's {@code path[i][j] <= path[i][k] + path[k][j]}) can otherwise only
 * be re-evaluated on the values from before the loop: the whole array saved before the loop and
 * restored before its adjoint, and each iteration's writes redone and undone on a tape of its
 * own. When the adjoints of the branches read no overwritten value (the two sides of a min are
 * linear), one bit per execution of the branch is all the reverse sweep needs.
 * <p>
 * The bits sit in a block of the tape's int stack reserved before the loop runs, 64 to a word
 * ({@code pa_flags}: a loop that takes a bit per iteration handles half as many words as with 32;
 * Floyd-Warshall at n = 320, 1 thread, the rest alike: forward sweep 14.0 -> 10.1 ms, reverse
 * 5.1 -> 3.9 ms). Each iteration
 * owns whole words of it, whatever the schedule, so no two threads write one word; a site's bit
 * within them is its place in the iteration: the slots of the sites before it and, for each loop
 * around it, the iterations of that loop before the current one times the slots of its body.
 * That needs the same trip count in every iteration for each loop around a site (bounds reading
 * nothing the parallel loop writes and none of its counters, step 1 or -1); where that is not so,
 * or for arrays other than C's (Fortran and Kokkos keep their own tapes), the loop keeps the
 * saves ({@link #of} answers null).
 * <p>
 * A site is an {@code if} or an active assignment {@code t = c ? a : b} whose condition reads a
 * shared variable the loop writes. The iteration's {@link #view} has each site's condition
 * replaced by the read of its bit: the analyses of what the adjoint needs ({@link ParallelLoops},
 * {@link SavePlan}) and the adjoint iteration see that view; the forward run is
 * {@link #recording}, the primal loop writing the bits as it decides.
 */
final class BranchRecords {

    private static final int BITS_PER_WORD = 64;

    private final For loop;
    private final For in;
    private final Variable tape;
    private final Variable base;
    /** Each site's bit among those of one iteration (by identity of the statement). */
    private final Map<Stmt, Expr> places;
    private final Expr wordsPerIteration;
    private final Block view;
    /**
     * The loop of the iteration whose iterations take its bits one each, in order, when there is
     * one ({@link #wordLoop}), else null; and that loop in the {@link #view}.
     */
    private final For wordLoop;
    private final For viewWordLoop;
    /**
     * The iteration's locals of the word-at-a-time loops: the word's number, the word, a direction,
     * where the word's iterations end.
     */
    private final Variable word;
    private final Variable bits;
    private final Variable direction;
    private final Variable wordEnd;
    /** The elements the forward run's word iterations read from locals, or null ({@link PinnedReads}). */
    private final PinnedReads pins;

    private BranchRecords(For loop, For in, Variable tape, Variable base, Map<Stmt, Expr> places, Expr slots,
            BiFunction<String, BaseType, Variable> fresh) {
        this.loop = loop;
        this.in = in;
        this.tape = tape;
        this.base = base;
        this.places = places;
        this.wordsPerIteration = Exprs.div(Exprs.add(slots, Exprs.integer(BITS_PER_WORD - 1)),
                Exprs.integer(BITS_PER_WORD));
        this.view = (Block) map(in.body(), this::flag);
        this.wordLoop = wordLoop(in, places);
        this.viewWordLoop = wordLoop == null ? null : (For) view.stmts().get(in.body().stmts().indexOf(wordLoop));
        this.word = wordLoop == null ? null : fresh.apply("pa_w", BaseType.INT);
        this.bits = wordLoop == null ? null : fresh.apply("pa_fw", BaseType.FLAGS);
        this.direction = wordLoop == null ? null : fresh.apply("pa_c", BaseType.INT);
        this.wordEnd = wordLoop == null ? null : fresh.apply("pa_je", wordLoop.counter().type());
        this.pins = wordLoop == null ? null : PinnedReads.of(wordIterations(), fresh);
    }

    /**
     * The records of the parallel loop {@code f} (whose iterations keep {@code privates} to
     * themselves), or null when it has no site or a site's place is not fixed. {@code base} makes
     * the local that holds where the block starts, asked only when there is a block.
     */
    static BranchRecords of(For f, Set<Variable> privates, Predicate<Variable> active, Variable tape,
            Supplier<Variable> base, BiFunction<String, BaseType, Variable> fresh) {
        For in = ParallelLoops.innermost(f);
        if (!cArraysOnly(f)) {
            return null;
        }
        Set<Variable> written = StmtUtil.writes(in.body());
        List<Variable> nestCounters = new ArrayList<>();
        for (For cur = f;; cur = (For) cur.body().stmts().get(0)) {
            nestCounters.add(cur.counter());
            if (cur == in) {
                break;
            }
        }
        Predicate<Expr> readsSharedWrite = e -> ExprUtil.variables(e).stream()
                .anyMatch(v -> written.contains(v) && !privates.contains(v));
        Predicate<Variable> variesInLoop = v -> written.contains(v) || nestCounters.contains(v);
        Predicate<Stmt> site = s -> switch (s) {
            case If i -> readsSharedWrite.test(i.cond());
            case Assign a -> a.op() == Assign.Op.SET && active.test(a.target().var())
                    && a.value() instanceof Cond c && readsSharedWrite.test(c.cond());
            default -> false;
        };
        Map<Stmt, Expr> places = new IdentityHashMap<>();
        Expr slots = place(in.body().stmts(), Exprs.integer(0), site, variesInLoop, places);
        if (slots == null || places.isEmpty()) {
            return null;
        }
        for (For cur = f;; cur = (For) cur.body().stmts().get(0)) {
            if (tripCount(cur, variesInLoop) == null) {
                return null;
            }
            if (cur == in) {
                break;
            }
        }
        return new BranchRecords(f, in, tape, base.get(), places, slots, fresh);
    }

    /**
     * The loop {@code g} of the iteration body whose iterations hold the only site, one each and
     * from the iteration's first bit on ({@code for (j = lo; j < hi; j++) path[i][j] = c ? ...}),
     * its counter mentioned nowhere else in the iteration: its bits are written and read a word
     * at a time (a register instead of a read-modify-write of memory per bit, whole words of
     * directions the adjoint does nothing for skipped). Null otherwise.
     */
    private static For wordLoop(For in, Map<Stmt, Expr> places) {
        if (places.size() != 1) {
            return null;
        }
        Stmt site = places.keySet().iterator().next();
        for (Stmt s : in.body().stmts()) {
            if (s instanceof For g && g.body().stmts().stream().anyMatch(x -> x == site)
                    && Long.valueOf(1).equals(g.constantStep())
                    && (g.cmp() == Binary.Op.LT || g.cmp() == Binary.Op.LE)
                    && places.get(site).equals(index(g)) && onlyIn(in.body(), g)) {
                return g;
            }
        }
        return null;
    }

    /** Whether {@code g}'s counter is mentioned in {@code body} only inside {@code g}. */
    private static boolean onlyIn(Block body, For g) {
        for (Stmt s : body.stmts()) {
            if (s != g && StmtUtil.mentioned(s).contains(g.counter())) {
                return false;
            }
        }
        return true;
    }

    /**
     * The loop mentions arrays, all of them C arrays (row-major, no run-time shape): the C tape is
     * the one that has the blocks (Fortran arrays are column-major, Kokkos Views know their shape).
     */
    private static boolean cArraysOnly(For f) {
        Set<Variable> mentioned = StmtUtil.mentioned(f);
        return mentioned.stream().anyMatch(Variable::isArray) && mentioned.stream()
                .noneMatch(v -> v.isArray() && (v.layout() != Layout.ROW_MAJOR || v.hasRuntimeShape()));
    }

    /**
     * Places the sites among {@code stmts} from bit {@code offset} on (into {@code places}) and
     * answers where the next free bit is, or null when a site sits in a loop whose trip count
     * varies between iterations.
     */
    private static Expr place(List<Stmt> stmts, Expr offset, Predicate<Stmt> site, Predicate<Variable> varies,
            Map<Stmt, Expr> places) {
        Expr at = offset;
        for (Stmt s : stmts) {
            if (site.test(s)) {
                places.put(s, at);
                at = Exprs.add(at, Exprs.integer(1));
            }
            switch (s) {
                case If i -> {
                    at = place(i.then().stmts(), at, site, varies, places);
                    if (at != null && i.otherwise() != null) {
                        at = place(i.otherwise().stmts(), at, site, varies, places);
                    }
                }
                case Block b -> at = place(b.stmts(), at, site, varies, places);
                case For g -> {
                    Map<Stmt, Expr> inner = new IdentityHashMap<>();
                    Expr slots = place(g.body().stmts(), Exprs.integer(0), site, varies, inner);
                    if (slots != null && !inner.isEmpty()) {
                        Expr trips = tripCount(g, varies);
                        if (trips == null) {
                            return null;
                        }
                        Expr start = at;
                        Expr before = Exprs.mul(index(g), slots);
                        inner.forEach((x, rel) -> places.put(x, Exprs.add(Exprs.add(start, before), rel)));
                        at = Exprs.add(at, Exprs.mul(trips, slots));
                    } else if (slots == null) {
                        return null;
                    }
                }
                default -> {
                }
            }
            if (at == null) {
                return null;
            }
        }
        return at;
    }

    /**
     * The number of iterations of {@code g} (never negative), or null unless its step is 1 or -1
     * and its bounds read nothing in {@code varies}.
     */
    private static Expr tripCount(For g, Predicate<Variable> varies) {
        DistinctElements.Range values = DistinctElements.Range.of(g);
        if (values == null || ExprUtil.variables(g.lower()).stream().anyMatch(varies)
                || ExprUtil.variables(g.bound()).stream().anyMatch(varies)) {
            return null;
        }
        return nonNegative(Exprs.add(Exprs.sub(values.highest(), values.lowest()), Exprs.integer(1)));
    }

    private static Expr nonNegative(Expr n) {
        return Exprs.isConst(n) ? Exprs.integer(Math.max(0, (long) Exprs.constValue(n)))
                : Exprs.cond(Exprs.gt(n, Exprs.integer(0)), n, Exprs.integer(0));
    }

    /** How many iterations of {@code g} come before the current one (its step is 1 or -1). */
    private static Expr index(For g) {
        Expr counter = Exprs.ref(g.counter());
        return g.constantStep() == 1 ? Exprs.sub(counter, g.lower()) : Exprs.sub(g.lower(), counter);
    }

    /** The index of the current iteration of the collapsed nest (row-major over its levels). */
    private Expr iterationIndex() {
        Expr at = null;
        for (For cur = loop;; cur = (For) cur.body().stmts().get(0)) {
            at = at == null ? index(cur) : Exprs.add(Exprs.mul(at, tripCount(cur, v -> false)), index(cur));
            if (cur == in) {
                return at;
            }
        }
    }

    /** The number of iterations of the collapsed nest. */
    private Expr iterations() {
        Expr n = null;
        for (For cur = loop;; cur = (For) cur.body().stmts().get(0)) {
            Expr trips = tripCount(cur, v -> false);
            n = n == null ? trips : Exprs.mul(n, trips);
            if (cur == in) {
                return n;
            }
        }
    }

    /** The bit of {@code site} in the block: the iteration's first bit plus the site's place. */
    private Expr bit(Stmt site) {
        Expr first = Exprs.mul(Exprs.cast(BaseType.LONG, iterationIndex()),
                Exprs.mul(wordsPerIteration, Exprs.integer(BITS_PER_WORD)));
        return Exprs.add(first, places.get(site));
    }

    /** The words of the block. */
    private Expr words() {
        return Exprs.mul(Exprs.cast(BaseType.LONG, iterations()), wordsPerIteration);
    }

    /**
     * {@code s} with each parallel loop of {@code records} replaced by its nest around its
     * {@link #view}: what the analyses of the whole function (what the reverse sweep needs) read.
     */
    static Stmt viewed(Stmt s, Map<For, BranchRecords> records) {
        if (records.isEmpty()) {
            return s;
        }
        return switch (s) {
            case For f when records.containsKey(f) -> ParallelLoops.rebuildNest(f, records.get(f).in,
                    records.get(f).view, f.omp());
            case For f -> new For(f.counter(), f.lower(), f.cmp(), f.bound(), f.step(),
                    (Block) viewed(f.body(), records), f.omp(), f.pragmas(), f.range(), f.hint());
            case If i -> new If(i.cond(), (Block) viewed(i.then(), records),
                    i.otherwise() == null ? null : (Block) viewed(i.otherwise(), records), i.range());
            case Block b -> new Block(b.stmts().stream().map(x -> viewed(x, records)).toList(), b.range());
            default -> s;
        };
    }

    /** Whether {@code s} (a statement of the loop, not of its view) is a site. */
    boolean isSite(Stmt s) {
        return places.containsKey(s);
    }

    /** The innermost body of the collapsed nest with each site's condition read from its bit. */
    Block view() {
        return view;
    }

    /** Before the forward run: the block reserved. */
    Stmt reserve() {
        return Runtime.reserveFlags(tape, base, words());
    }

    /** Before the adjoint loop: the block given back, its start in the base local again. */
    Stmt release() {
        return Runtime.releaseFlags(tape, base, words());
    }

    /** The local that holds where the block starts. */
    Variable base() {
        return base;
    }

    /** The forward run: the primal loop, each site recording the direction it takes. */
    For recording() {
        Block body = (Block) map(in.body(), (site, c) -> Runtime.putFlag(tape, base, bit(site), c));
        if (wordLoop != null) {
            List<Stmt> stmts = new ArrayList<>(List.of(new Decl(word, null), new Decl(bits, null),
                    new Decl(direction, null), new Decl(wordEnd, null)));
            if (pins != null) {
                pins.locals().forEach(v -> stmts.add(new Decl(v, null)));
            }
            for (Stmt s : in.body().stmts()) {
                if (s == wordLoop && pins != null) {
                    stmts.addAll(pins.load());
                }
                stmts.add(s == wordLoop ? recordedByWords() : s);
            }
            body = new Block(stmts, in.body().range());
        }
        return ParallelLoops.rebuildNest(loop, in, body, loop.omp());
    }

    /**
     * The word loop of the forward run: per word of the iteration, its bits gathered in a local
     * by the loop's iterations of that word, then stored.
     * <pre>
     * for (w = 0; w &lt; words; w++) {
     *     bits = 0;
     *     je = min(lo + 64 * w + 64, end);
     *     for (j = lo + 64 * w; j &lt; je; j++) {
     *         ...; c = cond; bits = pa_with_flag(bits, j - (lo + 64 * w), c); site with c; ...
     *     }
     *     pa_put_flag_word(tape, base, first word of the iteration + w, bits);
     * }
     * </pre>
     * The loop over {@code j} is split at the iteration that may rewrite elements it reads in every
     * iteration, when there is one ({@link PinnedReads}).
     */
    private For recordedByWords() {
        Expr to = Exprs.add(wordStart(), Exprs.integer(BITS_PER_WORD));
        Expr end = wordLoop.cmp() == Binary.Op.LT ? wordLoop.bound() : Exprs.add(wordLoop.bound(), Exprs.integer(1));
        List<Stmt> perWord = new ArrayList<>();
        perWord.add(Assign.set(Exprs.ref(bits), Exprs.integer(0)));
        perWord.add(Assign.set(Exprs.ref(wordEnd), Exprs.cond(Exprs.lt(to, end), to, end)));
        perWord.addAll(pins == null ? List.of(wordIterations()) : pins.split());
        perWord.add(Runtime.putFlagWord(tape, base, Exprs.add(firstWord(), Exprs.ref(word)), Exprs.ref(bits)));
        return new For(word, Exprs.integer(0), Binary.Op.LT, wordsPerIteration, Exprs.integer(1),
                new Block(perWord), null, List.of(), wordLoop.range());
    }

    /** The word loop's iterations of word {@code w} in the forward run, each recording its direction in the word. */
    private For wordIterations() {
        For g = wordLoop;
        Expr from = wordStart();
        List<Stmt> body = new ArrayList<>();
        for (Stmt s : g.body().stmts()) {
            if (isSite(s)) {
                Expr cond = s instanceof If i ? i.cond() : ((Cond) ((Assign) s).value()).cond();
                body.add(Assign.set(Exprs.ref(direction), cond));
                body.add(Assign.set(Exprs.ref(bits), Runtime.withFlag(Exprs.ref(bits),
                        Exprs.sub(Exprs.ref(g.counter()), from), Exprs.ref(direction))));
                body.add(map(s, (site, c) -> Exprs.ref(direction)));
            } else {
                body.add(s);
            }
        }
        return new For(g.counter(), from, Binary.Op.LT, Exprs.ref(wordEnd), Exprs.integer(1), new Block(body), null,
                List.of(), g.range());
    }

    /** Whether {@code f} is the word loop in the {@link #view}. */
    boolean isWordLoop(For f) {
        return f == viewWordLoop && f != null;
    }

    /**
     * The adjoint of the word loop, {@code body} its reversed body (reading the directions with
     * {@link Runtime#getFlag}): words from the last, each read once; when the body is one branch on
     * the direction, only the bits that take it are visited, from the highest down: the word read
     * as the bits that hold the direction ({@code pa_bits_with}, once per word), then
     * {@code pa_highest_bit} and {@code pa_step_below} on it (printed as a walk that takes each bit
     * from the word, {@link LoopHint.SetBits}). {@code locals} receives the locals the
     * adjoint iteration declares.
     */
    For reversedByWords(List<Stmt> body, List<Variable> locals) {
        For g = wordLoop;
        locals.add(word);
        locals.add(bits);
        Expr from = wordStart();
        Expr last = g.cmp() == Binary.Op.LT ? Exprs.sub(g.bound(), Exprs.integer(1)) : g.bound();
        Expr top = Exprs.add(from, Exprs.integer(BITS_PER_WORD - 1));
        Expr bit = Exprs.sub(Exprs.ref(g.counter()), from);
        List<Stmt> fromWord = body.stream().map(s -> StmtUtil.mapExprs(s, e -> ExprUtil.map(e,
                x -> Runtime.isFlagRead(x) ? Runtime.flagOf(Exprs.ref(bits), bit) : x))).toList();
        Expr read = Runtime.getFlagWord(tape, base, Exprs.add(firstWord(), Exprs.ref(word)));
        Stmt inner = new For(g.counter(), Exprs.cond(Exprs.lt(last, top), last, top), Binary.Op.GE, from,
                Exprs.integer(-1), new Block(fromWord), null, List.of(), g.range());
        Expr taken = branchDirection(fromWord);
        if (taken != null) {
            // only the bits that take the branch, from the highest down (the order of the loop above):
            // a word none of whose bits takes it costs one test, a rare direction one step per bit;
            // the word is complemented and cut to the loop's bits once, not at every step
            Expr remaining = Exprs.sub(tripCount(g, v -> false),
                    Exprs.mul(Exprs.integer(BITS_PER_WORD), Exprs.ref(word)));
            read = Runtime.bitsWith(read, remaining, taken);
            // the word is read anew for the next word: C takes each bit from it as it visits it
            inner = new For(g.counter(), Exprs.add(from, Runtime.highestBit(Exprs.ref(bits))), Binary.Op.GE, from,
                    Runtime.stepBelow(Exprs.ref(bits), bit), ((If) fromWord.get(0)).then(), null, List.of(),
                    g.range(), new LoopHint.SetBits(bits));
        }
        Block perWord = new Block(List.of(Assign.set(Exprs.ref(bits), read), inner));
        return new For(word, Exprs.sub(wordsPerIteration, Exprs.integer(1)), Binary.Op.GE, Exprs.integer(0),
                Exprs.integer(-1), perWord, null, List.of(), g.range());
    }

    /**
     * The direction for which {@code body} does anything, when it is a single branch on the
     * direction without an else ({@code if (!flag) ...}: 0), else null.
     */
    private static Expr branchDirection(List<Stmt> body) {
        if (body.size() != 1 || !(body.get(0) instanceof If i) || i.otherwise() != null) {
            return null;
        }
        if (i.cond() instanceof Call c && c.name().equals(Runtime.FLAG_OF)) {
            return Exprs.integer(1);
        }
        if (i.cond() instanceof Unary u && u.op() == Unary.Op.NOT && u.operand() instanceof Call c
                && c.name().equals(Runtime.FLAG_OF)) {
            return Exprs.integer(0);
        }
        return null;
    }

    /** The first value of the word loop's counter in word {@code w}: {@code lo + 64 * w}. */
    private Expr wordStart() {
        return Exprs.add(wordLoop.lower(), Exprs.mul(Exprs.integer(BITS_PER_WORD), Exprs.ref(word)));
    }

    /** The iteration's first word in the block. */
    private Expr firstWord() {
        return Exprs.mul(Exprs.cast(BaseType.LONG, iterationIndex()), wordsPerIteration);
    }

    private Expr flag(Stmt site, Expr cond) {
        return Runtime.getFlag(tape, base, bit(site));
    }

    /** {@code s} with the condition of each site replaced by {@code by(site, condition)}; the rest kept. */
    private Stmt map(Stmt s, Replacement by) {
        return switch (s) {
            case If i -> {
                Block then = (Block) map(i.then(), by);
                Block otherwise = i.otherwise() == null ? null : (Block) map(i.otherwise(), by);
                Expr cond = isSite(i) ? by.apply(i, i.cond()) : i.cond();
                yield cond == i.cond() && then == i.then() && otherwise == i.otherwise() ? i
                        : new If(cond, then, otherwise, i.range());
            }
            case Assign a when isSite(a) -> {
                Cond c = (Cond) a.value();
                yield new Assign(a.target(), a.op(), new Cond(by.apply(a, c.cond()), c.then(), c.otherwise(),
                        c.range()), a.atomic(), a.pragmas(), a.range());
            }
            case Block b -> {
                List<Stmt> stmts = b.stmts().stream().map(x -> map(x, by)).toList();
                yield sameElements(stmts, b.stmts()) ? b : new Block(stmts, b.range());
            }
            case For g -> {
                Block body = (Block) map(g.body(), by);
                yield body == g.body() ? g : new For(g.counter(), g.lower(), g.cmp(), g.bound(), g.step(), body,
                        g.omp(), g.pragmas(), g.range(), g.hint());
            }
            default -> s;
        };
    }

    private static boolean sameElements(List<Stmt> a, List<Stmt> b) {
        for (int k = 0; k < a.size(); k++) {
            if (a.get(k) != b.get(k)) {
                return false;
            }
        }
        return true;
    }

    /** What a site's condition becomes. */
    @FunctionalInterface
    private interface Replacement {
        Expr apply(Stmt site, Expr cond);
    }
}
