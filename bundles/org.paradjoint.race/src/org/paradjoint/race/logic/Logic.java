package org.paradjoint.race.logic;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import org.paradjoint.race.logic.Formula.And;
import org.paradjoint.race.logic.Formula.Bool;
import org.paradjoint.race.logic.Formula.BoolVar;
import org.paradjoint.race.logic.Formula.Cmp;
import org.paradjoint.race.logic.Formula.Forall;
import org.paradjoint.race.logic.Formula.Not;
import org.paradjoint.race.logic.Formula.Or;
import org.paradjoint.race.logic.Formula.Rel;
import org.paradjoint.race.logic.Term.Add;
import org.paradjoint.race.logic.Term.App;
import org.paradjoint.race.logic.Term.Const;
import org.paradjoint.race.logic.Term.Mod;
import org.paradjoint.race.logic.Term.Mul;
import org.paradjoint.race.logic.Term.Sub;
import org.paradjoint.race.logic.Term.Var;

/**
 * Builders that keep terms and formulas canonical: integer terms are normalised to linear
 * combinations of atoms (variables, applications, remainders, non-linear products), so that
 * {@code c[i] + 7 != c[i'] + 7} becomes {@code c(i) != c(i')} and constant comparisons fold to
 * {@code true}/{@code false}. Equal canonical formulas are equal records, which is what lets
 * the analysis deduplicate knowledge and questions.
 */
public final class Logic {

    public static final Formula TRUE = new Bool(true);
    public static final Formula FALSE = new Bool(false);

    private Logic() {
    }

    // ---- terms ------------------------------------------------------------------------

    public static Term num(long value) {
        return new Const(value);
    }

    public static Term var(String name) {
        return new Var(name);
    }

    public static Term app(String function, List<Term> args) {
        return canon(new App(function, args));
    }

    public static Term app(String function, Term... args) {
        return app(function, List.of(args));
    }

    public static Term add(Term a, Term b) {
        return canon(new Add(List.of(a, b)));
    }

    public static Term sub(Term a, Term b) {
        return canon(new Sub(a, b));
    }

    public static Term mul(Term a, Term b) {
        return canon(new Mul(a, b));
    }

    public static Term neg(Term a) {
        return canon(new Mul(num(-1), a));
    }

    /** Mathematical remainder by a positive constant. */
    public static Term mod(Term a, long divisor) {
        return canon(new Mod(a, divisor));
    }

    /** The canonical form of {@code t}. */
    public static Term canon(Term t) {
        return Linear.of(t).toTerm();
    }

    // ---- formulas -----------------------------------------------------------------------

    public static Formula bool(boolean b) {
        return b ? TRUE : FALSE;
    }

    public static Formula boolVar(String name) {
        return new BoolVar(name);
    }

    public static Formula cmp(Rel rel, Term left, Term right) {
        Linear d = Linear.of(left).minus(Linear.of(right));
        if (d.isConstant()) {
            long c = d.constant;
            return bool(switch (rel) {
                case EQ -> c == 0;
                case NE -> c != 0;
                case LT -> c < 0;
                case LE -> c <= 0;
            });
        }
        if (rel == Rel.EQ || rel == Rel.NE) {
            long g = d.gcdOfCoefficients();
            if (d.constant % g != 0) {
                return bool(rel == Rel.NE);
            }
            d = d.divide(g);
            if (d.firstCoefficient() < 0) {
                d = d.scale(-1);
            }
        }
        return new Cmp(rel, d.positivePart(), d.negativePartNegated());
    }

    public static Formula eq(Term a, Term b) {
        return cmp(Rel.EQ, a, b);
    }

    public static Formula ne(Term a, Term b) {
        return cmp(Rel.NE, a, b);
    }

    public static Formula lt(Term a, Term b) {
        return cmp(Rel.LT, a, b);
    }

    public static Formula le(Term a, Term b) {
        return cmp(Rel.LE, a, b);
    }

    /** {@code a[0] == b[0] && a[1] == b[1] && ...}: the tuples are equal. */
    public static Formula tupleEq(List<Term> a, List<Term> b) {
        if (a.size() != b.size()) {
            throw new IllegalArgumentException("tuples of different length");
        }
        List<Formula> parts = new ArrayList<>();
        for (int k = 0; k < a.size(); k++) {
            parts.add(eq(a.get(k), b.get(k)));
        }
        return and(parts);
    }

    /** {@code a[0] != b[0] || a[1] != b[1] || ...}: the tuples differ. */
    public static Formula tupleNe(List<Term> a, List<Term> b) {
        return not(tupleEq(a, b));
    }

    public static Formula and(Formula... parts) {
        return and(List.of(parts));
    }

