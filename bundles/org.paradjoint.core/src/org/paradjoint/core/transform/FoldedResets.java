package org.paradjoint.core.transform;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.Exprs;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Cond;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.RealLit;
import org.paradjoint.core.ir.Return;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.Unary;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.transform.DistinctElements.Range;

/**
 * Folds the reset of an overwritten array's adjoint into the gather that follows it. In a time
 * loop ({@code B = f(A); A = g(B)}) the adjoint of each half step resets the adjoint of the array
 * it overwrote and the next half step's gather increments it at once: heat-3d's
 * {@code Ab[i][j][k] = 0} over the interior, then {@code Ab[i][j][k] += 0.25 * Bb[i][j][k] + ...}
 * over every point, one region of the gather per part of the boundary. Where the gather's region
 * without conditions (its central part) lies inside the reset box, that region can set the
 * elements ({@code Ab[i][j][k] = ...}) and the reset skip them: one pass over the array's interior
 * instead of two, which for a stencil that moves as much memory as it computes is most of the
 * difference with an adjoint written by hand.
 * <p>
 * A reset qualifies when it is a nest of loops (step 1 or -1) whose only statement sets the
 * element at its counters to zero, and the first statement after it that mentions the array
 * (the gather) only increments it, each increment at the counters of the loops around it, in
 * their order, without reading the array. The fold takes the first increment with no condition
 * around it in its loops whose loops' counter ranges provably lie inside the reset box; every
 * other increment of the gather must be provably outside those ranges in some dimension, or in
 * the other branch of a condition around the folded one. The conditions around the folded
 * increment (the gather's "region not empty" guards) and its loops' bounds must read nothing the
 * gather writes: the reset skips the folded box only where those conditions hold, evaluated
 * before the gather, so that every element of the reset box is either reset or set.
 */
final class FoldedResets {

    private FoldedResets() {
    }

    static Function apply(Function f) {
        return f.withBody(new Block(inList(f.body().stmts()), f.body().range()));
    }

    private static List<Stmt> inList(List<Stmt> stmts) {
        List<Stmt> out = new ArrayList<>();
        for (Stmt s : stmts) {
            out.add(inside(s));
        }
        for (int z = 0; z < out.size(); z++) {
            Optional<Reset> reset = Reset.of(out.get(z));
            // a nest whose iterations end with the reset: the rest of the nest stays before it
            Stmt rest = null;
            if (reset.isEmpty()) {
                Optional<Trailing> t = Trailing.of(out.get(z));
                reset = t.flatMap(x -> Reset.of(x.reset()));
                if (reset.isEmpty()) {
                    continue;
                }
                rest = t.get().rest();
            }
            Variable x = reset.get().array;
            int g = z + 1;
            while (g < out.size() && !StmtUtil.mentioned(out.get(g)).contains(x)) {
                g++;
            }
            if (g == out.size()) {
                continue;
            }
            Optional<Fold> fold = Fold.of(reset.get(), out.subList(z + 1, g), out.get(g));
            if (fold.isPresent()) {
                out.set(g, fold.get().setting(out.get(g)));
                Stmt skipping = reset.get().skipping(fold.get());
                out.remove(z);
                if (rest != null) {
                    out.add(z++, rest);
                }
                // a one-dimensional reset leaves the loops below and above the hole (or none)
                List<Stmt> parts = skipping instanceof Block b ? b.stmts() : List.of(skipping);
                out.addAll(z, parts);
                z += parts.size() - 1;
            }
        }
        return out;
    }

    private static Stmt inside(Stmt s) {
        return switch (s) {
            case For f -> acrossIterations(f.withBody(new Block(inList(f.body().stmts()), f.body().range())));
            case If i -> new If(i.cond(), new Block(inList(i.then().stmts()), i.then().range()),
                    i.otherwise() == null ? null : new Block(inList(i.otherwise().stmts()), i.otherwise().range()),
                    i.range());
            case Block b -> new Block(inList(b.stmts()), b.range());
            default -> s;
        };
    }

