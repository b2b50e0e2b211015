package org.paradjoint.cdt.tests.e2e;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

import org.paradjoint.cdt.tests.e2e.RandomKernel.Affine;
import org.paradjoint.cdt.tests.e2e.RandomKernel.Bin;
import org.paradjoint.cdt.tests.e2e.RandomKernel.E;
import org.paradjoint.cdt.tests.e2e.RandomKernel.Flat;
import org.paradjoint.cdt.tests.e2e.RandomKernel.Fn1;
import org.paradjoint.cdt.tests.e2e.RandomKernel.Fn2;
import org.paradjoint.cdt.tests.e2e.RandomKernel.Idx;
import org.paradjoint.cdt.tests.e2e.RandomKernel.IfElse;
import org.paradjoint.cdt.tests.e2e.RandomKernel.Indirect;
import org.paradjoint.cdt.tests.e2e.RandomKernel.Loop;
import org.paradjoint.cdt.tests.e2e.RandomKernel.Num;
import org.paradjoint.cdt.tests.e2e.RandomKernel.Read;
import org.paradjoint.cdt.tests.e2e.RandomKernel.Reverse;
import org.paradjoint.cdt.tests.e2e.RandomKernel.S;
import org.paradjoint.cdt.tests.e2e.RandomKernel.Scalar;
import org.paradjoint.cdt.tests.e2e.RandomKernel.SetTemp;
import org.paradjoint.cdt.tests.e2e.RandomKernel.Store;

/**
 * Random kernels from a seed (java.util.Random: the same kernels on every JDK). Expressions
 * keep to safe domains (inputs lie in [0.5, 1.5]); parallel loops are correctly parallel: they
 * write one array at one bijective index per iteration ({@code y[i]}, {@code y[2*i+1]},
 * {@code y[n-1-i]}, {@code y[c[i]]}, {@code z[i]}), read it only at the element the iteration
 * writes (in-place updates, also nonlinear and across an inner loop: {@code y[i] = sin(y[i]) * x[i]},
 * {@code y[i] += y[i] * w[j]}, inner loops also descending or triangular: {@code j < i},
 * {@code k = j + 1 .. m-1}) and write only temporaries of their own (private). Nothing after a
 * parallel loop reads what it wrote. Temporaries are read only where every path defined them.
 */
final class KernelGenerator {

    /** Unary forms with safe domains; {@code #} is the argument. */
    static final List<String> UNARY = List.of("sin(#)", "cos(#)", "tanh(#)", "atan(#)", "exp(0.3 * #)",
            "log(1.5 + # * #)", "sqrt(2.0 + sin(#))", "pow(fabs(#) + 0.5, 1.5)", "# / (2.0 + # * #)", "fabs(#)");
    static final List<Double> CONSTANTS = List.of(0.5, 1.5, 2.0, 0.3, 1.0);
    static final List<String> TEMPS = List.of("t0", "t1", "t2", "t3");

    private final Random r;

    /** What an expression may read at the point it is generated. */
    private record Ctx(String outer, int outerLo, String inner, Set<String> temps, String target, Idx targetIdx,
            boolean parallel) {

        static Ctx top(Set<String> temps) {
            return new Ctx(null, 0, null, temps, null, null, false);
        }
    }

    private KernelGenerator(long seed) {
        this.r = new Random(seed);
    }

    static RandomKernel generate(String name, long seed) {
        return UnneededCode.add(new KernelGenerator(seed).kernel(name, seed));
    }

    private RandomKernel kernel(String name, long seed) {
        int n = 5 + r.nextInt(8);
        int m = 2 + r.nextInt(3);
        List<S> body = new ArrayList<>();
        Set<String> defined = new LinkedHashSet<>();
        int count = 1 + r.nextInt(4);
        for (int k = 0; k < count; k++) {
            top(body, defined);
        }
        RandomKernel kernel = finish(new RandomKernel(name, seed, n, m, body));
        for (int tries = 0; !kernel.written().contains("y") || !kernel.isValid(); tries++) {
            body.add(tries < 5 ? parallelLoop(defined)
                    : new Store("y", new Affine(0, null, 0), "=", new Fn1("sin(#)", new Read("x", new Affine(0, null, 0)))));
            kernel = finish(new RandomKernel(name, seed, n, m, body));
        }
        return kernel;
    }