    public static Formula and(List<Formula> parts) {
        Set<Formula> out = new LinkedHashSet<>();
        for (Formula p : parts) {
            if (p instanceof Bool b) {
                if (!b.value()) {
                    return FALSE;
                }
            } else if (p instanceof And a) {
                out.addAll(a.parts());
            } else {
                out.add(p);
            }
        }
        return switch (out.size()) {
            case 0 -> TRUE;
            case 1 -> out.iterator().next();
            default -> new And(List.copyOf(out));
        };
    }

    public static Formula or(Formula... parts) {
        return or(List.of(parts));
    }

    public static Formula or(List<Formula> parts) {
        Set<Formula> out = new LinkedHashSet<>();
        for (Formula p : parts) {
            if (p instanceof Bool b) {
                if (b.value()) {
                    return TRUE;
                }
            } else if (p instanceof Or o) {
                out.addAll(o.parts());
            } else {
                out.add(p);
            }
        }
        return switch (out.size()) {
            case 0 -> FALSE;
            case 1 -> out.iterator().next();
            default -> new Or(List.copyOf(out));
        };
    }

    public static Formula not(Formula f) {
        return switch (f) {
            case Bool b -> bool(!b.value());
            case Not n -> n.operand();
            case Cmp c -> switch (c.rel()) {
                case EQ -> cmp(Rel.NE, c.left(), c.right());
                case NE -> cmp(Rel.EQ, c.left(), c.right());
                case LT -> cmp(Rel.LE, c.right(), c.left());
                case LE -> cmp(Rel.LT, c.right(), c.left());
            };
            case And a -> or(a.parts().stream().map(Logic::not).toList());
            case Or o -> and(o.parts().stream().map(Logic::not).toList());
            default -> new Not(f);
        };
    }

    public static Formula implies(Formula a, Formula b) {
        return or(not(a), b);
    }

    public static Formula forall(List<String> vars, Formula body) {
        if (body instanceof Bool) {
            return body;
        }
        return new Forall(vars, body);
    }

    /** {@code coefficient * var + rest}, {@code rest} free of {@code var}. */
    public record Affine(long coefficient, Term rest) {
    }

    /**
     * {@code t} as an affine function of the variable {@code var}, or null when {@code var}
     * occurs inside an application, a remainder or a non-linear product.
     */
    public static Affine affine(Term t, String var) {
        Linear l = Linear.of(t);
        Term v = var(var);
        long c = l.coefs.getOrDefault(v, 0L);
        l.coefs.remove(v);
        Term rest = l.toTerm();
        return vars(rest).contains(var) ? null : new Affine(c, rest);
    }

    // ---- traversal ----------------------------------------------------------------------

    /**
     * Replaces variables: {@code vars} maps an integer variable's name to its replacement (or
     * null to keep it), {@code bools} a boolean variable's name to its new name (or null).
     * Bound variables of quantifiers are never replaced.
     */
    public static Formula substitute(Formula f, Function<String, Term> vars, Function<String, String> bools) {
        return switch (f) {
            case Bool b -> b;
            case Cmp c -> cmp(c.rel(), substitute(c.left(), vars), substitute(c.right(), vars));
            case And a -> and(a.parts().stream().map(p -> substitute(p, vars, bools)).toList());
            case Or o -> or(o.parts().stream().map(p -> substitute(p, vars, bools)).toList());
            case Not n -> not(substitute(n.operand(), vars, bools));
            case BoolVar v -> {
                String to = bools.apply(v.name());
                yield to == null ? v : new BoolVar(to);
            }
            case Forall q -> forall(q.vars(), substitute(q.body(),
                    name -> q.vars().contains(name) ? null : vars.apply(name), bools));
        };
    }

    public static Term substitute(Term t, Function<String, Term> vars) {
        return switch (t) {
            case Const c -> c;
            case Var v -> {
                Term to = vars.apply(v.name());
                yield to == null ? v : to;
            }
            case Add a -> canon(new Add(a.terms().stream().map(x -> substitute(x, vars)).toList()));
            case Sub s -> canon(new Sub(substitute(s.left(), vars), substitute(s.right(), vars)));
            case Mul m -> canon(new Mul(substitute(m.left(), vars), substitute(m.right(), vars)));
            case Mod m -> canon(new Mod(substitute(m.dividend(), vars), m.divisor()));
            case App a -> canon(new App(a.function(), a.args().stream().map(x -> substitute(x, vars)).toList()));
        };
    }

    /** Names of the integer variables of {@code t}. */
    public static Set<String> vars(Term t) {
        Set<String> out = new LinkedHashSet<>();
        collect(t, out, new LinkedHashSet<>());
        return out;
    }

