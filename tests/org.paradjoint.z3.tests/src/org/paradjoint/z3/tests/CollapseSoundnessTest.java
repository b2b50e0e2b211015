package org.paradjoint.z3.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.ir.AdPragma;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.OmpParallelFor;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.race.Increment;
import org.paradjoint.race.LoopReport;
import org.paradjoint.race.RaceAnalysis;
import org.paradjoint.race.RaceOptions;
import org.paradjoint.z3.Z3Prover;

/**
 * Soundness of the analysis of {@code collapse(2)} loops (C's {@code collapse}, Kokkos's
 * {@code MDRangePolicy}): an iteration is a pair {@code (i, j)}, so two iterations may share
 * {@code i}. On random race-free nests {@code for i, for j} whose indices combine both counters
 * (affine, flattened {@code i*m + j}, through a permutation), every increment the analysis calls
 * SAFE is checked by enumerating all pairs on concrete sizes: no other pair may touch the same
 * adjoint element. The analysis must also prove something (flattened and affine injective indices).
 */
class CollapseSoundnessTest {

    static final int LOOPS = 600;
    static final int SIZE = 64;

    final Variable i = RandomLoops.scalar("i", BaseType.INT);
    final Variable j = RandomLoops.scalar("j", BaseType.INT);
    final Variable t = RandomLoops.scalar("t", BaseType.DOUBLE);
    final Variable n = Variable.scalar("n", BaseType.INT, Variable.Kind.PARAMETER);
    final Variable m = Variable.scalar("m", BaseType.INT, Variable.Kind.PARAMETER);
    final Variable x = RandomLoops.array("x", BaseType.DOUBLE);
    final Variable y = RandomLoops.array("y", BaseType.DOUBLE);
    final Variable p = RandomLoops.array("p", BaseType.INT);

    /** An index over the pair: {@code a*i + b*j + c}, {@code i*m + j + c}, or {@code p[i] + b*j}. */
    record Idx(int a, int b, int c, boolean flat, boolean perm) {
        long eval(long iv, long jv, long mv, long[] pv) {
            if (flat) {
                return iv * mv + jv + c;
            }
            return (perm ? pv[(int) iv] : a * iv) + b * jv + c;
        }
    }

    private Idx index(Random r) {
        return switch (r.nextInt(6)) {
            case 0 -> new Idx(0, 0, 0, true, false);
            case 1 -> new Idx(0, 1 + r.nextInt(2), 0, false, true);
            default -> new Idx(r.nextInt(5), r.nextInt(5), r.nextInt(3), false, false);
        };
    }

    private Expr expr(Idx k) {
        VarRef iv = new VarRef(i);
        VarRef jv = new VarRef(j);
        if (k.flat()) {
            return add(add(new Binary(Binary.Op.MUL, iv, new VarRef(m)), jv), lit(k.c()));
        }
        Expr first = k.perm() ? new ArrayRef(p, List.of(iv)) : new Binary(Binary.Op.MUL, lit(k.a()), iv);
        return add(add(first, new Binary(Binary.Op.MUL, lit(k.b()), jv)), lit(k.c()));
    }

    private static Expr add(Expr a, Expr b) {
        return new Binary(Binary.Op.ADD, a, b);
    }

    private static IntLit lit(long v) {
        return new IntLit(v);
    }

    /** One random nest with its concrete sizes, and the index of every reference. */
    final class Nest {
        final long nValue;
        final long mValue;
        final int lower;
        final long[] pValues = new long[SIZE];
        final Map<ArrayRef, Idx> reads = new IdentityHashMap<>();
        final Map<ArrayRef, Idx> writes = new IdentityHashMap<>();
        final Function function;
        final For loop;

