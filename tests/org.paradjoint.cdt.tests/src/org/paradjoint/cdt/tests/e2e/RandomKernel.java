package org.paradjoint.cdt.tests.e2e;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.StringJoiner;
import java.util.function.Consumer;

import org.paradjoint.core.check.CheckSpec;

/**
 * A random kernel as a small tree that prints as annotated C. The parameters are fixed by role
 * and appear only when used (gcc -Wextra rejects unused ones):
 * {@code int n, int m, double *y, double *z, double *v, const double *x, const double *w, const int *c,
 * double s} with {@code y} dependent, {@code x} and {@code s} independent, {@code z} updated in place
 * (both), {@code v} an output that is neither (no derivative needs it, so an adjoint must not
 * compute it), {@code w} passive and {@code c} a permutation of 0..n-1. Temporaries are
 * {@code t0..t3}, and {@link #UNUSED} is one the kernel sets but never reads (as users' code does:
 * derivatives must not inherit the warning); loop counters {@code i} (outer) and {@code j}
 * (inner, over 0..m-1).
 */
record RandomKernel(String name, long seed, int n, int m, List<S> body) {

    /** The temporary that is set and never read. */
    static final String UNUSED = "u";

    RandomKernel {
        body = List.copyOf(body);
    }

    // ---- indices: a null counter stands for 0 (what shrinking substitutes) ----

    sealed interface Idx {
    }

    /** {@code a * counter + b}. */
    record Affine(int a, String counter, int b) implements Idx {
    }

    /** {@code n - 1 - counter}. */
    record Reverse(String counter) implements Idx {
    }

    /** {@code c[counter] + b}. */
    record Indirect(String counter, int b) implements Idx {
    }

    /** {@code outer * m + inner}. */
    record Flat(String outer, String inner) implements Idx {
    }

    // ---- expressions ----

    sealed interface E {
    }

    record Num(double value) implements E {
    }

    record Read(String array, Idx idx) implements E {
    }

    /** {@code s} or a temporary. */
    record Scalar(String name) implements E {
    }

    /** A safe-domain unary form; {@code #} stands for the argument (it may appear twice). */
    record Fn1(String form, E arg) implements E {
    }

    /** {@code fmin}/{@code fmax}. */
    record Fn2(String fn, E a, E b) implements E {
    }

    record Bin(char op, E a, E b) implements E {
    }

    // ---- statements ----

    sealed interface S {
    }

    record SetTemp(String temp, E value) implements S {
    }

    /** {@code array[idx] op value}, op {@code =} or {@code +=}. */
    record Store(String array, Idx idx, String op, E value) implements S {
    }

    /**
     * {@code for (counter = LO; counter < HI; counter += step)} with HI {@code n}, {@code n - 1},
     * {@code m} or an enclosing counter (a triangular loop: {@code j < i}); {@code down}:
     * {@code for (counter = HI - 1; counter >= LO; counter--)}. LO is {@code from} when it is an
     * expression of an enclosing counter ({@code j + 1}), else {@code lo}.
     */
    record Loop(String counter, int lo, String from, String hi, int step, boolean down, boolean parallel,
            List<S> body) implements S {
        Loop {
            body = List.copyOf(body);
        }

        Loop(String counter, int lo, String hi, int step, boolean down, boolean parallel, List<S> body) {
            this(counter, lo, null, hi, step, down, parallel, body);
        }

        Loop withBody(List<S> b) {
            return new Loop(counter, lo, from, hi, step, down, parallel, b);
        }

        String lower() {
            return from != null ? from : Integer.toString(lo);
        }
    }

    record IfElse(E left, String cmp, E right, List<S> then, List<S> otherwise) implements S {
        IfElse {
            then = List.copyOf(then);
            otherwise = List.copyOf(otherwise);
        }
    }

    RandomKernel withBody(List<S> b) {
        return new RandomKernel(name, seed, n, m, b);
    }

    RandomKernel withSizes(int newN, int newM) {
        return new RandomKernel(name, seed, newN, newM, body);
    }

    // ---- facts ----

    /** Visits every statement, depth first. */
    static void statements(List<S> list, Consumer<S> visit) {
        for (S s : list) {
            visit.accept(s);
            switch (s) {
                case Loop l -> statements(l.body(), visit);
                case IfElse i -> {
                    statements(i.then(), visit);
                    statements(i.otherwise(), visit);
                }
                default -> { }
            }
        }
    }

    /** Visits every expression (conditions, values, not indices), depth first. */
    static void expressions(E e, Consumer<E> visit) {
        visit.accept(e);
        switch (e) {
            case Fn1 f -> expressions(f.arg(), visit);
            case Fn2 f -> {
                expressions(f.a(), visit);
                expressions(f.b(), visit);
            }
            case Bin b -> {
                expressions(b.a(), visit);
                expressions(b.b(), visit);
            }
            default -> { }
        }
    }