    /**
     * Arrays that a parallel loop writes are read nowhere else (reads become reads of x at the
     * same index): a loop whose results are read later is saved whole, which needs extents the
     * random kernels do not declare (a located error, {@code parallel-inplace-needed}). Inside its
     * own loop an array is read only at the element the iteration writes; {@code +=} updates stay.
     */
    private static RandomKernel finish(RandomKernel k) {
        Set<String> parallelWritten = new LinkedHashSet<>();
        RandomKernel.statements(k.body(), s -> {
            if (s instanceof Loop l && l.parallel()) {
                RandomKernel.statements(l.body(), x -> {
                    if (x instanceof Store st) {
                        parallelWritten.add(st.array());
                    }
                });
            }
        });
        List<S> body = new ArrayList<>();
        for (int at = 0; at < k.body().size(); at++) {
            S s = k.body().get(at);
            if (s instanceof Loop l && l.parallel() && !mentionedAfter(k.body(), at, parallelWritten)) {
                Set<Read> own = new LinkedHashSet<>();
                RandomKernel.statements(l.body(), x -> {
                    if (x instanceof Store st) {
                        own.add(new Read(st.array(), st.idx()));
                    }
                });
                body.addAll(KernelCleanup.mapReads(List.of(s),
                        r -> parallelWritten.contains(r.array()) && !own.contains(r) ? new Read("x", r.idx()) : r));
            } else {
                body.addAll(KernelCleanup.mapReads(List.of(s),
                        r -> parallelWritten.contains(r.array()) ? new Read("x", r.idx()) : r));
            }
        }
        return KernelCleanup.clean(k.withBody(body));
    }

    /** True when a statement after {@code at} stores into or reads one of {@code arrays}. */
    private static boolean mentionedAfter(List<S> body, int at, Set<String> arrays) {
        boolean[] found = {false};
        RandomKernel.statements(body.subList(at + 1, body.size()), s -> {
            if (s instanceof Store st && arrays.contains(st.array())) {
                found[0] = true;
            }
        });
        KernelCleanup.mapReads(body.subList(at + 1, body.size()), r -> {
            found[0] |= arrays.contains(r.array());
            return r;
        });
        return found[0];
    }

    private <T> T pick(List<T> options) {
        return options.get(r.nextInt(options.size()));
    }

    private boolean chance(double p) {
        return r.nextDouble() < p;
    }

    // ---- statements ----

    private void top(List<S> body, Set<String> defined) {
        int kind = r.nextInt(12);
        if (kind < 2) {
            String t = pick(TEMPS);
            body.add(new SetTemp(t, expr(Ctx.top(defined), 2)));
            defined.add(t);
        } else if (kind < 3) {
            body.add(new Store("y", new Affine(0, null, r.nextInt(4)), "=", expr(Ctx.top(defined), 2)));
        } else if (kind < 6) {
            body.add(sequentialLoop(defined));
        } else if (kind < 9) {
            body.add(parallelLoop(defined));
        } else if (kind < 11) {
            accumulation(body, defined);
        } else {
            Ctx ctx = Ctx.top(defined);
            body.add(new IfElse(expr(ctx, 1), pick(List.of("<", ">")), new Num(1.0),
                    List.of(new Store("y", new Affine(0, null, r.nextInt(3)), "=", expr(ctx, 2))),
                    List.of(new Store("y", new Affine(0, null, r.nextInt(3)), "=", expr(ctx, 2)))));
        }
    }

    /** {@code t = start; for (...) t = t + f(i); y[k] = t * g;} */
    private void accumulation(List<S> body, Set<String> defined) {
        String t = pick(TEMPS);
        body.add(new SetTemp(t, chance(0.5) ? new Num(0.0) : new Read("x", new Affine(0, null, 0))));
        Set<String> withT = new LinkedHashSet<>(defined);
        withT.add(t);
        int lo = r.nextInt(2);
        Ctx ctx = new Ctx("i", lo, null, withT, null, null, false);
        body.add(new Loop("i", lo, "n", 1, false, false,
                List.of(new SetTemp(t, new Bin('+', new Scalar(t), expr(ctx, 2))))));
        body.add(new Store("y", new Affine(0, null, r.nextInt(3)), "=",
                new Bin('*', new Scalar(t), expr(Ctx.top(withT), 1))));
        defined.add(t);
    }

