package org.paradjoint.stencil.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.Exprs;
import org.paradjoint.core.expr.Simplifier;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * The contribution a gather at position {@code x} receives through one shift {@code s}: for each
 * output, its partial derivative and its adjoint, both taken at the iteration {@code x - s}
 * (every counter {@code c} replaced by {@code c - s_c}, so that primal values are read at the
 * shifted indices).
 */
final class GatherTerms {

    private final StencilNest nest;
    /** Summands by input and shift: the same in every nest that sums them. */
    private final Map<Input, Map<Shift, List<Expr>>> cache = new LinkedHashMap<>();

    GatherTerms(StencilNest nest) {
        this.nest = nest;
    }

    /** The summands {@code partial(x - s) * outb[x - s]} of input {@code in} through shift {@code s}. */
    List<Expr> summands(Input in, Shift s) {
        return cache.computeIfAbsent(in, x -> new LinkedHashMap<>()).computeIfAbsent(s, x -> compute(in, s));
    }

    private List<Expr> compute(Input in, Shift s) {
        List<Expr> out = new ArrayList<>();
        for (Contribution c : nest.contributions().get(in).get(s)) {
            List<Expr> seedIndex = new ArrayList<>();
            for (int level : c.output().levels()) {
                seedIndex.add(new VarRef(nest.counters().get(level)));
            }
            Expr seed = new ArrayRef(c.output().adjoint(), seedIndex);
            out.add(Exprs.mul(shifted(c.partial(), s), shifted(seed, s)));
        }
        return List.copyOf(out);
    }

    /** The write target of a gather of {@code in}: its adjoint at the counters, in its order of dimensions. */
    ArrayRef target(Input in) {
        List<Expr> index = new ArrayList<>();
        for (int level : in.levels()) {
            index.add(new VarRef(nest.counters().get(level)));
        }
        return new ArrayRef(in.adjoint(), index);
    }

    private Expr shifted(Expr e, Shift s) {
        Map<Variable, Expr> map = new LinkedHashMap<>();
        for (int k = 0; k < s.depth(); k++) {
            if (s.at(k) != 0) {
                Variable c = nest.counters().get(k);
                map.put(c, Exprs.sub(new VarRef(c), Exprs.integer(s.at(k))));
            }
        }
        return Simplifier.simplify(ExprUtil.substitute(e, map));
    }
}