    /** The applications occurring in {@code t} (innermost last). */
    public static Set<App> apps(Term t) {
        Set<App> out = new LinkedHashSet<>();
        collect(t, new LinkedHashSet<>(), out);
        return out;
    }

    /** Names of the free integer and boolean variables of {@code f}. */
    public static Set<String> freeVars(Formula f) {
        Set<String> out = new LinkedHashSet<>();
        collectFree(f, out, Set.of());
        return out;
    }

    private static void collectFree(Formula f, Set<String> out, Set<String> bound) {
        switch (f) {
            case Bool b -> {
            }
            case Cmp c -> {
                Set<String> vs = new LinkedHashSet<>();
                collect(c.left(), vs, new LinkedHashSet<>());
                collect(c.right(), vs, new LinkedHashSet<>());
                vs.removeAll(bound);
                out.addAll(vs);
            }
            case And a -> a.parts().forEach(p -> collectFree(p, out, bound));
            case Or o -> o.parts().forEach(p -> collectFree(p, out, bound));
            case Not n -> collectFree(n.operand(), out, bound);
            case BoolVar v -> out.add(v.name());
            case Forall q -> {
                Set<String> inner = new LinkedHashSet<>(bound);
                inner.addAll(q.vars());
                collectFree(q.body(), out, inner);
            }
        }
    }

    private static void collect(Term t, Set<String> vars, Set<App> apps) {
        switch (t) {
            case Const c -> {
            }
            case Var v -> vars.add(v.name());
            case Add a -> a.terms().forEach(x -> collect(x, vars, apps));
            case Sub s -> {
                collect(s.left(), vars, apps);
                collect(s.right(), vars, apps);
            }
            case Mul m -> {
                collect(m.left(), vars, apps);
                collect(m.right(), vars, apps);
            }
            case Mod m -> collect(m.dividend(), vars, apps);
            case App a -> {
                apps.add(a);
                a.args().forEach(x -> collect(x, vars, apps));
            }
        }
    }

    /** True when {@code t} occurs in {@code in} as a subterm (after canonicalisation). */
    public static boolean occursIn(Term t, Term in) {
        if (t.equals(in)) {
            return true;
        }
        return switch (in) {
            case Const c -> false;
            case Var v -> false;
            case Add a -> a.terms().stream().anyMatch(x -> occursIn(t, x));
            case Sub s -> occursIn(t, s.left()) || occursIn(t, s.right());
            case Mul m -> occursIn(t, m.left()) || occursIn(t, m.right());
            case Mod m -> occursIn(t, m.dividend());
            case App a -> a.args().stream().anyMatch(x -> occursIn(t, x));
        };
    }

    // ---- text -------------------------------------------------------------------------

    public static String text(Term t) {
        return switch (t) {
            case Const c -> Long.toString(c.value());
            case Var v -> v.name();
            case Add a -> {
                StringBuilder sb = new StringBuilder();
                for (Term x : a.terms()) {
                    if (sb.isEmpty()) {
                        sb.append(operand(x));
                    } else if (x instanceof Const c && c.value() < 0) {
                        sb.append(" - ").append(-c.value());
                    } else if (x instanceof Mul m && m.left() instanceof Const c && c.value() < 0) {
                        sb.append(" - ").append(c.value() == -1 ? operand(m.right()) : -c.value() + "*" + operand(m.right()));
                    } else {
                        sb.append(" + ").append(operand(x));
                    }
                }
                yield sb.toString();
            }
            case Sub s -> operand(s.left()) + " - " + operand(s.right());
            case Mul m -> m.left() instanceof Const c && c.value() == -1 ? "-" + operand(m.right())
                    : operand(m.left()) + "*" + operand(m.right());
            case Mod m -> "(" + text(m.dividend()) + " mod " + m.divisor() + ")";
            case App a -> a.function() + "(" + String.join(", ", a.args().stream().map(Logic::text).toList()) + ")";
        };
    }

    private static String operand(Term t) {
        return t instanceof Add || t instanceof Sub ? "(" + text(t) + ")" : text(t);
    }

    public static String text(Formula f) {
        return switch (f) {
            case Bool b -> Boolean.toString(b.value());
            case Cmp c -> text(c.left()) + " " + c.rel().symbol + " " + text(c.right());
            case And a -> String.join(" && ", a.parts().stream().map(p -> p instanceof Or ? "(" + text(p) + ")" : text(p)).toList());
            case Or o -> String.join(" || ", o.parts().stream().map(p -> p instanceof And ? "(" + text(p) + ")" : text(p)).toList());
            case Not n -> "!(" + text(n.operand()) + ")";
            case BoolVar v -> v.name();
            case Forall q -> "forall " + String.join(", ", q.vars()) + ": (" + text(q.body()) + ")";
        };
    }

