package org.paradjoint.fortran.internal;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.Dim;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * Calls between procedures of the file, checked against what the inliner does with them. The
 * inliner maps an array dummy onto the actual array, subscript for subscript: that is Fortran's
 * meaning only when both have the same lower bounds and the same extents but the last. It copies
 * scalar arguments in: Fortran passes them by reference, so a callee that assigns a scalar dummy
 * would return a value the inlined copy loses. Both cases are located errors.
 */
final class CallChecks {
    private final Reporter reporter;

    CallChecks(Reporter reporter) {
        this.reporter = reporter;
    }

    void check(List<Function> functions) {
        Map<String, Function> byName = new HashMap<>();
        functions.forEach(f -> byName.put(f.name(), f));
        for (Function f : functions) {
            for (Call c : StmtUtil.calls(f.body())) {
                Function g = byName.get(c.name());
                if (g != null && g.params().size() == c.args().size()) {
                    call(c, g);
                }
            }
        }
    }

    private void call(Call c, Function g) {
        Set<Variable> written = StmtUtil.writes(g.body());
        Map<Variable, Expr> scalars = new HashMap<>();
        for (int k = 0; k < g.params().size(); k++) {
            Variable p = g.params().get(k);
            if (p.isScalar() && !(c.args().get(k) instanceof VarRef r && r.var().isArray())) {
                scalars.put(p, c.args().get(k));
            }
        }
        for (int k = 0; k < g.params().size(); k++) {
            Variable p = g.params().get(k);
            Expr a = c.args().get(k);
            if (p.isScalar()) {
                if (a instanceof VarRef r && r.var().isArray()) {
                    error(c, "unsupported-call.scalar-gets-array", k, g);
                } else if (written.contains(p)) {
                    error(c, "unsupported-call.scalar-assigned", k, g);
                }
                continue;
            }
            if (!(a instanceof VarRef r) || !r.var().isArray() || r.var().rank() != p.rank()) {
                error(c, "unsupported-call.not-whole-array", k, g, "rank", p.rank());
                continue;
            }
            Variable v = r.var();
            if (v.type() != p.type()) {
                error(c, "unsupported-call.type", k, g, "type", p.type().cName(), "array", v.name(), "actual",
                        v.type().cName());
                continue;
            }
            for (int d = 0; d < p.rank(); d++) {
                Dim pd = p.dims().get(d);
                Dim ad = v.dims().get(d);
                Expr pl = ExprUtil.substitute(pd.lower(), scalars);
                boolean lowerOk = pl.equals(ad.lower());
                boolean extentOk = d == p.rank() - 1 || pd.extent() == null && ad.extent() == null
                        || pd.extent() != null && ad.extent() != null
                                && ExprUtil.substitute(pd.extent(), scalars).equals(ad.extent());
                if (!lowerOk || !extentOk) {
                    error(c, lowerOk ? "unsupported-call.extent" : "unsupported-call.lower-bound", k, g, "dimension",
                            d + 1, "array", v.name());
                    break;
                }
            }
        }
    }

    /** Catalogue error {@code id} about argument {@code k} of call {@code c} of {@code g}. */
    private void error(Call c, String id, int k, Function g, Object... more) {
        Object[] args = Arrays.copyOf(new Object[] {"call", c.name(), "argument", k + 1, "callee", g.name(), "dummy",
                g.params().get(k).name()}, 8 + more.length);
        System.arraycopy(more, 0, args, 8, more.length);
        reporter.error(id, c.range(), args);
    }
}
