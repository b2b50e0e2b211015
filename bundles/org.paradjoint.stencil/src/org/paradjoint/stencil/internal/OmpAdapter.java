package org.paradjoint.stencil.internal;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.Decl;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.OmpParallelFor;
import org.paradjoint.core.ir.Variable;

/**
 * The primal's {@code omp parallel for} carried to an emitted nest: on the loop that
 * corresponds to the primal's parallel loop (or, when the nest has no such loop, the nearest
 * one; a gather nest is parallel at every level), with {@code collapse} kept as far as the nest
 * is deep, the counters of the loops inside private, firstprivate variables the nest still
 * reads, and, where the primal lists shared variables or says {@code default(none)}, every
 * other variable the nest reads listed as shared. Schedules are kept.
 */
final class OmpAdapter {

    private final OmpParallelFor primal;

    OmpAdapter(OmpParallelFor primal) {
        this.primal = primal;
    }

    boolean isParallel() {
        return primal != null;
    }

    /**
     * The clauses for {@code outer}, a loop whose body is built, where {@code counters} are the
     * counters of {@code outer} and of the perfectly nested loops inside it (outermost first),
     * which {@code collapse} may cover, and {@code inner} those of further loops in the body.
     */
    OmpParallelFor adapt(For outer, List<Variable> counters, List<Variable> inner) {
        int collapse = Math.min(primal.collapse(), counters.size());
        List<Variable> privates = new ArrayList<>();
        for (Variable v : primal.privates()) {
            if (counters.contains(v)) {
                privates.add(v);
            }
        }
        List<Variable> nested = new ArrayList<>(counters.subList(1, counters.size()));
        nested.addAll(inner);
        for (Variable c : nested) {
            if (!privates.contains(c)) {
                privates.add(c);
            }
        }
        Set<Variable> mentioned = StmtUtil.mentioned(outer.body());
        List<Variable> firstprivates = primal.firstprivates().stream().filter(mentioned::contains).toList();
        List<Variable> shared = List.of();
        if (!primal.shared().isEmpty() || "none".equals(primal.defaultSharing())) {
            Set<Variable> declared = new LinkedHashSet<>();
            StmtUtil.forEach(outer.body(), s -> {
                if (s instanceof Decl d) {
                    declared.add(d.var());
                }
            });
            Set<Variable> s = new LinkedHashSet<>();
            StmtUtil.forEachExpr(outer, e -> {
                if (e instanceof org.paradjoint.core.ir.LValue lv) {
                    s.add(lv.var());
                }
            });
            s.removeAll(counters);
            s.removeAll(inner);
            s.removeAll(privates);
            s.removeAll(firstprivates);
            s.removeAll(declared);
            shared = List.copyOf(s);
        }
        return new OmpParallelFor(privates, firstprivates, shared, List.of(), primal.schedule(),
                collapse > 1 ? collapse : 0, primal.defaultSharing(), primal.range());
    }
}