    /**
     * The reset that ends every iteration of a sequential loop, folded into the gather that
     * begins the next one: the reversed time loop of heat-3d's adjoint ends with {@code Bb = 0}
     * over the interior, and its next iteration starts with the gather into {@code Bb}. The reset
     * moves to just before that gather, from the second iteration on (the gather's central part
     * then sets its elements and the reset skips them, as for a reset and gather of one
     * iteration), and runs whole at the end of the last iteration; the first iteration's gather
     * still increments (the array holds its seed there). So the reset is no longer a pass of its
     * own in every iteration. Moving it is sound when no statement between its place and the
     * gather's (the rest of the iteration, the next one's beginning) mentions the array, and its
     * box reads nothing the loop writes.
     */
    private static Stmt acrossIterations(For loop) {
        Range values = Range.of(loop);
        List<Stmt> body = loop.body().stmts();
        if (loop.omp() != null || values == null) {
            return loop;
        }
        Set<Variable> written = new HashSet<>(List.of(loop.counter()));
        body.forEach(b -> written.addAll(StmtUtil.writes(b)));
        boolean[] jumps = {false};
        body.forEach(b -> StmtUtil.forEach(b, x -> jumps[0] |= x instanceof Return));
        if (jumps[0] || !Fold.readsNone(values.lowest(), written) || !Fold.readsNone(values.highest(), written)) {
            return loop;
        }
        for (int z = body.size() - 1; z >= 0; z--) {
            Optional<Reset> reset = Reset.of(body.get(z));
            if (reset.isEmpty() || !reset.get().sameBoxEverywhere(written)) {
                continue;
            }
            Variable x = reset.get().array;
            int g = 0;
            while (g < z && !StmtUtil.mentioned(body.get(g)).contains(x)) {
                g++;
            }
            if (g == z || body.subList(z + 1, body.size()).stream().anyMatch(t -> StmtUtil.mentioned(t).contains(x))) {
                continue;
            }
            Optional<Fold> fold = Fold.of(reset.get(), List.of(), body.get(g));
            if (fold.isEmpty()) {
                continue;
            }
            boolean up = loop.constantStep() > 0;
            Expr counter = new VarRef(loop.counter());
            Expr later = new Binary(Binary.Op.NE, counter, up ? values.lowest() : values.highest());
            Expr last = new Binary(Binary.Op.EQ, counter, up ? values.highest() : values.lowest());
            Stmt skipping = reset.get().skipping(fold.get());
            List<Stmt> out = new ArrayList<>(body.subList(0, g));
            if (!(skipping instanceof Block b && b.stmts().isEmpty())) {
                out.add(new If(later, skipping instanceof Block b ? b : Block.of(skipping), null, body.get(z).range()));
            }
            out.add(fold.get().settingAfterFirst(body.get(g), later));
            out.addAll(body.subList(g + 1, z));
            out.add(new If(last, Block.of(body.get(z)), null, body.get(z).range()));
            out.addAll(body.subList(z + 1, body.size()));
            return acrossIterations(loop.withBody(new Block(out, loop.body().range())));
        }
        return loop;
    }

    /**
     * A loop nest whose iterations end by resetting the element at their counters (the adjoint
     * of a pointwise half step: {@code vb[i][j] += ... * ub[i][j]; ub[i][j] = 0}), the array
     * mentioned nowhere else in the nest but at that element: the nest without the reset
     * ({@code rest}) and the reset as a nest of its own ({@code reset}, same headers). Each
     * iteration touches only its own element of the array, so resetting them all after the
     * nest is the same; the reset can then fold into the gather that follows.
     */
    private record Trailing(Stmt rest, Stmt reset) {

        static Optional<Trailing> of(Stmt s) {
            List<For> loops = new ArrayList<>();
            Stmt cur = s;
            while (cur instanceof For f) {
                loops.add(f);
                cur = f.body().stmts().size() == 1 && f.body().stmts().get(0) instanceof For inner ? inner : null;
            }
            if (loops.isEmpty()) {
                return Optional.empty();
            }
            List<Stmt> body = loops.get(loops.size() - 1).body().stmts();
            if (body.size() < 2 || !(body.get(body.size() - 1) instanceof Assign a) || a.op() != Assign.Op.SET
                    || a.atomic() || !Exprs.isZero(a.value()) || !(a.target() instanceof ArrayRef r)
                    || !atCounters(r, loops)) {
                return Optional.empty();
            }
            boolean[] elsewhere = {false};
            for (For f : loops) {
                StmtUtil.ownExprs(f).forEach(e -> elsewhere[0] |= ExprUtil.references(e, r.var()));
            }
            for (Stmt x : body.subList(0, body.size() - 1)) {
                StmtUtil.forEachExpr(x, e -> elsewhere[0] |= e instanceof ArrayRef q && q.var().equals(r.var())
                        && !q.equals(r) || e instanceof VarRef v && v.var().equals(r.var()));
            }
            if (elsewhere[0]) {
                return Optional.empty();
            }
            return Optional.of(new Trailing(nest(loops, 0, body.subList(0, body.size() - 1)), nest(loops, 0,
                    List.of(a))));
        }

