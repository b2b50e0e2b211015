package org.paradjoint.cdt.tests.e2e;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

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
 * Greedy shrinking of a failing kernel: try one simplification at a time (drop a statement,
 * replace a loop by its body at counter 0, make a parallel loop sequential, keep one branch of an
 * if, smaller sizes, replace an expression by an operand or a constant, simpler read indices) and
 * keep the first that still fails, until none does or the budget is spent. Every candidate is
 * well formed (temporaries defined before use) and stays correctly parallel (reads of written
 * arrays keep their indices).
 */
final class KernelShrinker {

    /** The smallest kernel found and how many simplifications led there. */
    record Shrunk(RandomKernel kernel, int steps, int tries) {
    }

    private KernelShrinker() {
    }

    static Shrunk shrink(RandomKernel start, Predicate<RandomKernel> stillFails, int budget) {
        RandomKernel current = start;
        int steps = 0, tries = 0;
        boolean progress = true;
        while (progress && tries < budget) {
            progress = false;
            for (RandomKernel c : candidates(current)) {
                if (tries >= budget) {
                    break;
                }
                tries++;
                if (stillFails.test(c)) {
                    current = c;
                    steps++;
                    progress = true;
                    break;
                }
            }
        }
        return new Shrunk(current, steps, tries);
    }

    /** One-step simplifications, most aggressive first, filtered to valid and well-formed kernels. */
    static List<RandomKernel> candidates(RandomKernel k) {
        List<RandomKernel> raw = new ArrayList<>();
        for (List<S> body : variants(k.body())) {
            raw.add(k.withBody(body));
        }
        if (k.n() > 3) {
            raw.add(k.withSizes(3, Math.min(k.m(), 2)));
        }
        if (k.m() > 1) {
            raw.add(k.withSizes(k.n(), 1));
        }
        List<RandomKernel> out = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        for (RandomKernel c : raw) {
            RandomKernel clean = KernelCleanup.clean(c);
            if (clean.isValid() && wellFormed(clean) && !clean.equals(k) && seen.add(clean.toC())) {
                out.add(clean);
            }
        }
        return out;
    }

    // ---- statement lists ----

