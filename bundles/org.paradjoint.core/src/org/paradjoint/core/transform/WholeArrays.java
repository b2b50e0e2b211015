package org.paradjoint.core.transform;

import java.util.List;
import java.util.function.Function;

import org.paradjoint.core.expr.Exprs;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Dim;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.LValue;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * Loop nests over every element of an array of known extents: one that pushes each element on a
 * tape in storage order, and one that pops them back in the opposite order (a stack restores
 * what it saved only when read backwards).
 */
final class WholeArrays {

    private WholeArrays() {
    }

    /** {@code for k0 ... for k1 ... push(v[k0][k1])}; {@code counters} holds one int per dimension. */
    static Stmt pushAll(Variable v, Function<LValue, Stmt> push, List<Variable> counters) {
        Stmt s = push.apply(element(v, counters));
        for (int k = v.rank() - 1; k >= 0; k--) {
            Dim d = v.dims().get(k);
            s = new For(counters.get(k), d.lower(), Binary.Op.LT, Exprs.add(d.lower(), d.extent()), new IntLit(1),
                    Block.of(s), null, List.of(), v.range());
        }
        return s;
    }

    /** The same nest backwards: {@code v[k0][k1] = pop()} from the last element to the first. */
    static Stmt popAll(Variable v, Function<LValue, Stmt> pop, List<Variable> counters) {
        Stmt s = pop.apply(element(v, counters));
        for (int k = v.rank() - 1; k >= 0; k--) {
            Dim d = v.dims().get(k);
            Expr last = Exprs.sub(Exprs.add(d.lower(), d.extent()), new IntLit(1));
            s = new For(counters.get(k), last, Binary.Op.GE, d.lower(), new IntLit(-1), Block.of(s), null, List.of(),
                    v.range());
        }
        return s;
    }

    private static ArrayRef element(Variable v, List<Variable> counters) {
        return new ArrayRef(v, counters.subList(0, v.rank()).stream().map(c -> (Expr) new VarRef(c)).toList());
    }
}