    private static List<E> topExpressions(S s) {
        return switch (s) {
            case SetTemp t -> List.of(t.value());
            case Store st -> List.of(st.value());
            case IfElse i -> List.of(i.left(), i.right());
            case Loop l -> List.of();
        };
    }

    /** Every name the kernel reads or writes, counters and index arrays included. */
    Set<String> names() {
        Set<String> out = new LinkedHashSet<>();
        statements(body, s -> {
            switch (s) {
                case SetTemp t -> out.add(t.temp());
                case Store st -> {
                    out.add(st.array());
                    idxNames(st.idx(), out);
                }
                case Loop l -> {
                    out.add(l.counter());
                    out.add(l.hi().equals("m") ? "m" : "n");
                }
                default -> { }
            }
            for (E top : topExpressions(s)) {
                expressions(top, e -> {
                    if (e instanceof Read r) {
                        out.add(r.array());
                        idxNames(r.idx(), out);
                    } else if (e instanceof Scalar v) {
                        out.add(v.name());
                    }
                });
            }
        });
        return out;
    }

    private static void idxNames(Idx idx, Set<String> out) {
        switch (idx) {
            case Affine a -> addIf(a.counter(), out);
            case Reverse r -> {
                out.add("n");
                addIf(r.counter(), out);
            }
            case Indirect d -> {
                out.add("c");
                addIf(d.counter(), out);
            }
            case Flat f -> {
                out.add("m");
                addIf(f.outer(), out);
                addIf(f.inner(), out);
            }
        }
    }

    private static void addIf(String name, Set<String> out) {
        if (name != null) {
            out.add(name);
        }
    }

    /** Arrays written by some store. */
    Set<String> written() {
        Set<String> out = new LinkedHashSet<>();
        statements(body, s -> {
            if (s instanceof Store st) {
                out.add(st.array());
            }
        });
        return out;
    }

    List<String> dependents() {
        List<String> out = new ArrayList<>();
        for (String a : List.of("y", "z")) {
            if (written().contains(a)) {
                out.add(a);
            }
        }
        return out;
    }

    List<String> independents() {
        Set<String> used = names();
        List<String> out = new ArrayList<>();
        for (String a : List.of("x", "s", "z")) {
            if (used.contains(a)) {
                out.add(a);
            }
        }
        return out;
    }

    /**
     * Worth differentiating: dependents and independents exist and every dependent depends on an
     * independent (flow-insensitively, as the engine's activity analysis sees it).
     */
    boolean isValid() {
        return !dependents().isEmpty() && !independents().isEmpty() && varied().containsAll(dependents());
    }

    /** Names reached from the independents through assignments, a fixed point over the whole body. */
    Set<String> varied() {
        Set<String> varied = new LinkedHashSet<>(independents());
        boolean changed = true;
        while (changed) {
            boolean[] grew = {false};
            statements(body, s -> {
                String target = s instanceof SetTemp t ? t.temp() : s instanceof Store st ? st.array() : null;
                if (target == null || varied.contains(target)) {
                    return;
                }
                E value = s instanceof SetTemp t ? t.value() : ((Store) s).value();
                boolean[] reads = {false};
                expressions(value, e -> reads[0] |= e instanceof Read r && varied.contains(r.array())
                        || e instanceof Scalar v && varied.contains(v.name()));
                if (reads[0]) {
                    varied.add(target);
                    grew[0] = true;
                }
            });
            changed = grew[0];
        }
        return varied;
    }

    CheckSpec spec() {
        CheckSpec s = CheckSpec.defaults().withSeed(seed);
        Set<String> used = names();
        if (used.contains("n") || used.contains("c")) {
            s = s.withSet("n", Integer.toString(n)); // a helper name when c is used without n
        }
        if (used.contains("m")) {
            s = s.withSet("m", Integer.toString(m));
        }
        if (used.contains("c")) {
            s = s.withIndex("c", "perm:n");
        }
        return s;
    }

    // ---- printing ----

    private static final List<String[]> PARAMS = List.of(new String[] {"n", "int n"}, new String[] {"m", "int m"},
            new String[] {"y", "double *y"}, new String[] {"z", "double *z"}, new String[] {"v", "double *v"}, new String[] {"x", "const double *x"},
            new String[] {"w", "const double *w"}, new String[] {"c", "const int *c"}, new String[] {"s", "double s"});