        Nest(Random r) {
            nValue = 1 + r.nextInt(6);
            mValue = 1 + r.nextInt(4);
            lower = r.nextInt(2);
            List<Long> perm = new ArrayList<>();
            for (long v = 0; v < 16; v++) {
                perm.add(v * (1 + r.nextInt(2)));
            }
            java.util.Collections.shuffle(perm, r);
            for (int e = 0; e < SIZE; e++) {
                pValues[e] = perm.get(e % 16);
            }
            List<Stmt> body = new ArrayList<>();
            int count = 1 + r.nextInt(3);
            for (int s = 0; s < count; s++) {
                Idx at = index(r);
                ArrayRef target = new ArrayRef(y, List.of(expr(at)));
                writes.put(target, at);
                ArrayRef a = read(r, at);
                ArrayRef b = read(r, at);
                switch (r.nextInt(3)) {
                case 0 -> body.add(Assign.set(target, new Binary(Binary.Op.MUL, a, b)));
                case 1 -> body.add(new Assign(target, Assign.Op.ADD, new Binary(Binary.Op.MUL, a, b), false, List.of(),
                        SourceRange.NONE));
                default -> {
                    body.add(Assign.set(new VarRef(t), a));
                    body.add(Assign.set(target, add(new Binary(Binary.Op.MUL, new VarRef(t), new VarRef(t)), b)));
                }
                }
            }
            Expr outerBound = r.nextBoolean() ? new VarRef(n) : lit(nValue);
            Expr innerBound = r.nextBoolean() ? new VarRef(m) : lit(mValue);
            For inner = new For(j, lit(0), Binary.Op.LT, innerBound, lit(1), new Block(body), null, List.of(),
                    SourceRange.NONE);
            OmpParallelFor omp = new OmpParallelFor(List.of(i, j, t), List.of(), List.of(), List.of(), null, 2, null,
                    SourceRange.NONE);
            loop = new For(i, lit(lower), Binary.Op.LT, outerBound, lit(1), Block.of(inner), omp, List.of(),
                    SourceRange.NONE);
            function = new Function("nest", null, List.of(n, m, x, y, p), List.of(i, j, t), Block.of(loop),
                    List.of(new AdPragma.Gradient(List.of("y"), List.of("x"), SourceRange.NONE)), false, null,
                    SourceRange.NONE);
        }

        /** A read of x, half of the time at the index the statement writes (pointwise and stencil-like). */
        private ArrayRef read(Random r, Idx written) {
            Idx k = r.nextBoolean() ? written : index(r);
            ArrayRef ref = new ArrayRef(x, List.of(expr(k)));
            reads.put(ref, k);
            return ref;
        }

        /** Element touched per pair, or null when an index leaves the arrays. */
        Map<ArrayRef, Map<Long, List<Long>>> touches(Map<ArrayRef, Idx> refs) {
            Map<ArrayRef, Map<Long, List<Long>>> out = new IdentityHashMap<>();
            for (Map.Entry<ArrayRef, Idx> e : refs.entrySet()) {
                Map<Long, List<Long>> byPair = new HashMap<>();
                for (long iv = lower; iv < nValue; iv++) {
                    for (long jv = 0; jv < mValue; jv++) {
                        long el = e.getValue().eval(iv, jv, mValue, pValues);
                        if (el < 0 || el >= SIZE) {
                            return null;
                        }
                        byPair.computeIfAbsent(iv * 100 + jv, k -> new ArrayList<>()).add(el);
                    }
                }
                out.put(e.getKey(), byPair);
            }
            return out;
        }
    }

    /** True when some pair other than the one touching {@code el} through {@code node} touches {@code el}. */
    private static String collision(ArrayRef node, Map<ArrayRef, Map<Long, List<Long>>> all) {
        for (Map.Entry<Long, List<Long>> mine : all.get(node).entrySet()) {
            for (long el : mine.getValue()) {
                for (Map<Long, List<Long>> other : all.values()) {
                    for (Map.Entry<Long, List<Long>> o : other.entrySet()) {
                        if (!o.getKey().equals(mine.getKey()) && o.getValue().contains(el)) {
                            return "pairs " + pair(mine.getKey()) + " and " + pair(o.getKey()) + " touch xb[" + el + "]";
                        }
                    }
                }
            }
        }
        return null;
    }

    private static String pair(long key) {
        return "(" + key / 100 + ", " + key % 100 + ")";
    }

