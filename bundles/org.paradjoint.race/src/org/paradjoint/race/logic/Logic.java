package org.paradjoint.race.logic;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
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
 * <p>
 * The builders are here; the normal form is {@link Linear}, substitution and variable sets are
 * {@link LogicTraversal}, and the text of terms and formulas is {@link LogicText}.
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
        return junction(parts, true);
    }

    public static Formula or(Formula... parts) {
        return or(List.of(parts));
    }

    public static Formula or(List<Formula> parts) {
        return junction(parts, false);
    }

    /**
     * A conjunction ({@code conjunction}) or disjunction of {@code parts}: nested ones of the same
     * kind are flattened, duplicates and the neutral constant dropped, and the absorbing constant
     * ({@code false} for and, {@code true} for or) is the whole result.
     */
    private static Formula junction(List<Formula> parts, boolean conjunction) {
        Set<Formula> out = new LinkedHashSet<>();
        for (Formula p : parts) {
            if (p instanceof Bool b) {
                if (b.value() != conjunction) {
                    return bool(!conjunction);
                }
            } else if (conjunction && p instanceof And a) {
                out.addAll(a.parts());
            } else if (!conjunction && p instanceof Or o) {
                out.addAll(o.parts());
            } else {
                out.add(p);
            }
        }
        return switch (out.size()) {
            case 0 -> bool(conjunction);
            case 1 -> out.iterator().next();
            default -> conjunction ? new And(List.copyOf(out)) : new Or(List.copyOf(out));
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

    // ---- traversal (LogicTraversal) -----------------------------------------------------

    /**
     * Replaces variables: {@code vars} maps an integer variable's name to its replacement (or
     * null to keep it), {@code bools} a boolean variable's name to its new name (or null).
     * Bound variables of quantifiers are never replaced.
     */
    public static Formula substitute(Formula f, Function<String, Term> vars, Function<String, String> bools) {
        return LogicTraversal.substitute(f, vars, bools);
    }

    public static Term substitute(Term t, Function<String, Term> vars) {
        return LogicTraversal.substitute(t, vars);
    }

    /** Names of the integer variables of {@code t}. */
    public static Set<String> vars(Term t) {
        return LogicTraversal.vars(t);
    }

    /** The applications occurring in {@code t} (innermost last). */
    public static Set<App> apps(Term t) {
        return LogicTraversal.apps(t);
    }

    /** Names of the free integer and boolean variables of {@code f}. */
    public static Set<String> freeVars(Formula f) {
        return LogicTraversal.freeVars(f);
    }

    /** True when {@code t} occurs in {@code in} as a subterm (after canonicalisation). */
    public static boolean occursIn(Term t, Term in) {
        return LogicTraversal.occursIn(t, in);
    }

    // ---- text (LogicText) -------------------------------------------------------------

    public static String text(Term t) {
        return LogicText.text(t);
    }

    public static String text(Formula f) {
        return LogicText.text(f);
    }
}
