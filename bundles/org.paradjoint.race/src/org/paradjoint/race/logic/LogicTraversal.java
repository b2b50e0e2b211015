package org.paradjoint.race.logic;

import java.util.LinkedHashSet;
import java.util.Set;
import java.util.function.Function;

import org.paradjoint.race.logic.Formula.And;
import org.paradjoint.race.logic.Formula.Bool;
import org.paradjoint.race.logic.Formula.BoolVar;
import org.paradjoint.race.logic.Formula.Cmp;
import org.paradjoint.race.logic.Formula.Forall;
import org.paradjoint.race.logic.Formula.Not;
import org.paradjoint.race.logic.Formula.Or;
import org.paradjoint.race.logic.Term.Add;
import org.paradjoint.race.logic.Term.App;
import org.paradjoint.race.logic.Term.Const;
import org.paradjoint.race.logic.Term.Mod;
import org.paradjoint.race.logic.Term.Mul;
import org.paradjoint.race.logic.Term.Sub;
import org.paradjoint.race.logic.Term.Var;

/**
 * Walks over built terms and formulas: substitution of variables (rebuilding through
 * {@link Logic}, so results stay canonical), the free variables and applications they mention,
 * and subterm occurrence. {@link Logic} exposes these; the builders themselves never need them.
 */
final class LogicTraversal {

    private LogicTraversal() {
    }

    /**
     * Replaces variables: {@code vars} maps an integer variable's name to its replacement (or
     * null to keep it), {@code bools} a boolean variable's name to its new name (or null).
     * Bound variables of quantifiers are never replaced.
     */
    static Formula substitute(Formula f, Function<String, Term> vars, Function<String, String> bools) {
        return switch (f) {
            case Bool b -> b;
            case Cmp c -> Logic.cmp(c.rel(), substitute(c.left(), vars), substitute(c.right(), vars));
            case And a -> Logic.and(a.parts().stream().map(p -> substitute(p, vars, bools)).toList());
            case Or o -> Logic.or(o.parts().stream().map(p -> substitute(p, vars, bools)).toList());
            case Not n -> Logic.not(substitute(n.operand(), vars, bools));
            case BoolVar v -> {
                String to = bools.apply(v.name());
                yield to == null ? v : new BoolVar(to);
            }
            case Forall q -> Logic.forall(q.vars(), substitute(q.body(),
                    name -> q.vars().contains(name) ? null : vars.apply(name), bools));
        };
    }

    static Term substitute(Term t, Function<String, Term> vars) {
        return switch (t) {
            case Const c -> c;
            case Var v -> {
                Term to = vars.apply(v.name());
                yield to == null ? v : to;
            }
            case Add a -> Logic.canon(new Add(a.terms().stream().map(x -> substitute(x, vars)).toList()));
            case Sub s -> Logic.canon(new Sub(substitute(s.left(), vars), substitute(s.right(), vars)));
            case Mul m -> Logic.canon(new Mul(substitute(m.left(), vars), substitute(m.right(), vars)));
            case Mod m -> Logic.canon(new Mod(substitute(m.dividend(), vars), m.divisor()));
            case App a -> Logic.canon(new App(a.function(), a.args().stream().map(x -> substitute(x, vars)).toList()));
        };
    }

    /** Names of the integer variables of {@code t}. */
    static Set<String> vars(Term t) {
        Set<String> out = new LinkedHashSet<>();
        collect(t, out, new LinkedHashSet<>());
        return out;
    }

    /** The applications occurring in {@code t} (innermost last). */
    static Set<App> apps(Term t) {
        Set<App> out = new LinkedHashSet<>();
        collect(t, new LinkedHashSet<>(), out);
        return out;
    }

    /** Names of the free integer and boolean variables of {@code f}. */
    static Set<String> freeVars(Formula f) {
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
    static boolean occursIn(Term t, Term in) {
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
}
