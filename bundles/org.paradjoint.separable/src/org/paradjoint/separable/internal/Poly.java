package org.paradjoint.separable.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * An integer polynomial over named symbols (loop counters and scalar parameters), the value of an
 * index expression as the generator sees it: {@code (j - 1) * nx + (i - 1)} is
 * {@code nx*j + i - nx - 1}. A monomial is its symbols sorted and joined by {@code *} (the empty
 * string for the constant term), so that equal polynomials are equal objects.
 */
record Poly(Map<String, Long> terms) {

    static final Poly ZERO = new Poly(Map.of());

    Poly {
        TreeMap<String, Long> t = new TreeMap<>();
        terms.forEach((m, c) -> {
            if (c != 0) {
                t.put(m, c);
            }
        });
        terms = java.util.Collections.unmodifiableMap(t);
    }

    static Poly constant(long c) {
        return new Poly(Map.of("", c));
    }

    static Poly symbol(String name) {
        return new Poly(Map.of(name, 1L));
    }

    Poly plus(Poly o) {
        TreeMap<String, Long> t = new TreeMap<>(terms);
        o.terms.forEach((m, c) -> t.merge(m, c, Math::addExact));
        return new Poly(t);
    }

    Poly times(long k) {
        TreeMap<String, Long> t = new TreeMap<>();
        terms.forEach((m, c) -> t.put(m, Math.multiplyExact(c, k)));
        return new Poly(t);
    }

    Poly minus(Poly o) {
        return plus(o.times(-1));
    }

    Poly times(Poly o) {
        TreeMap<String, Long> t = new TreeMap<>();
        terms.forEach((m1, c1) -> o.terms.forEach((m2, c2) -> t.merge(multiply(m1, m2), Math.multiplyExact(c1, c2),
                Math::addExact)));
        return new Poly(t);
    }

    boolean isConstant() {
        return terms.keySet().stream().allMatch(String::isEmpty);
    }

    long constantTerm() {
        return terms.getOrDefault("", 0L);
    }

    /** The symbols of a monomial. */
    static List<String> symbolsOf(String monomial) {
        return monomial.isEmpty() ? List.of() : List.of(monomial.split("\\*"));
    }

    /** The coefficient of {@code symbol} where it occurs to the first power in every term that has it; null otherwise. */
    Poly coefficientOf(String symbol) {
        TreeMap<String, Long> t = new TreeMap<>();
        for (Map.Entry<String, Long> e : terms.entrySet()) {
            List<String> syms = new ArrayList<>(symbolsOf(e.getKey()));
            int count = (int) syms.stream().filter(symbol::equals).count();
            if (count > 1) {
                return null;
            }
            if (count == 1) {
                syms.remove(symbol);
                t.put(String.join("*", syms), e.getValue());
            }
        }
        return new Poly(t);
    }

    /** The terms free of every symbol in {@code symbols}. */
    Poly without(java.util.Collection<String> symbols) {
        TreeMap<String, Long> t = new TreeMap<>();
        terms.forEach((m, c) -> {
            if (symbolsOf(m).stream().noneMatch(symbols::contains)) {
                t.put(m, c);
            }
        });
        return new Poly(t);
    }

    boolean mentionsAny(java.util.Collection<String> symbols) {
        return terms.keySet().stream().anyMatch(m -> symbolsOf(m).stream().anyMatch(symbols::contains));
    }

    /**
     * The polynomial q with {@code this = q * divisor}, when the divisor is a single monomial with
     * coefficient 1 or -1 that divides every term; null otherwise.
     */
    Poly dividedByMonomial(Poly divisor) {
        if (divisor.terms.size() != 1) {
            return null;
        }
        Map.Entry<String, Long> d = divisor.terms.entrySet().iterator().next();
        if (Math.abs(d.getValue()) != 1) {
            return null;
        }
        List<String> dsyms = symbolsOf(d.getKey());
        TreeMap<String, Long> t = new TreeMap<>();
        for (Map.Entry<String, Long> e : terms.entrySet()) {
            List<String> syms = new ArrayList<>(symbolsOf(e.getKey()));
            for (String s : dsyms) {
                if (!syms.remove(s)) {
                    return null;
                }
            }
            t.put(String.join("*", syms), e.getValue() * d.getValue());
        }
        return new Poly(t);
    }

    private static String multiply(String m1, String m2) {
        if (m1.isEmpty()) {
            return m2;
        }
        if (m2.isEmpty()) {
            return m1;
        }
        String[] all = (m1 + "*" + m2).split("\\*");
        Arrays.sort(all);
        return String.join("*", all);
    }

    /** As C would spell it, the constant term last: {@code nx*j + i - nx - 1}. */
    @Override
    public String toString() {
        if (terms.isEmpty()) {
            return "0";
        }
        List<Map.Entry<String, Long>> ordered = new ArrayList<>();
        terms.entrySet().stream().filter(e -> !e.getKey().isEmpty()).forEach(ordered::add);
        terms.entrySet().stream().filter(e -> e.getKey().isEmpty()).forEach(ordered::add);
        StringBuilder b = new StringBuilder();
        for (Map.Entry<String, Long> e : ordered) {
            long c = e.getValue();
            long a = Math.abs(c);
            b.append(b.isEmpty() ? (c < 0 ? "-" : "") : (c < 0 ? " - " : " + "));
            b.append(e.getKey().isEmpty() ? Long.toString(a) : (a == 1 ? e.getKey() : a + "*" + e.getKey()));
        }
        return b.toString();
    }
}
