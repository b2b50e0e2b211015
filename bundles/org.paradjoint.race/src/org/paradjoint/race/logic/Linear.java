package org.paradjoint.race.logic;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.paradjoint.race.logic.Term.Add;
import org.paradjoint.race.logic.Term.App;
import org.paradjoint.race.logic.Term.Const;
import org.paradjoint.race.logic.Term.Mod;
import org.paradjoint.race.logic.Term.Mul;
import org.paradjoint.race.logic.Term.Sub;
import org.paradjoint.race.logic.Term.Var;

/**
 * The linear normal form behind {@link Logic}'s canonical terms: {@code sum(coef * atom) +
 * constant}, atoms in canonical (text) order, where an atom is a variable, an application, a
 * remainder or a non-linear product. Separate from the builders because it is the arithmetic
 * (exact, overflow-checked) that every builder and comparison relies on.
 */
final class Linear {

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
                    boolean ordered = LogicText.text(a).compareTo(LogicText.text(b)) <= 0;
                    addAtom(ordered ? new Mul(a, b) : new Mul(b, a), scale);
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
            Map<Term, String> keys = new HashMap<>();
            es.forEach(e -> keys.put(e.getKey(), LogicText.text(e.getKey())));
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
