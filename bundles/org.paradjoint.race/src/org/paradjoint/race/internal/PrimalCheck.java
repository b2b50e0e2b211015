package org.paradjoint.race.internal;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;
import java.util.StringJoiner;

import org.paradjoint.core.ir.Layout;
import org.paradjoint.core.print.ExprText;
import org.paradjoint.race.Model;
import org.paradjoint.race.PrimalConflict;
import org.paradjoint.race.ProverResult;
import org.paradjoint.race.logic.Formula;
import org.paradjoint.race.logic.Logic;
import org.paradjoint.race.logic.Term;

/**
 * Checks the premise before it is used. The knowledge "two references, one a write, touch
 * different elements in different iterations" is an assumption about what the user controls:
 * index arrays and parameters (the LBM offsets are race-free only for sensible {@code nx}). It
 * is no assumption at all when the indices hold no data and depend on counters the user does
 * not choose: those of inner loops and of the sequential loops around the parallel loop run
 * through their whole ranges (Floyd-Warshall: {@code path[i][j]} written and {@code path[k][j]}
 * read meet at {@code i = k}), and indices of counters alone ({@code a[i]} and {@code a[i + 1]})
 * meet whatever the data. Such a fact is proven with the prover, from the loop ranges and the
 * remaining (assumed) facts, instead of being assumed; a fact not proven is a
 * {@link PrimalConflict} and is left out of the knowledge.
 */
final class PrimalCheck {

    /** The facts that may be used, and the pairs whose facts may not. */
    record Outcome(List<LoopModel.Fact> usable, List<PrimalConflict> conflicts) {
    }

    /** Asks one question of the prover (with the exploiter's accounting). */
    interface Asker {
        ProverResult ask(Formula background, Formula query);
    }

    private PrimalCheck() {
    }

    static Outcome run(LoopModel m, Formula base, Asker prover) {
        List<LoopModel.Fact> assumed = new ArrayList<>();
        List<LoopModel.Fact> checked = new ArrayList<>();
        for (LoopModel.Fact f : m.facts) {
            (mustProve(m, f) ? checked : assumed).add(f);
        }
        if (checked.isEmpty()) {
            return new Outcome(List.copyOf(m.facts), List.of());
        }
        List<Formula> parts = new ArrayList<>();
        parts.add(base);
        if (m.range != null) {
            // Even when proofs go without bounds: a stride is what keeps such loops race-free.
            parts.add(m.range);
            parts.add(m.prime(m.range));
        }
        parts.add(m.enclosingRange);
        assumed.forEach(f -> parts.add(f.formula()));
        Formula background = Logic.and(parts);
        List<LoopModel.Fact> usable = new ArrayList<>(assumed);
        List<PrimalConflict> conflicts = new ArrayList<>();
        Set<List<Integer>> reported = new HashSet<>();
        for (LoopModel.Fact f : checked) {
            ProverResult r = prover.ask(background, Logic.and(f.guard(), Logic.tupleEq(f.left(), f.right())));
            if (r.isUnsat()) {
                usable.add(f);
                continue;
            }
            LoopModel.PrimalRef w = f.a().write() ? f.a() : f.b();
            LoopModel.PrimalRef o = w == f.a() ? f.b() : f.a();
            if (reported.add(List.of(Math.min(w.id(), o.id()), Math.max(w.id(), o.id())))) {
                String cex = r instanceof ProverResult.Sat s ? counterexample(m, f, s.model()) : null;
                conflicts.add(new PrimalConflict(w.array().name(), w.node(), o.node(), o.write(), cex));
            }
        }
        // Facts of a conflicting array that were proven stay usable: they hold without the premise.
        return new Outcome(List.copyOf(usable), List.copyOf(conflicts));
    }

    /**
     * True for a fact about two references whose indices hold no data (no index-array entry, no
     * value the analysis cannot express) and either mention an inner or enclosing counter or
     * mention no loop-invariant value at all.
     */
    static boolean mustProve(LoopModel m, LoopModel.Fact f) {
        if (f.a() == null) {
            return false;
        }
        boolean universal = false;
        boolean parameter = false;
        for (Term t : concat(f.left(), f.right())) {
            if (!Logic.apps(t).isEmpty()) {
                return false;
            }
            for (String v : Logic.vars(t)) {
                if (isCounter(m, v)) {
                    universal |= !base(v).equals(m.counterVar());
                } else if (m.enclosingCounters.contains(v)) {
                    universal = true;
                } else if (m.sharedVars.contains(v)) {
                    parameter = true;
                } else {
                    return false;
                }
            }
        }
        return universal || !parameter;
    }

    private static boolean isCounter(LoopModel m, String v) {
        String b = base(v);
        return b.equals(m.counterVar()) || m.innerCounters.containsValue(b);
    }

    private static String base(String v) {
        return v.endsWith("'") ? v.substring(0, v.length() - 1) : v;
    }

    private static List<Term> concat(List<Term> a, List<Term> b) {
        List<Term> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }

    /** The values of the indices' variables in the model and the element both touch. */
    private static String counterexample(LoopModel m, LoopModel.Fact f, Model model) {
        StringJoiner out = new StringJoiner(", ");
        Set<String> vars = new LinkedHashSet<>();
        vars.add(m.counterVar());
        vars.add(m.counterVar() + "'");
        for (Term t : concat(f.left(), f.right())) {
            vars.addAll(Logic.vars(t));
        }
        for (String v : vars) {
            value(model, Logic.var(v)).ifPresent(x -> out.add(m.displayVar(v) + "=" + x));
        }
        List<String> element = new ArrayList<>();
        for (Term t : f.left()) {
            OptionalLong v = value(model, t);
            if (v.isEmpty()) {
                return out.toString();
            }
            element.add(Long.toString(v.getAsLong()));
        }
        boolean fortran = m.counter.layout() == Layout.COLUMN_MAJOR || ExprText.parenthesised(f.a().array());
        return out + "; both touch " + ExprText.element(f.a().array().name(), element, fortran);
    }

    private static OptionalLong value(Model model, Term t) {
        try {
            return model.eval(t);
        } catch (RuntimeException ex) {
            return OptionalLong.empty();
        }
    }
}
