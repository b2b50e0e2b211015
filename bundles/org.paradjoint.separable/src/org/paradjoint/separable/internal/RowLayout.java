package org.paradjoint.separable.internal;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.Exprs;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.LValue;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.separable.internal.Skeleton.Expanded;

/**
 * The rows of the compressed elemental Jacobian. In general every elemental is one block of
 * rows (one per slot) and the gradient is assembled as {@code sum_e w_e J_e^T 1}, with the
 * weights {@code w_e = dg/de} known only after the sweep. When the combination is linear in the
 * elementals and its coefficients are fixed before the first elemental is initialised (the
 * common case: {@code area * (0.5 * fquad + flin)}), the sweep applies the weights itself and
 * accumulates {@code sum_e w_e J_e} into one block, slot by slot: the same gradient with half the
 * rows to store, colour and assemble for two elementals.
 */
public final class RowLayout {

    private final List<Expanded> expanded;
    private final Map<Variable, Expr> weights;
    private final boolean weighted;
    private final Expanded first;

    private RowLayout(Skeleton skeleton, boolean allowWeighted) {
        this.expanded = skeleton.expanded();
        ElementalModel model = skeleton.model();
        Set<Variable> scalars = new LinkedHashSet<>();
        expanded.forEach(x -> scalars.add(x.source().scalar()));
        this.weights = Combine.weights(model.combine().value(), scalars);
        this.first = expanded.stream().min((a, b) -> Integer.compare(a.source().initIndex(), b.source().initIndex()))
                .orElseThrow();
        Set<Variable> changing = StmtUtil.writes(new Block(model.top().subList(model.firstInitIndex(),
                model.top().size())));
        boolean fixed = true;
        for (Expr w : weights.values()) {
            boolean readsArray = ExprUtil.references(w).stream().anyMatch(lv -> !(lv instanceof VarRef));
            fixed &= !readsArray && ExprUtil.variables(w).stream().noneMatch(changing::contains);
        }
        this.weighted = allowWeighted && fixed && Combine.isLinear(model.combine().value(), scalars);
    }

    /** The layout; {@code allowWeighted} false forces one block per elemental. */
    public static RowLayout of(Skeleton skeleton, boolean allowWeighted) {
        return new RowLayout(skeleton, allowWeighted);
    }

    /** True when the sweep applies the weights and all elementals share one block. */
    public boolean weighted() {
        return weighted;
    }

    public int blocks() {
        return weighted ? 1 : expanded.size();
    }

    public int blockOf(Expanded x) {
        return weighted ? 0 : x.source().block();
    }

    /** The elementals whose rows make up {@code block}. */
    public List<Expanded> elementalsOf(int block) {
        return weighted ? expanded : List.of(expanded.get(block));
    }

    /** The number of rows of a block (the slot count; the largest one when the block is shared). */
    public Expr rows(int block) {
        return weighted ? ExpandedFunction.resultCount(expanded) : new VarRef(expanded.get(block).count());
    }

    /** True where the initialisation of {@code x} is also where its block starts (the first one when shared). */
    public boolean opensBlock(Expanded x) {
        return !weighted || x == first;
    }

    /** {@code dg/de} for the elemental (zero when it does not occur). */
    public Expr weight(Expanded x) {
        return weights.getOrDefault(x.source().scalar(), Exprs.zero(true));
    }

    /** The slot expression of an elemental slot reference. */
    static Expr slotOf(LValue lv) {
        return ((org.paradjoint.core.ir.ArrayRef) lv).indices().get(0);
    }
}
