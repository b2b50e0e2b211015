package org.paradjoint.race.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.race.logic.Formula;
import org.paradjoint.race.logic.Logic;
import org.paradjoint.race.logic.Term;

/**
 * What the analysis knows about one parallel loop, in terms of iteration {@code i} (side 0);
 * {@link #prime} renames a formula to the sibling iteration {@code i'} (side 1). Built by
 * {@link LoopExtractor}; consumed by {@link Exploiter}.
 */
public final class LoopModel {

    /** A reference to a shared primal array, with where it executes and what it touches. */
    public record PrimalRef(int id, ArrayRef node, Variable array, boolean write, Formula guard, List<Term> index,
            List<Integer> innerLoops) {
    }

    public enum AdjointKind {
        /** {@code ab[e] += ...}: the only kind that can race with anything. */
        INCREMENT,
        /** {@code ... = ab[e] ...} */
        READ,
        /** {@code ab[e] = 0} or {@code ab[e] *= ...}: a write to an element the primal wrote. */
        WRITE
    }

    /** An adjoint reference and the primal reference it comes from. */
    public record AdjointRef(PrimalRef primal, AdjointKind kind, String text) {
    }

    /**
     * {@code formula} holds because the primal is race-free: it is
     * {@code guard -> left != right} (tuples; {@code left} at iteration i, {@code right} at i').
     * {@code a} and {@code b} are its source references (null for a {@code disjoint} pragma).
     */
    public record Fact(Formula formula, PrimalRef a, PrimalRef b, String origin, Formula guard, List<Term> left,
            List<Term> right) {
    }

    public final For loop;
    public final Variable counter;
    /** Names of side-0 variables that exist once per iteration (primed for side 1). */
    final Set<String> sideVars = new LinkedHashSet<>();
    /** Names of loop-invariant variables (the same on both sides). */
    final Set<String> sharedVars = new LinkedHashSet<>();
    /** How a person would write a side-0 variable or atom. */
    final Map<String, String> display = new LinkedHashMap<>();
    final Map<Term, String> atomText = new LinkedHashMap<>();
    final List<PrimalRef> refs = new ArrayList<>();
    final List<AdjointRef> adjointRefs = new ArrayList<>();
    final List<Fact> facts = new ArrayList<>();
    /** Range (and stride) of the counter as a formula over {@link #counterVar()}; null when unknown. */
    Formula range;
    /**
     * Number of integers the counter's range spans ({@code bound - lower} for {@code <}), in
     * loop-invariant terms; null when unknown. Two iterations differ by less than this.
     */
    Term span;
    /** The counter's step, positive. */
    long stride = 1;
    String unsupported;
    /**
     * The counters (side 0) of the loops a {@code collapse(d)} joins to the parallel loop, outer
     * first: an iteration is the tuple of the parallel counter and these, so two iterations differ
     * when any of them does.
     */
    final List<String> collapsedCounters = new ArrayList<>();
    /** Inner-loop id -> its counter variable (side 0). */
    final Map<Integer, String> innerCounters = new LinkedHashMap<>();
    /**
     * Counters of the sequential loops around the parallel loop: loop-invariant symbols inside it,
     * but not values a user chooses (every value of their range is executed).
     */
    final Set<String> enclosingCounters = new LinkedHashSet<>();
    /** The ranges of {@link #enclosingCounters}, as far as they are known. */
    Formula enclosingRange = Logic.TRUE;

    LoopModel(For loop) {
        this.loop = loop;
        this.counter = loop.counter();
    }

    public String counterVar() {
        return counter.name();
    }

    public List<PrimalRef> refs() {
        return List.copyOf(refs);
    }

    public List<AdjointRef> adjointRefs() {
        return List.copyOf(adjointRefs);
    }

    public List<Fact> facts() {
        return List.copyOf(facts);
    }

    /** Why the loop cannot be analysed, or null. */
    public String unsupported() {
        return unsupported;
    }

    public Formula range() {
        return range;
    }

    public Formula prime(Formula f) {
        return Logic.substitute(f, this::primedVar, this::primedName);
    }

    public Term prime(Term t) {
        return Logic.substitute(t, this::primedVar);
    }

    public List<Term> prime(List<Term> ts) {
        return ts.stream().map(this::prime).toList();
    }

    private Term primedVar(String name) {
        return sideVars.contains(name) ? Logic.var(name + "'") : null;
    }

    private String primedName(String name) {
        return sideVars.contains(name) ? name + "'" : null;
    }

    /** Display text of a (possibly primed) variable name. */
    String displayVar(String name) {
        boolean primed = name.endsWith("'") && sideVars.contains(name.substring(0, name.length() - 1));
        String base = primed ? name.substring(0, name.length() - 1) : name;
        return display.getOrDefault(base, base) + (primed ? "'" : "");
    }

    boolean isSideVar(String name) {
        return sideVars.contains(name) || name.endsWith("'") && sideVars.contains(name.substring(0, name.length() - 1));
    }
}