        private static Stmt nest(List<For> loops, int d, List<Stmt> innermost) {
            For f = loops.get(d);
            Block body = d == loops.size() - 1 ? new Block(innermost, f.body().range())
                    : Block.of(nest(loops, d + 1, innermost));
            return f.withBody(body);
        }
    }

    /** A zeroing nest: its loops (outermost first), the array and the box of counter values. */
    private record Reset(List<For> loops, Variable array, List<Range> box) {

        static Optional<Reset> of(Stmt s) {
            List<For> loops = new ArrayList<>();
            Stmt cur = s;
            while (cur instanceof For f) {
                loops.add(f);
                cur = f.body().stmts().size() == 1 ? f.body().stmts().get(0) : null;
            }
            if (loops.isEmpty() || !(cur instanceof Assign a) || a.op() != Assign.Op.SET || a.atomic()
                    || !Exprs.isZero(a.value()) || !(a.target() instanceof ArrayRef r)
                    || !atCounters(r, loops)) {
                return Optional.empty();
            }
            List<Range> box = new ArrayList<>();
            for (For f : loops) {
                Range i = Range.of(f);
                if (i == null) {
                    return Optional.empty();
                }
                box.add(i);
            }
            return Optional.of(new Reset(loops, r.var(), box));
        }

        /** Whether the box's bounds read none of {@code written} (the reset's own counters aside). */
        boolean sameBoxEverywhere(Set<Variable> written) {
            Set<Variable> counters = new HashSet<>();
            loops.forEach(f -> counters.add(f.counter()));
            return loops.stream().flatMap(f -> java.util.stream.Stream.of(f.lower(), f.bound(), f.step()))
                    .flatMap(e -> ExprUtil.variables(e).stream())
                    .allMatch(v -> counters.contains(v) || !written.contains(v));
        }

        /** The reset without the folded box, where the fold's conditions hold. */
        Stmt skipping(Fold fold) {
            Stmt zero = loops.get(loops.size() - 1).body().stmts().get(0);
            Stmt skipping = nest(0, fold.box, zero);
            if (fold.guards.isEmpty()) {
                return skipping;
            }
            // nested regions repeat their guards: each once
            List<Expr> distinct = fold.guards.stream().distinct().toList();
            Expr all = distinct.get(0);
            for (Expr g : distinct.subList(1, distinct.size())) {
                all = new Binary(Binary.Op.AND, all, g);
            }
            if (skipping instanceof Block b && b.stmts().isEmpty()) {
                // the fold covers the whole box: the reset runs only where the fold does not
                return new If(new Unary(Unary.Op.NOT, all), Block.of(loops.get(0)), null, loops.get(0).range());
            }
            return new If(all, skipping instanceof Block b ? b : Block.of(skipping), Block.of(loops.get(0)),
                    loops.get(0).range());
        }

        /**
         * Dimensions {@code d...} of the box without {@code hole}, the dimensions before them being
         * inside the hole's: in the last one the values below the hole and those above it; in
         * the others, inside the hole's range the next dimensions without it, else all of them.
         */
        private Stmt nest(int d, List<Range> hole, Stmt zero) {
            Range b = box.get(d);
            Range h = hole.get(d);
            For f = loops.get(d);
            if (d == loops.size() - 1) {
                List<Stmt> ends = new ArrayList<>();
                for (Range part : List.of(new Range(b.lowest(), Exprs.sub(h.lowest(), new IntLit(1))),
                        new Range(Exprs.add(h.highest(), new IntLit(1)), b.highest()))) {
                    // a part provably empty (the hole reaching the box's end) has no loop
                    Long size = IntegerSums.difference(part.highest(), part.lowest(), IntegerSums.VARIABLES);
                    if (size == null || size >= 0) {
                        ends.add(plain(f, part.lowest(), part.highest(), zero));
                    }
                }
                return new Block(ends);
            }
            Stmt inner = nest(d + 1, hole, zero);
            if (inner instanceof Block block && block.stmts().isEmpty()) {
                // nothing left inside the hole's range; where the hole spans the box, nothing at all
                return b.within(h) ? inner : withHeader(f, new If(new Unary(Unary.Op.NOT, h.contains(f.counter())),
                        Block.of(full(d + 1, zero)), null, f.range()));
            }
            if (b.within(h)) {
                return withHeader(f, inner);
            }
            return withHeader(f, new If(h.contains(f.counter()), inner instanceof Block block ? block : Block.of(inner),
                    Block.of(full(d + 1, zero)), f.range()));
        }

