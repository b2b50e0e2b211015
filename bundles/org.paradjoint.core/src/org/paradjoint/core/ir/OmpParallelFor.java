package org.paradjoint.core.ir;

import java.lang.invoke.MethodHandles;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.paradjoint.core.diag.SourceRange;

/**
 * The clauses of an OpenMP {@code parallel for} (Fortran {@code parallel do}). {@code schedule}
 * is kept verbatim (e.g. {@code static, 4}); {@code collapse} is 0 when absent.
 * {@code accumulators} (generated adjoint loops only, C only) are the shared adjoint arrays whose
 * increments the loop body makes through a per-thread view: see {@link PrivateAccumulator}.
 */
public record OmpParallelFor(List<Variable> privates, List<Variable> firstprivates, List<Variable> shared,
        List<Reduction> reductions, String schedule, int collapse, String defaultSharing, SourceRange range,
        List<PrivateAccumulator> accumulators) {

    private static final Structure STRUCTURE = Structure.of(MethodHandles.lookup(), OmpParallelFor.class);

    /** By structure: the source range is not compared (see {@link Structure}). */
    @Override
    public boolean equals(Object o) {
        return STRUCTURE.equal(this, o);
    }

    @Override
    public int hashCode() {
        return STRUCTURE.hash(this);
    }

    public record Reduction(String op, List<Variable> vars) {
        public Reduction {
            vars = List.copyOf(vars);
        }
    }

    /**
     * A shared adjoint array {@code target} that the loop only increments, through {@code view}:
     * in the thread numbered 0 the view is {@code target} itself, in thread t > 0 it is the
     * (t-1)-th of {@code threads - 1} zeroed copies of {@code target} in {@code buffer}, allocated
     * before the loop; after the loop the copies are added to {@code target} (in parallel over its
     * elements) and freed. {@code target} carries the dimensions that size it; {@code view} has
     * the same dimensions and is declared inside the parallel region; {@code buffer} and
     * {@code threads} are declared in a block around the loop.
     * <p>
     * A non-empty {@code part} accumulates only the elements of {@code target} whose leading
     * indices are {@code part} (a row {@code xb[k][...]}, fixed while the loop runs): the copies
     * are of that part only, {@code view} has the remaining dimensions, and only the references of
     * the loop body with those leading indices go through it (the loop may read and reset other
     * elements of {@code target}, never those of the part).
     */
    public record PrivateAccumulator(Variable target, Variable view, Variable buffer, Variable threads,
            List<Expr> part) {

        public PrivateAccumulator {
            part = part == null ? List.of() : List.copyOf(part);
        }

        /** The whole of {@code target}. */
        public PrivateAccumulator(Variable target, Variable view, Variable buffer, Variable threads) {
            this(target, view, buffer, threads, List.of());
        }

        /** This accumulator with another team-size local (loops fused into one region). */
        public PrivateAccumulator withThreads(Variable t) {
            return new PrivateAccumulator(target, view, buffer, t, part);
        }
    }

    public OmpParallelFor {
        privates = List.copyOf(privates);
        firstprivates = List.copyOf(firstprivates);
        shared = List.copyOf(shared);
        reductions = List.copyOf(reductions);
        accumulators = accumulators == null ? List.of() : List.copyOf(accumulators);
    }

    /** Clauses without per-thread accumulators (every front-end's). */
    public OmpParallelFor(List<Variable> privates, List<Variable> firstprivates, List<Variable> shared,
            List<Reduction> reductions, String schedule, int collapse, String defaultSharing, SourceRange range) {
        this(privates, firstprivates, shared, reductions, schedule, collapse, defaultSharing, range, List.of());
    }

    public static OmpParallelFor plain() {
        return new OmpParallelFor(List.of(), List.of(), List.of(), List.of(), null, 0, null, SourceRange.NONE);
    }

    public OmpParallelFor withPrivates(List<Variable> p) {
        return new OmpParallelFor(p, firstprivates, shared, reductions, schedule, collapse, defaultSharing, range,
                accumulators);
    }

    public OmpParallelFor withShared(List<Variable> s) {
        return new OmpParallelFor(privates, firstprivates, s, reductions, schedule, collapse, defaultSharing, range,
                accumulators);
    }

    public OmpParallelFor withReductions(List<Reduction> r) {
        return new OmpParallelFor(privates, firstprivates, shared, r, schedule, collapse, defaultSharing, range,
                accumulators);
    }

    public OmpParallelFor withCollapse(int c) {
        return new OmpParallelFor(privates, firstprivates, shared, reductions, schedule, c, defaultSharing, range);
    }

    public OmpParallelFor withFirstprivates(List<Variable> f) {
        return new OmpParallelFor(privates, f, shared, reductions, schedule, collapse, defaultSharing, range,
                accumulators);
    }

    public OmpParallelFor withAccumulators(List<PrivateAccumulator> a) {
        return new OmpParallelFor(privates, firstprivates, shared, reductions, schedule, collapse, defaultSharing,
                range, a);
    }

    /**
     * The data-sharing clauses as both languages spell them, each with a leading blank:
     * {@code default(...)}, then {@code shared}, {@code private} and {@code firstprivate} lists
     * where not empty; empty when there are none.
     */
    public String sharingClauses() {
        StringBuilder sb = new StringBuilder();
        if (defaultSharing != null && !defaultSharing.isBlank()) {
            sb.append(" default(").append(defaultSharing).append(')');
        }
        clause(sb, "shared", shared);
        clause(sb, "private", privates);
        clause(sb, "firstprivate", firstprivates);
        return sb.toString();
    }

    private static void clause(StringBuilder sb, String name, List<Variable> vars) {
        if (!vars.isEmpty()) {
            sb.append(' ').append(name).append('(')
                    .append(vars.stream().map(Variable::name).collect(Collectors.joining(", "))).append(')');
        }
    }

    /** The variables of the reduction clauses, in clause order. */
    public Set<Variable> reductionVariables() {
        Set<Variable> out = new LinkedHashSet<>();
        reductions.forEach(r -> out.addAll(r.vars()));
        return out;
    }

    /** True when {@code v} gets a private copy per thread (private, firstprivate or a reduction). */
    public boolean isPrivate(Variable v) {
        return privates.contains(v) || firstprivates.contains(v)
                || reductions.stream().anyMatch(r -> r.vars().contains(v));
    }
}
