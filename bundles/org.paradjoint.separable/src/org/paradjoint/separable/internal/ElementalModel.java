package org.paradjoint.separable.internal;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.Variable;

/**
 * What the partial-separability pragmas say about one function, checked: the elementals with
 * their initialisations and updates, and the combining assignment. {@code top} is the
 * function's top-level statement list (nested plain blocks spliced in); indices refer to it.
 * Updates are keyed by identity: two updates may be equal as records (same text in two loop
 * nests) and still need different slots.
 */
public record ElementalModel(Function function, List<Stmt> top, List<Elemental> elementals, int combineIndex,
        Assign combine, SourceRange pragmaRange, Map<Assign, Update> updates) {

    /** One elemental: the scalar of the source, its block number, its initialisation. */
    public record Elemental(Variable scalar, int block, int initIndex, Assign init) {
    }

    /** One update of an elemental and the loops around it, outermost first. */
    public record Update(Elemental elemental, Assign assign, List<For> loops) {
        public Update {
            loops = List.copyOf(loops);
        }
    }

    public ElementalModel {
        top = List.copyOf(top);
        elementals = List.copyOf(elementals);
        IdentityHashMap<Assign, Update> copy = new IdentityHashMap<>(updates);
        updates = java.util.Collections.unmodifiableMap(copy);
    }

    public int firstInitIndex() {
        return elementals.stream().mapToInt(Elemental::initIndex).min().orElse(combineIndex);
    }

    public Elemental elemental(Variable v) {
        return elementals.stream().filter(e -> e.scalar().equals(v)).findFirst().orElse(null);
    }

    /** The updates of {@code e} in source order (the identity map's own order varies from run to run). */
    public List<Update> updatesOf(Elemental e) {
        List<Update> out = new ArrayList<>();
        for (Stmt s : top) {
            StmtUtil.forEach(s, x -> {
                Update u = x instanceof Assign a ? updates.get(a) : null;
                if (u != null && u.elemental() == e) {
                    out.add(u);
                }
            });
        }
        return out;
    }
}