    private Loop sequentialLoop(Set<String> defined) {
        int lo = r.nextInt(2);
        boolean down = chance(0.15);
        String hi = pick(List.of("n", "n - 1"));
        int step = !down && chance(0.2) ? 2 : 1;
        Set<String> inside = new LinkedHashSet<>(defined);
        List<S> body = new ArrayList<>();
        int count = 1 + r.nextInt(3);
        for (int k = 0; k < count; k++) {
            Ctx ctx = new Ctx("i", lo, null, inside, null, null, false);
            int kind = r.nextInt(10);
            if (kind < 3) {
                body.add(new Store("y", writeIndex(ctx), chance(0.3) ? "+=" : "=", expr(ctx, 3)));
            } else if (kind < 5) {
                // in-place update reading the next element before it is overwritten
                E e = new Bin(pick(List.of('*', '+')), new Read("z", new Affine(1, "i", 0)),
                        new Read("z", new Affine(1, "i", 1)));
                body.add(new Store("z", new Affine(1, "i", 0), "=", chance(0.5) ? e : new Bin('+', e, expr(ctx, 1))));
            } else if (kind < 7) {
                String t = pick(TEMPS);
                body.add(new SetTemp(t, expr(ctx, 2)));
                inside.add(t);
            } else if (kind < 9) {
                Ctx innerCtx = new Ctx("i", lo, "j", inside, null, null, false);
                body.add(innerLoop(innerCtx, List.of(new Store("y", writeIndex(ctx), "+=", expr(innerCtx, 2)))));
            } else {
                body.add(new IfElse(expr(ctx, 1), ">", expr(ctx, 1),
                        List.of(new Store("y", writeIndex(ctx), "=", expr(ctx, 2))),
                        chance(0.5) ? List.of() : List.of(new Store("y", writeIndex(ctx), "=", expr(ctx, 2)))));
            }
        }
        return new Loop("i", lo, down ? "n" : hi, step, down, false, body); // down: from n - 1
    }

    /**
     * A loop over {@code j} around {@code body}: mostly over {@code 0 .. m-1}, also descending,
     * triangular ({@code j < i}), or a descending {@code j} around a {@code k} that starts at
     * {@code j + 1} (trmm's shape: bounds that depend on another counter of the iteration). In the
     * last case {@code body} reads with inner counter {@code k} (see {@link #innerBody}).
     */
    private Loop innerLoop(Ctx innerCtx, List<S> body) {
        int kind = r.nextInt(10);
        if (kind < 6) {
            return new Loop("j", 0, "m", 1, false, false, body);
        }
        if (kind < 8) {
            return new Loop("j", 0, "m", 1, true, false, body);
        }
        if (kind < 9) {
            return new Loop("j", 0, innerCtx.outer(), 1, false, false, body);
        }
        List<S> inK = innerBody(body, new Ctx(innerCtx.outer(), innerCtx.outerLo(), "k", innerCtx.temps(),
                innerCtx.target(), innerCtx.targetIdx(), innerCtx.parallel()));
        return new Loop("j", 0, "m", 1, true, false, List.of(new Loop("k", 0, "j + 1", "m", 1, false, false, inK)));
    }

    /** {@code body} with its expressions drawn anew for inner counter {@code k}. */
    private List<S> innerBody(List<S> body, Ctx kCtx) {
        List<S> out = new ArrayList<>();
        for (S s : body) {
            out.add(s instanceof Store st ? new Store(st.array(), st.idx(), st.op(), expr(kCtx, 2)) : s);
        }
        return out;
    }

    private Idx writeIndex(Ctx ctx) {
        return switch (r.nextInt(5)) {
            case 0 -> new Affine(2, ctx.outer(), r.nextInt(2));
            case 1 -> new Reverse(ctx.outer());
            case 2 -> new Indirect(ctx.outer(), 0);
            case 3 -> new Affine(1, ctx.outer(), r.nextInt(2));
            default -> new Affine(1, ctx.outer(), 0);
        };
    }