    String toC() {
        Set<String> used = names();
        StringJoiner params = new StringJoiner(", ");
        for (String[] p : PARAMS) {
            if (used.contains(p[0])) {
                params.add(p[1]);
            }
        }
        StringBuilder out = new StringBuilder();
        out.append("/* random kernel, seed ").append(seed).append(" */\n");
        out.append("#pragma ad gradient(").append(String.join(", ", dependents())).append(" : ")
                .append(String.join(", ", independents())).append(")\n");
        out.append("void ").append(name).append("(").append(params).append(")\n{\n");
        List<String> ints = used.stream().filter(v -> v.equals("i") || v.equals("j") || v.equals("k")).sorted().toList();
        List<String> temps = used.stream().filter(v -> v.startsWith("t") || v.equals(UNUSED)).sorted().toList();
        if (!ints.isEmpty()) {
            out.append("    int ").append(String.join(", ", ints)).append(";\n");
        }
        if (!temps.isEmpty()) {
            out.append("    double ").append(String.join(", ", temps)).append(";\n");
        }
        block(body, 1, out);
        return out.append("}\n").toString();
    }

    private static void block(List<S> list, int depth, StringBuilder out) {
        for (S s : list) {
            stmt(s, depth, out);
        }
    }

    private static void stmt(S s, int depth, StringBuilder out) {
        String ind = "    ".repeat(depth);
        switch (s) {
            case SetTemp t -> out.append(ind).append(t.temp()).append(" = ").append(expr(t.value())).append(";\n");
            case Store st -> out.append(ind).append(st.array()).append('[').append(idx(st.idx())).append("] ")
                    .append(st.op()).append(' ').append(expr(st.value())).append(";\n");
            case Loop l -> {
                if (l.parallel()) {
                    Set<String> priv = new LinkedHashSet<>(List.of(l.counter()));
                    statements(l.body(), x -> {
                        if (x instanceof Loop inner) {
                            priv.add(inner.counter());
                        } else if (x instanceof SetTemp t) {
                            priv.add(t.temp());
                        }
                    });
                    out.append("#pragma omp parallel for private(").append(String.join(", ", priv)).append(")\n");
                }
                String c = l.counter();
                if (l.down()) {
                    out.append(ind).append("for (").append(c).append(" = ").append(l.hi()).append(" - 1; ").append(c)
                            .append(" >= ").append(l.lower()).append("; ").append(c).append("--) {\n");
                } else {
                    out.append(ind).append("for (").append(c).append(" = ").append(l.lower()).append("; ").append(c)
                            .append(" < ").append(l.hi()).append("; ").append(c)
                            .append(l.step() == 1 ? "++" : " += " + l.step()).append(") {\n");
                }
                block(l.body(), depth + 1, out);
                out.append(ind).append("}\n");
            }
            case IfElse i -> {
                out.append(ind).append("if (").append(expr(i.left())).append(' ').append(i.cmp()).append(' ')
                        .append(expr(i.right())).append(") {\n");
                block(i.then(), depth + 1, out);
                if (!i.otherwise().isEmpty()) {
                    out.append(ind).append("} else {\n");
                    block(i.otherwise(), depth + 1, out);
                }
                out.append(ind).append("}\n");
            }
        }
    }

    static String idx(Idx i) {
        return switch (i) {
            case Affine a -> {
                if (a.counter() == null || a.a() == 0) {
                    yield Integer.toString(a.b());
                }
                String t = (a.a() == 1 ? "" : a.a() + " * ") + a.counter();
                yield a.b() == 0 ? t : a.b() > 0 ? t + " + " + a.b() : t + " - " + (-a.b());
            }
            case Reverse r -> r.counter() == null ? "n - 1" : "n - 1 - " + r.counter();
            case Indirect d -> "c[" + (d.counter() == null ? "0" : d.counter()) + "]" + (d.b() == 0 ? "" : " + " + d.b());
            case Flat f -> (f.outer() == null ? "0" : f.outer() + " * m") + (f.inner() == null ? "" : " + " + f.inner());
        };
    }

    static String expr(E e) {
        return switch (e) {
            case Num n -> String.format(Locale.ROOT, "%.1f", n.value());
            case Read r -> r.array() + "[" + idx(r.idx()) + "]";
            case Scalar v -> v.name();
            case Fn1 f -> f.form().replace("#", atom(f.arg()));
            case Fn2 f -> f.fn() + "(" + expr(f.a()) + ", " + expr(f.b()) + ")";
            case Bin b -> "(" + expr(b.a()) + " " + b.op() + " " + expr(b.b()) + ")";
        };
    }

    /** Binary expressions print parenthesised already; only negative numbers need it here. */
    private static String atom(E e) {
        String s = expr(e);
        return s.startsWith("-") ? "(" + s + ")" : s;
    }
}