        /** Dimensions {@code d...} of the box whole (the zero statement itself past the last). */
        private Stmt full(int d, Stmt zero) {
            if (d == loops.size()) {
                return zero;
            }
            Range b = box.get(d);
            return plain(loops.get(d), b.lowest(), b.highest(), full(d + 1, zero));
        }

        /** {@code for (c = lo; c <= hi; c++) body} over loop {@code f}'s counter. */
        private static For plain(For f, Expr lo, Expr hi, Stmt body) {
            return new For(f.counter(), lo, Binary.Op.LE, hi, new IntLit(1), Block.of(body), null, List.of(),
                    f.range());
        }

        /** {@code f}'s header (and OpenMP clauses) around {@code body}. */
        private static For withHeader(For f, Stmt body) {
            return new For(f.counter(), f.lower(), f.cmp(), f.bound(), f.step(), Block.of(body), f.omp(), f.pragmas(),
                    f.range(), f.hint());
        }
    }

    /** Whether {@code r}'s indices are the counters of {@code loops}, in order. */
    private static boolean atCounters(ArrayRef r, List<For> loops) {
        if (r.indices().size() != loops.size()) {
            return false;
        }
        for (int d = 0; d < loops.size(); d++) {
            if (!(r.indices().get(d) instanceof VarRef v) || !v.var().equals(loops.get(d).counter())) {
                return false;
            }
        }
        return true;
    }

    /** An increment of the gather with the loops and the conditions (as taken) around it. */
    private record Site(Assign increment, List<For> loops, List<If> thens, List<If> elses, List<Expr> guards) {
    }

    /** The increment that sets instead, its box of counter values and the conditions it runs under. */
    private record Fold(Assign increment, List<Range> box, List<Expr> guards) {

        /**
         * The fold of {@code reset} into {@code gather}, the statements {@code between} them
         * mentioning neither's array; empty when the conditions above do not all hold.
         */
        static Optional<Fold> of(Reset reset, List<Stmt> between, Stmt gather) {
            List<Site> sites = new ArrayList<>();
            if (!collect(gather, reset.array, new ArrayList<>(), new ArrayList<>(), new ArrayList<>(),
                    new ArrayList<>(), sites)) {
                return Optional.empty();
            }
            Set<Variable> written = new HashSet<>(StmtUtil.writes(gather));
            between.forEach(b -> written.addAll(StmtUtil.writes(b)));
            for (Site s : sites) {
                // its loops are the box's, no other: it runs once per element
                List<For> loops = s.loops;
                if (loops.size() != reset.loops.size() || !atCounters((ArrayRef) s.increment.target(), loops)
                        || !s.guards.stream().allMatch(g -> readsNone(g, written))) {
                    continue;
                }
                List<Range> box = new ArrayList<>();
                boolean inside = true;
                for (int d = 0; d < loops.size() && inside; d++) {
                    For f = loops.get(d);
                    Range i = Range.of(f);
                    inside = i != null && readsNone(f.lower(), written) && readsNone(f.bound(), written)
                            && i.within(reset.box.get(d));
                    box.add(i);
                }
                if (!inside) {
                    continue;
                }
                if (sites.stream().allMatch(o -> o == s || apart(o, s, box, reset.loops.size()))) {
                    return Optional.of(new Fold(s.increment, box, s.guards));
                }
            }
            return Optional.empty();
        }

        /** {@code other} never touches the box: it is in another branch of a condition, or outside in a dimension. */
        private static boolean apart(Site other, Site folded, List<Range> box, int rank) {
            if (other.elses.stream().anyMatch(e -> folded.thens.stream().anyMatch(t -> t == e))) {
                return true;
            }
            if (other.loops.size() < rank || !atCounters((ArrayRef) other.increment.target(),
                    other.loops.subList(other.loops.size() - rank, other.loops.size()))) {
                return false;
            }
            List<For> loops = other.loops.subList(other.loops.size() - rank, other.loops.size());
            for (int d = 0; d < rank; d++) {
                Range i = Range.of(loops.get(d));
                if (i != null && i.apartFrom(box.get(d))) {
                    return true;
                }
            }
            return false;
        }

