package org.paradjoint.core.transform;

import java.util.ArrayList;
import java.util.List;

import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Dim;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.RealLit;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.expr.Exprs;

/** Statements that set a derivative variable (scalar or local array of known extents) to zero. */
final class Zeroing {

    private Zeroing() {
    }

    static List<Stmt> zero(Variable d, Names names, List<Variable> counters) {
        if (d.isScalar()) {
            return List.of(Assign.set(new VarRef(d), new RealLit(0.0)));
        }
        List<Variable> idx = new ArrayList<>();
        for (int k = 0; k < d.rank(); k++) {
            Dim dim = d.dims().get(k);
            if (!dim.extentKnown()) {
                throw new UnsupportedException("unsupported-local-array", d.range(), "array", d.name());
            }
            if (k >= counters.size() || idx.contains(counters.get(k))) {
                counters.add(Variable.scalar(names.fresh("pa_k" + k), BaseType.INT, Variable.Kind.LOCAL));
            }
            idx.add(counters.get(k));
        }
        List<Expr> indices = idx.stream().map(v -> (Expr) new VarRef(v)).toList();
        Stmt s = Assign.set(new ArrayRef(d, indices), new RealLit(0.0));
        for (int k = d.rank() - 1; k >= 0; k--) {
            Dim dim = d.dims().get(k);
            Expr lo = dim.lower();
            Expr hi = Exprs.add(lo, dim.extent());
            s = new For(idx.get(k), lo, Binary.Op.LT, hi, new IntLit(1), Block.of(s), null, List.of(),
                    d.range());
        }
        return List.of(s);
    }
}
