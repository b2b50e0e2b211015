package org.paradjoint.race.internal;

import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.paradjoint.core.ir.AdPragma;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.print.ExprText;
import org.paradjoint.race.internal.LoopModel.Fact;
import org.paradjoint.race.internal.LoopModel.PrimalRef;
import org.paradjoint.race.logic.Formula;
import org.paradjoint.race.logic.Logic;
import org.paradjoint.race.logic.Term;

/**
 * The facts a race-free primal loop guarantees, derived once {@link LoopExtractor} has recorded
 * every shared array reference: two references of two different iterations, one of them a
 * write, touch different elements; and each {@code disjoint} annotation's expressions differ
 * between iterations. These are what the prover may assume.
 */
final class LoopKnowledge {

    private LoopKnowledge() {
    }

    /**
     * For every shared array, every two references with at least one write (references with the
     * same index, guard and inner loops count once, as a write if any of them is one).
     */
    static void referencePairs(LoopModel m) {
        Map<List<Object>, PrimalRef> classes = new LinkedHashMap<>();
        for (PrimalRef r : m.refs) {
            List<Object> key = List.of(r.array(), r.guard(), r.index(), r.innerLoops());
            PrimalRef c = classes.get(key);
            if (c == null || r.write() && !c.write()) {
                classes.put(key, r);
            }
        }
        List<PrimalRef> reps = List.copyOf(classes.values());
        Map<PrimalRef, Formula> primedGuard = new IdentityHashMap<>();
        Map<PrimalRef, List<Term>> primedIndex = new IdentityHashMap<>();
        for (PrimalRef r : reps) {
            primedGuard.put(r, m.prime(r.guard()));
            primedIndex.put(r, m.prime(r.index()));
        }
        Set<Formula> seen = new LinkedHashSet<>();
        for (PrimalRef a : reps) {
            for (PrimalRef b : reps) {
                if (!a.array().equals(b.array()) || !(a.write() || b.write())
                        || a.index().size() != b.index().size()) {
                    continue;
                }
                Formula guard = Logic.and(a.guard(), primedGuard.get(b));
                List<Term> right = primedIndex.get(b);
                Formula f = Logic.implies(guard, Logic.tupleNe(a.index(), right));
                if (f.equals(Logic.TRUE) || !seen.add(f)) {
                    continue;
                }
                m.facts.add(new Fact(f, a, b, a.array().name(), guard, a.index(), right));
            }
        }
    }

    /**
     * The {@code disjoint(...)} annotations of {@code loop}: each expression, evaluated in
     * {@code env} (the values at the start of an iteration and the body's single top-level
     * definitions), differs between two iterations.
     */
    static void disjointAnnotations(LoopModel m, For loop, Map<Variable, Term> env, LoopTerms terms) {
        for (AdPragma p : loop.pragmas()) {
            if (p instanceof AdPragma.Disjoint d) {
                for (Expr e : d.expressions()) {
                    Term t = terms.eval(e, env);
                    Formula f = Logic.ne(t, m.prime(t));
                    if (!f.equals(Logic.TRUE)) {
                        m.facts.add(new Fact(f, null, null, "disjoint(" + ExprText.of(e) + ")", Logic.TRUE, List.of(t),
                                List.of(m.prime(t))));
                    }
                }
            }
        }
    }
}