        /**
         * The increments of {@code x} in {@code s}, with their loops and conditions; false when {@code x}
         * is mentioned any other way (read, set, or indexed otherwise).
         */
        private static boolean collect(Stmt s, Variable x, List<For> loops, List<If> thens, List<If> elses,
                List<Expr> guards, List<Site> out) {
            switch (s) {
                case Assign a -> {
                    boolean target = a.target().var().equals(x);
                    if (ExprUtil.variables(a.value()).contains(x)
                            || target && (a.op() != Assign.Op.ADD || a.atomic() || !(a.target() instanceof ArrayRef))
                            || !target && ExprUtil.indexVariables(a.target()).contains(x)) {
                        return false;
                    }
                    if (target) {
                        out.add(new Site(a, List.copyOf(loops), List.copyOf(thens), List.copyOf(elses),
                                List.copyOf(guards)));
                    }
                    return true;
                }
                case For f -> {
                    if (readsAny(List.of(f.lower(), f.bound()), x)) {
                        return false;
                    }
                    loops.add(f);
                    boolean ok = f.body().stmts().stream().allMatch(t -> collect(t, x, loops, thens, elses, guards, out));
                    loops.remove(loops.size() - 1);
                    return ok;
                }
                case If i -> {
                    if (readsAny(List.of(i.cond()), x)) {
                        return false;
                    }
                    thens.add(i);
                    guards.add(i.cond());
                    boolean ok = i.then().stmts().stream().allMatch(t -> collect(t, x, loops, thens, elses, guards, out));
                    thens.remove(thens.size() - 1);
                    guards.remove(guards.size() - 1);
                    if (ok && i.otherwise() != null) {
                        elses.add(i);
                        guards.add(new Unary(Unary.Op.NOT, i.cond()));
                        ok = i.otherwise().stmts().stream().allMatch(t -> collect(t, x, loops, thens, elses, guards,
                                out));
                        elses.remove(elses.size() - 1);
                        guards.remove(guards.size() - 1);
                    }
                    return ok;
                }
                case Block b -> {
                    return b.stmts().stream().allMatch(t -> collect(t, x, loops, thens, elses, guards, out));
                }
                default -> {
                    return !StmtUtil.mentioned(s).contains(x);
                }
            }
        }

        private static boolean readsAny(List<Expr> es, Variable x) {
            return es.stream().anyMatch(e -> ExprUtil.variables(e).contains(x));
        }

        static boolean readsNone(Expr e, Set<Variable> written) {
            return ExprUtil.variables(e).stream().noneMatch(written::contains);
        }

        /** {@code gather} with the folded increment setting its element. */
        Stmt setting(Stmt gather) {
            return replace(gather, null);
        }

        /**
         * {@code gather} with the folded increment setting its element where {@code reset} holds
         * ({@code x = (reset ? 0 : x) + value}), incrementing it elsewhere.
         */
        Stmt settingAfterFirst(Stmt gather, Expr reset) {
            return replace(gather, reset);
        }

        private Stmt replace(Stmt s, Expr reset) {
            return switch (s) {
                case Assign a when a == increment && reset == null -> new Assign(a.target(), Assign.Op.SET,
                        a.value(), false, a.pragmas(), a.range());
                case Assign a when a == increment -> new Assign(a.target(), Assign.Op.SET, Exprs.add(
                        new Cond(reset, new RealLit(0.0), a.target()), a.value()), false, a.pragmas(), a.range());
                case For f -> f.withBody(new Block(f.body().stmts().stream().map(t -> replace(t, reset)).toList(),
                        f.body().range()));
                case If i -> new If(i.cond(), new Block(i.then().stmts().stream().map(t -> replace(t, reset)).toList(),
                        i.then().range()), i.otherwise() == null ? null : new Block(i.otherwise().stmts().stream()
                                .map(t -> replace(t, reset)).toList(), i.otherwise().range()), i.range());
                case Block b -> new Block(b.stmts().stream().map(t -> replace(t, reset)).toList(), b.range());
                default -> s;
            };
        }
    }
}
