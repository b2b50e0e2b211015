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
import org.paradjoint.core.ir.OmpParallelFor;
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

    /**
     * {@code base = reserve(count)}, then a parallel nest (over the first dimension) that puts
     * every element of {@code v} at {@code base} plus its place in storage order: a save of a
     * whole array that runs as parallel as the loop it is made for.
     */
    static List<Stmt> putAll(Variable v, Variable tape, Variable base, List<Variable> counters) {
        Stmt s = Runtime.put(tape, Exprs.add(new VarRef(base), place(v, counters)), element(v, counters));
        return List.of(Runtime.reserve(tape, base, count(v)), nest(v, counters, s));
    }

    /** The same block read back: {@code base = release(count)}, then each element from its place. */
    static List<Stmt> getAll(Variable v, Variable tape, Variable base, List<Variable> counters) {
        Stmt s = Runtime.get(tape, element(v, counters), Exprs.add(new VarRef(base), place(v, counters)));
        return List.of(Runtime.release(tape, base, count(v)), nest(v, counters, s));
    }

    private static Stmt nest(Variable v, List<Variable> counters, Stmt s) {
        for (int k = v.rank() - 1; k >= 0; k--) {
            Dim d = v.dims().get(k);
            OmpParallelFor omp = k == 0 ? OmpParallelFor.plain().withPrivates(List.copyOf(counters.subList(1,
                    v.rank()))) : null;
            s = new For(counters.get(k), d.lower(), Binary.Op.LT, Exprs.add(d.lower(), d.extent()), new IntLit(1),
                    Block.of(s), omp, List.of(), v.range());
        }
        return s;
    }

    /** The number of elements of {@code v}. */
    static Expr count(Variable v) {
        Expr n = v.dims().get(0).extent();
        for (int k = 1; k < v.rank(); k++) {
            n = Exprs.mul(n, v.dims().get(k).extent());
        }
        return n;
    }

    /** The place of {@code v[k0][k1]...} in storage order, from 0. */
    private static Expr place(Variable v, List<Variable> counters) {
        return placeOf(v, counters.subList(0, v.rank()).stream().map(c -> (Expr) new VarRef(c)).toList());
    }

    /** The place of element {@code v[indices]} in storage order, from 0 (where {@link #putAll} puts it). */
    static Expr placeOf(Variable v, List<Expr> indices) {
        Expr at = Exprs.sub(indices.get(0), v.dims().get(0).lower());
        for (int k = 1; k < v.rank(); k++) {
            Dim d = v.dims().get(k);
            at = Exprs.add(Exprs.mul(at, d.extent()), Exprs.sub(indices.get(k), d.lower()));
        }
        return at;
    }

    private static ArrayRef element(Variable v, List<Variable> counters) {
        return new ArrayRef(v, counters.subList(0, v.rank()).stream().map(c -> (Expr) new VarRef(c)).toList());
    }
}