    private static List<List<S>> variants(List<S> list) {
        List<List<S>> out = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            List<S> without = new ArrayList<>(list);
            without.remove(i);
            out.add(without);
        }
        for (int i = 0; i < list.size(); i++) {
            for (List<S> replacement : statementVariants(list.get(i))) {
                List<S> copy = new ArrayList<>(list.subList(0, i));
                copy.addAll(replacement);
                copy.addAll(list.subList(i + 1, list.size()));
                out.add(copy);
            }
        }
        return out;
    }

    private static List<List<S>> statementVariants(S s) {
        List<List<S>> out = new ArrayList<>();
        switch (s) {
            case Loop l -> {
                if (l.from() == null) {
                    out.add(substitute(l.body(), l.counter(), l.lo()));
                }
                if (l.parallel()) {
                    out.add(List.of(new Loop(l.counter(), l.lo(), l.from(), l.hi(), l.step(), l.down(), false, l.body())));
                }
                if (l.step() != 1 || l.down()) {
                    // same lower bound: reads like x[i - 1] stay in range
                    out.add(List.of(new Loop(l.counter(), l.lo(), l.from(), l.hi(), 1, false, l.parallel(), l.body())));
                }
                for (List<S> b : variants(l.body())) {
                    out.add(List.of(l.withBody(b)));
                }
            }
            case IfElse i -> {
                out.add(i.then());
                out.add(i.otherwise());
                for (List<S> b : variants(i.then())) {
                    out.add(List.of(new IfElse(i.left(), i.cmp(), i.right(), b, i.otherwise())));
                }
                for (List<S> b : variants(i.otherwise())) {
                    out.add(List.of(new IfElse(i.left(), i.cmp(), i.right(), i.then(), b)));
                }
                for (E e : exprVariants(i.left())) {
                    out.add(List.of(new IfElse(e, i.cmp(), i.right(), i.then(), i.otherwise())));
                }
                for (E e : exprVariants(i.right())) {
                    out.add(List.of(new IfElse(i.left(), i.cmp(), e, i.then(), i.otherwise())));
                }
            }
            case SetTemp t -> exprVariants(t.value()).forEach(e -> out.add(List.of(new SetTemp(t.temp(), e))));
            case Store st -> {
                if (st.op().equals("+=")) {
                    out.add(List.of(new Store(st.array(), st.idx(), "=", st.value())));
                }
                exprVariants(st.value()).forEach(e -> out.add(List.of(new Store(st.array(), st.idx(), st.op(), e))));
            }
        }
        return out;
    }

    // ---- expressions ----

    private static List<E> exprVariants(E e) {
        List<E> out = new ArrayList<>();
        switch (e) {
            case Num n -> {
                return out;
            }
            case Read r -> {
                out.add(new Num(1.0));
                if (!(r.array().equals("x") || r.array().equals("w"))) {
                    return out; // y and z keep their indices: a parallel loop may write them there
                }
                Idx simple = r.idx() instanceof Affine a && a.counter() != null && (a.a() != 1 || a.b() != 0)
                        ? new Affine(1, a.counter(), 0) : r.idx() instanceof Affine ? null : new Affine(0, null, 0);
                if (simple != null) {
                    out.add(new Read(r.array(), simple));
                }
                return out;
            }
            case Scalar s -> {
                out.add(new Num(1.0));
                return out;
            }
            case Fn1 f -> {
                out.add(f.arg());
                out.add(new Num(1.0));
                exprVariants(f.arg()).forEach(a -> out.add(new Fn1(f.form(), a)));
            }
            case Fn2 f -> {
                out.add(f.a());
                out.add(f.b());
                out.add(new Num(1.0));
                exprVariants(f.a()).forEach(a -> out.add(new Fn2(f.fn(), a, f.b())));
                exprVariants(f.b()).forEach(b -> out.add(new Fn2(f.fn(), f.a(), b)));
            }
            case Bin b -> {
                out.add(b.a());
                out.add(b.b());
                out.add(new Num(1.0));
                exprVariants(b.a()).forEach(a -> out.add(new Bin(b.op(), a, b.b())));
                exprVariants(b.b()).forEach(x -> out.add(new Bin(b.op(), b.a(), x)));
            }
        }
        return out;
    }

    // ---- replacing a loop by its body at its first or last value (indices stay in range) ----

    private static List<S> substitute(List<S> body, String counter, int lo) {
        List<S> out = new ArrayList<>();
        for (S s : body) {
            out.add(switch (s) {
                case SetTemp t -> new SetTemp(t.temp(), subst(t.value(), counter, lo));
                case Store st -> new Store(st.array(), subst(st.idx(), counter, lo), st.op(),
                        subst(st.value(), counter, lo));
                case Loop l -> l.withBody(substitute(l.body(), counter, lo));
                case IfElse i -> new IfElse(subst(i.left(), counter, lo), i.cmp(), subst(i.right(), counter, lo),
                        substitute(i.then(), counter, lo), substitute(i.otherwise(), counter, lo));
            });
        }
        return out;
    }

    private static E subst(E e, String c, int lo) {
        return switch (e) {
            case Read r -> new Read(r.array(), subst(r.idx(), c, lo));
            case Fn1 f -> new Fn1(f.form(), subst(f.arg(), c, lo));
            case Fn2 f -> new Fn2(f.fn(), subst(f.a(), c, lo), subst(f.b(), c, lo));
            case Bin b -> new Bin(b.op(), subst(b.a(), c, lo), subst(b.b(), c, lo));
            default -> e;
        };
    }

    /** Counter := lo in affine indices; {@code n - 1}, {@code c[0]}, {@code 0} elsewhere (all in range). */
    private static Idx subst(Idx i, String c, int lo) {
        return switch (i) {
            case Affine a -> c.equals(a.counter()) ? new Affine(0, null, a.a() * lo + a.b()) : a;
            case Reverse r -> c.equals(r.counter()) ? new Reverse(null) : r;
            case Indirect d -> c.equals(d.counter()) ? new Indirect(null, d.b()) : d;
            case Flat f -> new Flat(c.equals(f.outer()) ? null : f.outer(), c.equals(f.inner()) ? null : f.inner());
        };
    }

    // ---- well-formedness: every temporary read is defined on every path before ----

    static boolean wellFormed(RandomKernel k) {
        return defined(k.body(), new LinkedHashSet<>(), null);
    }

    /**
     * Walks {@code list} updating {@code defined}; {@code privates} is non-null inside a parallel
     * loop: the temporaries the loop writes, which must be written in the iteration before they are read.
     */
    private static boolean defined(List<S> list, Set<String> defined, Set<String> privates) {
        for (S s : list) {
            boolean ok = switch (s) {
                case SetTemp t -> {
                    boolean r = reads(t.value(), defined, privates);
                    defined.add(t.temp());
                    yield r;
                }
                case Store st -> reads(st.value(), defined, privates);
                case IfElse i -> {
                    if (!reads(i.left(), defined, privates) || !reads(i.right(), defined, privates)) {
                        yield false;
                    }
                    Set<String> a = new LinkedHashSet<>(defined), b = new LinkedHashSet<>(defined);
                    boolean r = defined(i.then(), a, privates) && defined(i.otherwise(), b, privates);
                    a.retainAll(b);
                    defined.addAll(a);
                    yield r;
                }
                case Loop l -> {
                    Set<String> inside;
                    Set<String> priv = privates;
                    if (l.parallel()) {
                        priv = new LinkedHashSet<>();
                        Set<String> p = priv;
                        RandomKernel.statements(l.body(), x -> {
                            if (x instanceof SetTemp t) {
                                p.add(t.temp());
                            }
                        });
                        inside = new LinkedHashSet<>(defined);
                        inside.removeAll(priv);
                    } else {
                        inside = new LinkedHashSet<>(defined);
                    }
                    yield defined(l.body(), inside, priv);
                }
            };
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    private static boolean reads(E e, Set<String> defined, Set<String> privates) {
        boolean[] ok = {true};
        RandomKernel.expressions(e, x -> {
            if (x instanceof Scalar v && v.name().startsWith("t") && !defined.contains(v.name())) {
                ok[0] = false;
            }
        });
        return ok[0];
    }
}