    private Loop parallelLoop(Set<String> defined) {
        int lo = r.nextInt(2);
        String hi = pick(List.of("n", "n - 1"));
        int step = chance(0.2) ? 2 : 1;
        String target = chance(0.2) ? "z" : "y";
        Idx at = target.equals("z") ? new Affine(1, "i", 0) : switch (r.nextInt(4)) {
            case 0 -> new Affine(2, "i", 1);
            case 1 -> new Reverse("i");
            case 2 -> new Indirect("i", 0);
            default -> new Affine(1, "i", 0);
        };
        Set<String> readable = new LinkedHashSet<>(defined);
        List<String> fresh = new ArrayList<>(TEMPS);
        fresh.removeAll(defined);
        List<S> body = new ArrayList<>();
        int temps = Math.min(fresh.size(), r.nextInt(3));
        for (int k = 0; k < temps; k++) {
            Ctx ctx = new Ctx("i", lo, null, readable, target, at, true);
            String t = fresh.get(k);
            body.add(new SetTemp(t, expr(ctx, 3)));
            readable.add(t);
        }
        Ctx ctx = new Ctx("i", lo, null, readable, target, at, true);
        if (chance(0.25)) {
            Ctx innerCtx = new Ctx("i", lo, "j", readable, target, at, true);
            body.add(new Store(target, at, "=", expr(ctx, 1)));
            body.add(innerLoop(innerCtx, List.of(new Store(target, at, "+=", expr(innerCtx, 2)))));
        } else if (chance(0.25)) {
            body.add(new IfElse(expr(ctx, 1), pick(List.of("<", ">")), chance(0.5) ? new Num(1.0) : expr(ctx, 1),
                    List.of(new Store(target, at, "=", expr(ctx, 2))), List.of(new Store(target, at, "=", expr(ctx, 2)))));
        } else {
            body.add(new Store(target, at, chance(0.2) ? "+=" : "=", expr(ctx, 3)));
        }
        return new Loop("i", lo, hi, step, false, true, body);
    }

    // ---- expressions ----

    private E expr(Ctx ctx, int depth) {
        if (depth <= 0 || chance(0.25)) {
            return leaf(ctx);
        }
        int kind = r.nextInt(20);
        if (kind < 8) {
            return new Fn1(pick(UNARY), expr(ctx, depth - 1));
        }
        if (kind < 17) {
            return new Bin(pick(List.of('+', '-', '*')), expr(ctx, depth - 1), expr(ctx, depth - 1));
        }
        return new Fn2(pick(List.of("fmin", "fmax")), expr(ctx, depth - 1), expr(ctx, depth - 1));
    }

    private E leaf(Ctx ctx) {
        int kind = r.nextInt(20);
        if (kind < 8) {
            return new Read("x", readIndex(ctx));
        }
        if (kind < 10) {
            return new Read("w", readIndex(ctx));
        }
        if (kind < 12) {
            return new Scalar("s");
        }
        if (kind < 15 && !ctx.temps().isEmpty()) {
            return new Scalar(pick(List.copyOf(ctx.temps())));
        }
        if (kind < 18 && ctx.parallel() && chance(0.3)) {
            // the element this iteration writes: an in-place update (before or after its write)
            return new Read(ctx.target(), ctx.targetIdx());
        }
        if (kind < 18) {
            // y or z elsewhere: only where no parallel loop writes them
            String other = ctx.parallel() ? ("y".equals(ctx.target()) ? "z" : "y") : pick(List.of("y", "z"));
            return new Read(other, readIndex(ctx));
        }
        return new Num(pick(CONSTANTS));
    }

    private Idx readIndex(Ctx ctx) {
        if (ctx.outer() == null) {
            return new Affine(0, null, r.nextInt(4));
        }
        if (ctx.inner() != null && chance(0.5)) {
            return chance(0.5) ? new Flat(ctx.outer(), ctx.inner()) : new Affine(1, ctx.inner(), r.nextInt(3));
        }
        return switch (r.nextInt(6)) {
            case 0 -> new Reverse(ctx.outer());
            case 1 -> new Indirect(ctx.outer(), r.nextInt(3));
            case 2 -> new Affine(2, ctx.outer(), r.nextInt(4));
            default -> new Affine(1, ctx.outer(), r.nextInt(4) - ctx.outerLo());
        };
    }
}