    @Test
    void safeVerdictsOfCollapsedLoopsHoldOnEveryRaceFreeNest() {
        Random rnd = new Random(0xc011_a95eL);
        Z3Prover z3 = new Z3Prover();
        int accepted = 0;
        int safe = 0;
        int unsafe = 0;
        int colliding = 0;
        while (accepted < LOOPS) {
            Nest nest = new Nest(rnd);
            var writes = nest.touches(nest.writes);
            var reads = nest.touches(nest.reads);
            if (writes == null || reads == null || collisionAny(writes)) {
                continue; // an index leaves the arrays, or the primal itself races
            }
            accepted++;
            RaceOptions options = RaceOptions.defaults().withBounds(rnd.nextInt(4) != 0);
            LoopReport report = RaceAnalysis.analyzeLoop(nest.function, nest.loop, z3, options);
            assertTrue(report.unsupported() == null, () -> "not analysed: " + report.unsupported());
            for (Increment inc : report.increments()) {
                if (!reads.containsKey(inc.primal())) {
                    continue;
                }
                String c = collision(inc.primal(), reads);
                if (inc.isSafe()) {
                    safe++;
                    if (c != null) {
                        fail("unsound SAFE for " + inc.adjoint() + ": " + c + "\n" + Printer.nest(nest.loop)
                                + "\nn=" + nest.nValue + " m=" + nest.mValue);
                    }
                } else {
                    unsafe++;
                    if (c != null) {
                        colliding++;
                    }
                }
            }
        }
        System.out.printf("collapse soundness: %d nests, %d SAFE increments, %d UNSAFE (%d of them collide)%n",
                accepted, safe, unsafe, colliding);
        assertTrue(safe * 10 > safe + unsafe, "the analysis proves something: " + safe + " SAFE increments");
        assertTrue(colliding > 0, "some nests really need atomics");
    }

    /**
     * The two facts a collapsed loop changes: a pointwise flattened nest {@code y[4*i + j] =
     * x[4*i + j] * x[4*i + j]} ({@code j < 4}) is proven (the write's injectivity over pairs carries over), and
     * {@code x[i]} read in it is not (pairs {@code (i, 0)} and {@code (i, 1)} run on different
     * threads), although over {@code i} alone it would be.
     */
    @Test
    void pairsThatShareTheOuterCounterAreDifferentIterations() {
        Z3Prover z3 = new Z3Prover();
        Idx flat = new Idx(4, 1, 0, false, false);
        Idx outer = new Idx(1, 0, 0, false, false);
        For pointwise = nest(flat, flat, flat);
        LoopReport proven = RaceAnalysis.analyzeLoop(function(pointwise), pointwise, z3, RaceOptions.defaults());
        assertTrue(!proven.increments().isEmpty() && proven.increments().stream().allMatch(Increment::isSafe),
                proven::toString);
        For rowRead = nest(flat, flat, outer);
        LoopReport report = RaceAnalysis.analyzeLoop(function(rowRead), rowRead, z3, RaceOptions.defaults());
        List<Increment> rowIncrements = report.increments().stream()
                .filter(inc -> inc.adjoint().equals("xb[1 * i + 0 * j + 0]")).toList();
        assertTrue(rowIncrements.size() == 1 && !rowIncrements.get(0).isSafe(), report::toString);
    }

    private For nest(Idx write, Idx a, Idx b) {
        Stmt s = Assign.set(new ArrayRef(y, List.of(expr(write))),
                new Binary(Binary.Op.MUL, new ArrayRef(x, List.of(expr(a))), new ArrayRef(x, List.of(expr(b)))));
        For inner = new For(j, lit(0), Binary.Op.LT, lit(4), lit(1), Block.of(s), null, List.of(),
                SourceRange.NONE);
        OmpParallelFor omp = new OmpParallelFor(List.of(i, j), List.of(), List.of(), List.of(), null, 2, null,
                SourceRange.NONE);
        return new For(i, lit(0), Binary.Op.LT, new VarRef(n), lit(1), Block.of(inner), omp, List.of(),
                SourceRange.NONE);
    }

    private Function function(For loop) {
        return new Function("nest", null, List.of(n, m, x, y, p), List.of(i, j, t), Block.of(loop),
                List.of(new AdPragma.Gradient(List.of("y"), List.of("x"), SourceRange.NONE)), false, null,
                SourceRange.NONE);
    }

    /** A write-write or write-read collision between two pairs in the primal. */
    private static boolean collisionAny(Map<ArrayRef, Map<Long, List<Long>>> writes) {
        for (ArrayRef node : writes.keySet()) {
            if (collision(node, writes) != null) {
                return true;
            }
        }
        return false;
    }
}