    // ---- linear normal form -------------------------------------------------------------

    /** {@code sum(coef * atom) + constant}, atoms in canonical (text) order. */
    static final class Linear {
        final Map<Term, Long> coefs = new LinkedHashMap<>();
        long constant;

        static Linear of(Term t) {
            Linear l = new Linear();
            l.accumulate(t, 1);
            return l;
        }

        boolean isConstant() {
            return coefs.isEmpty();
        }

        private void accumulate(Term t, long scale) {
            switch (t) {
                case Const c -> constant = Math.addExact(constant, Math.multiplyExact(scale, c.value()));
                case Var v -> addAtom(v, scale);
                case Add a -> a.terms().forEach(x -> accumulate(x, scale));
                case Sub s -> {
                    accumulate(s.left(), scale);
                    accumulate(s.right(), Math.negateExact(scale));
                }
                case Mul m -> {
                    Linear l = of(m.left());
                    Linear r = of(m.right());
                    if (l.isConstant()) {
                        add(r, Math.multiplyExact(scale, l.constant));
                    } else if (r.isConstant()) {
                        add(l, Math.multiplyExact(scale, r.constant));
                    } else {
                        Term a = l.toTerm();
                        Term b = r.toTerm();
                        addAtom(text(a).compareTo(text(b)) <= 0 ? new Mul(a, b) : new Mul(b, a), scale);
                    }
                }
                case Mod m -> {
                    Linear d = of(m.dividend());
                    if (d.isConstant()) {
                        constant = Math.addExact(constant, Math.multiplyExact(scale, Math.floorMod(d.constant, m.divisor())));
                    } else {
                        addAtom(new Mod(d.toTerm(), m.divisor()), scale);
                    }
                }
                case App a -> addAtom(new App(a.function(), a.args().stream().map(Logic::canon).toList()), scale);
            }
        }

        private void add(Linear other, long scale) {
            constant = Math.addExact(constant, Math.multiplyExact(scale, other.constant));
            other.coefs.forEach((atom, c) -> addAtom(atom, Math.multiplyExact(scale, c)));
        }

        private void addAtom(Term atom, long c) {
            long sum = Math.addExact(coefs.getOrDefault(atom, 0L), c);
            if (sum == 0) {
                coefs.remove(atom);
            } else {
                coefs.put(atom, sum);
            }
        }

        Linear minus(Linear other) {
            Linear out = new Linear();
            out.add(this, 1);
            out.add(other, -1);
            return out;
        }

        Linear scale(long s) {
            Linear out = new Linear();
            out.add(this, s);
            return out;
        }

        long gcdOfCoefficients() {
            long g = 0;
            for (long c : coefs.values()) {
                g = gcd(g, Math.abs(c));
            }
            return g == 0 ? 1 : g;
        }

        Linear divide(long g) {
            Linear out = new Linear();
            out.constant = constant / g;
            coefs.forEach((a, c) -> out.coefs.put(a, c / g));
            return out;
        }

        long firstCoefficient() {
            return sorted().get(0).getValue();
        }

        private List<Map.Entry<Term, Long>> sorted() {
            List<Map.Entry<Term, Long>> es = new ArrayList<>(coefs.entrySet());
            if (es.size() > 1) {
                Map<Term, String> keys = new java.util.HashMap<>();
                es.forEach(e -> keys.put(e.getKey(), text(e.getKey())));
                es.sort(Comparator.comparing(e -> keys.get(e.getKey())));
            }
            return es;
        }

        Term toTerm() {
            List<Term> parts = new ArrayList<>();
            for (Map.Entry<Term, Long> e : sorted()) {
                parts.add(e.getValue() == 1 ? e.getKey() : new Mul(new Const(e.getValue()), e.getKey()));
            }
            if (constant != 0 || parts.isEmpty()) {
                parts.add(new Const(constant));
            }
            return parts.size() == 1 ? parts.get(0) : new Add(parts);
        }

        /** The atoms with positive coefficients (0 if none). */
        Term positivePart() {
            Linear p = new Linear();
            coefs.forEach((a, c) -> {
                if (c > 0) {
                    p.coefs.put(a, c);
                }
            });
            return p.toTerm();
        }

        /** Minus (the atoms with negative coefficients plus the constant). */
        Term negativePartNegated() {
            Linear n = new Linear();
            coefs.forEach((a, c) -> {
                if (c < 0) {
                    n.coefs.put(a, -c);
                }
            });
            n.constant = -constant;
            return n.toTerm();
        }

        private static long gcd(long a, long b) {
            while (b != 0) {
                long t = a % b;
                a = b;
                b = t;
            }
            return a;
        }
    }
}
