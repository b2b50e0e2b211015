package org.paradjoint.core.transform;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.expr.Exprs;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.Dim;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.OmpParallelFor;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * An independent array the function overwrites without naming it a dependent. Its adjoint
 * parameter must be incremented, as every independent's is; but reverse mode propagates an
 * overwritten array's adjoint in place, from the seed of its final value to the derivative with
 * respect to its initial one. So the array is differentiated as a dependent with a zero seed,
 * into a local adjoint array that starts at zero, and the parameter's adjoint is incremented by
 * that local at the end. The local has the array's extents, which must be known at run time: a
 * Kokkos View's are asked of it (the local is a View, zero-filled when it is made,
 * {@link Variable.Kind#ZEROED_LOCAL}); a C array's are its declared extents, over parameters the
 * function does not assign (the local is on the heap, {@link Variable.Kind#HEAP_LOCAL}, since it
 * is as large as the argument). Arrays without known extents (a pointer parameter,
 * Fortran arrays) must be listed among the dependents as well (and the error says so). Where the
 * adjoint only increments xb but for one in-place scaling, the increments go to the parameter
 * directly and no local is made ({@link ScaledIncrements}).
 */
final class OverwrittenIndependents {

    private OverwrittenIndependents() {
    }

    /**
     * True when a local adjoint of {@code x} can be made: all its extents can be asked at run time,
     * or are C extents over variables that {@code written} does not contain.
     */
    static boolean canCopy(Variable x, java.util.Set<Variable> written) {
        return x.hasRuntimeShape() || x.layout() == org.paradjoint.core.ir.Layout.ROW_MAJOR && x.dims().stream()
                .allMatch(d -> d.extentKnown() && org.paradjoint.core.expr.ExprUtil.variables(d.extent()).stream()
                        .allMatch(v -> v.isScalar() && v.type().isInteger() && !written.contains(v)));
    }

    /**
     * {@code adjoint} with the adjoints {@code adjointOf} (array to its adjoint parameter)
     * accumulated through locals, and {@code comment} (which names the user's dependents only).
     */
    static Function throughLocals(Function adjoint, Map<Variable, Variable> adjointOf, Names names, String comment) {
        Map<Variable, Variable> local = new LinkedHashMap<>();
        List<Variable> locals = new ArrayList<>(adjoint.locals());
        List<Stmt> after = new ArrayList<>();
        List<Stmt> stmts = adjoint.body().stmts();
        for (Map.Entry<Variable, Variable> e : adjointOf.entrySet()) {
            Variable x = e.getKey();
            Variable xb = e.getValue();
            Optional<List<Stmt>> direct = ScaledIncrements.fold(stmts, xb);
            if (direct.isPresent()) {
                stmts = direct.get();
                continue;
            }
            Variable w = xb.withName(names.fresh(xb.name() + "_w"));
            if (x.hasRuntimeShape()) {
                List<Dim> dims = new ArrayList<>();
                for (int d = 0; d < x.rank(); d++) {
                    dims.add(Dim.c(extent(x, d)));
                }
                // starts at zero as it is declared (a View is zero-filled when it is made): no loop to clear it
                w = w.withKind(Variable.Kind.ZEROED_LOCAL).withDims(dims);
            } else {
                // zero-filled on the heap, released when the function ends
                w = w.withKind(Variable.Kind.HEAP_LOCAL).withDims(x.dims());
            }
            local.put(xb, w);
            locals.add(w);
            List<Variable> counters = new ArrayList<>();
            for (int d = 0; d < x.rank(); d++) {
                Variable c = Variable.scalar(names.fresh("pa_" + "ijk".charAt(d)), BaseType.INT, Variable.Kind.LOCAL);
                counters.add(c);
                locals.add(c);
            }
            List<Expr> at = counters.stream().map(c -> (Expr) new VarRef(c)).toList();
            after.add(nest(x, counters, new Assign(new ArrayRef(xb, at), Assign.Op.ADD, new ArrayRef(w, at))));
        }
        List<Stmt> body = new ArrayList<>(((Block) StmtUtil.rename(new Block(stmts), local)).stmts());
        body.addAll(after);
        return new Function(adjoint.name(), adjoint.returnType(), adjoint.params(), locals,
                new Block(body, adjoint.body().range()), adjoint.pragmas(), adjoint.linkage(), comment,
                adjoint.range(), adjoint.unusedParams(), adjoint.returnKind());
    }

    /** Extent {@code d} of {@code x}: asked of a View at run time, a C array's as declared. */
    private static Expr extent(Variable x, int d) {
        return x.hasRuntimeShape() ? Call.extent(x, d, SourceRange.NONE) : x.dims().get(d).extent();
    }

    /** A parallel loop nest over the extents of {@code x} around {@code s}: every iteration its own element. */
    private static For nest(Variable x, List<Variable> counters, Stmt s) {
        List<Expr> zeros = new ArrayList<>();
        List<Expr> extents = new ArrayList<>();
        for (int d = 0; d < counters.size(); d++) {
            zeros.add(Exprs.integer(0));
            extents.add(extent(x, d));
        }
        return For.parallelNest(counters, zeros, extents, new Block(List.of(s)), OmpParallelFor.plain(),
                SourceRange.NONE);
    }
}
